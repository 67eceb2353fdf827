//! The plans as the reader sees them: both models side by side, the picked model's worked
//! calculation (the core's steps, captions translated, formulas kept) and its remedies.

use rebalance_core::plan::{Model, Plan, Remedy, Step, StepId};
use yew::prelude::*;

use super::state::{Comparison, GoalKind};
use crate::hooks::I18n;

/// The answer to "does it drain in time?" for one plan.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// The target time is met.
    Met,
    /// It drains, but later than the target.
    Missed,
    /// `D <= 0`: the backlog never drains.
    Never,
    /// Fixed instance count: it drains after this many seconds.
    Drains(f64),
    /// Fixed instance count, no backlog and nothing accumulating.
    Empty,
}

impl Verdict {
    /// The verdict the core's plan implies.
    pub fn of(plan: &Plan, backlog: f64) -> Verdict {
        match (plan.meets_target, plan.drain_seconds) {
            (Some(true), _) => Verdict::Met,
            (Some(false), Some(_)) => Verdict::Missed,
            (Some(false), None) => Verdict::Never,
            (None, Some(t)) => Verdict::Drains(t),
            (None, None) if backlog == 0.0 && plan.net_drain_rate == 0.0 => Verdict::Empty,
            (None, None) => Verdict::Never,
        }
    }

    fn text(self, i18n: &I18n) -> String {
        match self {
            Verdict::Met => i18n.t("page.planner.verdict.met").to_owned(),
            Verdict::Missed => i18n.t("page.planner.verdict.missed").to_owned(),
            Verdict::Never => i18n.t("page.planner.verdict.never").to_owned(),
            Verdict::Drains(t) => i18n.t_args("page.planner.verdict.drains", &[("time", &i18n.duration(t))]),
            Verdict::Empty => i18n.t("page.planner.verdict.empty").to_owned(),
        }
    }

    fn class(self) -> &'static str {
        match self {
            Verdict::Met | Verdict::Drains(_) | Verdict::Empty => "is-good",
            Verdict::Missed => "is-missed",
            Verdict::Never => "is-never",
        }
    }
}

/// The model's full name.
pub fn model_name(i18n: &I18n, model: Model) -> &'static str {
    match model {
        Model::QueueLevel => i18n.t("page.planner.model.queue"),
        Model::MessageLevel => i18n.t("page.planner.model.message"),
    }
}

fn model_id(model: Model) -> &'static str {
    match model {
        Model::QueueLevel => "queue",
        Model::MessageLevel => "message",
    }
}

fn step_caption(i18n: &I18n, id: StepId) -> &'static str {
    match id {
        StepId::BacklogRate => i18n.t("page.planner.step.backlog_rate"),
        StepId::RequiredRate => i18n.t("page.planner.step.required_rate"),
        StepId::InstancesNeeded => i18n.t("page.planner.step.instances_needed"),
        StepId::EffectiveInstances => i18n.t("page.planner.step.effective_instances"),
        StepId::ConsumeRate => i18n.t("page.planner.step.consume_rate"),
        StepId::NetDrainRate => i18n.t("page.planner.step.net_drain_rate"),
        StepId::DrainTime => i18n.t("page.planner.step.drain_time"),
        StepId::NeverDrains => i18n.t("page.planner.step.never_drains"),
        StepId::TargetCheck => i18n.t("page.planner.step.target_check"),
    }
}

/// A stable name for a step, for `data-step` (tests and styling).
fn step_key(id: StepId) -> &'static str {
    match id {
        StepId::BacklogRate => "BacklogRate",
        StepId::RequiredRate => "RequiredRate",
        StepId::InstancesNeeded => "InstancesNeeded",
        StepId::EffectiveInstances => "EffectiveInstances",
        StepId::ConsumeRate => "ConsumeRate",
        StepId::NetDrainRate => "NetDrainRate",
        StepId::DrainTime => "DrainTime",
        StepId::NeverDrains => "NeverDrains",
        StepId::TargetCheck => "TargetCheck",
    }
}

/// The step's result; the core's words (`met`, `never`) translated, numbers kept.
fn step_result(i18n: &I18n, step: &Step) -> String {
    match step.id {
        StepId::TargetCheck if step.value == 1.0 => i18n.t("page.planner.result.met").to_owned(),
        StepId::TargetCheck => i18n.t("page.planner.result.not_met").to_owned(),
        StepId::NeverDrains => i18n.t("page.planner.result.never").to_owned(),
        _ => step.result.clone(),
    }
}

/// A remedy's name and what it means.
pub fn remedy_texts(i18n: &I18n, remedy: Remedy) -> (&'static str, &'static str) {
    match remedy {
        Remedy::MoreInstances => {
            (i18n.t("page.planner.remedy.more_instances"), i18n.t("page.planner.remedy.more_instances_help"))
        }
        Remedy::MoreQueues => {
            (i18n.t("page.planner.remedy.more_queues"), i18n.t("page.planner.remedy.more_queues_help"))
        }
        Remedy::FasterInstances => {
            (i18n.t("page.planner.remedy.faster_instances"), i18n.t("page.planner.remedy.faster_instances_help"))
        }
        Remedy::LessProduction => {
            (i18n.t("page.planner.remedy.less_production"), i18n.t("page.planner.remedy.less_production_help"))
        }
        Remedy::BiggerBatches => {
            (i18n.t("page.planner.remedy.bigger_batches"), i18n.t("page.planner.remedy.bigger_batches_help"))
        }
        Remedy::MessageLevel => {
            (i18n.t("page.planner.remedy.message_level"), i18n.t("page.planner.remedy.message_level_help"))
        }
    }
}

