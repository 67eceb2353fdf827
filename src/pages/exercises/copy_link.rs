//! A link to share (class set, one exercise): shown in a read-only box, with a Copy button
//! that uses the clipboard and, when the browser refuses, selects the box instead.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::clipboard::write_clipboard;
use crate::hooks::use_i18n;

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
                <button type="button" class="button" {onclick}>{ props.button.clone() }</button>
            </div>
            <p class="ex-help" role="status">{ message }</p>
        </div>
    }
}
