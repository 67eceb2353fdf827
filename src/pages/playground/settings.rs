//! What the reader set on the playground, as plain data (no Yew, no browser): the topic's
//! queues, the ConsumerGroup's members, the strategy and its configuration, and the view
//! toggles. [`Settings::apply`] is the only way it changes; `query.rs` keeps it in the URL.
//!
//! Queues are spread evenly over the brokers: broker `k` holds `⌊Q/B⌋` queues, one more
//! when `k < Q mod B`, with queueIds from 0 on every broker, like a topic created with the
//! same queue count on each broker. (Round-robin or contiguous placement would give the same
//! set; RocketMQ sorts `mqAll` anyway, so only the set matters.)

use std::collections::{BTreeMap, BTreeSet};

use rebalance_core::allocate::{MachineRooms, Strategy, StrategyKind, DEFAULT_VIRTUAL_NODES};
use rebalance_core::assignment::MessageModel;
use rebalance_core::MessageQueue;

pub use super::actions::Action;

/// The topic every queue belongs to.
pub const TOPIC: &str = "OrderEvent";
/// The ConsumerGroup's name (it appears in RocketMQ's `[BUG] … not in cidAll` line).
pub const GROUP: &str = "OrderEventGroup";
/// Largest queue count.
pub const MAX_QUEUES: u16 = 256;
/// Largest broker count.
pub const MAX_BROKERS: u8 = 8;
/// Largest member count.
pub const MAX_CONSUMERS: usize = 64;
/// Largest virtual node count for CONSISTENT_HASH.
pub const MAX_VIRTUAL_NODES: u32 = 200;
/// Machine rooms `idc1..=idcN` a broker or consumer can be deployed in (0 = none).
pub const ROOMS: u8 = 3;
/// Largest host number in `192.168.0.{host}`.
pub const MAX_HOST: u8 = 254;

/// How the group consumes: clustering with one of the six strategies, or broadcasting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mode {
    /// `MessageModel.CLUSTERING` with this strategy.
    Clustering(StrategyKind),
    /// `MessageModel.BROADCASTING`: every member takes every queue.
    Broadcasting,
}

impl Mode {
    /// The six strategies, then broadcasting (menu order).
    pub const ALL: [Mode; 7] = [
        Mode::Clustering(StrategyKind::Averagely),
        Mode::Clustering(StrategyKind::AveragelyByCircle),
        Mode::Clustering(StrategyKind::ConsistentHash),
        Mode::Clustering(StrategyKind::MachineRoomNearby),
        Mode::Clustering(StrategyKind::MachineRoom),
        Mode::Clustering(StrategyKind::Config),
        Mode::Broadcasting,
    ];

    /// `AVG`, …, or `BROADCASTING` (also the URL value).
    pub fn name(self) -> &'static str {
        match self {
            Mode::Clustering(kind) => kind.name(),
            Mode::Broadcasting => MessageModel::BROADCASTING,
        }
    }

    /// Reads a [`Mode::name`] (case-insensitive).
    pub fn parse(text: &str) -> Option<Mode> {
        let upper = text.trim().to_ascii_uppercase();
        if upper == MessageModel::BROADCASTING {
            return Some(Mode::Broadcasting);
        }
        StrategyKind::ALL.into_iter().find(|k| k.name() == upper).map(Mode::Clustering)
    }

    /// The strategy kind, if clustering.
    pub fn kind(self) -> Option<StrategyKind> {
        match self {
            Mode::Clustering(kind) => Some(kind),
            Mode::Broadcasting => None,
        }
    }
}

/// The strategies MACHINE_ROOM_NEARBY can delegate to here.
pub const DELEGATES: [StrategyKind; 3] =
    [StrategyKind::Averagely, StrategyKind::AveragelyByCircle, StrategyKind::ConsistentHash];

/// A queue by broker index and queueId: stable across renames (`idc1@broker-a`) and sorts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct QueueRef {
    /// Broker index: 0 = `broker-a`.
    pub broker: u8,
    /// The queueId on that broker.
    pub id: u16,
}

impl QueueRef {
    /// `a0`, `b3`: the short key used in the URL and as the tile's identity.
    pub fn key(self) -> String {
        format!("{}{}", broker_letter(self.broker), self.id)
    }

    /// Reads a [`QueueRef::key`].
    pub fn parse(text: &str) -> Option<QueueRef> {
        let text = text.trim();
        let mut chars = text.chars();
        let letter = chars.next()?;
        let broker = u8::try_from((letter as u32).checked_sub('a' as u32)?).ok().filter(|b| *b < MAX_BROKERS)?;
        let id: u16 = chars.as_str().parse().ok().filter(|id| *id < MAX_QUEUES)?;
        Some(QueueRef { broker, id })
    }
}

