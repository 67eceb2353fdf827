//! Learners' answers: the typed [`Answer`] (deserializable from JSON) and [`read`], which
//! turns one part's answer into a value comparable to the expected one (text goes through
//! the lenient readers of [`super::lenient`]).

use serde::{Deserialize, Serialize};

use super::compute::Value;
use super::instance::PartInput;
pub use super::lenient::Unreadable;
use super::lenient::{choice_list, quantity, queue_list, unreadable};
use super::model::Unit;

/// One part's answer (read by [`Answer`]'s reader, which also takes bare numbers and strings).
#[derive(Debug, Clone, PartialEq, Serialize)]
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

// The forms are told apart by their JSON type, without serde's untagged enums (which buffer
// every value first; see `super::authoring` for the cost).
impl<'de> Deserialize<'de> for Answer {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(AnswerVisitor { whole: true }).map(|parts| Answer { parts })
    }
}

/// One part answer: `{"number": …}` and the other tagged forms, a bare number or a string.
struct Flexible(PartAnswer);

impl<'de> Deserialize<'de> for Flexible {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let parts = deserializer.deserialize_any(AnswerVisitor { whole: false })?;
        match <[PartAnswer; 1]>::try_from(parts) {
            Ok([part]) => Ok(Flexible(part)),
            Err(parts) => Err(serde::de::Error::invalid_length(parts.len(), &"one part answer")),
        }
    }
}

/// Reads a whole answer (`whole`: also `{"parts": […]}` and a list) or one part answer; the
/// value is the parts read (one for a part answer).
struct AnswerVisitor {
    whole: bool,
}

impl<'de> serde::de::Visitor<'de> for AnswerVisitor {
    type Value = Vec<PartAnswer>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.whole {
            f.write_str("an answer: {\"parts\": [...]}, a list of part answers, or one part answer")
        } else {
            f.write_str("a part answer: {\"number\": …}, {\"text\": …}, {\"queues\": […]}, {\"choices\": […]}, a number or a string")
        }
    }

    fn visit_i64<E: serde::de::Error>(self, x: i64) -> Result<Self::Value, E> {
        Ok(vec![PartAnswer::Number(x as f64)])
    }

    fn visit_u64<E: serde::de::Error>(self, x: u64) -> Result<Self::Value, E> {
        Ok(vec![PartAnswer::Number(x as f64)])
    }

    fn visit_f64<E: serde::de::Error>(self, x: f64) -> Result<Self::Value, E> {
        Ok(vec![PartAnswer::Number(x)])
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Self::Value, E> {
        Ok(vec![PartAnswer::Text(text.to_owned())])
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        if !self.whole {
            return Err(serde::de::Error::invalid_type(serde::de::Unexpected::Seq, &self));
        }
        let mut parts = Vec::new();
        while let Some(Flexible(part)) = seq.next_element()? {
            parts.push(part);
        }
        Ok(parts)
    }

    // `{"parts": […]}` (other keys ignored, as in a struct) or exactly one tagged part.
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        use serde::de::Error as _;
        const TAGS: &[&str] = &["number", "text", "queues", "choices"];
        let (mut parts, mut tagged, mut keys) = (None, None, 0);
        while let Some(key) = map.next_key::<String>()? {
            keys += 1;
            match key.as_str() {
                "parts" if self.whole => {
                    parts = Some(map.next_value::<Vec<Flexible>>()?.into_iter().map(|f| f.0).collect());
                }
                "number" => tagged = Some(PartAnswer::Number(map.next_value()?)),
                "text" => tagged = Some(PartAnswer::Text(map.next_value()?)),
                "queues" => tagged = Some(PartAnswer::Queues(map.next_value()?)),
                "choices" => tagged = Some(PartAnswer::Choices(map.next_value()?)),
                _ if self.whole => {
                    map.next_value::<serde::de::IgnoredAny>()?;
                }
                other => return Err(A::Error::unknown_variant(other, TAGS)),
            }
        }
        match (parts, tagged) {
            (Some(parts), _) => Ok(parts),
            (None, Some(part)) if keys == 1 => Ok(vec![part]),
            _ => Err(A::Error::invalid_value(serde::de::Unexpected::Map, &self)),
        }
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
