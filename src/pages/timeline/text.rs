//! Words for what the core reports: times, models, consumer states, events, presets and
//! URL notices, in the reader's language. Numbers are formatted by the core
//! (`rebalance_core::plan::format_count`, `format_seconds_ms`), durations by `I18n::duration` in the core's
//! words (`rebalance_core::plan::duration_in`); RocketMQ's own strings
//! (log lines, cids, strategy names) stay as RocketMQ writes them.

use rebalance_core::assignment::MessageModel;
use rebalance_core::plan::{format_count, format_seconds_ms};
use rebalance_core::simulate::{scenario, ConsumeModel, ConsumerStatus, Event, SimConfig};

use super::query::Notice;
use crate::hooks::I18n;
use crate::url_state::UrlNotice;

/// `90.1 s`.
pub fn seconds_label(ms: u64) -> String {
    format_seconds_ms(ms)
}

/// `90.1 s`, or `125.3 s (2 min 5 s)` from a minute on (the part in brackets in the reader's
/// language).
pub fn time_label(i18n: &I18n, ms: u64) -> String {
    let seconds = seconds_label(ms);
    if ms < 60_000 {
        seconds
    } else {
        format!("{seconds} ({})", i18n.duration((ms / 1_000) as f64))
    }
}

/// A count with thousands separators.
pub fn count(n: u64) -> String {
    format_count(n)
}

/// `CLUSTERING · AVG`, `POP`, `BROADCASTING` (RocketMQ's names), plus "orderly".
pub fn model_label(i18n: &I18n, config: &SimConfig) -> String {
    match config.group.model {
        ConsumeModel::Clustering if config.group.orderly => {
            format!("CLUSTERING · {} · {}", config.group.strategy.name(), i18n.t("page.timeline.model.orderly"))
        }
        ConsumeModel::Clustering => format!("CLUSTERING · {}", config.group.strategy.name()),
        ConsumeModel::Broadcasting => MessageModel::BROADCASTING.to_owned(),
        ConsumeModel::Pop => format!("POP · {}", i18n.t("page.timeline.model.pop")),
    }
}

/// Running, paused, stopped, crashed.
pub fn status_text(i18n: &I18n, status: ConsumerStatus) -> &'static str {
    match status {
        ConsumerStatus::Running => i18n.t("page.timeline.status.running"),
        ConsumerStatus::Paused => i18n.t("page.timeline.status.paused"),
        ConsumerStatus::Stopped => i18n.t("page.timeline.status.stopped"),
        ConsumerStatus::Crashed => i18n.t("page.timeline.status.crashed"),
    }
}

