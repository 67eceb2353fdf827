//! `cargo xtask build`: compile the site to WebAssembly and assemble `dist/`.
//!
//! 1. `cargo build -p rebalance_lab --bin rebalance_lab_site --target wasm32-unknown-unknown`:
//!    a debug build compiles every page into one wasm (bundle `all`); a release build
//!    compiles one wasm per page of `pages.toml` (`--no-default-features --features <page>`),
//!    so a visit downloads the shell and the page it opens, not all five; each wasm holds
//!    both languages, so switching language never reloads. Every build uses the stable
//!    toolchain.
//! 2. wasm-bindgen, as the `wasm-bindgen-cli-support` library pinned to the same version
//!    as `wasm-bindgen` (no CLI install needed), `--target web`, out name
//!    `rebalance_lab_<bundle>`.
//! 3. Release only: `wasm-opt -Oz` from `node_modules/.bin` (npm package `binaryen`) and the
//!    glue minified.
//! 4. `dist/`: `index.html`, `pkg/` and `static/`, with content-hashed names for the wasm,
//!    the JS and the CSS, and every URL relative (`./pkg/…`, `./static/…`) so the site works
//!    from any sub-path. `static/boot.js` receives the bundle table (page → glue and wasm),
//!    the landing page's name and the texts of `src/i18n/<lang>/shell.toml`, and starts the
//!    bundle for the page in the URL.
//! 5. Offline use: `manifest.webmanifest` (the web app manifest) and `sw.js` (the service
//!    worker, from `static/sw.js`) beside `index.html`; the worker receives its precache list,
//!    every other file of `dist/`, and a version derived from their contents.

use std::fs;
use std::path::{Path, PathBuf};

use crate::page_list::{self, Page};
use crate::tools::{self, WASM_TARGET};
use crate::util::{self, Result};
use crate::Options;

/// The stem of wasm-bindgen's output: `rebalance_lab_<bundle>.js`, `…_bg.wasm`.
const OUT_NAME: &str = "rebalance_lab";
/// The debug build's one bundle, with every page.
const ALL: &str = "all";
/// The embed view's stylesheet in `static/`, appended to each embeddable page's own.
const EMBED_CSS: &str = "embed.css";
/// The placeholder in `static/boot.js` that receives the bundle table.
const BUNDLES_MARKER: &str = "/* xtask:bundles */ {}";
/// The placeholder in `static/boot.js` that receives the landing page's bundle name.
const LANDING_MARKER: &str = "/* xtask:landing */ ''";
/// The placeholder in `static/boot.js` that receives the texts of the update notice.
const TEXTS_MARKER: &str = "/* xtask:texts */ {}";
/// The placeholder in `static/sw.js` that receives the version.
const VERSION_MARKER: &str = "/* xtask:version */ ''";
/// The placeholder in `static/sw.js` that receives the files to precache.
const FILES_MARKER: &str = "/* xtask:files */ []";
/// The service worker, at the root of `dist/` so that its scope is the whole site.
const WORKER: &str = "sw.js";
/// The web app manifest, at the root of `dist/` so that its relative `start_url` and `scope`
/// are the site's folder.
const MANIFEST: &str = "manifest.webmanifest";
/// The locale files of the texts `boot.js` shows, one per language (`src/i18n/<lang>/…`).
const SHELL_TEXTS: &str = "shell.toml";
/// The languages of the site, as `<html lang>` names them and as the locale folders are named.
const LANGS: [&str; 2] = ["en", "zh-CN"];
/// The binary target that renders the app.
const BIN: &str = "rebalance_lab_site";

/// What a build put in `dist/`.
#[derive(Debug, Clone)]
pub struct Dist {
    /// The `dist/` directory.
    pub dir: PathBuf,
    /// Every file in it.
    pub files: Vec<PathBuf>,
    /// The wasm bundles, in `pages.toml`'s order (or the one `all`).
    pub bundles: Vec<Bundle>,
}

/// One wasm and its JS glue, as named in `dist/pkg/`.
#[derive(Debug, Clone)]
pub struct Bundle {
    /// `all`, or the page feature it was built with.
    pub name: String,
    /// The hashed glue file name.
    pub glue: String,
    /// The hashed wasm file name.
    pub wasm: String,
    /// The hashed names of the page stylesheets in `static/` that `boot.js` adds for it
    /// (`index.html` links only `style.css`, which every page uses).
    pub css: Vec<String>,
}

