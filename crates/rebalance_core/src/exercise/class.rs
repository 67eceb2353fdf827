//! A class: the assignment a teacher hands out as a link, and the one completion code a
//! student returns for the whole set.
//!
//! - [`Assignment`]: the exercises in order, lesson chapters, the class seed, whether model
//!   answers are shown and a note. [`Assignment::encode`] writes it as URL-safe text (a
//!   version byte, then postcard, as base64url without padding); [`Assignment::decode`] reads
//!   it back, never panics, and says what is wrong. [`Assignment::id`] names an assignment in
//!   the codes of its students.
//! - [`ClassReport`]: what a student's code carries: the name, the assignment id, per
//!   exercise the best score with the instance seed and answer of that attempt, per chapter
//!   the steps done, the time it was issued and whether every item was done.
//!   [`ClassReport::code`] writes it as `RLC1.<payload>.<check>`; [`read_code`] finds a code
//!   in a line of pasted text and checks it; [`regrade`] grades the carried answers again.
//!
//! What a code proves, and what it does not: its check is the first 40 bits of MD5 over a
//! canonical text of everything the code carries ([`ClassReport::canonical`]), so a code
//! changed by hand (a score, the name, a seed, the time) no longer matches its check and is
//! refused; and [`regrade`] grades each carried answer on its instance seed with the grader
//! the exercises page uses, so a score the answer does not earn is caught. The check has no
//! secret: anyone with this source can compute a matching code for answers they made up,
//! and nothing says who typed the answers. A code detects edits, not forgery or copying.

use serde::{Deserialize, Serialize};

use crate::base64url;

use super::catalog::Catalog;
use super::grade::{grade, whole_part_score};
use super::instance::instantiate;
use super::progress::{md5_base32, BestAttempt, Progress};

/// The version byte an encoded assignment starts with.
pub const ASSIGNMENT_VERSION: u8 = 1;
/// The longest assignment text read (a link is not an essay).
pub const MAX_ASSIGNMENT_TEXT: usize = 4096;
/// The longest note, in characters.
pub const MAX_NOTE_CHARS: usize = 500;
/// The most exercises, and the most chapters, an assignment holds.
pub const MAX_ITEMS: usize = 64;
/// The largest class seed (as the exercises page takes it: exact in a JavaScript number).
pub const MAX_CLASS_SEED: u64 = (1 << 53) - 1;
/// The longest name a code carries, in characters.
pub const MAX_NAME_CHARS: usize = 80;
/// What a completion code of a class starts with (`RLC` and the code's version).
pub const CODE_PREFIX: &str = "RLC1.";

/// A teacher's assignment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assignment {
    /// The class seed: every student gets the numbers of `exercise_seed(seed, id)`.
    pub seed: u64,
    /// Whether students see model answers (the exercises page's `ex_model`).
    pub model_answers: bool,
    /// Exercise ids, in the order the students see them.
    pub exercises: Vec<String>,
    /// Lesson chapter ids, in the order the students see them.
    pub chapters: Vec<String>,
    /// The teacher's note (plain text).
    pub note: String,
}

/// Why an assignment text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AssignmentError {
    /// Longer than [`MAX_ASSIGNMENT_TEXT`].
    #[error("{0} characters is longer than an assignment can be ({MAX_ASSIGNMENT_TEXT})")]
    TooLong(usize),
    /// Not base64url text.
    #[error("not an assignment: only letters, digits, - and _ can appear")]
    NotText,
    /// Another version than [`ASSIGNMENT_VERSION`] (or nothing at all).
    #[error("assignment version {0}; this site reads version {ASSIGNMENT_VERSION}")]
    Version(u8),
    /// The bytes do not decode (cut short, changed).
    #[error("the assignment is damaged (cut short or changed)")]
    Damaged,
    /// Decoded, but breaks a rule (an empty set, a duplicate, a limit).
    #[error("{0}")]
    Invalid(String),
}

/// Whether `id` can be an exercise or chapter id (what the catalog and lessons use).
fn plain_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"_-".contains(&b))
}

impl Assignment {
    /// Checks the rules every assignment keeps: something to do, at most [`MAX_ITEMS`] of
    /// each kind, each id once and well-formed, the seed and note within bounds.
    pub fn check(&self) -> Result<(), AssignmentError> {
        let invalid = |m: String| Err(AssignmentError::Invalid(m));
        if self.exercises.is_empty() && self.chapters.is_empty() {
            return invalid("the assignment has no exercise and no chapter".to_owned());
        }
        for (what, list) in [("exercises", &self.exercises), ("chapters", &self.chapters)] {
            if list.len() > MAX_ITEMS {
                return invalid(format!("{} {what} is more than {MAX_ITEMS}", list.len()));
            }
            for (i, id) in list.iter().enumerate() {
                if !plain_id(id) {
                    return invalid(format!("{what}: {id:?} is not an id"));
                }
                if list[..i].contains(id) {
                    return invalid(format!("{what}: {id} is listed twice"));
                }
            }
        }
        if self.seed > MAX_CLASS_SEED {
            return invalid(format!("class seed {} is above {MAX_CLASS_SEED}", self.seed));
        }
        let note = self.note.chars().count();
        if note > MAX_NOTE_CHARS {
            return invalid(format!("the note has {note} characters, more than {MAX_NOTE_CHARS}"));
        }
        Ok(())
    }

