//! The consumer-group timeline (`#/timeline`): a deterministic, seeded run of
//! `rebalance_core::simulate`, played, stepped and scrubbed tick by tick, with events
//! injected by button or from a consumer's lane, and classic vs POP on the same script.
//!
//! - `run.rs`: the [`run::Run`] (preset, seed, injected events, the simulation and its
//!   comparison twin); `state.rs`: the page state and every [`state::Action`] (no yew).
//! - `query.rs`: the `tl_` URL keys, read with clamping notices; `script.rs`: the compact
//!   text of the injected events in the URL.
//! - `frame.rs`: what one tick draws, taken from the core once per change.
//! - `markers.rs`: the marked events (rebalance, crash, join, handoff, duplicate burst) and
//!   the key moments (overlaps, handoffs) derived from what the core recorded; `pace.rs`: how
//!   long a tick stays on screen, slowed down across a key moment.
//! - `moves.rs`: the queue moves of each tick from the core's recorded holders, and the
//!   grading of a "Which queues will move?" prediction; `words.rs` says them under the lanes.
//! - `controls.rs`, `event_bar.rs`, `lanes.rs`, `stats.rs`, `chart.rs`, `log_pane.rs`,
//!   `inject.rs`, `explain.rs`: the components; `text.rs`: words for what the core reports.
//!
//! The simulation lives in a `RefCell` (`use_mut_ref`); every action mutates it and forces
//! one render, and the views are memoized on the page's version, so a frame of playback
//! costs one snapshot, not a copy of the history. The wall clock (and `pace.rs`) only
//! decides how many ticks a frame advances: the run itself is the same at any speed.

// Built without the timeline page for the lessons (`pages/learn`), which use only its URL
// reader (`query::read`) and the run it replays: the page's code is then unused, and the
// release build drops it.
#![cfg_attr(not(feature = "timeline"), allow(dead_code, unused_imports))]

mod chart;
mod controls;
mod event_bar;
mod explain;
mod frame;
mod inject;
mod lanes;
mod log_pane;
mod markers;
mod moves;
mod pace;
pub(crate) mod query;
pub(crate) mod run;
mod script;
pub(crate) mod state;
mod stats;
mod text;
mod words;

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use gloo::render::{request_animation_frame, AnimationFrame};
use gloo::timers::callback::Timeout;
use rebalance_core::simulate::ConsumeModel;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use self::chart::{chart_data, LagChart};
use self::controls::{ControlDock, Setup, Transport};
use self::event_bar::EventBar;
use self::explain::{explanations, script_list};
use self::frame::Frame;
use self::inject::InjectPanel;
use self::lanes::Lanes;
use self::log_pane::{log_view, LogPane};
use self::run::twin_model;
use self::state::{Action, Page};
use self::stats::Stats;
use self::text::{count, model_label, sorted, time_label};
use self::words::{moves_words, predict_panel};
use crate::components::{split_notices, UrlNotices};
use crate::embed::{use_embed, EmbedBar, Widget};
use crate::hooks::{use_i18n, I18n};
use crate::router::Route;
use crate::url_state;

/// How long the URL waits for the run to settle before it is rewritten (no rewrite while
/// playing: browsers throttle `history.replaceState`).
const URL_DELAY_MS: u32 = 150;
/// The most a frame may advance in wall-clock time (a hidden tab does not jump ahead).
const MAX_FRAME_MS: f64 = 250.0;

