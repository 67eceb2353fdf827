//! Property tests for the allocation strategies and the whole-group assignment.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use proptest::strategy::Strategy as _;
use rebalance_core::allocate::{allocate, MachineRooms, Strategy};
use rebalance_core::assignment::{assign, moves, MessageModel};
use rebalance_core::message_queue::{java_cmp, sort_cids};
use rebalance_core::MessageQueue;

const GROUP: &str = "GID_prop";

fn queue_strategy() -> impl proptest::strategy::Strategy<Value = Vec<MessageQueue>> {
    prop::collection::vec(
        (
            prop::sample::select(vec![
                "broker-a",
                "broker-b",
                "broker-a10",
                "Broker-z",
                "room1-b",
                "room2-b",
                "idc1@x",
                "idc2@y",
            ]),
            0i32..40,
        ),
        1..60,
    )
    .prop_map(|v| v.into_iter().map(|(b, q)| MessageQueue::new("TopicTest", b, q)).collect())
}

fn cid_strategy() -> impl proptest::strategy::Strategy<Value = Vec<String>> {
    prop::collection::vec(
        (prop::sample::select(vec!["room1-", "room2-", "room3-", ""]), 0u8..30, prop::bool::weighted(0.05)),
        1..40,
    )
    .prop_map(|v| {
        v.into_iter()
            .map(
                |(room, host, duplicate)| {
                    if duplicate {
                        format!("{room}10.0.0.1@1")
                    } else {
                        format!("{room}10.0.0.{host}@{host}")
                    }
                },
            )
            .collect()
    })
}

/// A CONFIG `messageQueueList` in any order: picks from `queues` (repeats allowed) and queues
/// that are not in `queues` at all, as RocketMQ accepts any list.
fn config_strategy() -> impl proptest::strategy::Strategy<Value = Vec<(usize, Option<i32>)>> {
    prop::collection::vec((any::<usize>(), prop::option::weighted(0.3, 0i32..50)), 0..10)
}

fn config_list(queues: &[MessageQueue], picks: &[(usize, Option<i32>)]) -> Vec<MessageQueue> {
    picks
        .iter()
        .filter_map(|&(i, outside)| match outside {
            Some(id) => Some(MessageQueue::new("TopicTest", "x", id)),
            None => queues.get(i % queues.len().max(1)).cloned(),
        })
        .collect()
}

/// The first three queues, last first: not in `mqAll`'s order.
fn default_config(queues: &[MessageQueue]) -> Vec<MessageQueue> {
    queues.iter().take(3).rev().cloned().chain([MessageQueue::new("TopicTest", "x", 9)]).collect()
}

fn strategies(queues: &[MessageQueue], cids: &[String], vnodes: u32, config: Vec<MessageQueue>) -> Vec<Strategy> {
    let rooms =
        MachineRooms::from_name_prefix(queues.iter().map(|q| q.broker_name.as_str()), cids.iter().map(String::as_str));
    vec![
        Strategy::Averagely,
        Strategy::AveragelyByCircle,
        Strategy::ConsistentHash { virtual_nodes: vnodes },
        Strategy::MachineRoomNearby { delegate: Box::new(Strategy::Averagely), rooms: rooms.clone() },
        Strategy::MachineRoomNearby {
            delegate: Box::new(Strategy::ConsistentHash { virtual_nodes: vnodes }),
            rooms: rooms.clone(),
        },
        Strategy::MachineRoom { consumer_idcs: ["idc1".to_owned()].into_iter().collect() },
        Strategy::Config { queues: config.clone() },
        Strategy::MachineRoomNearby { delegate: Box::new(Strategy::Config { queues: config }), rooms },
    ]
}

