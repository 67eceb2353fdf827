//! Consumer groups in computations: the group a computation allocates (one broker, or
//! machine rooms), membership changes, and the helpers that run [`crate::assignment`] on them.

use serde::{Deserialize, Serialize};

use super::compute::{CResult, Env, Operand, MAX_COUNT, TOPIC};
use crate::allocate::{MachineRooms, Strategy, StrategyKind, DEFAULT_VIRTUAL_NODES};
use crate::assignment::{assign, GroupAssignment, MessageModel};
use crate::MessageQueue;

/// A consumer group: one broker with `queues` queues and consumers `C0…`, or machine rooms.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// Queues on `broker-a` (ids 0…), when there are no rooms.
    #[serde(default)]
    pub queues: Option<Operand>,
    /// Consumers `C0`, `C1`, … when there are no rooms.
    #[serde(default)]
    pub consumers: Option<Operand>,
    /// Machine rooms, each with a broker `broker-<room>` and consumers `<room>-C0…`.
    #[serde(default)]
    pub rooms: Vec<Room>,
    /// AVG, AVG_BY_CIRCLE, CONSISTENT_HASH (10 virtual nodes) or MACHINE_ROOM_NEARBY (AVG inside).
    pub strategy: StrategyKind,
}

/// One machine room of a [`Group`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Room {
    /// The room's name (also in broker and consumer names).
    pub name: String,
    /// Queues on the room's broker (may be 0).
    pub queues: Operand,
    /// Consumers deployed in the room (may be 0).
    pub consumers: Operand,
}

/// A membership change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// A new consumer `C<n>` joins (n = the current count).
    Join,
    /// Consumer `C<i>` leaves.
    Leave(Operand),
}

/// Arguments of the group computations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupArgs {
    /// The group; the board's group when absent.
    #[serde(default)]
    pub group: Option<Group>,
    /// Another strategy for the same group.
    #[serde(default)]
    pub strategy: Option<StrategyKind>,
}

/// Arguments of [`OwnedQueues`](super::compute::Computation::OwnedQueues) and [`OwnedCount`](super::compute::Computation::OwnedCount).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnedArgs {
    /// The group; the board's group when absent.
    #[serde(default)]
    pub group: Option<Group>,
    /// Another strategy for the same group.
    #[serde(default)]
    pub strategy: Option<StrategyKind>,
    /// The assignment after this change instead of before.
    #[serde(default)]
    pub change: Option<Change>,
    /// The consumer's number: `C<consumer>`, or `<room>-C<consumer>` with `room`.
    pub consumer: Operand,
    /// The consumer's machine room.
    #[serde(default)]
    pub room: Option<String>,
}

/// Arguments of [`MovedQueues`](super::compute::Computation::MovedQueues) and [`MovesCount`](super::compute::Computation::MovesCount).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChangeArgs {
    /// The group before the change; the board's group when absent.
    #[serde(default)]
    pub group: Option<Group>,
    /// Another strategy for the same group.
    #[serde(default)]
    pub strategy: Option<StrategyKind>,
    /// The membership change.
    pub change: Change,
}

/// Arguments of [`FewestOwned`](super::compute::Computation::FewestOwned) and
/// [`MostOwned`](super::compute::Computation::MostOwned): how unevenly a group is split.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpreadArgs {
    /// The group; the board's group when absent.
    #[serde(default)]
    pub group: Option<Group>,
    /// Another strategy for the same group.
    #[serde(default)]
    pub strategy: Option<StrategyKind>,
    /// The assignment after this change instead of before.
    #[serde(default)]
    pub change: Option<Change>,
}

/// A group with its queue list, client ids and strategy, ready for [`assign`].
#[derive(Debug, Clone)]
pub(crate) struct BuiltGroup {
    /// The queues (any order; `assign` sorts them).
    pub queues: Vec<MessageQueue>,
    /// The client ids.
    pub cids: Vec<String>,
    /// Rooms of brokers and consumers (machine-room layouts only).
    pub rooms: Option<MachineRooms>,
    /// The strategy kind.
    pub kind: StrategyKind,
}

/// The client id of consumer `i` (in `room`).
pub fn cid(room: Option<&str>, i: usize) -> String {
    match room {
        Some(room) => format!("{room}-C{i}"),
        None => format!("C{i}"),
    }
}

/// The broker of a room (`broker-<room>`), or `broker-a` without rooms.
pub fn broker(room: Option<&str>) -> String {
    format!("broker-{}", room.unwrap_or("a"))
}

