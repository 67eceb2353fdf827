//! The computations an exercise's answers are: each one calls the core model
//! ([`crate::plan`], [`crate::offset`], [`crate::reset`], [`crate::assignment`]) with the
//! generated parameters. An exercise file never holds the answer to a computed question.

use serde::{Deserialize, Serialize};

use super::consume;
pub use super::consume::{BatchArgs, FlowArgs};
use super::group::{broker, change_pair, group_assignment, idle_with, moved, owned_queues, spread};
pub use super::group::{Change, ChangeArgs, Group, GroupArgs, OwnedArgs, Room, SpreadArgs};
use super::holders::{
    filtered_count, filtered_queues, resize_moved, shared_queues, stale_owned, unowned_queues, FilterArgs, HoldersArgs,
    ResizeArgs,
};
pub use super::literal::Operand;
use super::names::Names;
use crate::consume_from::{start_offset, ConsumeFromWhere, QueueStart};
use crate::failover::{confirm_first_losses, crash_replay, orderly_lock_wait_s, silent_member_takeover_s};
use crate::offset::{progress_report, queue_lag, QueueLag, QueueProgress};
use crate::plan::{ceil_seconds, drain_seconds, plan, Goal, Model, Plan, PlanInput};
use crate::reset::{reset_queue, Direction, QueueReset, QueueResetInput, StoreSample};
use crate::retry::{delay_before_dead_letter_ms, deliveries};
use crate::MessageQueue;

/// Largest queue or consumer count a computation accepts (keeps every instance cheap).
pub const MAX_COUNT: usize = 4096;
/// Largest offset span a reset computation samples.
const MAX_RESET_SPAN: i64 = 100_000;
/// The topic of generated queues.
pub const TOPIC: &str = "OrderEvent";

/// A computed value: an expected answer, a mistaken answer or a derived value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Value {
    /// A finite number in the part's unit.
    Number(f64),
    /// "Never" (a backlog that never drains).
    Never,
    /// Queue indices into the board's queue list, ascending.
    Queues(Vec<usize>),
    /// Option ids, in the part's option order.
    Choices(Vec<String>),
}

/// One queue's offsets in a group computation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueueSpec {
    /// MinOffset.
    pub min: Operand,
    /// MaxOffset.
    pub max: Operand,
    /// ConsumerOffset.
    pub consumer: Operand,
    /// Age in minutes of the oldest pending message (for the consume delay).
    #[serde(default)]
    pub pending_minutes: Option<Operand>,
}

