//! The lag chart: group lag and lag per queue over the recorded ticks, the comparison
//! model's group lag as a dashed line, and the current tick as a cursor. Drawn from the
//! core's `history()` and `queue_lags()`; each line has at most [`COLUMNS`] points (the
//! largest value of each column, so a peak is never lost). The marked events
//! ([`super::markers`]) stand on the time axis as thin lines topped by their marks.

use std::rc::Rc;

use rebalance_core::simulate::Simulation;
use yew::prelude::*;

use super::event_bar::{glyph, legend};
use super::lanes::queue_class;
use super::markers::Marker;
use super::text::{count, time_label};
use crate::hooks::use_i18n;

/// Points per line at most (about one per 2 px of the chart's width).
pub const COLUMNS: u64 = 320;
/// Queues drawn as their own line at most (a queue count change can add many).
pub const MAX_QUEUE_LINES: usize = 32;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 240.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 28.0;

/// A line as column maxima: `(tick, value)`.
type Series = Vec<(u64, u64)>;

/// What the chart draws (everything but the cursor, so scrubbing redraws only that).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChartData {
    /// Group lag of the main model.
    pub total: Series,
    /// Lag of each queue (up to [`MAX_QUEUE_LINES`]).
    pub queues: Vec<Series>,
    /// Queues not drawn as lines.
    pub hidden_queues: usize,
    /// Group lag of the comparison model.
    pub other: Option<Series>,
    /// Ticks on the x axis (the run's last tick).
    pub horizon: u64,
    /// Milliseconds per tick.
    pub tick_ms: u64,
    /// Top of the y axis.
    pub y_max: u64,
}

/// Ticks per chart column for a run of `horizon` ticks. Columns are fixed for the run, so
/// while it plays the chart changes once per completed column, not on every tick.
pub fn column_width(horizon: u64) -> u64 {
    horizon.saturating_add(1).div_ceil(COLUMNS).max(1)
}

/// Column maxima of `value(k)` for the ticks `0..=last`, `width` ticks per column.
fn columns(last: u64, width: u64, value: impl Fn(u64) -> u64) -> Series {
    let width = width.max(1);
    (0..=last)
        .step_by(width as usize)
        .map(|start| {
            let end = (start + width - 1).min(last);
            let peak = (start..=end).map(&value).max().unwrap_or(0);
            (end, peak)
        })
        .collect()
}

/// A round number at or above `max` (1, 2 or 5 times a power of ten).
fn nice_ceiling(max: u64) -> u64 {
    let mut step = 1u64;
    loop {
        for m in [1, 2, 5] {
            if step.saturating_mul(m) >= max {
                return step.saturating_mul(m).max(1);
            }
        }
        step = step.saturating_mul(10);
    }
}

/// Builds the chart from the recorded history of `main` and of the twin.
pub fn chart_data(main: &Simulation, other: Option<&Simulation>, horizon: u64) -> ChartData {
    let history = main.history();
    let last = main.recorded_ticks();
    let width = column_width(horizon);
    let at = |h: &[rebalance_core::simulate::TickMetrics], k: u64| h.get(k as usize).map_or(0, |m| m.group_lag);
    let total = columns(last, width, |k| at(history, k));
    let queue_count = main.queue_lags(last).map_or(0, <[u64]>::len);
    let drawn = queue_count.min(MAX_QUEUE_LINES);
    let queues = (0..drawn)
        .map(|q| columns(last, width, |k| main.queue_lags(k).and_then(|l| l.get(q).copied()).unwrap_or(0)))
        .collect();
    let other = other.map(|o| columns(o.recorded_ticks(), width, |k| at(o.history(), k)));
    let peak = total.iter().chain(other.iter().flatten()).map(|p| p.1).max().unwrap_or(0);
    ChartData {
        total,
        queues,
        hidden_queues: queue_count - drawn,
        other,
        horizon: horizon.max(1),
        tick_ms: main.config().tick_ms,
        y_max: nice_ceiling(peak.max(10)),
    }
}

fn x(data: &ChartData, tick: u64) -> f64 {
    LEFT + (WIDTH - LEFT - RIGHT) * (tick.min(data.horizon) as f64 / data.horizon as f64)
}

fn y(data: &ChartData, value: u64) -> f64 {
    let h = HEIGHT - TOP - BOTTOM;
    TOP + h - h * (value.min(data.y_max) as f64 / data.y_max as f64)
}

fn points(data: &ChartData, series: &Series) -> String {
    let mut out = String::with_capacity(series.len() * 12);
    for (tick, value) in series {
        out.push_str(&format!("{:.1},{:.1} ", x(data, *tick), y(data, *value)));
    }
    out
}

/// Props of [`LagChart`].
#[derive(Properties, PartialEq)]
pub struct LagChartProps {
    /// The lines.
    pub data: Rc<ChartData>,
    /// The current tick.
    pub cursor: u64,
    /// Name of the main model, for the legend.
    pub main_label: AttrValue,
    /// Name of the comparison model, for the legend.
    #[prop_or_default]
    pub other_label: Option<AttrValue>,
    /// Group lag now (for the description).
    pub lag_now: u64,
    /// The marked events of the recorded ticks.
    pub markers: Rc<Vec<Marker>>,
}

