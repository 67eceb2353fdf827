//! 5.x message-level consumption (POP): any consumer receives visible messages from any
//! queue, each batch stays invisible for the invisible time, every message is acked after
//! the business succeeded; what is not acked in time becomes visible again and is
//! redelivered (to anyone), after 16 attempts it goes to the dead-letter queue.
//!
//! Simplifications: the broker pops queues round-robin per consumer; tag filtering and
//! FIFO message groups are not modelled in this mode.

use super::client::ConsumerStatus;
use super::config::{CommitMode, PopConsumer};
use super::ledger::GiveUp;
use super::log::LogKind;
use super::world::World;

/// A received batch: `[start, end)` of one queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Delivery {
    pub q: usize,
    pub start: u64,
    pub end: u64,
    /// Messages of the batch finished by the business (a prefix).
    pub processed: u64,
    /// Messages acked (a prefix).
    pub acked: u64,
    pub received_at: u64,
    pub invisible_until: u64,
    /// Delivery attempt (1 = first).
    pub attempt: u32,
    /// The broker made the un-acked rest visible again; later ACKs fail.
    pub revived: bool,
    pub warned: bool,
    /// Auto-renewing PushConsumer: the proxy holds the batch's receipt handles and renews them.
    pub held: bool,
    /// Renewals so far (the index into [`RENEW_STEPS_MS`]).
    pub renew_times: u32,
}

/// The invisible time each renewal gives, by renewal count, the last one repeating
/// (apache/rocketmq 5.3.3 `proxy/…/proxy/common/RenewStrategyPolicy.java`, `next`: 1 min,
/// 3 min, 5 min, 10 min, 30 min, 1 h; its comment also lists a 6 min step the array does not
/// have). `DefaultReceiptHandleManager.RENEW_POLICY` is this policy, asked with the handle's
/// `renewTimes`.
pub(crate) const RENEW_STEPS_MS: [u64; 6] = [60_000, 180_000, 300_000, 600_000, 1_800_000, 3_600_000];

/// The delays of a group's default retry policy (apache/rocketmq 5.3.3
/// `remoting/…/protocol/subscription/CustomizedRetryPolicy.java`, `next`: 1 s 5 s 10 s 30 s
/// 1 min … 10 min 20 min 30 min 1 h 2 h; `GroupRetryPolicy`'s default is this policy).
const GROUP_RETRY_DELAYS_MS: [u64; 18] = [
    1_000, 5_000, 10_000, 30_000, 60_000, 120_000, 180_000, 240_000, 300_000, 360_000, 420_000, 480_000, 540_000,
    600_000, 1_200_000, 1_800_000, 3_600_000, 7_200_000,
];

/// `CustomizedRetryPolicy.nextDelayDuration(reconsumeTimes)`: `next[reconsumeTimes + 2]`, the
/// last one for larger counts (the index keeps the old delay levels' numbering).
pub(crate) fn group_retry_delay_ms(reconsume_times: u32) -> u64 {
    let i = (reconsume_times as usize).saturating_add(2).min(GROUP_RETRY_DELAYS_MS.len() - 1);
    GROUP_RETRY_DELAYS_MS[i]
}

impl Delivery {
    pub(crate) fn len(&self) -> u64 {
        self.end - self.start
    }

    /// Messages the broker still considers in flight for this batch.
    pub(crate) fn unacked(&self) -> u64 {
        if self.revived {
            0
        } else {
            self.len() - self.acked
        }
    }
}

/// Messages visible again, waiting for redelivery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PopRange {
    pub q: usize,
    pub start: u64,
    pub end: u64,
    pub attempt: u32,
}

