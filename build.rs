//! Generates the page table from `pages.toml`, and encodes the exercise catalog for the
//! exercises page and the locale files for every page.
//!
//! `pages.toml` is the site's one list of pages (read with `src/page_list.rs`). From it this
//! script writes `$OUT_DIR/pages.rs` (the `Route` enum, `Route::NAV` and the page table that
//! `src/router.rs` includes) and the list of locale files the i18n tests read, and sets the
//! `all_pages` cfg when every page is compiled in (`src/pages/mod.rs` then has no fallback
//! arm, so a page without its arm does not compile). It fails the build when a listed page
//! has no Cargo feature, is missing from `default`, lacks a locale file or its stylesheet,
//! or when `[features]` has a feature no page is listed for: Cargo features cannot be
//! generated, so this keeps them in step.
//!
//! The core (built here for the host, with its `toml` feature) parses and checks
//! `exercises/*.toml`; the checked catalog is written to `$OUT_DIR/exercises.catalog` with
//! `Catalog::encode`, and `src/pages/exercises/mod.rs` embeds and decodes it. So the page's
//! wasm carries neither a TOML parser nor the static check, and reads the catalog with
//! postcard instead of serde_json (ARCHITECTURE.md, "Bundles"). A file that fails the check
//! is encoded as a catalog error, which the page lists, as the CLI does.
//!
//! The locale files (`src/i18n/<lang>.toml`, per page feature compiled in
//! `src/i18n/<lang>/<page>.toml`, and `src/i18n/<lang>/embed.toml` when one of them has an
//! embed view: the `embeds` cfg) are read here with the `toml` crate
//! (`src/i18n/catalog.rs`) and written as `$OUT_DIR/locale_<lang>.txt`: the sorted entries,
//! `key U+001F value U+001E …`, which `src/i18n/mod.rs` splits on first use. So no page
//! carries the parser, and a locale file that does not parse fails the build. Every build has
//! both languages.
//!
//! The lessons (`lessons/chapters.txt` lists the chapters in order, `lessons/<id>.toml` holds
//! one in both languages) are read here with the `toml` crate into the types of
//! `src/pages/learn/lesson.rs`, their checks parsed, and written with postcard as
//! `$OUT_DIR/lessons.bin` for the lessons page, and each chapter's id, title and step count
//! as `$OUT_DIR/lesson_index.bin` for the class page; a file that does not read fails the build,
//! naming it. What needs the pages' own URL readers (valid states, tasks that can be done)
//! is checked by the page's tests.
//!
//! Runs again whenever the core is rebuilt, which an edited exercise file causes (the core
//! embeds the files with `include_str!`).

use std::fmt::Write as _;
use std::path::Path;

#[path = "src/pages/learn/lesson.rs"]
#[allow(dead_code)]
mod lesson;
#[path = "src/i18n/catalog.rs"]
#[allow(dead_code)]
mod locale;
#[path = "src/page_list.rs"]
mod page_list;

use page_list::Page;

/// The locale directories, one per language.
const LANGS: [&str; 2] = ["en", "zh-CN"];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=pages.toml");
    println!("cargo:rerun-if-changed=Cargo.toml");
    println!("cargo:rerun-if-changed=src/page_list.rs");
    println!("cargo:rerun-if-changed=src/i18n");
    let pages = read("pages.toml");
    let pages = page_list::parse(&pages).unwrap_or_else(|error| panic!("{error}"));
    check_features(&pages, &read("Cargo.toml"));
    check_files(&pages);
    write("pages.rs", page_table(&pages).as_bytes());

    let feature = |page: &Page| std::env::var_os(format!("CARGO_FEATURE_{}", page.id.to_ascii_uppercase())).is_some();
    let compiled: Vec<&Page> = pages.iter().filter(|page| feature(page)).collect();
    println!("cargo:rustc-check-cfg=cfg(all_pages)");
    if compiled.len() == pages.len() {
        println!("cargo:rustc-cfg=all_pages");
    }
    // `embeds`: a page with an embed view is compiled in, so `src/embed.rs` and its texts are;
    // a wasm without one (the exercises page) carries neither. The lessons compile the modules
    // of the pages they show live (for their URL readers, `src/pages/mod.rs`), whose
    // components use `src/embed.rs`, so a wasm with the lessons has it too.
    let embeds = compiled.iter().any(|page| page.embed || page.id == "learn");
    println!("cargo:rustc-check-cfg=cfg(embeds)");
    if embeds {
        println!("cargo:rustc-cfg=embeds");
    }
    // A page's `uses` (pages.toml) are compiled in with it, so their texts are too.
    let mut texts_of: Vec<&str> = compiled.iter().map(|page| page.id.as_str()).collect();
    for used in compiled.iter().flat_map(|page| &page.uses) {
        if !texts_of.contains(&used.as_str()) {
            texts_of.push(used);
        }
    }
    for dir in LANGS {
        let names: Vec<String> = std::iter::once(format!("{dir}.toml"))
            .chain(texts_of.iter().map(|id| format!("{dir}/{id}.toml")))
            .chain(embeds.then(|| format!("{dir}/embed.toml")))
            .collect();
        write(&format!("locale_sources_{dir}.rs"), locale_sources(&names).as_bytes());
        let names: Vec<String> = names.iter().map(|name| format!("src/i18n/{name}")).collect();
        let texts: Vec<String> = names.iter().map(|name| read(name)).collect();
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

    // The mock interview's open questions, read and checked with the core, for its page.
    println!("cargo:rerun-if-changed=interview");
    let interview = rebalance_core::exercise::interview::Interview::parse(&read("interview/questions.toml"))
        .unwrap_or_else(|message| panic!("interview/questions.toml: {message}"));
    let problems = rebalance_core::exercise::interview::check(&interview, catalog);
    if !problems.is_empty() {
        panic!("interview/questions.toml:\n{}", problems.join("\n"));
    }
    let bytes = postcard::to_allocvec(&interview).unwrap_or_else(|error| panic!("interview: {error}"));
    write("interview.bin", &bytes);

    println!("cargo:rerun-if-changed=lessons");
    let chapters = read_lessons(catalog).unwrap_or_else(|message| panic!("{message}"));
    let bytes = postcard::to_allocvec(&chapters).unwrap_or_else(|error| panic!("lessons: {error}"));
    write("lessons.bin", &bytes);
    // The class page lists chapters and counts their steps without the lessons themselves:
    // (id, title, steps) per chapter, in order.
    let index: Vec<(&str, &lesson::Text, u16)> =
        chapters.iter().map(|c| (c.id.as_str(), &c.title, u16::try_from(c.steps.len()).unwrap_or(u16::MAX))).collect();
    let bytes = postcard::to_allocvec(&index).unwrap_or_else(|error| panic!("lessons: {error}"));
    write("lesson_index.bin", &bytes);
}