/// Builds the site; see the module docs.
pub fn run(options: &Options) -> Result<Dist> {
    let profile = if options.release { "release" } else { "debug" };
    tools::ensure_wasm_target()?;
    let pages = pages()?;
    let ids: Vec<&str> = pages.iter().map(|page| page.id.as_str()).collect();
    let targets: Vec<&str> = if options.release { ids } else { vec![ALL] };
    let pkg = util::target_dir().join("xtask").join(format!("pkg-{profile}"));
    if pkg.exists() {
        fs::remove_dir_all(&pkg)?;
    }
    for target in &targets {
        let mut cargo = util::cargo();
        cargo.args(["build", "-p", "rebalance_lab", "--bin", BIN, "--target", WASM_TARGET]);
        if options.release {
            cargo.args(["--release", "--no-default-features", "--features", target]);
        }
        util::run(&mut cargo)?;
        let wasm = util::target_dir().join(WASM_TARGET).join(profile).join(format!("{BIN}.wasm"));
        let stem = stem(target);
        tools::bindgen(&wasm, &pkg, &stem, options.release)?;
        if options.release {
            tools::wasm_opt(&pkg.join(format!("{stem}_bg.wasm")))?;
            tools::minify_in_place(&pkg.join(format!("{stem}.js")))?;
        }
    }
    let dist = assemble(&pkg, &targets, &pages, &util::root().join("dist"), options.release)?;
    println!("built {} ({profile}, bundles: {})", util::show(&dist.dir), targets.join(", "));
    Ok(dist)
}

/// The site's pages, from `pages.toml` (its one list of pages), in order.
pub fn pages() -> Result<Vec<Page>> {
    Ok(page_list::parse(&fs::read_to_string(util::root().join("pages.toml"))?)?)
}

/// wasm-bindgen's out name of a bundle: `rebalance_lab_planner`.
fn stem(target: &str) -> String {
    format!("{OUT_NAME}_{target}")
}

