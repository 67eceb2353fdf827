//! Learners' answers: the typed [`Answer`] (serde; stored in progress, sent by the CLI) and
//! [`read`], which turns one part's answer into a value comparable to the expected one (text
//! goes through the lenient readers of [`super::lenient`]).

use serde::{Deserialize, Serialize};

use super::compute::Value;
use super::instance::PartInput;
pub use super::lenient::Unreadable;
use super::lenient::{choice_ids, choice_list, quantity, queue_list, unreadable};
use super::model::Unit;

/// One part's answer, stored tagged by its kind: `{"number": 1000.0}`, `{"text": "16 min 40 s"}`,
/// `{"queues": [0, 3, 6]}`, `{"choices": ["a", "c"]}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PartAnswer {
    /// A number in the part's unit.
    Number(f64),
    /// Free text, read leniently for the part.
    Text(String),
    /// Queue indices into the board.
    Queues(Vec<i64>),
    /// Option ids.
    Choices(Vec<String>),
}

/// A whole answer: one entry per part, in part order; stored as `{"parts": [...]}`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// The parts' answers.
    pub parts: Vec<PartAnswer>,
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
            out.sort();
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
            choice_ids(c, &ids)
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
