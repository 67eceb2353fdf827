//! Native tests of the page's state, its URL form and its store-time fixture.

use std::rc::Rc;

use rebalance_core::mqadmin::{parse, render, RenderOptions};
use rebalance_core::offset::{progress_report, seed_example};
use rebalance_core::reset::{reset_by_time, Direction};
use yew::Reducible;

use super::model::*;
use super::state::*;
use super::url::{decode, encode, encode_queue};

fn state() -> PageState {
    PageState::default()
}

fn reduce(state: PageState, action: Action) -> PageState {
    (*Rc::new(state).reduce(action)).clone()
}

fn query(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let owned: Vec<(String, String)> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    move |key| owned.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
}

#[test]
fn the_preset_is_the_seed_and_gives_the_spec_numbers() {
    let s = state();
    let report = progress_report(&s.progress(), s.now_ms());
    let got: Vec<(i64, i64)> =
        report.queues.iter().map(|o| o.result.as_ref().map_or((-1, -1), |l| (l.lag, l.expired))).collect();
    assert_eq!(got, vec![(1200, 0), (800, 0), (6100, 50)]);
    assert_eq!((report.total_lag, report.total_expired, report.total_diff), (8100, 50, 8150));
    // The page's store-time lines reproduce the seed's oldest pending messages exactly.
    let seed = seed_example(SNAPSHOT_MS);
    let pending: Vec<_> = s.progress().iter().map(|p| p.oldest_pending_at).collect();
    let seed_pending: Vec<_> = seed.iter().map(|p| p.oldest_pending_at).collect();
    assert_eq!(pending, seed_pending);
    assert_eq!(report.oldest_pending_delay_ms, Some(12 * 60_000));
    // broker-b's last consumed message (offset 249) is deleted: no #LastTime, as in the seed.
    assert_eq!(s.progress().get(2).and_then(|p| p.last_timestamp), None);
    // Every message is stored before the snapshot.
    for row in &s.queues {
        assert!(row.timeline.store_time(row.max - 1) < SNAPSHOT_MS, "{row:?}");
    }
}

#[test]
fn the_mqadmin_text_of_the_preset_has_the_diff_total() {
    let s = state();
    let text = render(&s.progress(), &RenderOptions::default());
    assert!(text.contains("Consume Diff Total: 8150"), "{text}");
    assert!(text.starts_with("#Topic"), "{text}");
}

#[test]
fn the_default_reset_replays_on_broker_a_and_skips_on_broker_b() {
    let s = state();
    let inputs: Vec<_> = s.queues.iter().map(QueueRow::reset_input).collect();
    let report = reset_by_time(&inputs, s.reset_target_ms());
    let got: Vec<_> = report
        .queues
        .iter()
        .map(|o| o.result.as_ref().map(|r| (r.new_offset, r.direction, r.replayed, r.skipped)).ok())
        .collect();
    assert_eq!(
        got,
        vec![
            Some((3200, Direction::Replay, 1800, 0)),
            Some((3000, Direction::Replay, 2100, 0)),
            Some((1500, Direction::Skip, 0, 1250)),
        ]
    );
    // 13 minutes back is before broker-b's first stored message: clamped to MinOffset.
    let report = reset_by_time(&inputs, SNAPSHOT_MS - 13 * 60_000);
    let q2 = report.queues.get(2).and_then(|o| o.result.clone().ok());
    assert_eq!(q2.map(|r| (r.new_offset, r.skipped, r.expired)), Some((300, 50, 50)));
}

#[test]
fn samples_are_capped_for_long_queues() {
    let mut row = state().queues.remove(0);
    row.min = 0;
    row.max = OFFSET_LIMIT;
    let samples = row.samples();
    assert!(samples.len() <= 8_192 && samples.len() > 8_000, "{}", samples.len());
    assert!(samples.iter().all(|s| s.offset < row.max));
    row.max = 0;
    assert!(row.samples().is_empty());
}

