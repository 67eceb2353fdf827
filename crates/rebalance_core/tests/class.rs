//! A class (`exercise::class`): the assignment text round trip and its refusals (never a
//! panic, over every cut and changed byte and arbitrary text), the assignment id, and the
//! one completion code of a set: what it carries, found in pasted text, edits refused,
//! carried answers re-graded.

use proptest::prelude::*;
use rebalance_core::exercise::class::{
    read_code, regrade, Assignment, AssignmentError, ChapterSteps, ClassReport, CodeError, Regraded, MAX_CLASS_SEED,
    MAX_NOTE_CHARS,
};
use rebalance_core::exercise::progress::BestAttempt;
use rebalance_core::exercise::{catalog, grade, instance_for, reference_answer, Answer, Progress};

fn sample() -> Assignment {
    Assignment {
        seed: 4242,
        model_answers: false,
        exercises: vec!["drain_time".to_owned(), "assign_avg".to_owned()],
        chapters: vec!["group".to_owned()],
        note: "Due Friday, 18:00 — 周五交".to_owned(),
    }
}

/// Progress of class `seed`: `right` answered with the reference answer, `wrong` with a
/// wrong one.
fn progress(seed: u64, right: &[&str], wrong: &[&str]) -> Progress {
    let mut p = Progress::new(seed);
    for (ids, correct) in [(right, true), (wrong, false)] {
        for id in ids {
            let Ok(inst) = instance_for(catalog(), seed, id) else { panic!("{id}") };
            let answer = if correct { reference_answer(&inst) } else { Answer::text("1") };
            p.record(&inst, &answer, &grade(&inst, &answer));
        }
    }
    p
}

fn steps(done: u16, steps: u16) -> impl Fn(&str) -> Option<ChapterSteps> {
    move |_| Some(ChapterSteps { done, steps })
}

#[test]
fn an_assignment_reads_back_as_written() {
    let a = sample();
    let text = a.encode();
    assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{text}");
    assert_eq!(Assignment::decode(&text), Ok(a.clone()));
    assert_eq!(Assignment::decode(&format!("  {text}\n")), Ok(a.clone()));
    // The id follows every field, the order included.
    let mut reordered = a.clone();
    reordered.exercises.reverse();
    let mut renoted = a.clone();
    renoted.note.push('!');
    let ids = [a.id(), reordered.id(), renoted.id(), Assignment { seed: 4243, ..a.clone() }.id()];
    for (i, id) in ids.iter().enumerate() {
        assert_eq!(id.len(), 9, "{id}");
        assert!(ids[..i].iter().all(|other| other != id), "{ids:?}");
    }
    assert_eq!(a.id(), sample().id());
}

#[test]
fn bad_assignments_say_what_is_wrong() {
    let good = sample().encode();
    assert_eq!(Assignment::decode("not*base64"), Err(AssignmentError::NotText));
    assert_eq!(Assignment::decode(""), Err(AssignmentError::Version(0)));
    // Version 2 followed by a valid body.
    let mut bytes = vec![2u8];
    bytes.extend(postcard::to_allocvec(&sample()).unwrap_or_default());
    let v2 = base64_url(&bytes);
    assert_eq!(Assignment::decode(&v2), Err(AssignmentError::Version(2)));
    // Cut short: the text no longer decodes, or its bytes no longer make an assignment.
    for cut in [good.len() / 2, good.len() - 1, 4] {
        let error = Assignment::decode(&good[..cut]);
        assert!(matches!(error, Err(AssignmentError::Damaged | AssignmentError::NotText)), "{cut}: {error:?}");
    }
    assert!(matches!(Assignment::decode(&"A".repeat(5000)), Err(AssignmentError::TooLong(5000))));
    let invalid = |a: Assignment| match Assignment::decode(&a.encode()) {
        Err(AssignmentError::Invalid(why)) => why,
        other => panic!("{other:?}"),
    };
    assert!(invalid(Assignment { exercises: vec![], chapters: vec![], ..sample() }).contains("no exercise"));
    let twice = Assignment { exercises: vec!["drain_time".into(), "drain_time".into()], ..sample() };
    assert!(invalid(twice).contains("drain_time is listed twice"));
    assert!(invalid(Assignment { seed: MAX_CLASS_SEED + 1, ..sample() }).contains("class seed"));
    assert!(invalid(Assignment { note: "x".repeat(MAX_NOTE_CHARS + 1), ..sample() }).contains("note"));
    assert!(invalid(Assignment { chapters: vec!["Bad Id".into()], ..sample() }).contains("chapters"));
}

