//! Compare mode: one membership change (a consumer joins or the newest one leaves) under two
//! or three strategies side by side, each with the core's move count and the spread of
//! queues per consumer after the change, and a sentence comparing the counts that is built
//! from those counts ([`ranking`]), never written in advance.

use std::collections::HashSet;
use std::rc::Rc;

use rebalance_core::assignment::{assign, moves, GroupAssignment, Moves};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::controls::mode_key;
use super::lab::exception_log;
use super::settings::{cid_of, Action, Change, Mode, Settings};
use crate::embed::{EmbedBar, Widget};
use crate::hooks::{use_i18n, I18n};
use crate::router::Route;

/// One strategy's column.
#[derive(Debug, PartialEq)]
pub struct Column {
    /// The mode compared.
    pub mode: Mode,
    /// Before and after the change, with the moves; or the logged exception.
    pub result: Result<(GroupAssignment, Moves), String>,
}

/// Runs the change under every chosen mode (the core does all the work).
pub fn columns(s: &Settings) -> Vec<Column> {
    let queues = s.mq_all();
    let before: Vec<String> = s.cid_all();
    let after: Vec<String> = s.changed_hosts().into_iter().map(cid_of).collect();
    s.compare_modes
        .iter()
        .map(|&mode| {
            let model = s.message_model(mode);
            let result = assign(&model, &queues, &before)
                .and_then(|b| assign(&model, &queues, &after).map(|a| (b, a)))
                .map(|(b, a)| {
                    let m = moves(&b, &a);
                    (a, m)
                })
                .map_err(|e| exception_log(mode.name(), &e));
            Column { mode, result }
        })
        .collect()
}

/// The fewest and most queues any member holds, from the core's per-member
/// [`GroupAssignment::loads`] (`None` without members).
pub fn spread(assignment: &GroupAssignment) -> Option<(usize, usize)> {
    let loads = assignment.loads();
    Some((*loads.iter().min()?, *loads.iter().max()?))
}

