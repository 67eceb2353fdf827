//! The run's controls: the preset, seed, comparison switch and POP client ([`Setup`]) and the transport
//! ([`Transport`]): play / pause, step back and forward, start and end, speed, and the
//! scrubber over the recorded ticks. Keyboard: every control is a button, select or field;
//! the page also takes `k` (play / pause), `.` (step), `,` (step back), and `[` / `]`
//! (previous / next event, beside the event strip of `event_bar.rs`).
//!
//! [`ControlDock`] holds both cards. On a narrow screen it docks under the lanes
//! ([`use_dock`], `static/timeline.css`): a bar with play / pause, step, speed and previous /
//! next event, and "More settings" opening the rest. The elements keep one order for every
//! layout, so the tab order follows what is seen.

use rebalance_core::simulate::{scenario, PopConsumer};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::query::pop_code;
use super::state::{Action, MAX_SEED, SPEED_LABELS};
use super::text::{against_avg_text, scenario_text, time_label};
use crate::components::NumberField;
use crate::hooks::{use_dock, use_i18n};

/// Props of [`ControlDock`].
#[derive(Properties, PartialEq)]
pub struct ControlDockProps {
    /// The run's cards: setup, then playback.
    pub children: Html,
}

/// The setup and playback cards, with the "More settings" toggle of the docked bar (hidden
/// on a wide screen).
#[component]
pub fn ControlDock(props: &ControlDockProps) -> Html {
    let i18n = use_i18n();
    // The picture a docked control brings into view: the lanes' card and its first lane.
    let dock = use_dock(".tl-lanes-card", ".tl-lane");
    html! {
        <div ref={dock.node.clone()} class={classes!("tl-top", dock.open.then_some("is-open"))}
             onclick={dock.on_click.clone()} onchange={dock.on_change.clone()}>
            <button type="button" class="button tl-more dock-more" aria-expanded={dock.open.to_string()}
                    onclick={dock.on_toggle.clone()}>
                { i18n.t("page.timeline.transport.more") }
            </button>
            { props.children.clone() }
        </div>
    }
}

/// Props of [`Setup`].
#[derive(Properties, PartialEq)]
pub struct SetupProps {
    /// The preset's name.
    pub scenario: AttrValue,
    /// The seed.
    pub seed: u64,
    /// Compare mode.
    pub compare: bool,
    /// The comparison model's name.
    pub other_model: AttrValue,
    /// The POP client, when a POP run is shown (the main run or the comparison twin).
    pub pop: Option<PopConsumer>,
    /// Where changes go.
    pub on_action: Callback<Action>,
}

/// Preset, seed, compare, POP client.
#[component]
pub fn Setup(props: &SetupProps) -> Html {
    let i18n = use_i18n();
    let presets = use_memo((), |_| scenario::all());
    let on_scenario =
        props.on_action.reform(|e: Event| Action::Scenario(e.target_unchecked_into::<HtmlSelectElement>().value()));
    let on_compare =
        props.on_action.reform(|e: Event| Action::Compare(e.target_unchecked_into::<HtmlInputElement>().checked()));
    let on_pop = props.on_action.reform(|e: Event| {
        let push = e.target_unchecked_into::<HtmlSelectElement>().value() == pop_code(PopConsumer::Push);
        Action::PopConsumer(if push { PopConsumer::Push } else { PopConsumer::Simple })
    });
    let current = presets.iter().find(|s| s.name == props.scenario.as_str());
    // A strategy other than AVG: this preset's run and the same run with AVG, for the seed.
    let against = use_memo((props.scenario.clone(), props.seed), |(name, seed)| {
        scenario::by_name(name).and_then(|s| scenario::against_avg(&s, *seed))
    });
    let texts = |s: &scenario::Scenario| {
        scenario_text(&i18n, &s.name)
            .map_or_else(|| (s.title.clone(), s.watch.clone()), |(t, w)| (t.to_owned(), w.to_owned()))
    };
    html! {
        <div class="tl-setup">
            <div class="tl-field tl-field-wide">
                <label for="tl-scenario">{ i18n.t("page.timeline.setup.scenario") }</label>
                <select id="tl-scenario" onchange={on_scenario}>
                    { for presets.iter().map(|s| {
                        let selected = s.name == props.scenario.as_str();
                        html! { <option value={s.name.clone()} {selected}>{ texts(s).0 }</option> }
                    }) }
                </select>
            </div>
            <NumberField id="tl-seed" label={i18n.t("page.timeline.setup.seed")} value={props.seed as f64}
                min={0.0} max={MAX_SEED as f64} slider={false}
                help={AttrValue::from(i18n.t("page.timeline.setup.seed_help"))}
                on_change={props.on_action.reform(|v: f64| Action::Seed(v as u64))} />
            <div class="tl-check">
                <input type="checkbox" id="tl-compare" checked={props.compare} onchange={on_compare} />
                <label for="tl-compare">
                    { i18n.t_args("page.timeline.setup.compare", &[("model", &props.other_model)]) }
                </label>
            </div>
            if let Some(pop) = props.pop {
                <div class="tl-field tl-field-wide">
                    <label for="tl-pop">{ i18n.t("page.timeline.setup.pop") }</label>
                    <select id="tl-pop" onchange={on_pop} aria-describedby="tl-pop-help">
                        { for [(PopConsumer::Simple, "page.timeline.setup.pop_simple"), (PopConsumer::Push, "page.timeline.setup.pop_push")]
                            .into_iter()
                            .map(|(p, key)| html! {
                                <option value={pop_code(p)} selected={p == pop}>{ i18n.t(key) }</option>
                            }) }
                    </select>
                    <p class="tl-note" id="tl-pop-help">{ i18n.t("page.timeline.setup.pop_help") }</p>
                </div>
            }
            if let Some(s) = current {
                <div class="tl-watch">
                    <p class="tl-watch-title"><code>{ s.name.clone() }</code>{ " " }{ texts(s).0 }</p>
                    <p>{ texts(s).1 }</p>
                    if let Some(line) = against.as_ref().as_ref().map(|a| against_avg_text(&i18n, a, props.seed)) {
                        <p class="tl-against-avg">{ line }</p>
                    }
                </div>
            }
        </div>
    }
}

