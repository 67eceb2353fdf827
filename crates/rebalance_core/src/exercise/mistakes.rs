//! The mistakes exercises diagnose. A computed mistake evaluates the wrong method with the
//! same parameters (e.g. `B / C` instead of `B / (C - P)`); a misconception on a choice
//! part maps to the specific wrong options listed in the exercise file.

use serde::{Deserialize, Serialize};

use super::compute::{
    direction_id, lost_offset_start, reset_of, CResult, Computation, Env, FixedPlan, Operand, QueueSpec, Value,
};
use super::group::{
    change_pair, cid, group_assignment, idle_with, member, moved, owned, owned_queues, BuiltGroup, Change, OwnedArgs,
};
use super::holders::{filtered_count, filtered_queues, resize_added, stale_owned, Divergence, HoldersArgs};
use crate::allocate::StrategyKind;
use crate::failover::{CLIENT_LOCK_MAX_LIVE_S, HEARTBEAT_BROKER_INTERVAL_S};
use crate::plan::Model;
use crate::retry::DELAY_LEVELS_MS;

/// A known mistake.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MistakeId {
    // --- Computed: the core evaluates the wrong method ---
    /// Drain time as `B / C`, forgetting that production continues (`B / (C - P)` is right).
    NetRateIgnored,
    /// Required rate as `B / T`, forgetting to add the produce rate P.
    ProductionIgnored,
    /// Instances rounded down instead of up.
    RoundedDown,
    /// Every instance counted as consuming, beyond the queue count (queue-level models).
    QueueCapIgnored,
    /// The queue cap applied to 5.x message-level consumption, where it does not hold.
    QueueCapAppliedToMessageLevel,
    /// `MaxOffset - 1` taken as the tail (MaxOffset is the next offset to be written).
    MaxOffsetMinusOne,
    /// MinOffset taken as 0 although retention deleted older messages.
    MinOffsetZero,
    /// Lag counted from the ConsumerOffset past MinOffset (expired positions counted as lag).
    LagPastMinOffset,
    /// Expired positions not counted at all.
    ExpiredIgnored,
    /// mqadmin's Diff taken as lag (it also counts expired positions).
    DiffIsLag,
    /// The new owner resumes from the old owner's local progress (no duplicates).
    LocalCursorResume,
    /// Off by one: the range `committed..=last` has `last - committed + 1` messages.
    OffByOne,
    /// A reset target older than MinOffset extrapolated below MinOffset instead of clamped.
    ResetClampIgnored,
    /// Replayed/skipped counted up to MaxOffset instead of to the old ConsumerOffset.
    ResetCountFromMax,
    /// Backward and forward swapped (replay vs skip).
    ReplaySkipSwapped,
    /// The AVG_BY_CIRCLE pattern given for AVG.
    CircleForAvg,
    /// The AVG pattern given for AVG_BY_CIRCLE.
    AvgForCircle,
    /// Only the joining (or leaving) consumer's queues move: true for CONSISTENT_HASH, not AVG.
    OnlyChangedMemberMoves,
    /// "Consistent hashing never moves queues."
    HashNeverMoves,
    /// AVG's moves given for CONSISTENT_HASH.
    AvgMovesForHash,
    /// Every consumer gets a queue (no idle members).
    AllConsumersBusy,
    /// Rolling deploy: only the new instances counted as members.
    RollingOverlapIgnored,
    /// MACHINE_ROOM_NEARBY treated as plain AVG over every queue and consumer.
    NearbyIgnored,
    /// MACHINE_ROOM_NEARBY without the queues of rooms that have no consumer.
    OrphanRoomIgnored,
    /// `B / (C - P)` divided although `C < P`: a negative "drain time" instead of "never".
    NegativeDrainTime,
    /// A duration answered in minutes where seconds are asked (the value in seconds / 60).
    MinutesForSeconds,
    /// `B / T` taken with T in minutes, a per-minute rate added to the per-second P.
    PerMinuteRate,
    /// The lag (a count of messages) given where the consume delay (a time) is asked.
    LagAsDelay,
    /// `C_required / R` given as it is, a fractional instance count not rounded up.
    NotRoundedUp,
    /// Lag counted against the wrong end: `Consumer - Min` instead of `Max - Consumer`.
    MinMaxSwapped,
    /// AVG without the remainder: every consumer gets `floor(M / N)` contiguous queues.
    RemainderIgnored,
    /// Lag counted inclusively: `Max - Consumer + 1` per queue (MaxOffset is not a message).
    InclusiveLag,
    /// A new group with CONSUME_FROM_LAST_OFFSET put at MaxOffset of a young queue, where the
    /// broker answers 0 (MinOffset 0, offset 0 still in memory): the rule without the broker.
    LastOffsetTakenLiterally,
    /// consumeFromWhere applied although the broker has the group's offset, which wins.
    FromWhereOverStoredOffset,
    /// Only the retries counted as deliveries, not the first delivery.
    RetriesOnlyCounted,
    /// The retry delays summed from level 1 (1 s, 5 s…) although the first retry waits level 3.
    DelayLevelsFromFirst,

    // --- Computed on processes with differing views (holders.rs) ---
    /// The stale member's queues computed on the new member list it has not read yet.
    NewListForStaleView,
    /// A topic's queue count change: only the new queues counted as moving.
    OnlyNewQueuesMove,
    /// Two processes with one clientId taken to get a slot each (nothing doubled or lost).
    DuplicateGetsOwnSlot,
    /// The broker taken to keep one cidAll entry per clientId: both processes hold the twin's
    /// block of the list without the duplicate.
    DuplicateCidMerged,
    /// The duplicate taken as the last entry of cidAll, although cidAll is sorted and it
    /// sits right after its twin: the last block left unconsumed.
    DuplicateAppended,
    /// The broker's filter taken from the other member's subscription than the one with the
    /// newest subVersion, which the broker keeps.
    OlderSubscriptionWins,
    // --- Computed on the consume path (`super::consume`) ---
    /// A held pull answered only when the 15 s hold runs out, not when a message arrives.
    HoldRunsOut,
    /// "Push" taken literally: the Broker pushes, so an idle consumer sends no pulls.
    BrokerPushes,
    /// One pull held for the whole consumer instead of one per assigned queue.
    OnePullPerConsumer,
    /// pullBatchSize (messages per pull) taken as the cache limit.
    BatchAsCacheLimit,
    /// The flow-control thresholds as hard limits, although the check before each pull lets
    /// the cache pass them by up to one batch.
    ThresholdNotOvershot,
    /// pullThresholdSizeForQueue read as 100 MB (10^8 bytes) instead of whole MiB.
    MbForMib,
    /// An ACK after the invisible time taken as merely late, so nothing is delivered again.
    LateAckAccepted,
    /// The invisible time sized from the average processing time, not the worst case.
    AverageNotWorst,
    /// A batch's invisible time taken per message, although it starts for all at the receive.
    BatchIgnored,
    /// A member that has not subscribed yet taken as absent: the others cover its share,
    /// although every member's allocation counts it.
    OthersCoverLateMember,

    // --- Misconceptions: specific wrong options of choice parts ---
    /// The Broker pushes each queue to a consumer and keeps it assigned.
    BrokerPushesQueues,
    /// NameServer keeps the consumer list / decides the assignment.
    NameServerKeepsConsumers,
    /// One leader consumer computes and distributes the assignment.
    LeaderAssigns,
    /// The 30 s heartbeat as a fixed protocol guarantee.
    FixedHeartbeatInterval,
    /// Only scaling out and in trigger a rebalance.
    OnlyScalingTriggers,
    /// A failed message or the produce rate triggers a rebalance.
    TrafficTriggersRebalance,
    /// AVG_BY_CIRCLE gives the same queues as AVG.
    CircleSameAsAvg,
    /// AVG_BY_CIRCLE moves fewer queues or is machine-room aware by nature.
    CircleReducesMoves,
    /// Consistent hashing balances exactly.
    HashPerfectBalance,
    /// Consistent hashing moves fewer queues than AVG on every membership change.
    HashAlwaysFewerMoves,
    /// Consume threads or idle instances share a queue's ownership.
    ThreadsShareQueues,
    /// Message-level consumption makes queues irrelevant and scaling unlimited.
    UnlimitedMessageLevelScaling,
    /// Graceful shutdown removes duplicates completely.
    GracefulShutdownRemovesDuplicates,
    /// ConsumerOffset is the last consumed message.
    ConsumerOffsetIsLastConsumed,
    /// QueueOffset confused with the CommitLog byte offset.
    CommitLogOffsetConfusion,
    /// Offsets are always stored locally (or always remotely), whatever the model.
    OffsetStoreAlwaysLocal,
    /// Local offset files are safe in containers.
    LocalOffsetsSafeInContainers,
    /// Only the group's total lag is watched.
    TotalLagOnly,
    /// Lag 0 means healthy.
    LagZeroHealthy,
    /// Reset offset moves or copies messages, or changes MaxOffset.
    ResetMovesMessages,
    /// Reset offset brings back messages deleted by retention.
    ResetRecoversExpired,
    /// Ordered consumption gives global order over the topic.
    GlobalOrder,
    /// The producer need not route one ordering key to one queue.
    OrderKeyIgnored,
    /// Replica count decided from CPU usage alone.
    CpuDecidesReplicas,
    /// A bigger consume thread pool fixes a rebalance storm.
    ThreadPoolFixesStorm,
    /// Restarting every consumer at once calms a storm.
    RestartAllConsumers,
    /// Different tags in one group "divide the work".
    TagsDivideWork,
    /// ACK (or commit the offset) first to avoid duplicates.
    AckFirst,

    // --- Computed, failover ([`crate::failover`]); `FixedHeartbeatInterval` above is one too,
    // the 30 s heartbeat given as the takeover time ---
    /// The housekeeping scan's period left out of a silent member's takeover time.
    ScanPeriodIgnored,
    /// The heartbeat interval taken for the broker's channel expiry.
    HeartbeatForExpiry,
    /// The scan's removal taken to notify the group, so no wait for the periodic rebalance.
    RemovalNotifiesGroup,
    /// An expiry counted from the death instead of from the last heartbeat or lock renewal.
    CountedFromDeath,
    /// The new owner of an ordered queue taken to lock it at once.
    LockHandoffImmediate,
    /// The client-side lock expiry (30 s) taken for the broker's (60 s).
    ClientLockExpiryUsed,
    /// The offset taken to reach the broker with every message: nothing consumed again.
    OffsetCommittedPerMessage,
    /// A broadcasting consumer's offset taken to live on the broker: it resumes where it was.
    BroadcastOffsetOnBroker,
    /// A message confirmed before its business write taken to come back when the write fails.
    AckedMessageRedelivered,
    /// Broadcasting taken for clustering: the group's members share the messages.
    ClusteringShare,
    /// A broadcasting member's missed messages taken to be consumed by the others for it.
    BroadcastTakenOver,
    /// Another allocation strategy puts consumers beyond the queue count to work.
    StrategyFixesIdle,
    /// A subscription made after start() is never allocated a queue.
    LateSubscribeNeverAssigned,
}

