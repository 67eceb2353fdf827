//! Real `mqadmin consumerProgress` output: `%RETRY%` rows, POP retry rows, a negative `#Diff`,
//! read in `ConsumerProgressSubCommand`'s exact layout and split by what each topic is.

use rebalance_core::group_topic::{classify, kinds, totals_by_kind, GroupTopic, KindTotal};
use rebalance_core::mqadmin::{self, field_example, field_example_text};
use rebalance_core::offset::progress_report;
use rebalance_core::retry::{sent_back, SentBack, DEFAULT_MAX_RECONSUME_TIMES};

const NOW: i64 = 1_781_924_400_000;

/// The rows as `ConsumerProgressSubCommand` prints them: `%-64s  %-32s  %-4d  %-20d  %-20d
/// %-20d %-20d %s`, sorted by MessageQueue (so `%RETRY%…` comes before letters).
fn row(topic: &str, broker: &str, qid: i32, max: i64, consumer: i64, inflight: i64) -> String {
    format!(
        "{topic:<64}  {broker:<32}  {qid:<4}  {max:<20}  {consumer:<20}  {:<20} {inflight:<20} N/A\n",
        max - consumer
    )
}

fn header() -> String {
    format!(
        "{:<64}  {:<32}  {:<4}  {:<20}  {:<20}  {:<20} {:<20}#LastTime\n",
        "#Topic", "#Broker Name", "#QID", "#Broker Offset", "#Consumer Offset", "#Diff", "#Inflight"
    )
}

#[test]
fn the_field_example_is_read_back_with_its_retry_rows_and_negative_diff() {
    let text = field_example_text(NOW);
    // MessageQueue order puts the retry topic first, as the real command prints it.
    let first_row = text.lines().nth(1).unwrap_or_default();
    assert!(first_row.starts_with("%RETRY%order-service "), "{text}");
    // 12 + 0 + 12 + 29 − 3030 + 0: mqadmin sums the negative Diff as it is.
    assert!(text.contains("Consume Diff Total: -2977\n"), "{text}");
    assert!(text.contains("Consume Inflight Total: 41\n"), "{text}");
    assert!(text.contains("Consume TPS: 57.30\n"), "{text}");

    let parsed = mqadmin::parse(&text).expect("the example parses");
    assert_eq!(parsed.progress().len(), 6);
    let report = progress_report(&parsed.progress(), NOW);
    assert_eq!(report.queues_with_errors, 0);
    assert_eq!(
        (report.total_diff, report.total_lag, report.total_ahead, report.negative_diff_queues),
        (-2977, 12 + 12 + 29, 3030, 1)
    );

    let by_kind = totals_by_kind(&report);
    assert_eq!(by_kind.retry, KindTotal { queues: 2, diff: 12, lag: 12 });
    // 12 + 29 + (1180 − 4210) + 0; the lag leaves the negative queue out.
    assert_eq!(by_kind.business, KindTotal { queues: 4, diff: -2989, lag: 12 + 29 });
    assert_eq!(by_kind.pop_retry, KindTotal::default());
    assert_eq!(by_kind.business.diff + by_kind.retry.diff, report.total_diff);

    let kinds = kinds(&report);
    assert_eq!(kinds.first(), Some(&GroupTopic::Retry { group: "order-service".to_owned() }));
    assert_eq!(kinds.get(2), Some(&GroupTopic::Business));
    // The example's own rows agree with its table.
    assert_eq!(field_example(NOW).iter().filter(|q| q.consumer_offset > q.max_offset).count(), 1);
}

/// A message in `%RETRY%<group>` has failed at least once; its first redelivery comes after
/// delay level 3 (10 s), its 16th after level 18 (2 h), then `%DLQ%<group>`.
#[test]
fn retry_rows_wait_out_the_delay_levels() {
    assert_eq!(sent_back(0, DEFAULT_MAX_RECONSUME_TIMES), SentBack::Retry { level: 3, delay_ms: 10_000 });
    assert_eq!(sent_back(15, DEFAULT_MAX_RECONSUME_TIMES), SentBack::Retry { level: 18, delay_ms: 7_200_000 });
    assert_eq!(sent_back(16, DEFAULT_MAX_RECONSUME_TIMES), SentBack::DeadLetter);
}

