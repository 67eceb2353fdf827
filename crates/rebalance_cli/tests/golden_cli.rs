//! The `rebalance-lab allocate` binary passes a case to the model as given and writes its
//! answer as RocketMQ gives it: every edge line of the golden files (inputs used as given,
//! RocketMQ's error messages, the `[BUG]` log) and one allocate line of each shape (strategy
//! and its fields), turned into CLI cases. That every golden line reproduces through the
//! model is `rebalance_core/tests/golden.rs`.

use std::collections::BTreeSet;

use serde_json::{json, Value};

mod support;

const GOLDEN: &str = include_str!("../../rebalance_core/tests/data/allocate-public.jsonl");

#[test]
fn binary_reproduces_the_golden_edges_and_one_line_of_each_shape() {
    let mut inputs = Vec::new();
    let mut expected = Vec::new();
    let mut shapes = BTreeSet::new();
    for line in GOLDEN.lines() {
        let v: Value = serde_json::from_str(line).expect("golden json");
        let kind = v["kind"].as_str().unwrap_or_default();
        // A null currentCid means "the whole group" on the command line; the Java null case
        // is covered by the empty-string line next to it.
        if (kind != "allocate" && kind != "edge") || v["currentCid"].is_null() {
            continue;
        }
        let shape = (v["strategy"].to_string(), ["vnodes", "delegate", "consumeridcs"].map(|k| v[k].is_null()));
        if !shapes.insert(shape) && kind == "allocate" {
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
    assert!(inputs.len() > 50 && shapes.len() >= 5, "{} cases, {} shapes", inputs.len(), shapes.len());
    assert!(expected.iter().any(|e| e.get("error").is_some()) && expected.iter().any(|e| e.get("log").is_some()));

    let (success, lines) = support::allocate(inputs.join("\n").as_bytes());
    assert!(success);
    assert_eq!(lines.len(), expected.len());
    for (i, (got, want)) in lines.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "case {}: {}", i + 1, inputs[i]);
    }
}
