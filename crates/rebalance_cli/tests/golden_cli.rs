//! The `rebalance-lab allocate` binary reproduces the golden files: every allocate/edge line,
//! turned into a CLI case, gives RocketMQ's result, log or error message.

use serde_json::{json, Value};

mod support;

const GOLDEN: &str = include_str!("../../rebalance_core/tests/data/allocate-public.jsonl");

#[test]
fn binary_reproduces_every_golden_line() {
    let mut inputs = Vec::new();
    let mut expected = Vec::new();
    for line in GOLDEN.lines() {
        let v: Value = serde_json::from_str(line).expect("golden json");
        let kind = v["kind"].as_str().unwrap_or_default();
        // A null currentCid means "the whole group" on the command line; the Java null case
        // is covered by the empty-string line next to it.
        if (kind != "allocate" && kind != "edge") || v["currentCid"].is_null() {
            continue;
        }
        let mut case = json!({
            "strategy": v["strategy"], "topic": v["topic"], "queues": v["queues"], "cids": v["cids"],
            "currentCid": v["currentCid"], "consumerGroup": "GID_golden",
        });
        for key in ["vnodes", "delegate", "consumeridcs"] {
            if !v[key].is_null() {
                case[key] = v[key].clone();
            }
        }
        inputs.push(case.to_string());
        let mut answer = serde_json::Map::new();
        match v["error"].get("message") {
            Some(message) => {
                answer.insert("error".into(), json!({ "message": message }));
            }
            None => {
                answer.insert("result".into(), v["result"].clone());
                if let Some(log) = v["log"].as_str() {
                    answer.insert("log".into(), json!(log));
                }
            }
        }
        expected.push(Value::Object(answer));
    }
    assert!(inputs.len() > 1500, "{} cases", inputs.len());

    let (success, lines) = support::allocate(inputs.join("\n").as_bytes());
    assert!(success);
    assert_eq!(lines.len(), expected.len());
    for (i, (got, want)) in lines.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "case {}: {}", i + 1, inputs[i]);
    }
}
