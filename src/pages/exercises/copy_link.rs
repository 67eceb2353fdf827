//! A link to share (class set, one exercise): shown in a read-only box, with a Copy button
//! that uses the clipboard and, when the browser refuses, selects the box instead.

use js_sys::{Function, Reflect};
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::hooks::use_i18n;

/// Writes `text` to the clipboard; `done` gets whether it worked.
fn write_clipboard(text: &str, done: Callback<bool>) {
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

/// Props of [`CopyLink`].
#[derive(Properties, PartialEq, Clone)]
pub struct CopyLinkProps {
    /// The element id of the box.
    pub id: AttrValue,
    /// The box's label.
    pub label: AttrValue,
    /// The button's text.
    pub button: AttrValue,
    /// The link.
    pub url: AttrValue,
}

/// A shareable link with a Copy button.
#[component]
pub fn CopyLink(props: &CopyLinkProps) -> Html {
    let i18n = use_i18n();
    let input = use_node_ref();
    let status = use_state_eq(|| None::<bool>);
    {
        let status = status.clone();
        use_effect_with(props.url.clone(), move |_| status.set(None));
    }
    let onclick = {
        let (url, input, status) = (props.url.clone(), input.clone(), status.clone());
        Callback::from(move |_: MouseEvent| {
            let (input, status) = (input.clone(), status.clone());
            write_clipboard(
                &url,
                Callback::from(move |ok: bool| {
                    if !ok {
                        if let Some(el) = input.cast::<HtmlInputElement>() {
                            let _ = el.focus();
                            el.select();
                        }
                    }
                    status.set(Some(ok));
                }),
            );
        })
    };
    let message = match *status {
        Some(true) => i18n.t("page.exercises.link.copied"),
        Some(false) => i18n.t("page.exercises.link.selected"),
        None => "",
    };
    html! {
        <div class="ex-copy-link">
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <div class="ex-copy-row">
                <input type="text" readonly=true id={props.id.clone()} value={props.url.clone()} ref={input} />
                <button type="button" class="ex-button" {onclick}>{ props.button.clone() }</button>
            </div>
            <p class="ex-help" role="status">{ message }</p>
        </div>
    }
}
