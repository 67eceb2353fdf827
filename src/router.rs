//! The pages and a small hash router.
//!
//! `build.rs` generates [`Route`] (a variant per page and `NotFound`), [`Route::NAV`] and the
//! page table from `pages.toml`, the site's one list of pages; the methods here read them.
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

include!(concat!(env!("OUT_DIR"), "/pages.rs"));

/// A page of `pages.toml`, as `build.rs` generates it into [`PAGES`].
struct Page {
    route: Route,
    /// The path inside the hash, e.g. `/offsets`.
    path: &'static str,
    /// Its Cargo feature, and the name of its release wasm.
    bundle: &'static str,
    /// The i18n key of its name.
    nav_key: &'static str,
    /// Whether it has an embed view (`embed = true` in `pages.toml`; `src/embed.rs`); only in
    /// a wasm that has one, so the others' page table is as it was.
    #[cfg(embeds)]
    embed: bool,
}

impl Route {
    /// The landing page, at `#/`: the first of `pages.toml`.
    pub const LANDING: Route = PAGES[0].route;

    /// The entry of `pages.toml` for this route; `None` for [`Route::NotFound`].
    fn page(self) -> Option<&'static Page> {
        PAGES.iter().find(|page| page.route == self)
    }

    /// The path inside the hash, e.g. `/offsets`.
    pub fn path(self) -> &'static str {
        self.page().map_or("/404", |page| page.path)
    }

    /// The `href` of a link to this page: `#/offsets`.
    pub fn href(self) -> String {
        format!("#{}", self.path())
    }

    /// The release wasm that holds this page: the name of its Cargo feature, which is also
    /// the key `static/boot.js` looks the page up by. The not-found page is in every wasm;
    /// it names the landing page's.
    pub fn bundle(self) -> &'static str {
        self.page().unwrap_or(&PAGES[0]).bundle
    }

    /// The i18n key of the page's name in the header and the document title.
    pub fn nav_key(self) -> &'static str {
        self.page().map_or("page.not_found.title", |page| page.nav_key)
    }

    /// Whether the page has an embed view (`?embed=1`, see [`crate::embed`]).
    #[cfg(embeds)]
    pub fn embeddable(self) -> bool {
        self.page().is_some_and(|page| page.embed)
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
            return Some(Route::LANDING);
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
    let route = use_state_eq(|| Route::from_hash(&current_hash()).unwrap_or(Route::LANDING));
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
    fn every_page_of_the_list_has_its_route_and_every_route_its_page() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/pages.toml")).unwrap_or_default();
        let pages = crate::page_list::parse(&text).unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(pages.len(), Route::NAV.len());
        for ((n, page), route) in pages.iter().enumerate().zip(Route::NAV) {
            assert_eq!(format!("{route:?}"), page.variant(), "{}", page.id);
            assert_eq!(route.bundle(), page.id);
            assert_eq!(route.path(), page.path(n == 0));
            assert_eq!(route.nav_key(), format!("nav.{}", page.id));
            assert_eq!(route.embeddable(), page.embed, "{}", page.id);
            assert_eq!(Route::from_hash(&route.href()), Some(route), "{}", page.id);
            assert_eq!(Route::from_hash(&format!("#{}/?x=1", route.path().to_uppercase())), Some(route), "{}", page.id);
        }
        assert_eq!(Route::LANDING.path(), "/");
        assert_eq!(Route::NotFound.bundle(), Route::LANDING.bundle(), "not-found is in every bundle");
        assert!(Route::NAV.iter().all(|&route| route != Route::NotFound));
    }

    #[test]
    fn the_list_refuses_what_the_features_and_paths_cannot_be() {
        let parse = |text: &str| crate::page_list::parse(text).err().unwrap_or_default();
        let page = |id: &str| format!("[[page]]\nid = \"{id}\"\nabout = \"a page\"\n");
        assert!(crate::page_list::parse(&page("offsets")).is_ok());
        assert_eq!(parse(""), "pages.toml: no [[page]] entries");
        assert_eq!(parse(&(page("a") + &page("a"))), "pages.toml: page 2: id `a` is listed twice");
        assert!(parse(&page("Off-sets")).contains("must be lowercase letters"), "{}", parse(&page("Off-sets")));
        assert!(parse(&page("all")).contains("is taken"));
        assert!(parse(&page("embed")).contains("is taken"));
        assert_eq!(parse(&(page("a") + "embed = \"yes\"")), "pages.toml: page 1: `embed` must be true or false");
        let embedded = crate::page_list::parse(&(page("a") + "embed = true")).unwrap_or_default();
        assert!(embedded.first().is_some_and(|page| page.embed));
        assert!(crate::page_list::parse(&page("a")).unwrap_or_default().iter().all(|page| !page.embed));
        assert_eq!(parse("[[page]]\nid = \"a\""), "pages.toml: page 1: `about` must be a text on one line");
        assert_eq!(parse(&(page("a") + "path = \"/b\"")), "pages.toml: page 1: unknown key `path`");
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