/// What an answer is computed from. Every variant calls the core model.
///
/// Authored as `{ op = "drain_time", … }`; the model reads it externally tagged
/// (`{ drain_time = { … } }`, see [`super::authoring`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Computation {
    /// `a + b` (derived display values).
    Add { a: Operand, b: Operand },
    /// `a - b`.
    Sub { a: Operand, b: Operand },
    /// `a × b`.
    Mul { a: Operand, b: Operand },
    /// `a / b` (b = 0 is an error).
    Div { a: Operand, b: Operand },
    /// `floor(a / b)` for integers (b = 0 is an error).
    Quot { a: Operand, b: Operand },
    /// `a mod b` for integers (b = 0 is an error).
    Rem { a: Operand, b: Operand },
    /// `T = B / (C - P)` seconds, `never` when `C <= P` ([`crate::plan::drain_seconds`]).
    DrainTime {
        backlog: Operand,
        produce: Operand,
        consume: Operand,
        /// Round up to whole seconds (the SPEC's drain estimate).
        #[serde(default)]
        round_up: bool,
    },
    /// `C_required = P + B / T_target` ([`crate::plan::plan`], target goal).
    RequiredRate { backlog: Operand, produce: Operand, target: Operand },
    /// `N = ceil(C_required / R)`.
    RequiredInstances { backlog: Operand, produce: Operand, instance_rate: Operand, target: Operand },
    /// `C = N_effective × R` for `instances` on `queues` queues.
    ConsumeRate { instances: Operand, queues: Operand, instance_rate: Operand, model: Model },
    /// Drain time with a fixed instance count; `never` when `C <= P`.
    PlanDrainTime {
        backlog: Operand,
        produce: Operand,
        instance_rate: Operand,
        instances: Operand,
        queues: Operand,
        model: Model,
    },
    /// Option `yes` when `instances` drain the backlog within `target` seconds, else `no`.
    MeetsTarget {
        backlog: Operand,
        produce: Operand,
        instance_rate: Operand,
        instances: Operand,
        queues: Operand,
        model: Model,
        target: Operand,
    },
    /// MinOffset of a queue whose oldest stored message has QueueOffset `first`.
    MinOffset { first: Operand },
    /// MaxOffset of a queue holding `count` messages from QueueOffset `first`: `first + count`.
    MaxOffset { first: Operand, count: Operand },
    /// `lag = Max - max(Consumer, Min)` ([`crate::offset::queue_lag`]).
    Lag { min: Operand, max: Operand, consumer: Operand },
    /// `expired = max(0, Min - Consumer)`.
    Expired { min: Operand, max: Operand, consumer: Operand },
    /// mqadmin's `#Diff = Max - Consumer`.
    Diff { min: Operand, max: Operand, consumer: Operand },
    /// Group lag: the sum over queues ([`crate::offset::progress_report`]).
    GroupLag { queues: Vec<QueueSpec> },
    /// Group expired positions.
    GroupExpired { queues: Vec<QueueSpec> },
    /// Group mqadmin diff.
    GroupDiff { queues: Vec<QueueSpec> },
    /// Consume delay in seconds: the age of the oldest pending message among queues with lag.
    OldestPendingDelay { queues: Vec<QueueSpec> },
    /// The first offset a push consumer reads from a queue it is given
    /// ([`crate::consume_from::start_offset`]): `stored` left out when the group has no
    /// offset on the broker.
    StartOffset {
        from: ConsumeFromWhere,
        #[serde(default)]
        stored: Option<Operand>,
        min: Operand,
        max: Operand,
        #[serde(default)]
        first_in_memory: bool,
    },
    /// How many times the listener gets a message that always fails
    /// ([`crate::retry::deliveries`]).
    RetryDeliveries { max_reconsume_times: Operand },
    /// Seconds of retry delays before such a message reaches the dead-letter queue
    /// ([`crate::retry::delay_before_dead_letter_ms`]).
    DelayBeforeDeadLetter { max_reconsume_times: Operand },
    /// Where the new owner resumes after a handoff: the committed ConsumerOffset.
    HandoffResume { committed: Operand, processed_through: Operand },
    /// Messages processed twice after a handoff: processed but not committed.
    HandoffDuplicates { committed: Operand, processed_through: Operand },
    /// ConsumerOffset after `resetOffsetByTime` to `target` (seconds of the day); messages
    /// from `min` on were stored one every `interval` seconds from `first_store`.
    ResetOffset(ResetArgs),
    /// Messages replayed or skipped by that reset.
    ResetMoved(ResetArgs),
    /// Option `replay`, `skip` or `unchanged` for that reset.
    ResetDirection(ResetArgs),
    /// The queues a consumer owns (indices into the group's sorted queue list).
    OwnedQueues(OwnedArgs),
    /// How many queues a consumer owns.
    OwnedCount(OwnedArgs),
    /// The queues whose owner changes with a membership change.
    MovedQueues(ChangeArgs),
    /// How many queues change owner.
    MovesCount(ChangeArgs),
    /// Members holding at least one queue.
    ActiveConsumers(GroupArgs),
    /// Members holding no queue.
    IdleConsumers(GroupArgs),
    /// Idle members while `old` and `new` instances run together (rolling deploy).
    RollingIdle { queues: Operand, old: Operand, new: Operand },
    /// The fewest queues any member holds.
    FewestOwned(SpreadArgs),
    /// The most queues any member holds.
    MostOwned(SpreadArgs),

    // --- Failover: liveness, ordered-queue locks, replay and loss ([`crate::failover`]) ---
    /// The longest seconds from a member's silent death until another member owns its queues
    /// ([`crate::failover::silent_member_takeover_s`]).
    SilentMemberTakeover { since_heartbeat: Operand, expiry: Operand, scan: Operand, rebalance: Operand },
    /// Seconds after an ordered queue's owner died until another member can lock it
    /// ([`crate::failover::orderly_lock_wait_s`]); with `rate`, the messages that arrive on the
    /// queue meanwhile.
    OrderlyLockWait {
        since_renew: Operand,
        lock_max_live: Operand,
        #[serde(default)]
        rate: Option<Operand>,
    },
    /// Messages consumed again after a crash, at most ([`crate::failover::crash_replay`]).
    CrashReplay { rate: Operand, persist_interval: Operand },
    /// Messages lost when success is confirmed before the business write
    /// ([`crate::failover::confirm_first_losses`]).
    ConfirmFirstLosses { messages: Operand, failure_percent: Operand },
    /// Where a broadcasting consumer starts a queue when its local offset file is gone: as a
    /// queue with no stored offset, by consumeFromWhere (`LocalFileOffsetStore` asks no broker).
    LocalOffsetLost(LostOffsetArgs),
    /// Messages that consumer skips (or replays) against the offset the lost file held.
    LocalOffsetLostMoved(LostOffsetArgs),

    // --- Broadcasting ---
    /// Deliveries of `messages` to `instances` of a broadcasting group of `group` members:
    /// `messages × instances`. In BROADCASTING `RebalanceImpl.rebalanceByTopic` gives every
    /// member every queue of the topic (no strategy, no idle member), so every member consumes
    /// every message; `group` is read only by the mistakes.
    BroadcastDeliveries { messages: Operand, instances: Operand, group: Operand },

    // --- Processes on differing views ([`super::holders`]) ---
    /// The queues the stale member of a stale view holds (its own on the old member list).
    StaleOwned(HoldersArgs),
    /// Queues held by two or more processes at once.
    SharedQueues(HoldersArgs),
    /// How many queues two or more processes hold at once.
    SharedCount(HoldersArgs),
    /// Queues held by no process.
    UnownedQueues(HoldersArgs),
    /// How many queues no process holds.
    UnownedCount(HoldersArgs),
    /// Queues present before and after a change of the topic's queue count whose owner changes.
    ResizeMovedQueues(ResizeArgs),
    /// How many of them.
    ResizeMovesCount(ResizeArgs),
    /// The queues whose TagB messages no member processes (members subscribing differently).
    FilteredQueues(FilterArgs),
    /// How many TagB messages no member processes.
    FilteredCount(FilterArgs),

    // --- The consume path (`super::consume`): long polling, flow control, invisible time ---
    /// Seconds from a held pull's arrival until the broker answers it, for a message stored
    /// `produced_after` seconds later ([`crate::pull::held_pull_answered_after_ms`]).
    HeldPullAnswer { produced_after: Operand },
    /// The most pulls per minute a consumer sends for `queues` idle queues, each pull held
    /// `hold` seconds (the push consumer's 15 s when absent)
    /// ([`crate::pull::max_idle_pulls_per_minute`]).
    IdlePullsPerMinute {
        queues: Operand,
        #[serde(default)]
        hold: Option<Operand>,
    },
    /// Pulls a stalled queue sends until flow control holds the next
    /// ([`crate::pull::until_flow_control`]).
    FlowControlPulls(FlowArgs),
    /// Messages cached in its ProcessQueue by then.
    FlowControlCached(FlowArgs),
    /// Messages of a received batch whose ACK comes after the invisible time, so they are
    /// delivered again ([`crate::invisible::redelivered`]).
    InvisibleRedelivered(BatchArgs),
    /// Seconds from the receive to the batch's last ACK at the worst processing time
    /// ([`crate::invisible::last_ack_after_ms`]).
    LastAckAfter(BatchArgs),
}

