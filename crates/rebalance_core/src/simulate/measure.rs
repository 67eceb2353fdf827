//! The measurements at the end of a tick: per-queue lag, the group metrics, the oldest
//! pending age, what is settled for good (skipped messages nobody can process any more),
//! and the ownership changes.

use super::client::ConsumerStatus;
use super::config::ConsumeModel;
use super::metrics::{OwnershipChange, TickMetrics};
use super::world::World;

/// Per-queue scratch space for the measurements (kept to avoid allocating every tick).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Slot {
    /// Lowest offset a live holder (or a retry) may still process.
    floor: u64,
    holders: u32,
    running: u32,
    flow: bool,
    blocked: bool,
    /// POP: un-acked messages; BROADCASTING: unused.
    unacked: u64,
    /// Oldest pending offset seen (POP, BROADCASTING).
    oldest: u64,
    /// BROADCASTING: lag of the slowest consumer.
    slowest: u64,
}

pub(crate) const EMPTY_SLOT: Slot = Slot {
    floor: u64::MAX,
    holders: 0,
    running: 0,
    flow: false,
    blocked: false,
    unacked: 0,
    oldest: u64::MAX,
    slowest: 0,
};

impl World {
    /// The measurements at the end of a tick; fills `lags` with the per-queue lag and
    /// settles what nobody can process any more.
    pub(crate) fn measure(&mut self, lags: &mut Vec<u64>) -> TickMetrics {
        let n = self.queues.len();
        let mut s = std::mem::take(&mut self.scratch);
        s.clear();
        s.resize(n, EMPTY_SLOT);
        let model = self.cfg.group.model;
        let orderly = self.cfg.group.orderly;
        let (now, lock_expiry) = (self.now, self.cfg.client.client_lock_expiry_ms);
        let mut m = TickMetrics { at_ms: now, members: self.members.channels.len() as u32, ..Default::default() };
        let World { clients, queues, tags, members, .. } = &*self;
        let mut wanted = 0u8;
        for cl in clients {
            for d in &cl.deliveries {
                if let Some(slot) = s.get_mut(d.q) {
                    let unacked = d.unacked();
                    slot.unacked += unacked;
                    if unacked > 0 {
                        slot.oldest = slot.oldest.min(d.start + d.acked);
                    }
                }
                if cl.status.is_alive() {
                    m.inflight += d.len() - d.processed;
                }
            }
            if !cl.status.is_alive() {
                continue;
            }
            let running = cl.status == ConsumerStatus::Running;
            if running {
                m.running += 1;
                let idle = if model == ConsumeModel::Pop {
                    cl.deliveries.is_empty() && cl.processed_tick == 0
                } else {
                    cl.pqs.is_empty()
                };
                m.idle_consumers += u32::from(idle);
            }
            wanted |= cl.mask;
            let mask = cl.mask & members.sub_mask;
            for pq in &cl.pqs {
                let (Some(slot), Some(queue)) = (s.get_mut(pq.q), queues.get(pq.q)) else { continue };
                slot.floor = slot.floor.min(pq.first_cached());
                slot.holders += 1;
                slot.running += u32::from(running);
                slot.flow |= pq.flow_controlled;
                if orderly {
                    let lock_valid = pq.locked && now.saturating_sub(pq.lock_renewed_at) < lock_expiry;
                    let failing =
                        queue.failing.is_some_and(|f| f.active(now) && f.from <= pq.done_to && pq.done_to < f.to);
                    slot.blocked |= !lock_valid || failing;
                }
                m.inflight += tags.count(pq.q, mask, pq.done_to, pq.pulled_to) + pq.holding();
                m.stuck_messages += pq.holding() as u32;
                m.span_paused_queues += u32::from(pq.span_paused);
                if let Some(first) = pq.pinned() {
                    let held = tags.count(pq.q, mask, first + 1, pq.done_to);
                    let unfinished = pq.stuck.iter().filter(|x| x.offset > first).count() as u64;
                    m.finished_above_offset += held - unfinished.min(held);
                }
                if model == ConsumeModel::Broadcasting {
                    let from = pq.done_to.max(queue.min).min(queue.max);
                    let lag = queue.max - from;
                    slot.slowest = slot.slowest.max(lag);
                    if lag > 0 {
                        slot.oldest = slot.oldest.min(from);
                    }
                }
            }
        }
        for r in &self.retries {
            if let Some(slot) = s.get_mut(r.q) {
                slot.floor = slot.floor.min(r.from);
            }
        }
        for r in &self.revive {
            if let Some(slot) = s.get_mut(r.q) {
                slot.unacked += r.end - r.start;
                slot.oldest = slot.oldest.min(r.start);
            }
        }
        if wanted == 0 {
            wanted = self.tags.all();
        }
        lags.clear();
        let (mut lost, mut filtered) = (0, 0);
        for (q, (queue, slot)) in self.queues.iter_mut().zip(&s).enumerate() {
            let eff = queue.effective_committed().min(queue.max);
            let (lag, oldest) = match model {
                ConsumeModel::Clustering => (queue.max - eff, eff),
                ConsumeModel::Pop => {
                    let ready_from = queue.pop_cursor.max(queue.min).min(queue.max);
                    let oldest = if ready_from < queue.max { ready_from.min(slot.oldest) } else { slot.oldest };
                    (queue.max - ready_from + slot.unacked, oldest)
                }
                ConsumeModel::Broadcasting => (slot.slowest, slot.oldest),
            };
            lags.push(lag);
            m.group_lag += lag;
            if !queue.readable && lag > 0 {
                m.stranded += lag;
                m.stranded_queues += 1;
            }
            if !queue.online {
                m.offline_queues += 1;
                m.offline_lag += lag;
            }
            if lag > 0 && oldest < queue.max {
                m.oldest_pending_age_ms =
                    m.oldest_pending_age_ms.max(now.saturating_sub(queue.store_time_cached(oldest)));
            }
            if model == ConsumeModel::Clustering {
                let d = queue.ledger.resolve_below(&self.tags, q, slot.floor.min(eff), wanted);
                lost += d.lost;
                filtered += d.filtered;
                m.overlapping_queues += u32::from(slot.holders >= 2);
                m.orphan_queues += u32::from(slot.running == 0 && queue.readable && queue.online);
            }
            m.flow_controlled_queues += u32::from(slot.flow);
            m.blocked_queues += u32::from(slot.blocked);
        }
        self.counters.lost += lost;
        self.counters.filtered += filtered;
        if model == ConsumeModel::Broadcasting {
            let World { clients, tags, counters, .. } = self;
            for cl in clients.iter_mut().filter(|cl| cl.status.is_alive()) {
                for pq in cl.pqs.iter_mut() {
                    let floor = pq.done_to;
                    if let Some(ledger) = pq.ledger.as_mut() {
                        let d = ledger.resolve_below(tags, pq.q, floor, cl.mask);
                        counters.lost += d.lost;
                        counters.filtered += d.filtered;
                    }
                }
            }
        }
        self.scratch = s;
        let k = &self.counters;
        let tick = self.cfg.tick_ms.max(1);
        m.consume_tps = (k.processed - self.last_processed) * 1_000 / tick;
        m.produce_tps = (k.produced - self.last_produced) * 1_000 / tick;
        self.last_processed = k.processed;
        self.last_produced = k.produced;
        m.produced = k.produced;
        m.consumed = k.processed;
        m.duplicates = k.duplicates;
        m.lost = k.lost;
        m.dead_lettered = k.dead_lettered;
        m.filtered = k.filtered;
        m.pending = match model {
            ConsumeModel::Broadcasting => m.group_lag,
            _ => k.produced.saturating_sub(k.unique + k.lost + k.dead_lettered + k.filtered),
        };
        m.rebalances = k.rebalances;
        m.rebalance_runs = k.rebalance_runs;
        m.retries = k.retries;
        m.expired_sent_back = k.expired_sent_back;
        m.redelivered = k.redelivered;
        m.failed_pulls = k.failed_pulls;
        m.max_unpulled_ms = k.max_unpulled_ms;
        m.retries_delivered = k.retries_delivered;
        m.retry_pending = self.retries.iter().map(|r| r.to - r.from).sum();
        m.max_reconsume_times = k.max_reconsume_times;
        m.last_retry_ms = k.last_retry_at;
        if self.owners_dirty && model != ConsumeModel::Pop {
            self.track_owners();
        }
        m
    }

    /// Records which live processes hold each queue, when that changed.
    fn track_owners(&mut self) {
        self.owners_dirty = false;
        let mut now: Vec<Vec<u32>> = vec![Vec::new(); self.queues.len()];
        for (c, cl) in self.clients.iter().enumerate() {
            if !cl.status.is_alive() {
                continue;
            }
            for pq in &cl.pqs {
                if let Some(list) = now.get_mut(pq.q) {
                    list.push(c as u32);
                }
            }
        }
        for (q, holders) in now.iter().enumerate() {
            if self.owners.get(q) != Some(holders) {
                self.owner_changes.push(OwnershipChange { at_ms: self.now, queue: q as u32, holders: holders.clone() });
            }
        }
        self.owners = now;
    }
}
