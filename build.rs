//! Encodes the exercise catalog for the exercises page, and the locale files for every page.
//!
//! The core (built here for the host, with its `toml` feature) parses and checks
//! `exercises/*.toml`; the checked catalog is written to `$OUT_DIR/exercises.catalog` with
//! `Catalog::encode`, and `src/pages/exercises/mod.rs` embeds and decodes it. So the page's
//! wasm carries neither a TOML parser nor the static check, and reads the catalog with
//! postcard instead of serde_json (ARCHITECTURE.md, "Bundles"). A file that fails the check
//! is encoded as a catalog error, which the page lists, as the CLI does.
//!
//! The locale files (`src/i18n/<lang>.toml` and, per page feature compiled in,
//! `src/i18n/<lang>/<page>.toml`) are read here with the `toml` crate
//! (`src/i18n/catalog.rs`) and written as `$OUT_DIR/locale_<lang>.txt`: the sorted entries,
//! `key U+001F value U+001E …`, which `src/i18n/mod.rs` splits on first use. So no page
//! carries the parser, and a locale file that does not parse fails the build. Every build has
//! both languages.
//!
//! Runs again whenever the core is rebuilt, which an edited exercise file causes (the core
//! embeds the files with `include_str!`).

use std::path::Path;

#[path = "src/i18n/catalog.rs"]
#[allow(dead_code)]
mod locale;

/// The page features, in the order `src/i18n/mod.rs` (`Lang::source`) joins their files.
const PAGES: [&str; 5] = ["playground", "offsets", "planner", "exercises", "timeline"];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/i18n");
    let feature = |name: &str| std::env::var_os(format!("CARGO_FEATURE_{}", name.to_ascii_uppercase())).is_some();
    for dir in ["en", "zh-CN"] {
        let names: Vec<String> = std::iter::once(format!("src/i18n/{dir}.toml"))
            .chain(PAGES.iter().filter(|page| feature(page)).map(|page| format!("src/i18n/{dir}/{page}.toml")))
            .collect();
        let texts: Vec<String> = names
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap_or_else(|e| panic!("cannot read {f}: {e}")))
            .collect();
        let files: Vec<(&str, &str)> = names.iter().map(String::as_str).zip(texts.iter().map(String::as_str)).collect();
        let catalog = locale::Catalog::parse(&files).unwrap_or_else(|error| panic!("locale {dir}: {error}"));
        let mut packed = String::new();
        for (key, value) in catalog.entries() {
            if value.contains(['\u{1e}', '\u{1f}']) {
                panic!("locale {dir}: {key} holds U+001E or U+001F");
            }
            packed.push_str(key);
            packed.push('\u{1f}');
            packed.push_str(value);
            packed.push('\u{1e}');
        }
        write(&format!("locale_{dir}.txt"), packed.as_bytes());
    }

    let catalog = rebalance_core::exercise::catalog();
    for error in &catalog.errors {
        println!("cargo:warning=exercise catalog: {error}");
    }
    let bytes = catalog.encode().unwrap_or_else(|message| panic!("{message}"));
    write("exercises.catalog", &bytes);
}

fn write(name: &str, bytes: &[u8]) {
    let out = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join(name);
    if let Err(error) = std::fs::write(&out, bytes) {
        panic!("cannot write {}: {error}", out.display());
    }
}
