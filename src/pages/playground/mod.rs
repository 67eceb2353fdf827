//! The allocation playground (`#/`): a ConsumerGroup's members as lanes, the topic's
//! MessageQueues as tiles, and a rebalance animated every time consumers, queues or the
//! strategy change.
//!
//! - `settings.rs`: what the reader controls (plain data) and every [`settings::Action`].
//! - `query.rs`: the `pg_` URL keys, read with clamping and notices, written back.
//! - `lab.rs`: the reducer: calls `rebalance_core` (`assign`, `moves`, `allocate`) once per
//!   change and prepares the drawable view.
//! - `board/`: the lanes and tiles drawn straight into the DOM, one element per tile that
//!   moves between lanes; `flip.rs`: their FLIP animation (Web Animations: no inline style,
//!   CSP-safe); `parking.rs`: lanes out of view skip rendering while the reader is changing
//!   things.
//! - `lanes.rs`, `table.rs`, `compare.rs`, `controls.rs`, `explain.rs`: the components.
//! - `history.rs`: the recent rebalances in words and a rebalance part way (Step through);
//!   `predict.rs`: grading a prediction of the queues that move; `watch.rs`: what the board
//!   shows besides the live view (Replay, Step through, Predict before moving) and its panel.

mod actions;
mod board;
mod compare;
mod controls;
mod explain;
mod flip;
mod history;
mod lab;
mod lanes;
mod parking;
pub mod predict;
pub mod query;
pub mod settings;
mod table;
#[cfg(test)]
mod tests;
mod watch;

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use rebalance_core::allocate::StrategyKind;
use rebalance_core::assignment::MessageModel;
use yew::prelude::*;

use self::compare::Compare;
use self::controls::Controls;
use self::explain::Explain;
use self::lab::{Lab, View};
use self::lanes::{can_grow, Lanes, Stage, StageHandle};
use self::parking::PAUSE_MS;
use self::settings::{Action, Mode, Settings};
use self::table::AssignmentTable;
use self::watch::{panel, Commands, Watch};
use crate::components::UrlNotices;
use crate::embed::{use_embed, EmbedBar, Widget};
use crate::hooks::{use_i18n, I18n};
use crate::router::Route;
use crate::url_state;

/// How long the URL waits for the controls to settle before it is rewritten (browsers
/// throttle `history.replaceState` when a slider fires it on every input).
const URL_DELAY_MS: u32 = 120;

/// The URL write waiting for the controls to settle, with the settings it will write.
type Pending = Rc<RefCell<Option<(Timeout, Settings)>>>;

/// Writes `settings` into the URL. The query is built here, when the write happens, not on
/// every input of a drag (each input replaces the pending write).
fn write_url(settings: &Settings) {
    let query = query::to_query(settings);
    let changes: Vec<(&str, Option<&str>)> = query.iter().map(|(k, v)| (*k, v.as_deref())).collect();
    url_state::set_many(&changes);
}

/// The words below the board as last drawn, and when the group last changed (see the
/// burst rule in [`Playground`]).
#[derive(Default)]
struct PanelCache {
    version: u64,
    changed_at: f64,
    html: Option<Html>,
    /// Draws the words once the input pauses.
    timer: Option<Timeout>,
}

