//! The glossary check: no text the reader sees uses a word that `docs/glossary.toml` marks
//! as replaced, and the glossary's page names are the navigation's. The matching rules are
//! documented in the glossary itself, for its readers.

use std::path::Path;

use rebalance_core::exercise::{Kind, Topic};
use rebalance_core::Lang;

/// In texts of `lang`, `word` must not be used: the glossary's word is `term`. Phrases in
/// `allow` hold `word` with another meaning and are left out before searching.
#[derive(Debug)]
struct Rule {
    lang: Lang,
    word: String,
    term: String,
    allow: Vec<String>,
}

/// One text: the file it is in, its key there, its language.
struct Source {
    file: String,
    key: String,
    lang: Lang,
    text: String,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read_toml(path: &Path) -> toml::Table {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn strings<'t>(table: &'t toml::Table, field: &str) -> Vec<&'t str> {
    table.get(field).and_then(toml::Value::as_array).into_iter().flatten().filter_map(toml::Value::as_str).collect()
}

fn glossary() -> toml::Table {
    read_toml(&root().join("docs/glossary.toml"))
}

/// Every rule of the glossary's concepts and pages.
fn rules(glossary: &toml::Table) -> Vec<Rule> {
    let mut rules = Vec::new();
    for section in ["concept", "page"] {
        let entries = glossary.get(section).and_then(toml::Value::as_array).into_iter().flatten();
        for entry in entries.filter_map(toml::Value::as_table) {
            for lang in Lang::ALL {
                let tag = lang_field(lang);
                let term = entry.get(tag).and_then(toml::Value::as_str).unwrap_or_default().to_owned();
                for word in strings(entry, &format!("replaced_{tag}")) {
                    let allow = strings(entry, "allow").into_iter().map(str::to_owned).collect();
                    rules.push(Rule { lang, word: word.to_owned(), term: term.clone(), allow });
                }
            }
        }
    }
    rules
}

/// The glossary's field for `lang` (`zh`, `en`), as in the exercise files.
fn lang_field(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "zh",
        Lang::En => "en",
    }
}

/// `text` without its placeholders (`{lag}`, `{n:count queue/queues}`), each left as a space.
fn without_placeholders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => {
                depth -= 1;
                out.push(' ');
            }
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Whether `text` uses the replaced word of `rule`: a word of Latin letters as a whole word
/// with its case, any other word anywhere; placeholders and allowed phrases left out.
fn uses(text: &str, rule: &Rule) -> bool {
    let mut text = without_placeholders(text);
    for phrase in &rule.allow {
        text = text.replace(phrase.as_str(), " ");
    }
    if !rule.word.is_ascii() {
        return text.contains(&rule.word);
    }
    text.match_indices(&rule.word).any(|(i, word)| {
        let before = text[..i].chars().next_back().is_some_and(is_word_char);
        let after = text[i + word.len()..].chars().next().is_some_and(is_word_char);
        !before && !after
    })
}

/// Every string in `value` with its dotted key (`parts.2.label.zh`).
fn flatten(prefix: &str, value: &toml::Value, out: &mut Vec<(String, String)>) {
    let join = |key: &str| if prefix.is_empty() { key.to_owned() } else { format!("{prefix}.{key}") };
    match value {
        toml::Value::String(text) => out.push((prefix.to_owned(), text.clone())),
        toml::Value::Table(table) => table.iter().for_each(|(key, value)| flatten(&join(key), value, out)),
        toml::Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| flatten(&join(&i.to_string()), v, out)),
        _ => {}
    }
}

fn toml_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        .collect();
    files.sort();
    files
}

/// The UI texts: `src/i18n/<lang>.toml` and `src/i18n/<lang>/*.toml`.
fn ui_texts() -> Vec<Source> {
    let dir = root().join("src/i18n");
    let mut found = Vec::new();
    for lang in Lang::ALL {
        let mut files = vec![dir.join(format!("{}.toml", lang.code()))];
        files.extend(toml_files(&dir.join(lang.code())));
        for path in files {
            let mut entries = Vec::new();
            flatten("", &toml::Value::Table(read_toml(&path)), &mut entries);
            let file = path.strip_prefix(root()).unwrap_or(&path).display().to_string();
            found.extend(entries.into_iter().map(|(key, text)| Source { file: file.clone(), key, lang, text }));
        }
    }
    found
}

