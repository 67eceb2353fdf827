//! A header link to one page, marked `aria-current="page"` when it is the current one.

use yew::prelude::*;

use crate::hooks::use_i18n;
use crate::router::Route;

/// Props of [`NavLink`].
#[derive(Properties, PartialEq)]
pub struct NavLinkProps {
    /// The page the link goes to.
    pub to: Route,
    /// Whether that page is the one shown now.
    pub current: bool,
}

/// A plain `<a href="#/…">`: the browser navigates, [`crate::router::use_route`] follows.
#[component]
pub fn NavLink(props: &NavLinkProps) -> Html {
    let i18n = use_i18n();
    html! {
        <a
            class={classes!("nav-link", props.current.then_some("is-current"))}
            href={props.to.href()}
            aria-current={props.current.then_some("page")}
        >
            { i18n.t(props.to.nav_key()) }
        </a>
    }
}
