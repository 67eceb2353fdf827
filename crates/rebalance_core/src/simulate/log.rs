//! What each client (and the broker) "logs", as data. Entries are small structured values;
//! [`LogEntry::text`] renders the line the way RocketMQ words it, so the site can filter by
//! kind and still show familiar text.

use serde::{Deserialize, Serialize};

/// How serious a line is (RocketMQ's log level).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Level {
    /// Normal operation.
    Info,
    /// Something a learner should notice.
    Warn,
    /// Something failed.
    Error,
}

/// One log line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LogEntry {
    /// Simulation time in milliseconds.
    pub at_ms: u64,
    /// Who logs it: a cid, or `broker`, or `script`.
    pub source: String,
    /// Process index (stable per process, also when two share a cid); none for the broker.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub process: Option<u32>,
    /// What happened.
    pub kind: LogKind,
}

/// What a line says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum LogKind {
    /// A scripted event was applied.
    Event {
        /// Its description.
        text: String,
    },
    /// A scripted event could not be applied (e.g. nobody with that cid is running).
    EventSkipped {
        /// Why.
        reason: String,
    },
    /// The consumer started and sent its first heartbeat.
    Started {
        /// Subscription expression.
        subscription: String,
    },
    /// `rebalanced result changed` (RebalanceImpl), with the new queue list.
    RebalanceResult {
        /// Strategy name.
        strategy: String,
        /// mqAll size.
        mq_all: u32,
        /// cidAll size as this client saw it.
        cid_all: u32,
        /// Queue indices (sorted mqAll order) now held.
        queues: Vec<u32>,
        /// Why the rebalance ran.
        trigger: String,
    },
    /// `[BUG] ConsumerGroup: … not in cidAll: …`, verbatim from the allocation.
    NotInCidAll {
        /// The line.
        line: String,
    },
    /// The allocation threw (e.g. a missing machine room); nothing changed.
    AllocateError {
        /// RocketMQ's message.
        message: String,
    },
    /// A revoked queue's ProcessQueue is dropped and its offset persisted.
    QueueDropped {
        /// Queue index.
        queue: u32,
        /// Offset persisted.
        offset: u64,
        /// Messages still in the consume threads, finished after the drop (not committed).
        in_flight: u64,
    },
    /// A new queue: ProcessQueue + PullRequest from the committed ConsumerOffset.
    QueueAdded {
        /// Queue index.
        queue: u32,
        /// Where pulling starts.
        offset: u64,
    },
    /// `updateConsumeOffsetToBroker` (every 5 s).
    OffsetPersisted {
        /// Queue index.
        queue: u32,
        /// The offset.
        offset: u64,
    },
    /// `the cached message count exceeds the threshold …, so do flow control`.
    FlowControl {
        /// Queue index.
        queue: u32,
        /// Cached messages.
        count: u64,
        /// Cached MiB.
        size_mib: u64,
        /// How many pulls were postponed so far.
        times: u64,
    },
    /// Orderly: the broker queue lock was acquired (or renewed after a loss).
    LockAcquired {
        /// Queue index.
        queue: u32,
    },
    /// Orderly: the lock is held by another client; the queue is not consumed.
    LockFailed {
        /// Queue index.
        queue: u32,
        /// Current holder's cid.
        holder: String,
    },
    /// Orderly: a message failed; the queue is suspended and retried in place.
    ConsumeSuspended {
        /// Queue index.
        queue: u32,
        /// Offset of the failing message.
        offset: u64,
        /// Attempts so far.
        attempts: u64,
    },
    /// Concurrent / POP: a message failed and goes to `%RETRY%group` (or `%DLQ%group`).
    SentBack {
        /// Queue index.
        queue: u32,
        /// Offset.
        offset: u64,
        /// Reconsume times so far.
        reconsume_times: u32,
        /// Whether it went to the dead-letter queue.
        dead_letter: bool,
    },
    /// POP: an ACK was refused because the invisible time had passed (the message was
    /// already visible again and redelivered).
    AckExpired {
        /// Queue index.
        queue: u32,
        /// Messages of the batch acked too late.
        count: u64,
    },
    /// POP: un-acked messages became visible again after the invisible time.
    Revived {
        /// Queue index.
        queue: u32,
        /// How many.
        count: u64,
    },
    /// Graceful shutdown: offsets persisted, consumer unregistered.
    Shutdown,
    /// The process was killed.
    Killed,
    /// The process stopped for a while / resumed.
    Paused {
        /// Pause length in milliseconds.
        duration_ms: u64,
    },
    /// The pause ended.
    Resumed,
    /// Broker: a member registered (first heartbeat) or unregistered / was removed.
    MemberChanged {
        /// The cid.
        cid: String,
        /// `registered`, `unregistered`, `channel closed`, `channel expired`.
        change: String,
        /// Members now.
        members: u32,
    },
    /// Broker: `ConsumerManager.scanNotActiveChannel` removed a channel silent for longer than
    /// the expiry; nobody is notified.
    ChannelExpired {
        /// The cid of the channel.
        cid: String,
        /// consumerGroup.
        group: String,
    },
    /// Broker: the group's subscription was replaced by a newer one.
    SubscriptionChanged {
        /// Old expression.
        old: String,
        /// New expression.
        new: String,
    },
    /// The client learned a new queue count from the name server.
    RouteChanged {
        /// Queues now known.
        queues: u32,
    },
}

