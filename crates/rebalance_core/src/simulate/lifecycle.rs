//! Consumer lifecycles (start, graceful stop, kill, pause) and the scripted events, plus
//! the `%RETRY%group` topic of concurrent consumption.

use std::sync::Arc;

use super::broker::{Failing, QueueState, Route, Stall};
use super::client::{Client, ConsumerStatus};
use super::config::{expression, tag_mask, CommitMode, ConsumeModel, ConsumerSpec, PopConsumer, MAX_CONSUMERS};
use super::event::Event;
use super::ledger::GiveUp;
use super::log::LogKind;
use super::world::{Action, Retry, World};
use crate::allocate::Strategy;
use crate::retry::SentBack;
use crate::MessageQueue;

impl World {
    /// The next automatic cid: `192.168.x.y@pid`.
    fn next_cid(&mut self) -> String {
        self.next_ip += 1;
        let n = self.next_ip;
        let pid = 1_000 + (u64::from(n) * 7_919) % 60_000;
        if n < 255 {
            format!("192.168.0.{n}@{pid}")
        } else {
            format!("192.168.{}.{}@{pid}", n / 254, n % 254 + 1)
        }
    }

    /// Creates a process (not yet registered). `initial`: it has been running for a while,
    /// so its periodic timers have random phases.
    pub(crate) fn spawn(&mut self, spec: &ConsumerSpec, initial: bool) -> usize {
        let cid = match &spec.cid {
            Some(cid) => cid.trim().to_owned(),
            None => self.next_cid(),
        };
        let cc = &self.cfg.client;
        let mut phase = |interval: u64| {
            if initial {
                self.rng.u64(1..=interval.max(1))
            } else {
                interval
            }
        };
        let (rb, hb, ps, rp, lk) = (
            phase(cc.rebalance_interval_ms),
            phase(cc.heartbeat_interval_ms),
            phase(cc.persist_interval_ms),
            phase(cc.route_poll_interval_ms),
            phase(cc.lock_renew_interval_ms),
        );
        let mask = spec
            .subscription
            .as_ref()
            .map_or(self.tags.all(), |s| tag_mask(&self.cfg.topic.tags, s).unwrap_or(self.tags.all()));
        self.sub_seq += 1;
        let process = self.clients.len();
        if let (Some(room), Strategy::MachineRoomNearby { rooms, .. }) = (&spec.room, &mut self.strategy) {
            rooms.consumers.insert(cid.clone(), room.clone());
        }
        let route_index = self.routes.len() - 1;
        let route = self.routes.last().map(Arc::clone).unwrap_or_else(|| Route::new(&self.queues));
        let now = self.now;
        self.clients.push(Client {
            process,
            cid,
            status: ConsumerStatus::Running,
            paused_until: 0,
            started_at: now,
            rate: spec.consume_rate.unwrap_or(self.default_rate),
            warm_until: if initial { 0 } else { now + self.cfg.client.warmup_ms },
            threads: spec.threads.unwrap_or(self.cfg.client.consume_threads).max(1),
            room: spec.room.clone(),
            mask,
            sub_version: self.sub_seq,
            sub_version_ms: super::log::sub_version_ms(now, self.sub_seq),
            acc: 0,
            next_heartbeat: now + hb,
            next_rebalance: now + rb,
            next_persist: now + ps,
            next_route_poll: now + rp,
            next_lock: now + lk,
            // `scheduleAtFixedRate(cleanExpireMsg, consumeTimeout, consumeTimeout, MINUTES)` in
            // ConsumeMessageConcurrentlyService.start. The consumers running at time 0 are taken
            // to start then for this timer (no random phase: the other timers' draws stay as
            // they are).
            next_clean_expire: now + self.cfg.client.consume_timeout_minutes.saturating_mul(60_000),
            span_flow_control_times: 0,
            notify_at: None,
            notify_broker: 0,
            broker_addrs: self.brokers.iter().map(|b| route.has_broker(&b.name)).collect(),
            route_index,
            route,
            view: Vec::new(),
            cache: None,
            pqs: Vec::new(),
            deliveries: Vec::new(),
            pop_rr: process,
            processed: 0,
            processed_tick: 0,
            gained: 0,
            lost_queues: 0,
            rebalances: 0,
            retry_queues: Vec::new(),
            retry_version: None,
            retries_delivered: 0,
        });
        let subscription = expression(&self.cfg.topic.tags, mask);
        let group = self.cfg.group.name.clone();
        let client_type = self.grpc_client_type();
        self.log_client(process, LogKind::Started { group, subscription, client_type });
        process
    }

