//! The small counters of the current tick: lag, throughput, duplicates, losses, dead letters
//! and retries delivered (apart from duplicates), rebalances,
//! the oldest pending message's age, members and idle consumers, overlaps and orphans, one
//! column per model when comparing. Every figure is a field of the core's `TickMetrics`.

use rebalance_core::simulate::TickMetrics;
use yew::prelude::*;

use super::text::{count, seconds_label};
use crate::hooks::{use_i18n, I18n};

/// One row: its `data-stat` name, label, and the figure (raw value, text).
type Row = (&'static str, &'static str, fn(&TickMetrics) -> (u64, String));

fn rows(i18n: &I18n) -> [Row; 17] {
    [
        ("groupLag", i18n.t("page.timeline.stats.group_lag"), |m| (m.group_lag, count(m.group_lag))),
        ("consumeTps", i18n.t("page.timeline.stats.consume_tps"), |m| {
            (m.consume_tps, format!("{}/s", count(m.consume_tps)))
        }),
        ("produceTps", i18n.t("page.timeline.stats.produce_tps"), |m| {
            (m.produce_tps, format!("{}/s", count(m.produce_tps)))
        }),
        ("duplicates", i18n.t("page.timeline.stats.duplicates"), |m| (m.duplicates, count(m.duplicates))),
        ("lost", i18n.t("page.timeline.stats.lost"), |m| (m.lost, count(m.lost))),
        ("deadLettered", i18n.t("page.timeline.stats.dead_lettered"), |m| (m.dead_lettered, count(m.dead_lettered))),
        ("retriesDelivered", i18n.t("page.timeline.stats.retries_delivered"), |m| {
            (m.retries_delivered, count(m.retries_delivered))
        }),
        ("rebalances", i18n.t("page.timeline.stats.rebalances"), |m| (m.rebalances, count(m.rebalances))),
        ("oldestPendingAgeMs", i18n.t("page.timeline.stats.oldest"), |m| {
            (m.oldest_pending_age_ms, seconds_label(m.oldest_pending_age_ms))
        }),
        ("running", i18n.t("page.timeline.stats.running"), |m| {
            (u64::from(m.running), format!("{} / {}", m.running, m.members))
        }),
        ("idleConsumers", i18n.t("page.timeline.stats.idle"), |m| {
            (u64::from(m.idle_consumers), m.idle_consumers.to_string())
        }),
        ("overlappingQueues", i18n.t("page.timeline.stats.overlapping"), |m| {
            (u64::from(m.overlapping_queues), m.overlapping_queues.to_string())
        }),
        ("orphanQueues", i18n.t("page.timeline.stats.orphans"), |m| {
            (u64::from(m.orphan_queues), m.orphan_queues.to_string())
        }),
        ("flowControlledQueues", i18n.t("page.timeline.stats.flow"), |m| {
            (u64::from(m.flow_controlled_queues), m.flow_controlled_queues.to_string())
        }),
        ("blockedQueues", i18n.t("page.timeline.stats.blocked"), |m| {
            (u64::from(m.blocked_queues), m.blocked_queues.to_string())
        }),
        ("inflight", i18n.t("page.timeline.stats.inflight"), |m| (m.inflight, count(m.inflight))),
        ("stranded", i18n.t("page.timeline.stats.stranded"), |m| (m.stranded, count(m.stranded))),
    ]
}

/// Props of [`Stats`].
#[derive(Properties, PartialEq)]
pub struct StatsProps {
    /// The main model's metrics now.
    pub main: TickMetrics,
    /// Its name.
    pub main_label: AttrValue,
    /// The comparison model's metrics now, and its name.
    #[prop_or_default]
    pub other: Option<(TickMetrics, AttrValue)>,
}

/// The counters table.
#[component]
pub fn Stats(props: &StatsProps) -> Html {
    let i18n = use_i18n();
    let cell = |name: &'static str, m: &TickMetrics, f: fn(&TickMetrics) -> (u64, String), which: &'static str| {
        let (raw, text) = f(m);
        html! { <td data-stat={name} data-model={which} data-value={raw.to_string()}>{ text }</td> }
    };
    html! {
        <div class="tl-stats-wrap">
        <table class="tl-stats">
            <caption class="visually-hidden">{ i18n.t("page.timeline.stats.caption") }</caption>
            <thead>
                <tr>
                    <th scope="col">{ i18n.t("page.timeline.stats.figure") }</th>
                    <th scope="col">{ props.main_label.clone() }</th>
                    if let Some((_, label)) = &props.other {
                        <th scope="col">{ label.clone() }</th>
                    }
                </tr>
            </thead>
            <tbody>
                { for rows(&i18n).into_iter().map(|(name, label, f)| html! {
                    <tr>
                        <th scope="row">{ label }</th>
                        { cell(name, &props.main, f, "main") }
                        if let Some((m, _)) = &props.other {
                            { cell(name, m, f, "other") }
                        }
                    </tr>
                }) }
            </tbody>
        </table>
        </div>
    }
}