/// The `#/` page.
#[component]
pub fn Playground() -> Html {
    let i18n = use_i18n();
    let embed = use_embed();
    let lab = use_reducer(|| {
        let (settings, notices) = query::from_query(&url_state::get);
        Lab::new(settings, notices)
    });
    let stage = use_memo((), |_| StageHandle(Rc::new(Stage::default())));

    // Keep the URL in step (debounced), and flush a pending write when the page goes away.
    let pending: Pending = use_mut_ref(|| None);
    {
        let pending = pending.clone();
        use_effect_with(lab.settings.clone(), move |settings| {
            let write = settings.clone();
            let timer = Timeout::new(URL_DELAY_MS, move || write_url(&write));
            *pending.borrow_mut() = Some((timer, settings.clone()));
        });
    }
    {
        let pending = pending.clone();
        use_effect_with((), move |_| {
            move || {
                if let Some((timer, settings)) = pending.borrow_mut().take() {
                    timer.cancel();
                    write_url(&settings);
                }
            }
        });
    }

    // One callback for the page's life (the dispatcher and the stage never change), so a
    // child whose other props are unchanged skips its render on the reader's next input.
    let on_action = {
        let dispatcher = lab.dispatcher();
        use_callback(stage.clone(), move |action: Action, stage| {
            stage.0.before_change();
            dispatcher.dispatch(action);
        })
    };
    // What the board shows: the live view, or a rebalance replayed, stepped or predicted.
    let watch = use_mut_ref(Watch::default);
    let redraw = use_force_update();
    let panel_cache = use_mut_ref(PanelCache::default);
    let shown = watch.borrow_mut().sync(&lab);
    let commands = {
        let act = |f: Rc<dyn Fn()>| {
            let redraw = redraw.clone();
            Callback::from(move |_: MouseEvent| {
                f();
                redraw.force_update();
            })
        };
        let (w, st) = (watch.clone(), stage.clone());
        let replay = act(Rc::new(move || {
            let before = w.borrow_mut().replay();
            if let Some(before) = before {
                st.0.rewind(&before);
            }
        }));
        let (w, st) = (watch.clone(), stage.clone());
        let step = act(Rc::new(move || {
            st.0.before_change();
            w.borrow_mut().step();
        }));
        let (w, st) = (watch.clone(), stage.clone());
        let stop = act(Rc::new(move || {
            st.0.before_change();
            w.borrow_mut().stop();
        }));
        let (w, st, l) = (watch.clone(), stage.clone(), lab.clone());
        let show = act(Rc::new(move || {
            st.0.before_change();
            w.borrow_mut().reveal(&l, true);
        }));
        let on_action = on_action.clone();
        let predict = Callback::from(move |event: Event| {
            let on = event.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
            on_action.emit(Action::SetPredict(on));
        });
        Commands { replay, step, stop, show, predict }
    };
    let on_guess = {
        let (w, redraw) = (watch.clone(), redraw.clone());
        Callback::from(move |queue: String| {
            w.borrow_mut().toggle(&queue);
            redraw.force_update();
        })
    };
    // In a burst (a slider dragged) the words below the board wait until the input pauses:
    // rewriting them on every input relaid out the board under them, which doubled a drag's
    // cost at 256 queues (BENCHMARKS.md, "Playground repaint"). A single change, and every
    // replay, step or prediction, updates them at once.
    let panel_html = {
        let mut cache = panel_cache.borrow_mut();
        let now = js_sys::Date::now();
        let changed = cache.version != lab.version;
        let burst = changed && now - cache.changed_at < flip::BURST_MS;
        if changed {
            cache.version = lab.version;
            cache.changed_at = now;
        }
        match cache.html.clone().filter(|_| burst) {
            Some(html) => {
                let redraw = redraw.clone();
                cache.timer = Some(Timeout::new(PAUSE_MS, move || redraw.force_update()));
                html
            }
            None => {
                let html = panel(&i18n, &watch.borrow(), &lab, &commands);
                cache.html = Some(html.clone());
                cache.timer = None;
                html
            }
        }
    };
    let s = &lab.settings;
    let view = lab.view.clone();
    let asking = watch.borrow().asking();
    let epoch = watch.borrow().epoch;
    // The comparison embedded alone (`embed=compare`): the group's settings come from the URL.
    if embed == Some(Widget::Compare) {
        return html! {
            <section class="page page-playground">
                <h1>{ i18n.t("page.playground.title") }</h1>
                <UrlNotices notices={lab.notices.clone()} class="pg-notices" />
                <Compare settings={s.clone()} on_action={on_action.clone()} />
            </section>
        };
    }
    html! {
        <section class="page page-playground">
            <h1>{ i18n.t("page.playground.title") }</h1>
            if embed.is_none() {
                <p class="lead">{ i18n.t("page.playground.intro") }</p>
            }
            <UrlNotices notices={lab.notices.clone()} class="pg-notices" />
            <div class="pg-layout">
                <Controls settings={s.clone()} on_action={on_action.clone()} />
                <section class="pg-main" aria-labelledby="pg-main-title">
                    <h2 id="pg-main-title">{ i18n.t("page.playground.view.title") }</h2>
                    { summary(&i18n, &lab, &view, asking) }
                    if s.table {
                        <AssignmentTable view={view.clone()} />
                    } else {
                        <p class="pg-note">{ i18n.t("page.playground.view.help") }</p>
                        <Lanes
                            view={shown}
                            version={lab.version + epoch}
                            stage={(*stage).clone()}
                            show_rooms={s.mode == Mode::Clustering(StrategyKind::MachineRoomNearby)}
                            config_mode={s.mode == Mode::Clustering(StrategyKind::Config)}
                            can_grow={can_grow(s.hosts.len())}
                            on_action={on_action.clone()}
                            {on_guess}
                        />
                    }
                    // Below the picture, so the words never push the lanes down.
                    { panel_html }
                    <EmbedBar route={Route::Playground} widget={Widget::Page} />
                </section>
            </div>
            // The board's embed (`embed=1`) is the board and its controls only.
            if embed.is_none() {
                if s.compare {
                    <Compare settings={s.clone()} on_action={on_action.clone()} />
                }
                <Explain mode={s.mode} />
            }
        </section>
    }
}