/// Writes `dist/` from the bindgen output of `targets` (page ids, or `all`), `static/` and
/// `index.html`; `pages` are every page, the landing page first.
fn assemble(pkg: &Path, targets: &[&str], pages: &[Page], dist: &Path, release: bool) -> Result<Dist> {
    let root = util::root();
    if dist.exists() {
        fs::remove_dir_all(dist)?;
    }
    fs::create_dir_all(dist.join("pkg"))?;
    fs::create_dir_all(dist.join("static"))?;

    // pkg/: each glue and wasm gets a hashed name; snippets (if any) keep theirs, since
    // the glue imports them by relative path.
    let plain: Vec<(String, String)> =
        targets.iter().map(|&target| (format!("{}.js", stem(target)), format!("{}_bg.wasm", stem(target)))).collect();
    let skip: Vec<&str> = plain.iter().flat_map(|(glue, wasm)| [glue.as_str(), wasm.as_str()]).collect();
    copy_dir(pkg, &dist.join("pkg"), &skip)?;

    // static/: every .js and .css gets a hashed name; boot.js last, since it receives the
    // bundle table, which names the hashed stylesheets. `embed.css` is not a file of its own:
    // it ends the stylesheet of each page with an embed view, so no other page's visit (nor
    // boot.js's table) names it.
    let embed_css = root.join("static").join(EMBED_CSS);
    let embed_css = if release { tools::minify(&embed_css)? } else { fs::read(&embed_css)? };
    let embeds = |name: &str| pages.iter().any(|page| page.embed && format!("{}.css", page.id) == name);
    let mut renamed = Vec::new();
    let (mut boot, mut worker) = (None, None);
    for entry in fs::read_dir(root.join("static"))? {
        let path = entry?.path();
        let name = file_name(&path)?;
        if path.is_dir() {
            copy_dir(&path, &dist.join("static").join(&name), &[])?;
        } else if name == "boot.js" {
            boot = Some(fs::read_to_string(&path)?);
        } else if name == WORKER {
            worker = Some(path);
        } else if name == MANIFEST {
            fs::copy(&path, dist.join(MANIFEST))?;
        } else if name == EMBED_CSS {
            continue;
        } else if name.ends_with(".js") || name.ends_with(".css") {
            let mut bytes = if release { tools::minify(&path)? } else { fs::read(&path)? };
            if embeds(&name) {
                bytes.push(b'\n');
                bytes.extend_from_slice(&embed_css);
            }
            let hashed = write_hashed(&dist.join("static"), &name, &bytes)?;
            renamed.push((name, hashed));
        } else {
            fs::copy(&path, dist.join("static").join(&name))?;
        }
    }
    let page_css = |page: &str| -> Result<String> {
        let name = format!("{page}.css");
        renamed
            .iter()
            .find(|(plain, _)| *plain == name)
            .map(|(_, hashed)| hashed.clone())
            .ok_or_else(|| format!("static/{name} is missing (every page has its stylesheet)").into())
    };
    let mut built = Vec::new();
    for (target, (glue, wasm)) in targets.iter().zip(&plain) {
        // A page's own stylesheet, and those of the pages whose components it shows (`uses`).
        let uses = |page: &str| pages.iter().any(|p| p.id == *target && p.uses.iter().any(|u| u == page));
        let css: Vec<&str> = pages
            .iter()
            .map(|page| page.id.as_str())
            .filter(|page| *target == ALL || page == target || uses(page))
            .collect();
        built.push(Bundle {
            name: (*target).to_owned(),
            glue: write_hashed(&dist.join("pkg"), glue, &fs::read(pkg.join(glue))?)?,
            wasm: write_hashed(&dist.join("pkg"), wasm, &fs::read(pkg.join(wasm))?)?,
            css: css.iter().map(|page| page_css(page)).collect::<Result<_>>()?,
        });
    }
    let boot = boot.ok_or("static/boot.js is missing")?;
    let boot = replace_all(&boot, BUNDLES_MARKER, &bundle_table(&built))?;
    let landing = pages.first().map(|page| page.id.as_str()).ok_or("pages.toml lists no page")?;
    let boot = replace_all(&boot, LANDING_MARKER, &format!("\"{landing}\""))?;
    let texts = LANGS
        .iter()
        .map(|lang| Ok((*lang, fs::read_to_string(root.join("src/i18n").join(lang).join(SHELL_TEXTS))?)))
        .collect::<Result<Vec<_>>>()?;
    let boot = replace_all(&boot, TEXTS_MARKER, &shell_texts(&texts)?)?;
    let boot = if release { minified("boot.js", &boot)? } else { boot };
    renamed.push(("boot.js".to_owned(), write_hashed(&dist.join("static"), "boot.js", boot.as_bytes())?));

    // index.html: point at the hashed names.
    let mut html = fs::read_to_string(root.join("index.html"))?;
    for (name, hashed) in &renamed {
        html = html.replace(&format!("./static/{name}\""), &format!("./static/{hashed}\""));
    }
    if !html.contains("./static/boot-") {
        return Err("index.html must load ./static/boot.js".into());
    }
    fs::write(dist.join("index.html"), html)?;
    if !dist.join(MANIFEST).is_file() {
        return Err(format!("static/{MANIFEST} is missing").into());
    }

    // sw.js last: it lists every other file of dist/.
    let mut files = Vec::new();
    list_files(dist, &mut files)?;
    files.sort();
    let (urls, version) = precache(dist, &files)?;
    let worker = fs::read_to_string(worker.ok_or(format!("static/{WORKER} is missing"))?)?;
    let worker = replace_all(&worker, VERSION_MARKER, &format!("'{version}'"))?;
    let worker = replace_all(&worker, FILES_MARKER, &json_strings(&urls))?;
    let worker = if release { minified(WORKER, &worker)? } else { worker };
    fs::write(dist.join(WORKER), worker)?;
    files.push(dist.join(WORKER));
    files.sort();
    Ok(Dist { dir: dist.to_path_buf(), files, bundles: built })
}

/// `text` (a script named `name`) minified by esbuild.
fn minified(name: &str, text: &str) -> Result<String> {
    let unminified = util::target_dir().join("xtask").join(name);
    fs::write(&unminified, text)?;
    Ok(String::from_utf8(tools::minify(&unminified)?)?)
}