/// One event, in words.
pub fn event_text(i18n: &I18n, event: &Event) -> String {
    match event {
        Event::Join { consumer } => match &consumer.cid {
            Some(cid) => i18n.t_args("page.timeline.event.join_cid", &[("cid", cid)]),
            None => i18n.t("page.timeline.event.join").to_owned(),
        },
        Event::Stop { cid } => i18n.t_args("page.timeline.event.stop", &[("cid", cid)]),
        Event::Crash { cid, channel_closed: true } => i18n.t_args("page.timeline.event.crash", &[("cid", cid)]),
        Event::Crash { cid, channel_closed: false } => i18n.t_args("page.timeline.event.die", &[("cid", cid)]),
        Event::Pause { cid, duration_ms } => {
            i18n.t_args("page.timeline.event.pause", &[("cid", cid), ("duration", &time_label(i18n, *duration_ms))])
        }
        Event::QueueCount { queues_per_broker, read_queue_nums, write_queue_nums } => {
            match (read_queue_nums.or(*queues_per_broker), write_queue_nums.or(*queues_per_broker)) {
                (Some(r), Some(w)) if r == w => {
                    i18n.t_count("page.timeline.event.queue_count", r, &[("count", &r.to_string())])
                }
                (Some(r), Some(w)) => i18n
                    .t_args("page.timeline.event.queue_nums", &[("read", &r.to_string()), ("write", &w.to_string())]),
                (Some(r), None) => i18n.t_args("page.timeline.event.read_nums", &[("count", &r.to_string())]),
                (None, Some(w)) => i18n.t_args("page.timeline.event.write_nums", &[("count", &w.to_string())]),
                (None, None) => event.describe(),
            }
        }
        Event::Subscription { cid, tags } => {
            i18n.t_args("page.timeline.event.subscription", &[("cid", cid), ("tags", &tags.join(" || "))])
        }
        Event::CidClash { cid } => i18n.t_args("page.timeline.event.cid_clash", &[("cid", cid)]),
        Event::ProduceRate { rate, .. } => i18n.t_args("page.timeline.event.produce_rate", &[("rate", &count(*rate))]),
        Event::ConsumeRate { cid: Some(cid), rate } => {
            i18n.t_args("page.timeline.event.consume_rate", &[("cid", cid), ("rate", &count(*rate))])
        }
        Event::ConsumeRate { cid: None, rate } => {
            i18n.t_args("page.timeline.event.consume_rate_all", &[("rate", &count(*rate))])
        }
        Event::RollingDeploy { replace, start, .. } => i18n.t_args(
            "page.timeline.event.rolling_deploy",
            &[("start", &start.to_string()), ("replace", &replace.to_string())],
        ),
        Event::FailMessages { queue, count: n, duration_ms: None } => i18n.t_count(
            "page.timeline.event.fail",
            *n,
            &[("count", &count(u64::from(*n))), ("queue", &queue.to_string())],
        ),
        Event::FailMessages { queue, count: n, duration_ms: Some(ms) } => i18n.t_count(
            "page.timeline.event.fail_for",
            *n,
            &[("count", &count(u64::from(*n))), ("queue", &queue.to_string()), ("duration", &time_label(i18n, *ms))],
        ),
        Event::ResetOffsetByTime { timestamp_ms } => {
            i18n.t_args("page.timeline.event.reset_by_time", &[("time", &time_label(i18n, *timestamp_ms))])
        }
        Event::StuckMessage { queue, count: n, duration_ms: Some(ms) } => i18n.t_count(
            "page.timeline.event.stuck",
            *n,
            &[("count", &count(u64::from(*n))), ("queue", &queue.to_string()), ("duration", &time_label(i18n, *ms))],
        ),
        Event::StuckMessage { queue, count: n, duration_ms: None } => i18n.t_count(
            "page.timeline.event.stuck_forever",
            *n,
            &[("count", &count(u64::from(*n))), ("queue", &queue.to_string())],
        ),
        Event::BrokerStop { broker } => i18n.t_args("page.timeline.event.broker_stop", &[("broker", broker)]),
        Event::BrokerStart { broker } => i18n.t_args("page.timeline.event.broker_start", &[("broker", broker)]),
    }
}

/// A notice as the shared box takes it: a URL notice, or the sentence of the page's own (an
/// event left out).
pub fn sorted<'a>(i18n: &I18n, notice: &'a Notice) -> Result<&'a UrlNotice, String> {
    match notice {
        Notice::Url(notice) => Ok(notice),
        Notice::BadEvent { item } => Err(i18n.t_args("page.timeline.notice.bad_event", &[("item", item)])),
        Notice::Refused { item, reason } => {
            Err(i18n.t_args("page.timeline.notice.refused", &[("item", item), ("reason", reason)]))
        }
    }
}

