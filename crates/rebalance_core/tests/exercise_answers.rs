//! Learners' answers in their stored form (`{"parts": [{"number": …}, …]}`, as progress keeps
//! them): what serde writes reads back, other shapes are refused, and no text panics. The
//! CLI's wider answer forms are tested with the CLI (`exercise_cmd.rs`).

use proptest::prelude::*;
use rebalance_core::exercise::{Answer, PartAnswer};

fn from_json(text: &str) -> Result<Answer, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

proptest! {
    #[test]
    fn answer_json_round_trips(parts in proptest::collection::vec(exact_part_answer(), 0..4)) {
        let answer = Answer::new(parts);
        let text = serde_json::to_string(&answer).unwrap_or_default();
        prop_assert_eq!(from_json(&text), Ok(answer));
    }

    #[test]
    fn answer_json_never_panics(text in ".{0,200}") {
        let _ = from_json(&text);
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
fn the_stored_form_is_read_and_nothing_else() {
    let number = |x: f64| PartAnswer::Number(x);
    let text = |s: &str| PartAnswer::Text(s.to_owned());
    for (json, parts) in [
        (r#"{"parts": [{"number": 1000}, {"text": "16 min 40 s"}]}"#, vec![number(1000.0), text("16 min 40 s")]),
        (
            r#"{"parts": [{"queues": [0, 3, 6]}, {"choices": ["a", "c"]}]}"#,
            vec![PartAnswer::Queues(vec![0, 3, 6]), PartAnswer::Choices(vec!["a".to_owned(), "c".to_owned()])],
        ),
        (r#"{"parts": [{"number": -2.5}]}"#, vec![number(-2.5)]),
        (r#"{"parts": []}"#, vec![]),
    ] {
        assert_eq!(from_json(json), Ok(Answer::new(parts)), "{json}");
    }
    for (json, message) in [
        ("null", "invalid type: null"),
        ("{}", "missing field `parts`"),
        (r#"{"parts": [], "note": 1}"#, "unknown field `note`"),
        (r#"{"parts": [3]}"#, "expected value at line 1 column 12"),
        (r#"{"parts": [{"numbr": 1}]}"#, "unknown variant `numbr`"),
        (r#"{"parts": [{"number": 1, "text": "a"}]}"#, "expected value at line 1 column 23"),
        (r#"{"parts": [{"number": "1"}]}"#, "invalid type: string \"1\", expected f64"),
        (r#"{"parts": [{"queues": [0.5]}]}"#, "invalid type: floating point `0.5`, expected i64"),
        ("[]", "invalid length 0"),
    ] {
        let error = from_json(json).err().unwrap_or_default();
        assert!(error.contains(message), "{json}: {error}");
    }
}
