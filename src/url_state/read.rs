//! Reading a page's state from the URL query without ever failing: each read takes a key's
//! raw value, uses it when it is valid, otherwise clamps it or falls back to the default,
//! and records a [`UrlNotice`] that the page shows with
//! [`UrlNotices`](crate::components::UrlNotices).
//!
//! The reader takes the query as a getter (`url_state::get` in the browser, a map in native
//! tests), so every page's reading is tested without a browser.

use rebalance_core::float::parse_f64;

use crate::components::format_value;

/// The most characters of a URL value a notice quotes, so a pasted essay stays short.
pub const QUOTED_CHARS: usize = 40;

/// What was wrong with a URL value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Not a number (or NaN): the default is used.
    NotANumber,
    /// A number outside `min..=max` (±∞ included): clamped.
    OutOfRange {
        /// The smallest value allowed, as written in the notice.
        min: String,
        /// The largest value allowed.
        max: String,
    },
    /// A count with a fraction: rounded.
    NotWhole,
    /// Not one of a switch's values: the default is used.
    UnknownChoice {
        /// The accepted values, e.g. `queue, message`.
        choices: String,
    },
    /// Text the page's validator refused (in part or whole): what it could use is used.
    Invalid,
}

/// A URL value that was not used as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlNotice {
    /// The query key, e.g. `pl_q`.
    pub key: String,
    /// The value as the URL had it, at most [`QUOTED_CHARS`] characters (then `…`), control
    /// characters shown as `�`.
    pub given: String,
    /// What was wrong.
    pub problem: Problem,
    /// The value used instead, as the URL would write it; empty when the value was left out
    /// and nothing replaces it (the page keeps what it had, e.g. a stored class).
    pub used: String,
}

impl UrlNotice {
    /// A notice about `key=given`.
    pub fn new(key: &str, given: &str, problem: Problem, used: impl ToString) -> UrlNotice {
        UrlNotice { key: key.to_owned(), given: quoted(given), problem, used: used.to_string() }
    }
}

/// `raw` as a notice quotes it: the first [`QUOTED_CHARS`] characters, control characters
/// (a `%00` in the link) replaced so the text stays printable.
pub fn quoted(raw: &str) -> String {
    let shown = |c: char| if c.is_control() { '\u{FFFD}' } else { c };
    let mut out: String = raw.chars().take(QUOTED_CHARS).map(shown).collect();
    if raw.chars().nth(QUOTED_CHARS).is_some() {
        out.push('…');
    }
    out
}

/// Typed reads of a query, collecting notices.
pub struct UrlReader<'a> {
    get: &'a dyn Fn(&str) -> Option<String>,
    notices: Vec<UrlNotice>,
}