impl MistakeId {
    /// The serialized name (`net_rate_ignored`, …).
    pub fn name(self) -> String {
        format!("{self:?}").chars().fold(String::new(), |mut out, c| {
            if c.is_ascii_uppercase() {
                if !out.is_empty() {
                    out.push('_');
                }
                out.push(c.to_ascii_lowercase());
            } else {
                out.push(c);
            }
            out
        })
    }

    /// The wrong answer this mistake produces for `compute`, or `None` when the mistake is
    /// not a computation on this kind of part (misconceptions of choice parts).
    pub(crate) fn wrong_value(self, compute: &Computation, env: &Env) -> Option<CResult<Value>> {
        use Computation as C;
        use MistakeId as M;
        let zero = Operand::Number(0.0);
        let num = |x: f64| Some(Ok(Value::Number(x)));
        let with = |c: Computation| Some(c.eval(env));
        if let Some(wrong) = super::consume::wrong_value(self, compute, env) {
            return Some(wrong);
        }
        Some(match (self, compute) {
            (M::NetRateIgnored, C::DrainTime { backlog, consume, round_up, .. }) => {
                let (backlog, consume, round_up) = (backlog.clone(), consume.clone(), *round_up);
                return with(C::DrainTime { backlog, produce: zero, consume, round_up });
            }
            (M::NetRateIgnored, C::PlanDrainTime { backlog, instance_rate, instances, queues, model, .. }) => {
                let fixed = FixedPlan { backlog, produce: &zero, instance_rate, instances, queues, model: *model };
                fixed.run(env).map(|p| p.drain_seconds.map_or(Value::Never, Value::Number))
            }
            (M::ProductionIgnored, C::RequiredRate { backlog, target, .. }) => {
                return with(C::RequiredRate { backlog: backlog.clone(), produce: zero, target: target.clone() });
            }
            (M::ProductionIgnored, C::RequiredInstances { backlog, instance_rate, target, .. }) => {
                let (backlog, instance_rate, target) = (backlog.clone(), instance_rate.clone(), target.clone());
                return with(C::RequiredInstances { backlog, produce: zero, instance_rate, target });
            }
            (M::RoundedDown, C::RequiredInstances { backlog, produce, instance_rate, target }) => {
                let rate =
                    C::RequiredRate { backlog: backlog.clone(), produce: produce.clone(), target: target.clone() };
                match (rate.eval(env), env.number(instance_rate)) {
                    (Ok(Value::Number(c)), Ok(r)) if r > 0.0 => Ok(Value::Number((c / r).floor())),
                    (Err(e), _) | (_, Err(e)) => Err(e),
                    _ => Err("no rate".to_owned()),
                }
            }
            (M::QueueCapIgnored, C::ActiveConsumers(args)) => {
                group_assignment(env, args).map(|a| Value::Number(a.members.len() as f64))
            }
            (M::QueueCapIgnored | M::QueueCapAppliedToMessageLevel, c) => return self.swap_model(c, env),
            (M::MaxOffsetMinusOne, C::MaxOffset { first, count }) => {
                return Some(env.int(first).and_then(|f| Ok(Value::Number((f + env.int(count)? - 1) as f64))));
            }
            (M::MaxOffsetMinusOne, C::Lag { min, max, consumer }) => {
                let max = env.number(max).map(|m| Operand::Number(m - 1.0));
                return Some(
                    max.and_then(|max| C::Lag { min: min.clone(), max, consumer: consumer.clone() }.eval(env)),
                );
            }
            (M::MaxOffsetMinusOne, C::GroupLag { queues }) => {
                let shifted: CResult<Vec<QueueSpec>> = queues
                    .iter()
                    .map(|q| Ok(QueueSpec { max: Operand::Number(env.number(&q.max)? - 1.0), ..q.clone() }))
                    .collect();
                return Some(shifted.and_then(|queues| C::GroupLag { queues }.eval(env)));
            }
            (M::MinOffsetZero, C::MinOffset { .. }) => return num(0.0),
            (M::LagPastMinOffset, C::Lag { min, max, consumer }) => {
                return with(C::Diff { min: min.clone(), max: max.clone(), consumer: consumer.clone() });
            }
            (M::LagPastMinOffset, C::GroupLag { queues }) => return with(C::GroupDiff { queues: queues.clone() }),
            (M::ExpiredIgnored, C::Expired { .. } | C::GroupExpired { .. }) => return num(0.0),
            (M::DiffIsLag, C::Diff { min, max, consumer }) => {
                return with(C::Lag { min: min.clone(), max: max.clone(), consumer: consumer.clone() });
            }
            (M::LastOffsetTakenLiterally, C::StartOffset { from, stored, min, max, .. }) => {
                let (stored, min, max) = (stored.clone(), min.clone(), max.clone());
                return with(C::StartOffset { from: *from, stored, min, max, first_in_memory: false });
            }
            (M::FromWhereOverStoredOffset, C::StartOffset { from, min, max, first_in_memory, .. }) => {
                let (min, max, first_in_memory) = (min.clone(), max.clone(), *first_in_memory);
                return with(C::StartOffset { from: *from, stored: None, min, max, first_in_memory });
            }
            (M::RetriesOnlyCounted, C::RetryDeliveries { max_reconsume_times }) => {
                env.times(max_reconsume_times).map(|t| Value::Number(f64::from(t)))
            }
            (M::DelayLevelsFromFirst, C::DelayBeforeDeadLetter { max_reconsume_times }) => {
                env.times(max_reconsume_times).map(|t| {
                    let last = DELAY_LEVELS_MS.len() - 1;
                    let ms: u64 = (0..t as usize).map(|i| DELAY_LEVELS_MS[i.min(last)]).sum();
                    Value::Number(ms as f64 / 1000.0)
                })
            }
            (M::LocalCursorResume, C::HandoffResume { processed_through, .. }) => {
                env.number(processed_through).map(|p| Value::Number(p + 1.0))
            }
            (M::LocalCursorResume, C::HandoffDuplicates { .. }) => return num(0.0),
            (M::OffByOne, C::HandoffDuplicates { .. }) => match compute.eval(env) {
                Ok(Value::Number(d)) => Ok(Value::Number(d - 1.0)),
                other => other,
            },
            (M::ResetClampIgnored, C::ResetOffset(args) | C::ResetMoved(args)) => {
                let unclamped = (|| -> CResult<(f64, f64)> {
                    let (min, consumer) = (env.number(&args.min)?, env.number(&args.consumer)?);
                    let (first, interval) = (env.number(&args.first_store)?, env.number(&args.interval)?);
                    let steps = ((env.number(&args.target)? - first) / interval).ceil();
                    Ok((min + steps, consumer))
                })();
                unclamped.map(|(offset, consumer)| match compute {
                    C::ResetOffset(_) => Value::Number(offset),
                    _ => Value::Number((consumer - offset).abs()),
                })
            }
            (M::ResetCountFromMax, C::ResetMoved(args)) => {
                reset_of(env, args).and_then(|r| Ok(Value::Number((env.int(&args.max)? - r.new_offset) as f64)))
            }
            (M::ReplaySkipSwapped, C::ResetDirection(args)) => reset_of(env, args).map(|r| {
                let id = match direction_id(r.direction) {
                    "replay" => "skip",
                    "skip" => "replay",
                    other => other,
                };
                Value::Choices(vec![id.to_owned()])
            }),
            (M::CircleForAvg, C::OwnedQueues(args)) => {
                return self.other_strategy(args, env, StrategyKind::Averagely, StrategyKind::AveragelyByCircle)
            }
            (M::AvgForCircle, C::OwnedQueues(args)) => {
                return self.other_strategy(args, env, StrategyKind::AveragelyByCircle, StrategyKind::Averagely)
            }
            (M::NearbyIgnored, C::OwnedQueues(args)) => {
                return self.other_strategy(args, env, StrategyKind::MachineRoomNearby, StrategyKind::Averagely)
            }
            (M::OrphanRoomIgnored, C::OwnedQueues(args)) => orphans_ignored(env, args),
            (M::OnlyChangedMemberMoves, C::MovedQueues(args) | C::MovesCount(args)) => {
                let queues = change_pair(env, args, None).and_then(|(before, after)| {
                    let (assignment, who) = match &args.change {
                        Change::Join => (&after, cid(None, before.members.len())),
                        Change::Leave(i) => (&before, cid(None, env.count(i)?)),
                    };
                    Ok(owned(assignment, member(assignment, &who)?))
                });
                as_count_or_set(compute, queues)
            }
            (M::HashNeverMoves, C::MovedQueues(_) | C::MovesCount(_)) => as_count_or_set(compute, Ok(Vec::new())),
            (M::AvgMovesForHash, C::MovedQueues(args) | C::MovesCount(args)) => {
                let queues = change_pair(env, args, Some(StrategyKind::Averagely)).map(|(b, a)| moved(&b, &a));
                as_count_or_set(compute, queues)
            }
            (M::NegativeDrainTime, C::DrainTime { backlog, produce, consume, .. }) => {
                // What the division gives when it is done anyway; only a case with C < P has
                // a negative answer to diagnose (C = P divides by zero, C > P is right).
                (|| {
                    let (b, p, c) = (env.number(backlog)?, env.number(produce)?, env.number(consume)?);
                    if c < p {
                        Ok(Value::Number(b / (c - p)))
                    } else {
                        Err("C >= P: B / (C - P) is not negative".to_owned())
                    }
                })()
            }
            (
                M::MinutesForSeconds,
                C::DrainTime { .. }
                | C::PlanDrainTime { .. }
                | C::OldestPendingDelay { .. }
                | C::DelayBeforeDeadLetter { .. },
            ) => match compute.eval(env) {
                Ok(Value::Number(s)) => Ok(Value::Number(s / 60.0)),
                Ok(_) => Err("no duration in seconds to give in minutes".to_owned()),
                Err(e) => Err(e),
            },
            (M::PerMinuteRate, C::RequiredRate { backlog, produce, target }) => {
                // The target in minutes is the target in seconds / 60.
                let minutes = env.number(target).map(|t| Operand::Number(t / 60.0));
                return Some(minutes.and_then(|target| {
                    C::RequiredRate { backlog: backlog.clone(), produce: produce.clone(), target }.eval(env)
                }));
            }
            (M::PerMinuteRate, C::RequiredInstances { backlog, produce, instance_rate, target }) => {
                // The instance count sized for that rate.
                let minutes = env.number(target).map(|t| Operand::Number(t / 60.0));
                return Some(minutes.and_then(|target| {
                    let (backlog, produce, instance_rate) = (backlog.clone(), produce.clone(), instance_rate.clone());
                    C::RequiredInstances { backlog, produce, instance_rate, target }.eval(env)
                }));
            }
            (M::LagAsDelay, C::OldestPendingDelay { queues }) => {
                return with(C::GroupLag { queues: queues.clone() });
            }
            (M::NotRoundedUp, C::RequiredInstances { backlog, produce, instance_rate, target }) => {
                let rate =
                    C::RequiredRate { backlog: backlog.clone(), produce: produce.clone(), target: target.clone() };
                match (rate.eval(env), env.number(instance_rate)) {
                    (Ok(Value::Number(c)), Ok(r)) if r > 0.0 => Ok(Value::Number(c / r)),
                    (Err(e), _) | (_, Err(e)) => Err(e),
                    _ => Err("no rate".to_owned()),
                }
            }
            (M::MinMaxSwapped, C::Lag { min, consumer, .. }) => {
                env.number(consumer).and_then(|c| Ok(Value::Number(c - env.number(min)?)))
            }
            (M::MinMaxSwapped, C::GroupLag { queues }) => queues
                .iter()
                .map(|q| Ok(env.number(&q.consumer)? - env.number(&q.min)?))
                .sum::<CResult<f64>>()
                .map(Value::Number),
            (M::InclusiveLag, C::Lag { .. }) => match compute.eval(env) {
                Ok(Value::Number(lag)) => Ok(Value::Number(lag + 1.0)),
                other => other,
            },
            (M::InclusiveLag, C::GroupLag { queues }) => match compute.eval(env) {
                Ok(Value::Number(lag)) => Ok(Value::Number(lag + queues.len() as f64)),
                other => other,
            },
            (M::RemainderIgnored, C::OwnedQueues(args)) => remainder_ignored(env, args).map(Value::Queues),
            (M::AllConsumersBusy, C::IdleConsumers(_) | C::RollingIdle { .. }) => return num(0.0),
            (M::NewListForStaleView, C::StaleOwned(args)) => stale_owned(env, args, true).map(Value::Queues),
            (
                M::BrokerPushesQueues,
                C::SharedQueues(HoldersArgs { view: Divergence::Stale { .. }, .. })
                | C::UnownedQueues(HoldersArgs { view: Divergence::Stale { .. }, .. })
                | C::SharedCount(HoldersArgs { view: Divergence::Stale { .. }, .. })
                | C::UnownedCount(HoldersArgs { view: Divergence::Stale { .. }, .. }),
            )
            | (
                M::DuplicateGetsOwnSlot,
                C::SharedQueues(HoldersArgs { view: Divergence::Clash(_), .. })
                | C::UnownedQueues(HoldersArgs { view: Divergence::Clash(_), .. })
                | C::SharedCount(HoldersArgs { view: Divergence::Clash(_), .. })
                | C::UnownedCount(HoldersArgs { view: Divergence::Clash(_), .. }),
            )
            | (M::OnlyScalingTriggers, C::ResizeMovedQueues(_) | C::ResizeMovesCount(_))
            | (M::TagsDivideWork, C::FilteredQueues(_) | C::FilteredCount(_)) => nothing(compute),
            (M::OnlyNewQueuesMove, C::ResizeMovedQueues(args) | C::ResizeMovesCount(args)) => {
                as_count_or_set(compute, resize_added(env, args))
            }
            (
                M::DuplicateCidMerged,
                C::SharedQueues(args @ HoldersArgs { view: Divergence::Clash(twin), .. })
                | C::SharedCount(args @ HoldersArgs { view: Divergence::Clash(twin), .. }),
            ) => {
                let queues = env.group(args.group.as_ref()).and_then(|group| {
                    let assignment = BuiltGroup::new(group, args.strategy, env)?.assign()?;
                    Ok(owned(&assignment, member(&assignment, &cid(None, env.count(twin)?))?))
                });
                as_count_or_set(compute, queues)
            }
            (
                M::DuplicateAppended,
                C::UnownedQueues(args @ HoldersArgs { view: Divergence::Clash(_), .. })
                | C::UnownedCount(args @ HoldersArgs { view: Divergence::Clash(_), .. }),
            ) => {
                let queues = env.group(args.group.as_ref()).and_then(|group| {
                    let built = BuiltGroup::new(group, args.strategy, env)?;
                    let last = cid(None, built.cids.len());
                    let assignment = built.changed(&Change::Join, env)?.assign()?;
                    Ok(owned(&assignment, member(&assignment, &last)?))
                });
                as_count_or_set(compute, queues)
            }
            (M::OlderSubscriptionWins, C::FilteredQueues(args)) => {
                filtered_queues(env, args, args.registered.other()).map(Value::Queues)
            }
            (M::OlderSubscriptionWins, C::FilteredCount(args)) => {
                filtered_count(env, args, args.registered.other()).map(Value::Number)
            }
            (M::RollingOverlapIgnored, C::RollingIdle { queues, new, .. }) => {
                env.count(new).and_then(|members| idle_with(env, queues, members)).map(Value::Number)
            }
            (M::FixedHeartbeatInterval, C::SilentMemberTakeover { .. }) => return num(HEARTBEAT_BROKER_INTERVAL_S),
            (
                M::ScanPeriodIgnored | M::HeartbeatForExpiry | M::RemovalNotifiesGroup,
                C::SilentMemberTakeover { since_heartbeat, expiry, scan, rebalance },
            ) => {
                // The same sum with the misread term replaced. (Each wrong computation here is
                // built from the fields it keeps: a `Computation::clone` would compile a copy
                // of every variant into the exercises page.)
                let (mut expiry, mut scan, mut rebalance) = (expiry.clone(), scan.clone(), rebalance.clone());
                match self {
                    M::ScanPeriodIgnored => scan = zero,
                    M::HeartbeatForExpiry => expiry = Operand::Number(HEARTBEAT_BROKER_INTERVAL_S),
                    _ => rebalance = zero,
                }
                return with(C::SilentMemberTakeover {
                    since_heartbeat: since_heartbeat.clone(),
                    expiry,
                    scan,
                    rebalance,
                });
            }
            (M::CountedFromDeath, C::SilentMemberTakeover { expiry, scan, rebalance, .. }) => {
                return with(C::SilentMemberTakeover {
                    since_heartbeat: zero,
                    expiry: expiry.clone(),
                    scan: scan.clone(),
                    rebalance: rebalance.clone(),
                });
            }
            (M::CountedFromDeath, C::OrderlyLockWait { lock_max_live, rate, .. }) => {
                return with(C::OrderlyLockWait {
                    since_renew: zero,
                    lock_max_live: lock_max_live.clone(),
                    rate: rate.clone(),
                });
            }
            (M::LockHandoffImmediate, C::OrderlyLockWait { .. }) => return num(0.0),
            (M::ClientLockExpiryUsed, C::OrderlyLockWait { since_renew, rate, .. }) => {
                let lock_max_live = Operand::Number(CLIENT_LOCK_MAX_LIVE_S);
                return with(C::OrderlyLockWait {
                    since_renew: since_renew.clone(),
                    lock_max_live,
                    rate: rate.clone(),
                });
            }
            (M::OffsetCommittedPerMessage, C::CrashReplay { .. }) => return num(0.0),
            (M::BroadcastOffsetOnBroker, C::LocalOffsetLost(args)) => {
                lost_offset_start(env, args).map(|(_, local)| Value::Number(local as f64))
            }
            (M::BroadcastOffsetOnBroker, C::LocalOffsetLostMoved(_)) => return num(0.0),
            (M::AckedMessageRedelivered, C::ConfirmFirstLosses { .. }) => return num(0.0),
            (M::ClusteringShare, C::BroadcastDeliveries { group, .. }) => match (compute.eval(env), env.count(group)) {
                (Ok(Value::Number(x)), Ok(members)) if members > 0 => Ok(Value::Number(x / members as f64)),
                (Err(e), _) | (_, Err(e)) => Err(e),
                _ => Err("no members".to_owned()),
            },
            (M::BroadcastTakenOver, C::BroadcastDeliveries { .. }) => return num(0.0),
            _ => return None,
        })
    }

