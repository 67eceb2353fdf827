//! The lanes view: one lane per member holding its queue tiles, the tray of unassigned
//! queues, and the late consumer's lane. Tiles are keyed by queue, so Yew moves the same
//! element between lanes and [`super::flip`] can animate it.

use std::rc::Rc;

use yew::prelude::*;

use super::flip::FlipHandle;
use super::lab::{LaneView, LateView, QueueInfo, Tile, View};
use super::settings::{room_name, Action, MAX_CONSUMERS, ROOMS};
use crate::hooks::use_i18n;

/// Props of [`Lanes`].
#[derive(Properties, PartialEq)]
pub struct LanesProps {
    /// What to draw.
    pub view: Rc<View>,
    /// Changes on every rebalance (runs the animation).
    pub version: u64,
    /// The FLIP recorder that owns the container.
    pub flip: FlipHandle,
    /// Show each consumer's machine room (MACHINE_ROOM_NEARBY).
    pub show_rooms: bool,
    /// Tiles are buttons that edit the CONFIG list.
    pub config_mode: bool,
    /// Whether another member may join (duplicate button).
    pub can_grow: bool,
    /// Where the lanes send the reader's actions.
    pub on_action: Callback<Action>,
}

/// All lanes plus the tray.
#[component]
pub fn Lanes(props: &LanesProps) -> Html {
    let i18n = use_i18n();
    {
        let flip = props.flip.clone();
        use_effect_with(props.version, move |_| flip.0.play());
    }
    let view = &props.view;
    let lanes = view.lanes.iter().map(|lane| {
        let key = format!("{}#{}", lane.cid, lane.copy);
        html! {
            <Lane
                {key}
                lane={lane.clone()}
                queues={view.queues.clone()}
                show_rooms={props.show_rooms}
                config_mode={props.config_mode}
                can_grow={props.can_grow}
                on_action={props.on_action.clone()}
            />
        }
    });
    html! {
        <div class="pg-board" ref={props.flip.0.container.clone()}>
            <ul class="pg-legend" aria-label={i18n.t("page.playground.lanes.legend")}>
                { for view.brokers.iter().map(|(b, name)| html! {
                    <li key={*b}><span class={classes!("pg-swatch", broker_class(*b))}></span>{ name.clone() }</li>
                }) }
            </ul>
            if view.lanes.is_empty() {
                <p class="pg-empty">{ i18n.t("page.playground.lanes.none") }</p>
            } else {
                <ul class="pg-lanes" aria-label={i18n.t("page.playground.lanes.label")}>{ for lanes }</ul>
            }
            if let Some(late) = &view.late {
                { late_lane(&i18n, late) }
            }
            <section class="pg-tray" aria-labelledby="pg-tray-title" data-lane="tray">
                <h3 id="pg-tray-title">
                    { i18n.t_args("page.playground.tray.title", &[("count", &view.tray.len().to_string())]) }
                </h3>
                if view.tray.is_empty() {
                    <p class="pg-tray-empty">{ i18n.t("page.playground.tray.empty") }</p>
                } else {
                    <ul class="pg-tiles">
                        { for view.tray.iter().map(|t| tile(&view.queues, *t, props.config_mode, false, &props.on_action)) }
                    </ul>
                }
            </section>
        </div>
    }
}

/// Props of [`Lane`].
#[derive(Properties, PartialEq)]
pub struct LaneProps {
    lane: Rc<LaneView>,
    queues: Rc<Vec<QueueInfo>>,
    show_rooms: bool,
    config_mode: bool,
    can_grow: bool,
    on_action: Callback<Action>,
}

