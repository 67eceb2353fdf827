//! The mock interview (`#/interview`, URL keys `iv_len`, `iv_level`, `iv_seed`, `iv_r`).
//!
//! - The start screen chooses a length, a level and a seed (random by default, written into
//!   the URL, so the link reproduces the interview), and opens a result code.
//! - The run shows one item at a time with a timer counting down the whole length: an open
//!   question (a written answer, then the reference answer's key points to tick, the
//!   follow-up and the common mistakes) or a computed part, which is the exercises page's own
//!   [`ExerciseView`] graded by the core. The run in progress is kept in localStorage
//!   (`state::KEY`), so a reload resumes it; one that cannot be read is kept aside and said.
//! - The report ([`report`]) is recomputed by the core from the run, which its result code
//!   carries: `?iv_r=<code>#/interview` shows the same report anywhere.
//!
//! The draw, the scores, the report and the code are the core's
//! (`rebalance_core::exercise::interview`); [`state`] holds the page's state in plain Rust.

mod questions;
mod report;
pub mod state;
#[cfg(test)]
mod tests;

use std::rc::Rc;

use gloo::timers::callback::Interval;
use rebalance_core::exercise::interview::{decode, draw, CodeError, Item, Level, Run, LENGTHS};
use rebalance_core::exercise::{instantiate, Instance};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use self::report::ReportView;
use self::state::{
    announcement, clock, level_name, parse_seed, read_url, Session, Setup, BROKEN_KEY, KEY, KEY_CODE, KEY_LEN,
    KEY_LEVEL, KEY_SEED, LEVELS, MAX_SEED,
};
use super::exercises::catalog;
use super::exercises::exercise::ExerciseView;
use super::exercises::state::{Action as ExerciseAction, ModelAnswers};
use crate::components::UrlNotices;
use crate::hooks::{use_i18n, I18n};
use crate::url_state;

/// The `id` of the line naming the current item, which gets the focus when an item opens.
const ITEM_STATUS_ID: &str = "iv-item-status";

/// localStorage, when the browser allows it.
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// A seed for a new interview (not a URL's): small enough to read aloud.
fn random_seed() -> u64 {
    (js_sys::Math::random() * 1_000_000.0) as u64
}

/// Focuses the element `id` (after the render that draws it).
fn focus(id: &str) {
    let element = gloo::utils::document().get_element_by_id(id);
    if let Some(element) = element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = element.focus();
    }
}

/// The topic's name: the lessons' chapter title (`tests.rs` checks they agree).
pub fn topic_name(i18n: &I18n, topic: &str) -> &'static str {
    i18n.t(match topic {
        "group" => "page.interview.topic.group",
        "strategies" => "page.interview.topic.strategies",
        "scale-out" => "page.interview.topic.scale-out",
        "offsets" => "page.interview.topic.offsets",
        "drain" => "page.interview.topic.drain",
        "over-time" => "page.interview.topic.over-time",
        "ordered" => "page.interview.topic.ordered",
        "pop" => "page.interview.topic.pop",
        _ => "page.interview.topic.troubleshoot",
    })
}

/// The level's name.
pub fn level_title(i18n: &I18n, level: Level) -> &'static str {
    i18n.t(match level {
        Level::Junior => "page.interview.level.junior",
        Level::Mid => "page.interview.level.mid",
        Level::Senior => "page.interview.level.senior",
    })
}

/// Why a result code was refused, in the reader's language.
pub fn code_error(i18n: &I18n, error: &CodeError) -> String {
    match error {
        CodeError::Empty => i18n.t("page.interview.code.empty").to_owned(),
        CodeError::Character { position, character } => i18n.t_args(
            "page.interview.code.character",
            &[("position", &position.to_string()), ("character", &url_state::quoted(&character.to_string()))],
        ),
        CodeError::TooShort => i18n.t("page.interview.code.short").to_owned(),
        CodeError::Check => i18n.t("page.interview.code.check").to_owned(),
        CodeError::Version(v) => i18n.t_args(
            "page.interview.code.version",
            &[
                ("version", &v.to_string()),
                ("current", &rebalance_core::exercise::interview::run::CODE_VERSION.to_string()),
            ],
        ),
        CodeError::Content(detail) => {
            i18n.t_args("page.interview.code.content", &[("detail", &url_state::quoted(detail))])
        }
    }
}

