//! The whole consumer group's assignment at once: what every member's `allocate` call
//! returns, computed together (one CONSISTENT_HASH ring, one room split), plus [`moves`]
//! between two assignments.
//!
//! [`assign`] plays `RebalanceImpl` for every member: it sorts `mqAll` (a set: duplicates
//! dropped; `Collections.sort` with `MessageQueue.compareTo`'s overflow, see
//! [`rebalance_mq_all`]) and `cidAll` (duplicates kept: a cid conflict is two members with one cid), then
//! computes each member's list. Member `i`'s list equals
//! `allocate(strategy, group, cidAll[i], mqAll, cidAll)` (a property test proves it).

use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::allocate::consistent_hash::{QueueHasher, Ring};
use crate::allocate::machine_room::{machine_room_candidates, machine_room_slots, room_position, split_rooms};
use crate::allocate::{allocate, avg_range, circle_indices, picks, Consumers, MachineRooms, Strategy};
use crate::message_queue::{java_cmp, rebalance_mq_all, sort_cids};
use crate::{Error, MessageQueue, Result};

/// How the group consumes (`MessageModel`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum MessageModel {
    /// `CLUSTERING`: every queue to one member, by the strategy.
    Clustering(Strategy),
    /// `BROADCASTING`: no strategy, every member takes every queue.
    Broadcasting,
}

impl MessageModel {
    /// RocketMQ's name of the clustering model (`MessageModel.CLUSTERING`).
    pub const CLUSTERING: &'static str = "CLUSTERING";
    /// RocketMQ's name of the broadcasting model (`MessageModel.BROADCASTING`), also what the
    /// client logs in place of a strategy name.
    pub const BROADCASTING: &'static str = "BROADCASTING";
}

/// One member of the group and what it was given.
///
/// Members that were given the same list share it (CONFIG gives every member the configured
/// list: one copy, not one per member).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// Its client id.
    pub cid: String,
    /// Indices into [`GroupAssignment::queues`] of the returned queues that are in `mqAll`,
    /// in the order `allocate` returns them.
    pub queues: Rc<Vec<usize>>,
    /// CONFIG (also as MACHINE_ROOM_NEARBY's delegate): returned queues that are not in
    /// `mqAll` (RocketMQ returns them anyway), in returned order.
    #[serde(skip_serializing_if = "no_queues", default)]
    pub outside: Rc<Vec<MessageQueue>>,
    /// The whole list `allocate` returns when some of it is [`outside`](Self::outside): the
    /// configured list as given, in and outside `mqAll` in any order (as MACHINE_ROOM_NEARBY's
    /// delegate, once per call). `None`: the list is [`queues`](Self::queues).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub returned: Option<Rc<Vec<MessageQueue>>>,
}

fn no_queues(queues: &Rc<Vec<MessageQueue>>) -> bool {
    queues.is_empty()
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
    /// Queues with the same owners may share one list (CONFIG, BROADCASTING: all of them).
    pub owners: Vec<Rc<Vec<usize>>>,
}

/// Computes every member's allocation (see the module docs for the sorting it does).
///
/// The consumer group's name only appears in `allocate`'s "not in cidAll" log line, which
/// cannot occur here (every member is in `cidAll`), so it is not a parameter.
///
/// With no consumers at all there is no member to call `allocate`: the result has no
/// members and every queue is unassigned. Otherwise the error is the one the first member's
/// call would raise.
///
/// Only CLUSTERING sorts `mqAll` (BROADCASTING takes the set as it is): with queue ids more
/// than `i32::MAX` apart Java's sort may throw, and then so does every member's rebalance
/// ([`rebalance_mq_all`]); the other lists show the queues in [`Ord`]'s order.
pub fn assign(model: &MessageModel, queues: &[MessageQueue], cids: &[String]) -> Result<GroupAssignment> {
    let mq_all = match model {
        MessageModel::Clustering(_) if !cids.is_empty() => rebalance_mq_all(queues)?,
        _ => {
            let mut set = queues.to_vec();
            set.sort();
            set.dedup();
            set
        }
    };
    let mut cid_all = cids.to_vec();
    sort_cids(&mut cid_all);

    let (strategy_name, lists) = match model {
        MessageModel::Broadcasting => {
            let everything = List::plain((0..mq_all.len()).collect());
            (MessageModel::BROADCASTING.to_owned(), vec![everything; cid_all.len()])
        }
        MessageModel::Clustering(strategy) => (strategy.name(), member_lists(strategy, &mq_all, &cid_all)?),
    };
    let owners = owners(&lists, mq_all.len());
    let members = cid_all
        .into_iter()
        .zip(lists)
        .map(|(cid, list)| Member { cid, queues: list.queues, outside: list.outside, returned: list.returned })
        .collect();
    Ok(GroupAssignment { strategy_name, queues: mq_all, members, owners })
}

