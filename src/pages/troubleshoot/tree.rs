//! What the Troubleshoot page knows: symptoms as an engineer describes them, the causes that
//! produce each, the question that tells a cause apart, the place a cause can be watched
//! live, and the settings of its fix with RocketMQ's defaults.
//!
//! No yew here: the page draws this, the tests check it (every text in both languages,
//! every live link opens a state our pages accept, every default equal to the simulator's).
//! A cause can serve several symptoms; its texts are written once.

use rebalance_core::consume_from;
use rebalance_core::exercise::model::Page;
use rebalance_core::simulate::SimConfig;

/// A setting a fix changes, with its default in RocketMQ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    ConsumeThreadMin,
    ConsumeConcurrentlyMaxSpan,
    ConsumeTimeout,
    PullThresholdForQueue,
    PullThresholdSizeForQueue,
    MaxReconsumeTimes,
    MaxReconsumeTimesOrderly,
    SuspendCurrentQueueTimeMillis,
    AwaitTerminationMillisWhenShutdown,
    PersistConsumerOffsetInterval,
    ConsumeFromWhere,
    ConsumeTimestamp,
    InstanceName,
    PollNameServerInterval,
    RebalanceWaitInterval,
    HeartbeatBrokerInterval,
    ChannelExpiredTimeout,
    ReadWriteQueueNums,
    InvisibleDuration,
    ClientRebalance,
}

impl Setting {
    /// The setting's name as RocketMQ spells it.
    pub fn name(self) -> &'static str {
        match self {
            Setting::ConsumeThreadMin => "consumeThreadMin / consumeThreadMax",
            Setting::ConsumeConcurrentlyMaxSpan => "consumeConcurrentlyMaxSpan",
            Setting::ConsumeTimeout => "consumeTimeout",
            Setting::PullThresholdForQueue => "pullThresholdForQueue",
            Setting::PullThresholdSizeForQueue => "pullThresholdSizeForQueue",
            Setting::MaxReconsumeTimes => "maxReconsumeTimes",
            Setting::MaxReconsumeTimesOrderly => "maxReconsumeTimes (orderly)",
            Setting::SuspendCurrentQueueTimeMillis => "suspendCurrentQueueTimeMillis",
            Setting::AwaitTerminationMillisWhenShutdown => "awaitTerminationMillisWhenShutdown",
            Setting::PersistConsumerOffsetInterval => "persistConsumerOffsetInterval",
            Setting::ConsumeFromWhere => "consumeFromWhere",
            Setting::ConsumeTimestamp => "consumeTimestamp",
            Setting::InstanceName => "instanceName",
            Setting::PollNameServerInterval => "pollNameServerInterval",
            Setting::RebalanceWaitInterval => "rocketmq.client.rebalance.waitInterval",
            Setting::HeartbeatBrokerInterval => "heartbeatBrokerInterval",
            Setting::ChannelExpiredTimeout => "channelExpiredTimeout",
            Setting::ReadWriteQueueNums => "readQueueNums / writeQueueNums",
            Setting::InvisibleDuration => "invisibleDuration",
            Setting::ClientRebalance => "clientRebalance",
        }
    }

    /// Where it is set.
    pub fn owner(self) -> &'static str {
        match self {
            Setting::PersistConsumerOffsetInterval
            | Setting::InstanceName
            | Setting::PollNameServerInterval
            | Setting::HeartbeatBrokerInterval => "ClientConfig",
            Setting::RebalanceWaitInterval => "RebalanceService (-D…)",
            Setting::ChannelExpiredTimeout => "BrokerConfig",
            Setting::ReadWriteQueueNums => "mqadmin updateTopic -r / -w",
            Setting::InvisibleDuration => "SimpleConsumer.receive",
            _ => "DefaultMQPushConsumer",
        }
    }

    /// RocketMQ's default, as its users write it. The simulator's client and broker settings
    /// carry RocketMQ's defaults with their sources; the rest cite the source here.
    pub fn default_value(self) -> String {
        let sim = SimConfig::default();
        let (c, b) = (&sim.client, &sim.broker);
        match self {
            Setting::ConsumeThreadMin => format!("{0} / {0}", c.consume_threads),
            Setting::ConsumeConcurrentlyMaxSpan => c.consume_concurrently_max_span.to_string(),
            Setting::ConsumeTimeout => format!("{} min", c.consume_timeout_minutes),
            Setting::PullThresholdForQueue => c.pull_threshold_for_queue.to_string(),
            Setting::PullThresholdSizeForQueue => format!("{} MiB", c.pull_threshold_size_for_queue_mib),
            // -1, read as 16 by DefaultMQPushConsumerImpl.getMaxReconsumeTimes.
            Setting::MaxReconsumeTimes => format!("-1 → {}", c.max_reconsume_times),
            // -1, read as Integer.MAX_VALUE by ConsumeMessageOrderlyService.getMaxReconsumeTimes.
            Setting::MaxReconsumeTimesOrderly => format!("-1 → {}", i32::MAX),
            Setting::SuspendCurrentQueueTimeMillis => format!("{} ms", c.suspend_current_queue_ms),
            Setting::AwaitTerminationMillisWhenShutdown => format!("{} ms", c.await_termination_millis_when_shutdown),
            Setting::PersistConsumerOffsetInterval => format!("{} ms", c.persist_interval_ms),
            // DefaultMQPushConsumer.consumeFromWhere.
            Setting::ConsumeFromWhere => "CONSUME_FROM_LAST_OFFSET".to_owned(),
            // DefaultMQPushConsumer.consumeTimestamp, read by CONSUME_FROM_TIMESTAMP.
            Setting::ConsumeTimestamp => {
                format!("currentTimeMillis − {} min", consume_from::CONSUME_TIMESTAMP_BEFORE_CREATION_MS / 60_000)
            }
            // ClientConfig.instanceName: the system property rocketmq.client.name, else
            // "DEFAULT", which changeInstanceNameToPID turns into `pid#nanoTime`.
            Setting::InstanceName => "DEFAULT → pid#nanoTime".to_owned(),
            Setting::PollNameServerInterval => format!("{} ms", c.route_poll_interval_ms),
            Setting::RebalanceWaitInterval => format!("{} ms", c.rebalance_interval_ms),
            Setting::HeartbeatBrokerInterval => format!("{} ms", c.heartbeat_interval_ms),
            Setting::ChannelExpiredTimeout => format!("{} ms", b.channel_expiry_ms),
            // UpdateTopicSubCommand sets 8 and 8 when -r / -w are left out.
            Setting::ReadWriteQueueNums => "8 / 8".to_owned(),
            Setting::InvisibleDuration => format!("{} s", c.invisible_time_ms / 1000),
            // DefaultMQPushConsumer.clientRebalance; false asks the broker for the assignment
            // (RebalanceImpl.getRebalanceResultFromBroker), which may answer POP.
            Setting::ClientRebalance => "true".to_owned(),
        }
    }
}

