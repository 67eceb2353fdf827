//! What each client (and the broker) "logs", as data. Entries are small structured values;
//! [`LogEntry::text`] renders the line the way RocketMQ words it, so the site can filter by
//! kind and still show familiar text. A line at [`Level::Info`], [`Level::Warn`] or
//! [`Level::Error`] is RocketMQ's own (its template is tested character for character); a
//! [`Level::Note`] is the simulator's annotation where RocketMQ logs nothing, or logs data the
//! simulator does not have (a message's `MessageExt`, a topic's route).

use serde::{Deserialize, Serialize};

use crate::assignment::MessageModel;
use crate::MessageQueue;

/// How serious a line is: RocketMQ's log level, or `Note` for the simulator's own annotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Level {
    /// RocketMQ logs it with `log.info`.
    Info,
    /// RocketMQ logs it with `log.warn`.
    Warn,
    /// RocketMQ logs it with `log.error`.
    Error,
    /// Not a RocketMQ log line: a scripted event, a process's fate, or what happened where
    /// RocketMQ logs nothing (or a line with data the simulator does not model).
    Note,
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
    /// A scripted event was applied (a note).
    Event {
        /// Its description.
        text: String,
    },
    /// A scripted event could not be applied (e.g. nobody with that cid is running; a note).
    EventSkipped {
        /// Why.
        reason: String,
    },
    /// The consumer started and sent its first heartbeat.
    Started {
        /// consumerGroup.
        group: String,
        /// Subscription expression.
        subscription: String,
        /// A gRPC client's `ClientType` (`PUSH_CONSUMER`, `SIMPLE_CONSUMER`), which logs in
        /// rocketmq-clients' words; none for the Remoting DefaultMQPushConsumer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        client_type: Option<String>,
    },
    /// `client rebalanced result changed` (RebalanceImpl.rebalanceByTopic, 5.x), with the new
    /// queue list (BROADCASTING: `messageQueueChanged`).
    RebalanceResult {
        /// Strategy name (`BROADCASTING` for that model).
        strategy: String,
        /// consumerGroup.
        group: String,
        /// The topic.
        topic: String,
        /// The allocated set as Java prints it: `[MessageQueue [...], ...]`.
        result_set: String,
        /// mqAll size.
        mq_all: u32,
        /// cidAll size as this client saw it.
        cid_all: u32,
        /// Queue indices (sorted mqAll order of its topic) now held.
        queues: Vec<u32>,
        /// Why the rebalance ran.
        trigger: String,
    },
    /// `[BUG] ConsumerGroup: … not in cidAll: …`, verbatim from the allocation.
    NotInCidAll {
        /// The line.
        line: String,
    },
    /// The allocation threw (e.g. a missing machine room); nothing changed
    /// (RebalanceImpl.rebalanceByTopic catches it and logs it with the exception).
    AllocateError {
        /// `AllocateMessageQueueStrategy.getName()`.
        strategy: String,
        /// The exception as `Throwable.toString()` prints it (class name, `: `, message).
        exception: String,
    },
    /// A revoked queue's ProcessQueue is dropped and its offset persisted.
    QueueDropped {
        /// Queue index.
        queue: u32,
        /// consumerGroup.
        group: String,
        /// The MessageQueue as Java prints it.
        mq: String,
        /// Offset persisted.
        offset: u64,
        /// Messages still in the consume threads, finished after the drop (not committed).
        in_flight: u64,
    },
    /// A new queue: ProcessQueue + PullRequest from the committed ConsumerOffset.
    QueueAdded {
        /// Queue index.
        queue: u32,
        /// consumerGroup.
        group: String,
        /// The MessageQueue as Java prints it.
        mq: String,
        /// Where pulling starts.
        offset: u64,
    },
    /// `updateConsumeOffsetToBroker` (every 5 s).
    OffsetPersisted {
        /// Queue index.
        queue: u32,
        /// consumerGroup.
        group: String,
        /// The MessageQueue as Java prints it.
        mq: String,
        /// The offset.
        offset: u64,
    },
    /// A pull to a stopped broker failed; the request is sent again after
    /// pullTimeDelayMillsWhenException. While the client still has the broker's address the
    /// request is sent and fails in its callback (`PullCallback.onException`:
    /// `RemotingConnectException`); once `cleanOfflineBroker` has removed the address,
    /// `PullAPIWrapper.pullKernelImpl` throws (`The broker[…] not exist`).
    PullFailed {
        /// Queue index.
        queue: u32,
        /// consumerGroup.
        group: String,
        /// The MessageQueue as Java prints it.
        mq: String,
        /// The request was sent (the address was known): the callback's warning.
        sent: bool,
        /// `Throwable.toString()` of the exception.
        exception: String,
    },
    /// `RemoteBrokerOffsetStore.persistAll` / `persist` could not write an offset to a stopped
    /// broker (the offset stays in the client's memory only).
    OffsetPersistFailed {
        /// Queue index.
        queue: u32,
        /// The MessageQueue as Java prints it.
        mq: String,
        /// `Throwable.toString()` of the exception.
        exception: String,
    },
    /// `the cached message count (or size) exceeds the threshold …, so do flow control`.
    FlowControl {
        /// Queue index.
        queue: u32,
        /// Over pullThresholdSizeForQueue (else over pullThresholdForQueue).
        by_size: bool,
        /// The threshold that was passed (messages, or MiB).
        threshold: u64,
        /// First and last cached offset.
        min_offset: u64,
        /// Last cached offset.
        max_offset: u64,
        /// The PullRequest as Java prints it.
        pull_request: String,
        /// Cached messages.
        count: u64,
        /// Cached MiB.
        size_mib: u64,
        /// How many pulls were postponed so far.
        times: u64,
    },
    /// `the queue's messages, span too long, so do flow control`: a concurrent consumer's
    /// ProcessQueue spans more offsets than consumeConcurrentlyMaxSpan (a stuck message holds
    /// the first one).
    SpanFlowControl {
        /// Queue index.
        queue: u32,
        /// `msgTreeMap.firstKey()`.
        min_offset: u64,
        /// `msgTreeMap.lastKey()`.
        max_offset: u64,
        /// Their difference.
        max_span: u64,
        /// The PullRequest as Java prints it.
        pull_request: String,
        /// How many pulls this consumer postponed for the span so far.
        times: u64,
    },
    /// `cleanExpiredMsg` sent a message consumed for longer than consumeTimeout back to
    /// `%RETRY%group` (delay level 3) and removed it from the ProcessQueue. A note:
    /// `ProcessQueue.cleanExpiredMsg` logs `send expire msg back. topic={}, msgId={},
    /// storeHost={}, queueId={}, queueOffset={}` with the message's id and store host, which
    /// the simulator does not model.
    ExpiredSentBack {
        /// Queue index.
        queue: u32,
        /// The topic.
        topic: String,
        /// The message's QueueOffset.
        offset: u64,
        /// consumeTimeout in minutes.
        minutes: u64,
    },
    /// Orderly: `RebalanceImpl.lock` asked the broker for a new queue's lock while adding it
    /// (logged whether or not it got it; a refusal is followed by [`LogKind::LockFailed`]).
    LockOnAdd {
        /// Queue index.
        queue: u32,
        /// consumerGroup.
        group: String,
        /// The MessageQueue as Java prints it.
        mq: String,
        /// The broker granted the lock.
        ok: bool,
    },
    /// Orderly: the periodic lockAll got a lock the ProcessQueue did not hold (acquired, or
    /// renewed after a loss).
    LockAcquired {
        /// Queue index.
        queue: u32,
        /// consumerGroup.
        group: String,
        /// The MessageQueue as Java prints it.
        mq: String,
    },
    /// Orderly: the broker refused the lock (another client holds it; the client is not told
    /// who); the queue is not consumed.
    LockFailed {
        /// Queue index.
        queue: u32,
        /// consumerGroup.
        group: String,
        /// The MessageQueue as Java prints it.
        mq: String,
        /// While adding the queue in a rebalance (else: the periodic lockAll).
        on_add: bool,
    },
    /// Orderly: a message failed; the queue is suspended and retried in place. A note:
    /// ConsumeMessageOrderlyService.ConsumeRequest.run warns `consumeMessage Orderly return not
    /// OK, Group: {} Msgs: {} MQ: {}` with every message's `MessageExt`, which the simulator
    /// does not model.
    ConsumeSuspended {
        /// Queue index.
        queue: u32,
        /// Offset of the failing message.
        offset: u64,
        /// Attempts so far.
        attempts: u64,
    },
    /// Concurrent / POP: a message failed and goes to `%RETRY%group` (or `%DLQ%group`). A note:
    /// ConsumeMessageConcurrentlyService.processConsumeResult logs nothing when the message is
    /// sent back; the broker's dead-letter line (`AbstractSendMessageProcessor`, DLQ_LOG
    /// `send msg to DLQ {}, owner={}, originalTopic={}, consumerId={}, msgUniqKey={},
    /// storeTimestamp={}`) carries the message's key and store time, which the simulator does
    /// not model.
    SentBack {
        /// Queue index.
        queue: u32,
        /// Offset (the first of the messages).
        offset: u64,
        /// How many messages (consecutive offsets from `offset`).
        count: u64,
        /// The reconsumeTimes of the failed delivery.
        reconsume_times: u32,
        /// Whether it went to the dead-letter queue.
        dead_letter: bool,
        /// The delay level it waits on `%RETRY%group` ([`crate::retry::sent_back`]; 0 for the
        /// dead-letter queue).
        level: u32,
    },
    /// POP: an ACK was refused because the invisible time had passed (the message was
    /// already visible again and redelivered). A note: the gRPC client's own error line carries
    /// the message id and the proxy's status, which the simulator does not model.
    AckExpired {
        /// Queue index.
        queue: u32,
        /// Messages of the batch acked too late.
        count: u64,
    },
    /// POP: un-acked messages became visible again after the invisible time (a note: the
    /// broker's revive service logs no line per message at INFO).
    Revived {
        /// Queue index.
        queue: u32,
        /// How many.
        count: u64,
    },
    /// Graceful shutdown: offsets persisted, consumer unregistered.
    Shutdown {
        /// consumerGroup.
        group: String,
        /// A gRPC client's `ClientType`, as in [`LogKind::Started`].
        #[serde(default, skip_serializing_if = "Option::is_none")]
        client_type: Option<String>,
    },
    /// The process was killed (a note).
    Killed,
    /// The process stopped for a while (GC, network; a note).
    Paused {
        /// Pause length in milliseconds.
        duration_ms: u64,
    },
    /// The pause ended (a note).
    Resumed,
    /// Broker: a member registered (first heartbeat), unregistered, or its channel closed
    /// (`ConsumerGroupInfo.updateChannel` / `unregisterChannel` / `doChannelCloseEvent`).
    MemberChanged {
        /// The cid.
        cid: String,
        /// `registered`, `unregistered`, `channel closed`.
        change: String,
        /// Members now.
        members: u32,
        /// Whether the broker sends NOTIFY_CONSUMER_IDS_CHANGED (never for BROADCASTING); the
        /// broker does not log it.
        notified: bool,
        /// consumerGroup.
        group: String,
        /// ConsumeType: CONSUME_PASSIVELY (push consumers) or CONSUME_ACTIVELY (SimpleConsumer).
        consume_type: String,
        /// MessageModel: CLUSTERING or BROADCASTING.
        message_model: String,
        /// `ClientChannelInfo.toString()` (as `client_channel_info` writes it).
        channel: String,
    },
    /// Broker: the last channel of the group is gone: `unregister consumer ok, no any
    /// connection, …` (ConsumerManager.unregisterConsumer / doChannelCloseEvent) or, when the
    /// scan removed it, `SCAN: … all clear` (ConsumerManager.scanNotActiveChannel).
    GroupRemoved {
        /// consumerGroup.
        group: String,
        /// Removed by the expiry scan.
        scan: bool,
    },
    /// Client: NOTIFY_CONSUMER_IDS_CHANGED arrived (ClientRemotingProcessor.notifyConsumerIdsChanged).
    NotifyReceived {
        /// The broker's address as the client's channel prints it.
        broker_addr: String,
        /// consumerGroup.
        group: String,
    },
    /// The broker answered OFFSET_ILLEGAL: the offset asked for is below MinOffset.
    OffsetIllegal {
        /// Queue index.
        queue: u32,
        /// The PullRequest as Java prints it.
        pull_request: String,
        /// The PullResult as Java prints it.
        pull_result: String,
    },
    /// The client moved the queue's offset to the broker's nextBeginOffset and removed the
    /// ProcessQueue (the next rebalance adds it again).
    OffsetFixed {
        /// Queue index.
        queue: u32,
        /// The PullRequest (with the corrected nextOffset) as Java prints it.
        pull_request: String,
    },
    /// Broker: `ConsumerManager.scanNotActiveChannel` removed a channel silent for longer than
    /// the expiry; nobody is notified.
    ChannelExpired {
        /// The cid of the channel.
        cid: String,
        /// consumerGroup.
        group: String,
        /// The channel's remote address (`RemotingHelper.parseChannelRemoteAddr`, see
        /// `remote_addr`).
        remote_addr: String,
    },
    /// Broker: the group's subscription was replaced by one with a newer subVersion
    /// (ConsumerGroupInfo.updateSubscription).
    SubscriptionChanged {
        /// consumerGroup.
        group: String,
        /// The old `SubscriptionData.toString()` (as `subscription_data` writes it).
        old: String,
        /// The new one.
        new: String,
    },
    /// Broker: the group's first subscription of the topic (ConsumerGroupInfo.updateSubscription).
    SubscriptionAdded {
        /// consumerGroup.
        group: String,
        /// `SubscriptionData.toString()`.
        sub: String,
    },
    /// The client learned a new queue count from the name server. A note:
    /// MQClientInstance.updateTopicRouteInfoFromNameServer logs `the topic[{}] route info
    /// changed, old[{}] ,new[{}]` with the whole `TopicRouteData`, which the simulator does not
    /// model.
    RouteChanged {
        /// Queues now known.
        queues: u32,
    },
}

