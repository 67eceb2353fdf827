//! Backlog over time for both models: a hand-drawn SVG line chart plus a text alternative.
//!
//! The SVG is drawn at the width its box really has (measured on mount and on resize), so
//! its text stays at reading size on a phone instead of being scaled down with the picture.

use std::rc::Rc;

use gloo::events::EventListener;
use rebalance_core::plan::{format_number, Model, Plan};
use yew::prelude::*;

use super::axis::{backlog_line, time_axis, time_span, value_axis, Scale};
use super::state::{Comparison, GoalKind};
use crate::hooks::{use_i18n, I18n};

/// Props of [`BacklogChart`].
#[derive(Properties, PartialEq)]
pub struct BacklogChartProps {
    /// The plans to draw (both models, same inputs).
    pub comparison: Rc<Comparison>,
    /// The model the reader picked (drawn thicker).
    pub selected: Model,
}

const MODELS: [Model; 2] = [Model::QueueLevel, Model::MessageLevel];
const TITLE_ID: &str = "pl-chart-title";
const DESC_ID: &str = "pl-chart-desc";

fn model_name(i18n: &I18n, model: Model) -> &'static str {
    match model {
        Model::QueueLevel => i18n.t("page.planner.model.queue_short"),
        Model::MessageLevel => i18n.t("page.planner.model.message_short"),
    }
}

fn model_class(model: Model) -> &'static str {
    match model {
        Model::QueueLevel => "pl-series-queue",
        Model::MessageLevel => "pl-series-message",
    }
}

/// An SVG coordinate, to a tenth of a pixel.
fn px(value: f64) -> String {
    format!("{value:.1}")
}

/// One sentence per model, for `<desc>` and the visible text alternative.
fn summary(i18n: &I18n, model: Model, backlog: f64, plan: &Plan) -> String {
    let name = model_name(i18n, model);
    let backlog = format_number(backlog);
    let rate = format_number(plan.net_drain_rate);
    // "starts at 1 message": only a backlog of exactly one takes the singular.
    let one = u8::from(backlog == "1");
    match plan.drain_seconds {
        Some(t) => {
            let time = i18n.duration(t);
            let args =
                [("model", name), ("backlog", backlog.as_str()), ("rate", rate.as_str()), ("time", time.as_str())];
            i18n.t_count("page.planner.chart.summary_drains", one, &args)
        }
        None => i18n.t_count(
            "page.planner.chart.summary_never",
            one,
            &[("model", name), ("backlog", &backlog), ("rate", &rate)],
        ),
    }
}

/// Measures the width of `node` now and whenever the window resizes.
#[hook]
fn use_width(node: NodeRef, fallback: i32) -> i32 {
    let width = use_state_eq(|| fallback);
    {
        let width = width.clone();
        use_effect_with(node, move |node| {
            let measure = {
                let node = node.clone();
                move || {
                    if let Some(element) = node.cast::<web_sys::Element>() {
                        let w = element.client_width();
                        if w > 0 {
                            width.set(w);
                        }
                    }
                }
            };
            measure();
            let listener = web_sys::window().map(|window| EventListener::new(&window, "resize", move |_| measure()));
            move || drop(listener)
        });
    }
    *width
}

