//! Stored progress: a versioned schema (serde; JSON in the browser's storage and the
//! export/import file), the overview per topic, and the completion code a teacher verifies
//! offline.
//!
//! The completion code is the first 8 base32 characters of MD5 over a canonical text of the
//! class seed and, per exercise (sorted by id), its best score and the instance seed of that
//! best attempt. Each stored best answer is kept, so [`verify_completion_code`] re-grades it
//! with the same grader: an edited score or a swapped answer gives another code.

use md5::{Digest, Md5};
use std::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::answer::Answer;
use super::catalog::Catalog;
use super::grade::{grade, whole_part_score, Grade};
use super::instance::{instantiate, Instance};
use super::model::{Text, Topic};
use super::names::Names;

/// The schema version written by this core.
pub const PROGRESS_VERSION: u32 = 1;

/// A learner's progress, stored as
/// `{"version":1,"setSeed":…,"exercises":{"<id>":{"attempts":…,"bestScore":…,"done":…,
/// "hintsUsed":…,"best":{"seed":…,"answer":…}|null}}}`; `exercises`, `hintsUsed` and `best`
/// may be left out, no other member is allowed. Read it with [`load_progress`], which also
/// checks the version and the scores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Progress {
    /// Schema version ([`PROGRESS_VERSION`]).
    pub version: u32,
    /// The class (set) seed the learner works on.
    pub set_seed: u64,
    /// Per exercise id.
    #[serde(default)]
    pub exercises: Names<ExerciseProgress>,
}

/// Progress on one exercise.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExerciseProgress {
    /// Answers graded so far.
    pub attempts: u32,
    /// Best score, 0..=100.
    pub best_score: u8,
    /// Whether a graded answer scored 100.
    pub done: bool,
    /// Hints opened (highest tier reached, counting from 1).
    #[serde(default)]
    pub hints_used: u8,
    /// The best attempt: its instance seed and answer (for re-grading).
    #[serde(default)]
    pub best: Option<BestAttempt>,
}

/// The attempt behind the best score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BestAttempt {
    /// The instance seed.
    pub seed: u64,
    /// The answer given.
    pub answer: Answer,
}

/// Why stored progress could not be loaded (the site keeps the broken copy aside).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProgressError {
    /// Not JSON (found by the caller, which reads the text).
    #[error("stored progress is not valid JSON: {0}")]
    Json(String),
    /// A version this core does not read.
    #[error("stored progress has version {found}; this site reads version {PROGRESS_VERSION}")]
    UnsupportedVersion {
        /// The version found (0 when missing or not an unsigned integer).
        found: u64,
    },
    /// The wrong shape or impossible values; the message names the field's path
    /// (`exercises.drain_time.bestScore: …`).
    #[error("stored progress is damaged: {0}")]
    Invalid(String),
}

/// Reads stored progress from a self-describing document (serde_json's, or a JavaScript
/// value through serde-wasm-bindgen); never panics.
///
/// `document` is called twice: the version is read first on its own, so that progress of
/// another version is reported as such whatever else it holds; then the whole, with
/// `serde_path_to_error` naming the path of a bad field. Scores are checked last.
pub fn load_progress<'de, D: Deserializer<'de>>(document: impl Fn() -> D) -> Result<Progress, ProgressError> {
    match Object::<VersionStamp>::deserialize(document()) {
        Ok(Object(VersionStamp { version: Some(found) })) if found == u64::from(PROGRESS_VERSION) => {}
        Ok(Object(VersionStamp { version })) => {
            return Err(ProgressError::UnsupportedVersion { found: version.unwrap_or(0) })
        }
        // Not an object, or a version of another type: the full read below says where.
        Err(_) => {}
    }
    let Object(progress): Object<Progress> =
        serde_path_to_error::deserialize(document()).map_err(|e| ProgressError::Invalid(path_message(&e)))?;
    for (id, p) in &progress.exercises {
        if p.best_score > 100 {
            return Err(ProgressError::Invalid(format!("{id}: best score {} is above 100", p.best_score)));
        }
        if p.done != (p.best_score == 100) {
            return Err(ProgressError::Invalid(format!("{id}: done does not match the best score")));
        }
    }
    Ok(progress)
}