/// `a` for broker 0, … `h` for broker 7.
pub fn broker_letter(broker: u8) -> char {
    char::from(b'a' + broker.min(25))
}

/// The membership change compare mode applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// One more consumer joins.
    Join,
    /// The newest consumer leaves.
    Leave,
}

/// Everything the reader controls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Queue count, 1..=256.
    pub queues: u16,
    /// Broker count, 1..=8.
    pub brokers: u8,
    /// Member hosts (`192.168.0.{host}`), ascending; a repeated host is a cid conflict.
    pub hosts: Vec<u8>,
    /// Strategy or broadcasting.
    pub mode: Mode,
    /// MACHINE_ROOM_NEARBY's delegate.
    pub delegate: StrategyKind,
    /// CONSISTENT_HASH virtual nodes.
    pub virtual_nodes: u32,
    /// Machine room per broker index (0 = none, else `idcN`).
    pub broker_rooms: [u8; MAX_BROKERS as usize],
    /// Consumer rooms that differ from [`default_consumer_room`], by host.
    pub consumer_rooms: BTreeMap<u8, u8>,
    /// MACHINE_ROOM's `consumeridcs`.
    pub idcs: BTreeSet<u8>,
    /// CONFIG's `messageQueueList`.
    pub config: Vec<QueueRef>,
    /// Show a consumer whose heartbeat has not reached the broker yet.
    pub late: bool,
    /// Show the table instead of the lanes.
    pub table: bool,
    /// Show compare mode.
    pub compare: bool,
    /// Ask which queues will move before a change is shown (see `predict.rs`).
    pub predict: bool,
    /// The two or three modes compare mode shows.
    pub compare_modes: Vec<Mode>,
    /// The membership change compare mode applies.
    pub change: Change,
}

/// The default room of a broker: `idc1`, `idc2`, `idc1`, …
pub fn default_broker_room(broker: u8) -> u8 {
    broker % 2 + 1
}

/// The default room of a consumer: odd hosts in `idc1`, even hosts in `idc2`.
pub fn default_consumer_room(host: u8) -> u8 {
    if host % 2 == 1 {
        1
    } else {
        2
    }
}

/// `idc1` for room 1; `None` for room 0.
pub fn room_name(room: u8) -> Option<String> {
    (room > 0).then(|| format!("idc{room}"))
}

/// A believable process id for a host (deterministic, so links reproduce).
pub fn pid_of(host: u8) -> u32 {
    1_000 + (u32::from(host) * 7_919 + 3_571) % 60_000
}

/// `192.168.0.{host}@{pid}`: a real-looking RocketMQ clientId.
pub fn cid_of(host: u8) -> String {
    format!("192.168.0.{host}@{}", pid_of(host))
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            queues: 8,
            brokers: 2,
            hosts: vec![1, 2, 3],
            mode: Mode::Clustering(StrategyKind::Averagely),
            delegate: StrategyKind::Averagely,
            virtual_nodes: DEFAULT_VIRTUAL_NODES,
            broker_rooms: std::array::from_fn(|b| default_broker_room(b as u8)),
            consumer_rooms: BTreeMap::new(),
            idcs: BTreeSet::from([1]),
            config: vec![QueueRef { broker: 0, id: 0 }, QueueRef { broker: 0, id: 1 }],
            late: false,
            table: false,
            compare: false,
            predict: false,
            compare_modes: default_compare_modes(),
            change: Change::Join,
        }
    }
}

/// AVG vs CONSISTENT_HASH: the classic comparison.
pub fn default_compare_modes() -> Vec<Mode> {
    vec![Mode::Clustering(StrategyKind::Averagely), Mode::Clustering(StrategyKind::ConsistentHash)]
}

impl Settings {
    /// Queues on broker `b`: `⌊Q/B⌋`, one more for the first `Q mod B` brokers.
    pub fn queues_on(&self, broker: u8) -> u16 {
        let (q, b) = (self.queues, u16::from(self.brokers.max(1)));
        if broker >= self.brokers {
            return 0;
        }
        q / b + u16::from(u16::from(broker) < q % b)
    }

    /// The brokerName of broker `b` (`broker-a`; `idc1@broker-a` under MACHINE_ROOM, whose
    /// strategy reads the idc from the name).
    pub fn broker_name(&self, broker: u8) -> String {
        let plain = format!("broker-{}", broker_letter(broker));
        let room = self.broker_rooms.get(usize::from(broker)).copied().unwrap_or(0);
        match (self.mode, room_name(room)) {
            (Mode::Clustering(StrategyKind::MachineRoom), Some(idc)) => format!("{idc}@{plain}"),
            _ => plain,
        }
    }

