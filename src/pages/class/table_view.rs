//! The teacher's table: pasted codes and chosen or dropped progress files become rows
//! (`super::table`), shown sortable by any column and exported as CSV.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::file::callbacks::{read_as_text, FileReader};
use rebalance_core::exercise::class::{Assignment, Regraded};
use wasm_bindgen::JsCast;
use web_sys::{DragEvent, HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::exercise_title;
use super::table::{
    csv, csv_cells, exercise_columns, iso_utc, row_from_progress, rows_from_codes, score_cell, sorted, CellWords,
    Column, LineError, Row,
};
use crate::hooks::{use_i18n, I18n};
use crate::pages::exercises::catalog;
use crate::pages::exercises::storage::read_progress;

/// Props of [`TableView`].
#[derive(Properties, PartialEq)]
pub struct TableViewProps {
    /// The builder's assignment (codes of another one are flagged); `None` while empty.
    pub assignment: Option<Assignment>,
}

/// A progress file that gave no row.
#[derive(Clone, Debug, PartialEq)]
struct FileError {
    name: String,
    error: String,
}

/// Offers `text` as a download named `name`; returns the object URL to revoke later.
fn download(text: &str, name: &str, mime: &str) -> Option<String> {
    let document = gloo::utils::document();
    let parts = js_sys::Array::of1(&text.into());
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag).ok()?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
    let anchor = document.create_element("a").ok()?.dyn_into::<web_sys::HtmlAnchorElement>().ok()?;
    anchor.set_href(&url);
    anchor.set_download(name);
    let body = document.body()?;
    let _ = body.append_child(&anchor);
    anchor.click();
    let _ = body.remove_child(&anchor);
    Some(url)
}

/// The texts of a row's cells in the reader's language (the same as the CSV's).
fn cell_words(i18n: &I18n) -> CellWords<'static> {
    CellWords {
        yes: i18n.t("page.class.table.yes"),
        no: i18n.t("page.class.table.no"),
        regraded: i18n.t("page.class.table.regraded"),
        unchecked: i18n.t("page.class.table.unchecked"),
        new_numbers: i18n.t("page.class.table.new_numbers"),
    }
}

/// A cell's text in the table and whether it is marked: a score its answer does not earn,
/// that could not be checked, or earned on other numbers than the class's.
fn score_text(words: &CellWords, row: &Row, id: &str) -> (String, bool) {
    match row.score(id) {
        None => ("—".to_owned(), false),
        Some(s) => (score_cell(s, words), s.regraded != Regraded::Matches || s.new_numbers),
    }
}