#[test]
fn the_url_round_trips_and_defaults_are_left_out() {
    let s = state();
    assert!(encode(&s).iter().all(|(_, v)| v.is_none()), "{:?}", encode(&s));
    assert_eq!(encode_queue(&s.queues[0]), "broker-a:0:100:6200:5000:5032:5:-1240:192.168.0.7");
    assert_eq!(encode_queue(&s.queues[2]), "broker-b:2:300:6400:250:-:10:-750:192.168.0.7");

    let mut edited = reduce(s, Action::Set { id: 0, marker: Marker::Consumer, value: 5500 });
    edited = reduce(edited, Action::AddQueue);
    edited = reduce(edited, Action::Now(30));
    edited = reduce(edited, Action::ClientIps(true));
    edited = reduce(edited, Action::Group("cg-demo".into()));
    edited = reduce(edited, Action::PullKnown { id: 1, known: false });
    let pairs: Vec<(String, String)> =
        encode(&edited).into_iter().filter_map(|(k, v)| v.map(|v| (k.to_owned(), v))).collect();
    let back = decode(&move |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()));
    assert_eq!(back.queues, edited.queues);
    assert_eq!((back.now_min, back.client_ips, back.group.as_str()), (30, true, "cg-demo"));
    assert!(back.notices.is_empty(), "{:?}", back.notices);
    // The added queue: same broker as the last one, the next id, a default timeline.
    let added = edited.queues.get(3).map(encode_queue);
    assert_eq!(added.as_deref(), Some("broker-b:3:0:1000:800:800"));
}

#[test]
fn names_with_separators_are_escaped() {
    let mut s = state();
    s.queues[0].mq.topic = "%RETRY%order-service".into();
    s.queues[0].mq.broker_name = "a:b;c/d".into();
    let entry = encode_queue(&s.queues[0]);
    let back = decode(&query(&[("of_q", &entry)]));
    assert_eq!(back.queues.first().map(|q| &q.mq), Some(&s.queues[0].mq));
}

#[test]
fn bad_url_values_are_clamped_or_ignored_with_a_notice() {
    let s = decode(&query(&[
        ("of_q", "broker-a:0:100:6200:-5:x;junk;broker-a:1:0:99999999999999999999:10;broker-c:1:1:2:1:-:0:5"),
        ("of_now", "99999"),
        ("of_p", "NaN"),
        ("of_c", "-3"),
        ("of_ip", "maybe"),
        ("of_g", "bad group!"),
        ("of_rt", "-1"),
        ("of_src", "x"),
    ]));
    // Entry 1 has a non-number pull: dropped. "junk": dropped. Entry 3: Max clamped.
    // Entry 4: rate 0 clamped to 1.
    let ids: Vec<i32> = s.queues.iter().map(|q| q.mq.queue_id).collect();
    assert_eq!(ids, vec![1, 1]);
    assert_eq!(s.queues[0].max, OFFSET_LIMIT);
    assert_eq!(s.queues[1].timeline.rate, 1);
    assert_eq!(s.now_min, NOW_MAX_MIN);
    assert_eq!(s.produce_rate, DEFAULT_PRODUCE);
    assert_eq!(s.consume_rate, 0.0);
    assert_eq!(s.reset_min, 0);
    assert_eq!(s.group, DEFAULT_GROUP);
    assert_eq!(s.notices.len(), 11, "{:?}", s.notices);
    // Negative offsets are clamped to 0, never passed on.
    let s = decode(&query(&[("of_q", "broker-a:0:-100:50:-1")]));
    assert_eq!(s.queues.first().map(|q| (q.min, q.max, q.consumer)), Some((0, 50, 0)));
    // Too many queues.
    let many = vec!["b:0:0:1:0"; MAX_QUEUES + 3].join(";");
    let s = decode(&query(&[("of_q", &many)]));
    assert_eq!(s.queues.len(), MAX_QUEUES);
    assert_eq!(s.notices, vec![Notice::TooManyQueues { given: MAX_QUEUES + 3 }]);
    // An empty list is a valid state: no queues.
    assert!(decode(&query(&[("of_q", "")])).queues.is_empty());
}

