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
    // An instance count beyond f64 is refused, naming the rate that makes it.
    let tiny_rate = PlanInput { instance_rate: 1e-300, model: Model::MessageLevel, ..input };
    assert!(matches!(plan::plan(&tiny_rate), Err(Error::InvalidInput { field, .. }) if field == "instanceRate"));
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

/// More instances than `u32` holds: said (`instances_overflow`, the exact count in the
/// step), and the verdict is computed with the exact count, not with the cap.
#[test]
fn an_instance_count_beyond_u32_is_said_and_the_verdict_stays_right() {
    let input = PlanInput {
        backlog: 1e15,
        produce_rate: 1e12,
        instance_rate: 1.0,
        goal: Goal::Target { seconds: 1.0 },
        queues: 8,
        model: Model::MessageLevel,
    };
    let p = run(&input);
    assert!(p.instances_overflow);
    assert_eq!((p.instances_needed, p.instances, p.effective_instances), (Some(u32::MAX), u32::MAX, u32::MAX));
    let needed = p.steps.iter().find(|s| s.id == StepId::InstancesNeeded).map(|s| (s.value, s.result.as_str()));
    assert_eq!(needed, Some((1.001e15, "1,001,000,000,000,000")));
    // N × R = C_required exactly: the backlog drains in the target time.
    assert_eq!(p.consume_rate, 1.001e15);
    assert_eq!(p.meets_target, Some(true));
    assert_eq!(p.drain_seconds, Some(1.0));
    // Queue-level: only the queues' instances consume; the verdict is the same as ever.
    let queue_level = run(&PlanInput { model: Model::QueueLevel, ..input });
    assert!(queue_level.instances_overflow);
    assert_eq!((queue_level.effective_instances, queue_level.meets_target), (8, Some(false)));
    assert_eq!(queue_level.idle_instances, u32::MAX);
    // A count that fits is not flagged.
    assert!(!run(&PlanInput::seed_example(Model::MessageLevel)).instances_overflow);
}

/// The steps, the verdict and the summary ([`format_duration`]) all round the drain time
/// up to whole seconds.
#[test]
fn the_steps_and_the_summary_round_the_drain_time_the_same_way() {
    let input = PlanInput {
        backlog: 100_004.0,
        produce_rate: 0.0,
        instance_rate: 100.0,
        goal: Goal::Target { seconds: 1_000.0 },
        queues: 4,
        model: Model::QueueLevel,
    };
    let p = run(&input);
    assert_eq!(p.drain_seconds, Some(500.02));
    let result = |id: StepId| p.steps.iter().find(|s| s.id == id).map(|s| (s.substituted.clone(), s.result.clone()));
    assert_eq!(result(StepId::DrainTime).map(|r| r.1).as_deref(), Some("501 s (8 min 21 s)"));
    assert_eq!(p.drain_seconds.map(format_duration).as_deref(), Some("8 min 21 s"));
    assert_eq!(plan::format_drain_seconds(500.02), "501 s (8 min 21 s)");
    assert_eq!(result(StepId::TargetCheck).map(|r| r.0).as_deref(), Some("501 s (8 min 21 s) <= 1,000 s"));
    // The verdict compares what is shown: 500.02 s is 501 whole seconds, over a 500.5 s target.
    let tight = run(&PlanInput { goal: Goal::Target { seconds: 500.5 }, ..input });
    assert_eq!((tight.drain_seconds, tight.meets_target), (Some(500.02), Some(false)));
    let exact = run(&PlanInput { goal: Goal::Target { seconds: 501.0 }, ..input });
    assert_eq!(exact.meets_target, Some(true));
    // Beyond u64 seconds the backlog still drains: seconds, not "never".
    assert_eq!(plan::format_drain_seconds(1e30), "1,000,000,000,000,000,019,884,624,838,656 s");
}

