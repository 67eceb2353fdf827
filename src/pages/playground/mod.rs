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

mod actions;
mod board;
mod compare;
mod controls;
mod explain;
mod flip;
mod lab;
mod lanes;
mod parking;
pub mod query;
pub mod settings;
mod table;
#[cfg(test)]
mod tests;

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
use self::settings::{Action, Mode, Settings};
use self::table::AssignmentTable;
use crate::components::UrlNotices;
use crate::hooks::{use_i18n, I18n};
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

/// The `#/` page.
#[component]
pub fn Playground() -> Html {
    let i18n = use_i18n();
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
    let s = &lab.settings;
    let view = lab.view.clone();
    html! {
        <section class="page page-playground">
            <h1>{ i18n.t("page.playground.title") }</h1>
            <p class="lead">{ i18n.t("page.playground.intro") }</p>
            <UrlNotices notices={lab.notices.clone()} class="pg-notices" />
            <div class="pg-layout">
                <Controls settings={s.clone()} on_action={on_action.clone()} />
                <section class="pg-main" aria-labelledby="pg-main-title">
                    <h2 id="pg-main-title">{ i18n.t("page.playground.view.title") }</h2>
                    { summary(&i18n, &lab, &view) }
                    if s.table {
                        <AssignmentTable view={view.clone()} />
                    } else {
                        <p class="pg-note">{ i18n.t("page.playground.view.help") }</p>
                        <Lanes
                            view={view.clone()}
                            version={lab.version}
                            stage={(*stage).clone()}
                            show_rooms={s.mode == Mode::Clustering(StrategyKind::MachineRoomNearby)}
                            config_mode={s.mode == Mode::Clustering(StrategyKind::Config)}
                            can_grow={can_grow(s.hosts.len())}
                            on_action={on_action.clone()}
                        />
                    }
                    // Below the picture, so the words never push the lanes down.
                    if let Some(moves) = moves_line(&i18n, &view) {
                        <p id="pg-moves" class="pg-moves" aria-live="polite">{ moves }</p>
                    }
                </section>
            </div>
            if s.compare {
                <Compare settings={s.clone()} on_action={on_action.clone()} />
            }
            <Explain mode={s.mode} />
        </section>
    }
}

/// At most this many moves are said in words; the rest are counted.
const MOVES_SAID: usize = 8;

/// The last rebalance's moves in words (shown below the lanes), in queue order: "Q2: A → C · Q5: B → C", the first
/// [`MOVES_SAID`] of them and how many more (`None` when nothing moved). A queue's label is
/// its tile's (`Q{i}`, its index in the sorted mqAll); owners are cids, "nobody" for none.
pub(crate) fn moves_line(i18n: &I18n, view: &View) -> Option<String> {
    let moved = &view.moves.moved;
    if moved.is_empty() {
        return None;
    }
    let nobody = i18n.t("page.playground.moves.nobody");
    let owners = |cids: &[String]| if cids.is_empty() { nobody.to_owned() } else { cids.join(" + ") };
    let said: Vec<String> = moved
        .iter()
        .take(MOVES_SAID)
        .map(|m| {
            let title = m.mq.to_string();
            let queue = view.queues.iter().find(|q| q.title == title).map_or(title, |q| q.label.to_string());
            i18n.t_args(
                "page.playground.moves.item",
                &[("queue", &queue), ("from", &owners(&m.from)), ("to", &owners(&m.to))],
            )
        })
        .collect();
    let mut line = i18n.t_args("page.playground.moves.line", &[("moves", &said.join(" · "))]);
    let more = moved.len().saturating_sub(MOVES_SAID);
    if more > 0 {
        line.push(' ');
        line.push_str(&i18n.t_count("page.playground.moves.more", more, &[("count", &more.to_string())]));
    }
    Some(line)
}

/// "N queues moved, K idle, U unassigned" (announced politely), then the other facts.
fn summary(i18n: &I18n, lab: &Lab, view: &View) -> Html {
    let m = &view.moves;
    let line = i18n.t_count(
        "page.playground.summary.line",
        m.moved.len(),
        &[
            ("moved", &m.moved.len().to_string()),
            ("idle", &m.idle.len().to_string()),
            ("unassigned", &m.unassigned.len().to_string()),
        ],
    );
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