/// The last rebalance's moves in words: "Moved: Q2 A → C · Q5 B → C" (see
/// [`history::moves_text`]; `None` when nothing moved).
#[cfg(test)]
pub(crate) fn moves_line(i18n: &I18n, view: &View) -> Option<String> {
    history::moves_text(i18n, &view.queues, &view.moves.moved)
}

/// "N queues moved, K idle, U unassigned" (announced politely; while the reader predicts,
/// the question instead, which gives nothing away), then the other facts.
fn summary(i18n: &I18n, lab: &Lab, view: &View, asking: bool) -> Html {
    let m = &view.moves;
    let line = if asking {
        i18n.t("page.playground.predict.question").to_owned()
    } else {
        i18n.t_count(
            "page.playground.summary.line",
            m.moved.len(),
            &[
                ("moved", &m.moved.len().to_string()),
                ("idle", &m.idle.len().to_string()),
                ("unassigned", &m.unassigned.len().to_string()),
            ],
        )
    };
    let strategy = lab.settings.current_strategy().map_or_else(|| MessageModel::BROADCASTING.to_owned(), |s| s.name());
    let active = lab.assignment.as_ref().map_or(0, |a| a.active_members());
    let members = lab.assignment.as_ref().map_or(0, |a| a.members.len());
    let spread = lab.assignment.as_deref().and_then(compare::spread);
    let overlap = if view.overlap == 0 {
        None
    } else if lab.settings.mode == Mode::Broadcasting {
        Some(i18n.t("page.playground.summary.broadcast"))
    } else {
        Some(i18n.t("page.playground.summary.overlap"))
    };
    let queue_change = !m.added_queues.is_empty() || !m.removed_queues.is_empty();
    html! {
        <div class="pg-status">
            <p id="pg-summary" class="pg-summary" aria-live="polite" aria-atomic="true">{ line }</p>
            <p class="pg-facts">
                <span>{ i18n.t_args("page.playground.summary.strategy", &[("name", &strategy)]) }</span>
                <span>{ i18n.t_args("page.playground.summary.active",
                    &[("active", &active.to_string()), ("members", &members.to_string())]) }</span>
                if let Some((fewest, most)) = spread {
                    <span id="pg-spread">{ i18n.t_args("page.playground.summary.spread",
                        &[("fewest", &fewest.to_string()), ("most", &most.to_string())]) }</span>
                }
                if queue_change {
                    <span>{ i18n.t_count("page.playground.summary.queue_change", m.added_queues.len(), &[
                        ("added", &m.added_queues.len().to_string()),
                        ("removed", &m.removed_queues.len().to_string()),
                    ]) }</span>
                }
            </p>
            if let Some(text) = overlap {
                <p class="pg-overlap-note">
                    { i18n.t_count("page.playground.summary.overlap_count", view.overlap, &[("count", &view.overlap.to_string())]) }
                    { " " }{ text }
                </p>
            }
            if let Some(error) = &view.error {
                <div class="pg-error" role="alert">
                    <pre class="pg-log">{ error.clone() }</pre>
                    <p>{ i18n.t("page.playground.summary.error_note") }</p>
                </div>
            }
        </div>
    }
}
