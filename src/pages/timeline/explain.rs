//! The script (the preset's events and the injected ones) and the page's explanations.

use rebalance_core::simulate::ScheduledEvent;
use yew::prelude::*;

use super::state::Action;
use super::text::{event_text, time_label};
use crate::hooks::I18n;

/// The events of the run in time order: the preset's, then the reader's (removable).
pub fn script_list(
    i18n: &I18n,
    preset: &[ScheduledEvent],
    injected: &[ScheduledEvent],
    now_ms: u64,
    on_action: &Callback<Action>,
) -> Html {
    let item = |e: &ScheduledEvent, remove: Option<usize>| {
        let done = e.at_ms < now_ms;
        let text = event_text(i18n, &e.event);
        html! {
            <li class={classes!("tl-event", done.then_some("is-done"), remove.is_some().then_some("is-injected"))}>
                <span class="tl-event-time">{ time_label(i18n, e.at_ms) }</span>
                <span class="tl-event-text">{ text.clone() }</span>
                if let Some(i) = remove {
                    <button type="button" class="button button-small"
                        aria-label={i18n.t_args("page.timeline.script.remove_label", &[("event", &text)])}
                        onclick={on_action.reform(move |_: MouseEvent| Action::RemoveInjected(i))}>
                        { i18n.t("page.timeline.script.remove") }
                    </button>
                }
            </li>
        }
    };
    html! {
        <section class="tl-card tl-script" aria-labelledby="tl-script-title">
            <h2 id="tl-script-title">{ i18n.t("page.timeline.script.title") }</h2>
            <p class="tl-note">{ i18n.t("page.timeline.script.note") }</p>
            <h3>{ i18n.t("page.timeline.script.preset") }</h3>
            if preset.is_empty() {
                <p class="tl-note">{ i18n.t("page.timeline.script.none") }</p>
            } else {
                <ul class="tl-events">{ for preset.iter().map(|e| item(e, None)) }</ul>
            }
            <h3>{ i18n.t("page.timeline.script.injected") }</h3>
            if injected.is_empty() {
                <p class="tl-note">{ i18n.t("page.timeline.script.none") }</p>
            } else {
                <ul class="tl-events">{ for injected.iter().enumerate().map(|(i, e)| item(e, Some(i))) }</ul>
            }
        </section>
    }
}

/// What the views show, in the site's words, tied to the SPEC terms.
pub fn explanations(i18n: &I18n) -> Html {
    let part = |title: &'static str, body: &'static str| {
        html! {
            <div class="tl-explain-part">
                <h3>{ title }</h3>
                <p>{ body }</p>
            </div>
        }
    };
    html! {
        <section class="tl-card tl-explain" aria-labelledby="tl-explain-title">
            <h2 id="tl-explain-title">{ i18n.t("page.timeline.explain.title") }</h2>
            { part(i18n.t("page.timeline.explain.views_title"), i18n.t("page.timeline.explain.views")) }
            { part(i18n.t("page.timeline.explain.handoff_title"), i18n.t("page.timeline.explain.handoff")) }
            { part(i18n.t("page.timeline.explain.idle_title"), i18n.t("page.timeline.explain.idle")) }
            { part(i18n.t("page.timeline.explain.lag_title"), i18n.t("page.timeline.explain.lag")) }
            { part(i18n.t("page.timeline.explain.queues_title"), i18n.t("page.timeline.explain.queues")) }
            { part(i18n.t("page.timeline.explain.pop_title"), i18n.t("page.timeline.explain.pop")) }
            { part(i18n.t("page.timeline.explain.determinism_title"), i18n.t("page.timeline.explain.determinism")) }
        </section>
    }
}
