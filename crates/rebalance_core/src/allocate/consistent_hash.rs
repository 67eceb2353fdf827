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

/// A hash ring built once for a whole `cidAll`.
#[derive(Debug, Clone, Default)]
pub struct Ring {
    /// Ring position → (index of the owning cid's first occurrence in the `cidAll` it was
    /// built from, replica number `r` of the virtual node key `cid-r`).
    nodes: BTreeMap<u32, (usize, u64)>,
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
        let mut ring = Ring::default();
        if virtual_nodes == 0 {
            return ring;
        }
        // Entries each distinct cid currently has on the ring (`getExistingReplicas`).
        let mut existing: Vec<u64> = vec![0; cid_all.len()];
        let mut first: HashMap<&str, usize> = HashMap::with_capacity(cid_all.len());
        let mut key = String::new();
        for (i, cid) in cid_all.iter().enumerate() {
            let owner = *first.entry(cid.as_str()).or_insert(i);
            let start = existing[owner];
            for r in 0..u64::from(virtual_nodes) {
                let replica = r + start;
                key.clear();
                let _ = write!(key, "{cid}-{replica}");
                if let Some((previous, _)) = ring.nodes.insert(hash(&key), (owner, replica)) {
                    existing[previous] = existing[previous].saturating_sub(1);
                }
                existing[owner] += 1;
            }
        }
        ring
    }

    /// `routeNode(key)`: the owner (index in `cidAll`) of the first ring key `>= hash(key)`,
    /// wrapping around; `None` on an empty ring.
    pub fn route(&self, key: &str) -> Option<usize> {
        let h = hash(key);
        self.nodes.range(h..).next().or_else(|| self.nodes.iter().next()).map(|(_, (owner, _))| *owner)
    }

    /// Routes a queue by its display string, reusing `buffer` to avoid an allocation.
    pub fn route_queue(&self, mq: &MessageQueue, buffer: &mut String) -> Option<usize> {
        buffer.clear();
        let _ = write!(buffer, "{mq}");
        self.route(buffer)
    }

    /// The ring in position order; `cid_all` must be the list it was built from.
    pub fn entries(&self, cid_all: &[String]) -> Vec<RingEntry> {
        self.nodes
            .iter()
            .map(|(hash, (owner, replica))| RingEntry {
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
