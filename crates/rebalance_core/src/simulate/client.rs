//! One classic consumer process (DefaultMQPushConsumer on an MQClientInstance): its
//! ProcessQueue table, its own view of the member list, rebalance from that view, pulling
//! with flow control, concurrent or orderly consumption, offset persistence every 5 s (the
//! commit carried by every pull request is in `consume.rs`), orderly queue locks.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::broker::{QueueLock, QueueState, Route};
use super::config::{CommitMode, ConsumeModel};
use super::ledger::{GiveUp, Ledger, TagTable};
use super::log::LogKind;
use super::pop::Delivery;
use super::world::World;
use crate::allocate::allocate;
use crate::assignment::MessageModel;
use crate::consume_from::{
    default_consume_timestamp, start_offset, start_offset_from_timestamp, ConsumeFromWhere, QueueStart,
};
use crate::MessageQueue;

/// Where a consumer process is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ConsumerStatus {
    /// Working.
    Running,
    /// Stalled (GC pause, network loss): does nothing, keeps its state.
    Paused,
    /// Shut down gracefully.
    Stopped,
    /// Killed.
    Crashed,
}

impl ConsumerStatus {
    /// Running or paused: the process still exists and holds its queues.
    pub fn is_alive(self) -> bool {
        matches!(self, ConsumerStatus::Running | ConsumerStatus::Paused)
    }
}

/// Client-side buffer of one queue (ProcessQueue + its PullRequest).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ProcessQueue {
    pub q: usize,
    /// Everything below is finished by the business (the local ConsumerOffset).
    pub done_to: u64,
    /// PullRequest.nextOffset.
    pub pulled_to: u64,
    /// Last value persisted (for logging changes only).
    pub persisted: u64,
    /// Orderly: the client believes it holds the broker lock…
    pub locked: bool,
    /// …renewed at this time (stale after clientLockExpiry).
    pub lock_renewed_at: u64,
    /// Orderly: per-queue capacity accumulator (thousandths of a message).
    pub order_acc: u64,
    pub flow_control_times: u64,
    pub flow_controlled: bool,
    /// Orderly: the failing message is retried at this time.
    pub suspended_until: u64,
    /// The PullRequest of a new queue is dispatched this late (RebalanceImpl:
    /// `dispatchPullRequest(pullRequestList, 500)`, then `executePullRequestLater`).
    pub first_pull_at: u64,
    pub attempts: u64,
    /// BROADCASTING: this consumer's own accounting of the queue.
    pub ledger: Option<Ledger>,
    /// Messages below `done_to` still running in a consume thread, by offset (concurrent
    /// CLUSTERING only, [`super::Event::StuckMessage`]). The later messages finish around them.
    pub stuck: Vec<Stuck>,
    /// Pulling is paused because the span of the cached messages exceeds
    /// consumeConcurrentlyMaxSpan.
    pub span_paused: bool,
}

/// A message a consume thread has been running for long, as the ProcessQueue holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stuck {
    /// Its QueueOffset.
    pub offset: u64,
    /// When its thread started it (`MessageAccessor.setConsumeStartTimeStamp`).
    pub started_at: u64,
    /// When the business finishes it (`None`: never).
    pub until: Option<u64>,
    /// `cleanExpiredMsg` sent it back and removed it from the ProcessQueue: it no longer holds
    /// the offset back, but its thread still runs it until `until`.
    pub sent_back: bool,
}

impl ProcessQueue {
    /// The first stuck message still in the ProcessQueue: `removeMessage` returns the smallest
    /// offset left in `msgTreeMap`, so the in-memory offset stays at it.
    pub(crate) fn pinned(&self) -> Option<u64> {
        self.stuck.iter().find(|s| !s.sent_back).map(|s| s.offset)
    }

    /// `msgTreeMap.firstKey()` when something is cached: the pinned offset, else `done_to`.
    pub(crate) fn first_cached(&self) -> u64 {
        self.pinned().unwrap_or(self.done_to)
    }

    /// Stuck messages still in the ProcessQueue (each counts in `msgCount`).
    pub(crate) fn holding(&self) -> u64 {
        self.stuck.iter().filter(|s| !s.sent_back).count() as u64
    }
}

