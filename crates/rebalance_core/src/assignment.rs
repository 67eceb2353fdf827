//! The whole consumer group's assignment at once: what every member's `allocate` call
//! returns, computed together (one CONSISTENT_HASH ring, one room split), plus [`moves`]
//! between two assignments.
//!
//! [`assign`] plays `RebalanceImpl` for every member: it sorts `mqAll` (a set: duplicates
//! dropped) and `cidAll` (duplicates kept: a cid conflict is two members with one cid), then
//! computes each member's list. Member `i`'s list equals
//! `allocate(strategy, group, cidAll[i], mqAll, cidAll)` (a property test proves it).

use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::allocate::consistent_hash::{QueueHasher, Ring};
use crate::allocate::machine_room::{machine_room_candidates, machine_room_slots, split_rooms};
use crate::allocate::{avg_range, circle_indices, Strategy};
use crate::message_queue::{java_cmp, sort_cids};
use crate::{Error, MessageQueue, Result};

/// How the group consumes (`MessageModel`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum MessageModel {
    /// `CLUSTERING`: every queue to one member, by the strategy.
    Clustering(Strategy),
    /// `BROADCASTING`: no strategy, every member takes every queue.
    Broadcasting,
}

/// One member of the group and what it was given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// Its client id.
    pub cid: String,
    /// Indices into [`GroupAssignment::queues`], in the order `allocate` returns them.
    pub queues: Vec<usize>,
    /// CONFIG only: configured queues that are not in `mqAll` (RocketMQ returns them anyway).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub outside: Vec<MessageQueue>,
}

/// Every member's allocation for one membership and one queue list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupAssignment {
    /// `getName()` of the strategy, or `BROADCASTING`.
    pub strategy_name: String,
    /// `mqAll`, sorted and without duplicates.
    pub queues: Vec<MessageQueue>,
    /// One per `cidAll` entry, in sorted order (a duplicated cid appears twice).
    pub members: Vec<Member>,
    /// For each queue, the members (indices into `members`) holding it; empty = unassigned.
    pub owners: Vec<Vec<usize>>,
}

/// Computes every member's allocation (see the module docs for the sorting it does).
///
/// The consumer group's name only appears in `allocate`'s "not in cidAll" log line, which
/// cannot occur here (every member is in `cidAll`), so it is not a parameter.
///
/// With no consumers at all there is no member to call `allocate`: the result has no
/// members and every queue is unassigned. Otherwise the error is the one the first member's
/// call would raise.
pub fn assign(model: &MessageModel, queues: &[MessageQueue], cids: &[String]) -> Result<GroupAssignment> {
    let mut mq_all = queues.to_vec();
    crate::order::sort(&mut mq_all);
    mq_all.dedup();
    let mut cid_all = cids.to_vec();
    sort_cids(&mut cid_all);

    let (strategy_name, lists) = match model {
        MessageModel::Broadcasting => {
            ("BROADCASTING".to_owned(), cid_all.iter().map(|_| ((0..mq_all.len()).collect(), Vec::new())).collect())
        }
        MessageModel::Clustering(strategy) => (strategy.name(), member_lists(strategy, &mq_all, &cid_all)?),
    };
    let mut owners = vec![Vec::new(); mq_all.len()];
    let members = cid_all
        .into_iter()
        .zip(lists)
        .enumerate()
        .map(|(m, (cid, (queues, outside)))| {
            for &q in &queues {
                if let Some(list) = owners.get_mut(q) {
                    if list.last() != Some(&m) {
                        list.push(m);
                    }
                }
            }
            Member { cid, queues, outside }
        })
        .collect();
    Ok(GroupAssignment { strategy_name, queues: mq_all, members, owners })
}

type Lists = Vec<(Vec<usize>, Vec<MessageQueue>)>;