/// `path: message`, or the message alone when the error is at the top (`.` as the path).
fn path_message<E: std::fmt::Display>(error: &serde_path_to_error::Error<E>) -> String {
    match error.path().to_string().as_str() {
        "." => error.inner().to_string(),
        path => format!("{path}: {}", error.inner()),
    }
}

/// A record read from an object only: serde's derived readers also take a list of the fields'
/// values in order, which stored progress never is.
struct Object<T>(T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Members<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Members<T> {
            type Value = Object<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, members: A) -> Result<Object<T>, A::Error> {
                T::deserialize(MapAccessDeserializer::new(members)).map(Object)
            }
        }
        deserializer.deserialize_map(Members(PhantomData))
    }
}

/// The `version` member alone (every other member ignored).
#[derive(Deserialize)]
struct VersionStamp {
    #[serde(default, deserialize_with = "any_unsigned")]
    version: Option<u64>,
}

/// A number as an unsigned integer, `None` for a negative one; another type is an error.
fn any_unsigned<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
    struct Unsigned;
    impl Visitor<'_> for Unsigned {
        type Value = Option<u64>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an integer")
        }
        fn visit_u64<E>(self, v: u64) -> Result<Option<u64>, E> {
            Ok(Some(v))
        }
        fn visit_i64<E>(self, v: i64) -> Result<Option<u64>, E> {
            Ok(u64::try_from(v).ok())
        }
    }
    deserializer.deserialize_any(Unsigned)
}

/// Where a learner stands on an exercise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Never graded.
    NotStarted,
    /// Graded, not yet 100.
    Attempted,
    /// Scored 100.
    Done,
}

/// One topic's counts in the overview.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TopicOverview {
    /// The topic.
    pub topic: Topic,
    /// Its heading.
    pub title: Text,
    /// Exercises done.
    pub done: usize,
    /// Exercises attempted but not done.
    pub attempted: usize,
    /// Exercises not started.
    pub not_started: usize,
}

impl Progress {
    /// Fresh progress for a class seed.
    pub fn new(set_seed: u64) -> Self {
        Self { version: PROGRESS_VERSION, set_seed, exercises: Names::new() }
    }

    /// Records a graded answer; keeps the best attempt (the later one on a tie).
    pub fn record(&mut self, instance: &Instance, answer: &Answer, grade: &Grade) {
        let entry = self.exercises.get_or_insert_with(&instance.exercise_id, ExerciseProgress::default);
        entry.attempts = entry.attempts.saturating_add(1);
        if grade.score >= entry.best_score || entry.best.is_none() {
            entry.best_score = grade.score.min(100);
            entry.best = Some(BestAttempt { seed: instance.seed, answer: answer.clone() });
        }
        entry.done = entry.best_score == 100;
    }

    /// Records that hint `tier` (1 = first) of `exercise_id` was opened.
    pub fn record_hint(&mut self, exercise_id: &str, tier: u8) {
        let entry = self.exercises.get_or_insert_with(exercise_id, ExerciseProgress::default);
        entry.hints_used = entry.hints_used.max(tier);
    }

    /// Where the learner stands on `exercise_id`.
    pub fn status(&self, exercise_id: &str) -> Status {
        match self.exercises.get(exercise_id) {
            Some(p) if p.done => Status::Done,
            Some(p) if p.attempts > 0 => Status::Attempted,
            _ => Status::NotStarted,
        }
    }

    /// The completion code of this progress as stored (claimed scores).
    pub fn completion_code(&self) -> String {
        let results: Vec<(String, u8, u64)> = self
            .exercises
            .iter()
            .filter_map(|(id, p)| p.best.as_ref().map(|b| (id.clone(), p.best_score, b.seed)))
            .collect();
        completion_code(self.set_seed, &results)
    }
}