#[test]
fn dragging_keeps_the_queue_valid_and_fields_do_not() {
    let mut row = state().queues.remove(0);
    row.drag(Marker::Consumer, 6000);
    assert_eq!((row.consumer, row.pull), (6000, Some(6000)));
    row.drag(Marker::Max, 10);
    assert_eq!(row.max, 6000);
    row.drag(Marker::Pull, 1);
    assert_eq!(row.pull, Some(6000));
    row.drag(Marker::Min, 1_000_000);
    assert_eq!(row.min, 6000);
    // A field may make it invalid; a drag then never panics (inverted bounds).
    row.set(Marker::Consumer, 9000);
    row.drag(Marker::Pull, 5);
    row.drag(Marker::Max, 5);
    assert_eq!(row.max, 9000);
}

#[test]
fn keys_move_markers() {
    let row = state().queues.remove(0);
    let axis = axis_max(&state().queues);
    assert_eq!(axis, 7000);
    assert_eq!(key_target(&row, Marker::Consumer, "ArrowRight", false, axis), Some(5001));
    assert_eq!(key_target(&row, Marker::Consumer, "ArrowLeft", true, axis), Some(4900));
    assert_eq!(key_target(&row, Marker::Consumer, "PageUp", false, axis), Some(5100));
    assert_eq!(key_target(&row, Marker::Consumer, "Home", false, axis), Some(0));
    assert_eq!(key_target(&row, Marker::Consumer, "End", false, axis), Some(6200));
    assert_eq!(key_target(&row, Marker::Max, "End", false, axis), Some(7000));
    assert_eq!(key_target(&row, Marker::Consumer, "a", false, axis), None);
}

#[test]
fn pasted_text_replaces_the_queues_with_min_unknown() {
    let s = state();
    let text = render(&s.progress(), &RenderOptions::default());
    let parsed = parse(&text).expect("the page's own text parses");
    let loaded = reduce(s, Action::Load(Rc::new(parsed)));
    assert!(loaded.from_mqadmin);
    let report = progress_report(&loaded.progress(), loaded.now_ms());
    // No MinOffset in the text: the 50 expired positions now count as lag.
    assert_eq!((report.total_lag, report.total_expired, report.total_diff), (8150, 0, 8150));
    let back = reduce(loaded, Action::Preset);
    assert!(!back.from_mqadmin);
    let without_ids = |queues: &[QueueRow]| queues.iter().map(|q| QueueRow { id: 0, ..q.clone() }).collect::<Vec<_>>();
    assert_eq!(without_ids(&back.queues), without_ids(&state().queues));
    // Fresh ids, so no card is reused for another queue.
    let ids: Vec<u32> = back.queues.iter().map(|q| q.id).collect();
    assert_eq!(ids, vec![6, 7, 8]);
}

/// Real mqadmin output can print a negative `#Diff` (the broker reads MaxOffset, then the
/// committed offset). Such a pasted row is loaded, counted with lag 0, and its Diff stays
/// in the total as in mqadmin's `Consume Diff Total`.
#[test]
fn a_pasted_negative_diff_row_is_loaded_and_counted() {
    let text = "#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Diff  #Inflight  #LastTime\n\
                PayEvent  broker-x  0  900  930  -30  0  N/A\n\
                PayEvent  broker-x  1  1000  400  600  0  N/A\n\
                \nConsume TPS: 0.00\nConsume Diff Total: 570\nConsume Inflight Total: 0\n";
    let parsed = parse(text).expect("a negative Diff row parses");
    let loaded = reduce(state(), Action::Load(Rc::new(parsed)));
    assert_eq!(loaded.queues.first().map(|q| (q.max, q.consumer)), Some((900, 930)));
    let report = progress_report(&loaded.progress(), loaded.now_ms());
    assert_eq!(report.queues_with_errors, 0);
    assert_eq!(
        (report.total_lag, report.total_diff, report.total_ahead, report.negative_diff_queues),
        (600, 570, 30, 1)
    );
    let first = report.queues.first().and_then(|o| o.result.as_ref().ok()).map(|l| (l.lag, l.diff, l.ahead));
    assert_eq!(first, Some((0, -30, 30)));
    // #LastTime is the last stored message's (offset 899), not a message that was never stored.
    let last = loaded.progress().first().and_then(|p| p.last_timestamp);
    let stored = loaded.queues.first().map(|q| q.timeline.store_time(899));
    assert_eq!(last, stored);
    assert!(last.is_some_and(|t| t < SNAPSHOT_MS));
}

