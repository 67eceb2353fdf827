//! Offsets, `mqadmin consumerProgress` text, reset by time (and the planner's properties), checked
//! against SPEC sections 5 and 6 and against RocketMQ's exact text layout.

use std::collections::BTreeMap;

use proptest::prelude::*;
use rebalance_core::mqadmin::{self, RenderOptions};
use rebalance_core::offset::{self, progress_report, QueueProgress};
use rebalance_core::plan::{self, Goal, Model, PlanInput};
use rebalance_core::reset::{self, Direction, QueueResetInput, StoreSample};
use rebalance_core::{Error, MessageQueue};

/// 2026-06-20 03:00:00 UTC.
const NOW: i64 = 1_781_924_400_000;

fn sp(n: usize) -> String {
    " ".repeat(n)
}

// ---------------------------------------------------------------- mqadmin render

#[test]
fn header_bytes_without_client_ip() {
    // "%-64s  %-32s  %-4s  %-20s  %-20s  %-20s %-20s%s%n"
    let want = format!(
        "#Topic{}  #Broker Name{}  #QID  #Broker Offset{}  #Consumer Offset{}  #Diff{} #Inflight{}#LastTime\n",
        sp(64 - 6),
        sp(32 - 12),
        sp(20 - 14),
        sp(20 - 16),
        sp(20 - 5),
        sp(20 - 9),
    );
    assert_eq!(want.len(), 201);
    let text = mqadmin::render(&[], &RenderOptions::default());
    assert_eq!(text.lines().next().map(|l| format!("{l}\n")), Some(want));
    assert_eq!(
        text.split_once('\n').map(|(_, rest)| rest),
        Some("\nConsume TPS: 0.00\nConsume Diff Total: 0\nConsume Inflight Total: 0\n")
    );
}

#[test]
fn header_bytes_with_client_ip() {
    // "%-64s  %-32s  %-4s  %-20s  %-20s  %-20s %-20s %-20s%s%n"
    let want = format!(
        "#Topic{}  #Broker Name{}  #QID  #Broker Offset{}  #Consumer Offset{}  #Client IP{} #Diff{} #Inflight{}#LastTime\n",
        sp(58),
        sp(20),
        sp(6),
        sp(4),
        sp(10),
        sp(15),
        sp(11),
    );
    let opts = RenderOptions { client_ips: Some(BTreeMap::new()), ..RenderOptions::default() };
    let text = mqadmin::render(&[], &opts);
    assert!(text.starts_with(&want), "{text:?}");
}

#[test]
fn seed_rows_exactly() {
    let mut queues = offset::seed_example(NOW);
    queues.reverse(); // rendering sorts by MessageQueue order
    let mut ips = BTreeMap::new();
    ips.insert(MessageQueue::new("OrderEvent", "broker-a", 0), "192.168.0.7".to_owned());
    let opts = RenderOptions { client_ips: Some(ips), consume_tps: 1.005, utc_offset_minutes: 480 };
    let text = mqadmin::render(&queues, &opts);
    let lines: Vec<&str> = text.lines().collect();
    let row = |broker: &str, qid: &str, max: &str, consumer: &str, ip: &str, diff: &str, inflight: &str, last: &str| {
        format!(
            "OrderEvent{}  {broker}{}  {qid}{}  {max}{}  {consumer}{}  {ip}{} {diff}{} {inflight}{} {last}",
            sp(54),
            sp(32 - broker.len()),
            sp(4 - qid.len()),
            sp(20 - max.len()),
            sp(20 - consumer.len()),
            sp(20 - ip.len()),
            sp(20 - diff.len()),
            sp(20 - inflight.len()),
        )
    };
    assert_eq!(lines.len(), 8);
    assert_eq!(
        lines.get(1).copied(),
        Some(row("broker-a", "0", "6200", "5000", "192.168.0.7", "1200", "32", "2026-06-20 10:55:59").as_str())
    );
    assert_eq!(
        lines.get(2).copied(),
        Some(row("broker-a", "1", "5900", "5100", "N/A", "800", "0", "2026-06-20 10:56:59").as_str())
    );
    assert_eq!(lines.get(3).copied(), Some(row("broker-b", "2", "6400", "250", "N/A", "6150", "0", "N/A").as_str()));
    assert_eq!(
        lines.get(4..).map(|l| l.join("|")),
        Some("|Consume TPS: 1.01|Consume Diff Total: 8150|Consume Inflight Total: 32".to_owned())
    );
}

