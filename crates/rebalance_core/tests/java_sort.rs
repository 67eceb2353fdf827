//! `MessageQueue.compareTo` overflows (`this.queueId - o.queueId` in Java `int`), so with ids
//! more than `i32::MAX` apart it is not an order, and `Collections.sort(mqAll)` gives what
//! Java's TimSort happens to do, or throws. `data/java-sort.jsonl` holds real Java results
//! (see data/GOLDEN.md): every line must reproduce, through `rebalance_mq_all`,
//! `sort_queues` and `assign`.

use std::cmp::Ordering;

use proptest::prelude::*;
use rebalance_core::allocate::{allocate, Strategy};
use rebalance_core::assignment::{assign, MessageModel};
use rebalance_core::message_queue::{java_compare, rebalance_mq_all, sort_queues};
use rebalance_core::{Error, MessageQueue};
use serde::Deserialize;

const VECTORS: &str = include_str!("data/java-sort.jsonl");

#[derive(Deserialize)]
struct Line {
    queues: Vec<(String, String, i32)>,
    sorted: Option<Vec<(String, String, i32)>>,
    error: Option<String>,
}

fn mqs(list: &[(String, String, i32)]) -> Vec<MessageQueue> {
    list.iter().map(|(t, b, q)| MessageQueue::new(t.as_str(), b.as_str(), *q)).collect()
}

fn lines() -> Vec<Line> {
    VECTORS.lines().map(|l| serde_json::from_str(l).expect("a vector")).collect()
}

#[test]
fn compare_to_subtracts_like_java_int() {
    let q = |id| MessageQueue::new("T", "b", id);
    assert_eq!(java_compare(&q(i32::MIN), &q(1)), Ordering::Greater, "MIN - 1 wraps to MAX");
    assert_eq!(java_compare(&q(1), &q(i32::MIN)), Ordering::Less);
    // 0 - MIN and MIN - 0 are both MIN: each is less than the other.
    assert_eq!(java_compare(&q(0), &q(i32::MIN)), Ordering::Less);
    assert_eq!(java_compare(&q(i32::MIN), &q(0)), Ordering::Less);
    assert_eq!(java_compare(&q(i32::MAX), &q(-1)), Ordering::Less);
    assert_eq!(java_compare(&q(5), &q(7)), Ordering::Less);
    // Topic and broker still come first.
    assert_eq!(java_compare(&MessageQueue::new("T", "a", i32::MAX), &q(i32::MIN)), Ordering::Less);
}

#[test]
fn java_sort_vectors_reproduce() {
    let (mut sorted, mut errors, mut unlike_ord, mut long) = (0, 0, 0, 0);
    for (n, line) in lines().iter().enumerate() {
        let queues = mqs(&line.queues);
        let got = rebalance_mq_all(&queues);
        match (&line.sorted, &line.error) {
            (Some(expected), None) => {
                let expected = mqs(expected);
                assert_eq!(got.as_ref(), Ok(&expected), "line {}", n + 1);
                let mut natural = queues.clone();
                natural.sort();
                unlike_ord += usize::from(natural != expected);
                long += usize::from(expected.len() >= 64);
                // With every queue twice, `sort_queues` puts each copy next to the other.
                let mut doubled: Vec<MessageQueue> = queues.iter().chain(&queues).cloned().collect();
                sort_queues(&mut doubled);
                let pairs: Vec<MessageQueue> = expected.iter().flat_map(|mq| [mq.clone(), mq.clone()]).collect();
                assert_eq!(doubled, pairs, "line {}", n + 1);
                sorted += 1;
            }
            (None, Some(message)) => {
                assert_eq!(got, Err(Error::ComparisonContract), "line {}", n + 1);
                assert_eq!(&Error::ComparisonContract.to_string(), message);
                let mut left = queues.clone();
                sort_queues(&mut left);
                let mut natural = queues;
                natural.sort();
                assert_eq!(left, natural, "line {}: Ord's order when Java throws", n + 1);
                errors += 1;
            }
            _ => panic!("line {}: neither sorted nor error", n + 1),
        }
    }
    // The vectors exercise what they are for: orders Ord does not give, long lists (TimSort's
    // merges), and Java's exception.
    assert!(unlike_ord >= 50, "{unlike_ord} vectors differ from Ord's order");
    assert!(long >= 20, "{long} vectors of 64 queues or more");
    assert!(errors >= 5, "{errors} vectors where Java throws");
    assert!(sorted + errors == VECTORS.lines().count());
}

/// The whole group sorts as RebalanceImpl does: its `mqAll` is Java's, each member's list is
/// `allocate` on it, and where Java's sort throws the group's rebalance fails with it.
#[test]
fn assign_sorts_like_rebalance_impl() {
    let cids: Vec<String> = (0..5).map(|i| format!("10.0.0.{i}@{i}")).collect();
    for (n, line) in lines().iter().enumerate() {
        let queues = mqs(&line.queues);
        for strategy in
            [Strategy::Averagely, Strategy::AveragelyByCircle, Strategy::ConsistentHash { virtual_nodes: 3 }]
        {
            let group = assign(&MessageModel::Clustering(strategy.clone()), &queues, &cids);
            match &line.sorted {
                Some(expected) => {
                    let group = group.expect("Java sorts this list");
                    assert_eq!(group.queues, mqs(expected), "line {}", n + 1);
                    for (m, member) in group.members.iter().enumerate() {
                        let single = allocate(&strategy, "G", &member.cid, &group.queues, &cids).expect("valid");
                        assert_eq!(group.member_queues(m), single.queues, "line {}", n + 1);
                    }
                }
                None => assert_eq!(group, Err(Error::ComparisonContract), "line {}", n + 1),
            }
        }
        // BROADCASTING does not sort (`updateProcessQueueTableInRebalance(topic, mqSet, …)`).
        assert!(assign(&MessageModel::Broadcasting, &queues, &cids).is_ok(), "line {}", n + 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// Java's TimSort, run when `MessageQueue.compareTo` is not an order (ids more than
    /// `i32::MAX` apart), never panics, and when Java would not throw it returns the distinct
    /// queues, each once; `sort_queues` keeps every copy.
    #[test]
    fn java_sort_of_extreme_ids_never_panics(
        items in prop::collection::vec((0u8..3, prop_oneof![any::<i32>(), Just(i32::MIN), Just(i32::MAX), Just(0), -3i32..3]), 0..400),
    ) {
        let queues: Vec<MessageQueue> = items.into_iter().map(|(b, q)| MessageQueue::new("T", format!("b{b}"), q)).collect();
        let mut distinct = queues.clone();
        distinct.sort();
        distinct.dedup();
        if let Ok(mut got) = rebalance_mq_all(&queues) {
            got.sort();
            prop_assert_eq!(got, distinct);
        }
        let mut all = queues.clone();
        sort_queues(&mut all);
        all.sort();
        let mut expected = queues;
        expected.sort();
        prop_assert_eq!(all, expected);
    }
}
