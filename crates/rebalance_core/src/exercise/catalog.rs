//! The exercise files, embedded at compile time, parsed once.
//!
//! The authored format is TOML (`exercises/*.toml`); `build.rs` converts each file to JSON
//! in the model's form (tags moved by [`super::authoring`]), and the catalog reads that JSON,
//! so programs that only use the catalog (the website) carry no TOML parser. [`parse_exercise`] reads TOML directly, for the `toml` feature's
//! users (the CLI, the tests); both paths apply the same serde model and the same checks.

use std::sync::OnceLock;

use super::model::{Exercise, FORMAT_VERSION};
use super::validate::validate;
use super::ExerciseError;

// `FILES_JSON` (and, with the `toml` feature, `FILES`): written by `build.rs` from
// `exercises/curriculum.txt` and the files it lists.
include!(concat!(env!("OUT_DIR"), "/exercise_files.rs"));

/// The parsed exercises, plus every file that failed (the rest stay usable).
#[derive(Debug, Clone, PartialEq)]
pub struct Catalog {
    /// The exercises that parsed and passed the static check, in curriculum order.
    pub exercises: Vec<Exercise>,
    /// One error per file that did not.
    pub errors: Vec<ExerciseError>,
}

impl Catalog {
    /// The exercise with this id.
    pub fn get(&self, id: &str) -> Option<&Exercise> {
        self.exercises.iter().find(|e| e.id == id)
    }
}

/// The embedded catalog (parsed on first use).
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let mut catalog = Catalog { exercises: Vec::new(), errors: Vec::new() };
        for &(file, json) in FILES_JSON {
            let parsed = json.map_err(|message| file_error(file, message)).and_then(|json| parse_json(file, json));
            match parsed {
                Ok(ex) if catalog.get(&ex.id).is_some() => {
                    catalog.errors.push(file_error(file, format!("duplicate id {}", ex.id)));
                }
                Ok(ex) => catalog.exercises.push(ex),
                Err(e) => catalog.errors.push(e),
            }
        }
        catalog
    })
}

fn file_error(file: &str, message: impl Into<String>) -> ExerciseError {
    ExerciseError::File { file: file.to_owned(), message: message.into() }
}

/// Parses one exercise file (TOML) and runs the static check; the id must match the file name.
#[cfg(feature = "toml")]
pub fn parse_exercise(file: &str, text: &str) -> Result<Exercise, ExerciseError> {
    use serde::Deserialize as _;
    let error = |mut e: toml::de::Error| {
        e.set_input(Some(text));
        file_error(file, e.to_string())
    };
    let mut document = toml::de::DeTable::parse(text).map_err(error)?;
    super::authoring::to_model_form(document.get_mut());
    let ex = Exercise::deserialize(toml::de::Deserializer::from(document)).map_err(error)?;
    check(file, ex)
}

/// Like [`parse_exercise`], for the JSON that `build.rs` made of a TOML file.
pub fn parse_json(file: &str, json: &str) -> Result<Exercise, ExerciseError> {
    let ex: Exercise = serde_json::from_str(json).map_err(|e| file_error(file, e.to_string()))?;
    check(file, ex)
}

fn check(file: &str, ex: Exercise) -> Result<Exercise, ExerciseError> {
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
