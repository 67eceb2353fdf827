//! Which steps the reader has done or skipped, kept in localStorage under [`KEY`] as
//! `{"version":1,"chapters":{"group":"dd-s"}}`: per chapter one mark per step, `d` done, `s`
//! skipped, `-` not yet.
//!
//! Reading never fails: a document that cannot be read at all is reported and replaced (its
//! text kept under [`BROKEN_KEY`]); a chapter whose marks cannot be read is reported and
//! starts afresh, the other chapters kept. The text goes through [`crate::json_text`]: the
//! browser's JSON and serde-wasm-bindgen, natively serde_json.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The stored progress.
pub const KEY: &str = "rebalance-lab.lessons.v1";
/// A stored text that could not be read, kept instead of lost.
pub const BROKEN_KEY: &str = "rebalance-lab.lessons.broken";
/// The stored document's version.
const VERSION: u32 = 1;

/// Where a step stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Not done yet.
    Open,
    /// Its task was done (or, without a task, it was read to the end).
    Done,
    /// Skipped.
    Skipped,
}

impl Mark {
    fn letter(self) -> char {
        match self {
            Mark::Open => '-',
            Mark::Done => 'd',
            Mark::Skipped => 's',
        }
    }

    fn from_letter(c: char) -> Option<Mark> {
        [Mark::Open, Mark::Done, Mark::Skipped].into_iter().find(|m| m.letter() == c)
    }
}

/// Every chapter's marks, by chapter id (also chapters this build does not have, kept as
/// they were stored).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress(BTreeMap<String, String>);

impl Progress {
    /// The mark of step `step` (0-based) of `chapter`.
    pub fn mark(&self, chapter: &str, step: usize) -> Mark {
        let marks = self.0.get(chapter).map(String::as_str).unwrap_or_default();
        marks.chars().nth(step).and_then(Mark::from_letter).unwrap_or(Mark::Open)
    }

    /// The marks of a chapter of `steps` steps.
    pub fn marks(&self, chapter: &str, steps: usize) -> Vec<Mark> {
        (0..steps).map(|step| self.mark(chapter, step)).collect()
    }

    /// Marks a step; a done step stays done when it is skipped later.
    pub fn set(&mut self, chapter: &str, step: usize, mark: Mark) {
        if mark == Mark::Skipped && self.mark(chapter, step) == Mark::Done {
            return;
        }
        let mut marks: Vec<char> = self.0.get(chapter).map(|m| m.chars().collect()).unwrap_or_default();
        if marks.len() <= step {
            marks.resize(step + 1, Mark::Open.letter());
        }
        marks[step] = mark.letter();
        self.0.insert(chapter.to_owned(), marks.into_iter().collect());
    }

    /// The step a chapter of `steps` steps opens at: its first step not yet done or skipped,
    /// or its first step when every one is.
    pub fn resume(&self, chapter: &str, steps: usize) -> usize {
        (0..steps).find(|&step| self.mark(chapter, step) == Mark::Open).unwrap_or(0)
    }
}

/// What could not be read, for the page's notice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The whole document (not JSON, another version, not the expected shape): started afresh.
    Document(String),
    /// One chapter's marks: that chapter starts afresh.
    Chapter(String),
}

/// The document as stored.
#[derive(Serialize)]
struct Stored<'a> {
    version: u32,
    chapters: &'a BTreeMap<String, String>,
}

/// The document as read: any value where a chapter's marks should be is taken, so one bad
/// chapter does not refuse the others.
#[derive(Deserialize)]
struct Read {
    version: u32,
    #[serde(default)]
    chapters: BTreeMap<String, Entry>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Entry {
    Marks(String),
    Other(serde::de::IgnoredAny),
}

/// Reads stored progress; `None` for nothing stored.
pub fn read(text: Option<&str>) -> (Progress, Vec<Problem>) {
    let Some(text) = text else { return (Progress::default(), Vec::new()) };
    let document = match crate::json_text::read::<Read>(text) {
        Ok(document) if document.version == VERSION => document,
        Ok(document) => return (Progress::default(), vec![Problem::Document(format!("version {}", document.version))]),
        Err(error) => return (Progress::default(), vec![Problem::Document(error)]),
    };
    let mut progress = Progress::default();
    let mut problems = Vec::new();
    for (chapter, entry) in document.chapters {
        match entry {
            Entry::Marks(marks) if marks.chars().all(|c| Mark::from_letter(c).is_some()) => {
                progress.0.insert(chapter, marks);
            }
            _ => problems.push(Problem::Chapter(chapter)),
        }
    }
    (progress, problems)
}

/// The stored form of `progress`; `None` when the browser cannot write it.
pub fn write(progress: &Progress) -> Option<String> {
    crate::json_text::write(&Stored { version: VERSION, chapters: &progress.0 })
}
