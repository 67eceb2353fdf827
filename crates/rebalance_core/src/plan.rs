//! Backlog drain planning (SPEC section 6), with the reasoning as ordered [`Step`]s.
//!
//! B backlog (messages), P produce rate, R one instance's successful committed consume
//! rate, C the group's consume rate (all msg/s):
//!
//! - net drain `D = C - P`; when `D <= 0` the backlog never drains (reported as `None`,
//!   never divided by);
//! - drain time `T = B / D`;
//! - capacity for a target: `C_required = P + B / T_target`, instances
//!   `N = ceil(C_required / R)`;
//! - queue-level models give queues to at most `queues` instances:
//!   `C = min(N, queues) * R`; message-level models use every instance.
//!
//! Numbers in the steps are formatted by [`format_number`] (thousands separators, one
//! decimal when not integral) and durations by [`format_duration`]. Operators are ASCII
//! (`-`, `/`, `<=`) except `×`.

use serde::{Deserialize, Serialize};

use crate::{Error, Result};

/// What the plan is asked to find.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Goal {
    /// Drain within `seconds`: how many instances does that take?
    Target {
        /// `T_target` in seconds, > 0.
        seconds: f64,
    },
    /// Run `count` instances: how long does draining take?
    Instances {
        /// Consumer instances in the group, >= 1.
        count: u32,
    },
}

/// How instances share the topic (SPEC section 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Model {
    /// Classic push or pull consumers: at most one instance per queue does work.
    QueueLevel,
    /// 5.x message-level (POP): every instance receives messages.
    MessageLevel,
}

/// The planner's inputs.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanInput {
    /// B: messages waiting now.
    pub backlog: f64,
    /// P: messages produced per second.
    pub produce_rate: f64,
    /// R: messages one instance consumes and commits per second.
    pub instance_rate: f64,
    /// A drain-time target or a fixed instance count.
    pub goal: Goal,
    /// Queues of the topic (the queue-level cap on useful instances).
    pub queues: u32,
    /// Queue-level or message-level consumption.
    pub model: Model,
}

impl PlanInput {
    /// SPEC section 6 (seed 000, 6.10.3): B = 12,000,000, P = 20,000/s, R = 4,000/s,
    /// T_target = 15 min, 8 queues.
    pub fn seed_example(model: Model) -> Self {
        Self {
            backlog: 12_000_000.0,
            produce_rate: 20_000.0,
            instance_rate: 4_000.0,
            goal: Goal::Target { seconds: 900.0 },
            queues: 8,
            model,
        }
    }
}

/// Stable identifiers of the reasoning steps (the site translates them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum StepId {
    /// `B / T_target`: the net drain rate the target asks for.
    BacklogRate,
    /// `C_required = P + B / T_target`.
    RequiredRate,
    /// `N = ceil(C_required / R)`.
    InstancesNeeded,
    /// Instances that actually consume (queue-level cap).
    EffectiveInstances,
    /// `C = N_effective × R`.
    ConsumeRate,
    /// `D = C - P`.
    NetDrainRate,
    /// `T = B / D` when `D > 0`.
    DrainTime,
    /// `D <= 0`: the backlog never drains.
    NeverDrains,
    /// `T <= T_target`; value 1 when met, 0 when not.
    TargetCheck,
}

/// One line of the worked calculation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Step {
    /// Which step this is.
    pub id: StepId,
    /// The formula, e.g. `C_required = P + B / T_target`.
    pub formula: String,
    /// The formula with the numbers in, e.g. `20,000 + 12,000,000 / 900`.
    pub substituted: String,
    /// The formatted result, e.g. `33,333.3/s`.
    pub result: String,
    /// The unrounded result (always finite).
    pub value: f64,
}

/// A change that would shorten the drain, offered when the goal is missed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Remedy {
    /// Add instances (only when more instances would get work).
    MoreInstances,
    /// Add queues (queue-level, when instances exceed queues).
    MoreQueues,
    /// Raise each instance's successful consume rate R.
    FasterInstances,
    /// Lower the produce rate P (throttle, shift, or divert producers).
    LessProduction,
    /// Process bigger batches per call, which raises R.
    BiggerBatches,
    /// Switch to message-level consumption (queue-level, when instances exceed queues).
    MessageLevel,
}