/// A chapter as authored in `lessons/<id>.toml`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ChapterFile {
    title: lesson::Text,
    summary: lesson::Text,
    exercises: Vec<String>,
    step: Vec<StepFile>,
}

/// A `[[step]]`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct StepFile {
    title: lesson::Text,
    text: lesson::Text,
    /// `playground`, `offsets`, `planner`, `troubleshoot` or `timeline`.
    widget: String,
    /// The page's query for the state it opens in.
    state: String,
    task: Option<TaskFile>,
}

/// A step's `[step.task]`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TaskFile {
    goal: lesson::Text,
    check: Vec<String>,
    hint: lesson::Text,
    solution: String,
}

/// Every chapter of `lessons/chapters.txt`, in its order, its exercises named by their titles
/// in `catalog`.
fn read_lessons(catalog: &rebalance_core::exercise::catalog::Catalog) -> Result<Vec<lesson::Chapter>, String> {
    let list = read("lessons/chapters.txt");
    let ids: Vec<&str> =
        list.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#')).collect();
    ids.iter()
        .enumerate()
        .map(|(n, &id)| {
            if id.is_empty() || !id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
                return Err(format!(
                    "lessons/chapters.txt: chapter id `{id}` must be lowercase letters, digits and `-`"
                ));
            }
            if ids[..n].contains(&id) {
                return Err(format!("lessons/chapters.txt: `{id}` is listed twice"));
            }
            let path = format!("lessons/{id}.toml");
            let file: ChapterFile = toml::from_str(&read(&path)).map_err(|error| format!("{path}: {error}"))?;
            let steps = file.step.into_iter().enumerate().map(|(n, step)| {
                let at = format!("{path}: step {}", n + 1);
                let page = lesson::WidgetPage::parse(&step.widget).ok_or_else(|| {
                    format!(
                        "{at}: widget `{}` is not `playground`, `offsets`, `planner`, `troubleshoot` or `timeline`",
                        step.widget
                    )
                })?;
                let task = step.task.map(|task| {
                    let checks = task.check.iter().map(|text| {
                        let check = lesson::Check::parse(text).map_err(|error| format!("{at}: {error}"))?;
                        if check.metric.page() != page {
                            return Err(format!("{at}: `{text}` is not a fact of the {} widget", step.widget));
                        }
                        Ok(check)
                    });
                    let checks = checks.collect::<Result<Vec<_>, String>>()?;
                    if checks.is_empty() {
                        return Err(format!("{at}: a task needs a check"));
                    }
                    Ok(lesson::Task { goal: task.goal, checks, hint: task.hint, solution: task.solution })
                });
                Ok(lesson::Step {
                    title: step.title,
                    text: step.text,
                    widget: lesson::Widget { page, query: step.state },
                    task: task.transpose()?,
                })
            });
            let steps = steps.collect::<Result<Vec<_>, String>>()?;
            if steps.is_empty() {
                return Err(format!("{path}: no [[step]]"));
            }
            let exercises = file.exercises.into_iter().map(|ex| match catalog.get(&ex) {
                Some(exercise) => Ok((ex, exercise.title.clone())),
                None => Err(format!("{path}: exercise `{ex}` is not in the catalog")),
            });
            let exercises = exercises.collect::<Result<Vec<_>, String>>()?;
            Ok(lesson::Chapter { id: id.to_owned(), title: file.title, summary: file.summary, steps, exercises })
        })
        .collect()
}