#[test]
fn small_rates_are_not_zero_and_nothing_is_minus_zero() {
    let cases = [
        (0.04, "0.04"),
        (0.01, "0.01"),
        (0.011, "0.011"),
        (0.0123, "0.012"),
        (0.001, "0.001"),
        (0.00012, "0.00012"),
        (-0.04, "-0.04"),
        (1.25e-7, "1.2e-7"),
        (-1e-20, "-1.0e-20"),
        (0.05, "0.1"),
        (0.96, "1.0"),
    ];
    for (x, want) in cases {
        assert_eq!(plan::format_number(x), want, "{x}");
    }
    let mut x = 0.049_999;
    while x > 1e-320 {
        for v in [x, -x] {
            let text = plan::format_number(v);
            assert!(!matches!(text.as_str(), "0" | "-0" | "0.0" | "-0.0"), "{v} printed as {text}");
        }
        x /= 3.7;
    }
    // A backlog of -0 (it is >= 0) is 0 in every step and in the JSON.
    let p = run(&PlanInput { backlog: -0.0, ..PlanInput::seed_example(Model::QueueLevel) });
    let json = serde_json::to_string(&p).unwrap_or_default();
    assert!(!json.contains("-0.0") && !json.contains(":-0,"), "{json}");
    assert!(p.steps.iter().all(|s| !s.substituted.contains("-0") && !s.result.starts_with("-0")), "{:?}", p.steps);
}

#[test]
fn durations_are_read_in_ms_s_m_h_d() {
    let ok = [
        ("900", 900_000),
        ("2.5", 2_500),
        ("900s", 900_000),
        ("15m", 900_000),
        ("15 min", 900_000),
        ("16 min 40 s", 1_000_000),
        ("9m39s", 579_000),
        ("1h30m", 5_400_000),
        ("1500ms", 1_500),
        ("1.5s", 1_500),
        ("2d", 172_800_000),
        ("1d2h3m4s5ms", 93_784_005),
        (" 10m ", 600_000),
    ];
    for (text, ms) in ok {
        assert_eq!(plan::parse_duration_ms(text), Ok(ms), "{text}");
    }
    let refused = [
        ("1h1h", "the unit h is given twice"),
        ("1m1min", "the unit min is given twice"),
        ("30m1h", "from the largest to the smallest"),
        ("1h30", "30 has no unit"),
        ("15 minutes", "unknown unit \"minutes\""),
        ("m", "a number is missing before \"m\""),
        ("", "it is empty"),
        ("0.0001s", "is not a number of whole milliseconds"),
        ("1.2.3s", "is not a number of whole milliseconds"),
        ("99999999999999999999d", "is not a number of whole milliseconds"),
        ("5000000000000000d5s", "is not a number of whole milliseconds"),
        ("-5s", "a number is missing before \"-5s\""),
    ];
    for (text, why) in refused {
        match plan::parse_duration_ms(text) {
            Err(message) => assert!(message.contains(why), "{text:?}: {message}"),
            Ok(ms) => panic!("{text:?} read as {ms} ms"),
        }
    }
}

#[test]
fn durations_are_written_in_either_language_with_the_same_parts() {
    use rebalance_core::Lang;
    for (seconds, en, zh) in [
        (1_000.0, "16 min 40 s", "16 分 40 秒"),
        (3_723.0, "1 h 2 min 3 s", "1 小时 2 分 3 秒"),
        (172_801.0, "2 d 0 h 0 min 1 s", "2 天 0 小时 0 分 1 秒"),
        (0.2, "1 s", "1 秒"),
        (-5.0, "0 s", "0 秒"),
    ] {
        assert_eq!(plan::duration_in(seconds, Lang::En).as_deref(), Some(en), "{seconds}");
        assert_eq!(plan::duration_in(seconds, Lang::Zh).as_deref(), Some(zh), "{seconds}");
        assert_eq!(plan::format_duration(seconds), en);
    }
    for never in [f64::INFINITY, f64::NAN, 1e30] {
        assert_eq!(plan::duration_in(never, Lang::Zh), None);
        assert_eq!(plan::format_duration(never), "never");
    }
}

#[test]
fn counts_and_simulated_times_use_the_same_grouping_as_numbers() {
    for n in [0u64, 7, 999, 1_000, 12_345_678, 9_007_199_254_740_993, u64::MAX] {
        let text = plan::format_count(n);
        assert_eq!(text.replace(',', ""), n.to_string(), "{n}: digits kept exactly");
        if n < 1 << 53 {
            assert_eq!(text, plan::format_number(n as f64), "{n}");
        }
    }
    assert_eq!(plan::format_count(u64::MAX), "18,446,744,073,709,551,615");
    assert_eq!(plan::format_seconds_ms(90_100), "90.1 s");
    assert_eq!(plan::format_seconds_ms(1_200_000), "1,200 s");
    assert_eq!(plan::format_seconds_ms(0), "0 s");
}
