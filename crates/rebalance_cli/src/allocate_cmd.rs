//! `rebalance-lab allocate`: JSON Lines in (one case per line, RocketMQ's names), one JSON
//! line out per case. Errors are data: a case RocketMQ rejects gets RocketMQ's message, a
//! malformed line gets `line N: …` naming the field, and the run goes on.
//!
//! Each answer is flushed as soon as it is written, so a later line can never lose an
//! earlier answer. A whole-group answer is written member by member straight to the output
//! (no copy of the whole line in memory): CONFIG gives every member the configured list, so
//! 1,000 queues × 10,000 consumers is a line of hundreds of megabytes.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, BufRead, Write};

use crate::json_kind::kind;
use rebalance_core::allocate::{allocate, MachineRooms, Strategy, StrategyKind, DEFAULT_VIRTUAL_NODES};
use rebalance_core::assignment::{assign, GroupAssignment, MessageModel};
use rebalance_core::message_queue::{rebalance_mq_all, sort_cids};
use rebalance_core::MessageQueue;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The most virtual nodes (`cids × vnodes`) one consistent-hash ring may hold here. Java
/// would build any ring its heap holds; this tool refuses a larger one for that line
/// instead of running out of memory (the default, 10 per consumer, reaches it at 1,000,000
/// consumers).
pub const MAX_RING_NODES: u64 = 10_000_000;

/// A queue as the golden files and RocketMQ's JSON write it (the topic is the case's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
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

/// A queue written without copying its broker name.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct QueueOut<'a> {
    broker_name: &'a str,
    queue_id: i32,
}

impl<'a> From<&'a MessageQueue> for QueueOut<'a> {
    fn from(mq: &'a MessageQueue) -> Self {
        QueueOut { broker_name: &mq.broker_name, queue_id: mq.queue_id }
    }
}

/// One input line.
#[derive(Debug, Default, PartialEq)]
pub struct CaseJson {
    /// `AVG` (default), `AVG_BY_CIRCLE`, `CONSISTENT_HASH`, `MACHINE_ROOM_NEARBY`, `MACHINE_ROOM`, `CONFIG`.
    strategy: Option<String>,
    /// CONSISTENT_HASH virtual nodes (also for a CONSISTENT_HASH delegate); default 10.
    /// Within Java's `int` range (checked when read).
    vnodes: Option<i64>,
    /// MACHINE_ROOM_NEARBY's delegate strategy name; default AVG.
    delegate: Option<String>,
    /// MACHINE_ROOM_NEARBY: brokerName → room.
    broker_rooms: Option<BTreeMap<String, String>>,
    /// MACHINE_ROOM_NEARBY: cid → room.
    consumer_rooms: Option<BTreeMap<String, String>>,
    /// MACHINE_ROOM: the configured idcs.
    consumeridcs: Option<BTreeSet<String>>,
    /// CONFIG: the configured queue list.
    config: Option<Vec<QueueJson>>,
    /// Shown in the `[BUG] … not in cidAll` log line.
    consumer_group: Option<String>,
    /// Topic of every queue; default `TopicTest`.
    topic: Option<String>,
    /// mqAll, any order.
    queues: Option<Vec<QueueJson>>,
    /// cidAll, any order.
    cids: Option<Vec<String>>,
    /// The consumer to allocate for; absent or null for the whole group.
    current_cid: Option<String>,
}

/// The fields a case may have, in the order the help lists them.
const FIELDS: [&str; 12] = [
    "strategy",
    "vnodes",
    "delegate",
    "brokerRooms",
    "consumerRooms",
    "consumeridcs",
    "config",
    "consumerGroup",
    "topic",
    "queues",
    "cids",
    "currentCid",
];

/// A JSON object's entries in text order (duplicates kept, so they can be refused); any
/// other JSON value is refused with what it is.
struct Entries(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(EntriesVisitor)
    }
}

struct EntriesVisitor;

impl<'de> Visitor<'de> for EntriesVisitor {
    type Value = Entries;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("one case as a JSON object, e.g. {\"queues\": [...], \"cids\": [...]}")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry::<String, Value>()? {
            entries.push(entry);
        }
        Ok(Entries(entries))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<Entries, A::Error> {
        Err(de::Error::custom(
            "a case is a JSON object with named fields (e.g. {\"queues\": [...], \"cids\": [...]}), not an array",
        ))
    }
}

