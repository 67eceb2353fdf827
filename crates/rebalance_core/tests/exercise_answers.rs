//! Learners' answers as JSON (stored progress, the CLI's `exercise grade`): every documented
//! form is read, other shapes are refused, what `to_json` writes reads back, and no text panics.

use proptest::prelude::*;
use rebalance_core::exercise::{Answer, PartAnswer};

proptest! {
    #[test]
    fn answer_json_round_trips(parts in proptest::collection::vec(exact_part_answer(), 0..4)) {
        let answer = Answer::new(parts);
        prop_assert_eq!(Answer::from_json(&answer.to_json()), Ok(answer));
    }

    #[test]
    fn answer_json_never_panics(text in ".{0,200}") {
        let _ = Answer::from_json(&text);
    }
}

/// Part answers whose JSON text reads back to the same value: numbers are quarters, exact in
/// binary (the grading test's `any_part_answer` also has NaN, ±∞ and arbitrary floats).
fn exact_part_answer() -> impl Strategy<Value = PartAnswer> {
    prop_oneof![
        (-1_000_000_000i64..1_000_000_000).prop_map(|x| PartAnswer::Number(x as f64 / 4.0)),
        ".{0,12}".prop_map(PartAnswer::Text),
        proptest::collection::vec(-5i64..300, 0..5).prop_map(PartAnswer::Queues),
        proptest::collection::vec("[a-e]", 0..3).prop_map(PartAnswer::Choices),
    ]
}

#[test]
fn answer_json_reads_every_documented_form() {
    let number = |x: f64| PartAnswer::Number(x);
    let text = |s: &str| PartAnswer::Text(s.to_owned());
    for (json, parts) in [
        (r#"{"parts": [{"number": 1000}, {"text": "16 min 40 s"}]}"#, vec![number(1000.0), text("16 min 40 s")]),
        (r#"{"parts": [3, "a"], "note": "ignored"}"#, vec![number(3.0), text("a")]),
        (
            r#"[{"queues": [0, 3, 6]}, {"choices": ["a", "c"]}]"#,
            vec![PartAnswer::Queues(vec![0, 3, 6]), PartAnswer::Choices(vec!["a".to_owned(), "c".to_owned()])],
        ),
        (r#"{"number": -2.5}"#, vec![number(-2.5)]),
        ("18446744073709551615", vec![number(u64::MAX as f64)]),
        (r#""never""#, vec![text("never")]),
        ("[]", vec![]),
    ] {
        assert_eq!(Answer::from_json(json), Ok(Answer::new(parts)), "{json}");
    }
    for json in [
        "null",
        "true",
        "{}",
        r#"{"numbr": 1}"#,
        r#"{"number": 1, "text": "a"}"#,
        r#"{"number": "1"}"#,
        r#"[[1]]"#,
        r#"[{"parts": []}]"#,
        r#"{"parts": [{"nope": 1}]}"#,
    ] {
        assert!(Answer::from_json(json).is_err(), "{json} accepted");
    }
}
