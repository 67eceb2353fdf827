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
//! decimal when not integral, two significant digits below 0.05) and durations by
//! [`format_duration`]. Drain times are rounded up to whole seconds everywhere they are
//! shown (the steps, the verdict, the summary), as the SPEC's estimate is
//! (`ceil(8100 / 12000) = 1`). Operators are ASCII (`-`, `/`, `<=`) except `×`.
//!
//! [`parse_duration_ms`] reads the durations the CLI takes (`plan --target`, `simulate`).

use serde::{Deserialize, Serialize};

use crate::{Error, Lang, Result};

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
    /// `ceil(C_required / R)` (target goal only; capped at `u32::MAX`, see
    /// `instances_overflow`).
    pub instances_needed: Option<u32>,
    /// `ceil(C_required / R)` is more than `u32::MAX`: `instances_needed`, `instances` and
    /// `effective_instances` (message-level) are capped there, the `InstancesNeeded` step's
    /// value is the exact count, and the consume rate, drain time and verdict use it.
    #[serde(default)]
    pub instances_overflow: bool,
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
    /// `T <= T_target` with T rounded up to whole seconds, as it is shown (target goal
    /// only). With B = 0 and D = 0 nothing is pending and nothing accumulates, so the target
    /// counts as met although `drain_seconds` is `None`.
    pub meets_target: Option<bool>,
    /// Instances without a queue (queue-level), 0 message-level (capped at `u32::MAX`).
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