fn string(v: &Value, path: &str) -> Result<Option<String>, String> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s.clone())),
        other => Err(format!("{path}: expected a string, found {}", kind(other))),
    }
}

fn some_string(v: &Value, path: &str) -> Result<String, String> {
    match v {
        Value::String(s) => Ok(s.clone()),
        other => Err(format!("{path}: expected a string, found {}", kind(other))),
    }
}

/// A whole number in Java's `int` range.
fn java_int(v: &Value, path: &str) -> Result<i64, String> {
    let Value::Number(n) = v else {
        return Err(format!("{path}: expected a whole number, found {}", kind(v)));
    };
    let range = || format!("{path}: {n} does not fit Java's int ({} to {})", i32::MIN, i32::MAX);
    match n.as_i64() {
        Some(x) if i32::try_from(x).is_ok() => Ok(x),
        Some(_) => Err(range()),
        None if n.is_u64() => Err(range()),
        None => match n.as_f64() {
            Some(x) if x.fract() == 0.0 && x.abs() > f64::from(i32::MAX) => Err(range()),
            _ => Err(format!("{path}: {n} is not a whole number")),
        },
    }
}

fn array<'v>(v: &'v Value, path: &str) -> Result<Option<&'v Vec<Value>>, String> {
    match v {
        Value::Null => Ok(None),
        Value::Array(items) => Ok(Some(items)),
        other => Err(format!("{path}: expected an array, found {}", kind(other))),
    }
}

fn strings(v: &Value, path: &str) -> Result<Option<Vec<String>>, String> {
    array(v, path)?
        .map(|items| items.iter().enumerate().map(|(i, item)| some_string(item, &format!("{path}[{i}]"))).collect())
        .transpose()
}

fn rooms(v: &Value, path: &str) -> Result<Option<BTreeMap<String, String>>, String> {
    match v {
        Value::Null => Ok(None),
        Value::Object(map) => map
            .iter()
            .map(|(name, room)| Ok((name.clone(), some_string(room, &format!("{path}.{name}"))?)))
            .collect::<Result<_, String>>()
            .map(Some),
        other => Err(format!("{path}: expected an object of name → room, found {}", kind(other))),
    }
}

fn queue(v: &Value, path: &str) -> Result<QueueJson, String> {
    let Value::Object(map) = v else {
        return Err(format!("{path}: expected a queue {{\"brokerName\": …, \"queueId\": …}}, found {}", kind(v)));
    };
    if let Some(key) = map.keys().find(|k| !matches!(k.as_str(), "brokerName" | "queueId")) {
        return Err(format!("{path}.{key}: unknown field; a queue has brokerName and queueId"));
    }
    let field = |name: &str| map.get(name).ok_or_else(|| format!("{path}.{name}: missing"));
    let broker_name = some_string(field("brokerName")?, &format!("{path}.brokerName"))?;
    let id = java_int(field("queueId")?, &format!("{path}.queueId"))?;
    let queue_id = i32::try_from(id).map_err(|_| format!("{path}.queueId: {id} does not fit Java's int"))?;
    Ok(QueueJson { broker_name, queue_id })
}

fn queues(v: &Value, path: &str) -> Result<Option<Vec<QueueJson>>, String> {
    array(v, path)?
        .map(|items| items.iter().enumerate().map(|(i, item)| queue(item, &format!("{path}[{i}]"))).collect())
        .transpose()
}

/// `serde_json`'s message without its ` at line L column C` (a case is one line: the
/// column is reported on its own).
fn json_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    text.strip_suffix(&suffix).map_or_else(|| text.clone(), str::to_owned)
}