/// What the page shows.
#[derive(Clone, Debug, PartialEq)]
enum View {
    /// The start screen.
    Start,
    /// A run (in progress or finished: then its report).
    Run(Session),
    /// The report of a result code.
    Replay(Rc<Run>),
}

/// The page's state.
#[derive(Clone, Debug, PartialEq)]
struct Page {
    setup: Setup,
    view: View,
    /// The page's own notices (URL code, storage), as sentences.
    notices: Vec<String>,
}

enum Action {
    SetSetup(Setup),
    Start,
    Write(String),
    Reveal,
    Tick(u8, bool, usize),
    Record(rebalance_core::exercise::Answer, u8),
    Next,
    Skip,
    Second,
    Finish,
    Replay(Run),
    New,
}

impl Reducible for Page {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        let session = match &mut next.view {
            View::Run(session) => Some(session),
            _ => None,
        };
        match (action, session) {
            (Action::SetSetup(setup), _) => next.setup = setup,
            (Action::Start, _) => {
                let Ok(interview) = questions::interview() else { return self };
                next.view = View::Run(Session::start(interview, catalog(), next.setup));
            }
            (Action::Write(text), Some(s)) => s.write(&text),
            (Action::Reveal, Some(s)) => s.reveal(),
            (Action::Tick(point, on, points), Some(s)) => s.tick(point, on, points),
            (Action::Record(answer, score), Some(s)) => s.record(answer, score),
            (Action::Next, Some(s)) => s.next(),
            (Action::Skip, Some(s)) => s.skip(),
            (Action::Second, Some(s)) => s.second(),
            (Action::Finish, Some(s)) => s.finish(),
            (Action::Replay(run), _) => next.view = View::Replay(Rc::new(run)),
            (Action::New, _) => {
                next.view = View::Start;
                next.setup.seed = random_seed();
                next.notices.clear();
            }
            _ => return self,
        }
        Rc::new(next)
    }
}

/// The first state: a result code in the URL shows its report; else a stored run resumes;
/// else the start screen with the URL's setup.
fn initial(i18n: &I18n) -> Page {
    let (setup, code, url_notices) = read_url(&url_state::get, random_seed());
    let mut notices: Vec<String> = url_notices.iter().map(|n| crate::components::notice_text(i18n, n)).collect();
    let mut view = View::Start;
    let interview = match questions::interview() {
        Ok(interview) => interview,
        Err(error) => {
            notices.push(i18n.t_args("page.interview.notice.questions", &[("error", error)]));
            return Page { setup, view, notices };
        }
    };
    if let Some(code) = code {
        match decode(&code)
            .and_then(|run| rebalance_core::exercise::interview::report(interview, catalog(), &run).map(|_| run))
        {
            Ok(run) => view = View::Replay(Rc::new(run)),
            Err(error) => notices.push(
                i18n.t_args("page.interview.notice.code", &[("key", KEY_CODE), ("error", &code_error(i18n, &error))]),
            ),
        }
    }
    if view == View::Start {
        let store = storage();
        let text = store.as_ref().and_then(|s| s.get_item(KEY).ok().flatten());
        match state::read_stored(text.as_deref(), interview, catalog()) {
            Some(Ok(session)) => view = View::Run(session),
            Some(Err(error)) => {
                if let (Some(store), Some(text)) = (&store, &text) {
                    let _ = store.set_item(BROKEN_KEY, text);
                    let _ = store.remove_item(KEY);
                }
                notices.push(i18n.t_args(
                    "page.interview.notice.storage",
                    &[("error", &url_state::quoted(&error)), ("key", BROKEN_KEY)],
                ));
            }
            None => {}
        }
    }
    Page { setup, view, notices }
}

