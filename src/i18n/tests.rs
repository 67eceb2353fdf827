//! Content checks for the locale files, plus the reader's edge cases.

use super::*;
use std::collections::BTreeSet;
use std::path::Path;

fn catalog(lang: Lang) -> Catalog {
    match Catalog::parse(&sources(lang)) {
        Ok(catalog) => catalog,
        Err(error) => panic!("{} does not parse: {error}", lang.code()),
    }
}

fn keys(lang: Lang) -> BTreeSet<String> {
    catalog(lang).entries().map(|(k, _)| k.to_owned()).collect()
}

/// Every key but the singular forms (`…_one`), which only languages with plural forms have.
fn keys_without_singulars(lang: Lang) -> BTreeSet<String> {
    keys(lang).into_iter().filter(|key| !key.ends_with(ONE)).collect()
}

#[test]
fn every_key_is_in_every_language() {
    let all: BTreeSet<String> = Lang::ALL.iter().flat_map(|&lang| keys_without_singulars(lang)).collect();
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        let missing: Vec<_> = all.difference(&keys_without_singulars(lang)).cloned().collect();
        if !missing.is_empty() {
            problems.push(format!("{} is missing {missing:?}", lang.code()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(all.len() >= 10, "the locale files look truncated");
}

#[test]
fn no_value_is_empty() {
    for lang in Lang::ALL {
        for (key, value) in catalog(lang).entries() {
            assert!(!value.trim().is_empty(), "{}: `{key}` is empty", lang.code());
        }
    }
}

fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split('{').skip(1).filter_map(|rest| rest.split_once('}').map(|(name, _)| name)).collect()
}

#[test]
fn a_singular_form_belongs_to_a_text_and_uses_only_its_placeholders() {
    for lang in Lang::ALL {
        let texts = catalog(lang);
        for (key, value) in texts.entries().filter(|(key, _)| key.ends_with(ONE)) {
            let base = texts.get(&key[..key.len() - ONE.len()]);
            assert!(base.is_some(), "{}: `{key}` is the singular of no text", lang.code());
            let extra: Vec<&str> =
                placeholders(value).difference(&placeholders(base.unwrap_or_default())).copied().collect();
            assert!(extra.is_empty(), "{}: `{key}` has placeholders its text has not: {extra:?}", lang.code());
        }
    }
    // Chinese has no plural forms.
    assert!(!keys(Lang::Zh).iter().any(|key| key.ends_with(ONE)));
}

#[test]
fn a_count_of_one_takes_the_singular_form_where_the_language_has_one() {
    let line = |lang, moved: u64| {
        t_count(
            lang,
            "page.playground.summary.line",
            moved,
            &[("moved", &moved.to_string()), ("idle", "0"), ("unassigned", "0")],
        )
    };
    assert_eq!(line(Lang::En, 1), "1 queue moved, 0 idle, 0 unassigned");
    assert_eq!(line(Lang::En, 0), "0 queues moved, 0 idle, 0 unassigned");
    assert_eq!(line(Lang::En, 2), "2 queues moved, 0 idle, 0 unassigned");
    assert_eq!(
        line(Lang::Zh, 1),
        t_args(Lang::Zh, "page.playground.summary.line", &[("moved", "1"), ("idle", "0"), ("unassigned", "0")])
    );
    // A text without a singular form is the same for every count.
    assert_eq!(t_count(Lang::En, "nav.offsets", 1, &[]), "Offsets");
}

#[test]
fn placeholders_match_across_languages() {
    let en = catalog(Lang::En);
    for lang in Lang::ALL {
        for (key, value) in catalog(lang).entries().filter(|(key, _)| !key.ends_with(ONE)) {
            let english = en.get(key).unwrap_or_default();
            assert_eq!(
                placeholders(value),
                placeholders(english),
                "{}: `{key}` has other placeholders than English",
                lang.code()
            );
        }
    }
}

/// `(path, text)` of every `.rs` file under `dir`, except this module's own files (which
/// quote the patterns the checks look for).
fn rust_sources(dir: &Path, found: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.ends_with("src/i18n") {
            continue;
        } else if path.is_dir() {
            rust_sources(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push((path.display().to_string(), std::fs::read_to_string(&path).unwrap_or_default()));
        }
    }
}

/// The literal keys of `.t("…")`, `.t_args("…"` and `.t_count("…"` calls in `sources`, with
/// the file they are in.
fn keys_used_in(sources: &[(String, String)]) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for (path, source) in sources {
        for call in [".t(\"", ".t_args(\"", ".t_count(\""] {
            for (_, rest) in source.match_indices(call).map(|(i, m)| source.split_at(i + m.len())) {
                if let Some((key, _)) = rest.split_once('"') {
                    found.push((path.clone(), key.to_owned()));
                }
            }
        }
    }
    found
}

/// Every `.rs` file under `src/`, and the page table `build.rs` generates from `pages.toml`
/// (which names each page's `nav.<id>` key).
fn site_sources() -> Vec<(String, String)> {
    let mut sources = Vec::new();
    rust_sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut sources);
    sources.push(("pages.rs (generated)".to_owned(), include_str!(concat!(env!("OUT_DIR"), "/pages.rs")).to_owned()));
    // The Troubleshoot page's tree builds its keys from the ids of its symptoms and causes.
    #[cfg(feature = "troubleshoot")]
    sources.push((
        "troubleshoot tree".to_owned(),
        crate::pages::troubleshoot_keys().into_iter().map(|key| format!("\"{key}\"\n")).collect(),
    ));
    sources
}

