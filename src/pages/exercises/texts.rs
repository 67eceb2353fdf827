//! The exercise to instantiate, with its texts.
//!
//! A build with both languages embeds every text. A one-language build (the release page,
//! features `en-only` / `zh-cn-only`) embeds only the titles; the other texts of an exercise
//! are its text pack (`rebalance_core::exercise::catalog::text_pack`), fetched from
//! `exercises/<lang>/<file>` beside `index.html` when the exercise opens (a relative URL, so
//! it works from any sub-path), checked against the exercise, and kept for the rest of the
//! visit. A failed fetch is a message with a retry button, never a panic.

use std::cell::RefCell;

use rebalance_core::exercise::catalog::with_text_pack;
use rebalance_core::exercise::{Catalog, Exercise};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use super::{catalog, core_lang, CATALOG_BYTES};
use crate::i18n::ONLY;

/// `(exercise id, file)` of each text pack; empty when the catalog embeds every text
/// (written by `build.rs`).
const PACKS: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/exercise_texts.rs"));

/// Where the open exercise stands.
#[derive(Clone, Debug)]
pub enum Texts {
    /// Complete: ready to instantiate.
    Ready(&'static Exercise),
    /// Its texts are on the way.
    Loading,
    /// Unknown id, or the texts could not be fetched or did not fit (the reason).
    Failed(String),
}

/// The same exercise (by address: there is one copy of each), or the same state.
impl PartialEq for Texts {
    fn eq(&self, other: &Texts) -> bool {
        match (self, other) {
            (Texts::Ready(a), Texts::Ready(b)) => std::ptr::eq(*a, *b),
            (Texts::Loading, Texts::Loading) => true,
            (Texts::Failed(a), Texts::Failed(b)) => a == b,
            _ => false,
        }
    }
}

thread_local! {
    /// The exercises whose texts came this visit: kept until the page closes (a few dozen
    /// at most), so a `&'static` to one stays valid like one into the embedded catalog.
    static FETCHED: RefCell<Vec<&'static Exercise>> = const { RefCell::new(Vec::new()) };
    /// Why the last fetch of an exercise's texts failed, by id (cleared when it is tried again).
    static FAILED: RefCell<Vec<(String, String)>> = const { RefCell::new(Vec::new()) };
}

/// The pack URL of `id`, relative to the document; `None` when the texts are embedded.
pub fn pack_url(id: &str) -> Option<String> {
    let lang = ONLY?;
    PACKS.iter().find(|(pack, _)| *pack == id).map(|(_, file)| format!("exercises/{}/{file}", lang.code()))
}

/// What is known without a request: the embedded or fetched exercise, or why there is none;
/// `None` when its pack must be fetched.
fn known(id: &str) -> Option<Texts> {
    let Some(exercise) = catalog().get(id) else { return Some(Texts::Failed(format!("unknown exercise {id:?}"))) };
    if pack_url(id).is_none() {
        return Some(Texts::Ready(exercise));
    }
    let fetched = FETCHED.with_borrow(|done| done.iter().find(|e| e.id == id).copied()).map(Texts::Ready);
    fetched.or_else(|| {
        FAILED.with_borrow(|failed| failed.iter().find(|(of, _)| of == id).map(|(_, why)| Texts::Failed(why.clone())))
    })
}

fn js_error(error: wasm_bindgen::JsValue) -> String {
    error.as_string().or_else(|| js_sys::JSON::stringify(&error).ok().map(String::from)).unwrap_or_default()
}

async fn fetch(id: &str, url: &str) -> Result<&'static Exercise, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| e.dyn_ref::<js_sys::Error>().map_or_else(|| js_error(e.clone()), |e| String::from(e.message())))?;
    let response: web_sys::Response = response.dyn_into().map_err(js_error)?;
    if !response.ok() {
        return Err(format!("HTTP {} {url}", response.status()));
    }
    let pack =
        JsFuture::from(response.text().map_err(js_error)?).await.map_err(js_error)?.as_string().unwrap_or_default();
    // A fresh copy of the lean exercise to fill: decoding again is less code than a Clone.
    let lean = Catalog::decode(CATALOG_BYTES).exercises.into_iter().find(|e| e.id == id);
    let (Some(lean), Some(lang)) = (lean, ONLY) else { return Err(format!("unknown exercise {id:?}")) };
    let exercise: &'static Exercise = Box::leak(Box::new(with_text_pack(lean, core_lang(lang), &pack)?));
    FETCHED.with_borrow_mut(|done| done.push(exercise));
    Ok(exercise)
}

/// The exercise `id` (`None`: no exercise open) and a callback that fetches again after a
/// failure. Opening an exercise whose fetch failed earlier tries again too. Outcomes are kept
/// per id outside the component, so a late answer for an exercise the reader has left never
/// shows on another one.
#[hook]
pub fn use_texts(id: Option<&str>) -> (Option<Texts>, Callback<()>) {
    let update = use_force_update();
    let tries = use_state(|| 0_u32);
    {
        let update = update.clone();
        use_effect_with((id.map(str::to_owned), *tries), move |(id, _)| {
            let Some((id, url)) = id.as_deref().and_then(|id| Some((id.to_owned(), pack_url(id)?))) else { return };
            let failed_before = FAILED.with_borrow_mut(|failed| {
                let before = failed.len();
                failed.retain(|(of, _)| *of != id);
                failed.len() != before
            });
            if known(&id).is_some() {
                return;
            }
            if failed_before {
                update.force_update();
            }
            yew::platform::spawn_local(async move {
                if let Err(why) = fetch(&id, &url).await {
                    FAILED.with_borrow_mut(|failed| failed.push((id, why)));
                }
                update.force_update();
            });
        });
    }
    let retry = Callback::from(move |()| tries.set(tries.wrapping_add(1)));
    (id.map(|id| known(id).unwrap_or(Texts::Loading)), retry)
}