impl<'a> UrlReader<'a> {
    /// A reader over `get`, which returns a key's raw value.
    pub fn new(get: &'a dyn Fn(&str) -> Option<String>) -> UrlReader<'a> {
        UrlReader { get, notices: Vec::new() }
    }

    /// The raw value of `key`, if present (for values a page reads in its own way).
    pub fn raw(&self, key: &str) -> Option<String> {
        (self.get)(key)
    }

    /// Records a notice about `key=given`.
    pub fn note(&mut self, key: &str, given: &str, problem: Problem, used: impl ToString) {
        self.notices.push(UrlNotice::new(key, given, problem, used));
    }

    /// The notices recorded so far, in reading order.
    pub fn into_notices(self) -> Vec<UrlNotice> {
        self.notices
    }

    /// A whole number in `min..=max`: clamped when outside (±∞ too), rounded when it has a
    /// fraction, `default` when absent or not a number.
    pub fn whole(&mut self, key: &str, min: i64, max: i64, default: i64) -> i64 {
        match self.raw(key) {
            Some(raw) => self.whole_in(key, &raw, min, max, default),
            None => default,
        }
    }

    /// [`whole`](Self::whole) for a part of a value the page split itself (`raw`), reported
    /// under `key`.
    pub fn whole_in(&mut self, key: &str, raw: &str, min: i64, max: i64, default: i64) -> i64 {
        let Some(v) = parse_f64(raw.trim()).filter(|v| !v.is_nan()) else {
            self.note(key, raw, Problem::NotANumber, default);
            return default;
        };
        if v < min as f64 || v > max as f64 {
            let used = if v < min as f64 { min } else { max };
            self.note(key, raw, Problem::OutOfRange { min: min.to_string(), max: max.to_string() }, used);
            return used;
        }
        // In range, so the cast cannot saturate.
        let used = (v.round() as i64).clamp(min, max);
        if v.fract() != 0.0 {
            self.note(key, raw, Problem::NotWhole, used);
        }
        used
    }

    /// A decimal in `min..=max`: clamped when outside (±∞ too), `default` when absent or not
    /// a number.
    pub fn decimal(&mut self, key: &str, min: f64, max: f64, default: f64) -> f64 {
        let Some(raw) = self.raw(key) else { return default };
        let Some(v) = parse_f64(raw.trim()).filter(|v| !v.is_nan()) else {
            self.note(key, &raw, Problem::NotANumber, format_value(default));
            return default;
        };
        if v < min || v > max {
            let used = v.clamp(min, max);
            let problem = Problem::OutOfRange { min: format_value(min), max: format_value(max) };
            self.note(key, &raw, problem, format_value(used));
            return used;
        }
        v
    }

    /// One of `choices` (`(URL value, value)`, matched after trimming): `default` when absent
    /// or unknown.
    pub fn choice<T: Copy + PartialEq>(&mut self, key: &str, choices: &[(&str, T)], default: T) -> T {
        let Some(raw) = self.raw(key) else { return default };
        if let Some(&(_, value)) = choices.iter().find(|(name, _)| *name == raw.trim()) {
            return value;
        }
        let used = choices.iter().find(|(_, v)| *v == default).map_or("", |(name, _)| name);
        let names = choices.iter().map(|(name, _)| *name).collect::<Vec<_>>().join(", ");
        self.note(key, &raw, Problem::UnknownChoice { choices: names }, used);
        default
    }

    /// A value `parse` reads from the raw text (`None`: refused): `default` when absent or
    /// refused, written in the notice as `show(&default)`.
    pub fn text<T>(
        &mut self,
        key: &str,
        default: T,
        show: impl Fn(&T) -> String,
        parse: impl FnOnce(&str) -> Option<T>,
    ) -> T {
        let Some(raw) = self.raw(key) else { return default };
        match parse(&raw) {
            Some(value) => value,
            None => {
                self.note(key, &raw, Problem::Invalid, show(&default));
                default
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read<T>(pairs: &[(&str, &str)], f: impl FnOnce(&mut UrlReader) -> T) -> (T, Vec<UrlNotice>) {
        let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| (*v).to_owned());
        let mut reader = UrlReader::new(&get);
        let value = f(&mut reader);
        (value, reader.into_notices())
    }

    fn whole(raw: &str) -> (i64, Vec<UrlNotice>) {
        read(&[("k", raw)], |r| r.whole("k", 1, 256, 8))
    }

    fn decimal(raw: &str) -> (f64, Vec<UrlNotice>) {
        read(&[("k", raw)], |r| r.decimal("k", 0.0, 14_400.0, 900.0))
    }

    fn problem(notices: &[UrlNotice]) -> Option<&Problem> {
        notices.first().map(|n| &n.problem)
    }

    #[test]
    fn a_missing_key_takes_the_default_silently() {
        assert_eq!(read(&[], |r| r.whole("k", 1, 256, 8)), (8, vec![]));
        assert_eq!(read(&[], |r| r.decimal("k", 0.0, 1.0, 0.5)), (0.5, vec![]));
        assert_eq!(read(&[], |r| r.choice("k", &[("a", 1), ("b", 2)], 2)), (2, vec![]));
    }

    #[test]
    fn whole_numbers_are_clamped_rounded_or_replaced() {
        assert_eq!(whole(" 42 "), (42, vec![]));
        let range = Problem::OutOfRange { min: "1".into(), max: "256".into() };
        for (raw, used, kind) in [
            ("999", 256, &range),
            ("0", 1, &range),
            ("-4", 1, &range),
            ("1e309", 256, &range),
            ("-1e309", 1, &range),
            ("99999999999999999999999999", 256, &range),
            ("2.5", 3, &Problem::NotWhole),
            ("abc", 8, &Problem::NotANumber),
            ("NaN", 8, &Problem::NotANumber),
            ("", 8, &Problem::NotANumber),
            ("\0", 8, &Problem::NotANumber),
        ] {
            let (value, notices) = whole(raw);
            assert_eq!(value, used, "{raw:?}");
            assert_eq!(problem(&notices), Some(kind), "{raw:?}");
            assert_eq!(notices[0].used, used.to_string(), "{raw:?}");
            assert_eq!(notices[0].key, "k");
        }
    }

    #[test]
    fn decimals_are_clamped_or_replaced() {
        assert_eq!(decimal("12.5"), (12.5, vec![]));
        let (value, notices) = decimal("1e309");
        assert_eq!(value, 14_400.0);
        assert_eq!(problem(&notices), Some(&Problem::OutOfRange { min: "0".into(), max: "14400".into() }));
        assert_eq!(notices[0].used, "14400");
        let (value, notices) = decimal("-0.5");
        assert_eq!((value, notices[0].used.as_str()), (0.0, "0"));
        for raw in ["NaN", "nan", "inf-ish", "1,5", "%00"] {
            let (value, notices) = decimal(raw);
            assert_eq!(value, 900.0, "{raw:?}");
            assert_eq!(problem(&notices), Some(&Problem::NotANumber), "{raw:?}");
            assert_eq!(notices[0].used, "900");
        }
    }

    #[test]
    fn choices_name_the_accepted_values() {
        let choices = [("queue", 1), ("message", 2)];
        assert_eq!(read(&[("k", " message ")], |r| r.choice("k", &choices, 1)), (2, vec![]));
        let (value, notices) = read(&[("k", "Queue")], |r| r.choice("k", &choices, 1));
        assert_eq!(value, 1);
        assert_eq!(problem(&notices), Some(&Problem::UnknownChoice { choices: "queue, message".into() }));
        assert_eq!(notices[0].used, "queue");
    }

    #[test]
    fn text_takes_what_the_validator_accepts() {
        let parse = |raw: &str| raw.strip_prefix("id-").map(str::to_owned);
        let show = |v: &String| v.clone();
        let (value, notices) = read(&[("k", "id-7")], |r| r.text("k", "none".to_owned(), show, parse));
        assert_eq!((value.as_str(), notices.len()), ("7", 0));
        let (value, notices) = read(&[("k", "7")], |r| r.text("k", "none".to_owned(), show, parse));
        assert_eq!(value, "none");
        assert_eq!(notices, vec![UrlNotice::new("k", "7", Problem::Invalid, "none")]);
    }

    #[test]
    fn a_notice_quotes_at_most_forty_printable_characters() {
        let long = "9".repeat(5_000);
        let (value, notices) = whole(&long);
        assert_eq!(value, 256);
        assert_eq!(notices[0].given.chars().count(), QUOTED_CHARS + 1);
        assert!(notices[0].given.ends_with('…'));
        let (_, notices) = whole(&"é".repeat(5_000));
        assert_eq!(notices[0].given, format!("{}…", "é".repeat(QUOTED_CHARS)));
        assert_eq!(quoted("a\0b\u{7}"), "a\u{FFFD}b\u{FFFD}");
        assert_eq!(quoted(&"x".repeat(QUOTED_CHARS)), "x".repeat(QUOTED_CHARS));
    }
}