/// The chart, its legend and its text alternative.
#[component]
pub fn BacklogChart(props: &BacklogChartProps) -> Html {
    let i18n = use_i18n();
    let node = use_node_ref();
    let width = f64::from(use_width(node.clone(), 640).clamp(280, 1_200));
    let comparison = &props.comparison;
    let inputs = &comparison.inputs;
    let backlog = inputs.backlog;
    let target = (inputs.goal == GoalKind::Target).then_some(inputs.target_seconds);
    let plans = MODELS.map(|m| comparison.plan(m));

    let narrow = width < 520.0;
    let height = if narrow { 280.0 } else { 340.0 };
    let legend_rows = if narrow { 2.0 } else { 1.0 };
    let top = 18.0 * legend_rows + 34.0;
    let bottom = 48.0;

    let time = time_axis(time_span(&plans, target), ((width - 120.0) / 95.0).clamp(2.0, 8.0) as usize);
    let lines = plans.map(|p| backlog_line(backlog, p, time.max));
    let data_max = lines.iter().flatten().map(|(_, y)| *y).fold(0.0, f64::max);
    let values = value_axis(data_max, if narrow { 4 } else { 5 });
    let y_labels: Vec<String> = values.ticks.iter().map(|v| format_number(*v)).collect();
    let label_chars = y_labels.iter().map(|l| l.chars().count()).max().unwrap_or(1) as f64;
    let left = label_chars * 7.0 + 16.0;
    let right = 32.0;
    let x = Scale { domain: (0.0, time.max), range: (left, width - right) };
    let y = Scale { domain: (0.0, values.max), range: (height - bottom, top) };
    let (plot_top, plot_bottom) = (top, height - bottom);

    let y_ticks = values.ticks.iter().zip(&y_labels).map(|(v, label)| {
        let py = y.at(*v);
        html! {
            <g class="pl-tick">
                <line class="pl-grid" x1={px(left)} x2={px(width - right)}
                      y1={px(py)} y2={px(py)} />
                <text x={px(left - 6.0)} y={px(py + 4.0)} text-anchor="end">{ label }</text>
            </g>
        }
    });
    let x_ticks = time.ticks.iter().map(|t| {
        let at_x = x.at(*t);
        html! {
            <g class="pl-tick">
                <line class="pl-tick-mark" x1={px(at_x)} x2={px(at_x)}
                      y1={px(plot_bottom)} y2={px(plot_bottom + 5.0)} />
                <text x={px(at_x)} y={px(plot_bottom + 19.0)} text-anchor="middle">
                    { i18n.duration(*t) }
                </text>
            </g>
        }
    });
    let series = MODELS.iter().zip(&lines).map(|(model, line)| {
        let points =
            line.iter().map(|(t, v)| format!("{},{}", px(x.at(*t)), px(y.at(*v)))).collect::<Vec<_>>().join(" ");
        let selected = (*model == props.selected).then_some("is-selected");
        html! { <polyline class={classes!("pl-line", model_class(*model), selected)} points={points} /> }
    });
    let target_line = target.map(|t| {
        let at_x = x.at(t);
        let anchor = if at_x > (left + width - right) / 2.0 { "end" } else { "start" };
        let label_x = if anchor == "end" { at_x - 5.0 } else { at_x + 5.0 };
        let label = i18n.t_args("page.planner.chart.target", &[("time", &i18n.duration(t))]);
        html! {
            <g class="pl-target">
                <line x1={px(at_x)} x2={px(at_x)} y1={px(plot_top - 4.0)}
                      y2={px(plot_bottom)} />
                <text x={px(label_x)} y={px(plot_top + 10.0)} text-anchor={anchor}>{ label }</text>
            </g>
        }
    });
    let legend = MODELS.iter().enumerate().map(|(i, model)| {
        let (lx, ly) = if narrow { (4.0, 14.0 + 18.0 * i as f64) } else { (4.0 + 200.0 * i as f64, 14.0) };
        html! {
            <g class="pl-legend-item" transform={format!("translate({lx},{ly})")}>
                <line class={classes!("pl-line", model_class(*model))} x1="0" x2="28" y1="0" y2="0" />
                <text x="36" y="4">{ model_name(&i18n, *model) }</text>
            </g>
        }
    });

    let mut sentences: Vec<String> = MODELS.iter().zip(plans).map(|(m, p)| summary(&i18n, *m, backlog, p)).collect();
    if let Some(t) = target {
        sentences.push(i18n.t_args("page.planner.chart.summary_target", &[("time", &i18n.duration(t))]));
    }
    let title = i18n.t("page.planner.chart.title");
    html! {
        <figure class="pl-chart" aria-labelledby="pl-chart-heading">
            <div class="pl-chart-box" ref={node}>
                <svg class="pl-chart-svg" role="img" aria-labelledby={TITLE_ID} aria-describedby={DESC_ID}
                     width={format!("{width:.0}")} height={format!("{height:.0}")}
                     viewBox={format!("0 0 {width:.0} {height:.0}")}>
                    <title id={TITLE_ID}>{ title }</title>
                    <desc id={DESC_ID}>{ sentences.join(" ") }</desc>
                    <g class="pl-legend">{ for legend }</g>
                    <text class="pl-axis-title" x="4" y={px(top - 12.0)}>
                        { i18n.t("page.planner.chart.y_axis") }
                    </text>
                    <g class="pl-axis pl-axis-y">{ for y_ticks }</g>
                    <g class="pl-axis pl-axis-x">{ for x_ticks }</g>
                    <line class="pl-axis-line" x1={px(left)} x2={px(width - right)}
                          y1={px(plot_bottom)} y2={px(plot_bottom)} />
                    <line class="pl-axis-line" x1={px(left)} x2={px(left)}
                          y1={px(plot_top)} y2={px(plot_bottom)} />
                    { for target_line }
                    <g class="pl-series">{ for series }</g>
                    <text class="pl-axis-title" x={px(width - right)} y={px(height - 6.0)}
                          text-anchor="end">{ i18n.t("page.planner.chart.x_axis") }</text>
                </svg>
            </div>
            <ul class="pl-chart-summary">
                { for sentences.iter().map(|s| html! { <li>{ s }</li> }) }
            </ul>
        </figure>
    }
}