impl LogEntry {
    /// Log level of the line.
    pub fn level(&self) -> Level {
        match &self.kind {
            LogKind::Event { .. }
            | LogKind::EventSkipped { .. }
            | LogKind::ConsumeSuspended { .. }
            | LogKind::SentBack { .. }
            | LogKind::ExpiredSentBack { .. }
            | LogKind::AckExpired { .. }
            | LogKind::Revived { .. }
            | LogKind::Killed
            | LogKind::Paused { .. }
            | LogKind::Resumed
            | LogKind::RouteChanged { .. } => Level::Note,
            LogKind::AllocateError { .. }
            | LogKind::PullFailed { sent: false, .. }
            | LogKind::OffsetPersistFailed { .. } => Level::Error,
            LogKind::FlowControl { .. }
            | LogKind::PullFailed { sent: true, .. }
            | LogKind::SpanFlowControl { .. }
            | LogKind::LockFailed { .. }
            | LogKind::ChannelExpired { .. }
            | LogKind::GroupRemoved { scan: true, .. }
            | LogKind::OffsetIllegal { .. }
            | LogKind::OffsetFixed { .. } => Level::Warn,
            LogKind::MemberChanged { change, .. } if change == "channel closed" => Level::Warn,
            _ => Level::Info,
        }
    }

