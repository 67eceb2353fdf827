//! One exercise with its parameters drawn: the filled texts, the board, and for every part
//! the expected answer and the computed wrong answers of the listed mistakes.

use std::collections::BTreeMap;

use md5::{Digest, Md5};
use serde::{Deserialize, Serialize};

use super::board::board;
pub use super::board::{Board, ConsumerTile, GroupBoard, OffsetBarView, QueueTile, ShowMeState};
use super::compute::{Env, Value};
use super::mistakes::MistakeId;
use super::model::{BoardSpec, Difficulty, Exercise, HintTier, Kind, Lang, Part, Text, Tolerance, Topic, Unit};
use super::names::Names;
use super::params::{draw, fill, Params, Scope};
use super::ExerciseError;

/// How many parameter draws [`instantiate`] tries before giving up.
pub const MAX_DRAWS: u32 = 256;

/// An exercise instance: what the site renders and what [`super::grade()`] grades against.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Instance {
    /// The exercise's id.
    pub exercise_id: String,
    /// The seed the parameters were drawn from.
    pub seed: u64,
    /// The exercise kind.
    pub kind: Kind,
    /// The exercise topic.
    pub topic: Topic,
    /// The exercise difficulty.
    pub difficulty: Difficulty,
    /// Title.
    pub title: Text,
    /// The question with the numbers filled in.
    pub prompt: Text,
    /// The drawn parameters.
    pub params: Params,
    /// The derived values.
    pub values: Names<Value>,
    /// What to draw (queue tiles or offset bars).
    pub board: Option<Board>,
    /// The parts, in order.
    pub parts: Vec<InstancePart>,
    /// Tiered hints, filled.
    pub hints: Vec<InstanceHint>,
    /// The model answer's explanation, filled.
    pub explanation: Text,
    /// The playground state "show me" opens.
    pub show_me: Option<ShowMeState>,
}

/// One part of an instance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InstancePart {
    /// Part id.
    pub id: String,
    /// What is asked.
    pub label: Text,
    /// Share of the score.
    pub weight: u32,
    /// How the answer is entered.
    pub input: PartInput,
    /// The right answer.
    pub expected: Value,
    /// The mistakes this part diagnoses, with their wrong answers for this instance.
    pub mistakes: Vec<InstanceMistake>,
}

/// How a part's answer is entered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PartInput {
    /// A number in `unit` (or `never`).
    Number {
        /// The unit.
        unit: Unit,
        /// The accepted distance.
        tolerance: Tolerance,
    },
    /// Queue tiles of the board.
    Queues {
        /// Whether "no queue" can be right.
        allow_empty: bool,
    },
    /// Options.
    Choice {
        /// Select all that apply (otherwise exactly one).
        multiple: bool,
        /// The options, in display order, filled.
        options: Vec<OptionView>,
    },
}

/// One option as displayed.
///
/// Options are shown in an order shuffled per instance seed ([`option_order`]) and labelled
/// by their position (`A`, `B`, … from [`option_letter`]); the authored `id` stays what an
/// answer stores, so stored answers keep their meaning whatever the order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OptionView {
    /// Option id (what an answer selects; never shown).
    pub id: String,
    /// Its text.
    pub text: Text,
}

/// A mistake with its wrong answer for this instance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InstanceMistake {
    /// Which mistake.
    pub id: MistakeId,
    /// What answer shows it.
    pub pattern: MistakePattern,
    /// How far beyond the part's tolerance a number may lie from the wrong value and still
    /// show the mistake (0 for most; see [`MistakeId::typed_within`]).
    #[serde(default)]
    pub within: f64,
    /// The explanation, filled.
    pub explanation: Text,
}

/// What answer shows a mistake.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum MistakePattern {
    /// This computed value (numbers within the part's tolerance, sets exactly).
    Value(Value),
    /// All these options selected.
    Selects(Vec<String>),
    /// A selection made only of these options.
    Only(Vec<String>),
}

/// One hint, filled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InstanceHint {
    /// Its tier.
    pub tier: HintTier,
    /// Its text.
    pub text: Text,
}

impl Instance {
    /// Queue labels of the board.
    pub fn queue_labels(&self) -> Vec<String> {
        self.board.as_ref().map(Board::queue_labels).unwrap_or_default()
    }
}

/// A 64-bit value from MD5 of `text` (first 8 bytes, big-endian).
fn hash64(text: &str) -> u64 {
    let digest = Md5::digest(text.as_bytes());
    digest.iter().take(8).fold(0u64, |acc, b| (acc << 8) | u64::from(*b))
}

/// The seed of exercise `id` in the class set of `set_seed`.
pub fn exercise_seed(set_seed: u64, id: &str) -> u64 {
    hash64(&format!("rebalance-lab/exercise/{set_seed}/{id}"))
}

/// The seed of a learner's `attempt` (0 = the class instance, then new numbers each time).
pub fn attempt_seed(set_seed: u64, id: &str, attempt: u32) -> u64 {
    if attempt == 0 {
        exercise_seed(set_seed, id)
    } else {
        hash64(&format!("rebalance-lab/exercise/{set_seed}/{id}/{attempt}"))
    }
}

