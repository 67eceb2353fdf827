//! The parts of an exercise (what is asked, how the answer is computed and checked) and
//! the mistakes each part diagnoses.

use serde::{Deserialize, Serialize};

use super::compute::Computation;
use super::mistakes::MistakeId;
use super::model::Text;
use crate::plan::DurationUnit;
use crate::Lang;

/// One part of an exercise, by answer type.
///
/// Authored as `[[parts]] answer = "number"`; the model reads it externally tagged
/// (`{ number = { … } }`, see [`super::authoring`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// A number with a unit (or `never`).
    Number(NumberPart),
    /// A set of queues (tiles).
    Queues(QueuesPart),
    /// One or several options.
    Choice(ChoicePart),
}

/// A numeric part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NumberPart {
    /// Part identifier, unique in the exercise.
    pub id: String,
    /// What is asked in this part.
    pub label: Text,
    /// Share of the score (default 1).
    #[serde(default = "one_u32")]
    pub weight: u32,
    /// The unit the answer is given in.
    pub unit: Unit,
    /// Accepted distance from the expected value.
    #[serde(default)]
    pub tolerance: Tolerance,
    /// How the expected value is computed.
    pub compute: Computation,
    /// Mistakes this part diagnoses.
    #[serde(default)]
    pub mistakes: Vec<MistakeSpec>,
}

/// A queue-set part: the learner marks queue tiles.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueuesPart {
    /// Part identifier, unique in the exercise.
    pub id: String,
    /// What is asked in this part.
    pub label: Text,
    /// Share of the score (default 1).
    #[serde(default = "one_u32")]
    pub weight: u32,
    /// How the expected set is computed (indices into the board's queues).
    pub compute: Computation,
    /// Whether an empty set may be the right answer (otherwise such draws are redrawn).
    #[serde(default)]
    pub allow_empty: bool,
    /// Mistakes this part diagnoses.
    #[serde(default)]
    pub mistakes: Vec<MistakeSpec>,
}

/// A choice part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoicePart {
    /// Part identifier, unique in the exercise.
    pub id: String,
    /// What is asked in this part.
    pub label: Text,
    /// Share of the score (default 1).
    #[serde(default = "one_u32")]
    pub weight: u32,
    /// Several options may be right (select all that apply).
    #[serde(default)]
    pub multiple: bool,
    /// The options, in display order.
    pub options: Vec<ChoiceOption>,
    /// For computed single choices: the computation whose result is the right option's id.
    #[serde(default)]
    pub correct_from: Option<Computation>,
    /// Mistakes this part diagnoses.
    #[serde(default)]
    pub mistakes: Vec<MistakeSpec>,
}

fn one_u32() -> u32 {
    1
}

/// One option of a choice part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceOption {
    /// Its identifier (`a`, `b`, … or a word such as `replay`).
    pub id: String,
    /// Its text (template).
    pub text: Text,
    /// Whether it is right (unused when the part has `correct_from`).
    #[serde(default)]
    pub correct: bool,
}

/// A mistake a part diagnoses.
///
/// For number and queue parts the wrong answer is computed from `id` and the part's
/// computation with the same parameters. For choice parts it is the options in `selects`
/// (all of them chosen) or `only` (nothing outside them chosen); a computed choice part may
/// also use a computed mistake (e.g. `replay_skip_swapped`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MistakeSpec {
    /// Which mistake.
    pub id: MistakeId,
    /// Choice parts: the answer shows this mistake when all these options are chosen.
    #[serde(default)]
    pub selects: Vec<String>,
    /// Choice parts: the answer shows this mistake when only options from this list are chosen.
    #[serde(default)]
    pub only: Vec<String>,
    /// Why it is wrong and what is right (template).
    pub explanation: Text,
}

/// The unit of a numeric answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// A duration; answers may use `s`, `min`, `h`, `16 min 40 s`, `16分40秒`.
    Seconds,
    /// A rate in messages per second.
    MessagesPerSecond,
    /// A count of messages.
    Messages,
    /// A count of consumer instances.
    Instances,
    /// A count of consumers.
    Consumers,
    /// A count of queues.
    Queues,
    /// A QueueOffset.
    Offset,
    /// How many times something happens (deliveries of one message).
    Times,
}

