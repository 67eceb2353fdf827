//! The simulator's inputs: the topic, the group, the client and broker settings, the
//! initial consumers. Every default is RocketMQ's (SPEC sections 3 and 12); every field is
//! configurable. [`SimConfig::validate`] refuses unusable values with a sentence;
//! [`SimConfig::clamped`] pulls slider values into the allowed ranges instead.

use serde::{Deserialize, Serialize};

use crate::allocate::Strategy;
use crate::consume_from::ConsumeFromWhere;
use crate::{Error, Result};

/// Upper bound on the number of ticks one run may take (6 h at the default 100 ms tick).
pub const MAX_TICKS: u64 = 216_000;
/// Most tags a topic may have in the simulator (they are kept as a bit mask).
pub const MAX_TAGS: usize = 8;
/// Most consumer processes one run may start (initial ones, joins, deploys).
pub const MAX_CONSUMERS: usize = 512;

/// Everything a run needs apart from its events and seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SimConfig {
    /// Length of one simulation step in milliseconds (10 ..= 10,000).
    pub tick_ms: u64,
    /// The topic: brokers, queues, production, retention, tags.
    pub topic: TopicConfig,
    /// The consumer group: model, strategy, orderly or concurrent, commit mode.
    pub group: GroupConfig,
    /// Client-side settings (DefaultMQPushConsumer / MQClientInstance / 5.x PushConsumer).
    pub client: ClientConfig,
    /// Broker-side settings (ConsumerManager, RebalanceLockManager).
    pub broker: BrokerConfig,
    /// The consumers running at time 0.
    pub consumers: Vec<ConsumerSpec>,
    /// Whether every offset persistence is logged (one line per queue every 5 s per client).
    pub log_offset_persist: bool,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            tick_ms: 100,
            topic: TopicConfig::default(),
            group: GroupConfig::default(),
            client: ClientConfig::default(),
            broker: BrokerConfig::default(),
            consumers: vec![ConsumerSpec::default(); 3],
            log_offset_persist: true,
        }
    }
}

/// One broker of the topic.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BrokerSpec {
    /// brokerName, e.g. `broker-a`.
    pub name: String,
    /// Machine room (for MACHINE_ROOM_NEARBY); empty = none.
    #[serde(default)]
    pub room: String,
}

/// A tag and its share of the produced messages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TagShare {
    /// The tag, e.g. `create`.
    pub name: String,
    /// Relative weight (messages of this tag per `sum of weights` messages).
    pub weight: u32,
}

/// The topic and its producers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TopicConfig {
    /// Topic name.
    pub name: String,
    /// Brokers holding the topic's queues (1 ..= 16).
    pub brokers: Vec<BrokerSpec>,
    /// Queues per broker (readQueueNums = writeQueueNums; 1 ..= 256).
    pub queues_per_broker: u32,
    /// Total produce rate, messages per second over all queues.
    pub produce_rate: u64,
    /// Hot queues (indices in sorted `mqAll` order) that get `hot_share_percent` of production.
    pub hot_queues: Vec<u32>,
    /// Percentage of all production that goes to the hot queues (0 ..= 100).
    pub hot_share_percent: u32,
    /// Messages already stored in every queue at time 0, all unconsumed (store time 0).
    pub backlog_per_queue: u64,
    /// Retention (fileReservedTime, 72 h by default): older messages are deleted and
    /// MinOffset moves up.
    pub retention_ms: u64,
    /// Size of one message in bytes (for pullThresholdSizeForQueue).
    pub message_size_bytes: u64,
    /// Tags and their shares (1 ..= 8 tags).
    pub tags: Vec<TagShare>,
    /// Whether the message at offset 0 of every queue is still in memory for the whole run
    /// (`DefaultMessageStore.checkInMemByConsumeOffset`: its commit log position lies within
    /// `accessMessageInMemoryMaxRatio`, 40 % of physical memory, of the commit log's end).
    /// `true`: a young topic; `false`: an old one whose first messages were swapped out. It
    /// decides where a group without a stored offset starts (`group.newGroup`).
    pub first_message_in_memory: bool,
}