/// A preset's title and "what to watch" in the reader's language; `None` for a preset this
/// page has no texts for (the core's English is shown then).
pub fn scenario_text(i18n: &I18n, name: &str) -> Option<(&'static str, &'static str)> {
    let pair = |title: &'static str, watch: &'static str| Some((i18n.t(title), i18n.t(watch)));
    match name {
        "scale-3-to-10" => {
            pair("page.timeline.scenario.scale-3-to-10.title", "page.timeline.scenario.scale-3-to-10.watch")
        }
        "pop-scale-3-to-10" => {
            pair("page.timeline.scenario.pop-scale-3-to-10.title", "page.timeline.scenario.pop-scale-3-to-10.watch")
        }
        "scale-out-avg" => {
            pair("page.timeline.scenario.scale-out-avg.title", "page.timeline.scenario.scale-out-avg.watch")
        }
        "scale-out-consistent-hash" => pair(
            "page.timeline.scenario.scale-out-consistent-hash.title",
            "page.timeline.scenario.scale-out-consistent-hash.watch",
        ),
        "rolling-deploy" => {
            pair("page.timeline.scenario.rolling-deploy.title", "page.timeline.scenario.rolling-deploy.watch")
        }
        "flow-control" => {
            pair("page.timeline.scenario.flow-control.title", "page.timeline.scenario.flow-control.watch")
        }
        "inconsistent-subscription" => pair(
            "page.timeline.scenario.inconsistent-subscription.title",
            "page.timeline.scenario.inconsistent-subscription.watch",
        ),
        "hot-queue" => pair("page.timeline.scenario.hot-queue.title", "page.timeline.scenario.hot-queue.watch"),
        "pop-invisible-short" => {
            pair("page.timeline.scenario.pop-invisible-short.title", "page.timeline.scenario.pop-invisible-short.watch")
        }
        "pop-invisible-long" => {
            pair("page.timeline.scenario.pop-invisible-long.title", "page.timeline.scenario.pop-invisible-long.watch")
        }
        "pop-push-renew" => {
            pair("page.timeline.scenario.pop-push-renew.title", "page.timeline.scenario.pop-push-renew.watch")
        }
        "crash" => pair("page.timeline.scenario.crash.title", "page.timeline.scenario.crash.watch"),
        "graceful-stop" => {
            pair("page.timeline.scenario.graceful-stop.title", "page.timeline.scenario.graceful-stop.watch")
        }
        "new-group-last-offset" => pair(
            "page.timeline.scenario.new-group-last-offset.title",
            "page.timeline.scenario.new-group-last-offset.watch",
        ),
        "new-group-timestamp" => {
            pair("page.timeline.scenario.new-group-timestamp.title", "page.timeline.scenario.new-group-timestamp.watch")
        }
        "stuck-message-pins-offset" => pair(
            "page.timeline.scenario.stuck-message-pins-offset.title",
            "page.timeline.scenario.stuck-message-pins-offset.watch",
        ),
        "broker-restart" => {
            pair("page.timeline.scenario.broker-restart.title", "page.timeline.scenario.broker-restart.watch")
        }
        "shrink-queues-unsafe" => pair(
            "page.timeline.scenario.shrink-queues-unsafe.title",
            "page.timeline.scenario.shrink-queues-unsafe.watch",
        ),
        "shrink-queues-safe" => {
            pair("page.timeline.scenario.shrink-queues-safe.title", "page.timeline.scenario.shrink-queues-safe.watch")
        }
        "retry-to-dlq" => {
            pair("page.timeline.scenario.retry-to-dlq.title", "page.timeline.scenario.retry-to-dlq.watch")
        }
        "ordered-blocked" => {
            pair("page.timeline.scenario.ordered-blocked.title", "page.timeline.scenario.ordered-blocked.watch")
        }
        "ordered-crash" => {
            pair("page.timeline.scenario.ordered-crash.title", "page.timeline.scenario.ordered-crash.watch")
        }
        "gc-pause" => pair("page.timeline.scenario.gc-pause.title", "page.timeline.scenario.gc-pause.watch"),
        "cid-clash" => pair("page.timeline.scenario.cid-clash.title", "page.timeline.scenario.cid-clash.watch"),
        "container-cid-clash" => {
            pair("page.timeline.scenario.container-cid-clash.title", "page.timeline.scenario.container-cid-clash.watch")
        }
        "broadcasting" => {
            pair("page.timeline.scenario.broadcasting.title", "page.timeline.scenario.broadcasting.watch")
        }
        "commit-before-processing" => pair(
            "page.timeline.scenario.commit-before-processing.title",
            "page.timeline.scenario.commit-before-processing.watch",
        ),
        _ => None,
    }
}

/// The comparison of a run with the same run under AVG, in the reader's language; every
/// figure and word comes from the two runs.
pub fn against_avg_text(i18n: &I18n, a: &scenario::AgainstAvg, seed: u64) -> String {
    let word = |c: scenario::Compared| match c {
        scenario::Compared::Fewer => i18n.t("page.timeline.setup.fewer"),
        scenario::Compared::Same => i18n.t("page.timeline.setup.same"),
        scenario::Compared::More => i18n.t("page.timeline.setup.more"),
    };
    let (t, v) = (&a.this, &a.avg);
    i18n.t_args(
        "page.timeline.setup.against_avg",
        &[
            ("seed", &seed.to_string()),
            ("moves", &count(t.queue_handoffs)),
            ("duplicates", &count(t.duplicates)),
            ("min", &t.min_queues_per_consumer.to_string()),
            ("max", &t.max_queues_per_consumer.to_string()),
            ("avg_moves", &count(v.queue_handoffs)),
            ("avg_duplicates", &count(v.duplicates)),
            ("avg_min", &v.min_queues_per_consumer.to_string()),
            ("avg_max", &v.max_queues_per_consumer.to_string()),
            ("moves_word", word(a.moves)),
            ("duplicates_word", word(a.duplicates)),
        ],
    )
}

