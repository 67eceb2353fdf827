//! Computations on the consume path: the classic push consumer's long-polling hold and flow
//! control ([`crate::pull`]) and the invisible time of a batch a 5.x SimpleConsumer
//! receives ([`crate::invisible`]), with the mistakes they diagnose; also the mistake about a
//! member that subscribes after it started.

use serde::{Deserialize, Serialize};

use super::compute::{CResult, Computation, Env, Operand, Value};
use super::mistakes::MistakeId;
use crate::invisible::{last_ack_after_ms, redelivered};
use crate::pull::{
    held_pull_answered_after_ms, max_idle_pulls_per_minute, until_flow_control, FlowControl,
    BROKER_SUSPEND_MAX_TIME_MS, PULL_THRESHOLD_FOR_QUEUE, PULL_THRESHOLD_SIZE_FOR_QUEUE_MIB,
};

/// Arguments of the flow-control computations: a queue whose consumer processes nothing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlowArgs {
    /// Messages each pull brings.
    pub batch: Operand,
    /// Body size of each message, KiB.
    pub body_kib: Operand,
    /// `pullThresholdForQueue`; 1000 when absent.
    #[serde(default)]
    pub threshold: Option<Operand>,
}

/// Arguments of the invisible-time computations: a batch received together and processed
/// one message after another.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BatchArgs {
    /// Messages in the batch (`maxMessageNum`, when that many are visible).
    pub batch: Operand,
    /// Worst-case processing time of one message, seconds.
    pub worst: Operand,
    /// Average processing time of one message, seconds.
    pub average: Operand,
    /// The receive's invisible duration, seconds.
    #[serde(default)]
    pub invisible: Option<Operand>,
}

fn ms(env: &Env, op: &Operand) -> CResult<u64> {
    let x = env.number(op)? * 1000.0;
    if (0.0..1e15).contains(&x) {
        Ok(x.round() as u64)
    } else {
        Err(format!("{op:?} is not a time in seconds"))
    }
}

fn seconds(ms: u64) -> Value {
    Value::Number(ms as f64 / 1000.0)
}

fn count(x: u64) -> Value {
    Value::Number(x as f64)
}

/// `(batch, body bytes, pullThresholdForQueue)` of [`FlowArgs`].
fn flow_input(env: &Env, args: &FlowArgs) -> CResult<(u64, u64, u64)> {
    let batch = env.count(&args.batch)? as u64;
    let body = u64::try_from(env.int(&args.body_kib)?).map_err(|e| e.to_string())?.saturating_mul(1024);
    let threshold = match &args.threshold {
        Some(t) => u64::try_from(env.int(t)?).map_err(|e| e.to_string())?,
        None => PULL_THRESHOLD_FOR_QUEUE,
    };
    Ok((batch, body, threshold))
}

/// The queue's cache when flow control holds its pull.
pub(crate) fn flow(env: &Env, args: &FlowArgs) -> CResult<FlowControl> {
    let (batch, body, threshold) = flow_input(env, args)?;
    until_flow_control(batch, body, threshold, PULL_THRESHOLD_SIZE_FOR_QUEUE_MIB)
        .ok_or_else(|| "no flow control".to_owned())
}

/// `(batch, worst ms, average ms, invisible ms)` of [`BatchArgs`].
fn batch_input(env: &Env, args: &BatchArgs) -> CResult<(u64, u64, u64, u64)> {
    let invisible = args.invisible.as_ref().map(|v| ms(env, v)).transpose()?.unwrap_or(0);
    Ok((env.count(&args.batch)? as u64, ms(env, &args.worst)?, ms(env, &args.average)?, invisible))
}

/// Seconds until a held pull is answered for a message stored `produced_after` seconds after
/// the pull arrived (within the hold).
pub(crate) fn held_pull_answer(env: &Env, produced_after: &Operand) -> CResult<Value> {
    held_pull_answered_after_ms(ms(env, produced_after)?)
        .map(seconds)
        .ok_or_else(|| "the hold runs out first".to_owned())
}

/// The hold in ms: `hold` seconds, or the push consumer's 15 s.
fn hold_ms(env: &Env, hold: Option<&Operand>) -> CResult<u64> {
    hold.map_or(Ok(BROKER_SUSPEND_MAX_TIME_MS), |h| ms(env, h))
}

/// The most pulls per minute for `queues` idle queues, each pull held `hold` seconds.
pub(crate) fn idle_pulls(env: &Env, queues: &Operand, hold: Option<&Operand>) -> CResult<Value> {
    Ok(count(max_idle_pulls_per_minute(env.count(queues)? as u64, hold_ms(env, hold)?)))
}