/// The text of `path`, relative to the package root.
fn read(path: &str) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|error| panic!("cannot read {path}: {error}"))
}

/// Fails unless `[features]` in `manifest` (the site's Cargo.toml) has exactly one feature per
/// listed page, and `default` lists them all.
fn check_features(pages: &[Page], manifest: &str) {
    let manifest: toml::Table = toml::from_str(manifest).unwrap_or_else(|error| panic!("Cargo.toml: {error}"));
    let features = manifest.get("features").and_then(toml::Value::as_table).cloned().unwrap_or_default();
    let mut ids: Vec<&str> = pages.iter().map(|page| page.id.as_str()).collect();
    let mut problems = Vec::new();
    for id in ids.iter().filter(|id| !features.contains_key(**id)) {
        problems.push(format!("no feature `{id} = []`"));
    }
    for name in features.keys().filter(|name| *name != "default" && !ids.contains(&name.as_str())) {
        problems.push(format!("feature `{name}` is not a page of pages.toml"));
    }
    let mut default: Vec<&str> = features
        .get("default")
        .and_then(toml::Value::as_array)
        .map(|names| names.iter().filter_map(toml::Value::as_str).collect())
        .unwrap_or_default();
    default.sort_unstable();
    ids.sort_unstable();
    if default != ids {
        problems.push(format!("`default` must list every page and nothing else: {ids:?}, not {default:?}"));
    }
    if !problems.is_empty() {
        panic!("Cargo.toml [features] does not match pages.toml (one feature per page):\n  {}", problems.join("\n  "));
    }
}

/// Fails unless every listed page has its locale file in each language and its stylesheet,
/// and, when one has an embed view, the embed view's texts and stylesheet.
fn check_files(pages: &[Page]) {
    let mut missing = Vec::new();
    for page in pages {
        let files = LANGS.iter().map(|dir| format!("src/i18n/{dir}/{}.toml", page.id));
        let embed = ["src/i18n/en/embed.toml", "src/i18n/zh-CN/embed.toml", "static/embed.css"];
        let embed = embed.into_iter().filter(|_| page.embed).map(str::to_owned);
        for file in files.chain([format!("static/{}.css", page.id)]).chain(embed) {
            if !Path::new(&file).is_file() && !missing.contains(&file) {
                missing.push(file);
            }
        }
    }
    if !missing.is_empty() {
        panic!("pages.toml lists pages without their files: {}", missing.join(", "));
    }
}

/// `$OUT_DIR/pages.rs`, which `src/router.rs` includes: `Route` (a variant per page and
/// `NotFound`), `Route::NAV` and `PAGES` (each page's route, path, bundle and nav key).
fn page_table(pages: &[Page]) -> String {
    let mut code = String::from("// Generated by build.rs from pages.toml.\n\n");
    code.push_str("/// A page of the site.\n#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]\npub enum Route {\n");
    for (n, page) in pages.iter().enumerate() {
        let _ = writeln!(code, "    /// `#{}`: {}.\n    {},", page.path(n == 0), page.about, page.variant());
    }
    code.push_str("    /// Any other `#/…` path.\n    NotFound,\n}\n\n");
    let routes: Vec<String> = pages.iter().map(|page| format!("Route::{}", page.variant())).collect();
    let _ = writeln!(
        code,
        "impl Route {{\n    /// The pages the header links to, in order: every page of `pages.toml`.\n    \
         pub const NAV: [Route; {}] = [{}];\n}}\n",
        pages.len(),
        routes.join(", ")
    );
    let _ = writeln!(code, "/// Every page of `pages.toml`, in its order.\nconst PAGES: [Page; {}] = [", pages.len());
    for (n, page) in pages.iter().enumerate() {
        let _ = writeln!(
            code,
            "    Page {{ route: Route::{}, path: {:?}, bundle: {:?}, nav_key: \"nav.{}\", subpaths: {}, #[cfg(embeds)] embed: {} }},",
            page.variant(),
            page.path(n == 0),
            page.id,
            page.id,
            page.subpaths,
            page.embed
        );
    }
    code.push_str("];\n");
    code
}

/// The expression `src/i18n/mod.rs` includes for its tests: `vec![(name, text), …]` of the
/// locale files `names` (relative to `src/i18n/`), embedded with `include_str!`.
fn locale_sources(names: &[String]) -> String {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let rows: Vec<String> = names
        .iter()
        .map(|name| {
            let path = Path::new(&dir).join("src/i18n").join(name);
            format!("    ({name:?}, include_str!({:?})),\n", path.display().to_string())
        })
        .collect();
    format!("vec![\n{}]\n", rows.concat())
}

fn write(name: &str, bytes: &[u8]) {
    let out = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join(name);
    if let Err(error) = std::fs::write(&out, bytes) {
        panic!("cannot write {}: {error}", out.display());
    }
}
