//! A mock interview's run (what was answered, scored and how long each item took), its
//! report, and the result code that carries a run to anyone who pastes it.
//!
//! The result code is `base64url(bytes ‖ check)` without padding: `bytes` is the code's
//! version ([`CODE_VERSION`]) followed by the [`Run`] in postcard, `check` the first
//! [`CHECK_LEN`] bytes of MD5 over `bytes`. A changed or mistyped character changes the
//! check (or the bytes it covers), so [`decode`] refuses it; an MD5 check catches mistakes,
//! it does not stop a forger. The report is recomputed from the run: the draw from its seed,
//! length and level, the open questions' scores from the ticked points and the computed
//! parts re-graded by the core's grader; a code whose stored scores disagree is refused.

use md5::{Digest, Md5};
use serde::{Deserialize, Serialize};

use super::draw::{draw, item_count, Item, LENGTHS};
use super::{Interview, Level, TOPICS};
use crate::exercise::{grade, instantiate, Answer, Catalog};

/// The result code's format version written by this core.
pub const CODE_VERSION: u8 = 1;
/// How many bytes of MD5 the code carries as its check.
pub const CHECK_LEN: usize = 4;
/// A topic whose score is below this is weak (a report lists at most [`WEAKEST`] of them).
pub const WEAK_BELOW: u8 = 75;
/// How many weak topics a report names.
pub const WEAKEST: usize = 3;

/// What the candidate gave for one item.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub enum ItemAnswer {
    /// Nothing: skipped, or not reached before the time ran out.
    #[default]
    None,
    /// An open question: the written answer and the key points ticked (their indices).
    Open {
        /// What the candidate wrote.
        text: String,
        /// The key points they ticked as covered, by index, in increasing order.
        ticked: Vec<u8>,
    },
    /// A computed part: the answer last submitted to the grader.
    Computed(Answer),
}

/// One item's result.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ItemResult {
    /// The answer.
    pub answer: ItemAnswer,
    /// Its score out of 100: ticked points over all points, or the grader's score.
    pub score: u8,
    /// Seconds spent on the item.
    pub seconds: u32,
}

/// A whole run: the draw's inputs and one result per drawn item, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// The interview's seed.
    pub seed: u64,
    /// Its length in minutes, one of [`LENGTHS`].
    pub minutes: u8,
    /// Its level.
    pub level: Level,
    /// One result per item of the draw.
    pub results: Vec<ItemResult>,
}

impl Run {
    /// A run not started: every item unanswered, 0 s.
    pub fn new(interview: &Interview, catalog: &Catalog, seed: u64, minutes: u8, level: Level) -> Run {
        let items = draw(interview, catalog, seed, minutes, level).len();
        Run { seed, minutes, level, results: vec![ItemResult::default(); items] }
    }

    /// Seconds spent on all items.
    pub fn seconds(&self) -> u32 {
        self.results.iter().fold(0u32, |sum, r| sum.saturating_add(r.seconds))
    }

    /// Seconds left of the interview's length (0 once it has run out).
    pub fn seconds_left(&self) -> u32 {
        (u32::from(self.minutes) * 60).saturating_sub(self.seconds())
    }
}

/// An open question's score: the share of its `points` key points ticked, out of 100.
pub fn open_score(ticked: &[u8], points: usize) -> u8 {
    if points == 0 {
        return 0;
    }
    let ticked = ticked.iter().filter(|&&i| usize::from(i) < points).count().min(points);
    u8::try_from((ticked * 100 + points / 2) / points).unwrap_or(100)
}

/// Why a result code was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeError {
    /// Nothing was pasted.
    Empty,
    /// A character that base64url does not use (1-based position).
    Character {
        /// Where, counting from 1.
        position: usize,
        /// The character.
        character: char,
    },
    /// Not even a version and a check: cut short.
    TooShort,
    /// The check does not match: a character was changed, added or left out.
    Check,
    /// A version this site does not read.
    Version(u8),
    /// The check matches but the content is not a run this site can read.
    Content(String),
}

