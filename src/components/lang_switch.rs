//! The language switch: one button per language, the current one pressed.

use yew::prelude::*;

use crate::hooks::use_i18n;
use crate::i18n::Lang;

/// Buttons that switch the whole site between its languages.
#[component]
pub fn LangSwitch() -> Html {
    let i18n = use_i18n();
    let current = i18n.lang();
    let buttons = Lang::ALL.into_iter().map(|lang| {
        let onclick = {
            let i18n = i18n.clone();
            Callback::from(move |_: MouseEvent| i18n.set_lang(lang))
        };
        html! {
            <button
                type="button"
                class="lang-button"
                lang={lang.code()}
                data-lang={lang.code()}
                aria-pressed={(lang == current).to_string()}
                {onclick}
            >
                { lang.native_name() }
            </button>
        }
    });
    html! {
        <div class="lang-switch" role="group" aria-label={i18n.t("lang.label")}>
            { for buttons }
        </div>
    }
}