/// Arguments of the lost local offset computations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LostOffsetArgs {
    /// The consumer's consumeFromWhere.
    pub from: ConsumeFromWhere,
    /// The offset the lost file held for the queue.
    pub local: Operand,
    /// MinOffset at the restart.
    pub min: Operand,
    /// MaxOffset at the restart.
    pub max: Operand,
}

/// The start offset of [`LostOffsetArgs`] and the offset the lost file held.
pub(crate) fn lost_offset_start(env: &Env, args: &LostOffsetArgs) -> CResult<(u64, u64)> {
    let offset = |op: &Operand| env.int(op).map(|x| x.max(0) as u64);
    let q = QueueStart {
        stored: None,
        min: offset(&args.min)?,
        max: offset(&args.max)?,
        first_in_memory: false,
        retry_topic: false,
    };
    Ok((start_offset(args.from, &q).ok_or(NO_SEARCH)?, offset(&args.local)?))
}

/// Why an exercise cannot start a queue with CONSUME_FROM_TIMESTAMP: its start is the broker's
/// `searchOffset` answer, and an exercise's queue has no store times to search.
const NO_SEARCH: &str = "CONSUME_FROM_TIMESTAMP needs store times to search";

/// Arguments of the reset computations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResetArgs {
    /// MinOffset.
    pub min: Operand,
    /// MaxOffset.
    pub max: Operand,
    /// ConsumerOffset before the reset.
    pub consumer: Operand,
    /// Store time of the message at MinOffset, seconds of the day.
    pub first_store: Operand,
    /// Seconds between two stored messages (>= 1).
    pub interval: Operand,
    /// The reset's target time, seconds of the day.
    pub target: Operand,
}