impl std::fmt::Display for CodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CodeError::Empty => write!(f, "the result code is empty"),
            CodeError::Character { position, character } => {
                write!(f, "character {position} ({character:?}) cannot be part of a result code")
            }
            CodeError::TooShort => write!(f, "the result code is too short"),
            CodeError::Check => {
                write!(f, "the result code's check does not match: a character was changed or mistyped")
            }
            CodeError::Version(v) => {
                write!(f, "the result code has version {v}; this site reads version {CODE_VERSION}")
            }
            CodeError::Content(why) => write!(f, "the result code does not hold a run: {why}"),
        }
    }
}

/// The result code of `run`.
pub fn encode(run: &Run) -> String {
    let mut bytes = vec![CODE_VERSION];
    // A `Run` always serializes (no maps, no unsupported types); empty if it ever did not.
    bytes.extend(postcard::to_allocvec(run).unwrap_or_default());
    let check = Md5::digest(&bytes);
    bytes.extend(check.iter().take(CHECK_LEN));
    crate::base64url::encode(&bytes)
}

/// Reads a result code (spaces and line breaks around or inside it are ignored, so a code
/// wrapped by a mail program still reads). Never panics, whatever the text.
pub fn decode(code: &str) -> Result<Run, CodeError> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.is_empty() {
        return Err(CodeError::Empty);
    }
    if let Some((i, c)) = code.chars().enumerate().find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
    {
        return Err(CodeError::Character { position: i + 1, character: c });
    }
    // A length no base64 text has (one character past a whole group) is a cut or extra
    // character: the check would not match either way.
    let bytes = crate::base64url::decode(&code).ok_or(CodeError::Check)?;
    if bytes.len() < 1 + CHECK_LEN {
        return Err(CodeError::TooShort);
    }
    let (body, check) = bytes.split_at(bytes.len() - CHECK_LEN);
    if Md5::digest(body).get(..CHECK_LEN) != Some(check) {
        return Err(CodeError::Check);
    }
    match body.split_first() {
        Some((&CODE_VERSION, rest)) => {
            let (run, left) = postcard::take_from_bytes::<Run>(rest).map_err(|e| CodeError::Content(e.to_string()))?;
            if !left.is_empty() {
                return Err(CodeError::Content(format!("{} bytes after the run", left.len())));
            }
            check_run(&run).map_err(CodeError::Content)?;
            Ok(run)
        }
        Some((&version, _)) => Err(CodeError::Version(version)),
        None => Err(CodeError::TooShort),
    }
}

/// What a run must be whatever the catalog: a known length, no more results than such an
/// interview has items, scores out of 100, ticked points in order and once each.
pub fn check_run(run: &Run) -> Result<(), String> {
    if !LENGTHS.contains(&run.minutes) {
        return Err(format!("a length of {} minutes", run.minutes));
    }
    if run.results.len() > item_count(run.minutes) {
        return Err(format!("{} items in {} minutes", run.results.len(), run.minutes));
    }
    for (i, r) in run.results.iter().enumerate() {
        if r.score > 100 {
            return Err(format!("item {}: score {}", i + 1, r.score));
        }
        if let ItemAnswer::Open { ticked, .. } = &r.answer {
            if !ticked.windows(2).all(|w| w[0] < w[1]) {
                return Err(format!("item {}: ticked points {ticked:?}", i + 1));
            }
        }
    }
    Ok(())
}

/// One item of a report.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemReport {
    /// The item.
    pub item: Item,
    /// Its topic, one of [`TOPICS`].
    pub topic: &'static str,
    /// Its score out of 100 (0 when not answered).
    pub score: u8,
    /// Seconds spent on it.
    pub seconds: u32,
    /// Whether anything was answered.
    pub answered: bool,
}

/// One topic's score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TopicScore {
    /// One of [`TOPICS`].
    pub topic: &'static str,
    /// The mean of its items' scores, rounded.
    pub score: u8,
    /// How many items it had.
    pub items: usize,
}

/// The report of a run.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Per item, in the order asked.
    pub items: Vec<ItemReport>,
    /// Per topic that had items, in the lessons' order.
    pub topics: Vec<TopicScore>,
    /// The weakest topics: those under [`WEAK_BELOW`], lowest first (ties in the lessons'
    /// order), at most [`WEAKEST`].
    pub weakest: Vec<&'static str>,
    /// The mean of all items' scores, rounded.
    pub total: u8,
    /// Seconds spent in all.
    pub seconds: u32,
}