/// What the service worker precaches, and its version: the URLs of `files` (every file of
/// `dist` but the worker itself) relative to the worker, `./` for `index.html` (the URL a
/// visit opens), sorted; the version is a hash of every URL and its file's bytes, so it
/// changes when any file changes.
fn precache(dist: &Path, files: &[PathBuf]) -> Result<(Vec<String>, String)> {
    let mut entries = Vec::new();
    for file in files {
        let relative = file.strip_prefix(dist).map_err(|_| format!("{} is outside dist/", file.display()))?;
        let relative = relative.to_str().ok_or_else(|| format!("odd file name {}", file.display()))?;
        let relative = relative.replace('\\', "/");
        if relative == WORKER {
            continue;
        }
        let url = if relative == "index.html" { "./".to_owned() } else { format!("./{relative}") };
        entries.push((url, file));
    }
    entries.sort();
    let mut hash = FNV_OFFSET;
    for (url, file) in &entries {
        hash = fnv1a_from(hash, url.as_bytes());
        hash = fnv1a_from(hash, &[0]);
        hash = fnv1a_from(hash, &fs::read(file)?);
        hash = fnv1a_from(hash, &[0]);
    }
    Ok((entries.into_iter().map(|(url, _)| url).collect(), format!("{hash:016x}")))
}

/// The texts `boot.js` shows, from each language's `shell.toml` (`(lang, text)`), as a
/// JavaScript object: `{"en": {"update.available": "…", …}, "zh-CN": {…}}`. Fails naming the
/// file and key when a language lacks a key another has, or a value is not a non-empty string.
fn shell_texts(files: &[(&str, String)]) -> Result<String> {
    let mut languages = Vec::new();
    for (lang, text) in files {
        let table: toml::Table =
            toml::from_str(text).map_err(|error| format!("src/i18n/{lang}/{SHELL_TEXTS}: {error}"))?;
        let mut entries = Vec::new();
        flatten("", &table, &mut entries).map_err(|key| format!("src/i18n/{lang}/{SHELL_TEXTS}: {key}"))?;
        entries.sort();
        languages.push((*lang, entries));
    }
    let keys = |entries: &[(String, String)]| entries.iter().map(|(key, _)| key.clone()).collect::<Vec<_>>();
    if let Some(((first, first_entries), rest)) = languages.split_first() {
        for (lang, entries) in rest {
            if keys(entries) != keys(first_entries) {
                return Err(format!(
                    "src/i18n/*/{SHELL_TEXTS}: {lang} has the keys {:?}, {first} has {:?}",
                    keys(entries),
                    keys(first_entries)
                )
                .into());
            }
        }
    }
    let rows: Vec<String> = languages
        .iter()
        .map(|(lang, entries)| {
            let texts: Vec<String> =
                entries.iter().map(|(key, text)| format!("{}: {}", json_string(key), json_string(text))).collect();
            format!("{}: {{ {} }}", json_string(lang), texts.join(", "))
        })
        .collect();
    Ok(format!("{{ {} }}", rows.join(", ")))
}

/// The strings of `table` as `(dotted key, text)`; `Err(key)` for a value that is not a
/// non-empty string.
fn flatten(prefix: &str, table: &toml::Table, out: &mut Vec<(String, String)>) -> std::result::Result<(), String> {
    for (key, value) in table {
        let key = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
        match value {
            toml::Value::Table(inner) => flatten(&key, inner, out)?,
            toml::Value::String(text) if !text.trim().is_empty() => out.push((key, text.clone())),
            _ => return Err(format!("{key} must be a non-empty text")),
        }
    }
    Ok(())
}

/// `text` as a JSON (and JavaScript) string literal.
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `items` as a JSON array of strings.
fn json_strings(items: &[String]) -> String {
    let items: Vec<String> = items.iter().map(|item| json_string(item)).collect();
    format!("[{}]", items.join(", "))
}

