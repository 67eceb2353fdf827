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
    cids.sort_by(|a, b| java_cmp(a, b));
}

/// RebalanceImpl's `mqAll`: the topic's queues as a set (a repeated queue once) sorted by
/// `Collections.sort`, or Java's error when that sort throws (see
/// [`crate::Error::ComparisonContract`]).
///
/// When [`java_compare`] is not an order, Java's result depends on the list's order before
/// sorting; RocketMQ's is the iteration order of the route's `HashSet`, here it is the order
/// given (first occurrences).
pub fn rebalance_mq_all(queues: &[MessageQueue]) -> Result<Vec<MessageQueue>> {
    if compare_to_is_total(queues) {
        let mut mq_all = queues.to_vec();
        mq_all.sort();
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
    queues.sort();
}

mod java_sort;

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
