//! The clipboard, reached through `navigator.clipboard` by reflection (it is missing in
//! insecure contexts and older browsers): shared by every Copy button.

use js_sys::{Function, Reflect};
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use yew::Callback;

/// Writes `text` to the clipboard; `done` gets `true` on success, `false` when the
/// clipboard is missing (e.g. an insecure context) or refuses.
pub fn write_clipboard(text: &str, done: Callback<bool>) {
    let clipboard = web_sys::window()
        .and_then(|w| Reflect::get(&w.navigator(), &"clipboard".into()).ok())
        .filter(|c| c.is_object());
    let write = clipboard
        .as_ref()
        .and_then(|c| Reflect::get(c, &"writeText".into()).ok())
        .and_then(|f| f.dyn_into::<Function>().ok());
    let (Some(clipboard), Some(write)) = (clipboard, write) else {
        done.emit(false);
        return;
    };
    let promise = write.call1(&clipboard, &JsValue::from_str(text)).ok();
    let then =
        promise.as_ref().and_then(|p| Reflect::get(p, &"then".into()).ok()).and_then(|f| f.dyn_into::<Function>().ok());
    let (Some(promise), Some(then)) = (promise, then) else {
        done.emit(false);
        return;
    };
    let ok = Closure::once_into_js({
        let done = done.clone();
        move |_: JsValue| done.emit(true)
    });
    let failed = Closure::once_into_js(move |_: JsValue| done.emit(false));
    let _ = then.call2(&promise, &ok, &failed);
}