impl World {
    /// The receive phase of a tick: running consumers take turns (one batch each per
    /// round, the first one rotating every tick) until nobody gets anything.
    pub(crate) fn pop_phase(&mut self) {
        let receives = (self.cfg.tick_ms / self.cfg.client.pull_rtt_ms.max(1)).max(1);
        let n = self.clients.len();
        let first = (self.ticks as usize) % n.max(1);
        let ready = |w: &World| -> u64 {
            let fresh: u64 = w.queues.iter().map(|x| x.max - x.pop_cursor.max(x.min).min(x.max)).sum();
            fresh + w.revive.iter().map(|r| r.end - r.start).sum::<u64>()
        };
        let running = self.clients.iter().filter(|cl| cl.status == ConsumerStatus::Running).count() as u64;
        // Long polling spreads arrivals over the waiting consumers: one round gives each at
        // most its fair share of what is visible.
        let share = ready(self).div_ceil(running.max(1)).clamp(1, self.cfg.client.pop_batch_size);
        for _ in 0..receives {
            if ready(self) == 0 {
                break;
            }
            let mut any = false;
            for k in 0..n {
                let c = (first + k) % n;
                if self.clients.get(c).is_some_and(|cl| cl.status == ConsumerStatus::Running) {
                    any |= self.pop_receive(c, share);
                }
            }
            if !any {
                break;
            }
        }
        for c in 0..n {
            if self.clients.get(c).is_some_and(|cl| cl.status == ConsumerStatus::Running) {
                self.pop_consume(c, None);
            }
        }
    }

    /// One receive (POP request) of up to one batch: revived messages first, then the
    /// queues round-robin. Whether anything was received.
    fn pop_receive(&mut self, c: usize, batch: u64) -> bool {
        let cc = &self.cfg.client;
        // ReceiveMessageActivity.receiveMessage: with autoRenew the proxy ignores the client's
        // invisible duration and takes its defaultInvisibleTimeMills.
        let push = cc.pop_consumer == PopConsumer::Push;
        let invisible = if push { self.cfg.broker.proxy_default_invisible_time_ms } else { cc.invisible_time_ms };
        let cap = cc.pop_max_cache;
        let ack_first = self.cfg.group.commit == CommitMode::BeforeProcessing;
        let n_queues = self.queues.len();
        let Some(client) = self.clients.get(c) else { return false };
        let cached: u64 = client.deliveries.iter().map(|d| d.len() - d.processed).sum();
        if cached >= cap {
            return false;
        }
        let room = (cap - cached).min(batch);
        // PopMessageProcessor: the retry topic first with popFromRetryProbability (20 %),
        // otherwise the topic's queues first; the other source when the first is empty.
        let rr = client.pop_rr.min(n_queues);
        let ready = |x: &super::broker::QueueState| x.readable && x.online && x.pop_cursor.max(x.min) < x.max;
        let next_queue = self.queues[rr..]
            .iter()
            .position(ready)
            .map(|k| rr + k)
            .or_else(|| self.queues[..rr].iter().position(ready));
        let retry_first = self.rng.u32(0..100) < 20;
        let from_retry = !self.revive.is_empty() && (retry_first || next_queue.is_none());
        let (q, start, end, attempt) = if from_retry {
            let Some(r) = self.revive.front_mut() else { return false };
            let end = r.end.min(r.start + room);
            let got = (r.q, r.start, end, r.attempt);
            r.start = end;
            if r.start >= r.end {
                self.revive.pop_front();
            }
            got
        } else {
            let Some(q) = next_queue else { return false };
            let Some(queue) = self.queues.get_mut(q) else { return false };
            let start = queue.pop_cursor.max(queue.min);
            let end = queue.max.min(start + room);
            queue.pop_cursor = end;
            if let Some(client) = self.clients.get_mut(c) {
                client.pop_rr = (q + 1) % n_queues.max(1);
            }
            (q, start, end, 1)
        };
        let len = end - start;
        let d = Delivery {
            q,
            start,
            end,
            processed: 0,
            acked: if ack_first { len } else { 0 },
            received_at: self.now,
            invisible_until: self.now + invisible,
            attempt,
            revived: false,
            warned: false,
            held: push,
            renew_times: 0,
        };
        if let Some(client) = self.clients.get_mut(c) {
            client.deliveries.push(d);
        }
        len > 0
    }