/// base64url without padding, written here from the RFC's alphabet so the test does not
/// lean on the encoder it checks.
fn base64_url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |acc, (i, b)| acc | u32::from(*b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

#[test]
fn every_cut_and_changed_byte_is_refused_or_read_never_panicked_on() {
    let good = sample().encode();
    let bytes = good.as_bytes();
    for cut in 0..bytes.len() {
        let _ = Assignment::decode(&good[..cut]);
        for replacement in [b'A', b'_', b'-', b'z', b'9'] {
            let mut changed = bytes.to_vec();
            changed[cut] = replacement;
            if let Ok(a) = Assignment::decode(&String::from_utf8_lossy(&changed)) {
                // Whatever reads keeps the rules.
                assert_eq!(a.check(), Ok(()));
            }
        }
    }
}

proptest! {
    #[test]
    fn decoding_any_text_never_panics(text in "[A-Za-z0-9_-]{0,200}") {
        if let Ok(a) = Assignment::decode(&text) {
            prop_assert_eq!(a.check(), Ok(()));
            prop_assert_eq!(Assignment::decode(&a.encode()), Ok(a));
        }
    }

    #[test]
    fn reading_any_line_never_panics(text in ".{0,200}") {
        let _ = read_code(&text);
        let _ = read_code(&format!("RLC1.{text}"));
    }
}

#[test]
fn a_set_code_carries_the_whole_set_and_reads_back_from_pasted_text() {
    let a = sample();
    let p = progress(a.seed, &["drain_time"], &["assign_avg"]);
    let report = ClassReport::new(&a, Some(&p), steps(3, 5), "  Ada, \"the\" Lovelace \n", 1_765_000_000_000);
    assert_eq!(report.assignment, a.id());
    assert_eq!(report.name, "Ada, \"the\" Lovelace");
    assert_eq!(report.exercises.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), ["drain_time", "assign_avg"]);
    assert_eq!(report.exercises[0].score, 100);
    assert!(report.exercises[1].score < 100);
    let Ok(inst) = instance_for(catalog(), a.seed, "drain_time") else { panic!() };
    assert_eq!(report.exercises[0].best.as_ref().map(|b| b.seed), Some(inst.seed));
    assert_eq!(report.chapters, vec![("group".to_owned(), ChapterSteps { done: 3, steps: 5 })]);
    assert!(!report.finished());
    let code = report.code();
    assert!(code.starts_with("RLC1."), "{code}");
    for line in [code.clone(), format!("my code: {code}."), format!("  {code}  (Ada)"), format!("{code}\r")] {
        assert_eq!(read_code(&line), Ok(report.clone()), "{line}");
    }
    assert_eq!(regrade(catalog(), &report), vec![Regraded::Matches, Regraded::Matches]);
    // Everything done: finished.
    let all = progress(a.seed, &["drain_time", "assign_avg"], &[]);
    let done = ClassReport::new(&a, Some(&all), steps(5, 5), "Bo", 1);
    assert!(done.finished());
    assert_eq!(done.total(), 200);
    // Nothing stored: zeros, no attempts, still a code.
    let empty = ClassReport::new(&a, None, |_| None, "Cy", 2);
    assert_eq!(empty.total(), 0);
    assert_eq!(read_code(&empty.code()), Ok(empty.clone()));
    assert_eq!(regrade(catalog(), &empty), vec![Regraded::Matches, Regraded::Matches]);
}

#[test]
fn an_edited_code_is_refused() {
    let a = sample();
    let report = ClassReport::new(&a, Some(&progress(a.seed, &["drain_time"], &[])), steps(1, 1), "Ada", 7);
    let code = report.code();
    // Changing the score, the name or the time in the payload and re-encoding it keeps a
    // readable payload, but the check no longer matches.
    let (prefix_payload, check) = code.rsplit_once('.').unwrap_or_default();
    let payload = prefix_payload.trim_start_matches("RLC1.");
    let reencode = |r: &ClassReport| base64_url(&postcard::to_allocvec(r).unwrap_or_default());
    assert_eq!(reencode(&report), payload, "the payload is postcard as base64url");
    let mut higher = report.clone();
    higher.exercises[1].score = 100;
    let mut renamed = report.clone();
    renamed.name = "Eve".to_owned();
    let mut later = report.clone();
    later.time_ms += 1;
    for forged in [higher, renamed, later] {
        assert_eq!(read_code(&format!("RLC1.{}.{check}", reencode(&forged))), Err(CodeError::Edited));
    }
    // A changed character of the payload is refused one way or another.
    for at in 5..prefix_payload.len() {
        let mut changed = code.clone().into_bytes();
        changed[at] = if changed[at] == b'A' { b'B' } else { b'A' };
        let changed = String::from_utf8_lossy(&changed).into_owned();
        assert!(read_code(&changed).is_err(), "{changed}");
    }
    assert_eq!(read_code("no code here"), Err(CodeError::Missing));
    assert_eq!(read_code("RLC2.abc.DEF"), Err(CodeError::Version("RLC2".to_owned())));
    assert_eq!(read_code(&code[..code.len() - 9]), Err(CodeError::Damaged));
    // A legacy exercise code (XXXX-XXXX) is not a class code.
    assert_eq!(read_code("ABCD-EFGH"), Err(CodeError::Missing));
}

#[test]
fn a_score_the_carried_answer_does_not_earn_is_caught_by_regrading() {
    let a = sample();
    let p = progress(a.seed, &[], &["drain_time"]);
    let honest = ClassReport::new(&a, Some(&p), |_| None, "Ada", 7);
    let earned = honest.exercises[0].score;
    assert!(earned < 100);
    // A code made (by someone with this source) for a score its answer does not earn: the
    // check matches, regrading does not.
    let mut forged = honest.clone();
    forged.exercises[0].score = 100;
    assert_eq!(read_code(&forged.code()), Ok(forged.clone()));
    assert_eq!(regrade(catalog(), &forged)[0], Regraded::Differs(earned));
    // A score claimed without an attempt, and an exercise this catalog does not have.
    let mut claimed = honest.clone();
    claimed.exercises[1].score = 50;
    assert_eq!(regrade(catalog(), &claimed)[1], Regraded::Differs(0));
    let mut unknown = honest;
    unknown.exercises[0].id = "no_such_exercise".to_owned();
    unknown.exercises[0].best = Some(BestAttempt { seed: 1, answer: Answer::text("1") });
    assert_eq!(regrade(catalog(), &unknown)[0], Regraded::Unknown);
}
