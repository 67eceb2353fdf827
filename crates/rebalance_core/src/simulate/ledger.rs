//! Message accounting without one record per message.
//!
//! Tags follow a fixed pattern per queue: with weights summing to `W`, the message at
//! `QueueOffset o` of queue `q` has the tag whose cumulative weight range holds
//! `(o + 37 q) mod W`. Counting the messages of some tags in an offset range is then
//! arithmetic, not a loop over messages.
//!
//! A [`Ledger`] records, per tag, which offsets the business has processed (or which have
//! been given up: lost or dead-lettered) as a short list of intervals. Processing a range
//! counts the part already covered as duplicates; giving up a range counts what was not
//! covered as lost. `unique + lost + dead_lettered` always equals the covered measure, so
//! "produced = consumed + lost + pending" can be checked at every tick.

use super::config::all_tags;

/// The tag pattern of the topic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TagTable {
    /// `[lo, hi)` of every tag inside one period.
    ranges: Vec<(u64, u64)>,
    period: u64,
    all: u8,
}

impl TagTable {
    /// The pattern for the given weights (validated: 1 ..= 8 tags, each >= 1).
    pub(crate) fn new(weights: &[u32]) -> Self {
        let mut lo = 0;
        let ranges = weights
            .iter()
            .map(|&w| {
                let r = (lo, lo + u64::from(w.max(1)));
                lo = r.1;
                r
            })
            .collect();
        TagTable { ranges, period: lo.max(1), all: all_tags(weights.len()) }
    }

    /// The mask of every tag.
    pub(crate) fn all(&self) -> u8 {
        self.all
    }

    /// Tags in the pattern.
    pub(crate) fn len(&self) -> usize {
        self.ranges.len()
    }

    fn shift(&self, q: usize) -> u64 {
        (q as u64).wrapping_mul(37) % self.period
    }

    /// The tag index of one message.
    #[cfg(test)]
    pub(crate) fn tag_of(&self, q: usize, offset: u64) -> usize {
        let p = (offset % self.period + self.shift(q)) % self.period;
        self.ranges.iter().position(|&(lo, hi)| lo <= p && p < hi).unwrap_or(0)
    }

    /// Messages of tag `t` among offsets `[0, m)` shifted by `s`.
    fn prefix(&self, t: usize, m: u64) -> u64 {
        let Some(&(lo, hi)) = self.ranges.get(t) else { return 0 };
        (m / self.period) * (hi - lo) + (m % self.period).clamp(lo, hi) - lo
    }

    /// Messages of tag `t` in `[a, b)` of queue `q`.
    pub(crate) fn count_tag(&self, q: usize, t: usize, a: u64, b: u64) -> u64 {
        if a >= b {
            return 0;
        }
        if self.ranges.len() == 1 {
            return b - a;
        }
        let s = self.shift(q);
        self.prefix(t, b + s) - self.prefix(t, a + s)
    }

    /// Messages matching `mask` in `[a, b)` of queue `q`.
    #[inline]
    pub(crate) fn count(&self, q: usize, mask: u8, a: u64, b: u64) -> u64 {
        if a >= b || mask == 0 {
            return 0;
        }
        if mask & self.all == self.all {
            return b - a;
        }
        (0..self.ranges.len()).filter(|t| mask & (1 << t) != 0).map(|t| self.count_tag(q, t, a, b)).sum()
    }

    /// Where processing `n` matching messages from `start` ends: just after the n-th match,
    /// or `limit` when `[start, limit)` holds no more than `n` matches (the skipped
    /// non-matching tail is passed over, as the client's offset does).
    #[inline]
    pub(crate) fn advance(&self, q: usize, mask: u8, start: u64, n: u64, limit: u64) -> u64 {
        if start >= limit {
            return start;
        }
        if mask & self.all == self.all {
            return (start + n).min(limit);
        }
        self.advance_filtered(q, mask, start, n, limit)
    }