#[test]
fn add_and_remove_respect_the_limit() {
    let mut s = state();
    for _ in 0..40 {
        s = reduce(s, Action::AddQueue);
    }
    assert_eq!(s.queues.len(), MAX_QUEUES);
    let ids: std::collections::BTreeSet<u32> = s.queues.iter().map(|q| q.id).collect();
    assert_eq!(ids.len(), MAX_QUEUES);
    s = reduce(s, Action::RemoveQueue(1));
    assert_eq!(s.queues.len(), MAX_QUEUES - 1);
    assert!(s.queues.iter().all(|q| q.id != 1));
}

#[test]
fn axis_and_steps() {
    assert_eq!(step_unit(7000), 100);
    assert_eq!(step_unit(5), 1);
    assert_eq!(axis_max(&[]), 10);
    let mut row = state().queues.remove(0);
    row.max = OFFSET_LIMIT;
    assert!(axis_max(&[row]) >= OFFSET_LIMIT);
}

/// The example of real output: the group's `%RETRY%` queues are marked as such, broker-b
/// queue 0 has a negative Diff, and the whole survives the URL.
#[test]
fn the_field_example_loads_retry_rows_and_a_negative_diff() {
    use rebalance_core::group_topic::{kinds, totals_by_kind, GroupTopic};
    use rebalance_core::Lang;

    use super::queue_card::kind_note;
    use super::totals::by_kind_text;

    let s = reduce(state(), Action::FieldExample);
    assert!(s.from_mqadmin);
    assert_eq!(s.group, FIELD_EXAMPLE_GROUP);
    let topics: Vec<&str> = s.queues.iter().map(|q| q.mq.topic.as_str()).collect();
    assert_eq!(topics.iter().filter(|t| **t == "%RETRY%order-service").count(), 2);
    let report = progress_report(&s.progress(), s.now_ms());
    assert_eq!(report.queues_with_errors, 0);
    let kinds = kinds(&report);
    let retry = GroupTopic::Retry { group: "order-service".to_owned() };
    assert_eq!(kinds.iter().filter(|k| **k == retry).count(), 2);

    // Diff per row: retry 53 − 41 and 7 − 7; OrderEvent 6200 − 6188, 5900 − 5871, 1180 − 4210, 0.
    let by_kind = totals_by_kind(&report);
    assert_eq!((by_kind.retry.diff, by_kind.business.diff), (12, 12 + 29 + (1180 - 4210)));
    assert_eq!(report.total_diff, by_kind.retry.diff + by_kind.business.diff);
    assert_eq!((report.negative_diff_queues, report.total_ahead), (1, 4210 - 1180));
    let en = by_kind_text(Lang::En, report.total_diff, &by_kind).unwrap_or_default();
    assert!(en.contains("Diff total -2,977") && en.contains("hold -2,989") && en.contains("queues 12."), "{en}");
    let zh = by_kind_text(Lang::Zh, report.total_diff, &by_kind).unwrap_or_default();
    assert!(zh.contains("-2,977") && zh.contains("-2,989") && zh.contains("占 12"), "{zh}");
    // Without retry or dead-letter queues the split is not shown.
    let preset = progress_report(&state().progress(), state().now_ms());
    assert_eq!(by_kind_text(Lang::En, preset.total_diff, &totals_by_kind(&preset)), None);

    let note = kind_note(Lang::En, &retry).unwrap_or_default();
    assert!(note.starts_with("Retry queue of group order-service,"), "{note}");
    assert!(kind_note(Lang::Zh, &retry).is_some_and(|n| n.contains("order-service 的重试队列")));
    assert_eq!(kind_note(Lang::En, &GroupTopic::Business), None);
    let dlq = kind_note(Lang::En, &GroupTopic::DeadLetter { group: "g".to_owned() }).unwrap_or_default();
    assert!(dlq.contains("after 16 retries"), "{dlq}");

    // `%` in the topic is escaped in `of_q` and read back.
    let pairs = encode(&s);
    let q = pairs.iter().find(|(k, _)| *k == "of_q").and_then(|(_, v)| v.clone()).unwrap_or_default();
    assert!(q.starts_with("%25RETRY%25order-service/broker-a:0:0:53:41:41;"), "{q}");
    let owned: Vec<(&str, String)> = pairs.iter().filter_map(|(k, v)| v.clone().map(|v| (*k, v))).collect();
    let back = decode(&|key| owned.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone()));
    assert!(back.notices.is_empty(), "{:?}", back.notices);
    let without_ids = |queues: &[QueueRow]| queues.iter().map(|q| QueueRow { id: 0, ..q.clone() }).collect::<Vec<_>>();
    assert_eq!(without_ids(&back.queues), without_ids(&s.queues));
    assert_eq!((back.group.as_str(), back.from_mqadmin), (FIELD_EXAMPLE_GROUP, true));
}

