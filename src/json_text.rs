//! A stored document's JSON text: the browser's `JSON.parse` / `JSON.stringify` with
//! serde-wasm-bindgen in the wasm, serde_json in the native tests (so both read and write
//! alike). The lessons' progress and the mock interview's run use it; the exercises page's
//! progress has its own (its seeds are 64-bit integers beyond JavaScript's exact numbers:
//! `pages/exercises/storage.rs`).

use serde::de::DeserializeOwned;
use serde::Serialize;

/// The document in `text`, or why it does not read (the browser's or serde's message).
#[cfg(target_arch = "wasm32")]
pub fn read<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    use wasm_bindgen::JsCast;
    let value = js_sys::JSON::parse(text).map_err(|e| {
        e.dyn_ref::<js_sys::Error>().map_or_else(|| "not JSON".to_owned(), |e| String::from(e.message()))
    })?;
    serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
}

/// `value` as JSON text; `None` when the browser cannot write it.
#[cfg(target_arch = "wasm32")]
pub fn write<T: Serialize>(value: &T) -> Option<String> {
    let value = value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).ok()?;
    js_sys::JSON::stringify(&value).ok().map(String::from)
}

/// The document in `text`, or why it does not read.
#[cfg(not(target_arch = "wasm32"))]
pub fn read<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// `value` as JSON text.
#[cfg(not(target_arch = "wasm32"))]
pub fn write<T: Serialize>(value: &T) -> Option<String> {
    serde_json::to_string(value).ok()
}