/// The compared strategies ordered by how many queues the change moved.
#[derive(Debug, PartialEq)]
pub struct Ranking {
    /// The strategies that moved the fewest queues, and that count.
    pub fewest: (Vec<&'static str>, usize),
    /// The strategies that moved the most queues, and that count.
    pub most: (Vec<&'static str>, usize),
}

/// Ranks the columns that computed (a column whose strategy threw is left out); `None` when
/// fewer than two did.
pub fn ranking(columns: &[Column]) -> Option<Ranking> {
    let counts: Vec<(&'static str, usize)> =
        columns.iter().filter_map(|c| c.result.as_ref().ok().map(|(_, m)| (c.mode.name(), m.moved.len()))).collect();
    if counts.len() < 2 {
        return None;
    }
    let low = counts.iter().map(|&(_, n)| n).min()?;
    let high = counts.iter().map(|&(_, n)| n).max()?;
    let named = |n: usize| counts.iter().filter(|c| c.1 == n).map(|c| c.0).collect::<Vec<_>>();
    Some(Ranking { fewest: (named(low), low), most: (named(high), high) })
}

/// The sentence under the columns: which strategy moved the fewest queues and which the most
/// in this change, or that they all moved as many.
pub fn ranking_text(i18n: &I18n, ranking: &Ranking) -> String {
    let (fewest, low) = &ranking.fewest;
    let (most, high) = &ranking.most;
    if low == high {
        return i18n.t_count("page.playground.compare.all_same", *low, &[("count", &low.to_string())]);
    }
    i18n.t_args(
        "page.playground.compare.ranking",
        &[
            ("fewest", &fewest.join(" / ")),
            ("low", &low.to_string()),
            ("most", &most.join(" / ")),
            ("high", &high.to_string()),
        ],
    )
}

/// Props of [`Compare`].
#[derive(Properties, PartialEq)]
pub struct CompareProps {
    /// The current settings (the "before" of the change).
    pub settings: Settings,
    /// Where changes to the compare choices go.
    pub on_action: Callback<Action>,
}

/// The compare section.
#[component]
pub fn Compare(props: &CompareProps) -> Html {
    let i18n = use_i18n();
    let s = &props.settings;
    let columns: Rc<Vec<Column>> = use_memo(s.clone(), columns);
    let act = &props.on_action;
    let boxes = Mode::ALL.iter().map(|&mode| {
        let chosen = s.compare_modes.contains(&mode);
        let onchange = act.reform(move |_: Event| Action::ToggleCompareMode(mode));
        html! {
            <label class="pg-check" key={mode.name()}>
                <input type="checkbox" checked={chosen} disabled={!chosen && s.compare_modes.len() >= 3} {onchange} />
                { i18n.t(mode_key(mode)) }
            </label>
        }
    });
    let on_change = act.reform(|e: Event| {
        let value = e.target_unchecked_into::<HtmlInputElement>().value();
        Action::SetChange(if value == "leave" { Change::Leave } else { Change::Join })
    });
    let radio = |value: &'static str, change: Change, text: String| {
        html! {
            <label class="pg-check">
                <input type="radio" name="pg-change" {value} checked={s.change == change} onchange={on_change.clone()} />
                { text }
            </label>
        }
    };
    let joiner = cid_of(s.next_host());
    let leaver = s.hosts.last().map(|&h| cid_of(h)).unwrap_or_else(|| "—".to_owned());
    html! {
        <section class="pg-compare" aria-labelledby="pg-compare-title">
            <h2 id="pg-compare-title">{ i18n.t("page.playground.compare.title") }</h2>
            <p class="pg-note">{ i18n.t("page.playground.compare.intro") }</p>
            <fieldset class="pg-fieldset">
                <legend>{ i18n.t("page.playground.compare.strategies") }</legend>
                <div class="pg-checks">{ for boxes }</div>
            </fieldset>
            <fieldset class="pg-fieldset">
                <legend>{ i18n.t("page.playground.compare.change") }</legend>
                <div class="pg-checks">
                    { radio("join", Change::Join, i18n.t_args("page.playground.compare.join", &[("cid", &joiner)])) }
                    { radio("leave", Change::Leave, i18n.t_args("page.playground.compare.leave", &[("cid", &leaver)])) }
                </div>
            </fieldset>
            if columns.len() < 2 {
                <p class="pg-note">{ i18n.t("page.playground.compare.pick") }</p>
            }
            if let Some(ranking) = ranking(&columns) {
                <p class="pg-compare-ranking" aria-live="polite">
                    { ranking_text(&i18n, &ranking) }
                </p>
            }
            <div class="pg-compare-grid">
                { for columns.iter().map(|c| column(&i18n, c)) }
            </div>
            <EmbedBar route={Route::Playground} widget={Widget::Compare} />
        </section>
    }
}

fn column(i18n: &I18n, c: &Column) -> Html {
    let body = match &c.result {
        Err(log) => html! { <pre class="pg-log" role="alert">{ log.clone() }</pre> },
        Ok((after, m)) => {
            let moved: HashSet<&rebalance_core::MessageQueue> = m.moved.iter().map(|q| &q.mq).collect();
            let rows = after.members.iter().enumerate().map(|(i, member)| {
                let tiles = member.queues.iter().filter_map(|&q| {
                    let mq = after.queues.get(q)?;
                    let class = classes!("pg-mini-tile", moved.contains(mq).then_some("is-moved"));
                    Some(html! { <li {class} title={mq.to_string()}>{ format!("Q{q}") }</li> })
                });
                html! {
                    <li class="pg-mini-lane" key={i}>
                        <span class="pg-cid">{ member.cid.clone() }</span>
                        if member.queues.is_empty() {
                            <span class="pg-badge pg-badge-idle">{ i18n.t("page.playground.lane.idle") }</span>
                        }
                        <ul class="pg-mini-tiles">{ for tiles }</ul>
                    </li>
                }
            });
            html! {
                <>
                    <p class="pg-compare-count">
                        <strong>{ m.moved.len() }</strong>
                        { " " }{ i18n.t_count("page.playground.compare.moved", m.moved.len(), &[]) }
                    </p>
                    if let Some((fewest, most)) = spread(after) {
                        <p class="pg-compare-spread">{ i18n.t_args("page.playground.compare.spread", &[
                            ("fewest", &fewest.to_string()),
                            ("most", &most.to_string()),
                        ]) }</p>
                    }
                    <p class="pg-note">{ i18n.t_args("page.playground.compare.rest", &[
                        ("idle", &m.idle.len().to_string()),
                        ("unassigned", &m.unassigned.len().to_string()),
                    ]) }</p>
                    <ul class="pg-mini-lanes">{ for rows }</ul>
                </>
            }
        }
    };
    html! {
        <article class="pg-compare-col" key={c.mode.name()} data-mode={c.mode.name()}>
            <h3><code>{ c.mode.name() }</code>{ " · " }{ i18n.t(mode_key(c.mode)) }</h3>
            { body }
        </article>
    }
}