    /// Works through the received batches in order; `limit` caps the messages (graceful
    /// shutdown finishes only what the threads are running).
    pub(crate) fn pop_consume(&mut self, c: usize, limit: Option<u64>) {
        let tick = self.cfg.tick_ms;
        let all = self.tags.all();
        let ack_after = self.cfg.group.commit == CommitMode::AfterSuccess;
        let (now, warmup) = (self.now, self.cfg.client.warmup_ms);
        let Some(client) = self.clients.get_mut(c) else { return };
        // Threads that waited for work still have it done: bank up to `threads` messages.
        let threads = u64::from(client.threads.max(1));
        let rate = client.current_rate(now, warmup);
        let per_tick = rate.saturating_mul(tick);
        let processing_ms = (threads * 1_000).checked_div(rate).unwrap_or(u64::MAX);
        let mut budget = match limit {
            Some(n) => n,
            None => {
                client.acc = (client.acc + per_tick).min(threads * 1_000 + per_tick);
                client.acc / 1_000
            }
        };
        let start_budget = budget;
        let mut i = 0;
        let mut logs = Vec::new();
        while budget > 0 {
            let Some(d) = self.clients.get(c).and_then(|cl| cl.deliveries.get(i)).cloned() else { break };
            if limit.is_none() && d.received_at.saturating_add(processing_ms) > now + tick {
                break;
            }
            let take = (d.len() - d.processed).min(budget);
            budget -= take;
            let a = d.start + d.processed;
            let delta = match self.queues.get_mut(d.q) {
                Some(queue) => queue.ledger.process(&self.tags, d.q, all, a, a + take),
                None => Default::default(),
            };
            self.add_delta(delta);
            let Some(client) = self.clients.get_mut(c) else { break };
            client.processed += delta.processed;
            client.processed_tick += delta.processed;
            let Some(slot) = client.deliveries.get_mut(i) else { break };
            slot.processed += take;
            if ack_after && !slot.revived {
                slot.acked = slot.processed;
            } else if slot.revived && !slot.warned && take > 0 {
                slot.warned = true;
                let count = slot.len() - slot.acked;
                match logs.iter_mut().find(|(q, _)| *q == d.q as u32) {
                    Some(entry) => entry.1 += count,
                    None => logs.push((d.q as u32, count)),
                }
            }
            i += 1;
        }
        if let Some(client) = self.clients.get_mut(c) {
            client.deliveries.retain(|d| d.processed < d.len());
            if limit.is_none() {
                client.acc -= (start_budget - budget) * 1_000;
            }
        }
        for (queue, count) in logs {
            self.log_client(c, LogKind::AckExpired { queue, count });
        }
    }

    /// The proxy's receipt handles of an auto-renewing PushConsumer (apache/rocketmq 5.x
    /// `DefaultReceiptHandleManager`). A client no longer registered in the group (unregistered
    /// at shutdown, or its channel expired) has its handles cleared at once (the
    /// CLIENT_UNREGISTER listener calls `clearGroup`): the un-acked messages become visible after
    /// `invisibleTimeMillisWhenClear`. Every `renewSchedulePeriodMillis` `scheduleRenewTask`
    /// renews each held message whose invisible time ends within `renewAheadTimeMillis` by the
    /// next [`RENEW_STEPS_MS`] step, until it has been held `renewMaxTimeMillis` since its
    /// receipt (`MessageReceiptHandle.consumeTimestamp`, the receipt handle's retrieve time);
    /// then `startRenewMessage` fires STOP_RENEW instead: the message becomes visible after the
    /// group's retry delay for its reconsume times ([`group_retry_delay_ms`]) and is no longer
    /// held. Renewals here never fail, so `maxRenewRetryTimes` (3 failed renewals) never
    /// applies.
    pub(crate) fn pop_renew(&mut self) {
        if self.cfg.client.pop_consumer != PopConsumer::Push {
            return;
        }
        let now = self.now;
        let b = &self.cfg.broker;
        let (clear, ahead, max_time) = (b.invisible_time_when_clear_ms, b.renew_ahead_time_ms, b.renew_max_time_ms);
        let scan = now >= self.next_renew_scan;
        if scan {
            self.next_renew_scan = now + b.renew_schedule_period_ms;
        }
        for c in 0..self.clients.len() {
            let registered = self.members.contains(c);
            let Some(client) = self.clients.get_mut(c) else { continue };
            for d in client.deliveries.iter_mut().filter(|d| d.held && !d.revived && d.acked < d.len()) {
                if !registered {
                    d.held = false;
                    d.invisible_until = now + clear;
                } else if scan && d.invisible_until.saturating_sub(now) <= ahead {
                    if now - d.received_at < max_time {
                        let step = RENEW_STEPS_MS[(d.renew_times as usize).min(RENEW_STEPS_MS.len() - 1)];
                        d.invisible_until = now + step;
                        d.renew_times += 1;
                    } else {
                        d.held = false;
                        d.invisible_until = now + group_retry_delay_ms(d.attempt.saturating_sub(1));
                    }
                }
            }
        }
    }

