//! `rebalance-lab allocate`: JSON Lines in (one case per line, RocketMQ's names), one JSON
//! line out per case. Errors are data: a case RocketMQ rejects gets RocketMQ's message, a
//! malformed line gets `line N: …`, and the run goes on.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, BufRead, Write};

use rebalance_core::allocate::{allocate, MachineRooms, Strategy, StrategyKind, DEFAULT_VIRTUAL_NODES};
use rebalance_core::assignment::{assign, MessageModel};
use rebalance_core::message_queue::{rebalance_mq_all, sort_cids};
use rebalance_core::MessageQueue;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// A queue as the golden files and RocketMQ's JSON write it (the topic is the case's).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QueueJson {
    /// `brokerName`.
    pub broker_name: String,
    /// `queueId`.
    pub queue_id: i32,
}

impl From<&MessageQueue> for QueueJson {
    fn from(mq: &MessageQueue) -> Self {
        QueueJson { broker_name: mq.broker_name.clone(), queue_id: mq.queue_id }
    }
}

/// One input line.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CaseJson {
    /// `AVG` (default), `AVG_BY_CIRCLE`, `CONSISTENT_HASH`, `MACHINE_ROOM_NEARBY`, `MACHINE_ROOM`, `CONFIG`.
    #[serde(default)]
    strategy: Option<String>,
    /// CONSISTENT_HASH virtual nodes (also for a CONSISTENT_HASH delegate); default 10.
    #[serde(default)]
    vnodes: Option<i64>,
    /// MACHINE_ROOM_NEARBY's delegate strategy name; default AVG.
    #[serde(default)]
    delegate: Option<String>,
    /// MACHINE_ROOM_NEARBY: brokerName → room.
    #[serde(default)]
    broker_rooms: Option<BTreeMap<String, String>>,
    /// MACHINE_ROOM_NEARBY: cid → room.
    #[serde(default)]
    consumer_rooms: Option<BTreeMap<String, String>>,
    /// MACHINE_ROOM: the configured idcs.
    #[serde(default)]
    consumeridcs: Option<BTreeSet<String>>,
    /// CONFIG: the configured queue list.
    #[serde(default)]
    config: Option<Vec<QueueJson>>,
    /// Shown in the `[BUG] … not in cidAll` log line.
    #[serde(default)]
    consumer_group: Option<String>,
    /// Topic of every queue; default `TopicTest`.
    #[serde(default)]
    topic: Option<String>,
    /// mqAll, any order.
    #[serde(default)]
    queues: Option<Vec<QueueJson>>,
    /// cidAll, any order.
    #[serde(default)]
    cids: Option<Vec<String>>,
    /// The consumer to allocate for; absent or null for the whole group.
    #[serde(default)]
    current_cid: Option<String>,
}

/// Reads cases from `input`, writes one line per case to `output`.
pub fn run(input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    for (n, line) in input.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = match serde_json::from_str::<CaseJson>(&line) {
            Ok(case) => run_case(&case),
            Err(e) => error_json(&format!("line {}: {e}", n + 1)),
        };
        writeln!(output, "{answer}")?;
    }
    output.flush()
}

fn error_json(message: &str) -> Value {
    json!({ "error": { "message": message } })
}

fn queues_json(queues: &[MessageQueue]) -> Vec<QueueJson> {
    queues.iter().map(QueueJson::from).collect()
}

/// Runs one case: RebalanceImpl's sorting, then the strategy.
pub fn run_case(case: &CaseJson) -> Value {
    let topic = case.topic.clone().unwrap_or_else(|| "TopicTest".to_owned());
    let to_mq = |q: &QueueJson| MessageQueue::new(topic.clone(), q.broker_name.clone(), q.queue_id);
    let queues: Vec<MessageQueue> = case.queues.iter().flatten().map(to_mq).collect();
    // Java's sort may throw (`MessageQueue.compareTo` overflows on extreme queue ids).
    let mq_all = match rebalance_mq_all(&queues) {
        Ok(mq_all) => mq_all,
        Err(e) => return error_json(&e.to_string()),
    };
    let mut cid_all: Vec<String> = case.cids.clone().unwrap_or_default();
    sort_cids(&mut cid_all);
    let strategy = match build_strategy(case, &topic, &mq_all, &cid_all) {
        Ok(s) => s,
        Err(message) => return error_json(&message),
    };
    let group = case.consumer_group.as_deref().unwrap_or("DEFAULT_CONSUMER");
    match &case.current_cid {
        Some(current) => match allocate(&strategy, group, current, &mq_all, &cid_all) {
            Ok(a) => {
                let mut out = json!({ "result": queues_json(&a.queues) });
                if let Some(log) = a.log {
                    out["log"] = Value::String(log);
                }
                out
            }
            Err(e) => error_json(&e.to_string()),
        },
        None => match assign(&MessageModel::Clustering(strategy), &queues, &cid_all) {
            Ok(g) => {
                let assignment: BTreeMap<&str, Vec<QueueJson>> = g
                    .members
                    .iter()
                    .enumerate()
                    .map(|(m, member)| (member.cid.as_str(), queues_json(&g.member_queues(m))))
                    .collect();
                let unassigned: Vec<QueueJson> =
                    g.unassigned().into_iter().filter_map(|q| g.queues.get(q)).map(QueueJson::from).collect();
                json!({ "assignment": assignment, "unassigned": unassigned })
            }
            Err(e) => error_json(&e.to_string()),
        },
    }
}

