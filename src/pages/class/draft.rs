//! The builder's assignment and every edit to it, without the browser. The draft is kept in
//! localStorage as its own link text ([`Assignment::encode`]), so a teacher who comes back
//! finds it, and codes pasted later are compared with it.

use rebalance_core::exercise::class::{Assignment, MAX_CLASS_SEED, MAX_ITEMS, MAX_NOTE_CHARS};

use super::lessons;

/// Where the draft is stored.
pub const DRAFT_KEY: &str = "rebalance-lab.class.draft";

/// One edit of the draft.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Add the exercise at the end, or take it out.
    Exercise(String),
    /// Move the exercise at this position one up (`true`) or down.
    Move(usize, bool),
    /// Add or take out a chapter (chapters keep the lessons' order).
    Chapter(String),
    /// The class seed (clamped to the largest).
    Seed(u64),
    /// Whether model answers are shown.
    ModelAnswers(bool),
    /// The note (cut at the longest note).
    Note(String),
}

/// A fresh draft with class seed `seed`: nothing picked, model answers shown.
pub fn fresh(seed: u64) -> Assignment {
    Assignment { seed, model_answers: true, exercises: Vec::new(), chapters: Vec::new(), note: String::new() }
}

/// The stored draft, or a fresh one with `seed` when nothing (readable) is stored.
pub fn load(stored: Option<&str>, seed: u64) -> Assignment {
    stored.and_then(|text| Assignment::decode(text).ok()).unwrap_or_else(|| fresh(seed))
}

/// Applies `edit`.
pub fn apply(draft: &mut Assignment, edit: Edit) {
    match edit {
        Edit::Exercise(id) => match draft.exercises.iter().position(|e| *e == id) {
            Some(at) => {
                draft.exercises.remove(at);
            }
            None if draft.exercises.len() < MAX_ITEMS => draft.exercises.push(id),
            None => {}
        },
        Edit::Move(at, up) => {
            let to = if up { at.checked_sub(1) } else { at.checked_add(1) };
            if let Some(to) = to.filter(|&to| to < draft.exercises.len() && at < draft.exercises.len()) {
                draft.exercises.swap(at, to);
            }
        }
        Edit::Chapter(id) => {
            if let Some(at) = draft.chapters.iter().position(|c| *c == id) {
                draft.chapters.remove(at);
            } else if lessons::chapter(&id).is_some() {
                draft.chapters.push(id);
                let order = |id: &String| lessons::chapters().iter().position(|(c, _, _)| c == id);
                draft.chapters.sort_by_key(order);
            }
        }
        Edit::Seed(seed) => draft.seed = seed.min(MAX_CLASS_SEED),
        Edit::ModelAnswers(shown) => draft.model_answers = shown,
        Edit::Note(note) => draft.note = note.chars().take(MAX_NOTE_CHARS).collect(),
    }
}
