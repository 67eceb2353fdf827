//! Stored exercise progress (the site keeps it in localStorage; a teacher verifies it offline):
//! the JSON round trip, damaged input reported rather than panicked on, the per-topic
//! overview and completion codes. Split from `exercises.rs`, which checks the content.

use proptest::prelude::*;
use rebalance_core::exercise::grade::whole_part_score;
use rebalance_core::exercise::model::Exercise;
use rebalance_core::exercise::progress::{completion_code, Status};
use rebalance_core::exercise::{
    catalog, grade, instance_for, load_progress, overview, reference_answer, verify_completion_code, Answer,
    PartAnswer, Progress, ProgressError,
};

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
    let json = p.to_json();
    assert_eq!(load_progress(&json), Ok(p.clone()));
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
    let json = sample_progress(11).to_json();
    assert!(matches!(load_progress(""), Err(ProgressError::Json(_))));
    assert!(matches!(load_progress("{\"version\":1,"), Err(ProgressError::Json(_))));
    assert!(matches!(load_progress("[1,2]"), Err(ProgressError::Invalid(_))));
    assert_eq!(load_progress("{}"), Err(ProgressError::UnsupportedVersion { found: 0 }));
    assert_eq!(
        load_progress(&json.replacen("\"version\":1", "\"version\":2", 1)),
        Err(ProgressError::UnsupportedVersion { found: 2 })
    );
    assert!(matches!(
        load_progress(&json.replacen("\"bestScore\":100", "\"bestScore\":101", 1)),
        Err(ProgressError::Invalid(_))
    ));
    assert!(matches!(
        load_progress(&json.replacen("\"bestScore\":100", "\"bestScore\":300", 1)),
        Err(ProgressError::Invalid(_))
    ));
    assert!(matches!(
        load_progress(&json.replacen("\"done\":true", "\"done\":false", 1)),
        Err(ProgressError::Invalid(_))
    ));
    assert!(matches!(load_progress(&json.replacen("\"attempts\"", "\"atempts\"", 1)), Err(ProgressError::Invalid(_))));
    assert!(matches!(
        load_progress(&json.replacen("\"setSeed\":11", "\"setSeed\":-1", 1)),
        Err(ProgressError::Invalid(_))
    ));
    assert_eq!(load_progress(r#"{"version":1,"setSeed":18446744073709551615}"#).map(|p| p.set_seed), Ok(u64::MAX));
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
    fn loading_progress_never_panics(text in ".{0,300}") {
        let _ = load_progress(&text);
    }

    #[test]
    fn loading_damaged_progress_never_panics(cut in 0usize..2000, byte in any::<u8>()) {
        let json = sample_progress(5).to_json();
        let mut bytes = json.into_bytes();
        if !bytes.is_empty() {
            let i = cut % bytes.len();
            bytes[i] = byte;
            bytes.truncate(cut.max(i + 1));
        }
        let _ = load_progress(&String::from_utf8_lossy(&bytes));
    }
}
