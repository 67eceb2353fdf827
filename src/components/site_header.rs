//! The site header: skip link, site name, page navigation and language switch.

use yew::prelude::*;

use crate::components::{nav_link, LangSwitch};
use crate::hooks::use_i18n;
use crate::router::Route;

/// Props of [`SiteHeader`].
#[derive(Properties, PartialEq)]
pub struct SiteHeaderProps {
    /// The page shown now, to mark its link.
    pub route: Route,
}

/// The header shown on every page.
#[component]
pub fn SiteHeader(props: &SiteHeaderProps) -> Html {
    let i18n = use_i18n();
    // The skip link focuses <main> itself: a `#main` hash would look like a route change.
    let skip = Callback::from(|event: MouseEvent| {
        event.prevent_default();
        crate::app::focus_main();
    });
    let links = Route::NAV.into_iter().map(|to| {
        html! { <li>{ nav_link(&i18n, to, to == props.route) }</li> }
    });
    html! {
        <header class="site-header">
            <a class="skip-link" href="#main" onclick={skip}>{ i18n.t("site.skip_to_content") }</a>
            <div class="site-header-inner">
                <a class="brand" href={Route::Playground.href()}>
                    <span class="brand-name">{ i18n.t("site.name") }</span>
                    <span class="brand-tagline">{ i18n.t("site.tagline") }</span>
                </a>
                <nav class="site-nav" aria-label={i18n.t("nav.label")}>
                    <ul>{ for links }</ul>
                </nav>
                <LangSwitch />
            </div>
        </header>
    }
}
