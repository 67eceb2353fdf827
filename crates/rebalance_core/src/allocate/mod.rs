//! RocketMQ's allocation strategies (`AllocateMessageQueueStrategy`), one consumer's view.
//!
//! [`allocate`] is the Java contract exactly: the caller passes `mqAll` and `cidAll` already
//! sorted (as `RebalanceImpl` does, see [`crate::message_queue`]), the check runs in
//! RocketMQ's order with RocketMQ's messages, and a consumer missing from `cidAll` gets an
//! empty result plus the `[BUG] … not in cidAll` log line, returned as data.
//! The whole group at once lives in [`crate::assignment`].

mod averagely;
pub mod consistent_hash;
pub mod machine_room;

use std::cell::OnceCell;
use std::collections::{BTreeSet, HashMap};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Error, MessageQueue, Result};

pub use averagely::{avg_range, circle_indices};
pub use machine_room::MachineRooms;

/// Virtual nodes per consumer on the CONSISTENT_HASH ring when none is configured.
pub const DEFAULT_VIRTUAL_NODES: u32 = 10;

/// One of RocketMQ's six allocation strategies, with its configuration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Strategy {
    /// `AllocateMessageQueueAveragely` (`AVG`): contiguous blocks, the first `M % N` get one more.
    #[serde(rename = "AVG")]
    Averagely,
    /// `AllocateMessageQueueAveragelyByCircle` (`AVG_BY_CIRCLE`): queue `i` to consumer `i % N`.
    #[serde(rename = "AVG_BY_CIRCLE")]
    AveragelyByCircle,
    /// `AllocateMessageQueueConsistentHash` (`CONSISTENT_HASH`) with its virtual node count.
    ConsistentHash {
        /// Virtual nodes per consumer (Java: `virtualNodeCnt`); 0 assigns nothing.
        virtual_nodes: u32,
    },
    /// `AllocateMachineRoomNearby` (`MACHINE_ROOM_NEARBY-<delegate>`).
    MachineRoomNearby {
        /// The strategy used inside each machine room and for orphan rooms.
        delegate: Box<Strategy>,
        /// Which machine room each broker and each consumer is deployed in.
        rooms: MachineRooms,
    },
    /// `AllocateMessageQueueByMachineRoom` (`MACHINE_ROOM`): only `idc@broker` queues of the
    /// configured idcs; may leave queues unassigned.
    MachineRoom {
        /// `consumeridcs`: the idcs whose brokers this group consumes.
        consumer_idcs: BTreeSet<String>,
    },
    /// `AllocateMessageQueueByConfig` (`CONFIG`): a fixed list, membership ignored.
    Config {
        /// The configured `messageQueueList`, returned as is.
        queues: Vec<MessageQueue>,
    },
}

impl Strategy {
    /// `new AllocateMessageQueueConsistentHash(virtualNodeCnt)`: a negative count is rejected
    /// when the strategy is built, with RocketMQ's message.
    pub fn consistent_hash(virtual_nodes: i64) -> Result<Self> {
        u32::try_from(virtual_nodes)
            .map(|virtual_nodes| Strategy::ConsistentHash { virtual_nodes })
            .map_err(|_| Error::IllegalVirtualNodeCount(virtual_nodes))
    }

    /// RocketMQ's `getName()`, e.g. `AVG` or `MACHINE_ROOM_NEARBY-AVG`.
    pub fn name(&self) -> String {
        match self {
            Strategy::MachineRoomNearby { delegate, .. } => {
                format!("MACHINE_ROOM_NEARBY-{}", delegate.name())
            }
            other => other.kind().name().to_owned(),
        }
    }

    /// The strategy's kind, without its configuration.
    pub fn kind(&self) -> StrategyKind {
        match self {
            Strategy::Averagely => StrategyKind::Averagely,
            Strategy::AveragelyByCircle => StrategyKind::AveragelyByCircle,
            Strategy::ConsistentHash { .. } => StrategyKind::ConsistentHash,
            Strategy::MachineRoomNearby { .. } => StrategyKind::MachineRoomNearby,
            Strategy::MachineRoom { .. } => StrategyKind::MachineRoom,
            Strategy::Config { .. } => StrategyKind::Config,
        }
    }
}

/// The six strategies by name only (for menus, URLs and the CLI).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum StrategyKind {
    /// `AVG`
    #[serde(rename = "AVG")]
    Averagely,
    /// `AVG_BY_CIRCLE`
    #[serde(rename = "AVG_BY_CIRCLE")]
    AveragelyByCircle,
    /// `CONSISTENT_HASH`
    #[serde(rename = "CONSISTENT_HASH")]
    ConsistentHash,
    /// `MACHINE_ROOM_NEARBY`
    #[serde(rename = "MACHINE_ROOM_NEARBY")]
    MachineRoomNearby,
    /// `MACHINE_ROOM`
    #[serde(rename = "MACHINE_ROOM")]
    MachineRoom,
    /// `CONFIG`
    #[serde(rename = "CONFIG")]
    Config,
}

