use std::collections::HashMap;

use super::*;
use crate::url_state::{Problem, UrlNotice};

fn query(pairs: &[(&str, &str)]) -> (Inputs, Vec<UrlNotice>) {
    let map: HashMap<String, String> = pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    Inputs::from_query(&|key| map.get(key).cloned())
}

fn range(min: &str, max: &str) -> Problem {
    Problem::OutOfRange { min: min.to_owned(), max: max.to_owned() }
}

fn choices(names: &str) -> Problem {
    Problem::UnknownChoice { choices: names.to_owned() }
}

#[test]
fn the_default_is_the_spec_example_and_both_models_are_planned() {
    let state = PlannerState::new(Inputs::default(), Vec::new());
    assert_eq!(state.error, None);
    let Some(comparison) = state.last_good else { panic!("the seed example plans") };
    let queue = &comparison.queue_level;
    assert_eq!(queue.instances_needed, Some(9));
    assert_eq!(queue.effective_instances, 8);
    assert_eq!(queue.idle_instances, 1);
    assert_eq!(queue.drain_seconds, Some(1000.0));
    assert_eq!(queue.meets_target, Some(false));
    let message = &comparison.message_level;
    assert_eq!(message.effective_instances, 9);
    assert_eq!(message.meets_target, Some(true));
}

#[test]
fn an_empty_query_is_the_default_and_writes_nothing() {
    let (inputs, notices) = query(&[]);
    assert_eq!(inputs, Inputs::default());
    assert!(notices.is_empty());
    assert!(inputs.query_pairs().iter().all(|(_, value)| value.is_none()));
}

#[test]
fn every_control_round_trips_through_the_query() {
    let mut inputs = Inputs::default();
    inputs.set(Field::Backlog, 3_500_000.0);
    inputs.set(Field::ProduceRate, 1_500.0);
    inputs.set(Field::InstanceRate, 250.5);
    inputs.set(Field::Target, 1_800.0);
    inputs.set(Field::Queues, 16.0);
    inputs.set(Field::Instances, 20.0);
    inputs.goal = GoalKind::Instances;
    inputs.model = Model::MessageLevel;
    let written: Vec<(String, String)> =
        inputs.query_pairs().into_iter().filter_map(|(k, v)| v.map(|v| (k.to_owned(), v))).collect();
    assert_eq!(written.len(), 8, "{written:?}");
    let pairs: Vec<(&str, &str)> = written.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let (read, notices) = query(&pairs);
    assert_eq!(read, inputs);
    assert!(notices.is_empty(), "{notices:?}");
}

#[test]
fn bad_url_values_are_clamped_or_replaced_with_a_notice() {
    let (inputs, notices) = query(&[
        ("pl_q", "999"),
        ("pl_b", "lots"),
        ("pl_n", "2.5"),
        ("pl_p", "-5"),
        ("pl_r", "inf"),
        ("pl_t", "NaN"),
        ("pl_goal", "sometime"),
        ("pl_model", "pop"),
    ]);
    let default = Inputs::default();
    assert_eq!(inputs.queues, 256);
    assert_eq!(inputs.backlog, default.backlog);
    assert_eq!(inputs.instances, 3);
    assert_eq!(inputs.produce_rate, 0.0);
    assert_eq!(inputs.instance_rate, 20_000.0);
    assert_eq!(inputs.target_seconds, default.target_seconds);
    assert_eq!(inputs.goal, GoalKind::Target);
    assert_eq!(inputs.model, Model::QueueLevel);
    let kinds: Vec<(&str, Problem, &str)> =
        notices.iter().map(|n| (n.key.as_str(), n.problem.clone(), n.used.as_str())).collect();
    assert_eq!(
        kinds,
        [
            ("pl_b", Problem::NotANumber, "12000000"),
            ("pl_p", range("0", "200000"), "0"),
            ("pl_r", range("0", "20000"), "20000"),
            ("pl_t", Problem::NotANumber, "900"),
            ("pl_q", range("1", "256"), "256"),
            ("pl_n", Problem::NotWhole, "3"),
            ("pl_goal", choices("target, instances"), "target"),
            ("pl_model", choices("queue, message"), "queue"),
        ]
    );
    assert_eq!(notices.first().map(|n| n.given.as_str()), Some("lots"));
}

#[test]
fn a_refused_input_keeps_the_last_good_plans() {
    let state = PlannerState::new(Inputs::default(), Vec::new());
    let before = state.last_good.clone();
    let refused = state.apply(Action::Set(Field::InstanceRate, 0.0));
    assert_eq!(refused.error.as_ref().and_then(|e| e.field), Some(Field::InstanceRate));
    assert_eq!(refused.last_good, before);
    let fixed = refused.apply(Action::Set(Field::InstanceRate, 5_000.0));
    assert_eq!(fixed.error, None);
    assert_ne!(fixed.last_good, before);
}

