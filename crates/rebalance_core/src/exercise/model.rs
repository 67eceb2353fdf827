//! The exercise file format: one `exercises/<id>.toml` per exercise, typed by these structs.
//!
//! An exercise never contains the answer to a computed question as a literal: each part
//! names a [`Computation`] the core performs on the generated parameters, and each listed
//! mistake names a [`MistakeId`](super::mistakes::MistakeId) whose wrong answer the core computes the same way. Texts
//! (`title`, `prompt`, hints, explanations, option texts) are templates: `{name}` is replaced
//! by a parameter or derived value (see [`super::params`] for the formats).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use crate::Lang;

use super::compute::{Computation, Group, Operand};
pub use super::literal::Bound;
pub use super::part::{ChoiceOption, ChoicePart, MistakeSpec, NumberPart, Part, QueuesPart, Tolerance, Unit};

/// The `format_version` this core reads.
pub const FORMAT_VERSION: u32 = 1;

/// A text in both site languages.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// Simplified Chinese (zh-CN), with the RocketMQ terms of SPEC section 1.
    pub zh: String,
    /// English.
    pub en: String,
}

impl Text {
    /// A text from its two translations.
    pub fn new(zh: impl Into<String>, en: impl Into<String>) -> Self {
        Self { zh: zh.into(), en: en.into() }
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.zh,
            Lang::En => &self.en,
        }
    }

    /// The translation in `lang`, to change.
    pub fn get_mut(&mut self, lang: Lang) -> &mut String {
        match lang {
            Lang::Zh => &mut self.zh,
            Lang::En => &mut self.en,
        }
    }
}

/// What an exercise is about (the overview groups progress by topic).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Topic {
    /// Rebalance itself: who allocates, membership, triggers, storms, subscriptions.
    Rebalance,
    /// Allocation strategies: AVG, AVG_BY_CIRCLE, CONSISTENT_HASH, MACHINE_ROOM_NEARBY.
    Allocation,
    /// Scaling out: idle consumers, the queue cap, message-level consumption.
    Scaling,
    /// Offsets, lag, expiry and reset offset.
    Offsets,
    /// Backlog drain time and capacity planning.
    Backlog,
    /// Duplicates, ACK order and ordered consumption.
    Reliability,
}

impl Topic {
    /// Every topic, in curriculum order.
    pub const ALL: [Topic; 6] =
        [Topic::Rebalance, Topic::Allocation, Topic::Scaling, Topic::Offsets, Topic::Backlog, Topic::Reliability];

    /// The serialized name (`rebalance`, …).
    pub fn name(self) -> &'static str {
        match self {
            Topic::Rebalance => "rebalance",
            Topic::Allocation => "allocation",
            Topic::Scaling => "scaling",
            Topic::Offsets => "offsets",
            Topic::Backlog => "backlog",
            Topic::Reliability => "reliability",
        }
    }

    /// The topic's heading in both languages.
    pub fn title(self) -> Text {
        let (zh, en) = match self {
            Topic::Rebalance => ("Rebalance 与成员关系", "Rebalance and membership"),
            Topic::Allocation => ("队列分配策略", "Allocation strategies"),
            Topic::Scaling => ("扩容与并行度", "Scaling and parallelism"),
            Topic::Offsets => ("消费位点、Lag 与重置", "Offsets, lag and reset"),
            Topic::Backlog => ("积压与清空时间", "Backlog and drain time"),
            Topic::Reliability => ("重复、确认顺序与顺序消费", "Duplicates, ACK order and ordering"),
        };
        Text::new(zh, en)
    }
}

/// How hard an exercise is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    /// Definitions and direct reading.
    Basic,
    /// One calculation or one mechanism applied.
    Intermediate,
    /// Several steps or a trap to avoid.
    Advanced,
}

/// The exercise kind: how the site asks (tiles, numbers, options).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Mark the queues a named consumer owns (queue tiles).
    Assign,
    /// A consumer joins or leaves: which queues move, how many, how many sit idle.
    PredictMoves,
    /// Read Min/Max/Consumer offsets and give lag, expired, reset results.
    Offsets,
    /// Drain time, required rate, instances, duplicates: numbers with units.
    Numeric,
    /// Single or multiple choice on a concept.
    Choice,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 5] = [Kind::Assign, Kind::PredictMoves, Kind::Offsets, Kind::Numeric, Kind::Choice];

    /// The serialized name (`predict_moves`, …).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Assign => "assign",
            Kind::PredictMoves => "predict_moves",
            Kind::Offsets => "offsets",
            Kind::Numeric => "numeric",
            Kind::Choice => "choice",
        }
    }

    /// The kind's label in both languages.
    pub fn title(self) -> Text {
        let (zh, en) = match self {
            Kind::Assign => ("标出队列", "assign queues"),
            Kind::PredictMoves => ("预测迁移", "predict moves"),
            Kind::Offsets => ("位点", "offsets"),
            Kind::Numeric => ("计算", "numeric"),
            Kind::Choice => ("选择", "choice"),
        };
        Text::new(zh, en)
    }
}

