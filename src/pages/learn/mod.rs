//! Lessons (`#/learn`): chapters of short steps, each beside a live page in an exact state,
//! many with a task done in that page and checked from its state.
//!
//! - `#/learn` is the chapter map, `#/learn/<chapter>` opens a chapter at its first step not
//!   yet done, `#/learn/<chapter>/<step>` a step (1-based); the router sends every path below
//!   `/learn` here (`subpaths` in `pages.toml`) and this page reads the rest ([`place`]).
//! - The live page is the real page in an `<iframe>` (`./?embed=1&lang=…&<its keys>#/<its
//!   path>`), so the widget is exactly the page's component and its code stays in its own
//!   bundle. A task is checked from the iframe's URL, which the page keeps its state in:
//!   read every [`POLL_MS`], parsed with the page's own URL reader and evaluated with the core
//!   (`facts`). "Check" reads it at once and shows the hint when the task is not done.
//! - `lesson`: the data (encoded from `lessons/*.toml` by `build.rs`, decoded in `catalog`);
//!   `progress`: done and skipped steps in localStorage.

mod catalog;
mod facts;
pub mod lesson;
pub(crate) mod progress;
#[cfg(test)]
mod tests;

use std::rc::Rc;

use gloo::events::EventListener;
use gloo::timers::callback::Interval;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use self::facts::{facts, query_pairs, Facts};
use self::lesson::{Chapter, Step, Task, WidgetPage};
use self::progress::{Mark, Problem, Progress};
use crate::components::UrlNotices;
use crate::hooks::{use_i18n, I18n};
use crate::i18n::Lang;
use crate::router::current_hash;

/// How often the live page's URL is read, in ms (a page writes its state into its URL
/// 120 ms after the last change).
const POLL_MS: u32 = 300;
/// The `id` of the live page's iframe.
const WIDGET_ID: &str = "ln-widget";
/// The `id` of a step's heading, which gets the focus when another step opens.
const STEP_HEADING_ID: &str = "ln-step-title";

/// Where the reader is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The chapter map.
    Map,
    /// Step `step` (0-based) of chapter `chapter` (its index).
    Step { chapter: usize, step: usize },
}

/// A part of the path that names nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathProblem {
    /// No chapter has this id: the map is shown.
    NoChapter(String),
    /// The chapter has no such step: it opens where it resumes.
    NoStep { chapter: usize, given: String },
}

/// The place a hash (`#/learn/group/2`) names in `chapters`, given the reader's progress
/// (a chapter without a step opens at its first step not yet done).
pub fn place(hash: &str, chapters: &[Chapter], progress: &Progress) -> (Place, Option<PathProblem>) {
    let path = hash.trim_start_matches('#').split(['?', '#']).next().unwrap_or_default();
    let mut parts = path.split('/').filter(|part| !part.is_empty()).skip(1);
    let Some(id) = parts.next() else { return (Place::Map, None) };
    let Some((chapter, found)) = chapters.iter().enumerate().find(|(_, c)| c.id.eq_ignore_ascii_case(id)) else {
        return (Place::Map, Some(PathProblem::NoChapter(id.to_owned())));
    };
    let resume = progress.resume(&found.id, found.steps.len());
    let rest: Vec<&str> = parts.collect();
    let step = match rest.as_slice() {
        [] => return (Place::Step { chapter, step: resume }, None),
        [n] => n.parse::<usize>().ok().filter(|n| (1..=found.steps.len()).contains(n)),
        _ => None,
    };
    match step {
        Some(n) => (Place::Step { chapter, step: n - 1 }, None),
        None => (Place::Step { chapter, step: resume }, Some(PathProblem::NoStep { chapter, given: rest.join("/") })),
    }
}

/// The hash of step `step` (0-based) of `chapter`.
pub fn step_href(chapter: &Chapter, step: usize) -> String {
    format!("#/learn/{}/{}", chapter.id, step + 1)
}

