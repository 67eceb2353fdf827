//! A class (route `#/class`, URL key `cl`).
//!
//! Without `cl` the page is the teacher's: the [`builder`] (exercises from the catalog in a
//! chosen order, lesson chapters, class seed, language, model answers, note; the link and
//! Copy), the [`table_view`] (pasted codes and dropped progress files → a sortable table and
//! its CSV) and the printable [`sheet`] (`@media print` in `static/class.css`: the exam, and
//! the answer key on pages of its own). With `cl` (the assignment as the core encodes it,
//! `rebalance_core::exercise::class`) it is the [`student`] view: the set in order at the
//! class's numbers, each item's standing read from this browser's stored progress, and the
//! one completion code for the whole set.
//!
//! Logic without the browser: [`draft`] (the builder's edits), [`table`] (rows, sorting,
//! CSV), [`lessons`] (the chapters and the lessons' stored progress), `student::standing`
//! (an exercise's stored progress for the class seed) and [`read_url`].

mod builder;
mod draft;
mod lessons;
mod sheet;
mod student;
mod table;
mod table_view;

#[cfg(test)]
mod tests;

use rebalance_core::exercise::class::Assignment;
use yew::prelude::*;

use self::builder::Builder;
use self::student::StudentView;
use crate::components::UrlNotices;
use crate::hooks::{use_i18n, I18n};
use crate::url_state::{self, Problem, UrlNotice, UrlReader};

/// URL key of the assignment.
pub const KEY_ASSIGNMENT: &str = "cl";

/// The assignment the URL names (`cl`), the notices about it, and why it could not be read.
pub fn read_url(get: &dyn Fn(&str) -> Option<String>) -> (Option<Assignment>, Vec<UrlNotice>, Option<String>) {
    let mut r = UrlReader::new(get);
    let Some(raw) = r.raw(KEY_ASSIGNMENT) else { return (None, Vec::new(), None) };
    match Assignment::decode(&raw) {
        Ok(assignment) => (Some(assignment), Vec::new(), None),
        Err(error) => {
            r.note(KEY_ASSIGNMENT, &raw, Problem::Invalid, "");
            (None, r.into_notices(), Some(error.to_string()))
        }
    }
}

/// The site's address without query or hash, for the links this page writes.
fn site_path() -> String {
    web_sys::window().and_then(|w| w.location().pathname().ok()).unwrap_or_default()
}

/// The assignment link: this site, the language and the assignment, nothing else.
fn assignment_link(assignment: &Assignment, lang: &str) -> String {
    let origin = web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default();
    format!("{origin}{}?lang={lang}&{KEY_ASSIGNMENT}={}#/class", site_path(), assignment.encode())
}

/// The link to exercise `id` of a class: its seed and model-answer setting, in `lang`.
fn exercise_link(assignment: &Assignment, id: &str, lang: &str) -> String {
    let model = if assignment.model_answers { "" } else { "&ex_model=0" };
    format!(
        "{}?lang={lang}&ex_seed={}&ex_id={}{model}#/exercises",
        site_path(),
        assignment.seed,
        crate::show_me::encode(id)
    )
}

/// The link to a lesson chapter, in `lang`.
fn chapter_link(id: &str, lang: &str) -> String {
    format!("{}?lang={lang}#/learn/{}", site_path(), crate::show_me::encode(id))
}

/// localStorage, when the browser allows it.
fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The stored text of `key`.
fn stored(key: &str) -> Option<String> {
    local_storage()?.get_item(key).ok().flatten()
}

/// Stores `value` under `key`; `false` when the browser refuses.
fn store(key: &str, value: &str) -> bool {
    local_storage().is_some_and(|s| s.set_item(key, value).is_ok())
}

/// The title of exercise `id` in the reader's language (the id when the catalog lacks it).
fn exercise_title(i18n: &I18n, id: &str) -> String {
    crate::pages::exercises::catalog()
        .get(id)
        .map(|e| e.title.get(i18n.lang()).to_owned())
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| id.to_owned())
}

/// The `#/class` page.
#[component]
pub fn Class() -> Html {
    let i18n = use_i18n();
    let read = use_memo((), |_| read_url(&url_state::get));
    let (assignment, notices, reason) = &*read;
    let dismissed = use_state(|| false);
    let mut page_notices = Vec::new();
    if let Some(reason) = reason {
        page_notices.push(i18n.t_args("page.class.notice.unreadable", &[("error", reason)]));
    }
    let (notices, page_notices) = if *dismissed { (Vec::new(), Vec::new()) } else { (notices.clone(), page_notices) };
    let on_dismiss = {
        let dismissed = dismissed.clone();
        Callback::from(move |()| dismissed.set(true))
    };
    html! {
        <section class="page page-class">
            <div class="cl-notices" role="status">
                <UrlNotices {notices} {page_notices} class="cl-notice-box" status={false} {on_dismiss} />
            </div>
            if let Some(assignment) = assignment {
                <StudentView assignment={assignment.clone()} />
            } else {
                <Builder />
            }
        </section>
    }
}
