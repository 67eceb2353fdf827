//! One component per page; [`view`] picks the one for a [`Route`].
//!
//! To add a page: add a variant to [`Route`] (its path, nav key and, if it belongs in the
//! header, its place in `Route::NAV`), a file here with its component, a match arm in
//! [`view`], and its texts in both `src/i18n/*.toml` files. Page state that a link should
//! reproduce goes in the URL query through [`crate::url_state`].

mod exercises;
mod not_found;
mod offsets;
mod planner;
mod playground;
mod timeline;

pub use exercises::Exercises;
pub use not_found::NotFound;
pub use offsets::Offsets;
pub use planner::Planner;
pub use playground::Playground;
pub use timeline::Timeline;

use yew::prelude::*;

use crate::router::Route;

/// The page component for `route`.
pub fn view(route: Route) -> Html {
    match route {
        Route::Playground => html! { <Playground /> },
        Route::Offsets => html! { <Offsets /> },
        Route::Planner => html! { <Planner /> },
        Route::Exercises => html! { <Exercises /> },
        Route::Timeline => html! { <Timeline /> },
        Route::NotFound => html! { <NotFound /> },
    }
}