impl BuiltGroup {
    /// Builds `group` with `strategy` instead of its own when given.
    pub fn new(group: &Group, strategy: Option<StrategyKind>, env: &Env) -> CResult<Self> {
        let kind = strategy.unwrap_or(group.strategy);
        if group.rooms.is_empty() {
            let (Some(q), Some(c)) = (&group.queues, &group.consumers) else {
                return Err("a group needs queues and consumers, or rooms".to_owned());
            };
            let (q, c) = (env.count(q)?, env.count(c)?);
            let queues = (0..q).map(|i| MessageQueue::new(TOPIC, broker(None), i as i32)).collect();
            return Ok(Self { queues, cids: (0..c).map(|i| cid(None, i)).collect(), rooms: None, kind });
        }
        let mut built = Self { queues: Vec::new(), cids: Vec::new(), rooms: Some(MachineRooms::default()), kind };
        for room in &group.rooms {
            let (q, c) = (env.count(&room.queues)?, env.count(&room.consumers)?);
            let broker_name = broker(Some(&room.name));
            built.queues.extend((0..q).map(|i| MessageQueue::new(TOPIC, &broker_name, i as i32)));
            let cids: Vec<String> = (0..c).map(|i| cid(Some(&room.name), i)).collect();
            if let Some(rooms) = built.rooms.as_mut() {
                rooms.brokers.insert(broker_name, room.name.clone());
                rooms.consumers.extend(cids.iter().map(|c| (c.clone(), room.name.clone())));
            }
            built.cids.extend(cids);
        }
        if built.queues.len() > MAX_COUNT || built.cids.len() > MAX_COUNT {
            return Err("too many queues or consumers".to_owned());
        }
        Ok(built)
    }

    /// The RocketMQ strategy.
    pub fn strategy(&self) -> CResult<Strategy> {
        Ok(match self.kind {
            StrategyKind::Averagely => Strategy::Averagely,
            StrategyKind::AveragelyByCircle => Strategy::AveragelyByCircle,
            StrategyKind::ConsistentHash => Strategy::ConsistentHash { virtual_nodes: DEFAULT_VIRTUAL_NODES },
            StrategyKind::MachineRoomNearby => Strategy::MachineRoomNearby {
                delegate: Box::new(Strategy::Averagely),
                rooms: self.rooms.clone().ok_or("MACHINE_ROOM_NEARBY needs rooms")?,
            },
            other => return Err(format!("{other} is not used in exercises")),
        })
    }

    /// Every member's queues ([`assign`]).
    pub fn assign(&self) -> CResult<GroupAssignment> {
        assign(&MessageModel::Clustering(self.strategy()?), &self.queues, &self.cids).map_err(|e| e.to_string())
    }

    /// The group after `change`.
    pub fn changed(&self, change: &Change, env: &Env) -> CResult<Self> {
        if self.rooms.is_some() {
            return Err("membership changes are not supported with rooms".to_owned());
        }
        let mut after = self.clone();
        match change {
            Change::Join => after.cids.push(cid(None, self.cids.len())),
            Change::Leave(who) => {
                let leaver = cid(None, env.count(who)?);
                let before = after.cids.len();
                after.cids.retain(|c| *c != leaver);
                if after.cids.len() == before || after.cids.is_empty() {
                    return Err(format!("{leaver} cannot leave"));
                }
            }
        }
        Ok(after)
    }
}

/// Member index of `cid` in an assignment.
pub(crate) fn member(assignment: &GroupAssignment, cid: &str) -> CResult<usize> {
    assignment.members.iter().position(|m| m.cid == cid).ok_or_else(|| format!("no consumer {cid}"))
}

/// Member `m`'s queue indices, ascending.
pub(crate) fn owned(assignment: &GroupAssignment, m: usize) -> Vec<usize> {
    let mut queues = assignment.members.get(m).map(|m| m.queues.to_vec()).unwrap_or_default();
    queues.sort();
    queues.dedup();
    queues
}

/// Indices (into `after.queues`) of the queues present in both assignments whose set of owner
/// cids differs, ascending: what [`crate::assignment::moves`] reports as moved (a test holds
/// the two to the same answer). A membership change keeps the queue list ([`change_pair`]);
/// a queue count change adds or drops queues, which are not moves.
pub(crate) fn moved(before: &GroupAssignment, after: &GroupAssignment) -> Vec<usize> {
    // Owner lists are short (one cid under CLUSTERING), so each is searched as it is.
    fn owners(a: &GroupAssignment, q: usize) -> Vec<&str> {
        a.owners
            .get(q)
            .map_or_else(Vec::new, |o| o.iter().filter_map(|&m| a.members.get(m)).map(|m| m.cid.as_str()).collect())
    }
    (0..after.queues.len())
        .filter(|&q| {
            let Some(b) = before.queues.iter().position(|mq| *mq == after.queues[q]) else { return false };
            let (old, new) = (owners(before, b), owners(after, q));
            !(old.iter().all(|c| new.contains(c)) && new.iter().all(|c| old.contains(c)))
        })
        .collect()
}