impl Default for TopicConfig {
    fn default() -> Self {
        TopicConfig {
            name: "TopicTest".to_owned(),
            brokers: vec![BrokerSpec { name: "broker-a".to_owned(), room: String::new() }],
            queues_per_broker: 8,
            produce_rate: 1_000,
            hot_queues: Vec::new(),
            hot_share_percent: 0,
            backlog_per_queue: 0,
            retention_ms: 72 * 3_600_000,
            message_size_bytes: 1_024,
            tags: vec![TagShare { name: "TagA".to_owned(), weight: 1 }],
            first_message_in_memory: true,
        }
    }
}

/// The three load-balancing models (SPEC section 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ConsumeModel {
    /// Classic queue-level CLUSTERING: every client allocates queues for itself.
    Clustering,
    /// Classic BROADCASTING: every consumer takes every queue, offsets kept locally.
    Broadcasting,
    /// 5.x message-level (POP): the broker hands out visible messages, ACK per message.
    Pop,
}

/// When progress is recorded relative to the business result (SPEC section 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CommitMode {
    /// Offset / ACK after the business succeeded (RocketMQ's push consumer; at-least-once).
    AfterSuccess,
    /// Offset / ACK as soon as messages are received, before the business ran (a common
    /// PullConsumer / SimpleConsumer mistake): a crash loses the received messages.
    BeforeProcessing,
}

/// Which 5.x client receives the POP messages: whether anybody renews their invisible time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PopConsumer {
    /// The SimpleConsumer (rocketmq-clients `ConsumerImpl.wrapReceiveMessageRequest`:
    /// `setAutoRenew(false)` with the consumer's invisible duration) or the Remoting POP
    /// consumer: nobody renews, a message not acked within `client.invisibleTimeMs` is
    /// delivered again.
    #[default]
    Simple,
    /// The gRPC PushConsumer (`ProcessQueueImpl.receiveMessage` → `setAutoRenew(true)`): the
    /// proxy gives the messages its own invisible time (`broker.proxyDefaultInvisibleTimeMs`),
    /// renews the ones a registered client holds and, once the client is unregistered, makes
    /// them visible after `broker.invisibleTimeWhenClearMs` (apache/rocketmq 5.x
    /// `DefaultReceiptHandleManager`).
    Push,
}

/// The consumer group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GroupConfig {
    /// consumerGroup.
    pub name: String,
    /// CLUSTERING, BROADCASTING or POP.
    pub model: ConsumeModel,
    /// AllocateMessageQueueStrategy (CLUSTERING only). MACHINE_ROOM_NEARBY with empty rooms
    /// takes the rooms from the brokers' and consumers' `room` fields.
    pub strategy: Strategy,
    /// MessageListenerOrderly: broker queue locks, one message at a time per queue, a
    /// failing message retried in place (CLUSTERING only).
    pub orderly: bool,
    /// Commit after success (default) or before processing.
    pub commit: CommitMode,
    /// The group has no stored ConsumerOffset when the run starts (it never ran): each queue
    /// starts where [`crate::consume_from::start_offset`] says, from the broker's answer
    /// (0 for a queue whose MinOffset is 0 with offset 0 in memory) or `consumeFromWhere`.
    /// `false`: the group's stored offset of every queue is its MinOffset. CLUSTERING only.
    pub new_group: bool,
    /// consumeFromWhere: CONSUME_FROM_LAST_OFFSET (`DefaultMQPushConsumer`'s default),
    /// CONSUME_FROM_FIRST_OFFSET or CONSUME_FROM_TIMESTAMP; read only for a queue the broker
    /// has no offset for.
    pub consume_from_where: ConsumeFromWhere,
    /// consumeTimestamp of CONSUME_FROM_TIMESTAMP, in ms on the run's clock (negative: before
    /// the run, where the topic's history lies). Absent: `DefaultMQPushConsumer`'s default,
    /// 30 minutes before each consumer was created, to the second
    /// ([`crate::consume_from::default_consume_timestamp`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub consume_timestamp_ms: Option<i64>,
}

/// How far from the run's start `group.consumeTimestampMs` may lie: a year either way.
pub const CONSUME_TIMESTAMP_RANGE_MS: i64 = 365 * 24 * 3_600_000;

