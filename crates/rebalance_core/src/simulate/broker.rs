//! The broker side: every queue's offsets (production, retention, the group's committed
//! ConsumerOffset, the POP cursor, the orderly lock) and the group's member list
//! (ConsumerManager: channels, heartbeats, expiry, the registered subscription).

use std::sync::Arc;

use super::ledger::Ledger;
use crate::message_queue::java_cmp;
use crate::MessageQueue;

/// A stretch of constant production: `rate_milli` thousandths of a message per second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Segment {
    start_ms: u64,
    start_offset: u64,
    rate_milli: u64,
}

/// A message range that failed in the business and waits for its next attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Failing {
    pub from: u64,
    pub to: u64,
    /// The business works again from this time on (`None`: never).
    pub until: Option<u64>,
}

impl Failing {
    pub(crate) fn active(&self, now: u64) -> bool {
        self.until.is_none_or(|u| now < u)
    }
}

/// Messages of a queue that will get stuck in the business: the next `left` ones a consume
/// thread starts each run for `duration_ms` (`None`: forever).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stall {
    pub left: u32,
    pub duration_ms: Option<u64>,
}

/// A broker-side queue lock (orderly consumption), held by a cid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct QueueLock {
    pub cid: String,
    pub expires_at: u64,
}

/// One MessageQueue on its broker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct QueueState {
    pub mq: MessageQueue,
    segments: Vec<Segment>,
    backlog: u64,
    /// MinOffset.
    pub min: u64,
    /// MaxOffset.
    pub max: u64,
    /// The group's ConsumerOffset on the broker (CLUSTERING).
    pub committed: u64,
    /// Whether the broker has a stored ConsumerOffset of the group for this queue (`false`
    /// for a new group until a consumer is given the queue).
    pub stored: bool,
    /// Where a consumer started the queue when the broker had no offset for it.
    pub started_without_offset: Option<u64>,
    /// The consumeTimestamp the broker searched for that start (CONSUME_FROM_TIMESTAMP).
    pub searched_timestamp: Option<i64>,
    /// 5.x: the next offset to pop.
    pub pop_cursor: u64,
    /// Business-level accounting of the group (CLUSTERING and POP).
    pub ledger: Ledger,
    /// Orderly: the broker lock.
    pub lock: Option<QueueLock>,
    /// Messages that fail in the business.
    pub failing: Option<Failing>,
    /// Messages that will get stuck in the business.
    pub stall: Option<Stall>,
    /// Last store-time lookup (offset, time): the oldest pending offset rarely changes.
    pub store_cache: (u64, u64),
    /// The process that created the last ProcessQueue, for handoff counting.
    pub last_holder: Option<usize>,
    /// How many times a new process took the queue over.
    pub handoffs: u64,
    /// Its queueId is below the topic's readQueueNums: in the route's read set, pullable.
    pub readable: bool,
    /// Its queueId is below writeQueueNums: producers send to it.
    pub writable: bool,
    /// Its broker is running ([`super::Event::BrokerStop`]): in the route, reachable.
    pub online: bool,
    /// Since when its broker has been down and no pull has reached it (cleared by the first
    /// pull after the broker is back).
    pub unpulled_since: Option<u64>,
}

impl QueueState {
    pub(crate) fn new(mq: MessageQueue, tags: usize, now: u64, backlog: u64, rate_milli: u64) -> Self {
        QueueState {
            mq,
            segments: vec![Segment { start_ms: now, start_offset: backlog, rate_milli }],
            backlog,
            min: 0,
            max: backlog,
            committed: 0,
            stored: true,
            started_without_offset: None,
            searched_timestamp: None,
            pop_cursor: 0,
            ledger: Ledger::new(tags, 0),
            lock: None,
            failing: None,
            stall: None,
            store_cache: (u64::MAX, 0),
            last_holder: None,
            handoffs: 0,
            readable: true,
            writable: true,
            online: true,
            unpulled_since: None,
        }
    }

    fn segment_at(&self, t: u64) -> Option<&Segment> {
        let i = self.segments.partition_point(|s| s.start_ms <= t);
        i.checked_sub(1).and_then(|i| self.segments.get(i))
    }

    /// MaxOffset at time `t` (messages produced before `t`, plus the initial backlog).
    pub(crate) fn max_at(&self, t: u64) -> u64 {
        match self.segment_at(t) {
            Some(s) => s.start_offset + per_million(s.rate_milli, t - s.start_ms),
            None => self.backlog,
        }
    }

