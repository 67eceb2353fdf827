//! Offsets, lag and expiry per MessageQueue (route `#/offsets`, URL keys `of_*`).
//!
//! The page holds the queues' offsets and a few parameters ([`model::PageState`], one
//! reducer), keeps them in the URL ([`url`]), and draws what `rebalance_core` computes:
//! `offset::progress_report` (lag, expired, inflight, diff, totals, consume delay),
//! `plan::drain_seconds`, `mqadmin::render` / `parse` and `reset::reset_by_time`.
//!
//! - [`model`]: queues, store-time lines, marker rules; [`state`]: the state and reducer.
//! - [`bar`]: one queue's bar with draggable, focusable markers.
//! - [`queue_card`]: a queue's bar, numbers and fields. [`totals`]: the group's totals.
//! - [`mqadmin_panel`]: the mqadmin text, Copy, and loading pasted text.
//! - [`reset_panel`]: the reset-offset-by-time preview.
//! - [`real_output`]: reading production output (`%RETRY%` rows, a negative Diff, the Diff
//!   of unsubscribed Tags, POP groups) and its loadable example; `group_topic::kinds` marks
//!   each queue card with what its topic is.

// Built without the offsets page for the lessons (`pages/learn`), which use only its URL
// state (`url::decode`) and queues (`model`): the page's code is then unused, and the release
// build drops it.
#![cfg_attr(not(feature = "offsets"), allow(dead_code, unused_imports))]

mod bar;
pub(crate) mod model;
mod mqadmin_panel;
mod queue_card;
mod real_output;
mod reset_panel;
pub(crate) mod state;
mod totals;
pub(crate) mod url;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use rebalance_core::group_topic::{kinds, totals_by_kind};
use rebalance_core::mqadmin::{format_date_time, render, RenderOptions};
use rebalance_core::offset::progress_report;
use rebalance_core::reset::reset_by_time;
use yew::prelude::*;

use self::model::{QueueRow, MAX_QUEUES, NOW_MAX_MIN, SNAPSHOT_MS};
use self::mqadmin_panel::MqadminPanel;
use self::queue_card::{count, QueueCard};
use self::real_output::RealOutput;
use self::reset_panel::ResetPanel;
use self::state::{Action, Notice};
use self::totals::Totals;
use crate::components::{split_notices, NumberField, UrlNotices};
use crate::embed::{use_embed, EmbedBar, Widget};
use crate::hooks::{use_i18n, I18n};
use crate::router::Route;
use crate::url_state::{self, UrlNotice};

/// A notice as the shared box takes it: a URL notice, or the sentence of the page's own.
fn sorted<'a>(i18n: &I18n, notice: &'a Notice) -> Result<&'a UrlNotice, String> {
    match notice {
        Notice::Url(notice) => Ok(notice),
        Notice::TooManyQueues { given } => Err(i18n.t_args(
            "page.offsets.notice.too_many",
            &[("given", &given.to_string()), ("max", &MAX_QUEUES.to_string())],
        )),
    }
}

/// The concept list beside the bars.
fn concepts(i18n: &I18n) -> Html {
    let items = [
        (i18n.t("page.offsets.concepts.queue_offset_term"), i18n.t("page.offsets.concepts.queue_offset")),
        (i18n.t("page.offsets.marker.min"), i18n.t("page.offsets.concepts.min")),
        (i18n.t("page.offsets.marker.max"), i18n.t("page.offsets.concepts.max")),
        (i18n.t("page.offsets.marker.consumer"), i18n.t("page.offsets.concepts.consumer")),
        (i18n.t("page.offsets.marker.pull"), i18n.t("page.offsets.concepts.pull")),
        (i18n.t("page.offsets.stat.lag"), i18n.t("page.offsets.concepts.lag")),
        (i18n.t("page.offsets.stat.expired"), i18n.t("page.offsets.concepts.expired")),
        (i18n.t("page.offsets.stat.inflight"), i18n.t("page.offsets.concepts.inflight")),
        (i18n.t("page.offsets.totals.delay"), i18n.t("page.offsets.concepts.delay")),
    ];
    html! {
        <aside class="of-panel of-concepts" aria-labelledby="of-concepts-title">
            <h2 id="of-concepts-title">{ i18n.t("page.offsets.concepts.title") }</h2>
            <dl>
                { for items.into_iter().map(|(term, text)| html! { <><dt>{ term }</dt><dd>{ text }</dd></> }) }
            </dl>
        </aside>
    }
}

/// The colour key of the bars.
fn legend(i18n: &I18n, axis: i64) -> Html {
    let swatch = |class: &'static str, text: &'static str| {
        html! { <li><span class={classes!("of-swatch", class)} aria-hidden="true"></span>{ text }</li> }
    };
    html! {
        <div class="of-legend">
            <ul>
                { swatch("of-seg-deleted", i18n.t("page.offsets.legend.deleted")) }
                { swatch("of-seg-consumed", i18n.t("page.offsets.legend.consumed")) }
                { swatch("of-seg-lag", i18n.t("page.offsets.legend.lag")) }
                { swatch("of-seg-inflight", i18n.t("page.offsets.legend.inflight")) }
                { swatch("of-seg-expired", i18n.t("page.offsets.legend.expired")) }
            </ul>
            <p class="of-sub">{ i18n.t_args("page.offsets.legend.scale", &[("max", &count(axis))]) }</p>
            <p class="of-sub">{ i18n.t("page.offsets.legend.keys") }</p>
        </div>
    }
}

