//! Page state in the URL query, so a link reproduces what the reader sees.
//!
//! The route lives in the hash (`#/planner`, see [`crate::router`]); state lives in the
//! query before it: `…/rebalance/?lang=zh-CN&queues=8#/playground`. Every page shares one
//! namespace, so a page prefixes keys that are not site-wide (`planner_backlog`, not
//! `backlog`). Writes use `history.replaceState`: they add no history entry, keep the hash
//! and the history state, and trigger no navigation.
//!
//! Nothing here panics: a missing `window`, an unparsable URL or a refused `replaceState`
//! reads as "no value" and writes as a no-op.

mod read;

pub use read::{quoted, Problem, UrlNotice, UrlReader, QUOTED_CHARS};

use wasm_bindgen::JsValue;
use web_sys::Url;

/// The value of query parameter `key`, if present.
pub fn get(key: &str) -> Option<String> {
    current_url()?.search_params().get(key)
}

/// Sets `key` to `value`, or removes it when `value` is `None`.
pub fn set(key: &str, value: Option<&str>) {
    set_many(&[(key, value)]);
}

/// Applies several [`set`]s with a single `replaceState`.
pub fn set_many(changes: &[(&str, Option<&str>)]) {
    if let Some(url) = changed_url(changes) {
        replace_url(&url);
    }
}

/// The current URL with `changes` applied (a `None` value removes its key), not written.
pub fn changed_url(changes: &[(&str, Option<&str>)]) -> Option<Url> {
    let url = current_url()?;
    let params = url.search_params();
    for (key, value) in changes {
        match value {
            Some(value) => params.set(key, value),
            None => params.delete(key),
        }
    }
    // `url.searchParams` is live: editing it has already rewritten `url.search`.
    url.set_search(&readable(&url.search()));
    Some(url)
}

/// The current URL with `changes` applied as [`set_many`] would, without writing it: the
/// address of the same page in another form (an embed, the full page; `crate::embed`).
#[cfg(embeds)]
pub fn href_with(changes: &[(&str, Option<&str>)]) -> Option<String> {
    changed_url(changes).map(|url| url.href())
}

/// Characters a query may hold as they are (RFC 3986 allows them in a query, and
/// `URLSearchParams` reads them back unchanged) but that `URLSearchParams` writes escaped:
/// `pg_cfg=a0,a1` and rooms `hz:3:2` stay readable in a shared link.
const KEPT: [(&str, char); 5] = [("%2C", ','), ("%3A", ':'), ("%3B", ';'), ("%2F", '/'), ("%40", '@')];

/// `search` (a serialized query, `?a=b%2Cc`) with [`KEPT`]'s escapes written as the
/// characters. Every `%` in a serialized query starts an escape (a literal `%` is `%25`), so
/// only real escapes are replaced.
pub fn readable(search: &str) -> String {
    let mut out = String::with_capacity(search.len());
    let mut rest = search;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let escape = rest.get(at..at + 3).unwrap_or(&rest[at..]);
        match KEPT.iter().find(|(code, _)| code.eq_ignore_ascii_case(escape)) {
            Some(&(_, c)) => out.push(c),
            None => out.push_str(escape),
        }
        rest = &rest[at + escape.len()..];
    }
    out.push_str(rest);
    out
}

/// The whole query as `(key, value)` pairs, in URL order.
pub fn all() -> Vec<(String, String)> {
    let Some(url) = current_url() else {
        return Vec::new();
    };
    let mut pairs = Vec::new();
    let params = url.search_params();
    let iter = js_sys::try_iter(&params).ok().flatten();
    for entry in iter.into_iter().flatten().flatten() {
        let pair = js_sys::Array::from(&entry);
        if let (Some(key), Some(value)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
            pairs.push((key, value));
        }
    }
    pairs
}

fn current_url() -> Option<Url> {
    let href = web_sys::window()?.location().href().ok()?;
    Url::new(&href).ok()
}

fn replace_url(url: &Url) {
    let Some(history) = web_sys::window().and_then(|w| w.history().ok()) else {
        return;
    };
    let state = history.state().unwrap_or(JsValue::NULL);
    // A refused replaceState (e.g. a sandboxed frame) leaves the URL as it was; that is fine.
    let _ = history.replace_state_with_url(&state, "", Some(&url.href()));
}

#[cfg(test)]
mod tests {
    use super::readable;

    #[test]
    fn separators_stay_readable_and_everything_else_stays_escaped() {
        assert_eq!(readable("?pg_cfg=a0%2Ca1&pg_r=hz%3A3%3A2%3Bsh%3A4%3A2"), "?pg_cfg=a0,a1&pg_r=hz:3:2;sh:4:2");
        assert_eq!(readable("?x=%2f%40"), "?x=/@");
        // A literal `%` (written `%25`), `&`, `=`, `#`, spaces and non-ASCII stay escaped.
        assert_eq!(readable("?n=a%252C%26b%3Dc%23+%E4%B8%AD"), "?n=a%252C%26b%3Dc%23+%E4%B8%AD");
        assert_eq!(readable("?t=50%"), "?t=50%");
        assert_eq!(readable("?t=%2"), "?t=%2");
        assert_eq!(readable(""), "");
    }
}
