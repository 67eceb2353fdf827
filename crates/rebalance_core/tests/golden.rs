//! Every line of the golden files (real outputs of RocketMQ's Java allocation classes at
//! apache/rocketmq 8fc57f1, see data/GOLDEN.md) must reproduce, through both entry points:
//! the per-consumer `allocate` and the whole-group `assign`.

use std::collections::BTreeMap;

use rebalance_core::allocate::consistent_hash::{hash, Ring};
use rebalance_core::allocate::{allocate, MachineRooms, Strategy};
use rebalance_core::assignment::{assign, moves, MessageModel};
use rebalance_core::message_queue::{sort_cids, sort_queues};
use rebalance_core::MessageQueue;
use serde::Deserialize;
use serde_json::Value;

const ALLOCATE: &str = include_str!("data/allocate-public.jsonl");
const MD5: &str = include_str!("data/md5-public.jsonl");
const GROUP: &str = "GID_golden";

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Q {
    broker_name: String,
    queue_id: i32,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Case {
    kind: String,
    case: String,
    strategy: Option<String>,
    vnodes: Option<i64>,
    #[serde(default)]
    topic: String,
    queues: Option<Vec<Q>>,
    cids: Option<Vec<String>>,
    current_cid: Option<String>,
    result: Option<Vec<Q>>,
    error: Option<Value>,
    log: Option<String>,
    delegate: Option<String>,
    consumeridcs: Option<Vec<String>>,
    /// CONSISTENT_HASH: `default` (no-argument constructor) or `explicit`.
    ctor: Option<String>,
}

fn mqs(topic: &str, qs: &[Q]) -> Vec<MessageQueue> {
    qs.iter().map(|q| MessageQueue::new(topic, q.broker_name.clone(), q.queue_id)).collect()
}

/// Builds the strategy a golden line names; `Err` carries a construction error message.
fn strategy_of(c: &Case, queues: &[MessageQueue], cids: &[String]) -> Result<Strategy, String> {
    let name = c.strategy.as_deref().unwrap_or_default();
    Ok(match name {
        "AVG" => Strategy::Averagely,
        "AVG_BY_CIRCLE" => Strategy::AveragelyByCircle,
        "CONSISTENT_HASH" => Strategy::consistent_hash(c.vnodes.unwrap_or(10)).map_err(|e| e.to_string())?,
        "MACHINE_ROOM" => {
            Strategy::MachineRoom { consumer_idcs: c.consumeridcs.clone().unwrap_or_default().into_iter().collect() }
        }
        n if n.starts_with("MACHINE_ROOM_NEARBY-") => {
            let delegate = match c.delegate.as_deref().unwrap_or("AVG") {
                "AVG" => Strategy::Averagely,
                "AVG_BY_CIRCLE" => Strategy::AveragelyByCircle,
                other => panic!("{}: unexpected delegate {other}", c.case),
            };
            // The golden resolver: the room is the text before the first '-' (none without '-').
            let mut names: Vec<&str> = cids.iter().map(String::as_str).collect();
            names.extend(c.current_cid.as_deref());
            let rooms = MachineRooms::from_name_prefix(queues.iter().map(|q| q.broker_name.as_str()), names);
            Strategy::MachineRoomNearby { delegate: Box::new(delegate), rooms }
        }
        other => panic!("{}: unknown strategy {other}", c.case),
    })
}

/// One golden case seen from the group: its queues, its cids, and each cid's expected list.
type GroupCase = (Vec<MessageQueue>, Vec<String>, Vec<(String, Vec<MessageQueue>)>);

#[test]
fn every_allocate_and_edge_line_reproduces() {
    let mut checked = 0;
    // case → (queues, cids, strategy line, per-cid expected results) for the group check.
    let mut groups: BTreeMap<(String, String), GroupCase> = BTreeMap::new();
    let mut strategies: BTreeMap<(String, String), Strategy> = BTreeMap::new();
    for (n, line) in ALLOCATE.lines().enumerate() {
        let c: Case = serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        if c.kind != "allocate" && c.kind != "edge" {
            continue;
        }
        let queues = mqs(&c.topic, c.queues.as_deref().unwrap_or_default());
        let cids = c.cids.clone().unwrap_or_default();
        let current = c.current_cid.clone().unwrap_or_default();
        let expected_error = c.error.as_ref().and_then(|e| e.get("message")).and_then(Value::as_str).map(str::to_owned);
        let strategy = match strategy_of(&c, &queues, &cids) {
            Ok(s) => s,
            Err(message) => {
                assert_eq!(Some(message), expected_error, "{} line {}: construction", c.case, n + 1);
                checked += 1;
                continue;
            }
        };
        let got = allocate(&strategy, GROUP, &current, &queues, &cids);
        match (&got, &expected_error) {
            (Err(e), Some(expected)) => assert_eq!(&e.to_string(), expected, "{} line {}", c.case, n + 1),
            (Ok(a), None) => {
                let expected = mqs(&c.topic, c.result.as_deref().unwrap_or_default());
                assert_eq!(a.queues, expected, "{} line {} ({})", c.case, n + 1, current);
                assert_eq!(a.log, c.log, "{} line {}: log", c.case, n + 1);
                if a.log.is_none() {
                    let key = (c.case.clone(), format!("{} vnodes={:?} {:?}", strategy.name(), c.vnodes, c.ctor));
                    let entry = groups.entry(key.clone()).or_insert_with(|| (queues.clone(), cids.clone(), Vec::new()));
                    entry.2.push((current.clone(), expected));
                    strategies.insert(key, strategy.clone());
                }
            }
            (got, expected) => panic!("{} line {}: got {got:?}, expected error {expected:?}", c.case, n + 1),
        }
        checked += 1;
    }
    assert_eq!(checked, 1577 - 7, "every allocate/edge line is checked");

    // The group entry point gives every member what its own call gave.
    for ((case, name), (queues, cids, expected)) in &groups {
        let strategy = &strategies[&(case.clone(), name.clone())];
        let group = assign(&MessageModel::Clustering(strategy.clone()), queues, cids).expect(case);
        assert!(name.starts_with(&group.strategy_name), "{name}");
        for (cid, result) in expected {
            let m = group.members.iter().position(|m| &m.cid == cid).expect(cid);
            assert_eq!(&group.member_queues(m), result, "{case} {name} group view of {cid}");
        }
    }
}

#[test]
fn allocate_lines_partition_the_queues() {
    // For one case, the allocate lines (one per cid) partition the queues, except
    // MACHINE_ROOM, which may leave queues unassigned.
    let mut per_case: BTreeMap<(String, String), (usize, Vec<MessageQueue>)> = BTreeMap::new();
    for line in ALLOCATE.lines() {
        let c: Case = serde_json::from_str(line).expect("json");
        if c.kind != "allocate" || c.strategy.as_deref() == Some("MACHINE_ROOM") {
            continue;
        }
        let key = format!("{} vnodes={:?} {:?}", c.strategy.as_deref().unwrap_or_default(), c.vnodes, c.ctor);
        let entry = per_case.entry((c.case.clone(), key)).or_default();
        entry.0 = c.queues.as_ref().map_or(0, Vec::len);
        entry.1.extend(mqs(&c.topic, c.result.as_deref().unwrap_or_default()));
    }
    assert!(per_case.len() > 100);
    for ((case, strategy), (count, mut got)) in per_case {
        let before = got.len();
        got.sort();
        got.dedup();
        assert_eq!((before, got.len()), (count, count), "{case} {strategy}");
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Summary {
    case: String,
    strategy: String,
    vnodes: Option<u32>,
    topic: String,
    queue_count: usize,
    steps: Vec<Step>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Step {
    consumers: usize,
    moved_from_prev_step: Option<usize>,
    unassigned: usize,
    per_cid: BTreeMap<String, usize>,
}

/// The membership lines do not list their queues. They reproduce with 32 queues as four
/// brokers `broker-a`..`broker-d` with 8 queues each (the CONSISTENT_HASH counts depend on
/// the names, so no other layout tried matches: 1, 2, 8, 16 or 32 brokers do not).
fn membership_queues(topic: &str, count: usize) -> Vec<MessageQueue> {
    let per_broker = count / 4;
    ["broker-a", "broker-b", "broker-c", "broker-d"]
        .iter()
        .flat_map(|b| (0..per_broker).map(move |q| MessageQueue::new(topic, *b, q as i32)))
        .collect()
}

#[test]
fn membership_summaries_reproduce() {
    let mut checked = 0;
    for line in ALLOCATE.lines().filter(|l| l.contains("\"kind\":\"membership_summary\"")) {
        let s: Summary = serde_json::from_str(line).expect("json");
        let strategy = match s.strategy.as_str() {
            "AVG" => Strategy::Averagely,
            "AVG_BY_CIRCLE" => Strategy::AveragelyByCircle,
            "CONSISTENT_HASH" => Strategy::ConsistentHash { virtual_nodes: s.vnodes.unwrap_or(10) },
            other => panic!("{other}"),
        };
        let model = MessageModel::Clustering(strategy);
        let queues = membership_queues(&s.topic, s.queue_count);
        let mut previous = None;
        for step in &s.steps {
            let cids: Vec<String> = (1..=step.consumers).map(|i| format!("10.0.0.{i}@{}", 2000 + i)).collect();
            let group = assign(&model, &queues, &cids).expect("assign");
            let per_cid: BTreeMap<String, usize> =
                group.members.iter().map(|m| (m.cid.clone(), m.queues.len())).collect();
            assert_eq!(per_cid, step.per_cid, "{} at {} consumers", s.case, step.consumers);
            assert_eq!(group.unassigned().len(), step.unassigned);
            let moved = previous.as_ref().map(|p| moves(p, &group).moved.len());
            assert_eq!(moved, step.moved_from_prev_step, "{} at {} consumers", s.case, step.consumers);
            previous = Some(group);
            checked += 1;
        }
    }
    assert_eq!(checked, 18);
}

#[test]
fn sort_demo_reproduces_rebalance_impl_order() {
    let line = ALLOCATE.lines().find(|l| l.contains("\"kind\":\"sort_demo\"")).expect("sort demo");
    let v: Value = serde_json::from_str(line).expect("json");
    let topic = v["topic"].as_str().expect("topic");
    let qs: Vec<Q> = serde_json::from_value(v["queues"].clone()).expect("queues");
    let expected = mqs(topic, &qs);
    let mut shuffled: Vec<MessageQueue> = expected.iter().rev().cloned().collect();
    shuffled.rotate_left(2);
    sort_queues(&mut shuffled);
    assert_eq!(shuffled, expected);
    let cids: Vec<String> = serde_json::from_value(v["cids"].clone()).expect("cids");
    let mut shuffled_cids: Vec<String> = cids.iter().rev().cloned().collect();
    sort_cids(&mut shuffled_cids);
    assert_eq!(shuffled_cids, cids);
    assert_eq!(expected[0].to_string(), v["mqToString"].as_str().expect("mqToString"));
}

#[test]
fn md5_hashes_and_rings_reproduce() {
    let (mut hashes, mut rings) = (0, 0);
    for line in MD5.lines() {
        let v: Value = serde_json::from_str(line).expect("json");
        match v["kind"].as_str() {
            Some("md5") => {
                let key = v["key"].as_str().expect("key");
                assert_eq!(u64::from(hash(key)), v["hash"].as_u64().expect("hash"), "md5 of {key:?}");
                hashes += 1;
            }
            Some("ring") => {
                let nodes: Vec<String> = serde_json::from_value(v["nodes"].clone()).expect("nodes");
                let vnodes = u32::try_from(v["vnodes"].as_u64().expect("vnodes")).expect("u32");
                let ring = Ring::build(&nodes, vnodes);
                let got: Vec<(u64, String)> =
                    ring.entries(&nodes).into_iter().map(|e| (u64::from(e.hash), e.vnode_key)).collect();
                let expected: Vec<(u64, String)> = v["ring"]
                    .as_array()
                    .expect("ring")
                    .iter()
                    .map(|e| (e["hash"].as_u64().expect("hash"), e["vnodeKey"].as_str().expect("key").to_owned()))
                    .collect();
                assert_eq!(got, expected, "ring with {vnodes} vnodes");
                for route in v["routes"].as_array().expect("routes") {
                    let key = route["key"].as_str().expect("key");
                    assert_eq!(u64::from(hash(key)), route["hash"].as_u64().expect("hash"));
                    let owner = ring.route(key).map(|i| nodes[i].as_str());
                    assert_eq!(owner, route["routedTo"].as_str(), "route of {key}");
                }
                rings += 1;
            }
            other => panic!("unknown kind {other:?}"),
        }
    }
    assert_eq!((hashes, rings), (213, 3));
}
