//! The teacher's table without the browser: rows from pasted codes (one per line, each line
//! read on its own) and from exported progress files, the columns, sorting, and the CSV
//! export (RFC 4180, with a guard against spreadsheet formulas).

use rebalance_core::exercise::class::{read_code, regrade, Assignment, ChapterSteps, CodeError, Regraded};
use rebalance_core::exercise::progress::BestAttempt;
use rebalance_core::exercise::{exercise_seed, verify_completion_code, Catalog, Progress};

use crate::i18n::fill;

/// Where a row came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A pasted completion code, on this line (1-based).
    Code(usize),
    /// An exported progress file, by its name.
    File(String),
}

/// One exercise's cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// The score claimed (the code's or the file's best score).
    pub claimed: u8,
    /// What grading the carried answer again gave.
    pub regraded: Regraded,
    /// The best attempt was on other numbers than the class's (the student chose "New
    /// numbers"): graded on its own numbers, but not the exercise the class was given.
    pub new_numbers: bool,
}

/// Whether `best`, an attempt at exercise `id`, was on other numbers than those of class
/// `class_seed` (unknown class: no).
fn on_new_numbers(class_seed: Option<u64>, id: &str, best: Option<&BestAttempt>) -> bool {
    match (class_seed, best) {
        (Some(seed), Some(best)) => best.seed != exercise_seed(seed, id),
        _ => false,
    }
}

/// One student (a code) or one progress file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The name in the code; a file's name for a file.
    pub who: String,
    /// Where it came from.
    pub source: Source,
    /// For another assignment than the one in the builder (another id, or a file of
    /// another class seed).
    pub other_assignment: bool,
    /// Per exercise id, its score.
    pub scores: Vec<(String, Score)>,
    /// Per chapter id, the steps done (codes only).
    pub chapters: Vec<(String, ChapterSteps)>,
    /// When: the code's time, or the file's last change.
    pub time_ms: Option<u64>,
    /// Every exercise scored 100 and every chapter is done.
    pub finished: bool,
}

impl Row {
    /// The sum of the claimed scores.
    pub fn total(&self) -> u32 {
        self.scores.iter().map(|(_, s)| u32::from(s.claimed)).sum()
    }

    /// The score of exercise `id`, if the row has it.
    pub fn score(&self, id: &str) -> Option<&Score> {
        self.scores.iter().find(|(e, _)| e == id).map(|(_, s)| s)
    }

    /// Whether every score is what its answer earns.
    pub fn consistent(&self) -> bool {
        self.scores.iter().all(|(_, s)| s.regraded == Regraded::Matches)
    }

    /// Whether some best attempt was on other numbers than the class's.
    pub fn new_numbers(&self) -> bool {
        self.scores.iter().any(|(_, s)| s.new_numbers)
    }
}

/// A pasted line that gave no row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// Line number, from 1.
    pub line: usize,
    /// Why.
    pub error: CodeError,
}

/// Reads pasted text, one code per line: blank lines are skipped, text around a code is
/// ignored, a line without a good code is reported with its number and the others are kept.
/// `expected` is the builder's assignment: a code of another one is flagged.
pub fn rows_from_codes(text: &str, expected: Option<&Assignment>, catalog: &Catalog) -> (Vec<Row>, Vec<LineError>) {
    let expected_id = expected.map(Assignment::id);
    let mut rows = Vec::new();
    let mut errors = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match read_code(line) {
            Ok(report) => {
                let regraded = regrade(catalog, &report);
                // The class's numbers are known when the code is of the builder's assignment.
                let class_seed = expected.filter(|_| expected_id.as_ref() == Some(&report.assignment)).map(|a| a.seed);
                rows.push(Row {
                    who: report.name.clone(),
                    source: Source::Code(n + 1),
                    other_assignment: expected_id.as_ref().is_some_and(|id| *id != report.assignment),
                    finished: report.finished(),
                    scores: report
                        .exercises
                        .iter()
                        .zip(regraded)
                        .map(|(e, regraded)| {
                            let new_numbers = on_new_numbers(class_seed, &e.id, e.best.as_ref());
                            (e.id.clone(), Score { claimed: e.score, regraded, new_numbers })
                        })
                        .collect(),
                    chapters: report.chapters,
                    time_ms: Some(report.time_ms),
                })
            }
            Err(error) => errors.push(LineError { line: n + 1, error }),
        }
    }
    (rows, errors)
}

/// A row from an exported progress file, re-graded as the exercises page verifies one: the
/// exercises of `expected` when given (a file of another class seed flagged), else every
/// exercise the file holds.
pub fn row_from_progress(
    name: &str,
    progress: &Progress,
    expected: Option<&Assignment>,
    catalog: &Catalog,
    modified_ms: Option<u64>,
) -> Row {
    let verification = verify_completion_code(catalog, progress, "");
    let ids: Vec<String> = match expected {
        Some(a) => a.exercises.clone(),
        None => progress.exercises.iter().map(|(id, _)| id.clone()).collect(),
    };
    let scores: Vec<(String, Score)> = ids
        .into_iter()
        .map(|id| {
            let checked = verification.exercises.iter().find(|e| e.id == id);
            let score = match checked {
                Some(e) => Score {
                    claimed: e.claimed,
                    regraded: match e.regraded {
                        Some(now) if now == e.claimed => Regraded::Matches,
                        Some(now) => Regraded::Differs(now),
                        None => Regraded::Unknown,
                    },
                    new_numbers: on_new_numbers(
                        Some(progress.set_seed),
                        &id,
                        progress.exercises.get(&id).and_then(|p| p.best.as_ref()),
                    ),
                },
                // Attempts without a stored best answer, or none: nothing to claim.
                None => Score { claimed: 0, regraded: Regraded::Matches, new_numbers: false },
            };
            (id, score)
        })
        .collect();
    Row {
        who: name.to_owned(),
        source: Source::File(name.to_owned()),
        other_assignment: expected.is_some_and(|a| a.seed != progress.set_seed),
        finished: scores.iter().all(|(_, s)| s.claimed == 100),
        scores,
        chapters: Vec::new(),
        time_ms: modified_ms,
    }
}

