//! Stored exercise progress (the site keeps it in localStorage; a teacher verifies it offline):
//! the serde round trip through serde_json, the stored format unchanged
//! (`tests/data/progress-v1.json`), damaged input refused with the field's path rather than
//! panicked on, the per-topic overview and completion codes. Split from `exercises.rs`, which
//! checks the content.

use proptest::prelude::*;
use rebalance_core::exercise::grade::whole_part_score;
use rebalance_core::exercise::model::Exercise;
use rebalance_core::exercise::progress::{completion_code, BestAttempt, ExerciseProgress, Status};
use rebalance_core::exercise::{
    catalog, grade, instance_for, load_progress, overview, reference_answer, verify_completion_code, Answer,
    PartAnswer, Progress, ProgressError,
};

/// Stored progress from JSON text, as the CLI would read it: serde_json's syntax check, then
/// the core's reader.
fn load(text: &str) -> Result<Progress, ProgressError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| ProgressError::Json(e.to_string()))?;
    load_progress(|| &value)
}

/// The stored form of `progress` as serde_json writes it.
fn to_json(progress: &Progress) -> String {
    serde_json::to_string(progress).unwrap_or_else(|e| format!("not written: {e}"))
}

fn exercises() -> &'static [Exercise] {
    &catalog().exercises
}

/// Progress with a right answer for `right`, a wrong one for `wrong`.
fn sample_progress(set_seed: u64) -> Progress {
    let mut p = Progress::new(set_seed);
    for (id, correct) in [("seed_drain_worked", true), ("assign_avg", true), ("drain_time", false)] {
        let inst = match instance_for(catalog(), set_seed, id) {
            Ok(i) => i,
            Err(e) => panic!("{e}"),
        };
        let answer = if correct { reference_answer(&inst) } else { Answer::text("12 s") };
        p.record(&inst, &answer, &grade(&inst, &answer));
    }
    p.record_hint("drain_time", 2);
    p
}

#[test]
fn progress_round_trips_through_its_json() {
    let p = sample_progress(11);
    assert_eq!(p.status("seed_drain_worked"), Status::Done);
    assert_eq!(p.status("drain_time"), Status::Attempted);
    assert_eq!(p.status("hash_properties"), Status::NotStarted);
    let json = to_json(&p);
    assert_eq!(load(&json), Ok(p.clone()));
    let value: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
    assert_eq!(value["version"], 1);
    assert_eq!(value["exercises"]["drain_time"]["hintsUsed"], 2);
    assert_eq!(value["exercises"]["seed_drain_worked"]["bestScore"], 100);
    // Recording a worse answer keeps the best one; attempts count every answer.
    let mut q = p.clone();
    if let Ok(inst) = instance_for(catalog(), 11, "assign_avg") {
        let wrong = Answer::text("Q0");
        q.record(&inst, &wrong, &grade(&inst, &wrong));
    }
    let entry = q.exercises.get("assign_avg");
    assert_eq!(entry.map(|e| (e.attempts, e.best_score, e.done)), Some((2, 100, true)));
}

