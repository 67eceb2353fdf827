//! The exercises page (placeholder until its content lands).

use yew::prelude::*;

use crate::hooks::use_i18n;

/// The `#/exercises` page.
#[component]
pub fn Exercises() -> Html {
    let i18n = use_i18n();
    html! {
        <section class="page page-exercises">
            <h1>{ i18n.t("page.exercises.title") }</h1>
            <p class="lead">{ i18n.t("page.exercises.intro") }</p>
        </section>
    }
}