/// Each member's list (indices into `mq_all`) for sorted inputs.
fn member_lists(strategy: &Strategy, mq_all: &[MessageQueue], cid_all: &[String]) -> Result<Lists> {
    if let Strategy::Config { queues } = strategy {
        // No check at all: every member returns the configured list.
        let position: HashMap<&MessageQueue, usize> = mq_all.iter().enumerate().map(|(i, mq)| (mq, i)).collect();
        let known: Vec<usize> = queues.iter().filter_map(|mq| position.get(mq).copied()).collect();
        let outside: Vec<MessageQueue> = queues.iter().filter(|mq| !position.contains_key(mq)).cloned().collect();
        return Ok(cid_all.iter().map(|_| (known.clone(), outside.clone())).collect());
    }
    let Some(first_cid) = cid_all.first() else {
        return Ok(Vec::new());
    };
    // The first member's `check` decides the error (an empty cid sorts first).
    if first_cid.is_empty() {
        return Err(Error::CurrentCidEmpty);
    }
    if mq_all.is_empty() {
        return Err(Error::MqAllEmpty);
    }
    let (m, n) = (mq_all.len(), cid_all.len());
    let mut first: HashMap<&str, usize> = HashMap::with_capacity(n);
    let index: Vec<usize> =
        cid_all.iter().enumerate().map(|(i, cid)| *first.entry(cid.as_str()).or_insert(i)).collect();
    let plain = |list: Vec<usize>| (list, Vec::new());
    Ok(match strategy {
        Strategy::Averagely => index.iter().map(|&i| plain(avg_range(i, m, n).collect())).collect(),
        Strategy::AveragelyByCircle => index.iter().map(|&i| plain(circle_indices(i, m, n).collect())).collect(),
        Strategy::ConsistentHash { virtual_nodes } => {
            let ring = Ring::build(cid_all, *virtual_nodes);
            let mut by_owner: Vec<Vec<usize>> = vec![Vec::new(); n];
            let mut hasher = QueueHasher::default();
            for (q, mq) in mq_all.iter().enumerate() {
                if let Some(owner) = ring.route_queue(mq, &mut hasher) {
                    by_owner[owner].push(q);
                }
            }
            index.iter().map(|&i| plain(by_owner[i].clone())).collect()
        }
        Strategy::MachineRoom { consumer_idcs } => {
            let candidates = machine_room_candidates(consumer_idcs, mq_all);
            index
                .iter()
                .map(|&i| {
                    plain(
                        machine_room_slots(i, candidates.len(), n).filter_map(|s| candidates.get(s).copied()).collect(),
                    )
                })
                .collect()
        }
        Strategy::MachineRoomNearby { delegate, rooms } => {
            let (queue_rooms, consumer_rooms) = split_rooms(rooms, mq_all, cid_all)?;
            let mut lists: Lists = vec![(Vec::new(), Vec::new()); n];
            let global_queue: HashMap<&MessageQueue, usize> =
                mq_all.iter().enumerate().map(|(i, mq)| (mq, i)).collect();
            let run = |queues: &[&MessageQueue], members: &[usize], lists: &mut Lists| -> Result<()> {
                let sub_mqs: Vec<MessageQueue> = queues.iter().map(|mq| (*mq).clone()).collect();
                let sub_cids: Vec<String> = members.iter().map(|&g| cid_all[g].clone()).collect();
                for (local, (sub_list, outside)) in member_lists(delegate, &sub_mqs, &sub_cids)?.into_iter().enumerate()
                {
                    let Some(target) = members.get(local).and_then(|&g| lists.get_mut(g)) else { continue };
                    target.0.extend(
                        sub_list.iter().filter_map(|&q| sub_mqs.get(q)).filter_map(|mq| global_queue.get(mq).copied()),
                    );
                    target.1.extend(outside);
                }
                Ok(())
            };
            // 1. Each room's queues among that room's consumers.
            for (room, queues) in &queue_rooms {
                if let Some((_, cids)) = consumer_rooms.iter().find(|(r, _)| r == room) {
                    let members: Vec<usize> = members_of(cid_all, cids);
                    run(queues, &members, &mut lists)?;
                }
            }
            // 2. Rooms without consumers: shared by everybody, in room-name order.
            let everybody: Vec<usize> = (0..n).collect();
            for (room, queues) in &queue_rooms {
                if !consumer_rooms.iter().any(|(r, _)| r == room) {
                    run(queues, &everybody, &mut lists)?;
                }
            }
            lists
        }
        Strategy::Config { .. } => Vec::new(), // handled above
    })
}

