//! Drain planning (SPEC section 6): the seed's worked example under both models, the
//! "never drains" case, edge inputs, the serde shape, and the number/duration formatting.

use rebalance_core::plan::{self, format_duration, Goal, Model, PlanInput, Remedy, StepId};
use rebalance_core::Error;
// ---------------------------------------------------------------- plan

fn run(input: &PlanInput) -> plan::Plan {
    match plan::plan(input) {
        Ok(p) => p,
        Err(e) => panic!("{input:?}: {e}"),
    }
}

#[test]
fn seed_queue_level_misses_the_target() {
    let p = run(&PlanInput::seed_example(Model::QueueLevel));
    let steps: Vec<(StepId, &str, &str, &str)> =
        p.steps.iter().map(|s| (s.id, s.formula.as_str(), s.substituted.as_str(), s.result.as_str())).collect();
    assert_eq!(
        steps,
        vec![
            (StepId::BacklogRate, "B / T_target", "12,000,000 / 900", "13,333.3/s"),
            (StepId::RequiredRate, "C_required = P + B / T_target", "20,000 + 12,000,000 / 900", "33,333.3/s"),
            (StepId::InstancesNeeded, "N = ceil(C_required / R)", "ceil(33,333.3 / 4,000)", "9"),
            (StepId::EffectiveInstances, "N_effective = min(N, queues)", "min(9, 8)", "8"),
            (StepId::ConsumeRate, "C = N_effective × R", "8 × 4,000", "32,000/s"),
            (StepId::NetDrainRate, "D = C - P", "32,000 - 20,000", "12,000/s"),
            (StepId::DrainTime, "T = B / D", "12,000,000 / 12,000", "1,000 s (16 min 40 s)"),
            (StepId::TargetCheck, "T <= T_target", "1,000 s (16 min 40 s) <= 900 s", "not met"),
        ]
    );
    assert_eq!(p.instances_needed, Some(9));
    assert_eq!(p.instances, 9);
    assert_eq!(p.effective_instances, 8);
    assert_eq!(p.idle_instances, 1);
    assert_eq!(p.consume_rate, 32_000.0);
    assert_eq!(p.net_drain_rate, 12_000.0);
    assert_eq!(p.drain_seconds, Some(1_000.0));
    assert_eq!(p.drain_seconds.map(format_duration).as_deref(), Some("16 min 40 s"));
    assert_eq!(p.meets_target, Some(false));
    assert_eq!(
        p.remedies,
        vec![
            Remedy::MoreQueues,
            Remedy::FasterInstances,
            Remedy::LessProduction,
            Remedy::BiggerBatches,
            Remedy::MessageLevel
        ]
    );
    let required = p.required_rate.unwrap_or_default();
    assert!((required - 33_333.333_333).abs() < 1e-3);
}

#[test]
fn seed_message_level_meets_the_target() {
    let p = run(&PlanInput::seed_example(Model::MessageLevel));
    assert_eq!((p.instances, p.effective_instances, p.idle_instances), (9, 9, 0));
    assert_eq!(p.consume_rate, 36_000.0);
    assert_eq!(p.drain_seconds, Some(750.0));
    assert_eq!(p.meets_target, Some(true));
    assert!(p.remedies.is_empty());
    let eff =
        p.steps.iter().find(|s| s.id == StepId::EffectiveInstances).map(|s| (s.formula.as_str(), s.result.as_str()));
    assert_eq!(eff, Some(("N_effective = N", "9")));
}