impl Default for GroupConfig {
    fn default() -> Self {
        GroupConfig {
            name: "cg-demo".to_owned(),
            model: ConsumeModel::Clustering,
            strategy: Strategy::Averagely,
            orderly: false,
            commit: CommitMode::AfterSuccess,
            new_group: false,
            consume_from_where: ConsumeFromWhere::LastOffset,
            consume_timestamp_ms: None,
        }
    }
}

/// Client settings; the defaults are RocketMQ's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ClientConfig {
    /// RebalanceService wait (rocketmq.client.rebalance.waitInterval): 20 s.
    pub rebalance_interval_ms: u64,
    /// RebalanceService wait after an unbalanced round, e.g. an orderly queue whose lock
    /// failed (rocketmq.client.rebalance.minInterval, 5.x): 1 s.
    pub rebalance_min_interval_ms: u64,
    /// heartbeatBrokerInterval: 30 s. Used for every model, also POP, whose gRPC clients
    /// heartbeat every 10 s by default (rocketmq-clients `ClientManagerImpl.HEART_BEAT_PERIOD`):
    /// a killed POP client's channel may expire up to 20 s earlier here than with those clients.
    pub heartbeat_interval_ms: u64,
    /// persistConsumerOffsetInterval: 5 s.
    pub persist_interval_ms: u64,
    /// pollNameServerInterval (route refresh, how clients learn new queues): 30 s.
    pub route_poll_interval_ms: u64,
    /// Largest delay between the broker's NOTIFY_CONSUMER_IDS_CHANGED and a client's
    /// rebalance (network + thread wake-up); each client draws its own from the seed.
    pub notify_delay_max_ms: u64,
    /// pullBatchSize: 32.
    pub pull_batch_size: u64,
    /// Round trip of one pull request; bounds pulls per queue per tick.
    pub pull_rtt_ms: u64,
    /// pullTimeDelayMillsWhenException: 1 s (`ClientConfig`; `DefaultMQPushConsumerImpl`'s
    /// constructor copies it over the 3000 its field starts with). A pull that fails (its
    /// broker is down) is sent again this long after.
    pub pull_time_delay_mills_when_exception: u64,
    /// pullThresholdForQueue: 1000 cached messages per queue pause pulling.
    pub pull_threshold_for_queue: u64,
    /// pullThresholdSizeForQueue: 100 MiB cached per queue pause pulling.
    pub pull_threshold_size_for_queue_mib: u64,
    /// consumeThreadMin = consumeThreadMax: 20 (the 4.x-era articles quote 20 / 64).
    pub consume_threads: u32,
    /// consumeConcurrentlyMaxSpan: 2000 (`DefaultMQPushConsumer`, allowed 1 ..= 65535 by
    /// `DefaultMQPushConsumerImpl.checkConfig`). A concurrent consumer does not pull a queue
    /// while its ProcessQueue's `getMaxSpan()` (last cached offset minus first) exceeds it.
    pub consume_concurrently_max_span: u64,
    /// consumeTimeout in minutes: 15 (`DefaultMQPushConsumer`). `ConsumeMessageConcurrentlyService`
    /// runs `cleanExpireMsg` every consumeTimeout minutes from the consumer's start; it sends a
    /// message consumed for longer back with delay level 3 and removes it from the ProcessQueue.
    pub consume_timeout_minutes: u64,
    /// Messages one instance finishes per second (its business capacity).
    pub consume_rate: u64,
    /// suspendCurrentQueueTimeMillis (orderly retry in place): 1 s.
    pub suspend_current_queue_ms: u64,
    /// maxReconsumeTimes for concurrent consumption and POP: 16, then %DLQ%.
    pub max_reconsume_times: u32,
    /// Orderly: lockAll renewal period (REBALANCE_LOCK_INTERVAL): 20 s.
    pub lock_renew_interval_ms: u64,
    /// Orderly: a client-side ProcessQueue lock is stale after 30 s without renewal.
    pub client_lock_expiry_ms: u64,
    /// Orderly: a revoked queue whose consume lock stays busy is unlocked at the latest this
    /// long after its last lock (UNLOCK_DELAY_TIME_MILLS): 20 s.
    pub unlock_delay_ms: u64,
    /// 5.x: invisible time of received messages: 60 s.
    pub invisible_time_ms: u64,
    /// 5.x POP: the SimpleConsumer (no renewal, the default) or the auto-renewing gRPC
    /// PushConsumer.
    pub pop_consumer: PopConsumer,
    /// 5.x: messages per receive: 32.
    pub pop_batch_size: u64,
    /// 5.x: maxCacheMessageCount of one consumer: 1024.
    pub pop_max_cache: u64,
    /// DefaultMQPushConsumer.awaitTerminationMillisWhenShutdown: how long a graceful stop waits
    /// for the consume threads before persisting offsets. RocketMQ's default is 0 (no waiting);
    /// Spring's starter sets 1000.
    pub await_termination_millis_when_shutdown: u64,
    /// Warm-up of a consumer that joins during the run (JIT, connection pools): it finishes
    /// 10 % of its rate at first, rising linearly to 100 % over this time. 0 = none.
    pub warmup_ms: u64,
}