impl ProcessQueue {
    fn new(q: usize, start: u64, ledger: Option<Ledger>) -> Self {
        ProcessQueue {
            q,
            done_to: start,
            pulled_to: start,
            persisted: start,
            locked: false,
            lock_renewed_at: 0,
            order_acc: 0,
            flow_control_times: 0,
            flow_controlled: false,
            suspended_until: 0,
            first_pull_at: 0,
            attempts: 0,
            ledger,
            stuck: Vec::new(),
            span_paused: false,
        }
    }
}

/// A cached allocation: the result only changes when cidAll or mqAll change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AllocCache {
    pub members_version: u64,
    pub route_index: usize,
    pub ids: Vec<usize>,
    pub log: Option<String>,
}

/// One consumer process.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Client {
    pub process: usize,
    pub cid: String,
    pub status: ConsumerStatus,
    pub paused_until: u64,
    pub started_at: u64,
    pub rate: u64,
    /// Still warming up until this time (0: warm).
    pub warm_until: u64,
    pub threads: u32,
    pub room: Option<String>,
    pub mask: u8,
    pub sub_version: u64,
    /// The subVersion the client sends (`SubscriptionData.subVersion`, see
    /// [`super::log::sub_version_ms`]).
    pub sub_version_ms: u64,
    pub acc: u64,
    pub next_heartbeat: u64,
    pub next_rebalance: u64,
    pub next_persist: u64,
    pub next_route_poll: u64,
    pub next_lock: u64,
    /// The next `cleanExpireMsg` run (every consumeTimeout from the start, concurrent only).
    pub next_clean_expire: u64,
    /// `DefaultMQPushConsumerImpl.queueMaxSpanFlowControlTimes`: one counter per consumer.
    pub span_flow_control_times: u64,
    pub notify_at: Option<u64>,
    /// The broker whose notification `notify_at` answers (its address is logged).
    pub notify_broker: usize,
    /// brokerAddrTable: per broker of the topic, whether the client has its address (put by a
    /// route update, removed by cleanOfflineBroker once no route lists the broker).
    pub broker_addrs: Vec<bool>,
    pub route_index: usize,
    pub route: Arc<Route>,
    /// cidAll as this client saw it at its last rebalance.
    pub view: Vec<String>,
    pub cache: Option<AllocCache>,
    pub pqs: Vec<ProcessQueue>,
    /// 5.x: received, not yet finished batches.
    pub deliveries: Vec<Delivery>,
    pub pop_rr: usize,
    pub processed: u64,
    pub processed_tick: u64,
    pub gained: u64,
    pub lost_queues: u64,
    pub rebalances: u64,
    /// The `%RETRY%group` queues it holds (indices into `World::retry_mqs`), and the member
    /// list version they were allocated for.
    pub retry_queues: Vec<usize>,
    pub retry_version: Option<u64>,
    /// Messages it got from `%RETRY%group`.
    pub retries_delivered: u64,
}

impl Client {
    /// Messages per second it finishes now (10 % → 100 % during the warm-up).
    pub(crate) fn current_rate(&self, now: u64, warmup: u64) -> u64 {
        if warmup == 0 || now >= self.warm_until {
            return self.rate;
        }
        let elapsed = warmup - (self.warm_until - now).min(warmup);
        self.rate.saturating_mul(100 + 900 * elapsed / warmup) / 1_000
    }
}

impl World {
    /// The mask a client's pulls actually deliver: the broker filters with the group's
    /// registered subscription, the client filters again with its own.
    pub(crate) fn effective_mask(&self, c: usize) -> u8 {
        self.clients.get(c).map_or(0, |cl| cl.mask & self.members.sub_mask)
    }

    fn local_offset(&self, pq: &ProcessQueue) -> u64 {
        match self.cfg.group.commit {
            CommitMode::AfterSuccess => pq.first_cached(),
            CommitMode::BeforeProcessing => pq.pulled_to,
        }
    }

    /// Queue `q` as RocketMQ's logs print it (`MessageQueue [topic=…, brokerName=…, queueId=…]`).
    pub(crate) fn mq_text(&self, q: usize) -> String {
        self.queues.get(q).map(|x| x.mq.to_string()).unwrap_or_default()
    }

