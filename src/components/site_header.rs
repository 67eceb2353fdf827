//! The site header: skip link, site name, page navigation and language switch.
//!
//! On a narrow screen the page links fold behind a disclosure button that names the page shown
//! (the WAI-ARIA "disclosure navigation" pattern): with nine pages the links would otherwise
//! take four rows above every page's content. On a wide screen the button is hidden and the
//! links are always shown (static/style.css, "Phones").

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
    let open = use_state_eq(|| false);
    // The skip link focuses <main> itself: a `#main` hash would look like a route change.
    let skip = Callback::from(|event: MouseEvent| {
        event.prevent_default();
        crate::app::focus_main();
    });
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    // Escape closes the open list and leaves the focus on the button that opened it.
    let on_key = {
        let open = open.clone();
        Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Escape" && *open {
                open.set(false);
                if let Some(button) = gloo::utils::document().get_element_by_id("site-nav-toggle") {
                    if let Ok(button) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(button) {
                        let _ = button.focus();
                    }
                }
            }
        })
    };
    // A link that opens a page of this bundle keeps the header: the list closes behind it.
    let close = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(false))
    };
    let links = Route::NAV.into_iter().map(|to| {
        html! { <li onclick={close.clone()}>{ nav_link(&i18n, to, to == props.route) }</li> }
    });
    let current = Route::NAV.into_iter().find(|to| *to == props.route).map(|to| i18n.t(to.nav_key()));
    html! {
        <header class="site-header">
            <a class="skip-link" href="#main" onclick={skip}>{ i18n.t("site.skip_to_content") }</a>
            <div class="site-header-inner">
                <a class="brand" href={Route::Playground.href()}>
                    <span class="brand-name">{ i18n.t("site.name") }</span>
                    <span class="brand-tagline">{ i18n.t("site.tagline") }</span>
                </a>
                <nav class="site-nav" aria-label={i18n.t("nav.label")} onkeydown={on_key}>
                    <button type="button" id="site-nav-toggle" class="nav-toggle" aria-expanded={(*open).to_string()}
                            aria-controls="site-nav-list" onclick={toggle}>
                        <span class="nav-toggle-label">{ i18n.t("nav.label") }</span>
                        if let Some(current) = current {
                            <span class="nav-toggle-current">{ current }</span>
                        }
                    </button>
                    <ul id="site-nav-list" class={classes!(open.then_some("is-open"))}>{ for links }</ul>
                </nav>
                <LangSwitch />
            </div>
        </header>
    }
}
