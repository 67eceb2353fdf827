//! Helpers shared by the browser tests' modules (`tests/browser/`).

use std::cell::Cell;
use std::time::Duration;

use rebalance_lab::App;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlElement, HtmlInputElement};

pub async fn sleep(ms: u64) {
    yew::platform::time::sleep(Duration::from_millis(ms)).await;
}

/// Lets Yew's scheduler and the browser's event loop run.
pub async fn settle() {
    sleep(30).await;
}

/// Waits until `check` holds, up to five seconds: a busy machine renders slowly, so never
/// trust one fixed delay.
pub async fn until(what: &str, check: impl Fn() -> bool) {
    until_within(Duration::from_secs(5), what, check).await;
}

/// Waits until `check` holds, looking every 20 ms; panics after `limit`.
pub async fn until_within(limit: Duration, what: &str, check: impl Fn() -> bool) {
    let tries = limit.as_millis() / 20;
    for _ in 0..tries {
        if check() {
            return;
        }
        sleep(20).await;
    }
    panic!("timed out waiting until {what}");
}

/// Waits until the URL's query value of `key` is `expected` (effects write the URL a little
/// after the DOM is updated, later still on a busy machine), then asserts it, so a timeout
/// shows the value in the URL.
pub async fn url_becomes(key: &str, expected: Option<&str>) {
    for _ in 0..250 {
        if rebalance_lab::url_state::get(key).as_deref() == expected {
            return;
        }
        sleep(20).await;
    }
    assert_eq!(rebalance_lab::url_state::get(key).as_deref(), expected, "the URL's {key}");
}

thread_local! {
    static BUSY: Cell<bool> = const { Cell::new(false) };
}

/// The tests of a file share one page and one URL, and async tests interleave at every
/// `await`: a test that holds this guard (from [`serial`]) runs alone among those that do.
pub struct Serial;

impl Drop for Serial {
    fn drop(&mut self) {
        BUSY.with(|busy| busy.set(false));
    }
}

pub async fn serial() -> Serial {
    while BUSY.with(|busy| busy.replace(true)) {
        sleep(20).await;
    }
    Serial
}

pub fn document() -> web_sys::Document {
    gloo::utils::document()
}

/// Puts `query` (e.g. `?lang=en&pl_q=8`, or "") and `hash` (e.g. `#/planner`) in the address
/// bar, replacing whatever an earlier test left there, as if the reader opened that link.
pub fn open(query: &str, hash: &str) {
    let window = web_sys::window().expect("a window");
    let path = window.location().pathname().expect("a path");
    let url = format!("{path}{query}{hash}");
    window.history().expect("a history").replace_state_with_url(&JsValue::NULL, "", Some(&url)).expect("replaceState");
}

/// Renders [`App`] into a fresh `<div>` and returns at once; the handle unmounts it.
pub fn render() -> (Element, yew::AppHandle<App>) {
    let root = document().create_element("div").expect("a div");
    document().body().expect("a body").append_child(&root).expect("appended");
    let handle = yew::Renderer::<App>::with_root(root.clone()).render();
    (root, handle)
}

/// Renders [`App`] (see [`render`]) and lets its first renders and effects run.
pub async fn mount() -> (Element, yew::AppHandle<App>) {
    let mounted = render();
    settle().await;
    settle().await;
    mounted
}

/// The first element matching `selector`; panics when there is none.
pub fn find(root: &Element, selector: &str) -> Element {
    root.query_selector(selector).ok().flatten().unwrap_or_else(|| panic!("nothing matches {selector:?}"))
}

/// Every element matching `selector`, in document order.
pub fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap_or_else(|_| panic!("bad selector {selector:?}"));
    (0..list.length()).filter_map(|i| list.item(i)?.dyn_into::<Element>().ok()).collect()
}

pub fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).map(|list| list.length()).unwrap_or(0)
}

/// The text of the first element matching `selector`, without surrounding white space;
/// panics when nothing matches.
pub fn text(root: &Element, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default().trim().to_owned()
}

pub fn attr(root: &Element, selector: &str, name: &str) -> Option<String> {
    find(root, selector).get_attribute(name)
}

pub fn input(root: &Element, selector: &str) -> HtmlInputElement {
    find(root, selector).dyn_into::<HtmlInputElement>().unwrap_or_else(|_| panic!("{selector:?} is not an <input>"))
}

pub fn click(root: &Element, selector: &str) {
    find(root, selector).dyn_into::<HtmlElement>().unwrap_or_else(|_| panic!("{selector:?} is not clickable")).click();
}

/// [`click`], then [`settle`].
pub async fn click_and_settle(root: &Element, selector: &str) {
    click(root, selector);
    settle().await;
}

/// Types `value` into the input matching `selector`, as a person would (an `input` event that
/// bubbles).
pub fn type_into(root: &Element, selector: &str, value: &str) {
    let field = input(root, selector);
    field.set_value(value);
    let event = document().create_event("Event").expect("an event");
    event.init_event_with_bubbles("input", true);
    field.dispatch_event(&event).expect("dispatched");
}

/// [`type_into`], then [`settle`].
pub async fn type_and_settle(root: &Element, selector: &str, value: &str) {
    type_into(root, selector, value);
    settle().await;
}

/// Whether the browser asks for less motion (then nothing travels).
pub fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// The Web Animations running on `target` (an element, or the document for all of them):
/// `target.getAnimations()`.
pub fn animations(target: &JsValue) -> Vec<web_sys::Animation> {
    js_sys::Reflect::get(target, &"getAnimations".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call0(target).ok())
        .map(|list| js_sys::Array::from(&list).iter().map(|a| a.unchecked_into()).collect())
        .unwrap_or_default()
}
