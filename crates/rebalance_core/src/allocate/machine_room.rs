//! The two machine-room strategies: `AllocateMachineRoomNearby` (rooms given per broker and
//! per consumer, a delegate strategy inside each room) and `AllocateMessageQueueByMachineRoom`
//! (`idc@broker` broker names filtered by a configured idc set).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::{Deserialize, Serialize};

use super::{allocate, picks, Consumers, Strategy};
use crate::message_queue::java_cmp;
use crate::{Error, MessageQueue, Result};

/// RocketMQ's `MachineRoomResolver`, as data: the machine room of each broker and consumer.
/// A missing or empty room is an error when the strategy runs, as in RocketMQ.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MachineRooms {
    /// brokerName → machine room (`brokerDeployIn`).
    #[serde(default)]
    pub brokers: BTreeMap<String, String>,
    /// clientId → machine room (`consumerDeployIn`).
    #[serde(default)]
    pub consumers: BTreeMap<String, String>,
}

impl MachineRooms {
    /// The room of a broker, `None` when missing or empty.
    pub fn broker_room(&self, broker_name: &str) -> Option<&str> {
        self.brokers.get(broker_name).map(String::as_str).filter(|r| !r.is_empty())
    }

    /// The room of a consumer, `None` when missing or empty.
    pub fn consumer_room(&self, cid: &str) -> Option<&str> {
        self.consumers.get(cid).map(String::as_str).filter(|r| !r.is_empty())
    }

    /// A common naming convention (and the one RocketMQ's tests use): the room is the text
    /// before the first `-` of a brokerName or clientId (`room1-broker-a`); names without a
    /// `-` get no room.
    pub fn from_name_prefix<'a>(
        broker_names: impl IntoIterator<Item = &'a str>,
        cids: impl IntoIterator<Item = &'a str>,
    ) -> Self {
        fn prefix(name: &str) -> Option<(String, String)> {
            name.split_once('-').map(|(room, _)| (name.to_owned(), room.to_owned()))
        }
        MachineRooms {
            brokers: broker_names.into_iter().filter_map(prefix).collect(),
            consumers: cids.into_iter().filter_map(prefix).collect(),
        }
    }
}

/// Groups items (by position) by room, rooms in Java string order (RocketMQ uses a
/// `TreeMap`), items in their original order; the first item without a room is reported
/// through `missing`.
pub(crate) fn group_by_room<'a, T>(
    items: &'a [T],
    room_of: impl Fn(&T) -> Option<&'a str>,
    missing: impl Fn(&T) -> Error,
) -> Result<Vec<(&'a str, Vec<usize>)>> {
    let rooms = items.iter().map(|item| room_of(item).ok_or_else(|| missing(item))).collect::<Result<Vec<_>>>()?;
    Ok(group_rooms(&rooms))
}

/// The positions of `rooms` grouped by room, rooms in Java string order. Not generic, so the
/// map and the sort are compiled once for queues and consumers alike. One map lookup per
/// item: there may be as many rooms as items.
fn group_rooms<'a>(rooms: &[&'a str]) -> Vec<(&'a str, Vec<usize>)> {
    let mut grouped: Vec<(&str, Vec<usize>)> = Vec::new();
    let mut slots: HashMap<&str, usize> = HashMap::new();
    for (i, &room) in rooms.iter().enumerate() {
        let slot = *slots.entry(room).or_insert_with(|| {
            grouped.push((room, Vec::new()));
            grouped.len() - 1
        });
        grouped[slot].1.push(i);
    }
    grouped.sort_by(|a, b| java_cmp(a.0, b.0));
    grouped
}

/// The position of `room` in rooms grouped by [`group_by_room`] (a binary search: they are
/// in Java order, which is a total order on strings).
pub(crate) fn room_position<T>(rooms: &[(&str, T)], room: &str) -> Option<usize> {
    rooms.binary_search_by(|(r, _)| java_cmp(r, room)).ok()
}

/// The positions of the queues per room and of the consumers per room.
pub(crate) type RoomSplit<'a> = (Vec<(&'a str, Vec<usize>)>, Vec<(&'a str, Vec<usize>)>);

/// Splits queues and consumers by room (queues first, so a missing broker room is reported
/// before a missing consumer room).
pub(crate) fn split_rooms<'a>(
    rooms: &'a MachineRooms,
    mq_all: &'a [MessageQueue],
    cid_all: &'a [String],
) -> Result<RoomSplit<'a>> {
    let queues =
        group_by_room(mq_all, |mq| rooms.broker_room(&mq.broker_name), |mq| Error::BrokerRoomMissing(mq.clone()))?;
    let consumers =
        group_by_room(cid_all, |cid| rooms.consumer_room(cid), |cid| Error::ConsumerRoomMissing(cid.clone()))?;
    Ok((queues, consumers))
}