/// The `#/offsets` page.
#[component]
pub fn Offsets() -> Html {
    let i18n = use_i18n();
    // Embedded (`embed=1`): the bars, their controls and the totals only.
    let full = use_embed().is_none();
    let state = use_reducer_eq(|| url::decode(&url_state::get));
    let dispatch = {
        let state = state.clone();
        Callback::from(move |action: Action| state.dispatch(action))
    };
    {
        // The URL follows the state, except in the middle of a drag (written when let go).
        let pairs = url::encode(&state);
        use_effect_with((pairs, state.drag_axis.is_some()), |(pairs, dragging)| {
            if !*dragging {
                let changes: Vec<(&str, Option<&str>)> = pairs.iter().map(|(k, v)| (*k, v.as_deref())).collect();
                url_state::set_many(&changes);
            }
        });
    }

    let rows = use_memo(state.queues.clone(), |queues| queues.clone());
    let progress = use_memo(rows.clone(), |rows| rows.iter().map(QueueRow::progress).collect::<Vec<_>>());
    let report = use_memo((progress.clone(), state.now_ms()), |(progress, now)| progress_report(progress, *now));
    let target_ms = state.reset_target_ms();
    let reset = use_memo((rows.clone(), target_ms), |(rows, target)| {
        reset_by_time(&rows.iter().map(QueueRow::reset_input).collect::<Vec<_>>(), *target)
    });
    let text = {
        let ips = state.client_ips.then(|| {
            let ips = state.queues.iter().filter_map(|q| q.client_ip.clone().map(|ip| (q.mq.clone(), ip)));
            ips.collect::<BTreeMap<_, _>>()
        });
        let options = RenderOptions { client_ips: ips, consume_tps: state.consume_rate, utc_offset_minutes: 0 };
        render(&progress, &options)
    };

    let axis = state.axis();
    let snapshot = format_date_time(SNAPSHOT_MS, 0);
    let now = format_date_time(state.now_ms(), 0);
    let kinds = use_memo(report.clone(), |report| kinds(report));
    let by_kind = totals_by_kind(&report);
    let cards =
        rows.iter().zip(report.queues.iter()).zip(kinds.iter()).zip(0usize..).map(|(((row, outcome), kind), index)| {
            html! {
                <QueueCard key={row.id} {index} row={row.clone()} outcome={outcome.clone()} kind={kind.clone()} {axis}
                    dispatch={dispatch.clone()} />
            }
        });

    let (url_notices, page_notices) = split_notices(&state.notices, |n| sorted(&i18n, n));
    html! {
        <section class="page page-offsets">
            <h1>{ i18n.t("page.offsets.title") }</h1>
            if full {
                <p class="lead">{ i18n.t("page.offsets.intro") }</p>
            }
            <UrlNotices notices={url_notices} class="of-notices of-notice-box"
                        on_dismiss={dispatch.reform(|()| Action::DismissNotices)} page_notices={page_notices} />
            <div class="of-layout">
                <div class="of-main">
                    <section class="of-panel of-queues-panel" aria-labelledby="of-queues-title">
                        <h2 id="of-queues-title">
                            { i18n.t_args("page.offsets.queues.title", &[("group", &state.group)]) }
                        </h2>
                        <div class="of-toolbar">
                            <button type="button" class="button button-primary" id="of-preset"
                                onclick={dispatch.reform(|_: MouseEvent| Action::Preset)}>
                                { i18n.t("page.offsets.queues.preset") }
                            </button>
                            <button type="button" class="button" id="of-add" disabled={state.queues.len() >= MAX_QUEUES}
                                onclick={dispatch.reform(|_: MouseEvent| Action::AddQueue)}>
                                { i18n.t("page.offsets.queues.add") }
                            </button>
                        </div>
                        <p class="of-sub">{ i18n.t("page.offsets.queues.preset_help") }</p>
                        if state.from_mqadmin {
                            <p class="of-warning" data-note="min-unknown">{ i18n.t("page.offsets.queues.min_unknown") }</p>
                        }
                        { legend(&i18n, axis) }
                        if state.queues.is_empty() {
                            <p class="of-empty">{ i18n.t("page.offsets.queues.empty") }</p>
                        }
                        <ol class="of-queues">{ for cards }</ol>
                        <NumberField id="of-now" label={i18n.t("page.offsets.queues.now")} value={state.now_min as f64}
                            min={0.0} max={NOW_MAX_MIN as f64} unit={i18n.t("page.offsets.queues.now_unit")}
                            help={i18n.t_args("page.offsets.queues.now_help", &[("snapshot", &snapshot), ("now", &now)])}
                            on_change={dispatch.reform(|v: f64| Action::Now(v as i64))} />
                    </section>
                    <Totals report={report.clone()} {by_kind} produce={state.produce_rate} consume={state.consume_rate}
                        dispatch={dispatch.clone()} />
                    <EmbedBar route={Route::Offsets} widget={Widget::Page} />
                </div>
                if full {
                    { concepts(&i18n) }
                }
            </div>
            if full {
                <MqadminPanel text={text} group={state.group.clone()} client_ips={state.client_ips} dispatch={dispatch.clone()} />
                <RealOutput produce={state.produce_rate} dispatch={dispatch.clone()} />
                <ResetPanel rows={rows.clone()} report={reset.clone()} reset_min={state.reset_min} {target_ms}
                    dispatch={dispatch.clone()} />
            }
        </section>
    }
}