    /// A process starts now: heartbeat (the broker notifies the group), then rebalance.
    fn start(&mut self, spec: &ConsumerSpec) {
        if self.clients.len() >= MAX_CONSUMERS {
            let reason = format!("at most {MAX_CONSUMERS} consumer processes per run");
            self.log_script(LogKind::EventSkipped { reason });
            return;
        }
        let c = self.spawn(spec, false);
        self.heartbeat(c, true);
        self.rebalance(c, "start");
    }

    /// The most recently started live process named `target` (full cid or the part before `@`).
    pub(crate) fn find(&self, target: &str) -> Option<usize> {
        let target = target.trim();
        self.clients.iter().rposition(|cl| {
            cl.status.is_alive() && (cl.cid == target || cl.cid.split_once('@').is_some_and(|(ip, _)| ip == target))
        })
    }

    /// Graceful shutdown, as `DefaultMQPushConsumerImpl.shutdown(awaitTerminateMillis)` runs it:
    /// `consumeMessageService.shutdown(awaitTerminateMillis)`, then `persistConsumerOffset()`,
    /// then `unregisterConsumer` (the broker notifies the group), locks released.
    ///
    /// `DefaultMQPushConsumer.awaitTerminationMillisWhenShutdown` defaults to 0:
    /// `ThreadUtils.shutdownGracefully(consumeExecutor, 0, ms)` does not wait, calls
    /// `shutdownNow()` (queued consume requests are dropped, running ones interrupted) and the
    /// offsets are persisted at once, below the messages still in the consume threads. A
    /// listener that ignores the interrupt (most business code) still finishes them, and the
    /// next owner gets them again: duplicates. The cached messages were never started; the next
    /// owner consumes them once. A wait of at least one message's processing time
    /// (`threads / rate`) lets the in-flight ones finish and be committed, and what is left of it
    /// finishes cached ones at the consumer's rate (the unregister is not delayed by the wait
    /// here: the group's rebalance starts at the stop).
    ///
    /// In flight: when the ProcessQueue holds unfinished messages the threads run the first of
    /// them (their share of the threads, one in orderly mode); when the consumer keeps up, the
    /// messages counted done in the last tick were still running at its end, by Little's law
    /// `throughput × processing time` of them.
    fn stop(&mut self, c: usize) {
        let n = self.clients.get(c).map_or(0, |cl| cl.pqs.len());
        let (threads, model) = (self.clients.get(c).map_or(1, |cl| cl.threads), self.cfg.group.model);
        if model == ConsumeModel::Pop {
            self.pop_consume(c, Some(u64::from(threads)));
        }
        let mask = self.effective_mask(c);
        let cid = self.clients.get(c).map(|cl| cl.cid.clone()).unwrap_or_default();
        let (now, warmup, tick) = (self.now, self.cfg.client.warmup_ms, self.cfg.tick_ms.max(1));
        let rate = self.clients.get(c).map_or(0, |cl| cl.current_rate(now, warmup));
        let last_tick = self.clients.get(c).map_or(0, |cl| cl.processed_tick);
        let threads = u64::from(threads.max(1));
        let wait = self.cfg.client.await_termination_millis_when_shutdown;
        let processing_ms = (threads * 1_000).checked_div(rate).unwrap_or(u64::MAX);
        let waits = wait > 0 && wait >= processing_ms;
        let extra = if waits { rate.saturating_mul(wait.saturating_sub(processing_ms)) / 1_000 } else { 0 };
        let extra_per_queue = extra.div_ceil(n.max(1) as u64);
        let per_queue_threads = if self.cfg.group.orderly { 1 } else { threads.div_ceil(n.max(1) as u64) };
        let busy = threads.min(
            last_tick.saturating_mul(1_000).saturating_mul(threads).checked_div(tick.saturating_mul(rate)).unwrap_or(0),
        );
        let busy_per_queue = per_queue_threads.min(busy.div_ceil(n.max(1) as u64));
        for i in 0..n {
            let Some(mut pq) = self.clients.get(c).and_then(|cl| cl.pqs.get(i)).cloned() else { continue };
            let cached = self.cached(c, &pq);
            let from = pq.done_to;
            let committed_before = self.queues.get(pq.q).map_or(0, |x| x.committed);
            let mut offset = from;
            if cached > 0 {
                let in_flight = cached.min(per_queue_threads);
                let finish = if waits { cached.min(in_flight + extra_per_queue) } else { in_flight };
                let end = self.tags.advance(pq.q, mask, from, finish, pq.pulled_to);
                self.account(c, &mut pq, mask, from, end);
                pq.done_to = end;
                if waits {
                    offset = end;
                }
            } else if !waits && committed_before < from {
                // The last finished messages were still running: the offset stays below them.
                let since = self.tags.count(pq.q, mask, committed_before, from);
                let keep = since - busy_per_queue.min(since);
                offset = self.tags.advance(pq.q, mask, committed_before, keep, from);
            }
            if self.cfg.group.commit == CommitMode::BeforeProcessing {
                offset = pq.pulled_to;
            } else if let Some(pinned) = pq.pinned() {
                // persistConsumerOffset writes the in-memory offset, which a stuck message holds.
                offset = offset.min(pinned);
            }
            // persistConsumerOffset: a stopped broker's queues keep the offset it stored.
            let write = model == ConsumeModel::Clustering && !self.offset_write_failed(c, pq.q);
            if let Some(queue) = self.queues.get_mut(pq.q) {
                if write {
                    queue.committed = offset;
                }
                if queue.lock.as_ref().is_some_and(|l| l.cid == cid) {
                    queue.lock = None;
                }
            }
        }
        if let Some(cl) = self.clients.get_mut(c) {
            cl.pqs.clear();
            cl.status = ConsumerStatus::Stopped;
        }
        self.owners_dirty = true;
        let group = self.cfg.group.name.clone();
        let client_type = self.grpc_client_type();
        self.log_client(c, LogKind::Shutdown { group, client_type });
        let last_seen = self.members.last_seen(c);
        if let Some(last_seen) = last_seen.filter(|_| self.members.remove(c)) {
            let notified = self.notifies();
            self.log_member(c, "unregistered", notified, last_seen);
            self.notify_all();
        }
    }

