//! Encodes the exercise catalog for the exercises page.
//!
//! The core (built here for the host, with its `toml` feature) parses and checks
//! `exercises/*.toml`; the checked catalog is written to `$OUT_DIR/exercises.catalog` with
//! `Catalog::encode`, and `src/pages/exercises/mod.rs` embeds and decodes it. So the page's
//! wasm carries neither a TOML parser nor the static check, and reads the catalog with
//! postcard instead of serde_json (ARCHITECTURE.md, "Bundles"). A file that fails the check
//! is encoded as a catalog error, which the page lists, as the CLI does.
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
    let catalog = match (only("EN_ONLY"), only("ZH_CN_ONLY")) {
        (true, false) => catalog.in_language(Lang::En),
        (false, true) => catalog.in_language(Lang::Zh),
        _ => catalog.clone(),
    };
    let bytes = catalog.encode().unwrap_or_else(|message| panic!("{message}"));
    let out = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("exercises.catalog");
    if let Err(error) = std::fs::write(&out, bytes) {
        panic!("cannot write {}: {error}", out.display());
    }
}