#[test]
fn a_zero_target_is_refused_by_the_core_and_named() {
    let state = PlannerState::new(Inputs::default(), Vec::new()).apply(Action::Set(Field::Target, 0.0));
    assert_eq!(state.error.as_ref().and_then(|e| e.field), Some(Field::Target));
}

#[test]
fn production_above_capacity_never_drains() {
    let state = PlannerState::new(Inputs::default(), Vec::new())
        .apply(Action::Goal(GoalKind::Instances))
        .apply(Action::Set(Field::ProduceRate, 100_000.0));
    let Some(comparison) = state.last_good else { panic!("planned") };
    assert_eq!(comparison.queue_level.drain_seconds, None);
    assert_eq!(comparison.message_level.drain_seconds, None);
    assert!(comparison.queue_level.net_drain_rate < 0.0);
}

#[test]
fn setting_clamps_and_the_preset_restores_the_example() {
    let mut inputs = Inputs::default();
    inputs.set(Field::Queues, 1e9);
    inputs.set(Field::Backlog, f64::NAN);
    assert_eq!(inputs.queues, 256);
    assert_eq!(inputs.backlog, 0.0);
    let state = PlannerState::new(inputs, Vec::new()).apply(Action::Preset);
    assert_eq!(state.inputs, Inputs::default());
}

#[test]
fn dismissing_clears_the_notices_only() {
    let (inputs, notices) = query(&[("pl_q", "0")]);
    let state = PlannerState::new(inputs, notices);
    assert_eq!(state.notices.len(), 1);
    let dismissed = state.apply(Action::DismissNotices);
    assert!(dismissed.notices.is_empty());
    assert_eq!(dismissed.inputs.queues, 1);
}

#[test]
fn a_long_url_value_is_quoted_short() {
    let long = "9".repeat(500);
    let (inputs, notices) = query(&[("pl_b", &long)]);
    assert_eq!(inputs.backlog, 100_000_000.0);
    assert_eq!(notices.first().map(|n| n.given.chars().count()), Some(41));
    let (inputs, notices) = query(&[("pl_q", "NaN")]);
    assert_eq!(inputs.queues, 8);
    assert_eq!(notices.first().map(|n| &n.problem), Some(&Problem::NotANumber));
}

#[test]
fn the_target_time_reads_durations_the_way_the_exercises_do() {
    for (text, seconds) in [
        ("900", 900.0),
        ("1,000", 1_000.0),
        ("15 min", 900.0),
        ("16 min 40 s", 1_000.0),
        ("9m39s", 579.0),
        ("1h", 3_600.0),
        ("16分40秒", 1_000.0),
        (" 2.5 min ", 150.0),
    ] {
        assert_eq!(read_duration(text), Some(seconds), "{text:?}");
    }
    for text in ["", "abc", "never", "15 apples", "16 min 40", "1000 msg/s", "--5"] {
        assert_eq!(read_duration(text), None, "{text:?}");
    }
}

#[test]
fn a_typed_duration_is_checked_against_the_target_range() {
    use crate::components::parse_with;
    let Range { min, max, .. } = Field::Target.range();
    assert_eq!(parse_with("16 min 40 s", read_duration, min, max), Ok(1_000.0));
    assert_eq!(parse_with("5 h", read_duration, min, max), Err("field.out_of_range"));
    assert_eq!(parse_with("abc", read_duration, min, max), Err("field.not_a_number"));
    let state = PlannerState::new(Inputs::default(), Vec::new());
    let Ok(seconds) = parse_with("16 min 40 s", read_duration, min, max) else { panic!("reads") };
    let state = state.apply(Action::Set(Field::Target, seconds));
    assert_eq!(state.inputs.target_seconds, 1_000.0);
    assert_eq!(state.last_good.map(|c| c.queue_level.meets_target), Some(Some(true)));
}

#[test]
fn the_examples_the_target_help_gives_are_read() {
    // Every duration the help text offers as an example, in both languages, is accepted.
    for lang in crate::i18n::Lang::ALL {
        let help = crate::i18n::t(lang, "page.planner.field.target_help");
        let examples = help.split_once('，').or_else(|| help.split_once(", or ")).map(|(_, rest)| rest).unwrap_or(help);
        let examples = examples.split(['(', '（']).next().unwrap_or_default();
        let examples: Vec<&str> = examples
            .trim_start_matches("或 ")
            .trim_start_matches("a duration such as ")
            .trim_end_matches(" 这样的时长")
            .split([',', '、'])
            .flat_map(|e| e.split(" or "))
            .map(|e| e.trim())
            .filter(|e| !e.is_empty())
            .collect();
        assert!(examples.len() >= 3, "{}: {examples:?} from {help:?}", lang.code());
        for example in examples {
            assert!(read_duration(example).is_some(), "{}: {example:?} from {help:?}", lang.code());
        }
    }
}
