//! The simulated world at one instant, and one tick of it. Everything mutable lives here so
//! that a checkpoint is a plain clone; the script and the configuration are passed in.
//!
//! One tick, in order: scripted events and deploy actions due, production (MaxOffset) and
//! retention (MinOffset), the broker's expiry scan, every client in process order (timers:
//! route poll, rebalance, heartbeat, lock renewal, offset persistence; then pull and
//! consume, or POP receive and consume), the POP revive scan and the retry topic, and
//! finally the measurements.

use std::collections::VecDeque;
use std::sync::Arc;

use super::broker::{split_rate, BrokerState, Membership, QueueState, Route};
use super::client::{Client, ConsumerStatus};
use super::config::{ConsumeModel, PopConsumer, SimConfig};
use super::event::ScheduledEvent;
use super::ledger::{Delta, TagTable};
use super::log::{ChannelForm, LogEntry, LogKind};
use super::measure::Slot;
use super::metrics::OwnershipChange;
use super::pop::PopRange;
use crate::allocate::Strategy;
use crate::assignment::MessageModel;
use crate::MessageQueue;

/// Cumulative counters of the run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    pub produced: u64,
    pub processed: u64,
    pub unique: u64,
    pub duplicates: u64,
    pub lost: u64,
    pub dead_lettered: u64,
    pub filtered: u64,
    pub rebalances: u64,
    pub rebalance_runs: u64,
    pub retries: u64,
    /// Messages `cleanExpiredMsg` sent back after consumeTimeout.
    pub expired_sent_back: u64,
    /// Messages handed to a new ProcessQueue although the business had finished them.
    pub redelivered: u64,
    /// Pull requests that failed because their broker was stopped.
    pub failed_pulls: u64,
    /// Longest time from a broker's stop to the first pull that reached one of its queues
    /// after it was back.
    pub max_unpulled_ms: u64,
    /// Messages delivered again from `%RETRY%group` (each delivery with reconsumeTimes >= 1).
    pub retries_delivered: u64,
    /// The highest reconsumeTimes a delivered message had.
    pub max_reconsume_times: u32,
    /// When the last delivery from `%RETRY%group` happened (0: none yet).
    pub last_retry_at: u64,
}

/// A message range in `%RETRY%group`, due for its next attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Retry {
    pub q: usize,
    pub from: u64,
    pub to: u64,
    /// reconsumeTimes so far.
    pub attempts: u32,
    pub due: u64,
}

/// `SubscriptionGroupConfig.retryQueueNums`: 1. The broker creates `%RETRY%group` on the
/// broker of the message sent back with this many queues
/// (`AbstractSendMessageProcessor.consumerSendMsgBack`, `randomQueueId(retryQueueNums)`).
pub(crate) const RETRY_QUEUE_NUMS: i32 = 1;

/// `%RETRY%group`'s queues: [`RETRY_QUEUE_NUMS`] on every broker of the topic, sorted as
/// RebalanceImpl sorts mqAll. A CLUSTERING push consumer subscribes to this topic besides its
/// own (`DefaultMQPushConsumerImpl.copySubscription`), so the group rebalances these queues
/// like any other: with one queue per broker, one consumer per broker gets all its retries.
pub(crate) fn retry_queues(cfg: &SimConfig) -> Vec<MessageQueue> {
    let topic = format!("%RETRY%{}", cfg.group.name);
    let mut mqs: Vec<MessageQueue> = cfg
        .topic
        .brokers
        .iter()
        .flat_map(|b| (0..RETRY_QUEUE_NUMS).map(|id| MessageQueue::new(&topic, &b.name, id)))
        .collect();
    crate::message_queue::sort_queues(&mut mqs);
    mqs.dedup();
    mqs
}

/// A step of a rolling deploy, scheduled when the deploy event is applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Action {
    Join,
    Stop { process: usize, graceful: bool },
}