    #[inline(never)]
    fn advance_filtered(&self, q: usize, mask: u8, start: u64, n: u64, limit: u64) -> u64 {
        if n == 0 || self.count(q, mask, start, limit) <= n {
            return if n == 0 { start } else { limit };
        }
        let per_period: u64 =
            self.ranges.iter().enumerate().filter(|(t, _)| mask & (1 << t) != 0).map(|(_, (lo, hi))| hi - lo).sum();
        if per_period == 0 {
            return limit;
        }
        let (mut x, mut left) = (start, n);
        if left > per_period {
            let k = (left - 1) / per_period;
            x += k * self.period;
            left -= k * per_period;
        }
        let s = self.shift(q);
        for _ in 0..(2 * self.ranges.len() + 2) {
            let p = (x % self.period + s) % self.period;
            let Some((t, &(_, hi))) = self.ranges.iter().enumerate().find(|(_, &(lo, hi))| lo <= p && p < hi) else {
                break;
            };
            let len = hi - p;
            if mask & (1 << t) != 0 {
                if len >= left {
                    return (x + left).min(limit);
                }
                left -= len;
            }
            x += len;
        }
        limit
    }
}

/// Sorted, disjoint, non-adjacent `[start, end)` intervals.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct IntervalSet {
    v: Vec<(u64, u64)>,
}

impl IntervalSet {
    /// Extends the last interval when `[a, b)` starts exactly at its end; whether it did.
    #[inline]
    fn extend_tail(&mut self, a: u64, b: u64) -> bool {
        match self.v.last_mut() {
            Some(last) if last.1 == a => {
                last.1 = b;
                true
            }
            _ => false,
        }
    }

    /// Adds `[a, b)`; returns the weight (by `w`) of the part that was already covered.
    pub(crate) fn insert(&mut self, a: u64, b: u64, w: impl Fn(u64, u64) -> u64) -> u64 {
        if a >= b {
            return 0;
        }
        match self.v.last_mut() {
            None => {
                self.v.push((a, b));
                return 0;
            }
            Some(last) if last.0 <= a && a <= last.1 => {
                let covered = w(a, b.min(last.1));
                last.1 = last.1.max(b);
                return covered;
            }
            Some(last) if a > last.1 => {
                self.v.push((a, b));
                return 0;
            }
            Some(_) => {}
        }
        let i = self.v.partition_point(|&(_, e)| e < a);
        let (mut lo, mut hi, mut covered, mut j) = (a, b, 0, i);
        while let Some(&(s, e)) = self.v.get(j) {
            if s > b {
                break;
            }
            if s.max(a) < e.min(b) {
                covered += w(s.max(a), e.min(b));
            }
            lo = lo.min(s);
            hi = hi.max(e);
            j += 1;
        }
        self.v.splice(i..j, [(lo, hi)]);
        covered
    }

    /// The weight of everything covered.
    pub(crate) fn measure(&self, w: impl Fn(u64, u64) -> u64) -> u64 {
        self.v.iter().map(|&(s, e)| w(s, e)).sum()
    }

    /// The weight of what is covered inside `[a, b)`.
    pub(crate) fn measure_in(&self, a: u64, b: u64, w: impl Fn(u64, u64) -> u64) -> u64 {
        let i = self.v.partition_point(|&(_, e)| e <= a);
        self.v.iter().skip(i).take_while(|&&(s, _)| s < b).map(|&(s, e)| w(s.max(a), e.min(b))).sum()
    }

    /// The first offset at or after `from` that is not covered.
    pub(crate) fn first_gap(&self, from: u64) -> u64 {
        let i = self.v.partition_point(|&(_, e)| e <= from);
        match self.v.get(i) {
            Some(&(s, e)) if s <= from => e,
            _ => from,
        }
    }

    /// Number of intervals (kept small by [`Ledger::resolve_below`]).
    pub(crate) fn len(&self) -> usize {
        self.v.len()
    }
}