fn sorted(queues: &[MessageQueue], cids: &[String]) -> (Vec<MessageQueue>, Vec<String>) {
    let mut q = queues.to_vec();
    q.sort();
    q.dedup();
    let mut c = cids.to_vec();
    sort_cids(&mut c);
    (q, c)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    /// The group computation equals calling `allocate` once per member, for every strategy
    /// (errors included).
    #[test]
    fn group_equals_per_consumer_calls(queues in queue_strategy(), cids in cid_strategy(), vnodes in 0u32..12, config in config_strategy()) {
        let (mq_all, cid_all) = sorted(&queues, &cids);
        for strategy in strategies(&queues, &cids, vnodes, config_list(&queues, &config)) {
            let group = assign(&MessageModel::Clustering(strategy.clone()), &queues, &cids);
            let first = allocate(&strategy, GROUP, &cid_all[0], &mq_all, &cid_all);
            match group {
                Err(e) => prop_assert_eq!(Err(e), first.map(|_| ())),
                Ok(group) => {
                    prop_assert_eq!(group.members.len(), cid_all.len());
                    for (m, member) in group.members.iter().enumerate() {
                        let single = allocate(&strategy, GROUP, &member.cid, &mq_all, &cid_all).expect("same input, same outcome");
                        prop_assert_eq!(&group.member_queues(m), &single.queues, "{} for {}", strategy.name(), member.cid);
                        prop_assert!(single.log.is_none());
                    }
                }
            }
        }
    }

    /// AVG, AVG_BY_CIRCLE and CONSISTENT_HASH (v > 0) give every queue exactly one distinct
    /// cid when cids are distinct; MACHINE_ROOM only assigns candidates; vnodes = 0 nothing.
    #[test]
    fn partition_and_balance(queues in queue_strategy(), n in 1usize..40, vnodes in 0u32..12) {
        let cids: Vec<String> = (0..n).map(|i| format!("10.0.{}.{}@{}", i % 3, i, i)).collect();
        for strategy in strategies(&queues, &cids, vnodes, default_config(&queues)) {
            let group = match assign(&MessageModel::Clustering(strategy.clone()), &queues, &cids) {
                Ok(group) => group,
                // Brokers named without a room prefix have no machine room: RocketMQ refuses.
                Err(e) => {
                    prop_assert!(matches!(strategy, Strategy::MachineRoomNearby { .. }), "{}: {}", strategy.name(), e);
                    continue;
                }
            };
            let owned: Vec<usize> = group.owners.iter().map(|o| o.len()).collect();
            match &strategy {
                Strategy::Averagely | Strategy::AveragelyByCircle => {
                    prop_assert!(owned.iter().all(|&o| o == 1));
                    let loads = group.loads();
                    let (min, max) = (loads.iter().min().copied().unwrap_or(0), loads.iter().max().copied().unwrap_or(0));
                    prop_assert!(max - min <= 1, "{} loads {:?}", strategy.name(), loads);
                    prop_assert_eq!(group.active_members(), n.min(group.queues.len()));
                }
                Strategy::ConsistentHash { virtual_nodes: 0 } => prop_assert!(owned.iter().all(|&o| o == 0)),
                Strategy::ConsistentHash { .. } => prop_assert!(owned.iter().all(|&o| o == 1)),
                Strategy::MachineRoom { .. } => prop_assert!(owned.iter().all(|&o| o <= 1)),
                _ => {}
            }
        }
    }

    /// Results do not depend on input order: `assign` sorts as RebalanceImpl does.
    #[test]
    fn order_independent(queues in queue_strategy(), cids in cid_strategy(), seed in any::<u64>()) {
        let mut shuffled_q = queues.clone();
        let mut shuffled_c = cids.clone();
        let k = (seed % 7) as usize + 1;
        shuffled_q.reverse();
        let len = shuffled_q.len().max(1);
        shuffled_q.rotate_left(k % len);
        shuffled_c.reverse();
        let len = shuffled_c.len().max(1);
        shuffled_c.rotate_left(k % len);
        for strategy in strategies(&queues, &cids, 10, default_config(&queues)) {
            let model = MessageModel::Clustering(strategy);
            prop_assert_eq!(assign(&model, &queues, &cids), assign(&model, &shuffled_q, &shuffled_c));
        }
    }

    /// No input panics, however odd: empty lists, empty cids, unicode, any vnode count.
    #[test]
    fn no_panic(queues in prop::collection::vec(("\\PC{0,6}", "\\PC{0,6}", any::<i32>()), 0..12),
                cids in prop::collection::vec("\\PC{0,8}", 0..8), current in "\\PC{0,8}", vnodes in any::<i64>()) {
        let queues: Vec<MessageQueue> = queues.into_iter().map(|(t, b, q)| MessageQueue::new(t, b, q)).collect();
        let _ = Strategy::consistent_hash(vnodes);
        let idcs: BTreeSet<String> = cids.iter().cloned().collect();
        let rooms = MachineRooms::from_name_prefix(queues.iter().map(|q| q.broker_name.as_str()), cids.iter().map(String::as_str));
        for strategy in [
            Strategy::Averagely,
            Strategy::AveragelyByCircle,
            Strategy::ConsistentHash { virtual_nodes: (vnodes.unsigned_abs() % 50) as u32 },
            Strategy::MachineRoomNearby { delegate: Box::new(Strategy::AveragelyByCircle), rooms },
            Strategy::MachineRoom { consumer_idcs: idcs },
            Strategy::Config { queues: queues.clone() },
        ] {
            let _ = allocate(&strategy, GROUP, &current, &queues, &cids);
            if let Ok(a) = assign(&MessageModel::Clustering(strategy), &queues, &cids) {
                let _ = moves(&a, &a);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    /// MACHINE_ROOM_NEARBY with every room known (rooms with and without consumers, consumers
    /// in rooms without brokers): the group view equals the per-consumer calls.
    #[test]
    fn nearby_group_equals_per_consumer_calls(
        queues in prop::collection::vec((0u8..4, 0u8..2, 0i32..6), 1..30),
        cids in prop::collection::vec((0u8..5, 0u8..20), 1..12),
        delegate in 0usize..4,
        config in config_strategy(),
    ) {
        let queues: Vec<MessageQueue> = queues.into_iter().map(|(r, b, q)| MessageQueue::new("T", format!("room{r}-broker-{b}"), q)).collect();
        let cids: Vec<String> = cids.into_iter().map(|(r, h)| format!("room{r}-192.168.{r}.{h}@{h}")).collect();
        let rooms = MachineRooms::from_name_prefix(queues.iter().map(|q| q.broker_name.as_str()), cids.iter().map(String::as_str));
        let config = Strategy::Config { queues: config_list(&queues, &config) };
        let delegates = [Strategy::Averagely, Strategy::AveragelyByCircle, Strategy::ConsistentHash { virtual_nodes: 10 }, config];
        let delegate = delegates[delegate].clone();
        let serves_all = !matches!(delegate, Strategy::Config { .. });
        let strategy = Strategy::MachineRoomNearby { delegate: Box::new(delegate), rooms };
        let (mq_all, cid_all) = sorted(&queues, &cids);
        let group = assign(&MessageModel::Clustering(strategy.clone()), &queues, &cids).expect("every room known");
        for (m, member) in group.members.iter().enumerate() {
            let single = allocate(&strategy, GROUP, &member.cid, &mq_all, &cid_all).expect("every room known");
            prop_assert_eq!(group.member_queues(m), single.queues);
        }
        // With distinct cids every queue is served (rooms without consumers are shared by
        // everybody); a duplicated cid leaves its second AVG slot unserved, as in RocketMQ.
        if serves_all && cid_all.windows(2).all(|w| w[0] != w[1]) {
            prop_assert!(group.owners.iter().all(|o| !o.is_empty()));
        }
    }
}

/// Each queue's distinct owners, as the definition of `moves` reads them.
fn owner_sets(a: &rebalance_core::assignment::GroupAssignment) -> BTreeMap<MessageQueue, BTreeSet<String>> {
    (0..a.queues.len())
        .map(|q| (a.queues[q].clone(), a.owners[q].iter().map(|&m| a.members[m].cid.clone()).collect()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// `moves` equals its definition, computed the slow and obvious way from each queue's
    /// owner set: moved = owner set differs; a cid gains (loses) a queue when it is in the
    /// new (old) set only, listed old queues first, then added ones, each in queue order.
    #[test]
    fn moves_match_their_definition(
        queues_before in queue_strategy(),
        queues_after in queue_strategy(),
        before in cid_strategy(),
        after in cid_strategy(),
        which in 0usize..9,
        same_queues in any::<bool>(),
    ) {
        // Often only the consumers change (the slider): `moves` pairs the queues by index then.
        let queues_after = if same_queues { queues_before.clone() } else { queues_after };
        let model = |queues: &[MessageQueue], cids: &[String]| match strategies(queues, cids, 10, default_config(queues)).get(which) {
            Some(strategy) => MessageModel::Clustering(strategy.clone()),
            None => MessageModel::Broadcasting,
        };
        let (Ok(a), Ok(b)) = (
            assign(&model(&queues_before, &before), &queues_before, &before),
            assign(&model(&queues_after, &after), &queues_after, &after),
        ) else {
            return Ok(());
        };
        let diff = moves(&a, &b);
        let (old, new) = (owner_sets(&a), owner_sets(&b));
        let moved: Vec<&MessageQueue> = new.iter().filter(|(mq, to)| old.get(*mq).is_some_and(|from| from != *to)).map(|(mq, _)| mq).collect();
        prop_assert_eq!(diff.moved.iter().map(|m| &m.mq).collect::<Vec<_>>(), moved);
        for m in &diff.moved {
            prop_assert_eq!(m.from.iter().cloned().collect::<BTreeSet<_>>(), old[&m.mq].clone());
            prop_assert_eq!(m.to.iter().cloned().collect::<BTreeSet<_>>(), new[&m.mq].clone());
        }
        prop_assert_eq!(diff.added_queues.iter().collect::<Vec<_>>(), new.keys().filter(|mq| !old.contains_key(*mq)).collect::<Vec<_>>());
        prop_assert_eq!(diff.removed_queues.iter().collect::<Vec<_>>(), old.keys().filter(|mq| !new.contains_key(*mq)).collect::<Vec<_>>());
        let empty = BTreeSet::new();
        let order: Vec<&MessageQueue> = old.keys().chain(new.keys().filter(|mq| !old.contains_key(*mq))).collect();
        let cids: BTreeSet<&String> = old.values().chain(new.values()).flatten().collect();
        for cid in cids {
            let list = |gained: bool| -> Vec<MessageQueue> {
                order.iter().filter(|mq| {
                    let (from, to) = (old.get(**mq).unwrap_or(&empty), new.get(**mq).unwrap_or(&empty));
                    if gained { to.contains(cid) && !from.contains(cid) } else { from.contains(cid) && !to.contains(cid) }
                }).map(|mq| (*mq).clone()).collect()
            };
            let (gained, lost) = (list(true), list(false));
            match diff.changes.get(cid) {
                Some(change) => {
                    prop_assert_eq!(&change.gained, &gained);
                    prop_assert_eq!(&change.lost, &lost);
                }
                None => prop_assert!(gained.is_empty() && lost.is_empty(), "{} changed but is not listed", cid),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    /// `owner_cids` gives each queue's distinct owners in Java order, for the assignments
    /// `assign` makes (members in cidAll's sorted order) and for one whose members are not in
    /// that order (rotated by hand: the shortcut for already sorted owners must not apply).
    #[test]
    fn owner_cids_are_the_distinct_owners_in_java_order(
        queues in queue_strategy(),
        cids in cid_strategy(),
        rotate in 0usize..8,
    ) {
        let Ok(mut group) = assign(&MessageModel::Broadcasting, &queues, &cids) else { return Ok(()) };
        let expected = |group: &rebalance_core::assignment::GroupAssignment, q: usize| {
            let mut cids: Vec<String> = group.owners[q].iter().map(|&m| group.members[m].cid.clone()).collect();
            cids.sort_by(|a, b| java_cmp(a, b));
            cids.dedup();
            cids
        };
        for q in 0..group.queues.len() {
            prop_assert_eq!(group.owner_cids(q), expected(&group, q));
        }
        let n = group.members.len();
        if n > 1 {
            let r = rotate % n;
            group.members.rotate_left(r);
            for owners in &mut group.owners {
                let owners = std::rc::Rc::make_mut(owners);
                for m in owners.iter_mut() {
                    *m = (*m + n - r) % n;
                }
                // In member order, as `assign` lists them: the cids now come rotated.
                owners.sort_unstable();
            }
            for q in 0..group.queues.len() {
                prop_assert_eq!(group.owner_cids(q), expected(&group, q));
            }
        }
    }
}
