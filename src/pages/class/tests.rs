//! Native tests of the class page's rules: the `cl` value, the builder's edits, the
//! standing read from stored progress (active or kept aside), the chapters' steps, and the
//! teacher's table (pasted lines, files, columns, sorting, CSV).

use std::collections::BTreeMap;

use rebalance_core::exercise::class::{Assignment, ChapterSteps, ClassReport, CodeError, Regraded};
use rebalance_core::exercise::{attempt_seed, grade, instance_for, instantiate, reference_answer, Answer, Progress};

use super::draft::{self, Edit};
use super::lessons;
use super::read_url;
use super::student::standing;
use super::table::{
    csv, csv_cells, exercise_columns, iso_utc, row_from_progress, rows_from_codes, score_cell, sorted, CellWords,
    Column, Source,
};
use crate::pages::exercises::catalog;
use crate::pages::exercises::storage::{shelf_key, write_progress, KEY};
use crate::url_state::Problem;

fn assignment() -> Assignment {
    Assignment {
        seed: 77,
        model_answers: true,
        exercises: vec!["drain_time".to_owned(), "assign_avg".to_owned()],
        chapters: vec!["group".to_owned()],
        note: String::new(),
    }
}

fn progress(seed: u64, right: &[&str], wrong: &[&str]) -> Progress {
    let mut p = Progress::new(seed);
    for (ids, correct) in [(right, true), (wrong, false)] {
        for id in ids {
            let Ok(inst) = instance_for(catalog(), seed, id) else { panic!("{id}") };
            let answer = if correct { reference_answer(&inst) } else { Answer::text("1") };
            p.record(&inst, &answer, &grade(&inst, &answer));
        }
    }
    p
}

fn code(name: &str, p: &Progress, time_ms: u64) -> String {
    ClassReport::new(&assignment(), Some(p), |_| Some(ChapterSteps { done: 1, steps: 1 }), name, time_ms).code()
}

const WORDS: CellWords<'static> = CellWords {
    yes: "yes",
    no: "no",
    regraded: "{claimed} (grades as {now})",
    unchecked: "{claimed} (not checked)",
    new_numbers: "{score} (new numbers)",
};

#[test]
fn the_link_names_an_assignment_or_says_why_not() {
    let a = assignment();
    let text = a.encode();
    let get = |key: &str| (key == "cl").then(|| text.clone());
    assert_eq!(read_url(&get), (Some(a), Vec::new(), None));
    assert_eq!(read_url(&|_| None), (None, Vec::new(), None));
    let cut = text[..text.len() - 3].to_owned();
    let (read, notices, reason) = read_url(&|key: &str| (key == "cl").then(|| cut.clone()));
    assert_eq!(read, None);
    assert_eq!(notices.len(), 1);
    assert_eq!((notices[0].key.as_str(), &notices[0].problem, notices[0].used.as_str()), ("cl", &Problem::Invalid, ""));
    let why = Assignment::decode(&cut).err().map(|e| e.to_string());
    assert!(why.is_some());
    assert_eq!(reason, why, "the page says what the core found");
}

