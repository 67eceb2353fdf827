//! The page for a `#/…` path the site does not have.

use yew::prelude::*;

use crate::hooks::use_i18n;
use crate::router::{current_hash, Route};

/// Says which path is unknown and links to the playground.
#[component]
pub fn NotFound() -> Html {
    let i18n = use_i18n();
    let hash = current_hash();
    let path = hash.strip_prefix('#').unwrap_or(&hash);
    html! {
        <section class="page page-not-found">
            <h1>{ i18n.t("page.not_found.title") }</h1>
            <p class="lead">{ i18n.t_args("page.not_found.body", &[("path", path)]) }</p>
            <p><a href={Route::Playground.href()}>{ i18n.t("page.not_found.back") }</a></p>
        </section>
    }
}
