//! `rebalance-lab allocate` sorts `mqAll` as RocketMQ's `Collections.sort(mqAll)` does, also
//! when `MessageQueue.compareTo` overflows (queue ids more than `i32::MAX` apart): the lists
//! Java sorted (`rebalance_core/tests/data/java-sort.jsonl`, see GOLDEN.md there) come out in
//! Java's order, and where Java's sort throws the line gets Java's message. A single consumer
//! running AVG gets all of `mqAll`, in order, through both the one-consumer and the group path.

use serde_json::{json, Value};

mod support;

const VECTORS: &str = include_str!("../../rebalance_core/tests/data/java-sort.jsonl");

#[test]
fn binary_sorts_like_java_collections_sort() {
    let (mut inputs, mut expected) = (Vec::new(), Vec::new());
    for line in VECTORS.lines() {
        let v: Value = serde_json::from_str(line).expect("vector");
        let queues = v["queues"].as_array().expect("queues");
        // The CLI's cases have one topic.
        if queues.iter().any(|q| q[0] != queues[0][0]) {
            continue;
        }
        let as_json = |list: &Value| -> Value {
            list.as_array().expect("list").iter().map(|q| json!({ "brokerName": q[1], "queueId": q[2] })).collect()
        };
        let case = json!({ "strategy": "AVG", "topic": queues[0][0], "queues": as_json(&v["queues"]), "cids": ["c1"] });
        let mut one = case.clone();
        one["currentCid"] = json!("c1");
        inputs.push(one.to_string());
        inputs.push(case.to_string());
        match v.get("sorted") {
            Some(sorted) => {
                expected.push(json!({ "result": as_json(sorted) }));
                expected.push(json!({ "assignment": { "c1": as_json(sorted) }, "unassigned": [] }));
            }
            None => {
                let error = json!({ "error": { "message": v["error"] } });
                expected.push(error.clone());
                expected.push(error);
            }
        }
    }
    assert!(inputs.len() > 100, "{} cases", inputs.len());
    assert!(expected.iter().any(|e| e.get("error").is_some()), "some lists make Java throw");

    let (success, lines) = support::allocate(inputs.join("\n").as_bytes());
    assert!(success);
    assert_eq!(lines.len(), expected.len());
    for (i, (got, want)) in lines.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "case {}: {}", i + 1, inputs[i]);
    }
}
