//! Graded exercises (route `#/exercises`, URL keys `ex_id`, `ex_seed`, `ex_try`, `ex_model`).
//!
//! The core (`rebalance_core::exercise`) instantiates, grades, diagnoses and keeps the
//! progress schema; this page holds where the reader is and the progress, stores it, and
//! draws. `?ex_seed=S#/exercises` is a class set: everyone opening it gets the same numbers;
//! `ex_id` opens one exercise and `ex_try` asks for new numbers (attempt seeds); `ex_model=0`,
//! set by the teacher on the class link, keeps the model answer, the expected answers and the
//! last hint off the page.
//!
//! - [`state`]: the state, the URL reading and the reducer; [`storage`]: localStorage.
//! - [`index`]: the overview; [`progress_panel`]: completion code, export, import, verify.
//! - [`exercise`]: one exercise; [`inputs`], [`board`], [`result`]: its parts.
//! - [`copy_link`]: share a link; "show me" links are [`crate::show_me`]'s.
//!
//! The mock interview (`pages/interview`) compiles this module for [`exercise::ExerciseView`]
//! and the catalog; the class page (`pages/class`) for the catalog and the stored progress
//! ([`storage`]). Built for either without the exercises page, the rest is unused and the
//! release build drops it.

#![cfg_attr(not(feature = "exercises"), allow(dead_code, unused_imports))]

mod board;
pub(crate) mod copy_link;
mod draft;
pub(crate) mod exercise;
mod index;
mod inputs;
mod progress_panel;
mod result;
pub(crate) mod state;
pub(crate) mod storage;

#[cfg(test)]
mod tests;

use std::rc::Rc;

use gloo::events::EventListener;
use rebalance_core::exercise::model::{Difficulty, Kind};
use rebalance_core::exercise::{attempt_seed, instantiate, Catalog, Exercise, Instance};

use yew::prelude::*;

use self::exercise::ExerciseView;
use self::index::IndexView;
use self::state::{
    read_url, Action, ModelAnswers, Notice, PageState, DEFAULT_SEED, KEY_ID, KEY_MODEL, KEY_SEED, KEY_TRY,
};
pub use self::storage::{read_progress, write_progress};
use self::storage::{Store, WebStore};
use crate::components::{split_notices, UrlNotices};
use crate::hooks::{use_i18n, I18n};
use crate::router::{current_hash, Route};
use crate::url_state::{self, UrlNotice};

/// The exercises as the build script encoded them (`build.rs`).
const CATALOG_BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/exercises.catalog"));

/// The exercises (decoded on first use).
pub(crate) fn catalog() -> &'static Catalog {
    static CATALOG: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
    CATALOG.get_or_init(|| Catalog::decode(CATALOG_BYTES))
}

/// "kind · difficulty" in the reader's language.
fn meta_line(i18n: &I18n, kind: Kind, difficulty: Difficulty) -> String {
    let kind = kind.title();
    let kind = kind.get(i18n.lang());
    let difficulty = match difficulty {
        Difficulty::Basic => i18n.t("page.exercises.difficulty.basic"),
        Difficulty::Intermediate => i18n.t("page.exercises.difficulty.intermediate"),
        Difficulty::Advanced => i18n.t("page.exercises.difficulty.advanced"),
    };
    format!("{kind} · {difficulty}")
}

/// Where a link inside the page goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The index.
    Index,
    /// An exercise and attempt.
    Exercise(String, u32),
}

impl Target {
    fn open(self) -> Option<(String, u32)> {
        match self {
            Target::Index => None,
            Target::Exercise(id, attempt) => Some((id, attempt)),
        }
    }
}

/// Navigation inside the page (adds a history entry).
pub type Nav = Callback<Target>;

