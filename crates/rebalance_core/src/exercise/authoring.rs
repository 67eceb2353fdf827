//! The authored form of an exercise file and the form the model reads.
//!
//! Authors tag a computation inline, `compute = { op = "drain_time", backlog = "B", … }`, and
//! a part by its answer type, `[[parts]] answer = "number"`. The serde model reads both as
//! *externally* tagged enums (`{ drain_time = { backlog = "B", … } }`): serde reads an
//! internally tagged enum by buffering every value into a generic tree first (a large
//! generic reader in the site's wasm), and a binary format like the
//! site's encoded catalog (postcard) cannot read one at all. [`to_model_form`], called by
//! `parse_exercise`, moves each tag out of its table before deserializing, keeping every
//! value's span, so an error still points at its line.
//!
//! *Invariant:* `op` is the computation tag everywhere in a file (no table uses `op` for
//! anything else), and `answer` is the part tag of the tables in the top-level `parts` array.

use std::borrow::Cow;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// The key naming a computation's operation.
pub const COMPUTATION_TAG: &str = "op";
/// The key naming a part's answer type.
pub const PART_TAG: &str = "answer";

/// Rewrites a parsed exercise file from the authored form into the model's form: every table
/// holding a string `op` becomes `{ <op> = <the rest> }`, and every `[[parts]]` table holding a
/// string `answer` becomes `{ <answer> = <the rest> }`. A tag that is not a string is left in
/// place, so the model reports it as an unknown field at its line.
pub fn to_model_form(document: &mut DeTable<'_>) {
    for (key, value) in document.iter_mut() {
        let in_parts = key.get_ref() == "parts";
        let span = value.span();
        match value.get_mut() {
            DeValue::Array(items) if in_parts => {
                for item in items.iter_mut() {
                    let span = item.span();
                    if let DeValue::Table(part) = item.get_mut() {
                        retag_within(part);
                        retag(part, PART_TAG, span);
                    }
                }
            }
            other => retag_value(other, span),
        }
    }
}

/// Moves the computation tags out of `value` and everything inside it.
fn retag_value(value: &mut DeValue<'_>, span: std::ops::Range<usize>) {
    match value {
        DeValue::Table(table) => {
            retag_within(table);
            retag(table, COMPUTATION_TAG, span);
        }
        DeValue::Array(items) => {
            for item in items.iter_mut() {
                let span = item.span();
                retag_value(item.get_mut(), span);
            }
        }
        _ => {}
    }
}

fn retag_within(table: &mut DeTable<'_>) {
    for (_, value) in table.iter_mut() {
        let span = value.span();
        retag_value(value.get_mut(), span);
    }
}

/// `{ tag = "name", rest… }` → `{ name = { rest… } }`; anything else unchanged.
fn retag(table: &mut DeTable<'_>, tag: &str, span: std::ops::Range<usize>) {
    let name = match table.get(tag).map(|v| (v.span(), v.get_ref())) {
        Some((name_span, DeValue::String(name))) => Spanned::new(name_span, Cow::Owned(name.to_string())),
        _ => return,
    };
    table.remove(tag);
    let rest = std::mem::take(table);
    table.insert(name, Spanned::new(span, DeValue::Table(rest)));
}

#[cfg(test)]
mod tests {
    use serde::Deserialize as _;

    use super::to_model_form;

    fn model_form(text: &str) -> serde_json::Value {
        let mut document = toml::de::DeTable::parse(text).expect("test TOML parses");
        to_model_form(document.get_mut());
        serde_json::Value::deserialize(toml::de::Deserializer::from(document)).expect("converts")
    }

    #[test]
    fn tags_move_out_of_their_tables() {
        let text = r#"
id = "x"
title = { zh = "甲", en = "A" }

[[derived]]
name = "t"
compute = { op = "drain_time", backlog = "b", produce = 1, consume = 2 }

[[parts]]
answer = "number"
id = "p"
compute = { op = "group_lag", queues = [{ min = 0, max = 5, consumer = 1 }] }

[[parts.mistakes]]
id = "m"
"#;
        let expected = serde_json::json!({
            "id": "x",
            "title": { "zh": "甲", "en": "A" },
            "derived": [{ "name": "t", "compute": { "drain_time": { "backlog": "b", "produce": 1, "consume": 2 } } }],
            "parts": [{ "number": {
                "id": "p",
                "compute": { "group_lag": { "queues": [{ "min": 0, "max": 5, "consumer": 1 }] } },
                "mistakes": [{ "id": "m" }],
            } }],
        });
        assert_eq!(model_form(text), expected);
    }

    #[test]
    fn only_parts_are_tagged_by_answer_and_only_strings_are_tags() {
        let text = r#"
show_me = { answer = "number" }
bad = { op = 3, a = 1 }

[[parts]]
answer = 7
"#;
        let expected = serde_json::json!({
            "show_me": { "answer": "number" },
            "bad": { "op": 3, "a": 1 },
            "parts": [{ "answer": 7 }],
        });
        assert_eq!(model_form(text), expected);
    }
}
