//! The Troubleshoot page's content: complete in both languages, every live link opening a
//! state that exists, every default RocketMQ's, every number in a text the one it states.

use std::collections::BTreeSet;

use rebalance_core::exercise::model::Page;
use rebalance_core::retry::{DEFAULT_MAX_RECONSUME_TIMES, DELAY_LEVELS_MS};
use rebalance_core::simulate::{scenario, SimConfig};
use rebalance_core::{failover, pull, Lang};

use super::live_href;
use super::tree::{cause, ranked, Answer, Setting, CAUSES, SYMPTOMS};
use crate::i18n::get;

fn text(lang: Lang, key: &str) -> &'static str {
    get(lang, key).unwrap_or_else(|| panic!("{key} is missing in {lang:?}"))
}

#[test]
fn every_symptom_and_cause_has_its_texts_in_both_languages() {
    assert!(SYMPTOMS.len() >= 12, "the issue asks for at least 12 symptoms");
    for lang in Lang::ALL {
        for s in SYMPTOMS {
            text(lang, s.title);
        }
        for c in CAUSES {
            for key in [c.title, c.ask, c.explain, c.fix] {
                text(lang, key);
            }
        }
    }
}

#[test]
fn ids_are_unique_every_cause_is_used_and_every_symptom_names_known_causes() {
    let symptoms: BTreeSet<&str> = SYMPTOMS.iter().map(|s| s.id).collect();
    assert_eq!(symptoms.len(), SYMPTOMS.len());
    let causes: BTreeSet<&str> = CAUSES.iter().map(|c| c.id).collect();
    assert_eq!(causes.len(), CAUSES.len());
    let used: BTreeSet<&str> = SYMPTOMS.iter().flat_map(|s| s.causes.iter().copied()).collect();
    assert_eq!(used, causes, "a cause no symptom lists, or a symptom naming an unknown cause");
    for s in SYMPTOMS {
        assert!(!s.causes.is_empty(), "{}", s.id);
        let distinct: BTreeSet<_> = s.causes.iter().collect();
        assert_eq!(distinct.len(), s.causes.len(), "{} lists a cause twice", s.id);
    }
}

#[test]
fn every_live_link_opens_a_state_of_our_pages() {
    for c in CAUSES {
        let href = live_href(c, "en");
        assert!(href.starts_with("?lang=en&"), "{}: {href}", c.id);
        let (key, path) = match c.live.page {
            Page::Simulator => {
                let (_, name) = c.live.params.iter().find(|(k, _)| *k == "scenario").expect("a scenario");
                assert_eq!(scenario::known_name(name), Some(*name), "{}: no scenario {name}", c.id);
                ("tl_scenario=", "#/timeline")
            }
            Page::Playground => ("pg_q=", "#/"),
            Page::Offsets => {
                (if c.live.params.contains(&("example", "mqadmin")) { "of_ex=" } else { "of_q=" }, "#/offsets")
            }
            Page::Planner => ("pl_b=", "#/planner"),
        };
        assert!(href.contains(key) && href.ends_with(path), "{}: {href}", c.id);
        // The link is labelled with the page's name in the header.
        let route = crate::router::Route::from_path(crate::show_me::route_path(c.live.page));
        assert_eq!(format!("#{}", route.path()), path, "{}", c.id);
    }
}

