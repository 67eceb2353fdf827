//! `rebalance-lab simulate` through the binary: event scripts whose mistakes are errors naming
//! the line and the field (an unknown field, an event naming a consumer or queue that does not
//! exist), never ignored; durations in ms, s, m, h and d.

use std::path::PathBuf;

mod support;

fn script(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("rebalance-lab-sim-{}-{name}.json", std::process::id()));
    std::fs::write(&path, text).expect("temp file");
    path
}

/// Runs `simulate` with `args`; (success, stdout, stderr).
fn simulate(args: &[&str]) -> (bool, String, String) {
    let out = support::binary().arg("simulate").args(args).output().expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn refused(name: &str, text: &str) -> String {
    let path = script(name, text);
    let (ok, stdout, stderr) = simulate(&["--events", &path.to_string_lossy(), "--duration", "90s"]);
    let _ = std::fs::remove_file(&path);
    assert!(!ok, "{name}: accepted\n{stdout}");
    assert!(stdout.is_empty(), "{name}: printed a result\n{stdout}");
    stderr
}

#[test]
fn an_unknown_field_of_an_event_is_an_error_with_its_line() {
    let err = refused(
        "unknown-field",
        "[\n  {\"atMs\": 1000, \"kind\": \"join\"},\n  {\"atMs\": 2000, \"kind\": \"crash\",\n   \"cid\": \"192.168.0.1\", \"chanelClosed\": false}\n]",
    );
    assert!(err.contains("line 4: events[1].chanelClosed: unknown field"), "{err}");
}

#[test]
fn an_unknown_field_of_the_configuration_or_the_script_is_an_error_with_its_line() {
    let err = refused(
        "config-field",
        "{\n \"config\": {\n  \"client\": {\"persistIntervalMS\": 1000}\n },\n \"events\": []\n}",
    );
    assert!(err.contains("line 3: config.client.persistIntervalMS: unknown field"), "{err}");
    let err = refused("top-field", "{\n \"evnets\": []\n}");
    assert!(err.contains("unknown field `evnets`") && err.contains("line 2"), "{err}");
}

#[test]
fn an_event_naming_a_consumer_that_is_not_running_is_an_error() {
    let err = refused(
        "no-consumer",
        "[\n {\"atMs\": 1000, \"kind\": \"stop\", \"cid\": \"192.168.0.1\"},\n {\"atMs\": 5000, \"kind\": \"crash\", \"cid\": \"192.168.0.9\"}\n]",
    );
    assert!(err.contains("line 3: events[1].cid: crash: no running consumer \"192.168.0.9\" at 5000 ms"), "{err}");
    // Stopped before: the second stop names a consumer that no longer runs.
    let err = refused(
        "stopped",
        "[{\"atMs\": 1000, \"kind\": \"stop\", \"cid\": \"192.168.0.1\"},\n {\"atMs\": 2000, \"kind\": \"pause\", \"cid\": \"192.168.0.1\", \"durationMs\": 10}]",
    );
    assert!(err.contains("line 2: events[1].cid: pause: no running consumer"), "{err}");
}

#[test]
fn an_event_naming_a_queue_that_does_not_exist_is_an_error() {
    let err = refused("no-queue", "[\n\n {\"atMs\": 1000, \"kind\": \"failMessages\", \"queue\": 99, \"count\": 1}]");
    assert!(err.contains("line 3: events[0].queue: failMessages: queue 99 does not exist"), "{err}");
}

#[test]
fn a_refused_value_names_the_event_in_file_order_and_its_line() {
    // The later event comes first in the file: the error still names events[0], line 2.
    let err = refused(
        "bad-value",
        "[\n {\"atMs\": 9000, \"kind\": \"pause\", \"cid\": \"192.168.0.1\", \"durationMs\": 0},\n {\"atMs\": 1000, \"kind\": \"join\"}\n]",
    );
    assert!(err.contains("line 2: events[0] (pause): durationMs 0 is out of range"), "{err}");
}

#[test]
fn durations_take_ms_s_m_h_and_d() {
    for (given, ms) in [("1500ms", "1500"), ("90s", "90000"), ("2m", "120000"), ("1h", "3600000"), ("1m30s", "90000")] {
        let (ok, out, err) = simulate(&["--scenario", "crash", "--json", "--duration", given]);
        assert!(ok, "{given}: {err}");
        assert!(out.contains(&format!("\"durationMs\": {ms}")), "{given}: {out}");
    }
    let (ok, _, err) = simulate(&["--scenario", "crash", "--duration", "1d"]);
    assert!(ok || err.contains("the duration must be"), "1d is a duration: {err}");
    for wrong in ["1h1h", "30m1h", "1,5", "10 minutes"] {
        let (ok, _, err) = simulate(&["--scenario", "crash", "--duration", wrong]);
        assert!(!ok && err.contains("--duration") && err.contains("not a duration"), "{wrong}: {err}");
    }
}

#[test]
fn a_valid_script_with_every_consumer_present_runs() {
    let path = script(
        "valid",
        "{\"config\": {\"topic\": {\"queuesPerBroker\": 4}}, \"durationMs\": 60000,\n \"events\": [{\"atMs\": 1000, \"kind\": \"join\", \"cid\": \"10.0.0.9@1\"},\n {\"atMs\": 20000, \"kind\": \"stop\", \"cid\": \"10.0.0.9\"},\n {\"atMs\": 30000, \"kind\": \"queueCount\", \"writeQueueNums\": 2}]}",
    );
    let (ok, out, err) = simulate(&["--events", &path.to_string_lossy(), "--json"]);
    let _ = std::fs::remove_file(&path);
    assert!(ok, "{err}");
    assert!(out.contains("\"durationMs\": 60000"), "{out}");
}

#[test]
fn log_prints_one_line_per_log_entry_with_time_source_and_level() {
    let (ok, out, err) = simulate(&["--scenario", "crash", "--log"]);
    assert!(ok, "{err}");
    for line in out.lines() {
        let mut parts = line.splitn(4, ' ');
        let (at, source, level, text) = (parts.next(), parts.next(), parts.next(), parts.next());
        let at = at.unwrap_or_default();
        assert!(at.split_once('.').is_some_and(|(s, ms)| s.parse::<u64>().is_ok() && ms.len() == 3), "{line}");
        assert!(source.is_some_and(|s| !s.is_empty()), "{line}");
        assert!(matches!(level, Some("INFO" | "WARN" | "ERROR" | "NOTE")), "{line}");
        assert!(text.is_some_and(|t| !t.is_empty()), "{line}");
    }
    assert!(out.contains("INFO the consumer [cg-demo] start OK."), "{out}");
    // The simulator's annotations are no RocketMQ lines: the script's events and a killed process.
    assert!(out.contains(" script NOTE "), "{out}");
    assert!(out.contains(" NOTE process killed: nothing persisted"), "{out}");
    assert!(out.contains("INFO client rebalanced result changed. allocateMessageQueueStrategyName=AVG"), "{out}");
    // The broker's own words (ConsumerGroupInfo.updateChannel / doChannelCloseEvent) and the
    // client's on a notification (ClientRemotingProcessor.notifyConsumerIdsChanged).
    assert!(out.contains(" broker INFO new consumer connected, group: cg-demo CONSUME_PASSIVELY CLUSTERING channel: ClientChannelInfo [channel=[id: 0x"), "{out}");
    assert!(out.contains(" broker WARN NETTY EVENT: remove not active channel[ClientChannelInfo [channel="), "{out}");
    assert!(out.contains(" INFO receive broker's notification[10.0.0.1:10911], the consumer group: cg-demo changed, rebalance immediately"), "{out}");
    let (ok, _, err) = simulate(&["--scenario", "crash", "--log", "--trace"]);
    assert!(!ok && err.contains("--trace"), "{err}");
}

/// The stuck-message preset prints the figures it exists to show, the core's for the same
/// seed (the core's tests hold them to RocketMQ's rules).
#[test]
fn the_stuck_message_preset_prints_its_figures_in_json() {
    let (ok, out, err) = simulate(&["--scenario", "stuck-message-pins-offset", "--json", "--seed", "7"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let s = rebalance_core::simulate::scenario::by_name("stuck-message-pins-offset").expect("preset");
    let mut sim = rebalance_core::simulate::Simulation::from_scenario(&s, 7).expect("valid");
    sim.run_until(s.duration_ms);
    let sum = sim.summary();
    assert!(sum.redelivered > 0 && sum.max_finished_above_offset > 0, "{sum:?}");
    assert_eq!(v["scenario"], "stuck-message-pins-offset");
    assert_eq!(v["redelivered"].as_u64(), Some(sum.redelivered));
    assert_eq!(v["maxFinishedAboveOffset"].as_u64(), Some(sum.max_finished_above_offset));
    assert_eq!(v["maxSpanPausedQueues"].as_u64(), Some(u64::from(sum.max_span_paused_queues)));
    assert_eq!(v["expiredSentBack"].as_u64(), Some(0));
    let (ok, text, err) = simulate(&["--scenario", "stuck-message-pins-offset", "--seed", "7"]);
    assert!(ok, "{err}");
    let row = text.lines().find(|l| l.starts_with("redelivered (already finished)")).unwrap_or_default();
    assert!(row.ends_with(&rebalance_core::plan::format_count(sum.redelivered)), "{text}");
}

/// `stuckMessage` in a script, with the two client settings it depends on; a group it is not
/// modelled for and a queue that does not exist are errors naming the field.
#[test]
fn a_stuck_message_script_runs_and_its_mistakes_are_errors() {
    let path = script(
        "stuck",
        "{\"config\": {\"client\": {\"consumeTimeoutMinutes\": 1, \"consumeConcurrentlyMaxSpan\": 500}},\n \"durationMs\": 150000,\n \"events\": [{\"atMs\": 1000, \"kind\": \"stuckMessage\", \"queue\": 2}]}",
    );
    let (ok, out, err) = simulate(&["--events", &path.to_string_lossy(), "--json"]);
    let _ = std::fs::remove_file(&path);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["expiredSentBack"].as_u64(), Some(1), "sent back at the run at 2 min: {out}");
    let err = refused(
        "stuck-pop",
        "{\"config\": {\"group\": {\"model\": \"POP\"}},\n \"events\": [\n {\"atMs\": 1000, \"kind\": \"stuckMessage\", \"queue\": 1}]}",
    );
    assert!(
        err.contains("line 3: events[0].kind: stuckMessage is modelled for concurrent CLUSTERING consumption only"),
        "{err}"
    );
    let err = refused("stuck-queue", "[{\"atMs\": 1000, \"kind\": \"stuckMessage\", \"queue\": 99, \"count\": 2}]");
    assert!(err.contains("line 1: events[0].queue: stuckMessage: queue 99 does not exist"), "{err}");
    let err = refused("stuck-count", "[{\"atMs\": 1000, \"kind\": \"stuckMessage\", \"queue\": 1, \"count\": 0}]");
    assert!(err.contains("events[0] (stuckMessage): count 0 is out of range"), "{err}");
}

/// The broker and shrink presets print their figures in `--json` and the text summary; the
/// values are the core's for the same seed (the core's tests hold them to RocketMQ's rules).
#[test]
fn the_broker_and_shrink_presets_print_their_figures() {
    let summary = |name: &str| {
        let s = rebalance_core::simulate::scenario::by_name(name).expect("preset");
        let mut sim = rebalance_core::simulate::Simulation::from_scenario(&s, 7).expect("valid");
        sim.run_until(s.duration_ms);
        sim.summary()
    };
    let (ok, out, err) = simulate(&["--scenario", "broker-restart", "--json", "--seed", "7"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let sum = summary("broker-restart");
    assert!(sum.failed_pulls > 0 && sum.max_unpulled_ms >= 60_000, "{sum:?}");
    assert_eq!(v["failedPulls"].as_u64(), Some(sum.failed_pulls));
    assert_eq!(v["maxUnpulledMs"].as_u64(), Some(sum.max_unpulled_ms));
    assert_eq!(v["maxOfflineLag"].as_u64(), Some(sum.max_offline_lag));
    assert_eq!(v["queueHandoffs"].as_u64(), Some(6));
    let (ok, text, err) = simulate(&["--scenario", "broker-restart", "--seed", "7"]);
    assert!(ok, "{err}");
    let row = text.lines().find(|l| l.starts_with("longest unpulled (broker stopped)")).unwrap_or_default();
    assert!(row.ends_with(&rebalance_core::plan::format_seconds_ms(sum.max_unpulled_ms)), "{text}");
    for (name, stranded) in
        [("shrink-queues-unsafe", summary("shrink-queues-unsafe").final_stranded), ("shrink-queues-safe", 0)]
    {
        let (ok, out, err) = simulate(&["--scenario", name, "--json", "--seed", "7"]);
        assert!(ok, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        assert_eq!(v["finalStranded"].as_u64(), Some(stranded), "{name}");
    }
    assert!(summary("shrink-queues-unsafe").final_stranded > 0);
}

/// `brokerStop` / `brokerStart` in a script on a topic with two brokers; a broker the topic does
/// not have, and a stop of a stopped broker, are errors naming the line and the field.
#[test]
fn a_broker_script_runs_and_its_mistakes_are_errors() {
    let config = "\"config\": {\"topic\": {\"brokers\": [{\"name\": \"broker-a\"}, {\"name\": \"broker-b\"}]}}";
    let path = script(
        "broker",
        &format!(
            "{{{config},\n \"durationMs\": 180000,\n \"events\": [{{\"atMs\": 10000, \"kind\": \"brokerStop\", \"broker\": \"broker-b\"}},\n  {{\"atMs\": 70000, \"kind\": \"brokerStart\", \"broker\": \"broker-b\"}}]}}"
        ),
    );
    let (ok, out, err) = simulate(&["--events", &path.to_string_lossy(), "--json"]);
    let _ = std::fs::remove_file(&path);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert!(v["failedPulls"].as_u64().is_some_and(|n| n > 0), "{out}");
    assert!(v["maxUnpulledMs"].as_u64().is_some_and(|ms| ms >= 60_000), "{out}");
    let err = refused("broker-unknown", "[{\"atMs\": 1000, \"kind\": \"brokerStop\", \"broker\": \"broker-x\"}]");
    assert!(
        err.contains(
            "line 1: events[0] (brokerStop.broker): \"broker-x\" is not a broker of the topic (it has broker-a)"
        ),
        "{err}"
    );
    let err = refused(
        "broker-twice",
        "[{\"atMs\": 1000, \"kind\": \"brokerStop\", \"broker\": \"broker-a\"},\n {\"atMs\": 2000, \"kind\": \"brokerStop\", \"broker\": \"broker-a\"}]",
    );
    assert!(err.contains("line 2: events[1].broker: broker broker-a is already stopped at 2000 ms"), "{err}");
}

/// The retry-to-dlq preset prints the figures it exists to show, the core's for the same seed
/// (the core's tests hold them to RocketMQ's rules): 5 dead letters, 16 retries of each, 17
/// deliveries, the last retry 4 h 45 min 40 s after the first failure at 60 s.
#[test]
fn the_retry_to_dlq_preset_prints_its_figures_in_json() {
    let (ok, out, err) = simulate(&["--scenario", "retry-to-dlq", "--json", "--seed", "7"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let max = rebalance_core::retry::DEFAULT_MAX_RECONSUME_TIMES;
    let last = 60_000 + rebalance_core::retry::delay_before_dead_letter_ms(max);
    assert_eq!(v["scenario"], "retry-to-dlq");
    assert_eq!(v["deadLettered"].as_u64(), Some(5));
    assert_eq!(v["retriesDelivered"].as_u64(), Some(5 * u64::from(max)));
    assert_eq!(v["maxReconsumeTimes"].as_u64(), Some(u64::from(max)));
    assert_eq!(v["lastRetryMs"].as_u64(), Some(last));
    assert_eq!(v["retryPending"].as_u64(), Some(0));
    let (ok, text, err) = simulate(&["--scenario", "retry-to-dlq", "--seed", "7"]);
    assert!(ok, "{err}");
    let row = |label: &str| text.lines().find(|l| l.starts_with(label)).unwrap_or_default().to_owned();
    assert!(row("retries delivered (%RETRY%)").ends_with(" 80"), "{text}");
    let deliveries = rebalance_core::retry::deliveries(max).to_string();
    assert!(row("most deliveries of one message").ends_with(&format!(" {deliveries}")), "{text}");
    assert!(row("last retry at").ends_with(&rebalance_core::plan::format_seconds_ms(last)), "{text}");
}

/// `failMessages` in a script with a lower maxReconsumeTimes: 3 messages of Q1 fail from 5 s,
/// are retried twice (10 s, then 30 s later) and dead-lettered; a group it is not modelled
/// for, a queue that does not exist and a count of 0 are errors naming the field.
#[test]
fn a_fail_messages_script_retries_and_dead_letters_and_its_mistakes_are_errors() {
    let path = script(
        "fail",
        "{\"config\": {\"tickMs\": 1000, \"client\": {\"maxReconsumeTimes\": 2}},\n \"durationMs\": 120000,\n \"events\": [{\"atMs\": 5000, \"kind\": \"failMessages\", \"queue\": 1, \"count\": 3}]}",
    );
    let (ok, out, err) = simulate(&["--events", &path.to_string_lossy(), "--json"]);
    let _ = std::fs::remove_file(&path);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["deadLettered"].as_u64(), Some(3), "{out}");
    assert_eq!(v["retriesDelivered"].as_u64(), Some(6), "{out}");
    assert_eq!(v["maxReconsumeTimes"].as_u64(), Some(2), "{out}");
    assert_eq!(v["lastRetryMs"].as_u64(), Some(5_000 + rebalance_core::retry::delay_before_dead_letter_ms(2)), "{out}");
    let err = refused(
        "fail-pop",
        "{\"config\": {\"group\": {\"model\": \"POP\"}},\n \"events\": [\n {\"atMs\": 1000, \"kind\": \"failMessages\", \"queue\": 1, \"count\": 1}]}",
    );
    assert!(err.contains("line 3: events[0].kind: failMessages is modelled for CLUSTERING consumption only"), "{err}");
    let err = refused("fail-queue", "[{\"atMs\": 1000, \"kind\": \"failMessages\", \"queue\": 99, \"count\": 2}]");
    assert!(err.contains("line 1: events[0].queue: failMessages: queue 99 does not exist"), "{err}");
    let err = refused("fail-count", "[{\"atMs\": 1000, \"kind\": \"failMessages\", \"queue\": 1, \"count\": 0}]");
    assert!(err.contains("events[0] (failMessages): count 0 is out of range"), "{err}");
}

/// The new-group preset prints where the group started and the history it read, the core's
/// figures for the same seed (the core's tests derive them from `consume_from`).
#[test]
fn the_new_group_preset_prints_its_figures_in_json_and_text() {
    let (ok, out, err) = simulate(&["--scenario", "new-group-last-offset", "--json", "--seed", "7"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["scenario"], "new-group-last-offset");
    assert_eq!(v["queuesStartedWithoutOffset"].as_u64(), Some(4));
    assert_eq!((v["minStartWithoutOffset"].as_u64(), v["maxStartWithoutOffset"].as_u64()), (Some(0), Some(0)));
    assert_eq!(v["historyRead"].as_u64(), Some(20_000));
    let (ok, text, err) = simulate(&["--scenario", "new-group-last-offset", "--seed", "7"]);
    assert!(ok, "{err}");
    let row = text.lines().find(|l| l.starts_with("history read by a new group")).unwrap_or_default();
    assert!(row.ends_with("20,000"), "{text}");
}

/// `group.newGroup`, `group.consumeFromWhere` (RocketMQ's names) and
/// `topic.firstMessageInMemory` in a script's configuration: an old topic sends a new group
/// with LAST_OFFSET to MaxOffset, FIRST_OFFSET reads the history; a bad value names its field.
#[test]
fn a_new_group_script_runs_and_its_mistakes_are_errors() {
    let run = |name: &str, from: &str| {
        let path = script(
            name,
            &format!(
                "{{\"config\": {{\"group\": {{\"newGroup\": true, \"consumeFromWhere\": \"{from}\"}},\n \"topic\": {{\"queuesPerBroker\": 2, \"backlogPerQueue\": 3000, \"produceRate\": 0, \"firstMessageInMemory\": false}}}},\n \"durationMs\": 60000, \"events\": []}}"
            ),
        );
        let (ok, out, err) = simulate(&["--events", &path.to_string_lossy(), "--json"]);
        let _ = std::fs::remove_file(&path);
        assert!(ok, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        (v["maxStartWithoutOffset"].as_u64(), v["historyRead"].as_u64(), v["filtered"].as_u64())
    };
    // No production: MaxOffset stays 3,000, so LAST_OFFSET starts there and passes the 2 × 3,000
    // stored messages over; FIRST_OFFSET starts at 0 and reads them.
    assert_eq!(run("old-last", "CONSUME_FROM_LAST_OFFSET"), (Some(3_000), Some(0), Some(6_000)));
    assert_eq!(run("old-first", "CONSUME_FROM_FIRST_OFFSET"), (Some(0), Some(6_000), Some(0)));
    let err = refused("from-bad", "{\"config\": {\"group\": {\"consumeFromWhere\": \"CONSUME_FROM_MIDDLE\"}}}");
    assert!(err.contains("config.group.consumeFromWhere: unknown variant `CONSUME_FROM_MIDDLE`"), "{err}");
    let err = refused("new-pop", "{\"config\": {\"group\": {\"newGroup\": true, \"model\": \"POP\"}}}");
    assert!(err.contains("group.newGroup") && err.contains("CLUSTERING only"), "{err}");
}

/// CONSUME_FROM_TIMESTAMP in a script: an old topic of 2 queues × 3,600 messages at 1 msg/s
/// each (the history spans the hour before the run). `consumeTimestampMs` -600000 (10 minutes
/// before) is the last 600 of each queue: the group starts at 3,000 and reads 1,200; the
/// default (30 min before the consumer's creation at 0) starts at 1,800. A value that is not
/// a whole number of ms, or lies beyond a year, names the field.
#[test]
fn a_timestamp_script_starts_where_the_search_says_and_bad_timestamps_are_errors() {
    let run = |name: &str, timestamp: &str| {
        let path = script(
            name,
            &format!(
                "{{\"config\": {{\"group\": {{\"newGroup\": true, \"consumeFromWhere\": \"CONSUME_FROM_TIMESTAMP\"{timestamp}}},\n \"topic\": {{\"queuesPerBroker\": 2, \"backlogPerQueue\": 3600, \"produceRate\": 2, \"firstMessageInMemory\": false}}}},\n \"durationMs\": 60000, \"events\": []}}"
            ),
        );
        let (ok, out, err) = simulate(&["--events", &path.to_string_lossy(), "--json"]);
        let _ = std::fs::remove_file(&path);
        assert!(ok, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        (v["maxStartWithoutOffset"].as_u64(), v["historyRead"].as_u64(), v["consumeTimestampMs"].as_i64())
    };
    // 1 msg/s: the messages stored at or after T before the run are the last |T| / 1000.
    let (history, queues) = (3_600, 2);
    let start = |t: u64| history - t / 1_000;
    assert_eq!(
        run("ts-set", ", \"consumeTimestampMs\": -600000"),
        (Some(start(600_000)), Some(queues * (history - start(600_000))), Some(-600_000))
    );
    assert_eq!(
        run("ts-default", ""),
        (Some(start(1_800_000)), Some(queues * (history - start(1_800_000))), Some(-1_800_000))
    );
    for (name, value, says) in [
        ("ts-text", "\"20231114000000\"", "invalid type: string"),
        ("ts-fraction", "-1.5", "invalid type: floating point"),
        ("ts-far", "-40000000000", "out of range"),
    ] {
        let err = refused(name, &format!("{{\"config\": {{\"group\": {{\"consumeTimestampMs\": {value}}}}}}}"));
        assert!(err.contains("group.consumeTimestampMs") && err.contains(says), "{name}: {err}");
    }
    // NaN is no JSON: the syntax error names the key whose value it is.
    let err = refused("ts-nan", "{\"config\": {\"group\": {\"consumeTimestampMs\": NaN}}}");
    assert!(err.contains("line 1") && err.contains("in the value of consumeTimestampMs"), "{err}");
    let (ok, out, err) = simulate(&["--scenario", "new-group-timestamp", "--json", "--seed", "7"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!((v["maxStartWithoutOffset"].as_u64(), v["historyRead"].as_u64()), (Some(3_600), Some(14_400)));
    assert_eq!(v["consumeTimestampMs"].as_i64(), Some(-1_800_000));
    let (ok, text, err) = simulate(&["--scenario", "new-group-timestamp", "--seed", "7"]);
    assert!(ok, "{err}");
    let row = text.lines().find(|l| l.starts_with("consumeTimestamp searched")).unwrap_or_default();
    assert!(row.ends_with("-1,800,000"), "{text}");
}

/// The container preset prints the clash before the redeploy and its absence after.
#[test]
fn the_container_cid_clash_preset_prints_its_figures_in_json() {
    let (ok, out, err) = simulate(&["--scenario", "container-cid-clash", "--json", "--seed", "7"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!((v["maxOverlappingQueuesFor1s"].as_u64(), v["maxOrphanQueuesFor1s"].as_u64()), (Some(3), Some(3)));
    assert_eq!((v["finalOverlappingQueues"].as_u64(), v["finalOrphanQueues"].as_u64()), (Some(0), Some(0)));
}

/// `resetOffsetByTime` in a script: the offline group's offsets move to the time, and with
/// consumers online it is an error naming the event.
#[test]
fn a_reset_by_time_script_runs_offline_and_is_refused_online() {
    let path = script(
        "reset-offline",
        "{\"config\": {\"consumers\": [], \"topic\": {\"queuesPerBroker\": 2, \"produceRate\": 200}},\n \"durationMs\": 30000,\n \"events\": [{\"atMs\": 20000, \"kind\": \"resetOffsetByTime\", \"timestampMs\": 10000}]}",
    );
    let (ok, out, err) = simulate(&["--events", &path.to_string_lossy(), "--json"]);
    let _ = std::fs::remove_file(&path);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    // 100 msg/s per queue: offset k is stored at (k + 1) × 10 ms, so 10 s is offset 999; at the
    // end (30 s) each queue holds 3,000, and the lag is 2 × (3,000 − 999).
    assert_eq!(v["finalGroupLag"].as_u64(), Some(2 * (3_000 - 999)), "{out}");
    let err = refused("reset-online", "[{\"atMs\": 1000, \"kind\": \"resetOffsetByTime\", \"timestampMs\": 0}]");
    assert!(
        err.contains("line 1: events[0].kind: resetOffsetByTime is modelled for a group with no consumer online"),
        "{err}"
    );
}