/// Pulls sent until flow control holds the next one.
pub(crate) fn flow_pulls(env: &Env, args: &FlowArgs) -> CResult<Value> {
    flow(env, args).map(|f| count(f.pulls))
}

/// Messages cached when flow control holds the pull.
pub(crate) fn flow_cached(env: &Env, args: &FlowArgs) -> CResult<Value> {
    flow(env, args).map(|f| count(f.cached))
}

/// Messages of the batch ACKed too late at the worst processing time.
pub(crate) fn batch_redelivered(env: &Env, args: &BatchArgs) -> CResult<Value> {
    let (batch, worst, _, invisible) = batch_input(env, args)?;
    Ok(count(redelivered(batch, worst, invisible)))
}

/// Seconds from the receive to the batch's last ACK at the worst processing time.
pub(crate) fn last_ack(env: &Env, args: &BatchArgs) -> CResult<Value> {
    let (batch, worst, _, _) = batch_input(env, args)?;
    Ok(seconds(last_ack_after_ms(batch, worst)))
}

/// The wrong answers of the consume-path mistakes, `None` for any other pair.
pub(crate) fn wrong_value(mistake: MistakeId, compute: &Computation, env: &Env) -> Option<CResult<Value>> {
    use Computation as C;
    use MistakeId as M;
    Some(match (mistake, compute) {
        // The learner waits for the end of the hold.
        (M::HoldRunsOut, C::HeldPullAnswer { .. }) => Ok(seconds(BROKER_SUSPEND_MAX_TIME_MS)),
        // The Broker pushes, so the consumer sends no pull at all.
        (M::BrokerPushes, C::IdlePullsPerMinute { .. }) => Ok(count(0)),
        // One pull at a time for the whole consumer instead of one per queue.
        (M::OnePullPerConsumer, C::IdlePullsPerMinute { hold, .. }) => {
            hold_ms(env, hold.as_ref()).map(|h| count(max_idle_pulls_per_minute(1, h)))
        }
        (M::BatchAsCacheLimit, C::FlowControlCached(args)) => flow_input(env, args).map(|(batch, ..)| count(batch)),
        // The thresholds as hard limits the cache never passes.
        (M::ThresholdNotOvershot, C::FlowControlPulls(args) | C::FlowControlCached(args)) => flow_input(env, args)
            .and_then(|(batch, body, threshold)| {
                let size = u128::from(PULL_THRESHOLD_SIZE_FOR_QUEUE_MIB) * 1024 * 1024;
                let fits = |unit: u64| match unit {
                    0 => u128::MAX,
                    u => size / u128::from(u),
                };
                let x = match compute {
                    C::FlowControlPulls(_) if batch > 0 => {
                        u128::from(threshold / batch).min(fits(batch.saturating_mul(body)))
                    }
                    _ => u128::from(threshold).min(fits(body)),
                };
                u64::try_from(x).map(count).map_err(|e| e.to_string())
            }),
        // 100 MB read as 100,000,000 bytes, pulling on while the bodies stay within it.
        (M::MbForMib, C::FlowControlPulls(args) | C::FlowControlCached(args)) => {
            flow_input(env, args).and_then(|(batch, body, threshold)| {
                let per_pull = batch.saturating_mul(body);
                if batch == 0 || per_pull == 0 {
                    return Err("no size to compare".to_owned());
                }
                let pulls = (threshold / batch + 1).min(PULL_THRESHOLD_SIZE_FOR_QUEUE_MIB * 1_000_000 / per_pull + 1);
                Ok(count(if matches!(compute, C::FlowControlPulls(_)) { pulls } else { pulls.saturating_mul(batch) }))
            })
        }
        // An ACK after the invisible time taken as merely late: nothing comes back.
        (M::LateAckAccepted, C::InvisibleRedelivered(_)) => Ok(count(0)),
        (M::AverageNotWorst, C::InvisibleRedelivered(args)) => {
            batch_input(env, args).map(|(batch, _, average, invisible)| count(redelivered(batch, average, invisible)))
        }
        (M::AverageNotWorst, C::LastAckAfter(args)) => {
            batch_input(env, args).map(|(batch, _, average, _)| seconds(last_ack_after_ms(batch, average)))
        }
        // One message's time, as if each message had its own invisible time.
        (M::BatchIgnored, C::LastAckAfter(args)) => batch_input(env, args).map(|(_, worst, ..)| seconds(worst)),
        // The others' allocation still counts the late member, so nobody takes its share.
        (M::OthersCoverLateMember, C::OwnedCount(_)) => Ok(count(0)),
        (M::OthersCoverLateMember, C::OwnedQueues(_)) => Ok(Value::Queues(Vec::new())),
        _ => return None,
    })
}