/// `x` (a whole number >= 0) as a count, capped at `u32::MAX`.
fn cap_count(c: f64) -> u32 {
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

/// An instance count (a whole number >= 0): plain digits while it fits `u32` (`9`,
/// `min(9, 8)`), with separators beyond.
fn count(x: f64) -> String {
    if x <= f64::from(u32::MAX) {
        (x as u64).to_string()
    } else {
        format_number(x)
    }
}

/// `12,000/s`.
fn rate(x: f64) -> String {
    format!("{}/s", format_number(x))
}

/// Computes the plan; refuses NaN, infinite, negative or zero-where-impossible inputs and
/// inputs whose results would overflow `f64`.
pub fn plan(input: &PlanInput) -> Result<Plan> {
    // `+ 0.0` turns -0 into 0, so no step shows or serializes "-0".
    let b = non_negative("backlog", input.backlog, "messages")? + 0.0;
    let p = non_negative("produceRate", input.produce_rate, "messages per second")? + 0.0;
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
            // underflows to 0. The exact count may exceed `u32::MAX`: it is kept as f64.
            let needed = if required > 0.0 { (required / r).ceil().max(1.0) } else { 0.0 };
            if !needed.is_finite() {
                return Err(invalid("instanceRate", "C_required / instanceRate is too large to compute"));
            }
            let sub = format!("ceil({} / {})", n(required), n(r));
            steps.push(step(StepId::InstancesNeeded, sub, count(needed), needed));
            (Some(required), Some(cap_count(needed)), needed, Some(t))
        }
        Goal::Instances { count: 0 } => {
            return Err(invalid("instances", "at least one consumer instance is needed"));
        }
        Goal::Instances { count } => (None, None, f64::from(count), None),
    };
    let overflow = instances > f64::from(u32::MAX);

    // Counted in f64 (exact up to 2^53): a needed count beyond u32 is not cut.
    let effective = match input.model {
        Model::QueueLevel => instances.min(f64::from(input.queues)),
        Model::MessageLevel => instances,
    };
    let sub = format!("min({}, {})", count(instances), input.queues);
    let mut eff_step = step(StepId::EffectiveInstances, sub, count(effective), effective);
    if input.model == Model::MessageLevel {
        eff_step.formula = "N_effective = N".to_owned();
        eff_step.substituted = count(instances);
    }
    steps.push(eff_step);

    let c = effective * r;
    if !c.is_finite() {
        return Err(invalid("instanceRate", "instances × instanceRate is too large to compute"));
    }
    steps.push(step(StepId::ConsumeRate, format!("{} × {}", count(effective), n(r)), rate(c), c));
    let d = c - p;
    steps.push(step(StepId::NetDrainRate, format!("{} - {}", n(c), n(p)), rate(d), d));

    let drain = if d > 0.0 {
        let t = b / d;
        if !t.is_finite() {
            return Err(invalid("backlog", "backlog / net drain rate is too large to compute"));
        }
        steps.push(step(StepId::DrainTime, format!("{} / {}", n(b), n(d)), format_drain_seconds(t), t));
        Some(t)
    } else {
        steps.push(step(StepId::NeverDrains, format!("{} <= 0", n(d)), "never".to_owned(), d));
        None
    };
    // Nothing pending and nothing accumulating: there is nothing to drain.
    let idle_backlog = b == 0.0 && d == 0.0;

    let meets_target = target.map(|t_target| {
        // The drain time as shown: whole seconds, rounded up.
        let met = drain.map_or(idle_backlog, |t| t.ceil() <= t_target);
        let shown = drain.map_or_else(|| "never".to_owned(), format_drain_seconds);
        let sub = format!("{shown} <= {} s", n(t_target));
        let result = if met { "met" } else { "not met" }.to_owned();
        steps.push(step(StepId::TargetCheck, sub, result, if met { 1.0 } else { 0.0 }));
        met
    });

    let missed = meets_target.map_or(drain.is_none() && !idle_backlog, |met| !met);
    let idle = cap_count(instances - effective);
    let (instances, effective) = (cap_count(instances), cap_count(effective));
    let remedies = if missed { remedies(input, instances, effective) } else { Vec::new() };

    Ok(Plan {
        required_rate,
        instances_needed,
        instances_overflow: overflow,
        instances,
        effective_instances: effective,
        consume_rate: c,
        net_drain_rate: d,
        drain_seconds: drain,
        meets_target,
        idle_instances: idle,
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
    /// The unit written after its count in `lang`: `d` / `天`, `h` / `小时`, `min` / `分`,
    /// `s` / `秒` (the site, the exercises and the CLI all write durations with these).
    pub fn symbol(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (DurationUnit::Day, Lang::En) => "d",
            (DurationUnit::Hour, Lang::En) => "h",
            (DurationUnit::Minute, Lang::En) => "min",
            (DurationUnit::Second, Lang::En) => "s",
            (DurationUnit::Day, Lang::Zh) => "天",
            (DurationUnit::Hour, Lang::Zh) => "小时",
            (DurationUnit::Minute, Lang::Zh) => "分",
            (DurationUnit::Second, Lang::Zh) => "秒",
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
    duration_in(seconds, Lang::En).unwrap_or_else(|| "never".to_owned())
}

/// [`format_duration`] in `lang` (`16 min 40 s`, `16 分 40 秒`); `None` when it never ends,
/// so each caller says "never" in its own words.
pub fn duration_in(seconds: f64, lang: Lang) -> Option<String> {
    let parts = duration_parts(seconds)?;
    Some(parts.iter().map(|(v, unit)| format!("{v} {}", unit.symbol(lang))).collect::<Vec<_>>().join(" "))
}

/// A drain time rounded up to whole seconds, the same way [`format_duration`] rounds:
/// `34 s`, `1,001 s (16 min 41 s)`; beyond `u64` seconds only the seconds
/// (`1.2e30 s` is not "never": the backlog does drain, eventually).
pub fn format_drain_seconds(t: f64) -> String {
    let whole = t.max(0.0).ceil();
    match duration_parts(t) {
        Some(_) if whole < 60.0 => format!("{} s", format_number(whole)),
        Some(_) => format!("{} s ({})", format_number(whole), format_duration(t)),
        None => format!("{} s", format_number(whole)),
    }
}

/// A number with thousands separators and, when not integral, one decimal:
/// `12,000,000`, `13,333.3`, `-8,000`, `0.5`. Below 0.05 (where one decimal would print a
/// rate that is not zero as `0.0`) two significant digits: `0.04`, `0.0012`, and below
/// 0.0001 an exponent: `1.2e-7`. Zero (also `-0`) is `0`. Non-finite values print as
/// `NaN`, `∞`, `-∞`.
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
    let sign = if x < 0.0 { "-" } else { "" };
    let a = x.abs();
    if a < 1e-4 {
        return format!("{sign}{a:.1e}");
    }
    if a < 0.05 {
        // 10^-k <= a < 10^-(k-1): k + 1 decimals are two significant digits.
        let decimals = (-a.log10().floor()) as usize + 1;
        let text = format!("{a:.decimals$}");
        return format!("{sign}{}", text.trim_end_matches('0'));
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
    out.push_str(&group_thousands(int));
    if let Some(f) = frac {
        out.push('.');
        out.push_str(f);
    }
    out
}

/// A count with thousands separators, exact for every `u64`: `0`, `1,000`,
/// `18,446,744,073,709,551,615`.
pub fn format_count(n: u64) -> String {
    group_thousands(&n.to_string())
}

/// Milliseconds as seconds with [`format_number`]'s decimal: `90.1 s`, `1,200 s` — how
/// simulated times are written on the timeline and by `rebalance-lab simulate`.
pub fn format_seconds_ms(ms: u64) -> String {
    format!("{} s", format_number(ms as f64 / 1_000.0))
}

/// `digits` with a `,` before every group of three from the right.
fn group_thousands(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The units [`parse_duration_ms`] reads, largest first: (names, milliseconds).
const DURATION_UNITS: [(&[&str], u64); 5] =
    [(&["d"], 86_400_000), (&["h"], 3_600_000), (&["m", "min"], 60_000), (&["s"], 1_000), (&["ms"], 1)];

/// `digits[.digits]` × `factor`, exactly, when that is a whole number that fits `u64`.
fn decimal_times(number: &str, factor: u64) -> Option<u64> {
    let (int, frac) = number.split_once('.').unwrap_or((number, ""));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(int) || (number.contains('.') && !digits(frac)) || frac.len() > 18 {
        return None;
    }
    let scale = 10u128.pow(u32::try_from(frac.len()).ok()?);
    let int: u128 = int.parse().ok()?;
    let frac: u128 = if frac.is_empty() { 0 } else { frac.parse().ok()? };
    let scaled = int.checked_mul(scale)?.checked_add(frac)?.checked_mul(u128::from(factor))?;
    (scaled % scale == 0).then(|| u64::try_from(scaled / scale).ok())?
}

/// Reads a duration as whole milliseconds: a plain number of seconds (`900`, `2.5`), or
/// parts `<number><unit>` with the units `d`, `h`, `m` (or `min`), `s`, `ms`, each at most
/// once and from the largest to the smallest, spaces allowed (`1h30m`, `16 min 40 s`,
/// `1500ms`, `1.5s`). `1h1h`, `30m1h`, `15` followed by nothing after a unit (`1h30`), a
/// part finer than a millisecond and a total beyond `u64` are refused, saying why.
///
/// Used by `rebalance-lab plan --target` and meant for every duration the CLI reads.
pub fn parse_duration_ms(text: &str) -> std::result::Result<u64, String> {
    let t = text.trim();
    let bad = |why: String| format!("{text:?} is not a duration: {why} (e.g. 900, 900s, 15m, 1h30m, 1500ms, 2d)");
    let is_number = |c: char| c.is_ascii_digit() || c == '.';
    if t.is_empty() {
        return Err(bad("it is empty".to_owned()));
    }
    if t.chars().all(is_number) {
        return decimal_times(t, 1_000).ok_or_else(|| bad(format!("{t} is not a number of whole milliseconds")));
    }
    let (mut rest, mut total, mut last_rank): (&str, u64, Option<usize>) = (t, 0, None);
    while !rest.is_empty() {
        let number_len = rest.find(|c: char| !is_number(c)).unwrap_or(rest.len());
        let (number, after) = rest.split_at(number_len);
        let after = after.trim_start();
        let unit_len = after.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(after.len());
        let (unit, after) = after.split_at(unit_len);
        if number.is_empty() {
            return Err(bad(format!("a number is missing before {:?}", if unit.is_empty() { after } else { unit })));
        }
        if unit.is_empty() {
            return Err(bad(format!("{number} has no unit (d, h, m, s or ms)")));
        }
        let Some(rank) = DURATION_UNITS.iter().position(|(names, _)| names.contains(&unit)) else {
            return Err(bad(format!("unknown unit {unit:?} (d, h, m, s or ms)")));
        };
        match last_rank {
            Some(last) if last == rank => return Err(bad(format!("the unit {unit} is given twice"))),
            Some(last) if last > rank => {
                return Err(bad("the units must go from the largest to the smallest (d, h, m, s, ms)".to_owned()))
            }
            _ => {}
        }
        last_rank = Some(rank);
        let factor = DURATION_UNITS.get(rank).map_or(1, |(_, ms)| *ms);
        let part = decimal_times(number, factor)
            .ok_or_else(|| bad(format!("{number}{unit} is not a number of whole milliseconds")))?;
        total = total.checked_add(part).ok_or_else(|| bad("it is too long".to_owned()))?;
        rest = after.trim_start();
    }
    Ok(total)
}