    /// How far a typed number may lie from this mistake's wrong value `wrong` and still show
    /// it, beyond the part's tolerance. A fraction not rounded up is typed shortened (8.33 for
    /// 8.3333…), so it matches within 0.01, but never as far as halfway to a whole number: the
    /// right answer and the other mistakes of an instance count (rounded down, …) are whole,
    /// so they stay outside the band and no draw gains a clash.
    pub(crate) fn typed_within(self, wrong: f64) -> f64 {
        match self {
            MistakeId::NotRoundedUp if wrong.is_finite() && wrong.fract() != 0.0 => {
                0.01_f64.min((wrong.ceil() - wrong) / 2.0).min((wrong - wrong.floor()) / 2.0)
            }
            _ => 0.0,
        }
    }

    /// The same plan under the other consumption model.
    fn swap_model(self, compute: &Computation, env: &Env) -> Option<CResult<Value>> {
        use Computation as C;
        let (from, to) = match self {
            MistakeId::QueueCapIgnored => (Model::QueueLevel, Model::MessageLevel),
            _ => (Model::MessageLevel, Model::QueueLevel),
        };
        // Built from the fields, as in `wrong_value`: no `Computation::clone`.
        let swapped = match compute {
            C::ConsumeRate { instances, queues, instance_rate, model } if *model == from => C::ConsumeRate {
                instances: instances.clone(),
                queues: queues.clone(),
                instance_rate: instance_rate.clone(),
                model: to,
            },
            C::PlanDrainTime { backlog, produce, instance_rate, instances, queues, model } if *model == from => {
                C::PlanDrainTime {
                    backlog: backlog.clone(),
                    produce: produce.clone(),
                    instance_rate: instance_rate.clone(),
                    instances: instances.clone(),
                    queues: queues.clone(),
                    model: to,
                }
            }
            C::MeetsTarget { backlog, produce, instance_rate, instances, queues, model, target } if *model == from => {
                C::MeetsTarget {
                    backlog: backlog.clone(),
                    produce: produce.clone(),
                    instance_rate: instance_rate.clone(),
                    instances: instances.clone(),
                    queues: queues.clone(),
                    model: to,
                    target: target.clone(),
                }
            }
            _ => return None,
        };
        Some(swapped.eval(env))
    }

