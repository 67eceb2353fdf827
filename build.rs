//! Encodes the exercise catalog for the exercises page.
//!
//! The core (built here for the host, with its `toml` feature) parses and checks
//! `exercises/*.toml`; the checked catalog is written to `$OUT_DIR/exercises.catalog` with
//! `Catalog::encode`, and `src/pages/exercises/mod.rs` embeds and decodes it. So the page's
//! wasm carries neither a TOML parser nor the static check, and reads the catalog with
//! postcard instead of serde_json (ARCHITECTURE.md, "Bundles"). A file that fails the check
//! is encoded as a catalog error, which the page lists, as the CLI does.
//!
//! A one-language build (features `en-only`, `zh-cn-only`: the release exercises page) embeds
//! only the titles ([`Catalog::titles_only`]); the other texts of each exercise are a text
//! pack the page fetches when the exercise opens (`dist/exercises/<lang>/<file>`, written by
//! the xtask from the same `Catalog::text_packs`). `$OUT_DIR/exercise_texts.rs` lists the
//! pack files: `(id, file)` pairs, none when every text is embedded.
//!
//! Runs again whenever the core is rebuilt, which an edited exercise file causes (the core
//! embeds the files with `include_str!`).

use std::path::Path;

use rebalance_core::exercise::Lang;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let catalog = rebalance_core::exercise::catalog();
    for error in &catalog.errors {
        println!("cargo:warning=exercise catalog: {error}");
    }
    // A one-language build (features `en-only`, `zh-cn-only`) embeds only that language's texts.
    let only = |feature: &str| std::env::var_os(format!("CARGO_FEATURE_{feature}")).is_some();
    let lang = match (only("EN_ONLY"), only("ZH_CN_ONLY")) {
        (true, false) => Some(Lang::En),
        (false, true) => Some(Lang::Zh),
        _ => None,
    };
    let (catalog, packs) = match lang {
        Some(lang) => {
            let packs = catalog.text_packs(lang).unwrap_or_else(|message| panic!("{message}"));
            (catalog.in_language(lang).titles_only(), packs)
        }
        None => (catalog.clone(), Vec::new()),
    };
    let bytes = catalog.encode().unwrap_or_else(|message| panic!("{message}"));
    write("exercises.catalog", &bytes);
    let list: String = packs.iter().map(|(id, file, _)| format!("    ({id:?}, {file:?}),\n")).collect();
    write("exercise_texts.rs", format!("&[\n{list}]\n").as_bytes());
}

fn write(name: &str, bytes: &[u8]) {
    let out = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join(name);
    if let Err(error) = std::fs::write(&out, bytes) {
        panic!("cannot write {}: {error}", out.display());
    }
}
