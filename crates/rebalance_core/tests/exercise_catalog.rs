//! The catalog: every authored file parses and passes the check, and the encoding the
//! website embeds (`Catalog::encode` in the site's build script, `Catalog::decode` in the
//! page) gives back exactly the catalog the CLI and the tests read, less the SPEC references
//! (authoring notes no page shows).
#![cfg(feature = "toml")]

use rebalance_core::exercise::catalog::FILES;
use rebalance_core::exercise::{catalog, parse_exercise, Catalog, ExerciseError};

/// The authors' catalog as the page gets it: everything but the SPEC references, which no
/// page shows.
fn as_shipped(catalog: &Catalog) -> Catalog {
    let mut shipped = catalog.clone();
    shipped.exercises.iter_mut().for_each(|e| e.spec.clear());
    shipped
}

#[test]
fn the_encoded_catalog_is_the_one_the_authors_wrote() {
    let catalog = catalog();
    assert!(catalog.exercises.iter().any(|e| !e.spec.is_empty()), "the authors cite SPEC sections");
    let bytes = catalog.encode();
    assert!(bytes.is_ok(), "{bytes:?}");
    let bytes = bytes.unwrap_or_default();
    assert_eq!(Catalog::decode(&bytes), as_shipped(catalog));
    // And the same file by file, so a difference names its file.
    for ex in &catalog.exercises {
        let one = Catalog { exercises: vec![ex.clone()], errors: Vec::new() };
        let back = one.encode().map(|b| Catalog::decode(&b));
        assert_eq!(back, Ok(as_shipped(&one)), "{}", ex.id);
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
    assert_eq!(catalog.encode().map(|b| Catalog::decode(&b)), Ok(as_shipped(&catalog)));
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
