//! The exercise catalog: the files parsed and checked, and its compact encoding.
//!
//! The authored format is TOML (`exercises/*.toml`). With the `toml` feature (the CLI, the
//! tests, the website's build script) the files are embedded and [`catalog`] parses them on
//! first use. The website carries no TOML parser and no checks: its build script encodes the
//! checked catalog ([`Catalog::encode`], postcard, its texts grouped by language) and the
//! page decodes those bytes ([`Catalog::decode`]). postcard's reader is much smaller than serde_json's for the same
//! types (BENCHMARKS.md, "History"), which is why the model is
//! externally tagged (see [`super::authoring`]) and its untagged types read by format.
//!
//! *Invariant:* encoded bytes only ever hold exercises that passed the static check.

use serde::{Deserialize, Serialize};

use super::model::Exercise;
#[cfg(feature = "toml")]
use super::model::FORMAT_VERSION;
#[cfg(feature = "toml")]
use super::validate::validate;
use super::ExerciseError;

// `FILES`: written by `build.rs` from `exercises/curriculum.txt` and the files it lists.
#[cfg(feature = "toml")]
include!(concat!(env!("OUT_DIR"), "/exercise_files.rs"));

/// The parsed exercises, plus every file that failed (the rest stay usable).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Catalog {
    /// The exercises that parsed and passed the static check, in curriculum order.
    pub exercises: Vec<Exercise>,
    /// One error per file that did not.
    pub errors: Vec<ExerciseError>,
}

/// The first bytes of an encoded catalog: what it is and the file format it was made from.
const MAGIC: &[u8] = b"rebalance-lab/catalog/2\n";

impl Catalog {
    /// The exercise with this id.
    pub fn get(&self, id: &str) -> Option<&Exercise> {
        self.exercises.iter().find(|e| e.id == id)
    }

    /// Parses and checks `(file name, TOML text or why it could not be read)` files, in order;
    /// a file that fails, or repeats an id, becomes an error and the others stay usable.
    #[cfg(feature = "toml")]
    pub fn from_files(files: &[(&str, Result<&str, &str>)]) -> Catalog {
        let mut catalog = Catalog::default();
        for &(file, text) in files {
            match text.map_err(|message| file_error(file, message)).and_then(|text| parse_exercise(file, text)) {
                Ok(ex) if catalog.get(&ex.id).is_some() => {
                    catalog.errors.push(file_error(file, format!("duplicate id {}", ex.id)));
                }
                Ok(ex) => catalog.exercises.push(ex),
                Err(e) => catalog.errors.push(e),
            }
        }
        catalog
    }

    /// The catalog as bytes for [`Catalog::decode`] (the website's build script embeds them).
    ///
    /// The texts are taken out of the exercises and written after them, all Chinese texts
    /// and then all English ones ([`Encoded`]): each language's run compresses better than
    /// the two interleaved, and the page downloads these bytes gzipped.
    pub fn encode(&self) -> Result<Vec<u8>, String> {
        let mut encoded = Encoded { catalog: self.clone(), zh: Vec::new(), en: Vec::new() };
        // The SPEC references are for authors and the tests; no page shows them.
        for exercise in &mut encoded.catalog.exercises {
            exercise.spec.clear();
        }
        for text in encoded.catalog.exercises.iter_mut().flat_map(Exercise::texts_mut) {
            encoded.zh.push(std::mem::take(&mut text.zh));
            encoded.en.push(std::mem::take(&mut text.en));
        }
        let mut bytes = MAGIC.to_vec();
        bytes.extend(postcard::to_allocvec(&encoded).map_err(|e| format!("cannot encode the catalog: {e}"))?);
        Ok(bytes)
    }

    /// Reads [`Catalog::encode`]'s bytes; never panics. Bytes that do not decode give an
    /// empty catalog with one error saying why.
    pub fn decode(bytes: &[u8]) -> Catalog {
        let decoded = match bytes.strip_prefix(MAGIC) {
            Some(body) => {
                postcard::from_bytes::<Encoded>(body).map_err(|e| e.to_string()).and_then(Encoded::into_catalog)
            }
            None => Err("not an encoded catalog of this version".to_owned()),
        };
        decoded.unwrap_or_else(|message| Catalog {
            exercises: Vec::new(),
            errors: vec![file_error("catalog", format!("cannot read the embedded catalog: {message}"))],
        })
    }
}

