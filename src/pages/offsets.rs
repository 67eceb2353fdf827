//! Offsets, lag and expiry per MessageQueue.

use yew::prelude::*;

use crate::hooks::use_i18n;

/// The `#/offsets` page (placeholder until its content lands).
#[component]
pub fn Offsets() -> Html {
    let i18n = use_i18n();
    html! {
        <section class="page page-offsets">
            <h1>{ i18n.t("page.offsets.title") }</h1>
            <p class="lead">{ i18n.t("page.offsets.intro") }</p>
        </section>
    }
}
