//! Events a run can stage at any time (SPEC section 10), as data: a script is a list of
//! [`ScheduledEvent`]s, serialised with a `kind` tag, e.g.
//! `{"atMs": 60000, "kind": "crash", "cid": "192.168.0.2"}`.
//!
//! A consumer is named by its full cid (`192.168.0.2@10274`) or by the part before `@`
//! (`192.168.0.2`). When several running processes share a cid (a cid clash), the most
//! recently started one is meant. An event naming nobody running is skipped with a log line.

use serde::{Deserialize, Serialize};

use super::config::{tag_mask, ConsumerSpec, SimConfig, MAX_TICKS};
use crate::{Error, Result};

/// One event and when it happens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ScheduledEvent {
    /// Simulation time in milliseconds (applied at the first tick at or after it).
    pub at_ms: u64,
    /// What happens.
    #[serde(flatten)]
    pub event: Event,
}

impl ScheduledEvent {
    /// `event` at `at_ms`.
    pub fn new(at_ms: u64, event: Event) -> Self {
        ScheduledEvent { at_ms, event }
    }
}

fn yes() -> bool {
    true
}

fn one() -> u32 {
    1
}

/// Something that happens to the group, the topic or one consumer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Event {
    /// A consumer process starts: heartbeat, then its first rebalance at once.
    Join {
        /// Its settings (cid, rate, threads, room, subscription); defaults when absent.
        #[serde(flatten)]
        consumer: ConsumerSpec,
    },
    /// Graceful shutdown: stop consuming, wait `awaitTerminationMillisWhenShutdown` for the
    /// consume threads (default 0: no wait, the in-flight messages stay uncommitted), persist
    /// offsets, unregister (the broker notifies the others at once).
    Stop {
        /// The consumer.
        cid: String,
    },
    /// The process dies (kill -9): nothing is persisted. With `channelClosed` (default) the
    /// broker sees the TCP connection close at once; without (power loss, partition) it
    /// only notices when the channel expires (120 s of silence).
    Crash {
        /// The consumer.
        cid: String,
        /// Whether the broker sees the connection close.
        #[serde(default = "yes")]
        channel_closed: bool,
    },
    /// The process stops doing anything (GC pause, network loss) for a while, then goes on
    /// with the view it had.
    Pause {
        /// The consumer.
        cid: String,
        /// How long, in milliseconds.
        duration_ms: u64,
    },
    /// Queue count change (`mqadmin updateTopic -r READ -w WRITE`), up or down, per broker.
    /// `queuesPerBroker` sets both counts; `readQueueNums` / `writeQueueNums` set one (and win
    /// over `queuesPerBroker`). Queues at or beyond writeQueueNums get no new messages; queues
    /// at or beyond readQueueNums leave the route's read set and are not consumed: their backlog
    /// is stranded until the read count covers them again. The safe way to shrink: lower the
    /// write count, wait until those queues are drained, then lower the read count. Producers
    /// follow at once, consumers at their route poll (the broker refuses their pulls at once).
    QueueCount {
        /// Both counts.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        queues_per_broker: Option<u32>,
        /// readQueueNums.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        read_queue_nums: Option<u32>,
        /// writeQueueNums.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        write_queue_nums: Option<u32>,
    },
    /// One consumer subscribes to other tags (a deploy of another service into the group).
    Subscription {
        /// The consumer.
        cid: String,
        /// Its tags (`["*"]` = all).
        tags: Vec<String>,
    },
    /// A second process starts with the cid of a running one.
    CidClash {
        /// The cid to reuse.
        cid: String,
    },
    /// Producers change their rate (and optionally the hot queues).
    ProduceRate {
        /// Messages per second, all queues together.
        rate: u64,
        /// New hot queues (indices in sorted order); absent = unchanged.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hot_queues: Option<Vec<u32>>,
        /// New share of the hot queues in percent; absent = unchanged.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hot_share_percent: Option<u32>,
    },
    /// The business gets slower or faster (e.g. a slow database): messages per second.
    ConsumeRate {
        /// The consumer; absent = every consumer, and the default for later ones.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cid: Option<String>,
        /// Messages per second.
        rate: u64,
    },
    /// Rolling deploy: `start` new instances, one every `startSpacingMs`; after
    /// `stopAfterMs`, stop the `replace` oldest running ones, one every `stopSpacingMs`.
    RollingDeploy {
        /// Old instances to stop.
        replace: u32,
        /// New instances to start.
        start: u32,
        /// Between two starts.
        start_spacing_ms: u64,
        /// From the event to the first stop.
        stop_after_ms: u64,
        /// Between two stops.
        stop_spacing_ms: u64,
        /// Graceful stops (default) or kills.
        #[serde(default = "yes")]
        graceful: bool,
    },
    /// The next `count` messages of a queue (from its oldest unprocessed one) fail in the
    /// business for `durationMs` (absent = until the end): the listener answers
    /// RECONSUME_LATER. CLUSTERING only. Orderly: the queue blocks and retries in place;
    /// concurrent: each goes back to `%RETRY%group`, is delivered again after delay level
    /// 3 + reconsumeTimes to the consumer holding the retry queue, and goes to `%DLQ%group`
    /// after maxReconsumeTimes (16) retries, 17 deliveries in all ([`crate::retry`]).
    FailMessages {
        /// Queue index in sorted mqAll order.
        queue: u32,
        /// How many messages fail.
        count: u32,
        /// For how long they fail.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        duration_ms: Option<u64>,
    },
    /// The next `count` messages of a queue that a consume thread starts (from its oldest
    /// unprocessed one) each run for `durationMs` (absent: they never finish), while the other
    /// threads go on with the later messages. Concurrent CLUSTERING consumption only: the
    /// committed offset stays at the stuck message, pulling pauses once the cached span exceeds
    /// consumeConcurrentlyMaxSpan, and after consumeTimeout the message is sent back.
    StuckMessage {
        /// Queue index in sorted mqAll order.
        queue: u32,
        /// How many messages get stuck (each in its own consume thread).
        #[serde(default = "one")]
        count: u32,
        /// How long each one runs.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        duration_ms: Option<u64>,
    },
    /// A broker of the topic stops (shutdown, or a crash the name server sees at once): its
    /// queues leave the topic route, producers send to the other brokers, the consumers'
    /// pulls and offset commits to it fail. The consumers learn the new route at their next
    /// route poll (pollNameServerInterval) and drop its queues at their next rebalance; the
    /// queues keep their messages and their committed offsets.
    BrokerStop {
        /// brokerName, e.g. `broker-a`.
        broker: String,
    },
    /// A stopped broker is back: its queues return to the route (consumers take them at their
    /// next route poll and rebalance), and the group registers with it again at each
    /// consumer's next heartbeat, which notifies the group.
    BrokerStart {
        /// brokerName, e.g. `broker-a`.
        broker: String,
    },
    /// `mqadmin resetOffsetByTime` while no consumer of the (CLUSTERING) group is online: every
    /// queue's stored ConsumerOffset becomes the first offset stored at or after `timestampMs`
    /// (run time; MinOffset when all are newer, MaxOffset when all are older), which the group
    /// resumes at when it starts, since a stored offset wins over consumeFromWhere. Refused
    /// for a group that never ran.
    ResetOffsetByTime {
        /// The target store time, in milliseconds of run time.
        timestamp_ms: u64,
    },
}

