//! Chart geometry without the browser: axis ticks and the backlog lines' corner points.
//!
//! The lines come from the core's [`Plan`]: backlog(t) = max(0, B - D·t) is straight, so a
//! line needs only its start (B), its net drain rate D (`net_drain_rate`) and, when it
//! drains, the moment it reaches 0 (`drain_seconds`). Nothing here re-derives a plan.

use rebalance_core::plan::Plan;

/// Time steps a reader can count in: seconds, minutes, hours, days.
const TIME_STEPS: [f64; 19] = [
    1.0, 2.0, 5.0, 10.0, 15.0, 30.0, 60.0, 120.0, 300.0, 600.0, 900.0, 1_800.0, 3_600.0, 7_200.0, 10_800.0, 21_600.0,
    43_200.0, 86_400.0, 172_800.0,
];

/// The smallest of 1, 2, 5 × 10^k that is at least `x` (`x` > 0 and finite; else 1).
pub fn nice_step(x: f64) -> f64 {
    if !(x.is_finite() && x > 0.0) {
        return 1.0;
    }
    // The power of ten at or below x, found by steps (at most ~630 for any finite x > 0),
    // which keeps libm's pow and log10 out of the bundle.
    let mut magnitude = 1.0;
    while magnitude * 10.0 <= x {
        magnitude *= 10.0;
    }
    while magnitude > x {
        magnitude /= 10.0;
    }
    if magnitude <= 0.0 {
        return 1.0;
    }
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= x * (1.0 - 1e-9))
        .unwrap_or(magnitude * 10.0)
}

/// An axis from 0: its end (a whole number of steps, at least `data_max`) and its ticks.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// The axis' last value.
    pub max: f64,
    /// Tick values from 0 to `max`.
    pub ticks: Vec<f64>,
}

fn axis_with_step(data_max: f64, step: f64) -> Axis {
    let steps = (data_max / step).ceil().max(1.0);
    // At most a few dozen steps by construction; the bound keeps a bad input from looping.
    let count = steps.min(1_000.0) as usize;
    let ticks = (0..=count).map(|i| i as f64 * step).collect();
    Axis { max: count as f64 * step, ticks }
}

/// A value axis with about `max_ticks` intervals.
pub fn value_axis(data_max: f64, max_ticks: usize) -> Axis {
    let data_max = if data_max.is_finite() && data_max > 0.0 { data_max } else { 1.0 };
    axis_with_step(data_max, nice_step(data_max / max_ticks.max(1) as f64))
}

/// A time axis (seconds) with at most `max_ticks` intervals on a readable step.
pub fn time_axis(data_max: f64, max_ticks: usize) -> Axis {
    let data_max = if data_max.is_finite() && data_max > 0.0 { data_max } else { 60.0 };
    let wanted = data_max / max_ticks.max(1) as f64;
    let step = TIME_STEPS.into_iter().find(|s| *s >= wanted).unwrap_or_else(|| 86_400.0 * nice_step(wanted / 86_400.0));
    axis_with_step(data_max, step)
}

/// How far the time axis reaches: past the latest drain time and the target, or one hour
/// when nothing ends (every line grows or stays flat and there is no target), long enough
/// for the growth to show.
pub fn time_span(plans: &[&Plan], target: Option<f64>) -> f64 {
    let latest =
        plans.iter().filter_map(|p| p.drain_seconds).chain(target).filter(|t| t.is_finite()).fold(0.0, f64::max);
    if latest > 0.0 {
        latest * 1.15
    } else {
        3_600.0
    }
}

/// The corners of one model's backlog line over `0..=t_end`, as (seconds, messages).
pub fn backlog_line(backlog: f64, plan: &Plan, t_end: f64) -> Vec<(f64, f64)> {
    match plan.drain_seconds {
        Some(drained) if drained < t_end => vec![(0.0, backlog), (drained, 0.0), (t_end, 0.0)],
        // Still draining at the end of the axis (only when the axis is cut short).
        Some(_) => vec![(0.0, backlog), (t_end, (backlog - plan.net_drain_rate * t_end).max(0.0))],
        // D <= 0: the backlog grows by -D each second, or stays flat.
        None => vec![(0.0, backlog), (t_end, backlog - plan.net_drain_rate * t_end)],
    }
}

/// Maps data values onto the drawing: a linear scale from `domain` to `range`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// Data interval.
    pub domain: (f64, f64),
    /// Pixel interval (may run backwards, as y does).
    pub range: (f64, f64),
}

impl Scale {
    /// The pixel position of `value` (the domain's start for an empty domain).
    pub fn at(&self, value: f64) -> f64 {
        let (d0, d1) = self.domain;
        let (r0, r1) = self.range;
        if d1 == d0 {
            return r0;
        }
        r0 + (value - d0) / (d1 - d0) * (r1 - r0)
    }
}

#[cfg(test)]
mod tests {
    use rebalance_core::plan::{plan, Model, PlanInput};

    use super::*;

    #[test]
    fn nice_steps_are_one_two_or_five() {
        for (x, step) in [(0.7, 1.0), (1.0, 1.0), (1.2, 2.0), (3.0, 5.0), (7.0, 10.0), (2_400_000.0, 5_000_000.0)] {
            assert_eq!(nice_step(x), step, "{x}");
        }
        assert_eq!(nice_step(f64::NAN), 1.0);
        assert_eq!(nice_step(0.0), 1.0);
        assert!(nice_step(f64::MIN_POSITIVE / 1e10) > 0.0, "subnormal input, positive step");
        assert!((nice_step(3e300) / 5e300 - 1.0).abs() < 1e-9);
    }

    #[test]
    fn axes_start_at_zero_and_cover_the_data() {
        let axis = value_axis(12_000_000.0, 6);
        assert_eq!(axis.max, 12_000_000.0);
        assert_eq!(axis.ticks.first(), Some(&0.0));
        assert_eq!(axis.ticks.len(), 7);
        let time = time_axis(1_150.0, 6);
        assert_eq!(time.ticks, [0.0, 300.0, 600.0, 900.0, 1_200.0]);
        assert_eq!(value_axis(0.0, 5).max, 1.0);
        assert!(time_axis(40.0 * 86_400.0, 5).ticks.len() <= 6);
    }

    #[test]
    fn lines_follow_the_core_plan() {
        let queue = plan(&PlanInput::seed_example(Model::QueueLevel)).unwrap_or_else(|e| panic!("{e}"));
        let message = plan(&PlanInput::seed_example(Model::MessageLevel)).unwrap_or_else(|e| panic!("{e}"));
        let span = time_span(&[&queue, &message], Some(900.0));
        assert_eq!(span, 1_150.0);
        assert_eq!(backlog_line(12e6, &queue, span), [(0.0, 12e6), (1_000.0, 0.0), (span, 0.0)]);
        let mut never = PlanInput::seed_example(Model::QueueLevel);
        never.produce_rate = 40_000.0;
        let never = plan(&never).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(never.drain_seconds, None);
        // D = 32,000 - 40,000 = -8,000/s: 100 s later the backlog has grown by 800,000.
        assert_eq!(backlog_line(12e6, &never, 100.0), [(0.0, 12e6), (100.0, 12.8e6)]);
        assert_eq!(time_span(&[&never], None), 3_600.0);
    }

    #[test]
    fn scales_map_linearly_and_survive_an_empty_domain() {
        let y = Scale { domain: (0.0, 100.0), range: (200.0, 0.0) };
        assert_eq!(y.at(25.0), 150.0);
        assert_eq!(Scale { domain: (5.0, 5.0), range: (1.0, 9.0) }.at(5.0), 1.0);
    }
}
