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
        // `assign` keeps the members in cidAll's sorted order, so the owners come sorted
        // (BROADCASTING at 256 queues / 64 consumers sorted 512 lists of 64 per rebalance).
        if !cids.is_sorted_by(|a, b| java_cmp(a, b) != std::cmp::Ordering::Greater) {
            crate::order::sort_by(&mut cids, |a, b| java_cmp(a, b));
        }
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

/// A queue's distinct owner cids in Java order, shared by the queues that have the same.
type Owners<'a> = Rc<Vec<&'a str>>;
/// One shared copy of an owner list, as [`QueueMove`] holds it.
type Shared = Rc<Vec<String>>;
/// A queue with its owners before and after (`None`: not a queue then).
type Pair<'a> = (&'a MessageQueue, Option<&'a Owners<'a>>, Option<&'a Owners<'a>>);

/// Each queue's distinct owner cids (by index), one list shared by neighbours that have the
/// same owners.
fn owner_lists(a: &GroupAssignment) -> Vec<Owners<'_>> {
    let mut lists: Vec<Owners> = Vec::with_capacity(a.queues.len());
    let mut last: Option<&[usize]> = None;
    for q in 0..a.queues.len() {
        let members = a.owners.get(q).map_or(&[][..], Vec::as_slice);
        let list = match (last, lists.last()) {
            (Some(seen), Some(list)) if seen == members => Rc::clone(list),
            _ => Rc::new(a.owner_cids(q)),
        };
        last = Some(members);
        lists.push(list);
    }
    lists
}

/// Compares two assignments (queues matched by identity, owners by cid).
///
/// Linear in queues × owners: owner lists are sorted (Java order), so "gained" and "lost"
/// are one merge walk per queue, and each queue is visited once (BROADCASTING at 256 queues
/// × 64 members compares each queue's 64 owners once, not 64 × 64 times). Queues next to
/// each other often have the same owners (BROADCASTING and CONFIG: all of them), so each
/// step remembers the last owner list it saw and reuses its result when the next queue's is
/// the same list: then the cids are listed, compared and merged once, not once per queue.
/// When both have the same queues (only the consumers changed) they pair up by index, with
/// no map keyed by queue (whose Java-order comparisons were most of the time at 256 queues).
pub fn moves(before: &GroupAssignment, after: &GroupAssignment) -> Moves {
    let (old_lists, new_lists) = (owner_lists(before), owner_lists(after));
    // Each queue with its owner lists before and after: `by_new` in the order of the queues
    // after (moved, added), `by_old` the queues before, then the added ones (the order of each
    // consumer's gained and lost lists). The same queues (a change of consumers only) pair
    // up by index; else by identity, through maps in Java order.
    let (by_new, by_old, removed): (Vec<Pair>, Vec<Pair>, Vec<&MessageQueue>) = if before.queues == after.queues {
        let pairs: Vec<Pair> = after
            .queues
            .iter()
            .zip(old_lists.iter().zip(&new_lists))
            .map(|(mq, (o, n))| (mq, Some(o), Some(n)))
            .collect();
        (pairs.clone(), pairs, Vec::new())
    } else {
        // Filled by `insert` (the last owner list of a repeated queue wins, as with `collect`):
        // collecting compiles a sort of its own into every WebAssembly bundle (src/order.rs).
        fn by_queue<'a>(a: &'a GroupAssignment, lists: &'a [Owners<'a>]) -> BTreeMap<&'a MessageQueue, &'a Owners<'a>> {
            let mut owners = BTreeMap::new();
            for (mq, list) in a.queues.iter().zip(lists) {
                owners.insert(mq, list);
            }
            owners
        }
        let (old, new) = (by_queue(before, &old_lists), by_queue(after, &new_lists));
        let by_new = new.iter().map(|(mq, to)| (*mq, old.get(mq).copied(), Some(*to))).collect();
        let added = new.iter().filter(|(mq, _)| !old.contains_key(*mq)).map(|(mq, to)| (*mq, None, Some(*to)));
        let by_old = old.iter().map(|(mq, from)| (*mq, Some(*from), new.get(mq).copied())).chain(added).collect();
        (by_new, by_old, old.keys().filter(|mq| !new.contains_key(*mq)).copied().collect())
    };
    let mut lists = HashMap::new();
    let mut result = Moves::default();
    // The last (from, to) pair of owner lists and its shared copies.
    let mut last: Option<(&Owners, &Owners, Shared, Shared)> = None;
    for &(mq, from, to) in &by_new {
        let Some(to) = to else { continue };
        match from {
            None => result.added_queues.push(mq.clone()),
            Some(from) if from != to => {
                let hit = last.as_ref().filter(|(f, t, _, _)| Rc::ptr_eq(f, from) && Rc::ptr_eq(t, to));
                let (from, to) = match hit {
                    Some((_, _, shared_from, shared_to)) => (Rc::clone(shared_from), Rc::clone(shared_to)),
                    None => {
                        let shared_from = shared(&mut lists, from);
                        let shared_to = shared(&mut lists, to);
                        last = Some((from, to, Rc::clone(&shared_from), Rc::clone(&shared_to)));
                        (shared_from, shared_to)
                    }
                };
                result.moved.push(QueueMove { mq: mq.clone(), from, to })
            }
            Some(_) => {}
        }
    }
    result.removed_queues = removed.into_iter().cloned().collect();
    let empty = Rc::new(Vec::new());
    // The last (from, to) pair of owner lists and the cids it gains and loses.
    let mut last: Option<(&Owners, &Owners, Vec<&str>, Vec<&str>)> = None;
    for &(mq, from, to) in &by_old {
        let (from, to) = (from.unwrap_or(&empty), to.unwrap_or(&empty));
        if Rc::ptr_eq(from, to) || from == to {
            continue;
        }
        let same = last.as_ref().is_some_and(|(f, t, _, _)| Rc::ptr_eq(f, from) && Rc::ptr_eq(t, to));
        if !same {
            last = Some((from, to, minus(to, from), minus(from, to)));
        }
        let Some((_, _, gained, lost)) = &last else { continue };
        for cid in gained {
            result.changes.entry((*cid).to_owned()).or_default().gained.push(mq.clone());
        }
        for cid in lost {
            result.changes.entry((*cid).to_owned()).or_default().lost.push(mq.clone());
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