/// The whole mutable state.
#[derive(Debug, Clone)]
pub(crate) struct World {
    pub cfg: Arc<SimConfig>,
    pub now: u64,
    pub ticks: u64,
    pub rng: fastrand::Rng,
    pub tags: TagTable,
    pub strategy: Strategy,
    pub queues: Vec<QueueState>,
    /// The topic's brokers, in configuration order.
    pub brokers: Vec<BrokerState>,
    pub routes: Vec<Arc<Route>>,
    pub members: Membership,
    pub clients: Vec<Client>,
    pub counters: Counters,
    pub script_pos: usize,
    pub actions: Vec<(u64, Action)>,
    pub retries: Vec<Retry>,
    /// `%RETRY%group`'s queues in sorted order (see [`retry_queues`]).
    pub retry_mqs: Vec<MessageQueue>,
    pub revive: VecDeque<PopRange>,
    /// The proxy's next renewal scan (auto-renewing PushConsumer).
    pub next_renew_scan: u64,
    pub produce_rate: u64,
    pub hot_queues: Vec<u32>,
    pub hot_share: u32,
    pub default_rate: u64,
    pub next_ip: u32,
    pub sub_seq: u64,
    pub owners: Vec<Vec<u32>>,
    pub owners_dirty: bool,
    /// Log lines and ownership changes of the current tick (taken by the caller).
    pub log: Vec<LogEntry>,
    pub owner_changes: Vec<OwnershipChange>,
    pub(crate) last_processed: u64,
    pub(crate) last_produced: u64,
    pub(crate) scratch: Vec<Slot>,
    /// Reused by `consume` (queue index, messages wanted).
    pub want: Vec<(usize, u64)>,
    /// Pull requests one queue can complete per tick (tick / pull round trip).
    pub pulls_per_tick: u64,
    /// Flow-controlled pull attempts per tick (one every 50 ms).
    pub flow_control_attempts: u64,
    /// Queues with failing messages (the consume fast path needs none).
    pub failing_queues: usize,
    /// Queues with messages that will get stuck (the consume fast path needs none).
    pub stalls_armed: usize,
    /// The topic's readQueueNums and writeQueueNums per broker.
    pub read_queue_nums: u32,
    pub write_queue_nums: u32,
}

impl World {
    /// Time 0: queues created, the initial consumers registered and rebalanced.
    pub(crate) fn new(cfg: Arc<SimConfig>, seed: u64) -> World {
        let weights: Vec<u32> = cfg.topic.tags.iter().map(|t| t.weight).collect();
        let tags = TagTable::new(&weights);
        let mut strategy = cfg.group.strategy.clone();
        if let Strategy::MachineRoomNearby { rooms, .. } = &mut strategy {
            if rooms.brokers.is_empty() {
                for b in cfg.topic.brokers.iter().filter(|b| !b.room.is_empty()) {
                    rooms.brokers.insert(b.name.clone(), b.room.clone());
                }
            }
        }
        let t = &cfg.topic;
        let mut mqs: Vec<MessageQueue> = t
            .brokers
            .iter()
            .flat_map(|b| (0..t.queues_per_broker).map(move |q| MessageQueue::new(&t.name, &b.name, q as i32)))
            .collect();
        mqs.sort();
        let rates = split_rate(t.produce_rate, mqs.len(), &t.hot_queues, t.hot_share_percent);
        let queues: Vec<QueueState> = mqs
            .into_iter()
            .zip(rates)
            .map(|(mq, r)| {
                let mut queue = QueueState::new(mq, tags.len(), 0, t.backlog_per_queue, r);
                queue.stored = !cfg.group.new_group;
                queue
            })
            .collect();
        let routes = vec![Route::new(&queues)];
        let brokers = t
            .brokers
            .iter()
            .enumerate()
            .map(|(i, b)| BrokerState {
                name: b.name.clone(),
                addr: super::log::broker_addr(i),
                online: true,
                restarted: false,
                registered: Vec::new(),
            })
            .collect();
        let produced = t.backlog_per_queue.saturating_mul(queues.len() as u64);
        let mut w = World {
            now: 0,
            ticks: 0,
            rng: fastrand::Rng::with_seed(seed),
            members: Membership::new(tags.all()),
            tags,
            strategy,
            queues,
            brokers,
            routes,
            clients: Vec::new(),
            counters: Counters { produced, ..Counters::default() },
            script_pos: 0,
            actions: Vec::new(),
            retries: Vec::new(),
            retry_mqs: retry_queues(&cfg),
            revive: VecDeque::new(),
            next_renew_scan: 0,
            produce_rate: t.produce_rate,
            hot_queues: t.hot_queues.clone(),
            hot_share: t.hot_share_percent,
            default_rate: cfg.client.consume_rate,
            next_ip: 0,
            sub_seq: 0,
            owners: Vec::new(),
            owners_dirty: true,
            log: Vec::new(),
            owner_changes: Vec::new(),
            last_processed: 0,
            last_produced: produced,
            scratch: Vec::new(),
            want: Vec::new(),
            pulls_per_tick: (cfg.tick_ms / cfg.client.pull_rtt_ms.max(1)).max(1),
            flow_control_attempts: (cfg.tick_ms / 50).max(1),
            failing_queues: 0,
            stalls_armed: 0,
            read_queue_nums: t.queues_per_broker,
            write_queue_nums: t.queues_per_broker,
            cfg: Arc::clone(&cfg),
        };
        let started: Vec<usize> = cfg.consumers.iter().map(|spec| w.spawn(spec, true)).collect();
        for &c in &started {
            w.heartbeat(c, false);
        }
        for &c in &started {
            w.rebalance(c, "start");
        }
        w.last_produced = w.counters.produced;
        w
    }

