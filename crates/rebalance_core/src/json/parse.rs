//! Text to a [`Json`] tree (RFC 8259, as strict as serde_json).

use std::fmt;

use super::Json;

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
        match crate::float::parse_f64(literal) {
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
}
