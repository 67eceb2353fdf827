//! The catalog: every authored file parses and passes the check, and the encoding the
//! website embeds (`Catalog::encode` in the site's build script, `Catalog::decode` in the
//! page) gives back exactly the catalog the CLI and the tests read.
#![cfg(feature = "toml")]

use rebalance_core::exercise::catalog::FILES;
use rebalance_core::exercise::{catalog, parse_exercise, Catalog, ExerciseError, Lang};
use serde_json::Value;

#[test]
fn the_encoded_catalog_is_the_one_the_authors_wrote() {
    let catalog = catalog();
    let bytes = catalog.encode();
    assert!(bytes.is_ok(), "{bytes:?}");
    let bytes = bytes.unwrap_or_default();
    assert_eq!(&Catalog::decode(&bytes), catalog);
    // And the same file by file, so a difference names its file.
    for ex in &catalog.exercises {
        let one = Catalog { exercises: vec![ex.clone()], errors: Vec::new() };
        let back = one.encode().map(|b| Catalog::decode(&b));
        assert_eq!(back.as_ref(), Ok(&one), "{}", ex.id);
    }
}

#[test]
fn the_catalog_has_every_file_in_curriculum_order() {
    let catalog = catalog();
    assert!(catalog.errors.is_empty(), "{:?}", catalog.errors);
    assert!(FILES.len() >= 30, "only {} exercise files", FILES.len());
    let ids: Vec<&str> = catalog.exercises.iter().map(|e| e.id.as_str()).collect();
    let files: Vec<&str> = FILES.iter().map(|(file, _)| file.trim_end_matches(".toml")).collect();
    assert_eq!(ids, files);
    let list = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../exercises/curriculum.txt"))
        .unwrap_or_default();
    assert_eq!(list.lines().find(|l| l.ends_with(".toml")), FILES.first().map(|(file, _)| *file));
}

