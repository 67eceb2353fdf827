//! The playground's controls: queues, brokers, consumers, strategy and its configuration,
//! the membership buttons and the view toggles. Every control is labelled and keyboard
//! operable; numbers use the shared [`NumberField`].
//!
//! On a narrow screen they dock under the lanes ([`use_dock`], `static/playground.css`): a
//! bar with the queue stepper (−/+, shown only there), the strategy and Add / Remove
//! consumer, and "More settings" opening the rest. The elements keep one order for every
//! layout, so the tab order follows what is seen.

use rebalance_core::allocate::StrategyKind;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::lanes::room_option;
use super::settings::*;
use crate::components::NumberField;
use crate::hooks::{use_dock, use_i18n, I18n};

/// Props of [`Controls`].
#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    /// The current settings.
    pub settings: Settings,
    /// Where every change goes.
    pub on_action: Callback<Action>,
}

/// The i18n key of a mode's menu name.
pub fn mode_key(mode: Mode) -> &'static str {
    match mode {
        Mode::Clustering(StrategyKind::Averagely) => "page.playground.mode.avg",
        Mode::Clustering(StrategyKind::AveragelyByCircle) => "page.playground.mode.avg_by_circle",
        Mode::Clustering(StrategyKind::ConsistentHash) => "page.playground.mode.consistent_hash",
        Mode::Clustering(StrategyKind::MachineRoomNearby) => "page.playground.mode.machine_room_nearby",
        Mode::Clustering(StrategyKind::MachineRoom) => "page.playground.mode.machine_room",
        Mode::Clustering(StrategyKind::Config) => "page.playground.mode.config",
        Mode::Broadcasting => "page.playground.mode.broadcasting",
    }
}

/// The control panel.
#[component]
pub fn Controls(props: &ControlsProps) -> Html {
    let i18n = use_i18n();
    let s = &props.settings;
    let act = &props.on_action;
    // Made once per `on_action`: a number field whose value did not change then skips its
    // render when another control changes.
    let fields = use_memo(act.clone(), |act| {
        (
            act.reform(|v: f64| Action::SetQueues(v as u16)),
            act.reform(|v: f64| Action::SetBrokers(v as u8)),
            act.reform(|v: f64| Action::SetConsumers(v as usize)),
            act.reform(|v: f64| Action::SetVirtualNodes(v as u32)),
        )
    });
    let (on_queues, on_brokers, on_consumers, on_vnodes) = (*fields).clone();
    let on_mode = act.reform(|e: Event| {
        let value = e.target_unchecked_into::<HtmlSelectElement>().value();
        Action::SetMode(Mode::parse(&value).unwrap_or(Mode::Clustering(StrategyKind::Averagely)))
    });
    let on_delegate = act.reform(|e: Event| {
        let value = e.target_unchecked_into::<HtmlSelectElement>().value();
        Action::SetDelegate(Mode::parse(&value).and_then(Mode::kind).unwrap_or(StrategyKind::Averagely))
    });
    let kind = s.mode.kind();
    let uses_vnodes = kind == Some(StrategyKind::ConsistentHash)
        || (kind == Some(StrategyKind::MachineRoomNearby) && s.delegate == StrategyKind::ConsistentHash);
    let uses_rooms = matches!(kind, Some(StrategyKind::MachineRoomNearby | StrategyKind::MachineRoom));
    let members = s.hosts.len();
    // The picture a docked control brings into view: the assignment and its first lane.
    let dock = use_dock(".pg-main", ".pg-lane");
    html! {
        <section ref={dock.node.clone()} class={classes!("pg-controls", dock.open.then_some("is-open"))}
            aria-labelledby="pg-controls-title" onclick={dock.on_click.clone()} onchange={dock.on_change.clone()}>
            <div class="pg-controls-head">
                <h2 id="pg-controls-title">{ i18n.t("page.playground.controls.title") }</h2>
                <button type="button" class="button pg-more dock-more" aria-expanded={dock.open.to_string()}
                    onclick={dock.on_toggle.clone()}>
                    { i18n.t("page.playground.controls.more") }
                </button>
            </div>
            <div class="pg-fields">
                <NumberField id="pg-queues" label={i18n.t("page.playground.controls.queues")}
                    value={f64::from(s.queues)} min={1.0} max={f64::from(MAX_QUEUES)} on_change={on_queues}
                    help={i18n.t("page.playground.controls.queues_help")} />
                <NumberField id="pg-brokers" label={i18n.t("page.playground.controls.brokers")}
                    value={f64::from(s.brokers)} min={1.0} max={f64::from(MAX_BROKERS)} on_change={on_brokers}
                    help={i18n.t("page.playground.controls.brokers_help")} />
                <NumberField id="pg-consumers" label={i18n.t("page.playground.controls.consumers")}
                    value={members as f64} min={0.0} max={MAX_CONSUMERS as f64} on_change={on_consumers}
                    help={i18n.t("page.playground.controls.consumers_help")} />
                <div class="pg-field pg-field-strategy">
                    <label for="pg-strategy">{ i18n.t("page.playground.controls.strategy") }</label>
                    <select id="pg-strategy" onchange={on_mode}>
                        { for Mode::ALL.iter().map(|&m| html! {
                            <option value={m.name()} selected={m == s.mode}>{ i18n.t(mode_key(m)) }</option>
                        }) }
                    </select>
                    <p class="pg-field-help">{ i18n.t("page.playground.controls.strategy_help") }</p>
                </div>
                // After the strategy: in the docked bar the strategy's name takes the first row
                // beside "More settings" and the stepper starts the second (the DOM order is the
                // tab order, so the bar is reordered here, not by CSS).
                { queue_stepper(&i18n, s.queues, act) }
                if kind == Some(StrategyKind::MachineRoomNearby) {
                    <div class="pg-field">
                        <label for="pg-delegate">{ i18n.t("page.playground.controls.delegate") }</label>
                        <select id="pg-delegate" onchange={on_delegate}>
                            { for DELEGATES.iter().map(|&k| html! {
                                <option value={k.name()} selected={k == s.delegate}>{ k.name() }</option>
                            }) }
                        </select>
                    </div>
                }
                if uses_vnodes {
                    <NumberField id="pg-vnodes" label={i18n.t("page.playground.controls.vnodes")}
                        value={f64::from(s.virtual_nodes)} min={0.0} max={f64::from(MAX_VIRTUAL_NODES)}
                        on_change={on_vnodes} help={i18n.t("page.playground.controls.vnodes_help")} />
                }
            </div>
            if uses_rooms {
                { broker_rooms(&i18n, s, act) }
            }
            if kind == Some(StrategyKind::MachineRoom) {
                { idc_set(&i18n, s, act) }
            }
            if kind == Some(StrategyKind::Config) {
                { config_list(&i18n, s, act) }
            }
            { membership(&i18n, s, act) }
        </section>
    }
}

