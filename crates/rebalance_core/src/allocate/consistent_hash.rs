//! `AllocateMessageQueueConsistentHash` and RocketMQ's `ConsistentHashRouter`.
//!
//! The ring maps 32-bit hashes (first four bytes of MD5, big-endian, unsigned) to consumers.
//! Consumers are inserted in `cidAll` order, `v` virtual nodes each, keyed `cid-r` where `r`
//! continues after the entries that cid already has on the ring (a duplicated cid therefore
//! doubles its weight); on equal hashes the later insert wins. A queue goes to the first ring
//! key `>=` the hash of its display string, wrapping to the smallest key.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use md5::{Digest, Md5};

use crate::MessageQueue;

/// RocketMQ's default `MD5Hash`: the first four digest bytes as an unsigned big-endian number.
pub fn hash(key: &str) -> u32 {
    let digest = Md5::digest(key.as_bytes());
    u32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]])
}

/// Hashes `MessageQueue [topic=T, brokerName=B, queueId=Q]` keys. Queues of one broker
/// share everything before the queue id; when that is at least one 64-byte MD5 block, the
/// digest state after those blocks is computed once per broker and cloned (same result,
/// fewer blocks).
#[derive(Debug, Clone, Default)]
pub struct QueueHasher {
    key: String,
    /// `(topic, brokerName, bytes hashed, state after them)` of the last queue.
    cached: Option<(String, String, usize, Md5)>,
}

impl QueueHasher {
    /// The ring hash of `mq.to_string()`.
    pub fn hash(&mut self, mq: &MessageQueue) -> u32 {
        self.key.clear();
        self.key.push_str("MessageQueue [topic=");
        self.key.push_str(&mq.topic);
        self.key.push_str(", brokerName=");
        self.key.push_str(&mq.broker_name);
        self.key.push_str(", queueId=");
        let full = self.key.len() / 64 * 64;
        let _ = write!(self.key, "{}]", mq.queue_id);
        if full == 0 {
            return hash(&self.key);
        }
        let hit = matches!(&self.cached, Some((t, b, _, _)) if *t == mq.topic && *b == mq.broker_name);
        if !hit {
            let mut state = Md5::new();
            state.update(&self.key.as_bytes()[..full]);
            self.cached = Some((mq.topic.clone(), mq.broker_name.clone(), full, state));
        }
        let Some((_, _, hashed, state)) = &self.cached else { return hash(&self.key) };
        let mut state = state.clone();
        state.update(&self.key.as_bytes()[*hashed..]);
        let digest = state.finalize();
        u32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]])
    }
}

/// A hash ring built once for a whole `cidAll`.
#[derive(Debug, Clone, Default)]
pub struct Ring {
    /// Sorted by position, one entry per position: (position, index of the owning cid's
    /// first occurrence in the `cidAll` it was built from, replica `r` of the key `cid-r`).
    nodes: Vec<(u32, usize, u64)>,
}

/// One virtual node on the ring.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RingEntry {
    /// Its position (the hash of `vnode_key`).
    pub hash: u32,
    /// `cid-r`.
    pub vnode_key: String,
    /// Index in `cidAll` of the owning consumer (its first occurrence).
    pub owner: usize,
}

