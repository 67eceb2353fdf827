//! The rebalance playground: consumers join and leave, strategies reassign queues.

use yew::prelude::*;

use crate::hooks::use_i18n;

/// The `#/` page (placeholder until its content lands).
#[component]
pub fn Playground() -> Html {
    let i18n = use_i18n();
    html! {
        <section class="page page-playground">
            <h1>{ i18n.t("page.playground.title") }</h1>
            <p class="lead">{ i18n.t("page.playground.intro") }</p>
        </section>
    }
}