/// The encoded form: the catalog with every text emptied, then its texts in
/// [`Exercise::texts_mut`] order, grouped by language.
#[derive(Serialize, Deserialize)]
struct Encoded {
    catalog: Catalog,
    zh: Vec<String>,
    en: Vec<String>,
}

impl Encoded {
    /// Puts the texts back where [`Catalog::encode`] took them from.
    fn into_catalog(self) -> Result<Catalog, String> {
        let Encoded { mut catalog, zh, en } = self;
        let mut texts = catalog.exercises.iter_mut().flat_map(Exercise::texts_mut);
        let (mut zh, mut en) = (zh.into_iter(), en.into_iter());
        for text in texts.by_ref() {
            match (zh.next(), en.next()) {
                (Some(z), Some(e)) => (text.zh, text.en) = (z, e),
                _ => return Err("fewer texts than the exercises hold".to_owned()),
            }
        }
        drop(texts);
        if zh.next().is_some() || en.next().is_some() {
            return Err("more texts than the exercises hold".to_owned());
        }
        Ok(catalog)
    }
}

/// The embedded exercise files, parsed and checked on first use.
#[cfg(feature = "toml")]
pub fn catalog() -> &'static Catalog {
    static CATALOG: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
    CATALOG.get_or_init(|| Catalog::from_files(FILES))
}

fn file_error(file: &str, message: impl Into<String>) -> ExerciseError {
    ExerciseError::File { file: file.to_owned(), message: message.into() }
}

/// Parses one exercise file (TOML) and runs the static check; the id must match the file name.
#[cfg(feature = "toml")]
pub fn parse_exercise(file: &str, text: &str) -> Result<Exercise, ExerciseError> {
    let error = |mut e: toml::de::Error| {
        e.set_input(Some(text));
        file_error(file, e.to_string())
    };
    let mut document = toml::de::DeTable::parse(text).map_err(error)?;
    super::authoring::to_model_form(document.get_mut());
    let ex = Exercise::deserialize(toml::de::Deserializer::from(document)).map_err(error)?;
    if ex.format_version != FORMAT_VERSION {
        return Err(file_error(file, format!("format_version {} is not {FORMAT_VERSION}", ex.format_version)));
    }
    if file.strip_suffix(".toml") != Some(ex.id.as_str()) {
        return Err(file_error(file, format!("id {:?} does not match the file name", ex.id)));
    }
    let problems = validate(&ex);
    if problems.is_empty() {
        Ok(ex)
    } else {
        Err(file_error(file, problems.join("; ")))
    }
}

#[cfg(all(test, feature = "toml"))]
mod tests {
    use super::*;

    fn decode_encoded(encoded: &Encoded) -> Catalog {
        let mut bytes = MAGIC.to_vec();
        bytes.extend(postcard::to_allocvec(encoded).unwrap_or_default());
        Catalog::decode(&bytes)
    }

    /// Texts that do not fill the exercises' places exactly are an error, never a panic.
    #[test]
    fn texts_must_match_the_places_they_fill() {
        let one = Catalog { exercises: catalog().exercises.iter().take(1).cloned().collect(), errors: Vec::new() };
        let too_few = Encoded { catalog: one, zh: vec!["一".to_owned()], en: vec!["one".to_owned()] };
        let too_many = Encoded { catalog: Catalog::default(), zh: vec!["一".to_owned()], en: vec!["one".to_owned()] };
        for (encoded, message) in [(too_few, "fewer texts"), (too_many, "more texts")] {
            let decoded = decode_encoded(&encoded);
            assert!(decoded.exercises.is_empty());
            assert!(decoded.errors.iter().any(|e| e.to_string().contains(message)), "{:?}", decoded.errors);
        }
    }
}
