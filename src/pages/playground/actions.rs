//! Every change the reader can make, and how it changes the [`Settings`] (clamped, so an
//! action can never leave the settings out of range).

use rebalance_core::allocate::StrategyKind;

use super::settings::*;

/// One change the reader makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// The topic's queue count.
    SetQueues(u16),
    /// The broker count.
    SetBrokers(u8),
    /// The member count (joins take the smallest free host, leaves drop the largest).
    SetConsumers(usize),
    /// One consumer joins.
    AddConsumer,
    /// The newest (largest host) consumer leaves.
    RemoveConsumer,
    /// Kill one member (its host; one occurrence when the cid is duplicated).
    Kill(u8),
    /// Start a second process with this host's cid (a cid conflict).
    Duplicate(u8),
    /// The strategy, or broadcasting.
    SetMode(Mode),
    /// MACHINE_ROOM_NEARBY's delegate.
    SetDelegate(StrategyKind),
    /// CONSISTENT_HASH's virtual node count.
    SetVirtualNodes(u32),
    /// Broker index → room (0 = none).
    SetBrokerRoom(u8, u8),
    /// Consumer host → room (0 = none).
    SetConsumerRoom(u8, u8),
    /// Adds or removes an idc from MACHINE_ROOM's `consumeridcs`.
    ToggleIdc(u8),
    /// Adds or removes a queue from CONFIG's list.
    ToggleConfig(QueueRef),
    /// Empties CONFIG's list.
    ClearConfig,
    /// Shows or hides the consumer whose heartbeat has not arrived.
    SetLate(bool),
    /// Table view on or off.
    SetTable(bool),
    /// Compare mode on or off.
    SetCompare(bool),
    /// "Predict before moving" on or off.
    SetPredict(bool),
    /// Adds (up to three) or removes a compared mode.
    ToggleCompareMode(Mode),
    /// The membership change compare mode applies.
    SetChange(Change),
}

impl Settings {
    /// The settings after `action`; out-of-range values are clamped.
    pub fn apply(&self, action: &Action) -> Settings {
        let mut next = self.clone();
        match action {
            Action::SetQueues(q) => next.queues = (*q).clamp(1, MAX_QUEUES),
            Action::SetBrokers(b) => next.brokers = (*b).clamp(1, MAX_BROKERS),
            Action::SetConsumers(n) => next.hosts = resized(&self.hosts, (*n).min(MAX_CONSUMERS)),
            Action::AddConsumer => next.hosts = resized(&self.hosts, (self.hosts.len() + 1).min(MAX_CONSUMERS)),
            Action::RemoveConsumer => next.hosts = resized(&self.hosts, self.hosts.len().saturating_sub(1)),
            Action::Kill(host) => {
                if let Some(i) = next.hosts.iter().rposition(|h| h == host) {
                    next.hosts.remove(i);
                }
            }
            Action::Duplicate(host) => {
                if next.hosts.len() < MAX_CONSUMERS && next.hosts.contains(host) {
                    next.hosts.push(*host);
                    next.hosts.sort();
                }
            }
            Action::SetMode(mode) => next.mode = *mode,
            Action::SetDelegate(kind) => {
                if DELEGATES.contains(kind) {
                    next.delegate = *kind;
                }
            }
            Action::SetVirtualNodes(v) => next.virtual_nodes = (*v).min(MAX_VIRTUAL_NODES),
            Action::SetBrokerRoom(b, room) => {
                if let Some(slot) = next.broker_rooms.get_mut(usize::from(*b)) {
                    *slot = (*room).min(ROOMS);
                }
            }
            Action::SetConsumerRoom(host, room) => {
                let room = (*room).min(ROOMS);
                if room == default_consumer_room(*host) {
                    next.consumer_rooms.remove(host);
                } else {
                    next.consumer_rooms.insert(*host, room);
                }
            }
            Action::ToggleIdc(room) => {
                if (1..=ROOMS).contains(room) && !next.idcs.remove(room) {
                    next.idcs.insert(*room);
                }
            }
            Action::ToggleConfig(queue) => match next.config.iter().position(|q| q == queue) {
                Some(i) => {
                    next.config.remove(i);
                }
                None => next.config.push(*queue),
            },
            Action::ClearConfig => next.config.clear(),
            Action::SetLate(on) => next.late = *on,
            Action::SetTable(on) => next.table = *on,
            Action::SetCompare(on) => next.compare = *on,
            Action::SetPredict(on) => next.predict = *on,
            Action::ToggleCompareMode(mode) => match next.compare_modes.iter().position(|m| m == mode) {
                Some(i) => {
                    next.compare_modes.remove(i);
                }
                None if next.compare_modes.len() < 3 => {
                    next.compare_modes.push(*mode);
                    next.compare_modes.sort_by_key(|m| Mode::ALL.iter().position(|x| x == m));
                }
                None => {}
            },
            Action::SetChange(change) => next.change = *change,
        }
        next
    }
}