    /// What a request of client `c` to queue `q`'s stopped broker fails with: a connection
    /// error while the client has the broker's address, else the client's own
    /// `The broker[…] not exist`. `None` while the broker runs.
    pub(crate) fn broker_failure(&self, c: usize, q: usize) -> Option<(bool, String)> {
        let queue = self.queues.get(q).filter(|x| !x.online)?;
        let b = self.brokers.iter().position(|b| b.name == queue.mq.broker_name)?;
        let known = self.clients.get(c).and_then(|cl| cl.broker_addrs.get(b)).copied().unwrap_or(false);
        Some(match (known, self.brokers.get(b)) {
            (true, Some(broker)) => (true, super::log::connect_exception(&broker.addr)),
            _ => (false, super::log::broker_not_exist_exception(&queue.mq.broker_name)),
        })
    }

    /// An offset write to a stopped broker fails (`updateConsumeOffsetToBroker`): logged, the
    /// offset stays in the client's memory. Whether it failed.
    pub(crate) fn offset_write_failed(&mut self, c: usize, q: usize) -> bool {
        let Some((_, exception)) = self.broker_failure(c, q) else { return false };
        let mq = self.mq_text(q);
        self.log_client(c, LogKind::OffsetPersistFailed { queue: q as u32, mq, exception });
        true
    }

    /// consumerGroup.
    pub(crate) fn group(&self) -> String {
        self.cfg.group.name.clone()
    }

    /// Messages cached in a ProcessQueue (pulled, matching, not finished).
    pub(crate) fn cached(&self, c: usize, pq: &ProcessQueue) -> u64 {
        self.tags.count(pq.q, self.effective_mask(c), pq.done_to, pq.pulled_to)
    }

    /// RebalanceImpl.doRebalance for one client, from its own view.
    pub(crate) fn rebalance(&mut self, c: usize, trigger: &str) {
        self.counters.rebalance_runs += 1;
        if self.cfg.group.model == ConsumeModel::Clustering {
            self.rebalance_retry(c, trigger);
        }
        let Some(client) = self.clients.get(c) else { return };
        let route = Arc::clone(&client.route);
        let ids: Vec<usize> = match self.cfg.group.model {
            ConsumeModel::Pop => return,
            ConsumeModel::Broadcasting => {
                let mut ids = route.ids.clone();
                ids.sort();
                ids
            }
            ConsumeModel::Clustering => {
                let hit = client
                    .cache
                    .as_ref()
                    .filter(|k| k.members_version == self.members.version && k.route_index == client.route_index);
                if let Some(k) = hit {
                    let (ids, log) = (k.ids.clone(), k.log.clone());
                    if let Some(line) = log {
                        self.log_client(c, LogKind::NotInCidAll { line });
                    }
                    self.apply_allocation(c, &ids, trigger);
                    return;
                }
                let result =
                    allocate(&self.strategy, &self.cfg.group.name, &client.cid, &route.mq_all, &self.members.cid_all);
                let allocation = match result {
                    Ok(a) => a,
                    Err(e) => {
                        // Every error `allocate` returns is an IllegalArgumentException in
                        // RocketMQ (AbstractAllocateMessageQueueStrategy.check,
                        // AllocateMachineRoomNearby.allocate).
                        let exception = format!("java.lang.IllegalArgumentException: {e}");
                        self.log_client(c, LogKind::AllocateError { strategy: self.strategy.name(), exception });
                        return;
                    }
                };
                let mut ids: Vec<usize> = allocation.queues.iter().filter_map(|mq| route.id_of(mq)).collect();
                ids.sort();
                ids.dedup();
                let cache = AllocCache {
                    members_version: self.members.version,
                    route_index: client.route_index,
                    ids,
                    log: allocation.log,
                };
                if let Some(line) = &cache.log {
                    self.log_client(c, LogKind::NotInCidAll { line: line.clone() });
                }
                let ids = cache.ids.clone();
                if let Some(client) = self.clients.get_mut(c) {
                    if client.view != self.members.cid_all {
                        client.view.clone_from(&self.members.cid_all);
                    }
                    client.cache = Some(cache);
                }
                ids
            }
        };
        self.apply_allocation(c, &ids, trigger);
    }

