//! `rebalance-lab progress`: lag, expired and inflight per queue and in total, from JSON or
//! from pasted `mqadmin consumerProgress` text.
//!
//! Every error names where it is: `line L, column C` for JSON that does not parse, the
//! field's path (`queues[2].maxOffset`) for a value of the wrong kind, `line N` in mqadmin
//! text. A queue whose ConsumerOffset is past its MaxOffset (a negative `#Diff`) is counted
//! and explained in `notes`.

use crate::json_kind::kind;
use rebalance_core::mqadmin::{parse, render, RenderOptions};
use rebalance_core::offset::{progress_report, ProgressReport, QueueProgress};
use rebalance_core::MessageQueue;
use serde_json::{Map, Value};

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The lag report as JSON.
    Json,
    /// `mqadmin consumerProgress -g` text.
    Mqadmin,
}

fn object<'v>(v: &'v Value, path: &str, what: &str) -> Result<&'v Map<String, Value>, String> {
    v.as_object().ok_or_else(|| format!("{path}: expected {what}, found {}", kind(v)))
}

/// `path.key`, or `key` at the top.
fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

fn no_unknown(map: &Map<String, Value>, path: &str, known: &[&str]) -> Result<(), String> {
    match map.keys().find(|k| !known.contains(&k.as_str())) {
        Some(key) => Err(format!("{}: unknown field; expected {}", join(path, key), known.join(", "))),
        None => Ok(()),
    }
}

/// An optional whole number (absent or null is `None`).
fn opt_long(map: &Map<String, Value>, path: &str, key: &str) -> Result<Option<i64>, String> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_i64()
            .map(Some)
            .ok_or_else(|| format!("{}: {n} is not a whole number within Java's long", join(path, key))),
        Some(other) => Err(format!("{}: expected a whole number, found {}", join(path, key), kind(other))),
    }
}

fn long(map: &Map<String, Value>, path: &str, key: &str) -> Result<i64, String> {
    opt_long(map, path, key)?.ok_or_else(|| format!("{path}.{key}: missing"))
}

fn text(map: &Map<String, Value>, path: &str, key: &str) -> Result<String, String> {
    match map.get(key) {
        Some(Value::String(s)) => Ok(s.clone()),
        None => Err(format!("{path}.{key}: missing")),
        Some(other) => Err(format!("{path}.{key}: expected a string, found {}", kind(other))),
    }
}

const QUEUE_FIELDS: [&str; 7] =
    ["mq", "minOffset", "maxOffset", "consumerOffset", "pullOffset", "oldestPendingAt", "lastTimestamp"];

fn queue(v: &Value, path: &str) -> Result<QueueProgress, String> {
    let map = object(v, path, "a queue {\"mq\": …, \"minOffset\": …, …}")?;
    no_unknown(map, path, &QUEUE_FIELDS)?;
    let mq_path = format!("{path}.mq");
    let mq = object(map.get("mq").unwrap_or(&Value::Null), &mq_path, "{\"topic\", \"brokerName\", \"queueId\"}")?;
    no_unknown(mq, &mq_path, &["topic", "brokerName", "queueId"])?;
    let queue_id = long(mq, &mq_path, "queueId")?;
    let queue_id =
        i32::try_from(queue_id).map_err(|_| format!("{mq_path}.queueId: {queue_id} does not fit Java's int"))?;
    let mq = MessageQueue::new(text(mq, &mq_path, "topic")?, text(mq, &mq_path, "brokerName")?, queue_id);
    Ok(QueueProgress {
        mq,
        min_offset: long(map, path, "minOffset")?,
        max_offset: long(map, path, "maxOffset")?,
        consumer_offset: long(map, path, "consumerOffset")?,
        pull_offset: opt_long(map, path, "pullOffset")?,
        oldest_pending_at: opt_long(map, path, "oldestPendingAt")?,
        last_timestamp: opt_long(map, path, "lastTimestamp")?,
    })
}

fn queue_list(v: &Value, path: &str) -> Result<Vec<QueueProgress>, String> {
    let Value::Array(items) = v else {
        return Err(format!("{path}: expected a list of queues, found {}", kind(v)));
    };
    items.iter().enumerate().map(|(i, item)| queue(item, &format!("{path}[{i}]"))).collect()
}