/// Each queue's members. When every member holds the same list (CONFIG, BROADCASTING) its
/// queues share one list of all members.
fn owners(lists: &[List], queues: usize) -> Vec<Rc<Vec<usize>>> {
    let nobody: Rc<Vec<usize>> = Rc::default();
    if let Some(first) = lists.first().filter(|first| lists.iter().all(|l| Rc::ptr_eq(&l.queues, &first.queues))) {
        let everybody = Rc::new((0..lists.len()).collect());
        let mut owners = vec![nobody; queues];
        for &q in first.queues.iter() {
            if let Some(owners) = owners.get_mut(q) {
                *owners = Rc::clone(&everybody);
            }
        }
        return owners;
    }
    let mut owners = vec![Vec::new(); queues];
    for (m, list) in lists.iter().enumerate() {
        for &q in list.queues.iter() {
            if let Some(owners) = owners.get_mut(q) {
                if owners.last() != Some(&m) {
                    owners.push(m);
                }
            }
        }
    }
    owners.into_iter().map(|o| if o.is_empty() { Rc::clone(&nobody) } else { Rc::new(o) }).collect()
}

/// One member's list, as [`Member`] holds it.
#[derive(Clone, Default)]
struct List {
    queues: Rc<Vec<usize>>,
    outside: Rc<Vec<MessageQueue>>,
    returned: Option<Rc<Vec<MessageQueue>>>,
}

impl List {
    /// A list of queues all in `mqAll`.
    fn plain(queues: Vec<usize>) -> Self {
        List { queues: Rc::new(queues), ..List::default() }
    }

    /// The list `allocate` returned, located in `mq_all` (`position`).
    fn returned(list: &[MessageQueue], position: &HashMap<&MessageQueue, usize>) -> Self {
        let queues: Vec<usize> = list.iter().filter_map(|mq| position.get(mq).copied()).collect();
        if queues.len() == list.len() {
            return List::plain(queues);
        }
        let outside = list.iter().filter(|mq| !position.contains_key(mq)).cloned().collect();
        List { queues: Rc::new(queues), outside: Rc::new(outside), returned: Some(Rc::new(list.to_vec())) }
    }

    /// This list `times` times over (one call's list, returned by that many calls).
    fn repeated(&self, times: usize) -> Self {
        fn repeat<T: Clone>(list: &[T], times: usize) -> Rc<Vec<T>> {
            Rc::new(std::iter::repeat_n(list, times).flatten().cloned().collect())
        }
        List {
            queues: repeat(&self.queues, times),
            outside: repeat(&self.outside, times),
            returned: self.returned.as_ref().map(|list| repeat(list, times)),
        }
    }
}

/// Each queue's position in `mq_all`.
fn positions(mq_all: &[MessageQueue]) -> HashMap<&MessageQueue, usize> {
    mq_all.iter().enumerate().map(|(i, mq)| (mq, i)).collect()
}

/// Each member's list for sorted inputs.
fn member_lists(strategy: &Strategy, mq_all: &[MessageQueue], cid_all: &[String]) -> Result<Vec<List>> {
    if let Strategy::Config { queues } = strategy {
        // No check at all: every member returns the configured list, as given.
        return Ok(vec![List::returned(queues, &positions(mq_all)); cid_all.len()]);
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
    let plain = List::plain;
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
        Strategy::MachineRoomNearby { delegate, rooms } => nearby_lists(strategy, delegate, rooms, mq_all, cid_all)?,
        Strategy::Config { .. } => Vec::new(), // handled above
    })
}