    /// The MessageQueue a [`QueueRef`] names under the current broker names.
    pub fn message_queue(&self, queue: QueueRef) -> MessageQueue {
        MessageQueue::new(TOPIC, self.broker_name(queue.broker), i32::from(queue.id))
    }

    /// Every queue of the topic with its [`QueueRef`], broker by broker.
    pub fn queue_refs(&self) -> Vec<QueueRef> {
        (0..self.brokers)
            .flat_map(|broker| (0..self.queues_on(broker)).map(move |id| QueueRef { broker, id }))
            .collect()
    }

    /// The topic's queues (`mqAll` before sorting).
    pub fn mq_all(&self) -> Vec<MessageQueue> {
        self.queue_refs().into_iter().map(|q| self.message_queue(q)).collect()
    }

    /// The members' cids (`cidAll` before sorting).
    pub fn cid_all(&self) -> Vec<String> {
        self.hosts.iter().map(|&h| cid_of(h)).collect()
    }

    /// The room of a consumer host.
    pub fn consumer_room(&self, host: u8) -> u8 {
        self.consumer_rooms.get(&host).copied().unwrap_or_else(|| default_consumer_room(host))
    }

    /// The smallest host number not in use (for a joining or a late consumer).
    pub fn next_host(&self) -> u8 {
        (1..=MAX_HOST).find(|h| !self.hosts.contains(h)).unwrap_or(MAX_HOST)
    }

    /// The hosts after compare mode's membership change.
    pub fn changed_hosts(&self) -> Vec<u8> {
        match self.change {
            Change::Join => resized(&self.hosts, (self.hosts.len() + 1).min(MAX_CONSUMERS)),
            Change::Leave => resized(&self.hosts, self.hosts.len().saturating_sub(1)),
        }
    }

    /// The machine rooms of every broker and member (plus the late consumer).
    pub fn machine_rooms(&self) -> MachineRooms {
        let brokers = (0..self.brokers)
            .filter_map(|b| Some((self.broker_name(b), room_name(*self.broker_rooms.get(usize::from(b))?)?)))
            .collect();
        let consumers = self
            .hosts
            .iter()
            .copied()
            .chain([self.next_host()])
            .filter_map(|h| Some((cid_of(h), room_name(self.consumer_room(h))?)))
            .collect();
        MachineRooms { brokers, consumers }
    }

    /// The strategy object for `kind` with this page's configuration.
    pub fn strategy(&self, kind: StrategyKind) -> Strategy {
        match kind {
            StrategyKind::Averagely => Strategy::Averagely,
            StrategyKind::AveragelyByCircle => Strategy::AveragelyByCircle,
            StrategyKind::ConsistentHash => Strategy::ConsistentHash { virtual_nodes: self.virtual_nodes },
            StrategyKind::MachineRoomNearby => {
                let delegate = if DELEGATES.contains(&self.delegate) { self.delegate } else { StrategyKind::Averagely };
                Strategy::MachineRoomNearby { delegate: Box::new(self.strategy(delegate)), rooms: self.machine_rooms() }
            }
            StrategyKind::MachineRoom => {
                Strategy::MachineRoom { consumer_idcs: self.idcs.iter().filter_map(|&r| room_name(r)).collect() }
            }
            StrategyKind::Config => {
                Strategy::Config { queues: self.config.iter().map(|&q| self.message_queue(q)).collect() }
            }
        }
    }

    /// The `MessageModel` for `mode`.
    pub fn message_model(&self, mode: Mode) -> MessageModel {
        match mode {
            Mode::Clustering(kind) => MessageModel::Clustering(self.strategy(kind)),
            Mode::Broadcasting => MessageModel::Broadcasting,
        }
    }

    /// The strategy in use, if clustering.
    pub fn current_strategy(&self) -> Option<Strategy> {
        self.mode.kind().map(|kind| self.strategy(kind))
    }
}

/// `hosts` grown with the smallest free host numbers, or shrunk by dropping the largest.
pub fn resized(hosts: &[u8], count: usize) -> Vec<u8> {
    let mut next = hosts.to_vec();
    next.sort();
    while next.len() > count {
        next.pop();
    }
    let mut candidate = 1u8;
    while next.len() < count && candidate <= MAX_HOST {
        if !next.contains(&candidate) {
            next.push(candidate);
        }
        candidate = candidate.saturating_add(1);
        if candidate == u8::MAX {
            break;
        }
    }
    next.sort();
    next
}
