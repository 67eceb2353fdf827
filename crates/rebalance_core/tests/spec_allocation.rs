//! SPEC sections 4 and 7: the allocation examples the site must reproduce to the queue.

use rebalance_core::allocate::Strategy;
use rebalance_core::assignment::{assign, moves, GroupAssignment, MessageModel};
use rebalance_core::MessageQueue;

fn queues(m: i32) -> Vec<MessageQueue> {
    (0..m).map(|q| MessageQueue::new("TopicTest", "broker-a", q)).collect()
}

fn cids(n: usize) -> Vec<String> {
    // C0..C9 sort in Java order as numbered (single-digit suffix after a common prefix).
    (0..n).map(|i| format!("192.168.0.1@C{i}")).collect()
}

fn group(strategy: Strategy, m: i32, n: usize) -> GroupAssignment {
    assign(&MessageModel::Clustering(strategy), &queues(m), &cids(n)).expect("valid")
}

/// Member `i`'s queue ids.
fn ids(g: &GroupAssignment) -> Vec<Vec<i32>> {
    (0..g.members.len()).map(|m| g.member_queues(m).iter().map(|q| q.queue_id).collect()).collect()
}

#[test]
fn averagely_eight_queues_three_then_four_consumers() {
    let three = group(Strategy::Averagely, 8, 3);
    assert_eq!(ids(&three), vec![vec![0, 1, 2], vec![3, 4, 5], vec![6, 7]]);
    let four = group(Strategy::Averagely, 8, 4);
    assert_eq!(ids(&four), vec![vec![0, 1], vec![2, 3], vec![4, 5], vec![6, 7]]);
    let diff = moves(&three, &four);
    // All three old consumers change queues.
    for old in &cids(3) {
        let change = diff.changes.get(old).expect("every old consumer changes");
        assert!(!change.lost.is_empty(), "{old} loses queues");
    }
    assert_eq!(diff.joined, vec![cids(4)[3].clone()]);
    // Q2 goes C0→C1, Q4 and Q5 go C1→C2, Q6 and Q7 go C2→C3; only Q0, Q1 and Q3 stay.
    let moved: Vec<i32> = diff.moved.iter().map(|m| m.mq.queue_id).collect();
    assert_eq!(moved, vec![2, 4, 5, 6, 7]);
}

#[test]
fn by_circle_eight_queues_three_consumers_differs_from_averagely() {
    let circle = group(Strategy::AveragelyByCircle, 8, 3);
    assert_eq!(ids(&circle), vec![vec![0, 3, 6], vec![1, 4, 7], vec![2, 5]]);
    // Seed 001 claims the result equals Averagely's: only the counts do.
    let avg = group(Strategy::Averagely, 8, 3);
    assert_eq!(circle.loads(), avg.loads());
    assert_ne!(ids(&circle), ids(&avg));
}

#[test]
fn scale_out_three_to_ten_consumers_on_eight_queues() {
    // (consumers, queues per consumer, active, idle) — SPEC section 7.
    let table: [(usize, &[usize], usize, usize); 8] = [
        (3, &[3, 3, 2], 3, 0),
        (4, &[2, 2, 2, 2], 4, 0),
        (5, &[2, 2, 2, 1, 1], 5, 0),
        (6, &[2, 2, 1, 1, 1, 1], 6, 0),
        (7, &[2, 1, 1, 1, 1, 1, 1], 7, 0),
        (8, &[1, 1, 1, 1, 1, 1, 1, 1], 8, 0),
        (9, &[1, 1, 1, 1, 1, 1, 1, 1, 0], 8, 1),
        (10, &[1, 1, 1, 1, 1, 1, 1, 1, 0, 0], 8, 2),
    ];
    for (n, loads, active, idle) in table {
        let g = group(Strategy::Averagely, 8, n);
        assert_eq!(g.loads(), loads, "{n} consumers");
        assert_eq!(g.active_members(), active, "{n} consumers");
        assert_eq!(g.idle_members().len(), idle, "{n} consumers");
    }
    // A rolling deploy briefly running 3 old + 10 new instances: 13 members, 8 owners.
    let mut members = cids(3);
    members.extend((0..10).map(|i| format!("192.168.1.{i}@new")));
    let g = assign(&MessageModel::Clustering(Strategy::Averagely), &queues(8), &members).expect("valid");
    assert_eq!((g.members.len(), g.active_members(), g.idle_members().len()), (13, 8, 5));
}

