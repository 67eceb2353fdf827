//! The student's side of `#/class?cl=…`: the note, the set in order with each item's
//! standing in this browser (read again whenever the page is shown again or the storage
//! changes in another tab), a name, and the one completion code of the whole set.

use gloo::events::EventListener;
use rebalance_core::exercise::class::{Assignment, ClassReport, MAX_NAME_CHARS};
use rebalance_core::exercise::progress::Status;
use rebalance_core::exercise::Progress;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::{chapter_link, exercise_link, exercise_title, lessons, store, stored};
use crate::clipboard::write_clipboard;
use crate::hooks::use_i18n;
use crate::pages::exercises::catalog;
use crate::pages::exercises::storage::{read_progress, shelf_key, KEY as PROGRESS_KEY};

/// Where the student's name is kept.
pub const NAME_KEY: &str = "rebalance-lab.class.name";

/// The stored progress of class `seed`: the active progress when it is that class's, else
/// the progress kept aside for it (the exercises page's shelf); unreadable text counts as
/// none.
pub fn standing(get: &dyn Fn(&str) -> Option<String>, seed: u64) -> Option<Progress> {
    let of_class = |key: &str| get(key).and_then(|text| read_progress(&text).ok()).filter(|p| p.set_seed == seed);
    of_class(PROGRESS_KEY).or_else(|| of_class(&shelf_key(seed)))
}

/// Props of [`StudentView`].
#[derive(Properties, PartialEq)]
pub struct StudentViewProps {
    /// The assignment of the link.
    pub assignment: Assignment,
}

/// What this browser has stored, read when the page is shown.
#[derive(Clone, PartialEq)]
struct Stored {
    progress: Option<Progress>,
    lessons: Option<String>,
}

fn read_stored(seed: u64) -> Stored {
    Stored { progress: standing(&|key: &str| stored(key), seed), lessons: stored(lessons::KEY) }
}