/// Counts that a ledger operation changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Delta {
    pub processed: u64,
    pub unique: u64,
    pub duplicates: u64,
    pub lost: u64,
    pub dead_lettered: u64,
    pub filtered: u64,
}

/// Why messages are given up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GiveUp {
    /// Nobody will process them: lost for the tags in `wanted` (some member subscribes
    /// them), filtered by design for the others.
    Skipped { wanted: u8 },
    /// Sent to `%DLQ%group`.
    DeadLetter,
}

/// One queue's business-level accounting (per consumer in BROADCASTING).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Ledger {
    /// First offset this ledger accounts for.
    pub start: u64,
    /// Everything below is settled: processed, lost or dead-lettered.
    pub resolved_to: u64,
    tags: Vec<IntervalSet>,
    pub unique: u64,
    pub duplicates: u64,
    pub lost: u64,
    pub dead_lettered: u64,
    pub filtered: u64,
}

impl Ledger {
    pub(crate) fn new(tags: usize, start: u64) -> Self {
        Ledger {
            start,
            resolved_to: start,
            tags: vec![IntervalSet::default(); tags.max(1)],
            unique: 0,
            duplicates: 0,
            lost: 0,
            dead_lettered: 0,
            filtered: 0,
        }
    }

    /// The business processed the messages matching `mask` in `[a, b)`.
    #[inline]
    pub(crate) fn process(&mut self, tt: &TagTable, q: usize, mask: u8, a: u64, b: u64) -> Delta {
        let a = a.max(self.start);
        // Fast path: one tag, continuing exactly where the settled prefix ends.
        if let [set] = self.tags.as_mut_slice() {
            if a < b && mask & 1 == 1 && set.extend_tail(a, b) {
                let n = b - a;
                self.unique += n;
                return Delta { processed: n, unique: n, ..Delta::default() };
            }
        }
        self.process_slow(tt, q, mask, a, b)
    }

    #[inline(never)]
    fn process_slow(&mut self, tt: &TagTable, q: usize, mask: u8, a: u64, b: u64) -> Delta {
        let mut d = Delta::default();
        for (t, set) in self.tags.iter_mut().enumerate() {
            if mask & (1 << t) == 0 {
                continue;
            }
            let total = tt.count_tag(q, t, a, b);
            let dup = set.insert(a, b, |x, y| tt.count_tag(q, t, x, y));
            d.processed += total;
            d.duplicates += dup;
            d.unique += total - dup;
        }
        self.unique += d.unique;
        self.duplicates += d.duplicates;
        d
    }

    /// Gives up every message in `[a, b)` not processed yet.
    pub(crate) fn give_up(&mut self, tt: &TagTable, q: usize, a: u64, b: u64, why: GiveUp) -> Delta {
        let mut d = Delta::default();
        let a = a.max(self.start);
        for (t, set) in self.tags.iter_mut().enumerate() {
            let total = tt.count_tag(q, t, a, b);
            let covered = set.insert(a, b, |x, y| tt.count_tag(q, t, x, y));
            match why {
                GiveUp::DeadLetter => d.dead_lettered += total - covered,
                GiveUp::Skipped { wanted } if wanted & (1 << t) != 0 => d.lost += total - covered,
                GiveUp::Skipped { .. } => d.filtered += total - covered,
            }
        }
        self.lost += d.lost;
        self.dead_lettered += d.dead_lettered;
        self.filtered += d.filtered;
        d
    }

    /// Nobody can process anything below `floor` any more: what was skipped there is lost
    /// (or filtered, for tags no member wants).
    pub(crate) fn resolve_below(&mut self, tt: &TagTable, q: usize, floor: u64, wanted: u8) -> Delta {
        if floor <= self.resolved_to {
            return Delta::default();
        }
        let from = self.resolved_to;
        self.resolved_to = floor;
        if self.tags.iter().all(|set| set.first_gap(from) >= floor) {
            return Delta::default();
        }
        self.give_up(tt, q, from, floor, GiveUp::Skipped { wanted })
    }