    /// RebalanceImpl.rebalanceByTopic for `%RETRY%group`, which every CLUSTERING push consumer
    /// subscribes to (`DefaultMQPushConsumerImpl.copySubscription`): the group's strategy over
    /// the retry queues and the same cidAll, logged like the group topic's result when it
    /// changes. An allocation error is the one the group topic's allocation already logged;
    /// AllocateMessageQueueByConfig's list names the group topic's queues only, so with it
    /// nobody holds `%RETRY%group` and retries wait.
    fn rebalance_retry(&mut self, c: usize, trigger: &str) {
        let version = self.members.version;
        let Some(client) = self.clients.get(c) else { return };
        if client.retry_version == Some(version) {
            return;
        }
        let group = &self.cfg.group.name;
        let ids: Vec<usize> = match allocate(&self.strategy, group, &client.cid, &self.retry_mqs, &self.members.cid_all)
        {
            Ok(a) => {
                let mut ids: Vec<usize> =
                    a.queues.iter().filter_map(|mq| self.retry_mqs.iter().position(|r| r == mq)).collect();
                ids.sort();
                ids.dedup();
                ids
            }
            Err(_) => Vec::new(),
        };
        let changed = client.retry_queues != ids;
        let cid_all = self.members.cid_all.len() as u32;
        if let Some(client) = self.clients.get_mut(c) {
            client.retry_version = Some(version);
            client.retry_queues.clone_from(&ids);
        }
        if !changed {
            return;
        }
        let mqs: Vec<&MessageQueue> = ids.iter().filter_map(|&i| self.retry_mqs.get(i)).collect();
        let result_set = super::log::message_queue_set(&mqs);
        let kind = LogKind::RebalanceResult {
            strategy: self.strategy.name(),
            group: self.group(),
            topic: format!("%RETRY%{}", self.cfg.group.name),
            result_set,
            mq_all: self.retry_mqs.len() as u32,
            cid_all,
            queues: ids.iter().map(|&i| i as u32).collect(),
            trigger: trigger.to_owned(),
        };
        self.log_client(c, kind);
    }

    /// updateProcessQueueTableInRebalance: drop revoked queues, add new ones.
    fn apply_allocation(&mut self, c: usize, ids: &[usize], trigger: &str) {
        let Some(client) = self.clients.get_mut(c) else { return };
        let old = std::mem::take(&mut client.pqs);
        let old_len = old.len();
        let mut kept = Vec::with_capacity(ids.len());
        let mut changed = false;
        let mut all_locked = true;
        for pq in old {
            if ids.binary_search(&pq.q).is_ok() {
                kept.push(pq);
            } else {
                self.drop_pq(c, pq, old_len);
                changed = true;
            }
        }
        for &q in ids {
            if kept.iter().any(|pq| pq.q == q) {
                continue;
            }
            if let Some(pq) = self.new_pq(c, q) {
                kept.push(pq);
                changed = true;
            } else {
                all_locked = false;
            }
        }
        kept.sort_by_key(|pq| pq.q);
        let queues: Vec<u32> = kept.iter().map(|pq| pq.q as u32).collect();
        let cid_all = self.members.cid_all.len() as u32;
        let mq_all = self.clients.get(c).map_or(0, |cl| cl.route.ids.len() as u32);
        let retry_at = self.now + self.cfg.client.rebalance_min_interval_ms;
        if let Some(client) = self.clients.get_mut(c) {
            client.pqs = kept;
            if changed {
                client.rebalances += 1;
            }
            // RebalanceImpl.updateProcessQueueTableInRebalance (5.0+): a queue whose lock
            // failed calls `rebalanceLater(500)`, and the round is unbalanced, so
            // RebalanceService (5.2+) waits only its minInterval (1 s) before the next one.
            if !all_locked {
                client.next_rebalance = client.next_rebalance.min(retry_at);
            }
        }
        if changed {
            self.counters.rebalances += 1;
            self.owners_dirty = true;
            let strategy = match self.cfg.group.model {
                ConsumeModel::Broadcasting => MessageModel::BROADCASTING.to_owned(),
                _ => self.strategy.name(),
            };
            let trigger = trigger.to_owned();
            let mqs: Vec<&MessageQueue> =
                queues.iter().filter_map(|&q| self.queues.get(q as usize).map(|x| &x.mq)).collect();
            let result_set = super::log::message_queue_set(&mqs);
            let (group, topic) = (self.group(), self.cfg.topic.name.clone());
            self.log_client(
                c,
                LogKind::RebalanceResult { strategy, group, topic, result_set, mq_all, cid_all, queues, trigger },
            );
        }
    }