/// The set, its standing, the name and the completion code.
#[component]
pub fn StudentView(props: &StudentViewProps) -> Html {
    let i18n = use_i18n();
    let lang = i18n.lang();
    let a = &props.assignment;
    let seed = a.seed;
    let now = use_state(move || read_stored(seed));
    let name = use_state(|| stored(NAME_KEY).unwrap_or_default());
    let code = use_state(|| None::<ClassReport>);
    let copied = use_state(|| None::<bool>);
    // Coming back from an exercise (history, bfcache), a tab shown again, or progress
    // written in another tab: read the storage again.
    {
        let now = now.clone();
        use_effect_with(seed, move |&seed| {
            let refresh = move |_: &Event| now.set(read_stored(seed));
            let window = web_sys::window();
            let listeners: Vec<EventListener> = window
                .iter()
                .flat_map(|w| {
                    [
                        EventListener::new(w, "pageshow", refresh.clone()),
                        EventListener::new(w, "storage", refresh.clone()),
                    ]
                })
                .chain(
                    window
                        .as_ref()
                        .and_then(|w| w.document())
                        .map(|d| EventListener::new(&d, "visibilitychange", refresh.clone())),
                )
                .collect();
            move || drop(listeners)
        });
    }
    let progress = now.progress.as_ref();
    let exercise_items = a.exercises.iter().map(|id| {
        let known = catalog().get(id).is_some();
        let status = progress.map_or(Status::NotStarted, |p| p.status(id));
        let best = progress.and_then(|p| p.exercises.get(id)).map_or(0, |e| e.best_score);
        let (class, text) = match status {
            _ if !known => ("cl-missing", i18n.t("page.class.student.unknown").to_owned()),
            Status::Done => ("cl-done", i18n.t("page.class.student.done").to_owned()),
            Status::Attempted => {
                ("cl-attempted", i18n.t_args("page.class.student.attempted", &[("score", &best.to_string())]))
            }
            Status::NotStarted => ("cl-open", i18n.t("page.class.student.not_started").to_owned()),
        };
        html! {
            <li class={classes!("cl-item", class)} data-id={id.clone()} data-status={class}>
                if known {
                    <a href={exercise_link(a, id, lang.code())}>{ exercise_title(&i18n, id) }</a>
                } else {
                    <span>{ id.clone() }</span>
                }
                <span class="cl-item-status">{ text }</span>
            </li>
        }
    });
    let chapter_items = a.chapters.iter().map(|id| {
        let steps = lessons::steps_done(now.lessons.as_deref(), id);
        let title = lessons::chapter(id).map_or_else(|| id.clone(), |(_, t, _)| t.get(lang).to_owned());
        let (class, text) = match steps {
            None => ("cl-missing", i18n.t("page.class.student.unknown").to_owned()),
            Some(s) if s.finished() => ("cl-done", i18n.t("page.class.student.done").to_owned()),
            Some(s) if s.done == 0 => ("cl-open", i18n.t("page.class.student.not_started").to_owned()),
            Some(s) => (
                "cl-attempted",
                i18n.t_args(
                    "page.class.student.steps",
                    &[("done", &s.done.to_string()), ("steps", &s.steps.to_string())],
                ),
            ),
        };
        html! {
            <li class={classes!("cl-item", class)} data-id={id.clone()} data-status={class}>
                if steps.is_some() {
                    <a href={chapter_link(id, lang.code())}>{ i18n.t_args("page.class.student.chapter", &[("title", &title)]) }</a>
                } else {
                    <span>{ id.clone() }</span>
                }
                <span class="cl-item-status">{ text }</span>
            </li>
        }
    });
    let report_now = {
        let (a, now, name) = (a.clone(), now.clone(), name.clone());
        move || {
            let lessons_text = now.lessons.clone();
            ClassReport::new(
                &a,
                now.progress.as_ref(),
                |id| lessons::steps_done(lessons_text.as_deref(), id),
                &name,
                js_sys::Date::now() as u64,
            )
        }
    };
    let finished = report_now().finished();
    let on_name = {
        let (name, code) = (name.clone(), code.clone());
        Callback::from(move |e: InputEvent| {
            let value: String = e.target_unchecked_into::<HtmlInputElement>().value();
            store(NAME_KEY, &value);
            name.set(value);
            code.set(None);
        })
    };
    let on_code = {
        let (code, copied, now) = (code.clone(), copied.clone(), now.clone());
        Callback::from(move |_: MouseEvent| {
            now.set(read_stored(seed));
            code.set(Some(report_now()));
            copied.set(None);
        })
    };
    let on_copy = {
        let (code, copied) = (code.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            let copied = copied.clone();
            let text = code.as_ref().map(ClassReport::code).unwrap_or_default();
            write_clipboard(&text, Callback::from(move |ok| copied.set(Some(ok))));
        })
    };
    let copy_status = match *copied {
        Some(true) => i18n.t("page.class.builder.copied"),
        Some(false) => i18n.t("page.class.builder.copy_failed"),
        None => "",
    };
    let id = a.id();
    html! {
        <div class="cl-screen cl-student">
            <h1>{ i18n.t_args("page.class.student.title", &[("id", &id)]) }</h1>
            <p class="cl-intro">{ i18n.t_args("page.class.student.intro", &[("seed", &seed.to_string())]) }</p>
            if !a.note.is_empty() {
                <section class="cl-panel" aria-labelledby="cl-note-title">
                    <h2 id="cl-note-title">{ i18n.t("page.class.student.note") }</h2>
                    <p class="cl-note" id="cl-note-text">{ a.note.clone() }</p>
                </section>
            }
            <section class="cl-panel" aria-labelledby="cl-set-title">
                <h2 id="cl-set-title">{ i18n.t("page.class.student.set") }</h2>
                <ol class="cl-items">{ for exercise_items }{ for chapter_items }</ol>
            </section>
            <section class="cl-panel" aria-labelledby="cl-code-title">
                <h2 id="cl-code-title">{ i18n.t("page.class.student.code_title") }</h2>
                <label for="cl-name">{ i18n.t("page.class.student.name") }</label>
                <input type="text" id="cl-name" autocomplete="name" maxlength={MAX_NAME_CHARS.to_string()}
                    value={(*name).clone()} oninput={on_name} />
                <p class="cl-help">{ i18n.t("page.class.student.code_help") }</p>
                <p class="cl-row">
                    <button type="button" class="button button-primary" id="cl-get-code" onclick={on_code}>
                        { i18n.t(if finished { "page.class.student.get_code" } else { "page.class.student.get_partial" }) }
                    </button>
                </p>
                <div role="status" class="cl-status">
                    if let Some(report) = code.as_ref() {
                        if report.finished() {
                            <p class="cl-ok">{ i18n.t("page.class.student.complete") }</p>
                        } else {
                            <p class="cl-warn" id="cl-partial">{ i18n.t("page.class.student.partial") }</p>
                        }
                    }
                </div>
                if let Some(report) = code.as_ref() {
                    <p><output id="cl-code" class="cl-code">{ report.code() }</output></p>
                    <p class="cl-row">
                        <button type="button" class="button" id="cl-copy-code" onclick={on_copy}>{ i18n.t("page.class.builder.copy") }</button>
                        <span class="cl-status" role="status">{ copy_status }</span>
                    </p>
                }
            </section>
        </div>
    }
}
