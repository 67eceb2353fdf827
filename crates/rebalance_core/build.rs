//! Embeds the exercise files (feature `toml`, the CLI and the tests; the website embeds the
//! catalog its own build script encodes, see `src/exercise/catalog.rs`).
//!
//! Writes `$OUT_DIR/exercise_files.rs`, included by `src/exercise/catalog.rs`: `FILES`,
//! `(file name, Ok(TOML text) | Err(why it could not be read))` in the order of
//! `exercises/curriculum.txt`. A file that is missing becomes an `Err` here and a catalog
//! error at run time, never a failed build: the other exercises stay usable, and `cargo test`
//! reports the broken one.

use std::fmt::Write as _;
use std::path::Path;

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

    let mut files =
        String::from("/// Every exercise file's TOML text (or why it could not be read), in curriculum order.\n");
    files.push_str("pub const FILES: &[(&str, Result<&str, &str>)] = &[\n");
    for name in &names {
        let path = dir.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        let _ = match std::fs::read_to_string(&path) {
            Ok(_) => writeln!(files, "    ({name:?}, Ok(include_str!({:?}))),", path.display().to_string()),
            Err(error) => writeln!(files, "    ({name:?}, Err({:?})),", format!("cannot read {name}: {error}")),
        };
    }
    files.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("exercise_files.rs");
    if let Err(error) = std::fs::write(&out, files) {
        println!("cargo:warning=cannot write {}: {error}", out.display());
    }
}
