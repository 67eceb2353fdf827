//! Converts `exercises/*.toml` into JSON at build time, so a program that only *uses* the
//! catalog (the website) ships serde_json, which it needs anyway, and not a TOML parser.
//!
//! Writes `$OUT_DIR/exercise_files.rs`, included by `src/exercise/catalog.rs`:
//! - `FILES_JSON`: `(file name, Ok(json) | Err(message))` in the order of
//!   `exercises/curriculum.txt`. A file that is missing or is not valid TOML becomes an
//!   `Err` here and a catalog error at run time, never a failed build: the other exercises
//!   stay usable, and `cargo test` reports the broken one.
//! - `FILES` (feature `toml`): the TOML texts themselves, for `parse_exercise` and the tests
//!   that check both paths read every file the same way.
//!
//! The conversion is generic (TOML value → JSON value, with the tags moved by
//! `src/exercise/authoring.rs`, shared with `parse_exercise`); the typed model and its checks
//! run at run time on the JSON, with the same serde attributes the TOML path uses.

use std::fmt::Write as _;
use std::path::Path;

// The same rewrite `parse_exercise` applies, so both paths read a file the same way.
#[path = "src/exercise/authoring.rs"]
mod authoring;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let dir = Path::new(&manifest).join("../../exercises");
    println!("cargo:rerun-if-changed={}", dir.display());
    let list = dir.join("curriculum.txt");
    println!("cargo:rerun-if-changed={}", list.display());
    let names: Vec<String> = std::fs::read_to_string(&list)
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_owned)
        .collect();

    let mut json =
        String::from("/// Every exercise file as JSON (or why it could not be read), in curriculum order.\n");
    json.push_str("pub const FILES_JSON: &[(&str, Result<&str, &str>)] = &[\n");
    let mut toml_texts =
        String::from("/// Every exercise file's TOML text, in curriculum order.\n#[cfg(feature = \"toml\")]\n");
    toml_texts.push_str("pub const FILES: &[(&str, &str)] = &[\n");
    for name in &names {
        let path = dir.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        let converted = std::fs::read_to_string(&path)
            .map_err(|error| format!("cannot read {name}: {error}"))
            .and_then(|text| to_json(&text));
        match converted {
            Ok(text) => {
                let _ = writeln!(json, "    ({name:?}, Ok({text:?})),");
                let _ = writeln!(toml_texts, "    ({name:?}, include_str!({:?})),", path.display().to_string());
            }
            Err(message) => {
                let _ = writeln!(json, "    ({name:?}, Err({message:?})),");
                if path.is_file() {
                    let _ = writeln!(toml_texts, "    ({name:?}, include_str!({:?})),", path.display().to_string());
                }
            }
        }
    }
    json.push_str("];\n");
    toml_texts.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("exercise_files.rs");
    if let Err(error) = std::fs::write(&out, json + &toml_texts) {
        println!("cargo:warning=cannot write {}: {error}", out.display());
    }
}

/// The TOML document as a JSON object in the model's form, or the parser's message.
fn to_json(text: &str) -> Result<String, String> {
    use serde::Deserialize as _;
    let error = |mut error: toml::de::Error| {
        error.set_input(Some(text));
        error.to_string()
    };
    let mut document = toml::de::DeTable::parse(text).map_err(error)?;
    authoring::to_model_form(document.get_mut());
    let value = serde_json::Value::deserialize(toml::de::Deserializer::from(document)).map_err(error)?;
    serde_json::to_string(&value).map_err(|error| error.to_string())
}