    /// The broker's revive scan: un-acked messages past their invisible time are visible
    /// again (or dead-lettered after maxReconsumeTimes deliveries). Batches of dead
    /// processes are forgotten once revived.
    pub(crate) fn pop_revive(&mut self) {
        let now = self.now;
        let max_attempts = self.cfg.client.max_reconsume_times.saturating_add(1);
        let mut revived = Vec::new();
        for client in self.clients.iter_mut() {
            let alive = client.status.is_alive();
            for d in client.deliveries.iter_mut() {
                if !d.revived && d.acked < d.len() && now >= d.invisible_until {
                    d.revived = true;
                    revived.push(PopRange { q: d.q, start: d.start + d.acked, end: d.end, attempt: d.attempt + 1 });
                }
            }
            if !alive {
                client.deliveries.retain(|d| !d.revived && d.acked < d.len());
            }
        }
        let mut counts: Vec<(u32, u64)> = Vec::new();
        for r in revived {
            let count = r.end - r.start;
            if r.attempt > max_attempts {
                if let Some(queue) = self.queues.get_mut(r.q) {
                    let d = queue.ledger.give_up(&self.tags, r.q, r.start, r.end, GiveUp::DeadLetter);
                    self.add_delta(d);
                }
                self.log_broker(LogKind::SentBack {
                    queue: r.q as u32,
                    offset: r.start,
                    count,
                    reconsume_times: r.attempt - 1,
                    dead_letter: true,
                    level: 0,
                });
                continue;
            }
            match counts.iter_mut().find(|(q, _)| *q == r.q as u32) {
                Some(entry) => entry.1 += count,
                None => counts.push((r.q as u32, count)),
            }
            self.revive.push_back(r);
        }
        for (queue, count) in counts {
            self.log_broker(LogKind::Revived { queue, count });
        }
    }

    /// A POP consumer dies: with ACK-before-processing, what it had received is lost.
    pub(crate) fn pop_crash(&mut self, c: usize) {
        let Some(client) = self.clients.get_mut(c) else { return };
        let lost: Vec<(usize, u64, u64)> = client
            .deliveries
            .iter()
            .filter(|d| d.acked >= d.len() && d.processed < d.len())
            .map(|d| (d.q, d.start + d.processed, d.end))
            .collect();
        client.deliveries.retain(|d| d.acked < d.len());
        for (q, a, b) in lost {
            if let Some(queue) = self.queues.get_mut(q) {
                let d = queue.ledger.give_up(&self.tags, q, a, b, GiveUp::Skipped { wanted: self.tags.all() });
                self.add_delta(d);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CustomizedRetryPolicy.nextDelayDuration: index `reconsumeTimes + 2`, clamped to the last
    /// (2 h).
    #[test]
    fn the_group_retry_delay_starts_at_the_third_step() {
        assert_eq!(group_retry_delay_ms(0), 10_000);
        assert_eq!(group_retry_delay_ms(1), 30_000);
        assert_eq!(group_retry_delay_ms(15), 7_200_000);
        assert_eq!(group_retry_delay_ms(u32::MAX), 7_200_000);
    }
}