    /// Logs a line from a client.
    pub(crate) fn log_client(&mut self, c: usize, kind: LogKind) {
        let source = self.clients.get(c).map_or_else(String::new, |cl| cl.cid.clone());
        self.log.push(LogEntry { at_ms: self.now, source, process: Some(c as u32), kind });
    }

    /// The broker's line for a member that registered, unregistered or whose channel closed
    /// (`change`), with its channel as `ClientChannelInfo` prints it (`last_seen`: its last
    /// heartbeat); when the group has no channel left, the group-removed line too.
    pub(crate) fn log_member(&mut self, c: usize, change: &str, notified: bool, last_seen: u64) {
        let cid = self.clients.get(c).map_or_else(String::new, |cl| cl.cid.clone());
        let members = self.members.channels.len() as u32;
        let group = self.cfg.group.name.clone();
        let simple = self.cfg.group.model == ConsumeModel::Pop && self.cfg.client.pop_consumer == PopConsumer::Simple;
        // ClientActivity.buildConsumeType: CONSUME_ACTIVELY for a SimpleConsumer, otherwise a
        // push consumer's CONSUME_PASSIVELY.
        let consume_type = if simple { "CONSUME_ACTIVELY" } else { "CONSUME_PASSIVELY" }.to_owned();
        let broadcasting = self.cfg.group.model == ConsumeModel::Broadcasting;
        let message_model = if broadcasting { MessageModel::BROADCASTING } else { MessageModel::CLUSTERING }.to_owned();
        // Both POP consumers are gRPC clients, registered by the proxy.
        let form = if self.cfg.group.model == ConsumeModel::Pop { ChannelForm::Grpc } else { ChannelForm::Remoting };
        let channel = super::log::client_channel_info(c, &cid, change != "channel closed", last_seen, form);
        let change = change.to_owned();
        let removed = members == 0 && change != "registered";
        self.log_broker(LogKind::MemberChanged {
            cid,
            change,
            members,
            notified,
            group: group.clone(),
            consume_type,
            message_model,
            channel,
        });
        if removed {
            self.log_broker(LogKind::GroupRemoved { group, scan: false });
        }
    }

    /// The rocketmq-clients `ClientType` of the gRPC client a POP run models (both POP clients
    /// are gRPC clients); none for the Remoting consumer of the other models.
    pub(crate) fn grpc_client_type(&self) -> Option<String> {
        (self.cfg.group.model == ConsumeModel::Pop).then(|| {
            match self.cfg.client.pop_consumer {
                PopConsumer::Simple => "SIMPLE_CONSUMER",
                PopConsumer::Push => "PUSH_CONSUMER",
            }
            .to_owned()
        })
    }

