//! One component per page; [`view`] picks the one for a [`Route`].
//!
//! The pages are listed in `pages.toml`, from which `build.rs` generates [`Route`]; each has
//! a folder here with its component, its `mod` line and an arm in [`view`] (DEVELOPERS.md,
//! "Adding a page"). Page state that a link should reproduce goes in the URL query through
//! [`crate::url_state`].
//!
//! Each page sits behind a Cargo feature of its id. The release build compiles one wasm per
//! page (see `xtask/src/build.rs`); a route whose page is not in the running wasm shows
//! [`OtherBundle`], which reloads the document so `static/boot.js` starts the right one.

#[cfg(feature = "class")]
mod class;
// The mock interview shows the exercises page's `ExerciseView` for its computed parts; the
// class page reads the exercise catalog and the stored progress with the exercises page's own
// code (`catalog`, `storage`).
#[cfg(any(feature = "exercises", feature = "interview", feature = "class"))]
mod exercises;
#[cfg(feature = "interview")]
mod interview;
#[cfg(feature = "learn")]
mod learn;
mod not_found;
// The lessons read the offsets page's URL state with its own reader (`url::decode`).
#[cfg(any(feature = "offsets", feature = "learn"))]
mod offsets;
// The lessons read the planner's URL state with its own reader (`Inputs::from_query`).
#[cfg(any(feature = "planner", feature = "learn"))]
mod planner;
// The lessons read the playground's URL state with its own reader (`query`, `settings`).
#[cfg(any(feature = "playground", feature = "learn"))]
mod playground;
// The lessons replay the timeline's runs with its own reader (`query::read`) and read the
// simulator's state at the tick.
#[cfg(any(feature = "timeline", feature = "learn"))]
mod timeline;
// The lessons read Troubleshoot's URL state with its own reader (`state`) and order its
// causes as it does (`tree::ranked`).
#[cfg(any(feature = "troubleshoot", feature = "learn"))]
mod troubleshoot;

#[cfg(feature = "class")]
pub use class::Class;
#[cfg(feature = "exercises")]
pub use exercises::{read_progress, write_progress, Exercises};
#[cfg(feature = "interview")]
pub use interview::Interview;
#[cfg(feature = "learn")]
pub use learn::Learn;
pub use not_found::NotFound;
#[cfg(feature = "offsets")]
pub use offsets::Offsets;
#[cfg(feature = "planner")]
pub use planner::Planner;
#[cfg(feature = "playground")]
pub use playground::Playground;
#[cfg(feature = "timeline")]
pub use timeline::Timeline;
#[cfg(all(test, feature = "troubleshoot"))]
pub(crate) use troubleshoot::keys as troubleshoot_keys;
#[cfg(feature = "troubleshoot")]
pub use troubleshoot::Troubleshoot;

use yew::prelude::*;

use crate::hooks::use_i18n;
use crate::router::Route;

/// The page component for `route`.
pub fn view(route: Route) -> Html {
    match route {
        #[cfg(feature = "playground")]
        Route::Playground => html! { <Playground /> },
        #[cfg(feature = "offsets")]
        Route::Offsets => html! { <Offsets /> },
        #[cfg(feature = "planner")]
        Route::Planner => html! { <Planner /> },
        #[cfg(feature = "exercises")]
        Route::Exercises => html! { <Exercises /> },
        #[cfg(feature = "timeline")]
        Route::Timeline => html! { <Timeline /> },
        #[cfg(feature = "learn")]
        Route::Learn => html! { <Learn /> },
        #[cfg(feature = "troubleshoot")]
        Route::Troubleshoot => html! { <Troubleshoot /> },
        #[cfg(feature = "interview")]
        Route::Interview => html! { <Interview /> },
        #[cfg(feature = "class")]
        Route::Class => html! { <Class /> },
        Route::NotFound => html! { <NotFound /> },
        // Only a wasm without every page has this arm (`all_pages` is set by `build.rs`), so
        // a page missing its arm above fails the default build as a non-exhaustive match.
        #[cfg(not(all_pages))]
        _ => html! { <OtherBundle {route} /> },
    }
}

/// The wasm `static/boot.js` started, as it recorded on `<html data-bundle="…">`.
fn running_bundle() -> Option<String> {
    gloo::utils::document().document_element()?.get_attribute("data-bundle")
}

/// Props of [`OtherBundle`].
#[derive(Properties, PartialEq)]
pub struct OtherBundleProps {
    /// The page asked for.
    pub route: Route,
}

/// Stands in for a page that another wasm holds: reloads the document (the URL already
/// names the page and all its state), so `boot.js` starts that page's wasm. If `boot.js`
/// says it already started the wasm meant for this page, the build is inconsistent: say so
/// instead of reloading forever.
#[component]
pub fn OtherBundle(props: &OtherBundleProps) -> Html {
    let i18n = use_i18n();
    let bundle = props.route.bundle();
    let stuck = running_bundle().as_deref() == Some(bundle);
    use_effect_with((bundle, stuck), |&(_, stuck)| {
        if !stuck {
            if let Some(window) = web_sys::window() {
                let _ = window.location().reload();
            }
        }
    });
    let text = if stuck {
        i18n.t_args("page.loading.missing", &[("page", bundle)])
    } else {
        i18n.t("page.loading.body").to_owned()
    };
    html! {
        <section class="page page-loading">
            <p class="boot-status" role="status">{ text }</p>
        </section>
    }
}
