//! A header link to one page, marked `aria-current="page"` when it is the current one.

use yew::prelude::*;

use crate::hooks::I18n;
use crate::router::Route;

/// A plain `<a href="#/…">` to `to`: the browser navigates, [`crate::router::use_route`]
/// follows; `current` when that page is the one shown now. A function, not a component: the
/// header renders its links together, and every component is compiled into every page.
pub fn nav_link(i18n: &I18n, to: Route, current: bool) -> Html {
    html! {
        <a
            class={classes!("nav-link", current.then_some("is-current"))}
            href={to.href()}
            aria-current={current.then_some("page")}
        >
            { i18n.t(to.nav_key()) }
        </a>
    }
}