/// The `#/interview` page.
#[component]
pub fn Interview() -> Html {
    let i18n = use_i18n();
    let page = {
        let i18n = i18n.clone();
        use_reducer_eq(move || initial(&i18n))
    };
    let dispatch = {
        let page = page.clone();
        Callback::from(move |action: Action| page.dispatch(action))
    };
    // The URL: the setup (of the run, when one is open) and the result code of a replay.
    {
        let (setup, replay) = match &page.view {
            View::Run(s) => (Setup { minutes: s.run.minutes, level: s.run.level, seed: s.run.seed }, None),
            View::Replay(run) => (
                Setup { minutes: run.minutes, level: run.level, seed: run.seed },
                Some(rebalance_core::exercise::interview::encode(run)),
            ),
            View::Start => (page.setup, None),
        };
        use_effect_with((setup, replay), |(setup, replay)| {
            url_state::set_many(&[
                (KEY_LEN, Some(&setup.minutes.to_string())),
                (KEY_LEVEL, Some(level_name(setup.level))),
                (KEY_SEED, Some(&setup.seed.to_string())),
                (KEY_CODE, replay.as_deref()),
            ]);
        });
    }
    // The run in progress is stored at every change; a finished one stays until "New interview".
    {
        let session = match &page.view {
            View::Run(s) => Some(s.clone()),
            _ => None,
        };
        use_effect_with(session, |session| {
            if let (Some(store), Some(text)) = (storage(), session.as_ref().and_then(state::write_stored)) {
                let _ = store.set_item(KEY, &text);
            }
        });
    }
    // "New interview": a finished run is let go (a replay leaves a stored run as it is).
    let on_new = {
        let (dispatch, finished) = (dispatch.clone(), matches!(&page.view, View::Run(_)));
        Callback::from(move |()| {
            if let (true, Some(store)) = (finished, storage()) {
                let _ = store.remove_item(KEY);
            }
            dispatch.emit(Action::New);
        })
    };
    // The timer: a second at a time while a run is open.
    let running = matches!(&page.view, View::Run(s) if !s.finished);
    {
        let dispatch = dispatch.clone();
        use_effect_with(running, move |&running| {
            let interval = running.then(|| Interval::new(1000, move || dispatch.emit(Action::Second)));
            move || drop(interval)
        });
    }
    // A new item (or the report) takes the focus, as a new page does.
    let place = match &page.view {
        View::Run(s) => Some((s.current, s.finished)),
        _ => None,
    };
    {
        let first = use_mut_ref(|| true);
        use_effect_with(place, move |place| {
            if !std::mem::replace(&mut *first.borrow_mut(), false) {
                match place {
                    Some((_, false)) => focus(ITEM_STATUS_ID),
                    Some((_, true)) => focus(report::REPORT_TITLE_ID),
                    None => crate::app::focus_main(),
                }
            }
        });
    }

    let body = match &page.view {
        View::Start => start_view(&i18n, &page, &dispatch),
        View::Run(session) if session.finished => html! {
            <ReportView run={Rc::new(session.run.clone())} replay={false} on_new={on_new.clone()} />
        },
        View::Run(session) => run_view(&i18n, session, &dispatch),
        View::Replay(run) => html! {
            <ReportView run={run.clone()} replay={true} on_new={on_new.clone()} />
        },
    };
    html! {
        <section class="page page-interview">
            <UrlNotices notices={Vec::new()} class="iv-notices" page_notices={page.notices.clone()} />
            { body }
        </section>
    }
}