/// The display order of a choice part's `count` options in the instance of `seed`: a
/// permutation of `0..count` (authored indices, in display order), the same wherever the
/// instance is built (site, sheet, answer key, grading).
///
/// Fisher–Yates with `u32` draws, so the order is the same natively and in wasm (a draw
/// through `usize` would depend on the pointer width). Each part has its own stream, so the
/// order of one part does not change when another part is added.
pub fn option_order(seed: u64, part_id: &str, count: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..count).collect();
    let mut rng = fastrand::Rng::with_seed(hash64(&format!("rebalance-lab/options/{seed}/{part_id}")));
    for i in (1..count).rev() {
        let j = rng.u32(..=u32::try_from(i).unwrap_or(u32::MAX)) as usize;
        order.swap(i, j.min(i));
    }
    order
}

/// The label of the option shown at `position` (0 = `A`): what the site, the sheet and the
/// answer key show, and what a typed answer names (`B`, `AC`).
pub fn option_letter(position: usize) -> char {
    char::from(b'A' + (position % 26) as u8)
}

/// Draws parameters from `seed` until a draw meets every requirement.
pub fn instantiate(ex: &Exercise, seed: u64) -> Result<Instance, ExerciseError> {
    let mut rng = fastrand::Rng::with_seed(seed);
    for _ in 0..MAX_DRAWS {
        let params = draw(ex, &mut rng).map_err(|m| invalid(ex, m))?;
        match build(ex, seed, params) {
            Err(ExerciseError::Rejected { .. }) => continue,
            other => return other,
        }
    }
    Err(ExerciseError::NoValidDraw { id: ex.id.clone(), tries: MAX_DRAWS })
}

fn invalid(ex: &Exercise, message: impl Into<String>) -> ExerciseError {
    ExerciseError::Invalid { id: ex.id.clone(), message: message.into() }
}

fn rejected(ex: &Exercise, reason: impl Into<String>) -> ExerciseError {
    ExerciseError::Rejected { id: ex.id.clone(), reason: reason.into() }
}

/// Builds the instance for given parameters. A draw that fails a requirement, or for which a
/// listed mistake would give the right answer (or another mistake's answer), is `Rejected`;
/// anything else that fails is a defect of the exercise (`Invalid`).
pub fn build(ex: &Exercise, seed: u64, params: Params) -> Result<Instance, ExerciseError> {
    let board_group = match &ex.board {
        Some(BoardSpec::Group(g)) => Some(g),
        _ => None,
    };
    let mut values = Names::new();
    for d in &ex.derived {
        let env = Env { params: &params, values: &values, board: board_group };
        let v = d.compute.eval(&env).map_err(|m| invalid(ex, format!("derived {}: {m}", d.name)))?;
        values.insert(d.name.clone(), v);
    }
    check_requirements(ex, &params, &values)?;
    let env = Env { params: &params, values: &values, board: board_group };
    let board = match &ex.board {
        None => None,
        Some(spec) => Some(board(spec, &env).map_err(|m| invalid(ex, format!("board: {m}")))?),
    };
    let labels = board.as_ref().map(Board::queue_labels).unwrap_or_default();
    let scope = Scope { params: &params, values: &values, labels: &labels };
    let text = |t: &Text| -> Result<Text, ExerciseError> {
        Ok(Text {
            zh: fill(&t.zh, Lang::Zh, &scope).map_err(|m| invalid(ex, m))?,
            en: fill(&t.en, Lang::En, &scope).map_err(|m| invalid(ex, m))?,
        })
    };
    let mut parts = Vec::with_capacity(ex.parts.len());
    for part in &ex.parts {
        parts.push(build_part(ex, seed, part, &env, &labels, &text)?);
    }
    let hints =
        ex.hints.iter().map(|h| Ok(InstanceHint { tier: h.tier, text: text(&h.text)? })).collect::<Result<_, _>>()?;
    let show_me = match &ex.show_me {
        None => None,
        Some(s) => {
            let mut filled = BTreeMap::new();
            for (k, v) in &s.params {
                filled.insert(k.clone(), fill(v, Lang::En, &scope).map_err(|m| invalid(ex, m))?);
            }
            Some(ShowMeState { page: s.page, params: filled })
        }
    };
    Ok(Instance {
        exercise_id: ex.id.clone(),
        seed,
        kind: ex.kind,
        topic: ex.topic,
        difficulty: ex.difficulty,
        title: text(&ex.title)?,
        prompt: text(&ex.prompt)?,
        explanation: text(&ex.explanation)?,
        params,
        values,
        board,
        parts,
        hints,
        show_me,
    })
}