#[test]
fn long_names_are_cut_like_front_string_at_least() {
    let topic = "T".repeat(70);
    let broker = "b".repeat(40);
    let q = QueueProgress::new(MessageQueue::new(topic, broker, 3), 0, 10, 4);
    let text = mqadmin::render(&[q], &RenderOptions::default());
    let row = text.lines().nth(1).unwrap_or_default();
    assert!(row.starts_with(&format!("{}  {}  3     10", "T".repeat(64), "b".repeat(32))), "{row}");
    assert_eq!(mqadmin::front_string_at_least("ab\u{1F600}c", 3), "ab?");
    assert_eq!(mqadmin::front_string_at_least("ab\u{1F600}c", 4), "ab\u{1F600}");
}

#[test]
fn java_percent_two_f() {
    let cases = [
        (0.0, "0.00"),
        (0.125, "0.13"),
        (1.005, "1.01"),
        (2.675, "2.68"),
        (1234.5, "1234.50"),
        (0.004, "0.00"),
        (0.005, "0.01"),
        (9.995, "10.00"),
        (-0.0, "-0.00"),
        (-1.5, "-1.50"),
        (1e20, "100000000000000000000.00"),
        (5e-324, "0.00"),
        (f64::NAN, "NaN"),
        (f64::NEG_INFINITY, "-Infinity"),
    ];
    for (x, want) in cases {
        assert_eq!(mqadmin::java_format_fixed(x, 2), want, "{x}");
    }
}

#[test]
fn dates() {
    assert_eq!(mqadmin::format_date_time(NOW, 0), "2026-06-20 03:00:00");
    assert_eq!(mqadmin::format_date_time(NOW, 480), "2026-06-20 11:00:00");
    assert_eq!(mqadmin::format_date_time(NOW, -300), "2026-06-19 22:00:00");
    assert_eq!(mqadmin::format_date_time(-1, 480), "1970-01-01 07:59:59");
    assert_eq!(mqadmin::format_date_time(951_782_400_000, 0), "2000-02-29 00:00:00");
    assert_eq!(mqadmin::format_last_time(Some(0), 480), "N/A");
    assert_eq!(mqadmin::format_last_time(None, 0), "N/A");
    assert_eq!(mqadmin::parse_date_time("2026-06-20", "11:00:00", 480), Some(NOW));
    assert_eq!(mqadmin::parse_date_time("2000-02-29", "00:00:00", 0), Some(951_782_400_000));
    assert_eq!(mqadmin::parse_date_time("2001-02-29", "00:00:00", 0), None);
    assert_eq!(mqadmin::parse_date_time("2026-13-01", "00:00:00", 0), None);
    assert_eq!(mqadmin::parse_date_time("2026-06-20", "24:00:00", 0), None);
    // Extremes do not panic.
    let _ = mqadmin::format_date_time(i64::MAX, i32::MAX);
    let _ = mqadmin::format_date_time(i64::MIN, i32::MIN);
}

// ---------------------------------------------------------------- mqadmin parse

#[test]
fn round_trip_seed_example() {
    for (ips, offset) in [(None, 0), (Some(BTreeMap::new()), 480), (None, -210)] {
        let queues = offset::seed_example(NOW);
        let opts = RenderOptions { client_ips: ips.clone(), consume_tps: 123.456, utc_offset_minutes: offset };
        let text = mqadmin::render(&queues, &opts);
        let parsed = mqadmin::parse_with_offset(&text, offset);
        let parsed = match parsed {
            Ok(p) => p,
            Err(e) => panic!("{e}\n{text}"),
        };
        assert!(!parsed.min_offset_known);
        assert_eq!(parsed.client_ip_column, ips.is_some());
        assert_eq!(parsed.header_line, 1);
        assert_eq!(parsed.consume_tps, Some(123.46));
        assert_eq!(parsed.diff_total, Some(8150));
        assert_eq!(parsed.inflight_total, Some(32));
        assert_eq!(parsed.queues.len(), queues.len());
        for (p, q) in parsed.queues.iter().zip(&queues) {
            assert_eq!(p.progress.mq, q.mq);
            assert_eq!(p.progress.min_offset, 0);
            assert_eq!(p.progress.max_offset, q.max_offset);
            assert_eq!(p.progress.consumer_offset, q.consumer_offset);
            assert_eq!(p.progress.pull_offset, Some(q.pull_offset.unwrap_or(q.consumer_offset)));
            assert_eq!(p.progress.last_timestamp, q.last_timestamp);
            assert_eq!(p.client_ip, None);
            assert_eq!(p.diff, q.max_offset - q.consumer_offset);
        }
        // Without MinOffset the lag of the parsed text is mqadmin's Diff: 50 expired
        // positions on broker-b count as backlog.
        assert_eq!(progress_report(&parsed.progress(), NOW).total_lag, 8150);
    }
}