/// `AllocateMachineRoomNearby.allocate` after its `check` passed, for the consumer `current`
/// (its cid and its first position in `cid_all`).
pub(crate) fn nearby(
    delegate: &Strategy,
    rooms: &MachineRooms,
    group: &str,
    current: (&str, usize),
    mq_all: &[MessageQueue],
    cid_all: &[String],
) -> Result<Vec<MessageQueue>> {
    let (current_cid, index) = current;
    let (queue_rooms, consumer_rooms) = split_rooms(rooms, mq_all, cid_all)?;
    let current_room =
        rooms.consumer_room(current_cid).ok_or_else(|| Error::ConsumerRoomMissing(current_cid.to_owned()))?;
    let queues_of = |positions: &[usize]| positions.iter().map(|&q| mq_all[q].clone()).collect::<Vec<_>>();
    let mut result = Vec::new();
    // 1. The queues of the consumer's own room, shared by the consumers of that room.
    if let Some(at) = room_position(&queue_rooms, current_room) {
        let local: Vec<String> = room_position(&consumer_rooms, current_room)
            .map(|c| consumer_rooms[c].1.iter().map(|&i| cid_all[i].clone()).collect())
            .unwrap_or_default();
        result.extend(allocate(delegate, group, current_cid, &queues_of(&queue_rooms[at].1), &local)?.queues);
    }
    // 2. Rooms with queues but no consumer: shared by every consumer, in room-name order.
    // Each of these calls passes its check (the room has queues, `cidAll` holds the consumer),
    // so the delegate's pick is computed directly, without a pass over `cidAll` per room.
    let consumers = Consumers::new(cid_all);
    for (room, positions) in &queue_rooms {
        if *room == current_room || room_position(&consumer_rooms, room).is_some() {
            continue;
        }
        let mqs: Vec<&MessageQueue> = positions.iter().map(|&q| &mq_all[q]).collect();
        if !picks(delegate, &mqs, &consumers, Some(index), |_, q| result.push(mqs[q].clone())) {
            result.extend(allocate(delegate, group, current_cid, &queues_of(positions), cid_all)?.queues);
        }
    }
    Ok(result)
}

/// Java's `brokerName.split("@")`: trailing empty strings are dropped, and a name without
/// `@` is one part.
pub fn java_split_at(name: &str) -> Vec<&str> {
    if !name.contains('@') {
        return vec![name];
    }
    let mut parts: Vec<&str> = name.split('@').collect();
    while parts.last().is_some_and(|p| p.is_empty()) {
        parts.pop();
    }
    parts
}

/// The queues `AllocateMessageQueueByMachineRoom` considers: brokerName `idc@broker` with
/// exactly two parts and the idc in the configured set, in `mqAll` order (indices).
pub fn machine_room_candidates<'a>(
    consumer_idcs: &BTreeSet<String>,
    mq_all: impl IntoIterator<Item = &'a MessageQueue>,
) -> Vec<usize> {
    mq_all
        .into_iter()
        .enumerate()
        .filter(|(_, mq)| {
            let parts = java_split_at(&mq.broker_name);
            parts.len() == 2 && consumer_idcs.contains(parts[0])
        })
        .map(|(i, _)| i)
        .collect()
}

/// Indices into the candidate list for the consumer at `index` of `n`:
/// `q = len / n`, `pre[q*i .. q*i+q]` plus `pre[i + q*n]` when `len % n > i`.
pub fn machine_room_slots(index: usize, len: usize, n: usize) -> impl Iterator<Item = usize> {
    let n = n.max(1);
    let (q, rem) = (len / n, len % n);
    let extra = (rem > index).then_some(index + q * n);
    (q * index..q * index + q).chain(extra)
}

/// `AllocateMessageQueueByMachineRoom.allocate` after its `check` passed.
pub(crate) fn by_machine_room(
    consumer_idcs: &BTreeSet<String>,
    index: usize,
    mq_all: &[MessageQueue],
    n: usize,
) -> Vec<MessageQueue> {
    let candidates = machine_room_candidates(consumer_idcs, mq_all);
    machine_room_slots(index, candidates.len(), n)
        .filter_map(|slot| candidates.get(slot).and_then(|&i| mq_all.get(i)).cloned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_follows_java() {
        assert_eq!(java_split_at("idc1@"), vec!["idc1"]);
        assert_eq!(java_split_at("idc1@broker-x@"), vec!["idc1", "broker-x"]);
        assert_eq!(java_split_at("idc2@broker-b@x"), vec!["idc2", "broker-b", "x"]);
        assert_eq!(java_split_at("@b"), vec!["", "b"]);
        assert!(java_split_at("@@").is_empty());
        assert_eq!(java_split_at(""), vec![""]);
    }

    #[test]
    fn slots_leave_nothing_out_when_divisible() {
        let all: Vec<usize> = (0..3).flat_map(|i| machine_room_slots(i, 7, 3)).collect();
        assert_eq!(all, vec![0, 1, 6, 2, 3, 4, 5]);
    }
}