/// Props of [`Transport`].
#[derive(Properties, PartialEq)]
pub struct TransportProps {
    /// The current tick.
    pub tick: u64,
    /// Ticks recorded.
    pub recorded: u64,
    /// The run's last tick.
    pub horizon: u64,
    /// Milliseconds per tick.
    pub tick_ms: u64,
    /// Playing.
    pub playing: bool,
    /// Index into the speeds.
    pub speed: usize,
    /// Where the reader's actions go.
    pub on_action: Callback<Action>,
}

/// Play, pause, step, speed, scrub.
#[component]
pub fn Transport(props: &TransportProps) -> Html {
    let i18n = use_i18n();
    let act = |action: Action| props.on_action.reform(move |_: MouseEvent| action.clone());
    let on_speed = props.on_action.reform(|e: Event| {
        let i = e.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(0);
        Action::Speed(i)
    });
    let at_start = props.tick == 0;
    let at_end = props.tick >= props.horizon;
    let play_label =
        if props.playing { i18n.t("page.timeline.transport.pause") } else { i18n.t("page.timeline.transport.play") };
    html! {
        <div class="tl-transport" role="group" aria-label={i18n.t("page.timeline.transport.label")}>
            <div class="tl-buttons">
                <button type="button" class="button" id="tl-to-start" onclick={act(Action::ToStart)} disabled={at_start}>
                    { i18n.t("page.timeline.transport.start") }</button>
                <button type="button" class="button" id="tl-step-back" onclick={act(Action::StepBack)} disabled={at_start}
                        aria-keyshortcuts=",">{ i18n.t("page.timeline.transport.step_back") }</button>
                <button type="button" class="button button-primary" id="tl-play" onclick={act(Action::TogglePlay)}
                        aria-pressed={props.playing.to_string()} aria-keyshortcuts="k">{ play_label }</button>
                <button type="button" class="button" id="tl-step" onclick={act(Action::Step)} disabled={at_end}
                        aria-keyshortcuts=".">{ i18n.t("page.timeline.transport.step") }</button>
                <button type="button" class="button" id="tl-to-end" onclick={act(Action::ToEnd)} disabled={at_end}>
                    { i18n.t("page.timeline.transport.end") }</button>
                <div class="tl-field tl-speed">
                    <label for="tl-speed">{ i18n.t("page.timeline.transport.speed") }</label>
                    <select id="tl-speed" onchange={on_speed}>
                        { for SPEED_LABELS.iter().enumerate().map(|(i, s)| html! {
                            <option value={i.to_string()} selected={i == props.speed}>{ format!("{s}×") }</option>
                        }) }
                    </select>
                </div>
            </div>
            <p class="tl-clock" id="tl-clock" data-tick={props.tick.to_string()}>
                { i18n.t_args("page.timeline.transport.clock", &[
                    ("time", &time_label(&i18n, props.tick * props.tick_ms)),
                    ("tick", &props.tick.to_string()),
                    ("end", &time_label(&i18n, props.horizon * props.tick_ms)),
                ]) }
            </p>
            <NumberField id="tl-tick" label={i18n.t("page.timeline.transport.scrub")} value={props.tick as f64}
                min={0.0} max={props.recorded.max(1) as f64}
                help={AttrValue::from(i18n.t_args("page.timeline.transport.scrub_help",
                    &[("recorded", &props.recorded.to_string())]))}
                on_change={props.on_action.reform(|v: f64| Action::Seek(v as u64))} />
            <p class="tl-note">{ i18n.t("page.timeline.transport.keys") }</p>
        </div>
    }
}
