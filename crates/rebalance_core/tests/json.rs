//! The core's small JSON reader and writer (`rebalance_core::json`, used for stored progress
//! and answers) against serde_json: the same documents accepted and refused, the same values
//! read, text serde_json reads back to the same value, and the stored format unchanged
//! (`tests/data/progress-v1.json` was written by the serde_json-based version).

use proptest::prelude::*;
use rebalance_core::exercise::progress::{BestAttempt, ExerciseProgress};
use rebalance_core::exercise::{load_progress, Answer, PartAnswer, Progress};
use rebalance_core::json::{self, Json};
use serde_json::Value;

/// Our tree as serde_json's (numbers read by serde_json from their text; members inserted in
/// order, so a repeated name keeps the last value, as in serde_json's maps).
fn to_serde(value: &Json) -> Value {
    match value {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => serde_json::from_str(n).unwrap_or(Value::String(format!("bad number {n}"))),
        Json::String(s) => Value::String(s.clone()),
        Json::Array(items) => Value::Array(items.iter().map(to_serde).collect()),
        Json::Object(members) => Value::Object(members.iter().map(|(k, v)| (k.clone(), to_serde(v))).collect()),
    }
}

/// Both readers accept `text` with the same value, or both refuse it.
fn agree(text: &str) -> Result<(), TestCaseError> {
    let ours = json::parse(text).map(|v| to_serde(&v));
    let theirs = serde_json::from_str::<Value>(text);
    match (ours, theirs) {
        (Ok(a), Ok(b)) => prop_assert_eq!(a, b, "{:?}", text),
        (Err(_), Err(_)) => {}
        (a, b) => prop_assert!(false, "{:?}: ours {:?}, serde_json {:?}", text, a, b.map_err(|e| e.to_string())),
    }
    Ok(())
}

fn any_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-1e6f64..1e6).prop_map(Value::from),
        any::<f64>().prop_filter("finite", |x| x.is_finite()).prop_map(Value::from),
        ".{0,8}".prop_map(Value::String),
        "[\\\\\"\\n\\t\\u{0}-\\u{1f}é😀]{0,4}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 40, 5, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            proptest::collection::vec((".{0,4}", inner), 0..5).prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn valid_documents_read_the_same(value in any_value(), pretty in any::<bool>()) {
        let text = if pretty { serde_json::to_string_pretty(&value) } else { serde_json::to_string(&value) };
        let text = text.unwrap_or_default();
        agree(&text)?;
        prop_assert!(json::parse(&text).is_ok(), "{}", text);
    }

    #[test]
    fn damaged_documents_are_refused_alike(value in any_value(), at in any::<prop::sample::Index>(), with in "[\\[\\]{}:,\"\\\\ 0-9a-z.+\\-]?", cut in any::<bool>()) {
        let text = serde_json::to_string(&value).unwrap_or_default();
        let chars: Vec<char> = text.chars().collect();
        let i = at.index(chars.len() + 1);
        let mut damaged: String = chars[..i].iter().collect();
        damaged.push_str(&with);
        if !cut {
            damaged.extend(chars.get(i + 1..).unwrap_or_default());
        }
        agree(&damaged)?;
    }

    #[test]
    fn junk_is_refused_alike(text in "[\\[\\]{}:,\"\\\\ \\n0-9a-z.eE+\\-]{0,30}") {
        agree(&text)?;
    }

    #[test]
    fn numbers_are_written_as_serde_json_writes_them(bits in any::<u64>()) {
        let x = f64::from_bits(bits);
        let mut ours = String::new();
        json::write_f64(&mut ours, x);
        let theirs = serde_json::to_string(&x).unwrap_or_default();
        // Where several shortest digit strings read back to `x`, the two may pick different
        // ones (Rust the nearest, serde_json's printer not always); the value, the length and
        // the notation are the same.
        prop_assert_eq!(ours.len(), theirs.len(), "{} {}", ours, theirs);
        prop_assert_eq!(ours.contains('e'), theirs.contains('e'), "{} {}", ours, theirs);
        let back = if x.is_finite() { ours.parse::<f64>().ok().map(f64::to_bits) } else { None };
        prop_assert_eq!(back, x.is_finite().then_some(bits), "{}", ours);
    }

    #[test]
    fn strings_are_written_as_serde_json_writes_them(text in "(.|[\\u{0}-\\u{1f}\\u{7f}\"\\\\])*") {
        let mut ours = String::new();
        json::write_str(&mut ours, &text);
        prop_assert_eq!(ours, serde_json::to_string(&text).unwrap_or_default());
    }

    #[test]
    fn progress_written_reads_back_and_is_json(progress in any_progress()) {
        let text = progress.to_json();
        prop_assert!(serde_json::from_str::<Value>(&text).is_ok(), "{}", text);
        prop_assert_eq!(load_progress(&text), Ok(progress));
    }
}

