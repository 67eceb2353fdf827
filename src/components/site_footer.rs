//! The site footer.

use yew::prelude::*;

use crate::hooks::use_i18n;

/// The footer shown on every page.
#[component]
pub fn SiteFooter() -> Html {
    let i18n = use_i18n();
    html! {
        <footer class="site-footer">
            <p>{ i18n.t("site.footer") }</p>
        </footer>
    }
}