    /// Messages the consume threads are running when a queue is dropped or the process
    /// stops: at most the queue's share of the threads (one in orderly mode).
    fn in_flight(&self, c: usize, pq: &ProcessQueue, queues_held: usize) -> u64 {
        let cached = self.cached(c, pq);
        if self.cfg.group.orderly {
            return cached.min(1);
        }
        let threads = u64::from(self.clients.get(c).map_or(1, |cl| cl.threads));
        cached.min(threads.div_ceil(queues_held.max(1) as u64))
    }

    /// A revoked queue: in-flight messages finish (uncommitted: the drop flag stops the
    /// offset update), the offset is persisted, the orderly lock released.
    fn drop_pq(&mut self, c: usize, mut pq: ProcessQueue, queues_held: usize) {
        let in_flight = self.in_flight(c, &pq, queues_held);
        let offset = self.local_offset(&pq);
        if in_flight > 0 && self.cfg.group.commit == CommitMode::AfterSuccess {
            let mask = self.effective_mask(c);
            let end = self.tags.advance(pq.q, mask, pq.done_to, in_flight, pq.pulled_to);
            let from = pq.done_to;
            self.account(c, &mut pq, mask, from, end);
        }
        // Orderly, 5.x RebalancePushImpl.tryRemoveOrderMessageQueue: persist, then unlock at once
        // when the queue's consume lock is free within 500 ms (the message being consumed
        // finishes in time), or when UNLOCK_DELAY_TIME_MILLS (20 s) have passed since the last
        // lock; otherwise the broker lock stays until then (the client retries the removal at
        // its next rebalances and forces it after 20 s).
        let (now, warmup) = (self.now, self.cfg.client.warmup_ms);
        let (rate, threads) =
            self.clients.get(c).map_or((0, 1), |cl| (cl.current_rate(now, warmup), u64::from(cl.threads.max(1))));
        let processing_ms = (threads * 1_000).checked_div(rate).unwrap_or(u64::MAX);
        let unlock_later = in_flight > 0 && processing_ms > TRY_CONSUME_LOCK_MS;
        let forced_at = pq.lock_renewed_at + self.cfg.client.unlock_delay_ms;
        let orderly = self.cfg.group.orderly;
        let cid = self.clients.get(c).map(|cl| cl.cid.clone()).unwrap_or_default();
        // removeUnnecessaryMessageQueue persists the offset first.
        let clustering = self.cfg.group.model == ConsumeModel::Clustering && !self.offset_write_failed(c, pq.q);
        if let Some(queue) = self.queues.get_mut(pq.q) {
            if clustering {
                queue.committed = offset;
            }
            if orderly && queue.lock.as_ref().is_some_and(|l| l.cid == cid) {
                if unlock_later && forced_at > now {
                    if let Some(lock) = queue.lock.as_mut() {
                        lock.expires_at = lock.expires_at.min(forced_at);
                    }
                } else {
                    queue.lock = None;
                }
            }
        }
        if let Some(cl) = self.clients.get_mut(c) {
            cl.lost_queues += 1;
        }
        let (group, mq) = (self.group(), self.mq_text(pq.q));
        self.log_client(c, LogKind::QueueDropped { queue: pq.q as u32, group, mq, offset, in_flight });
    }

    /// consumer `c`'s consumeTimestamp on the run's clock: the configured one, or
    /// `DefaultMQPushConsumer`'s default, 30 minutes before the consumer was created, to the
    /// second (the run's clock starts on a whole second of the log's epoch, so the second is
    /// the same on both).
    fn consume_timestamp(&self, c: usize) -> i64 {
        const _: () = assert!(super::log::EPOCH_MS % 1_000 == 0, "the run starts on a whole second");
        self.cfg.group.consume_timestamp_ms.unwrap_or_else(|| {
            let created = self.clients.get(c).map_or(self.now, |cl| cl.started_at);
            default_consume_timestamp(i64::try_from(created).unwrap_or(i64::MAX))
        })
    }