/// One member: its cid, state, buttons and queue tiles. Re-renders only when its props change.
#[component]
fn Lane(props: &LaneProps) -> Html {
    let i18n = use_i18n();
    let lane = &props.lane;
    let host = lane.host;
    let on_kill = props.on_action.reform(move |_: MouseEvent| Action::Kill(host));
    let on_duplicate = props.on_action.reform(move |_: MouseEvent| Action::Duplicate(host));
    let on_room = props.on_action.reform(move |e: Event| {
        let value = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
        Action::SetConsumerRoom(host, value.parse().unwrap_or(0))
    });
    let cid = lane.cid.as_str();
    let room_id = format!("pg-room-{host}-{}", lane.copy);
    let count = lane.all_queues.unwrap_or(lane.tiles.len() + lane.outside.len());
    html! {
        <li class={classes!("pg-lane", lane.idle.then_some("is-idle"), (lane.copy > 0).then_some("is-conflict"))}
            data-cid={lane.cid.clone()} data-lane={format!("{}#{}", lane.cid, lane.copy)}>
            <div class="pg-lane-head">
                <span class="pg-cid">{ cid }</span>
                <span class="pg-count">{ i18n.t_args("page.playground.lane.count", &[("count", &count.to_string())]) }</span>
                if lane.idle {
                    <span class="pg-badge pg-badge-idle">{ i18n.t("page.playground.lane.idle") }</span>
                }
                if lane.copy > 0 {
                    <span class="pg-badge pg-badge-conflict">{ i18n.t("page.playground.lane.conflict") }</span>
                }
            </div>
            <div class="pg-lane-tools">
                if props.show_rooms {
                    <label class="pg-room" for={room_id.clone()}>
                        <span class="visually-hidden">{ i18n.t_args("page.playground.lane.room", &[("cid", cid)]) }</span>
                        <select id={room_id} onchange={on_room}>
                            { for (0..=ROOMS).map(|r| room_option(&i18n, r, lane.room)) }
                        </select>
                    </label>
                }
                <button type="button" class="pg-kill" onclick={on_kill}
                    aria-label={i18n.t_args("page.playground.lane.kill_label", &[("cid", cid)])}>
                    { i18n.t("page.playground.lane.kill") }
                </button>
                if props.can_grow && lane.copy == 0 {
                    <button type="button" class="pg-dup" onclick={on_duplicate}
                        aria-label={i18n.t_args("page.playground.lane.duplicate_label", &[("cid", cid)])}>
                        { i18n.t("page.playground.lane.duplicate") }
                    </button>
                }
            </div>
            <ul class="pg-tiles" aria-label={i18n.t_args("page.playground.lane.queues", &[("cid", cid)])}>
                { for lane.tiles.iter().map(|t| tile(&props.queues, *t, props.config_mode, true, &props.on_action)) }
                if let Some(all) = lane.all_queues {
                    <li class="pg-tile pg-tile-all is-overlap">
                        { all_text(&i18n, all) }
                    </li>
                }
                { for lane.outside.iter().map(|name| html! {
                    <li class="pg-tile is-outside" title={name.clone()}>
                        { i18n.t("page.playground.lane.outside") }
                    </li>
                }) }
            </ul>
        </li>
    }
}

/// An `<option>` for machine room `room` (0 = none).
pub fn room_option(i18n: &crate::hooks::I18n, room: u8, selected: u8) -> Html {
    let name = room_name(room).unwrap_or_else(|| i18n.t("page.playground.rooms.none").to_owned());
    html! { <option value={room.to_string()} selected={room == selected}>{ name }</option> }
}

/// The colour class of broker `b` (a static string: no allocation per tile).
pub fn broker_class(broker: u8) -> &'static str {
    const CLASSES: [&str; 8] = ["pg-b0", "pg-b1", "pg-b2", "pg-b3", "pg-b4", "pg-b5", "pg-b6", "pg-b7"];
    CLASSES[usize::from(broker % 8)]
}

/// One queue tile; under CONFIG a button that adds or removes the queue from the list.
fn tile(queues: &[QueueInfo], t: Tile, config_mode: bool, assigned: bool, on_action: &Callback<Action>) -> Html {
    let Some(info) = queues.get(t.queue) else { return Html::default() };
    let class = classes!(
        "pg-tile",
        broker_class(info.broker),
        t.moved.then_some("is-moved"),
        t.overlap.then_some("is-overlap"),
    );
    let body = if config_mode {
        let queue = info.queue;
        let onclick = on_action.reform(move |_: MouseEvent| Action::ToggleConfig(queue));
        html! {
            <button type="button" class="pg-tile-button" {onclick} aria-pressed={assigned.to_string()}
                title={info.title.clone()} aria-label={info.title.clone()}>{ info.label.clone() }</button>
        }
    } else {
        html! { { info.label.clone() } }
    };
    let title = (!config_mode).then(|| info.title.clone());
    html! {
        <li key={info.key.as_str()} {class} data-flip={info.key.clone()} {title}>{ body }</li>
    }
}

fn late_lane(i18n: &crate::hooks::I18n, late: &LateView) -> Html {
    html! {
        <section class="pg-late" aria-labelledby="pg-late-title">
            <h3 id="pg-late-title">{ i18n.t_args("page.playground.late.title", &[("cid", late.cid.as_str())]) }</h3>
            <p class="pg-late-result">
                if late.queues.is_empty() {
                    { i18n.t("page.playground.late.nothing") }
                } else {
                    { i18n.t_args("page.playground.late.got", &[("queues", &late.queues.iter().map(|q| q.as_str()).collect::<Vec<_>>().join(", "))]) }
                }
            </p>
            if let Some(log) = &late.log {
                <pre class="pg-log">{ log.clone() }</pre>
            }
            <p class="pg-note">{ i18n.t("page.playground.late.note") }</p>
        </section>
    }
}

/// "all N queues (Q0–Q{N-1})" for a collapsed BROADCASTING lane.
pub fn all_text(i18n: &crate::hooks::I18n, count: usize) -> String {
    let last = count.saturating_sub(1).to_string();
    i18n.t_args("page.playground.lane.all", &[("count", &count.to_string()), ("last", &last)])
}

/// How many members the page allows (for the duplicate button).
pub fn can_grow(members: usize) -> bool {
    members < MAX_CONSUMERS
}