/// The queue count one step down or up, `None` past 1 or [`MAX_QUEUES`].
pub(crate) fn queue_step(queues: u16, up: bool) -> Option<u16> {
    let next = if up { queues.checked_add(1)? } else { queues.checked_sub(1)? };
    (1..=MAX_QUEUES).contains(&next).then_some(next)
}

/// −/+ for the queue count, shown only in the docked bar (the number field is in the sheet).
fn queue_stepper(i18n: &I18n, queues: u16, act: &Callback<Action>) -> Html {
    let button = |up: bool, text: &'static str, key: &'static str| {
        let next = queue_step(queues, up);
        let onclick = act.reform(move |_: MouseEvent| Action::SetQueues(next.unwrap_or(queues)));
        html! {
            <button type="button" class="button" aria-label={i18n.t(key)} {onclick} disabled={next.is_none()}>
                { text }
            </button>
        }
    };
    html! {
        <div class="pg-stepper" role="group" aria-label={i18n.t("page.playground.controls.queues")}>
            { button(false, "−", "page.playground.controls.queue_fewer") }
            <span class="pg-stepper-count">
                <strong>{ queues }</strong>
                <span>{ i18n.t("page.playground.controls.queues") }</span>
            </span>
            { button(true, "+", "page.playground.controls.queue_more") }
        </div>
    }
}

fn broker_rooms(i18n: &I18n, s: &Settings, act: &Callback<Action>) -> Html {
    let selects = (0..s.brokers).map(|b| {
        let id = format!("pg-broker-room-{b}");
        let onchange = act.reform(move |e: Event| {
            let value = e.target_unchecked_into::<HtmlSelectElement>().value();
            Action::SetBrokerRoom(b, value.parse().unwrap_or(0))
        });
        let current = s.broker_rooms.get(usize::from(b)).copied().unwrap_or(0);
        html! {
            <div class="pg-room-field" key={b}>
                <label for={id.clone()}>{ format!("broker-{}", broker_letter(b)) }</label>
                <select {id} {onchange}>{ for (0..=ROOMS).map(|r| room_option(i18n, r, current)) }</select>
            </div>
        }
    });
    let help = if s.mode == Mode::Clustering(StrategyKind::MachineRoom) {
        i18n.t("page.playground.rooms.machine_room_help")
    } else {
        i18n.t("page.playground.rooms.nearby_help")
    };
    html! {
        <fieldset class="pg-fieldset">
            <legend>{ i18n.t("page.playground.rooms.brokers") }</legend>
            <div class="pg-room-grid">{ for selects }</div>
            <p class="pg-field-help">{ help }</p>
        </fieldset>
    }
}

