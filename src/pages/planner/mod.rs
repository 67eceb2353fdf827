//! Backlog drain planning (SPEC §6): capacity, instances and the queue-count cap.
//!
//! The page holds its inputs in the URL (`pl_*` keys), calls
//! [`rebalance_core::plan::plan`] once per model and draws what comes back: both models side
//! by side, the picked model's worked calculation and remedies, and a backlog-over-time
//! chart. When the core refuses an input, the refusal is shown next to that field and the
//! rest of the page keeps the last plans that worked.
//!
//! - `state`: inputs, ranges, the two plans and the reducer (no yew); `query`: the URL
//!   keys, read with clamping notices.
//! - `axis`: chart ticks and line corners (no yew); `chart`: the SVG.
//! - `results`: cards, steps and remedies; `explain`: the explanations.

// Built without the planner for the lessons (`pages/learn`), which use only its URL state and
// plan (`state`, `query`): the page's code is then unused, and the release build drops it.
#![cfg_attr(not(feature = "planner"), allow(dead_code, unused_imports))]

mod axis;
mod chart;
mod explain;
mod query;
mod results;
pub(crate) mod state;

use std::rc::Rc;

use rebalance_core::plan::Model;
use yew::prelude::*;

use self::chart::BacklogChart;
use self::explain::explanations;
use self::results::{calculation, model_name, summary};
use self::state::{read_duration, Action, Field, GoalKind, Inputs, PlanError, PlannerState};
use crate::components::{NumberField, TextReader, UrlNotices, LOG_SCALE};
use crate::embed::{use_embed, EmbedBar, Widget};
use crate::hooks::{use_i18n, I18n};
use crate::router::Route;
use crate::url_state;

impl Reducible for PlannerState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(self.apply(action))
    }
}

fn field_id(field: Field) -> &'static str {
    match field {
        Field::Backlog => "pl-backlog",
        Field::ProduceRate => "pl-produce",
        Field::InstanceRate => "pl-instance-rate",
        Field::Target => "pl-target",
        Field::Queues => "pl-queues",
        Field::Instances => "pl-instances",
    }
}

/// Label, unit and help text of a field.
fn field_texts(i18n: &I18n, field: Field, inputs: &Inputs) -> (&'static str, &'static str, String) {
    match field {
        Field::Backlog => (
            i18n.t("page.planner.field.backlog"),
            i18n.t("page.planner.unit.messages"),
            i18n.t("page.planner.field.backlog_help").to_owned(),
        ),
        Field::ProduceRate => (
            i18n.t("page.planner.field.produce"),
            i18n.t("page.planner.unit.rate"),
            i18n.t("page.planner.field.produce_help").to_owned(),
        ),
        Field::InstanceRate => (
            i18n.t("page.planner.field.instance_rate"),
            i18n.t("page.planner.unit.instance_rate"),
            i18n.t("page.planner.field.instance_rate_help").to_owned(),
        ),
        Field::Target => (
            i18n.t("page.planner.field.target"),
            i18n.t("page.planner.unit.seconds"),
            i18n.t_args("page.planner.field.target_help", &[("duration", &i18n.duration(inputs.target_seconds))]),
        ),
        Field::Queues => (
            i18n.t("page.planner.field.queues"),
            i18n.t("page.planner.unit.queues"),
            i18n.t("page.planner.field.queues_help").to_owned(),
        ),
        Field::Instances => (
            i18n.t("page.planner.field.instances"),
            i18n.t("page.planner.unit.instances"),
            i18n.t("page.planner.field.instances_help").to_owned(),
        ),
    }
}

/// The core's refusal in the reader's language.
fn error_text(i18n: &I18n, error: &PlanError) -> String {
    match error.field {
        Some(Field::Backlog) => i18n.t("page.planner.error.backlog").to_owned(),
        Some(Field::ProduceRate) => i18n.t("page.planner.error.produce").to_owned(),
        Some(Field::InstanceRate) => i18n.t("page.planner.error.instance_rate").to_owned(),
        Some(Field::Target) => i18n.t("page.planner.error.target").to_owned(),
        Some(Field::Queues) => i18n.t("page.planner.error.queues").to_owned(),
        Some(Field::Instances) => i18n.t("page.planner.error.instances").to_owned(),
        None => i18n.t_args("page.planner.error.other", &[("detail", &error.detail)]),
    }
}

/// A radio group; `options` are (value, label) and `selected` is the checked value.
fn radios<T: Copy + PartialEq + 'static>(
    name: &'static str,
    legend: &'static str,
    options: &[(T, &'static str, &'static str)],
    selected: T,
    on_pick: Callback<T>,
) -> Html {
    html! {
        <fieldset class="pl-switch">
            <legend>{ legend }</legend>
            { for options.iter().map(|&(value, code, label)| {
                let id = format!("{name}-{code}");
                let onchange = on_pick.reform(move |_: Event| value);
                html! {
                    <div class="pl-radio">
                        <input type="radio" id={id.clone()} {name} value={code}
                               checked={value == selected} {onchange} />
                        <label for={id}>{ label }</label>
                    </div>
                }
            }) }
        </fieldset>
    }
}

