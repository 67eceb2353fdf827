//! Reads the locale files with the `toml` crate into dotted keys: `key` under `[nav]` is
//! `nav.key`. Used by `build.rs` (which embeds the result) and by the tests.

use std::collections::BTreeMap;

/// The texts of one language, by dotted key (`nav.offsets`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Catalog {
    entries: BTreeMap<String, String>,
}

impl Catalog {
    /// Reads the locale files of one language, `(file name, text)` in order. A file that is
    /// not TOML, a value that is not a string, and a key defined twice (in one file or in
    /// two) are errors naming the file (and the line, as the TOML reader reports it).
    pub fn parse(files: &[(&str, &str)]) -> Result<Catalog, String> {
        let mut entries = BTreeMap::new();
        for (name, text) in files {
            let table: toml::Table = toml::from_str(text).map_err(|error| format!("{name}: {error}"))?;
            flatten(name, "", &table, &mut entries)?;
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

/// Adds every string of `table` under `prefix` to `entries`.
fn flatten(
    file: &str,
    prefix: &str,
    table: &toml::Table,
    entries: &mut BTreeMap<String, String>,
) -> Result<(), String> {
    for (key, value) in table {
        let key = format!("{prefix}{key}");
        match value {
            toml::Value::String(text) => {
                if entries.insert(key.clone(), text.clone()).is_some() {
                    return Err(format!("{file}: `{key}` is defined twice"));
                }
            }
            toml::Value::Table(inner) => flatten(file, &format!("{key}."), inner, entries)?,
            other => return Err(format!("{file}: `{key}` is a {}, not a string", other.type_str())),
        }
    }
    Ok(())
}