/// A join moves queues only to the joiner under CONSISTENT_HASH, and here fewer than AVG; but
/// some leave of a group of 8–16 queues moves more than AVG: fewer moves is an average,
/// never a rule.
#[test]
fn consistent_hash_moves_fewer_than_averagely_on_this_join_but_more_on_some_leave() {
    let ch = || Strategy::ConsistentHash { virtual_nodes: 10 };
    let count = |strategy: fn() -> Strategy, from: usize, to: usize| {
        moves(&group(strategy(), 8, from), &group(strategy(), 8, to)).moved.len()
    };
    let (ch_join, avg_join) = (count(ch, 3, 4), count(|| Strategy::Averagely, 3, 4));
    assert_eq!((ch_join, avg_join), (1, 5));
    // One member leaves a group of `n`: under CONSISTENT_HASH its queues go to its ring
    // neighbours, which for some leaver moves more queues than AVG's shifted blocks.
    let leave = |strategy: Strategy, m: i32, n: usize, gone: usize| {
        let before = cids(n);
        let after: Vec<String> =
            before.iter().enumerate().filter(|&(i, _)| i != gone).map(|(_, c)| c.clone()).collect();
        let model = MessageModel::Clustering(strategy);
        let (before, after) = (assign(&model, &queues(m), &before), assign(&model, &queues(m), &after));
        moves(&before.expect("valid"), &after.expect("valid")).moved.len()
    };
    let worse: Vec<(i32, usize, usize)> = (8..=16)
        .flat_map(|m| (3..=6).flat_map(move |n| (0..n).map(move |gone| (m, n, gone))))
        .filter(|&(m, n, gone)| leave(ch(), m, n, gone) > leave(Strategy::Averagely, m, n, gone))
        .collect();
    assert!(!worse.is_empty(), "no leave moved more under CONSISTENT_HASH than AVG");
    // Only the joining consumer gains under CONSISTENT_HASH: queues move to it, not around.
    let diff = moves(&group(ch(), 8, 3), &group(ch(), 8, 4));
    for mv in &diff.moved {
        assert_eq!(*mv.to, vec![cids(4)[3].clone()]);
    }
}

#[test]
fn config_keeps_a_dead_consumers_queues_orphaned() {
    let mine: Vec<MessageQueue> = queues(8).into_iter().take(4).collect();
    let before = assign(&MessageModel::Clustering(Strategy::Config { queues: mine.clone() }), &queues(8), &cids(1))
        .expect("valid");
    // The only member is killed: its queues are owned by nobody until the config changes.
    let after = assign(&MessageModel::Clustering(Strategy::Config { queues: mine }), &queues(8), &[]).expect("valid");
    let diff = moves(&before, &after);
    assert_eq!(diff.moved.len(), 4);
    assert_eq!(diff.unassigned.len(), 8);
    assert!(diff.moved.iter().all(|m| m.to.is_empty()));
}

/// `AllocateMessageQueueByConfig.allocate` returns `messageQueueList` itself: queues outside
/// `mqAll` stay where they were configured, for every member, as one list they share.
#[test]
fn config_returns_the_configured_list_as_given_to_every_member() {
    let b0 = MessageQueue::new("TopicTest", "b", 0);
    let x9 = MessageQueue::new("TopicTest", "x", 9);
    let config = vec![x9.clone(), b0.clone()];
    let g =
        assign(&MessageModel::Clustering(Strategy::Config { queues: config.clone() }), &[b0], &cids(3)).expect("valid");
    for m in 0..3 {
        assert_eq!(g.member_queues(m), config, "member {m}");
        assert_eq!(g.member_queue_iter(m).collect::<Vec<_>>(), config.iter().collect::<Vec<_>>());
        assert_eq!(*g.members[m].queues, vec![0], "b/0 is held");
        assert_eq!(*g.members[m].outside, vec![x9.clone()]);
    }
    assert_eq!(*g.owners[0], vec![0, 1, 2]);
    assert_eq!(g.owners.len(), 1);
    assert!(std::rc::Rc::ptr_eq(&g.members[0].queues, &g.members[2].queues));
    let (first, last) = (g.members[0].returned.as_ref(), g.members[2].returned.as_ref());
    assert!(first.zip(last).is_some_and(|(a, b)| std::rc::Rc::ptr_eq(a, b)), "one list for the group");
}

#[test]
fn broadcasting_gives_everybody_everything() {
    let g = assign(&MessageModel::Broadcasting, &queues(4), &cids(3)).expect("valid");
    assert_eq!(g.strategy_name, "BROADCASTING");
    assert_eq!(g.loads(), vec![4, 4, 4]);
    assert_eq!(g.overlapping().len(), 4);
    // One list of everybody, shared by every queue (not one per queue).
    assert!(g.owners.iter().all(|o| std::rc::Rc::ptr_eq(o, &g.owners[0]) && **o == [0, 1, 2]));
}

#[test]
fn zero_consumers_leaves_every_queue_unassigned() {
    let g = assign(&MessageModel::Clustering(Strategy::Averagely), &queues(8), &[]).expect("valid");
    assert!(g.members.is_empty());
    assert_eq!(g.unassigned().len(), 8);
}