/// The `#/planner` page.
#[component]
pub fn Planner() -> Html {
    let i18n = use_i18n();
    // Embedded (`embed=1`): no intro and no explanations.
    let full = use_embed().is_none();
    let state = use_reducer_eq(|| {
        let (inputs, notices) = Inputs::from_query(&url_state::get);
        PlannerState::new(inputs, notices)
    });
    // The URL follows the inputs (written here, never in the reducer).
    use_effect_with(state.inputs, |inputs| {
        let query = inputs.query_pairs();
        let changes: Vec<(&str, Option<&str>)> = query.iter().map(|(k, v)| (*k, v.as_deref())).collect();
        url_state::set_many(&changes);
    });
    let inputs = state.inputs;
    let dispatch = state.dispatcher().to_callback();

    let field = |field: Field| {
        let (label, unit, help) = field_texts(&i18n, field, &inputs);
        let range = field.range();
        let on_change = dispatch.reform(move |value| Action::Set(field, value));
        let error = state.error.as_ref().filter(|e| e.field == Some(field));
        let reader = (field == Field::Target)
            .then_some(TextReader { read: read_duration, unreadable: "page.planner.field.target_unreadable" });
        // Keyed by field: the goal switch shows Target time or Instances in the same place,
        // and without a key the two would share one NumberField and its typed text.
        html! {
            <div key={field_id(field)} class={classes!("pl-field", error.is_some().then_some("has-plan-error"))}>
                <NumberField id={field_id(field)} {label} value={inputs.get(field)} min={range.min} max={range.max}
                             step={range.step} scale={field.log_scale().then_some(LOG_SCALE)} unit={AttrValue::from(unit)}
                             help={AttrValue::from(help)} {reader} {on_change} />
                if let Some(error) = error {
                    <p class="pl-field-error" role="alert" id={format!("{}-plan-error", field_id(field))}>
                        { error_text(&i18n, error) }
                    </p>
                }
            </div>
        }
    };
    let goal_switch = radios(
        "pl-goal",
        i18n.t("page.planner.goal.legend"),
        &[
            (GoalKind::Target, "target", i18n.t("page.planner.goal.target")),
            (GoalKind::Instances, "instances", i18n.t("page.planner.goal.instances")),
        ],
        inputs.goal,
        dispatch.reform(Action::Goal),
    );
    let model_switch = radios(
        "pl-model",
        i18n.t("page.planner.model.legend"),
        &[
            (Model::QueueLevel, "queue", model_name(&i18n, Model::QueueLevel)),
            (Model::MessageLevel, "message", model_name(&i18n, Model::MessageLevel)),
        ],
        inputs.model,
        dispatch.reform(Action::Model),
    );
    let general_error = state.error.as_ref().filter(|e| e.field.is_none());
    let on_preset = dispatch.reform(|_: MouseEvent| Action::Preset);
    let on_dismiss = dispatch.reform(|()| Action::DismissNotices);

    html! {
        <section class="page page-planner">
            <h1>{ i18n.t("page.planner.title") }</h1>
            if full {
                <p class="lead">{ i18n.t("page.planner.intro") }</p>
            }
            <UrlNotices notices={state.notices.clone()} class="pl-notices"
                        on_dismiss={on_dismiss} />
            <div class="pl-layout">
                <form class="pl-form" aria-labelledby="pl-inputs-heading" novalidate=true
                      onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                    <h2 id="pl-inputs-heading">{ i18n.t("page.planner.inputs") }</h2>
                    <div class="pl-preset">
                        <button type="button" class="button button-primary" onclick={on_preset}
                                aria-describedby="pl-preset-help">
                            { i18n.t("page.planner.preset") }
                        </button>
                        <p id="pl-preset-help" class="pl-note">{ i18n.t("page.planner.preset_help") }</p>
                    </div>
                    { field(Field::Backlog) }
                    { field(Field::ProduceRate) }
                    { field(Field::InstanceRate) }
                    { goal_switch }
                    if inputs.goal == GoalKind::Target {
                        { field(Field::Target) }
                    } else {
                        { field(Field::Instances) }
                    }
                    { field(Field::Queues) }
                    { model_switch }
                </form>
                <div class="pl-output">
                    if let Some(error) = general_error {
                        <p class="pl-field-error" role="alert">{ error_text(&i18n, error) }</p>
                    }
                    if let Some(comparison) = state.last_good.clone() {
                        if state.error.is_some() {
                            <p class="pl-stale" role="status">{ i18n.t("page.planner.error.stale") }</p>
                        }
                        { summary(&i18n, &comparison, inputs.model) }
                        <section class="pl-chart-section" aria-labelledby="pl-chart-heading">
                            <h2 id="pl-chart-heading">{ i18n.t("page.planner.chart.heading") }</h2>
                            <p class="pl-note">{ i18n.t("page.planner.chart.note") }</p>
                            <BacklogChart comparison={comparison.clone()} selected={inputs.model} />
                        </section>
                        { calculation(&i18n, &comparison, inputs.model) }
                    } else {
                        <p class="pl-stale" role="status">{ i18n.t("page.planner.error.no_plan") }</p>
                    }
                    <EmbedBar route={Route::Planner} widget={Widget::Page} />
                </div>
            </div>
            if full {
                { explanations(&i18n) }
            }
        </section>
    }
}