    /// Store time of the message at `offset` (the initial backlog is stored at time 0).
    pub(crate) fn store_time(&self, offset: u64) -> u64 {
        let i = self.segments.partition_point(|s| s.start_offset <= offset);
        let Some(s) = i.checked_sub(1).and_then(|i| self.segments.get(i)) else { return 0 };
        if offset < self.backlog || s.rate_milli == 0 {
            return s.start_ms;
        }
        // Smallest t with start_offset + rate * (t - start) / 1e6 > offset.
        s.start_ms + div_ceil(mul(offset - s.start_offset + 1, 1_000_000), s.rate_milli)
    }

    /// [`QueueState::store_time`] through a one-entry cache.
    pub(crate) fn store_time_cached(&mut self, offset: u64) -> u64 {
        if self.store_cache.0 != offset {
            self.store_cache = (offset, self.store_time(offset));
        }
        self.store_cache.1
    }

    /// The producers change this queue's rate from `now` on.
    pub(crate) fn set_rate(&mut self, now: u64, rate_milli: u64) {
        let start_offset = self.max_at(now);
        if let Some(last) = self.segments.last_mut() {
            if last.start_ms == now {
                last.rate_milli = rate_milli;
                last.start_offset = start_offset.max(last.start_offset);
                self.store_cache = (u64::MAX, 0);
                return;
            }
            if last.rate_milli == rate_milli {
                return;
            }
        }
        self.segments.push(Segment { start_ms: now, start_offset, rate_milli });
        self.store_cache = (u64::MAX, 0);
    }

    /// The current production rate in thousandths of a message per second.
    pub(crate) fn rate_milli(&self) -> u64 {
        self.segments.last().map_or(0, |s| s.rate_milli)
    }

    /// The first offset stored at or after `t`, within [MinOffset, MaxOffset]: the broker's
    /// `getOffsetInQueueByTime` with the LOWER boundary (MinOffset when every message is
    /// newer, MaxOffset when every one is older). Store times grow with the offset.
    pub(crate) fn offset_at_time(&self, t: u64) -> u64 {
        let (mut lo, mut hi) = (self.min, self.max);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.store_time(mid) >= t {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo
    }

    /// The broker's `searchOffset` answer for a time `t` on the run's clock that may lie before
    /// the run: [`QueueState::offset_at_time`] over store times that spread the history. The
    /// run's other figures (the oldest pending delay, `resetOffsetByTime`) see the history as
    /// stored at the queue's creation; a search for a consumeTimestamp needs to see when each
    /// message came, so here the history was produced at the queue's first rate up to its
    /// creation: the message `k` places before the first one of the run was stored `k / rate`
    /// earlier (the run's production mirrored backwards). Without a rate the whole history
    /// keeps the creation time.
    pub(crate) fn search_offset(&self, t: i64) -> u64 {
        let Some(first) = self.segments.first() else { return self.min };
        let created = i64::try_from(first.start_ms).unwrap_or(i64::MAX);
        let store_time = |offset: u64| -> i64 {
            if offset >= self.backlog {
                return i64::try_from(self.store_time(offset)).unwrap_or(i64::MAX);
            }
            if first.rate_milli == 0 {
                return created;
            }
            let before = mul_div(self.backlog - offset, 1_000_000, first.rate_milli);
            created.saturating_sub(i64::try_from(before).unwrap_or(i64::MAX))
        };
        let (mut lo, mut hi) = (self.min, self.max);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if store_time(mid) >= t {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo
    }

    /// Messages stored before the run started (at time 0).
    pub(crate) fn backlog(&self) -> u64 {
        self.backlog
    }

    /// `max(ConsumerOffset, MinOffset)`: where the group resumes.
    pub(crate) fn effective_committed(&self) -> u64 {
        self.committed.max(self.min)
    }
}

fn mul(a: u64, b: u64) -> u64 {
    a.saturating_mul(b)
}

/// `a * b / 1,000,000`, in 64 bits when it fits (always, for realistic rates and times).
fn per_million(a: u64, b: u64) -> u64 {
    match a.checked_mul(b) {
        Some(x) => x / 1_000_000,
        None => mul_div(a, b, 1_000_000),
    }
}

fn mul_div(a: u64, b: u64, d: u64) -> u64 {
    u64::try_from(u128::from(a) * u128::from(b) / u128::from(d.max(1))).unwrap_or(u64::MAX)
}

fn div_ceil(a: u64, d: u64) -> u64 {
    a.div_ceil(d.max(1))
}

/// Splits a total rate (msg/s) over `n` queues in thousandths of a message per second:
/// uniform, or `hot_percent` of it over the hot queues.
pub(crate) fn split_rate(total: u64, n: usize, hot: &[u32], hot_percent: u32) -> Vec<u64> {
    let total_milli = total.saturating_mul(1_000);
    let is_hot: Vec<bool> = (0..n).map(|q| hot.iter().any(|&h| h as usize == q)).collect();
    let hot_n = is_hot.iter().filter(|&&h| h).count() as u64;
    let cold_n = n as u64 - hot_n;
    let (hot_total, cold_total) = if hot_n == 0 || hot_percent == 0 {
        (0, total_milli)
    } else if cold_n == 0 {
        (total_milli, 0)
    } else {
        let h = mul_div(total_milli, u64::from(hot_percent.min(100)), 100);
        (h, total_milli - h)
    };
    let share = |sum: u64, count: u64, k: u64| {
        sum.checked_div(count).map_or(0, |each| each + u64::from(k < sum % count.max(1)))
    };
    let (mut hk, mut ck) = (0, 0);
    is_hot
        .iter()
        .map(|&h| {
            if h {
                hk += 1;
                share(hot_total, hot_n, hk - 1)
            } else {
                ck += 1;
                share(cold_total, cold_n, ck - 1)
            }
        })
        .collect()
}

/// The topic route at some moment as a consumer sees it: `mqAll` sorted as RocketMQ sorts it,
/// and the stable queue index of each entry. Only readable queues of running brokers are in
/// it (`MQClientInstance.topicRouteData2TopicSubscribeInfo` creates queues `0 ..
/// readQueueNums` of each broker the name server lists).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Route {
    pub mq_all: Vec<MessageQueue>,
    pub ids: Vec<usize>,
}

impl Route {
    pub(crate) fn new(queues: &[QueueState]) -> Arc<Self> {
        let mut pairs: Vec<(MessageQueue, usize)> =
            queues.iter().enumerate().filter(|(_, q)| q.readable && q.online).map(|(i, q)| (q.mq.clone(), i)).collect();
        pairs.sort();
        let (mq_all, ids) = pairs.into_iter().unzip();
        Arc::new(Route { mq_all, ids })
    }

