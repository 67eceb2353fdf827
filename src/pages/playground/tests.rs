//! Native tests of the playground's state: URL reading and writing, actions, and what the
//! reducer takes from the core (the browser tests in `tests/browser/playground.rs` cover the DOM).

use std::collections::HashMap;

use rebalance_core::allocate::StrategyKind;

use super::compare::columns;
use super::controls::mode_key;
use super::explain::about_key;
use super::lab::Lab;
use super::query::{from_query, to_query};
use super::settings::*;
use crate::i18n::{t, Lang};

fn read(query: &str) -> (Settings, Vec<crate::url_state::UrlNotice>) {
    let map: HashMap<String, String> = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').map_or((p.to_owned(), String::new()), |(k, v)| (k.to_owned(), v.to_owned())))
        .collect();
    from_query(&move |key: &str| map.get(key).cloned())
}

fn lanes(lab: &Lab) -> Vec<Vec<String>> {
    lab.view
        .lanes
        .iter()
        .map(|lane| lane.tiles.iter().map(|t| lab.view.queues[t.queue].label.to_string()).collect())
        .collect()
}

#[test]
fn eight_queues_three_consumers_avg_then_a_fourth_joins() {
    let (settings, notices) = read("pg_q=8&pg_c=3&pg_s=AVG");
    assert!(notices.is_empty(), "{notices:?}");
    let lab = Lab::new(settings, notices);
    assert_eq!(lanes(&lab), [vec!["Q0", "Q1", "Q2"], vec!["Q3", "Q4", "Q5"], vec!["Q6", "Q7"]]);
    let next = lab.apply(&Action::AddConsumer);
    assert_eq!(lanes(&next), [vec!["Q0", "Q1"], vec!["Q2", "Q3"], vec!["Q4", "Q5"], vec!["Q6", "Q7"]]);
    let moved: Vec<String> =
        next.view.moves.moved.iter().map(|m| format!("{}:{}", m.mq.broker_name, m.mq.queue_id)).collect();
    // SPEC §4: queues 2, 4, 5, 6, 7 move (with 2 brokers: broker-a 0..3, broker-b 0..3).
    assert_eq!(moved, ["broker-a:2", "broker-b:0", "broker-b:1", "broker-b:2", "broker-b:3"]);
    assert_eq!(next.version, 1);
    let moved_tiles: usize = next.view.lanes.iter().flat_map(|l| &l.tiles).filter(|t| t.moved).count();
    assert_eq!(moved_tiles, 5);
}

#[test]
fn urls_round_trip() {
    let mut s = Settings::default();
    for action in [
        Action::SetQueues(32),
        Action::SetBrokers(3),
        Action::SetConsumers(12),
        Action::Kill(2),
        Action::Duplicate(5),
        Action::SetMode(Mode::Clustering(StrategyKind::MachineRoomNearby)),
        Action::SetDelegate(StrategyKind::ConsistentHash),
        Action::SetVirtualNodes(40),
        Action::SetBrokerRoom(2, 3),
        Action::SetConsumerRoom(4, 0),
        Action::ToggleIdc(2),
        Action::ToggleConfig(QueueRef { broker: 1, id: 7 }),
        Action::SetLate(true),
        Action::SetTable(true),
        Action::SetCompare(true),
        Action::SetPredict(true),
        Action::ToggleCompareMode(Mode::Broadcasting),
        Action::SetChange(Change::Leave),
    ] {
        s = s.apply(&action);
    }
    let query: String =
        to_query(&s).into_iter().filter_map(|(k, v)| v.map(|v| format!("{k}={v}"))).collect::<Vec<_>>().join("&");
    let (back, notices) = read(&query);
    assert!(notices.is_empty(), "{query}: {notices:?}");
    assert_eq!(back, s, "{query}");
    assert_eq!(s.hosts.len(), 12);
    assert!(!s.hosts.contains(&2));
    // The untouched page writes nothing into the URL.
    assert!(to_query(&Settings::default()).iter().all(|(_, v)| v.is_none()));
}

