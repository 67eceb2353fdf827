//! The exercise catalog: the files parsed and checked, and its compact encoding.
//!
//! The authored format is TOML (`exercises/*.toml`). With the `toml` feature (the CLI, the
//! tests, the website's build script) the files are embedded and [`catalog`] parses them on
//! first use. The website carries no TOML parser and no checks: its build script encodes the
//! checked catalog ([`Catalog::encode`], postcard) and the page decodes those bytes
//! ([`Catalog::decode`]). postcard's reader is much smaller than serde_json's for the same
//! types (about 29 KB of the exercises page's gzipped wasm), which is why the model is
//! externally tagged (see [`super::authoring`]) and its untagged types read by format.
//!
//! *Invariant:* encoded bytes only ever hold exercises that passed the static check.

use serde::{Deserialize, Serialize};

#[cfg(feature = "toml")]
use super::model::FORMAT_VERSION;
use super::model::{Exercise, Lang, Text};
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
const MAGIC: &[u8] = b"rebalance-lab/catalog/1\n";

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

    /// The catalog with every text in `lang` only (the other translation empty): what a
    /// one-language build of the exercises page embeds, about half the bytes.
    pub fn in_language(&self, lang: Lang) -> Catalog {
        let mut catalog = self.clone();
        for exercise in &mut catalog.exercises {
            for text in exercise.texts_mut() {
                text.keep_only(lang);
            }
        }
        catalog
    }

    /// The catalog as bytes for [`Catalog::decode`] (the website's build script embeds them).
    pub fn encode(&self) -> Result<Vec<u8>, String> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend(postcard::to_allocvec(self).map_err(|e| format!("cannot encode the catalog: {e}"))?);
        Ok(bytes)
    }

    /// Reads [`Catalog::encode`]'s bytes; never panics. Bytes that do not decode give an
    /// empty catalog with one error saying why.
    pub fn decode(bytes: &[u8]) -> Catalog {
        let decoded = match bytes.strip_prefix(MAGIC) {
            Some(body) => postcard::from_bytes(body).map_err(|e| e.to_string()),
            None => Err("not an encoded catalog of this version".to_owned()),
        };
        decoded.unwrap_or_else(|message| Catalog {
            exercises: Vec::new(),
            errors: vec![file_error("catalog", format!("cannot read the embedded catalog: {message}"))],
        })
    }
}

/// The first line of a text pack: what it is, then the exercise id, language and text count.
const PACK_MAGIC: &str = "rebalance-lab/texts/1";
/// Between two texts of a pack (ASCII record separator; [`super::validate`] keeps it out of texts).
pub const PACK_SEPARATOR: char = '\u{1e}';

impl Catalog {
    /// The catalog with only the titles (every other text empty): with [`Catalog::in_language`],
    /// what the release exercises page embeds; the other texts of an exercise come with its
    /// [`text_pack`] when it is opened.
    pub fn titles_only(&self) -> Catalog {
        let mut catalog = self.clone();
        for exercise in &mut catalog.exercises {
            for text in packed_texts(exercise) {
                *text = Text::default();
            }
        }
        catalog
    }

    /// Every exercise's `(id, file name, pack)` in `lang` ([`text_pack`], [`text_pack_file`]):
    /// the site's build script names the files in the page, the xtask writes them to `dist/`.
    pub fn text_packs(&self, lang: Lang) -> Result<Vec<(String, String, String)>, String> {
        self.exercises
            .iter()
            .map(|ex| text_pack(ex, lang).map(|pack| (ex.id.clone(), text_pack_file(&ex.id, &pack), pack)))
            .collect()
    }
}

/// The texts a pack holds: every text of [`Exercise::texts_mut`] but the first, the title
/// (which the page embeds), in that order.
fn packed_texts(exercise: &mut Exercise) -> Vec<&mut Text> {
    exercise.texts_mut().into_iter().skip(1).collect()
}

/// An exercise's [`packed_texts`] in `lang`: a header line, then the texts separated by
/// [`PACK_SEPARATOR`]. Fails if a text holds the separator (the static check refuses such
/// files).
pub fn text_pack(exercise: &Exercise, lang: Lang) -> Result<String, String> {
    let mut copy = exercise.clone();
    let texts: Vec<&str> = packed_texts(&mut copy).into_iter().map(|t| t.get(lang)).collect();
    if texts.iter().any(|t| t.contains(PACK_SEPARATOR)) {
        return Err(format!("exercise {}: a text holds U+001E, which separates the texts of a pack", exercise.id));
    }
    Ok(format!(
        "{PACK_MAGIC} {} {} {}\n{}",
        exercise.id,
        lang.code(),
        texts.len(),
        texts.join(&PACK_SEPARATOR.to_string())
    ))
}

/// `exercise` (from [`Catalog::titles_only`]) with the texts of `pack` ([`text_pack`]) in
/// `lang`; never panics. A pack for another exercise, language or number of texts is refused
/// with a sentence saying so.
pub fn with_text_pack(mut exercise: Exercise, lang: Lang, pack: &str) -> Result<Exercise, String> {
    let id = exercise.id.clone();
    let mut targets = packed_texts(&mut exercise);
    let count = targets.len();
    let (header, body) = pack.split_once('\n').unwrap_or((pack, ""));
    let expected = format!("{PACK_MAGIC} {id} {} {count}", lang.code());
    if header != expected {
        return Err(format!("the texts of exercise {id} do not fit this page (expected {expected:?}, got {header:?})"));
    }
    let texts: Vec<&str> = if count == 0 { Vec::new() } else { body.split(PACK_SEPARATOR).collect() };
    if texts.len() != count {
        return Err(format!("the texts of exercise {id} hold {} texts, not {count}", texts.len()));
    }
    for (target, text) in targets.iter_mut().zip(texts) {
        *target.get_mut(lang) = text.to_owned();
    }
    drop(targets);
    Ok(exercise)
}

/// The file name of a pack: `<id>-<first 10 hex digits of its MD5>.txt`, so a changed text is
/// a new URL (static hosts may cache old ones for long).
pub fn text_pack_file(id: &str, pack: &str) -> String {
    use md5::{Digest, Md5};
    let digest = Md5::digest(pack.as_bytes());
    let hex: String = digest.iter().take(5).map(|b| format!("{b:02x}")).collect();
    format!("{id}-{hex}.txt")
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
