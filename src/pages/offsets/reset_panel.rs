//! Reset offset by time, previewed (`reset::reset_by_time`): per queue the old and new
//! ConsumerOffset and how many messages are replayed or skipped.

use std::rc::Rc;

use rebalance_core::mqadmin::format_date_time;
use rebalance_core::reset::{Direction, ResetReport};
use yew::prelude::*;

use super::model::{QueueRow, RESET_MAX_MIN};
use super::queue_card::count;
use super::state::Action;
use crate::components::NumberField;
use crate::hooks::use_i18n;

/// Props of [`ResetPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct ResetPanelProps {
    /// The queues (for their store-time lines).
    pub rows: Rc<Vec<QueueRow>>,
    /// The core's reset of every queue.
    pub report: Rc<ResetReport>,
    /// Target, minutes before the snapshot.
    pub reset_min: i64,
    /// Target as epoch ms.
    pub target_ms: i64,
    /// Changes the page state.
    pub dispatch: Callback<Action>,
}

/// `HH:mm:ss` of a store time (UTC): the date is in the caption.
fn clock(epoch_ms: i64) -> String {
    let full = format_date_time(epoch_ms, 0);
    full.split_once(' ').map_or(full.clone(), |(_, time)| time.to_owned())
}

/// The reset preview.
#[component]
pub fn ResetPanel(props: &ResetPanelProps) -> Html {
    let i18n = use_i18n();
    let target = format!("{} UTC", format_date_time(props.target_ms, 0));
    let on_change = props.dispatch.reform(|v: f64| Action::ResetMin(v as i64));
    let rows = props.rows.iter().zip(props.report.queues.iter()).zip(0usize..).map(|((row, outcome), index)| {
        let name = i18n.t_args(
            "page.offsets.queue.name",
            &[("broker", &row.mq.broker_name), ("id", &row.mq.queue_id.to_string())],
        );
        let stored = if row.max > row.min {
            i18n.t_args(
                "page.offsets.reset.stored",
                &[
                    ("rate", &row.timeline.rate.to_string()),
                    ("from", &clock(row.timeline.store_time(row.min))),
                    ("to", &clock(row.timeline.store_time(row.max - 1))),
                ],
            )
        } else {
            i18n.t("page.offsets.reset.empty_queue").to_owned()
        };
        let body = match &outcome.result {
            Ok(r) => {
                let (class, what) = match r.direction {
                    Direction::Replay => ("is-replay", i18n.t("page.offsets.reset.replay")),
                    Direction::Skip => ("is-skip", i18n.t("page.offsets.reset.skip")),
                    Direction::Unchanged => ("is-same", i18n.t("page.offsets.reset.unchanged")),
                };
                let mut notes = Vec::new();
                if r.new_offset == row.min && row.min > 0 {
                    notes.push(i18n.t("page.offsets.reset.at_min").to_owned());
                }
                if r.new_offset == row.max {
                    notes.push(i18n.t("page.offsets.reset.at_max").to_owned());
                }
                if r.expired > 0 && r.skipped > 0 {
                    notes.push(i18n.t_args("page.offsets.reset.expired_note", &[("count", &count(r.expired))]));
                }
                html! {
                    <>
                        <td data-col="move" class="of-num">{ format!("{} → {}", count(r.old_offset), count(r.new_offset)) }</td>
                        <td data-col="direction" class={class}>{ what }</td>
                        <td data-col="replayed" class="of-num">{ count(r.replayed) }</td>
                        <td data-col="skipped" class="of-num">{ count(r.skipped) }</td>
                        <td data-col="note">{ notes.join(" ") }</td>
                    </>
                }
            }
            Err(e) => html! { <td colspan="5" class="of-queue-error">{ e.to_string() }</td> },
        };
        html! {
            <tr data-queue={index.to_string()}>
                <th scope="row">{ name }<span class="of-sub">{ stored }</span></th>
                { body }
            </tr>
        }
    });

    html! {
        <section class="of-panel of-reset" aria-labelledby="of-reset-title">
            <h2 id="of-reset-title">{ i18n.t("page.offsets.reset.title") }</h2>
            <p class="of-explain">{ i18n.t("page.offsets.reset.explain") }</p>
            <NumberField id="of-reset-target" label={i18n.t("page.offsets.reset.target")} value={props.reset_min as f64}
                min={0.0} max={RESET_MAX_MIN as f64} step={1.0} unit={i18n.t("page.offsets.reset.target_unit")}
                help={i18n.t_args("page.offsets.reset.target_help", &[("time", &target)])} {on_change} />
            <div class="of-table-wrap" tabindex="0" role="region" aria-labelledby="of-reset-title">
                <table class="of-table">
                    <caption>{ i18n.t_args("page.offsets.reset.caption", &[("time", &target)]) }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ i18n.t("page.offsets.reset.col_queue") }</th>
                            <th scope="col">{ i18n.t("page.offsets.reset.col_move") }</th>
                            <th scope="col">{ i18n.t("page.offsets.reset.col_direction") }</th>
                            <th scope="col">{ i18n.t("page.offsets.reset.col_replayed") }</th>
                            <th scope="col">{ i18n.t("page.offsets.reset.col_skipped") }</th>
                            <th scope="col">{ i18n.t("page.offsets.reset.col_note") }</th>
                        </tr>
                    </thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            <p class="of-explain" data-total="reset">
                { i18n.t_count("page.offsets.reset.totals", props.report.total_replayed, &[
                    ("replayed", &count(props.report.total_replayed)),
                    ("skipped", &count(props.report.total_skipped)),
                ]) }
            </p>
            <p class="of-explain">{ i18n.t("page.offsets.reset.never_moves") }</p>
            <p class="of-explain">{ i18n.t("page.offsets.reset.samples") }</p>
        </section>
    }
}
