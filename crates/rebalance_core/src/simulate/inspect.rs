//! Looking at the world without changing it: the [`Snapshot`] for the site, and the
//! invariants the tests check at every tick (conservation above all).

use super::client::ConsumerStatus;
use super::config::ConsumeModel;
use super::metrics::{ConsumerView, QueueView, Snapshot, TickMetrics};
use super::world::World;

impl World {
    /// The full state now, with `metrics` as the group figures.
    pub(crate) fn snapshot(&self, metrics: TickMetrics, lags: &[u64]) -> Snapshot {
        let model = self.cfg.group.model;
        let mut holders: Vec<Vec<u32>> = vec![Vec::new(); self.queues.len()];
        let mut flow = vec![false; self.queues.len()];
        let mut blocked = vec![false; self.queues.len()];
        for (c, cl) in self.clients.iter().enumerate().filter(|(_, cl)| cl.status.is_alive()) {
            let mut add = |q: usize| {
                if let Some(h) = holders.get_mut(q) {
                    if !h.contains(&(c as u32)) {
                        h.push(c as u32);
                    }
                }
            };
            for pq in &cl.pqs {
                add(pq.q);
                if let Some(f) = flow.get_mut(pq.q) {
                    *f |= pq.flow_controlled;
                }
                if let Some(b) = blocked.get_mut(pq.q) {
                    let failing = self
                        .queues
                        .get(pq.q)
                        .and_then(|x| x.failing)
                        .is_some_and(|f| f.active(self.now) && f.from <= pq.done_to && pq.done_to < f.to);
                    *b |= self.cfg.group.orderly && (!self.lock_valid(pq) || failing);
                }
            }
            for d in &cl.deliveries {
                add(d.q);
            }
        }
        let queues = self
            .queues
            .iter()
            .enumerate()
            .map(|(q, x)| {
                let h = holders.get(q).cloned().unwrap_or_default();
                QueueView {
                    index: q as u32,
                    mq: x.mq.clone(),
                    min_offset: x.min,
                    max_offset: x.max,
                    consumer_offset: if model == ConsumeModel::Pop { x.pop_cursor } else { x.committed },
                    lag: lags.get(q).copied().unwrap_or(0),
                    produce_rate: x.rate_milli() / 1_000,
                    owners: h.iter().filter_map(|&c| self.clients.get(c as usize)).map(|cl| cl.cid.clone()).collect(),
                    holders: h,
                    handoffs: x.handoffs,
                    duplicates: x.ledger.duplicates,
                    lost: x.ledger.lost,
                    flow_controlled: flow.get(q).copied().unwrap_or(false),
                    locked_by: if self.cfg.group.orderly { self.live_lock(x) } else { None },
                    blocked: blocked.get(q).copied().unwrap_or(false),
                    readable: x.readable,
                    writable: x.writable,
                    online: x.online,
                }
            })
            .collect();
        let consumers = self
            .clients
            .iter()
            .enumerate()
            .map(|(c, cl)| {
                let mut queues: Vec<u32> = cl.pqs.iter().map(|pq| pq.q as u32).collect();
                queues.extend(cl.deliveries.iter().map(|d| d.q as u32));
                queues.sort();
                queues.dedup();
                let cached = cl.pqs.iter().map(|pq| self.cached(c, pq) + pq.holding()).sum::<u64>()
                    + cl.deliveries.iter().map(|d| d.len() - d.processed).sum::<u64>();
                ConsumerView {
                    process: c as u32,
                    cid: cl.cid.clone(),
                    status: cl.status,
                    queues,
                    cached,
                    processed: cl.processed,
                    consume_rate: cl.rate,
                    subscription: self.expression(cl.mask),
                    view: cl.view.clone(),
                    registered: self.members.contains(c),
                    queues_gained: cl.gained,
                    queues_lost: cl.lost_queues,
                    rebalances: cl.rebalances,
                    retry_queues: if cl.status.is_alive() {
                        cl.retry_queues.iter().filter_map(|&i| self.retry_mqs.get(i).cloned()).collect()
                    } else {
                        Vec::new()
                    },
                    retries_delivered: cl.retries_delivered,
                }
            })
            .collect();
        Snapshot {
            metrics,
            queues,
            consumers,
            members: self.members.cid_all.clone(),
            subscription: self.expression(self.members.sub_mask),
        }
    }

