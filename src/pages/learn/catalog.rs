//! The chapters, as `build.rs` encoded them from `lessons/` (postcard), decoded on first use.

use std::sync::OnceLock;

use super::lesson::Chapter;

/// The encoded chapters.
const BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/lessons.bin"));

/// Every chapter in order, or why the embedded bytes could not be read (a broken build; the
/// page says so instead of panicking).
pub fn chapters() -> Result<&'static [Chapter], &'static str> {
    static CHAPTERS: OnceLock<Result<Vec<Chapter>, String>> = OnceLock::new();
    match CHAPTERS.get_or_init(|| postcard::from_bytes(BYTES).map_err(|error| error.to_string())) {
        Ok(chapters) => Ok(chapters),
        Err(error) => Err(error),
    }
}