const PASTED_S_TRUE: &str = "$ sh mqadmin consumerProgress -n ns1:9876 -g order-service -s true\r\n\
RocketMQLog:WARN No appenders could be found for logger (io.netty.util.internal.PlatformDependent0).\r\n\
\r\n\
#Topic    #Broker Name   #QID  #Broker Offset  #Consumer Offset   #Client IP   #Diff  #Inflight   #LastTime\r\n\
OrderEvent   broker-a   0   6200   5000   10.0.0.7   1200   32   2026-06-20 10:55:59\r\n\
\r\n\
\x20  OrderEvent\tbroker-a  1  5900  5100  N/A  800  0  N/A   \r\n\
%RETRY%order-service  broker-b  0  12  12  N/A  0  0  1970-01-01 08:00:01\r\n\
\r\n\
Consume TPS: 0.00\r\n\
Consume Diff Total: 2000\r\n\
Consume Inflight Total: 32\r\n\
$ \r\n";

#[test]
fn parse_pasted_text_with_client_ip_crlf_and_noise() {
    let parsed = match mqadmin::parse_with_offset(PASTED_S_TRUE, 480) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    };
    assert!(parsed.client_ip_column);
    assert_eq!(parsed.header_line, 4);
    let rows: Vec<_> = parsed
        .queues
        .iter()
        .map(|q| {
            (
                q.line,
                q.progress.mq.to_string(),
                q.progress.max_offset,
                q.progress.consumer_offset,
                q.progress.pull_offset,
                q.client_ip.clone(),
                q.progress.last_timestamp,
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (
                5,
                "MessageQueue [topic=OrderEvent, brokerName=broker-a, queueId=0]".to_owned(),
                6200,
                5000,
                Some(5032),
                Some("10.0.0.7".to_owned()),
                Some(NOW - 241_000)
            ),
            (
                7,
                "MessageQueue [topic=OrderEvent, brokerName=broker-a, queueId=1]".to_owned(),
                5900,
                5100,
                Some(5100),
                None,
                None
            ),
            (
                8,
                "MessageQueue [topic=%RETRY%order-service, brokerName=broker-b, queueId=0]".to_owned(),
                12,
                12,
                Some(12),
                None,
                Some(1000)
            ),
        ]
    );
    assert_eq!(parsed.diff_total, Some(2000));
}

