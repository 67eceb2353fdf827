//! `MessageQueue` and the orderings RocketMQ's `RebalanceImpl` relies on.
//!
//! Java compares strings by UTF-16 code unit (`String.compareTo`); Rust's `str` compares by
//! UTF-8 byte, which differs for characters above U+FFFF against U+E000..U+FFFF. Every sort
//! here goes through [`java_cmp`] so that all clients (and this port) agree on one order.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

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

/// `MessageQueue.compareTo`: topic, then brokerName (Java string order), then queueId.
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

/// Sorts queues as `Collections.sort(mqAll)` does (duplicates are kept).
pub fn sort_queues(queues: &mut [MessageQueue]) {
    crate::order::sort(queues);
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