/// What computations read: parameters, derived values and the board's group.
pub(crate) struct Env<'a> {
    /// Drawn parameters.
    pub params: &'a Names<i64>,
    /// Derived values computed so far.
    pub values: &'a Names<Value>,
    /// The board's group, the default group of group computations.
    pub board: Option<&'a Group>,
}

pub(crate) type CResult<T> = Result<T, String>;

impl Env<'_> {
    /// The operand's value; finite.
    pub fn number(&self, op: &Operand) -> CResult<f64> {
        let x = match op {
            Operand::Number(x) => *x,
            Operand::Name(name) => match (self.params.get(name), self.values.get(name)) {
                (Some(v), _) => *v as f64,
                (None, Some(Value::Number(x))) => *x,
                (None, Some(other)) => return Err(format!("{name} is {other:?}, not a number")),
                (None, None) => return Err(format!("unknown parameter or value {name:?}")),
            },
        };
        if x.is_finite() {
            Ok(x)
        } else {
            Err(format!("{op:?} is not finite"))
        }
    }

    /// The operand as an integer (|x| < 2^53).
    pub fn int(&self, op: &Operand) -> CResult<i64> {
        let x = self.number(op)?;
        if x.fract() == 0.0 && x.abs() < 9_007_199_254_740_992.0 {
            Ok(x as i64)
        } else {
            Err(format!("{op:?} = {x} is not an integer"))
        }
    }

    /// The operand as a count in `0..=MAX_COUNT`.
    pub fn count(&self, op: &Operand) -> CResult<usize> {
        let x = self.int(op)?;
        usize::try_from(x).ok().filter(|c| *c <= MAX_COUNT).ok_or_else(|| format!("{op:?} = {x} is not a count"))
    }

    /// The operand as a count of times (`maxReconsumeTimes`).
    pub fn times(&self, op: &Operand) -> CResult<u32> {
        u32::try_from(self.count(op)?).map_err(|e| e.to_string())
    }

    pub(crate) fn non_negative(&self, op: &Operand) -> CResult<f64> {
        let x = self.number(op)?;
        if x >= 0.0 {
            Ok(x)
        } else {
            Err(format!("{op:?} = {x} is negative"))
        }
    }

    pub(crate) fn group<'g>(&'g self, explicit: Option<&'g Group>) -> CResult<&'g Group> {
        explicit.or(self.board).ok_or_else(|| "no group and no board group".to_owned())
    }
}