    /// The first line of the stack trace logback prints after the message when RocketMQ
    /// passes an exception as the last argument (`Throwable.toString()`).
    pub fn exception(&self) -> Option<&str> {
        match &self.kind {
            LogKind::AllocateError { exception, .. }
            | LogKind::PullFailed { exception, .. }
            | LogKind::OffsetPersistFailed { exception, .. } => Some(exception),
            _ => None,
        }
    }

    /// The line as the client (or broker) would print it; queues are shown as `Q{n}`.
    pub fn text(&self) -> String {
        match &self.kind {
            LogKind::Event { text } => format!("event: {text}"),
            LogKind::EventSkipped { reason } => format!("event skipped: {reason}"),
            LogKind::Started { client_type: Some(t), .. } => {
                format!("The rocketmq {t} starts successfully, clientId={}", self.source)
            }
            LogKind::Started { group, .. } => format!("the consumer [{group}] start OK."),
            LogKind::RebalanceResult { strategy, group, topic, result_set, .. } if strategy == MessageModel::BROADCASTING => {
                format!("messageQueueChanged {group} {topic} {result_set} {result_set}")
            }
            LogKind::RebalanceResult { strategy, group, topic, result_set, mq_all, cid_all, queues, .. } => format!(
                "client rebalanced result changed. allocateMessageQueueStrategyName={strategy}, group={group}, \
                 topic={topic}, clientId={}, mqAllSize={mq_all}, cidAllSize={cid_all}, rebalanceResultSize={}, \
                 rebalanceResultSet={result_set}",
                self.source,
                queues.len(),
            ),
            LogKind::NotInCidAll { line } => line.clone(),
            // Logback takes a trailing Throwable argument as the event's exception (printed
            // after the message) and leaves its placeholder as `{}`.
            LogKind::AllocateError { strategy, .. } => {
                format!("allocate message queue exception. strategy name: {strategy}, ex: {{}}")
            }
            LogKind::QueueDropped { group, mq, .. } => format!("doRebalance, {group}, remove unnecessary mq, {mq}"),
            LogKind::QueueAdded { group, mq, .. } => format!("doRebalance, {group}, add a new mq, {mq}"),
            LogKind::OffsetPersisted { group, mq, offset, .. } => {
                format!(
                    "[persistAll] Group: {group} ClientId: {} updateConsumeOffsetToBroker {mq} {offset}",
                    self.source
                )
            }
            LogKind::FlowControl {
                by_size,
                threshold,
                min_offset,
                max_offset,
                count,
                size_mib,
                pull_request,
                times,
                ..
            } => {
                let what = if *by_size {
                    format!("size exceeds the threshold {threshold} MiB")
                } else {
                    format!("count exceeds the threshold {threshold}")
                };
                format!(
                    "the cached message {what}, so do flow control, minOffset={min_offset}, maxOffset={max_offset}, \
                     count={count}, size={size_mib} MiB, pullRequest={pull_request}, flowControlTimes={times}"
                )
            }
            LogKind::PullFailed { group, mq, sent: true, .. } => {
                format!("execute the pull request exception, group={group}, messageQueue={mq}")
            }
            LogKind::PullFailed { sent: false, .. } => "pullKernelImpl exception".to_owned(),
            LogKind::OffsetPersistFailed { mq, .. } => format!("updateConsumeOffsetToBroker exception, {mq}"),
            LogKind::SpanFlowControl { min_offset, max_offset, max_span, pull_request, times, .. } => format!(
                "the queue's messages, span too long, so do flow control, minOffset={min_offset}, \
                 maxOffset={max_offset}, maxSpan={max_span}, pullRequest={pull_request}, flowControlTimes={times}"
            ),
            LogKind::ExpiredSentBack { queue, topic, offset, minutes } => format!(
                "send expire msg back: topic={topic}, Q{queue} queueOffset={offset} consumed for more than \
                 consumeTimeout ({minutes} min), sent back to %RETRY% with delay level 3 and removed from the \
                 ProcessQueue"
            ),
            LogKind::LockOnAdd { group, mq, ok, .. } => {
                format!("message queue lock {}, {group} {mq}", if *ok { "OK" } else { "Failed" })
            }
            LogKind::LockAcquired { group, mq, .. } => format!("the message queue locked OK, Group: {group} {mq}"),
            LogKind::LockFailed { group, mq, on_add: true, .. } => {
                format!("doRebalance, {group}, add a new mq failed, {mq}, because lock failed")
            }
            LogKind::LockFailed { group, mq, .. } => format!("the message queue locked Failed, Group: {group} {mq}"),
            LogKind::ConsumeSuspended { queue, offset, attempts } => format!(
                "consumeMessage return SUSPEND_CURRENT_QUEUE_A_MOMENT, Q{queue} offset {offset}, attempts {attempts}"
            ),
            LogKind::SentBack { queue, offset, count, reconsume_times, dead_letter, level } => {
                let what = match count {
                    0 | 1 => format!("Q{queue} offset {offset}"),
                    n => format!("Q{queue} offsets {offset}..{} ({n} messages)", offset + n - 1),
                };
                if *dead_letter {
                    format!("consume failed, {what} sent to %DLQ% at reconsumeTimes={reconsume_times}: no more deliveries")
                } else {
                    let delay = super::client::delay_level(*level as usize) / 1_000;
                    let delay = crate::plan::duration_in(delay as f64, crate::Lang::En).unwrap_or_default();
                    format!(
                        "consume failed, {what} sent back to %RETRY%, reconsumeTimes={reconsume_times}, \
                         delay level {level}: delivered again in {delay}"
                    )
                }
            }
            LogKind::AckExpired { queue, count } => {
                let (messages, were) = if *count == 1 { ("message", "was") } else { ("messages", "were") };
                format!("ack failed: invisible time passed, {count} {messages} of Q{queue} {were} already redelivered")
            }
            LogKind::Revived { queue, count } => {
                let (messages, are) = if *count == 1 { ("message", "is") } else { ("messages", "are") };
                format!("{count} un-acked {messages} of Q{queue} {are} visible again (invisible time passed)")
            }
            LogKind::Shutdown { client_type: Some(t), .. } => {
                format!("Shutdown the rocketmq {t} successfully, clientId={}", self.source)
            }
            LogKind::Shutdown { group, .. } => format!("the consumer [{group}] shutdown OK"),
            LogKind::Killed => "process killed: nothing persisted".to_owned(),
            LogKind::Paused { duration_ms } => format!("process stalls for {duration_ms} ms (GC / network)"),
            LogKind::Resumed => "process resumes".to_owned(),
            LogKind::MemberChanged { change, group, consume_type, message_model, channel, .. } => {
                match change.as_str() {
                    "registered" => {
                        format!("new consumer connected, group: {group} {consume_type} {message_model} channel: {channel}")
                    }
                    "channel closed" => format!(
                        "NETTY EVENT: remove not active channel[{channel}] from ConsumerGroupInfo groupChannelTable, \
                         consumer group: {group}"
                    ),
                    _ => format!("unregister a consumer[{group}] from consumerGroupInfo {channel}"),
                }
            }
            LogKind::GroupRemoved { group, scan: false } => {
                format!("unregister consumer ok, no any connection, and remove consumer group, {group}")
            }
            LogKind::GroupRemoved { group, scan: true } => {
                format!("SCAN: remove expired channel from ConsumerManager consumerTable, all clear, consumerGroup={group}")
            }
            LogKind::NotifyReceived { broker_addr, group } => format!(
                "receive broker's notification[{broker_addr}], the consumer group: {group} changed, rebalance immediately"
            ),
            LogKind::OffsetIllegal { pull_request, pull_result, .. } => {
                format!("the pull request offset illegal, {pull_request} {pull_result}")
            }
            LogKind::OffsetFixed { pull_request, .. } => format!("fix the pull request offset, {pull_request}"),
            LogKind::ChannelExpired { group, remote_addr, .. } => format!(
                "SCAN: remove expired channel from ConsumerManager consumerTable. channel={remote_addr}, \
                 consumerGroup={group}"
            ),
            LogKind::SubscriptionChanged { group, old, new } => {
                format!("subscription changed, group: {group} OLD: {old} NEW: {new}")
            }
            LogKind::SubscriptionAdded { group, sub } => format!("subscription changed, add new topic, group: {group} {sub}"),
            LogKind::RouteChanged { queues } => {
                format!("topic route changed: {}", super::counted(u64::from(*queues), "queue", "queues"))
            }
        }
    }
}