    /// The owned queues under `wrong` when the group's strategy is `right`.
    fn other_strategy(
        self,
        args: &OwnedArgs,
        env: &Env,
        right: StrategyKind,
        wrong: StrategyKind,
    ) -> Option<CResult<Value>> {
        let group = args.group.as_ref().or(env.board)?;
        (args.strategy.unwrap_or(group.strategy) == right)
            .then(|| owned_queues(env, args, Some(wrong)).map(Value::Queues))
    }
}

fn as_count_or_set(compute: &Computation, queues: CResult<Vec<usize>>) -> CResult<Value> {
    use Computation as C;
    queues.map(|q| match compute {
        C::MovesCount(_) | C::SharedCount(_) | C::UnownedCount(_) | C::ResizeMovesCount(_) | C::FilteredCount(_) => {
            Value::Number(q.len() as f64)
        }
        _ => Value::Queues(q),
    })
}

/// "Nothing happens": no queue, or a count of 0.
fn nothing(compute: &Computation) -> CResult<Value> {
    as_count_or_set(compute, Ok(Vec::new()))
}

/// AVG with the remainder ignored: member `m` of the sorted members gets the contiguous block
/// `m * base .. (m + 1) * base` of the sorted queues, `base = floor(M / N)`, as if no member
/// got one more. Only for a group under AVG (another strategy is not cut into blocks).
fn remainder_ignored(env: &Env, args: &OwnedArgs) -> CResult<Vec<usize>> {
    let group = env.group(args.group.as_ref())?;
    let mut built = BuiltGroup::new(group, args.strategy, env)?;
    if let Some(change) = &args.change {
        built = built.changed(change, env)?;
    }
    if built.kind != StrategyKind::Averagely {
        return Err("not AVG".to_owned());
    }
    let assignment = built.assign()?;
    let m = member(&assignment, &cid(args.room.as_deref(), env.count(&args.consumer)?))?;
    let base = assignment.queues.len() / assignment.members.len().max(1);
    Ok((m * base..(m + 1) * base).collect())
}

/// MACHINE_ROOM_NEARBY computed without the rooms that have no consumer.
fn orphans_ignored(env: &Env, args: &OwnedArgs) -> CResult<Value> {
    let group = args.group.as_ref().or(env.board).ok_or("no group")?;
    let full = BuiltGroup::new(group, args.strategy, env)?;
    if full.kind != StrategyKind::MachineRoomNearby {
        return Err("not MACHINE_ROOM_NEARBY".to_owned());
    }
    let rooms = full.rooms.clone().unwrap_or_default();
    let staffed: Vec<&String> = rooms.consumers.values().collect();
    let mut local = full.clone();
    local.queues.retain(|q| rooms.brokers.get(&q.broker_name).is_some_and(|room| staffed.contains(&room)));
    let assignment = local.assign()?;
    let all = full.assign()?;
    let m = member(&assignment, &cid(args.room.as_deref(), env.count(&args.consumer)?))?;
    let mut indices: Vec<usize> = owned(&assignment, m)
        .into_iter()
        .filter_map(|q| assignment.queues.get(q))
        .filter_map(|mq| all.queues.iter().position(|x| x == mq))
        .collect();
    indices.sort();
    Ok(Value::Queues(indices))
}