#[test]
fn nesting_is_limited_as_in_serde_json() -> Result<(), TestCaseError> {
    for depth in [1, 100, 126, 127, 128, 129, 200] {
        agree(&format!("{}{}", "[".repeat(depth), "]".repeat(depth)))?;
        agree(&format!("{}1{}", "{\"a\":[".repeat(depth / 2), "]}".repeat(depth / 2)))?;
    }
    Ok(())
}

#[test]
fn edge_documents_read_the_same() -> Result<(), TestCaseError> {
    for text in [
        "",
        " ",
        "0",
        "-0",
        "-",
        "01",
        "1.",
        ".5",
        "1e5",
        "1E+5",
        "1e-5",
        "1e400",
        "-1e400",
        "1e-400",
        "18446744073709551616",
        "-9223372036854775809",
        "\"\\ud83d\\ude00\"",
        "\"\\ud83d\"",
        "\"\\ude00\"",
        "\"\\u00zz\"",
        "\"\\x\"",
        "\"a\nb\"",
        "[1,]",
        "{\"a\":1,}",
        "{\"a\" 1}",
        "{1:1}",
        "nul",
        "truex",
        "[1] [2]",
        "\u{feff}1",
        "{\"a\":1,\"a\":2}",
        " [ ] ",
    ] {
        agree(text)?;
    }
    Ok(())
}

#[test]
fn stored_progress_of_the_serde_version_reads_and_writes_back_unchanged() {
    let stored = include_str!("data/progress-v1.json").trim_end();
    let expected = fixture_progress();
    assert_eq!(load_progress(stored), Ok(expected.clone()));
    assert_eq!(expected.to_json(), stored);
}

#[test]
fn damaged_progress_names_where() {
    let stored = include_str!("data/progress-v1.json").trim_end();
    for (from, to, message) in [
        ("\"attempts\":3", "\"atempts\":3", "exercises.a_numbers: unknown field `atempts`"),
        (
            "\"bestScore\":40",
            "\"bestScore\":400",
            "exercises.b_lists.bestScore: expected an integer from 0 to 255, found the number 400",
        ),
        ("\"done\":true", "\"done\":1", "exercises.a_numbers.done: expected true or false, found the number 1"),
        ("{\"seed\":0,", "{", "exercises.b_lists.best: missing field `seed`"),
        (
            "{\"queues\":[0,3,6,-1]}",
            "{\"queues\":[0.5]}",
            "exercises.b_lists.best.answer: queues: expected a list of queue numbers",
        ),
        (
            "\"setSeed\":18446744073709551615",
            "\"setSeed\":18446744073709551616",
            "progress.setSeed: expected an integer from 0 to 18446744073709551615",
        ),
    ] {
        assert!(stored.contains(from), "{from}");
        let error = load_progress(&stored.replacen(from, to, 1)).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(error.contains(message), "{error}");
    }
    let syntax = load_progress("{\"version\":1,\n\"setSeed\" 3}").err().map(|e| e.to_string());
    assert_eq!(syntax.as_deref(), Some("stored progress is not valid JSON: expected `:` at line 2 column 11"));
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