fn plan_input(env: &Env, backlog: &Operand, produce: &Operand, rate: &Operand, goal: Goal) -> CResult<PlanInput> {
    Ok(PlanInput {
        backlog: env.non_negative(backlog)?,
        produce_rate: env.non_negative(produce)?,
        instance_rate: env.number(rate)?,
        goal,
        queues: 1,
        model: Model::MessageLevel,
    })
}

fn run_plan(input: &PlanInput) -> CResult<Plan> {
    plan(input).map_err(|e| e.to_string())
}

fn u32_count(env: &Env, op: &Operand) -> CResult<u32> {
    u32::try_from(env.count(op)?).map_err(|e| e.to_string())
}

/// A fixed-instance plan (drain time, consume rate, target check).
pub(crate) struct FixedPlan<'a> {
    pub backlog: &'a Operand,
    pub produce: &'a Operand,
    pub instance_rate: &'a Operand,
    pub instances: &'a Operand,
    pub queues: &'a Operand,
    pub model: Model,
}

impl FixedPlan<'_> {
    pub fn run(&self, env: &Env) -> CResult<Plan> {
        let goal = Goal::Instances { count: u32_count(env, self.instances)? };
        let mut input = plan_input(env, self.backlog, self.produce, self.instance_rate, goal)?;
        input.queues = u32_count(env, self.queues)?;
        input.model = self.model;
        run_plan(&input)
    }
}

fn seconds(drain: Option<f64>) -> Value {
    drain.map_or(Value::Never, Value::Number)
}

/// One queue's lag record.
pub(crate) fn lag_of(env: &Env, min: &Operand, max: &Operand, consumer: &Operand) -> CResult<QueueLag> {
    let mq = MessageQueue::new(TOPIC, broker(None), 0);
    queue_lag(&QueueProgress::new(mq, env.int(min)?, env.int(max)?, env.int(consumer)?)).map_err(|e| e.to_string())
}

/// A fixed "now" for consume delays (any value works: only differences matter).
const NOW_MS: i64 = 1_781_924_400_000;

fn progress(env: &Env, queues: &[QueueSpec]) -> CResult<crate::offset::ProgressReport> {
    let mut list = Vec::with_capacity(queues.len());
    for (i, q) in queues.iter().enumerate() {
        let mq = MessageQueue::new(TOPIC, broker(None), i32::try_from(i).map_err(|e| e.to_string())?);
        let mut p = QueueProgress::new(mq, env.int(&q.min)?, env.int(&q.max)?, env.int(&q.consumer)?);
        if let Some(age) = &q.pending_minutes {
            p.oldest_pending_at = Some(NOW_MS.saturating_sub(env.int(age)?.saturating_mul(60_000)));
        }
        list.push(p);
    }
    let report = progress_report(&list, NOW_MS);
    match report.queues.iter().find_map(|o| o.result.as_ref().err()) {
        Some(e) => Err(e.to_string()),
        None => Ok(report),
    }
}