fn build_strategy(
    case: &CaseJson,
    topic: &str,
    mq_all: &[MessageQueue],
    cid_all: &[String],
) -> Result<Strategy, String> {
    let kind = StrategyKind::parse(case.strategy.as_deref().unwrap_or("AVG")).map_err(|e| e.to_string())?;
    let simple = |kind: StrategyKind| -> Result<Strategy, String> {
        Ok(match kind {
            StrategyKind::Averagely => Strategy::Averagely,
            StrategyKind::AveragelyByCircle => Strategy::AveragelyByCircle,
            StrategyKind::ConsistentHash => {
                Strategy::consistent_hash(case.vnodes.unwrap_or(i64::from(DEFAULT_VIRTUAL_NODES)))
                    .map_err(|e| e.to_string())?
            }
            StrategyKind::MachineRoom => {
                Strategy::MachineRoom { consumer_idcs: case.consumeridcs.clone().unwrap_or_default() }
            }
            StrategyKind::Config => Strategy::Config {
                queues: case
                    .config
                    .iter()
                    .flatten()
                    .map(|q| MessageQueue::new(topic, q.broker_name.clone(), q.queue_id))
                    .collect(),
            },
            StrategyKind::MachineRoomNearby => {
                return Err("the delegate of MACHINE_ROOM_NEARBY must be another strategy".to_owned())
            }
        })
    };
    if kind != StrategyKind::MachineRoomNearby {
        return simple(kind);
    }
    let delegate = simple(StrategyKind::parse(case.delegate.as_deref().unwrap_or("AVG")).map_err(|e| e.to_string())?)?;
    let rooms = match (&case.broker_rooms, &case.consumer_rooms) {
        (None, None) => MachineRooms::from_name_prefix(
            mq_all.iter().map(|q| q.broker_name.as_str()),
            cid_all.iter().map(String::as_str).chain(case.current_cid.as_deref()),
        ),
        (brokers, consumers) => MachineRooms {
            brokers: brokers.clone().unwrap_or_default(),
            consumers: consumers.clone().unwrap_or_default(),
        },
    };
    Ok(Strategy::MachineRoomNearby { delegate: Box::new(delegate), rooms })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: &str, expected: &str) {
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out).expect("in-memory io");
        assert_eq!(String::from_utf8(out).expect("utf8"), expected);
    }

    #[test]
    fn one_consumer_sorted_like_rebalance_impl() {
        check(
            r#"{"strategy":"AVG","queues":[{"brokerName":"b","queueId":1},{"brokerName":"b","queueId":0},{"brokerName":"b","queueId":2}],"cids":["c2","c1"],"currentCid":"c1"}"#,
            "{\"result\":[{\"brokerName\":\"b\",\"queueId\":0},{\"brokerName\":\"b\",\"queueId\":1}]}\n",
        );
    }

    #[test]
    fn not_in_cid_all_logs_like_rocketmq() {
        check(
            r#"{"strategy":"AVG_BY_CIRCLE","consumerGroup":"G","queues":[{"brokerName":"b","queueId":0}],"cids":["c1"],"currentCid":"x"}"#,
            "{\"log\":\"[BUG] ConsumerGroup: G The consumerId: x not in cidAll: [c1]\",\"result\":[]}\n",
        );
    }

    #[test]
    fn errors_are_data_and_the_run_goes_on() {
        check(
            "{\"strategy\":\"AVG\",\"queues\":[],\"cids\":[\"c1\"],\"currentCid\":\"c1\"}\nnot json\n\n{\"strategy\":\"CONSISTENT_HASH\",\"vnodes\":-1,\"queues\":[],\"cids\":[]}\n",
            "{\"error\":{\"message\":\"mqAll is null or mqAll empty\"}}\n{\"error\":{\"message\":\"line 2: expected ident at line 1 column 2\"}}\n{\"error\":{\"message\":\"illegal virtualNodeCnt :-1\"}}\n",
        );
    }

    #[test]
    fn whole_group_without_current_cid() {
        check(
            r#"{"strategy":"AVG","queues":[{"brokerName":"b","queueId":0},{"brokerName":"b","queueId":1}],"cids":["c1","c2","c3"]}"#,
            "{\"assignment\":{\"c1\":[{\"brokerName\":\"b\",\"queueId\":0}],\"c2\":[{\"brokerName\":\"b\",\"queueId\":1}],\"c3\":[]},\"unassigned\":[]}\n",
        );
    }

    #[test]
    fn nearby_with_explicit_rooms_and_orphan_room() {
        check(
            r#"{"strategy":"MACHINE_ROOM_NEARBY","delegate":"AVG","brokerRooms":{"a":"hz","b":"sh"},"consumerRooms":{"c1":"hz","c2":"hz"},"queues":[{"brokerName":"a","queueId":0},{"brokerName":"a","queueId":1},{"brokerName":"b","queueId":0},{"brokerName":"b","queueId":1}],"cids":["c1","c2"],"currentCid":"c2"}"#,
            "{\"result\":[{\"brokerName\":\"a\",\"queueId\":1},{\"brokerName\":\"b\",\"queueId\":1}]}\n",
        );
        check(
            r#"{"strategy":"MACHINE_ROOM_NEARBY","brokerRooms":{"a":"hz"},"consumerRooms":{"c1":"hz"},"queues":[{"brokerName":"a","queueId":0},{"brokerName":"b","queueId":0}],"cids":["c1"],"currentCid":"c1"}"#,
            "{\"error\":{\"message\":\"Machine room is null for mq MessageQueue [topic=TopicTest, brokerName=b, queueId=0]\"}}\n",
        );
    }

    #[test]
    fn unknown_strategy_is_named() {
        check(
            r#"{"strategy":"RANDOM","queues":[],"cids":[]}"#,
            "{\"error\":{\"message\":\"unknown strategy \\\"RANDOM\\\": expected AVG, AVG_BY_CIRCLE, CONSISTENT_HASH, MACHINE_ROOM_NEARBY, MACHINE_ROOM or CONFIG\"}}\n",
        );
    }
}