impl Unit {
    /// The unit as shown after a number.
    pub fn symbol(self) -> Text {
        let second = |lang| DurationUnit::Second.symbol(lang);
        let (zh, en) = match self {
            Unit::Seconds => (second(Lang::Zh), second(Lang::En)),
            Unit::MessagesPerSecond => ("条/秒", "msg/s"),
            Unit::Messages => ("条", "messages"),
            Unit::Instances => ("个实例", "instances"),
            Unit::Consumers => ("个消费者", "consumers"),
            Unit::Queues => ("个队列", "queues"),
            Unit::Offset => ("", ""),
            Unit::Times => ("次", "times"),
        };
        Text::new(zh, en)
    }

    /// The unit as shown after the number `x`: English counts a single thing in the singular
    /// ("1 queue", "2 queues"); the other symbols and Chinese measure words have one form.
    pub fn symbol_after(self, x: f64) -> Text {
        let symbol = self.symbol();
        let singular = match self {
            Unit::Messages => "message",
            Unit::Instances => "instance",
            Unit::Consumers => "consumer",
            Unit::Queues => "queue",
            Unit::Times => "time",
            Unit::Seconds | Unit::MessagesPerSecond | Unit::Offset => return symbol,
        };
        if x == 1.0 {
            Text::new(symbol.get(Lang::Zh), singular)
        } else {
            symbol
        }
    }
}

/// Accepted distance: `|given - expected| <= max(absolute, relative * |expected|)`.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tolerance {
    /// Absolute tolerance in the part's unit (0 = exact).
    #[serde(default)]
    pub absolute: f64,
    /// Relative tolerance (0.001 = 0.1 %).
    #[serde(default)]
    pub relative: f64,
}

impl Tolerance {
    /// The accepted distance around `expected` (never below a rounding epsilon).
    pub fn allowed(&self, expected: f64) -> f64 {
        let abs = if self.absolute.is_finite() { self.absolute.max(0.0) } else { 0.0 };
        let rel = if self.relative.is_finite() { self.relative.max(0.0) * expected.abs() } else { 0.0 };
        abs.max(rel).max(1e-9 * expected.abs().max(1.0))
    }

    /// Whether `given` is accepted for `expected`.
    pub fn accepts(&self, expected: f64, given: f64) -> bool {
        given.is_finite() && expected.is_finite() && (given - expected).abs() <= self.allowed(expected)
    }
}

impl Part {
    /// The part's identifier.
    pub fn id(&self) -> &str {
        match self {
            Part::Number(p) => &p.id,
            Part::Queues(p) => &p.id,
            Part::Choice(p) => &p.id,
        }
    }

    /// The part's label.
    pub fn label(&self) -> &Text {
        match self {
            Part::Number(p) => &p.label,
            Part::Queues(p) => &p.label,
            Part::Choice(p) => &p.label,
        }
    }

    /// The part's weight.
    pub fn weight(&self) -> u32 {
        match self {
            Part::Number(p) => p.weight,
            Part::Queues(p) => p.weight,
            Part::Choice(p) => p.weight,
        }
    }

    /// Every text of the part: its label, its options' texts, its mistakes' explanations.
    pub fn texts_mut(&mut self) -> Vec<&mut Text> {
        let (label, options, mistakes) = match self {
            Part::Number(p) => (&mut p.label, &mut [][..], &mut p.mistakes),
            Part::Queues(p) => (&mut p.label, &mut [][..], &mut p.mistakes),
            Part::Choice(p) => (&mut p.label, &mut p.options[..], &mut p.mistakes),
        };
        let mut texts = vec![label];
        texts.extend(options.iter_mut().map(|o| &mut o.text));
        texts.extend(mistakes.iter_mut().map(|m| &mut m.explanation));
        texts
    }

    /// The mistakes the part diagnoses.
    pub fn mistakes(&self) -> &[MistakeSpec] {
        match self {
            Part::Number(p) => &p.mistakes,
            Part::Queues(p) => &p.mistakes,
            Part::Choice(p) => &p.mistakes,
        }
    }
}