    /// Checks the invariants; the first violation as a sentence.
    pub(crate) fn check(&self) -> Result<(), String> {
        let k = &self.counters;
        if k.processed != k.unique + k.duplicates {
            return Err(format!("processed {} != unique {} + duplicates {}", k.processed, k.unique, k.duplicates));
        }
        let mut settled = 0;
        let mut stored = 0;
        for (q, x) in self.queues.iter().enumerate() {
            if x.min > x.max {
                return Err(format!("Q{q}: MinOffset {} > MaxOffset {}", x.min, x.max));
            }
            if !x.writable && x.rate_milli() != 0 {
                return Err(format!("Q{q}: producers send to a queue beyond writeQueueNums"));
            }
            if !x.online && x.rate_milli() != 0 {
                return Err(format!("Q{q}: producers send to a stopped broker"));
            }
            if x.committed > x.max || x.pop_cursor > x.max {
                return Err(format!("Q{q}: ConsumerOffset {} beyond MaxOffset {}", x.committed, x.max));
            }
            let measure = x.ledger.measure(&self.tags, q);
            let l = &x.ledger;
            if measure != l.unique + l.lost + l.dead_lettered + l.filtered {
                return Err(format!("Q{q}: settled {measure} != unique + lost + dead-lettered + filtered"));
            }
            if x.ledger.fragments() > 10_000 {
                return Err(format!("Q{q}: ledger fragmented into {} intervals", x.ledger.fragments()));
            }
            if measure > x.max {
                return Err(format!("Q{q}: settled {measure} messages of {} produced", x.max));
            }
            settled += measure;
            stored += x.max;
        }
        if self.cfg.group.model != ConsumeModel::Broadcasting {
            if stored != k.produced {
                return Err(format!("produced {} != sum of MaxOffsets {stored}", k.produced));
            }
            if settled != k.unique + k.lost + k.dead_lettered + k.filtered {
                return Err(format!(
                    "settled {settled} != consumed once {} + lost {} + dead-lettered {} + filtered {}",
                    k.unique, k.lost, k.dead_lettered, k.filtered
                ));
            }
        }
        for cl in &self.clients {
            if cl.status.is_alive() {
                for pq in &cl.pqs {
                    let Some(x) = self.queues.get(pq.q) else {
                        return Err(format!("{} holds a queue that does not exist", cl.cid));
                    };
                    if pq.stuck.iter().any(|s| s.offset >= pq.done_to)
                        || pq.stuck.windows(2).any(|w| w[0].offset >= w[1].offset)
                    {
                        return Err(format!(
                            "{} Q{}: stuck messages {:?} not below done {}",
                            cl.cid, pq.q, pq.stuck, pq.done_to
                        ));
                    }
                    if pq.done_to > pq.pulled_to || pq.pulled_to > x.max {
                        return Err(format!(
                            "{} Q{}: done {} pulled {} max {}",
                            cl.cid, pq.q, pq.done_to, pq.pulled_to, x.max
                        ));
                    }
                }
                if cl.pqs.windows(2).any(|w| w[0].q >= w[1].q) {
                    return Err(format!("{} holds a queue twice", cl.cid));
                }
            } else if !cl.pqs.is_empty() {
                return Err(format!("{} is gone but holds queues", cl.cid));
            }
            for d in &cl.deliveries {
                if d.processed > d.len() || d.acked > d.len() || d.end > self.queues.get(d.q).map_or(0, |x| x.max) {
                    return Err(format!("{}: inconsistent POP batch {d:?}", cl.cid));
                }
            }
            if cl.status == ConsumerStatus::Crashed && self.members.contains(cl.process) {
                let expiry = self.cfg.broker.channel_expiry_ms + self.cfg.broker.scan_interval_ms;
                let seen =
                    self.members.channels.iter().find(|ch| ch.process == cl.process).map_or(0, |ch| ch.last_seen);
                if self.now.saturating_sub(seen) > expiry + self.cfg.tick_ms {
                    return Err(format!("dead {} is still a member after its channel expired", cl.cid));
                }
            }
        }
        Ok(())
    }
}
