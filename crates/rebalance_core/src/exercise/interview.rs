//! The mock interview's open questions (`interview/questions.toml`): the 18 questions of the
//! source material (seed 000, section 6.16), each with its reference answer as a checklist of
//! key points a candidate ticks off, the follow-up question and its answer, and the common
//! mistakes, in both languages. The computed parts the interview draws are the catalog's
//! exercises, which name the questions they cover ([`super::Exercise::interview`]); [`check`]
//! ties the two together.
//!
//! - [`draw`](mod@draw): the seeded draw of an interview's items for a length and a level.
//! - [`run`]: a run's results, its report and the result code that replays it.

pub mod draw;
pub mod run;

use serde::{Deserialize, Serialize};

pub use self::draw::{draw, item_count, Item, LENGTHS};
pub use self::run::{decode, encode, report, CodeError, ItemAnswer, ItemResult, Report, Run};
use super::Catalog;
use crate::lang::Lang;

/// The chapters of the lessons a question can belong to, in the order the lessons teach them
/// (issue 21's nine chapters): a report's weakest topics link to them.
pub const TOPICS: [&str; 9] =
    ["group", "strategies", "scale-out", "offsets", "drain", "over-time", "ordered", "pop", "troubleshoot"];

/// How many questions the source material has.
pub const QUESTIONS: u8 = 18;

/// How hard a question is, for choosing a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Definitions and direct consequences.
    Junior,
    /// Trade-offs and mechanisms.
    Mid,
    /// Failure analysis and design.
    Senior,
}

/// One question in one language.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wording {
    /// The question as the interviewer asks it.
    pub ask: String,
    /// The reference answer's key points, one per checkbox.
    pub points: Vec<String>,
    /// The interviewer's follow-up question.
    pub follow_up: String,
    /// Its answer.
    pub follow_up_answer: String,
    /// The common mistakes (易错点).
    pub mistakes: Vec<String>,
}

/// One open question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// Its number in the source material, 1 to [`QUESTIONS`].
    pub number: u8,
    /// The lesson chapter that covers it, one of [`TOPICS`].
    pub topic: String,
    /// How hard it is.
    pub level: Level,
    /// Chinese.
    pub zh: Wording,
    /// English.
    pub en: Wording,
}

impl Question {
    /// The question in `lang`.
    pub fn wording(&self, lang: Lang) -> &Wording {
        match lang {
            Lang::Zh => &self.zh,
            Lang::En => &self.en,
        }
    }
}

/// The whole set, in the source's order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Interview {
    /// The questions.
    #[serde(rename = "question")]
    pub questions: Vec<Question>,
}

impl Interview {
    /// The question with this number.
    pub fn get(&self, number: u8) -> Option<&Question> {
        self.questions.iter().find(|q| q.number == number)
    }

    /// Reads the authored TOML; the error names the line and the field.
    #[cfg(feature = "toml")]
    pub fn parse(text: &str) -> Result<Interview, String> {
        toml::from_str(text).map_err(|e| e.to_string())
    }

    /// The catalog's exercises that cover question `number`, by id, in curriculum order.
    pub fn exercises_for(catalog: &Catalog, number: u8) -> Vec<&str> {
        catalog.exercises.iter().filter(|e| e.interview.contains(&number)).map(|e| e.id.as_str()).collect()
    }
}

/// Everything wrong with `interview` against `catalog`, one message per problem naming the
/// question and the field: every number from 1 to [`QUESTIONS`] exactly once and in order, a
/// known topic, both languages complete with the same number of points and of mistakes, and
/// at least one exercise of the catalog that covers the question (so the interview has a
/// computed part for it).
pub fn check(interview: &Interview, catalog: &Catalog) -> Vec<String> {
    let mut problems = Vec::new();
    let numbers: Vec<u8> = interview.questions.iter().map(|q| q.number).collect();
    let expected: Vec<u8> = (1..=QUESTIONS).collect();
    if numbers != expected {
        problems.push(format!("questions are numbered {numbers:?}; expected 1 to {QUESTIONS} in order"));
    }
    for q in &interview.questions {
        let at = format!("question {}", q.number);
        if !TOPICS.contains(&q.topic.as_str()) {
            problems.push(format!("{at}: topic {:?} is not one of {}", q.topic, TOPICS.join(", ")));
        }
        for lang in [Lang::Zh, Lang::En] {
            let w = q.wording(lang);
            let field = |name: &str| format!("{at}: {}.{name}", lang_key(lang));
            for (name, text) in
                [("ask", &w.ask), ("follow_up", &w.follow_up), ("follow_up_answer", &w.follow_up_answer)]
            {
                if text.trim().is_empty() {
                    problems.push(format!("{} is empty", field(name)));
                }
            }
            if w.points.len() < 2 {
                problems.push(format!(
                    "{} has {} key points; a checklist needs at least 2",
                    field("points"),
                    w.points.len()
                ));
            }
            if w.mistakes.is_empty() {
                problems.push(format!("{} is empty", field("mistakes")));
            }
            for (name, list) in [("points", &w.points), ("mistakes", &w.mistakes)] {
                if let Some(i) = list.iter().position(|t| t.trim().is_empty()) {
                    problems.push(format!("{}[{i}] is empty", field(name)));
                }
            }
        }
        for (name, zh, en) in
            [("points", q.zh.points.len(), q.en.points.len()), ("mistakes", q.zh.mistakes.len(), q.en.mistakes.len())]
        {
            if zh != en {
                problems.push(format!("{at}: zh.{name} has {zh} entries, en.{name} {en}"));
            }
        }
        if Interview::exercises_for(catalog, q.number).is_empty() {
            problems.push(format!("{at}: no exercise of the catalog lists it in `interview`"));
        }
    }
    problems
}

fn lang_key(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "zh",
        Lang::En => "en",
    }
}
