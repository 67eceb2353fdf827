//! What each client (and the broker) "logs", as data. Entries are small structured values;
//! [`LogEntry::text`] renders the line the way RocketMQ words it, so the site can filter by
//! kind and still show familiar text.

use serde::{Deserialize, Serialize};

use crate::assignment::MessageModel;

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
        /// consumerGroup.
        group: String,
        /// Subscription expression.
        subscription: String,
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
    /// Orderly: the broker queue lock was acquired (or renewed after a loss).
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
    Shutdown {
        /// consumerGroup.
        group: String,
    },
    /// The process was killed.
    Killed,
    /// The process stopped for a while / resumed.
    Paused {
        /// Pause length in milliseconds.
        duration_ms: u64,
    },
    /// The pause ended.
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
            LogKind::AllocateError { .. } | LogKind::Killed => Level::Error,
            LogKind::EventSkipped { .. }
            | LogKind::FlowControl { .. }
            | LogKind::LockFailed { .. }
            | LogKind::ConsumeSuspended { .. }
            | LogKind::SentBack { .. }
            | LogKind::AckExpired { .. }
            | LogKind::Revived { .. }
            | LogKind::ChannelExpired { .. }
            | LogKind::GroupRemoved { scan: true, .. }
            | LogKind::OffsetIllegal { .. }
            | LogKind::OffsetFixed { .. } => Level::Warn,
            LogKind::MemberChanged { change, .. } if change == "channel closed" => Level::Warn,
            _ => Level::Info,
        }
    }

    /// The line as the client (or broker) would print it; queues are shown as `Q{n}`.
    pub fn text(&self) -> String {
        match &self.kind {
            LogKind::Event { text } => format!("event: {text}"),
            LogKind::EventSkipped { reason } => format!("event skipped: {reason}"),
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
            LogKind::AllocateError { message } => format!("AllocateMessageQueueStrategy.allocate Exception: {message}"),
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
            LogKind::LockAcquired { group, mq, .. } => format!("the message queue locked OK, Group: {group} {mq}"),
            LogKind::LockFailed { group, mq, on_add: true, .. } => {
                format!("doRebalance, {group}, add a new mq failed, {mq}, because lock failed")
            }
            LogKind::LockFailed { group, mq, .. } => format!("the message queue locked Failed, Group: {group} {mq}"),
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
            LogKind::Shutdown { group } => format!("the consumer [{group}] shutdown OK"),
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

/// `System.currentTimeMillis()` at simulation time 0 (synthetic: 2023-11-14T22:13:20Z), for
/// the timestamps the broker prints.
pub(crate) const EPOCH_MS: u64 = 1_700_000_000_000;

/// `MQVersion.Version.V5_3_3.ordinal()`: the version a 5.3.3 client sends in its heartbeat.
pub(crate) const CLIENT_VERSION: u32 = 479;

/// A client's remote address as the broker prints it (`RemotingHelper.parseChannelRemoteAddr`:
/// `host:port`): the host is the cid's IP part, the port (synthetic) 50000 + the process index.
pub(crate) fn remote_addr(process: usize, cid: &str) -> String {
    let host = cid.split_once('@').map_or(cid, |(ip, _)| ip);
    format!("{host}:{}", 50_000 + process)
}

/// The broker's `ClientChannelInfo.toString()`: `ClientChannelInfo [channel=…, clientId=…,
/// language=JAVA, version=…, lastUpdateTimestamp=…]`, the channel as Netty prints a server
/// channel (`[id: 0x…, L:/local - R:/remote]`, ` ! ` between them once it is closed).
/// Synthetic: the channel id (from the process index), the addresses ([`BROKER_ADDR`],
/// [`remote_addr`]), the version ([`CLIENT_VERSION`]) and the timestamp ([`EPOCH_MS`] + the
/// last heartbeat's simulation time). A gRPC client's channel (through the proxy) prints
/// differently; the Remoting form is used for every model.
pub(crate) fn client_channel_info(process: usize, cid: &str, active: bool, last_update_ms: u64) -> String {
    let id = 0x5ca1_ab1e_u32.wrapping_add(process as u32);
    let link = if active { "-" } else { "!" };
    format!(
        "ClientChannelInfo [channel=[id: 0x{id:08x}, L:/{BROKER_ADDR} {link} R:/{}], clientId={cid}, language=JAVA, \
         version={CLIENT_VERSION}, lastUpdateTimestamp={}]",
        remote_addr(process, cid),
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

/// A `java.util.HashSet`'s `toString` for at most 12 elements (no resize from the default 16
/// buckets): buckets in order (`(h ^ h >>> 16) & 15`), insertion order within a bucket.
fn java_hash_set<T: std::fmt::Display>(items: &[(T, i32)]) -> String {
    let bucket = |h: i32| ((h as u32 ^ (h as u32 >> 16)) & 15) as usize;
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&i| (bucket(items[i].1), i));
    let shown: Vec<String> = order.iter().map(|&i| items[i].0.to_string()).collect();
    format!("[{}]", shown.join(", "))
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

    /// Every client line checked character for character against the template it comes from
    /// (class and method in the comment before each).
    #[test]
    fn client_lines_are_the_templates_of_the_client_source() {
        let g = || "cg".to_owned();
        let mq = || MQ.to_owned();
        let set = format!("[{MQ}]");
        let cases: Vec<(LogKind, &str, Vec<&str>)> = vec![
            // DefaultMQPushConsumerImpl.start
            (LogKind::Started { group: g(), subscription: "*".to_owned() }, "the consumer [{}] start OK.", vec!["cg"]),
            // DefaultMQPushConsumerImpl.shutdown
            (LogKind::Shutdown { group: g() }, "the consumer [{}] shutdown OK", vec!["cg"]),
            // RebalanceImpl.rebalanceByTopic (CLUSTERING, 5.x)
            (
                LogKind::RebalanceResult {
                    strategy: "AVG".to_owned(),
                    group: g(),
                    topic: "T".to_owned(),
                    result_set: set.clone(),
                    mq_all: 8,
                    cid_all: 4,
                    queues: vec![3],
                    trigger: "notified".to_owned(),
                },
                "client rebalanced result changed. allocateMessageQueueStrategyName={}, group={}, topic={}, clientId={}, mqAllSize={}, cidAllSize={}, rebalanceResultSize={}, rebalanceResultSet={}",
                vec!["AVG", "cg", "T", CID, "8", "4", "1", &set],
            ),
            // RebalanceImpl.rebalanceByTopic (BROADCASTING)
            (
                LogKind::RebalanceResult {
                    strategy: "BROADCASTING".to_owned(),
                    group: g(),
                    topic: "T".to_owned(),
                    result_set: set.clone(),
                    mq_all: 1,
                    cid_all: 1,
                    queues: vec![3],
                    trigger: "start".to_owned(),
                },
                "messageQueueChanged {} {} {} {}",
                vec!["cg", "T", &set, &set],
            ),
            // RebalanceImpl.updateProcessQueueTableInRebalance
            (
                LogKind::QueueDropped { queue: 3, group: g(), mq: mq(), offset: 7, in_flight: 2 },
                "doRebalance, {}, remove unnecessary mq, {}",
                vec!["cg", MQ],
            ),
            (
                LogKind::QueueAdded { queue: 3, group: g(), mq: mq(), offset: 7 },
                "doRebalance, {}, add a new mq, {}",
                vec!["cg", MQ],
            ),
            (
                LogKind::LockFailed { queue: 3, group: g(), mq: mq(), on_add: true },
                "doRebalance, {}, add a new mq failed, {}, because lock failed",
                vec!["cg", MQ],
            ),
            // RebalanceImpl.lockAll
            (
                LogKind::LockFailed { queue: 3, group: g(), mq: mq(), on_add: false },
                "the message queue locked Failed, Group: {} {}",
                vec!["cg", MQ],
            ),
            (
                LogKind::LockAcquired { queue: 3, group: g(), mq: mq() },
                "the message queue locked OK, Group: {} {}",
                vec!["cg", MQ],
            ),
            // RemoteBrokerOffsetStore.persistAll
            (
                LogKind::OffsetPersisted { queue: 3, group: g(), mq: mq(), offset: 42 },
                "[persistAll] Group: {} ClientId: {} updateConsumeOffsetToBroker {} {}",
                vec!["cg", CID, MQ, "42"],
            ),
        ];
        let request = format!("PullRequest [consumerGroup=cg, messageQueue={MQ}, nextOffset=5]");
        let result =
            "PullResult [pullStatus=OFFSET_ILLEGAL, nextBeginOffset=9, minOffset=9, maxOffset=20, msgFoundList=0]";
        let illegal =
            LogKind::OffsetIllegal { queue: 3, pull_request: request.clone(), pull_result: result.to_owned() };
        let fixed = LogKind::OffsetFixed { queue: 3, pull_request: request.clone() };
        let mut cases = cases;
        // DefaultMQPushConsumerImpl.pullMessage, case OFFSET_ILLEGAL
        cases.push((illegal, "the pull request offset illegal, {} {}", vec![&request, result]));
        cases.push((fixed, "fix the pull request offset, {}", vec![&request]));
        for (kind, template, args) in cases {
            assert_eq!(line(CID, kind).text(), fill(template, &args), "{template}");
        }
    }

    /// DefaultMQPushConsumerImpl.pullMessage: the count threshold and the size threshold have
    /// their own wording.
    #[test]
    fn flow_control_by_count_and_by_size_use_their_own_words() {
        let pull = format!("PullRequest [consumerGroup=cg, messageQueue={MQ}, nextOffset=1100]");
        let flow = |by_size, threshold| LogKind::FlowControl {
            queue: 3,
            by_size,
            threshold,
            min_offset: 100,
            max_offset: 1099,
            count: 1000,
            size_mib: 101,
            pull_request: pull.clone(),
            times: 1,
        };
        assert_eq!(
            line(CID, flow(false, 1000)).text(),
            fill(
                "the cached message count exceeds the threshold {}, so do flow control, minOffset={}, maxOffset={}, count={}, size={} MiB, pullRequest={}, flowControlTimes={}",
                &["1000", "100", "1099", "1000", "101", &pull, "1"]
            )
        );
        assert_eq!(
            line(CID, flow(true, 100)).text(),
            fill(
                "the cached message size exceeds the threshold {} MiB, so do flow control, minOffset={}, maxOffset={}, count={}, size={} MiB, pullRequest={}, flowControlTimes={}",
                &["100", "100", "1099", "1000", "101", &pull, "1"]
            )
        );
    }

    /// Every broker membership line (and the client's notification line) checked character for
    /// character against the template it comes from (apache/rocketmq 5.x, class and method in
    /// the comment before each), with the level it is logged at.
    #[test]
    fn broker_lines_are_the_templates_of_the_broker_source() {
        let g = || "cg".to_owned();
        let channel = client_channel_info(0, CID, true, 30_000);
        let closed = client_channel_info(0, CID, false, 30_000);
        // ClientChannelInfo.toString, the channel as Netty's AbstractChannel.toString prints it.
        let netty = "[id: 0x5ca1ab1e, L:/10.0.0.1:10911 - R:/192.168.0.1:50000]";
        let ts = (EPOCH_MS + 30_000).to_string();
        let info = "ClientChannelInfo [channel={}, clientId={}, language={}, version={}, lastUpdateTimestamp={}]";
        assert_eq!(channel, fill(info, &[netty, CID, "JAVA", "479", &ts]));
        assert_eq!(closed, fill(info, &[&netty.replace(" - ", " ! "), CID, "JAVA", "479", &ts]));
        let member = |change: &str, channel: &str| LogKind::MemberChanged {
            cid: CID.to_owned(),
            change: change.to_owned(),
            members: 0,
            notified: false,
            group: g(),
            consume_type: "CONSUME_PASSIVELY".to_owned(),
            message_model: "CLUSTERING".to_owned(),
            channel: channel.to_owned(),
        };
        let cases: Vec<(LogKind, Level, &str, Vec<&str>)> = vec![
            // ConsumerGroupInfo.updateChannel (a new channel)
            (
                member("registered", &channel),
                Level::Info,
                "new consumer connected, group: {} {} {} channel: {}",
                vec!["cg", "CONSUME_PASSIVELY", "CLUSTERING", &channel],
            ),
            // ConsumerGroupInfo.unregisterChannel
            (
                member("unregistered", &channel),
                Level::Info,
                "unregister a consumer[{}] from consumerGroupInfo {}",
                vec!["cg", &channel],
            ),
            // ConsumerGroupInfo.doChannelCloseEvent
            (
                member("channel closed", &closed),
                Level::Warn,
                "NETTY EVENT: remove not active channel[{}] from ConsumerGroupInfo groupChannelTable, consumer group: {}",
                vec![&closed, "cg"],
            ),
            // ConsumerManager.unregisterConsumer / doChannelCloseEvent, the last channel gone
            (
                LogKind::GroupRemoved { group: g(), scan: false },
                Level::Info,
                "unregister consumer ok, no any connection, and remove consumer group, {}",
                vec!["cg"],
            ),
            // ConsumerManager.scanNotActiveChannel
            (
                LogKind::ChannelExpired { cid: CID.to_owned(), group: g(), remote_addr: remote_addr(0, CID) },
                Level::Warn,
                "SCAN: remove expired channel from ConsumerManager consumerTable. channel={}, consumerGroup={}",
                vec!["192.168.0.1:50000", "cg"],
            ),
            (
                LogKind::GroupRemoved { group: g(), scan: true },
                Level::Warn,
                "SCAN: remove expired channel from ConsumerManager consumerTable, all clear, consumerGroup={}",
                vec!["cg"],
            ),
            // ClientRemotingProcessor.notifyConsumerIdsChanged (client side)
            (
                LogKind::NotifyReceived { broker_addr: BROKER_ADDR.to_owned(), group: g() },
                Level::Info,
                "receive broker's notification[{}], the consumer group: {} changed, rebalance immediately",
                vec!["10.0.0.1:10911", "cg"],
            ),
        ];
        for (kind, level, template, args) in cases {
            let entry = line("broker", kind);
            assert_eq!(entry.text(), fill(template, &args), "{template}");
            assert_eq!(entry.level(), level, "{template}");
        }
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

    /// AbstractAllocateMessageQueueStrategy.check logs `[BUG] … not in cidAll` with `log.info`;
    /// ConsumerManager.scanNotActiveChannel warns about an expired channel.
    #[test]
    fn levels_are_the_clients() {
        let bug = line(CID, LogKind::NotInCidAll { line: "[BUG] ConsumerGroup: cg …".to_owned() });
        assert_eq!(bug.level(), Level::Info);
        let remote_addr = remote_addr(0, CID);
        let expired =
            line("broker", LogKind::ChannelExpired { cid: CID.to_owned(), group: "cg".to_owned(), remote_addr });
        assert_eq!(expired.level(), Level::Warn);
        let failed =
            line(CID, LogKind::LockFailed { queue: 3, group: "cg".to_owned(), mq: MQ.to_owned(), on_add: false });
        assert!(!failed.text().contains("locked by"), "the client never learns the holder");
    }
}