impl Event {
    /// `updateTopic -r n -w n`: both queue counts per broker.
    pub fn queues(n: u32) -> Event {
        Event::QueueCount { queues_per_broker: Some(n), read_queue_nums: None, write_queue_nums: None }
    }

    /// `updateTopic -r read -w write`, either one absent to leave it unchanged.
    pub fn queue_nums(read: Option<u32>, write: Option<u32>) -> Event {
        Event::QueueCount { queues_per_broker: None, read_queue_nums: read, write_queue_nums: write }
    }

    /// The event's kind as written in scripts.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Join { .. } => "join",
            Event::Stop { .. } => "stop",
            Event::Crash { .. } => "crash",
            Event::Pause { .. } => "pause",
            Event::QueueCount { .. } => "queueCount",
            Event::Subscription { .. } => "subscription",
            Event::CidClash { .. } => "cidClash",
            Event::ProduceRate { .. } => "produceRate",
            Event::ConsumeRate { .. } => "consumeRate",
            Event::RollingDeploy { .. } => "rollingDeploy",
            Event::FailMessages { .. } => "failMessages",
            Event::StuckMessage { .. } => "stuckMessage",
            Event::BrokerStop { .. } => "brokerStop",
            Event::BrokerStart { .. } => "brokerStart",
            Event::ResetOffsetByTime { .. } => "resetOffsetByTime",
        }
    }

    /// A one-line description for logs and tooltips.
    pub fn describe(&self) -> String {
        match self {
            Event::Join { consumer } => match &consumer.cid {
                Some(cid) => format!("consumer {cid} starts"),
                None => "a new consumer starts".to_owned(),
            },
            Event::Stop { cid } => format!("{cid} shuts down gracefully"),
            Event::Crash { cid, channel_closed: true } => format!("{cid} is killed (kill -9)"),
            Event::Crash { cid, channel_closed: false } => {
                format!("{cid} dies silently (power loss / partition): the broker waits for the channel to expire")
            }
            Event::Pause { cid, duration_ms } => format!("{cid} pauses for {} ms (GC / network)", duration_ms),
            Event::QueueCount { queues_per_broker, read_queue_nums, write_queue_nums } => {
                let (read, write) = (read_queue_nums.or(*queues_per_broker), write_queue_nums.or(*queues_per_broker));
                match (read, write) {
                    (Some(r), Some(w)) if r == w => {
                        format!("the topic gets {} per broker", super::counted(u64::from(r), "queue", "queues"))
                    }
                    (Some(r), Some(w)) => {
                        format!("the topic gets readQueueNums {r} and writeQueueNums {w} per broker")
                    }
                    (Some(r), None) => format!("the topic gets readQueueNums {r} per broker"),
                    (None, Some(w)) => format!("the topic gets writeQueueNums {w} per broker"),
                    (None, None) => "the topic's queue counts stay".to_owned(),
                }
            }
            Event::Subscription { cid, tags } => format!("{cid} now subscribes {}", tags.join(" || ")),
            Event::CidClash { cid } => format!("a second process starts with cid {cid}"),
            Event::ProduceRate { rate, .. } => format!("producers now send {rate} msg/s"),
            Event::ConsumeRate { cid: Some(cid), rate } => format!("{cid} now finishes {rate} msg/s"),
            Event::ConsumeRate { cid: None, rate } => format!("every consumer now finishes {rate} msg/s"),
            Event::RollingDeploy { replace, start, .. } => {
                let (instances, ones) = (
                    super::counted(u64::from(*start), "new instance", "new instances"),
                    if *replace == 1 { "old one" } else { "old ones" },
                );
                format!("rolling deploy: {instances}, {replace} {ones} stopped")
            }
            Event::FailMessages { queue, count, .. } => {
                let (messages, start) = if *count == 1 { ("message", "starts") } else { ("messages", "start") };
                format!("{count} {messages} of queue {queue} {start} failing")
            }
            Event::ResetOffsetByTime { timestamp_ms } => {
                format!(
                    "resetOffsetByTime: the offline group's offsets go to the messages stored from {timestamp_ms} ms"
                )
            }
            Event::StuckMessage { queue, count, duration_ms } => {
                let how = match duration_ms {
                    Some(d) => format!("runs for {d} ms"),
                    None => "never finishes".to_owned(),
                };
                match count {
                    1 => format!("the next message of queue {queue} {how} in the business"),
                    n => format!("each of the next {n} messages of queue {queue} {how} in the business"),
                }
            }
            Event::BrokerStop { broker } => format!("broker {broker} stops"),
            Event::BrokerStart { broker } => format!("broker {broker} starts again"),
        }
    }

    /// Checks what can be checked before the run (the rest is checked when it happens).
    pub fn validate(&self, config: &SimConfig) -> Result<()> {
        let field = self.kind();
        let bad = |message: String| Err(Error::InvalidInput { field: field.to_owned(), message });
        let day = 86_400_000;
        match self {
            Event::Join { consumer } => consumer.validate(config, field),
            Event::Stop { cid } | Event::Crash { cid, .. } | Event::CidClash { cid } if cid.trim().is_empty() => {
                bad("the cid is empty".to_owned())
            }
            Event::Pause { cid, duration_ms } => {
                if cid.trim().is_empty() {
                    return bad("the cid is empty".to_owned());
                }
                if *duration_ms == 0 || *duration_ms > day {
                    return bad(format!("durationMs {duration_ms} is out of range 1 ..= {day}"));
                }
                Ok(())
            }
            Event::QueueCount { queues_per_broker, read_queue_nums, write_queue_nums } => {
                let fields = [
                    ("queuesPerBroker", queues_per_broker),
                    ("readQueueNums", read_queue_nums),
                    ("writeQueueNums", write_queue_nums),
                ];
                if fields.iter().all(|(_, v)| v.is_none()) {
                    return bad("give queuesPerBroker, readQueueNums or writeQueueNums".to_owned());
                }
                for (name, value) in fields {
                    if let Some(v) = value.filter(|&v| v == 0 || v > 256) {
                        return bad(format!("{name} {v} is out of range 1 ..= 256"));
                    }
                }
                Ok(())
            }
            Event::Subscription { cid, tags } => {
                if cid.trim().is_empty() {
                    return bad("the cid is empty".to_owned());
                }
                tag_mask(&config.topic.tags, tags).map(|_| ()).or_else(bad)
            }
            Event::ProduceRate { rate, hot_share_percent, .. } => {
                if *rate > 10_000_000 || hot_share_percent.is_some_and(|p| p > 100) {
                    return bad("rate must be <= 10,000,000 msg/s and hotSharePercent <= 100".to_owned());
                }
                Ok(())
            }
            Event::ConsumeRate { rate, .. } if *rate > 10_000_000 => bad(format!("rate {rate} > 10,000,000")),
            Event::RollingDeploy { replace, start, start_spacing_ms, stop_after_ms, stop_spacing_ms, .. } => {
                if *replace > 256 || *start > 256 {
                    return bad("at most 256 instances started or stopped".to_owned());
                }
                if [start_spacing_ms, stop_after_ms, stop_spacing_ms].iter().any(|&&d| d > day) {
                    return bad("spacings must be <= one day".to_owned());
                }
                Ok(())
            }
            Event::FailMessages { count, duration_ms, .. } => {
                if *count == 0 || *count > 1_000_000 {
                    return bad(format!("count {count} is out of range 1 ..= 1,000,000"));
                }
                if duration_ms.is_some_and(|d| d == 0 || d > day) {
                    return bad("durationMs must be 1 ..= one day".to_owned());
                }
                Ok(())
            }
            Event::StuckMessage { count, duration_ms, .. } => {
                if *count == 0 || *count > 1_024 {
                    return bad(format!("count {count} is out of range 1 ..= 1,024"));
                }
                if duration_ms.is_some_and(|d| d == 0 || d > day) {
                    return bad("durationMs must be 1 ..= one day".to_owned());
                }
                Ok(())
            }
            Event::BrokerStop { broker } | Event::BrokerStart { broker } => {
                let names: Vec<&str> = config.topic.brokers.iter().map(|b| b.name.as_str()).collect();
                if names.contains(&broker.trim()) {
                    return Ok(());
                }
                let field = format!("{field}.broker");
                let message = format!("{broker:?} is not a broker of the topic (it has {})", names.join(", "));
                Err(Error::InvalidInput { field, message })
            }
            _ => Ok(()),
        }
    }
}

/// Validates a whole script: every event, and times within the run limit.
pub fn validate_script(config: &SimConfig, events: &[ScheduledEvent]) -> Result<()> {
    let limit = MAX_TICKS.saturating_mul(config.tick_ms);
    let mut sorted: Vec<&ScheduledEvent> = events.iter().collect();
    sorted.sort_by_key(|e| e.at_ms);
    for (i, e) in sorted.iter().enumerate() {
        if e.at_ms > limit {
            return Err(Error::InvalidInput {
                field: format!("events[{i}].atMs"),
                message: format!("{} is after the longest run ({limit} ms)", e.at_ms),
            });
        }
        e.event.validate(config).map_err(|err| match err {
            Error::InvalidInput { field, message } => {
                Error::InvalidInput { field: format!("events[{i}] ({field})"), message }
            }
            other => other,
        })?;
    }
    Ok(())
}