impl StrategyKind {
    /// All six, in the order RocketMQ's documentation lists them.
    pub const ALL: [StrategyKind; 6] = [
        StrategyKind::Averagely,
        StrategyKind::AveragelyByCircle,
        StrategyKind::ConsistentHash,
        StrategyKind::MachineRoomNearby,
        StrategyKind::MachineRoom,
        StrategyKind::Config,
    ];

    /// RocketMQ's name (`getName()` without a delegate suffix).
    pub fn name(self) -> &'static str {
        match self {
            StrategyKind::Averagely => "AVG",
            StrategyKind::AveragelyByCircle => "AVG_BY_CIRCLE",
            StrategyKind::ConsistentHash => "CONSISTENT_HASH",
            StrategyKind::MachineRoomNearby => "MACHINE_ROOM_NEARBY",
            StrategyKind::MachineRoom => "MACHINE_ROOM",
            StrategyKind::Config => "CONFIG",
        }
    }

    /// The Java class that implements it.
    pub fn java_class(self) -> &'static str {
        match self {
            StrategyKind::Averagely => "AllocateMessageQueueAveragely",
            StrategyKind::AveragelyByCircle => "AllocateMessageQueueAveragelyByCircle",
            StrategyKind::ConsistentHash => "AllocateMessageQueueConsistentHash",
            StrategyKind::MachineRoomNearby => "AllocateMachineRoomNearby",
            StrategyKind::MachineRoom => "AllocateMessageQueueByMachineRoom",
            StrategyKind::Config => "AllocateMessageQueueByConfig",
        }
    }

    /// Parses a RocketMQ name (`AVG`, …; case-insensitive; `MACHINE_ROOM_NEARBY-X` gives
    /// `MACHINE_ROOM_NEARBY`).
    pub fn parse(name: &str) -> Result<Self> {
        let upper = name.trim().to_ascii_uppercase();
        let base = if upper.starts_with("MACHINE_ROOM_NEARBY") { "MACHINE_ROOM_NEARBY" } else { &upper };
        StrategyKind::ALL.into_iter().find(|k| k.name() == base).ok_or_else(|| Error::UnknownStrategy(name.to_owned()))
    }
}

impl fmt::Display for StrategyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one consumer gets from one `allocate` call.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Allocation {
    /// The returned list, in returned order.
    pub queues: Vec<MessageQueue>,
    /// RocketMQ's `[BUG] … not in cidAll` log line when the consumer is not in `cidAll`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log: Option<String>,
}

/// `AbstractAllocateMessageQueueStrategy.check`: `Ok(None)` to go on, `Ok(Some(log))` for the
/// "not in cidAll" case (empty result), or RocketMQ's error, in RocketMQ's order.
pub fn check(group: &str, current_cid: &str, mq_all: &[MessageQueue], cid_all: &[String]) -> Result<Option<String>> {
    if current_cid.is_empty() {
        return Err(Error::CurrentCidEmpty);
    }
    if mq_all.is_empty() {
        return Err(Error::MqAllEmpty);
    }
    if cid_all.is_empty() {
        return Err(Error::CidAllEmpty);
    }
    if !cid_all.iter().any(|c| c == current_cid) {
        return Ok(Some(not_in_cid_all_log(group, current_cid, cid_all)));
    }
    Ok(None)
}

/// The log line RocketMQ writes (at INFO) when a consumer is not in `cidAll`.
pub fn not_in_cid_all_log(group: &str, current_cid: &str, cid_all: &[String]) -> String {
    format!("[BUG] ConsumerGroup: {group} The consumerId: {current_cid} not in cidAll: [{}]", cid_all.join(", "))
}

/// One consumer's allocation, exactly as the Java strategy computes it.
///
/// `mq_all` and `cid_all` are used in the order given (RocketMQ sorts them before calling).
pub fn allocate(
    strategy: &Strategy,
    group: &str,
    current_cid: &str,
    mq_all: &[MessageQueue],
    cid_all: &[String],
) -> Result<Allocation> {
    if let Strategy::Config { queues } = strategy {
        return Ok(Allocation { queues: queues.clone(), log: None });
    }
    if let Some(log) = check(group, current_cid, mq_all, cid_all)? {
        return Ok(Allocation { queues: Vec::new(), log: Some(log) });
    }
    // `check` has proven that the cid is present.
    let index = cid_all.iter().position(|c| c == current_cid).unwrap_or(0);
    let (m, n) = (mq_all.len(), cid_all.len());
    let queues = match strategy {
        Strategy::Averagely => mq_all[avg_range(index, m, n)].to_vec(),
        Strategy::AveragelyByCircle => circle_indices(index, m, n).map(|i| mq_all[i].clone()).collect(),
        Strategy::ConsistentHash { virtual_nodes } => {
            let ring = consistent_hash::Ring::build(cid_all, *virtual_nodes);
            let mut hasher = consistent_hash::QueueHasher::default();
            mq_all
                .iter()
                .filter(|mq| ring.route_queue(mq, &mut hasher).is_some_and(|owner| cid_all[owner] == current_cid))
                .cloned()
                .collect()
        }
        Strategy::MachineRoomNearby { delegate, rooms } => {
            machine_room::nearby(delegate, rooms, group, (current_cid, index), mq_all, cid_all)?
        }
        Strategy::MachineRoom { consumer_idcs } => machine_room::by_machine_room(consumer_idcs, index, mq_all, n),
        Strategy::Config { queues } => queues.clone(),
    };
    Ok(Allocation { queues, log: None })
}

