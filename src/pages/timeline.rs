//! The timeline page (placeholder until its content lands).

use yew::prelude::*;

use crate::hooks::use_i18n;

/// The `#/timeline` page.
#[component]
pub fn Timeline() -> Html {
    let i18n = use_i18n();
    html! {
        <section class="page page-timeline">
            <h1>{ i18n.t("page.timeline.title") }</h1>
            <p class="lead">{ i18n.t("page.timeline.intro") }</p>
        </section>
    }
}