/// JSON input: a list of queues, or `{ "queues": [...], "now": ms }`.
pub fn read_json(text: &str) -> Result<(Vec<QueueProgress>, Option<i64>), String> {
    let v: Value = serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let message = message.strip_suffix(&suffix).unwrap_or(&message);
        format!("line {}, column {}: {message}", e.line(), e.column())
    })?;
    match &v {
        Value::Array(_) => Ok((queue_list(&v, "queues")?, None)),
        Value::Object(map) => {
            no_unknown(map, "", &["queues", "now"])?;
            let queues = map.get("queues").ok_or("queues: missing")?;
            Ok((queue_list(queues, "queues")?, opt_long(map, "", "now")?))
        }
        other => Err(format!("expected a list of queues or {{\"queues\": [...], \"now\": ms}}, found {}", kind(other))),
    }
}

/// One sentence per queue whose ConsumerOffset is past its MaxOffset.
pub fn notes(report: &ProgressReport) -> Vec<String> {
    report
        .queues
        .iter()
        .filter_map(|o| o.result.as_ref().ok().filter(|l| l.ahead > 0).map(|l| (&o.mq, l)))
        .map(|(mq, l)| {
            format!(
                "{mq}: #Diff {} is negative: the ConsumerOffset is {} past the MaxOffset. mqadmin reads the broker offset \
                 before the consumer offset (a group consuming at the head can commit in between), or the broker \
                 switched over to a slave that is behind, or the store was truncated. Counted with lag 0; its Diff \
                 stays in the Diff total, as in mqadmin's Consume Diff Total.",
                l.diff, l.ahead
            )
        })
        .collect()
}

/// Reads `text` (JSON, or mqadmin text when `from_mqadmin`), answers in `format`.
pub fn run(text: &str, from_mqadmin: bool, format: Format, now: Option<i64>) -> Result<String, String> {
    let (queues, json_now) = if from_mqadmin {
        let parsed = parse(text).map_err(|e| e.to_string())?;
        (parsed.progress(), None)
    } else {
        read_json(text).map_err(|e| format!("not progress JSON: {e}"))?
    };
    let now = now.or(json_now).unwrap_or(0);
    match format {
        Format::Json => {
            let report = progress_report(&queues, now);
            let mut value = serde_json::to_value(&report).map_err(|e| e.to_string())?;
            let notes = notes(&report);
            if let (Some(map), false) = (value.as_object_mut(), notes.is_empty()) {
                map.insert("notes".to_owned(), notes.into());
            }
            serde_json::to_string_pretty(&value).map(|s| s + "\n").map_err(|e| e.to_string())
        }
        Format::Mqadmin => Ok(render(&queues, &RenderOptions::default())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rebalance_core::offset::seed_example;

    #[test]
    fn seed_example_from_json_and_back_from_mqadmin_text() {
        let now = 1_700_000_000_000;
        let json = serde_json::to_string(&seed_example(now)).expect("json");
        let report: serde_json::Value =
            serde_json::from_str(&run(&json, false, Format::Json, Some(now)).expect("valid")).expect("json");
        assert_eq!(report["totalLag"], 8100);
        assert_eq!(report["totalExpired"], 50);
        assert_eq!(report["oldestPendingDelayMs"], 12 * 60 * 1000);

        let text = run(&json, false, Format::Mqadmin, Some(now)).expect("valid");
        assert!(text.contains("Consume Diff Total: 8150"), "{text}");
        // mqadmin text carries no MinOffset: lag equals Diff there, and the tool says so by
        // counting the expired positions as lag.
        let back: serde_json::Value =
            serde_json::from_str(&run(&text, true, Format::Json, Some(now)).expect("valid")).expect("json");
        assert_eq!(back["totalLag"], 8150);
    }

    #[test]
    fn bad_input_is_a_clear_message() {
        assert!(run("[{]", false, Format::Json, None).expect_err("bad").starts_with("not progress JSON"));
        assert!(run("#Topic  #Broker Name\nx y z\n", true, Format::Json, None).expect_err("bad").starts_with("line "));
    }
}