    /// A new queue: lock it first in orderly mode, then pull from the committed offset
    /// (BROADCASTING: from the end, CONSUME_FROM_LAST_OFFSET).
    fn new_pq(&mut self, c: usize, q: usize) -> Option<ProcessQueue> {
        let (group, mq) = (self.group(), self.mq_text(q));
        // RebalanceImpl.updateProcessQueueTableInRebalance: `lock(mq)` logs the broker's answer,
        // then a refused queue is skipped with a warning.
        if self.cfg.group.orderly {
            let ok = self.try_lock(c, q);
            self.log_client(c, LogKind::LockOnAdd { queue: q as u32, group: group.clone(), mq: mq.clone(), ok });
            if !ok {
                self.log_client(c, LogKind::LockFailed { queue: q as u32, group, mq, on_add: true });
                return None;
            }
        }
        let tags = self.tags.len();
        let mask = self.effective_mask(c);
        let first_in_memory = self.cfg.topic.first_message_in_memory;
        let from = self.cfg.group.consume_from_where;
        let consume_timestamp = self.consume_timestamp(c);
        let queue = self.queues.get_mut(q)?;
        let broadcasting = self.cfg.group.model == ConsumeModel::Broadcasting;
        let start = if broadcasting {
            queue.max
        } else if !queue.stored {
            let how = StartWithoutOffset { from, first_in_memory, consume_timestamp };
            let (start, passed_over) = start_without_offset(queue, how, &self.tags, q);
            self.counters.filtered += passed_over;
            start
        } else {
            queue.effective_committed()
        };
        if !broadcasting {
            if queue.last_holder.is_some_and(|p| p != c) {
                queue.handoffs += 1;
            }
            queue.last_holder = Some(c);
            // Everything from the committed offset on is pulled again: the messages there that
            // the business already finished (above a pinned offset, or not yet committed when
            // the last holder went away) are delivered a second time.
            self.counters.redelivered += queue.ledger.settled_in(&self.tags, q, mask, start, queue.max);
        }
        let mut pq = ProcessQueue::new(q, start, broadcasting.then(|| Ledger::new(tags, start)));
        pq.first_pull_at = self.now + FIRST_PULL_DELAY_MS;
        if self.cfg.group.orderly {
            pq.locked = true;
            pq.lock_renewed_at = self.now;
        }
        if let Some(cl) = self.clients.get_mut(c) {
            cl.gained += 1;
        }
        self.log_client(c, LogKind::QueueAdded { queue: q as u32, group, mq, offset: start });
        Some(pq)
    }

    /// LOCK_BATCH_MQ for one queue: free, expired or already ours (by cid).
    pub(crate) fn try_lock(&mut self, c: usize, q: usize) -> bool {
        let Some(cid) = self.clients.get(c).map(|cl| cl.cid.clone()) else { return false };
        let (now, live) = (self.now, self.cfg.broker.lock_max_live_ms);
        let Some(queue) = self.queues.get_mut(q).filter(|x| x.online) else { return false };
        let free = queue.lock.as_ref().is_none_or(|l| l.expires_at <= now || l.cid == cid);
        if free {
            queue.lock = Some(QueueLock { cid, expires_at: now + live });
        }
        free
    }

    /// Orderly: lockAll every 20 s renews the locks of every held queue.
    pub(crate) fn lock_all(&mut self, c: usize) {
        let n = self.clients.get(c).map_or(0, |cl| cl.pqs.len());
        for i in 0..n {
            let Some(q) = self.clients.get(c).and_then(|cl| cl.pqs.get(i)).map(|pq| pq.q) else { continue };
            // LOCK_BATCH_MQ to a stopped broker throws: lockAll logs `lockBatchMQ exception`
            // (not modelled) and leaves the ProcessQueue as it was, unrenewed.
            if self.queues.get(q).is_some_and(|x| !x.online) {
                continue;
            }
            let ok = self.try_lock(c, q);
            let now = self.now;
            let was = self.clients.get(c).and_then(|cl| cl.pqs.get(i)).is_some_and(|pq| pq.locked);
            if let Some(pq) = self.clients.get_mut(c).and_then(|cl| cl.pqs.get_mut(i)) {
                pq.locked = ok;
                if ok {
                    pq.lock_renewed_at = now;
                }
            }
            let (group, mq) = (self.group(), self.mq_text(q));
            if ok && !was {
                self.log_client(c, LogKind::LockAcquired { queue: q as u32, group, mq });
            } else if !ok {
                // RebalanceImpl.lockAll logs every refused queue, not only the first time.
                self.log_client(c, LogKind::LockFailed { queue: q as u32, group, mq, on_add: false });
            }
        }
    }

