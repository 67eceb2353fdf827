//! Who holds each queue when a group's processes do not all allocate on one view: a member
//! still on the member list before a change, two processes reporting one clientId, the topic's
//! queue count changed under the group, members subscribing with different tags.
//!
//! Each process runs RocketMQ's allocation ([`crate::assignment::assign`]) on the lists it
//! has; the queues held by two processes at once are consumed twice, the queues held by none
//! are not consumed until the next rebalance.

use serde::{Deserialize, Serialize};

use super::compute::{CResult, Env, Operand};
use super::group::{cid, member, moved, owned, BuiltGroup, Change, Group};
use crate::allocate::StrategyKind;

/// How the processes' views differ.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Divergence {
    /// Consumer `C<consumer>` still allocates on the member list before `change` (its last
    /// rebalance read cidAll before the change reached the broker it asked); every other
    /// member allocates on the list after it.
    Stale { change: Change, consumer: Operand },
    /// Consumer `C<n>` runs as two processes that report one clientId: the broker keeps one
    /// cidAll entry per channel, so the cid is listed twice, and both processes find their
    /// index with `cidAll.indexOf`, the first of the two.
    Clash(Operand),
}

/// Arguments of the computations on a group whose processes' views differ.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HoldersArgs {
    /// The group; the board's group when absent.
    #[serde(default)]
    pub group: Option<Group>,
    /// Another strategy for the same group.
    #[serde(default)]
    pub strategy: Option<StrategyKind>,
    /// How the views differ.
    pub view: Divergence,
}

/// Arguments of the computations on a topic whose queue count changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResizeArgs {
    /// The group after the change (its queue count is the new one); the board's group when absent.
    #[serde(default)]
    pub group: Option<Group>,
    /// Another strategy for the same group.
    #[serde(default)]
    pub strategy: Option<StrategyKind>,
    /// The topic's read queue count before the change.
    pub before: Operand,
}

/// Which subscription the broker holds for the group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Registered {
    /// `TagA || TagB`, the wide expression.
    Wide,
    /// `TagA` only, the narrow expression.
    Narrow,
}

/// Arguments of the computations on a group whose members subscribe with different tags:
/// every member subscribes `TagA || TagB` but `C<narrow>`, which subscribes `TagA` only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FilterArgs {
    /// The group; the board's group when absent.
    #[serde(default)]
    pub group: Option<Group>,
    /// The member subscribing `TagA` only.
    pub narrow: Operand,
    /// The subscription the broker holds: the one with the newest subVersion.
    pub registered: Registered,
    /// TagB messages per queue (the count computations only).
    #[serde(default)]
    pub per_queue: Option<Operand>,
}

/// Each process's queues (indices into the group's sorted queues), one list per process.
fn holdings(env: &Env, args: &HoldersArgs) -> CResult<(usize, Vec<Vec<usize>>)> {
    let built = BuiltGroup::new(env.group(args.group.as_ref())?, args.strategy, env)?;
    match &args.view {
        Divergence::Stale { change, consumer } => {
            let (stale, fresh) = stale_pair(env, &built, change, consumer)?;
            Ok((fresh.queues.len(), stale_holdings(&stale, &fresh, &cid(None, env.count(consumer)?))?))
        }
        Divergence::Clash(twin) => {
            let clashing = clashed(&built, env.count(twin)?)?;
            let assignment = clashing.assign()?;
            let lists = (0..assignment.members.len()).map(|m| owned(&assignment, m)).collect();
            Ok((assignment.queues.len(), lists))
        }
    }
}

/// The assignments on the list before and after `change` for `C<consumer>`, which must be a
/// member on both lists.
fn stale_pair(
    env: &Env,
    built: &BuiltGroup,
    change: &Change,
    consumer: &Operand,
) -> CResult<(crate::assignment::GroupAssignment, crate::assignment::GroupAssignment)> {
    let after = built.changed(change, env)?;
    let who = cid(None, env.count(consumer)?);
    if !built.cids.contains(&who) || !after.cids.contains(&who) {
        return Err(format!("{who} is not a member before and after the change"));
    }
    Ok((built.assign()?, after.assign()?))
}

