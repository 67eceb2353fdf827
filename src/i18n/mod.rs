//! Translations: one locale file per language, embedded at compile time.
//!
//! The files (`en.toml`, `zh-CN.toml` beside this module, and one per page in `en/` and
//! `zh-CN/`) are TOML tables of strings, where `key` under `[nav]` becomes `nav.key`. To add a text, add the same key to **both** files; `cargo test` fails when a
//! key is missing from either file, when a value is empty, when the `{placeholders}` of a
//! key differ between languages, or when source code asks for a key that no file defines.
//!
//! Components read texts through [`crate::hooks::use_i18n`]: `i18n.t("nav.offsets")`.
//! A lookup never panics: a key missing in a language falls back to English, then to the
//! key itself.
//!
//! The build script reads the files with the `toml` crate (`catalog.rs`) and embeds the
//! sorted entries (`build.rs`; a file that does not parse fails the build), so the wasm holds
//! no parser: [`t`] splits the embedded entries once and looks keys up by binary search.

#[cfg(test)]
mod catalog;

use std::sync::OnceLock;

#[cfg(test)]
pub use catalog::Catalog;

pub use rebalance_core::Lang;

/// The language's locale files, `(name, text)`: the shared file, then one file per page
/// compiled into this wasm, in `pages.toml`'s order. `build.rs` reads the same files and lists
/// them for this function.
#[cfg(test)]
fn sources(lang: Lang) -> Vec<(&'static str, &'static str)> {
    match lang {
        Lang::En => include!(concat!(env!("OUT_DIR"), "/locale_sources_en.rs")),
        Lang::Zh => include!(concat!(env!("OUT_DIR"), "/locale_sources_zh-CN.rs")),
    }
}

/// The embedded entries of `lang`, `key U+001F value U+001E …`, sorted by key (`build.rs`).
fn packed(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!(concat!(env!("OUT_DIR"), "/locale_en.txt")),
        Lang::Zh => include_str!(concat!(env!("OUT_DIR"), "/locale_zh-CN.txt")),
    }
}

/// `(key, text)` of `lang`, sorted by key; split from [`packed`] on first use.
fn entries(lang: Lang) -> &'static [(&'static str, &'static str)] {
    static EN: OnceLock<Vec<(&str, &str)>> = OnceLock::new();
    static ZH: OnceLock<Vec<(&str, &str)>> = OnceLock::new();
    let cell = match lang {
        Lang::En => &EN,
        Lang::Zh => &ZH,
    };
    cell.get_or_init(|| {
        packed(lang).split_terminator('\u{1e}').filter_map(|entry| entry.split_once('\u{1f}')).collect()
    })
}

/// The text for `key` in `lang` only.
pub(crate) fn get(lang: Lang, key: &str) -> Option<&'static str> {
    let entries = entries(lang);
    entries.binary_search_by(|(k, _)| (*k).cmp(key)).ok().and_then(|i| entries.get(i)).map(|(_, text)| *text)
}

/// The text for `key` in `lang`, falling back to English and then to the key itself.
pub fn t(lang: Lang, key: &'static str) -> &'static str {
    get(lang, key).or_else(|| get(Lang::En, key)).unwrap_or(key)
}

/// Like [`t`], with each `{name}` replaced by its value from `args`.
pub fn t_args(lang: Lang, key: &'static str, args: &[(&str, &str)]) -> String {
    fill(t(lang, key), args)
}

/// The suffix of a text's singular form: `summary.line_one` is `summary.line` for a count of 1.
pub const ONE: &str = "_one";

/// Like [`t_args`] for a text about `count` things: when `count` is 1, the language's
/// singular form (`{key}_one`) if it has one ("1 queue moved"; Chinese has no plural forms,
/// so its files hold none), else the text itself ("5 queues moved", "1 个队列被迁移").
pub fn t_count(lang: Lang, key: &'static str, count: u64, args: &[(&str, &str)]) -> String {
    let one = if count == 1 { get(lang, &format!("{key}{ONE}")) } else { None };
    fill(one.unwrap_or_else(|| t(lang, key)), args)
}

/// `text` with each `{name}` of `args` replaced by its value.
pub(crate) fn fill(text: &str, args: &[(&str, &str)]) -> String {
    args.iter().fold(text.to_owned(), |text, (name, value)| text.replace(&format!("{{{name}}}"), value))
}

#[cfg(test)]
mod glossary;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) use tests::internal_reference;