/// The link to an exercise of the catalog in `lang`, as the exercises page writes its own.
pub fn exercise_href(id: &str, lang: Lang) -> String {
    format!("?lang={}&ex_id={}#/exercises", lang.code(), id)
}

/// The live page's address for a step in `lang`: the page itself, embedded, in the step's
/// state. Relative, so it works from any sub-path.
pub fn widget_src(step: &Step, lang: Lang) -> String {
    let query = step.widget.query.trim_start_matches('?');
    let sep = if query.is_empty() { "" } else { "&" };
    format!("./?embed=1&lang={}{sep}{query}#{}", lang.code(), step.widget.page.path())
}

/// The facts of a step's start state.
fn start_facts(step: &Step) -> Facts {
    facts(step.widget.page, &query_pairs(&step.widget.query)).0
}

/// Whether the live page, in the state its URL query `search` and `hash` describe, does `task`.
pub fn task_done(task: &Task, page: WidgetPage, search: &str, hash: &str) -> bool {
    let path = hash.trim_start_matches('#').split(['?', '#']).next().unwrap_or_default();
    if path.trim_end_matches('/') != page.path().trim_end_matches('/') {
        return false;
    }
    let (facts, _) = facts(page, &query_pairs(search));
    task.checks.iter().all(|check| check.holds(facts.get(check.metric)))
}

/// The live page's URL query and hash, when its document can be read.
fn widget_location() -> Option<(String, String)> {
    let frame = gloo::utils::document().get_element_by_id(WIDGET_ID)?.dyn_into::<web_sys::HtmlIFrameElement>().ok()?;
    let location = frame.content_window()?.location();
    Some((location.search().ok()?, location.hash().ok()?))
}

/// Replaces the URL's hash with `hash` without a navigation or a history entry.
fn replace_hash(hash: &str) {
    let Some(window) = web_sys::window() else { return };
    let location = window.location();
    let (Ok(path), Ok(search), Ok(history)) = (location.pathname(), location.search(), window.history()) else {
        return;
    };
    let state = history.state().unwrap_or(wasm_bindgen::JsValue::NULL);
    let _ = history.replace_state_with_url(&state, "", Some(&format!("{path}{search}{hash}")));
}

/// localStorage, when the browser allows it.
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The stored progress and what could not be read of it. A document that could not be read
/// at all is kept under [`progress::BROKEN_KEY`] before it is written over.
fn load() -> (Progress, Vec<Problem>) {
    let store = storage();
    let text = store.as_ref().and_then(|s| s.get_item(progress::KEY).ok().flatten());
    let (progress, problems) = progress::read(text.as_deref());
    if let (Some(store), Some(text)) = (&store, &text) {
        if problems.iter().any(|p| matches!(p, Problem::Document(_))) {
            let _ = store.set_item(progress::BROKEN_KEY, text);
        }
    }
    (progress, problems)
}

/// The reader's progress and what the page tells about it.
#[derive(Clone, Debug, PartialEq)]
struct Book {
    progress: Progress,
    problems: Vec<Problem>,
}

enum BookAction {
    Mark { chapter: usize, step: usize, mark: Mark },
}

impl Reducible for Book {
    type Action = BookAction;

    fn reduce(self: Rc<Self>, action: BookAction) -> Rc<Self> {
        let BookAction::Mark { chapter, step, mark } = action;
        let Some(id) = catalog::chapters().ok().and_then(|c| c.get(chapter)).map(|c| c.id.as_str()) else {
            return self;
        };
        if self.progress.mark(id, step) == mark {
            return self;
        }
        let mut progress = self.progress.clone();
        progress.set(id, step, mark);
        Rc::new(Book { progress, problems: self.problems.clone() })
    }
}

/// The current `location.hash`; re-renders the caller when it changes.
#[hook]
fn use_hash() -> String {
    let hash = use_state_eq(current_hash);
    {
        let hash = hash.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window()
                .map(|window| EventListener::new(&window, "hashchange", move |_| hash.set(current_hash())));
            move || drop(listener)
        });
    }
    (*hash).clone()
}

