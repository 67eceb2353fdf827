//! `rebalance-lab progress` through the binary: negative `#Diff` rows are counted and
//! explained, cut or inconsistent mqadmin text is refused with its line, and JSON errors
//! name the field.

use serde_json::Value;

mod support;

/// Runs `progress` with `args` on `input`: `Ok(stdout)` or `Err(stderr)`.
fn progress(args: &[&str], input: &str) -> Result<String, String> {
    let output = support::run(&[&["progress"], args].concat(), input.as_bytes());
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("utf8");
    if output.status.success() {
        Ok(text(output.stdout))
    } else {
        Err(text(output.stderr))
    }
}

const HEADER: &str = "#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Diff  #Inflight  #LastTime";

/// `ConsumerProgressSubCommand` prints `brokerOffset - consumerOffset` unclamped and sums it
/// into `Consume Diff Total`; the broker reads the MaxOffset before the consumer offset.
#[test]
fn a_negative_diff_row_is_accepted_counted_and_explained() {
    let text = format!(
        "{HEADER}\nOrderEvent  broker-a  0  6200  6230  -30  0  N/A\nOrderEvent  broker-a  1  5900  4700  1200  5  N/A\n\n\
         Consume TPS: 0.00\nConsume Diff Total: 1170\nConsume Inflight Total: 5\n"
    );
    let out = progress(&["--from-mqadmin"], &text).expect("accepted");
    let report: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(report["queuesWithErrors"], 0);
    assert_eq!(report["totalDiff"], 1170);
    assert_eq!(report["totalLag"], 1200);
    assert_eq!(report["totalAhead"], 30);
    assert_eq!(report["negativeDiffQueues"], 1);
    assert_eq!(report["queues"][0]["lag"]["diff"], -30);
    assert_eq!(report["queues"][0]["lag"]["lag"], 0);
    let notes = report["notes"].as_array().expect("notes");
    assert_eq!(notes.len(), 1);
    let note = notes[0].as_str().unwrap_or_default();
    assert!(
        note.starts_with("MessageQueue [topic=OrderEvent, brokerName=broker-a, queueId=0]: #Diff -30 is negative"),
        "{note}"
    );
    assert!(note.contains("30 past the MaxOffset"), "{note}");

    // The same row back as mqadmin text keeps its negative Diff and the total.
    let back = progress(&["--from-mqadmin", "--format", "mqadmin"], &text).expect("accepted");
    assert!(back.contains("Consume Diff Total: 1170"), "{back}");
}

#[test]
fn cut_or_inconsistent_mqadmin_text_is_refused_with_its_line() {
    let row = "OrderEvent  broker-a  0  6200  5000  1200  0  N/A";
    let cases = [
        (
            format!("{HEADER}\n{row}\nOrderEvent  broker-a  1  5900  5100  800  0\n"),
            "line 3: the row ends after 7 columns, before #LastTime",
        ),
        (
            format!("{HEADER}\n{row}\nOrderEvent  broker-a  1  59\n"),
            "line 3: expected 7 columns before #LastTime but found 4",
        ),
        (
            format!("{HEADER}\n{row}\n\nConsume TPS: 0.00\nConsume Diff Total: 2000\nConsume Inflight Total: 0\n"),
            "line 5: Consume Diff Total 2000 is not the sum of the rows' #Diff (1200)",
        ),
        (
            format!("{HEADER}\n{row}\n\nConsume TPS: 0.00\nConsume Diff Total: 1200\nConsume Inflight Total: 9\n"),
            "line 6: Consume Inflight Total 9 is not the sum of the rows' #Inflight (0)",
        ),
        (
            format!("$ sh mqadmin consumerProgress -g G\n{HEADER}\n\nConsume TPS: 0.00\nConsume Diff Total: 0\n"),
            "line 2: the header has no queue rows after it",
        ),
    ];
    for (text, want) in cases {
        let err = progress(&["--from-mqadmin"], &text).expect_err(&text);
        assert!(err.starts_with(&format!("rebalance-lab: {want}")), "{text}\n{err}");
    }
}

#[test]
fn json_errors_name_the_field_or_the_line() {
    let q = r#"{"mq":{"topic":"T","brokerName":"b","queueId":0},"minOffset":0,"maxOffset":10,"consumerOffset":5}"#;
    let cases = [
        (
            format!("[{q}, {}]", q.replace("\"maxOffset\":10", "\"maxOffset\":\"10\"")),
            "queues[1].maxOffset: expected a whole number, found a string",
        ),
        (
            format!("[{}]", q.replace("\"queueId\":0", "\"queueId\":2147483648")),
            "queues[0].mq.queueId: 2147483648 does not fit Java's int",
        ),
        (format!("[{}]", q.replace("\"minOffset\":0,", "")), "queues[0].minOffset: missing"),
        (format!("[{}]", q.replace("\"minOffset\"", "\"minOfset\"")), "queues[0].minOfset: unknown field"),
        (format!("{{\"queues\":[{q}],\"now\":\"soon\"}}"), "now: expected a whole number, found a string"),
        (format!("{{\"queue\":[{q}]}}"), "queue: unknown field; expected queues, now"),
        ("{\"now\":1}".to_owned(), "queues: missing"),
        ("\"text\"".to_owned(), "expected a list of queues or {\"queues\": [...], \"now\": ms}, found a string"),
        (format!("[\n{q},\n{q}"), "line 3, column 97: EOF while parsing a list"),
    ];
    for (text, want) in cases {
        let err = progress(&[], &text).expect_err(&text);
        assert!(err.starts_with(&format!("rebalance-lab: not progress JSON: {want}")), "{text}\n{err}");
        assert!(!err.contains("untagged"), "{err}");
    }
}
