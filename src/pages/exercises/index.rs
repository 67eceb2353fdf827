//! The index: the class set (seed, the model-answer setting and the shareable link), the overview per topic (the core's
//! `overview`: done / attempted / not started), every exercise with its kind, difficulty and
//! status, and the progress panel.

use rebalance_core::exercise::progress::{overview, Status};
use rebalance_core::exercise::Progress;
use yew::prelude::*;

use super::copy_link::CopyLink;
use super::progress_panel::ProgressPanel;
use super::state::{Action, ModelAnswers, MAX_SEED};
use super::{catalog, link_click, meta_line, page_href, Nav, Target};
use crate::components::NumberField;
use crate::hooks::{use_i18n, I18n};

/// Props of [`IndexView`].
#[derive(Properties, PartialEq, Clone)]
pub struct IndexProps {
    /// The active progress (its seed is the class seed).
    pub progress: Progress,
    /// The class link.
    pub class_url: AttrValue,
    /// Whether the class sees model answers (the link carries it).
    pub model: ModelAnswers,
    /// Page changes.
    pub dispatch: Callback<Action>,
    /// Navigation.
    pub nav: Nav,
}

fn status_text(i18n: &I18n, status: Status) -> (&'static str, &'static str) {
    match status {
        Status::Done => ("done", i18n.t("page.exercises.status.done")),
        Status::Attempted => ("attempted", i18n.t("page.exercises.status.attempted")),
        Status::NotStarted => ("not_started", i18n.t("page.exercises.status.not_started")),
    }
}

/// The exercise list and class controls.
#[component]
pub fn IndexView(props: &IndexProps) -> Html {
    let i18n = use_i18n();
    let lang = i18n.lang();
    let seed = props.progress.set_seed;
    let pending = use_state_eq(|| seed);
    {
        let pending = pending.clone();
        use_effect_with(seed, move |s| pending.set(*s));
    }
    let on_seed = {
        let pending = pending.clone();
        Callback::from(move |v: f64| pending.set(v as u64))
    };
    let on_apply = {
        let (pending, dispatch) = (pending.clone(), props.dispatch.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            dispatch.emit(Action::SetSeed(*pending));
        })
    };
    let on_model = props.dispatch.reform(|e: Event| {
        let on = e.target_dyn_into::<web_sys::HtmlInputElement>().is_some_and(|i| i.checked());
        Action::SetModel(if on { ModelAnswers::Shown } else { ModelAnswers::Off })
    });
    let model = props.model;
    let topics = overview(catalog(), &props.progress).into_iter().map(|t| {
        let rows = catalog().exercises.iter().filter(|e| e.topic == t.topic).map(|ex| {
            let (key, word) = status_text(&i18n, props.progress.status(&ex.id));
            let best = props.progress.exercises.get(&ex.id).filter(|p| p.attempts > 0).map(|p| {
                i18n.t_args("page.exercises.index.best", &[("score", &p.best_score.to_string())])
            });
            let target = Target::Exercise(ex.id.clone(), 0);
            html! {
                <li class="ex-row" data-exercise={ex.id.clone()} data-status={key}>
                    <a href={page_href(&target, seed, model)} onclick={link_click(&props.nav, target)}>{ ex.title.get(lang).to_owned() }</a>
                    <span class="ex-row-meta">{ meta_line(&i18n, ex.kind, ex.difficulty) }</span>
                    <span class={classes!("ex-badge", format!("ex-badge-{key}"))}>{ word }{ for best.map(|b| format!(" · {b}")) }</span>
                </li>
            }
        });
        let counts = i18n.t_args(
            "page.exercises.index.counts",
            &[("done", &t.done.to_string()), ("attempted", &t.attempted.to_string()), ("not_started", &t.not_started.to_string())],
        );
        let heading = format!("ex-topic-{}", t.topic.name());
        html! {
            <section class="ex-topic" aria-labelledby={heading.clone()} data-topic={t.topic.name()}>
                <h2 id={heading}>{ t.title.get(lang).to_owned() }</h2>
                <p class="ex-counts" data-done={t.done.to_string()} data-attempted={t.attempted.to_string()}
                    data-not-started={t.not_started.to_string()}>{ counts }</p>
                <ol class="ex-rows">{ for rows }</ol>
            </section>
        }
    });
    let totals = overview(catalog(), &props.progress)
        .iter()
        .fold((0, 0, 0), |(d, a, n), t| (d + t.done, a + t.attempted, n + t.not_started));
    let errors = &catalog().errors;

    html! {
        <div class="ex-index">
            <h1>{ i18n.t("page.exercises.title") }</h1>
            <p class="lead">{ i18n.t("page.exercises.intro") }</p>
            if !errors.is_empty() {
                <p class="ex-error">{ i18n.t_args("page.exercises.index.catalog_errors", &[("n", &errors.len().to_string())]) }</p>
            }
            <div class="ex-layout">
                <div class="ex-main">
                    <section class="ex-panel ex-class" aria-labelledby="ex-class-title">
                        <h2 id="ex-class-title">{ i18n.t_args("page.exercises.class.title", &[("seed", &seed.to_string())]) }</h2>
                        <p>{ i18n.t("page.exercises.class.explain") }</p>
                        <form class="ex-seed-form" onsubmit={on_apply}>
                            <NumberField id="ex-seed" label={i18n.t("page.exercises.class.seed")} value={*pending as f64}
                                min={0.0} max={MAX_SEED as f64} slider={false} on_change={on_seed} />
                            <button type="submit" class="button" disabled={*pending == seed}>{ i18n.t("page.exercises.class.apply") }</button>
                        </form>
                        <label class="ex-check">
                            <input type="checkbox" id="ex-model-allowed" checked={model == ModelAnswers::Shown}
                                onchange={on_model} aria-describedby="ex-model-help" />
                            { i18n.t("page.exercises.class.model") }
                        </label>
                        <p id="ex-model-help" class="ex-help">{ i18n.t("page.exercises.class.model_help") }</p>
                        <CopyLink id="ex-class-link" label={i18n.t("page.exercises.link.class")}
                            button={i18n.t("page.exercises.link.copy_class")} url={props.class_url.clone()} />
                    </section>
                    <p class="ex-summary" data-done={totals.0.to_string()}>
                        { i18n.t_args("page.exercises.index.summary", &[("done", &totals.0.to_string()),
                            ("attempted", &totals.1.to_string()), ("not_started", &totals.2.to_string())]) }
                    </p>
                    { for topics }
                </div>
                <aside class="ex-aside">
                    <h2>{ i18n.t("page.exercises.how.title") }</h2>
                    <p>{ i18n.t("page.exercises.how.kinds") }</p>
                    <p>{ i18n.t("page.exercises.how.diagnosis") }</p>
                    <p>{ i18n.t("page.exercises.how.progress") }</p>
                    <ProgressPanel progress={props.progress.clone()} dispatch={props.dispatch.clone()} />
                </aside>
            </div>
        </div>
    }
}
