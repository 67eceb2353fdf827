//! Short explanations beside the views: what a rebalance is, why extra consumers idle, what
//! each strategy does, and a published mistake. The strategy notes that compare move counts
//! quote numbers the core computes on this page's groups ([`Examples`]), not written ones.

use rebalance_core::allocate::StrategyKind;
use yew::prelude::*;

use super::compare::{columns, spread};
use super::controls::mode_key;
use super::settings::{Change, Mode, Settings};
use crate::hooks::{use_i18n, I18n};

const AVG: Mode = Mode::Clustering(StrategyKind::Averagely);
const CIRCLE: Mode = Mode::Clustering(StrategyKind::AveragelyByCircle);
const HASH: Mode = Mode::Clustering(StrategyKind::ConsistentHash);

/// Move counts the strategy notes quote, computed with compare mode's [`columns`].
#[derive(Debug, PartialEq)]
pub struct Examples {
    /// 10 queues, 4 consumers, a fifth joins: moves under AVG and AVG_BY_CIRCLE.
    pub circle: (usize, usize),
    /// The page's starting group: its queue and consumer counts.
    pub start: (u16, u8),
    /// That group, one more consumer joins: moves under AVG and CONSISTENT_HASH (default
    /// virtual nodes), and the fewest and most queues per consumer under CONSISTENT_HASH after.
    pub hash_join: (usize, usize, usize, usize),
    /// That group, the newest consumer leaves: moves under AVG and CONSISTENT_HASH.
    pub hash_leave: (usize, usize),
}

/// Moves per mode, then the spread of queues per consumer of the last mode, for a change.
fn run(queues: u16, consumers: u8, change: Change, modes: [Mode; 2]) -> Option<(usize, usize, (usize, usize))> {
    let settings = Settings {
        queues,
        hosts: (1..=consumers).collect(),
        change,
        compare_modes: modes.to_vec(),
        ..Settings::default()
    };
    let cols = columns(&settings);
    let [a, b] = [cols.first()?, cols.get(1)?].map(|c| c.result.as_ref().ok());
    let ((_, a), (after, b)) = (a?, b?);
    Some((a.moved.len(), b.moved.len(), spread(after)?))
}

/// Computes [`Examples`]; `None` only if a strategy threw, which these groups never make it.
pub fn examples() -> Option<Examples> {
    let start = Settings::default();
    let (queues, consumers) = (start.queues, u8::try_from(start.hosts.len()).ok()?);
    let (avg, circle, _) = run(10, 4, Change::Join, [AVG, CIRCLE])?;
    let (join_avg, join_hash, (fewest, most)) = run(queues, consumers, Change::Join, [AVG, HASH])?;
    let (leave_avg, leave_hash, _) = run(queues, consumers, Change::Leave, [AVG, HASH])?;
    Some(Examples {
        circle: (avg, circle),
        start: (queues, consumers),
        hash_join: (join_avg, join_hash, fewest, most),
        hash_leave: (leave_avg, leave_hash),
    })
}

/// A mode's description, with the computed numbers filled in where it quotes some.
pub fn about_text(i18n: &I18n, mode: Mode, examples: Option<&Examples>) -> String {
    let key = about_key(mode);
    let n = |x: usize| x.to_string();
    match (mode, examples) {
        (CIRCLE, Some(e)) => {
            i18n.t_args("page.playground.about.avg_by_circle", &[("avg", &n(e.circle.0)), ("circle", &n(e.circle.1))])
        }
        (HASH, Some(e)) => i18n.t_args(
            "page.playground.about.consistent_hash",
            &[
                ("queues", &e.start.0.to_string()),
                ("consumers", &e.start.1.to_string()),
                ("join_avg", &n(e.hash_join.0)),
                ("join_hash", &n(e.hash_join.1)),
                ("fewest", &n(e.hash_join.2)),
                ("most", &n(e.hash_join.3)),
                ("leave_avg", &n(e.hash_leave.0)),
                ("leave_hash", &n(e.hash_leave.1)),
            ],
        ),
        _ => i18n.t(key).to_owned(),
    }
}

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
    let examples = use_memo((), |_| examples());
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
                <dd>{ about_text(&i18n, mode, examples.as_ref().as_ref()) }</dd>
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
                    <p>{ i18n.t("page.playground.explain.shrink") }</p>
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