/// The report of `run`, recomputed: the draw from the run's seed, length and level, each
/// open question's score from its ticked points, each computed part re-graded. Refuses a run
/// whose results do not fit its draw (count, kind of answer, points) or whose stored scores
/// disagree with the recomputed ones.
pub fn report(interview: &Interview, catalog: &Catalog, run: &Run) -> Result<Report, CodeError> {
    let items = draw(interview, catalog, run.seed, run.minutes, run.level);
    if items.len() != run.results.len() {
        return Err(CodeError::Content(format!(
            "{} results for an interview of {} items",
            run.results.len(),
            items.len()
        )));
    }
    let mut reports = Vec::with_capacity(items.len());
    for (i, (item, result)) in items.into_iter().zip(&run.results).enumerate() {
        let at = |why: String| CodeError::Content(format!("item {}: {why}", i + 1));
        let question = interview.get(item.question()).ok_or_else(|| at("no such question".into()))?;
        let topic = TOPICS.iter().copied().find(|t| *t == question.topic).ok_or_else(|| at("no topic".into()))?;
        let score = match (&item, &result.answer) {
            (_, ItemAnswer::None) => 0,
            (Item::Open { .. }, ItemAnswer::Open { ticked, .. }) => {
                let points = question.en.points.len();
                if ticked.iter().any(|&t| usize::from(t) >= points) {
                    return Err(at(format!("a ticked point beyond its {points}")));
                }
                open_score(ticked, points)
            }
            (Item::Computed { exercise, seed, .. }, ItemAnswer::Computed(answer)) => {
                let ex = catalog.get(exercise).ok_or_else(|| at(format!("no exercise {exercise:?}")))?;
                let instance = instantiate(ex, *seed).map_err(|e| at(e.to_string()))?;
                grade(&instance, answer).score
            }
            _ => return Err(at("the answer is not of the item's kind".into())),
        };
        if score != result.score {
            return Err(at(format!("a score of {} where the answer scores {score}", result.score)));
        }
        let answered = result.answer != ItemAnswer::None;
        reports.push(ItemReport { item, topic, score, seconds: result.seconds, answered });
    }
    let mean = |scores: &mut dyn Iterator<Item = u8>| {
        let (sum, n) = scores.fold((0usize, 0usize), |(s, n), x| (s + usize::from(x), n + 1));
        (n > 0).then(|| u8::try_from((sum + n / 2) / n).unwrap_or(100))
    };
    let topics: Vec<TopicScore> = TOPICS
        .iter()
        .filter_map(|&topic| {
            let n = reports.iter().filter(|r| r.topic == topic).count();
            let score = mean(&mut reports.iter().filter(|r| r.topic == topic).map(|r| r.score))?;
            Some(TopicScore { topic, score, items: n })
        })
        .collect();
    // The lowest first, ties in the lessons' order (`min_by_key` keeps the first minimum).
    let mut weak: Vec<&TopicScore> = topics.iter().filter(|t| t.score < WEAK_BELOW).collect();
    let mut weakest = Vec::with_capacity(WEAKEST);
    while weakest.len() < WEAKEST {
        let Some(i) = (0..weak.len()).min_by_key(|&i| weak[i].score) else { break };
        weakest.push(weak.remove(i).topic);
    }
    Ok(Report {
        total: mean(&mut reports.iter().map(|r| r.score)).unwrap_or(0),
        seconds: run.seconds(),
        items: reports,
        topics,
        weakest,
    })
}

/// The catalog's exercises that cover a question of `topic`, by id, in curriculum order.
pub fn exercises_for_topic<'a>(interview: &Interview, catalog: &'a Catalog, topic: &str) -> Vec<&'a str> {
    let numbers: Vec<u8> = interview.questions.iter().filter(|q| q.topic == topic).map(|q| q.number).collect();
    catalog
        .exercises
        .iter()
        .filter(|e| e.interview.iter().any(|n| numbers.contains(n)))
        .map(|e| e.id.as_str())
        .collect()
}