/// The `%RETRY%` text states the delay levels' figures: level 3 (10 s) first, level 18
/// (2 h) last, 16 retries, 17 deliveries, and the levels 3 to 18 summed.
#[test]
fn the_retry_text_states_the_delay_levels() {
    use rebalance_core::plan::duration_in;
    use rebalance_core::retry::DELAY_LEVELS_MS;
    use rebalance_core::Lang;

    use super::real_output::retry_text;

    let summed_s = DELAY_LEVELS_MS[2..].iter().sum::<u64>() as f64 / 1000.0;
    assert_eq!(summed_s, 4.0 * 3600.0 + 45.0 * 60.0 + 40.0);
    let en = retry_text(Lang::En);
    for part in ["10 s after the first failure", "to 2 h for the last of 16 retries", "(17 deliveries, 4 h 45 min 40 s"]
    {
        assert!(en.contains(part), "{part}: {en}");
    }
    let zh = retry_text(Lang::Zh);
    let total = duration_in(summed_s, Lang::Zh).unwrap_or_default();
    assert!(zh.contains(&format!("共投递 17 次，延迟合计 {total}")), "{zh}");
    assert!(!en.contains('{') && !zh.contains('{'), "every placeholder filled");
}

/// The Tag text: with 20,000 msg/s of other Tags, 5 s of them (100,000) pile up between two
/// checks of held pulls and take 100,000 / 800 = 125 pulls to pass.
#[test]
fn the_tag_text_derives_the_peak_from_the_produce_rate() {
    use rebalance_core::Lang;

    use super::real_output::tag_text;

    let s = state();
    assert_eq!(s.produce_rate, 20_000.0);
    let en = tag_text(Lang::En, s.produce_rate);
    for part in ["at most 800 positions per pull", "every 5 s", "(20,000 msg/s)", "rises to 100,000", "pass them: 125."]
    {
        assert!(en.contains(part), "{part}: {en}");
    }
    let zh = tag_text(Lang::Zh, 3.0);
    assert!(zh.contains("每秒 3 条") && zh.contains("涨到 15") && zh.contains("拉取次数：1。"), "{zh}");
    // A rate of 0: nothing piles up and nothing needs passing.
    assert!(tag_text(Lang::En, 0.0).contains("rises to 0 between"));
}

/// `of_ex=mqadmin` (the Troubleshoot page's link) opens the example of real output, as the
/// button loads it; the page then writes its queues and drops the key. Another value is named.
#[test]
fn a_link_can_open_the_example_of_real_output() {
    let opened = decode(&query(&[("of_ex", "mqadmin")]));
    let loaded = reduce(state(), Action::FieldExample);
    assert_eq!((&opened.queues, &opened.group, opened.from_mqadmin), (&loaded.queues, &loaded.group, true));
    assert!(opened.notices.is_empty(), "{:?}", opened.notices);
    let written = encode(&opened);
    assert!(written.contains(&("of_ex", None)));
    assert!(written.iter().any(|(k, v)| *k == "of_q" && v.as_deref().is_some_and(|q| q.contains("RETRY"))));
    let bad = decode(&query(&[("of_ex", "seed")]));
    assert_eq!(bad.queues, state().queues);
    assert_eq!(bad.notices.len(), 1);
}