    /// Logs a note about the script (an event applied or skipped).
    pub(crate) fn log_script(&mut self, kind: LogKind) {
        self.log.push(LogEntry { at_ms: self.now, source: "script".to_owned(), process: None, kind });
    }

    /// Logs a line from the broker.
    pub(crate) fn log_broker(&mut self, kind: LogKind) {
        self.log.push(LogEntry { at_ms: self.now, source: "broker".to_owned(), process: None, kind });
    }

    pub(crate) fn add_delta(&mut self, d: Delta) {
        let k = &mut self.counters;
        k.processed += d.processed;
        k.unique += d.unique;
        k.duplicates += d.duplicates;
        k.lost += d.lost;
        k.dead_lettered += d.dead_lettered;
        k.filtered += d.filtered;
    }

    /// Whether the broker notifies this group of member changes: notifyConsumerIdsChangedEnable,
    /// and never a BROADCASTING group (ConsumerManager: `!isBroadcastMode(messageModel)`).
    pub(crate) fn notifies(&self) -> bool {
        self.cfg.broker.notify_consumer_ids_changed && self.cfg.group.model != ConsumeModel::Broadcasting
    }

    /// NOTIFY_CONSUMER_IDS_CHANGED to every registered live client; each wakes up after
    /// its own delay.
    pub(crate) fn notify_all(&mut self) {
        if !self.notifies() {
            return;
        }
        let max = self.cfg.client.notify_delay_max_ms;
        for c in 0..self.clients.len() {
            let listed = self.clients.get(c).is_some_and(|cl| cl.status.is_alive()) && self.members.contains(c);
            if !listed {
                continue;
            }
            let at = self.now + self.rng.u64(0..=max);
            if let Some(cl) = self.clients.get_mut(c) {
                cl.notify_at = Some(cl.notify_at.map_or(at, |x| x.min(at)));
            }
        }
    }

    /// A heartbeat reaches the broker (`notify`: tell the group about a change).
    pub(crate) fn heartbeat(&mut self, c: usize, notify: bool) {
        let Some(cl) = self.clients.get(c) else { return };
        let (cid, mask, version) = (cl.cid.clone(), cl.mask, (cl.sub_version, cl.sub_version_ms));
        let out = self.members.heartbeat(c, &cid, self.now, mask, version);
        if out.registered {
            let notified = notify && self.notifies();
            self.log_member(c, "registered", notified, self.now);
        }
        let topic = self.cfg.topic.name.clone();
        let data = |w: &World, mask: u8, version_ms: u64| {
            super::log::subscription_data(&topic, &w.expression(mask), version_ms)
        };
        let group = self.cfg.group.name.clone();
        if let Some((mask, version_ms)) = out.subscription_added {
            let sub = data(self, mask, version_ms);
            self.log_broker(LogKind::SubscriptionAdded { group: group.clone(), sub });
        }
        // Logged for push consumers only (`consumeType == CONSUME_PASSIVELY`).
        let simple = self.cfg.group.model == ConsumeModel::Pop && self.cfg.client.pop_consumer == PopConsumer::Simple;
        if let Some((old_mask, old_ms, new_mask, new_ms)) = out.subscription_changed.filter(|_| !simple) {
            let (old, new) = (data(self, old_mask, old_ms), data(self, new_mask, new_ms));
            self.log_broker(LogKind::SubscriptionChanged { group, old, new });
        }
        // ConsumerManager.registerConsumer notifies when the channel is new (updateChannel) or
        // a topic was added or removed (updateSubscription's result); a newer subscription of
        // the same topic replaces the old one without a notification.
        if notify && out.registered {
            self.notify_all();
        }
        if notify {
            self.register_with_restarted(c);
        }
    }

