//! One queue's bar: the offset line from 0 to the page's scale, with the deleted, consumed,
//! expired, inflight and lag stretches and four draggable, focusable markers.
//!
//! Positions are percentages set as CSS custom properties on the track through the CSSOM
//! (`--of-min`, `--of-con`, `--of-pull`, `--of-max`, `--of-eff`); `offsets.css` places the
//! stretches and markers with them, so no `style=` attribute is rendered (strict CSP).

use js_sys::Reflect;
use rebalance_core::offset::QueueLag;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

use super::model::{key_target, Marker, QueueRow};
use crate::hooks::use_i18n;

/// Props of [`QueueBar`].
#[derive(Properties, PartialEq, Clone)]
pub struct QueueBarProps {
    /// The queue.
    pub row: QueueRow,
    /// The core's result for the queue (`None` when its offsets were refused).
    pub lag: Option<QueueLag>,
    /// The offset at the bar's right end.
    pub axis: i64,
    /// The queue's name for screen readers, e.g. "broker-a · queue 0".
    pub name: AttrValue,
    /// A marker was dragged or moved by a key to this offset.
    pub on_move: Callback<(Marker, i64)>,
    /// A drag started (`true`) or ended.
    pub on_dragging: Callback<bool>,
}

/// `value` as a percentage of `axis`, clamped to the bar.
fn percent(value: i64, axis: i64) -> String {
    let axis = axis.max(1);
    format!("{:.3}%", value.clamp(0, axis) as f64 / axis as f64 * 100.0)
}

/// Where the consumed stretch ends: the effective offset, but at most MaxOffset (a
/// ConsumerOffset past MaxOffset, a negative Diff, has consumed everything stored).
fn consumed_to(row: &QueueRow, lag: Option<&QueueLag>) -> i64 {
    lag.map_or(row.consumer, |l| l.effective_offset - l.ahead)
}

/// The CSS custom properties that place everything on the track.
fn positions(row: &QueueRow, lag: Option<&QueueLag>, axis: i64) -> Vec<(&'static str, String)> {
    let effective = consumed_to(row, lag);
    vec![
        ("--of-min", percent(row.min, axis)),
        ("--of-con", percent(row.consumer, axis)),
        ("--of-pull", percent(row.pull.unwrap_or(row.consumer), axis)),
        ("--of-max", percent(row.max, axis)),
        ("--of-eff", percent(effective, axis)),
    ]
}

/// The offset under the pointer. `clientX` is read as the fractional number pointer events
/// carry (web-sys rounds it to an integer, a whole pixel is many offsets on a long queue).
fn offset_at(track: &NodeRef, e: &PointerEvent, axis: i64) -> Option<i64> {
    let rect = track.cast::<Element>()?.get_bounding_client_rect();
    if rect.width() <= 0.0 {
        return None;
    }
    let x = Reflect::get(e, &"clientX".into()).ok().and_then(|x| x.as_f64()).unwrap_or(f64::from(e.client_x()));
    let fraction = ((x - rect.left()) / rect.width()).clamp(0.0, 1.0);
    Some((fraction * axis as f64).round() as i64)
}

