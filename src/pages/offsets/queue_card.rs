//! One queue: its bar, the core's numbers for it (or why its offsets were refused), and a
//! number field per marker.

use rebalance_core::group_topic::GroupTopic;
use rebalance_core::mqadmin::format_date_time;
use rebalance_core::offset::QueueOutcome;
use rebalance_core::plan::format_number;
use rebalance_core::retry::DEFAULT_MAX_RECONSUME_TIMES;
use rebalance_core::Lang;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::bar::QueueBar;
use super::model::{Marker, QueueRow, OFFSET_LIMIT};
use super::state::Action;
use crate::components::NumberField;
use crate::hooks::use_i18n;
use crate::i18n::t_args;

/// Props of [`QueueCard`].
#[derive(Properties, PartialEq, Clone)]
pub struct QueueCardProps {
    /// Position in the list (0-based), for `data-queue`.
    pub index: usize,
    /// The queue as edited.
    pub row: QueueRow,
    /// What the core made of it.
    pub outcome: QueueOutcome,
    /// What its topic is: business, the group's retry topic, a POP retry topic, the DLQ.
    pub kind: GroupTopic,
    /// The bars' right end.
    pub axis: i64,
    /// Changes the page state.
    pub dispatch: Callback<Action>,
}

/// `1,200` for an offset or a count.
pub fn count(value: i64) -> String {
    format_number(value as f64)
}

/// What a queue of a retry or dead-letter topic holds; `None` for a business topic.
pub fn kind_note(lang: Lang, kind: &GroupTopic) -> Option<String> {
    Some(match kind {
        GroupTopic::Business => return None,
        GroupTopic::Retry { group } => t_args(lang, "page.offsets.queue.kind_retry", &[("group", group)]),
        GroupTopic::PopRetry { group, topic } => {
            t_args(lang, "page.offsets.queue.kind_pop_retry", &[("group", group), ("topic", topic)])
        }
        GroupTopic::DeadLetter { group } => t_args(
            lang,
            "page.offsets.queue.kind_dlq",
            &[("group", group), ("max", &DEFAULT_MAX_RECONSUME_TIMES.to_string())],
        ),
    })
}

/// A queue card.
#[component]
pub fn QueueCard(props: &QueueCardProps) -> Html {
    let i18n = use_i18n();
    let row = &props.row;
    let id = row.id;
    let qid = row.mq.queue_id.to_string();
    let name = i18n.t_args("page.offsets.queue.name", &[("broker", &row.mq.broker_name), ("id", &qid)]);
    let lag = props.outcome.result.as_ref().ok().copied();
    let error = props.outcome.result.as_ref().err().map(ToString::to_string);

    let on_move = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |(marker, value): (Marker, i64)| dispatch.emit(Action::Drag { id, marker, value }))
    };
    let on_dragging = {
        let (dispatch, axis) = (props.dispatch.clone(), props.axis);
        Callback::from(move |on: bool| dispatch.emit(Action::Dragging(on.then_some(axis))))
    };
    let remove = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::RemoveQueue(id)))
    };
    let on_pull_known = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |e: Event| {
            let known = e.target_unchecked_into::<HtmlInputElement>().checked();
            dispatch.emit(Action::PullKnown { id, known });
        })
    };

    let stat = |key: &'static str, label: &'static str, value: Option<i64>| {
        html! {
            <div class="of-stat" data-stat={key}>
                <dt>{ label }</dt>
                <dd>{ value.map_or_else(|| "—".to_owned(), count) }</dd>
            </div>
        }
    };
    let pending = props.outcome.oldest_pending_at.filter(|_| lag.is_some_and(|l| l.lag > 0));

    let field = |marker: Marker| {
        let label = match marker {
            Marker::Min => i18n.t("page.offsets.marker.min"),
            Marker::Consumer => i18n.t("page.offsets.marker.consumer"),
            Marker::Pull => i18n.t("page.offsets.marker.pull"),
            Marker::Max => i18n.t("page.offsets.marker.max"),
        };
        let dispatch = props.dispatch.clone();
        let on_change = Callback::from(move |v: f64| dispatch.emit(Action::Set { id, marker, value: v as i64 }));
        html! {
            <NumberField
                id={format!("of-q{id}-{}", marker.slug())}
                {label}
                value={row.value(marker).unwrap_or(row.consumer) as f64}
                min={0.0}
                max={OFFSET_LIMIT as f64}
                slider={false}
                {on_change}
            />
        }
    };

    html! {
        <li class={classes!("of-queue", error.is_some().then_some("has-error"))} data-queue={props.index.to_string()}
            data-kind={props.kind.slug()}>
            <div class="of-queue-head">
                <h3 class="of-queue-title">
                    { name.clone() }
                    <span class="of-queue-topic">{ i18n.t_args("page.offsets.queue.topic", &[("topic", &row.mq.topic)]) }</span>
                </h3>
                <button type="button" class="button of-remove" onclick={remove}
                    aria-label={i18n.t_args("page.offsets.queue.remove_label", &[("queue", &name)])}>
                    { i18n.t("page.offsets.queue.remove") }
                </button>
            </div>
            if let Some(note) = kind_note(i18n.lang(), &props.kind) {
                <p class="of-kind-note" data-note="kind">{ note }</p>
            }
            <QueueBar row={row.clone()} {lag} axis={props.axis} name={name.clone()} {on_move} {on_dragging} />
            if let Some(l) = lag.filter(|l| l.ahead > 0) {
                <p class="of-explain" data-note="negative-diff">
                    { i18n.t_args("page.offsets.queue.negative_diff", &[("diff", &count(l.diff)), ("ahead", &count(l.ahead))]) }
                </p>
            }
            if let Some(error) = error {
                <p class="of-queue-error" role="alert">
                    <strong>{ i18n.t("page.offsets.queue.refused") }</strong>{ " " }{ error }
                </p>
            }
            <dl class="of-stats">
                { stat("lag", i18n.t("page.offsets.stat.lag"), lag.map(|l| l.lag)) }
                { stat("expired", i18n.t("page.offsets.stat.expired"), lag.map(|l| l.expired)) }
                { stat("inflight", i18n.t("page.offsets.stat.inflight"), lag.map(|l| l.inflight)) }
                { stat("diff", i18n.t("page.offsets.stat.diff"), lag.map(|l| l.diff)) }
                <div class="of-stat of-stat-wide" data-stat="pending">
                    <dt>{ i18n.t("page.offsets.stat.pending") }</dt>
                    <dd>{ pending.map_or_else(|| i18n.t("page.offsets.stat.nothing_pending").to_owned(),
                        |at| format!("{} UTC", format_date_time(at, 0))) }</dd>
                </div>
            </dl>
            <div class="of-fields">
                { field(Marker::Min) }
                { field(Marker::Consumer) }
                <div class="of-pull-field">
                    <label class="of-check">
                        <input type="checkbox" id={format!("of-q{id}-pull-known")} checked={row.pull.is_some()}
                            onchange={on_pull_known} />
                        { i18n.t("page.offsets.queue.pull_known") }
                    </label>
                    if row.pull.is_some() {
                        { field(Marker::Pull) }
                    }
                </div>
                { field(Marker::Max) }
            </div>
        </li>
    }
}