/// The JavaScript object `boot.js` looks bundles up in (paths relative to boot.js):
/// `{"offsets": ["../pkg/….js", "../pkg/….wasm", ["./offsets-….css"]], …}`.
fn bundle_table(bundles: &[Bundle]) -> String {
    let rows: Vec<String> = bundles
        .iter()
        .map(|bundle| {
            let css: Vec<String> = bundle.css.iter().map(|css| format!("\"./{css}\"")).collect();
            format!(
                "\"{}\": [\"../pkg/{}\", \"../pkg/{}\", [{}]]",
                bundle.name,
                bundle.glue,
                bundle.wasm,
                css.join(", ")
            )
        })
        .collect();
    format!("{{ {} }}", rows.join(", "))
}

/// Replaces every `from` in `text`, failing if there is none (the template drifted).
fn replace_all(text: &str, from: &str, to: &str) -> Result<String> {
    if text.contains(from) {
        Ok(text.replace(from, to))
    } else {
        Err(format!("expected `{from}` in a template (index.html or static/boot.js)").into())
    }
}

/// Writes `bytes` to `dir` as `stem-HASH.ext` and returns that name.
fn write_hashed(dir: &Path, name: &str, bytes: &[u8]) -> Result<String> {
    let (stem, ext) = name.rsplit_once('.').unwrap_or((name, ""));
    let hashed = format!("{stem}-{}.{ext}", &format!("{:016x}", fnv1a(bytes))[..10]);
    fs::write(dir.join(&hashed), bytes)?;
    Ok(hashed)
}

/// FNV-1a's 64-bit offset basis: the hash of nothing.
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, 64 bit: a stable content hash for cache busting (not for security).
fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_from(FNV_OFFSET, bytes)
}

/// FNV-1a continued from `hash` over `bytes`, so several inputs hash as one.
fn fnv1a_from(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

fn copy_dir(from: &Path, to: &Path, skip: &[&str]) -> Result {
    fs::create_dir_all(to)?;
    for entry in fs::read_dir(from)? {
        let path = entry?.path();
        let name = file_name(&path)?;
        if skip.contains(&name.as_str()) {
            continue;
        }
        if path.is_dir() {
            copy_dir(&path, &to.join(&name), &[])?;
        } else {
            fs::copy(&path, to.join(&name))?;
        }
    }
    Ok(())
}

pub fn list_files(dir: &Path, files: &mut Vec<PathBuf>) -> Result {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            list_files(&path, files)?;
        } else {
            files.push(path);
        }
    }
    Ok(())
}