#[test]
fn bad_values_are_clamped_with_a_notice() {
    let (s, notices) = read("pg_q=999&pg_c=-4&pg_b=x&pg_s=FASTEST&pg_v=1e9&pg_cfg=a1,zz,b2&pg_rooms=19&pg_late=maybe");
    assert_eq!(s.queues, 256);
    assert_eq!(s.hosts.len(), 0);
    assert_eq!(s.brokers, 2);
    assert_eq!(s.mode, Mode::Clustering(StrategyKind::Averagely));
    assert_eq!(s.virtual_nodes, 200);
    assert_eq!(s.config, [QueueRef { broker: 0, id: 1 }, QueueRef { broker: 1, id: 2 }]);
    assert_eq!(s.broker_rooms[0], 1);
    assert!(!s.late);
    let keys: Vec<&str> = notices.iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["pg_q", "pg_b", "pg_c", "pg_s", "pg_v", "pg_rooms", "pg_cfg", "pg_late"]);
    assert_eq!(notices[0].used, "256");
}

#[test]
fn cids_follow_java_order_in_the_lanes() {
    let (s, _) = read("pg_q=12&pg_c=11");
    let lab = Lab::new(s, Vec::new());
    let hosts: Vec<&str> =
        lab.view.lanes.iter().filter_map(|l| l.cid.strip_prefix("192.168.0.")?.split('@').next()).collect();
    // Java String order: '0' and '1' sort before '@', so .10 and .11 come before .1.
    assert_eq!(hosts, ["10", "11", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    // AVG gives the first M mod N = 1 sorted member the extra queue: that is .10, not .1.
    assert_eq!(lab.view.lanes[0].tiles.len(), 2);
}

#[test]
fn errors_and_the_late_consumer_are_shown_as_rocketmq_logs_them() {
    let (s, _) = read("pg_c=3&pg_s=MACHINE_ROOM_NEARBY&pg_crooms=2:0");
    let lab = Lab::new(s, Vec::new());
    let error = lab.view.error.as_deref().unwrap_or_default();
    assert!(
        error.starts_with("allocate message queue exception. strategy name: MACHINE_ROOM_NEARBY-AVG, ex: java.lang.IllegalArgumentException: Machine room is null for consumer id 192.168.0.2@"),
        "{error}"
    );
    let (s, _) = read("pg_c=2&pg_late=1");
    let lab = Lab::new(s, Vec::new());
    let late = lab.view.late.clone().unwrap_or_else(|| panic!("no late consumer"));
    assert!(late.cid.starts_with("192.168.0.3@"));
    let log = late.log.unwrap_or_default();
    assert!(log.starts_with("[BUG] ConsumerGroup: OrderEventGroup The consumerId: 192.168.0.3@"), "{log}");
    assert!(log.contains("not in cidAll: [192.168.0.1@"), "{log}");
    let (s, _) = read("pg_c=0&pg_late=1");
    let late = Lab::new(s, Vec::new()).view.late.clone().and_then(|l| l.log).unwrap_or_default();
    assert!(late.ends_with("java.lang.IllegalArgumentException: cidAll is null or cidAll empty"), "{late}");
}

#[test]
fn a_failed_rebalance_keeps_the_last_allocation() {
    let lab = Lab::new(read("pg_s=MACHINE_ROOM_NEARBY").0, Vec::new());
    assert!(lab.view.error.is_none());
    let before = lanes(&lab);
    let broken = lab.apply(&Action::SetConsumerRoom(1, 0));
    assert!(broken.view.error.is_some());
    assert_eq!(lanes(&broken), before);
    assert!(broken.view.moves.moved.is_empty());
}

#[test]
fn config_gives_every_consumer_the_same_list_and_machine_room_renames_brokers() {
    let lab = Lab::new(read("pg_s=CONFIG&pg_cfg=a0,b1,h9").0, Vec::new());
    for lane in &lab.view.lanes {
        let labels: Vec<&str> = lane.tiles.iter().map(|t| lab.view.queues[t.queue].label.as_str()).collect();
        assert_eq!(labels, ["Q0", "Q5"]);
        assert_eq!(lane.outside.len(), 1, "h9 is not in mqAll, RocketMQ returns it anyway");
    }
    assert_eq!(lab.view.overlap, 2);
    let lab = Lab::new(read("pg_s=MACHINE_ROOM&pg_q=8&pg_b=2").0, Vec::new());
    assert_eq!(
        lab.view.queues[0].title.as_str(),
        "MessageQueue [topic=OrderEvent, brokerName=idc1@broker-a, queueId=0]"
    );
    assert_eq!(lab.view.tray.len(), 4, "idc2's queues are not this group's");
}

#[test]
fn compare_counts_moves_per_strategy() {
    let (s, _) = read("pg_q=8&pg_b=1&pg_c=3&pg_cmp=1&pg_cs=AVG,CONSISTENT_HASH,AVG_BY_CIRCLE");
    let cols = columns(&s);
    let moved: Vec<(Mode, usize)> =
        cols.iter().map(|c| (c.mode, c.result.as_ref().map_or(usize::MAX, |(_, m)| m.moved.len()))).collect();
    assert_eq!(moved[0], (Mode::Clustering(StrategyKind::Averagely), 5));
    assert_eq!(moved[1].0, Mode::Clustering(StrategyKind::AveragelyByCircle));
    assert!(moved[2].1 < 5, "CONSISTENT_HASH moves only ring neighbours: {moved:?}");
}

#[test]
fn every_dynamic_text_key_exists() {
    for mode in Mode::ALL {
        for key in [mode_key(mode), about_key(mode)] {
            for lang in Lang::ALL {
                assert_ne!(t(lang, key), key, "{key} missing in {}", lang.code());
            }
        }
    }
}

#[test]
fn actions_stay_in_range() {
    let mut s = Settings::default();
    for _ in 0..70 {
        s = s.apply(&Action::AddConsumer);
    }
    assert_eq!(s.hosts.len(), MAX_CONSUMERS);
    s = s.apply(&Action::Duplicate(1));
    assert_eq!(s.hosts.len(), MAX_CONSUMERS);
    for _ in 0..70 {
        s = s.apply(&Action::RemoveConsumer);
    }
    assert!(s.hosts.is_empty());
    assert_eq!(s.apply(&Action::SetQueues(0)).queues, 1);
    let mut s = Settings::default();
    for mode in Mode::ALL {
        s = s.apply(&Action::ToggleCompareMode(mode));
    }
    assert_eq!(s.compare_modes.len(), 3);
}

#[test]
fn large_broadcasting_lanes_draw_one_chip_each() {
    let lab = Lab::new(read("pg_s=BROADCASTING&pg_q=256&pg_c=64").0, Vec::new());
    assert_eq!(lab.view.lanes.len(), 64);
    assert!(lab.view.lanes.iter().all(|l| l.all_queues == Some(256) && l.tiles.is_empty()));
    assert_eq!(lab.view.overlap, 256);
    let small = Lab::new(read("pg_s=BROADCASTING&pg_q=8&pg_c=3").0, Vec::new());
    assert!(small.view.lanes.iter().all(|l| l.all_queues.is_none() && l.tiles.len() == 8));
}

/// Moves of one change under one mode, straight from the core (not through the page).
fn core_moves(queues: u16, consumers: u8, change: Change, mode: Mode) -> usize {
    use rebalance_core::assignment::{assign, moves};
    let s = Settings { queues, hosts: (1..=consumers).collect(), change, ..Settings::default() };
    let after: Vec<String> = s.changed_hosts().into_iter().map(cid_of).collect();
    let model = s.message_model(mode);
    let before = assign(&model, &s.mq_all(), &s.cid_all()).expect("assigns");
    let after = assign(&model, &s.mq_all(), &after).expect("assigns");
    moves(&before, &after).moved.len()
}

const AVG: Mode = Mode::Clustering(StrategyKind::Averagely);
const CIRCLE: Mode = Mode::Clustering(StrategyKind::AveragelyByCircle);
const HASH: Mode = Mode::Clustering(StrategyKind::ConsistentHash);

#[test]
fn the_spread_is_the_fewest_and_most_queues_any_member_holds() {
    use super::compare::spread;
    let lab = Lab::new(read("pg_q=8&pg_c=3&pg_s=AVG").0, Vec::new());
    assert_eq!(lab.assignment.as_deref().and_then(spread), Some((2, 3)));
    // CONSISTENT_HASH with its default 10 virtual nodes: the same group, split unevenly.
    let lab = Lab::new(read("pg_q=8&pg_c=3&pg_s=CONSISTENT_HASH").0, Vec::new());
    let counts: Vec<usize> =
        lab.assignment.as_ref().map(|a| a.members.iter().map(|m| m.queues.len()).collect()).unwrap_or_default();
    let (Some(&low), Some(&high)) = (counts.iter().min(), counts.iter().max()) else { panic!("members") };
    assert!(high - low > 1, "{counts:?}");
    assert_eq!(lab.assignment.as_deref().and_then(spread), Some((low, high)));
    let empty = Lab::new(read("pg_q=8&pg_c=0").0, Vec::new());
    assert_eq!(empty.assignment.as_deref().and_then(spread), None);
}

#[test]
fn the_compare_sentence_is_built_from_the_move_counts() {
    use super::compare::{ranking, ranking_text};
    use crate::hooks::I18n;
    use yew::Callback;
    let en = I18n::new(Lang::En, Callback::noop());
    // 10 queues, 4 → 5 consumers: AVG moves 7, AVG_BY_CIRCLE 6.
    let s = Settings { queues: 10, hosts: vec![1, 2, 3, 4], compare_modes: vec![AVG, CIRCLE], ..Settings::default() };
    let (avg, circle) = (core_moves(10, 4, Change::Join, AVG), core_moves(10, 4, Change::Join, CIRCLE));
    assert_eq!((avg, circle), (7, 6));
    let Some(r) = ranking(&columns(&s)) else { panic!("two columns") };
    assert_eq!(r.fewest, (vec!["AVG_BY_CIRCLE"], circle));
    assert_eq!(r.most, (vec!["AVG"], avg));
    assert_eq!(ranking_text(&en, &r), "In this change AVG_BY_CIRCLE moved the fewest queues (6) and AVG the most (7).");
    // The page's starting group, the third consumer leaving: CONSISTENT_HASH moves more.
    let s = Settings { change: Change::Leave, ..Settings::default() };
    let (avg, hash) = (core_moves(8, 3, Change::Leave, AVG), core_moves(8, 3, Change::Leave, HASH));
    assert!(hash > avg, "{hash} vs {avg}");
    let Some(r) = ranking(&columns(&s)) else { panic!("two columns") };
    assert_eq!(
        ranking_text(&en, &r),
        format!("In this change AVG moved the fewest queues ({avg}) and CONSISTENT_HASH the most ({hash}).")
    );
    // Equal counts say so; one column that computed is no comparison.
    let same =
        super::compare::Ranking { fewest: (vec!["AVG", "AVG_BY_CIRCLE"], 1), most: (vec!["AVG", "AVG_BY_CIRCLE"], 1) };
    assert_eq!(ranking_text(&en, &same), "In this change every strategy moved 1 queue.");
    let one = Settings { compare_modes: vec![AVG], ..Settings::default() };
    assert_eq!(ranking(&columns(&one)), None);
}

#[test]
fn the_strategy_notes_quote_the_cores_move_counts() {
    use super::explain::{about_text, examples};
    use crate::hooks::I18n;
    use yew::Callback;
    let Some(e) = examples() else { panic!("the examples compute") };
    assert_eq!(e.circle, (core_moves(10, 4, Change::Join, AVG), core_moves(10, 4, Change::Join, CIRCLE)));
    assert_eq!(e.circle, (7, 6));
    assert_eq!(
        (e.hash_join.0, e.hash_join.1),
        (core_moves(8, 3, Change::Join, AVG), core_moves(8, 3, Change::Join, HASH))
    );
    assert_eq!(e.hash_leave, (core_moves(8, 3, Change::Leave, AVG), core_moves(8, 3, Change::Leave, HASH)));
    // The note says "never guaranteed" and "uneven": its own numbers must show both.
    assert!(e.hash_join.1 < e.hash_join.0 && e.hash_leave.1 > e.hash_leave.0, "{e:?}");
    assert!(e.hash_join.3 - e.hash_join.2 > 1, "{e:?}");
    let joined = Settings { hosts: vec![1, 2, 3, 4], mode: HASH, ..Settings::default() };
    let lab = Lab::new(joined, Vec::new());
    assert_eq!(lab.assignment.as_deref().and_then(super::compare::spread), Some((e.hash_join.2, e.hash_join.3)));
    let en = I18n::new(Lang::En, Callback::noop());
    let circle = about_text(&en, CIRCLE, Some(&e));
    assert!(circle.contains("a fifth joining moves 7 under Averagely and 6 under ByCircle"), "{circle}");
    assert!(!circle.contains("just as much"), "{circle}");
    let hash = about_text(&en, HASH, Some(&e));
    assert_eq!(e.start, (8, 3), "the page starts with 8 queues and 3 consumers");
    let quoted = format!(
        "starting group (8 queues, 3 consumers) shows both: one more consumer joining moves {} under CONSISTENT_HASH \
         and {} under Averagely, and leaves the consumers holding {} to {} queues each; the newest consumer leaving \
         instead moves {} under CONSISTENT_HASH and {} under Averagely",
        e.hash_join.1, e.hash_join.0, e.hash_join.2, e.hash_join.3, e.hash_leave.1, e.hash_leave.0
    );
    assert!(hash.contains(&quoted), "{hash}");
    for lang in Lang::ALL {
        let i18n = I18n::new(lang, Callback::noop());
        for mode in Mode::ALL {
            let text = about_text(&i18n, mode, Some(&e));
            assert!(!text.contains('{'), "{}: {text}", lang.code());
        }
    }
}

#[test]
fn the_moves_are_said_in_words_from_the_cores_moves() {
    use yew::Callback;

    use super::moves_line;
    use crate::hooks::I18n;

    let (settings, _) = read("pg_q=8&pg_c=3&pg_s=AVG");
    let lab = Lab::new(settings, Vec::new());
    let en = I18n::new(Lang::En, Callback::noop());
    assert_eq!(moves_line(&en, &lab.view), None, "nothing moved yet");
    let next = lab.apply(&Action::AddConsumer);
    let cid = |i: usize| next.view.lanes[i].cid.to_string();
    // SPEC §4: Q2 goes from the first member to the second; Q4, Q5 to the third; Q6, Q7 to
    // the newcomer (the fourth in cidAll order).
    let item = |q: &str, from: usize, to: usize| format!("{q} {} → {}", cid(from), cid(to));
    let said = [item("Q2", 0, 1), item("Q4", 1, 2), item("Q5", 1, 2), item("Q6", 2, 3), item("Q7", 2, 3)];
    let line = moves_line(&en, &next.view).expect("five moves");
    assert_eq!(line, format!("Moved: {}", said.join(" · ")));
    assert_eq!(next.view.moves.moved.len(), said.len(), "every move is said");
    let zh = moves_line(&I18n::new(Lang::Zh, Callback::noop()), &next.view).expect("five moves");
    assert!(zh.starts_with("迁移：Q2 "), "{zh}");

    // Many moves: the first eight are said, the rest counted.
    let (settings, _) = read("pg_q=64&pg_c=3&pg_s=AVG");
    let many = Lab::new(settings, Vec::new()).apply(&Action::AddConsumer);
    let moved = many.view.moves.moved.len();
    assert!(moved > 9, "{moved}");
    let line = moves_line(&en, &many.view).expect("moves");
    assert_eq!(line.matches(" → ").count(), 8, "{line}");
    assert!(line.ends_with(&format!("… and {} more queues.", moved - 8)), "{line}");
}
