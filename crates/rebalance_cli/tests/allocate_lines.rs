//! `rebalance-lab allocate` through the binary: every bad line is an error for that line
//! (naming the line and the field), the run goes on, and answers are written line by line.

use std::io::{BufRead, Write};

use serde_json::Value;

mod support;

use support::allocate;

fn message(v: &Value) -> &str {
    v["error"]["message"].as_str().unwrap_or_else(|| panic!("not an error: {v}"))
}

const GOOD: &str = r#"{"strategy":"AVG","queues":[{"brokerName":"b","queueId":0}],"cids":["c1"],"currentCid":"c1"}"#;

#[test]
fn vnodes_beyond_java_int_is_an_error_for_that_line_and_the_run_goes_on() {
    let input = format!(
        "{GOOD}\n{}\n{}\n{GOOD}\n",
        r#"{"strategy":"CONSISTENT_HASH","vnodes":2147483648,"queues":[{"brokerName":"b","queueId":0}],"cids":["c1","c2"],"currentCid":"c1"}"#,
        r#"{"strategy":"MACHINE_ROOM_NEARBY","delegate":"CONSISTENT_HASH","vnodes":-2147483649,"queues":[{"brokerName":"b","queueId":0}],"cids":["c1"],"currentCid":"c1"}"#,
    );
    let (ok, lines) = allocate(input.as_bytes());
    assert!(ok);
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(message(&lines[1]), "line 2: vnodes: 2147483648 does not fit Java's int (-2147483648 to 2147483647)");
    assert_eq!(message(&lines[2]), "line 3: vnodes: -2147483649 does not fit Java's int (-2147483648 to 2147483647)");
    assert_eq!(lines[0], lines[3]);
    assert!(lines[3]["result"].is_array());
}

#[test]
fn a_ring_too_large_to_build_is_an_error_for_that_line() {
    // Java's int holds 2,147,483,647 virtual nodes; two consumers make a ring of 4.3 billion.
    let input = format!(
        "{GOOD}\n{}\n{}\n{GOOD}\n",
        r#"{"strategy":"CONSISTENT_HASH","vnodes":2147483647,"queues":[{"brokerName":"b","queueId":0}],"cids":["c1","c2"],"currentCid":"c1"}"#,
        r#"{"strategy":"CONSISTENT_HASH","vnodes":2147483647,"queues":[{"brokerName":"b","queueId":0}],"cids":["c1","c2"]}"#,
    );
    let (ok, lines) = allocate(input.as_bytes());
    assert!(ok);
    assert_eq!(lines.len(), 4, "{lines:?}");
    for (n, line) in [(2, &lines[1]), (3, &lines[2])] {
        assert_eq!(
            message(line),
            format!("line {n}: vnodes: 2147483647 virtual nodes × 2 consumers is a ring of 4294967294 nodes; this tool builds at most 10000000")
        );
    }
    // The count itself is legal: with no consumers the ring is empty and the group has no
    // members.
    let empty =
        r#"{"strategy":"CONSISTENT_HASH","vnodes":2147483647,"queues":[{"brokerName":"b","queueId":0}],"cids":[]}"#;
    let (_, lines) = allocate(format!("{empty}\n").as_bytes());
    assert_eq!(lines[0]["assignment"], serde_json::json!({}));
}

#[test]
fn invalid_utf8_is_an_error_for_that_line_and_the_run_goes_on() {
    let mut input = Vec::new();
    input.extend_from_slice(GOOD.as_bytes());
    input.extend_from_slice(b"\n{\"cids\":[\"c\xff1\"]}\n");
    input.extend_from_slice(GOOD.as_bytes());
    input.extend_from_slice(b"\r\n");
    let (ok, lines) = allocate(&input);
    assert!(ok);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(message(&lines[1]), "line 2: column 12: the line is not valid UTF-8");
    assert_eq!(lines[0], lines[2]);
}

