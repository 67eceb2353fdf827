//! Graded exercises: the interview questions of seed 000 section 6.16 and the calculations of
//! SPEC sections 4–7, as data (`exercises/*.toml`), with seeded parameters, grading and
//! diagnosis of known mistakes.
//!
//! - [`model`] and [`part`]: the file format (serde types, one doc comment per field);
//!   `authoring` (feature `toml`): the authored form's tags, moved where the model reads them;
//!   [`literal`]: the number-or-name values and how each format reads them.
//! - [`compute`]: the computations answers are (they call the core model); [`group`]: the
//!   consumer groups they allocate; [`holders`]: who holds each queue when the group's
//!   processes do not share one view (stale member list, clientId clash, queue count
//!   change, differing subscriptions).
//! - [`mistakes`]: the diagnosable mistakes and how their wrong answers are computed.
//! - [`catalog`](mod@catalog): the embedded files. [`instance`]: seeded instances; [`board`]: what the
//!   site draws for them.
//! - [`answer`]: typed answers and lenient text readers. [`grade`](mod@grade): scores and diagnoses.
//! - [`progress`]: the stored-progress schema, overview and completion code.
//! - [`class`](mod@class): a teacher's assignment as link text, and a student's one completion
//!   code for the whole set.
//!
//! Typical use: `let ex = catalog.get(id)?; let inst = instantiate(ex, exercise_seed(set_seed, id))?;`
//! render `inst`, then `grade(&inst, &answer)`.
//!
//! *Architecture Invariant:* no code special-cases an exercise id; everything an exercise
//! asks is in its file and computed by the model.

pub mod answer;
#[cfg(feature = "toml")]
pub mod authoring;
pub mod board;
pub mod catalog;
pub mod class;
pub mod compute;
pub mod consume;
pub mod grade;
pub mod group;
pub mod holders;
pub mod instance;
pub mod interview;
pub mod lenient;
pub mod literal;
pub mod mistakes;
pub mod model;
pub mod names;
pub mod params;
pub mod part;
pub mod progress;
#[cfg(feature = "toml")]
pub mod validate;

pub use answer::{Answer, PartAnswer};
pub use catalog::Catalog;
#[cfg(feature = "toml")]
pub use catalog::{catalog, parse_exercise};
pub use compute::Value;
pub use grade::{grade, Diagnosis, Grade, OptionMark, PartVerdict, Verdict};
pub use instance::{attempt_seed, build, exercise_seed, instantiate, Instance};
pub use mistakes::MistakeId;
pub use model::{Exercise, Kind, Lang, Text, Topic};
pub use progress::{load_progress, overview, verify_completion_code, Progress, ProgressError};

/// Why an exercise could not be loaded or instantiated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum ExerciseError {
    /// An exercise file that does not parse or fails the static check.
    #[error("{file}: {message}")]
    File {
        /// The file name.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// A defect found while instantiating (a computation failed, a placeholder is unknown…).
    #[error("exercise {id}: {message}")]
    Invalid {
        /// The exercise id.
        id: String,
        /// What failed.
        message: String,
    },
    /// These parameters do not make a valid instance (another draw is taken).
    #[error("exercise {id}: parameters rejected: {reason}")]
    Rejected {
        /// The exercise id.
        id: String,
        /// Which requirement failed.
        reason: String,
    },
    /// No draw made a valid instance.
    #[error("exercise {id}: no valid parameters in {tries} draws")]
    NoValidDraw {
        /// The exercise id.
        id: String,
        /// Draws tried.
        tries: u32,
    },
    /// No exercise has this id.
    #[error("unknown exercise {0:?}")]
    Unknown(String),
}

/// The instance of exercise `id` in the class set of `set_seed` (what a shared link shows).
pub fn instance_for(catalog: &Catalog, set_seed: u64, id: &str) -> Result<Instance, ExerciseError> {
    let ex = catalog.get(id).ok_or_else(|| ExerciseError::Unknown(id.to_owned()))?;
    instantiate(ex, exercise_seed(set_seed, id))
}

/// The whole class set for `set_seed`: every exercise, in catalog order.
pub fn set_for_seed(catalog: &Catalog, set_seed: u64) -> Result<Vec<Instance>, ExerciseError> {
    catalog.exercises.iter().map(|ex| instantiate(ex, exercise_seed(set_seed, &ex.id))).collect()
}

/// The answer that scores 100 on `instance`: each part's expected value, typed.
pub fn reference_answer(instance: &Instance) -> Answer {
    Answer::new(instance.parts.iter().map(|p| value_answer(&p.expected)).collect())
}

/// A typed part answer carrying `value`.
pub fn value_answer(value: &Value) -> PartAnswer {
    match value {
        Value::Number(x) => PartAnswer::Number(*x),
        Value::Never => PartAnswer::Text("never".to_owned()),
        Value::Queues(q) => PartAnswer::Queues(q.iter().map(|&i| i64::try_from(i).unwrap_or(i64::MAX)).collect()),
        Value::Choices(c) => PartAnswer::Choices(c.clone()),
    }
}