/// The planner's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Plan {
    /// `C_required = P + B / T_target` (target goal only).
    pub required_rate: Option<f64>,
    /// `ceil(C_required / R)` (target goal only; saturates at `u32::MAX`).
    pub instances_needed: Option<u32>,
    /// Instances in the group: the needed count, or the given one.
    pub instances: u32,
    /// Instances that consume: `min(instances, queues)` queue-level, all message-level.
    pub effective_instances: u32,
    /// `C = effective_instances × R`.
    pub consume_rate: f64,
    /// `D = C - P`.
    pub net_drain_rate: f64,
    /// `T = B / D`; `None` exactly when `D <= 0` (the backlog never drains).
    pub drain_seconds: Option<f64>,
    /// `T <= T_target` (target goal only). With B = 0 and D = 0 nothing is pending and
    /// nothing accumulates, so the target counts as met although `drain_seconds` is `None`.
    pub meets_target: Option<bool>,
    /// Instances without a queue (queue-level), 0 message-level.
    pub idle_instances: u32,
    /// The calculation, in order.
    pub steps: Vec<Step>,
    /// What would help, when the target is missed or the backlog never drains.
    pub remedies: Vec<Remedy>,
}

fn invalid(field: &str, message: impl Into<String>) -> Error {
    Error::InvalidInput { field: field.to_owned(), message: message.into() }
}

fn non_negative(field: &str, value: f64, unit: &str) -> Result<f64> {
    if value.is_finite() && value >= 0.0 {
        Ok(value)
    } else {
        Err(invalid(field, format!("must be a finite number >= 0 ({unit}), got {value}")))
    }
}

fn positive(field: &str, value: f64, unit: &str) -> Result<f64> {
    if value.is_finite() && value > 0.0 {
        Ok(value)
    } else {
        Err(invalid(field, format!("must be a finite number > 0 ({unit}), got {value}")))
    }
}

/// `ceil(x)` as a count, saturating at `u32::MAX` (x is finite or +inf and >= 0 here).
fn ceil_count(x: f64) -> u32 {
    let c = x.ceil();
    if c >= f64::from(u32::MAX) {
        u32::MAX
    } else if c > 0.0 {
        c as u32
    } else {
        0
    }
}

impl StepId {
    /// The step's formula (the queue-level one for `EffectiveInstances`).
    fn formula(self) -> &'static str {
        match self {
            StepId::BacklogRate => "B / T_target",
            StepId::RequiredRate => "C_required = P + B / T_target",
            StepId::InstancesNeeded => "N = ceil(C_required / R)",
            StepId::EffectiveInstances => "N_effective = min(N, queues)",
            StepId::ConsumeRate => "C = N_effective × R",
            StepId::NetDrainRate => "D = C - P",
            StepId::DrainTime => "T = B / D",
            StepId::NeverDrains => "D <= 0: T = never",
            StepId::TargetCheck => "T <= T_target",
        }
    }
}

fn step(id: StepId, substituted: String, result: String, value: f64) -> Step {
    let formula = id.formula().to_owned();
    Step { id, formula, substituted, result, value }
}

/// `12,000/s`.
fn rate(x: f64) -> String {
    format!("{}/s", format_number(x))
}