    /// Whether the route lists a queue of broker `name`.
    pub(crate) fn has_broker(&self, name: &str) -> bool {
        self.mq_all.iter().any(|mq| mq.broker_name == name)
    }

    /// The stable index of a queue of this route.
    pub(crate) fn id_of(&self, mq: &MessageQueue) -> Option<usize> {
        self.mq_all.binary_search(mq).ok().and_then(|i| self.ids.get(i).copied())
    }
}

/// One broker of the topic: whether it runs, and, after a restart, which consumers have
/// registered with it again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BrokerState {
    pub name: String,
    /// Its address as clients print it ([`super::log::broker_addr`]).
    pub addr: String,
    pub online: bool,
    /// Restarted during the run: its ConsumerManager starts empty, so the group's members
    /// register with it again, one heartbeat each.
    pub restarted: bool,
    /// The processes registered with it since its restart.
    pub registered: Vec<usize>,
}

/// One consumer connection as the broker sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Channel {
    pub process: usize,
    pub cid: String,
    pub last_seen: u64,
}

/// What a heartbeat changed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct HeartbeatOutcome {
    pub registered: bool,
    /// ConsumerGroupInfo.updateSubscription replaced the group's subscription by a newer one:
    /// (old mask, old subVersion, new mask, new subVersion).
    pub subscription_changed: Option<(u8, u64, u8, u64)>,
    /// The group had no subscription yet (`add new topic`): (mask, subVersion).
    pub subscription_added: Option<(u8, u64)>,
}

/// The group as the broker knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Membership {
    pub channels: Vec<Channel>,
    /// cidAll, sorted in Java order (a clashing cid appears once per channel).
    pub cid_all: Vec<String>,
    /// Bumped whenever cidAll changes.
    pub version: u64,
    /// The registered subscription (tag mask) and its subVersion: the newest wins.
    pub sub_mask: u8,
    pub sub_version: u64,
    /// The registered subscription's printed subVersion.
    pub sub_version_ms: u64,
    pub next_scan: u64,
}

impl Membership {
    pub(crate) fn new(all_tags: u8) -> Self {
        Membership {
            channels: Vec::new(),
            cid_all: Vec::new(),
            version: 0,
            sub_mask: all_tags,
            sub_version: 0,
            sub_version_ms: 0,
            next_scan: 0,
        }
    }

    fn rebuild(&mut self) {
        self.cid_all = self.channels.iter().map(|c| c.cid.clone()).collect();
        self.cid_all.sort_by(|a, b| java_cmp(a, b));
        self.version += 1;
    }