/// What a step's task shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TaskStatus {
    /// Nothing tried yet.
    Waiting,
    /// "Check" found the task not done: the hint shows.
    Wrong,
}

#[component]
pub fn Learn() -> Html {
    let i18n = use_i18n();
    let hash = use_hash();
    let book = use_reducer_eq(|| {
        let (progress, problems) = load();
        Book { progress, problems }
    });
    use_effect_with(book.progress.clone(), |progress| {
        if let (Some(store), Some(text)) = (storage(), progress::write(progress)) {
            let _ = store.set_item(progress::KEY, &text);
        }
    });
    // Where the reader is is decided when the link is opened: a chapter's link opens where its
    // progress resumes then, and finishing that step does not move the page on by itself.
    let resolved = {
        let progress = book.progress.clone();
        use_memo(hash.clone(), move |hash| catalog::chapters().map(|chapters| place(hash, chapters, &progress)))
    };
    // A chapter's link becomes its step's, so a reload opens the same step.
    use_effect_with(resolved.clone(), |resolved| {
        if let (Ok(chapters), Ok((Place::Step { chapter, step }, None))) = (catalog::chapters(), resolved.as_ref()) {
            if let Some(chapter) = chapters.get(*chapter) {
                let canonical = step_href(chapter, *step);
                if !current_hash().eq_ignore_ascii_case(&canonical) {
                    replace_hash(&canonical);
                }
            }
        }
    });

    let chapters = match catalog::chapters() {
        Ok(chapters) => chapters,
        Err(error) => {
            let notices = vec![i18n.t_args("page.learn.notice.catalog", &[("error", error)])];
            return html! {
                <section class="page page-learn">
                    <h1>{ i18n.t("page.learn.title") }</h1>
                    <UrlNotices notices={Vec::new()} class="ln-notices" page_notices={notices} />
                </section>
            };
        }
    };
    let (place, path_problem) = match resolved.as_ref() {
        Ok(resolved) => resolved.clone(),
        Err(_) => (Place::Map, None),
    };

    let mut notices: Vec<String> = Vec::new();
    match &path_problem {
        Some(PathProblem::NoChapter(id)) => {
            notices.push(i18n.t_args("page.learn.notice.no_chapter", &[("id", &crate::url_state::quoted(id))]));
        }
        Some(PathProblem::NoStep { chapter, given }) => {
            let c = &chapters[*chapter];
            let used = match place {
                Place::Step { step, .. } => step + 1,
                Place::Map => 1,
            };
            notices.push(i18n.t_args(
                "page.learn.notice.no_step",
                &[
                    ("chapter", c.title.get(i18n.lang())),
                    ("given", &crate::url_state::quoted(given)),
                    ("steps", &c.steps.len().to_string()),
                    ("used", &used.to_string()),
                ],
            ));
        }
        None => {}
    }
    for problem in &book.problems {
        notices.push(match problem {
            Problem::Document(error) => i18n.t_args(
                "page.learn.notice.storage_document",
                &[("error", &crate::url_state::quoted(error)), ("key", progress::BROKEN_KEY)],
            ),
            Problem::Chapter(id) => {
                i18n.t_args("page.learn.notice.storage_chapter", &[("chapter", &crate::url_state::quoted(id))])
            }
        });
    }

    let dispatch = book.dispatcher();
    let on_mark = Callback::from(move |(chapter, step, mark): (usize, usize, Mark)| {
        dispatch.dispatch(BookAction::Mark { chapter, step, mark });
    });
    let body = match place {
        Place::Map => map_view(&i18n, chapters, &book.progress),
        Place::Step { chapter, step } => html! {
            <StepView {chapter} {step} marks={book.progress.marks(&chapters[chapter].id, chapters[chapter].steps.len())}
                      {on_mark} />
        },
    };
    html! {
        <section class="page page-learn">
            <UrlNotices notices={Vec::new()} class="ln-notices" page_notices={notices} />
            { body }
        </section>
    }
}