/// The `ex_*` keys for a place and class.
fn url_pairs(target: &Target, seed: u64, model: ModelAnswers) -> [(&'static str, Option<String>); 4] {
    let (id, attempt) = match target {
        Target::Index => (None, 0),
        Target::Exercise(id, attempt) => (Some(id.clone()), *attempt),
    };
    [
        (KEY_ID, id),
        (KEY_SEED, (seed != DEFAULT_SEED).then(|| seed.to_string())),
        (KEY_TRY, (attempt > 0).then(|| attempt.to_string())),
        (KEY_MODEL, model.url_value().map(str::to_owned)),
    ]
}

/// The `ex_*` keys for a place and class as URL changes (`None` removes the key).
fn url_changes<'a>(pairs: &'a [(&'static str, Option<String>)]) -> Vec<(&'static str, Option<&'a str>)> {
    pairs.iter().map(|(k, v)| (*k, v.as_deref())).collect()
}

/// The link to `target` in class `seed`, keeping the rest of the current query (`lang`…).
fn page_href(target: &Target, seed: u64, model: ModelAnswers) -> String {
    let pairs = url_pairs(target, seed, model);
    url_state::changed_url(&url_changes(&pairs))
        .map_or_else(|| "#/exercises".to_owned(), |url| format!("{}{}#/exercises", url.pathname(), url.search()))
}

/// The class link: this site, the class seed (and exercise) and the model-answer setting,
/// nothing else.
fn class_url(id: Option<&str>, seed: u64, model: ModelAnswers) -> String {
    let location = web_sys::window().map(|w| w.location());
    let origin = location.as_ref().and_then(|l| l.origin().ok()).unwrap_or_default();
    let path = location.as_ref().and_then(|l| l.pathname().ok()).unwrap_or_default();
    let id = id.map(|id| format!("&{KEY_ID}={}", crate::show_me::encode(id))).unwrap_or_default();
    let model = model.url_value().map(|v| format!("&{KEY_MODEL}={v}")).unwrap_or_default();
    format!("{origin}{path}?{KEY_SEED}={seed}{id}{model}#/exercises")
}

/// A link's click: plain clicks navigate inside the page; modified clicks (new tab…) are
/// left to the browser.
fn link_click(nav: &Nav, target: Target) -> Callback<MouseEvent> {
    let nav = nav.clone();
    Callback::from(move |e: MouseEvent| {
        if e.button() != 0 || e.ctrl_key() || e.meta_key() || e.shift_key() || e.alt_key() {
            return;
        }
        e.prevent_default();
        nav.emit(target.clone());
    })
}

fn push_history(href: &str) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(href));
    }
}

/// Instantiates the open exercise; an error is text to show, never a panic.
fn instance_of(ex: &Exercise, seed: u64, attempt: u32) -> Result<Rc<Instance>, String> {
    instantiate(ex, attempt_seed(seed, &ex.id, attempt)).map(Rc::new).map_err(|e| e.to_string())
}

/// A notice as the shared box takes it: a URL notice, or the sentence of the page's own
/// (storage, class).
fn sorted<'a>(i18n: &I18n, notice: &'a Notice) -> Result<&'a UrlNotice, String> {
    Err(match notice {
        Notice::Url(notice) => return Ok(notice),
        Notice::StorageBroken { error, kept_as } => {
            i18n.t_args("page.exercises.notice.broken", &[("error", error), ("key", kept_as)])
        }
        Notice::StorageUnavailable => i18n.t("page.exercises.notice.unavailable").to_owned(),
        Notice::StorageWriteFailed => i18n.t("page.exercises.notice.write_failed").to_owned(),
        Notice::ClassSwitched { from, to } => {
            i18n.t_args("page.exercises.notice.switched", &[("from", &from.to_string()), ("to", &to.to_string())])
        }
        Notice::ReplacedByImport { .. } => i18n.t("page.exercises.notice.replaced").to_owned(),
    })
}

/// The page while the open exercise `id` cannot be shown (yet): its title (the catalog always
/// has the titles), `what`, and the way back.
fn not_shown(i18n: &I18n, nav: &Nav, (seed, model): (u64, ModelAnswers), id: &str, what: Html) -> Html {
    let title = catalog().get(id).map(|e| e.title.get(i18n.lang())).filter(|t| !t.is_empty());
    html! {
        <div class="ex-index">
            <h1>{ title.unwrap_or_else(|| i18n.t("page.exercises.title")).to_owned() }</h1>
            { what }
            <p><a href={page_href(&Target::Index, seed, model)} onclick={link_click(nav, Target::Index)}>{ i18n.t("page.exercises.back") }</a></p>
        </div>
    }
}