/// One exercise file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exercise {
    /// The file format version; this core reads [`FORMAT_VERSION`].
    pub format_version: u32,
    /// Stable identifier (`[a-z0-9_]+`), also the file name without `.toml`.
    pub id: String,
    /// The topic it belongs to.
    pub topic: Topic,
    /// How hard it is.
    pub difficulty: Difficulty,
    /// How the site asks it.
    pub kind: Kind,
    /// Interview questions of seed 000 section 6.16 it covers (1..=18).
    #[serde(default)]
    pub interview: Vec<u8>,
    /// SPEC sections or cases it reproduces (e.g. `§6 worked example`); for authors and the
    /// tests: the encoded catalog the site embeds leaves them out.
    #[serde(default)]
    pub spec: Vec<String>,
    /// Short title.
    pub title: Text,
    /// The question, a template filled from the parameters.
    pub prompt: Text,
    /// Randomised integer parameters, drawn in this order.
    #[serde(default)]
    pub params: Vec<ParamSpec>,
    /// Values computed from the parameters, for prompts, hints and later computations.
    #[serde(default)]
    pub derived: Vec<Derived>,
    /// Conditions a draw must meet (otherwise the parameters are drawn again).
    #[serde(default)]
    pub require: Vec<Requirement>,
    /// What the site draws: a consumer group's queues and consumers, or offset bars.
    #[serde(default)]
    pub board: Option<BoardSpec>,
    /// The parts to answer, in order.
    pub parts: Vec<Part>,
    /// Tiered hints: nudge, then method, then a worked step.
    pub hints: Vec<Hint>,
    /// The model answer's explanation (template).
    pub explanation: Text,
    /// The playground state that "show me" opens.
    #[serde(default)]
    pub show_me: Option<ShowMe>,
}

impl Exercise {
    /// Every text of the exercise (title, prompt, hints, parts, explanation).
    pub fn texts_mut(&mut self) -> Vec<&mut Text> {
        let mut texts = vec![&mut self.title, &mut self.prompt];
        texts.extend(self.hints.iter_mut().map(|h| &mut h.text));
        texts.extend(self.parts.iter_mut().flat_map(Part::texts_mut));
        texts.push(&mut self.explanation);
        texts
    }
}

/// An integer parameter drawn uniformly from `min..=max` in steps of `step`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParamSpec {
    /// Its name in templates and computations (`[a-z0-9_]+`).
    pub name: String,
    /// Smallest value: a number or an earlier parameter `name`, `name + k`, `name - k`.
    pub min: Bound,
    /// Largest value, same forms as `min`.
    pub max: Bound,
    /// Distance between possible values (`min`, `min + step`, … up to `max`); default 1.
    #[serde(default = "one")]
    pub step: i64,
}

fn one() -> i64 {
    1
}

/// A named value computed from the parameters.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Derived {
    /// Its name in templates and computations.
    pub name: String,
    /// How it is computed (a number, or `never`).
    pub compute: Computation,
}

/// A condition on a parameter or derived value; a draw that fails it is drawn again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Requirement {
    /// The parameter or derived value tested (`never` counts as +∞).
    pub value: String,
    /// It must be at least this.
    #[serde(default)]
    pub min: Option<f64>,
    /// It must be at most this.
    #[serde(default)]
    pub max: Option<f64>,
    /// It must differ from this other value.
    #[serde(default)]
    pub not_equal: Option<String>,
}

/// What the site draws for the exercise.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum BoardSpec {
    /// A consumer group: queue tiles and consumers (also the default group of computations).
    Group(Group),
    /// Queues drawn as offset bars.
    Offsets(Vec<OffsetBar>),
}

/// One queue drawn as a bar from MinOffset to MaxOffset with the ConsumerOffset marked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffsetBar {
    /// Its label, plain text in both languages (e.g. `broker-a / 0`).
    pub label: String,
    /// MinOffset.
    pub min: Operand,
    /// MaxOffset.
    pub max: Operand,
    /// ConsumerOffset.
    pub consumer: Operand,
}

/// How far into the answer a hint goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HintTier {
    /// Where to look.
    Nudge,
    /// Which rule or formula applies.
    Method,
    /// The first step worked out with this instance's numbers.
    Worked,
}

/// One hint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hint {
    /// Its tier.
    pub tier: HintTier,
    /// Its text (template).
    pub text: Text,
}

/// A page of the site that "show me" can open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Page {
    /// The rebalance playground (queues, consumers, strategy).
    Playground,
    /// Offsets, lag and expiry per queue.
    Offsets,
    /// The drain planner.
    Planner,
    /// The consumer-group timeline simulator.
    Simulator,
}

impl Page {
    /// The serialized name, also the site's route path without `/`.
    pub fn name(self) -> &'static str {
        match self {
            Page::Playground => "playground",
            Page::Offsets => "offsets",
            Page::Planner => "planner",
            Page::Simulator => "simulator",
        }
    }
}

/// The playground state "show me" opens: a page and its query parameters (templates).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShowMe {
    /// The page.
    pub page: Page,
    /// Query parameters for that page, values as templates (e.g. `queues = "{queues}"`).
    #[serde(default)]
    pub params: BTreeMap<String, String>,
}