/// The exercise columns: the assignment's exercises in its order, then any other exercise a
/// row has, in the order first met.
pub fn exercise_columns(rows: &[Row], expected: Option<&Assignment>) -> Vec<String> {
    let mut columns: Vec<String> = expected.map(|a| a.exercises.clone()).unwrap_or_default();
    for (id, _) in rows.iter().flat_map(|r| &r.scores) {
        if !columns.contains(id) {
            columns.push(id.clone());
        }
    }
    columns
}

/// A column the table sorts by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// The name.
    Who,
    /// An exercise, by its index in the exercise columns.
    Exercise(usize),
    /// The total.
    Total,
    /// The time.
    When,
}

/// The order rows are shown in: by `column`, ascending or not; equal rows keep their order.
/// A row without the exercise or a time sorts before every score or time.
pub fn sorted(rows: &[Row], columns: &[String], column: Column, ascending: bool) -> Vec<usize> {
    let mut order: Vec<usize> = (0..rows.len()).collect();
    let key = |row: &Row| -> (Option<u64>, String) {
        match column {
            Column::Who => (None, row.who.to_lowercase()),
            Column::Exercise(i) => {
                (columns.get(i).and_then(|id| row.score(id)).map(|s| u64::from(s.claimed)), String::new())
            }
            Column::Total => (Some(u64::from(row.total())), String::new()),
            Column::When => (row.time_ms, String::new()),
        }
    };
    order.sort_by(|&a, &b| {
        let ordering = key(&rows[a]).cmp(&key(&rows[b]));
        if ascending {
            ordering
        } else {
            ordering.reverse()
        }
    });
    order
}

/// `ms` since 1970 as ISO 8601 in UTC, to the second: `2026-12-07T14:05:09Z`.
pub fn iso_utc(ms: u64) -> String {
    let seconds = ms / 1000;
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    // Days to a civil date (Howard Hinnant's `civil_from_days`, for days since 1970).
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rest / 3600, rest % 3600 / 60, rest % 60)
}

/// The CSV of a table: `header`, then `rows`, each cell quoted as RFC 4180 says (a cell
/// holding a comma, a double quote, CR or LF is put in double quotes, its quotes doubled),
/// lines ending in CRLF. A cell a spreadsheet would run as a formula (starting with `=`,
/// `+`, `-`, `@`, a tab or CR) gets a leading `'`, so it is shown as text.
pub fn csv(header: &[String], rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    for line in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
        let cells: Vec<String> = line.iter().map(|cell| csv_cell(cell)).collect();
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    }
    out
}

fn csv_cell(cell: &str) -> String {
    let guarded = if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{cell}") } else { cell.to_owned() };
    if guarded.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// The texts a row is written with, in the reader's language: the table and the CSV show
/// the same cells.
pub struct CellWords<'a> {
    /// A yes.
    pub yes: &'a str,
    /// A no.
    pub no: &'a str,
    /// A score its answer does not earn: a template with `{claimed}` and `{now}`.
    pub regraded: &'a str,
    /// A score that could not be checked (an exercise this site does not have): a template
    /// with `{claimed}`.
    pub unchecked: &'a str,
    /// A score earned on other numbers than the class's: a template with `{score}`.
    pub new_numbers: &'a str,
}

/// A score's cell: the score, with what grading its answer again gave when that differs,
/// and whether it was earned on other numbers than the class's.
pub fn score_cell(score: &Score, words: &CellWords) -> String {
    let claimed = score.claimed.to_string();
    let text = match score.regraded {
        Regraded::Matches => claimed,
        Regraded::Differs(now) => fill(words.regraded, &[("claimed", &claimed), ("now", &now.to_string())]),
        Regraded::Unknown => fill(words.unchecked, &[("claimed", &claimed)]),
    };
    if score.new_numbers {
        fill(words.new_numbers, &[("score", &text)])
    } else {
        text
    }
}

/// A row's cells for the CSV: name, one score per exercise column (empty when the row does
/// not have it), total, time, whether finished, whether of another assignment.
pub fn csv_cells(row: &Row, columns: &[String], words: &CellWords) -> Vec<String> {
    let mut cells = vec![row.who.clone()];
    for id in columns {
        cells.push(row.score(id).map(|score| score_cell(score, words)).unwrap_or_default());
    }
    let yes_no = |b: bool| if b { words.yes } else { words.no }.to_owned();
    cells.push(row.total().to_string());
    cells.push(row.time_ms.map(iso_utc).unwrap_or_default());
    cells.push(yes_no(row.finished));
    cells.push(yes_no(row.other_assignment));
    cells
}