    /// A heartbeat from `process`: registers it when new, refreshes it otherwise, and takes
    /// its subscription when its subVersion is newer.
    pub(crate) fn heartbeat(
        &mut self,
        process: usize,
        cid: &str,
        now: u64,
        mask: u8,
        (sub_version, sub_version_ms): (u64, u64),
    ) -> HeartbeatOutcome {
        let mut out = HeartbeatOutcome::default();
        match self.channels.iter_mut().find(|c| c.process == process) {
            Some(c) => c.last_seen = now,
            None => {
                self.channels.push(Channel { process, cid: cid.to_owned(), last_seen: now });
                self.rebuild();
                out.registered = true;
            }
        }
        // ConsumerGroupInfo.updateSubscription: the first subscription of the topic is added,
        // a newer subVersion replaces the registered one (also with the same expression).
        if self.sub_version == 0 {
            out.subscription_added = Some((mask, sub_version_ms));
        } else if sub_version > self.sub_version {
            out.subscription_changed = Some((self.sub_mask, self.sub_version_ms, mask, sub_version_ms));
        }
        if sub_version > self.sub_version || self.sub_version == 0 {
            self.sub_mask = mask;
            self.sub_version = sub_version;
            self.sub_version_ms = sub_version_ms;
        }
        out
    }

    /// Removes a process's channel; whether it was there.
    pub(crate) fn remove(&mut self, process: usize) -> bool {
        let before = self.channels.len();
        self.channels.retain(|c| c.process != process);
        let removed = self.channels.len() != before;
        if removed {
            self.rebuild();
        }
        removed
    }

    /// Removes the channels silent for longer than `expiry`; returns them.
    pub(crate) fn expire(&mut self, now: u64, expiry: u64) -> Vec<Channel> {
        let (gone, kept): (Vec<Channel>, Vec<Channel>) =
            std::mem::take(&mut self.channels).into_iter().partition(|c| now.saturating_sub(c.last_seen) > expiry);
        self.channels = kept;
        if !gone.is_empty() {
            self.rebuild();
        }
        gone
    }

    /// When `process`'s channel was last refreshed (`ClientChannelInfo.lastUpdateTimestamp`).
    pub(crate) fn last_seen(&self, process: usize) -> Option<u64> {
        self.channels.iter().find(|c| c.process == process).map(|c| c.last_seen)
    }

    pub(crate) fn contains(&self, process: usize) -> bool {
        self.channels.iter().any(|c| c.process == process)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn production_and_store_times_agree() {
        let mut q = QueueState::new(MessageQueue::new("T", "b", 0), 1, 0, 10, 125_000);
        assert_eq!(q.max_at(0), 10);
        assert_eq!(q.max_at(1_000), 135);
        assert_eq!(q.store_time(5), 0);
        for o in 10..135 {
            let t = q.store_time(o);
            assert!(q.max_at(t) > o && q.max_at(t - 1) <= o, "offset {o} at {t}");
        }
        q.set_rate(1_000, 0);
        assert_eq!(q.max_at(5_000), 135);
        q.set_rate(5_000, 1_000_000);
        assert_eq!(q.max_at(6_000), 1_135);
        assert_eq!(q.store_time(135), 5_001);
    }

    #[test]
    fn the_search_sees_the_history_produced_at_the_first_rate() {
        // 7,200 messages before the run at 2 msg/s: offset o was stored (7,200 − o) × 500 ms
        // before 0, so 30 minutes before the run is offset 7,200 − 1,800 × 2 = 3,600.
        let q = QueueState::new(MessageQueue::new("T", "b", 0), 1, 0, 7_200, 2_000);
        assert_eq!(q.search_offset(-1_800_000), 3_600);
        assert_eq!(q.search_offset(-1_800_001), 3_600);
        assert_eq!(q.search_offset(-1_799_999), 3_601);
        // LOWER boundary: MinOffset when every message is newer, MaxOffset when every one is older.
        assert_eq!(q.search_offset(-10 * 3_600_000), 0);
        assert_eq!(q.search_offset(0), 7_200);
        assert_eq!(q.search_offset(0), q.offset_at_time(1));
        // Without a rate the history keeps the creation time.
        let still = QueueState::new(MessageQueue::new("T", "b", 1), 1, 0, 300, 0);
        assert_eq!(still.search_offset(-1_800_000), 0);
        assert_eq!(still.search_offset(1), 300);
    }

    #[test]
    fn rates_split_exactly() {
        let r = split_rate(1_000, 8, &[], 0);
        assert_eq!(r.iter().sum::<u64>(), 1_000_000);
        let r = split_rate(1_001, 3, &[0], 50);
        assert_eq!(r.iter().sum::<u64>(), 1_001_000);
        assert_eq!(r[0], 500_500);
        let r = split_rate(10, 2, &[0, 1], 30);
        assert_eq!(r, vec![5_000, 5_000]);
    }
}