/// Computes the plan; refuses NaN, infinite, negative or zero-where-impossible inputs and
/// inputs whose results would overflow `f64`.
pub fn plan(input: &PlanInput) -> Result<Plan> {
    let b = non_negative("backlog", input.backlog, "messages")?;
    let p = non_negative("produceRate", input.produce_rate, "messages per second")?;
    let r = positive("instanceRate", input.instance_rate, "messages/s per instance")?;
    if input.queues == 0 {
        return Err(invalid("queues", "a topic has at least one queue"));
    }
    let n = format_number;
    let mut steps = Vec::new();

    let (required_rate, instances_needed, instances, target) = match input.goal {
        Goal::Target { seconds } => {
            let t = positive("target", seconds, "seconds")?;
            let per_second = b / t;
            let required = p + per_second;
            if !required.is_finite() {
                let message = "backlog / target is too large to compute; use a longer target";
                return Err(invalid("target", message));
            }
            let sub = format!("{} / {}", n(b), n(t));
            steps.push(step(StepId::BacklogRate, sub, rate(per_second), per_second));
            let sub = format!("{} + {} / {}", n(p), n(b), n(t));
            steps.push(step(StepId::RequiredRate, sub, rate(required), required));
            // A positive rate needs at least one instance, even when `required / R`
            // underflows to 0.
            let needed = if required > 0.0 { ceil_count(required / r).max(1) } else { 0 };
            let sub = format!("ceil({} / {})", n(required), n(r));
            steps.push(step(StepId::InstancesNeeded, sub, needed.to_string(), f64::from(needed)));
            (Some(required), Some(needed), needed, Some(t))
        }
        Goal::Instances { count: 0 } => {
            return Err(invalid("instances", "at least one consumer instance is needed"));
        }
        Goal::Instances { count } => (None, None, count, None),
    };

    let effective = match input.model {
        Model::QueueLevel => instances.min(input.queues),
        Model::MessageLevel => instances,
    };
    let sub = format!("min({instances}, {})", input.queues);
    let mut eff_step = step(StepId::EffectiveInstances, sub, effective.to_string(), f64::from(effective));
    if input.model == Model::MessageLevel {
        eff_step.formula = "N_effective = N".to_owned();
        eff_step.substituted = instances.to_string();
    }
    steps.push(eff_step);

    let c = f64::from(effective) * r;
    if !c.is_finite() {
        return Err(invalid("instanceRate", "instances × instanceRate is too large to compute"));
    }
    steps.push(step(StepId::ConsumeRate, format!("{effective} × {}", n(r)), rate(c), c));
    let d = c - p;
    steps.push(step(StepId::NetDrainRate, format!("{} - {}", n(c), n(p)), rate(d), d));

    let drain = if d > 0.0 {
        let t = b / d;
        if !t.is_finite() {
            return Err(invalid("backlog", "backlog / net drain rate is too large to compute"));
        }
        steps.push(step(StepId::DrainTime, format!("{} / {}", n(b), n(d)), format_seconds(t), t));
        Some(t)
    } else {
        steps.push(step(StepId::NeverDrains, format!("{} <= 0", n(d)), "never".to_owned(), d));
        None
    };
    // Nothing pending and nothing accumulating: there is nothing to drain.
    let idle_backlog = b == 0.0 && d == 0.0;

    let meets_target = target.map(|t_target| {
        let met = drain.map_or(idle_backlog, |t| t <= t_target);
        let shown = drain.map_or_else(|| "never".to_owned(), format_seconds);
        let sub = format!("{shown} <= {} s", n(t_target));
        let result = if met { "met" } else { "not met" }.to_owned();
        steps.push(step(StepId::TargetCheck, sub, result, if met { 1.0 } else { 0.0 }));
        met
    });

    let missed = meets_target.map_or(drain.is_none() && !idle_backlog, |met| !met);
    let remedies = if missed { remedies(input, instances, effective) } else { Vec::new() };

    Ok(Plan {
        required_rate,
        instances_needed,
        instances,
        effective_instances: effective,
        consume_rate: c,
        net_drain_rate: d,
        drain_seconds: drain,
        meets_target,
        idle_instances: instances - effective,
        steps,
        remedies,
    })
}

/// The remedies that would raise the net drain rate given these numbers.
fn remedies(input: &PlanInput, instances: u32, effective: u32) -> Vec<Remedy> {
    let queue_level = input.model == Model::QueueLevel;
    let capped = queue_level && instances > input.queues;
    let more_helps = instances < u32::MAX && (!queue_level || instances < input.queues);
    [
        (Remedy::MoreInstances, more_helps),
        (Remedy::MoreQueues, capped),
        (Remedy::FasterInstances, effective > 0),
        (Remedy::LessProduction, input.produce_rate > 0.0),
        (Remedy::BiggerBatches, effective > 0),
        (Remedy::MessageLevel, capped),
    ]
    .into_iter()
    .filter_map(|(remedy, helps)| helps.then_some(remedy))
    .collect()
}

/// Seconds to drain `backlog` at `consume - produce` per second.
///
/// `None` when the backlog never drains (`consume - produce <= 0`), or when an input is NaN
/// or negative, or the result is not finite. Zero backlog with a positive net rate is
/// `Some(0.0)`.
pub fn drain_seconds(backlog: f64, produce: f64, consume: f64) -> Option<f64> {
    if !(backlog >= 0.0 && produce >= 0.0 && consume >= 0.0) {
        return None;
    }
    let net = consume - produce;
    // `inf - inf` is NaN: no estimate either.
    if net.is_nan() || net <= 0.0 {
        return None;
    }
    let t = backlog / net;
    t.is_finite().then_some(t)
}