#[test]
fn every_key_used_in_the_source_exists() {
    let used = keys_used_in(&site_sources());
    assert!(!used.is_empty(), "found no `.t(\"…\")` calls under src/");
    let en = keys(Lang::En);
    let unknown: Vec<_> = used.iter().filter(|(_, key)| !en.contains(key)).collect();
    assert!(unknown.is_empty(), "keys used but not defined: {unknown:?}");
}

#[test]
fn every_key_defined_is_named_in_the_source() {
    let source: String = site_sources().into_iter().map(|(_, text)| text).collect();
    // A singular form is looked up through its text's key.
    let unused: Vec<String> =
        keys_without_singulars(Lang::En).into_iter().filter(|key| !source.contains(&format!("\"{key}\""))).collect();
    assert!(unused.is_empty(), "keys defined but named nowhere in src/: {unused:?}");
}

/// The words that point a reader at the project's internal documents (the spec and its
/// numbered source articles) instead of saying what the thing is; `None` for a clean text.
pub(crate) fn internal_reference(text: &str) -> Option<&'static str> {
    ["SPEC", "§", "seed article", "seed 00", "article 00", "种子文章"].into_iter().find(|word| text.contains(word))
}

#[test]
fn no_text_refers_to_internal_documents() {
    assert_eq!(internal_reference("Load the SPEC §6 example"), Some("SPEC"));
    assert_eq!(internal_reference("Spot the error (seed article 001)"), Some("seed article"));
    assert_eq!(internal_reference("Class seed"), None);
    let mut found = Vec::new();
    for lang in Lang::ALL {
        for (key, value) in catalog(lang).entries() {
            if let Some(word) = internal_reference(value) {
                found.push(format!("{}: `{key}` says {word:?}", lang.code()));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn lookups_fall_back_to_english_then_to_the_key() {
    assert_eq!(t(Lang::Zh, "nav.offsets"), "位点");
    assert_eq!(t(Lang::En, "nav.offsets"), "Offsets");
    assert_eq!(t(Lang::Zh, "no.such.key"), "no.such.key");
    assert_eq!(t_args(Lang::En, "page.not_found.body", &[("path", "/x")]), "There is no page at “/x”.");
}

#[test]
fn the_reader_flattens_tables_and_refuses_what_is_not_a_text() {
    let read = |files: &[(&str, &str)]| Catalog::parse(files);
    let catalog =
        read(&[("a.toml", "top = \"x\"\n[s.t]\nk = \"has = and # inside\" # tail\n"), ("b.toml", "[s]\nb = \"y\"")]);
    let entries: Vec<(String, String)> =
        catalog.map(|c| c.entries().map(|(k, v)| (k.to_owned(), v.to_owned())).collect()).unwrap_or_default();
    let expected = [("s.b", "y"), ("s.t.k", "has = and # inside"), ("top", "x")];
    assert_eq!(entries, expected.map(|(k, v)| (k.to_owned(), v.to_owned())));
    let error = |files: &[(&str, &str)]| read(files).err().unwrap_or_default();
    assert!(error(&[("a.toml", "a = x")]).starts_with("a.toml: "), "{}", error(&[("a.toml", "a = x")]));
    assert!(error(&[("a.toml", "\n[s\n")]).contains("line 2"), "{}", error(&[("a.toml", "\n[s\n")]));
    assert_eq!(error(&[("a.toml", "a = 1")]), "a.toml: `a` is a integer, not a string");
    assert_eq!(error(&[("a.toml", "[s]\na = \"x\""), ("b.toml", "[s]\na = \"y\"")]), "b.toml: `s.a` is defined twice");
}

#[test]
fn the_embedded_entries_are_the_parsed_locale_files() {
    // build.rs joins and parses the same files as `sources`; the page reads its output.
    for lang in Lang::ALL {
        let parsed = catalog(lang);
        let embedded: Vec<(&str, &str)> = entries(lang).to_vec();
        assert_eq!(embedded, parsed.entries().collect::<Vec<_>>(), "{}", lang.code());
        assert!(embedded.len() >= 100, "{}: only {} entries", lang.code(), embedded.len());
        assert!(embedded.windows(2).all(|w| w[0].0 < w[1].0), "sorted, no repeats");
        for (key, text) in embedded.iter().step_by(7) {
            assert_eq!(get(lang, key), Some(*text));
        }
    }
    assert_eq!(get(Lang::En, "no.such.key"), None);
    assert_eq!(get(Lang::En, ""), None);
}