    /// kill -9: nothing persisted; the broker learns it now (connection closed) or after the
    /// channel expires.
    ///
    /// A gRPC PushConsumer's closed connection tells the proxy nothing: its channel is removed
    /// only by `notifyClientTermination` (`ClientActivity`, at shutdown) or when
    /// `scanNotActiveChannel` expires it, so a killed one stays registered until then.
    fn crash(&mut self, c: usize, channel_closed: bool) {
        let grpc = self.cfg.group.model == ConsumeModel::Pop && self.cfg.client.pop_consumer == PopConsumer::Push;
        let channel_closed = channel_closed && !grpc;
        if self.cfg.group.model == ConsumeModel::Pop {
            self.pop_crash(c);
        }
        let Some(cl) = self.clients.get_mut(c) else { return };
        cl.pqs.clear();
        cl.status = ConsumerStatus::Crashed;
        self.owners_dirty = true;
        self.log_client(c, LogKind::Killed);
        let last_seen = self.members.last_seen(c);
        if let Some(last_seen) = last_seen.filter(|_| channel_closed && self.members.remove(c)) {
            let notified = self.notifies();
            self.log_member(c, "channel closed", notified, last_seen);
            self.notify_all();
        }
    }

    /// `mqadmin resetOffsetByTime` on a group with no consumer online. A 5.x broker
    /// (`useServerSideResetOffset`, default true) assigns the offsets itself
    /// (`AdminBrokerProcessor.resetOffsetInner`); an older one answers CONSUMER_NOT_ONLINE
    /// (`Broker2Client.resetOffset`) and mqadmin falls back to `resetOffsetByTimestampOld`,
    /// which writes them with updateConsumerOffset (`ResetOffsetByTimeCommand`, force true).
    /// Either way every queue's stored offset is the first one stored at or after the time.
    /// A group that never ran is refused: `Broker2Client.resetOffset` answers "consumer group
    /// not exist" for a queue without an offset (no fallback), and `resetOffsetInner` refuses
    /// a group without a subscription group config (SUBSCRIPTION_GROUP_NOT_EXIST). With
    /// consumers online the broker tells the clients to reset (RESET_CONSUMER_CLIENT_OFFSET),
    /// which is not modelled.
    fn reset_offline(&mut self, timestamp_ms: u64) {
        if self.cfg.group.model != ConsumeModel::Clustering {
            return self.skipped("resetOffsetByTime is modelled for a CLUSTERING group only".to_owned());
        }
        if self.queues.iter().all(|x| !x.stored) {
            return self
                .skipped("resetOffsetByTime: the group has never run (the broker has no offset of it)".to_owned());
        }
        if self.clients.iter().any(|cl| cl.status.is_alive()) {
            return self.skipped(
                "resetOffsetByTime is modelled for a group with no consumer online (stop them first)".to_owned(),
            );
        }
        for queue in &mut self.queues {
            queue.committed = queue.offset_at_time(timestamp_ms);
            queue.stored = true;
        }
    }

