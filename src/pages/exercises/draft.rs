//! The answer being typed, kept for the tab (`sessionStorage`): a reload, a language switch
//! (which reloads in the release build, where each language has its own wasm; see
//! `crate::i18n::ONLY`) or a visit to the index and back brings the entries back, as long
//! as the same numbers are open. One draft at a time; a draft for other numbers is ignored.
//!
//! What is read back is checked against the open exercise (one entry per part, of the
//! part's kind, queue indices on the board, option ids of the part); anything else is
//! dropped, never trusted and never a panic.

use std::collections::BTreeSet;

use rebalance_core::exercise::instance::{Instance, PartInput};
use serde::{Deserialize, Serialize};

use super::inputs::Entry;

/// The sessionStorage key.
pub const KEY: &str = "rebalance-lab.exercise-draft";

#[derive(Serialize, Deserialize)]
struct Draft {
    exercise: String,
    seed: u64,
    entries: Vec<Entry>,
}

/// The stored form of `entries` typed into `instance`.
pub fn encode(instance: &Instance, entries: &[Entry]) -> String {
    let draft = Draft { exercise: instance.exercise_id.clone(), seed: instance.seed, entries: entries.to_vec() };
    serde_json::to_string(&draft).unwrap_or_default()
}

/// The entries of a stored draft for `instance`; `None` when `text` is not a draft for these
/// numbers. Entries that do not fit their part are replaced by empty ones.
pub fn decode(instance: &Instance, text: &str) -> Option<Vec<Entry>> {
    let draft: Draft = serde_json::from_str(text).ok()?;
    if draft.exercise != instance.exercise_id || draft.seed != instance.seed {
        return None;
    }
    let queues = instance.queue_labels().len();
    let entries = instance.parts.iter().enumerate().map(|(i, part)| {
        let fitting = match (draft.entries.get(i), &part.input) {
            (Some(Entry::Text(text)), PartInput::Number { .. }) => Some(Entry::Text(text.clone())),
            (Some(Entry::Queues(set)), PartInput::Queues { .. }) if set.iter().all(|&q| q < queues) => {
                Some(Entry::Queues(set.clone()))
            }
            (Some(Entry::Choices(chosen)), PartInput::Choice { options, multiple }) => {
                let known: BTreeSet<String> =
                    chosen.iter().filter(|id| options.iter().any(|o| &o.id == *id)).cloned().collect();
                (*multiple || known.len() <= 1).then_some(Entry::Choices(known))
            }
            _ => None,
        };
        fitting.unwrap_or_else(|| Entry::empty(part))
    });
    Some(entries.collect())
}

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// Keeps `entries` for `instance` (a storage that refuses is ignored: drafts are a comfort).
pub fn save(instance: &Instance, entries: &[Entry]) {
    if let Some(storage) = session() {
        let _ = storage.set_item(KEY, &encode(instance, entries));
    }
}

/// The kept entries for `instance`, if any.
pub fn load(instance: &Instance) -> Option<Vec<Entry>> {
    decode(instance, &session()?.get_item(KEY).ok().flatten()?)
}
