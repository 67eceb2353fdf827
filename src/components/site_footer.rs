//! The site footer.

use yew::prelude::*;

use crate::hooks::I18n;

/// The footer shown on every page. A function, not a component: the app renders it with
/// the header, and every component is compiled into every page.
pub fn site_footer(i18n: &I18n) -> Html {
    html! {
        <footer class="site-footer">
            <p>{ i18n.t("site.footer") }</p>
        </footer>
    }
}