/// Reads one line into a case; the error names the field (and for broken JSON the column).
pub fn parse_case(line: &str) -> Result<CaseJson, String> {
    let entries = match serde_json::from_str::<Entries>(line) {
        Ok(Entries(entries)) => entries,
        Err(e) if e.is_syntax() || e.is_eof() => return Err(format!("column {}: {}", e.column(), json_message(&e))),
        Err(e) => return Err(json_message(&e)),
    };
    let mut case = CaseJson::default();
    let mut seen = BTreeSet::new();
    for (key, v) in &entries {
        if !seen.insert(key.as_str()) {
            return Err(format!("{key}: the field is given twice"));
        }
        match key.as_str() {
            "strategy" => case.strategy = string(v, key)?,
            "vnodes" => case.vnodes = if v.is_null() { None } else { Some(java_int(v, key)?) },
            "delegate" => case.delegate = string(v, key)?,
            "brokerRooms" => case.broker_rooms = rooms(v, key)?,
            "consumerRooms" => case.consumer_rooms = rooms(v, key)?,
            "consumeridcs" => case.consumeridcs = strings(v, key)?.map(|list| list.into_iter().collect()),
            "config" => case.config = queues(v, key)?,
            "consumerGroup" => case.consumer_group = string(v, key)?,
            "topic" => case.topic = string(v, key)?,
            "queues" => case.queues = queues(v, key)?,
            "cids" => case.cids = strings(v, key)?,
            "currentCid" => case.current_cid = string(v, key)?,
            other => return Err(format!("{other}: unknown field; a case has {}", FIELDS.join(", "))),
        }
    }
    Ok(case)
}

/// Reads cases from `input`, writes one line per case to `output` and flushes it.
///
/// A line that is not UTF-8 or not a case gets `line N: …` and the run goes on; only an
/// I/O error of `input` or `output` ends it.
pub fn run(mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut bytes = Vec::new();
    let mut n = 0usize;
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        n += 1;
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        }
        match std::str::from_utf8(&bytes) {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => match parse_case(line) {
                Ok(case) => write_case(&case, n, &mut output)?,
                Err(message) => write_error(&mut output, &format!("line {n}: {message}"))?,
            },
            Err(e) => {
                let column = e.valid_up_to() + 1;
                write_error(&mut output, &format!("line {n}: column {column}: the line is not valid UTF-8"))?;
            }
        }
        output.flush()?;
    }
    output.flush()
}

fn write_error(output: &mut impl Write, message: &str) -> io::Result<()> {
    serde_json::to_writer(&mut *output, &error_json(message))?;
    output.write_all(b"\n")
}

fn error_json(message: &str) -> Value {
    json!({ "error": { "message": message } })
}

fn queues_json(queues: &[MessageQueue]) -> Vec<QueueJson> {
    queues.iter().map(QueueJson::from).collect()
}

/// Runs one case and writes its line: RebalanceImpl's sorting, then the strategy.
/// `n` is the case's line number, for the errors this tool (not RocketMQ) raises.
pub fn write_case(case: &CaseJson, n: usize, output: &mut impl Write) -> io::Result<()> {
    let topic = case.topic.clone().unwrap_or_else(|| "TopicTest".to_owned());
    let to_mq = |q: &QueueJson| MessageQueue::new(topic.clone(), q.broker_name.clone(), q.queue_id);
    let queues: Vec<MessageQueue> = case.queues.iter().flatten().map(to_mq).collect();
    // Java's sort may throw (`MessageQueue.compareTo` overflows on extreme queue ids).
    let mq_all = match rebalance_mq_all(&queues) {
        Ok(mq_all) => mq_all,
        Err(e) => return write_error(output, &e.to_string()),
    };
    let mut cid_all: Vec<String> = case.cids.clone().unwrap_or_default();
    sort_cids(&mut cid_all);
    let strategy = match build_strategy(case, &topic, &mq_all, &cid_all) {
        Ok(s) => s,
        Err(Refusal::RocketMq(message)) => return write_error(output, &message),
        Err(Refusal::Field(message)) => return write_error(output, &format!("line {n}: {message}")),
    };
    let group = case.consumer_group.as_deref().unwrap_or("DEFAULT_CONSUMER");
    match &case.current_cid {
        Some(current) => {
            let answer = match allocate(&strategy, group, current, &mq_all, &cid_all) {
                Ok(a) => {
                    let mut out = json!({ "result": queues_json(&a.queues) });
                    if let Some(log) = a.log {
                        out["log"] = Value::String(log);
                    }
                    out
                }
                Err(e) => error_json(&e.to_string()),
            };
            serde_json::to_writer(&mut *output, &answer)?;
            output.write_all(b"\n")
        }
        // `assign` sorts the queues as given, as RebalanceImpl does.
        None => match assign(&MessageModel::Clustering(strategy), &queues, &cid_all) {
            Ok(g) => write_group(&g, output),
            Err(e) => write_error(output, &e.to_string()),
        },
    }
}

