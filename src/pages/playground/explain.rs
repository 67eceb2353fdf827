//! Short explanations beside the views, in the site's words, tied to SPEC terms: what a
//! rebalance is, why extra consumers idle, what each strategy does, and the seed-001 note.

use rebalance_core::allocate::StrategyKind;
use yew::prelude::*;

use super::controls::mode_key;
use super::settings::Mode;
use crate::hooks::use_i18n;

/// The i18n key of a mode's one-paragraph description.
pub fn about_key(mode: Mode) -> &'static str {
    match mode {
        Mode::Clustering(StrategyKind::Averagely) => "page.playground.about.avg",
        Mode::Clustering(StrategyKind::AveragelyByCircle) => "page.playground.about.avg_by_circle",
        Mode::Clustering(StrategyKind::ConsistentHash) => "page.playground.about.consistent_hash",
        Mode::Clustering(StrategyKind::MachineRoomNearby) => "page.playground.about.machine_room_nearby",
        Mode::Clustering(StrategyKind::MachineRoom) => "page.playground.about.machine_room",
        Mode::Clustering(StrategyKind::Config) => "page.playground.about.config",
        Mode::Broadcasting => "page.playground.about.broadcasting",
    }
}

/// Props of [`Explain`].
#[derive(Properties, PartialEq)]
pub struct ExplainProps {
    /// The mode in use (its description comes first and is marked).
    pub mode: Mode,
}

/// The "how it works" notes.
#[component]
pub fn Explain(props: &ExplainProps) -> Html {
    let i18n = use_i18n();
    let strategies = Mode::ALL.iter().map(|&mode| {
        let current = mode == props.mode;
        html! {
            <div class={classes!("pg-about", current.then_some("is-current"))} key={mode.name()}>
                <dt>
                    <code>{ mode.name() }</code>{ " · " }{ i18n.t(mode_key(mode)) }
                    if current {
                        <span class="pg-badge">{ i18n.t("page.playground.explain.in_use") }</span>
                    }
                </dt>
                <dd>{ i18n.t(about_key(mode)) }</dd>
            </div>
        }
    });
    html! {
        <section class="pg-explain" aria-labelledby="pg-explain-title">
            <h2 id="pg-explain-title">{ i18n.t("page.playground.explain.title") }</h2>
            <div class="pg-explain-grid">
                <article>
                    <h3>{ i18n.t("page.playground.explain.rebalance_title") }</h3>
                    <p>{ i18n.t("page.playground.explain.rebalance") }</p>
                    <p>{ i18n.t("page.playground.explain.order") }</p>
                </article>
                <article>
                    <h3>{ i18n.t("page.playground.explain.idle_title") }</h3>
                    <p>{ i18n.t("page.playground.explain.idle") }</p>
                    <p>{ i18n.t("page.playground.explain.layout") }</p>
                </article>
                <article>
                    <h3>{ i18n.t("page.playground.explain.spot_title") }</h3>
                    <p>{ i18n.t("page.playground.explain.spot") }</p>
                </article>
            </div>
            <h3>{ i18n.t("page.playground.explain.strategies_title") }</h3>
            <dl class="pg-about-list">{ for strategies }</dl>
        </section>
    }
}