/// The chapter map: a link per chapter with how far the reader got.
fn map_view(i18n: &I18n, chapters: &[Chapter], progress: &Progress) -> Html {
    let lang = i18n.lang();
    let items = chapters.iter().enumerate().map(|(n, chapter)| {
        let marks = progress.marks(&chapter.id, chapter.steps.len());
        let done = marks.iter().filter(|m| **m == Mark::Done).count();
        let skipped = marks.iter().filter(|m| **m == Mark::Skipped).count();
        let state = if done == marks.len() {
            i18n.t("page.learn.map.complete").to_owned()
        } else {
            i18n.t_args(
                "page.learn.map.progress",
                &[("done", &done.to_string()), ("steps", &marks.len().to_string()), ("skipped", &skipped.to_string())],
            )
        };
        html! {
            <li class="ln-chapter" data-chapter={chapter.id.clone()}>
                <a class="ln-chapter-link" href={format!("#/learn/{}", chapter.id)}>
                    { i18n.t_args("page.learn.map.chapter", &[("n", &(n + 1).to_string()), ("title", chapter.title.get(lang))]) }
                </a>
                <p class="ln-summary">{ chapter.summary.get(lang).to_owned() }</p>
                <p class="ln-chapter-state">{ state }</p>
                <ol class="ln-marks" aria-hidden="true">
                    { for marks.iter().map(|m| html! { <li class={mark_class(*m)}></li> }) }
                </ol>
            </li>
        }
    });
    html! {
        <>
            <h1>{ i18n.t("page.learn.title") }</h1>
            <p class="lead">{ i18n.t("page.learn.intro") }</p>
            <ol class="ln-map">{ for items }</ol>
        </>
    }
}

fn mark_class(mark: Mark) -> &'static str {
    match mark {
        Mark::Open => "ln-mark",
        Mark::Done => "ln-mark ln-done",
        Mark::Skipped => "ln-mark ln-skipped",
    }
}

/// Props of [`StepView`].
#[derive(Properties, PartialEq)]
struct StepProps {
    chapter: usize,
    step: usize,
    marks: Vec<Mark>,
    /// Marks a step of a chapter.
    on_mark: Callback<(usize, usize, Mark)>,
}

