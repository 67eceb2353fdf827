//! `order`'s WebAssembly sort (`shared_sort_by`, the one every bundle runs) sorts exactly like
//! the standard library's stable sort; natively `order::sort_by` *is* the standard library's.
//! And Java's TimSort, which sorts queues whose `compareTo` overflows, never panics.

use proptest::prelude::*;
use rebalance_core::message_queue::{java_cmp, rebalance_mq_all, sort_queues};
use rebalance_core::order;
use rebalance_core::MessageQueue;

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, failure_persistence: None, ..ProptestConfig::default() })]

    /// Keys with many ties: the second field shows that equal keys keep their order.
    #[test]
    fn sort_by_key_equals_std(items in prop::collection::vec((0u8..6, any::<u16>()), 0..300)) {
        let mut expected = items.clone();
        expected.sort_by_key(|p| p.0);
        let mut got = items;
        order::shared_sort_by(&mut got, |a, b| a.0.cmp(&b.0));
        prop_assert_eq!(got, expected);
    }

    /// Java string order on client ids, as RebalanceImpl sorts cidAll.
    #[test]
    fn sort_by_equals_std(items in prop::collection::vec("[0-9.@a-c]{0,6}", 0..100)) {
        let mut expected = items.clone();
        expected.sort_by(|a, b| java_cmp(a, b));
        let mut got = items;
        order::shared_sort_by(&mut got, |a, b| java_cmp(a, b));
        prop_assert_eq!(got, expected);
    }

    #[test]
    fn sort_equals_std(items in prop::collection::vec(any::<i32>(), 0..300)) {
        let mut expected = items.clone();
        expected.sort();
        let mut got = items;
        order::shared_sort_by(&mut got, i32::cmp);
        prop_assert_eq!(got, expected);
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