impl Default for ClientConfig {
    fn default() -> Self {
        ClientConfig {
            rebalance_interval_ms: 20_000,
            rebalance_min_interval_ms: 1_000,
            heartbeat_interval_ms: 30_000,
            persist_interval_ms: 5_000,
            route_poll_interval_ms: 30_000,
            notify_delay_max_ms: 300,
            pull_batch_size: 32,
            pull_rtt_ms: 5,
            pull_time_delay_mills_when_exception: 1_000,
            pull_threshold_for_queue: 1_000,
            pull_threshold_size_for_queue_mib: 100,
            consume_threads: 20,
            consume_concurrently_max_span: 2_000,
            consume_timeout_minutes: 15,
            consume_rate: 500,
            suspend_current_queue_ms: 1_000,
            max_reconsume_times: 16,
            lock_renew_interval_ms: 20_000,
            client_lock_expiry_ms: 30_000,
            unlock_delay_ms: 20_000,
            invisible_time_ms: 60_000,
            pop_consumer: PopConsumer::Simple,
            pop_batch_size: 32,
            pop_max_cache: 1_024,
            await_termination_millis_when_shutdown: 0,
            warmup_ms: 0,
        }
    }
}

/// Broker settings; the defaults are RocketMQ's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct BrokerConfig {
    /// A consumer channel silent for longer is expired (CHANNEL_EXPIRED_TIMEOUT): 120 s.
    pub channel_expiry_ms: u64,
    /// How often the broker scans for silent channels: 10 s.
    pub scan_interval_ms: u64,
    /// A queue lock not renewed for this long is free again (lockMaxLiveTime): 60 s.
    pub lock_max_live_ms: u64,
    /// notifyConsumerIdsChangedEnable: tell every member when the member list changes.
    pub notify_consumer_ids_changed: bool,
    /// 5.x proxy, auto-renewing PushConsumer only: the invisible time of a receive with
    /// `autoRenew` (ProxyConfig.defaultInvisibleTimeMills, used by
    /// `ReceiveMessageActivity.receiveMessage`): 60 s. The proxy settings' defaults are
    /// apache/rocketmq 5.3.3 `proxy/src/main/java/org/apache/rocketmq/proxy/config/ProxyConfig.java`'s.
    pub proxy_default_invisible_time_ms: u64,
    /// Period of the proxy's renewal scan (ProxyConfig.renewSchedulePeriodMillis,
    /// `TimeUnit.SECONDS.toMillis(5)`; `DefaultReceiptHandleManager` schedules
    /// `scheduleRenewTask` with this fixed delay from 0): 5 s.
    pub renew_schedule_period_ms: u64,
    /// The scan renews a held message whose invisible time ends within this
    /// (ProxyConfig.renewAheadTimeMillis, `TimeUnit.SECONDS.toMillis(10)`): 10 s.
    pub renew_ahead_time_ms: u64,
    /// Messages held longer than this since their receipt are no longer renewed but made
    /// visible after the group's retry delay (ProxyConfig.renewMaxTimeMillis,
    /// `TimeUnit.HOURS.toMillis(3)`): 3 h.
    pub renew_max_time_ms: u64,
    /// The rest of the invisible time of the messages an unregistered client held
    /// (ProxyConfig.invisibleTimeMillisWhenClear, `1000L`, `DefaultReceiptHandleManager.clearGroup`): 1 s.
    pub invisible_time_when_clear_ms: u64,
}