/// The reset of [`ResetArgs`] ([`crate::reset::reset_queue`]).
pub(crate) fn reset_of(env: &Env, args: &ResetArgs) -> CResult<QueueReset> {
    let (min, max, consumer) = (env.int(&args.min)?, env.int(&args.max)?, env.int(&args.consumer)?);
    let (first, interval, target) = (env.int(&args.first_store)?, env.int(&args.interval)?, env.int(&args.target)?);
    if interval < 1 || max.saturating_sub(min) > MAX_RESET_SPAN {
        return Err("reset: interval must be >= 1 s and the queue at most 100,000 messages".to_owned());
    }
    let samples = (min.max(0)..max)
        .map(|o| StoreSample { offset: o, store_timestamp_ms: (first + (o - min) * interval) * 1000 })
        .collect();
    let input = QueueResetInput {
        mq: MessageQueue::new(TOPIC, broker(None), 0),
        min_offset: min,
        max_offset: max,
        consumer_offset: consumer,
        samples,
    };
    reset_queue(&input, target.saturating_mul(1000)).map_err(|e| e.to_string())
}

/// The option id of a reset direction.
pub(crate) fn direction_id(direction: Direction) -> &'static str {
    match direction {
        Direction::Replay => "replay",
        Direction::Skip => "skip",
        Direction::Unchanged => "unchanged",
    }
}

fn arith(env: &Env, a: &Operand, b: &Operand, f: impl Fn(f64, f64) -> Option<f64>) -> CResult<Value> {
    let x = f(env.number(a)?, env.number(b)?).filter(|x| x.is_finite()).ok_or("arithmetic out of range")?;
    Ok(Value::Number(x))
}

