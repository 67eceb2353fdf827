//! `MessageQueue` and the orderings RocketMQ's `RebalanceImpl` relies on.
//!
//! Java compares strings by UTF-16 code unit (`String.compareTo`); Rust's `str` compares by
//! UTF-8 byte, which differs for characters above U+FFFF against U+E000..U+FFFF. Every sort
//! here goes through [`java_cmp`] so that all clients (and this port) agree on one order.
//!
//! `MessageQueue.compareTo` subtracts queue ids in `int` ([`java_compare`]): with ids more
//! than `i32::MAX` apart it is not an order, and `Collections.sort(mqAll)` then gives whatever
//! Java's TimSort does, or throws. [`rebalance_mq_all`] sorts as Java does in every case.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Result;

/// `(topic, brokerName, queueId)`: the unit of parallelism and of order in the classic model.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MessageQueue {
    /// The topic this queue belongs to.
    pub topic: String,
    /// The broker (master) that stores the queue.
    pub broker_name: String,
    /// The queue's index on that broker.
    pub queue_id: i32,
}

impl MessageQueue {
    /// A queue of `topic` on `broker_name` with id `queue_id`.
    pub fn new(topic: impl Into<String>, broker_name: impl Into<String>, queue_id: i32) -> Self {
        Self { topic: topic.into(), broker_name: broker_name.into(), queue_id }
    }
}

/// `MessageQueue.toString()`: also the key hashed onto the CONSISTENT_HASH ring.
impl fmt::Display for MessageQueue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MessageQueue [topic={}, brokerName={}, queueId={}]", self.topic, self.broker_name, self.queue_id)
    }
}

/// The total order sorted collections need: topic, then brokerName (Java string order), then
/// queueId. It is `MessageQueue.compareTo` whenever the ids it compares are at most
/// `i32::MAX` apart (every real route: ids run from 0 to the queue count); [`java_compare`]
/// is `compareTo` for any ids.
impl Ord for MessageQueue {
    fn cmp(&self, other: &Self) -> Ordering {
        java_cmp(&self.topic, &other.topic)
            .then_with(|| java_cmp(&self.broker_name, &other.broker_name))
            .then_with(|| self.queue_id.cmp(&other.queue_id))
    }
}