#[test]
fn damaged_progress_is_reported_not_panicked_on() {
    let json = to_json(&sample_progress(11));
    assert!(matches!(load(""), Err(ProgressError::Json(_))));
    assert!(matches!(load("{\"version\":1,"), Err(ProgressError::Json(_))));
    assert_eq!(load("[1,2]"), Err(ProgressError::Invalid("invalid type: sequence, expected an object".to_owned())));
    assert!(matches!(load("\"text\""), Err(ProgressError::Invalid(_))));
    assert_eq!(load("{}"), Err(ProgressError::UnsupportedVersion { found: 0 }));
    assert_eq!(
        load(&json.replacen("\"version\":1", "\"version\":2", 1)),
        Err(ProgressError::UnsupportedVersion { found: 2 })
    );
    assert!(matches!(
        load(&json.replacen("\"bestScore\":100", "\"bestScore\":101", 1)),
        Err(ProgressError::Invalid(_))
    ));
    assert!(matches!(
        load(&json.replacen("\"bestScore\":100", "\"bestScore\":300", 1)),
        Err(ProgressError::Invalid(_))
    ));
    assert!(matches!(load(&json.replacen("\"done\":true", "\"done\":false", 1)), Err(ProgressError::Invalid(_))));
    assert!(matches!(load(&json.replacen("\"attempts\"", "\"atempts\"", 1)), Err(ProgressError::Invalid(_))));
    assert!(matches!(load(&json.replacen("\"setSeed\":11", "\"setSeed\":-1", 1)), Err(ProgressError::Invalid(_))));
    assert_eq!(load(r#"{"version":1,"setSeed":18446744073709551615}"#).map(|p| p.set_seed), Ok(u64::MAX));
    assert_eq!(load(r#"{"version":-1,"setSeed":1}"#), Err(ProgressError::UnsupportedVersion { found: 0 }));
    assert_eq!(load(r#"{"setSeed":1,"version":7,"other":[]}"#), Err(ProgressError::UnsupportedVersion { found: 7 }));
}

#[test]
fn stored_progress_of_the_first_version_reads_and_writes_back_unchanged() {
    let stored = include_str!("data/progress-v1.json").trim_end();
    let expected = fixture_progress();
    assert_eq!(load(stored), Ok(expected.clone()));
    assert_eq!(to_json(&expected), stored);
}

#[test]
fn damaged_progress_names_where() {
    let stored = include_str!("data/progress-v1.json").trim_end();
    for (from, to, message) in [
        (
            "\"attempts\":3",
            "\"atempts\":3",
            "exercises.a_numbers.atempts: unknown field `atempts`, expected one of `attempts`",
        ),
        (
            "\"bestScore\":40",
            "\"bestScore\":400",
            "exercises.b_lists.bestScore: invalid value: integer `400`, expected u8",
        ),
        ("\"done\":true", "\"done\":1", "exercises.a_numbers.done: invalid type: integer `1`, expected a boolean"),
        ("{\"seed\":0,", "{", "exercises.b_lists.best: missing field `seed`"),
        (
            "{\"queues\":[0,3,6,-1]}",
            "{\"queues\":[0.5]}",
            "exercises.b_lists.best.answer.parts[0].queues[0]: invalid type: floating point `0.5`, expected i64",
        ),
        (
            "{\"queues\":[0,3,6,-1]}",
            "{\"queue\":[0]}",
            "exercises.b_lists.best.answer.parts[0]: unknown variant `queue`",
        ),
        ("{\"queues\":[0,3,6,-1]}", "3", "exercises.b_lists.best.answer.parts[0]: invalid type: integer `3`"),
        (
            "\"answer\":{\"parts\":[]}",
            "\"answer\":{\"parts\":[],\"note\":1}",
            "exercises.d_empty.best.answer.note: unknown field `note`, expected `parts`",
        ),
        (
            "\"setSeed\":18446744073709551615",
            "\"setSeed\":18446744073709551616",
            "setSeed: invalid type: floating point `1.8446744073709552e+19`, expected u64",
        ),
        ("\"bestScore\":40", "\"bestScore\":100", "b_lists: done does not match the best score"),
    ] {
        assert!(stored.contains(from), "{from}");
        let error = load(&stored.replacen(from, to, 1)).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(error.contains(message), "{to}: {error}");
    }
    let syntax = load("{\"version\":1,\n\"setSeed\" 3}").err().map(|e| e.to_string());
    assert_eq!(syntax.as_deref(), Some("stored progress is not valid JSON: expected `:` at line 2 column 11"));
}

#[test]
fn overview_counts_every_exercise_once_per_topic() {
    let rows = overview(catalog(), &sample_progress(3));
    let total: usize = rows.iter().map(|r| r.done + r.attempted + r.not_started).sum();
    assert_eq!(total, exercises().len());
    let backlog = rows.iter().find(|r| r.topic == rebalance_core::exercise::Topic::Backlog);
    assert_eq!(backlog.map(|r| (r.done, r.attempted)), Some((1, 1)));
    assert_eq!(overview(catalog(), &Progress::new(3)).iter().map(|r| r.done + r.attempted).sum::<usize>(), 0);
}

#[test]
fn completion_codes_verify_offline_and_catch_tampering() {
    let p = sample_progress(2024);
    let code = p.completion_code();
    assert_eq!(code.len(), 9);
    assert!(code.chars().all(|c| c == '-' || c.is_ascii_uppercase() || ('2'..='7').contains(&c)), "{code}");
    let check = verify_completion_code(catalog(), &p, &code);
    assert!(check.valid, "{check:?}");
    assert!(verify_completion_code(catalog(), &p, &code.to_lowercase().replace('-', " ")).valid);
    assert!(!verify_completion_code(catalog(), &p, "AAAA-AAAA").valid);
    // A raised score no longer matches the re-graded answer.
    let mut raised = p.clone();
    if let Some(e) = raised.exercises.get_mut("drain_time") {
        e.best_score = 100;
        e.done = true;
    }
    let forged = raised.completion_code();
    let check = verify_completion_code(catalog(), &raised, &forged);
    assert!(!check.valid);
    assert!(check.exercises.iter().any(|e| e.id == "drain_time" && e.claimed == 100 && e.regraded == Some(0)));
    // Another class seed gives another code.
    let mut other = p.clone();
    other.set_seed = 2025;
    assert_ne!(other.completion_code(), code);
    assert_eq!(completion_code(1, &[]), completion_code(1, &[]));
    assert_ne!(completion_code(1, &[("a".to_owned(), 100, 5)]), completion_code(1, &[("a".to_owned(), 99, 5)]));
}

/// Progress stored before partial credit holds whole-part, truncated scores (a partly right
/// multiple choice 0, two parts of three 66); its completion code still verifies, the score
/// the same answer gets now verifies too, and any other score does not.
#[test]
fn codes_issued_before_partial_credit_still_verify() {
    let mut differing = 0;
    for set_seed in 0..40u64 {
        for id in ["lag_vs_delay", "reset_principle", "idle_consumers", "scale_out_3_to_10"] {
            let Ok(inst) = instance_for(catalog(), set_seed, id) else { panic!("{id}") };
            // Every part right but the first, and the first part half right when it is a
            // multiple choice (one right option left out), else left blank.
            let mut answer = reference_answer(&inst);
            answer.parts[0] = match &answer.parts[0] {
                PartAnswer::Choices(c) if c.len() > 1 => PartAnswer::Choices(c[1..].to_vec()),
                _ => PartAnswer::Text(String::new()),
            };
            let g = grade(&inst, &answer);
            let before = whole_part_score(&inst, &g);
            let mut p = Progress::new(set_seed);
            p.record(&inst, &answer, &g);
            let now_code = p.completion_code();
            assert!(verify_completion_code(catalog(), &p, &now_code).valid, "{id} {set_seed}");
            let mut old = p.clone();
            if let Some(e) = old.exercises.get_mut(id) {
                e.best_score = before;
            }
            let check = verify_completion_code(catalog(), &old, &old.completion_code());
            assert!(check.valid, "{id} {set_seed}: {check:?}");
            differing += usize::from(before != g.score);
            let mut forged = p.clone();
            if let Some(e) = forged.exercises.get_mut(id) {
                e.best_score = g.score.max(before) + 1;
            }
            assert!(!verify_completion_code(catalog(), &forged, &forged.completion_code()).valid);
        }
    }
    assert!(differing > 40, "only {differing} answers score differently now");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn progress_written_reads_back(progress in any_progress()) {
        prop_assert_eq!(load(&to_json(&progress)), Ok(progress));
    }

    #[test]
    fn loading_progress_never_panics(text in ".{0,300}") {
        let _ = load(&text);
    }

    #[test]
    fn loading_damaged_progress_never_panics(cut in 0usize..2000, byte in any::<u8>()) {
        let json = to_json(&sample_progress(5));
        let mut bytes = json.into_bytes();
        if !bytes.is_empty() {
            let i = cut % bytes.len();
            bytes[i] = byte;
            bytes.truncate(cut.max(i + 1));
        }
        let _ = load(&String::from_utf8_lossy(&bytes));
    }
}

/// The progress `tests/data/progress-v1.json` holds.
fn fixture_progress() -> Progress {
    let number = PartAnswer::Number;
    let mut p = Progress::new(u64::MAX);
    let numbers = Answer::new(vec![
        number(1000.0),
        number(0.25),
        number(-2.5e-7),
        number(1e21),
        number(1e-5),
        number(1e16),
        number(123456789.125),
        PartAnswer::Text("16 min 40 s \"quoted\" \\ \n\t\u{1}\u{7f} 中文 😀".to_owned()),
    ]);
    let attempt = |seed, answer| Some(BestAttempt { seed, answer });
    let entry = |attempts, best_score, hints_used, best| ExerciseProgress {
        attempts,
        best_score,
        done: best_score == 100,
        hints_used,
        best,
    };
    p.exercises.insert("a_numbers".to_owned(), entry(3, 100, 0, attempt(12345678901234567890, numbers)));
    let lists = Answer::new(vec![
        PartAnswer::Queues(vec![0, 3, 6, -1]),
        PartAnswer::Choices(vec!["a".to_owned(), "c".to_owned()]),
        PartAnswer::Queues(vec![]),
        PartAnswer::Choices(vec![]),
    ]);
    p.exercises.insert("b_lists".to_owned(), entry(u32::MAX, 40, 2, attempt(0, lists)));
    p.exercises.insert("c_none".to_owned(), entry(0, 0, 255, None));
    p.exercises.insert("d_empty".to_owned(), entry(1, 0, 0, attempt(7, Answer::new(vec![]))));
    p
}

fn any_part() -> impl Strategy<Value = PartAnswer> {
    prop_oneof![
        any::<f64>().prop_filter("finite", |x| x.is_finite()).prop_map(PartAnswer::Number),
        ".{0,10}".prop_map(PartAnswer::Text),
        proptest::collection::vec(any::<i64>(), 0..4).prop_map(PartAnswer::Queues),
        proptest::collection::vec(".{0,3}", 0..3).prop_map(PartAnswer::Choices),
    ]
}

fn any_progress() -> impl Strategy<Value = Progress> {
    let exercise = (
        any::<u32>(),
        0u8..=100,
        any::<u8>(),
        proptest::option::of((any::<u64>(), proptest::collection::vec(any_part(), 0..4))),
    )
        .prop_map(|(attempts, best_score, hints_used, best)| ExerciseProgress {
            attempts,
            best_score,
            done: best_score == 100,
            hints_used,
            best: best.map(|(seed, parts)| BestAttempt { seed, answer: Answer::new(parts) }),
        });
    (any::<u64>(), proptest::collection::vec(("[a-z_]{1,12}|.{0,6}", exercise), 0..5)).prop_map(|(seed, entries)| {
        let mut p = Progress::new(seed);
        for (id, e) in entries {
            p.exercises.insert(id, e);
        }
        p
    })
}