/// The start screen: length, level, seed and Start; and a result code to open.
fn start_view(i18n: &I18n, page: &Page, dispatch: &Callback<Action>) -> Html {
    let setup = page.setup;
    let lengths = LENGTHS.iter().map(|&minutes| {
        let onchange = dispatch.reform(move |_: Event| Action::SetSetup(Setup { minutes, ..setup }));
        let id = format!("iv-len-{minutes}");
        let items = rebalance_core::exercise::interview::item_count(minutes);
        html! {
            <label for={id.clone()}>
                <input type="radio" name="iv-len" {id} checked={setup.minutes == minutes} {onchange} />
                { i18n.t_args("page.interview.start.minutes", &[("minutes", &minutes.to_string()), ("items", &items.to_string())]) }
            </label>
        }
    });
    let levels = LEVELS.iter().map(|&(name, level)| {
        let onchange = dispatch.reform(move |_: Event| Action::SetSetup(Setup { level, ..setup }));
        let id = format!("iv-level-{name}");
        html! {
            <label for={id.clone()}>
                <input type="radio" name="iv-level" {id} checked={setup.level == level} {onchange} />
                { level_title(i18n, level) }
            </label>
        }
    });
    let onsubmit = dispatch.reform(|e: SubmitEvent| {
        e.prevent_default();
        Action::Start
    });
    let new_seed = dispatch.reform(move |_: MouseEvent| Action::SetSetup(Setup { seed: random_seed(), ..setup }));
    html! {
        <>
            <h1>{ i18n.t("page.interview.title") }</h1>
            <p class="lead">{ i18n.t("page.interview.intro") }</p>
            <form class="iv-start" {onsubmit} novalidate=true>
                <fieldset class="iv-choices">
                    <legend>{ i18n.t("page.interview.start.length") }</legend>
                    { for lengths }
                </fieldset>
                <fieldset class="iv-choices">
                    <legend>{ i18n.t("page.interview.start.level") }</legend>
                    { for levels }
                    <p class="iv-help">{ i18n.t("page.interview.start.level_help") }</p>
                </fieldset>
                <SeedField seed={setup.seed} on_seed={dispatch.reform(move |seed| Action::SetSetup(Setup { seed, ..setup }))} />
                <div class="iv-buttons">
                    <button type="button" class="button" onclick={new_seed}>{ i18n.t("page.interview.start.new_seed") }</button>
                    <button type="submit" class="button button-primary" id="iv-start">{ i18n.t("page.interview.start.start") }</button>
                </div>
                <p class="iv-help">{ i18n.t("page.interview.start.rules") }</p>
            </form>
            <OpenCode on_open={dispatch.reform(Action::Replay)} />
        </>
    }
}

/// Props of [`SeedField`].
#[derive(Properties, PartialEq)]
struct SeedProps {
    seed: u64,
    on_seed: Callback<u64>,
}

/// The seed, typed: a whole number from 0 to `MAX_SEED`; anything else is said next to the
/// field and the seed stays.
#[component]
fn SeedField(props: &SeedProps) -> Html {
    let i18n = use_i18n();
    let text = use_state(|| props.seed.to_string());
    {
        let text = text.clone();
        use_effect_with(props.seed, move |seed| {
            if parse_seed(&text) != Some(*seed) {
                text.set(seed.to_string());
            }
        });
    }
    let oninput = {
        let (text, on_seed) = (text.clone(), props.on_seed.clone());
        Callback::from(move |e: InputEvent| {
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else { return };
            let value = input.value();
            if let Some(seed) = parse_seed(&value) {
                on_seed.emit(seed);
            }
            text.set(value);
        })
    };
    let error = parse_seed(&text).is_none().then(|| {
        i18n.t_args(
            "page.interview.start.seed_error",
            &[("given", &url_state::quoted(&text)), ("max", &MAX_SEED.to_string()), ("seed", &props.seed.to_string())],
        )
    });
    html! {
        <div class="iv-seed">
            <label for="iv-seed">{ i18n.t("page.interview.start.seed") }</label>
            <input type="text" id="iv-seed" inputmode="numeric" autocomplete="off" value={(*text).clone()} {oninput}
                   aria-describedby="iv-seed-help" aria-invalid={error.is_some().then_some("true")} />
            <p class="iv-help" id="iv-seed-help">{ i18n.t("page.interview.start.seed_help") }</p>
            <p class="iv-error" role="alert">{ error.unwrap_or_default() }</p>
        </div>
    }
}

/// Props of [`OpenCode`].
#[derive(Properties, PartialEq)]
struct OpenCodeProps {
    on_open: Callback<Run>,
}