    fn skipped(&mut self, reason: String) {
        self.log_script(LogKind::EventSkipped { reason });
    }

    fn target(&mut self, cid: &str, event: &Event) -> Option<usize> {
        let found = self.find(cid);
        if found.is_none() {
            self.skipped(format!("{}: no running consumer {cid:?}", event.kind()));
        }
        found
    }

    /// Applies one scripted event now.
    pub(crate) fn apply_event(&mut self, event: &Event) {
        self.log_script(LogKind::Event { text: event.describe() });
        match event {
            Event::Join { consumer } => self.start(consumer),
            Event::Stop { cid } => {
                if let Some(c) = self.target(cid, event) {
                    self.stop(c);
                }
            }
            Event::Crash { cid, channel_closed } => {
                if let Some(c) = self.target(cid, event) {
                    self.crash(c, *channel_closed);
                }
            }
            Event::Pause { cid, duration_ms } => {
                if let Some(c) = self.target(cid, event) {
                    let until = self.now + duration_ms;
                    if let Some(cl) = self.clients.get_mut(c) {
                        cl.status = ConsumerStatus::Paused;
                        cl.paused_until = cl.paused_until.max(until);
                    }
                    self.log_client(c, LogKind::Paused { duration_ms: *duration_ms });
                }
            }
            Event::QueueCount { queues_per_broker, read_queue_nums, write_queue_nums } => {
                let read = read_queue_nums.or(*queues_per_broker).unwrap_or(self.read_queue_nums);
                let write = write_queue_nums.or(*queues_per_broker).unwrap_or(self.write_queue_nums);
                self.set_queue_nums(read, write);
            }
            Event::BrokerStop { broker } => self.set_broker_online(broker, false),
            Event::BrokerStart { broker } => self.set_broker_online(broker, true),
            Event::Subscription { cid, tags } => {
                let Some(c) = self.target(cid, event) else { return };
                let Ok(mask) = tag_mask(&self.cfg.topic.tags, tags) else {
                    return self.skipped(format!("subscription: unknown tags {tags:?}"));
                };
                self.sub_seq += 1;
                let seq = self.sub_seq;
                let version_ms = super::log::sub_version_ms(self.now, seq);
                if let Some(cl) = self.clients.get_mut(c) {
                    cl.mask = mask;
                    cl.sub_version = seq;
                    cl.sub_version_ms = version_ms;
                }
                self.heartbeat(c, true);
            }
            Event::CidClash { cid } => {
                let Some(c) = self.target(cid, event) else { return };
                let Some(cl) = self.clients.get(c) else { return };
                let spec = ConsumerSpec {
                    cid: Some(cl.cid.clone()),
                    consume_rate: Some(cl.rate),
                    threads: Some(cl.threads),
                    room: cl.room.clone(),
                    subscription: None,
                };
                self.start(&spec);
            }
            Event::ProduceRate { rate, hot_queues, hot_share_percent } => {
                self.produce_rate = *rate;
                if let Some(h) = hot_queues {
                    self.hot_queues = h.clone();
                }
                if let Some(p) = hot_share_percent {
                    self.hot_share = (*p).min(100);
                }
                self.respread_rates();
            }
            Event::ConsumeRate { cid: None, rate } => {
                self.default_rate = *rate;
                for cl in self.clients.iter_mut() {
                    cl.rate = *rate;
                }
            }
            Event::ConsumeRate { cid: Some(cid), rate } => {
                if let Some(c) = self.target(cid, event) {
                    if let Some(cl) = self.clients.get_mut(c) {
                        cl.rate = *rate;
                    }
                }
            }
            Event::RollingDeploy { replace, start, start_spacing_ms, stop_after_ms, stop_spacing_ms, graceful } => {
                let now = self.now;
                for i in 0..u64::from(*start) {
                    self.schedule(now + i * start_spacing_ms, Action::Join);
                }
                let old: Vec<usize> = (0..self.clients.len())
                    .filter(|&c| self.clients.get(c).is_some_and(|cl| cl.status.is_alive()))
                    .take(*replace as usize)
                    .collect();
                for (j, process) in old.into_iter().enumerate() {
                    let at = now + stop_after_ms + j as u64 * stop_spacing_ms;
                    self.schedule(at, Action::Stop { process, graceful: *graceful });
                }
            }
            Event::FailMessages { queue, count, duration_ms } => {
                if self.cfg.group.model != ConsumeModel::Clustering {
                    return self.skipped("failMessages is modelled for CLUSTERING consumption only".to_owned());
                }
                let now = self.now;
                let Some(x) = self.queues.get_mut(*queue as usize) else {
                    return self.skipped(format!("failMessages: queue {queue} does not exist"));
                };
                let from = x.ledger.first_pending().max(x.min);
                x.failing = Some(Failing { from, to: from + u64::from(*count), until: duration_ms.map(|d| now + d) });
                self.failing_queues = self.queues.iter().filter(|x| x.failing.is_some()).count();
            }
            Event::ResetOffsetByTime { timestamp_ms } => self.reset_offline(*timestamp_ms),
            Event::StuckMessage { queue, count, duration_ms } => {
                if self.cfg.group.model != ConsumeModel::Clustering || self.cfg.group.orderly {
                    return self
                        .skipped("stuckMessage is modelled for concurrent CLUSTERING consumption only".to_owned());
                }
                let Some(x) = self.queues.get_mut(*queue as usize) else {
                    return self.skipped(format!("stuckMessage: queue {queue} does not exist"));
                };
                x.stall = Some(Stall { left: *count, duration_ms: *duration_ms });
                self.stalls_armed = self.queues.iter().filter(|x| x.stall.is_some()).count();
            }
        }
    }

