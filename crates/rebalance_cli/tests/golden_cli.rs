//! The `rebalance-lab allocate` binary reproduces the golden files: every allocate/edge line,
//! turned into a CLI case, gives RocketMQ's result, log or error message.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{json, Value};

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

    let mut child = Command::new(env!("CARGO_BIN_EXE_rebalance-lab"))
        .arg("allocate")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run rebalance-lab");
    let mut stdin = child.stdin.take().expect("stdin");
    let text = inputs.join("\n");
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let output = child.wait_with_output().expect("output");
    writer.join().expect("writer thread").expect("write");
    assert!(output.status.success());
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .expect("utf8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("json out"))
        .collect();
    assert_eq!(lines.len(), expected.len());
    for (i, (got, want)) in lines.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "case {}: {}", i + 1, inputs[i]);
    }
}