/// Owned queues of a consumer (before or after a change), as indices.
pub(crate) fn owned_queues(env: &Env, args: &OwnedArgs, strategy: Option<StrategyKind>) -> CResult<Vec<usize>> {
    let group = env.group(args.group.as_ref())?;
    let mut built = BuiltGroup::new(group, strategy.or(args.strategy), env)?;
    if let Some(change) = &args.change {
        built = built.changed(change, env)?;
    }
    let assignment = built.assign()?;
    let m = member(&assignment, &cid(args.room.as_deref(), env.count(&args.consumer)?))?;
    Ok(owned(&assignment, m))
}

/// The fewest and the most queues any member holds (before or after a change).
pub(crate) fn spread(env: &Env, args: &SpreadArgs) -> CResult<(usize, usize)> {
    let mut built = BuiltGroup::new(env.group(args.group.as_ref())?, args.strategy, env)?;
    if let Some(change) = &args.change {
        built = built.changed(change, env)?;
    }
    let loads = built.assign()?.loads();
    match (loads.iter().min().copied(), loads.iter().max().copied()) {
        (Some(fewest), Some(most)) => Ok((fewest, most)),
        _ => Err("a group without members has no spread".to_owned()),
    }
}

/// Before and after assignments of a change.
pub(crate) fn change_pair(
    env: &Env,
    args: &ChangeArgs,
    strategy: Option<StrategyKind>,
) -> CResult<(GroupAssignment, GroupAssignment)> {
    let built = BuiltGroup::new(env.group(args.group.as_ref())?, strategy.or(args.strategy), env)?;
    let after = built.changed(&args.change, env)?;
    Ok((built.assign()?, after.assign()?))
}

/// The assignment of [`GroupArgs`].
pub(crate) fn group_assignment(env: &Env, args: &GroupArgs) -> CResult<GroupAssignment> {
    BuiltGroup::new(env.group(args.group.as_ref())?, args.strategy, env)?.assign()
}

/// Idle members when `members` consumers share `queues` queues (AVG).
pub(crate) fn idle_with(env: &Env, queues: &Operand, members: usize) -> CResult<f64> {
    let q = env.count(queues)?;
    if members > MAX_COUNT {
        return Err("too many members".to_owned());
    }
    let built = BuiltGroup {
        queues: (0..q).map(|i| MessageQueue::new(TOPIC, broker(None), i as i32)).collect(),
        cids: (0..members).map(|i| cid(None, i)).collect(),
        rooms: None,
        kind: StrategyKind::Averagely,
    };
    Ok(built.assign()?.idle_members().len() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assignment::moves;

    /// `moved` is `moves`' moved queues for every exercise strategy, join and leave.
    #[test]
    fn moved_queues_are_the_ones_moves_reports() {
        let kinds = [StrategyKind::Averagely, StrategyKind::AveragelyByCircle, StrategyKind::ConsistentHash];
        for kind in kinds {
            for queues in [1, 3, 8, 13] {
                for consumers in 1..7 {
                    let built = BuiltGroup {
                        queues: (0..queues).map(|i| MessageQueue::new(TOPIC, broker(None), i)).collect(),
                        cids: (0..consumers).map(|i| cid(None, i)).collect(),
                        rooms: None,
                        kind,
                    };
                    let mut changes = vec![Change::Join];
                    changes.extend((0..consumers).map(|i| Change::Leave(Operand::Number(i as f64))));
                    for change in changes {
                        let env = Env { params: &Default::default(), values: &Default::default(), board: None };
                        let Ok(after) = built.changed(&change, &env) else { continue };
                        let (Ok(before), Ok(after)) = (built.assign(), after.assign()) else {
                            panic!("{kind} {queues}q {consumers}c {change:?} does not assign");
                        };
                        let mut expected: Vec<usize> = moves(&before, &after)
                            .moved
                            .iter()
                            .filter_map(|m| after.queues.iter().position(|q| *q == m.mq))
                            .collect();
                        expected.sort();
                        assert_eq!(moved(&before, &after), expected, "{kind} {queues}q {consumers}c {change:?}");
                    }
                }
            }
        }
    }
}
