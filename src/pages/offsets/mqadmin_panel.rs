//! The group as `mqadmin consumerProgress -g GROUP` prints it (`mqadmin::render`), a Copy
//! button, and a text box to load such output back (`mqadmin::parse`).

use std::rc::Rc;

use js_sys::{Function, Reflect};
use rebalance_core::mqadmin::parse;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::model::MAX_QUEUES;
use super::state::Action;
use super::url::valid_group;
use crate::clipboard::write_clipboard;
use crate::hooks::use_i18n;

/// Props of [`MqadminPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct MqadminPanelProps {
    /// The rendered text.
    pub text: AttrValue,
    /// The consumer group (`-g`).
    pub group: AttrValue,
    /// `-s true` is on.
    pub client_ips: bool,
    /// Changes the page state.
    pub dispatch: Callback<Action>,
}

/// What the Copy button achieved.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Copy {
    Done,
    Selected,
}

/// What the last Load did.
#[derive(Clone, PartialEq, Eq)]
enum Loaded {
    Rows(usize),
    Error(String),
}

/// Selects the children of `node` (the copy fallback), without a `Selection` binding.
fn select_children(node: &JsValue) {
    let Some(window) = web_sys::window() else { return };
    let selection = Reflect::get(&window, &"getSelection".into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .and_then(|f| f.call0(&window).ok());
    let Some(selection) = selection.filter(|s| s.is_object()) else { return };
    if let Some(select) =
        Reflect::get(&selection, &"selectAllChildren".into()).ok().and_then(|f| f.dyn_into::<Function>().ok())
    {
        let _ = select.call1(&selection, node);
    }
}

/// The mqadmin panel.
#[component]
pub fn MqadminPanel(props: &MqadminPanelProps) -> Html {
    let i18n = use_i18n();
    let pre = use_node_ref();
    let paste = use_node_ref();
    let copied = use_state_eq(|| None::<Copy>);
    let loaded = use_state_eq(|| None::<Loaded>);
    {
        let copied = copied.clone();
        use_effect_with(props.text.clone(), move |_| copied.set(None));
    }

    let on_copy = {
        let (text, pre, copied) = (props.text.clone(), pre.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            let (pre, copied) = (pre.clone(), copied.clone());
            write_clipboard(
                &text,
                Callback::from(move |ok: bool| {
                    if !ok {
                        if let Some(node) = pre.get() {
                            select_children(&node);
                        }
                    }
                    copied.set(Some(if ok { Copy::Done } else { Copy::Selected }));
                }),
            );
        })
    };
    let on_load = {
        let (paste, loaded, dispatch) = (paste.clone(), loaded.clone(), props.dispatch.clone());
        Callback::from(move |_: MouseEvent| {
            let text = paste.cast::<HtmlTextAreaElement>().map(|t| t.value()).unwrap_or_default();
            match parse(&text) {
                Ok(parsed) if parsed.queues.is_empty() => loaded.set(Some(Loaded::Error(String::new()))),
                Ok(parsed) => {
                    loaded.set(Some(Loaded::Rows(parsed.queues.len().min(MAX_QUEUES))));
                    dispatch.emit(Action::Load(Rc::new(parsed)));
                }
                Err(error) => loaded.set(Some(Loaded::Error(error.to_string()))),
            }
        })
    };
    let on_ips = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |e: Event| {
            dispatch.emit(Action::ClientIps(e.target_unchecked_into::<HtmlInputElement>().checked()))
        })
    };
    let group_error = use_state_eq(|| false);
    // The box shows what was typed, also a name that cannot be applied (any re-render, e.g. a
    // language switch, keeps it); it follows the page's group when that changes elsewhere.
    let group_text = use_state_eq(|| props.group.clone());
    {
        let (group_text, group_error) = (group_text.clone(), group_error.clone());
        use_effect_with(props.group.clone(), move |group| {
            if !*group_error {
                group_text.set(group.clone());
            }
        });
    }
    let on_group = {
        let (dispatch, group_error, group_text) = (props.dispatch.clone(), group_error.clone(), group_text.clone());
        Callback::from(move |e: InputEvent| {
            let value = e.target_unchecked_into::<HtmlInputElement>().value();
            let ok = valid_group(&value);
            group_error.set(!ok);
            group_text.set(AttrValue::from(value.clone()));
            if ok {
                dispatch.emit(Action::Group(value));
            }
        })
    };
    let command =
        format!("$ sh mqadmin consumerProgress -g {}{}", props.group, if props.client_ips { " -s true" } else { "" });

    html! {
        <section class="of-panel of-mqadmin" aria-labelledby="of-mqadmin-title">
            <h2 id="of-mqadmin-title">{ i18n.t("page.offsets.mqadmin.title") }</h2>
            <p class="of-explain">{ i18n.t("page.offsets.mqadmin.explain") }</p>
            <div class="of-field-row">
                <div class="of-text-field">
                    <label for="of-group">{ i18n.t("page.offsets.mqadmin.group") }</label>
                    <input id="of-group" type="text" value={(*group_text).clone()} oninput={on_group}
                        spellcheck="false" autocomplete="off" aria-invalid={group_error.to_string()}
                        aria-describedby={group_error.then_some("of-group-error")} />
                    if *group_error {
                        <p id="of-group-error" class="number-field-error" role="alert">{ i18n.t("page.offsets.mqadmin.group_invalid") }</p>
                    }
                </div>
                <label class="of-check">
                    <input type="checkbox" id="of-client-ips" checked={props.client_ips} onchange={on_ips} />
                    { i18n.t("page.offsets.mqadmin.client_ips") }
                </label>
            </div>
            <div class="of-terminal">
                <div class="of-terminal-bar">
                    <code class="of-command">{ command }</code>
                    <button type="button" class="button" onclick={on_copy}>{ i18n.t("page.offsets.mqadmin.copy") }</button>
                </div>
                <pre ref={pre} class="of-pre" tabindex="0" role="region" aria-label={i18n.t("page.offsets.mqadmin.output_label")}>{ props.text.clone() }</pre>
            </div>
            <p class="of-status" role="status">
                { match *copied {
                    Some(Copy::Done) => i18n.t("page.offsets.mqadmin.copied"),
                    Some(Copy::Selected) => i18n.t("page.offsets.mqadmin.copy_fallback"),
                    None => "",
                } }
            </p>

            <h3><label for="of-paste">{ i18n.t("page.offsets.mqadmin.paste_label") }</label></h3>
            <p class="of-explain" id="of-paste-help">{ i18n.t("page.offsets.mqadmin.paste_help") }</p>
            <textarea ref={paste} id="of-paste" class="of-paste" rows="6" spellcheck="false"
                aria-describedby="of-paste-help" placeholder="#Topic  #Broker Name  #QID  #Broker Offset  …" />
            <div class="of-toolbar">
                <button type="button" class="button button-primary" onclick={on_load}>{ i18n.t("page.offsets.mqadmin.load") }</button>
            </div>
            { match &*loaded {
                Some(Loaded::Rows(n)) => html! {
                    <p class="of-status of-ok" role="status">{ i18n.t_args("page.offsets.mqadmin.loaded", &[("count", &n.to_string())]) }</p>
                },
                Some(Loaded::Error(e)) if e.is_empty() => html! {
                    <p class="of-paste-error" role="alert">{ i18n.t("page.offsets.mqadmin.no_rows") }</p>
                },
                Some(Loaded::Error(e)) => html! {
                    <p class="of-paste-error" role="alert">{ i18n.t_args("page.offsets.mqadmin.error", &[("error", e)]) }</p>
                },
                None => html! {},
            } }
        </section>
    }
}