fn idc_set(i18n: &I18n, s: &Settings, act: &Callback<Action>) -> Html {
    let boxes = (1..=ROOMS).map(|room| {
        let onchange = act.reform(move |_: Event| Action::ToggleIdc(room));
        let name = room_name(room).unwrap_or_default();
        html! {
            <label class="pg-check" key={room}>
                <input type="checkbox" checked={s.idcs.contains(&room)} {onchange} />
                { name }
            </label>
        }
    });
    html! {
        <fieldset class="pg-fieldset">
            <legend>{ i18n.t("page.playground.rooms.idcs") }</legend>
            <div class="pg-checks">{ for boxes }</div>
            <p class="pg-field-help">{ i18n.t("page.playground.rooms.idcs_help") }</p>
        </fieldset>
    }
}

fn config_list(i18n: &I18n, s: &Settings, act: &Callback<Action>) -> Html {
    let names: Vec<String> = s.config.iter().map(|&q| s.message_queue(q).to_string()).collect();
    let on_clear = act.reform(|_: MouseEvent| Action::ClearConfig);
    html! {
        <fieldset class="pg-fieldset">
            <legend>{ i18n.t("page.playground.config.title") }</legend>
            <p class="pg-field-help">{ i18n.t("page.playground.config.help") }</p>
            <p class="pg-config-list">
                <code>{ format!("messageQueueList = [{}]", names.join(", ")) }</code>
            </p>
            <button type="button" class="button" onclick={on_clear} disabled={s.config.is_empty()}>
                { i18n.t("page.playground.config.clear") }
            </button>
        </fieldset>
    }
}

fn membership(i18n: &I18n, s: &Settings, act: &Callback<Action>) -> Html {
    let members = s.hosts.len();
    let on_add = act.reform(|_: MouseEvent| Action::AddConsumer);
    let on_remove = act.reform(|_: MouseEvent| Action::RemoveConsumer);
    let toggle = |action: fn(bool) -> Action| {
        act.reform(move |e: Event| action(e.target_unchecked_into::<HtmlInputElement>().checked()))
    };
    let joiner = cid_of(s.next_host());
    let leaver = s.hosts.last().map(|&h| cid_of(h)).unwrap_or_default();
    html! {
        <div class="pg-membership">
            <div class="pg-buttons">
                <button type="button" id="pg-add" class="button" onclick={on_add}
                    disabled={members >= MAX_CONSUMERS}
                    title={i18n.t_args("page.playground.controls.add_title", &[("cid", &joiner)])}>
                    { i18n.t("page.playground.controls.add") }
                </button>
                <button type="button" id="pg-remove" class="button" onclick={on_remove}
                    disabled={members == 0}
                    title={i18n.t_args("page.playground.controls.remove_title", &[("cid", &leaver)])}>
                    { i18n.t("page.playground.controls.remove") }
                </button>
            </div>
            <div class="pg-checks">
                <label class="pg-check">
                    <input type="checkbox" id="pg-late" checked={s.late} onchange={toggle(Action::SetLate)} />
                    { i18n.t("page.playground.controls.late") }
                </label>
                <label class="pg-check">
                    <input type="checkbox" id="pg-table" checked={s.table} onchange={toggle(Action::SetTable)} />
                    { i18n.t("page.playground.controls.table") }
                </label>
                <label class="pg-check">
                    <input type="checkbox" id="pg-compare" checked={s.compare} onchange={toggle(Action::SetCompare)} />
                    { i18n.t("page.playground.controls.compare") }
                </label>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_docked_queue_stepper_stays_within_the_queue_slider_range() {
        assert_eq!(queue_step(16, true), Some(17));
        assert_eq!(queue_step(16, false), Some(15));
        // The slider's ends: 1 queue and MAX_QUEUES.
        assert_eq!(queue_step(1, false), None);
        assert_eq!(queue_step(2, false), Some(1));
        assert_eq!(queue_step(MAX_QUEUES, true), None);
        assert_eq!(queue_step(MAX_QUEUES - 1, true), Some(MAX_QUEUES));
        // Out of range already (never from the reducer, which clamps): no step leaves it.
        assert_eq!(queue_step(0, false), None);
        assert_eq!(queue_step(u16::MAX, true), None);
    }
}
