//! The events under the scrub bar: a strip with one mark per [`Marker`] over the whole run
//! (one row per kind, the recorded part shaded, the current tick as a line), each mark
//! named for screen readers; "Previous event" / "Next event" (keys `[` and `]`); and the
//! switch that slows playback down across overlaps and handoffs.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::markers::{Marker, MarkerKind};
use super::pace::KEY_MS;
use super::state::Action;
use super::text::{count, time_label};
use crate::hooks::{use_i18n, I18n};

const WIDTH: f64 = 640.0;
const PAD: f64 = 6.0;
const ROW: f64 = 10.0;

/// A marker in words: "60.1 s: 1 consumer killed".
pub fn marker_label(i18n: &I18n, m: &Marker, tick_ms: u64) -> String {
    let key = match m.kind {
        MarkerKind::Crash => "page.timeline.markers.crash",
        MarkerKind::Join => "page.timeline.markers.join",
        MarkerKind::Rebalance => "page.timeline.markers.rebalance",
        MarkerKind::Handoff => "page.timeline.markers.handoff",
        MarkerKind::Duplicates => "page.timeline.markers.duplicates",
    };
    let time = time_label(i18n, m.tick.saturating_mul(tick_ms));
    i18n.t_count(key, m.count, &[("time", &time), ("count", &count(m.count))])
}

/// The kind's name, for the legends.
pub fn kind_name(i18n: &I18n, kind: MarkerKind) -> &'static str {
    match kind {
        MarkerKind::Crash => i18n.t("page.timeline.markers.kind_crash"),
        MarkerKind::Join => i18n.t("page.timeline.markers.kind_join"),
        MarkerKind::Rebalance => i18n.t("page.timeline.markers.kind_rebalance"),
        MarkerKind::Handoff => i18n.t("page.timeline.markers.kind_handoff"),
        MarkerKind::Duplicates => i18n.t("page.timeline.markers.kind_duplicates"),
    }
}

/// The legend: each kind's mark, name and how many are marked.
pub fn legend(i18n: &I18n, markers: &[Marker]) -> Html {
    html! {
        <ul class="tl-legend">
            { for MarkerKind::ALL.into_iter().map(|kind| {
                let n = markers.iter().filter(|m| m.kind == kind).count();
                html! {
                    <li>
                        <svg class="tl-mark-key" viewBox="0 0 12 12" aria-hidden="true">{ glyph(kind, 6.0, 6.0) }</svg>
                        { i18n.t_args("page.timeline.markers.legend", &[("kind", kind_name(i18n, kind)), ("count", &n.to_string())]) }
                    </li>
                }
            }) }
        </ul>
    }
}

/// The mark of `kind` centred on (`x`, `y`), 8 units wide: a shape per kind, so the kinds
/// differ without colour.
pub fn glyph(kind: MarkerKind, x: f64, y: f64) -> Html {
    let class = classes!("tl-mark", format!("tl-mark-{}", kind.code()));
    match kind {
        MarkerKind::Crash => html! {
            <path {class} d={format!("M{:.1} {:.1}l8 8m0 -8l-8 8", x - 4.0, y - 4.0)} />
        },
        MarkerKind::Join => html! {
            <path {class} d={format!("M{:.1} {:.1}h10m-5 -5v10", x - 5.0, y)} />
        },
        MarkerKind::Rebalance => html! {
            <path {class} d={format!("M{:.1} {:.1}l4 4l-4 4l-4 -4z", x, y - 4.0)} />
        },
        MarkerKind::Handoff => html! {
            <path {class} d={format!("M{:.1} {:.1}l4.5 8h-9z", x, y - 4.0)} />
        },
        MarkerKind::Duplicates => html! {
            <circle {class} cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="3.5" />
        },
    }
}

/// Where `tick` of a run of `horizon` ticks is on the strip.
fn strip_x(tick: u64, horizon: u64) -> f64 {
    PAD + (WIDTH - 2.0 * PAD) * (tick.min(horizon) as f64 / horizon.max(1) as f64)
}