#[cfg(test)]
mod tests {
    use rebalance_core::simulate::scenario;
    use yew::Callback;

    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn every_preset_has_texts_and_the_english_is_the_cores() {
        let en = I18n::new(Lang::En, Callback::noop());
        let zh = I18n::new(Lang::Zh, Callback::noop());
        for s in scenario::all() {
            let Some((title, watch)) = scenario_text(&en, &s.name) else { panic!("no texts for {}", s.name) };
            assert_eq!(
                (title, watch),
                (s.title.as_str(), s.watch.as_str()),
                "English of {} differs from the core",
                s.name
            );
            let Some((title, watch)) = scenario_text(&zh, &s.name) else { panic!("no texts for {}", s.name) };
            assert_ne!(title, s.title, "{} has no Chinese title", s.name);
            assert_ne!(watch, s.watch, "{} has no Chinese text", s.name);
            // The core's tests hold the English figures to the preset; the Chinese states the
            // same ones.
            assert_eq!(numbers(title), numbers(&s.title), "figures of {}'s Chinese title", s.name);
            assert_eq!(numbers(watch), numbers(&s.watch), "figures of {}'s Chinese text", s.name);
        }
    }

    /// The numbers a text states (digits, `1,500` read as 1500), sorted, without repeats.
    fn numbers(text: &str) -> Vec<u64> {
        let plain = text.replace(',', "");
        let mut found: Vec<u64> = plain.split(|c: char| !c.is_ascii_digit()).filter_map(|d| d.parse().ok()).collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    /// The comparison under the CONSISTENT_HASH preset states the figures of both runs and
    /// words that follow from them, for any seed (in most seeds CH has more duplicates).
    #[test]
    fn the_comparison_with_avg_follows_the_numbers() {
        let en = I18n::new(Lang::En, Callback::noop());
        let zh = I18n::new(Lang::Zh, Callback::noop());
        let preset = scenario::by_name("scale-out-consistent-hash").expect("preset");
        for seed in [1, 2, 3, 42] {
            let Some(a) = scenario::against_avg(&preset, seed) else { panic!("a CH preset is compared") };
            let line = against_avg_text(&en, &a, seed);
            let word = |x: u64, y: u64| match x.cmp(&y) {
                std::cmp::Ordering::Less => "fewer",
                std::cmp::Ordering::Equal => "as many",
                std::cmp::Ordering::Greater => "more",
            };
            let verdict = format!(
                "{} moves and {} duplicates than AVG",
                word(a.this.queue_handoffs, a.avg.queue_handoffs),
                word(a.this.duplicates, a.avg.duplicates)
            );
            assert!(line.contains(&verdict), "{line}");
            let spread =
                format!("{}–{} queues per consumer", a.this.min_queues_per_consumer, a.this.max_queues_per_consumer);
            assert!(line.contains(&spread), "{line}");
            assert!(against_avg_text(&zh, &a, seed).contains(&format!("迁移了 {} 个队列", a.this.queue_handoffs)));
        }
        assert!(scenario::against_avg(&scenario::by_name("scale-out-avg").expect("preset"), 1).is_none());
    }

    #[test]
    fn times_read_naturally() {
        let en = I18n::new(Lang::En, Callback::noop());
        assert_eq!(time_label(&en, 0), "0 s");
        assert_eq!(time_label(&en, 90_100), "90.1 s (1 min 30 s)");
        assert_eq!(time_label(&en, 5_000), "5 s");
        assert_eq!(time_label(&en, 600_000), "600 s (10 min)");
        let zh = I18n::new(Lang::Zh, Callback::noop());
        assert_eq!(time_label(&zh, 90_100), "90.1 s (1 分 30 秒)");
    }

    /// A failMessages event says for how long the listener fails when it is not forever, with
    /// the singular for one message.
    #[test]
    fn failing_messages_say_for_how_long() {
        let en = I18n::new(Lang::En, Callback::noop());
        let zh = I18n::new(Lang::Zh, Callback::noop());
        let fail = |count, duration_ms| Event::FailMessages { queue: 3, count, duration_ms };
        assert_eq!(event_text(&en, &fail(5, None)), "5 messages of Q3 start failing");
        assert_eq!(event_text(&en, &fail(1, Some(90_000))), "1 message of Q3 fails for 90 s (1 min 30 s)");
        assert_eq!(event_text(&en, &fail(5, Some(5_000))), "5 messages of Q3 fail for 5 s");
        assert_eq!(event_text(&zh, &fail(5, Some(5_000))), "Q3 接下来的 5 条消息在 5 s 内消费失败");
    }
}
