//! `rebalance-lab allocate` sorts `mqAll` as RocketMQ's `Collections.sort(mqAll)` does: a list
//! Java sorted (`rebalance_core/tests/data/java-sort.jsonl`, see GOLDEN.md there) given out of
//! order comes out in Java's order, and a list Java's sort throws on gets Java's message as
//! that line's error. A single consumer running AVG gets all of `mqAll`, in order, through both
//! the one-consumer and the group path. Every vector is replayed through the model in
//! `rebalance_core/tests/java_sort.rs`; here one of each kind goes through the binary.

use serde_json::{json, Value};

mod support;

const VECTORS: &str = include_str!("../../rebalance_core/tests/data/java-sort.jsonl");

#[test]
fn binary_sorts_like_java_collections_sort() {
    let (mut inputs, mut expected) = (Vec::new(), Vec::new());
    let (mut reordered, mut thrown) = (false, false);
    for line in VECTORS.lines() {
        let v: Value = serde_json::from_str(line).expect("vector");
        let queues = v["queues"].as_array().expect("queues");
        // The CLI's cases have one topic.
        if queues.iter().any(|q| q[0] != queues[0][0]) {
            continue;
        }
        // The first list that Java reorders and the first that Java's sort throws on.
        match v.get("sorted") {
            Some(sorted) if !reordered && *sorted != v["queues"] => reordered = true,
            None if !thrown => thrown = true,
            _ => continue,
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
    assert!(reordered && thrown, "the vectors hold a list Java reorders and one it throws on");
    assert_eq!(inputs.len(), 4);

    let (success, lines) = support::allocate(inputs.join("\n").as_bytes());
    assert!(success);
    assert_eq!(lines.len(), expected.len());
    for (i, (got, want)) in lines.iter().zip(&expected).enumerate() {
        assert_eq!(got, want, "case {}: {}", i + 1, inputs[i]);
    }
}
