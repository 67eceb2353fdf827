//! Short explanations beside the planner: D = C − P, why B / C is wrong, the queue cap of
//! queue-level models, what limits message-level capacity, and what each remedy means.

use yew::prelude::*;

use super::results::{remedy_texts, ALL_REMEDIES};
use crate::hooks::I18n;

/// The "why these numbers" section.
pub fn explanations(i18n: &I18n) -> Html {
    let topics = [
        ("pl-explain-net", i18n.t("page.planner.explain.net_title"), i18n.t("page.planner.explain.net_body")),
        ("pl-explain-bc", i18n.t("page.planner.explain.bc_title"), i18n.t("page.planner.explain.bc_body")),
        ("pl-explain-cap", i18n.t("page.planner.explain.cap_title"), i18n.t("page.planner.explain.cap_body")),
        ("pl-explain-models", i18n.t("page.planner.explain.models_title"), i18n.t("page.planner.explain.models_body")),
        ("pl-explain-limits", i18n.t("page.planner.explain.limits_title"), i18n.t("page.planner.explain.limits_body")),
    ];
    html! {
        <section class="pl-explain" aria-labelledby="pl-explain-heading">
            <h2 id="pl-explain-heading">{ i18n.t("page.planner.explain.heading") }</h2>
            <div class="pl-explain-grid">
                { for topics.into_iter().map(|(id, title, body)| html! {
                    <article class="pl-explain-item" aria-labelledby={id}>
                        <h3 {id}>{ title }</h3>
                        <p>{ body }</p>
                    </article>
                }) }
            </div>
            <h3>{ i18n.t("page.planner.explain.remedies_title") }</h3>
            <dl class="pl-remedy-list">
                { for ALL_REMEDIES.into_iter().map(|remedy| {
                    let (title, help) = remedy_texts(i18n, remedy);
                    html! { <><dt>{ title }</dt><dd>{ help }</dd></> }
                }) }
            </dl>
        </section>
    }
}