fn check_requirements(ex: &Exercise, params: &Params, values: &Names<Value>) -> Result<(), ExerciseError> {
    let get = |name: &str| -> Result<f64, ExerciseError> {
        match (params.get(name), values.get(name)) {
            (Some(v), _) => Ok(*v as f64),
            (None, Some(Value::Number(x))) => Ok(*x),
            (None, Some(Value::Never)) => Ok(f64::INFINITY),
            _ => Err(invalid(ex, format!("requirement on {name:?}: not a number"))),
        }
    };
    for r in &ex.require {
        let v = get(&r.value)?;
        if r.min.is_some_and(|m| v < m) || r.max.is_some_and(|m| v > m) {
            return Err(rejected(ex, format!("{} = {v} out of bounds", r.value)));
        }
        if let Some(other) = &r.not_equal {
            if get(other)? == v {
                return Err(rejected(ex, format!("{} equals {other}", r.value)));
            }
        }
    }
    Ok(())
}

fn build_part(
    ex: &Exercise,
    seed: u64,
    part: &Part,
    env: &Env,
    labels: &[String],
    text: &dyn Fn(&Text) -> Result<Text, ExerciseError>,
) -> Result<InstancePart, ExerciseError> {
    let fail = |m: String| invalid(ex, format!("part {}: {m}", part.id()));
    let (input, expected, tolerance) = match part {
        Part::Number(p) => {
            let v = p.compute.eval(env).map_err(fail)?;
            if !matches!(v, Value::Number(_) | Value::Never) {
                return Err(invalid(ex, format!("part {}: not a number: {v:?}", p.id)));
            }
            (PartInput::Number { unit: p.unit, tolerance: p.tolerance }, v, p.tolerance)
        }
        Part::Queues(p) => {
            let v = p.compute.eval(env).map_err(fail)?;
            match &v {
                Value::Queues(q) if q.iter().any(|&i| i >= labels.len()) => {
                    return Err(invalid(ex, format!("part {}: queue index beyond the board", p.id)))
                }
                Value::Queues(q) if q.is_empty() && !p.allow_empty => {
                    return Err(rejected(ex, format!("part {}: empty queue set", p.id)))
                }
                Value::Queues(_) => {}
                other => return Err(invalid(ex, format!("part {}: not a queue set: {other:?}", p.id))),
            }
            (PartInput::Queues { allow_empty: p.allow_empty }, v, Tolerance::default())
        }
        Part::Choice(p) => {
            let options = option_order(seed, &p.id, p.options.len())
                .into_iter()
                .filter_map(|i| p.options.get(i))
                .map(|o| Ok(OptionView { id: o.id.clone(), text: text(&o.text)? }))
                .collect::<Result<Vec<_>, ExerciseError>>()?;
            let expected = match &p.correct_from {
                Some(c) => match c.eval(env).map_err(fail)? {
                    Value::Choices(ids) if ids.iter().all(|id| p.options.iter().any(|o| o.id == *id)) => ids,
                    other => return Err(invalid(ex, format!("part {}: computed option {other:?} unknown", p.id))),
                },
                None => p.options.iter().filter(|o| o.correct).map(|o| o.id.clone()).collect(),
            };
            (PartInput::Choice { multiple: p.multiple, options }, Value::Choices(expected), Tolerance::default())
        }
    };
    let mut mistakes: Vec<InstanceMistake> = Vec::new();
    for spec in part.mistakes() {
        let computed = match part {
            Part::Number(p) => Some(&p.compute),
            Part::Queues(p) => Some(&p.compute),
            Part::Choice(p) => p.correct_from.as_ref().filter(|_| spec.selects.is_empty() && spec.only.is_empty()),
        };
        let pattern = match computed {
            Some(c) => match spec.id.wrong_value(c, env) {
                Some(Ok(v)) => MistakePattern::Value(v),
                Some(Err(m)) => return Err(rejected(ex, format!("mistake {}: {m}", spec.id.name()))),
                None => return Err(invalid(ex, format!("mistake {} is not computed for this part", spec.id.name()))),
            },
            None if !spec.selects.is_empty() => MistakePattern::Selects(spec.selects.clone()),
            None => MistakePattern::Only(spec.only.clone()),
        };
        if let MistakePattern::Value(wrong) = &pattern {
            let clashes = |other: &Value| !distinct(other, wrong, tolerance);
            if clashes(&expected)
                || mistakes.iter().any(|m| matches!(&m.pattern, MistakePattern::Value(v) if clashes(v)))
            {
                return Err(rejected(ex, format!("mistake {} not distinguishable", spec.id.name())));
            }
        }
        let within = match &pattern {
            MistakePattern::Value(Value::Number(wrong)) => spec.id.typed_within(*wrong),
            _ => 0.0,
        };
        mistakes.push(InstanceMistake { id: spec.id, pattern, within, explanation: text(&spec.explanation)? });
    }
    Ok(InstancePart {
        id: part.id().to_owned(),
        label: text(part.label())?,
        weight: part.weight(),
        input,
        expected,
        mistakes,
    })
}

/// Whether no answer can match both values (number bands do not overlap; sets differ).
fn distinct(a: &Value, b: &Value, tolerance: Tolerance) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => (x - y).abs() > tolerance.allowed(*x) + tolerance.allowed(*y),
        (x, y) => x != y,
    }
}