    /// A heartbeat reaches every running broker whose address the client has. A restarted
    /// broker's ConsumerManager starts empty: the member's channel is new there, so
    /// `ConsumerManager.registerConsumer` notifies every member registered with it so far
    /// (NOTIFY_CONSUMER_IDS_CHANGED), and they rebalance. The group's member list stays the
    /// one every broker agrees on once all have registered again (a rebalance that asks the
    /// restarted broker for cidAll before that would see part of the group; not modelled).
    fn register_with_restarted(&mut self, c: usize) {
        let Some(cl) = self.clients.get(c) else { return };
        if !cl.status.is_alive() {
            return;
        }
        let known = cl.broker_addrs.clone();
        let max = self.cfg.client.notify_delay_max_ms;
        for (b, known) in known.into_iter().enumerate() {
            let Some(broker) = self.brokers.get_mut(b) else { continue };
            if !known || !broker.online || !broker.restarted || broker.registered.contains(&c) {
                continue;
            }
            broker.registered.push(c);
            let listeners = broker.registered.clone();
            if !self.notifies() {
                continue;
            }
            for p in listeners {
                let listed = self.clients.get(p).is_some_and(|cl| cl.status.is_alive()) && self.members.contains(p);
                if !listed {
                    continue;
                }
                let at = self.now + self.rng.u64(0..=max);
                if let Some(cl) = self.clients.get_mut(p) {
                    cl.notify_at = Some(cl.notify_at.map_or(at, |x| x.min(at)));
                    cl.notify_broker = b;
                }
            }
        }
    }

    pub(crate) fn expression(&self, mask: u8) -> String {
        super::config::expression(&self.cfg.topic.tags, mask)
    }

    /// One tick.
    pub(crate) fn tick(&mut self, script: &[ScheduledEvent]) {
        self.log.clear();
        self.owner_changes.clear();
        while let Some(e) = script.get(self.script_pos).filter(|e| e.at_ms <= self.now) {
            self.script_pos += 1;
            self.apply_event(&e.event);
        }
        while self.actions.first().is_some_and(|(at, _)| *at <= self.now) {
            let (_, action) = self.actions.remove(0);
            self.apply_action(action);
        }
        let end = self.now + self.cfg.tick_ms;
        let retention = self.cfg.topic.retention_ms;
        for q in self.queues.iter_mut() {
            let max = q.max_at(end);
            self.counters.produced += max.saturating_sub(q.max);
            q.max = max.max(q.max);
            if end > retention {
                q.min = q.max_at(end - retention).clamp(q.min, q.max);
            }
        }
        if self.now >= self.members.next_scan {
            self.members.next_scan = self.now + self.cfg.broker.scan_interval_ms;
            // ConsumerManager.scanNotActiveChannel removes an expired channel and fires only
            // CLIENT_UNREGISTER, which DefaultConsumerIdsChangeListener does not turn into
            // NOTIFY_CONSUMER_IDS_CHANGED: the others learn it at their next periodic rebalance.
            let gone = self.members.expire(self.now, self.cfg.broker.channel_expiry_ms);
            let all_clear = !gone.is_empty() && self.members.channels.is_empty();
            for ch in gone {
                let group = self.cfg.group.name.clone();
                let remote_addr = super::log::remote_addr(ch.process, &ch.cid);
                self.log_broker(LogKind::ChannelExpired { cid: ch.cid, group, remote_addr });
            }
            if all_clear {
                let group = self.cfg.group.name.clone();
                self.log_broker(LogKind::GroupRemoved { group, scan: true });
            }
        }
        for c in 0..self.clients.len() {
            self.client_tick(c);
        }
        match self.cfg.group.model {
            ConsumeModel::Pop => {
                self.pop_phase();
                self.pop_renew();
                self.pop_revive();
            }
            _ => self.run_retries(),
        }
        self.now = end;
        self.ticks += 1;
    }

