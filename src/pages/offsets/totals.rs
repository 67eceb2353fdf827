//! The group's totals from `progress_report`, why mqadmin's Diff is larger than the lag,
//! the consume delay, and a drain estimate from `plan::drain_seconds`.

use std::rc::Rc;

use rebalance_core::group_topic::TotalsByKind;
use rebalance_core::offset::ProgressReport;
use rebalance_core::plan::{drain_seconds, format_number};
use rebalance_core::Lang;
use yew::prelude::*;

use super::model::RATE_FIELD_MAX;
use super::queue_card::count;
use super::state::Action;
use crate::components::NumberField;
use crate::hooks::use_i18n;
use crate::i18n::t_args;

/// Props of [`Totals`].
#[derive(Properties, PartialEq, Clone)]
pub struct TotalsProps {
    /// The core's report over every queue.
    pub report: Rc<ProgressReport>,
    /// The report's totals per kind of topic.
    pub by_kind: TotalsByKind,
    /// Produce rate P (msg/s).
    pub produce: f64,
    /// Consume rate C (msg/s).
    pub consume: f64,
    /// Changes the page state.
    pub dispatch: Callback<Action>,
}

/// How the Diff total splits between business topics and retry / dead-letter queues, when
/// the group's progress lists any of the latter.
pub fn by_kind_text(lang: Lang, total_diff: i64, by_kind: &TotalsByKind) -> Option<String> {
    let redelivery = [by_kind.retry, by_kind.pop_retry, by_kind.dead_letter];
    if redelivery.iter().all(|k| k.queues == 0) {
        return None;
    }
    let retry = redelivery.iter().fold(0i64, |sum, k| sum.saturating_add(k.diff));
    Some(t_args(
        lang,
        "page.offsets.totals.by_kind",
        &[("diff", &count(total_diff)), ("business", &count(by_kind.business.diff)), ("retry", &count(retry))],
    ))
}

/// The totals panel.
#[component]
pub fn Totals(props: &TotalsProps) -> Html {
    let i18n = use_i18n();
    let report = &props.report;
    let total = |key: &'static str, label: &'static str, value: i64| {
        html! {
            <div class="of-total" data-total={key}>
                <dt>{ label }</dt>
                <dd>{ count(value) }</dd>
            </div>
        }
    };
    let delay = match (report.oldest_pending_delay_ms, &report.oldest_pending_queue) {
        (Some(ms), Some(mq)) => i18n.t_args(
            "page.offsets.totals.delay_value",
            &[
                ("delay", &i18n.duration(ms as f64 / 1000.0)),
                (
                    "queue",
                    &i18n.t_args(
                        "page.offsets.queue.name",
                        &[("broker", &mq.broker_name), ("id", &mq.queue_id.to_string())],
                    ),
                ),
            ],
        ),
        _ => i18n.t("page.offsets.totals.delay_none").to_owned(),
    };
    let backlog = report.total_lag as f64;
    let drain = drain_seconds(backlog, props.produce, props.consume);
    let formula = format!(
        "T = B / (C - P) = {} / ({} - {})",
        format_number(backlog),
        format_number(props.consume),
        format_number(props.produce)
    );
    let set_produce = props.dispatch.reform(Action::Produce);
    let set_consume = props.dispatch.reform(Action::Consume);

    html! {
        <section class="of-panel of-totals-panel" aria-labelledby="of-totals-title">
            <h2 id="of-totals-title">{ i18n.t("page.offsets.totals.title") }</h2>
            <dl class="of-totals">
                { total("lag", i18n.t("page.offsets.totals.lag"), report.total_lag) }
                { total("expired", i18n.t("page.offsets.totals.expired"), report.total_expired) }
                { total("inflight", i18n.t("page.offsets.totals.inflight"), report.total_inflight) }
                { total("diff", i18n.t("page.offsets.totals.diff"), report.total_diff) }
                <div class="of-total of-total-wide" data-total="delay">
                    <dt>{ i18n.t("page.offsets.totals.delay") }</dt>
                    <dd>{ delay }</dd>
                </div>
            </dl>
            if report.queues_with_errors > 0 {
                <p class="of-warning" data-total="errors">
                    { i18n.t_args("page.offsets.totals.errors", &[("count", &report.queues_with_errors.to_string())]) }
                </p>
            }
            // With a negative Diff the plain `Diff = lag + expired` no longer holds: the
            // other text says why and carries the whole sum.
            if report.negative_diff_queues == 0 {
                <p class="of-explain" data-total="diff-explain">
                    { i18n.t_args("page.offsets.totals.diff_explain", &[
                        ("diff", &count(report.total_diff)),
                        ("lag", &count(report.total_lag)),
                        ("expired", &count(report.total_expired)),
                    ]) }
                </p>
            } else {
                <p class="of-explain" data-total="diff-explain">
                    { i18n.t_args("page.offsets.totals.negative_diff", &[
                        ("count", &report.negative_diff_queues.to_string()),
                        ("ahead", &count(report.total_ahead)),
                        ("diff", &count(report.total_diff)),
                        ("lag", &count(report.total_lag)),
                        ("expired", &count(report.total_expired)),
                    ]) }
                </p>
            }
            if let Some(text) = by_kind_text(i18n.lang(), report.total_diff, &props.by_kind) {
                <p class="of-explain" data-total="by-kind">{ text }</p>
            }
            <p class="of-explain">{ i18n.t("page.offsets.totals.delay_explain") }</p>

            <h3>{ i18n.t("page.offsets.drain.title") }</h3>
            <div class="of-field-row">
                <NumberField id="of-produce" label={i18n.t("page.offsets.drain.produce")} value={props.produce}
                    min={0.0} max={RATE_FIELD_MAX} step={1.0} slider={false} unit={i18n.t("page.offsets.drain.unit")}
                    on_change={set_produce} />
                <NumberField id="of-consume" label={i18n.t("page.offsets.drain.consume")} value={props.consume}
                    min={0.0} max={RATE_FIELD_MAX} step={1.0} slider={false} unit={i18n.t("page.offsets.drain.unit")}
                    on_change={set_consume} />
            </div>
            <p class="of-drain" data-total="drain">
                <code>{ formula }</code>
                { " → " }
                <strong>{ drain.map_or_else(|| i18n.t("page.offsets.drain.never").to_owned(), |t| i18n.duration(t)) }</strong>
            </p>
            <p class="of-explain">{ i18n.t("page.offsets.drain.explain") }</p>
        </section>
    }
}