/// A result code pasted to see its report.
#[component]
fn OpenCode(props: &OpenCodeProps) -> Html {
    let i18n = use_i18n();
    let text = use_state(String::new);
    let error = use_state(|| None::<CodeError>);
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                text.set(area.value());
            }
        })
    };
    let onsubmit = {
        let (text, error, on_open) = (text.clone(), error.clone(), props.on_open.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let checked = questions::interview().map_err(|e| CodeError::Content(e.to_owned())).and_then(|interview| {
                decode(&text).and_then(|run| {
                    rebalance_core::exercise::interview::report(interview, catalog(), &run).map(|_| run)
                })
            });
            match checked {
                Ok(run) => {
                    error.set(None);
                    on_open.emit(run);
                }
                Err(e) => error.set(Some(e)),
            }
        })
    };
    html! {
        <section class="iv-open" aria-labelledby="iv-open-title">
            <h2 id="iv-open-title">{ i18n.t("page.interview.paste.title") }</h2>
            <form {onsubmit} novalidate=true>
                <label for="iv-code-input">{ i18n.t("page.interview.paste.label") }</label>
                <textarea id="iv-code-input" rows="3" spellcheck="false" value={(*text).clone()} {oninput} />
                <button type="submit" class="button">{ i18n.t("page.interview.paste.button") }</button>
                <p class="iv-error" role="alert">{ (*error).as_ref().map(|e| code_error(&i18n, e)).unwrap_or_default() }</p>
            </form>
        </section>
    }
}

/// The run: the timer, the current item, Skip and Next.
fn run_view(i18n: &I18n, session: &Session, dispatch: &Callback<Action>) -> Html {
    let Ok(interview) = questions::interview() else { return Html::default() };
    let run = &session.run;
    let items = draw(interview, catalog(), run.seed, run.minutes, run.level);
    let Some(item) = items.get(session.current) else { return Html::default() };
    let left = run.seconds_left();
    let said = match announcement(left) {
        Some(minutes) => i18n.t_count("page.interview.timer.left", minutes, &[("minutes", &minutes.to_string())]),
        None => i18n.t("page.interview.timer.up").to_owned(),
    };
    let topic = interview.get(item.question()).map(|q| q.topic.as_str()).unwrap_or_default();
    let last = session.current + 1 == items.len();
    let body = match item {
        Item::Open { question } => match interview.get(*question) {
            Some(q) => open_view(i18n, q, session, dispatch),
            None => Html::default(),
        },
        Item::Computed { exercise, seed, .. } => html! {
            <ComputedPart key={format!("{exercise}/{seed}")} exercise={exercise.clone()} seed={*seed}
                score={run.results.get(session.current).filter(|r| r.answer != Default::default()).map(|r| r.score)}
                on_record={dispatch.reform(|(answer, score)| Action::Record(answer, score))} />
        },
    };
    html! {
        <>
            <div class="iv-bar">
                <p class="iv-item-status" id={ITEM_STATUS_ID} tabindex="-1">
                    { i18n.t_args("page.interview.run.item", &[("n", &(session.current + 1).to_string()), ("total", &items.len().to_string())]) }
                    { " · " }{ topic_name(i18n, topic) }
                </p>
                <p class="iv-timer" role="timer" aria-label={i18n.t("page.interview.timer.label")}>
                    { i18n.t_args("page.interview.timer.text", &[("time", &clock(left))]) }
                </p>
            </div>
            <p class="visually-hidden" aria-live="polite">{ said }</p>
            <div class="iv-item">{ body }</div>
            <div class="iv-buttons iv-run-buttons">
                <button type="button" class="button" id="iv-skip" onclick={dispatch.reform(|_: MouseEvent| Action::Skip)}>
                    { i18n.t("page.interview.run.skip") }
                </button>
                <button type="button" class="button button-primary" id="iv-next" onclick={dispatch.reform(|_: MouseEvent| Action::Next)}>
                    { if last { i18n.t("page.interview.run.finish") } else { i18n.t("page.interview.run.next") } }
                </button>
                if !last {
                    <button type="button" class="button" id="iv-end" onclick={dispatch.reform(|_: MouseEvent| Action::Finish)}>
                        { i18n.t("page.interview.run.end") }
                    </button>
                }
            </div>
            <p class="iv-help">{ i18n.t("page.interview.run.rules") }</p>
        </>
    }
}