#[test]
fn every_error_names_its_line_and_field() {
    let cases = [
        (r#"{"queues":[{"brokerName":"b","queueId":"0"}],"cids":["c"]}"#, "queues[0].queueId: expected a whole number, found a string"),
        (r#"{"queues":[{"brokerName":"b","queueId":2147483648}],"cids":["c"]}"#, "queues[0].queueId: 2147483648 does not fit Java's int (-2147483648 to 2147483647)"),
        (r#"{"queues":[{"brokerName":"b"}],"cids":["c"]}"#, "queues[0].queueId: missing"),
        (r#"{"queues":[{"brokerName":"b","queueId":0,"topic":"T"}]}"#, "queues[0].topic: unknown field; a queue has brokerName and queueId"),
        (r#"{"config":[{"brokerName":1,"queueId":0}]}"#, "config[0].brokerName: expected a string, found a number"),
        (r#"{"cids":["a",7]}"#, "cids[1]: expected a string, found a number"),
        (r#"{"cids":"a"}"#, "cids: expected an array, found a string"),
        (r#"{"vnodes":1.5,"strategy":"CONSISTENT_HASH"}"#, "vnodes: 1.5 is not a whole number"),
        (r#"{"vnodes":"10"}"#, "vnodes: expected a whole number, found a string"),
        (r#"{"brokerRooms":{"a":1}}"#, "brokerRooms.a: expected a string, found a number"),
        (r#"{"strategy":"AVG","strategy":"CONFIG"}"#, "strategy: the field is given twice"),
        (r#"{"stratgy":"AVG"}"#, "stratgy: unknown field; a case has strategy, vnodes, delegate, brokerRooms, consumerRooms, consumeridcs, config, consumerGroup, topic, queues, cids, currentCid"),
        (r#"{"strategy":"RANDOM"}"#, "strategy: unknown strategy \"RANDOM\": expected AVG, AVG_BY_CIRCLE, CONSISTENT_HASH, MACHINE_ROOM_NEARBY, MACHINE_ROOM or CONFIG"),
        (r#"{"strategy":"MACHINE_ROOM_NEARBY","delegate":"NOPE"}"#, "delegate: unknown strategy \"NOPE\": expected AVG, AVG_BY_CIRCLE, CONSISTENT_HASH, MACHINE_ROOM_NEARBY, MACHINE_ROOM or CONFIG"),
        ("[]", "a case is a JSON object with named fields (e.g. {\"queues\": [...], \"cids\": [...]}), not an array"),
        (r#"["AVG",10,null,null,null,null,null,"G","T",[],["c"],"c"]"#, "a case is a JSON object with named fields (e.g. {\"queues\": [...], \"cids\": [...]}), not an array"),
        ("42", "invalid type: integer `42`, expected one case as a JSON object, e.g. {\"queues\": [...], \"cids\": [...]}"),
        (r#"{"cids":["a"}"#, "column 13: expected `,` or `]`"),
        (r#"{"cids":["a"]"#, "column 13: EOF while parsing an object"),
    ];
    let input: String = cases.iter().map(|(line, _)| format!("{line}\n\n")).collect();
    let (ok, lines) = allocate(input.as_bytes());
    assert!(ok);
    assert_eq!(lines.len(), cases.len(), "{lines:?}");
    for (i, ((case, want), got)) in cases.iter().zip(&lines).enumerate() {
        // Every case is followed by a blank line: case i is on line 2i+1.
        assert_eq!(message(got), format!("line {}: {want}", 2 * i + 1), "{case}");
    }
}

#[test]
fn answers_are_written_as_soon_as_each_line_is_read() {
    let (mut child, mut stdin, mut stdout) = support::spawn_allocate();
    // With stdin still open, each answer must arrive before the next case is sent (an
    // answer kept in a buffer would block this read, and would be lost if the run died).
    for _ in 0..3 {
        writeln!(stdin, "{GOOD}").expect("write");
        stdin.flush().expect("flush");
        let mut answer = String::new();
        stdout.read_line(&mut answer).expect("read");
        let v: Value = serde_json::from_str(&answer).expect("json");
        assert_eq!(v["result"][0]["queueId"], 0);
    }
    drop(stdin);
    assert!(child.wait().expect("exit").success());
}

/// Peak resident memory (kB) of a running process.
#[cfg(target_os = "linux")]
fn peak_rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("proc status");
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).expect("VmHWM");
    line.split_whitespace().nth(1).and_then(|v| v.parse().ok()).expect("kB")
}

#[cfg(target_os = "linux")]
#[test]
fn a_config_group_line_is_streamed_not_built_in_memory() {
    // CONFIG gives each of 2,000 consumers the same 500 queues: a line of about 50 MB.
    let config: Vec<String> =
        (0..500).map(|q| format!(r#"{{"brokerName":"broker-hangzhou-a","queueId":{q}}}"#)).collect();
    let cids: Vec<String> = (0..2000).map(|c| format!("\"192.168.0.{c}@{c}\"")).collect();
    let case = format!(
        r#"{{"strategy":"CONFIG","config":[{}],"queues":[{}],"cids":[{}]}}"#,
        config.join(","),
        config.join(","),
        cids.join(",")
    );
    let (mut child, mut stdin, mut stdout) = support::spawn_allocate();
    writeln!(stdin, "{case}").expect("write");
    stdin.flush().expect("flush");
    let mut line = String::new();
    stdout.read_line(&mut line).expect("read");
    // The process is still running (stdin is open): its peak memory so far covers the line.
    let peak_kb = peak_rss_kb(child.id());
    drop(stdin);
    assert!(child.wait().expect("exit").success());

    let v: Value = serde_json::from_str(&line).expect("json");
    let assignment = v["assignment"].as_object().expect("assignment");
    assert_eq!(assignment.len(), 2000);
    assert!(assignment.values().all(|list| list.as_array().is_some_and(|l| l.len() == 500)));
    assert_eq!(
        assignment["192.168.0.7@7"][499],
        serde_json::json!({"brokerName": "broker-hangzhou-a", "queueId": 499})
    );
    let line_kb = line.len() as u64 / 1024;
    assert!(line_kb > 30_000, "{line_kb} kB");
    assert!(peak_kb < line_kb, "peak {peak_kb} kB for a line of {line_kb} kB: the line was held in memory");
}
