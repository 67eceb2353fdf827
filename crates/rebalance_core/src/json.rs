//! A small JSON (RFC 8259) reader and writer for the two documents the exercises page reads
//! and writes: stored progress ([`crate::exercise::load_progress`]) and answers
//! ([`crate::exercise::Answer`]). Everything else in the project that speaks JSON (the CLI)
//! uses serde_json.
//!
//! Why not serde_json here too: on the exercises page its parser, its float printer and
//! serde's per-type visitors for these types cost ~20 KB gzip of a 250 KB budget
//! (BENCHMARKS.md, session 7). This reader builds a plain tree and the types read what they
//! need from it, reusing the number parsing and printing the page has anyway. It accepts and
//! refuses what serde_json does and gives the same values: `tests/json.rs` checks it against
//! serde_json on generated documents. It never panics and refuses nesting deeper than 127
//! levels (as serde_json does), so no text can exhaust the stack.

use std::fmt::{self, Write as _};

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

/// Why a text is not JSON, and where (line and column count from 1; the column counts
/// characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// What was wrong.
    pub message: &'static str,
    /// Line of the offending character.
    pub line: usize,
    /// Column of the offending character.
    pub column: usize,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at line {} column {}", self.message, self.line, self.column)
    }
}

impl std::error::Error for SyntaxError {}

/// Lists and objects nested deeper than this are refused (serde_json's limit).
const MAX_DEPTH: usize = 127;