impl Default for BrokerConfig {
    fn default() -> Self {
        BrokerConfig {
            channel_expiry_ms: 120_000,
            scan_interval_ms: 10_000,
            lock_max_live_ms: 60_000,
            notify_consumer_ids_changed: true,
            proxy_default_invisible_time_ms: 60_000,
            renew_schedule_period_ms: 5_000,
            renew_ahead_time_ms: 10_000,
            renew_max_time_ms: 3 * 3_600_000,
            invisible_time_when_clear_ms: 1_000,
        }
    }
}

/// One consumer process; `None` fields take the group-wide defaults.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ConsumerSpec {
    /// clientId; default `192.168.0.N@PID` with the next free N. Reusing a running
    /// consumer's cid is a cid clash.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cid: Option<String>,
    /// Messages per second this instance finishes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub consume_rate: Option<u64>,
    /// Consume threads.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threads: Option<u32>,
    /// Machine room (MACHINE_ROOM_NEARBY).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub room: Option<String>,
    /// Subscribed tags; `None` or `["*"]` = every tag.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subscription: Option<Vec<String>>,
}

fn invalid(field: &str, message: impl Into<String>) -> Error {
    Error::InvalidInput { field: field.to_owned(), message: message.into() }
}

fn range(field: &str, value: u64, lo: u64, hi: u64) -> Result<()> {
    if value < lo || value > hi {
        return Err(invalid(field, format!("{value} is out of range {lo} ..= {hi}")));
    }
    Ok(())
}

