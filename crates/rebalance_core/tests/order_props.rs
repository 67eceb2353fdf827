//! `order`'s WebAssembly sort (`shared_sort_by`, the one every bundle runs) sorts exactly like
//! the standard library's stable sort; natively `order::sort_by` *is* the standard library's.

use proptest::prelude::*;
use rebalance_core::message_queue::java_cmp;
use rebalance_core::order;

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