    /// Messages of the tags in `mask` in `[a, b)` that are settled already (processed or given
    /// up): what a ProcessQueue starting at `a` hands to the business again.
    pub(crate) fn settled_in(&self, tt: &TagTable, q: usize, mask: u8, a: u64, b: u64) -> u64 {
        let a = a.max(self.start);
        if a >= b {
            return 0;
        }
        let sets = self.tags.iter().enumerate().filter(|(t, _)| mask & (1 << t) != 0);
        sets.map(|(t, set)| set.measure_in(a, b, |x, y| tt.count_tag(q, t, x, y))).sum()
    }

    /// Messages covered (processed or given up) in the ledger.
    pub(crate) fn measure(&self, tt: &TagTable, q: usize) -> u64 {
        self.tags.iter().enumerate().map(|(t, set)| set.measure(|x, y| tt.count_tag(q, t, x, y))).sum()
    }

    /// The lowest offset not yet settled for any tag (the oldest pending message).
    pub(crate) fn first_pending(&self) -> u64 {
        self.tags.iter().map(|s| s.first_gap(self.resolved_to)).min().unwrap_or(self.resolved_to)
    }

    /// Largest interval count over the tags (a health figure for tests).
    pub(crate) fn fragments(&self) -> usize {
        self.tags.iter().map(IntervalSet::len).max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_a_message_by_message_loop() {
        let tt = TagTable::new(&[7, 3, 5]);
        for q in 0..4 {
            for mask in 1..8u8 {
                for (a, b) in [(0, 0), (0, 1), (3, 40), (14, 15), (100, 333)] {
                    let slow = (a..b).filter(|&o| mask & (1 << tt.tag_of(q, o)) != 0).count() as u64;
                    assert_eq!(tt.count(q, mask, a, b), slow, "q={q} mask={mask} [{a},{b})");
                    for n in 0..20 {
                        let end = tt.advance(q, mask, a, n, b);
                        let got = tt.count(q, mask, a, end);
                        assert_eq!(got, n.min(slow), "advance q={q} mask={mask} a={a} n={n}");
                        if n > 0 && n < slow {
                            assert!(mask & (1 << tt.tag_of(q, end - 1)) != 0, "ends on a match");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn intervals_count_overlap_and_merge() {
        let w = |a: u64, b: u64| b - a;
        let mut s = IntervalSet::default();
        assert_eq!(s.insert(0, 10, w), 0);
        assert_eq!(s.insert(5, 15, w), 5);
        assert_eq!(s.insert(20, 30, w), 0);
        assert_eq!(s.insert(12, 25, w), 3 + 5);
        assert_eq!(s.len(), 1);
        assert_eq!(s.measure(w), 30);
        assert_eq!(s.insert(40, 50, w), 0);
        assert_eq!(s.first_gap(0), 30);
        assert_eq!(s.first_gap(45), 50);
    }

    #[test]
    fn ledger_conserves() {
        let tt = TagTable::new(&[1, 1]);
        let mut l = Ledger::new(2, 0);
        l.process(&tt, 0, 0b01, 0, 100);
        let d = l.resolve_below(&tt, 0, 100, 0b11);
        assert_eq!(d.lost, 50);
        let d = l.process(&tt, 0, 0b11, 50, 120);
        assert_eq!(d.duplicates, 50, "offsets 50..100: both tags were settled");
        assert_eq!(l.measure(&tt, 0), l.unique + l.lost + l.dead_lettered + l.filtered);
        let d = l.resolve_below(&tt, 0, 200, 0b01);
        assert_eq!((d.lost, d.filtered), (40, 40), "offsets 120..200: tag 0 wanted, tag 1 not");
    }
}