/// The SVG chart with its legend.
#[component]
pub fn LagChart(props: &LagChartProps) -> Html {
    let i18n = use_i18n();
    let data = &props.data;
    let lines = use_memo(data.clone(), |data| {
        let queues: Vec<(usize, String)> = data.queues.iter().enumerate().map(|(q, s)| (q, points(data, s))).collect();
        (points(data, &data.total), queues, data.other.as_ref().map(|s| points(data, s)))
    });
    let (total, queues, other) = &*lines;
    let cx = format!("{:.1}", x(data, props.cursor));
    let y_ticks = [0, data.y_max / 2, data.y_max];
    let x_ticks = [0, data.horizon / 2, data.horizon];
    let desc = i18n.t_args(
        "page.timeline.chart.desc",
        &[
            ("time", &time_label(&i18n, props.cursor * data.tick_ms)),
            ("lag", &count(props.lag_now)),
            ("max", &count(data.total.iter().map(|p| p.1).max().unwrap_or(0))),
        ],
    );
    html! {
        <figure class="tl-chart">
            <svg class="tl-chart-svg" viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="img"
                 aria-labelledby="tl-chart-title tl-chart-desc">
                <title id="tl-chart-title">{ i18n.t("page.timeline.chart.title") }</title>
                <desc id="tl-chart-desc">{ desc }</desc>
                <g class="tl-axis">
                    { for y_ticks.iter().map(|v| {
                        let yy = format!("{:.1}", y(data, *v));
                        html! { <g>
                            <line class="tl-grid" x1={LEFT.to_string()} x2={(WIDTH - RIGHT).to_string()} y1={yy.clone()} y2={yy.clone()} />
                            <text class="tl-axis-label" x={(LEFT - 6.0).to_string()} y={yy} text-anchor="end" dominant-baseline="middle">{ count(*v) }</text>
                        </g> }
                    }) }
                    { for x_ticks.iter().map(|t| {
                        let xx = format!("{:.1}", x(data, *t));
                        let anchor = if *t == 0 { "start" } else if *t == data.horizon { "end" } else { "middle" };
                        html! {
                            <text class="tl-axis-label" x={xx} y={(HEIGHT - 8.0).to_string()} text-anchor={anchor}>
                                { format!("{} s", count(t * data.tick_ms / 1_000)) }
                            </text>
                        }
                    }) }
                </g>
                { for queues.iter().map(|(q, pts)| html! {
                    <polyline class={classes!("tl-line-queue", queue_class(*q as u32))} points={pts.clone()} />
                }) }
                if let Some(pts) = other {
                    <polyline class="tl-line-other" points={pts.clone()} />
                }
                <polyline class="tl-line-total" points={total.clone()} />
                { for props.markers.iter().map(|m| {
                    let mx = x(data, m.tick);
                    let xs = format!("{mx:.1}");
                    html! { <g>
                        <line class={classes!("tl-mark-line", format!("tl-mark-{}", m.kind.code()))}
                              x1={xs.clone()} x2={xs} y1={(TOP + 6.0).to_string()} y2={(HEIGHT - BOTTOM).to_string()} />
                        { glyph(m.kind, mx, TOP) }
                    </g> }
                }) }
                <line class="tl-cursor" x1={cx.clone()} x2={cx} y1={TOP.to_string()} y2={(HEIGHT - BOTTOM).to_string()} />
            </svg>
            <figcaption>
                <ul class="tl-legend">
                    <li><span class="tl-key tl-key-total"></span>{ i18n.t_args("page.timeline.chart.total", &[("model", &props.main_label)]) }</li>
                    if let Some(label) = &props.other_label {
                        <li><span class="tl-key tl-key-other"></span>{ i18n.t_args("page.timeline.chart.total", &[("model", label)]) }</li>
                    }
                    <li><span class="tl-key tl-key-queues"></span>{ i18n.t("page.timeline.chart.queues") }</li>
                    <li><span class="tl-key tl-key-cursor"></span>{ i18n.t("page.timeline.chart.cursor") }</li>
                </ul>
                { legend(&i18n, &props.markers) }
                if data.hidden_queues > 0 {
                    <p class="tl-note">{ i18n.t_count("page.timeline.chart.hidden", data.hidden_queues, &[("count", &data.hidden_queues.to_string())]) }</p>
                }
            </figcaption>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_keep_peaks_and_the_last_tick() {
        let width = column_width(999);
        let s = columns(999, width, |k| if k == 500 { 7 } else { 1 });
        assert!(s.len() as u64 <= COLUMNS);
        assert_eq!(s.last().map(|p| p.0), Some(999));
        assert_eq!(s.iter().map(|p| p.1).max(), Some(7));
        assert_eq!(columns(0, width, |_| 3), vec![(0, 3)]);
        assert_eq!(columns(2, 1, |k| k), vec![(0, 0), (1, 1), (2, 2)]);
        assert_eq!(columns(6, 4, |k| k), vec![(3, 3), (6, 6)], "the last column may be partial");
        assert_eq!((column_width(6_000), column_width(319), column_width(0)), (19, 1, 1));
    }

    #[test]
    fn the_axis_top_is_round() {
        assert_eq!(nice_ceiling(0), 1);
        assert_eq!(nice_ceiling(10), 10);
        assert_eq!(nice_ceiling(11), 20);
        assert_eq!(nice_ceiling(40_850), 50_000);
        assert_eq!(nice_ceiling(u64::MAX), u64::MAX);
    }
}