impl Computation {
    /// Evaluates the computation.
    pub(crate) fn eval(&self, env: &Env) -> CResult<Value> {
        use Computation as C;
        let n = |x: f64| Ok(Value::Number(x));
        match self {
            C::Add { a, b } => arith(env, a, b, |x, y| Some(x + y)),
            C::Sub { a, b } => arith(env, a, b, |x, y| Some(x - y)),
            C::Mul { a, b } => arith(env, a, b, |x, y| Some(x * y)),
            C::Div { a, b } => arith(env, a, b, |x, y| (y != 0.0).then(|| x / y)),
            C::Quot { a, b } => n(env.int(a)?.checked_div_euclid(env.int(b)?).ok_or("division by zero")? as f64),
            C::Rem { a, b } => n(env.int(a)?.checked_rem_euclid(env.int(b)?).ok_or("division by zero")? as f64),
            C::DrainTime { backlog, produce, consume, round_up } => {
                let (b, p, c) = (env.non_negative(backlog)?, env.non_negative(produce)?, env.non_negative(consume)?);
                let t = drain_seconds(b, p, c);
                Ok(seconds(if *round_up { t.and_then(ceil_seconds).map(|s| s as f64) } else { t }))
            }
            C::RequiredRate { backlog, produce, target } => {
                let goal = Goal::Target { seconds: env.number(target)? };
                let p = run_plan(&plan_input(env, backlog, produce, &Operand::Number(1.0), goal)?)?;
                p.required_rate.map_or(Err("no required rate".to_owned()), n)
            }
            C::RequiredInstances { backlog, produce, instance_rate, target } => {
                let goal = Goal::Target { seconds: env.number(target)? };
                let p = run_plan(&plan_input(env, backlog, produce, instance_rate, goal)?)?;
                p.instances_needed.map_or(Err("no instance count".to_owned()), |c| n(f64::from(c)))
            }
            C::ConsumeRate { instances, queues, instance_rate, model } => {
                let zero = Operand::Number(0.0);
                let fixed =
                    FixedPlan { backlog: &zero, produce: &zero, instance_rate, instances, queues, model: *model };
                n(fixed.run(env)?.consume_rate)
            }
            C::PlanDrainTime { backlog, produce, instance_rate, instances, queues, model } => {
                let fixed = FixedPlan { backlog, produce, instance_rate, instances, queues, model: *model };
                Ok(seconds(fixed.run(env)?.drain_seconds))
            }
            C::MeetsTarget { backlog, produce, instance_rate, instances, queues, model, target } => {
                let fixed = FixedPlan { backlog, produce, instance_rate, instances, queues, model: *model };
                let target = env.number(target)?;
                let met = fixed.run(env)?.drain_seconds.is_some_and(|t| t <= target);
                Ok(Value::Choices(vec![if met { "yes" } else { "no" }.to_owned()]))
            }
            C::MinOffset { first } => n(env.int(first)?.max(0) as f64),
            C::MaxOffset { first, count } => {
                let tail = env.int(first)?.checked_add(env.int(count)?).ok_or("offset overflow")?;
                n(tail as f64)
            }
            C::Lag { min, max, consumer } => n(lag_of(env, min, max, consumer)?.lag as f64),
            C::Expired { min, max, consumer } => n(lag_of(env, min, max, consumer)?.expired as f64),
            C::Diff { min, max, consumer } => n(lag_of(env, min, max, consumer)?.diff as f64),
            C::GroupLag { queues } => n(progress(env, queues)?.total_lag as f64),
            C::GroupExpired { queues } => n(progress(env, queues)?.total_expired as f64),
            C::GroupDiff { queues } => n(progress(env, queues)?.total_diff as f64),
            C::OldestPendingDelay { queues } => {
                let ms = progress(env, queues)?.oldest_pending_delay_ms.ok_or("no queue has pending messages")?;
                n(ms as f64 / 1000.0)
            }
            C::StartOffset { from, stored, min, max, first_in_memory } => {
                let offset = |op: &Operand| env.int(op).map(|x| x.max(0) as u64);
                let stored = stored.as_ref().map(offset).transpose()?;
                let q = QueueStart {
                    stored,
                    min: offset(min)?,
                    max: offset(max)?,
                    first_in_memory: *first_in_memory,
                    retry_topic: false,
                };
                n(start_offset(*from, &q).ok_or(NO_SEARCH)? as f64)
            }
            C::RetryDeliveries { max_reconsume_times } => n(deliveries(env.times(max_reconsume_times)?) as f64),
            C::DelayBeforeDeadLetter { max_reconsume_times } => {
                n(delay_before_dead_letter_ms(env.times(max_reconsume_times)?) as f64 / 1000.0)
            }
            C::HandoffResume { committed, processed_through } => {
                let next = Operand::Number(env.number(processed_through)? + 1.0);
                n(lag_of(env, &Operand::Number(0.0), &next, committed)?.effective_offset as f64)
            }
            C::HandoffDuplicates { committed, processed_through } => {
                let next = env.int(processed_through)?.saturating_add(1);
                let mq = MessageQueue::new(TOPIC, broker(None), 0);
                let q =
                    QueueProgress { pull_offset: Some(next), ..QueueProgress::new(mq, 0, next, env.int(committed)?) };
                n(queue_lag(&q).map_err(|e| e.to_string())?.inflight as f64)
            }
            C::ResetOffset(args) => n(reset_of(env, args)?.new_offset as f64),
            C::ResetMoved(args) => {
                let r = reset_of(env, args)?;
                n((r.replayed + r.skipped) as f64)
            }
            C::ResetDirection(args) => {
                Ok(Value::Choices(vec![direction_id(reset_of(env, args)?.direction).to_owned()]))
            }
            C::OwnedQueues(args) => Ok(Value::Queues(owned_queues(env, args, None)?)),
            C::OwnedCount(args) => n(owned_queues(env, args, None)?.len() as f64),
            C::MovedQueues(args) => {
                let (before, after) = change_pair(env, args, None)?;
                Ok(Value::Queues(moved(&before, &after)))
            }
            C::MovesCount(args) => {
                let (before, after) = change_pair(env, args, None)?;
                n(moved(&before, &after).len() as f64)
            }
            C::ActiveConsumers(args) => n(group_assignment(env, args)?.active_members() as f64),
            C::IdleConsumers(args) => n(group_assignment(env, args)?.idle_members().len() as f64),
            C::RollingIdle { queues, old, new } => {
                let members = env.count(old)?.saturating_add(env.count(new)?);
                n(idle_with(env, queues, members)?)
            }
            C::FewestOwned(args) => n(spread(env, args)?.0 as f64),
            C::MostOwned(args) => n(spread(env, args)?.1 as f64),

            C::SilentMemberTakeover { since_heartbeat, expiry, scan, rebalance } => {
                let (h, e) = (env.non_negative(since_heartbeat)?, env.non_negative(expiry)?);
                n(silent_member_takeover_s(h, e, env.non_negative(scan)?, env.non_negative(rebalance)?))
            }
            C::OrderlyLockWait { since_renew, lock_max_live, rate } => {
                let wait = orderly_lock_wait_s(env.non_negative(since_renew)?, env.non_negative(lock_max_live)?);
                match rate {
                    Some(rate) => n(wait * env.non_negative(rate)?),
                    None => n(wait),
                }
            }
            C::CrashReplay { rate, persist_interval } => {
                n(crash_replay(env.non_negative(rate)?, env.non_negative(persist_interval)?))
            }
            C::ConfirmFirstLosses { messages, failure_percent } => {
                n(confirm_first_losses(env.non_negative(messages)?, env.non_negative(failure_percent)?))
            }
            C::BroadcastDeliveries { messages, instances, group } => {
                env.count(group)?;
                n(env.non_negative(messages)? * env.count(instances)? as f64)
            }
            C::LocalOffsetLost(args) => n(lost_offset_start(env, args)?.0 as f64),
            C::LocalOffsetLostMoved(args) => {
                let (start, local) = lost_offset_start(env, args)?;
                n(start.abs_diff(local) as f64)
            }
            C::StaleOwned(args) => Ok(Value::Queues(stale_owned(env, args, false)?)),
            C::SharedQueues(args) => Ok(Value::Queues(shared_queues(env, args)?)),
            C::SharedCount(args) => n(shared_queues(env, args)?.len() as f64),
            C::UnownedQueues(args) => Ok(Value::Queues(unowned_queues(env, args)?)),
            C::UnownedCount(args) => n(unowned_queues(env, args)?.len() as f64),
            C::ResizeMovedQueues(args) => Ok(Value::Queues(resize_moved(env, args)?)),
            C::ResizeMovesCount(args) => n(resize_moved(env, args)?.len() as f64),
            C::FilteredQueues(args) => Ok(Value::Queues(filtered_queues(env, args, args.registered)?)),
            C::FilteredCount(args) => n(filtered_count(env, args, args.registered)?),
            C::HeldPullAnswer { produced_after } => consume::held_pull_answer(env, produced_after),
            C::IdlePullsPerMinute { queues, hold } => consume::idle_pulls(env, queues, hold.as_ref()),
            C::FlowControlPulls(args) => consume::flow_pulls(env, args),
            C::FlowControlCached(args) => consume::flow_cached(env, args),
            C::InvisibleRedelivered(args) => consume::batch_redelivered(env, args),
            C::LastAckAfter(args) => consume::last_ack(env, args),
        }
    }

    /// The value type this computation yields.
    pub fn yields(&self) -> Yields {
        use Computation as C;
        match self {
            C::MeetsTarget { .. } | C::ResetDirection(_) => Yields::Choice,
            C::OwnedQueues(_) | C::MovedQueues(_) => Yields::Queues,
            C::StaleOwned(_)
            | C::SharedQueues(_)
            | C::UnownedQueues(_)
            | C::ResizeMovedQueues(_)
            | C::FilteredQueues(_) => Yields::Queues,
            _ => Yields::Number,
        }
    }
}

/// What a computation yields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Yields {
    /// A number or `never`.
    Number,
    /// A set of queue indices.
    Queues,
    /// One option id.
    Choice,
}