/// The bar with its markers.
#[component]
pub fn QueueBar(props: &QueueBarProps) -> Html {
    let i18n = use_i18n();
    let track = use_node_ref();
    let dragging = use_mut_ref(|| None::<Marker>);
    {
        let track = track.clone();
        let vars = positions(&props.row, props.lag.as_ref(), props.axis);
        use_effect_with(vars, move |vars| {
            if let Some(element) = track.cast::<HtmlElement>() {
                let style = element.style();
                for (name, value) in vars {
                    let _ = style.set_property(name, value);
                }
            }
        });
    }

    let row = &props.row;
    let lag = props.lag;
    let segment =
        |class: &'static str, show: bool| show.then(|| html! { <div class={classes!("of-seg", class)}></div> });
    let effective = consumed_to(row, lag.as_ref());
    let segments = [
        segment("of-seg-deleted", row.min > 0),
        segment("of-seg-consumed", lag.is_some() && effective > row.min),
        segment("of-seg-lag", lag.is_some_and(|l| l.lag > 0)),
        segment("of-seg-expired", lag.is_some_and(|l| l.expired > 0)),
        segment("of-seg-inflight", lag.is_some_and(|l| l.inflight > 0)),
    ];

    let markers: Vec<Html> = Marker::ALL
        .into_iter()
        .filter_map(|marker| {
            let value = row.value(marker)?;
            let (lo, hi) = row.drag_bounds(marker);
            let name = match marker {
                Marker::Min => i18n.t("page.offsets.marker.min"),
                Marker::Consumer => i18n.t("page.offsets.marker.consumer"),
                Marker::Pull => i18n.t("page.offsets.marker.pull"),
                Marker::Max => i18n.t("page.offsets.marker.max"),
            };
            let short = match marker {
                Marker::Min => i18n.t("page.offsets.marker.short_min"),
                Marker::Consumer => i18n.t("page.offsets.marker.short_consumer"),
                Marker::Pull => i18n.t("page.offsets.marker.short_pull"),
                Marker::Max => i18n.t("page.offsets.marker.short_max"),
            };
            let axis = props.axis;
            let onpointerdown = {
                let (dragging, on_dragging) = (dragging.clone(), props.on_dragging.clone());
                Callback::from(move |e: PointerEvent| {
                    if e.button() != 0 {
                        return;
                    }
                    e.prevent_default();
                    if let Some(target) = e.target_dyn_into::<HtmlElement>() {
                        let _ = target.set_pointer_capture(e.pointer_id());
                        let _ = target.focus();
                    }
                    *dragging.borrow_mut() = Some(marker);
                    on_dragging.emit(true);
                })
            };
            let onpointermove = {
                let (dragging, track, on_move) = (dragging.clone(), track.clone(), props.on_move.clone());
                Callback::from(move |e: PointerEvent| {
                    if *dragging.borrow() != Some(marker) {
                        return;
                    }
                    if let Some(value) = offset_at(&track, &e, axis) {
                        on_move.emit((marker, value));
                    }
                })
            };
            let end = {
                let (dragging, on_dragging) = (dragging.clone(), props.on_dragging.clone());
                Callback::from(move |e: PointerEvent| {
                    if dragging.borrow_mut().take().is_some() {
                        if let Some(target) = e.target_dyn_into::<Element>() {
                            let _ = target.release_pointer_capture(e.pointer_id());
                        }
                        on_dragging.emit(false);
                    }
                })
            };
            let onkeydown = {
                let (row, on_move) = (row.clone(), props.on_move.clone());
                Callback::from(move |e: KeyboardEvent| {
                    if let Some(value) = key_target(&row, marker, &e.key(), e.shift_key(), axis) {
                        e.prevent_default();
                        on_move.emit((marker, value));
                    }
                })
            };
            Some(html! {
                <div
                    key={marker.slug()}
                    class={classes!("of-marker", format!("of-marker-{}", marker.slug()))}
                    role="slider"
                    tabindex="0"
                    data-marker={marker.slug()}
                    aria-label={format!("{name}, {}", props.name)}
                    aria-orientation="horizontal"
                    aria-valuemin={lo.min(hi).to_string()}
                    aria-valuemax={hi.to_string()}
                    aria-valuenow={value.to_string()}
                    aria-valuetext={format!("{name} {value}")}
                    {onpointerdown}
                    {onpointermove}
                    onpointerup={end.clone()}
                    onpointercancel={end.clone()}
                    onlostpointercapture={end}
                    {onkeydown}
                >
                    <span class="of-marker-cap" aria-hidden="true">{ short }</span>
                </div>
            })
        })
        .collect();

    html! {
        <div class="of-bar">
            <div ref={track} class={classes!("of-track", lag.is_none().then_some("is-invalid"))}>
                { for segments.into_iter().flatten() }
                { for markers }
            </div>
        </div>
    }
}