/// An open question: the answer box, then the reference answer to tick, the follow-up and the
/// common mistakes.
fn open_view(
    i18n: &I18n,
    q: &rebalance_core::exercise::interview::Question,
    session: &Session,
    dispatch: &Callback<Action>,
) -> Html {
    let w = q.wording(i18n.lang());
    let oninput = dispatch.reform(|e: InputEvent| {
        let text = e.target_dyn_into::<web_sys::HtmlTextAreaElement>().map(|a| a.value()).unwrap_or_default();
        Action::Write(text)
    });
    let points = w.points.len();
    let ticked = session.ticked();
    let checklist = w.points.iter().enumerate().map(|(i, point)| {
        let i = u8::try_from(i).unwrap_or(u8::MAX);
        let on = ticked.contains(&i);
        let id = format!("iv-point-{i}");
        let onchange = dispatch.reform(move |_: Event| Action::Tick(i, !on, points));
        html! {
            <li>
                <input type="checkbox" id={id.clone()} checked={on} {onchange} />
                <label for={id}>{ point.clone() }</label>
            </li>
        }
    });
    let score = session.run.results.get(session.current).map_or(0, |r| r.score);
    html! {
        <div class="iv-open-question">
            <h1 class="iv-ask">{ w.ask.clone() }</h1>
            <label for="iv-answer">{ i18n.t("page.interview.open.answer") }</label>
            <textarea id="iv-answer" rows="6" value={session.text().to_owned()} {oninput} />
            if session.revealed {
                <section class="iv-reference" aria-labelledby="iv-reference-title">
                    <h2 id="iv-reference-title" tabindex="-1">{ i18n.t("page.interview.open.reference") }</h2>
                    <p class="iv-help">{ i18n.t("page.interview.open.tick") }</p>
                    <ul class="iv-points">{ for checklist }</ul>
                    <p class="iv-score" aria-live="polite">
                        { i18n.t_args("page.interview.open.score", &[("ticked", &ticked.len().to_string()), ("points", &points.to_string()), ("score", &score.to_string())]) }
                    </p>
                    <h3>{ i18n.t("page.interview.open.follow_up") }</h3>
                    <p class="iv-follow-up">{ w.follow_up.clone() }</p>
                    <p class="iv-follow-up-answer">{ w.follow_up_answer.clone() }</p>
                    <h3>{ i18n.t("page.interview.open.mistakes") }</h3>
                    <ul class="iv-mistakes">{ for w.mistakes.iter().map(|m| html! { <li>{ m.clone() }</li> }) }</ul>
                </section>
            } else {
                <div class="iv-buttons">
                    <button type="button" class="button" id="iv-reveal" onclick={dispatch.reform(|_: MouseEvent| Action::Reveal)}>
                        { i18n.t("page.interview.open.show") }
                    </button>
                </div>
            }
        </div>
    }
}

/// Props of [`ComputedPart`].
#[derive(Properties, PartialEq)]
struct ComputedProps {
    exercise: String,
    seed: u64,
    /// The score of the answer graded so far, if any.
    score: Option<u8>,
    on_record: Callback<(rebalance_core::exercise::Answer, u8)>,
}

/// A computed part: the exercises page's [`ExerciseView`] of the instance, its graded answers
/// recorded in the run.
#[component]
fn ComputedPart(props: &ComputedProps) -> Html {
    let i18n = use_i18n();
    let instance = use_memo((props.exercise.clone(), props.seed), |(id, seed)| {
        catalog()
            .get(id)
            .ok_or_else(|| format!("unknown exercise {id:?}"))
            .and_then(|ex| instantiate(ex, *seed).map(Rc::new).map_err(|e| e.to_string()))
    });
    let instance: Rc<Instance> = match instance.as_ref() {
        Ok(instance) => instance.clone(),
        Err(error) => {
            return html! { <p class="iv-error" role="alert">{ i18n.t_args("page.exercises.instance_error", &[("error", error)]) }</p> }
        }
    };
    let on_record = props.on_record.clone();
    let dispatch = Callback::from(move |action: ExerciseAction| {
        if let ExerciseAction::Record { answer, grade, .. } = action {
            on_record.emit((answer, grade.score));
        }
    });
    let hrefs: [AttrValue; 3] = [AttrValue::default(), AttrValue::default(), AttrValue::default()];
    html! {
        <>
            <ExerciseView {instance} attempt={0} progress={None} class_url={AttrValue::default()}
                model={ModelAnswers::Shown} {hrefs} {dispatch} nav={Callback::noop()} in_run={true} />
            if let Some(score) = props.score {
                <p class="iv-recorded">{ i18n.t_args("page.interview.run.recorded", &[("score", &score.to_string())]) }</p>
            }
        </>
    }
}