#[test]
fn a_pop_group_lists_its_pop_retry_topic_with_inflight_0() {
    // A POP group keeps no pull offset (`queryPullOffset` falls back to the committed
    // offset), so `#Inflight` is 0 on every row; messages past their invisible time come
    // back on `%RETRY%<group>_<topic>`.
    let text = format!(
        "$ sh mqadmin consumerProgress -g pop_group\n{}{}{}{}\nConsume TPS: 3.00\nConsume Diff Total: 9\nConsume Inflight Total: 0\n",
        header(),
        row("%RETRY%pop_group_OrderEvent", "broker-a", 0, 4, 1, 0),
        row("OrderEvent", "broker-a", 0, 6200, 6196, 0),
        row("OrderEvent", "broker-a", 1, 5900, 5898, 0),
    );
    let parsed = mqadmin::parse(&text).expect("a POP group's progress parses");
    let report = progress_report(&parsed.progress(), NOW);
    let by_kind = totals_by_kind(&report);
    assert_eq!(by_kind.pop_retry, KindTotal { queues: 1, diff: 3, lag: 3 });
    assert_eq!(by_kind.business, KindTotal { queues: 2, diff: 6, lag: 6 });
    assert_eq!(report.total_inflight, 0);
    assert_eq!(
        kinds(&report).first(),
        Some(&GroupTopic::PopRetry { group: "pop_group".to_owned(), topic: "OrderEvent".to_owned() })
    );
}

#[test]
fn a_negative_diff_row_in_the_client_ip_layout_parses() {
    // `-s true`: `%-64s  %-32s  %-4d  %-20d  %-20d  %-20s %-20d %-20d %s`.
    let header = format!(
        "{:<64}  {:<32}  {:<4}  {:<20}  {:<20}  {:<20} {:<20} {:<20}#LastTime\n",
        "#Topic", "#Broker Name", "#QID", "#Broker Offset", "#Consumer Offset", "#Client IP", "#Diff", "#Inflight"
    );
    let line = format!(
        "{:<64}  {:<32}  {:<4}  {:<20}  {:<20}  {:<20} {:<20} {:<20} 2026-06-20 02:59:59\n",
        "OrderEvent", "broker-b", 0, 1180, 4210, "10.0.0.7", -3030, 0
    );
    let retry = format!(
        "{:<64}  {:<32}  {:<4}  {:<20}  {:<20}  {:<20} {:<20} {:<20} N/A\n",
        "%RETRY%order-service", "broker-b", 0, 7, 7, "N/A", 0, 0
    );
    let text =
        format!("{header}{retry}{line}\nConsume TPS: 0.00\nConsume Diff Total: -3030\nConsume Inflight Total: 0\n");
    let parsed = mqadmin::parse(&text).expect("parses");
    let diffs: Vec<i64> = parsed.queues.iter().map(|q| q.diff).collect();
    assert_eq!(diffs, vec![0, -3030]);
    assert_eq!(parsed.queues.get(1).and_then(|q| q.client_ip.clone()).as_deref(), Some("10.0.0.7"));
    let report = progress_report(&parsed.progress(), NOW);
    assert_eq!((report.total_lag, report.total_ahead), (0, 3030));
}

#[test]
fn classify_is_total_over_odd_names() {
    for name in ["", "%RETRY%", "%RETRY%+", "%DLQ%", "%RETRY%_", "%RETRY%a_", "中文_主题"] {
        let _ = classify(name, [name, "", "_", "主题"]);
    }
    assert_eq!(classify("%RETRY%组_主题", ["主题"]), GroupTopic::PopRetry { group: "组".into(), topic: "主题".into() });
}
