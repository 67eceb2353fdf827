//! The current language and its texts, provided by [`crate::App`] as a context.

use yew::prelude::*;

use rebalance_core::plan::duration_in;

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

    /// Like [`I18n::t_args`] for a text about `count` things (see [`i18n::t_count`]): "1 queue
    /// moved", "2 queues moved".
    pub fn t_count(&self, key: &'static str, count: impl TryInto<u64>, args: &[(&str, &str)]) -> String {
        i18n::t_count(self.lang, key, count.try_into().unwrap_or(u64::MAX), args)
    }

    /// A duration in the reader's language, in the core's words ([`duration_in`]): "16 min
    /// 40 s", "16 分 40 秒"; "never" / "永不" when it never ends.
    pub fn duration(&self, seconds: f64) -> String {
        duration_in(seconds, self.lang).unwrap_or_else(|| self.t("duration.never").to_owned())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_written_in_the_readers_language() {
        let en = I18n::new(Lang::En, Callback::noop());
        let zh = I18n::new(Lang::Zh, Callback::noop());
        // The seed's worked example: 1,000 s to drain.
        assert_eq!(en.duration(1_000.0), "16 min 40 s");
        assert_eq!(zh.duration(1_000.0), "16 分 40 秒");
        assert_eq!(en.duration(3_723.0), "1 h 2 min 3 s");
        assert_eq!(zh.duration(3_723.0), "1 小时 2 分 3 秒");
        assert_eq!(zh.duration(172_801.0), "2 天 0 小时 0 分 1 秒");
        assert_eq!(en.duration(0.2), "1 s");
        assert_eq!(zh.duration(-5.0), "0 秒");
        assert_eq!(en.duration(f64::INFINITY), "never");
        assert_eq!(zh.duration(f64::NAN), "永不");
        // English matches the core's own formatting, used by the CLI.
        for seconds in [0.0, 59.5, 60.0, 900.0, 1_000.0, 86_400.0, 1e9] {
            assert_eq!(en.duration(seconds), rebalance_core::plan::format_duration(seconds));
        }
    }
}