/// Where a cause can be watched: one of our pages, opened in the state the generic
/// parameters describe (the same parameters an exercise's "show me" link uses).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Live {
    pub page: Page,
    pub params: &'static [(&'static str, &'static str)],
}

/// One cause: its texts (i18n keys), its live state and the settings of its fix.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cause {
    pub id: &'static str,
    /// What the cause is, in a few words.
    pub title: &'static str,
    /// The question whose answer tells this cause apart, answered yes or no.
    pub ask: &'static str,
    /// Why it produces the symptom.
    pub explain: &'static str,
    /// What to do.
    pub fix: &'static str,
    pub live: Live,
    pub settings: &'static [Setting],
}

/// One symptom, as an engineer would describe it, and the causes to tell apart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Symptom {
    pub id: &'static str,
    pub title: &'static str,
    pub causes: &'static [&'static str],
}

macro_rules! cause {
    ($id:literal, $page:ident, [$(($k:literal, $v:literal)),*], [$($s:ident),*]) => {
        Cause {
            id: $id,
            title: concat!("page.troubleshoot.cause.", $id, ".title"),
            ask: concat!("page.troubleshoot.cause.", $id, ".ask"),
            explain: concat!("page.troubleshoot.cause.", $id, ".explain"),
            fix: concat!("page.troubleshoot.cause.", $id, ".fix"),
            live: Live { page: Page::$page, params: &[$(($k, $v)),*] },
            settings: &[$(Setting::$s),*],
        }
    };
}

macro_rules! symptom {
    ($id:literal, [$($c:literal),*]) => {
        Symptom { id: $id, title: concat!("page.troubleshoot.symptom.", $id), causes: &[$($c),*] }
    };
}