#[test]
fn the_builder_picks_orders_and_bounds_its_draft() {
    let mut d = draft::fresh(5);
    assert!(d.check().is_err(), "an empty draft has no link");
    for id in ["drain_time", "assign_avg", "idle_consumers"] {
        draft::apply(&mut d, Edit::Exercise(id.to_owned()));
    }
    draft::apply(&mut d, Edit::Move(2, true));
    assert_eq!(d.exercises, ["drain_time", "idle_consumers", "assign_avg"]);
    draft::apply(&mut d, Edit::Move(0, true));
    draft::apply(&mut d, Edit::Move(2, false));
    draft::apply(&mut d, Edit::Move(9, false));
    assert_eq!(d.exercises, ["drain_time", "idle_consumers", "assign_avg"], "moves past either end change nothing");
    draft::apply(&mut d, Edit::Exercise("idle_consumers".to_owned()));
    assert_eq!(d.exercises, ["drain_time", "assign_avg"]);
    // Chapters keep the lessons' order; an unknown one is not added.
    let all: Vec<String> = lessons::chapters().iter().map(|(id, _, _)| id.clone()).collect();
    assert!(all.len() >= 2, "{all:?}");
    draft::apply(&mut d, Edit::Chapter(all[1].clone()));
    draft::apply(&mut d, Edit::Chapter(all[0].clone()));
    draft::apply(&mut d, Edit::Chapter("no-such-chapter".to_owned()));
    assert_eq!(d.chapters, all[..2]);
    draft::apply(&mut d, Edit::Seed(u64::MAX));
    draft::apply(&mut d, Edit::Note("x".repeat(900)));
    assert_eq!(d.check(), Ok(()));
    // Stored as its link text; anything unreadable gives a fresh draft.
    assert_eq!(draft::load(Some(&d.encode()), 1), d);
    assert_eq!(draft::load(Some("garbage*"), 3), draft::fresh(3));
    assert_eq!(draft::load(None, 4), draft::fresh(4));
}

#[test]
fn the_standing_is_the_class_seeds_progress_active_or_kept_aside() {
    let here = progress(77, &["drain_time"], &[]);
    let other = progress(78, &["assign_avg"], &[]);
    let text = |p: &Progress| write_progress(p).unwrap_or_default();
    let store =
        |pairs: Vec<(String, String)>| move |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
    // Active progress of this class.
    let active = store(vec![(KEY.to_owned(), text(&here))]);
    assert_eq!(standing(&active, 77), Some(here.clone()));
    // Another class active: this class's progress is on its shelf.
    let shelved = store(vec![(KEY.to_owned(), text(&other)), (shelf_key(77), text(&here))]);
    assert_eq!(standing(&shelved, 77), Some(here.clone()));
    assert_eq!(standing(&shelved, 78), Some(other));
    // Nothing, or unreadable text, or a shelf holding another class: no progress.
    assert_eq!(standing(&store(vec![]), 77), None);
    assert_eq!(standing(&store(vec![(KEY.to_owned(), "{broken".to_owned())]), 77), None);
    assert_eq!(standing(&store(vec![(shelf_key(77), text(&progress(79, &[], &[])))]), 77), None);
}