    fn schedule(&mut self, at: u64, action: Action) {
        let i = self.actions.partition_point(|(t, _)| *t <= at);
        self.actions.insert(i, (at, action));
    }

    pub(crate) fn apply_action(&mut self, action: Action) {
        match action {
            Action::Join => self.start(&ConsumerSpec::default()),
            Action::Stop { process, graceful } => {
                if self.clients.get(process).is_some_and(|cl| cl.status.is_alive()) {
                    if graceful {
                        self.stop(process);
                    } else {
                        self.crash(process, true);
                    }
                }
            }
        }
    }

    /// updateTopic with new read and write queue counts per broker. Queues beyond every count
    /// so far are created (with no backlog); lowering a count keeps the queues and their
    /// messages: `TopicConfig` only changes the numbers. Producers use the new write set at
    /// once, consumers the new read set after their next route poll.
    fn set_queue_nums(&mut self, read: u32, write: u32) {
        let brokers = self.cfg.topic.brokers.len().max(1);
        let current = (self.queues.len() / brokers) as u32;
        let wanted = read.max(write);
        if wanted > current {
            let mut new: Vec<MessageQueue> = Vec::new();
            for b in &self.cfg.topic.brokers {
                for id in current..wanted {
                    new.push(MessageQueue::new(&self.cfg.topic.name, &b.name, id as i32));
                }
            }
            new.sort();
            let tags = self.tags.len();
            for mq in new {
                let mut queue = QueueState::new(mq, tags, self.now, 0, 0);
                queue.online = self.brokers.iter().any(|b| b.online && b.name == queue.mq.broker_name);
                self.queues.push(queue);
            }
        }
        self.read_queue_nums = read;
        self.write_queue_nums = write;
        for q in self.queues.iter_mut() {
            let id = u32::try_from(q.mq.queue_id).unwrap_or(u32::MAX);
            q.readable = id < read;
            q.writable = id < write;
        }
        self.respread_rates();
        self.routes.push(Route::new(&self.queues));
    }

    /// A broker stops or is back. Stopped: its queues leave the route (the name server drops
    /// its QueueData when the broker unregisters or its channel closes) and producers send to
    /// the others; its queues, their messages and the committed offsets it stored stay as
    /// they were. Back: its queues return to the route with those offsets, and its
    /// ConsumerManager starts empty.
    fn set_broker_online(&mut self, name: &str, online: bool) {
        let name = name.trim();
        let Some(broker) = self.brokers.iter_mut().find(|b| b.name == name) else {
            return self.skipped(format!("no broker {name:?} in the topic"));
        };
        if broker.online == online {
            let state = if online { "running" } else { "stopped" };
            return self.skipped(format!("broker {name} is already {state}"));
        }
        broker.online = online;
        broker.registered.clear();
        broker.restarted |= online;
        let now = self.now;
        for q in self.queues.iter_mut().filter(|q| q.mq.broker_name == name) {
            q.online = online;
            if !online {
                q.unpulled_since = q.unpulled_since.or(Some(now));
            }
        }
        self.respread_rates();
        self.routes.push(Route::new(&self.queues));
    }

