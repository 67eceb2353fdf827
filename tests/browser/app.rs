//! Browser tests of the real app: `cargo xtask test` runs them in headless Chromium
//! (`cargo test -p rebalance_lab --target wasm32-unknown-unknown`).

use crate::support::{click, document, mount, serial, settle, text, until};
use rebalance_lab::i18n::{t, Lang};
use rebalance_lab::router::Route;
use rebalance_lab::{panic_banner, url_state};
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;

/// The text of the first element matching `selector`, or "" when there is none (yet).
fn text_now(root: &Element, selector: &str) -> String {
    root.query_selector(selector).ok().flatten().and_then(|e| e.text_content()).unwrap_or_default()
}

fn pressed_lang(root: &Element) -> Lang {
    let code = root
        .query_selector(".lang-switch [aria-pressed=true]")
        .ok()
        .flatten()
        .and_then(|button| button.get_attribute("data-lang"))
        .expect("one language button is pressed");
    Lang::from_code(&code).expect("a known language")
}

fn go(hash: &str) {
    web_sys::window().expect("a window").location().set_hash(hash).expect("hash set");
}

#[wasm_bindgen_test]
async fn heading_follows_the_language_switch() {
    let _serial = serial().await;
    go("#/");
    let (root, handle) = mount().await;
    until("the playground renders", || {
        root.query_selector(".lang-switch [aria-pressed=true]").ok().flatten().is_some()
    })
    .await;
    let first = pressed_lang(&root);
    until("the playground heading shows", || text_now(&root, "h1") == t(first, "page.playground.title")).await;

    let other = if first == Lang::En { Lang::Zh } else { Lang::En };
    click(&root, &format!("button[data-lang='{}']", other.code()));
    let html_lang = || document().document_element().and_then(|e| e.get_attribute("lang"));
    until("the heading and <html lang> are translated", || {
        text_now(&root, "h1") == t(other, "page.playground.title") && html_lang().as_deref() == Some(other.code())
    })
    .await;

    assert_eq!(pressed_lang(&root), other);
    assert_eq!(text(&root, "h1"), t(other, "page.playground.title"));
    assert_ne!(t(first, "page.playground.title"), t(other, "page.playground.title"));
    assert_eq!(text(&root, ".site-nav ul"), nav_text(other));
    assert_eq!(url_state::get("lang").as_deref(), Some(other.code()));
    assert_eq!(html_lang().as_deref(), Some(other.code()));
    handle.destroy();
}

fn nav_text(lang: Lang) -> String {
    Route::NAV.iter().map(|route| t(lang, route.nav_key())).collect()
}

#[wasm_bindgen_test]
async fn nav_links_reach_each_page() {
    let _serial = serial().await;
    go("#/");
    let (root, handle) = mount().await;
    until("the page renders", || root.query_selector(".lang-switch [aria-pressed=true]").ok().flatten().is_some())
        .await;
    let lang = pressed_lang(&root);
    for (href, title) in [
        ("#/offsets", "page.offsets.title"),
        ("#/planner", "page.planner.title"),
        ("#/timeline", "page.timeline.title"),
        ("#/exercises", "page.exercises.title"),
        ("#/", "page.playground.title"),
    ] {
        click(&root, &format!(".site-nav a[href='{href}']"));
        let current = || {
            root.query_selector(".site-nav [aria-current=page]").ok().flatten().and_then(|a| a.get_attribute("href"))
        };
        until(&format!("{href} shows its heading and is the current link"), || {
            text_now(&root, "h1") == t(lang, title) && current().as_deref() == Some(href)
        })
        .await;
    }
    go("#/no-such-page");
    until("the not-found page shows", || text_now(&root, "h1") == t(lang, "page.not_found.title")).await;
    // A hash that is not a route (an in-page anchor) keeps the current page.
    go("#main");
    settle().await;
    assert_eq!(text(&root, "h1"), t(lang, "page.not_found.title"));
    go("#/");
    handle.destroy();
}

#[wasm_bindgen_test]
async fn url_state_round_trips_and_keeps_the_hash() {
    let _serial = serial().await;
    go("#/planner");
    url_state::set_many(&[("planner_backlog", Some("12000000")), ("x", Some("a b&c"))]);
    assert_eq!(url_state::get("planner_backlog").as_deref(), Some("12000000"));
    assert_eq!(url_state::get("x").as_deref(), Some("a b&c"));
    let location = web_sys::window().expect("a window").location();
    assert_eq!(location.hash().ok().as_deref(), Some("#/planner"));
    // Separators stay readable in the address; values with `%`, `&`, `=` read back as set.
    url_state::set_many(&[("x", Some("hz:3:2;sh:4:2,a/b@c")), ("y", Some("50%,a=b&c"))]);
    let search = location.search().unwrap_or_default();
    assert!(search.contains("x=hz:3:2;sh:4:2,a/b@c"), "{search}");
    assert_eq!(url_state::get("x").as_deref(), Some("hz:3:2;sh:4:2,a/b@c"));
    assert_eq!(url_state::get("y").as_deref(), Some("50%,a=b&c"));
    url_state::set_many(&[("x", None), ("y", None)]);
    assert_eq!(url_state::get("x"), None);
    assert!(url_state::all().iter().any(|(k, v)| k == "planner_backlog" && v == "12000000"));
    url_state::set("planner_backlog", None);
    go("#/");
}

#[wasm_bindgen_test]
async fn panic_banner_is_visible_text() {
    let _serial = serial().await;
    panic_banner::show("boom at src/x.rs:1");
    panic_banner::show("second panic");
    let banners = document().query_selector_all(&format!("#{}", panic_banner::BANNER_ID)).expect("a selector");
    assert_eq!(banners.length(), 1, "the banner is reused, not stacked");
    let banner = document().get_element_by_id(panic_banner::BANNER_ID).expect("the banner");
    assert_eq!(banner.get_attribute("role").as_deref(), Some("alert"));
    let text = banner.text_content().unwrap_or_default();
    assert!(text.contains("second panic"), "{text}");
    assert!(text.contains("reload"), "{text}");
    banner.remove();
}

#[wasm_bindgen_test]
async fn a_page_of_the_running_bundle_that_is_missing_says_so_instead_of_reloading() {
    use rebalance_lab::pages::{OtherBundle, OtherBundleProps};
    let _serial = serial().await;
    // boot.js says it started the offsets bundle, yet the offsets page is not in it: a
    // broken build. Reloading would start the same wasm again, forever.
    let html = document().document_element().expect("<html>");
    html.set_attribute("data-bundle", "offsets").expect("set data-bundle");
    let root = document().create_element("div").expect("a div");
    document().body().expect("a body").append_child(&root).expect("appended");
    let handle =
        yew::Renderer::<OtherBundle>::with_root_and_props(root.clone(), OtherBundleProps { route: Route::Offsets })
            .render();
    until("the message", || !root.text_content().unwrap_or_default().is_empty()).await;
    let message = text(&root, ".boot-status");
    assert!(message.contains("“offsets”") && message.contains("cargo xtask build --release"), "{message}");
    assert_eq!(Route::Offsets.bundle(), "offsets");
    assert_eq!(Route::NotFound.bundle(), "playground", "not-found is in every bundle; it names the landing page's");
    handle.destroy();
    root.remove();
    html.remove_attribute("data-bundle").expect("clean up");
}