#[test]
fn garbage_rows_are_line_numbered_errors() {
    let header = "#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Diff  #Inflight  #LastTime";
    let cases = [
        (format!("noise\n{header}\nT  b  0  10  5  5  0  N/A\nthis is not a row\n"), 4, "expected 7 columns"),
        (format!("{header}\nT  b  x  10  5  5  0  N/A\n"), 2, "#QID \"x\" is not a queue id"),
        (format!("{header}\n\nT  b  0  10  five  5  0  N/A\n"), 3, "#Consumer Offset \"five\" is not an integer"),
        (format!("{header}\nT  b  0  10  5  4  0  N/A\n"), 2, "#Diff 4 is not #Broker Offset 10 - #Consumer Offset 5"),
        (
            format!("{header}\nT  b  0  10  5  5  0  2026-02-30 00:00:00\n"),
            2,
            "neither N/A nor a valid yyyy-MM-dd HH:mm:ss",
        ),
        (format!("{header}\nT  b  0  10  5  5  0  yesterday\n"), 2, "neither N/A nor"),
        // A broker name with a space shifts every column after it.
        (format!("{header}\nT  broker a  0  10  5  5  0  N/A\n"), 2, "#QID \"a\" is not a queue id"),
        ("#Topic  #Broker Name  #QID  #Partition\n".to_owned(), 1, "unknown column #Partition"),
        ("#Topic  #Broker Name  #QID  #Broker Offset\n".to_owned(), 1, "no #Consumer Offset column"),
        ("just some text\nand more\n".to_owned(), 2, "no mqadmin consumerProgress header"),
        // Cut short: the last row without #LastTime, a row missing columns.
        (format!("{header}\nT  b  0  10  5  5  0  N/A\nT  b  1  10  5  5  0\n"), 3, "before #LastTime: was the text cut short?"),
        (format!("{header}\nT  b  0  10  5  5  0  N/A\nT  b  1  10  5\n"), 3, "expected 7 columns before #LastTime but found 5"),
        // A header with nothing after it, or only the footer.
        (format!("noise\n{header}\n\n"), 2, "the header has no queue rows after it"),
        (format!("{header}\n\nConsume TPS: 0.00\nConsume Diff Total: 0\nConsume Inflight Total: 0\n"), 1, "no queue rows"),
        // Footer totals that are not the sums of the rows (a row lost between them).
        (
            format!("{header}\nT  b  0  10  5  5  1  N/A\n\nConsume TPS: 0.00\nConsume Diff Total: 7\nConsume Inflight Total: 1\n"),
            5,
            "Consume Diff Total 7 is not the sum of the rows' #Diff (5)",
        ),
        (
            format!("{header}\nT  b  0  10  5  5  1  N/A\n\nConsume TPS: 0.00\nConsume Diff Total: 5\nConsume Inflight Total: 3\n"),
            6,
            "Consume Inflight Total 3 is not the sum of the rows' #Inflight (1)",
        ),
        (format!("{header}\nT  b  0  10  5  5  1  N/A\n\nConsume Diff Total: 5x\n"), 4, "Consume Diff Total \"5x\" is not a number"),
        (format!("{header}\nT  b  0  10  5  5  1  N/A\n\nConsume TPS: fast\n"), 4, "Consume TPS \"fast\" is not a number"),
        (String::new(), 1, "no mqadmin consumerProgress header"),
    ];
    for (text, line, message) in cases {
        match mqadmin::parse(&text) {
            Err(Error::Parse { line: l, message: m }) => {
                assert_eq!(l, line, "{text:?}: {m}");
                assert!(m.contains(message), "{text:?}: {m}");
            }
            other => panic!("{text:?}: {other:?}"),
        }
    }
}

