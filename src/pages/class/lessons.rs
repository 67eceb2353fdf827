//! The lesson chapters an assignment can hold (id, title, step count, as `build.rs` wrote
//! them from `lessons/`) and how far the reader got in each, read from the lessons' own
//! stored progress (`pages/learn/progress.rs`, included here so the class page does not carry
//! the lessons).

use std::sync::OnceLock;

use rebalance_core::exercise::class::ChapterSteps;
use rebalance_core::exercise::model::Text;

// A wasm with the lessons has their module; one without them includes the file alone.
#[cfg(feature = "learn")]
use crate::pages::learn::progress as stored;
#[cfg(not(feature = "learn"))]
#[path = "../learn/progress.rs"]
#[allow(dead_code)]
mod stored;

pub use stored::KEY;

/// `(id, title, steps)` per chapter, in the lessons' order.
const BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/lesson_index.bin"));

/// One chapter.
pub type Chapter = (String, Text, u16);

/// Every chapter in order (none if the embedded index does not read: a broken build).
pub fn chapters() -> &'static [Chapter] {
    static CHAPTERS: OnceLock<Vec<Chapter>> = OnceLock::new();
    CHAPTERS.get_or_init(|| postcard::from_bytes(BYTES).unwrap_or_default())
}

/// The chapter `id`.
pub fn chapter(id: &str) -> Option<&'static Chapter> {
    chapters().iter().find(|(c, _, _)| c == id)
}

/// The steps done in chapter `id` by the lessons' stored progress `text` (`None` for a
/// chapter this site does not have). Unreadable progress counts as nothing done.
pub fn steps_done(text: Option<&str>, id: &str) -> Option<ChapterSteps> {
    let (_, _, steps) = chapter(id)?;
    let (progress, _) = stored::read(text);
    let done = progress.marks(id, usize::from(*steps)).iter().filter(|m| **m == stored::Mark::Done).count();
    Some(ChapterSteps { done: u16::try_from(done).unwrap_or(u16::MAX), steps: *steps })
}
