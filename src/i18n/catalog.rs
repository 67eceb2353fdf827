//! The parser for the locale files: a strict subset of TOML, so the files stay valid TOML.

use std::collections::BTreeMap;
use std::fmt;

/// The texts of one language, by dotted key (`nav.offsets`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Catalog {
    entries: BTreeMap<String, String>,
}

/// Why a locale file could not be read, with its 1-based line number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The 1-based line the problem is on.
    pub line: usize,
    /// What is wrong with that line.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

impl Catalog {
    /// Parses `[section]` headers, `key = "value"` lines, blank lines and `#` comments.
    pub fn parse(source: &str) -> Result<Catalog, ParseError> {
        let mut entries = BTreeMap::new();
        let mut section = String::new();
        for (index, raw) in source.lines().enumerate() {
            let error = |message: &str| ParseError { line: index + 1, message: message.to_owned() };
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(header) = line.strip_prefix('[') {
                let name = header.strip_suffix(']').ok_or_else(|| error("a section header must end with `]`"))?;
                if !is_key(name) {
                    return Err(error("a section name uses only a-z, 0-9, `_`, `-` and `.`"));
                }
                section = format!("{name}.");
                continue;
            }
            let (key, rest) = line.split_once('=').ok_or_else(|| error("expected `key = \"value\"`"))?;
            let key = key.trim();
            if !is_key(key) {
                return Err(error("a key uses only a-z, 0-9, `_`, `-` and `.`"));
            }
            let value = parse_string(rest.trim()).map_err(|message| error(&message))?;
            if entries.insert(format!("{section}{key}"), value).is_some() {
                return Err(error(&format!("duplicate key `{section}{key}`")));
            }
        }
        Ok(Catalog { entries })
    }

    /// The text for `key`, if this language has it.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries.get(key).map(String::as_str)
    }

    /// Every key with its text, sorted by key.
    pub fn entries(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

fn is_key(key: &str) -> bool {
    !key.is_empty()
        && !key.starts_with('.')
        && !key.ends_with('.')
        && !key.contains("..")
        && key.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '_' | '-' | '.'))
}

/// Reads one basic string (`"…"` with `\"`, `\\`, `\n`, `\t`), allowing a `# comment` after it.
fn parse_string(text: &str) -> Result<String, String> {
    let mut chars = text.strip_prefix('"').ok_or("a value must be a double-quoted string")?.chars();
    let mut value = String::new();
    loop {
        match chars.next() {
            None => return Err("the string is not closed with `\"`".to_owned()),
            Some('"') => break,
            Some('\\') => match chars.next() {
                Some('"') => value.push('"'),
                Some('\\') => value.push('\\'),
                Some('n') => value.push('\n'),
                Some('t') => value.push('\t'),
                _ => return Err("unknown escape; use \\\" \\\\ \\n or \\t".to_owned()),
            },
            Some(c) => value.push(c),
        }
    }
    let rest = chars.as_str().trim();
    if rest.is_empty() || rest.starts_with('#') {
        Ok(value)
    } else {
        Err(format!("unexpected text after the string: `{rest}`"))
    }
}