/// `cidAll` as the strategies read it, for many calls over the same consumers (the rooms of
/// MACHINE_ROOM_NEARBY): each position's first occurrence (`allocate` looks a cid up by
/// `indexOf`, so a duplicated cid gets the list of its first position) and the
/// CONSISTENT_HASH ring, built on first use and shared by every call.
pub(crate) struct Consumers<'a> {
    cids: &'a [String],
    /// The first position of each position's cid.
    first: Vec<usize>,
    /// The later positions of each duplicated cid, by its first position.
    later: HashMap<usize, Vec<usize>>,
    ring: OnceCell<consistent_hash::Ring>,
}

impl<'a> Consumers<'a> {
    pub(crate) fn new(cids: &'a [String]) -> Self {
        let mut seen: HashMap<&str, usize> = HashMap::with_capacity(cids.len());
        let mut later: HashMap<usize, Vec<usize>> = HashMap::new();
        let first = cids
            .iter()
            .enumerate()
            .map(|(i, cid)| {
                let head = *seen.entry(cid.as_str()).or_insert(i);
                if head != i {
                    later.entry(head).or_default().push(i);
                }
                head
            })
            .collect();
        Consumers { cids, first, later, ring: OnceCell::new() }
    }

    /// The positions whose cid first occurs at `head`: `head` and its duplicates.
    pub(crate) fn same(&self, head: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::once(head).chain(self.later.get(&head).into_iter().flatten().copied())
    }

    /// The positions below `limit` where a cid first occurs (`only`: just that one).
    fn heads(&self, limit: usize, only: Option<usize>) -> Vec<usize> {
        match only {
            Some(i) => vec![i],
            None => (0..limit.min(self.cids.len())).filter(|&i| self.first[i] == i).collect(),
        }
    }
}

/// One `strategy.allocate(group, cid, mqs, cids)` call whose `check` has passed, for every
/// consumer at once or (`only`) for the one whose first position in `cids` is given:
/// `pick(i, q)` for each position `q` in `mqs` given to the consumer first at position `i`,
/// each consumer's positions in the order `allocate` returns them. The work is the size of
/// the answer (plus the ring once), not one pass over `cids` per call: MACHINE_ROOM_NEARBY
/// makes one call per machine room. `false` (nothing picked) for CONFIG and
/// MACHINE_ROOM_NEARBY, which the caller handles.
pub(crate) fn picks(
    strategy: &Strategy,
    mqs: &[&MessageQueue],
    consumers: &Consumers,
    only: Option<usize>,
    mut pick: impl FnMut(usize, usize),
) -> bool {
    let (m, n) = (mqs.len(), consumers.cids.len());
    match strategy {
        Strategy::Averagely => {
            // Only the first min(m, n) positions get a block.
            for i in consumers.heads(m, only) {
                avg_range(i, m, n).for_each(|q| pick(i, q));
            }
        }
        Strategy::AveragelyByCircle => match only {
            Some(i) => circle_indices(i, m, n).for_each(|q| pick(i, q)),
            None => {
                let step = n.max(1);
                (0..m).filter(|q| consumers.first[q % step] == q % step).for_each(|q| pick(q % step, q))
            }
        },
        Strategy::ConsistentHash { virtual_nodes } => {
            let ring = consumers.ring.get_or_init(|| consistent_hash::Ring::build(consumers.cids, *virtual_nodes));
            let mut hasher = consistent_hash::QueueHasher::default();
            for (q, mq) in mqs.iter().enumerate() {
                match ring.route_queue(mq, &mut hasher) {
                    Some(owner) if only.is_none_or(|i| i == owner) => pick(owner, q),
                    _ => {}
                }
            }
        }
        Strategy::MachineRoom { consumer_idcs } => {
            let candidates = machine_room::machine_room_candidates(consumer_idcs, mqs.iter().copied());
            for i in consumers.heads(candidates.len(), only) {
                machine_room::machine_room_slots(i, candidates.len(), n)
                    .filter_map(|slot| candidates.get(slot))
                    .for_each(|&q| pick(i, q));
            }
        }
        Strategy::Config { .. } | Strategy::MachineRoomNearby { .. } => return false,
    }
    true
}