/// Pasted codes, files, the table and its CSV.
#[component]
pub fn TableView(props: &TableViewProps) -> Html {
    let i18n = use_i18n();
    let codes = use_state(String::new);
    let file_rows = use_state(Vec::<Row>::new);
    let file_errors = use_state(Vec::<FileError>::new);
    let sort = use_state(|| (Column::Who, true));
    let readers = use_mut_ref(Vec::<FileReader>::new);
    let object_url = use_mut_ref(|| None::<String>);
    let textarea = use_node_ref();
    {
        let object_url = object_url.clone();
        use_effect_with((), move |_| {
            move || {
                if let Some(url) = object_url.borrow_mut().take() {
                    let _ = web_sys::Url::revoke_object_url(&url);
                }
            }
        });
    }
    let expected = props.assignment.as_ref();
    let (code_rows, line_errors) = rows_from_codes(&codes, expected, catalog());
    let rows: Vec<Row> = code_rows.into_iter().chain(file_rows.iter().cloned()).collect();
    let columns = exercise_columns(&rows, expected);
    let order = sorted(&rows, &columns, sort.0, sort.1);

    let on_read = {
        let (codes, textarea) = (codes.clone(), textarea.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            codes.set(textarea.cast::<HtmlTextAreaElement>().map(|t| t.value()).unwrap_or_default());
        })
    };
    let take_files = {
        let (file_rows, file_errors, readers) = (file_rows.clone(), file_errors.clone(), readers.clone());
        let expected = props.assignment.clone();
        Rc::new(move |files: web_sys::FileList| {
            let found = Rc::new(RefCell::new((Vec::<Row>::new(), Vec::<FileError>::new())));
            let count = files.length();
            let mut pending = Vec::new();
            for i in 0..count {
                let Some(file) = files.get(i) else { continue };
                let name = file.name();
                let modified = file.last_modified();
                let (found, file_rows, file_errors) = (found.clone(), file_rows.clone(), file_errors.clone());
                let expected = expected.clone();
                pending.push(read_as_text(&gloo::file::File::from(file), move |result| {
                    {
                        let mut found = found.borrow_mut();
                        match result
                            .map_err(|e| e.to_string())
                            .and_then(|t| read_progress(&t).map_err(|e| e.to_string()))
                        {
                            Ok(p) => {
                                let time = (modified.is_finite() && modified > 0.0).then_some(modified as u64);
                                found.0.push(row_from_progress(&name, &p, expected.as_ref(), catalog(), time));
                            }
                            Err(error) => found.1.push(FileError { name: name.clone(), error }),
                        }
                    }
                    let found = found.borrow();
                    if found.0.len() + found.1.len() == count as usize {
                        let mut rows = (*file_rows).clone();
                        rows.extend(found.0.iter().cloned());
                        file_rows.set(rows);
                        file_errors.set(found.1.clone());
                    }
                }));
            }
            // Kept until the next files: dropping a reader cancels its read.
            *readers.borrow_mut() = pending;
        })
    };
    let on_files = {
        let take = take_files.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            if let Some(files) = input.files() {
                take(files);
            }
            input.set_value("");
        })
    };
    let on_drop = {
        let take = take_files.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            if let Some(files) = e.data_transfer().and_then(|d| d.files()) {
                take(files);
            }
        })
    };
    let on_drag_over = Callback::from(|e: DragEvent| e.prevent_default());
    let on_clear = {
        let (codes, file_rows, file_errors, textarea) =
            (codes.clone(), file_rows.clone(), file_errors.clone(), textarea.clone());
        Callback::from(move |_: MouseEvent| {
            codes.set(String::new());
            file_rows.set(Vec::new());
            file_errors.set(Vec::new());
            if let Some(t) = textarea.cast::<HtmlTextAreaElement>() {
                t.set_value("");
            }
        })
    };
    let on_csv = {
        let (rows, columns, object_url) = (rows.clone(), columns.clone(), object_url.clone());
        let order = order.clone();
        let header: Vec<String> = std::iter::once(i18n.t("page.class.table.who").to_owned())
            .chain(columns.iter().cloned())
            .chain(
                [
                    "page.class.table.total",
                    "page.class.table.when_utc",
                    "page.class.table.finished",
                    "page.class.table.other",
                ]
                .into_iter()
                .map(|k| i18n.t(k).to_owned()),
            )
            .collect();
        let words = cell_words(&i18n);
        Callback::from(move |_: MouseEvent| {
            let cells: Vec<Vec<String>> = order.iter().map(|&i| csv_cells(&rows[i], &columns, &words)).collect();
            if let Some(old) = object_url.borrow_mut().take() {
                let _ = web_sys::Url::revoke_object_url(&old);
            }
            *object_url.borrow_mut() = download(&csv(&header, &cells), "rebalance-lab-class.csv", "text/csv");
        })
    };

    let header_cell = |label: String, column: Column| {
        let (current, ascending) = *sort;
        let active = current == column;
        let aria = if active { Some(if ascending { "ascending" } else { "descending" }) } else { None };
        let onclick = {
            let sort = sort.clone();
            Callback::from(move |_: MouseEvent| sort.set((column, if active { !ascending } else { true })))
        };
        let arrow = match aria {
            Some("ascending") => " ▲",
            Some(_) => " ▼",
            None => "",
        };
        html! {
            <th scope="col" aria-sort={aria}>
                <button type="button" class="cl-sort" {onclick}>{ label }<span aria-hidden="true">{ arrow }</span></button>
            </th>
        }
    };
    let words = cell_words(&i18n);
    let table = (!rows.is_empty()).then(|| {
        let body = order.iter().map(|&i| {
            let row = &rows[i];
            let cells = columns.iter().map(|id| {
                let (text, flagged) = score_text(&words, row, id);
                html! { <td class={classes!(flagged.then_some("cl-flag"))}>{ text }</td> }
            });
            let mut notes = Vec::new();
            if row.other_assignment {
                notes.push(i18n.t("page.class.table.other_flag").to_owned());
            }
            if !row.consistent() {
                notes.push(i18n.t("page.class.table.regraded_flag").to_owned());
            }
            if row.new_numbers() {
                notes.push(i18n.t("page.class.table.new_numbers_flag").to_owned());
            }
            if !row.finished {
                notes.push(i18n.t("page.class.table.partial_flag").to_owned());
            }
            let when = row.time_ms.map(iso_utc).unwrap_or_default();
            html! {
                <tr class={classes!(row.other_assignment.then_some("cl-other"))} data-who={row.who.clone()}>
                    <th scope="row">{ row.who.clone() }
                        if !notes.is_empty() { <span class="cl-row-note">{ notes.join(" · ") }</span> }
                    </th>
                    { for cells }
                    <td>{ row.total() }</td>
                    <td><time datetime={when.clone()}>{ when.replace('T', " ").replace('Z', " UTC") }</time></td>
                </tr>
            }
        });
        html! {
            <div class="table-wrap">
                <table class="table cl-table" id="cl-table">
                    <caption>{ i18n.t_args("page.class.table.caption", &[("n", &rows.len().to_string())]) }</caption>
                    <thead><tr>
                        { header_cell(i18n.t("page.class.table.who").to_owned(), Column::Who) }
                        { for columns.iter().enumerate().map(|(i, id)| header_cell(exercise_title(&i18n, id), Column::Exercise(i))) }
                        { header_cell(i18n.t("page.class.table.total").to_owned(), Column::Total) }
                        { header_cell(i18n.t("page.class.table.when").to_owned(), Column::When) }
                    </tr></thead>
                    <tbody>{ for body }</tbody>
                </table>
            </div>
        }
    });
    let line_error = |e: &LineError| {
        let error = e.error.to_string();
        html! { <li>{ i18n.t_args("page.class.table.line_error", &[("line", &e.line.to_string()), ("error", &error)]) }</li> }
    };
    html! {
        <section class="cl-panel" aria-labelledby="cl-table-title">
            <h2 id="cl-table-title">{ i18n.t("page.class.table.title") }</h2>
            <p class="cl-help">{ i18n.t("page.class.table.help") }</p>
            <form onsubmit={on_read}>
                <label for="cl-codes">{ i18n.t("page.class.table.codes") }</label>
                <textarea id="cl-codes" rows="6" spellcheck="false" ref={textarea} />
                <p class="cl-row">
                    <button type="submit" class="button button-primary" id="cl-read-codes">{ i18n.t("page.class.table.read") }</button>
                    <button type="button" class="button" id="cl-clear" onclick={on_clear}>{ i18n.t("page.class.table.clear") }</button>
                </p>
            </form>
            <div class="cl-drop" ondrop={on_drop} ondragover={on_drag_over}>
                <label for="cl-files">{ i18n.t("page.class.table.files") }</label>
                <input type="file" id="cl-files" multiple=true accept=".json,application/json" onchange={on_files} />
                <p class="cl-help">{ i18n.t("page.class.table.files_help") }</p>
            </div>
            <div role="status" class="cl-status" id="cl-table-errors">
                if !line_errors.is_empty() || !file_errors.is_empty() {
                    <ul class="cl-errors">
                        { for line_errors.iter().map(line_error) }
                        { for file_errors.iter().map(|f| html! {
                            <li>{ i18n.t_args("page.class.table.file_error", &[("file", &f.name), ("error", &f.error)]) }</li>
                        }) }
                    </ul>
                }
            </div>
            { for table }
            if !rows.is_empty() {
                <p class="cl-row">
                    <button type="button" class="button" id="cl-csv" onclick={on_csv}>{ i18n.t("page.class.table.csv") }</button>
                </p>
            }
        </section>
    }
}