/// `{"assignment": {cid: [...]}, "unassigned": [...]}`, one member at a time. Cids are in
/// byte order; a cid given twice appears once, with its last member's list.
fn write_group(g: &GroupAssignment, output: &mut impl Write) -> io::Result<()> {
    let by_cid: BTreeMap<&str, usize> =
        g.members.iter().enumerate().map(|(m, member)| (member.cid.as_str(), m)).collect();
    output.write_all(b"{\"assignment\":{")?;
    for (i, (cid, m)) in by_cid.into_iter().enumerate() {
        if i > 0 {
            output.write_all(b",")?;
        }
        serde_json::to_writer(&mut *output, cid)?;
        output.write_all(b":")?;
        serde_json::to_writer(&mut *output, &g.member_queue_iter(m).map(QueueOut::from).collect::<Vec<_>>())?;
    }
    output.write_all(b"},\"unassigned\":")?;
    let unassigned: Vec<QueueOut<'_>> =
        g.unassigned().into_iter().filter_map(|q| g.queues.get(q)).map(QueueOut::from).collect();
    serde_json::to_writer(&mut *output, &unassigned)?;
    output.write_all(b"}\n")
}

/// Why a case has no strategy: RocketMQ's own message, or a field of this tool's input.
enum Refusal {
    RocketMq(String),
    Field(String),
}

fn build_strategy(
    case: &CaseJson,
    topic: &str,
    mq_all: &[MessageQueue],
    cid_all: &[String],
) -> Result<Strategy, Refusal> {
    let parse =
        |field: &str, name: &str| StrategyKind::parse(name).map_err(|e| Refusal::Field(format!("{field}: {e}")));
    let kind = parse("strategy", case.strategy.as_deref().unwrap_or(StrategyKind::Averagely.name()))?;
    let simple = |kind: StrategyKind| -> Result<Strategy, Refusal> {
        Ok(match kind {
            StrategyKind::Averagely => Strategy::Averagely,
            StrategyKind::AveragelyByCircle => Strategy::AveragelyByCircle,
            StrategyKind::ConsistentHash => {
                let vnodes = case.vnodes.unwrap_or(i64::from(DEFAULT_VIRTUAL_NODES));
                // `new AllocateMessageQueueConsistentHash(int)` refuses a negative count.
                let strategy = Strategy::consistent_hash(vnodes).map_err(|e| Refusal::RocketMq(e.to_string()))?;
                let nodes = u64::try_from(cid_all.len()).unwrap_or(u64::MAX).saturating_mul(vnodes.unsigned_abs());
                if nodes > MAX_RING_NODES {
                    return Err(Refusal::Field(format!(
                        "vnodes: {vnodes} virtual nodes × {} consumers is a ring of {nodes} nodes; this tool builds at most {MAX_RING_NODES}",
                        cid_all.len()
                    )));
                }
                strategy
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
                return Err(Refusal::Field(
                    "delegate: the delegate of MACHINE_ROOM_NEARBY must be another strategy".to_owned(),
                ))
            }
        })
    };
    if kind != StrategyKind::MachineRoomNearby {
        return simple(kind);
    }
    let delegate = simple(parse("delegate", case.delegate.as_deref().unwrap_or(StrategyKind::Averagely.name()))?)?;
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
            "{\"error\":{\"message\":\"mqAll is null or mqAll empty\"}}\n{\"error\":{\"message\":\"line 2: column 2: expected ident\"}}\n{\"error\":{\"message\":\"illegal virtualNodeCnt :-1\"}}\n",
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
            "{\"error\":{\"message\":\"line 1: strategy: unknown strategy \\\"RANDOM\\\": expected AVG, AVG_BY_CIRCLE, CONSISTENT_HASH, MACHINE_ROOM_NEARBY, MACHINE_ROOM or CONFIG\"}}\n",
        );
    }
}