impl LogEntry {
    /// Log level of the line.
    pub fn level(&self) -> Level {
        match &self.kind {
            LogKind::NotInCidAll { .. } | LogKind::AllocateError { .. } | LogKind::Killed => Level::Error,
            LogKind::EventSkipped { .. }
            | LogKind::FlowControl { .. }
            | LogKind::LockFailed { .. }
            | LogKind::ConsumeSuspended { .. }
            | LogKind::SentBack { .. }
            | LogKind::AckExpired { .. }
            | LogKind::Revived { .. }
            | LogKind::SubscriptionChanged { .. }
            | LogKind::ChannelExpired { .. } => Level::Warn,
            _ => Level::Info,
        }
    }

    /// The line as the client (or broker) would print it; queues are shown as `Q{n}`.
    pub fn text(&self) -> String {
        match &self.kind {
            LogKind::Event { text } => format!("event: {text}"),
            LogKind::EventSkipped { reason } => format!("event skipped: {reason}"),
            LogKind::Started { subscription } => {
                format!("the consumer [{}] start OK, subscription={subscription}", self.source)
            }
            LogKind::RebalanceResult { strategy, mq_all, cid_all, queues, trigger } => format!(
                "rebalanced result changed ({trigger}). allocateMessageQueueStrategyName={strategy}, clientId={}, \
                 mqAllSize={mq_all}, cidAllSize={cid_all}, rebalanceResultSize={}, rebalanceResultSet=[{}]",
                self.source,
                queues.len(),
                queues.iter().map(|q| format!("Q{q}")).collect::<Vec<_>>().join(", ")
            ),
            LogKind::NotInCidAll { line } => line.clone(),
            LogKind::AllocateError { message } => format!("AllocateMessageQueueStrategy.allocate Exception: {message}"),
            LogKind::QueueDropped { queue, offset, in_flight } => format!(
                "doRebalance, remove unnecessary mq, Q{queue}: ProcessQueue dropped, offset {offset} persisted \
                 ({in_flight} in-flight messages finish uncommitted)"
            ),
            LogKind::QueueAdded { queue, offset } => {
                format!("doRebalance, add a new mq, Q{queue}, pull from ConsumerOffset {offset}")
            }
            LogKind::OffsetPersisted { queue, offset } => {
                format!("[persistAll] updateConsumeOffsetToBroker Q{queue} {offset}")
            }
            LogKind::FlowControl { queue, count, size_mib, times } => format!(
                "the cached message count exceeds the threshold, so do flow control, Q{queue} count={count} \
                 size={size_mib} MiB, flowControlTimes={times}"
            ),
            LogKind::LockAcquired { queue } => format!("the message queue locked OK, Q{queue}"),
            LogKind::LockFailed { queue, holder } => {
                format!("the message queue locked Failed, Q{queue} is locked by {holder}")
            }
            LogKind::ConsumeSuspended { queue, offset, attempts } => format!(
                "consumeMessage return SUSPEND_CURRENT_QUEUE_A_MOMENT, Q{queue} offset {offset}, attempts {attempts}"
            ),
            LogKind::SentBack { queue, offset, reconsume_times, dead_letter } => {
                let to = if *dead_letter { "%DLQ%" } else { "%RETRY%" };
                format!("consume failed, Q{queue} offset {offset} sent back to {to}, reconsumeTimes={reconsume_times}")
            }
            LogKind::AckExpired { queue, count } => {
                let (messages, were) = if *count == 1 { ("message", "was") } else { ("messages", "were") };
                format!("ack failed: invisible time passed, {count} {messages} of Q{queue} {were} already redelivered")
            }
            LogKind::Revived { queue, count } => {
                let (messages, are) = if *count == 1 { ("message", "is") } else { ("messages", "are") };
                format!("{count} un-acked {messages} of Q{queue} {are} visible again (invisible time passed)")
            }
            LogKind::Shutdown => "shutdown: offsets persisted, unregisterConsumer OK".to_owned(),
            LogKind::Killed => "process killed: nothing persisted".to_owned(),
            LogKind::Paused { duration_ms } => format!("process stalls for {duration_ms} ms (GC / network)"),
            LogKind::Resumed => "process resumes".to_owned(),
            LogKind::MemberChanged { cid, change, members } => {
                let channels = super::counted(u64::from(*members), "channel", "channels");
                format!("consumer {cid} {change}, group now has {channels}; NOTIFY_CONSUMER_IDS_CHANGED")
            }
            LogKind::ChannelExpired { cid, group } => {
                let channel = cid.split_once('@').map_or(cid.as_str(), |(ip, _)| ip);
                format!(
                    "SCAN: remove expired channel from ConsumerManager consumerTable. channel={channel}, \
                     consumerGroup={group}"
                )
            }
            LogKind::SubscriptionChanged { old, new } => {
                format!("subscription changed, OLD: {old} NEW: {new}")
            }
            LogKind::RouteChanged { queues } => {
                format!("topic route changed: {}", super::counted(u64::from(*queues), "queue", "queues"))
            }
        }
    }
}