/// Every cause.
pub const CAUSES: &[Cause] = &[
    cause!(
        "too-slow",
        Planner,
        [("backlog", "1000000"), ("produce", "2000"), ("rate", "500"), ("instances", "3"), ("queues", "8")],
        [ConsumeThreadMin]
    ),
    cause!(
        "idle-consumers",
        Playground,
        [("queues", "4"), ("consumers", "6"), ("strategy", "AVG")],
        [ReadWriteQueueNums]
    ),
    cause!(
        "stuck-message",
        Simulator,
        [("scenario", "stuck-message-pins-offset")],
        [ConsumeTimeout, ConsumeConcurrentlyMaxSpan]
    ),
    cause!("hot-queue", Simulator, [("scenario", "hot-queue")], [ReadWriteQueueNums]),
    cause!(
        "flow-control",
        Simulator,
        [("scenario", "flow-control")],
        [PullThresholdForQueue, PullThresholdSizeForQueue, ConsumeThreadMin]
    ),
    cause!("inconsistent-subscription", Simulator, [("scenario", "inconsistent-subscription")], []),
    cause!("cid-clash", Simulator, [("scenario", "container-cid-clash")], [InstanceName]),
    cause!("rolling-deploy", Simulator, [("scenario", "rolling-deploy")], [RebalanceWaitInterval]),
    cause!("graceful-stop", Simulator, [("scenario", "graceful-stop")], [AwaitTerminationMillisWhenShutdown]),
    cause!("crash", Simulator, [("scenario", "crash")], [PersistConsumerOffsetInterval]),
    cause!("young-topic", Simulator, [("scenario", "new-group-last-offset")], [ConsumeFromWhere, ConsumeTimestamp]),
    cause!(
        "ordered-blocked",
        Simulator,
        [("scenario", "ordered-blocked")],
        [SuspendCurrentQueueTimeMillis, MaxReconsumeTimesOrderly]
    ),
    cause!("ordered-lock", Simulator, [("scenario", "ordered-crash")], []),
    cause!("unsubscribed-tags", Offsets, [("example", "mqadmin")], []),
    cause!("negative-diff", Offsets, [("example", "mqadmin")], []),
    cause!("broker-restart", Simulator, [("scenario", "broker-restart")], [PollNameServerInterval]),
    cause!("retries", Simulator, [("scenario", "retry-to-dlq")], [MaxReconsumeTimes]),
    cause!("stall-expired", Simulator, [("scenario", "gc-pause")], [HeartbeatBrokerInterval, ChannelExpiredTimeout]),
    cause!("pop-invisible", Simulator, [("scenario", "pop-invisible-short")], [InvisibleDuration]),
    cause!("shrink-unsafe", Simulator, [("scenario", "shrink-queues-unsafe")], [ReadWriteQueueNums]),
    cause!("commit-early", Simulator, [("scenario", "commit-before-processing")], []),
    cause!("expired-offset", Offsets, [("min", "5000"), ("max", "9000"), ("consumer", "2000")], []),
    cause!("scale-wait", Simulator, [("scenario", "scale-out-avg")], [RebalanceWaitInterval]),
    cause!("client-decides-model", Simulator, [("scenario", "pop-scale-3-to-10")], [ClientRebalance]),
];

/// Every symptom, in the order the page lists them.
pub const SYMPTOMS: &[Symptom] = &[
    symptom!("lag-grows", ["too-slow", "idle-consumers", "flow-control", "hot-queue", "stuck-message"]),
    symptom!("some-idle", ["idle-consumers", "inconsistent-subscription", "cid-clash"]),
    symptom!("duplicates-deploy", ["rolling-deploy", "graceful-stop", "crash"]),
    symptom!("new-group-history", ["young-topic"]),
    symptom!("lag-stuck", ["stuck-message", "ordered-blocked", "flow-control"]),
    symptom!("lag-overstated", ["unsubscribed-tags", "expired-offset"]),
    symptom!("negative-lag", ["negative-diff"]),
    symptom!("one-queue", ["hot-queue", "ordered-blocked", "cid-clash", "stuck-message"]),
    symptom!("broker-restart", ["broker-restart", "ordered-lock"]),
    symptom!("two-owners", ["stall-expired", "cid-clash", "rolling-deploy"]),
    symptom!("dlq", ["retries"]),
    symptom!("messages-missing", ["inconsistent-subscription", "commit-early", "shrink-unsafe", "expired-offset"]),
    symptom!("pop-duplicates", ["pop-invisible"]),
    symptom!("new-consumer-waits", ["scale-wait", "idle-consumers"]),
    symptom!("orderly-stopped", ["ordered-blocked", "ordered-lock"]),
    symptom!("after-shrink", ["shrink-unsafe"]),
    symptom!("upgraded-still-idle", ["client-decides-model", "idle-consumers"]),
];

/// The cause with `id`.
pub fn cause(id: &str) -> Option<&'static Cause> {
    CAUSES.iter().find(|c| c.id == id)
}

/// The symptom with `id`.
pub fn symptom(id: &str) -> Option<&'static Symptom> {
    SYMPTOMS.iter().find(|s| s.id == id)
}

/// The reader's answer to a cause's question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Answer {
    #[default]
    Unanswered,
    Yes,
    No,
}

impl Answer {
    /// The letter the URL keeps it as.
    pub fn code(self) -> char {
        match self {
            Answer::Unanswered => '-',
            Answer::Yes => 'y',
            Answer::No => 'n',
        }
    }

    pub fn from_code(c: char) -> Option<Answer> {
        [Answer::Unanswered, Answer::Yes, Answer::No].into_iter().find(|a| a.code() == c)
    }
}

/// The causes of `symptom` in the order the page shows them: answered yes (likely) first,
/// then the unanswered, then those answered no (ruled out); the authored order within each.
/// `answers[i]` is the answer to the symptom's `i`-th cause (missing = unanswered).
pub fn ranked(symptom: &Symptom, answers: &[Answer]) -> Vec<(usize, &'static Cause, Answer)> {
    let mut list: Vec<(usize, &'static Cause, Answer)> = symptom
        .causes
        .iter()
        .enumerate()
        .filter_map(|(i, id)| cause(id).map(|c| (i, c, answers.get(i).copied().unwrap_or_default())))
        .collect();
    let rank = |a: Answer| match a {
        Answer::Yes => 0,
        Answer::Unanswered => 1,
        Answer::No => 2,
    };
    list.sort_by_key(|&(i, _, a)| (rank(a), i));
    list
}