/// Done / attempted / not started per topic, over the catalog's exercises.
pub fn overview(catalog: &Catalog, progress: &Progress) -> Vec<TopicOverview> {
    Topic::ALL
        .iter()
        .map(|&topic| {
            let mut o = TopicOverview { topic, title: topic.title(), done: 0, attempted: 0, not_started: 0 };
            for ex in catalog.exercises.iter().filter(|e| e.topic == topic) {
                match progress.status(&ex.id) {
                    Status::Done => o.done += 1,
                    Status::Attempted => o.attempted += 1,
                    Status::NotStarted => o.not_started += 1,
                }
            }
            o
        })
        .collect()
}

const BASE32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// The first 40 bits of MD5 over `bytes` as 8 base32 characters (`A`–`Z`, `2`–`7`).
pub(crate) fn md5_base32(bytes: &[u8]) -> String {
    let digest = Md5::digest(bytes);
    let bits = digest.iter().take(5).fold(0u64, |acc, b| (acc << 8) | u64::from(*b));
    (0..8).rev().map(|i| BASE32.get(((bits >> (i * 5)) & 31) as usize).map_or('A', |b| *b as char)).collect()
}

/// The completion code for `(exercise id, score, instance seed)` results: `XXXX-XXXX`.
///
/// The results come in id order, each id once (the canonical text lists them in the order
/// given): [`Progress::completion_code`] and [`verify_completion_code`] read them from
/// [`Progress::exercises`], a [`Names`], which holds them in that order.
pub fn completion_code(set_seed: u64, results: &[(String, u8, u64)]) -> String {
    debug_assert!(results.is_sorted_by(|a, b| a.0 < b.0), "results in id order");
    let mut canonical = format!("rebalance-lab/completion/v1\nseed={set_seed}\n");
    for (id, score, seed) in results {
        canonical.push_str(&format!("{id}={score}@{seed}\n"));
    }
    let chars = md5_base32(canonical.as_bytes());
    format!("{}-{}", chars.get(..4).unwrap_or_default(), chars.get(4..).unwrap_or_default())
}

/// The outcome of checking a completion code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Verification {
    /// The code matches the re-graded answers.
    pub valid: bool,
    /// The code the re-graded answers give.
    pub code: String,
    /// Per exercise: the stored score and the re-graded one.
    pub exercises: Vec<VerifiedExercise>,
}

/// One re-graded exercise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VerifiedExercise {
    /// Exercise id.
    pub id: String,
    /// The score stored in the progress.
    pub claimed: u8,
    /// The score the stored answer gets now, or under the whole-part rules of earlier
    /// versions when that is the stored score (`None`: unknown exercise or bad seed).
    pub regraded: Option<u8>,
}

/// Re-grades every stored best answer and checks `code` (case, spaces and `-` ignored).
pub fn verify_completion_code(catalog: &Catalog, progress: &Progress, code: &str) -> Verification {
    let mut exercises = Vec::new();
    let mut results = Vec::new();
    for (id, p) in &progress.exercises {
        let Some(best) = &p.best else { continue };
        let scores = catalog.get(id).and_then(|ex| instantiate(ex, best.seed).ok()).map(|instance| {
            let g = grade(&instance, &best.answer);
            (g.score, whole_part_score(&instance, &g))
        });
        // A score stored before partial credit (whole parts, truncated) is the same answer's
        // score under the earlier rules: the code issued then still verifies.
        let regraded = scores.map(|(now, before)| if p.best_score == before { before } else { now });
        results.push((id.clone(), regraded.unwrap_or(0), best.seed));
        exercises.push(VerifiedExercise { id: id.clone(), claimed: p.best_score, regraded });
    }
    let expected = completion_code(progress.set_seed, &results);
    let norm = |c: &str| c.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_uppercase();
    let consistent = exercises.iter().all(|e| e.regraded == Some(e.claimed));
    Verification { valid: consistent && norm(code) == norm(&expected), code: expected, exercises }
}