#[test]
fn never_drains_when_consumption_does_not_exceed_production() {
    let input = PlanInput { goal: Goal::Instances { count: 5 }, ..PlanInput::seed_example(Model::QueueLevel) };
    let p = run(&input);
    assert_eq!(p.net_drain_rate, 0.0);
    assert_eq!(p.drain_seconds, None);
    assert_eq!(p.meets_target, None);
    let last = p.steps.last().map(|s| (s.id, s.result.as_str()));
    assert_eq!(last, Some((StepId::NeverDrains, "never")));
    assert_eq!(
        p.remedies,
        vec![Remedy::MoreInstances, Remedy::FasterInstances, Remedy::LessProduction, Remedy::BiggerBatches]
    );
    // 20 instances on 8 queues: still capped at 32,000/s; here more instances would not help.
    let input = PlanInput { produce_rate: 40_000.0, goal: Goal::Instances { count: 20 }, ..input };
    let p = run(&input);
    assert_eq!((p.effective_instances, p.idle_instances, p.drain_seconds), (8, 12, None));
    assert_eq!(
        p.remedies,
        vec![
            Remedy::MoreQueues,
            Remedy::FasterInstances,
            Remedy::LessProduction,
            Remedy::BiggerBatches,
            Remedy::MessageLevel
        ]
    );
}

#[test]
fn zero_backlog() {
    let input = PlanInput { backlog: 0.0, ..PlanInput::seed_example(Model::QueueLevel) };
    let p = run(&input);
    // C_required = P exactly: 5 instances, D = 0. Nothing pending, nothing accumulates.
    assert_eq!((p.required_rate, p.instances), (Some(20_000.0), 5));
    assert_eq!((p.net_drain_rate, p.drain_seconds, p.meets_target), (0.0, None, Some(true)));
    assert!(p.remedies.is_empty());
    let input = PlanInput { backlog: 0.0, goal: Goal::Instances { count: 8 }, ..input };
    let p = run(&input);
    assert_eq!((p.drain_seconds, p.meets_target), (Some(0.0), None));
}

#[test]
fn instances_goal() {
    let input = PlanInput { goal: Goal::Instances { count: 10 }, ..PlanInput::seed_example(Model::MessageLevel) };
    let p = run(&input);
    assert_eq!((p.required_rate, p.instances_needed, p.instances, p.effective_instances), (None, None, 10, 10));
    assert_eq!(p.drain_seconds, Some(600.0));
    assert_eq!(p.steps.first().map(|s| s.id), Some(StepId::EffectiveInstances));
}

#[test]
fn huge_numbers() {
    let input = PlanInput {
        backlog: 1e15,
        produce_rate: 1e12,
        instance_rate: 1e9,
        goal: Goal::Target { seconds: 1.0 },
        queues: 8,
        model: Model::QueueLevel,
    };
    let p = run(&input);
    assert_eq!(p.instances_needed, Some(1_001_000));
    assert_eq!((p.effective_instances, p.drain_seconds, p.meets_target), (8, None, Some(false)));
    // Instance count saturates instead of overflowing.
    let tiny_rate = PlanInput { instance_rate: 1e-300, model: Model::MessageLevel, ..input };
    assert_eq!(run(&tiny_rate).instances_needed, Some(u32::MAX));
    // A tiny positive required rate still needs one instance (the ratio underflows to 0).
    let tiny = PlanInput { backlog: 2.5e-292, produce_rate: 0.0, instance_rate: 1e130, ..input };
    assert_eq!(run(&tiny).instances_needed, Some(1));
    // Results beyond f64 are refused, not returned as infinity.
    let overflow = PlanInput { backlog: f64::MAX, goal: Goal::Target { seconds: 1e-10 }, ..input };
    assert!(matches!(plan::plan(&overflow), Err(Error::InvalidInput { field, .. }) if field == "target"));
}

#[test]
fn invalid_inputs_name_their_field() {
    let base = PlanInput::seed_example(Model::QueueLevel);
    let cases = [
        (PlanInput { backlog: f64::NAN, ..base }, "backlog"),
        (PlanInput { backlog: -1.0, ..base }, "backlog"),
        (PlanInput { produce_rate: f64::INFINITY, ..base }, "produceRate"),
        (PlanInput { instance_rate: 0.0, ..base }, "instanceRate"),
        (PlanInput { goal: Goal::Target { seconds: 0.0 }, ..base }, "target"),
        (PlanInput { goal: Goal::Target { seconds: f64::NAN }, ..base }, "target"),
        (PlanInput { goal: Goal::Instances { count: 0 }, ..base }, "instances"),
        (PlanInput { queues: 0, ..base }, "queues"),
    ];
    for (input, want) in cases {
        match plan::plan(&input) {
            Err(Error::InvalidInput { field, message }) => {
                assert_eq!(field, want, "{message}");
                assert!(!message.is_empty());
            }
            other => panic!("{input:?}: {other:?}"),
        }
    }
}