    /// `%RETRY%group`: a message whose time has come is delivered (with its reconsumeTimes) to
    /// the running consumer that holds the retry queue of its broker (the group rebalances
    /// these queues like any other, [`super::world::retry_queues`]); with no such consumer it
    /// waits. A delivery that fails again is sent back ([`World::send_back`]); one that
    /// succeeds is processed.
    pub(crate) fn run_retries(&mut self) {
        if self.retries.is_empty() {
            return;
        }
        let now = self.now;
        let all = self.tags.all();
        let owners: Vec<Option<usize>> = (0..self.retry_mqs.len())
            .map(|i| {
                self.clients.iter().position(|cl| cl.status == ConsumerStatus::Running && cl.retry_queues.contains(&i))
            })
            .collect();
        let due: Vec<Retry> = self.retries.iter().copied().filter(|r| r.due <= now).collect();
        if due.is_empty() {
            return;
        }
        let mut waiting = Vec::with_capacity(self.retries.len());
        for r in std::mem::take(&mut self.retries) {
            let owner = self.retry_queue_of(r.q).and_then(|i| owners.get(i).copied().flatten());
            let Some(c) = owner.filter(|_| r.due <= now) else {
                waiting.push(r);
                continue;
            };
            // Delivered again: reconsumeTimes is one more than when it was sent back.
            let times = r.attempts + 1;
            let n = r.to - r.from;
            self.counters.retries_delivered += n;
            self.counters.max_reconsume_times = self.counters.max_reconsume_times.max(times);
            self.counters.last_retry_at = now;
            if let Some(cl) = self.clients.get_mut(c) {
                cl.retries_delivered += n;
            }
            let failing = self.queues.get(r.q).and_then(|x| x.failing).is_some_and(|f| f.active(now));
            if failing {
                let before = self.retries.len();
                self.send_back(c, Retry { attempts: times, due: now, ..r });
                waiting.extend(self.retries.drain(before..));
            } else if let Some(queue) = self.queues.get_mut(r.q) {
                let d = queue.ledger.process(&self.tags, r.q, all, r.from, r.to);
                self.add_delta(d);
                if let Some(cl) = self.clients.get_mut(c) {
                    cl.processed += d.processed;
                }
            }
        }
        self.retries = waiting;
    }

    /// The listener answered RECONSUME_LATER for the messages of `r` (their delivery had
    /// reconsumeTimes `r.attempts`): the broker puts them on `%RETRY%group` with the delay
    /// level [`crate::retry::sent_back`] gives, or on `%DLQ%group`, which nobody consumes.
    pub(crate) fn send_back(&mut self, c: usize, r: Retry) {
        let max = self.cfg.client.max_reconsume_times;
        self.counters.retries += r.to - r.from;
        let (queue, offset, count, reconsume_times) = (r.q as u32, r.from, r.to - r.from, r.attempts);
        match crate::retry::sent_back(r.attempts, max) {
            SentBack::Retry { level, delay_ms } => {
                self.retries.push(Retry { due: self.now + delay_ms, ..r });
                let level = level as u32;
                let kind = LogKind::SentBack { queue, offset, count, reconsume_times, dead_letter: false, level };
                self.log_client(c, kind);
            }
            SentBack::DeadLetter => {
                if let Some(queue) = self.queues.get_mut(r.q) {
                    let d = queue.ledger.give_up(&self.tags, r.q, r.from, r.to, GiveUp::DeadLetter);
                    self.add_delta(d);
                }
                let kind = LogKind::SentBack { queue, offset, count, reconsume_times, dead_letter: true, level: 0 };
                self.log_client(c, kind);
            }
        }
    }

    /// The `%RETRY%group` queue (index into `retry_mqs`) a message of queue `q` goes back to:
    /// the one on its broker.
    fn retry_queue_of(&self, q: usize) -> Option<usize> {
        let broker = &self.queues.get(q)?.mq.broker_name;
        self.retry_mqs.iter().position(|r| &r.broker_name == broker)
    }

    /// The current per-queue lock holder if the lock is live.
    pub(crate) fn live_lock(&self, queue: &QueueState) -> Option<String> {
        queue.lock.as_ref().filter(|l| l.expires_at > self.now).map(|l| l.cid.clone())
    }
}
