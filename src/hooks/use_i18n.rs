//! The current language and its texts, provided by [`crate::App`] as a context.

use yew::prelude::*;

use crate::i18n::{self, Lang};
use crate::url_state;

/// The reader's language plus the way to change it; cheap to clone.
#[derive(Clone, Debug, PartialEq)]
pub struct I18n {
    lang: Lang,
    set_lang: Callback<Lang>,
}

impl I18n {
    /// A context for `lang` whose language switch calls `set_lang`.
    pub fn new(lang: Lang, set_lang: Callback<Lang>) -> Self {
        I18n { lang, set_lang }
    }

    /// The current language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The text for `key` (see [`i18n::t`]). Write the key as a literal so `cargo test`
    /// can check that it exists in every locale file.
    pub fn t(&self, key: &'static str) -> &'static str {
        i18n::t(self.lang, key)
    }

    /// The text for `key` with its `{name}` placeholders filled from `args`.
    pub fn t_args(&self, key: &'static str, args: &[(&str, &str)]) -> String {
        i18n::t_args(self.lang, key, args)
    }

    /// Switches the whole site to `lang`.
    pub fn set_lang(&self, lang: Lang) {
        self.set_lang.emit(lang);
    }
}

/// The language the reader starts in: `?lang=` if it names a known language, else the
/// browser's preferred languages, else English.
pub fn initial_lang() -> Lang {
    if let Some(lang) = url_state::get("lang").and_then(|code| Lang::from_code(&code)) {
        return lang;
    }
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
        return Lang::En;
    };
    let mut preferred: Vec<String> =
        js_sys::Array::from(&navigator.languages()).iter().filter_map(|value| value.as_string()).collect();
    preferred.extend(navigator.language());
    Lang::negotiate(preferred.iter().map(String::as_str))
}

/// The site's [`I18n`] context; English with a no-op switch outside a provider.
#[hook]
pub fn use_i18n() -> I18n {
    use_context::<I18n>().unwrap_or_else(|| I18n::new(Lang::En, Callback::noop()))
}
