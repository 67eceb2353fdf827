//! Decimal text to `f64` for every reader in the workspace: lenient answers, `mqadmin` text,
//! the pages' URL values and number fields, the CLI's numbers.
//!
//! [`parse_f64`] gives what the standard library's `str::parse::<f64>` gives (the same text
//! accepted, the same correctly rounded value; `tests/float.rs` compares the two over
//! generated text). It is `lexical-parse-float` with its `compact` feature because in
//! WebAssembly the standard library's parser, with its tables of powers, is the larger of
//! the two on every page (BENCHMARKS.md, "Float parser and sort").

use lexical_parse_float::FromLexical;

/// `text` as an `f64`, exactly as `text.parse::<f64>().ok()` reads it: an optional sign,
/// digits with an optional `.` and fraction, an optional exponent, or `inf`, `infinity`,
/// `nan` in any case; no surrounding spaces.
pub fn parse_f64(text: &str) -> Option<f64> {
    f64::from_lexical(text.as_bytes()).ok()
}