impl PartialOrd for MessageQueue {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `a.compareTo(b)` exactly as RocketMQ's `MessageQueue` writes it: topic, then brokerName,
/// then `this.queueId - o.queueId` in Java `int` arithmetic. The subtraction wraps, so ids
/// more than `i32::MAX` apart compare the wrong way round (`i32::MIN` against 1 is greater)
/// and the result is not an order (not transitive; `0` against `i32::MIN` is less both ways).
pub fn java_compare(a: &MessageQueue, b: &MessageQueue) -> Ordering {
    java_cmp(&a.topic, &b.topic)
        .then_with(|| java_cmp(&a.broker_name, &b.broker_name))
        .then_with(|| a.queue_id.wrapping_sub(b.queue_id).cmp(&0))
}

/// Whether [`java_compare`] is the total order [`Ord`] on these queues: the ids of each
/// (topic, broker) are at most `i32::MAX` apart. Then any stable sort sorts as Java does.
fn compare_to_is_total(queues: &[MessageQueue]) -> bool {
    let span = |(low, high): (i32, i32)| i64::from(high) - i64::from(low) <= i64::from(i32::MAX);
    let ids = queues.iter().map(|mq| mq.queue_id);
    if span((ids.clone().min().unwrap_or(0), ids.max().unwrap_or(0))) {
        return true;
    }
    let mut ranges: HashMap<(&str, &str), (i32, i32)> = HashMap::new();
    for mq in queues {
        let range = ranges.entry((&mq.topic, &mq.broker_name)).or_insert((mq.queue_id, mq.queue_id));
        *range = (range.0.min(mq.queue_id), range.1.max(mq.queue_id));
    }
    ranges.into_values().all(span)
}

/// Java's `String.compareTo`: lexicographic by UTF-16 code unit, case-sensitive.
pub fn java_cmp(a: &str, b: &str) -> Ordering {
    // Fast path: for ASCII (and in general below U+E000) byte order equals UTF-16 order.
    if a.is_ascii() && b.is_ascii() {
        return a.as_bytes().cmp(b.as_bytes());
    }
    a.encode_utf16().cmp(b.encode_utf16())
}

/// Sorts client ids as `Collections.sort(cidAll)` does (duplicates are kept).
pub fn sort_cids(cids: &mut [String]) {
    crate::order::sort_by(cids, |a, b| java_cmp(a, b));
}

/// RebalanceImpl's `mqAll`: the topic's queues as a set (a repeated queue once) sorted by
/// `Collections.sort`, or Java's error when that sort throws (see
/// [`Error::ComparisonContract`]).
///
/// When [`java_compare`] is not an order, Java's result depends on the list's order before
/// sorting; RocketMQ's is the iteration order of the route's `HashSet`, here it is the order
/// given (first occurrences).
pub fn rebalance_mq_all(queues: &[MessageQueue]) -> Result<Vec<MessageQueue>> {
    if compare_to_is_total(queues) {
        let mut mq_all = queues.to_vec();
        crate::order::sort(&mut mq_all);
        mq_all.dedup();
        return Ok(mq_all);
    }
    let mut seen: HashSet<&MessageQueue> = HashSet::with_capacity(queues.len());
    let mut order: Vec<usize> = (0..queues.len()).filter(|&i| seen.insert(&queues[i])).collect();
    java_sort::sort(&mut order, &mut |a, b| java_compare(&queues[a], &queues[b]))?;
    Ok(order.into_iter().map(|i| queues[i].clone()).collect())
}

/// Sorts queues as `Collections.sort(mqAll)` does, a repeated queue next to its first copy
/// (so `dedup` then leaves [`rebalance_mq_all`]). Where Java's sort would throw, the queues
/// are left in [`Ord`]'s order.
pub fn sort_queues(queues: &mut [MessageQueue]) {
    if !compare_to_is_total(queues) {
        if let Ok(distinct) = rebalance_mq_all(queues) {
            let mut copies: HashMap<&MessageQueue, usize> = HashMap::with_capacity(queues.len());
            for mq in queues.iter() {
                *copies.entry(mq).or_default() += 1;
            }
            let sorted: Vec<MessageQueue> = distinct
                .iter()
                .flat_map(|mq| std::iter::repeat_n(mq, copies.get(mq).copied().unwrap_or(1)))
                .cloned()
                .collect();
            queues.clone_from_slice(&sorted);
            return;
        }
    }
    crate::order::sort(queues);
}

/// Java's `ComparableTimSort` (`Collections.sort` on a list of `Comparable`s, JDK 7 and
/// later), step for step, on positions: with a comparison that is not an order only the same
/// steps give Java's result (or its "Comparison method violates its general contract!").
/// Below 32 elements: the first run made ascending, then binary insertion; above: runs of at
/// least `minRun` merged with galloping. Only used when [`java_compare`] is not an order.
mod java_sort {
    use std::cmp::Ordering::{self, Greater, Less};

    use crate::{Error, Result};

    const MIN_MERGE: usize = 32;
    const MIN_GALLOP: isize = 7;

    /// `cmp(x, y)` is `x.compareTo(y)`: the argument order matters (it is not antisymmetric).
    type Cmp<'a> = dyn FnMut(usize, usize) -> Ordering + 'a;