/// Global member indices of the given room members (same order; duplicates map to each slot).
fn members_of(cid_all: &[String], room: &[&String]) -> Vec<usize> {
    let mut used = vec![false; cid_all.len()];
    room.iter()
        .filter_map(|cid| {
            let g = cid_all.iter().enumerate().position(|(i, c)| !used[i] && c == *cid)?;
            used[g] = true;
            Some(g)
        })
        .collect()
}

impl GroupAssignment {
    /// The queues member `m` holds, in `allocate`'s order (plus CONFIG's outside queues).
    pub fn member_queues(&self, m: usize) -> Vec<MessageQueue> {
        self.members.get(m).map_or_else(Vec::new, |member| {
            member
                .queues
                .iter()
                .filter_map(|&q| self.queues.get(q))
                .cloned()
                .chain(member.outside.iter().cloned())
                .collect()
        })
    }

    /// Distinct cids owning queue `q`, in Java order.
    pub fn owner_cids(&self, q: usize) -> Vec<&str> {
        let mut cids: Vec<&str> = self
            .owners
            .get(q)
            .map_or_else(Vec::new, |o| o.iter().filter_map(|&m| self.members.get(m)).map(|m| m.cid.as_str()).collect());
        crate::order::sort_by(&mut cids, |a, b| java_cmp(a, b));
        cids.dedup();
        cids
    }

    /// Indices of queues nobody holds.
    pub fn unassigned(&self) -> Vec<usize> {
        self.owners.iter().enumerate().filter(|(_, o)| o.is_empty()).map(|(q, _)| q).collect()
    }

    /// Indices of members that hold no queue (idle: they still heartbeat).
    pub fn idle_members(&self) -> Vec<usize> {
        self.members
            .iter()
            .enumerate()
            .filter(|(_, m)| m.queues.is_empty() && m.outside.is_empty())
            .map(|(i, _)| i)
            .collect()
    }

    /// Members holding at least one queue (the useful parallelism in queue-level models).
    pub fn active_members(&self) -> usize {
        self.members.len() - self.idle_members().len()
    }

    /// Queue count per member, in member order.
    pub fn loads(&self) -> Vec<usize> {
        self.members.iter().map(|m| m.queues.len() + m.outside.len()).collect()
    }

    /// Queues held by more than one distinct cid (overlap: double consumption).
    pub fn overlapping(&self) -> Vec<usize> {
        (0..self.queues.len()).filter(|&q| self.owner_cids(q).len() > 1).collect()
    }
}

/// A queue whose owner changed between two assignments.
///
/// Owner lists are shared between the queues that have the same owners (under BROADCASTING
/// every queue has all 64 members: one list, not 256 copies of 64 strings).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueueMove {
    /// The queue.
    pub mq: MessageQueue,
    /// Its owners before (distinct cids; empty = unassigned).
    pub from: Rc<Vec<String>>,
    /// Its owners after.
    pub to: Rc<Vec<String>>,
}

/// What one consumer gained and lost.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ConsumerChange {
    /// New queues: a ProcessQueue and a PullRequest from the committed offset.
    pub gained: Vec<MessageQueue>,
    /// Revoked queues: `dropped = true`, offset persisted, ProcessQueue removed.
    pub lost: Vec<MessageQueue>,
}

/// The difference between two assignments: what the rebalance animation shows.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Moves {
    /// Queues present in both whose owner set differs (including to or from nobody).
    pub moved: Vec<QueueMove>,
    /// Queues only in the new assignment.
    pub added_queues: Vec<MessageQueue>,
    /// Queues only in the old assignment.
    pub removed_queues: Vec<MessageQueue>,
    /// Per cid, the queues it gained and lost; only cids with a change.
    pub changes: BTreeMap<String, ConsumerChange>,
    /// Cids present after but not before.
    pub joined: Vec<String>,
    /// Cids present before but not after.
    pub left: Vec<String>,
    /// Cids holding nothing after.
    pub idle: Vec<String>,
    /// Queues held by nobody after.
    pub unassigned: Vec<MessageQueue>,
}