impl Ring {
    /// Builds the ring exactly as `new ConsistentHashRouter(cidNodes, virtualNodes)` does.
    pub fn build(cid_all: &[String], virtual_nodes: u32) -> Self {
        if virtual_nodes == 0 {
            return Ring::default();
        }
        let mut first: HashMap<&str, usize> = HashMap::with_capacity(cid_all.len());
        let owners: Vec<usize> =
            cid_all.iter().enumerate().map(|(i, cid)| *first.entry(cid.as_str()).or_insert(i)).collect();
        let distinct = owners.iter().enumerate().all(|(i, &o)| i == o);
        let mut key = String::new();
        let mut vnode_hash = |cid: &str, replica: u64| {
            key.clear();
            key.push_str(cid);
            key.push('-');
            let _ = write!(key, "{replica}");
            hash(&key)
        };
        if distinct {
            // Every cid starts at replica 0: insert all, then let the later insert win on
            // equal positions (a stable sort keeps insertion order among equals).
            let mut nodes = Vec::with_capacity(cid_all.len() * virtual_nodes as usize);
            for (owner, cid) in cid_all.iter().enumerate() {
                for r in 0..u64::from(virtual_nodes) {
                    nodes.push((vnode_hash(cid, r), owner, r));
                }
            }
            nodes.sort_by_key(|n| n.0);
            let mut unique: Vec<(u32, usize, u64)> = Vec::with_capacity(nodes.len());
            for node in nodes {
                match unique.last_mut() {
                    Some(last) if last.0 == node.0 => *last = node,
                    _ => unique.push(node),
                }
            }
            return Ring { nodes: unique };
        }
        // A duplicated cid continues after the entries it already has (`getExistingReplicas`),
        // which depends on earlier collisions: replay the inserts one by one.
        let mut ring: BTreeMap<u32, (usize, u64)> = BTreeMap::new();
        let mut existing: Vec<u64> = vec![0; cid_all.len()];
        for (cid, &owner) in cid_all.iter().zip(&owners) {
            let start = existing[owner];
            for r in 0..u64::from(virtual_nodes) {
                let replica = r + start;
                if let Some((previous, _)) = ring.insert(vnode_hash(cid, replica), (owner, replica)) {
                    existing[previous] = existing[previous].saturating_sub(1);
                }
                existing[owner] += 1;
            }
        }
        Ring { nodes: ring.into_iter().map(|(h, (owner, replica))| (h, owner, replica)).collect() }
    }

    /// `routeNode(key)`: the owner (index in `cidAll`) of the first ring key `>= hash(key)`,
    /// wrapping around; `None` on an empty ring.
    pub fn route(&self, key: &str) -> Option<usize> {
        self.route_hash(hash(key))
    }

    /// Routes a queue by its display string (see [`QueueHasher`] for the reuse).
    pub fn route_queue(&self, mq: &MessageQueue, hasher: &mut QueueHasher) -> Option<usize> {
        if self.nodes.is_empty() {
            return None;
        }
        self.route_hash(hasher.hash(mq))
    }

    /// The owner of the first ring key `>= h`, wrapping around.
    fn route_hash(&self, h: u32) -> Option<usize> {
        let at = self.nodes.partition_point(|node| node.0 < h);
        self.nodes.get(at).or_else(|| self.nodes.first()).map(|node| node.1)
    }

    /// The ring in position order; `cid_all` must be the list it was built from.
    pub fn entries(&self, cid_all: &[String]) -> Vec<RingEntry> {
        self.nodes
            .iter()
            .map(|(hash, owner, replica)| RingEntry {
                hash: *hash,
                vnode_key: format!("{}-{replica}", cid_all.get(*owner).map_or("", String::as_str)),
                owner: *owner,
            })
            .collect()
    }

    /// Number of virtual nodes on the ring.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// `true` when nobody is on the ring (vnodes = 0 or no consumers).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_of_empty_string() {
        assert_eq!(hash(""), 3_558_706_393);
    }

    #[test]
    fn queue_hasher_equals_plain_hash() {
        let mut hasher = QueueHasher::default();
        let long = "a-very-long-topic-name-that-pushes-the-prefix-past-one-block";
        for mq in [
            MessageQueue::new(long, "broker-a", 0),
            MessageQueue::new(long, "broker-a", 12345),
            MessageQueue::new(long, "broker-b", 7),
            MessageQueue::new("TopicTest", "broker-a", 3),
            MessageQueue::new(long, "broker-a", -1),
        ] {
            assert_eq!(hasher.hash(&mq), hash(&mq.to_string()), "{mq}");
        }
    }

    #[test]
    fn empty_ring_routes_nowhere() {
        let ring = Ring::build(&["a@1".to_owned()], 0);
        assert!(ring.is_empty());
        assert_eq!(ring.route("anything"), None);
    }

    #[test]
    fn duplicated_cid_continues_numbering() {
        let cids = vec!["a@1".to_owned(), "a@1".to_owned()];
        let ring = Ring::build(&cids, 3);
        let mut keys: Vec<String> = ring.entries(&cids).into_iter().map(|e| e.vnode_key).collect();
        keys.sort();
        assert_eq!(keys, ["a@1-0", "a@1-1", "a@1-2", "a@1-3", "a@1-4", "a@1-5"]);
    }
}