    /// `ComparableTimSort.sort(a, 0, a.length)`.
    pub(super) fn sort(a: &mut [usize], cmp: &mut Cmp) -> Result<()> {
        let n = a.len();
        if n < 2 {
            return Ok(());
        }
        if n < MIN_MERGE {
            let run = count_run_and_make_ascending(a, 0, n, cmp);
            binary_sort(a, 0, n, run, cmp);
            return Ok(());
        }
        let mut merger = Merger { runs: Vec::new(), min_gallop: MIN_GALLOP };
        let min_run = min_run_length(n);
        let mut lo = 0;
        while lo < n {
            let mut run = count_run_and_make_ascending(a, lo, n, cmp);
            if run < min_run {
                let force = (n - lo).min(min_run);
                binary_sort(a, lo, lo + force, lo + run, cmp);
                run = force;
            }
            merger.runs.push((lo, run));
            merger.merge_collapse(a, cmp)?;
            lo += run;
        }
        merger.merge_force_collapse(a, cmp)
    }

    /// Binary insertion of `a[start..hi]` into the sorted `a[lo..start]`.
    fn binary_sort(a: &mut [usize], lo: usize, hi: usize, start: usize, cmp: &mut Cmp) {
        for start in start.max(lo + 1)..hi {
            let pivot = a[start];
            let (mut left, mut right) = (lo, start);
            while left < right {
                let mid = (left + right) / 2;
                if cmp(pivot, a[mid]) == Less {
                    right = mid;
                } else {
                    left = mid + 1;
                }
            }
            a.copy_within(left..start, left + 1);
            a[left] = pivot;
        }
    }

    /// The run starting at `lo` (strictly descending ones reversed), and its length.
    fn count_run_and_make_ascending(a: &mut [usize], lo: usize, hi: usize, cmp: &mut Cmp) -> usize {
        let mut run_hi = lo + 1;
        if run_hi == hi {
            return 1;
        }
        run_hi += 1;
        if cmp(a[lo + 1], a[lo]) == Less {
            while run_hi < hi && cmp(a[run_hi], a[run_hi - 1]) == Less {
                run_hi += 1;
            }
            a[lo..run_hi].reverse();
        } else {
            while run_hi < hi && cmp(a[run_hi], a[run_hi - 1]) != Less {
                run_hi += 1;
            }
        }
        run_hi - lo
    }

    fn min_run_length(mut n: usize) -> usize {
        let mut r = 0;
        while n >= MIN_MERGE {
            r |= n & 1;
            n >>= 1;
        }
        n + r
    }