    fn client_tick(&mut self, c: usize) {
        let now = self.now;
        let cc = &self.cfg.client;
        let (route_poll, rebalance, heartbeat, lock_renew, persist) = (
            cc.route_poll_interval_ms,
            cc.rebalance_interval_ms,
            cc.heartbeat_interval_ms,
            cc.lock_renew_interval_ms,
            cc.persist_interval_ms,
        );
        let (pop, orderly) = (self.cfg.group.model == ConsumeModel::Pop, self.cfg.group.orderly);
        let Some(cl) = self.clients.get_mut(c) else { return };
        cl.processed_tick = 0;
        match cl.status {
            ConsumerStatus::Running => {}
            ConsumerStatus::Paused if cl.paused_until <= now => {
                cl.status = ConsumerStatus::Running;
                self.log_client(c, LogKind::Resumed);
            }
            _ => return,
        }
        let Some(cl) = self.clients.get_mut(c) else { return };
        if cl.next_route_poll <= now {
            cl.next_route_poll = now + route_poll;
            let latest = self.routes.len() - 1;
            if cl.route_index != latest {
                if let Some(route) = self.routes.get(latest) {
                    cl.route = Arc::clone(route);
                    cl.route_index = latest;
                    // updateTopicRouteInfoFromNameServer puts the addresses of the route's
                    // brokers into brokerAddrTable.
                    for (known, b) in cl.broker_addrs.iter_mut().zip(&self.brokers) {
                        *known |= route.has_broker(&b.name);
                    }
                    let queues = route.ids.len() as u32;
                    self.log_client(c, LogKind::RouteChanged { queues });
                }
            }
        }
        let Some(cl) = self.clients.get_mut(c) else { return };
        let notified = cl.notify_at.is_some_and(|t| t <= now);
        if !pop && (notified || cl.next_rebalance <= now) {
            cl.notify_at = None;
            cl.next_rebalance = now + rebalance;
            if notified {
                let from = std::mem::take(&mut cl.notify_broker);
                let broker_addr =
                    self.brokers.get(from).map_or_else(|| super::log::BROKER_ADDR.to_owned(), |b| b.addr.clone());
                let group = self.cfg.group.name.clone();
                self.log_client(c, LogKind::NotifyReceived { broker_addr, group });
            }
            self.rebalance(c, if notified { "notified" } else { "periodic" });
        }
        let Some(cl) = self.clients.get_mut(c) else { return };
        cl.notify_at = cl.notify_at.filter(|_| !pop);
        if cl.next_heartbeat <= now {
            cl.next_heartbeat = now + heartbeat;
            // The heartbeat task runs cleanOfflineBroker first: the addresses of brokers no
            // topic route lists any more are removed.
            for (known, b) in cl.broker_addrs.iter_mut().zip(&self.brokers) {
                *known &= cl.route.has_broker(&b.name);
            }
            self.heartbeat(c, true);
        }
        let Some(cl) = self.clients.get_mut(c) else { return };
        if orderly && cl.next_lock <= now {
            cl.next_lock = now + lock_renew;
            self.lock_all(c);
        }
        let Some(cl) = self.clients.get_mut(c) else { return };
        if !pop && cl.next_persist <= now {
            cl.next_persist = now + persist;
            self.persist(c);
        }
        if !pop {
            self.stuck_tick(c);
            self.pull(c);
            self.consume(c);
        }
    }

    /// Splits the current total production over the writable queues again (queues at or
    /// beyond writeQueueNums get nothing: `topicRouteData2TopicPublishInfo` gives producers
    /// queues `0 .. writeQueueNums` of each broker the name server lists, so a stopped
    /// broker's queues get nothing either).
    pub(crate) fn respread_rates(&mut self) {
        let writable: Vec<usize> =
            self.queues.iter().enumerate().filter(|(_, x)| x.writable && x.online).map(|(q, _)| q).collect();
        let hot: Vec<u32> = writable
            .iter()
            .enumerate()
            .filter(|(_, &q)| self.hot_queues.iter().any(|&h| h as usize == q))
            .map(|(i, _)| i as u32)
            .collect();
        let rates = split_rate(self.produce_rate, writable.len(), &hot, self.hot_share);
        let now = self.now;
        let mut rate = vec![0; self.queues.len()];
        for (&q, r) in writable.iter().zip(rates) {
            if let Some(slot) = rate.get_mut(q) {
                *slot = r;
            }
        }
        for (q, r) in self.queues.iter_mut().zip(rate) {
            q.set_rate(now, r);
        }
    }
}
