//! Rebalance Lab: the Yew site that makes Apache RocketMQ consumer load balancing visible.
//!
//! The crate exports [`App`]; `main.rs` only mounts it. The model itself lives in
//! `rebalance_core`, which knows nothing about the browser: this crate owns every
//! `web-sys` call.
//!
//! # Codemap
//!
//! - [`app`]: the root component (language context, router, header, page outlet).
//! - [`router`]: the pages ([`router::Route`], generated from `pages.toml`) and a small hash
//!   router.
//! - [`i18n`]: the two locale files and the `t("key")` lookup.
//! - [`url_state`]: page state kept in the URL query (`?lang=en&queues=8`).
//! - [`panic_banner`]: the panic hook that shows a visible error banner.
//! - `embed`: a page's widget alone for an `<iframe>` (`?embed=1`), in the wasm of every page
//!   that has one.
//! - `components/`: one function component per file; `pages/`: one page per file.
//!
//! # Content Security Policy
//!
//! `index.html` carries a strict CSP (`style-src 'self'`, no inline scripts). That forbids
//! `style="…"` attributes in HTML, including ones Yew would render from `html!`. Components
//! therefore never write `style=` attributes: static looks come from classes in
//! `static/style.css`, computed values (bar widths) are set through the
//! CSSOM, e.g. `element.style().set_property("width", "40%")`, which CSP allows, and the
//! tiles' travel is a Web Animation (`element.animate`), which leaves no style behind.

pub mod app;
pub mod clipboard;
pub mod components;
#[cfg(embeds)]
pub mod embed;
pub mod hooks;
pub mod i18n;
#[cfg(any(feature = "learn", feature = "interview", feature = "class"))]
pub mod json_text;
#[cfg(test)]
mod page_list;
pub mod pages;
pub mod panic_banner;
pub mod router;
#[cfg(any(
    feature = "exercises",
    feature = "troubleshoot",
    feature = "learn",
    feature = "interview",
    feature = "class"
))]
pub mod show_me;
pub mod url_state;

pub use app::App;

/// Returns the element the app mounts into: `#app`, emptied of its "Loading…" text.
///
/// Falls back to `None` (the caller then renders into `<body>`) when the page has no `#app`.
pub fn mount_point() -> Option<web_sys::Element> {
    let root = gloo::utils::document().get_element_by_id("app")?;
    root.set_text_content(None);
    Some(root)
}
