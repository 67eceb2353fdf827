//! Backlog drain planning: capacity, instances and the queue-count cap.

use yew::prelude::*;

use crate::hooks::use_i18n;

/// The `#/planner` page (placeholder until its content lands).
#[component]
pub fn Planner() -> Html {
    let i18n = use_i18n();
    html! {
        <section class="page page-planner">
            <h1>{ i18n.t("page.planner.title") }</h1>
            <p class="lead">{ i18n.t("page.planner.intro") }</p>
        </section>
    }
}