type Pending = Rc<RefCell<Option<(Timeout, Vec<(&'static str, Option<String>)>)>>>;

fn write_url(query: &[(&'static str, Option<String>)]) {
    let changes: Vec<(&str, Option<&str>)> = query.iter().map(|(k, v)| (*k, v.as_deref())).collect();
    url_state::set_many(&changes);
}

/// The playback loop: one `requestAnimationFrame` after another while playing.
struct Player {
    page: Rc<RefCell<Page>>,
    update: UseForceUpdateHandle,
    frame: RefCell<Option<AnimationFrame>>,
    last: Cell<Option<f64>>,
}

impl Player {
    fn schedule(self: &Rc<Self>) {
        let me = Rc::clone(self);
        *self.frame.borrow_mut() = Some(request_animation_frame(move |now| me.on_frame(now)));
    }

    fn on_frame(self: &Rc<Self>, now: f64) {
        let elapsed = self.last.get().map_or(0.0, |last| (now - last).clamp(0.0, MAX_FRAME_MS));
        self.last.set(Some(now));
        let version = self.page.borrow().version;
        self.page.borrow_mut().apply(Action::Frame(elapsed));
        let (changed, playing) = {
            let page = self.page.borrow();
            (page.version != version, page.playing)
        };
        if changed {
            self.update.force_update();
        }
        if playing {
            self.schedule();
        }
    }
}

/// Stops the loop when dropped.
struct Playing(Rc<Player>);

impl Drop for Playing {
    fn drop(&mut self) {
        self.0.frame.borrow_mut().take();
    }
}

/// The `#/timeline` page.
#[component]
pub fn Timeline() -> Html {
    let i18n = use_i18n();
    let full = use_embed().is_none();
    let page = use_mut_ref(|| {
        query::adopt_hash_query();
        query::read(&url_state::get)
    });
    let update = use_force_update();
    let on_action = {
        let (page, update) = (page.clone(), update.clone());
        use_callback((), move |action: Action, _| {
            page.borrow_mut().apply(action);
            update.force_update();
        })
    };
    let (version, epoch, playing, filter, quiet, history, log_key) = {
        let p = page.borrow();
        let run = p.run.as_ref();
        (p.version, p.epoch, p.playing, p.log, p.quiet, run.map(run::Run::history_key), run.map(run::Run::log_key))
    };
    let frame = {
        let page = page.clone();
        use_memo((epoch, version), move |_| page.borrow().run.as_ref().map(Frame::of))
    };
    let chart = {
        let page = page.clone();
        use_memo((epoch, history), move |_| {
            page.borrow().run.as_ref().map(|r| Rc::new(chart_data(r.main(), r.other(), r.horizon())))
        })
    };
    // The markers change as the run records more, so they follow the page's version.
    let markers = {
        let page = page.clone();
        use_memo((epoch, version), move |_| Rc::new(page.borrow().markers.all().to_vec()))
    };
    let log = {
        let page = page.clone();
        let clients = frame.as_ref().as_ref().map(|f| f.clients.clone()).unwrap_or_default();
        use_memo((epoch, log_key, filter, quiet, clients.len()), move |_| {
            page.borrow().run.as_ref().map(|r| Rc::new(log_view(r.main(), filter, quiet, clients)))
        })
    };
    {
        let (page, update) = (page.clone(), update.clone());
        use_effect_with(playing, move |playing| {
            let player = playing.then(|| {
                let player = Rc::new(Player { page, update, frame: RefCell::new(None), last: Cell::new(None) });
                player.schedule();
                Playing(player)
            });
            move || drop(player)
        });
    }
    // The URL follows the run (debounced, so it is written when playback or scrubbing stops).
    let pending: Pending = use_mut_ref(|| None);
    {
        let pending = pending.clone();
        let query = query::to_query(&page.borrow());
        use_effect_with(query, move |query| {
            let write = query.clone();
            let timer = Timeout::new(URL_DELAY_MS, move || write_url(&write));
            *pending.borrow_mut() = Some((timer, query.clone()));
        });
    }
    {
        // When the page goes away, the link gets its final state at once.
        let (pending, page) = (pending.clone(), page.clone());
        use_effect_with((), move |_| {
            move || {
                if let Some((timer, _)) = pending.borrow_mut().take() {
                    timer.cancel();
                }
                if let Ok(page) = page.try_borrow() {
                    write_url(&query::to_query(&page));
                }
            }
        });
    }
    {
        // The shortcuts work wherever the focus is, except in a text field or a menu.
        let on_action = on_action.clone();
        use_effect_with((), move |_| {
            let options = EventListenerOptions::enable_prevent_default();
            let listener = EventListener::new_with_options(&gloo::utils::document(), "keydown", options, move |e| {
                if let Some(action) = e.dyn_ref::<KeyboardEvent>().and_then(keyboard) {
                    on_action.emit(action);
                }
            });
            move || drop(listener)
        });
    }
    let p = page.borrow();
    let notices = notices_box(&i18n, &p, &on_action);
    let (Some(f), Some(chart), Some(log)) = ((*frame).as_ref(), (*chart).clone(), (*log).clone()) else {
        let reason = p.fatal.clone().unwrap_or_default();
        return html! {
            <section class="page page-timeline">
                <h1>{ i18n.t("page.timeline.title") }</h1>
                { notices }
                <p class="tl-error" role="alert">{ i18n.t_args("page.timeline.fatal", &[("reason", &reason)]) }</p>
            </section>
        };
    };
    let main_label = AttrValue::from(model_label(&i18n, &f.config));
    let other_label = f.other.as_ref().map(|(c, _)| AttrValue::from(model_label(&i18n, c)));
    let other_model = {
        let mut twin = f.config.clone();
        twin.group.model = twin_model(f.config.group.model);
        twin.group.orderly = false;
        AttrValue::from(model_label(&i18n, &twin))
    };
    // The POP client matters when a POP run is shown: the main run or the comparison twin.
    let pop_shown = f.config.group.model == ConsumeModel::Pop || f.other.is_some();
    let pop = pop_shown.then_some(f.config.client.pop_consumer);
    let m = &f.metrics;
    html! {
        <section class="page page-timeline">
            <h1>{ i18n.t("page.timeline.title") }</h1>
            if full {
                <p class="lead">{ i18n.t("page.timeline.intro") }</p>
            }
            { notices }
            <ControlDock>
                <section class="tl-card" aria-labelledby="tl-setup-title">
                    <h2 id="tl-setup-title">{ i18n.t("page.timeline.setup.title") }</h2>
                    <Setup scenario={AttrValue::from(f.scenario.clone())} seed={f.seed} compare={f.other.is_some()}
                           {other_model} {pop} on_action={on_action.clone()} />
                </section>
                <section class="tl-card" aria-labelledby="tl-transport-title">
                    <h2 id="tl-transport-title">{ i18n.t("page.timeline.transport.title") }</h2>
                    <Transport tick={f.tick} recorded={f.recorded} horizon={f.horizon} tick_ms={f.tick_ms}
                               {playing} speed={p.speed} on_action={on_action.clone()} />
                    <EventBar markers={(*markers).clone()} tick={f.tick} recorded={f.recorded} horizon={f.horizon}
                              tick_ms={f.tick_ms} slow={p.slow} on_action={on_action.clone()} />
                </section>
            </ControlDock>
            { summary(&i18n, f, playing) }
            <div class={classes!("tl-main", f.other.is_some().then_some("is-compare"))}>
                <section class="tl-card tl-lanes-card" aria-labelledby="tl-lanes-title">
                    <h2 id="tl-lanes-title">{ i18n.t_args("page.timeline.lanes.title", &[("model", &main_label)]) }</h2>
                    <p class="tl-note">{ i18n.t("page.timeline.lanes.help") }</p>
                    <Lanes view={f.lanes.clone()} pause_ms={p.pause_ms} on_action={on_action.clone()} />
                    if f.config.group.model == ConsumeModel::Clustering {
                        <section class="tl-words" aria-labelledby="tl-moves-title">
                            <h3 id="tl-moves-title">{ i18n.t("page.timeline.moves.title") }</h3>
                            { predict_panel(&i18n, p.predict, p.quiz(), p.quiz_grade().as_ref(), f.queue_total, f.tick_ms, &on_action) }
                            { moves_words(&i18n, &f.changes, &f.names, f.tick_ms, &on_action) }
                        </section>
                    }
                </section>
                <section class="tl-card tl-stats-card" aria-labelledby="tl-stats-title">
                    <h2 id="tl-stats-title">{ i18n.t("page.timeline.stats.title") }</h2>
                    <Stats main={*m} main_label={main_label.clone()}
                           other={f.other.as_ref().zip(other_label.clone()).map(|((_, om), l)| (*om, l))} />
                    if f.other.is_some() {
                        <p class="tl-note">{ i18n.t("page.timeline.stats.compare_note") }</p>
                    }
                </section>
            </div>
            <section class="tl-card" aria-labelledby="tl-chart-heading">
                <h2 id="tl-chart-heading">{ i18n.t("page.timeline.chart.heading") }</h2>
                <p class="tl-note">{ i18n.t("page.timeline.chart.note") }</p>
                <LagChart data={chart} cursor={f.tick} main_label={main_label.clone()} other_label={other_label.clone()}
                          lag_now={m.group_lag} markers={(*markers).clone()} />
                <EmbedBar route={Route::Timeline} widget={Widget::Page} />
            </section>
            // Embedded (`embed=1`), a scenario is its setup, playback, lanes, figures and chart.
            if full {
                <div class="tl-bottom">
                    <section class="tl-card" aria-labelledby="tl-inject-title">
                        <h2 id="tl-inject-title">{ i18n.t("page.timeline.inject.title") }</h2>
                        <p class="tl-note">
                            { i18n.t_args("page.timeline.inject.at", &[("time", &time_label(&i18n, f.now_ms))]) }
                            if f.tick < f.recorded {
                                { " " }{ i18n.t("page.timeline.inject.rewound") }
                            }
                        </p>
                        <InjectPanel targets={f.targets.clone()} tags={f.tags.clone()} queues_per_broker={f.queues_per_broker} read_write={f.read_write}
                            produce_rate={f.produce_rate} pause_ms={p.pause_ms} queue_total={f.queue_total} brokers={f.brokers.clone()}
                            refusal={p.refusal.clone().map(AttrValue::from)} on_action={on_action.clone()} />
                    </section>
                    <section class="tl-card" aria-labelledby="tl-log-title">
                        <h2 id="tl-log-title">{ i18n.t("page.timeline.log.title") }</h2>
                        <p class="tl-note">{ i18n.t("page.timeline.log.note") }</p>
                        <LogPane view={log} {filter} {quiet} on_action={on_action.clone()} />
                    </section>
                </div>
                { script_list(&i18n, &f.preset_events, &f.injected, f.now_ms, &on_action) }
                { explanations(&i18n) }
            }
        </section>
    }
}

/// The page's keyboard shortcuts, unless the reader is typing or choosing in a control.
fn keyboard(e: &KeyboardEvent) -> Option<Action> {
    if e.ctrl_key() || e.meta_key() || e.alt_key() || e.default_prevented() {
        return None;
    }
    let target = e.target_dyn_into::<web_sys::Element>().map(|t| t.tag_name()).unwrap_or_default();
    if matches!(target.as_str(), "INPUT" | "SELECT" | "TEXTAREA") {
        return None;
    }
    let action = match e.key().as_str() {
        "k" | "K" => Action::TogglePlay,
        "." => Action::Step,
        "," => Action::StepBack,
        "[" => Action::PreviousEvent,
        "]" => Action::NextEvent,
        _ => return None,
    };
    e.prevent_default();
    Some(action)
}

/// URL values that were not used as given (a `role="status"` box).
fn notices_box(i18n: &I18n, page: &Page, on_action: &Callback<Action>) -> Html {
    let (url_notices, page_notices) = split_notices(&page.notices, |n| sorted(i18n, n));
    html! {
        <UrlNotices notices={url_notices} {page_notices} class="tl-notices"
                    on_dismiss={on_action.reform(|()| Action::DismissNotices)} />
    }
}

/// One line about now, announced politely (silent while playing: too chatty).
fn summary(i18n: &I18n, f: &Frame, playing: bool) -> Html {
    let m = &f.metrics;
    let line = i18n.t_args(
        "page.timeline.summary.line",
        &[
            ("time", &time_label(i18n, f.now_ms)),
            ("active", &m.running.saturating_sub(m.idle_consumers).to_string()),
            ("idle", &m.idle_consumers.to_string()),
            ("running", &m.running.to_string()),
            ("lag", &count(m.group_lag)),
            ("duplicates", &count(m.duplicates)),
        ],
    );
    let spread = f.moves.map(|(moves, (min, max))| {
        i18n.t_args(
            "page.timeline.summary.spread",
            &[("moves", &count(moves)), ("min", &min.to_string()), ("max", &max.to_string())],
        )
    });
    let line = match spread {
        Some(spread) => format!("{line} {spread}"),
        None => line,
    };
    let live = if playing { "off" } else { "polite" };
    html! {
        <p id="tl-summary" class="tl-summary" aria-live={live} aria-atomic="true">{ line }</p>
    }
}
