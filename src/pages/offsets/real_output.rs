//! Reading real `mqadmin consumerProgress` output: the group's `%RETRY%` rows, a negative
//! Diff, the Diff of Tags the group does not subscribe to, a POP group's rows, and a button
//! that loads an example of such output (`mqadmin::field_example_text`).
//!
//! Every number a text states comes from the core (`retry`, `tag_filter`); the texts are
//! built by plain functions so the native tests read them as the page shows them.

use rebalance_core::plan::{duration_in, format_count, format_number};
use rebalance_core::pull::PULL_BATCH_SIZE;
use rebalance_core::retry::{
    delay_before_dead_letter_ms, deliveries, sent_back, SentBack, DEFAULT_MAX_RECONSUME_TIMES,
};
use rebalance_core::tag_filter::{positions_per_pull, unmatched_diff};
use rebalance_core::Lang;
use yew::prelude::*;

use super::state::Action;
use crate::hooks::use_i18n;
use crate::i18n::t_args;

/// A delay level's delay in seconds, 0 for the dead-letter queue.
fn delay_s(reconsume_times: u32) -> f64 {
    match sent_back(reconsume_times, DEFAULT_MAX_RECONSUME_TIMES) {
        SentBack::Retry { delay_ms, .. } => delay_ms as f64 / 1000.0,
        SentBack::DeadLetter => 0.0,
    }
}

fn duration(seconds: f64, lang: Lang) -> String {
    duration_in(seconds, lang).unwrap_or_default()
}

/// The `%RETRY%` section: the first and last retry delays, the retries, the deliveries and
/// the delays summed before `%DLQ%`, all with the consumer's defaults.
pub fn retry_text(lang: Lang) -> String {
    let max = DEFAULT_MAX_RECONSUME_TIMES;
    let total_s = delay_before_dead_letter_ms(max) as f64 / 1000.0;
    t_args(
        lang,
        "page.offsets.real.retry",
        &[
            ("first", &duration(delay_s(0), lang)),
            ("last", &duration(delay_s(max.saturating_sub(1)), lang)),
            ("max", &max.to_string()),
            ("deliveries", &deliveries(max).to_string()),
            ("total", &duration(total_s, lang)),
        ],
    )
}

/// The Tag section for `rate` msg/s of Tags the group does not subscribe to.
pub fn tag_text(lang: Lang, rate: f64) -> String {
    let figures = unmatched_diff(rate, PULL_BATCH_SIZE);
    t_args(
        lang,
        "page.offsets.real.tag",
        &[
            ("per_pull", &format_count(positions_per_pull(PULL_BATCH_SIZE))),
            ("interval", &duration(figures.interval_s, lang)),
            ("rate", &format_number(rate)),
            ("peak", &format_number(figures.peak)),
            ("pulls", &format_count(figures.pulls)),
        ],
    )
}

/// Props of [`RealOutput`].
#[derive(Properties, PartialEq, Clone)]
pub struct RealOutputProps {
    /// The produce rate P, taken as the rate of Tags the group does not subscribe to.
    pub produce: f64,
    /// Changes the page state.
    pub dispatch: Callback<Action>,
}

/// The panel.
#[component]
pub fn RealOutput(props: &RealOutputProps) -> Html {
    let i18n = use_i18n();
    let lang = i18n.lang();
    let section = |id: &'static str, title: &'static str, body: String| {
        html! {
            <section class="of-real-item" data-real={id}>
                <h3>{ title }</h3>
                <p class="of-explain">{ body }</p>
            </section>
        }
    };
    html! {
        <section class="of-panel of-real" aria-labelledby="of-real-title">
            <h2 id="of-real-title">{ i18n.t("page.offsets.real.title") }</h2>
            <p class="of-explain">{ i18n.t("page.offsets.real.intro") }</p>
            <div class="of-toolbar">
                <button type="button" class="button button-primary" id="of-field-example"
                    onclick={props.dispatch.reform(|_: MouseEvent| Action::FieldExample)}>
                    { i18n.t("page.offsets.real.example") }
                </button>
            </div>
            <p class="of-sub">{ i18n.t("page.offsets.real.example_help") }</p>
            { section("retry", i18n.t("page.offsets.real.retry_title"), retry_text(lang)) }
            { section("negative", i18n.t("page.offsets.real.negative_title"), i18n.t("page.offsets.real.negative").to_owned()) }
            { section("tag", i18n.t("page.offsets.real.tag_title"), tag_text(lang, props.produce)) }
            { section("pop", i18n.t("page.offsets.real.pop_title"), i18n.t("page.offsets.real.pop").to_owned()) }
        </section>
    }
}