    /// Whether an orderly ProcessQueue may be consumed now.
    pub(crate) fn lock_valid(&self, pq: &ProcessQueue) -> bool {
        pq.locked && self.now.saturating_sub(pq.lock_renewed_at) < self.cfg.client.client_lock_expiry_ms
    }

    /// persistAll: every held queue's local offset goes to the broker (oneway).
    pub(crate) fn persist(&mut self, c: usize) {
        let n = self.clients.get(c).map_or(0, |cl| cl.pqs.len());
        let clustering = self.cfg.group.model == ConsumeModel::Clustering;
        for i in 0..n {
            let Some(pq) = self.clients.get(c).and_then(|cl| cl.pqs.get(i)) else { continue };
            let (q, offset, before) = (pq.q, self.local_offset(pq), pq.persisted);
            if clustering && self.offset_write_failed(c, q) {
                continue;
            }
            if clustering {
                if let Some(queue) = self.queues.get_mut(q) {
                    queue.committed = offset;
                }
            }
            if let Some(pq) = self.clients.get_mut(c).and_then(|cl| cl.pqs.get_mut(i)) {
                pq.persisted = offset;
            }
            if self.cfg.log_offset_persist && offset != before {
                let (group, mq) = (self.group(), self.mq_text(q));
                self.log_client(c, LogKind::OffsetPersisted { queue: q as u32, group, mq, offset });
            }
        }
    }
}

/// Where a consumer starts a queue the broker has no offset of the group for
/// (`RebalancePushImpl.computePullFromWhereWithException`, the rule in [`crate::consume_from`]),
/// and the messages below it the group passes over by design. The client keeps the start in
/// its offset store and the broker has it from the next pull or persist on, so the queue
/// counts as stored from here: a later owner resumes there, consumeFromWhere is not read
/// again.
/// CONSUME_FROM_TIMESTAMP searches the queue for `consume_timestamp`
/// ([`QueueState::search_offset`], which gives the history before the run its store times).
/// The `%RETRY%` queues keep no offsets here (their holder is handed the retries), so
/// `retry_topic` is always `false`.
fn start_without_offset(queue: &mut QueueState, how: StartWithoutOffset, tags: &TagTable, q: usize) -> (u64, u64) {
    let first_in_memory = how.first_in_memory;
    let at = QueueStart { stored: None, min: queue.min, max: queue.max, first_in_memory, retry_topic: false };
    let start = start_offset(how.from, &at).unwrap_or_else(|| {
        queue.searched_timestamp = Some(how.consume_timestamp);
        start_offset_from_timestamp(&at, queue.search_offset(how.consume_timestamp))
    });
    let passed_over = queue.ledger.give_up(tags, q, queue.ledger.start, start, GiveUp::Skipped { wanted: 0 });
    queue.stored = true;
    queue.started_without_offset = Some(start);
    queue.committed = start;
    (start, passed_over.filtered)
}

/// What decides where a queue without a stored offset starts.
#[derive(Debug, Clone, Copy)]
struct StartWithoutOffset {
    from: ConsumeFromWhere,
    first_in_memory: bool,
    /// consumeTimestamp (ms on the run's clock) of the consumer given the queue.
    consume_timestamp: i64,
}

/// RebalancePushImpl.tryRemoveOrderMessageQueue waits this long for a revoked orderly queue's
/// consume lock (`consumeLock.writeLock().tryLock(500, ms)`).
const TRY_CONSUME_LOCK_MS: u64 = 500;

/// RebalanceImpl.updateProcessQueueTableInRebalance dispatches the PullRequests of new queues
/// with a delay of 500 ms (a constant in the client).
pub(crate) const FIRST_PULL_DELAY_MS: u64 = 500;

/// The delay of a delay level (1-based, clamped to 1 ..= 18): [`crate::retry::DELAY_LEVELS_MS`].
pub(crate) fn delay_level(level: usize) -> u64 {
    let levels = &crate::retry::DELAY_LEVELS_MS;
    levels[level.clamp(1, levels.len()) - 1]
}