/// One step: its text, its task and the live page.
#[component]
fn StepView(props: &StepProps) -> Html {
    let i18n = use_i18n();
    let lang = i18n.lang();
    let status = use_state_eq(|| TaskStatus::Waiting);
    let chapters = catalog::chapters().unwrap_or_default();
    let (index, n) = (props.chapter, props.step);
    let chapter = chapters.get(index);
    let step = chapter.and_then(|c| c.steps.get(n));
    // Reloads the live page in the step's start state ("Start again").
    let reload = use_state(|| 0u32);

    // A new step (or language) starts without a hint, and gets the focus as a new page does.
    let first = use_mut_ref(|| true);
    use_effect_with((index, n), {
        let status = status.clone();
        move |_| {
            status.set(TaskStatus::Waiting);
            if !std::mem::replace(&mut *first.borrow_mut(), false) {
                if let Some(heading) = gloo::utils::document()
                    .get_element_by_id(STEP_HEADING_ID)
                    .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
                {
                    let _ = heading.focus();
                }
                if let Some(window) = web_sys::window() {
                    window.scroll_to_with_x_and_y(0.0, 0.0);
                }
            }
        }
    });

    let mark = props.marks.get(n).copied().unwrap_or(Mark::Open);
    // Reads the live page until the task is done.
    {
        let on_mark = props.on_mark.clone();
        let watched = step.and_then(|s| s.task.clone().map(|t| (t, s.widget.page))).filter(|_| mark != Mark::Done);
        use_effect_with((index, n, watched), move |(index, n, watched)| {
            let (index, n) = (*index, *n);
            let interval = watched.clone().map(|(task, page)| {
                // A state already found not to do the task is not evaluated again: the
                // timeline's facts replay its run.
                let mut last = None;
                Interval::new(POLL_MS, move || {
                    let Some(location) = widget_location() else { return };
                    if last.as_ref() == Some(&location) {
                        return;
                    }
                    if task_done(&task, page, &location.0, &location.1) {
                        on_mark.emit((index, n, Mark::Done));
                    }
                    last = Some(location);
                })
            });
            move || drop(interval)
        });
    }

    // The start state's facts, computed once per step (the timeline's replay its run).
    let start = use_memo((index, n), move |_| step.map(start_facts).unwrap_or_default());
    let (Some(chapter), Some(step)) = (chapter, step) else { return Html::default() };
    let total = chapter.steps.len();
    let finished = mark != Mark::Open;

    let pills = chapter.steps.iter().enumerate().map(|(k, s)| {
        let state = match props.marks.get(k).copied().unwrap_or(Mark::Open) {
            Mark::Done => i18n.t("page.learn.mark.done"),
            Mark::Skipped => i18n.t("page.learn.mark.skipped"),
            Mark::Open => i18n.t("page.learn.mark.open"),
        };
        let label = i18n.t_args(
            "page.learn.step.pill",
            &[("n", &(k + 1).to_string()), ("title", s.title.get(lang)), ("state", state)],
        );
        html! {
            <li class={mark_class(props.marks.get(k).copied().unwrap_or(Mark::Open))}>
                <a href={step_href(chapter, k)} aria-label={label.clone()} title={label}
                   aria-current={(k == n).then_some("step")}>{ k + 1 }</a>
            </li>
        }
    });

    let task_html = step.task.as_ref().map(|task| {
        let on_check = {
            let (status, on_mark, task, page) = (status.clone(), props.on_mark.clone(), task.clone(), step.widget.page);
            Callback::from(move |_: MouseEvent| {
                let done = widget_location().is_some_and(|(search, hash)| task_done(&task, page, &search, &hash));
                if done {
                    on_mark.emit((index, n, Mark::Done));
                } else {
                    status.set(TaskStatus::Wrong);
                }
            })
        };
        let on_skip = {
            let (status, on_mark) = (status.clone(), props.on_mark.clone());
            Callback::from(move |_: MouseEvent| {
                status.set(TaskStatus::Waiting);
                on_mark.emit((index, n, Mark::Skipped));
            })
        };
        let line = match (mark, *status) {
            (Mark::Done, _) => i18n.t("page.learn.task.done").to_owned(),
            (Mark::Skipped, TaskStatus::Waiting) => i18n.t("page.learn.task.skipped").to_owned(),
            (_, TaskStatus::Wrong) => i18n.t_args("page.learn.task.hint", &[("hint", &start.fill(task.hint.get(lang)))]),
            (Mark::Open, TaskStatus::Waiting) => i18n.t("page.learn.task.waiting").to_owned(),
        };
        html! {
            <div class="ln-task">
                <h3 class="ln-task-title">{ i18n.t("page.learn.task.title") }</h3>
                <p class="ln-goal">{ start.fill(task.goal.get(lang)) }</p>
                <p class={classes!("ln-status", (mark == Mark::Done).then_some("ln-status-done"))} role="status">{ line }</p>
                if mark != Mark::Done {
                    <div class="ln-buttons">
                        <button type="button" class="ln-check" onclick={on_check}>{ i18n.t("page.learn.task.check") }</button>
                        if mark == Mark::Open {
                            <button type="button" class="ln-skip" onclick={on_skip}>{ i18n.t("page.learn.task.skip") }</button>
                        }
                    </div>
                }
            </div>
        }
    });

    let next = if n + 1 < total {
        let href = step_href(chapter, n + 1);
        let on_read = {
            let (on_mark, has_task) = (props.on_mark.clone(), step.task.is_some());
            Callback::from(move |_: MouseEvent| {
                if !has_task {
                    on_mark.emit((index, n, Mark::Done));
                }
            })
        };
        (step.task.is_none() || finished).then(|| {
            html! { <a class="ln-next" href={href} onclick={on_read}>{ i18n.t("page.learn.nav.next") }</a> }
        })
    } else {
        None
    };
    let previous = (n > 0).then(|| {
        html! { <a class="ln-previous" href={step_href(chapter, n - 1)}>{ i18n.t("page.learn.nav.previous") }</a> }
    });
    let end = (n + 1 == total).then(|| {
        let on_read = {
            let (on_mark, has_task) = (props.on_mark.clone(), step.task.is_some());
            Callback::from(move |_: MouseEvent| {
                if !has_task {
                    on_mark.emit((index, n, Mark::Done));
                }
            })
        };
        let next_chapter = chapters.get(index + 1).map(|c| {
            html! {
                <a class="ln-next-chapter" href={format!("#/learn/{}", c.id)} onclick={on_read.clone()}>
                    { i18n.t_args("page.learn.nav.next_chapter", &[("title", c.title.get(lang))]) }
                </a>
            }
        });
        html! {
            <div class="ln-end">
                <h3>{ i18n.t("page.learn.practise.title") }</h3>
                <ul class="ln-exercises">
                    { for chapter.exercises.iter().map(|(id, title)| html! {
                        <li><a href={exercise_href(id, lang)}>{ title.get(lang).to_owned() }</a></li>
                    }) }
                </ul>
                <p class="ln-end-links">
                    { for next_chapter }
                    <a class="ln-to-map" href="#/learn" onclick={on_read}>{ i18n.t("page.learn.nav.map") }</a>
                </p>
            </div>
        }
    });
    let on_restart = {
        let reload = reload.clone();
        Callback::from(move |_: MouseEvent| reload.set(reload.wrapping_add(1)))
    };
    let page_name = match step.widget.page {
        WidgetPage::Playground => i18n.t("nav.playground"),
        WidgetPage::Offsets => i18n.t("nav.offsets"),
        WidgetPage::Planner => i18n.t("nav.planner"),
        WidgetPage::Troubleshoot => i18n.t("nav.troubleshoot"),
        WidgetPage::Timeline => i18n.t("nav.timeline"),
    };
    let paragraphs = step.text.get(lang).split("\n\n").map(str::trim).filter(|p| !p.is_empty()).map(|p| {
        html! { <p>{ start.fill(p) }</p> }
    });

    html! {
        <>
            <p class="ln-crumbs"><a href="#/learn">{ i18n.t("page.learn.title") }</a></p>
            <h1>{ chapter.title.get(lang).to_owned() }</h1>
            <nav class="ln-steps-nav" aria-label={i18n.t("page.learn.step.list")}>
                <ol class="ln-steps">{ for pills }</ol>
            </nav>
            <div class="ln-body">
                <div class="ln-text">
                    <p class="ln-step-count">{ i18n.t_args("page.learn.step.of", &[("n", &(n + 1).to_string()), ("total", &total.to_string())]) }</p>
                    <h2 id={STEP_HEADING_ID} tabindex="-1">{ step.title.get(lang).to_owned() }</h2>
                    { for paragraphs }
                    { for task_html }
                    <p class="ln-nav">{ for previous }{ for next }</p>
                    { for end }
                </div>
                <div class="ln-live">
                    <iframe id={WIDGET_ID} class="ln-widget" key={format!("{index}-{n}-{}-{}", lang.code(), *reload)}
                            src={widget_src(step, lang)}
                            title={i18n.t_args("page.learn.widget.title", &[("page", page_name)])}></iframe>
                    <button type="button" class="ln-restart" onclick={on_restart}>{ i18n.t("page.learn.widget.restart") }</button>
                </div>
            </div>
        </>
    }
}