#[test]
fn the_defaults_are_rocketmqs() {
    let client = SimConfig::default().client;
    let cases = [
        (Setting::MaxReconsumeTimes, format!("-1 → {DEFAULT_MAX_RECONSUME_TIMES}")),
        (Setting::MaxReconsumeTimesOrderly, "-1 → 2147483647".to_owned()),
        (
            Setting::PersistConsumerOffsetInterval,
            format!("{} ms", failover::PERSIST_CONSUMER_OFFSET_INTERVAL_S * 1000.0),
        ),
        (Setting::RebalanceWaitInterval, format!("{} ms", failover::REBALANCE_WAIT_INTERVAL_S * 1000.0)),
        (Setting::HeartbeatBrokerInterval, format!("{} ms", failover::HEARTBEAT_BROKER_INTERVAL_S * 1000.0)),
        (Setting::ChannelExpiredTimeout, format!("{} ms", failover::CHANNEL_EXPIRED_TIMEOUT_S * 1000.0)),
        (Setting::PullThresholdForQueue, pull::PULL_THRESHOLD_FOR_QUEUE.to_string()),
        (Setting::PullThresholdSizeForQueue, format!("{} MiB", pull::PULL_THRESHOLD_SIZE_FOR_QUEUE_MIB)),
        (Setting::ConsumeThreadMin, "20 / 20".to_owned()),
        (Setting::ConsumeConcurrentlyMaxSpan, "2000".to_owned()),
        (Setting::ConsumeTimeout, "15 min".to_owned()),
        (Setting::SuspendCurrentQueueTimeMillis, "1000 ms".to_owned()),
        (Setting::AwaitTerminationMillisWhenShutdown, "0 ms".to_owned()),
        (Setting::PollNameServerInterval, "30000 ms".to_owned()),
        (Setting::InvisibleDuration, format!("{} s", client.invisible_time_ms / 1000)),
        // DefaultMQPushConsumer: `System.currentTimeMillis() - (1000 * 60 * 30)`.
        (Setting::ConsumeTimestamp, "currentTimeMillis − 30 min".to_owned()),
    ];
    for (setting, expected) in cases {
        assert_eq!(setting.default_value(), expected, "{}", setting.name());
    }
}

/// A number a text states, and where it comes from.
fn states(key: &str, en: &str, zh: &str) {
    assert!(text(Lang::En, key).contains(en), "{key} (en) should say {en:?}");
    assert!(text(Lang::Zh, key).contains(zh), "{key} (zh-CN) should say {zh:?}");
}

#[test]
fn the_numbers_in_the_texts_are_rocketmqs() {
    let c = SimConfig::default();
    let wait = c.client.rebalance_interval_ms / 1000;
    states("page.troubleshoot.symptom.new-consumer-waits", &format!("{wait} seconds"), &format!("{wait} 秒"));
    states("page.troubleshoot.cause.scale-wait.title", &format!("{wait} seconds"), &format!("{wait} 秒"));
    states("page.troubleshoot.cause.scale-wait.explain", &format!("every {wait} s"), &format!("每 {wait} 秒"));
    let lock = c.broker.lock_max_live_ms / 1000;
    states("page.troubleshoot.cause.ordered-lock.explain", &format!("{lock} s"), &format!("{lock} 秒"));
    let retry = pull::FLOW_CONTROL_RETRY_MS;
    states("page.troubleshoot.cause.flow-control.explain", &format!("{retry} ms"), &format!("{retry} 毫秒"));
    // The first retry waits level 3 (reconsumeTimes 0), the second level 4, the last level 18.
    let (first, second, last) = (DELAY_LEVELS_MS[2] / 1000, DELAY_LEVELS_MS[3] / 1000, DELAY_LEVELS_MS[17] / 3_600_000);
    states(
        "page.troubleshoot.cause.retries.explain",
        &format!("{first} s, {second} s, 1 min … {last} h"),
        &format!("{first} 秒、{second} 秒、1 分钟……{last} 小时"),
    );
    let before = rebalance_core::consume_from::CONSUME_TIMESTAMP_BEFORE_CREATION_MS / 60_000;
    states("page.troubleshoot.cause.young-topic.fix", &format!("{before} minutes"), &format!("{before} 分钟"));
    let expiry = c.broker.channel_expiry_ms / 60_000;
    assert_eq!(expiry, 2);
    states("page.troubleshoot.cause.stall-expired.ask", "about two minutes", "两分钟左右");
}

#[test]
fn likely_causes_come_first_and_ruled_out_ones_last() {
    let s = SYMPTOMS.iter().find(|s| s.id == "lag-grows").expect("the lag-grows symptom");
    let answers = [Answer::No, Answer::Unanswered, Answer::Yes, Answer::No, Answer::Yes];
    let order: Vec<&str> = ranked(s, &answers).iter().map(|(_, c, _)| c.id).collect();
    assert_eq!(order, [s.causes[2], s.causes[4], s.causes[1], s.causes[0], s.causes[3]]);
    // Missing answers count as unanswered: the authored order.
    let order: Vec<&str> = ranked(s, &[]).iter().map(|(_, c, _)| c.id).collect();
    assert_eq!(order, s.causes);
    assert!(cause("no-such-cause").is_none());
}
