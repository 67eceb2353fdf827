//! The page list and a small hash router.
//!
//! Routes live in the URL hash (`index.html#/offsets`), so the site works from any sub-path
//! (`/sub/rebalance/`) and on any static host without a server-side fallback, and links are
//! plain `<a href="#/offsets">` that the browser handles itself.
//!
//! Why not `yew-router`: its 0.20 release does work with yew 0.23, but its `HashRouter`
//! throws a JavaScript exception for any hash that does not start with `#/` (an in-page
//! anchor, a hand-edited URL), and this site must not break on a URL. This router reads
//! every hash: unknown paths show [`Route::NotFound`], and a hash that is not a path (like
//! `#main`) leaves the current page in place.

use gloo::events::EventListener;
use yew::prelude::*;

/// A page of the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Route {
    /// `#/`: the rebalance playground (landing page).
    Playground,
    /// `#/offsets`: offsets, lag and expiry per queue.
    Offsets,
    /// `#/planner`: backlog drain planning.
    Planner,
    /// `#/exercises`: graded exercises (an exercise and seed in the query).
    Exercises,
    /// `#/timeline`: the consumer-group timeline simulator.
    Timeline,
    /// Any other `#/…` path.
    NotFound,
}

impl Route {
    /// The pages the header links to, in order.
    pub const NAV: [Route; 5] = [Route::Playground, Route::Offsets, Route::Planner, Route::Timeline, Route::Exercises];

    /// The path inside the hash, e.g. `/offsets`.
    pub fn path(self) -> &'static str {
        match self {
            Route::Playground => "/",
            Route::Offsets => "/offsets",
            Route::Planner => "/planner",
            Route::Exercises => "/exercises",
            Route::Timeline => "/timeline",
            Route::NotFound => "/404",
        }
    }

    /// The `href` of a link to this page: `#/offsets`.
    pub fn href(self) -> String {
        format!("#{}", self.path())
    }

    /// The release wasm that holds this page: the name of its Cargo feature, which is also
    /// the key `static/boot.js` looks the page up by. The not-found page is in every wasm;
    /// it names the landing page's.
    pub fn bundle(self) -> &'static str {
        match self {
            Route::Playground | Route::NotFound => "playground",
            Route::Offsets => "offsets",
            Route::Planner => "planner",
            Route::Exercises => "exercises",
            Route::Timeline => "timeline",
        }
    }

    /// The i18n key of the page's name in the header and the document title.
    pub fn nav_key(self) -> &'static str {
        match self {
            Route::Playground => "nav.playground",
            Route::Offsets => "nav.offsets",
            Route::Planner => "nav.planner",
            Route::Exercises => "nav.exercises",
            Route::Timeline => "nav.timeline",
            Route::NotFound => "page.not_found.title",
        }
    }

    /// The page for a path; a trailing slash, a `?query` and letter case do not matter.
    pub fn from_path(path: &str) -> Route {
        let path = path.split(['?', '#']).next().unwrap_or_default();
        let path = path.trim_end_matches('/').to_ascii_lowercase();
        Route::NAV.into_iter().find(|route| route.path().trim_end_matches('/') == path).unwrap_or(Route::NotFound)
    }

    /// The page for a `location.hash` value, or `None` when the hash is not a route
    /// (`#main`, a plain anchor). An empty hash is the landing page.
    pub fn from_hash(hash: &str) -> Option<Route> {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        if hash.is_empty() {
            return Some(Route::Playground);
        }
        hash.starts_with('/').then(|| Route::from_path(hash))
    }
}

/// The current `location.hash` (with its `#`), or `""`.
pub fn current_hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// Navigates to `route` (adds a history entry, like clicking a link).
pub fn navigate(route: Route) {
    if let Some(window) = web_sys::window() {
        let _ = window.location().set_hash(route.path());
    }
}

/// The current page; re-renders the caller when the hash changes.
#[hook]
pub fn use_route() -> Route {
    let route = use_state_eq(|| Route::from_hash(&current_hash()).unwrap_or(Route::Playground));
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|window| {
                EventListener::new(&window, "hashchange", move |_| {
                    if let Some(next) = Route::from_hash(&current_hash()) {
                        route.set(next);
                    }
                })
            });
            move || drop(listener)
        });
    }
    *route
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_hashes_map_to_pages() {
        let cases = [
            ("", Some(Route::Playground)),
            ("#", Some(Route::Playground)),
            ("#/", Some(Route::Playground)),
            ("#/offsets", Some(Route::Offsets)),
            ("#/offsets/", Some(Route::Offsets)),
            ("#/Planner?x=1", Some(Route::Planner)),
            ("#/nope", Some(Route::NotFound)),
            ("#/404", Some(Route::NotFound)),
            ("#main", None),
        ];
        for (hash, expected) in cases {
            assert_eq!(Route::from_hash(hash), expected, "{hash:?}");
        }
    }

    #[test]
    fn every_page_round_trips_and_has_a_name() {
        for route in Route::NAV {
            assert_eq!(Route::from_hash(&route.href()), Some(route));
        }
        for route in Route::NAV.into_iter().chain([Route::NotFound]) {
            let key = route.nav_key();
            assert_ne!(crate::i18n::t(crate::i18n::Lang::En, key), key, "{key} is undefined");
            assert_ne!(crate::i18n::t(crate::i18n::Lang::Zh, key), key, "{key} is undefined");
        }
    }
}
