//! A panic hook that tells the reader, not only the console.
//!
//! In WebAssembly a panic kills the whole app (the release profile uses `panic = "abort"`;
//! the hook still runs first). `console_error_panic_hook` would only log it, leaving a page
//! that silently stops reacting, so this hook also puts a visible `role="alert"` banner at
//! the top of `<body>`. The banner is styled by `.panic-banner` in `static/style.css` (no
//! inline style, see the CSP note in `lib.rs`) and is written in both languages because the
//! app's own state can no longer be trusted.

use std::panic::PanicHookInfo;

/// The `id` of the banner element, for CSS and tests.
pub const BANNER_ID: &str = "panic-banner";

/// Installs the hook. Call once, before rendering.
///
/// It goes through `yew::set_custom_panic_hook`: a hook set with `std::panic::set_hook`
/// alone would be replaced by Yew's own (console only) when the app is rendered.
pub fn install() {
    yew::set_custom_panic_hook(Box::new(on_panic));
}

fn on_panic(info: &PanicHookInfo<'_>) {
    let message = info.to_string();
    web_sys::console::error_1(&format!("Rebalance Lab panicked: {message}").into());
    show(&message);
}

/// Shows (or updates) the error banner with `detail`. Does nothing outside a browser page.
pub fn show(detail: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = document.body() else {
        return;
    };
    let banner = match document.get_element_by_id(BANNER_ID) {
        Some(existing) => existing,
        None => {
            let Ok(banner) = document.create_element("div") else {
                return;
            };
            banner.set_id(BANNER_ID);
            banner.set_class_name("panic-banner");
            let _ = banner.set_attribute("role", "alert");
            let _ = body.prepend_with_node_1(&banner);
            banner
        }
    };
    banner.set_text_content(None);
    let lines = [
        ("p", "Rebalance Lab stopped because of an internal error. Please reload the page."),
        ("p", "Rebalance Lab 因内部错误已停止运行，请刷新页面。"),
        ("pre", detail),
    ];
    for (tag, text) in lines {
        if let Ok(element) = document.create_element(tag) {
            element.set_text_content(Some(text));
            let _ = banner.append_child(&element);
        }
    }
}
