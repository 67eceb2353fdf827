//! The catalog reads the JSON that `build.rs` makes of each exercise file; the authors write
//! TOML. These tests check that both read every file to the same exercise.
#![cfg(feature = "toml")]

use rebalance_core::exercise::catalog::{FILES, FILES_JSON};
use rebalance_core::exercise::{catalog, parse_exercise, parse_json};

#[test]
fn the_json_the_catalog_reads_is_the_toml_the_authors_wrote() {
    assert_eq!(FILES.len(), FILES_JSON.len());
    assert!(FILES.len() >= 30, "only {} exercise files", FILES.len());
    for (&(file, text), &(json_file, json)) in FILES.iter().zip(FILES_JSON) {
        assert_eq!(file, json_file);
        let json = json.unwrap_or_else(|message| panic!("{file}: build.rs could not convert it: {message}"));
        let from_toml = parse_exercise(file, text);
        assert!(from_toml.is_ok(), "{file}: {from_toml:?}");
        assert_eq!(from_toml, parse_json(file, json), "{file}: TOML and JSON differ");
    }
}

#[test]
fn the_catalog_has_every_file_in_curriculum_order() {
    let catalog = catalog();
    assert!(catalog.errors.is_empty(), "{:?}", catalog.errors);
    let ids: Vec<&str> = catalog.exercises.iter().map(|e| e.id.as_str()).collect();
    let files: Vec<&str> = FILES.iter().map(|(file, _)| file.trim_end_matches(".toml")).collect();
    assert_eq!(ids, files);
    let list = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../exercises/curriculum.txt"))
        .unwrap_or_default();
    assert_eq!(list.lines().find(|l| l.ends_with(".toml")), FILES.first().map(|(file, _)| *file));
}

#[test]
fn bad_json_is_an_error_for_that_file_not_a_panic() {
    for json in ["", "{", "[]", "null", r#"{"format_version": 1}"#, r#"{"id": 7}"#] {
        let result = parse_json("x.toml", json);
        assert!(result.is_err(), "{json:?} was accepted");
        assert!(format!("{result:?}").contains("x.toml"), "{result:?} does not name the file");
    }
}
