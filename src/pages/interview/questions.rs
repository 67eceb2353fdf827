//! The open questions, as `build.rs` encoded them from `interview/questions.toml` (postcard,
//! after the core's check), decoded on first use.

use std::sync::OnceLock;

use rebalance_core::exercise::interview::Interview;

/// The encoded questions.
const BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/interview.bin"));

/// The questions, or why the embedded bytes could not be read (a broken build; the page says
/// so instead of panicking).
pub fn interview() -> Result<&'static Interview, &'static str> {
    static INTERVIEW: OnceLock<Result<Interview, String>> = OnceLock::new();
    match INTERVIEW.get_or_init(|| postcard::from_bytes(BYTES).map_err(|error| error.to_string())) {
        Ok(interview) => Ok(interview),
        Err(error) => Err(error),
    }
}