/// The stale member's queues on the old list, every other member's on the new one.
fn stale_holdings(
    stale: &crate::assignment::GroupAssignment,
    fresh: &crate::assignment::GroupAssignment,
    who: &str,
) -> CResult<Vec<Vec<usize>>> {
    let mut lists = vec![owned(stale, member(stale, who)?)];
    lists.extend((0..fresh.members.len()).filter(|m| fresh.members[*m].cid != who).map(|m| owned(fresh, m)));
    Ok(lists)
}

/// The group with `C<twin>` listed twice.
pub(crate) fn clashed(built: &BuiltGroup, twin: usize) -> CResult<BuiltGroup> {
    let name = cid(None, twin);
    if !built.cids.contains(&name) {
        return Err(format!("no consumer {name}"));
    }
    let mut clashing = built.clone();
    clashing.cids.push(name);
    Ok(clashing)
}

/// How many processes hold each queue.
fn holder_counts(queues: usize, lists: &[Vec<usize>]) -> Vec<usize> {
    let mut counts = vec![0; queues];
    for q in lists.iter().flatten() {
        if let Some(c) = counts.get_mut(*q) {
            *c += 1;
        }
    }
    counts
}

/// Queues held by two or more processes at once: consumed twice.
pub(crate) fn shared_queues(env: &Env, args: &HoldersArgs) -> CResult<Vec<usize>> {
    let (queues, lists) = holdings(env, args)?;
    Ok(holder_counts(queues, &lists).iter().enumerate().filter(|(_, c)| **c >= 2).map(|(q, _)| q).collect())
}

/// Queues held by no process: not consumed until the next rebalance.
pub(crate) fn unowned_queues(env: &Env, args: &HoldersArgs) -> CResult<Vec<usize>> {
    let (queues, lists) = holdings(env, args)?;
    Ok(holder_counts(queues, &lists).iter().enumerate().filter(|(_, c)| **c == 0).map(|(q, _)| q).collect())
}

/// The queues the stale member holds: its own on the list before the change.
pub(crate) fn stale_owned(env: &Env, args: &HoldersArgs, fresh_list: bool) -> CResult<Vec<usize>> {
    let Divergence::Stale { change, consumer } = &args.view else {
        return Err("stale_owned needs a stale view".to_owned());
    };
    let built = BuiltGroup::new(env.group(args.group.as_ref())?, args.strategy, env)?;
    let (stale, fresh) = stale_pair(env, &built, change, consumer)?;
    let on = if fresh_list { &fresh } else { &stale };
    Ok(owned(on, member(on, &cid(None, env.count(consumer)?))?))
}

/// Before (`before` queues) and after (the group's queues) a change of the topic's queue count.
fn resized(env: &Env, args: &ResizeArgs) -> CResult<(BuiltGroup, BuiltGroup)> {
    let after = BuiltGroup::new(env.group(args.group.as_ref())?, args.strategy, env)?;
    if after.rooms.is_some() {
        return Err("a queue count change is for one broker".to_owned());
    }
    let mut before = after.clone();
    before.queues.truncate(env.count(&args.before)?);
    if before.queues.len() != env.count(&args.before)? || before.queues.is_empty() {
        return Err("the queue count before must be between 1 and the count after".to_owned());
    }
    Ok((before, after))
}

/// Queues present before and after a queue count change whose owner changes.
pub(crate) fn resize_moved(env: &Env, args: &ResizeArgs) -> CResult<Vec<usize>> {
    let (before, after) = resized(env, args)?;
    Ok(moved(&before.assign()?, &after.assign()?))
}

/// The queues a queue count change adds.
pub(crate) fn resize_added(env: &Env, args: &ResizeArgs) -> CResult<Vec<usize>> {
    let (before, after) = resized(env, args)?;
    let assignment = after.assign()?;
    Ok((0..assignment.queues.len()).filter(|q| !before.queues.contains(&assignment.queues[*q])).collect())
}

/// The queues whose TagB messages no member processes, with `registered` the broker's
/// subscription. The broker filters a pull with the group's registered subscription (the
/// pull carries no expression unless `postSubscriptionWhenPull`), then the client filters
/// again with its own; the owner's offset moves past what was filtered either way.
pub(crate) fn filtered_queues(env: &Env, args: &FilterArgs, registered: Registered) -> CResult<Vec<usize>> {
    let built = BuiltGroup::new(env.group(args.group.as_ref())?, None, env)?;
    let assignment = built.assign()?;
    Ok(match registered {
        Registered::Narrow => (0..assignment.queues.len()).collect(),
        Registered::Wide => owned(&assignment, member(&assignment, &cid(None, env.count(&args.narrow)?))?),
    })
}

