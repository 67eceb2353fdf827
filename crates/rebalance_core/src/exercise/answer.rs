//! Learners' answers: the typed [`Answer`] (deserializable from JSON) and [`read`], which
//! turns one part's answer into a value comparable to the expected one (text goes through
//! the lenient readers of [`super::lenient`]).

use serde::{Deserialize, Serialize};

use super::compute::Value;
use super::instance::PartInput;
pub use super::lenient::Unreadable;
use super::lenient::{choice_list, quantity, queue_list, unreadable};
use super::model::Unit;

/// One part's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PartAnswer {
    /// A number in the part's unit (`{"number": 1000}`).
    Number(f64),
    /// Free text, read leniently for the part (`{"text": "16 min 40 s"}`).
    Text(String),
    /// Queue indices into the board (`{"queues": [0, 3, 6]}`).
    Queues(Vec<i64>),
    /// Option ids (`{"choices": ["a", "c"]}`).
    Choices(Vec<String>),
}

/// A whole answer: one entry per part, in part order.
///
/// JSON forms: `{"parts": [...]}`, a list `[...]`, or a single part answer for a one-part
/// exercise. A part answer is `{"number": …}`, `{"text": …}`, `{"queues": […]}`,
/// `{"choices": […]}`, or a bare number or string (read as number or text).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Answer {
    /// The parts' answers.
    pub parts: Vec<PartAnswer>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Flexible {
    Tagged(PartAnswer),
    Number(f64),
    Text(String),
}

impl From<Flexible> for PartAnswer {
    fn from(f: Flexible) -> Self {
        match f {
            Flexible::Tagged(p) => p,
            Flexible::Number(x) => PartAnswer::Number(x),
            Flexible::Text(s) => PartAnswer::Text(s),
        }
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Repr {
    Parts { parts: Vec<Flexible> },
    List(Vec<Flexible>),
    One(Flexible),
}

impl<'de> Deserialize<'de> for Answer {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let parts = match Repr::deserialize(deserializer)? {
            Repr::Parts { parts } | Repr::List(parts) => parts.into_iter().map(PartAnswer::from).collect(),
            Repr::One(one) => vec![one.into()],
        };
        Ok(Answer { parts })
    }
}

impl Answer {
    /// An answer with these parts.
    pub fn new(parts: Vec<PartAnswer>) -> Self {
        Self { parts }
    }

    /// A one-part text answer.
    pub fn text(text: impl Into<String>) -> Self {
        Self { parts: vec![PartAnswer::Text(text.into())] }
    }

    /// Reads an answer from JSON (see the type's docs); never panics.
    pub fn from_json(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    /// The answer as JSON (the same forms [`Answer::from_json`] reads; a non-finite number
    /// is written as `null`).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{\"parts\":[]}".to_owned())
    }
}

/// Reads one part's answer for the part's input, as a [`Value`] comparable to the expected one.
pub fn read(answer: &PartAnswer, input: &PartInput, labels: &[String]) -> Result<Value, Unreadable> {
    match (input, answer) {
        (PartInput::Number { .. }, PartAnswer::Number(x)) if x.is_finite() => Ok(Value::Number(*x)),
        (PartInput::Number { unit: Unit::Seconds, .. }, PartAnswer::Number(x)) if *x == f64::INFINITY => {
            Ok(Value::Never)
        }
        (PartInput::Number { .. }, PartAnswer::Number(x)) => {
            Err(unreadable(format!("{x} 不是有效的数"), format!("{x} is not a usable number")))
        }
        (PartInput::Number { unit, .. }, PartAnswer::Text(s)) => quantity(s, *unit),
        (PartInput::Queues { .. }, PartAnswer::Queues(q)) => {
            let mut out = Vec::with_capacity(q.len().min(labels.len()));
            for &i in q {
                match usize::try_from(i).ok().filter(|&i| i < labels.len()) {
                    Some(i) => out.push(i),
                    None => {
                        return Err(unreadable(format!("没有编号为 {i} 的队列"), format!("there is no queue #{i}")))
                    }
                }
            }
            crate::order::sort(&mut out);
            out.dedup();
            Ok(Value::Queues(out))
        }
        (PartInput::Queues { .. }, PartAnswer::Number(x)) if x.fract() == 0.0 && *x >= 0.0 => {
            read(&PartAnswer::Queues(vec![*x as i64]), input, labels)
        }
        (PartInput::Queues { .. }, PartAnswer::Text(s)) => queue_list(s, labels),
        (PartInput::Queues { .. }, PartAnswer::Choices(c)) => queue_list(&c.join(","), labels),
        (PartInput::Choice { options, .. }, PartAnswer::Choices(c)) => {
            let ids: Vec<&str> = options.iter().map(|o| o.id.as_str()).collect();
            choice_list(&c.join(","), &ids)
        }
        (PartInput::Choice { options, .. }, PartAnswer::Text(s)) => {
            let ids: Vec<&str> = options.iter().map(|o| o.id.as_str()).collect();
            choice_list(s, &ids)
        }
        (PartInput::Number { .. }, _) => {
            Err(unreadable("这里需要填一个数".to_owned(), "a number is expected here".to_owned()))
        }
        (PartInput::Queues { .. }, _) => {
            Err(unreadable("这里需要选择队列".to_owned(), "queues are expected here".to_owned()))
        }
        (PartInput::Choice { .. }, _) => {
            Err(unreadable("这里需要选择选项".to_owned(), "options are expected here".to_owned()))
        }
    }
}