/// The exercises', the lessons' and the mock interview's texts: every text under a `zh` / `en`
/// key of `exercises/*.toml`, `lessons/*.toml` and `interview/*.toml` (a field `title.zh`, or a
/// table `[question.zh]` of texts and lists of texts).
fn exercise_texts() -> Vec<Source> {
    let mut found = Vec::new();
    let dirs = ["exercises", "lessons", "interview"];
    for path in dirs.into_iter().flat_map(|dir| toml_files(&root().join(dir))) {
        let mut entries = Vec::new();
        flatten("", &toml::Value::Table(read_toml(&path)), &mut entries);
        let file = path.strip_prefix(root()).unwrap_or(&path).display().to_string();
        for (key, text) in entries {
            let lang = key.split('.').find_map(|part| Lang::ALL.into_iter().find(|&lang| lang_field(lang) == part));
            if let Some(lang) = lang {
                found.push(Source { file: file.clone(), key, lang, text });
            }
        }
    }
    found
}

/// The core's own titles of topics and kinds.
fn core_texts() -> Vec<Source> {
    let titles = Topic::ALL
        .into_iter()
        .map(|t| (format!("Topic::{}", t.name()), t.title()))
        .chain(Kind::ALL.into_iter().map(|k| (format!("Kind::{}", k.name()), k.title())));
    titles
        .flat_map(|(key, title)| {
            Lang::ALL.map(|lang| Source {
                file: "crates/rebalance_core/src/exercise/model.rs".to_owned(),
                key: key.clone(),
                lang,
                text: title.get(lang).to_owned(),
            })
        })
        .collect()
}

#[test]
fn the_matching_follows_the_glossarys_rules() {
    let rule = |word: &str, allow: &[&str]| Rule {
        lang: Lang::Zh,
        word: word.to_owned(),
        term: String::new(),
        allow: allow.iter().map(|&a| a.to_owned()).collect(),
    };
    assert!(uses("总 lag", &rule("lag", &[])));
    assert!(!uses("总 Lag", &rule("lag", &[])), "case matters");
    assert!(!uses("Lag = {lag}，{lag:count x/y}", &rule("lag", &[])), "placeholders are left out");
    assert!(!uses("three_queue_lag、flagged", &rule("lag", &[])), "whole words only");
    assert!(uses("（lag）", &rule("lag", &[])));
    assert!(uses("消费组堆积", &rule("堆积", &[])), "any other word matches anywhere");
    assert!(!uses("断电、网络分区", &rule("分区", &["网络分区"])));
    assert!(uses("网络分区与分区", &rule("分区", &["网络分区"])));
    assert!(!uses("#Inflight 列", &rule("Inflight", &["#Inflight"])));
}

#[test]
fn no_text_uses_a_word_the_glossary_replaces() {
    let rules = rules(&glossary());
    assert!(rules.len() >= 20, "the glossary looks truncated: {} rules", rules.len());
    let (ui, exercises) = (ui_texts(), exercise_texts());
    assert!(
        ui.len() >= 1000 && exercises.len() >= 800,
        "found only {} UI and {} exercise texts",
        ui.len(),
        exercises.len()
    );
    let mut found = Vec::new();
    for source in ui.iter().chain(&exercises).chain(&core_texts()) {
        for rule in rules.iter().filter(|rule| rule.lang == source.lang && uses(&source.text, rule)) {
            found.push(format!(
                "{}: `{}` ({}) uses “{}”; the glossary's word is “{}”",
                source.file,
                source.key,
                source.lang.code(),
                rule.word,
                rule.term
            ));
        }
    }
    assert!(found.is_empty(), "{} texts use replaced words (docs/glossary.toml):\n{}", found.len(), found.join("\n"));
}

#[test]
fn the_glossarys_page_names_are_the_navigations() {
    let ui = ui_texts();
    let pages = glossary().get("page").and_then(toml::Value::as_array).cloned().unwrap_or_default();
    let navs = ui.iter().filter(|s| s.key.starts_with("nav.") && s.key != "nav.label").count();
    assert_eq!(pages.len() * Lang::ALL.len(), navs, "every page of the navigation is in the glossary, once");
    for page in pages.iter().filter_map(toml::Value::as_table) {
        let nav = page.get("nav").and_then(toml::Value::as_str).unwrap_or_default();
        for lang in Lang::ALL {
            let named = page.get(lang_field(lang)).and_then(toml::Value::as_str);
            let shown = ui.iter().find(|s| s.lang == lang && s.key == format!("nav.{nav}")).map(|s| s.text.as_str());
            assert_eq!(named, shown, "{}: the glossary names page `{nav}` otherwise than `nav.{nav}`", lang.code());
        }
    }
}