/// TagB messages never processed: the filtered queues × TagB messages per queue.
pub(crate) fn filtered_count(env: &Env, args: &FilterArgs, registered: Registered) -> CResult<f64> {
    let per_queue = args.per_queue.as_ref().ok_or("a count needs per_queue")?;
    let per_queue = env.int(per_queue)?;
    if per_queue < 0 {
        return Err("per_queue is negative".to_owned());
    }
    Ok(filtered_queues(env, args, registered)?.len() as f64 * per_queue as f64)
}

impl Registered {
    /// The other subscription.
    pub(crate) fn other(self) -> Self {
        match self {
            Registered::Wide => Registered::Narrow,
            Registered::Narrow => Registered::Wide,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercise::compute::{Computation, Value};
    use crate::exercise::mistakes::MistakeId;
    use crate::exercise::names::Names;

    fn group(queues: f64, consumers: f64) -> Group {
        Group {
            queues: Some(Operand::Number(queues)),
            consumers: Some(Operand::Number(consumers)),
            rooms: Vec::new(),
            strategy: StrategyKind::Averagely,
        }
    }

    fn eval(board: &Group, c: &Computation) -> Value {
        let (params, values) = (Names::new(), Names::new());
        let env = Env { params: &params, values: &values, board: Some(board) };
        c.eval(&env).unwrap_or_else(|e| panic!("{c:?}: {e}"))
    }

    fn wrong(board: &Group, m: MistakeId, c: &Computation) -> Value {
        let (params, values) = (Names::new(), Names::new());
        let env = Env { params: &params, values: &values, board: Some(board) };
        match m.wrong_value(c, &env) {
            Some(Ok(v)) => v,
            other => panic!("{m:?} on {c:?}: {other:?}"),
        }
    }

    fn holders(view: Divergence) -> HoldersArgs {
        HoldersArgs { group: None, strategy: None, view }
    }

    /// ConsumerGroupInfo.getAllClientId adds one clientId per channel, so a clashing cid is
    /// listed twice; AllocateMessageQueueAveragely finds both processes at `cidAll.indexOf`,
    /// the first entry. 8 queues, cidAll [C0, C1, C1, C2]: blocks of 2; both C1 processes
    /// take {2, 3}, C2 (index 3) takes {6, 7}, and block 2, {4, 5}, is nobody's.
    #[test]
    fn a_clashing_cid_doubles_one_block_and_orphans_the_next() {
        let g = group(8.0, 3.0);
        let clash = || holders(Divergence::Clash(Operand::Number(1.0)));
        assert_eq!(eval(&g, &Computation::SharedQueues(clash())), Value::Queues(vec![2, 3]));
        assert_eq!(eval(&g, &Computation::UnownedQueues(clash())), Value::Queues(vec![4, 5]));
        assert_eq!(eval(&g, &Computation::SharedCount(clash())), Value::Number(2.0));
        // Deduplicated, C1 would hold its 3-member block {3, 4, 5}; appended last, block 3 {6, 7}.
        assert_eq!(wrong(&g, MistakeId::DuplicateCidMerged, &Computation::SharedCount(clash())), Value::Number(3.0));
        assert_eq!(
            wrong(&g, MistakeId::DuplicateAppended, &Computation::UnownedQueues(clash())),
            Value::Queues(vec![6, 7])
        );
        assert_eq!(wrong(&g, MistakeId::DuplicateGetsOwnSlot, &Computation::UnownedCount(clash())), Value::Number(0.0));
    }

    /// 8 queues, C0…C2, C3 joins; C1 still allocates on [C0, C1, C2] ({3, 4, 5}) while the
    /// others use [C0…C3] (C0 {0, 1}, C2 {4, 5}, C3 {6, 7}): {4, 5} are held twice, {2}
    /// (C1's block on the new list) by nobody.
    #[test]
    fn a_stale_member_overlaps_and_leaves_its_new_block() {
        let g = group(8.0, 3.0);
        let stale = || holders(Divergence::Stale { change: Change::Join, consumer: Operand::Number(1.0) });
        assert_eq!(eval(&g, &Computation::StaleOwned(stale())), Value::Queues(vec![3, 4, 5]));
        assert_eq!(eval(&g, &Computation::SharedQueues(stale())), Value::Queues(vec![4, 5]));
        assert_eq!(eval(&g, &Computation::UnownedQueues(stale())), Value::Queues(vec![2]));
        assert_eq!(
            wrong(&g, MistakeId::NewListForStaleView, &Computation::StaleOwned(stale())),
            Value::Queues(vec![2, 3])
        );
        assert_eq!(
            wrong(&g, MistakeId::BrokerPushesQueues, &Computation::SharedQueues(stale())),
            Value::Queues(vec![])
        );
        // A leave: C1 still sees C2, which left, and keeps {3, 4, 5}; C0 takes {0…3} of the
        // two-member list: Q3 is held twice, C2's old block {6, 7} by nobody.
        let leave =
            holders(Divergence::Stale { change: Change::Leave(Operand::Number(2.0)), consumer: Operand::Number(1.0) });
        assert_eq!(eval(&g, &Computation::UnownedQueues(leave.clone())), Value::Queues(vec![6, 7]));
        assert_eq!(eval(&g, &Computation::SharedQueues(leave)), Value::Queues(vec![3]));
        // The stale member must be on both lists.
        let gone =
            holders(Divergence::Stale { change: Change::Leave(Operand::Number(1.0)), consumer: Operand::Number(1.0) });
        let (params, values) = (Names::new(), Names::new());
        let env = Env { params: &params, values: &values, board: Some(&g) };
        assert!(Computation::SharedQueues(gone).eval(&env).is_err());
    }

    /// Consumers allocate the topic's read queues (MQClientInstance.topicRouteData2TopicSubscribeInfo
    /// lists `readQueueNums` queues per readable broker). 8 → 12 queues over 3 consumers
    /// under AVG: C0 {0,1,2} → {0…3}, C1 {3,4,5} → {4…7}, C2 {6,7} → {8…11}: Q3, Q6, Q7 move.
    #[test]
    fn a_queue_count_change_moves_existing_queues() {
        let g = group(12.0, 3.0);
        let args = || ResizeArgs { group: None, strategy: None, before: Operand::Number(8.0) };
        assert_eq!(eval(&g, &Computation::ResizeMovedQueues(args())), Value::Queues(vec![3, 6, 7]));
        assert_eq!(eval(&g, &Computation::ResizeMovesCount(args())), Value::Number(3.0));
        assert_eq!(
            wrong(&g, MistakeId::OnlyNewQueuesMove, &Computation::ResizeMovedQueues(args())),
            Value::Queues(vec![8, 9, 10, 11])
        );
        assert_eq!(
            wrong(&g, MistakeId::OnlyScalingTriggers, &Computation::ResizeMovesCount(args())),
            Value::Number(0.0)
        );
        let (params, values) = (Names::new(), Names::new());
        let env = Env { params: &params, values: &values, board: Some(&g) };
        let more = ResizeArgs { group: None, strategy: None, before: Operand::Number(13.0) };
        assert!(Computation::ResizeMovedQueues(more).eval(&env).is_err());
    }

    /// The broker filters a pull with the group's registered subscription (the newest
    /// subVersion: ConsumerGroupInfo.updateSubscription), the client again with its own
    /// (PullAPIWrapper.processPullResult). 8 queues, C1 subscribes TagA only: with TagA || TagB
    /// registered, C1's queues {4…7} lose their TagB; with TagA registered, every queue does.
    #[test]
    fn the_narrow_subscription_loses_tag_b_where_it_filters() {
        let g = group(8.0, 2.0);
        let args = |registered| FilterArgs {
            group: None,
            narrow: Operand::Number(1.0),
            registered,
            per_queue: Some(Operand::Number(100.0)),
        };
        assert_eq!(eval(&g, &Computation::FilteredQueues(args(Registered::Wide))), Value::Queues(vec![4, 5, 6, 7]));
        assert_eq!(eval(&g, &Computation::FilteredCount(args(Registered::Wide))), Value::Number(400.0));
        assert_eq!(eval(&g, &Computation::FilteredCount(args(Registered::Narrow))), Value::Number(800.0));
        assert_eq!(
            wrong(&g, MistakeId::OlderSubscriptionWins, &Computation::FilteredCount(args(Registered::Narrow))),
            Value::Number(400.0)
        );
        assert_eq!(
            wrong(&g, MistakeId::TagsDivideWork, &Computation::FilteredCount(args(Registered::Wide))),
            Value::Number(0.0)
        );
    }
}