/// MACHINE_ROOM_NEARBY for every member: each room's queues among that room's consumers, then
/// each room without consumers among everybody, in room-name order (`AllocateMachineRoomNearby`).
///
/// Every call is computed for all its consumers at once ([`picks`]): the work is the size of
/// the answer, not rooms × consumers.
fn nearby_lists(
    strategy: &Strategy,
    delegate: &Strategy,
    rooms: &MachineRooms,
    mq_all: &[MessageQueue],
    cid_all: &[String],
) -> Result<Vec<List>> {
    let (queue_rooms, consumer_rooms) = split_rooms(rooms, mq_all, cid_all)?;
    let n = cid_all.len();
    let orphans: Vec<&Vec<usize>> = queue_rooms
        .iter()
        .filter(|(room, _)| room_position(&consumer_rooms, room).is_none())
        .map(|(_, queues)| queues)
        .collect();
    match delegate {
        Strategy::Config { queues } => {
            // Every call returns the configured list: a member gets it once for its own room
            // when that room has queues, then once per room without consumers. Members with
            // the same count share one list.
            let once = List::returned(queues, &positions(mq_all));
            let mut by_count: HashMap<usize, List> = HashMap::new();
            let mut lists = vec![List::default(); n];
            for (room, members) in &consumer_rooms {
                let count = orphans.len() + usize::from(room_position(&queue_rooms, room).is_some());
                let list = by_count.entry(count).or_insert_with(|| once.repeated(count));
                for &g in members {
                    lists[g] = list.clone();
                }
            }
            return Ok(lists);
        }
        Strategy::MachineRoomNearby { .. } => {
            // A MACHINE_ROOM_NEARBY delegate (RocketMQ accepts one; nothing here builds it):
            // one call per member.
            let position = positions(mq_all);
            return cid_all
                .iter()
                .map(|cid| allocate(strategy, "", cid, mq_all, cid_all).map(|a| List::returned(&a.queues, &position)))
                .collect();
        }
        _ => {}
    }
    let mut lists: Vec<Vec<usize>> = vec![Vec::new(); n];
    // One call of the delegate: `queues` (positions in `mq_all`) among `members` (positions in
    // `cid_all`, as `consumers`).
    let mut call = |queues: &[usize], members: &[usize], consumers: &Consumers| {
        let mqs: Vec<&MessageQueue> = queues.iter().map(|&q| &mq_all[q]).collect();
        picks(delegate, &mqs, consumers, None, |head, q| {
            for local in consumers.same(head) {
                lists[members[local]].push(queues[q]);
            }
        });
    };
    // 1. Each room's queues among that room's consumers.
    for (room, queues) in &queue_rooms {
        if let Some(c) = room_position(&consumer_rooms, room) {
            let members = &consumer_rooms[c].1;
            let cids: Vec<String> = members.iter().map(|&g| cid_all[g].clone()).collect();
            call(queues, members, &Consumers::new(&cids));
        }
    }
    // 2. Rooms without consumers: shared by everybody, in room-name order.
    let everybody: Vec<usize> = (0..n).collect();
    let consumers = Consumers::new(cid_all);
    for queues in orphans {
        call(queues, &everybody, &consumers);
    }
    Ok(lists.into_iter().map(List::plain).collect())
}

impl GroupAssignment {
    /// The list `allocate` returns to member `m` (CONFIG's queues outside `mqAll` included).
    pub fn member_queues(&self, m: usize) -> Vec<MessageQueue> {
        self.member_queue_iter(m).cloned().collect()
    }

    /// [`member_queues`](Self::member_queues) without copying: members share their lists
    /// (CONFIG's one list for the whole group), so writing every member's list out needs no
    /// copy of it per member.
    pub fn member_queue_iter(&self, m: usize) -> impl Iterator<Item = &MessageQueue> + '_ {
        let (returned, held): (&[MessageQueue], &[usize]) = match self.members.get(m) {
            Some(Member { returned: Some(list), .. }) => (list, &[]),
            Some(member) => (&[], &member.queues),
            None => (&[], &[]),
        };
        returned.iter().chain(held.iter().filter_map(|&q| self.queues.get(q)))
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
            cids.sort_by(|a, b| java_cmp(a, b));
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
        let members = a.owners.get(q).map_or(&[][..], |o| o.as_slice());
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
        // Filled by `insert`: the last owner list of a repeated queue wins.
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
