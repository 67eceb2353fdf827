//! Learners' answers: the typed [`Answer`] (read from and written as JSON with
//! [`crate::json`]) and [`read`], which turns one part's answer into a value comparable to
//! the expected one (text goes through the lenient readers of [`super::lenient`]).

use super::compute::Value;
use super::instance::PartInput;
pub use super::lenient::Unreadable;
use super::lenient::{choice_ids, choice_list, quantity, queue_list, unreadable};
use super::model::Unit;
use crate::json::{self, Json};

/// One part's answer (read by [`Answer::from_json`], which also takes bare numbers and strings).
#[derive(Debug, Clone, PartialEq)]
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
/// JSON forms: `{"parts": [...]}` (other members ignored), a list `[...]`, or a single part
/// answer for a one-part exercise. A part answer is `{"number": …}`, `{"text": …}`,
/// `{"queues": […]}`, `{"choices": […]}` (exactly one member), or a bare number or string
/// (read as number or text).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Answer {
    /// The parts' answers.
    pub parts: Vec<PartAnswer>,
}

const WHOLE: &str = "an answer: {\"parts\": [...]}, a list of part answers, or one part answer";
const PART: &str =
    "a part answer: {\"number\": …}, {\"text\": …}, {\"queues\": […]}, {\"choices\": […]}, a number or a string";

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
        Self::from_value(&json::parse(text).map_err(|e| e.to_string())?)
    }

    /// Reads an answer from a parsed JSON value (see the type's docs).
    pub fn from_value(value: &Json) -> Result<Self, String> {
        let parts = match value {
            Json::Array(items) => items.iter().map(part).collect::<Result<_, _>>()?,
            Json::Object(members) => {
                // `{"parts": […]}` (other members ignored, as in a record) or exactly one
                // tagged part; every member is read, in order.
                let mut parts = None;
                let mut tagged = None;
                for (name, value) in members {
                    match name.as_str() {
                        "parts" => match value {
                            Json::Array(items) => parts = Some(items.iter().map(part).collect::<Result<_, _>>()?),
                            other => {
                                return Err(format!(
                                    "parts: expected a list of part answers, found {}",
                                    other.describe()
                                ))
                            }
                        },
                        name => {
                            if let Some(p) = tagged_part(name, value) {
                                tagged = Some(p?);
                            }
                        }
                    }
                }
                match (parts, tagged) {
                    (Some(parts), _) => parts,
                    (None, Some(part)) if members.len() == 1 => vec![part],
                    _ => return Err(format!("expected {WHOLE}, found an object with other members")),
                }
            }
            other => vec![bare(other).ok_or_else(|| format!("expected {WHOLE}, found {}", other.describe()))?],
        };
        Ok(Self { parts })
    }

    /// The answer as JSON (`{"parts":[…]}` with tagged parts, which [`Answer::from_json`]
    /// reads back; a non-finite number is written as `null`).
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    /// Appends the answer as JSON ([`Answer::to_json`]).
    pub fn write_json(&self, out: &mut String) {
        out.push_str("{\"parts\":");
        json::write_list(out, &self.parts, |out, part| {
            out.push_str("{\"");
            out.push_str(part.tag());
            out.push_str("\":");
            match part {
                PartAnswer::Number(x) => json::write_f64(out, *x),
                PartAnswer::Text(t) => json::write_str(out, t),
                PartAnswer::Queues(q) => json::write_list(out, q, |out, i| out.push_str(&i.to_string())),
                PartAnswer::Choices(c) => json::write_list(out, c, |out, id| json::write_str(out, id)),
            }
            out.push('}');
        });
        out.push('}');
    }
}

impl PartAnswer {
    /// The member name of the tagged JSON form (`number`, `text`, `queues`, `choices`).
    pub fn tag(&self) -> &'static str {
        match self {
            PartAnswer::Number(_) => "number",
            PartAnswer::Text(_) => "text",
            PartAnswer::Queues(_) => "queues",
            PartAnswer::Choices(_) => "choices",
        }
    }
}

/// A bare number (as a number answer) or string (as text).
fn bare(value: &Json) -> Option<PartAnswer> {
    match value {
        Json::Number(_) => value.as_f64().map(PartAnswer::Number),
        Json::String(s) => Some(PartAnswer::Text(s.clone())),
        _ => None,
    }
}

/// One part answer: tagged, or bare.
fn part(value: &Json) -> Result<PartAnswer, String> {
    match value {
        Json::Object(members) => {
            let mut found = None;
            for (name, value) in members {
                let read = tagged_part(name, value).ok_or_else(|| {
                    format!("unknown variant `{name}`, expected one of `number`, `text`, `queues`, `choices`")
                })?;
                found = Some(read?);
            }
            match found {
                Some(part) if members.len() == 1 => Ok(part),
                _ => Err(format!("expected {PART}, found an object with {} members", members.len())),
            }
        }
        other => bare(other).ok_or_else(|| format!("expected {PART}, found {}", other.describe())),
    }
}

/// The part a tagged member gives (`None`: `name` is not a tag).
fn tagged_part(name: &str, value: &Json) -> Option<Result<PartAnswer, String>> {
    let wrong = |expected: &str| format!("{name}: expected {expected}, found {}", value.describe());
    let list = |each: &dyn Fn(&Json) -> bool| match value {
        Json::Array(items) if items.iter().all(each) => Ok(items),
        _ => Err(()),
    };
    Some(match name {
        "number" => value.as_f64().map(PartAnswer::Number).ok_or_else(|| wrong("a number")),
        "text" => value.as_str().map(|t| PartAnswer::Text(t.to_owned())).ok_or_else(|| wrong("a string")),
        "queues" => list(&|q| q.as_i64().is_some())
            .map(|items| PartAnswer::Queues(items.iter().filter_map(Json::as_i64).collect()))
            .map_err(|()| wrong("a list of queue numbers")),
        "choices" => list(&|c| c.as_str().is_some())
            .map(|items| PartAnswer::Choices(items.iter().filter_map(|c| c.as_str().map(str::to_owned)).collect()))
            .map_err(|()| wrong("a list of option ids")),
        _ => return None,
    })
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
