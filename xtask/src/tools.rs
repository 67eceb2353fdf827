//! The tools a build runs, installing them when missing: the `wasm32-unknown-unknown` target
//! (every build, debug and release, uses the stable toolchain), wasm-bindgen as a library,
//! `wasm-opt` and `esbuild` from `node_modules/.bin`.

use std::fs;
use std::path::{Path, PathBuf};

use crate::util::{self, Result};

/// The target every site build compiles for.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// The WebAssembly features rustc enables by default for wasm32-unknown-unknown; wasm-opt
/// must accept them, and must not add others.
const WASM_FEATURES: &[&str] = &[
    "--enable-bulk-memory",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-reference-types",
    "--enable-multivalue",
];

/// Adds the `wasm32-unknown-unknown` target through rustup when it is missing.
pub fn ensure_wasm_target() -> Result {
    let Some(targets) = util::output(util::command("rustup").args(["target", "list", "--installed"])) else {
        println!("warning: rustup not found; assuming the {WASM_TARGET} target is installed");
        return Ok(());
    };
    if targets.lines().any(|line| line.trim() == WASM_TARGET) {
        return Ok(());
    }
    util::run(util::command("rustup").args(["target", "add", WASM_TARGET]))
}

pub fn bindgen(wasm: &Path, out_dir: &Path, out_name: &str, release: bool) -> Result {
    println!("wasm-bindgen {} -> {}/{out_name}", util::show(wasm), util::show(out_dir));
    wasm_bindgen_cli_support::Bindgen::new()
        .input_path(wasm)
        .out_name(out_name)
        .web(true)?
        .typescript(false)
        .remove_name_section(release && !keep_names())
        .remove_producers_section(release)
        .generate(out_dir)
        .map_err(|error| format!("wasm-bindgen: {error:#}"))?;
    Ok(())
}

/// `PERF_PROFILE=1`: keep function names in the release wasm, so a CPU profile
/// (`cargo xtask perf`) names Rust functions. Bigger; never for a published build.
fn keep_names() -> bool {
    std::env::var_os("PERF_PROFILE").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Runs `wasm-opt -Oz` in place, installing it with `npm ci` when `node_modules` is missing.
pub fn wasm_opt(wasm: &Path) -> Result {
    let root = util::root();
    let bin = root.join("node_modules/.bin/wasm-opt");
    if !bin.exists() && root.join("package.json").exists() && !root.join("node_modules").exists() {
        if util::output(util::command("npm").arg("--version")).is_some() {
            util::run(util::command("npm").args(["ci", "--no-audit", "--no-fund"]))?;
        } else {
            println!("warning: npm is not installed; skipping wasm-opt (the wasm stays larger)");
            return Ok(());
        }
    }
    if !bin.exists() {
        println!("warning: {} is missing; skipping wasm-opt", util::show(&bin));
        return Ok(());
    }
    let optimized = wasm.with_extension("opt.wasm");
    let mut command = util::command(&bin);
    // `--zero-filled-memory`: the module defines its memory, which starts zeroed, so zero
    // bytes in data segments can go. `--low-memory-unused`: Rust's wasm32 layout puts the
    // stack first (growing down from 1 MiB), so the lowest 1 KiB is only ever reached by a
    // stack overflow; binaryen may then fold constant offsets into loads and stores.
    command.arg("-Oz").args(WASM_FEATURES).args(["--zero-filled-memory", "--low-memory-unused"]);
    if keep_names() {
        command.arg("--debuginfo");
    }
    command.arg(wasm).arg("-o").arg(&optimized);
    util::run(&mut command)?;
    fs::rename(&optimized, wasm)?;
    Ok(())
}

/// `node_modules/.bin/esbuild`, the minifier for the release build's JS and CSS, if installed
/// (`npm ci` puts it there; `wasm_opt` runs that when `node_modules` is missing).
fn esbuild() -> Option<PathBuf> {
    let bin = util::root().join("node_modules/.bin/esbuild");
    bin.exists().then_some(bin)
}

/// The minified text of a `.js` or `.css` file (esbuild, no bundling: imports, `export`s and
/// `import.meta.url` stay as they are); the file as it is when esbuild is missing.
pub fn minify(path: &Path) -> Result<Vec<u8>> {
    let Some(bin) = esbuild() else {
        println!("warning: node_modules/.bin/esbuild is missing; {} is not minified", util::show(path));
        return Ok(fs::read(path)?);
    };
    let dir = util::target_dir().join("xtask").join("minified");
    fs::create_dir_all(&dir)?;
    let out = dir.join(path.file_name().ok_or("a file to minify has no name")?);
    let mut command = util::command(&bin);
    command.arg(path).arg("--minify").arg("--log-level=warning").arg(format!("--outfile={}", out.display()));
    util::run(&mut command)?;
    let bytes = fs::read(&out)?;
    fs::remove_file(&out)?;
    Ok(bytes)
}

pub fn minify_in_place(path: &Path) -> Result {
    let bytes = minify(path)?;
    Ok(fs::write(path, bytes)?)
}