impl SimConfig {
    /// Visits every bounded numeric setting as (JSON path, value, low, high).
    fn visit_numbers(&mut self, mut f: impl FnMut(&'static str, &mut u64, u64, u64)) {
        let mut small = |name: &'static str, v: &mut u32, lo: u64, hi: u64| {
            let mut wide = u64::from(*v);
            f(name, &mut wide, lo, hi);
            *v = u32::try_from(wide).unwrap_or(u32::MAX);
        };
        small("topic.queuesPerBroker", &mut self.topic.queues_per_broker, 1, 256);
        small("topic.hotSharePercent", &mut self.topic.hot_share_percent, 0, 100);
        small("client.consumeThreads", &mut self.client.consume_threads, 1, 1_024);
        small("client.maxReconsumeTimes", &mut self.client.max_reconsume_times, 0, 1_000);
        let (t, c, b) = (&mut self.topic, &mut self.client, &mut self.broker);
        let hour = 3_600_000;
        let list: [(&'static str, &mut u64, u64, u64); 36] = [
            ("tickMs", &mut self.tick_ms, 10, 10_000),
            ("topic.produceRate", &mut t.produce_rate, 0, 10_000_000),
            ("topic.backlogPerQueue", &mut t.backlog_per_queue, 0, 1_000_000_000_000),
            ("topic.retentionMs", &mut t.retention_ms, 1_000, 720 * hour),
            ("topic.messageSizeBytes", &mut t.message_size_bytes, 1, 4 * 1024 * 1024),
            ("client.rebalanceIntervalMs", &mut c.rebalance_interval_ms, 100, hour),
            ("client.rebalanceMinIntervalMs", &mut c.rebalance_min_interval_ms, 100, hour),
            ("client.heartbeatIntervalMs", &mut c.heartbeat_interval_ms, 100, hour),
            ("client.persistIntervalMs", &mut c.persist_interval_ms, 100, hour),
            ("client.routePollIntervalMs", &mut c.route_poll_interval_ms, 100, hour),
            ("client.notifyDelayMaxMs", &mut c.notify_delay_max_ms, 0, 60_000),
            ("client.pullBatchSize", &mut c.pull_batch_size, 1, 1_024),
            ("client.pullRttMs", &mut c.pull_rtt_ms, 1, 10_000),
            ("client.pullTimeDelayMillsWhenException", &mut c.pull_time_delay_mills_when_exception, 10, hour),
            ("client.pullThresholdForQueue", &mut c.pull_threshold_for_queue, 1, 1_000_000),
            ("client.pullThresholdSizeForQueueMib", &mut c.pull_threshold_size_for_queue_mib, 1, 65_536),
            ("client.consumeRate", &mut c.consume_rate, 0, 10_000_000),
            ("client.consumeConcurrentlyMaxSpan", &mut c.consume_concurrently_max_span, 1, 65_535),
            ("client.consumeTimeoutMinutes", &mut c.consume_timeout_minutes, 1, 360),
            ("client.suspendCurrentQueueMs", &mut c.suspend_current_queue_ms, 10, hour),
            ("client.lockRenewIntervalMs", &mut c.lock_renew_interval_ms, 100, hour),
            ("client.clientLockExpiryMs", &mut c.client_lock_expiry_ms, 100, hour),
            ("client.unlockDelayMs", &mut c.unlock_delay_ms, 0, hour),
            ("client.invisibleTimeMs", &mut c.invisible_time_ms, 1_000, 12 * hour),
            ("client.popBatchSize", &mut c.pop_batch_size, 1, 1_024),
            ("client.popMaxCache", &mut c.pop_max_cache, 1, 1_000_000),
            ("client.warmupMs", &mut c.warmup_ms, 0, hour),
            ("client.awaitTerminationMillisWhenShutdown", &mut c.await_termination_millis_when_shutdown, 0, hour),
            ("broker.channelExpiryMs", &mut b.channel_expiry_ms, 1_000, hour),
            ("broker.scanIntervalMs", &mut b.scan_interval_ms, 100, hour),
            ("broker.lockMaxLiveMs", &mut b.lock_max_live_ms, 1_000, hour),
            ("broker.proxyDefaultInvisibleTimeMs", &mut b.proxy_default_invisible_time_ms, 1_000, 12 * hour),
            ("broker.renewSchedulePeriodMs", &mut b.renew_schedule_period_ms, 100, hour),
            ("broker.renewAheadTimeMs", &mut b.renew_ahead_time_ms, 0, hour),
            ("broker.renewMaxTimeMs", &mut b.renew_max_time_ms, 1_000, 24 * hour),
            ("broker.invisibleTimeWhenClearMs", &mut b.invisible_time_when_clear_ms, 0, hour),
        ];
        for (name, value, lo, hi) in list {
            f(name, value, lo, hi);
        }
    }

    /// The same configuration with every numeric setting pulled into its allowed range
    /// (for sliders); lists and names are left alone, [`SimConfig::validate`] checks them.
    pub fn clamped(mut self) -> Self {
        self.visit_numbers(|_, v, lo, hi| *v = (*v).clamp(lo, hi));
        self
    }

    /// Refuses a configuration the simulator cannot run, naming the field and the reason.
    pub fn validate(&self) -> Result<()> {
        let mut copy = self.clone();
        let mut first = None;
        copy.visit_numbers(|name, v, lo, hi| {
            if first.is_none() && (*v < lo || *v > hi) {
                first = Some(invalid(name, format!("{v} is out of range {lo} ..= {hi}")));
            }
        });
        if let Some(e) = first {
            return Err(e);
        }
        let t = &self.topic;
        if t.brokers.is_empty() || t.brokers.len() > 16 {
            return Err(invalid("topic.brokers", "give 1 ..= 16 brokers"));
        }
        for (i, b) in t.brokers.iter().enumerate() {
            if b.name.trim().is_empty() {
                return Err(invalid("topic.brokers", format!("broker {i} has an empty name")));
            }
            if t.brokers.iter().skip(i + 1).any(|o| o.name == b.name) {
                return Err(invalid("topic.brokers", format!("broker {:?} is listed twice", b.name)));
            }
        }
        if t.name.trim().is_empty() {
            return Err(invalid("topic.name", "the topic needs a name"));
        }
        if self.group.name.trim().is_empty() {
            return Err(invalid("group.name", "the consumer group needs a name"));
        }
        if self.group.new_group && self.group.model != ConsumeModel::Clustering {
            return Err(invalid(
                "group.newGroup",
                "a group without stored offsets is modelled for CLUSTERING only (the broker's stored \
                 ConsumerOffset)",
            ));
        }
        if let Some(ts) = self
            .group
            .consume_timestamp_ms
            .filter(|ts| !(-CONSUME_TIMESTAMP_RANGE_MS..=CONSUME_TIMESTAMP_RANGE_MS).contains(ts))
        {
            let range = CONSUME_TIMESTAMP_RANGE_MS;
            return Err(invalid("group.consumeTimestampMs", format!("{ts} is out of range -{range} ..= {range}")));
        }
        let queues = u64::from(t.queues_per_broker) * t.brokers.len() as u64;
        if let Some(q) = t.hot_queues.iter().find(|&&q| u64::from(q) >= queues) {
            return Err(invalid("topic.hotQueues", format!("queue {q} does not exist (the topic has {queues})")));
        }
        if t.tags.is_empty() || t.tags.len() > MAX_TAGS {
            return Err(invalid("topic.tags", format!("give 1 ..= {MAX_TAGS} tags")));
        }
        let total: u64 = t.tags.iter().map(|s| u64::from(s.weight)).sum();
        if total == 0 || total > 1_000 || t.tags.iter().any(|s| s.weight == 0) {
            return Err(invalid("topic.tags", "every tag needs a weight >= 1, all together <= 1000"));
        }
        for (i, tag) in t.tags.iter().enumerate() {
            if tag.name.trim().is_empty() || tag.name == "*" || tag.name.contains("||") {
                return Err(invalid("topic.tags", format!("tag {i} has an unusable name {:?}", tag.name)));
            }
            if t.tags.iter().skip(i + 1).any(|o| o.name == tag.name) {
                return Err(invalid("topic.tags", format!("tag {:?} is listed twice", tag.name)));
            }
        }
        if self.consumers.len() > MAX_CONSUMERS {
            return Err(invalid("consumers", format!("at most {MAX_CONSUMERS} consumers")));
        }
        for spec in &self.consumers {
            spec.validate(self, "consumers")?;
        }
        Ok(())
    }

    /// Total number of queues at the start.
    pub fn queue_count(&self) -> usize {
        self.topic.brokers.len() * self.topic.queues_per_broker as usize
    }
}

impl ConsumerSpec {
    /// Checks one consumer's overrides against the configuration.
    pub fn validate(&self, config: &SimConfig, field: &str) -> Result<()> {
        if let Some(cid) = &self.cid {
            if cid.trim().is_empty() {
                return Err(invalid(field, "a consumer's cid is empty"));
            }
        }
        if let Some(rate) = self.consume_rate {
            range(&format!("{field}.consumeRate"), rate, 0, 10_000_000)?;
        }
        if let Some(threads) = self.threads {
            range(&format!("{field}.threads"), u64::from(threads), 1, 1_024)?;
        }
        if let Some(tags) = &self.subscription {
            tag_mask(&config.topic.tags, tags).map_err(|m| invalid(&format!("{field}.subscription"), m))?;
        }
        Ok(())
    }
}

/// The bit mask of a subscription (`["*"]` or empty = every tag); unknown tags are refused.
pub(crate) fn tag_mask(tags: &[TagShare], subscription: &[String]) -> std::result::Result<u8, String> {
    let all = all_tags(tags.len());
    if subscription.is_empty() || subscription.iter().any(|s| s.trim() == "*") {
        return Ok(all);
    }
    let mut mask = 0u8;
    for name in subscription {
        let name = name.trim();
        let Some(i) = tags.iter().position(|t| t.name == name) else {
            let known: Vec<&str> = tags.iter().map(|t| t.name.as_str()).collect();
            return Err(format!("unknown tag {name:?} (the topic has {})", known.join(", ")));
        };
        mask |= 1 << i;
    }
    Ok(mask)
}

/// The mask with the first `n` tags set.
pub(crate) fn all_tags(n: usize) -> u8 {
    if n >= 8 {
        u8::MAX
    } else {
        (1u8 << n) - 1
    }
}

/// The subscription expression RocketMQ shows (`*` or `a || b`).
pub(crate) fn expression(tags: &[TagShare], mask: u8) -> String {
    if mask == all_tags(tags.len()) {
        return "*".to_owned();
    }
    let names: Vec<&str> =
        tags.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, t)| t.name.as_str()).collect();
    names.join(" || ")
}
