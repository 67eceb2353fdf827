//! A small JSON (RFC 8259) reader and writer for the two documents the exercises page reads
//! and writes: stored progress ([`crate::exercise::load_progress`]) and answers
//! ([`crate::exercise::Answer`]). Everything else in the project that speaks JSON (the CLI)
//! uses serde_json.
//!
//! Why not serde_json here too: on the exercises page its parser, its float printer and
//! serde's per-type visitors for these types cost 12.6 KB gzip of a 250 KB budget
//! (BENCHMARKS.md, session 7). This reader builds a plain tree and the types read what they
//! need from it, reusing the number parsing and printing the page has anyway. It accepts and
//! refuses what serde_json does and gives the same values: `tests/json.rs` checks it against
//! serde_json on generated documents. It never panics and refuses nesting deeper than 127
//! levels (as serde_json does), so no text can exhaust the stack.
//!
//! - [`parse`] (`parse.rs`): text to a [`Json`] tree, or a [`SyntaxError`] with its place.
//! - [`Json`] and [`Record`] (here): typed reads with messages that name the path.
//! - `write_*` (`write.rs`): the pieces the documents' writers are made of.

mod parse;
mod write;

pub use parse::{parse, SyntaxError};
pub use write::{write_f64, write_list, write_str};

/// A parsed JSON value. A number keeps its text, so integers up to `u64::MAX` read exactly.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A number as written (valid JSON number syntax, finite as an `f64`).
    Number(String),
    /// A string, escapes resolved.
    String(String),
    /// A list.
    Array(Vec<Json>),
    /// An object's members in document order (a repeated name is kept twice; the reader of a
    /// record refuses it, [`Json::member`] takes the last, as serde_json's maps do).
    Object(Vec<(String, Json)>),
}

impl Json {
    /// What kind of value this is, for messages: `null`, `a boolean`, `the number 1.5`, …
    pub fn describe(&self) -> String {
        match self {
            Json::Null => "null".to_owned(),
            Json::Bool(b) => format!("the boolean {b}"),
            Json::Number(n) => format!("the number {n}"),
            Json::String(_) => "a string".to_owned(),
            Json::Array(_) => "a list".to_owned(),
            Json::Object(_) => "an object".to_owned(),
        }
    }

    /// The number as an unsigned integer: written without sign, fraction or exponent, as
    /// serde_json reads integers.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Number(n) if n.bytes().all(|b| b.is_ascii_digit()) => n.parse().ok(),
            _ => None,
        }
    }

    /// The number as a signed integer (no fraction or exponent).
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Json::Number(n) if n.bytes().all(|b| b.is_ascii_digit() || b == b'-') => n.parse().ok(),
            _ => None,
        }
    }

    /// The number as an `f64` (any number; an integer is the nearest `f64`).
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(n) => crate::float::parse_f64(n),
            _ => None,
        }
    }

    /// The string's text.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    /// The last member called `name` of an object.
    pub fn member(&self, name: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v),
            _ => None,
        }
    }

    /// An object read as a record with these `fields`: another type, a field not listed and
    /// a field given twice are refused (`what` names the record in messages).
    pub fn record<'a>(&'a self, what: &'a str, fields: &[&str]) -> Result<Record<'a>, String> {
        let Json::Object(members) = self else {
            return Err(format!("{what}: expected an object, found {}", self.describe()));
        };
        for (i, (name, _)) in members.iter().enumerate() {
            if !fields.contains(&name.as_str()) {
                let names: Vec<String> = fields.iter().map(|f| format!("`{f}`")).collect();
                return Err(format!("{what}: unknown field `{name}`, expected one of {}", names.join(", ")));
            }
            if members.get(..i).is_some_and(|before| before.iter().any(|(n, _)| n == name)) {
                return Err(format!("{what}: duplicate field `{name}`"));
            }
        }
        Ok(Record { what, members })
    }
}

/// An object's members read as a record ([`Json::record`]).
#[derive(Debug, Clone, Copy)]
pub struct Record<'a> {
    what: &'a str,
    members: &'a [(String, Json)],
}

impl<'a> Record<'a> {
    /// The field `name`, if given.
    pub fn get(&self, name: &str) -> Option<&'a Json> {
        self.members.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// The field `name`, which must be given.
    pub fn require(&self, name: &str) -> Result<&'a Json, String> {
        self.get(name).ok_or_else(|| self.missing(name))
    }

    fn missing(&self, name: &str) -> String {
        format!("{}: missing field `{name}`", self.what)
    }

    /// The message for field `name` holding `value` where `expected` was: `what.name: expected
    /// …, found …`.
    pub fn wrong(&self, name: &str, expected: &str, value: &Json) -> String {
        format!("{}.{name}: expected {expected}, found {}", self.what, value.describe())
    }

    /// The field `name` as an unsigned integer that fits `T` (`default` when not given).
    pub fn integer<T: TryFrom<u64>>(&self, name: &str, default: Option<T>) -> Result<T, String> {
        let Some(value) = self.get(name) else { return default.ok_or_else(|| self.missing(name)) };
        value
            .as_u64()
            .and_then(|x| T::try_from(x).ok())
            .ok_or_else(|| self.wrong(name, &format!("an integer from 0 to {}", max_of::<T>()), value))
    }

    /// The field `name` as a boolean (required).
    pub fn boolean(&self, name: &str) -> Result<bool, String> {
        match self.require(name)? {
            Json::Bool(b) => Ok(*b),
            other => Err(self.wrong(name, "true or false", other)),
        }
    }
}

/// The largest value of an unsigned integer type, found by trying (for messages).
fn max_of<T: TryFrom<u64>>() -> u64 {
    [u64::from(u8::MAX), u64::from(u16::MAX), u64::from(u32::MAX)]
        .into_iter()
        .find(|&m| T::try_from(m + 1).is_err())
        .unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_refuse_unknown_and_repeated_fields() {
        let value = parse(r#"{"a": 1, "b": true}"#).unwrap_or(Json::Null);
        let record = match value.record("x", &["a", "b", "c"]) {
            Ok(record) => record,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(record.integer::<u8>("a", None), Ok(1));
        assert_eq!(record.integer::<u8>("c", Some(7)), Ok(7));
        assert_eq!(record.integer::<u8>("c", None), Err("x: missing field `c`".to_owned()));
        assert_eq!(record.boolean("b"), Ok(true));
        assert_eq!(
            record.integer::<u8>("b", None),
            Err("x.b: expected an integer from 0 to 255, found the boolean true".to_owned())
        );
        assert_eq!(record.integer::<u32>("a", None), Ok(1));
        assert_eq!(
            parse(r#"{"a": 4294967296}"#)
                .map_err(|e| e.to_string())
                .and_then(|v| v.record("x", &["a"])?.integer::<u32>("a", None)),
            Err("x.a: expected an integer from 0 to 4294967295, found the number 4294967296".to_owned())
        );
        assert_eq!(value.record("x", &["a"]).err(), Some("x: unknown field `b`, expected one of `a`".to_owned()));
        let twice = parse(r#"{"a": 1, "a": 2}"#).unwrap_or(Json::Null);
        assert_eq!(twice.record("x", &["a"]).err(), Some("x: duplicate field `a`".to_owned()));
        assert_eq!(twice.member("a"), Some(&Json::Number("2".to_owned())));
    }
}