/// Every remedy, for the explanations.
pub const ALL_REMEDIES: [Remedy; 6] = [
    Remedy::MoreInstances,
    Remedy::MoreQueues,
    Remedy::FasterInstances,
    Remedy::LessProduction,
    Remedy::BiggerBatches,
    Remedy::MessageLevel,
];

fn step_result_of(plan: &Plan, id: StepId) -> Option<String> {
    plan.steps.iter().find(|s| s.id == id).map(|s| s.result.clone())
}

fn card(i18n: &I18n, comparison: &Comparison, model: Model, selected: Model) -> Html {
    let plan = comparison.plan(model);
    let verdict = Verdict::of(plan, comparison.inputs.backlog);
    let is_selected = model == selected;
    let heading_id = format!("pl-card-{}", model_id(model));
    let instances_label = match comparison.inputs.goal {
        GoalKind::Target => i18n.t("page.planner.result.instances_needed"),
        GoalKind::Instances => i18n.t("page.planner.result.instances"),
    };
    let drain = plan.drain_seconds.map_or_else(|| i18n.t("page.planner.result.never").to_owned(), |t| i18n.duration(t));
    let rate = |id| step_result_of(plan, id).unwrap_or_default();
    let rows = [
        (instances_label, plan.instances.to_string(), "pl-instances"),
        (i18n.t("page.planner.result.effective"), plan.effective_instances.to_string(), "pl-effective"),
        (i18n.t("page.planner.result.idle"), plan.idle_instances.to_string(), "pl-idle"),
        (i18n.t("page.planner.result.consume_rate"), rate(StepId::ConsumeRate), "pl-consume"),
        (i18n.t("page.planner.result.net_drain"), rate(StepId::NetDrainRate), "pl-net"),
        (i18n.t("page.planner.result.drain_time"), drain, "pl-drain"),
    ];
    let class = classes!("pl-card", format!("pl-card-{}", model_id(model)), is_selected.then_some("is-selected"));
    html! {
        <section {class}
                 aria-labelledby={heading_id.clone()} data-model={model_id(model)}>
            <h3 id={heading_id}>
                { model_name(i18n, model) }
                if is_selected {
                    <span class="pl-badge">{ i18n.t("page.planner.result.selected") }</span>
                }
            </h3>
            <p class={classes!("pl-verdict", verdict.class())}>{ verdict.text(i18n) }</p>
            <dl class="pl-figures">
                { for rows.into_iter().map(|(label, value, class)| html! {
                    <div class={classes!("pl-figure", class)}><dt>{ label }</dt><dd>{ value }</dd></div>
                }) }
            </dl>
        </section>
    }
}

/// The picked model's verdict and both models' cards. (Plain functions rather than
/// components: each component type costs the bundle its own copy of Yew's lifecycle.)
pub fn summary(i18n: &I18n, comparison: &Comparison, selected: Model) -> Html {
    let plan = comparison.plan(selected);
    let name = model_name(i18n, selected);
    let verdict = Verdict::of(plan, comparison.inputs.backlog);
    html! {
        <>
            <p class="pl-headline" role="status" aria-live="polite">
                { i18n.t_args("page.planner.result.headline", &[("model", name), ("verdict", &verdict.text(i18n))]) }
            </p>
            <section class="pl-compare" aria-labelledby="pl-compare-heading">
                <h2 id="pl-compare-heading">{ i18n.t("page.planner.result.heading") }</h2>
                <p class="pl-note">{ i18n.t("page.planner.result.note") }</p>
                <div class="pl-cards">
                    { card(i18n, comparison, Model::QueueLevel, selected) }
                    { card(i18n, comparison, Model::MessageLevel, selected) }
                </div>
            </section>
        </>
    }
}

/// The picked model's worked calculation and its remedies.
pub fn calculation(i18n: &I18n, comparison: &Comparison, selected: Model) -> Html {
    let plan = comparison.plan(selected);
    let name = model_name(i18n, selected);
    let steps = plan.steps.iter().map(|step| {
        html! {
            <li class="pl-step" data-step={step_key(step.id)}>
                <span class="pl-step-caption">{ step_caption(i18n, step.id) }</span>
                <code class="pl-step-formula">{ &step.formula }</code>
                <span class="pl-step-calc">
                    <code>{ &step.substituted }</code>
                    <span aria-hidden="true">{ " → " }</span>
                    <span class="visually-hidden">{ i18n.t("page.planner.steps.gives") }</span>
                    <strong class="pl-step-result">{ step_result(i18n, step) }</strong>
                </span>
            </li>
        }
    });
    html! {
        <>
            <section class="pl-steps-section" aria-labelledby="pl-steps-heading">
                <h2 id="pl-steps-heading">{ i18n.t_args("page.planner.steps.heading", &[("model", name)]) }</h2>
                <p class="pl-note">{ i18n.t("page.planner.steps.note") }</p>
                <ol class="pl-steps">{ for steps }</ol>
            </section>
            if !plan.remedies.is_empty() {
                <section class="pl-remedies" aria-labelledby="pl-remedies-heading">
                    <h2 id="pl-remedies-heading">{ i18n.t("page.planner.remedy.heading") }</h2>
                    <ul>
                        { for plan.remedies.iter().map(|r| {
                            let (title, help) = remedy_texts(i18n, *r);
                            html! { <li><strong>{ title }</strong>{ " " }<span>{ help }</span></li> }
                        }) }
                    </ul>
                </section>
            }
        </>
    }
}