/// Props of [`EventBar`].
#[derive(Properties, PartialEq)]
pub struct EventBarProps {
    /// The marked events of the recorded ticks.
    pub markers: Rc<Vec<Marker>>,
    /// The current tick.
    pub tick: u64,
    /// Ticks recorded.
    pub recorded: u64,
    /// The run's last tick.
    pub horizon: u64,
    /// Milliseconds per tick.
    pub tick_ms: u64,
    /// Playback slows down across overlaps and handoffs.
    pub slow: bool,
    /// Where the reader's actions go.
    pub on_action: Callback<Action>,
}

/// The event strip, the previous / next buttons and the slow-down switch.
#[component]
pub fn EventBar(props: &EventBarProps) -> Html {
    let i18n = use_i18n();
    let x = |tick: u64| strip_x(tick, props.horizon);
    let height = ROW * MarkerKind::ALL.len() as f64 + 4.0;
    let has_previous = props.markers.iter().any(|m| m.tick < props.tick);
    let at_end = props.tick >= props.horizon;
    let act = |action: Action| props.on_action.reform(move |_: MouseEvent| action.clone());
    let on_slow =
        props.on_action.reform(|e: Event| Action::SlowDown(e.target_unchecked_into::<HtmlInputElement>().checked()));
    let cx = format!("{:.1}", x(props.tick));
    // The marks change only with the markers, not with every tick played.
    let marks = use_memo(
        (props.markers.clone(), props.horizon, props.tick_ms, i18n.clone()),
        |(markers, horizon, tick_ms, i18n)| {
            let x = |tick: u64| strip_x(tick, *horizon);
            markers
                .iter()
                .map(|m| {
                    let row = MarkerKind::ALL.iter().position(|k| *k == m.kind).unwrap_or(0) as f64;
                    let label = marker_label(i18n, m, *tick_ms);
                    html! {
                        <g role="img" aria-label={label.clone()} data-tick={m.tick.to_string()} data-kind={m.kind.code()}>
                            <title>{ label }</title>
                            { glyph(m.kind, x(m.tick), 2.0 + ROW * row + ROW / 2.0) }
                        </g>
                    }
                })
                .collect::<Html>()
        },
    );
    html! {
        <div class="tl-events">
            <svg class="tl-strip" viewBox={format!("0 0 {WIDTH} {height}")}
                 role="group" aria-label={i18n.t("page.timeline.markers.strip")}>
                <rect class="tl-strip-recorded" x={format!("{PAD}")} y="0" height={format!("{height}")}
                      width={format!("{:.1}", x(props.recorded) - PAD)} />
                { (*marks).clone() }
                <line class="tl-cursor" x1={cx.clone()} x2={cx} y1="0" y2={format!("{height}")} />
            </svg>
            <div class="tl-buttons">
                <button type="button" class="button" id="tl-prev-event" onclick={act(Action::PreviousEvent)}
                        disabled={!has_previous} aria-keyshortcuts="[">{ i18n.t("page.timeline.markers.previous") }</button>
                <button type="button" class="button" id="tl-next-event" onclick={act(Action::NextEvent)}
                        disabled={at_end} aria-keyshortcuts="]">{ i18n.t("page.timeline.markers.next") }</button>
            </div>
            <div class="tl-check">
                <input type="checkbox" id="tl-slow" checked={props.slow} onchange={on_slow}
                       aria-describedby="tl-slow-help" />
                <label for="tl-slow">{ i18n.t("page.timeline.markers.slow") }</label>
            </div>
            <p class="tl-note" id="tl-slow-help">
                { i18n.t_args("page.timeline.markers.slow_help", &[("duration", &i18n.duration(KEY_MS / 1_000.0))]) }
            </p>
            { legend(&i18n, &props.markers) }
        </div>
    }
}