fn file_name(path: &Path) -> Result<String> {
    Ok(path
        .file_name()
        .and_then(|name| name.to_str())
        .ok_or_else(|| format!("odd file name {}", path.display()))?
        .to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_the_reference_values() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn the_bundle_table_maps_each_page_to_its_glue_and_wasm() {
        let bundle = |name: &str| Bundle {
            name: name.into(),
            glue: format!("{name}.js"),
            wasm: format!("{name}.wasm"),
            css: vec![format!("{name}-0.css")],
        };
        assert_eq!(
            bundle_table(&[bundle("playground"), bundle("offsets")]),
            r#"{ "playground": ["../pkg/playground.js", "../pkg/playground.wasm", ["./playground-0.css"]], "offsets": ["../pkg/offsets.js", "../pkg/offsets.wasm", ["./offsets-0.css"]] }"#
        );
    }

    #[test]
    fn the_page_list_reads_and_names_every_screenshot() {
        let pages = pages().unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(pages.first().map(|page| page.id.as_str()), Some("playground"), "the landing page comes first");
        let exercises = pages.iter().find(|page| page.id == "exercises").map(Page::all_screenshots);
        assert_eq!(
            exercises.unwrap_or_default(),
            ["exercises.png", "exercises-phone.png", "exercises-index-phone.png"].map(String::from)
        );
    }

    #[test]
    fn boot_js_has_both_placeholders() {
        let boot = fs::read_to_string(util::root().join("static/boot.js")).unwrap_or_default();
        assert!(
            boot.contains(BUNDLES_MARKER) && boot.contains(LANDING_MARKER) && boot.contains(TEXTS_MARKER),
            "static/boot.js drifted"
        );
        let worker = fs::read_to_string(util::root().join("static").join(WORKER)).unwrap_or_default();
        assert!(worker.contains(VERSION_MARKER) && worker.contains(FILES_MARKER), "static/sw.js drifted");
    }

    /// A small `dist/` in a temporary directory of its own (tests run in parallel).
    fn test_dist(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let dist = std::env::temp_dir().join(format!("xtask-build-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dist);
        for (path, text) in files {
            let path = dist.join(path);
            if let Some(parent) = path.parent() {
                let _ = fs::create_dir_all(parent);
            }
            let _ = fs::write(path, text);
        }
        dist
    }

    fn files_of(dist: &Path) -> Vec<PathBuf> {
        let mut files = Vec::new();
        list_files(dist, &mut files).unwrap_or_else(|error| panic!("{error}"));
        files.sort();
        files
    }

    #[test]
    fn the_worker_precaches_every_other_file_and_its_version_follows_their_bytes() {
        let dist = test_dist(
            "precache",
            &[
                ("index.html", "<!doctype html>"),
                ("manifest.webmanifest", "{}"),
                ("sw.js", "// the worker"),
                ("pkg/rebalance_lab_offsets_bg-0123456789.wasm", "\0asm"),
                ("pkg/snippets/a/b.js", "export {}"),
                ("static/boot-0123456789.js", "boot"),
                ("static/favicon.svg", "<svg/>"),
            ],
        );
        let (urls, version) = precache(&dist, &files_of(&dist)).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(
            urls,
            [
                "./",
                "./manifest.webmanifest",
                "./pkg/rebalance_lab_offsets_bg-0123456789.wasm",
                "./pkg/snippets/a/b.js",
                "./static/boot-0123456789.js",
                "./static/favicon.svg"
            ]
        );
        let version_now = || precache(&dist, &files_of(&dist)).map(|(_, version)| version).unwrap_or_default();
        assert_eq!(version_now(), version, "the same files give the same version");
        let _ = fs::write(dist.join("sw.js"), "// another worker");
        assert_eq!(version_now(), version, "the worker is not in its own version");
        let _ = fs::write(dist.join("static/favicon.svg"), "<svg></svg>");
        let changed = version_now();
        assert_ne!(changed, version, "a changed file changes the version");
        let _ = fs::write(dist.join("static/extra.css"), "");
        assert_ne!(version_now(), changed, "an added file changes the version");
        let _ = fs::remove_dir_all(&dist);
    }

    #[test]
    fn the_notice_texts_come_from_both_languages_shell_files() {
        let read = |lang: &str| fs::read_to_string(util::root().join("src/i18n").join(lang).join(SHELL_TEXTS));
        let files: Vec<(&str, String)> = LANGS.iter().map(|lang| (*lang, read(lang).unwrap_or_default())).collect();
        let texts = shell_texts(&files).unwrap_or_else(|error| panic!("{error}"));
        assert!(texts.starts_with(r#"{ "en": { "update.available": ""#), "{texts}");
        assert!(
            texts.contains(r#""zh-CN": { "update.available": ""#) && texts.contains(r#""update.reload": "#),
            "{texts}"
        );

        let check = |en: &str, zh: &str| shell_texts(&[("en", en.to_owned()), ("zh-CN", zh.to_owned())]);
        assert_eq!(
            check("[a]\nb = \"say \\\"hi\\\"\"", "[a]\nb = \"说\"").ok().as_deref(),
            Some(r#"{ "en": { "a.b": "say \"hi\"" }, "zh-CN": { "a.b": "说" } }"#)
        );
        let missing = check("[a]\nb = \"x\"\nc = \"y\"", "[a]\nb = \"x\"").err().map(|e| e.to_string());
        assert!(missing.is_some_and(|message| message.contains("zh-CN has the keys")), "a key missing in one language");
        let empty = check("[a]\nb = \" \"", "[a]\nb = \"x\"").err().map(|e| e.to_string());
        assert!(empty.is_some_and(|message| message.contains("src/i18n/en/shell.toml: a.b")), "an empty text");
        assert!(check("a = [", "").is_err(), "a file that does not parse");
    }

    #[test]
    fn replace_all_refuses_a_missing_pattern() {
        assert_eq!(replace_all("a ./x b", "./x", "./y").ok().as_deref(), Some("a ./y b"));
        assert!(replace_all("a b", "./x", "./y").is_err());
    }
}