    /// The bytes the text and the id are made of: the version, then postcard.
    fn bytes(&self) -> Vec<u8> {
        let mut bytes = vec![ASSIGNMENT_VERSION];
        // Serializing owned strings, integers and a bool into a Vec cannot fail.
        bytes.extend(postcard::to_allocvec(self).unwrap_or_default());
        bytes
    }

    /// The assignment as URL-safe text (the link's `cl` value).
    pub fn encode(&self) -> String {
        base64url::encode(&self.bytes())
    }

    /// Reads an assignment text; never panics. Surrounding spaces are ignored.
    pub fn decode(text: &str) -> Result<Assignment, AssignmentError> {
        let text = text.trim();
        if text.len() > MAX_ASSIGNMENT_TEXT {
            return Err(AssignmentError::TooLong(text.chars().count()));
        }
        let bytes = base64url::decode(text).ok_or(AssignmentError::NotText)?;
        match bytes.split_first() {
            Some((&ASSIGNMENT_VERSION, body)) => {
                let (assignment, rest): (Assignment, &[u8]) =
                    postcard::take_from_bytes(body).map_err(|_| AssignmentError::Damaged)?;
                if !rest.is_empty() {
                    return Err(AssignmentError::Damaged);
                }
                assignment.check()?;
                Ok(assignment)
            }
            Some((&other, _)) => Err(AssignmentError::Version(other)),
            None => Err(AssignmentError::Version(0)),
        }
    }

    /// The assignment's id, `XXXX-XXXX`: MD5 over its encoded bytes, so any change to the
    /// set, its order, the seed, the setting or the note gives another id.
    pub fn id(&self) -> String {
        let chars = md5_base32(&self.bytes());
        format!("{}-{}", chars.get(..4).unwrap_or_default(), chars.get(4..).unwrap_or_default())
    }
}

/// One exercise in a student's code.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExerciseResult {
    /// Exercise id.
    pub id: String,
    /// Best score, 0..=100 (0 when not attempted).
    pub score: u8,
    /// The attempt behind the score: its instance seed and answer (`None`: not attempted).
    pub best: Option<BestAttempt>,
}

/// One lesson chapter in a student's code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChapterSteps {
    /// Steps done.
    pub done: u16,
    /// Steps in the chapter.
    pub steps: u16,
}

impl ChapterSteps {
    /// Every step done.
    pub fn finished(self) -> bool {
        self.done >= self.steps
    }
}

/// Everything a student's completion code carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClassReport {
    /// The assignment's id ([`Assignment::id`]).
    pub assignment: String,
    /// The name the student typed.
    pub name: String,
    /// When the code was issued, milliseconds since 1970-01-01 UTC.
    pub time_ms: u64,
    /// Per exercise of the assignment, in its order.
    pub exercises: Vec<ExerciseResult>,
    /// Per chapter of the assignment, in its order: (id, steps).
    pub chapters: Vec<(String, ChapterSteps)>,
}

/// Why a line of pasted text gave no code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// Nothing that looks like a class code.
    #[error("no completion code (RLC1.…) in this line")]
    Missing,
    /// A class code of another version.
    #[error("a completion code of another version ({0}); this site reads RLC1")]
    Version(String),
    /// The code is cut short or its middle is not a payload.
    #[error("the code is cut short or damaged")]
    Damaged,
    /// The check does not match what the code carries.
    #[error("the check does not match: the code was changed after it was issued")]
    Edited,
}

impl ClassReport {
    /// The report of a student of `assignment`: each exercise's best from `progress` (the
    /// stored progress of the class seed, if any), each chapter's steps from `chapters`
    /// (`None`: not in this site's lessons, counted as 0 of 0).
    pub fn new(
        assignment: &Assignment,
        progress: Option<&Progress>,
        chapters: impl Fn(&str) -> Option<ChapterSteps>,
        name: &str,
        time_ms: u64,
    ) -> ClassReport {
        let exercises = assignment
            .exercises
            .iter()
            .map(|id| {
                let stored = progress.and_then(|p| p.exercises.get(id));
                ExerciseResult {
                    id: id.clone(),
                    score: stored.map_or(0, |p| p.best_score.min(100)),
                    best: stored.and_then(|p| p.best.clone()),
                }
            })
            .collect();
        let chapters = assignment
            .chapters
            .iter()
            .map(|id| (id.clone(), chapters(id).unwrap_or(ChapterSteps { done: 0, steps: 0 })))
            .collect();
        let name: String = name.trim().chars().take(MAX_NAME_CHARS).collect();
        ClassReport { assignment: assignment.id(), name, time_ms, exercises, chapters }
    }