#[test]
fn chapters_count_the_steps_done_in_the_lessons_stored_progress() {
    let (id, _, steps) = lessons::chapters().first().cloned().unwrap_or_default();
    assert!(steps >= 2, "{id} has {steps} steps");
    let marks: String = std::iter::once('d').chain(std::iter::once('s')).collect();
    let stored = format!(r#"{{"version":1,"chapters":{{"{id}":"{marks}"}}}}"#);
    assert_eq!(lessons::steps_done(Some(&stored), &id), Some(ChapterSteps { done: 1, steps }));
    let all_done = format!(r#"{{"version":1,"chapters":{{"{id}":"{}"}}}}"#, "d".repeat(usize::from(steps)));
    assert!(lessons::steps_done(Some(&all_done), &id).is_some_and(ChapterSteps::finished));
    assert_eq!(lessons::steps_done(Some("not json"), &id), Some(ChapterSteps { done: 0, steps }));
    assert_eq!(lessons::steps_done(None, "no-such-chapter"), None);
}

#[test]
fn pasted_codes_become_rows_and_bad_lines_are_reported_by_number() {
    let a = assignment();
    let ada = code("Ada, \"A.\" L", &progress(77, &["drain_time", "assign_avg"], &[]), 2_000_000_000_000);
    let bo = code("Bo", &progress(77, &[], &["drain_time"]), 1_000_000_000_000);
    let other = ClassReport::new(&Assignment { seed: 5, ..a.clone() }, None, |_| None, "Cy", 3).code();
    let edited = ada.replacen("RLC1.", "RLC1.A", 1);
    let text = format!("Codes of 3A:\n{ada}\n\n  from Bo: {bo}.  \njunk line\n{other}\n{edited}\n");
    let (rows, errors) = rows_from_codes(&text, Some(&a), catalog());
    assert_eq!(rows.iter().map(|r| r.who.as_str()).collect::<Vec<_>>(), ["Ada, \"A.\" L", "Bo", "Cy"]);
    assert_eq!(rows.iter().map(|r| r.source.clone()).collect::<Vec<_>>(), [2, 4, 6].map(Source::Code));
    assert_eq!(rows.iter().map(|r| r.other_assignment).collect::<Vec<_>>(), [false, false, true]);
    assert!(rows[0].finished && !rows[1].finished);
    assert_eq!(rows[0].total(), 200);
    assert!(rows.iter().all(|r| r.consistent()));
    let lines: Vec<(usize, bool)> = errors.iter().map(|e| (e.line, matches!(e.error, CodeError::Missing))).collect();
    assert_eq!(lines, [(1, true), (5, true), (7, false)]);
    assert_ne!(errors[2].error, CodeError::Missing, "the edited code is refused, not ignored");
}

#[test]
fn progress_files_are_regraded_and_a_file_of_another_class_is_flagged() {
    let a = assignment();
    let good = progress(77, &["drain_time"], &["assign_avg"]);
    let row = row_from_progress("ada.json", &good, Some(&a), catalog(), Some(5));
    assert_eq!(row.source, Source::File("ada.json".to_owned()));
    assert!(!row.other_assignment && row.consistent() && !row.finished);
    assert_eq!(row.score("drain_time").map(|s| s.claimed), Some(100));
    let mut raised = good.clone();
    if let Some(e) = raised.exercises.get_mut("assign_avg") {
        e.best_score = 100;
        e.done = true;
    }
    let row = row_from_progress("eve.json", &raised, Some(&a), catalog(), None);
    let Some(raised) = row.score("assign_avg") else { panic!("assign_avg") };
    let Regraded::Differs(now) = raised.regraded else { panic!("{:?}", raised.regraded) };
    assert_eq!(score_cell(raised, &WORDS), format!("100 (grades as {now})"), "the table's cell is the CSV's");
    let elsewhere = row_from_progress("cy.json", &progress(5, &[], &[]), Some(&a), catalog(), None);
    assert!(elsewhere.other_assignment);
}

#[test]
fn a_best_score_on_new_numbers_counts_and_is_marked() {
    let a = assignment();
    // drain_time answered right on its first "New numbers", assign_avg on the class's.
    let mut p = progress(77, &["assign_avg"], &[]);
    let Some(ex) = catalog().get("drain_time") else { panic!("drain_time") };
    let Ok(inst) = instantiate(ex, attempt_seed(77, "drain_time", 1)) else { panic!("instance") };
    let answer = reference_answer(&inst);
    p.record(&inst, &answer, &grade(&inst, &answer));

    let file = row_from_progress("ada.json", &p, Some(&a), catalog(), None);
    let (text, _) = rows_from_codes(&code("ada", &p, 1_000), Some(&a), catalog());
    let (unknown, _) = rows_from_codes(&code("ada", &p, 1_000), None, catalog());
    for row in [&file, &text[0]] {
        let drain = row.score("drain_time");
        assert_eq!(drain.map(|s| (s.claimed, s.regraded, s.new_numbers)), Some((100, Regraded::Matches, true)));
        assert_eq!(row.score("assign_avg").map(|s| s.new_numbers), Some(false), "the class's numbers");
        assert!(row.new_numbers() && row.consistent() && row.finished, "it counts: graded on its own numbers");
        let cells = csv_cells(row, &["drain_time".to_owned(), "assign_avg".to_owned()], &WORDS);
        assert_eq!(cells[1..3], ["100 (new numbers)", "100"]);
    }
    assert!(!unknown[0].new_numbers(), "without the assignment the class's numbers are unknown");
    let class_only =
        row_from_progress("bo.json", &progress(77, &["drain_time", "assign_avg"], &[]), Some(&a), catalog(), None);
    assert!(!class_only.new_numbers());
}

#[test]
fn rows_sort_by_any_column_and_the_csv_is_quoted_and_guarded() {
    let a = assignment();
    let text = [
        code("=HYPERLINK(\"x\")", &progress(77, &["drain_time"], &[]), 3_000),
        code("ada", &progress(77, &["drain_time", "assign_avg"], &[]), 1_000),
        code("Bo\nsecond line", &progress(77, &[], &[]), 2_000),
    ]
    .join("\n");
    let (rows, errors) = rows_from_codes(&text, Some(&a), catalog());
    assert!(errors.is_empty(), "{errors:?}");
    let columns = exercise_columns(&rows, Some(&a));
    assert_eq!(columns, ["drain_time", "assign_avg"]);
    let names =
        |order: Vec<usize>| order.into_iter().map(|i| rows[i].who.chars().next().unwrap_or(' ')).collect::<String>();
    assert_eq!(names(sorted(&rows, &columns, Column::Who, true)), "=aB");
    assert_eq!(names(sorted(&rows, &columns, Column::Total, false)), "a=B");
    assert_eq!(names(sorted(&rows, &columns, Column::When, true)), "aB=");
    assert_eq!(names(sorted(&rows, &columns, Column::Exercise(1), true)), "=Ba", "equal scores keep their order");
    let header: Vec<String> =
        ["Name", "drain_time", "assign_avg", "Total", "When (UTC)", "All done", "Other"].map(str::to_owned).to_vec();
    let cells: Vec<Vec<String>> =
        sorted(&rows, &columns, Column::Who, true).into_iter().map(|i| csv_cells(&rows[i], &columns, &WORDS)).collect();
    let out = csv(&header, &cells);
    let lines: Vec<&str> = out.split("\r\n").collect();
    assert_eq!(lines[0], "Name,drain_time,assign_avg,Total,When (UTC),All done,Other");
    assert_eq!(lines[1], "\"'=HYPERLINK(\"\"x\"\")\",100,0,100,1970-01-01T00:00:03Z,no,no");
    assert_eq!(lines[2], "ada,100,100,200,1970-01-01T00:00:01Z,yes,no");
    assert_eq!(lines[3], "\"Bo\nsecond line\",0,0,0,1970-01-01T00:00:02Z,no,no");
    assert_eq!(lines[4], "");
    let guarded = csv(&["h".to_owned()], &[vec!["+1".into(), "-2".into(), "@x".into(), "a,b".into(), "ok".into()]]);
    assert_eq!(guarded, "h\r\n'+1,'-2,'@x,\"a,b\",ok\r\n");
}

#[test]
fn times_are_written_as_iso_8601_utc() {
    let cases = [
        (0, "1970-01-01T00:00:00Z"),
        (951_782_400_000, "2000-02-29T00:00:00Z"),
        (1_796_652_309_999, "2026-12-07T14:05:09Z"),
        (4_102_444_799_000, "2099-12-31T23:59:59Z"),
    ];
    for (ms, text) in cases {
        assert_eq!(iso_utc(ms), text, "{ms}");
    }
}

#[test]
fn the_lessons_chapter_index_matches_the_lesson_files() {
    let listed: Vec<String> = std::fs::read_to_string("lessons/chapters.txt")
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect();
    let index: BTreeMap<&str, u16> = lessons::chapters().iter().map(|(id, _, n)| (id.as_str(), *n)).collect();
    assert_eq!(lessons::chapters().iter().map(|(id, _, _)| id.clone()).collect::<Vec<_>>(), listed);
    for (id, steps) in index {
        let text = std::fs::read_to_string(format!("lessons/{id}.toml")).unwrap_or_default();
        let authored = text.lines().filter(|l| l.trim() == "[[step]]").count();
        assert_eq!(usize::from(steps), authored, "{id}");
    }
}