/// Compares two assignments (queues matched by identity, owners by cid).
///
/// Linear in queues × owners: owner lists are sorted (Java order), so "gained" and "lost"
/// are one merge walk per queue, and each queue is visited once (BROADCASTING at 256 queues
/// × 64 members compares each queue's 64 owners once, not 64 × 64 times).
pub fn moves(before: &GroupAssignment, after: &GroupAssignment) -> Moves {
    // Filled by `insert` (the last owner list of a repeated queue wins, as with `collect`):
    // collecting compiles a sort of its own into every WebAssembly bundle (src/order.rs).
    fn owners_by_queue(a: &GroupAssignment) -> BTreeMap<&MessageQueue, Vec<&str>> {
        let mut owners = BTreeMap::new();
        for (q, mq) in a.queues.iter().enumerate() {
            owners.insert(mq, a.owner_cids(q));
        }
        owners
    }
    let old = owners_by_queue(before);
    let new = owners_by_queue(after);
    let mut lists = HashMap::new();
    let mut result = Moves::default();
    for (mq, to) in &new {
        match old.get(mq) {
            None => result.added_queues.push((*mq).clone()),
            Some(from) if from != to => {
                let (from, to) = (shared(&mut lists, from), shared(&mut lists, to));
                result.moved.push(QueueMove { mq: (*mq).clone(), from, to })
            }
            Some(_) => {}
        }
    }
    result.removed_queues = old.keys().filter(|mq| !new.contains_key(*mq)).map(|mq| (*mq).clone()).collect();
    // Old queues first, then the added ones: each consumer's lists keep that order.
    let empty = Vec::new();
    for mq in old.keys().chain(new.keys().filter(|mq| !old.contains_key(*mq))) {
        let from = old.get(mq).unwrap_or(&empty);
        let to = new.get(mq).unwrap_or(&empty);
        if from == to {
            continue;
        }
        for cid in minus(to, from) {
            result.changes.entry(cid.to_owned()).or_default().gained.push((*mq).clone());
        }
        for cid in minus(from, to) {
            result.changes.entry(cid.to_owned()).or_default().lost.push((*mq).clone());
        }
    }
    let cids = |a: &GroupAssignment| -> Vec<String> {
        let mut v: Vec<String> = a.members.iter().map(|m| m.cid.clone()).collect();
        v.dedup();
        v
    };
    let (old_cids, new_cids) = (cids(before), cids(after));
    result.joined = new_cids.iter().filter(|c| !old_cids.contains(c)).cloned().collect();
    result.left = old_cids.iter().filter(|c| !new_cids.contains(c)).cloned().collect();
    let mut idle: Vec<String> = after.idle_members().into_iter().map(|m| after.members[m].cid.clone()).collect();
    idle.dedup();
    result.idle = idle;
    result.unassigned = after.unassigned().into_iter().map(|q| after.queues[q].clone()).collect();
    result
}

/// One shared copy of each distinct owner list.
fn shared<'a>(lists: &mut HashMap<&'a [&'a str], Rc<Vec<String>>>, cids: &'a [&'a str]) -> Rc<Vec<String>> {
    let list = lists.entry(cids).or_insert_with(|| Rc::new(cids.iter().map(|c| (*c).to_owned()).collect()));
    Rc::clone(list)
}

/// The cids of `a` that are not in `b`, both sorted in Java order without duplicates (as
/// [`GroupAssignment::owner_cids`] returns them): one merge walk, no searching.
fn minus<'a>(a: &[&'a str], b: &[&str]) -> Vec<&'a str> {
    let mut rest = b.iter().peekable();
    let mut out = Vec::new();
    for &cid in a {
        while rest.next_if(|other| java_cmp(other, cid) == std::cmp::Ordering::Less).is_some() {}
        if rest.next_if(|other| **other == cid).is_none() {
            out.push(cid);
        }
    }
    out
}
