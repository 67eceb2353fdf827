//! The site header: skip link, site name, page navigation and language switch.
//!
//! On a narrow screen the page links fold into a `<details>` whose summary names the page shown
//! (a disclosure): with nine pages the links would otherwise take four rows above every page's
//! content. On a wide screen the summary is hidden and the links always shown
//! (static/style.css, "Header" and "Phones").

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
    let current = Route::NAV.into_iter().find(|to| *to == props.route).map(|to| i18n.t(to.nav_key()));
    // A <details> opens and closes by itself (click, Enter, Space), so the fold needs no state
    // here; on a wide screen the stylesheet hides its summary and shows the list.
    html! {
        <header class="site-header">
            <a class="skip-link" href="#main" onclick={skip}>{ i18n.t("site.skip_to_content") }</a>
            <div class="site-header-inner">
                <a class="brand" href={Route::Playground.href()}>
                    <span class="brand-name">{ i18n.t("site.name") }</span>
                    <span class="brand-tagline">{ i18n.t("site.tagline") }</span>
                </a>
                <nav class="site-nav" aria-label={i18n.t("nav.label")}>
                    <details class="nav-fold">
                        <summary class="nav-toggle">
                            <span class="nav-toggle-label">{ i18n.t("nav.label") }</span>
                            if let Some(current) = current {
                                <span class="nav-toggle-current">{ current }</span>
                            }
                        </summary>
                        <ul>{ for links }</ul>
                    </details>
                </nav>
                <LangSwitch />
            </div>
        </header>
    }
}