#[test]
fn a_broken_file_is_an_error_for_that_file_and_the_others_stay() {
    let Some(&(good_file, Ok(good))) = FILES.first() else { panic!("no first exercise file") };
    let files = [
        (good_file, Ok(good)),
        ("missing.toml", Err("cannot read missing.toml: not found")),
        ("bad.toml", Ok("format_version = 1\nid = ")),
        ("again.toml", Ok(good)),
        (good_file, Ok(good)),
    ];
    let catalog = Catalog::from_files(&files);
    assert_eq!(catalog.exercises.len(), 1);
    assert_eq!(Ok(&catalog.exercises[0]), parse_exercise(good_file, good).as_ref());
    let named: Vec<String> = catalog
        .errors
        .iter()
        .map(|e| match e {
            ExerciseError::File { file, .. } => file.clone(),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(named, ["missing.toml", "bad.toml", "again.toml", good_file]);
    assert!(catalog.errors[3].to_string().contains("duplicate id"), "{:?}", catalog.errors[3]);
    // Errors survive the encoding too (the page lists them).
    assert_eq!(catalog.encode().map(|b| Catalog::decode(&b)), Ok(catalog));
}

#[test]
fn bytes_that_are_not_a_catalog_decode_to_an_error_never_a_panic() {
    let good = catalog().encode().unwrap_or_default();
    let mut inputs: Vec<Vec<u8>> = vec![Vec::new(), b"{}".to_vec(), b"rebalance-lab/catalog/0\n".to_vec()];
    // Cut short at many lengths, and with single bytes changed.
    inputs.extend((0..good.len()).step_by(997).map(|n| good[..n].to_vec()));
    for i in (30..good.len()).step_by(1499) {
        let mut bad = good.clone();
        bad[i] ^= 0xA5;
        inputs.push(bad);
    }
    for bytes in inputs {
        let decoded = Catalog::decode(&bytes);
        if decoded.errors.is_empty() {
            // A changed byte inside a text can still decode; then it is a full catalog.
            assert_eq!(decoded.exercises.len(), catalog().exercises.len());
        } else {
            assert!(decoded.exercises.is_empty());
            assert!(decoded.errors[0].to_string().contains("embedded catalog"), "{:?}", decoded.errors);
        }
    }
}

/// Walks `full` and `one` (the same catalog as JSON, before and after
/// `Catalog::in_language(lang)`) side by side: every text object (`{"zh", "en"}`) keeps
/// `lang`'s translation and has the other one empty; everything else is identical. Returns
/// how many texts it saw.
fn compare_one_language(full: &Value, one: &Value, lang: &str, path: &str) -> usize {
    match (full, one) {
        (Value::Object(f), Value::Object(o)) if f.len() == 2 && f.contains_key("zh") && f.contains_key("en") => {
            let other = if lang == "zh" { "en" } else { "zh" };
            assert_eq!(o.get(lang), f.get(lang), "{path}: the {lang} text changed");
            assert_eq!(o.get(other), Some(&Value::String(String::new())), "{path}: the {other} text is still there");
            1
        }
        (Value::Object(f), Value::Object(o)) => {
            assert_eq!(f.keys().collect::<Vec<_>>(), o.keys().collect::<Vec<_>>(), "{path}");
            f.iter().map(|(k, v)| compare_one_language(v, &o[k], lang, &format!("{path}.{k}"))).sum()
        }
        (Value::Array(f), Value::Array(o)) => {
            assert_eq!(f.len(), o.len(), "{path}");
            f.iter()
                .zip(o)
                .enumerate()
                .map(|(i, (f, o))| compare_one_language(f, o, lang, &format!("{path}[{i}]")))
                .sum()
        }
        _ => {
            assert_eq!(full, one, "{path}");
            0
        }
    }
}

#[test]
fn a_one_language_catalog_keeps_that_language_and_empties_every_other_text() {
    let catalog = catalog();
    let full = serde_json::to_value(catalog).unwrap_or_default();
    for (lang, code) in [(Lang::Zh, "zh"), (Lang::En, "en")] {
        let one = catalog.in_language(lang);
        let texts = compare_one_language(&full, &serde_json::to_value(&one).unwrap_or_default(), code, "catalog");
        // Every exercise has at least a title, a prompt, a hint, a part and an explanation.
        assert!(texts >= 5 * catalog.exercises.len(), "only {texts} texts seen");
        // It survives the encoding, and is about half the size.
        let (all, half) = (catalog.encode().unwrap_or_default(), one.encode().unwrap_or_default());
        assert_eq!(Catalog::decode(&half), one);
        assert!(half.len() < all.len() * 7 / 10, "{code}: {} of {} bytes", half.len(), all.len());
    }
}

#[test]
fn titles_and_text_packs_give_back_the_one_language_catalog() {
    use rebalance_core::exercise::catalog::{text_pack, text_pack_file, with_text_pack};
    let catalog = catalog();
    for lang in Lang::ALL {
        let one = catalog.in_language(lang);
        let titles = one.titles_only();
        assert_eq!(titles.titles_only(), titles);
        let mut files = Vec::new();
        for (lean, full) in titles.exercises.iter().zip(&one.exercises) {
            // The lean exercise keeps its title and nothing else to read.
            assert_eq!(lean.title, full.title);
            let mut lean_texts = lean.clone();
            assert!(lean_texts.texts_mut().iter().skip(1).all(|t| t.get(lang).is_empty()), "{}", lean.id);
            let pack = text_pack(full, lang);
            assert!(pack.is_ok(), "{pack:?}");
            let pack = pack.unwrap_or_default();
            assert_eq!(with_text_pack(lean.clone(), lang, &pack).as_ref(), Ok(full), "{}", full.id);
            // The texts are in the pack, not in the lean catalog.
            assert!(pack.contains(full.prompt.get(lang)) && !full.prompt.get(lang).is_empty());
            files.push(text_pack_file(&full.id, &pack));
        }
        // Every file name is its own and names its exercise.
        let mut unique = files.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), files.len());
        assert!(files
            .iter()
            .zip(&one.exercises)
            .all(|(f, e)| f.starts_with(&format!("{}-", e.id)) && f.ends_with(".txt")));
        // The lean catalog is what makes the page small: a fraction of the bytes.
        let (lean, full) = (titles.encode().unwrap_or_default(), one.encode().unwrap_or_default());
        assert_eq!(Catalog::decode(&lean), titles);
        assert!(lean.len() < full.len() / 2, "{}: {} of {} bytes", lang.code(), lean.len(), full.len());
    }
}

#[test]
fn a_text_pack_for_something_else_is_refused_never_a_panic() {
    use rebalance_core::exercise::catalog::{text_pack, with_text_pack, PACK_SEPARATOR};
    let catalog = catalog().in_language(Lang::En);
    let (Some(a), Some(b)) = (catalog.exercises.first(), catalog.exercises.get(1)) else { panic!("two exercises") };
    let lean = catalog.titles_only();
    let lean_a = &lean.exercises[0];
    let pack = text_pack(a, Lang::En).unwrap_or_default();
    let (header, body) = pack.split_once('\n').unwrap_or_default();
    let other = text_pack(b, Lang::En).unwrap_or_default();
    let wrong = [
        String::new(),
        "not a pack".to_owned(),
        other,
        text_pack(a, Lang::Zh).unwrap_or_default(),
        header.to_owned(),
        format!("{header}\n{body}{PACK_SEPARATOR}one more"),
        format!("{header}\n{}", body.split(PACK_SEPARATOR).skip(1).collect::<Vec<_>>().join("\u{1e}")),
        pack.replace("rebalance-lab/texts/1", "rebalance-lab/texts/2"),
        pack.chars().take(pack.chars().count() / 2).collect(),
    ];
    for bad in &wrong {
        let read = with_text_pack(lean_a.clone(), Lang::En, bad);
        let message = read.as_ref().err().cloned().unwrap_or_default();
        assert!(message.contains(&a.id), "{bad:.60?} gave {read:?}");
    }
    // A text holding the separator cannot be packed, and the static check refuses it.
    let mut broken = a.clone();
    broken.prompt.en.push(PACK_SEPARATOR);
    assert!(text_pack(&broken, Lang::En).is_err());
    assert!(rebalance_core::exercise::validate::validate(&broken).iter().any(|p| p.contains("control character")));
}