/// Rounds a duration up to whole seconds, as the SPEC's drain estimate does
/// (`ceil(8100 / 12000) = 1`). `None` for NaN, negative or out-of-range input.
pub fn ceil_seconds(seconds: f64) -> Option<u64> {
    let c = seconds.ceil();
    // 2^64 as f64: anything at or above does not fit.
    if (0.0..18_446_744_073_709_551_616.0).contains(&c) {
        Some(c as u64)
    } else {
        None
    }
}

/// A unit of [`duration_parts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DurationUnit {
    /// 86,400 s.
    Day,
    /// 3,600 s.
    Hour,
    /// 60 s.
    Minute,
    /// 1 s.
    Second,
}

impl DurationUnit {
    /// The English symbol [`format_duration`] writes: `d`, `h`, `min`, `s`.
    pub fn symbol(self) -> &'static str {
        match self {
            DurationUnit::Day => "d",
            DurationUnit::Hour => "h",
            DurationUnit::Minute => "min",
            DurationUnit::Second => "s",
        }
    }
}

/// A duration in whole seconds (rounded up) as `(count, unit)` from the largest non-zero
/// unit to the smallest non-zero one: 1,000 s is `[(16, Minute), (40, Second)]`, 0 s is
/// `[(0, Second)]`, negative input counts as 0 s. `None` ("never") for +inf, NaN or beyond
/// `u64`. The site writes the parts in the reader's language; [`format_duration`] in English.
pub fn duration_parts(seconds: f64) -> Option<Vec<(u64, DurationUnit)>> {
    let total = if seconds < 0.0 { 0 } else { ceil_seconds(seconds)? };
    if total == 0 {
        return Some(vec![(0, DurationUnit::Second)]);
    }
    let parts = [
        (total / 86_400, DurationUnit::Day),
        (total / 3_600 % 24, DurationUnit::Hour),
        (total / 60 % 60, DurationUnit::Minute),
        (total % 60, DurationUnit::Second),
    ];
    let first = parts.iter().position(|(v, _)| *v > 0).unwrap_or(0);
    let last = parts.iter().rposition(|(v, _)| *v > 0).unwrap_or(0);
    Some(parts.get(first..=last).unwrap_or_default().to_vec())
}

/// A duration in whole seconds (rounded up), e.g. `1 s`, `15 min`, `16 min 40 s`,
/// `1 h 2 min 3 s`, `2 d 0 h 0 min 1 s`: from the largest non-zero unit to the smallest
/// non-zero one. `never` for +inf, NaN or beyond `u64`; negative input counts as `0 s`.
pub fn format_duration(seconds: f64) -> String {
    match duration_parts(seconds) {
        Some(parts) => parts.iter().map(|(v, unit)| format!("{v} {}", unit.symbol())).collect::<Vec<_>>().join(" "),
        None => "never".to_owned(),
    }
}

/// `1,000 s`, or `1,000 s (16 min 40 s)` when minutes are involved.
fn format_seconds(t: f64) -> String {
    if t < 60.0 {
        format!("{} s", format_number(t))
    } else {
        format!("{} s ({})", format_number(t), format_duration(t))
    }
}

/// A number with thousands separators and, when not integral, one decimal:
/// `12,000,000`, `13,333.3`, `-8,000`, `0.5`. Non-finite values print as `NaN`, `∞`, `-∞`.
pub fn format_number(x: f64) -> String {
    if x.is_nan() {
        return "NaN".to_owned();
    }
    if x.is_infinite() {
        return if x > 0.0 { "∞" } else { "-∞" }.to_owned();
    }
    if x == 0.0 {
        return "0".to_owned();
    }
    let text = if x.fract() == 0.0 { format!("{:.0}", x.abs()) } else { format!("{:.1}", x.abs()) };
    let (int, frac) = match text.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (text.as_str(), None),
    };
    let mut out = String::with_capacity(text.len() + text.len() / 3 + 1);
    if x < 0.0 {
        out.push('-');
    }
    for (i, ch) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    if let Some(f) = frac {
        out.push('.');
        out.push_str(f);
    }
    out
}