/// The broker's address as both sides print it: `brokerIP1` with the default `listenPort`
/// 10911 (synthetic: the simulator has no addresses).
pub(crate) const BROKER_ADDR: &str = "10.0.0.1:10911";

/// The address of the topic's `index`-th broker: [`BROKER_ADDR`] for the first, then
/// `10.0.0.2:10911`… (synthetic).
pub(crate) fn broker_addr(index: usize) -> String {
    format!("10.0.0.{}:10911", index + 1)
}

/// `RemotingConnectException(addr).toString()`: what a request to a stopped broker's address
/// fails with (`NettyRemotingClient.invokeAsync` / `invokeOneway`).
pub(crate) fn connect_exception(addr: &str) -> String {
    format!("org.apache.rocketmq.remoting.exception.RemotingConnectException: connect to {addr} failed")
}

/// `MQClientException.toString()` for a broker whose address the client no longer has
/// (`PullAPIWrapper.pullKernelImpl`, `RemoteBrokerOffsetStore.updateConsumeOffsetToBroker`:
/// `new MQClientException("The broker[" + brokerName + "] not exist", null)`, with the
/// `FAQUrl.attachDefaultURL` suffix).
pub(crate) fn broker_not_exist_exception(broker: &str) -> String {
    format!(
        "org.apache.rocketmq.client.exception.MQClientException: The broker[{broker}] not exist\n\
         For more information, please visit the url, https://rocketmq.apache.org/docs/bestPractice/06FAQ"
    )
}

/// `System.currentTimeMillis()` at simulation time 0 (synthetic: 2023-11-14T22:13:20Z), for
/// the timestamps the broker prints.
pub(crate) const EPOCH_MS: u64 = 1_700_000_000_000;

/// `MQVersion.Version.V5_3_3.ordinal()`: the version a 5.3.3 client sends in its heartbeat.
pub(crate) const CLIENT_VERSION: u32 = 479;

/// A client's remote address as the broker prints it (`RemotingHelper.parseChannelRemoteAddr`:
/// `host:port`, also for a gRPC client's channel, whose `remoteAddress()` is its
/// `InetSocketAddress`): the host is the cid's IP part, the port (synthetic) 50000 + the
/// process index.
pub(crate) fn remote_addr(process: usize, cid: &str) -> String {
    let host = cid.split_once('@').map_or(cid, |(ip, _)| ip);
    format!("{host}:{}", 50_000 + process)
}

/// How the server that registers a consumer prints its channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ChannelForm {
    /// A Remoting client's Netty channel at the broker.
    Remoting,
    /// A gRPC client's `GrpcClientChannel` at the proxy (apache/rocketmq 5.x
    /// `ClientActivity.registerConsumer`).
    Grpc,
}

/// The proxy's gRPC address as a gRPC client's channel prints it: the broker's host (a proxy
/// in local mode runs with the broker) and `ProxyConfig.grpcServerPort`'s default 8081.
pub(crate) const PROXY_GRPC_ADDR: &str = "10.0.0.1:8081";

/// The broker's (or proxy's) `ClientChannelInfo.toString()`: `ClientChannelInfo [channel=…,
/// clientId=…, language=JAVA, version=…, lastUpdateTimestamp=…]`.
///
/// A Remoting client's channel is Netty's server channel (`[id: 0x…, L:/local - R:/remote]`,
/// ` ! ` between the addresses once it is closed). A gRPC client's is the proxy's
/// `GrpcClientChannel.toString()` (`GrpcClientChannel{clientId=…, remoteAddress=…,
/// localAddress=…}`, the same whether or not the client is still there); its version is the
/// proxy's own `MQVersion.CURRENT_VERSION`, because `ClientActivity.parseClientVersion` cannot
/// read the client's `x-mq-client-version` (`5.0.8` is no `MQVersion.Version` name), which
/// for a 5.3.3 proxy is [`CLIENT_VERSION`] too.
///
/// Synthetic: the channel id (from the process index), the addresses ([`BROKER_ADDR`],
/// [`PROXY_GRPC_ADDR`], [`remote_addr`]) and the timestamp ([`EPOCH_MS`] + the last
/// heartbeat's simulation time). The simulator gives every client a Remoting-style cid
/// (`ip@pid`); a real gRPC client's is `hostname@pid@index@nanoTime` in base 36
/// (rocketmq-clients `ClientId`).
pub(crate) fn client_channel_info(
    process: usize,
    cid: &str,
    active: bool,
    last_update_ms: u64,
    form: ChannelForm,
) -> String {
    let channel = match form {
        ChannelForm::Remoting => {
            let id = 0x5ca1_ab1e_u32.wrapping_add(process as u32);
            let link = if active { "-" } else { "!" };
            format!("[id: 0x{id:08x}, L:/{BROKER_ADDR} {link} R:/{}]", remote_addr(process, cid))
        }
        ChannelForm::Grpc => format!(
            "GrpcClientChannel{{clientId={cid}, remoteAddress={}, localAddress={PROXY_GRPC_ADDR}}}",
            remote_addr(process, cid)
        ),
    };
    format!(
        "ClientChannelInfo [channel={channel}, clientId={cid}, language=JAVA, version={CLIENT_VERSION}, \
         lastUpdateTimestamp={}]",
        EPOCH_MS + last_update_ms
    )
}

/// The subVersion a subscription built at simulation time `at_ms` carries
/// (`SubscriptionData.subVersion = System.currentTimeMillis()`): [`EPOCH_MS`] + `at_ms`, plus
/// one ms per subscription built before (`seq`, synthetic) so that the clients the simulator
/// starts at the same instant keep the order in which they were built.
pub(crate) fn sub_version_ms(at_ms: u64, seq: u64) -> u64 {
    EPOCH_MS + at_ms + seq
}

/// Java's `String.hashCode` (UTF-16 code units, wrapping 32-bit arithmetic).
fn java_string_hash(s: &str) -> i32 {
    s.encode_utf16().fold(0_i32, |h, u| h.wrapping_mul(31).wrapping_add(i32::from(u)))
}

/// The `toString` of a `java.util.HashSet` built empty and filled with `add` in the order
/// given (`items`: each element and its `hashCode`): the table starts at 16 buckets and doubles
/// whenever the size passes 3/4 of it; iteration goes bucket by bucket (`(h ^ h >>> 16) &
/// (buckets - 1)`), insertion order within a bucket (a resize keeps it). A bucket turned into
/// a tree (8 colliding elements in a table of 64 or more) is not modelled.
fn java_hash_set<T: std::fmt::Display>(items: &[(T, i32)]) -> String {
    let mut buckets = 16_usize;
    while items.len() > buckets / 4 * 3 {
        buckets *= 2;
    }
    let bucket = |h: i32| (h as u32 ^ (h as u32 >> 16)) as usize & (buckets - 1);
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&i| (bucket(items[i].1), i));
    let shown: Vec<String> = order.iter().map(|&i| items[i].0.to_string()).collect();
    format!("[{}]", shown.join(", "))
}