/// Parses one JSON document (whitespace around it allowed, nothing else).
pub fn parse(text: &str) -> Result<Json, SyntaxError> {
    let mut parser = Parser { text, pos: 0 };
    let value = parser.value(0)?;
    parser.skip_whitespace();
    match parser.peek() {
        None => Ok(value),
        Some(_) => Err(parser.error("trailing characters")),
    }
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        self.pos += usize::from(found);
        found
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn skip_digits(&mut self) -> usize {
        let start = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        self.pos - start
    }

    fn error(&self, message: &'static str) -> SyntaxError {
        let before = self.text.get(..self.pos).unwrap_or(self.text);
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line = before.matches('\n').count() + 1;
        let column = before.get(line_start..).map_or(0, |l| l.chars().count()) + 1;
        SyntaxError { message, line, column }
    }

    fn value(&mut self, depth: usize) -> Result<Json, SyntaxError> {
        self.skip_whitespace();
        match self.peek() {
            None => Err(self.error("EOF while parsing a value")),
            Some(b'n') => self.word("null", Json::Null),
            Some(b't') => self.word("true", Json::Bool(true)),
            Some(b'f') => self.word("false", Json::Bool(false)),
            Some(b'"') => self.string().map(Json::String),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(b'[' | b'{') if depth >= MAX_DEPTH => Err(self.error("recursion limit exceeded")),
            Some(b'[') => self.array(depth),
            Some(b'{') => self.object(depth),
            Some(_) => Err(self.error("expected value")),
        }
    }

    fn word(&mut self, word: &str, value: Json) -> Result<Json, SyntaxError> {
        for &expected in word.as_bytes() {
            if !self.eat(expected) {
                return Err(self.error(if self.peek().is_none() {
                    "EOF while parsing a value"
                } else {
                    "expected ident"
                }));
            }
        }
        Ok(value)
    }

    fn number(&mut self) -> Result<Json, SyntaxError> {
        let start = self.pos;
        self.eat(b'-');
        let integer = self.skip_digits();
        let leading_zero = integer > 1
            && self.text.as_bytes().get(start..).is_some_and(|b| b.starts_with(b"0") || b.starts_with(b"-0"));
        let mut valid = integer > 0 && !leading_zero;
        if self.eat(b'.') {
            valid &= self.skip_digits() > 0;
        }
        if self.eat(b'e') || self.eat(b'E') {
            let _ = self.eat(b'+') || self.eat(b'-');
            valid &= self.skip_digits() > 0;
        }
        if !valid {
            return Err(self.error("invalid number"));
        }
        let literal = self.text.get(start..self.pos).unwrap_or_default();
        match crate::number::parse_f64(literal) {
            Some(x) if x.is_finite() => Ok(Json::Number(literal.to_owned())),
            _ => Err(self.error("number out of range")),
        }
    }

    fn string(&mut self) -> Result<String, SyntaxError> {
        self.pos += 1; // the opening quote
        let mut out = String::new();
        loop {
            let start = self.pos;
            while self.peek().is_some_and(|b| b != b'"' && b != b'\\' && b >= 0x20) {
                self.pos += 1;
            }
            // The run stops only at ASCII bytes, which are character boundaries.
            out.push_str(self.text.get(start..self.pos).unwrap_or_default());
            match self.peek() {
                None => return Err(self.error("EOF while parsing a string")),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    out.push(self.escape()?);
                }
                Some(_) => return Err(self.error("control character (\\u0000-\\u001F) found while parsing a string")),
            }
        }
    }

    fn escape(&mut self) -> Result<char, SyntaxError> {
        let Some(byte) = self.peek() else { return Err(self.error("EOF while parsing a string")) };
        self.pos += 1;
        Ok(match byte {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let first = self.hex4()?;
                let code = match first {
                    0xDC00..=0xDFFF => return Err(self.error("lone trailing surrogate in hex escape")),
                    0xD800..=0xDBFF => {
                        if !(self.eat(b'\\') && self.eat(b'u')) {
                            return Err(self.error("unexpected end of hex escape"));
                        }
                        let second = self.hex4()?;
                        if !(0xDC00..=0xDFFF).contains(&second) {
                            return Err(self.error("lone leading surrogate in hex escape"));
                        }
                        0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                    }
                    _ => first,
                };
                char::from_u32(code).ok_or_else(|| self.error("invalid unicode code point"))?
            }
            _ => return Err(self.error("invalid escape")),
        })
    }

    fn hex4(&mut self) -> Result<u32, SyntaxError> {
        let mut code = 0;
        for _ in 0..4 {
            let digit = self.peek().and_then(|b| char::from(b).to_digit(16));
            let Some(digit) = digit else {
                return Err(self.error(if self.peek().is_none() {
                    "EOF while parsing a string"
                } else {
                    "invalid escape"
                }));
            };
            self.pos += 1;
            code = code * 16 + digit;
        }
        Ok(code)
    }

    fn array(&mut self, depth: usize) -> Result<Json, SyntaxError> {
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_whitespace();
        if self.eat(b']') {
            return Ok(Json::Array(items));
        }
        loop {
            items.push(self.value(depth + 1)?);
            self.skip_whitespace();
            if self.eat(b']') {
                return Ok(Json::Array(items));
            }
            if !self.eat(b',') {
                return Err(self.error(if self.peek().is_none() {
                    "EOF while parsing a list"
                } else {
                    "expected `,` or `]`"
                }));
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Json, SyntaxError> {
        self.pos += 1;
        let mut members = Vec::new();
        self.skip_whitespace();
        if self.eat(b'}') {
            return Ok(Json::Object(members));
        }
        loop {
            self.skip_whitespace();
            match self.peek() {
                Some(b'"') => {}
                None => return Err(self.error("EOF while parsing an object")),
                Some(_) => return Err(self.error("key must be a string")),
            }
            let name = self.string()?;
            self.skip_whitespace();
            if !self.eat(b':') {
                return Err(self.error(if self.peek().is_none() {
                    "EOF while parsing an object"
                } else {
                    "expected `:`"
                }));
            }
            members.push((name, self.value(depth + 1)?));
            self.skip_whitespace();
            if self.eat(b'}') {
                return Ok(Json::Object(members));
            }
            if !self.eat(b',') {
                return Err(self.error(if self.peek().is_none() {
                    "EOF while parsing an object"
                } else {
                    "expected `,` or `}`"
                }));
            }
        }
    }
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
            Json::Number(n) => crate::number::parse_f64(n),
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

/// Appends `text` as a JSON string (escaped as serde_json does: `"`, `\`, and control
/// characters; everything else as is).
pub fn write_str(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if c < ' ' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends `x` as a JSON number as serde_json writes it: the shortest text that reads back
/// to the same `f64` (`1000.0`, `0.25`, `0.00001`, `1e+21`, `-2.5e-7`); `null` when not
/// finite.
pub fn write_f64(out: &mut String, x: f64) {
    if !x.is_finite() {
        out.push_str("null");
        return;
    }
    // `{:?}` is the shortest round trip, in exponent form below 1e-4 and from 1e16.
    let text = format!("{x:?}");
    match text.split_once('e') {
        Some((mantissa, exp)) if !exp.starts_with('-') => {
            let _ = write!(out, "{mantissa}e+{exp}");
        }
        Some((_, "-5")) => {
            let _ = write!(out, "{x}");
        }
        _ => out.push_str(&text),
    }
}

/// Appends the items of `items` as a JSON list, each written by `write`.
pub fn write_list<T>(out: &mut String, items: &[T], mut write: impl FnMut(&mut String, &T)) {
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write(out, item);
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_values_and_keeps_number_text() {
        let value = parse(" {\"a\": [1, -2.5e3, true, null, \"x\\u00e9\\ud83d\\ude00\"], \"b\": {}} ");
        let expected = Json::Object(vec![
            (
                "a".to_owned(),
                Json::Array(vec![
                    Json::Number("1".to_owned()),
                    Json::Number("-2.5e3".to_owned()),
                    Json::Bool(true),
                    Json::Null,
                    Json::String("xé😀".to_owned()),
                ]),
            ),
            ("b".to_owned(), Json::Object(vec![])),
        ]);
        assert_eq!(value, Ok(expected));
        assert_eq!(parse("18446744073709551615").ok().and_then(|v| v.as_u64()), Some(u64::MAX));
        assert_eq!(parse("18446744073709551616").ok().and_then(|v| v.as_u64()), None);
        assert_eq!(parse("-3").ok().and_then(|v| v.as_i64()), Some(-3));
        assert_eq!(parse("1.0").ok().and_then(|v| v.as_u64()), None);
    }

    #[test]
    fn refuses_with_position() {
        let error = |text: &str| parse(text).err().map(|e| e.to_string());
        assert_eq!(error(""), Some("EOF while parsing a value at line 1 column 1".to_owned()));
        assert_eq!(error("{\n  \"a\" 1}"), Some("expected `:` at line 2 column 7".to_owned()));
        assert_eq!(error("[1] x"), Some("trailing characters at line 1 column 5".to_owned()));
        assert_eq!(error("01"), Some("invalid number at line 1 column 3".to_owned()));
        assert_eq!(error("1e999"), Some("number out of range at line 1 column 6".to_owned()));
        assert_eq!(error("\"\\ud800\""), Some("unexpected end of hex escape at line 1 column 8".to_owned()));
        assert_eq!(error(&"[".repeat(128)), Some("recursion limit exceeded at line 1 column 128".to_owned()));
        assert!(parse(&format!("{}{}", "[".repeat(127), "]".repeat(127))).is_ok());
    }

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

    #[test]
    fn writes_strings_and_numbers_as_serde_json_reads_them() {
        let mut out = String::new();
        write_str(&mut out, "a\"\\\n\u{1}é");
        assert_eq!(out, r#""a\"\\\n\u0001é""#);
        out.clear();
        write_list(&mut out, &[1000.0, 0.25, -0.0, 1e21, f64::NAN], |o, x| write_f64(o, *x));
        assert_eq!(out, "[1000.0,0.25,-0.0,1e+21,null]");
    }
}
