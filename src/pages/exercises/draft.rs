//! The answer being typed, kept for the tab (`sessionStorage`): a reload or a visit to the
//! index and back brings the entries back, as long as the same numbers are open. One draft at a time; a draft for other numbers is ignored.
//!
//! What is read back is checked against the open exercise (one entry per part, of the
//! part's kind, queue indices on the board, option ids of the part); anything else is
//! dropped, never trusted and never a panic.

use rebalance_core::exercise::instance::{Instance, PartInput};

use super::inputs::{set_member, Entry};

/// The sessionStorage key.
pub const KEY: &str = "rebalance-lab.exercise-draft";
/// The first line of a stored draft: what it is and its version.
const MAGIC: &str = "rebalance-lab/draft/1";

/// The stored form of `entries` typed into `instance`: a few lines of text (the magic line,
/// the exercise id, the seed, then one line per part: `T <text>`, `Q <queue> …`, `C <option> …`).
/// Written by hand rather than with serde_json: the derived readers for these types cost the
/// page about 6 KB gzip, this about 1 KB.
pub fn encode(instance: &Instance, entries: &[Entry]) -> String {
    let mut out = [MAGIC, &instance.exercise_id, &instance.seed.to_string()].join("\n");
    for entry in entries {
        let words: Vec<String> = match entry {
            // A text box holds one line; a pasted line break would start another part.
            Entry::Text(text) => vec!["T".into(), text.replace(['\n', '\r'], " ")],
            Entry::Queues(set) => std::iter::once("Q".into()).chain(set.iter().map(usize::to_string)).collect(),
            Entry::Choices(ids) => std::iter::once("C".into()).chain(ids.iter().cloned()).collect(),
        };
        out.push('\n');
        out.push_str(&words.join(" "));
    }
    out
}

/// The entries of a stored draft for `instance`; `None` when `text` is not a draft for these
/// numbers. Entries that do not fit their part are replaced by empty ones.
pub fn decode(instance: &Instance, text: &str) -> Option<Vec<Entry>> {
    let mut lines = text.split('\n');
    if lines.next() != Some(MAGIC)
        || lines.next() != Some(instance.exercise_id.as_str())
        || lines.next()?.parse::<u64>().ok()? != instance.seed
    {
        return None;
    }
    let queues = instance.queue_labels().len();
    let entries = instance.parts.iter().map(|part| {
        let line = lines.next().unwrap_or_default();
        let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
        fit(&part.input, tag, rest, queues).unwrap_or_else(|| Entry::empty(part))
    });
    Some(entries.collect())
}

/// The entry a stored line (`tag`, `rest`) gives for a part with this `input`, if it fits
/// (`queues`: how many queue tiles the board has).
fn fit(input: &PartInput, tag: &str, rest: &str, queues: usize) -> Option<Entry> {
    match (tag, input) {
        ("T", PartInput::Number { .. }) => Some(Entry::Text(rest.to_owned())),
        ("Q", PartInput::Queues { .. }) => {
            let mut set = Vec::new();
            for word in words(rest) {
                set_member(&mut set, word.parse::<usize>().ok().filter(|&q| q < queues)?, true);
            }
            Some(Entry::Queues(set))
        }
        ("C", PartInput::Choice { options, multiple }) => {
            let mut known = Vec::new();
            for word in words(rest).filter(|id| options.iter().any(|o| o.id == *id)) {
                set_member(&mut known, word.to_owned(), true);
            }
            (*multiple || known.len() <= 1).then_some(Entry::Choices(known))
        }
        _ => None,
    }
}

/// The space-separated words of a line.
fn words(line: &str) -> impl Iterator<Item = &str> {
    line.split(' ').filter(|word| !word.is_empty())
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