/// `MessageQueue.hashCode()`: `31 * (31 * (31 + brokerName.hashCode()) + queueId) +
/// topic.hashCode()` in wrapping `int` arithmetic.
fn message_queue_hash(mq: &MessageQueue) -> i32 {
    let h = 31_i32.wrapping_add(java_string_hash(&mq.broker_name));
    let h = h.wrapping_mul(31).wrapping_add(mq.queue_id);
    h.wrapping_mul(31).wrapping_add(java_string_hash(&mq.topic))
}

/// A `HashSet<MessageQueue>`'s `toString`, the queues added in the order given: the
/// rebalance result set (`RebalanceImpl.rebalanceByTopic` fills `allocateResultSet` with the
/// allocation's list; here in mqAll order, which is the allocation's for every strategy but
/// MACHINE_ROOM_NEARBY, and matters only for queues in the same bucket) and a BROADCASTING
/// client's `mqSet` (`topicRouteData2TopicSubscribeInfo`: broker by broker, queue ids in order).
pub(crate) fn message_queue_set(mqs: &[&MessageQueue]) -> String {
    let items: Vec<(&MessageQueue, i32)> = mqs.iter().map(|&mq| (mq, message_queue_hash(mq))).collect();
    java_hash_set(&items)
}

/// `SubscriptionData.toString()` for a TAG expression as FilterAPI.buildSubscriptionData
/// builds it: `*` keeps empty tag and code sets, otherwise the `||`-separated tags (trimmed)
/// and their `hashCode`s, printed as Java's HashSets print them.
pub(crate) fn subscription_data(topic: &str, expression: &str, sub_version_ms: u64) -> String {
    let mut tags: Vec<(String, i32)> = Vec::new();
    let all = expression.is_empty() || expression == "*";
    if !all {
        for tag in expression.split("||").map(str::trim).filter(|t| !t.is_empty()) {
            if !tags.iter().any(|(t, _)| t == tag) {
                tags.push((tag.to_owned(), java_string_hash(tag)));
            }
        }
    }
    let mut codes: Vec<(i32, i32)> = Vec::new();
    for &(_, h) in &tags {
        if !codes.iter().any(|&(c, _)| c == h) {
            codes.push((h, h));
        }
    }
    let sub = if all { "*" } else { expression };
    format!(
        "SubscriptionData [classFilterMode=false, topic={topic}, subString={sub}, tagsSet={}, codeSet={}, \
         subVersion={sub_version_ms}, expressionType=TAG]",
        java_hash_set(&tags),
        java_hash_set(&codes)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A template from RocketMQ's source (SLF4J `{}` placeholders) filled with `args` in order.
    fn fill(template: &str, args: &[&str]) -> String {
        let mut out = String::new();
        let mut rest = template;
        let mut args = args.iter();
        while let Some(i) = rest.find("{}") {
            out.push_str(&rest[..i]);
            out.push_str(args.next().expect("an argument per placeholder"));
            rest = &rest[i + 2..];
        }
        assert!(args.next().is_none(), "more arguments than placeholders");
        out + rest
    }

    fn line(source: &str, kind: LogKind) -> LogEntry {
        LogEntry { at_ms: 0, source: source.to_owned(), process: Some(0), kind }
    }

    const CID: &str = "192.168.0.1@1000";
    const MQ: &str = "MessageQueue [topic=T, brokerName=broker-a, queueId=3]";

    /// RocketMQ's level and template for a line (SLF4J `{}` placeholders, from apache/rocketmq
    /// 5.3.3, class and method before each arm) with the arguments the line carries, or `None`
    /// for the simulator's notes. No wildcard arm: a new kind does not compile until it is
    /// given its template or declared a note.
    fn rocketmq_template(e: &LogEntry) -> Option<(Level, &'static str, Vec<String>)> {
        let s = |v: &str| v.to_owned();
        let n = |v: u64| v.to_string();
        Some(match &e.kind {
            LogKind::Event { .. }
            | LogKind::EventSkipped { .. }
            | LogKind::ConsumeSuspended { .. }
            | LogKind::SentBack { .. }
            | LogKind::ExpiredSentBack { .. }
            | LogKind::AckExpired { .. }
            | LogKind::Revived { .. }
            | LogKind::Killed
            | LogKind::Paused { .. }
            | LogKind::Resumed
            | LogKind::RouteChanged { .. } => return None,
            // DefaultMQPushConsumerImpl.pullMessage, concurrent consumers
            LogKind::SpanFlowControl { min_offset, max_offset, max_span, pull_request, times, .. } => (
                Level::Warn,
                "the queue's messages, span too long, so do flow control, minOffset={}, maxOffset={}, maxSpan={}, pullRequest={}, flowControlTimes={}",
                vec![n(*min_offset), n(*max_offset), n(*max_span), s(pull_request), n(*times)],
            ),
            // DefaultMQPushConsumerImpl.pullMessage: PullCallback.onException (the request was
            // sent), or the catch around pullKernelImpl (it threw before sending); the Throwable
            // is the event's exception
            LogKind::PullFailed { group, mq, sent: true, .. } => (
                Level::Warn,
                "execute the pull request exception, group={}, messageQueue={}",
                vec![s(group), s(mq)],
            ),
            LogKind::PullFailed { sent: false, .. } => (Level::Error, "pullKernelImpl exception", vec![]),
            // RemoteBrokerOffsetStore.persistAll / persist: `"updateConsumeOffsetToBroker
            // exception, " + mq.toString()`, the Throwable as the event's exception
            LogKind::OffsetPersistFailed { mq, .. } => {
                (Level::Error, "updateConsumeOffsetToBroker exception, {}", vec![s(mq)])
            }
            // rocketmq-clients (Java) PushConsumerImpl / SimpleConsumerImpl.startUp / shutDown
            LogKind::Started { client_type: Some(t), .. } => {
                (Level::Info, "The rocketmq {} starts successfully, clientId={}", vec![s(t), s(&e.source)])
            }
            LogKind::Shutdown { client_type: Some(t), .. } => {
                (Level::Info, "Shutdown the rocketmq {} successfully, clientId={}", vec![s(t), s(&e.source)])
            }
            // DefaultMQPushConsumerImpl.start / shutdown
            LogKind::Started { group, .. } => (Level::Info, "the consumer [{}] start OK.", vec![s(group)]),
            LogKind::Shutdown { group, .. } => (Level::Info, "the consumer [{}] shutdown OK", vec![s(group)]),
            // RebalanceImpl.rebalanceByTopic, BROADCASTING
            LogKind::RebalanceResult { strategy, group, topic, result_set, .. } if strategy == "BROADCASTING" => {
                (Level::Info, "messageQueueChanged {} {} {} {}", vec![s(group), s(topic), s(result_set), s(result_set)])
            }
            // RebalanceImpl.rebalanceByTopic, CLUSTERING (5.x)
            LogKind::RebalanceResult { strategy, group, topic, result_set, mq_all, cid_all, queues, .. } => (
                Level::Info,
                "client rebalanced result changed. allocateMessageQueueStrategyName={}, group={}, topic={}, clientId={}, mqAllSize={}, cidAllSize={}, rebalanceResultSize={}, rebalanceResultSet={}",
                vec![
                    s(strategy),
                    s(group),
                    s(topic),
                    s(&e.source),
                    n(u64::from(*mq_all)),
                    n(u64::from(*cid_all)),
                    n(queues.len() as u64),
                    s(result_set),
                ],
            ),
            // AbstractAllocateMessageQueueStrategy.check: the group and the cid list are the
            // allocation's (its own tests check them); the consumerId is this client's.
            LogKind::NotInCidAll { line } => {
                let (head, cid_all) = line.split_once(" not in cidAll: ").unwrap_or_default();
                let group = head.strip_prefix("[BUG] ConsumerGroup: ").and_then(|r| r.split_once(" The consumerId: "));
                let group = group.map_or("", |(g, _)| g);
                (Level::Info, "[BUG] ConsumerGroup: {} The consumerId: {} not in cidAll: {}", vec![
                    s(group),
                    s(&e.source),
                    s(cid_all),
                ])
            }
            // RebalanceImpl.rebalanceByTopic: the Throwable is the last argument, which logback
            // takes as the event's exception, so its placeholder stays `{}`.
            LogKind::AllocateError { strategy, .. } => {
                (Level::Error, "allocate message queue exception. strategy name: {}, ex: {}", vec![s(strategy), s("{}")])
            }
            // RebalanceImpl.updateProcessQueueTableInRebalance
            LogKind::QueueDropped { group, mq, .. } => {
                (Level::Info, "doRebalance, {}, remove unnecessary mq, {}", vec![s(group), s(mq)])
            }
            LogKind::QueueAdded { group, mq, .. } => (Level::Info, "doRebalance, {}, add a new mq, {}", vec![s(group), s(mq)]),
            LogKind::LockFailed { group, mq, on_add: true, .. } => {
                (Level::Warn, "doRebalance, {}, add a new mq failed, {}, because lock failed", vec![s(group), s(mq)])
            }
            // RebalanceImpl.lock
            LogKind::LockOnAdd { group, mq, ok, .. } => {
                (Level::Info, "message queue lock {}, {} {}", vec![s(if *ok { "OK" } else { "Failed" }), s(group), s(mq)])
            }
            // RebalanceImpl.lockAll
            LogKind::LockFailed { group, mq, .. } => {
                (Level::Warn, "the message queue locked Failed, Group: {} {}", vec![s(group), s(mq)])
            }
            LogKind::LockAcquired { group, mq, .. } => {
                (Level::Info, "the message queue locked OK, Group: {} {}", vec![s(group), s(mq)])
            }
            // RemoteBrokerOffsetStore.persistAll
            LogKind::OffsetPersisted { group, mq, offset, .. } => (
                Level::Info,
                "[persistAll] Group: {} ClientId: {} updateConsumeOffsetToBroker {} {}",
                vec![s(group), s(&e.source), s(mq), n(*offset)],
            ),
            // DefaultMQPushConsumerImpl.pullMessage: the count threshold and the size
            // threshold have their own wording.
            LogKind::FlowControl { by_size, threshold, min_offset, max_offset, pull_request, count, size_mib, times, .. } => (
                Level::Warn,
                if *by_size {
                    "the cached message size exceeds the threshold {} MiB, so do flow control, minOffset={}, maxOffset={}, count={}, size={} MiB, pullRequest={}, flowControlTimes={}"
                } else {
                    "the cached message count exceeds the threshold {}, so do flow control, minOffset={}, maxOffset={}, count={}, size={} MiB, pullRequest={}, flowControlTimes={}"
                },
                vec![n(*threshold), n(*min_offset), n(*max_offset), n(*count), n(*size_mib), s(pull_request), n(*times)],
            ),
            // DefaultMQPushConsumerImpl.pullMessage, case OFFSET_ILLEGAL
            LogKind::OffsetIllegal { pull_request, pull_result, .. } => {
                (Level::Warn, "the pull request offset illegal, {} {}", vec![s(pull_request), s(pull_result)])
            }
            LogKind::OffsetFixed { pull_request, .. } => {
                (Level::Warn, "fix the pull request offset, {}", vec![s(pull_request)])
            }
            // ConsumerGroupInfo.updateChannel (a new channel)
            LogKind::MemberChanged { change, group, consume_type, message_model, channel, .. } if change == "registered" => (
                Level::Info,
                "new consumer connected, group: {} {} {} channel: {}",
                vec![s(group), s(consume_type), s(message_model), s(channel)],
            ),
            // ConsumerGroupInfo.doChannelCloseEvent
            LogKind::MemberChanged { change, group, channel, .. } if change == "channel closed" => (
                Level::Warn,
                "NETTY EVENT: remove not active channel[{}] from ConsumerGroupInfo groupChannelTable, consumer group: {}",
                vec![s(channel), s(group)],
            ),
            // ConsumerGroupInfo.unregisterChannel
            LogKind::MemberChanged { group, channel, .. } => {
                (Level::Info, "unregister a consumer[{}] from consumerGroupInfo {}", vec![s(group), s(channel)])
            }
            // ConsumerManager.unregisterConsumer / doChannelCloseEvent, the last channel gone
            LogKind::GroupRemoved { group, scan: false } => {
                (Level::Info, "unregister consumer ok, no any connection, and remove consumer group, {}", vec![s(group)])
            }
            // ConsumerManager.scanNotActiveChannel
            LogKind::GroupRemoved { group, scan: true } => (
                Level::Warn,
                "SCAN: remove expired channel from ConsumerManager consumerTable, all clear, consumerGroup={}",
                vec![s(group)],
            ),
            LogKind::ChannelExpired { group, remote_addr, .. } => (
                Level::Warn,
                "SCAN: remove expired channel from ConsumerManager consumerTable. channel={}, consumerGroup={}",
                vec![s(remote_addr), s(group)],
            ),
            // ClientRemotingProcessor.notifyConsumerIdsChanged (client side)
            LogKind::NotifyReceived { broker_addr, group } => (
                Level::Info,
                "receive broker's notification[{}], the consumer group: {} changed, rebalance immediately",
                vec![s(broker_addr), s(group)],
            ),
            // ConsumerGroupInfo.updateSubscription
            LogKind::SubscriptionChanged { group, old, new } => {
                (Level::Info, "subscription changed, group: {} OLD: {} NEW: {}", vec![s(group), s(old), s(new)])
            }
            LogKind::SubscriptionAdded { group, sub } => {
                (Level::Info, "subscription changed, add new topic, group: {} {}", vec![s(group), s(sub)])
            }
        })
    }

    /// One line of each kind (and of each template a kind has).
    fn samples() -> Vec<LogEntry> {
        let (g, mq) = (|| "cg".to_owned(), || MQ.to_owned());
        let set = format!("[{MQ}]");
        let request = format!("PullRequest [consumerGroup=cg, messageQueue={MQ}, nextOffset=5]");
        let result =
            "PullResult [pullStatus=OFFSET_ILLEGAL, nextBeginOffset=9, minOffset=9, maxOffset=20, msgFoundList=0]";
        let rebalance = |strategy: &str| LogKind::RebalanceResult {
            strategy: strategy.to_owned(),
            group: g(),
            topic: "T".to_owned(),
            result_set: set.clone(),
            mq_all: 8,
            cid_all: 4,
            queues: vec![3],
            trigger: "notified".to_owned(),
        };
        let flow = |by_size| LogKind::FlowControl {
            queue: 3,
            by_size,
            threshold: if by_size { 100 } else { 1000 },
            min_offset: 100,
            max_offset: 1099,
            count: 1000,
            size_mib: 101,
            pull_request: request.clone(),
            times: 1,
        };
        let member = |change: &str, active| LogKind::MemberChanged {
            cid: CID.to_owned(),
            change: change.to_owned(),
            members: 0,
            notified: false,
            group: g(),
            consume_type: "CONSUME_PASSIVELY".to_owned(),
            message_model: "CLUSTERING".to_owned(),
            channel: client_channel_info(0, CID, active, 30_000, ChannelForm::Remoting),
        };
        let not_in = crate::allocate::allocate(
            &crate::allocate::Strategy::Averagely,
            "cg",
            CID,
            &[crate::MessageQueue::new("T", "broker-a", 3)],
            &["192.168.0.2@1".to_owned()],
        );
        let not_in = not_in.ok().and_then(|a| a.log).unwrap_or_default();
        let sub = subscription_data("T", "*", 1);
        let kinds = vec![
            LogKind::Event { text: "a consumer starts".to_owned() },
            LogKind::EventSkipped { reason: "stop: no running consumer".to_owned() },
            LogKind::Started { group: g(), subscription: "*".to_owned(), client_type: None },
            LogKind::Started {
                group: g(),
                subscription: "*".to_owned(),
                client_type: Some("PUSH_CONSUMER".to_owned()),
            },
            rebalance("AVG"),
            rebalance("BROADCASTING"),
            LogKind::NotInCidAll { line: not_in },
            LogKind::AllocateError {
                strategy: "MACHINE_ROOM_NEARBY-AVG".to_owned(),
                exception: format!("java.lang.IllegalArgumentException: Machine room is null for mq {MQ}"),
            },
            LogKind::QueueDropped { queue: 3, group: g(), mq: mq(), offset: 7, in_flight: 2 },
            LogKind::QueueAdded { queue: 3, group: g(), mq: mq(), offset: 7 },
            LogKind::OffsetPersisted { queue: 3, group: g(), mq: mq(), offset: 42 },
            flow(false),
            flow(true),
            LogKind::LockOnAdd { queue: 3, group: g(), mq: mq(), ok: true },
            LogKind::LockOnAdd { queue: 3, group: g(), mq: mq(), ok: false },
            LogKind::LockAcquired { queue: 3, group: g(), mq: mq() },
            LogKind::LockFailed { queue: 3, group: g(), mq: mq(), on_add: true },
            LogKind::LockFailed { queue: 3, group: g(), mq: mq(), on_add: false },
            LogKind::ConsumeSuspended { queue: 3, offset: 7, attempts: 2 },
            LogKind::SentBack { queue: 3, offset: 7, count: 1, reconsume_times: 1, dead_letter: false, level: 4 },
            LogKind::SentBack { queue: 3, offset: 7, count: 5, reconsume_times: 16, dead_letter: true, level: 0 },
            LogKind::SpanFlowControl {
                queue: 3,
                min_offset: 7,
                max_offset: 2_040,
                max_span: 2_033,
                pull_request: request.clone(),
                times: 1,
            },
            LogKind::ExpiredSentBack { queue: 3, topic: "T".to_owned(), offset: 7, minutes: 15 },
            LogKind::PullFailed {
                queue: 3,
                group: g(),
                mq: mq(),
                sent: true,
                exception: connect_exception(BROKER_ADDR),
            },
            LogKind::PullFailed {
                queue: 3,
                group: g(),
                mq: mq(),
                sent: false,
                exception: broker_not_exist_exception("broker-a"),
            },
            LogKind::OffsetPersistFailed { queue: 3, mq: mq(), exception: connect_exception(BROKER_ADDR) },
            LogKind::AckExpired { queue: 3, count: 2 },
            LogKind::Revived { queue: 3, count: 2 },
            LogKind::Shutdown { group: g(), client_type: None },
            LogKind::Shutdown { group: g(), client_type: Some("SIMPLE_CONSUMER".to_owned()) },
            LogKind::Killed,
            LogKind::Paused { duration_ms: 5_000 },
            LogKind::Resumed,
            member("registered", true),
            member("unregistered", true),
            member("channel closed", false),
            LogKind::GroupRemoved { group: g(), scan: false },
            LogKind::GroupRemoved { group: g(), scan: true },
            LogKind::NotifyReceived { broker_addr: BROKER_ADDR.to_owned(), group: g() },
            LogKind::OffsetIllegal { queue: 3, pull_request: request.clone(), pull_result: result.to_owned() },
            LogKind::OffsetFixed { queue: 3, pull_request: request.clone() },
            LogKind::ChannelExpired { cid: CID.to_owned(), group: g(), remote_addr: remote_addr(0, CID) },
            LogKind::SubscriptionChanged { group: g(), old: sub.clone(), new: subscription_data("T", "cancel", 2) },
            LogKind::SubscriptionAdded { group: g(), sub },
            LogKind::RouteChanged { queues: 16 },
        ];
        kinds.into_iter().map(|kind| line(CID, kind)).collect()
    }

    /// The kind's position in the enum; no wildcard arm, so a new kind needs one here, and then
    /// a sample.
    fn ordinal(kind: &LogKind) -> usize {
        match kind {
            LogKind::Event { .. } => 0,
            LogKind::EventSkipped { .. } => 1,
            LogKind::Started { .. } => 2,
            LogKind::RebalanceResult { .. } => 3,
            LogKind::NotInCidAll { .. } => 4,
            LogKind::AllocateError { .. } => 5,
            LogKind::QueueDropped { .. } => 6,
            LogKind::QueueAdded { .. } => 7,
            LogKind::OffsetPersisted { .. } => 8,
            LogKind::FlowControl { .. } => 9,
            LogKind::LockOnAdd { .. } => 10,
            LogKind::LockAcquired { .. } => 11,
            LogKind::LockFailed { .. } => 12,
            LogKind::ConsumeSuspended { .. } => 13,
            LogKind::SentBack { .. } => 14,
            LogKind::AckExpired { .. } => 15,
            LogKind::Revived { .. } => 16,
            LogKind::Shutdown { .. } => 17,
            LogKind::Killed => 18,
            LogKind::Paused { .. } => 19,
            LogKind::Resumed => 20,
            LogKind::MemberChanged { .. } => 21,
            LogKind::GroupRemoved { .. } => 22,
            LogKind::NotifyReceived { .. } => 23,
            LogKind::OffsetIllegal { .. } => 24,
            LogKind::OffsetFixed { .. } => 25,
            LogKind::ChannelExpired { .. } => 26,
            LogKind::SubscriptionChanged { .. } => 27,
            LogKind::SubscriptionAdded { .. } => 28,
            LogKind::RouteChanged { .. } => 29,
            LogKind::SpanFlowControl { .. } => 30,
            LogKind::ExpiredSentBack { .. } => 31,
            LogKind::PullFailed { .. } => 32,
            LogKind::OffsetPersistFailed { .. } => 33,
        }
    }

    /// Checks one line: RocketMQ's template filled with the line's arguments, at RocketMQ's
    /// level, or a note.
    fn check_line(e: &LogEntry) {
        match rocketmq_template(e) {
            Some((level, template, args)) => {
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                assert_eq!(e.text(), fill(template, &args), "{template}");
                assert_eq!(e.level(), level, "{template}");
            }
            None => assert_eq!(e.level(), Level::Note, "{e:?} has no RocketMQ template, so it is a note"),
        }
    }

    /// Every kind is RocketMQ's template (checked character for character, at its level) or
    /// the simulator's note, and the samples hold every kind.
    #[test]
    fn every_kind_is_a_template_of_the_rocketmq_source_or_a_note() {
        let samples = samples();
        let mut seen = [false; 34];
        for e in &samples {
            check_line(e);
            if let Some(s) = seen.get_mut(ordinal(&e.kind)) {
                *s = true;
            }
        }
        assert!(seen.iter().all(|&s| s), "a kind without a sample: {seen:?}");
        let not_in = samples.iter().find(|e| matches!(e.kind, LogKind::NotInCidAll { .. })).map(LogEntry::text);
        assert_eq!(
            not_in.as_deref(),
            Some(
                fill("[BUG] ConsumerGroup: {} The consumerId: {} not in cidAll: {}", &["cg", CID, "[192.168.0.2@1]"])
                    .as_str()
            )
        );
        let error = samples.iter().find(|e| matches!(e.kind, LogKind::AllocateError { .. }));
        let exception = format!("java.lang.IllegalArgumentException: Machine room is null for mq {MQ}");
        assert_eq!(error.and_then(LogEntry::exception), Some(exception.as_str()), "Throwable.toString()");
        let failed: Vec<Option<&str>> = samples
            .iter()
            .filter(|e| matches!(e.kind, LogKind::PullFailed { .. } | LogKind::OffsetPersistFailed { .. }))
            .map(LogEntry::exception)
            .collect();
        let connect =
            "org.apache.rocketmq.remoting.exception.RemotingConnectException: connect to 10.0.0.1:10911 failed";
        let not_exist = "org.apache.rocketmq.client.exception.MQClientException: The broker[broker-a] not exist\n\
                         For more information, please visit the url, https://rocketmq.apache.org/docs/bestPractice/06FAQ";
        assert_eq!(
            failed,
            [Some(connect), Some(not_exist), Some(connect)],
            "RemotingConnectException, MQClientException"
        );
        let notes = samples.iter().filter(|e| e.level() == Level::Note).count();
        assert_eq!(notes, 12, "Event, EventSkipped, ConsumeSuspended, SentBack (retry, dead letter), ExpiredSentBack, AckExpired, Revived, Killed, Paused, Resumed, RouteChanged");
    }

    /// Every line every preset prints is its RocketMQ template or a note.
    #[test]
    fn every_line_of_every_preset_is_a_template_of_the_rocketmq_source_or_a_note() {
        for s in super::super::scenario::all() {
            let mut sim = super::super::Simulation::from_scenario(&s, 42).expect("a preset is valid");
            sim.run_until(s.duration_ms);
            assert!(!sim.log().is_empty(), "{}", s.name);
            sim.log().iter().for_each(check_line);
        }
    }

    /// `ClientChannelInfo.toString()` with the channel as Netty's AbstractChannel.toString
    /// prints a Remoting client's channel, and as the proxy's GrpcClientChannel.toString prints
    /// a gRPC client's (apache/rocketmq 5.3.3 proxy, `MoreObjects.toStringHelper`).
    #[test]
    fn channels_print_as_the_broker_and_the_proxy_print_them() {
        let channel = client_channel_info(0, CID, true, 30_000, ChannelForm::Remoting);
        let closed = client_channel_info(0, CID, false, 30_000, ChannelForm::Remoting);
        let netty = "[id: 0x5ca1ab1e, L:/10.0.0.1:10911 - R:/192.168.0.1:50000]";
        let ts = (EPOCH_MS + 30_000).to_string();
        let info = "ClientChannelInfo [channel={}, clientId={}, language={}, version={}, lastUpdateTimestamp={}]";
        assert_eq!(channel, fill(info, &[netty, CID, "JAVA", "479", &ts]));
        assert_eq!(closed, fill(info, &[&netty.replace(" - ", " ! "), CID, "JAVA", "479", &ts]));
        let grpc = "GrpcClientChannel{clientId={}, remoteAddress={}, localAddress={}}";
        let grpc = fill(grpc, &[CID, "192.168.0.1:50000", "10.0.0.1:8081"]);
        for active in [true, false] {
            let channel = client_channel_info(0, CID, active, 30_000, ChannelForm::Grpc);
            assert_eq!(channel, fill(info, &[&grpc, CID, "JAVA", "479", &ts]), "a gRPC channel prints no state");
        }
    }

    /// `HashSet<MessageQueue>.toString()` as a JVM prints it: the expected lists were printed
    /// by JDK 17 with a class of MessageQueue's `hashCode` and `toString`, its queues added
    /// broker by broker in queue id order (16 queues: a table resized to 32 buckets).
    #[test]
    fn queue_sets_print_in_the_order_of_a_java_hash_set() {
        let mq = |t: &str, b: &str, q: i32| crate::MessageQueue::new(t, b, q);
        let set = |t: &str, brokers: &[&str], ids: &[i32]| {
            let mqs: Vec<crate::MessageQueue> =
                brokers.iter().flat_map(|b| ids.iter().map(move |&q| mq(t, b, q))).collect();
            let refs: Vec<&crate::MessageQueue> = mqs.iter().collect();
            message_queue_set(&refs)
        };
        let shown = |t: &str, order: &[(&str, i32)]| {
            let items: Vec<String> = order.iter().map(|&(b, q)| mq(t, b, q).to_string()).collect();
            format!("[{}]", items.join(", "))
        };
        let a = "broker-a";
        let b = "broker-b";
        let eight = [0, 1, 2, 3, 4, 5, 6, 7];
        assert_eq!(
            set("T", &[a], &eight),
            shown("T", &[(a, 6), (a, 5), (a, 7), (a, 2), (a, 1), (a, 4), (a, 3), (a, 0)])
        );
        assert_eq!(set("T", &[a], &[3]), shown("T", &[(a, 3)]));
        assert_eq!(
            set("T", &[a, b], &eight),
            shown(
                "T",
                &[
                    (a, 0),
                    (b, 1),
                    (b, 0),
                    (a, 6),
                    (b, 7),
                    (a, 5),
                    (b, 6),
                    (a, 7),
                    (a, 2),
                    (b, 3),
                    (a, 1),
                    (b, 2),
                    (a, 4),
                    (b, 5),
                    (a, 3),
                    (b, 4)
                ]
            )
        );
        let sixteen: Vec<i32> = (0..16).collect();
        let order = [11, 10, 13, 12, 7, 6, 9, 8, 3, 2, 5, 4, 1, 0, 15, 14];
        let expected: Vec<(&str, i32)> = order.iter().map(|&q| (a, q)).collect();
        assert_eq!(set("TopicTest", &[a], &sixteen), shown("TopicTest", &expected));
    }

    /// `SubscriptionData.toString()` as a JVM prints it (the expected sets were printed by
    /// jshell building the sets as FilterAPI.buildSubscriptionData does), and the
    /// ConsumerGroupInfo.updateSubscription lines around it.
    #[test]
    fn subscription_lines_are_the_templates_of_the_broker_source() {
        let data = "SubscriptionData [classFilterMode={}, topic={}, subString={}, tagsSet={}, codeSet={}, subVersion={}, expressionType={}]";
        let v = "1700000000001";
        let cases = [
            ("*", "*", "[]", "[]"),
            ("TagA || TagB", "TagA || TagB", "[TagA, TagB]", "[2598919, 2598920]"),
            (
                "create || cancel || pay || refund || ship",
                "create || cancel || pay || refund || ship",
                "[cancel, create, pay, ship, refund]",
                "[-1367724422, -1352294148, 110760, 3529276, -934813832]",
            ),
            ("cancel", "cancel", "[cancel]", "[-1367724422]"),
        ];
        for (expression, sub, tags, codes) in cases {
            assert_eq!(
                subscription_data("T", expression, 1_700_000_000_001),
                fill(data, &["false", "T", sub, tags, codes, v, "TAG"])
            );
        }
        let (old, new) = (subscription_data("T", "*", 1), subscription_data("T", "cancel", 2));
        let changed =
            line("broker", LogKind::SubscriptionChanged { group: "cg".to_owned(), old: old.clone(), new: new.clone() });
        assert_eq!(changed.text(), fill("subscription changed, group: {} OLD: {} NEW: {}", &["cg", &old, &new]));
        assert_eq!(changed.level(), Level::Info);
        let added = line("broker", LogKind::SubscriptionAdded { group: "cg".to_owned(), sub: old.clone() });
        assert_eq!(added.text(), fill("subscription changed, add new topic, group: {} {}", &["cg", &old]));
        assert_eq!(added.level(), Level::Info);
    }
}