#[test]
fn plan_serde_shape() {
    let input = PlanInput::seed_example(Model::QueueLevel);
    let json = serde_json::to_value(input).unwrap_or_default();
    assert_eq!(json["goal"], serde_json::json!({"kind": "target", "seconds": 900.0}));
    assert_eq!(json["model"], "queueLevel");
    assert_eq!(json["produceRate"], 20_000.0);
    let back: Option<PlanInput> = serde_json::from_value(json).ok();
    assert_eq!(back, Some(input));
    let p = serde_json::to_value(run(&input)).unwrap_or_default();
    assert_eq!(p["instancesNeeded"], 9);
    assert_eq!(p["steps"][0]["id"], "backlogRate");
    assert_eq!(p["remedies"][0], "moreQueues");
}

#[test]
fn numbers() {
    let cases = [
        (12_000_000.0, "12,000,000"),
        (12_000_000.0 / 900.0, "13,333.3"),
        (20_000.0 + 12_000_000.0 / 900.0, "33,333.3"),
        (-8_000.0, "-8,000"),
        (999.0, "999"),
        (1_000.0, "1,000"),
        (0.5, "0.5"),
        (-0.0, "0"),
        (1e21, "1,000,000,000,000,000,000,000"),
        (f64::NAN, "NaN"),
        (f64::NEG_INFINITY, "-∞"),
    ];
    for (x, want) in cases {
        assert_eq!(plan::format_number(x), want, "{x}");
    }
}

#[test]
fn durations() {
    let cases = [
        (0.0, "0 s"),
        (0.675, "1 s"),
        (1.0, "1 s"),
        (900.0, "15 min"),
        (1_000.0, "16 min 40 s"),
        (3_723.0, "1 h 2 min 3 s"),
        (3_600.0, "1 h"),
        (3_605.0, "1 h 0 min 5 s"),
        (172_801.0, "2 d 0 h 0 min 1 s"),
        (-5.0, "0 s"),
        (f64::INFINITY, "never"),
        (f64::NAN, "never"),
    ];
    for (x, want) in cases {
        assert_eq!(format_duration(x), want, "{x}");
    }
}

#[test]
fn duration_parts_are_the_units_format_duration_writes() {
    use plan::DurationUnit::{Day, Hour, Minute, Second};
    assert_eq!(plan::duration_parts(1_000.0), Some(vec![(16, Minute), (40, Second)]));
    assert_eq!(plan::duration_parts(0.0), Some(vec![(0, Second)]));
    assert_eq!(plan::duration_parts(3_605.0), Some(vec![(1, Hour), (0, Minute), (5, Second)]));
    assert_eq!(plan::duration_parts(172_800.0), Some(vec![(2, Day)]));
    assert_eq!(plan::duration_parts(f64::INFINITY), None);
    assert_eq!(plan::duration_parts(f64::NAN), None);
    assert_eq!(plan::duration_parts(1e30), None);
}

#[test]
fn ceil_and_drain_helpers() {
    assert_eq!(plan::drain_seconds(8_100.0, 20_000.0, 32_000.0).and_then(plan::ceil_seconds), Some(1));
    assert_eq!(plan::drain_seconds(8_100.0, 32_000.0, 32_000.0), None);
    assert_eq!(plan::drain_seconds(0.0, 1.0, 2.0), Some(0.0));
    assert_eq!(plan::drain_seconds(f64::NAN, 1.0, 2.0), None);
    assert_eq!(plan::drain_seconds(f64::MAX, 0.0, 1e-300), None);
    assert_eq!(plan::ceil_seconds(-0.0), Some(0));
    assert_eq!(plan::ceil_seconds(-1.0), None);
    assert_eq!(plan::ceil_seconds(1e20), None);
}