    /// Whether every exercise scored 100 and every chapter is done.
    pub fn finished(&self) -> bool {
        self.exercises.iter().all(|e| e.score == 100) && self.chapters.iter().all(|(_, c)| c.finished())
    }

    /// The sum of the exercises' scores.
    pub fn total(&self) -> u32 {
        self.exercises.iter().map(|e| u32::from(e.score)).sum()
    }

    /// The text the check is computed over: one line per fact, each answer as its base64url
    /// postcard bytes, the name quoted with Rust's escapes (so a newline in it is one line).
    pub fn canonical(&self) -> String {
        let mut text = format!(
            "rebalance-lab/class-completion/v1\nassignment={}\nname={:?}\ntime={}\n",
            self.assignment, self.name, self.time_ms
        );
        for e in &self.exercises {
            match &e.best {
                Some(best) => text.push_str(&format!(
                    "exercise={} score={} seed={} answer={}\n",
                    e.id,
                    e.score,
                    best.seed,
                    base64url::encode(&postcard::to_allocvec(&best.answer).unwrap_or_default())
                )),
                None => text.push_str(&format!("exercise={} score={} none\n", e.id, e.score)),
            }
        }
        for (id, c) in &self.chapters {
            text.push_str(&format!("chapter={id} done={}/{}\n", c.done, c.steps));
        }
        text
    }

    /// The completion code: `RLC1.<postcard as base64url>.<check>`.
    pub fn code(&self) -> String {
        let payload = base64url::encode(&postcard::to_allocvec(self).unwrap_or_default());
        format!("{CODE_PREFIX}{payload}.{}", md5_base32(self.canonical().as_bytes()))
    }
}

/// The longest line a code is looked for in.
const MAX_LINE: usize = 64 * 1024;

/// Finds a class completion code in `line` (text around it, such as "my code: …", is
/// ignored, and so is a full stop after it) and checks it; never panics.
pub fn read_code(line: &str) -> Result<ClassReport, CodeError> {
    if line.len() > MAX_LINE {
        return Err(CodeError::Damaged);
    }
    let Some(start) = line.find("RLC") else { return Err(CodeError::Missing) };
    let token: &str = {
        let rest = &line[start..];
        let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || "-_.".contains(c))).unwrap_or(rest.len());
        rest[..end].trim_end_matches('.')
    };
    let mut parts = token.split('.');
    let version = parts.next().unwrap_or_default();
    if version != CODE_PREFIX.trim_end_matches('.') {
        return Err(if version.len() > 3 { CodeError::Version(version.to_owned()) } else { CodeError::Missing });
    }
    let (Some(payload), Some(check), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(CodeError::Damaged);
    };
    let bytes = base64url::decode(payload).ok_or(CodeError::Damaged)?;
    let (report, rest): (ClassReport, &[u8]) = postcard::take_from_bytes(&bytes).map_err(|_| CodeError::Damaged)?;
    if !rest.is_empty() || report.exercises.iter().any(|e| e.score > 100) {
        return Err(CodeError::Damaged);
    }
    if !check.eq_ignore_ascii_case(&md5_base32(report.canonical().as_bytes())) {
        return Err(CodeError::Edited);
    }
    Ok(report)
}

/// What grading a carried answer again gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Regraded {
    /// The answer earns the score claimed (or nothing was attempted and 0 is claimed).
    Matches,
    /// The answer earns another score than the one claimed.
    Differs(u8),
    /// The exercise is not in this catalog or its seed makes no instance.
    Unknown,
}

/// Grades every carried answer again on its instance seed, per exercise in the report's
/// order. A score stored before partial credit (whole parts) matches when the answer earns
/// it under those rules, as [`super::progress::verify_completion_code`] accepts it.
pub fn regrade(catalog: &Catalog, report: &ClassReport) -> Vec<Regraded> {
    report
        .exercises
        .iter()
        .map(|e| {
            let Some(best) = &e.best else {
                return if e.score == 0 { Regraded::Matches } else { Regraded::Differs(0) };
            };
            let Some(instance) = catalog.get(&e.id).and_then(|ex| instantiate(ex, best.seed).ok()) else {
                return Regraded::Unknown;
            };
            let g = grade(&instance, &best.answer);
            if g.score == e.score || whole_part_score(&instance, &g) == e.score {
                Regraded::Matches
            } else {
                Regraded::Differs(g.score)
            }
        })
        .collect()
}