    /// Where `key` goes in `arr[base..base + len]`, before equal elements, searching from
    /// `hint` outwards.
    fn gallop_left(key: usize, arr: &[usize], base: usize, len: usize, hint: usize, cmp: &mut Cmp) -> usize {
        let (base, len, hint) = (base as isize, len as isize, hint as isize);
        let at = |i: isize| arr[i as usize];
        let (mut last_ofs, mut ofs) = (0isize, 1isize);
        if cmp(key, at(base + hint)) == Greater {
            let max_ofs = len - hint;
            while ofs < max_ofs && cmp(key, at(base + hint + ofs)) == Greater {
                last_ofs = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = ofs.min(max_ofs);
            last_ofs += hint;
            ofs += hint;
        } else {
            let max_ofs = hint + 1;
            while ofs < max_ofs && cmp(key, at(base + hint - ofs)) != Greater {
                last_ofs = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = ofs.min(max_ofs);
            (last_ofs, ofs) = (hint - ofs, hint - last_ofs);
        }
        last_ofs += 1;
        while last_ofs < ofs {
            let m = last_ofs + ((ofs - last_ofs) >> 1);
            if cmp(key, at(base + m)) == Greater {
                last_ofs = m + 1;
            } else {
                ofs = m;
            }
        }
        ofs as usize
    }

    /// Where `key` goes in `arr[base..base + len]`, after equal elements.
    fn gallop_right(key: usize, arr: &[usize], base: usize, len: usize, hint: usize, cmp: &mut Cmp) -> usize {
        let (base, len, hint) = (base as isize, len as isize, hint as isize);
        let at = |i: isize| arr[i as usize];
        let (mut last_ofs, mut ofs) = (0isize, 1isize);
        if cmp(key, at(base + hint)) == Less {
            let max_ofs = hint + 1;
            while ofs < max_ofs && cmp(key, at(base + hint - ofs)) == Less {
                last_ofs = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = ofs.min(max_ofs);
            (last_ofs, ofs) = (hint - ofs, hint - last_ofs);
        } else {
            let max_ofs = len - hint;
            while ofs < max_ofs && cmp(key, at(base + hint + ofs)) != Less {
                last_ofs = ofs;
                ofs = (ofs << 1) + 1;
            }
            ofs = ofs.min(max_ofs);
            last_ofs += hint;
            ofs += hint;
        }
        last_ofs += 1;
        while last_ofs < ofs {
            let m = last_ofs + ((ofs - last_ofs) >> 1);
            if cmp(key, at(base + m)) == Less {
                ofs = m;
            } else {
                last_ofs = m + 1;
            }
        }
        ofs as usize
    }

    /// The stack of pending runs `(base, len)` and the adaptive galloping threshold.
    struct Merger {
        runs: Vec<(usize, usize)>,
        min_gallop: isize,
    }

    impl Merger {
        fn len(&self, i: usize) -> usize {
            self.runs[i].1
        }

        /// Merges until the run lengths shrink like Fibonacci numbers down the stack.
        fn merge_collapse(&mut self, a: &mut [usize], cmp: &mut Cmp) -> Result<()> {
            while self.runs.len() > 1 {
                let mut n = self.runs.len() - 2;
                if n > 0 && self.len(n - 1) <= self.len(n) + self.len(n + 1)
                    || n > 1 && self.len(n - 2) <= self.len(n) + self.len(n - 1)
                {
                    if self.len(n - 1) < self.len(n + 1) {
                        n -= 1;
                    }
                } else if self.len(n) > self.len(n + 1) {
                    break;
                }
                self.merge_at(n, a, cmp)?;
            }
            Ok(())
        }

        fn merge_force_collapse(&mut self, a: &mut [usize], cmp: &mut Cmp) -> Result<()> {
            while self.runs.len() > 1 {
                let mut n = self.runs.len() - 2;
                if n > 0 && self.len(n - 1) < self.len(n + 1) {
                    n -= 1;
                }
                self.merge_at(n, a, cmp)?;
            }
            Ok(())
        }

        /// Merges runs `i` and `i + 1`, after skipping what is already in place.
        fn merge_at(&mut self, i: usize, a: &mut [usize], cmp: &mut Cmp) -> Result<()> {
            let (base1, len1) = self.runs[i];
            let (base2, len2) = self.runs[i + 1];
            self.runs[i].1 = len1 + len2;
            self.runs.remove(i + 1);
            let k = gallop_right(a[base2], a, base1, len1, 0, cmp);
            let (base1, len1) = (base1 + k, len1 - k);
            if len1 == 0 {
                return Ok(());
            }
            let len2 = gallop_left(a[base1 + len1 - 1], a, base2, len2, len2 - 1, cmp);
            if len2 == 0 {
                return Ok(());
            }
            if len1 <= len2 {
                self.merge_lo(a, base1, len1, base2, len2, cmp)
            } else {
                self.merge_hi(a, base1, len1, base2, len2, cmp)
            }
        }

        /// Merges from the left, the first run copied aside.
        fn merge_lo(
            &mut self,
            a: &mut [usize],
            base1: usize,
            mut len1: usize,
            base2: usize,
            mut len2: usize,
            cmp: &mut Cmp,
        ) -> Result<()> {
            let tmp = a[base1..base1 + len1].to_vec();
            let (mut c1, mut c2, mut dest) = (0, base2, base1);
            a[dest] = a[c2];
            (dest, c2, len2) = (dest + 1, c2 + 1, len2 - 1);
            if len2 == 0 {
                a[dest..dest + len1].copy_from_slice(&tmp[c1..c1 + len1]);
                return Ok(());
            }
            if len1 == 1 {
                a.copy_within(c2..c2 + len2, dest);
                a[dest + len2] = tmp[c1];
                return Ok(());
            }
            let mut min_gallop = self.min_gallop;
            'outer: loop {
                let (mut count1, mut count2) = (0isize, 0isize);
                // One element at a time until one run wins `min_gallop` times in a row.
                loop {
                    if cmp(a[c2], tmp[c1]) == Less {
                        a[dest] = a[c2];
                        (dest, c2, len2) = (dest + 1, c2 + 1, len2 - 1);
                        (count1, count2) = (0, count2 + 1);
                        if len2 == 0 {
                            break 'outer;
                        }
                    } else {
                        a[dest] = tmp[c1];
                        (dest, c1, len1) = (dest + 1, c1 + 1, len1 - 1);
                        (count1, count2) = (count1 + 1, 0);
                        if len1 == 1 {
                            break 'outer;
                        }
                    }
                    if (count1 | count2) >= min_gallop {
                        break;
                    }
                }
                // Galloping while it pays.
                loop {
                    let k = gallop_right(a[c2], &tmp, c1, len1, 0, cmp);
                    count1 = k as isize;
                    if k != 0 {
                        a[dest..dest + k].copy_from_slice(&tmp[c1..c1 + k]);
                        (dest, c1, len1) = (dest + k, c1 + k, len1 - k);
                        if len1 <= 1 {
                            break 'outer;
                        }
                    }
                    a[dest] = a[c2];
                    (dest, c2, len2) = (dest + 1, c2 + 1, len2 - 1);
                    if len2 == 0 {
                        break 'outer;
                    }
                    let k = gallop_left(tmp[c1], a, c2, len2, 0, cmp);
                    count2 = k as isize;
                    if k != 0 {
                        a.copy_within(c2..c2 + k, dest);
                        (dest, c2, len2) = (dest + k, c2 + k, len2 - k);
                        if len2 == 0 {
                            break 'outer;
                        }
                    }
                    a[dest] = tmp[c1];
                    (dest, c1, len1) = (dest + 1, c1 + 1, len1 - 1);
                    if len1 == 1 {
                        break 'outer;
                    }
                    min_gallop -= 1;
                    if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                        break;
                    }
                }
                min_gallop = min_gallop.max(0) + 2;
            }
            self.min_gallop = min_gallop.max(1);
            match len1 {
                1 => {
                    a.copy_within(c2..c2 + len2, dest);
                    a[dest + len2] = tmp[c1];
                }
                0 => return Err(Error::ComparisonContract),
                _ => a[dest..dest + len1].copy_from_slice(&tmp[c1..c1 + len1]),
            }
            Ok(())
        }

        /// Merges from the right, the second run copied aside. Cursors are signed: they step
        /// one below a run's start when it runs out.
        fn merge_hi(
            &mut self,
            a: &mut [usize],
            base1: usize,
            len1: usize,
            base2: usize,
            len2: usize,
            cmp: &mut Cmp,
        ) -> Result<()> {
            let tmp = a[base2..base2 + len2].to_vec();
            let ix = |i: isize| i as usize;
            let (mut len1, mut len2) = (len1 as isize, len2 as isize);
            let mut c1 = (base1 as isize) + len1 - 1;
            let mut c2 = len2 - 1;
            let mut dest = (base2 as isize) + len2 - 1;
            a[ix(dest)] = a[ix(c1)];
            (dest, c1, len1) = (dest - 1, c1 - 1, len1 - 1);
            if len1 == 0 {
                a[ix(dest - (len2 - 1))..=ix(dest)].copy_from_slice(&tmp[..ix(len2)]);
                return Ok(());
            }
            if len2 == 1 {
                (dest, c1) = (dest - len1, c1 - len1);
                a.copy_within(ix(c1 + 1)..ix(c1 + 1 + len1), ix(dest + 1));
                a[ix(dest)] = tmp[ix(c2)];
                return Ok(());
            }
            let mut min_gallop = self.min_gallop;
            'outer: loop {
                let (mut count1, mut count2) = (0isize, 0isize);
                loop {
                    if cmp(tmp[ix(c2)], a[ix(c1)]) == Less {
                        a[ix(dest)] = a[ix(c1)];
                        (dest, c1, len1) = (dest - 1, c1 - 1, len1 - 1);
                        (count1, count2) = (count1 + 1, 0);
                        if len1 == 0 {
                            break 'outer;
                        }
                    } else {
                        a[ix(dest)] = tmp[ix(c2)];
                        (dest, c2, len2) = (dest - 1, c2 - 1, len2 - 1);
                        (count1, count2) = (0, count2 + 1);
                        if len2 == 1 {
                            break 'outer;
                        }
                    }
                    if (count1 | count2) >= min_gallop {
                        break;
                    }
                }
                loop {
                    count1 = len1 - gallop_right(tmp[ix(c2)], a, base1, ix(len1), ix(len1 - 1), cmp) as isize;
                    if count1 != 0 {
                        (dest, c1, len1) = (dest - count1, c1 - count1, len1 - count1);
                        a.copy_within(ix(c1 + 1)..ix(c1 + 1 + count1), ix(dest + 1));
                        if len1 == 0 {
                            break 'outer;
                        }
                    }
                    a[ix(dest)] = tmp[ix(c2)];
                    (dest, c2, len2) = (dest - 1, c2 - 1, len2 - 1);
                    if len2 == 1 {
                        break 'outer;
                    }
                    count2 = len2 - gallop_left(a[ix(c1)], &tmp, 0, ix(len2), ix(len2 - 1), cmp) as isize;
                    if count2 != 0 {
                        (dest, c2, len2) = (dest - count2, c2 - count2, len2 - count2);
                        a[ix(dest + 1)..ix(dest + 1 + count2)].copy_from_slice(&tmp[ix(c2 + 1)..ix(c2 + 1 + count2)]);
                        if len2 <= 1 {
                            break 'outer;
                        }
                    }
                    a[ix(dest)] = a[ix(c1)];
                    (dest, c1, len1) = (dest - 1, c1 - 1, len1 - 1);
                    if len1 == 0 {
                        break 'outer;
                    }
                    min_gallop -= 1;
                    if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                        break;
                    }
                }
                min_gallop = min_gallop.max(0) + 2;
            }
            self.min_gallop = min_gallop.max(1);
            match len2 {
                1 => {
                    (dest, c1) = (dest - len1, c1 - len1);
                    a.copy_within(ix(c1 + 1)..ix(c1 + 1 + len1), ix(dest + 1));
                    a[ix(dest)] = tmp[ix(c2)];
                }
                0 => return Err(Error::ComparisonContract),
                _ => a[ix(dest - (len2 - 1))..=ix(dest)].copy_from_slice(&tmp[..ix(len2)]),
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn java_order_is_by_utf16_code_unit() {
        assert_eq!(java_cmp("broker-a10", "broker-a2"), Ordering::Less);
        assert_eq!(java_cmp("192.168.0.10@1", "192.168.0.2@1"), Ordering::Less);
        assert_eq!(java_cmp("Broker-z", "broker-a"), Ordering::Less);
        // U+FF5E (one UTF-16 unit, 0xFF5E) sorts after U+1F600 (surrogates 0xD83D..) in Java,
        // but before it in UTF-8 byte order.
        assert_eq!(java_cmp("\u{1F600}", "\u{FF5E}"), Ordering::Less);
        assert_eq!("\u{1F600}".cmp("\u{FF5E}"), Ordering::Greater);
    }

    #[test]
    fn display_matches_java_to_string() {
        let mq = MessageQueue::new("TopicTest", "Broker-z", 1);
        assert_eq!(mq.to_string(), "MessageQueue [topic=TopicTest, brokerName=Broker-z, queueId=1]");
    }
}