/// The `#/exercises` page.
#[component]
pub fn Exercises() -> Html {
    let i18n = use_i18n();
    let state = use_reducer(|| {
        let (location, url_notices) = read_url(&url_state::get);
        let store = WebStore::local();
        let mut loaded = storage::load(store.as_ref().map(|s| s as &dyn Store), location.seed);
        loaded.notices.splice(0..0, url_notices);
        PageState::new(loaded, location)
    });
    let dispatch = {
        let state = state.clone();
        Callback::from(move |action: Action| state.dispatch(action))
    };
    // Storage: broken copies aside once, then every change of the progress.
    {
        let dispatch = dispatch.clone();
        use_effect_with((state.broken.clone(), state.persistent), move |(broken, persistent)| {
            if *persistent && !broken.is_empty() {
                let ok = WebStore::local().is_some_and(|s| storage::keep_broken(&s, broken).is_ok());
                if !ok {
                    dispatch.emit(Action::StorageFailed);
                }
            }
        });
    }
    {
        let dispatch = dispatch.clone();
        let saved = (*state).clone();
        let deps = (saved.progress.clone(), saved.shelved.clone(), saved.backup.clone(), saved.persistent);
        use_effect_with(deps, move |_| {
            if saved.persistent {
                let ok = WebStore::local().is_some_and(|s| storage::persist(&s, &saved).is_ok());
                if !ok {
                    dispatch.emit(Action::StorageFailed);
                }
            }
        });
    }
    // The URL follows the place and class; back/forward move the page.
    {
        let target = state.open.clone().map_or(Target::Index, |(id, a)| Target::Exercise(id, a));
        use_effect_with((target, state.seed(), state.model), |(target, seed, model)| {
            url_state::set_many(&url_changes(&url_pairs(target, *seed, *model)));
        });
    }
    {
        let dispatch = dispatch.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|window| {
                EventListener::new(&window, "popstate", move |_| {
                    // Back to another page: that page's URL is not ours to read or rewrite.
                    if Route::from_hash(&current_hash()) == Some(Route::Exercises) {
                        dispatch.emit(Action::FromUrl(read_url(&url_state::get).0));
                    }
                })
            });
            move || drop(listener)
        });
    }
    let nav: Nav = {
        let (dispatch, seed, model) = (dispatch.clone(), state.seed(), state.model);
        Callback::from(move |target: Target| {
            push_history(&page_href(&target, seed, model));
            dispatch.emit(Action::Open(target.open()));
            crate::app::focus_main();
            if let Some(window) = web_sys::window() {
                window.scroll_to_with_x_and_y(0.0, 0.0);
            }
        })
    };
    let (seed, model) = (state.seed(), state.model);
    let instance = use_memo((state.open.clone(), seed), |(open, seed)| {
        open.as_ref().map(|(id, attempt)| match catalog().get(id) {
            Some(ex) => instance_of(ex, *seed, *attempt),
            None => Err(format!("unknown exercise {id:?}")),
        })
    });

    let (url_notices, page_notices) = split_notices(&state.notices, |n| sorted(&i18n, n));
    let body = match (&state.open, instance.as_ref()) {
        (Some((id, attempt)), Some(Ok(inst))) => {
            let hrefs = [
                page_href(&Target::Index, seed, model).into(),
                page_href(&Target::Exercise(id.clone(), 0), seed, model).into(),
                page_href(&Target::Exercise(id.clone(), attempt.saturating_add(1)), seed, model).into(),
            ];
            html! {
                <ExerciseView key={format!("{id}/{seed}/{attempt}")} instance={inst.clone()} attempt={*attempt}
                    progress={state.progress.exercises.get(id).cloned()} class_url={class_url(Some(id), seed, model)}
                    {model} {hrefs} dispatch={dispatch.clone()} nav={nav.clone()} />
            }
        }
        (Some((id, _)), Some(Err(e))) => not_shown(
            &i18n,
            &nav,
            (seed, model),
            id,
            html! {
                <p class="ex-error" role="alert">{ i18n.t_args("page.exercises.instance_error", &[("error", e)]) }</p>
            },
        ),
        _ => html! {
            <IndexView progress={state.progress.clone()} class_url={class_url(None, seed, model)} {model}
                dispatch={dispatch.clone()} nav={nav.clone()} />
        },
    };
    html! {
        <section class="page page-exercises">
            <div class="ex-notices" role="status">
                <UrlNotices notices={url_notices} {page_notices} class="ex-notice-box"
                            status={false} on_dismiss={dispatch.reform(|()| Action::DismissNotices)} />
            </div>
            { body }
            if !state.persistent {
                <p class="ex-memory" data-storage="memory">{ i18n.t("page.exercises.memory") }</p>
            }
        </section>
    }
}