/// `ConsumerProgressSubCommand`: `diff = brokerOffset - consumerOffset`, unclamped, summed
/// into `Consume Diff Total`. A negative row is read, counted in the totals and not lag.
#[test]
fn a_negative_diff_row_is_read_and_counted() {
    let text = "#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Diff  #Inflight  #LastTime\n\
                OrderEvent  broker-a  0  6200  6230  -30  2  N/A\n\
                OrderEvent  broker-a  1  5900  4700  1200  0  N/A\n\
                \n\
                Consume TPS: 0.00\n\
                Consume Diff Total: 1170\n\
                Consume Inflight Total: 2\n";
    let parsed = match mqadmin::parse(text) {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(parsed.queues.iter().map(|q| q.diff).collect::<Vec<_>>(), vec![-30, 1200]);
    let report = progress_report(&parsed.progress(), NOW);
    assert_eq!(report.queues_with_errors, 0);
    assert_eq!(report.total_diff, 1170);
    assert_eq!(report.total_lag, 1200);
    assert_eq!(report.total_ahead, 30);
    assert_eq!(report.negative_diff_queues, 1);
    assert_eq!(report.total_inflight, 2);
}

#[test]
fn parses_rocketmq_4_layout_without_inflight() {
    let text = "#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Client IP  #Diff  #LastTime\n\
                T  broker-a  0  10  4  NA  6  2019-01-01 00:00:00\n\nDiff Total: 6\n";
    let parsed = mqadmin::parse(text).map_err(|e| e.to_string());
    let q = parsed.as_ref().ok().and_then(|p| p.queues.first());
    assert_eq!(q.map(|q| (q.inflight, q.progress.pull_offset, q.client_ip.clone())), Some((None, None, None)));
    assert_eq!(parsed.ok().and_then(|p| p.diff_total), Some(6));
}

// ---------------------------------------------------------------- reset

#[test]
fn reset_queues_differ_for_the_same_time() {
    // Three queues filled at different speeds: one message per 1 s, 2 s and 10 s from t=0.
    let queue = |id: i32, min: i64, max: i64, consumer: i64, step_ms: i64| QueueResetInput {
        mq: MessageQueue::new("OrderEvent", "broker-a", id),
        min_offset: min,
        max_offset: max,
        consumer_offset: consumer,
        samples: (0..max).map(|o| StoreSample { offset: o, store_timestamp_ms: o * step_ms }).collect(),
    };
    let queues = [queue(0, 0, 1000, 500, 1000), queue(1, 0, 1000, 50, 2000), queue(2, 90, 100, 95, 10_000)];
    let report = reset::reset_by_time(&queues, 200_000);
    let got: Vec<_> =
        report.queues.iter().map(|o| o.result.as_ref().map(|r| (r.new_offset, r.direction)).ok()).collect();
    assert_eq!(got, vec![Some((200, Direction::Replay)), Some((100, Direction::Skip)), Some((90, Direction::Replay))]);
    assert_eq!(report.total_replayed, 300 + 5);
    assert_eq!(report.total_skipped, 50);
    assert_eq!(report.queues_with_errors, 0);
    // MaxOffset is untouched: the reset only moves cursors.
    assert!(queues.iter().all(|q| q.max_offset >= 100));
    let json = serde_json::to_value(&report).unwrap_or_default();
    assert_eq!(json["queues"][1]["reset"]["direction"], "skip");
}

// ---------------------------------------------------------------- properties

fn goal(target: bool, seconds: f64, count: u32) -> Goal {
    if target {
        Goal::Target { seconds }
    } else {
        Goal::Instances { count }
    }
}

fn check_plan(input: &PlanInput) -> Result<(), TestCaseError> {
    if let Ok(p) = plan::plan(input) {
        prop_assert_eq!(p.drain_seconds.is_none(), p.net_drain_rate <= 0.0);
        prop_assert!(p.consume_rate.is_finite() && p.net_drain_rate.is_finite());
        prop_assert!(p.drain_seconds.is_none_or(f64::is_finite));
        prop_assert!(p.required_rate.is_none_or(f64::is_finite));
        prop_assert!(p.steps.iter().all(|s| s.value.is_finite()));
        prop_assert!(p.effective_instances <= p.instances);
        if input.model == Model::QueueLevel {
            prop_assert!(p.effective_instances <= input.queues);
        }
        if let (Some(required), Some(n)) = (p.required_rate, p.instances_needed) {
            if n < u32::MAX {
                prop_assert!(f64::from(n) * input.instance_rate >= required * (1.0 - 1e-12));
            }
        }
        prop_assert!(serde_json::to_string(&p).is_ok());
    }
    Ok(())
}

proptest! {
    #[test]
    fn plan_never_panics_on_any_f64(
        b in any::<f64>(), p in any::<f64>(), r in any::<f64>(), t in any::<f64>(),
        count in any::<u32>(), queues in any::<u32>(), target in any::<bool>(), msg in any::<bool>(),
    ) {
        let model = if msg { Model::MessageLevel } else { Model::QueueLevel };
        check_plan(&PlanInput { backlog: b, produce_rate: p, instance_rate: r, goal: goal(target, t, count), queues, model })?;
    }

    #[test]
    fn plan_holds_on_realistic_inputs(
        b in 0.0..1e9f64, p in 0.0..1e6f64, r in 1.0..1e5f64, t in 1.0..1e5f64,
        count in 1u32..100, queues in 1u32..64, target in any::<bool>(), msg in any::<bool>(),
    ) {
        let model = if msg { Model::MessageLevel } else { Model::QueueLevel };
        let input = PlanInput { backlog: b, produce_rate: p, instance_rate: r, goal: goal(target, t, count), queues, model };
        prop_assert!(plan::plan(&input).is_ok());
        check_plan(&input)?;
    }

    #[test]
    fn progress_never_panics(min in any::<i64>(), max in any::<i64>(), consumer in any::<i64>(), pull in any::<Option<i64>>(), at in any::<Option<i64>>(), now in any::<i64>()) {
        let q = QueueProgress { pull_offset: pull, oldest_pending_at: at, ..QueueProgress::new(MessageQueue::new("T", "b", 0), min, max, consumer) };
        let report = progress_report(&[q.clone(), q.clone()], now);
        if let Some(Ok(l)) = report.queues.first().map(|o| &o.result) {
            prop_assert_eq!(l.diff, l.lag + l.expired - l.ahead);
            prop_assert!(l.lag >= 0 && l.expired >= 0 && l.inflight >= 0 && l.ahead >= 0);
            prop_assert!(l.ahead == 0 || (l.lag == 0 && l.expired == 0));
        }
        prop_assert!(report.oldest_pending_delay_ms.is_none_or(|d| d >= 0));
        let _ = mqadmin::render(&[q], &RenderOptions { consume_tps: f64::from_bits(now as u64), utc_offset_minutes: min as i32, ..RenderOptions::default() });
    }

    #[test]
    fn render_parse_round_trip(
        rows in proptest::collection::vec(("[A-Za-z0-9_%|-]{1,70}", "[a-z0-9-]{1,40}", 0i32..1024, 0i64..1i64 << 50, 0i64..1i64 << 40, 0i64..1000, proptest::option::of(1i64..4_102_444_800_000)), 1..8),
        offset in -720i32..840,
    ) {
        let queues: Vec<QueueProgress> = rows.iter().map(|(t, b, id, max, consumer, inflight, last)| QueueProgress {
            pull_offset: Some(consumer + inflight),
            last_timestamp: last.map(|ms| ms / 1000 * 1000),
            ..QueueProgress::new(MessageQueue::new(t.as_str(), b.as_str(), *id), 0, *max, *consumer)
        }).collect();
        let text = mqadmin::render(&queues, &RenderOptions { utc_offset_minutes: offset, ..RenderOptions::default() });
        let parsed = mqadmin::parse_with_offset(&text, offset);
        prop_assert!(parsed.is_ok(), "{:?}\n{}", parsed, text);
        let mut sorted: Vec<&QueueProgress> = queues.iter().collect();
        sorted.sort_by(|a, b| a.mq.cmp(&b.mq));
        let got: Vec<QueueProgress> = parsed.map(|p| p.progress()).unwrap_or_default();
        prop_assert_eq!(got.len(), sorted.len());
        for (g, q) in got.iter().zip(sorted) {
            prop_assert_eq!(&g.mq.topic, &mqadmin::front_string_at_least(&q.mq.topic, 64));
            prop_assert_eq!(&g.mq.broker_name, &mqadmin::front_string_at_least(&q.mq.broker_name, 32));
            prop_assert_eq!((g.max_offset, g.consumer_offset, g.pull_offset, g.last_timestamp), (q.max_offset, q.consumer_offset, q.pull_offset, q.last_timestamp));
        }
    }

    #[test]
    fn a_render_without_queues_is_refused_when_read_back(offset in -720i32..840) {
        let text = mqadmin::render(&[], &RenderOptions { utc_offset_minutes: offset, ..RenderOptions::default() });
        let parsed = mqadmin::parse_with_offset(&text, offset);
        prop_assert!(matches!(parsed, Err(Error::Parse { line: 1, .. })), "{:?}", parsed);
    }

    #[test]
    fn parse_never_panics(text in "(\\PC|\\s|#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Diff  #Inflight  #LastTime\n){0,300}") {
        let _ = mqadmin::parse(&text);
    }

    #[test]
    fn reset_stays_within_min_and_max(min in 0i64..1000, len in 0i64..1000, consumer_at in 0i64..2000, target in any::<i64>(), times in proptest::collection::vec(any::<i64>(), 0..50)) {
        let max = min + len;
        let q = QueueResetInput {
            mq: MessageQueue::new("T", "b", 0),
            min_offset: min,
            max_offset: max,
            consumer_offset: consumer_at.min(max),
            samples: times.iter().enumerate().map(|(i, t)| StoreSample { offset: min + i as i64, store_timestamp_ms: *t }).filter(|s| s.offset < max).collect(),
        };
        if let Ok(r) = reset::reset_queue(&q, target) {
            prop_assert!(min <= r.new_offset && r.new_offset <= max);
            prop_assert_eq!(r.new_offset - r.old_offset, r.skipped - r.replayed);
        }
    }
}
