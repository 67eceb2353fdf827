//! Progress in localStorage, behind a small [`Store`] trait so the rules are tested natively.
//!
//! Keys: [`KEY`] holds the active class's progress (the core's versioned schema, the same
//! JSON as an export); [`SHELF_PREFIX`]`<seed>` holds the progress of a class the reader
//! switched away from; [`BACKUP_KEY`] the progress an import replaced; and
//! [`BROKEN_PREFIX`]`<n>` every stored text that could not be read, moved aside instead of
//! lost. Reading never fails: anything unreadable becomes a notice and a fresh start.
//!
//! [`read_progress`] and [`write_progress`] turn the text into [`Progress`] and back: in the
//! browser through its own `JSON.parse` / `JSON.stringify` and serde-wasm-bindgen, in the
//! native tests through serde_json.

use rebalance_core::exercise::{Progress, ProgressError};

use super::state::{ModelAnswers, Notice, PageState, Shelf, DEFAULT_SEED};

/// The active progress.
pub const KEY: &str = "rebalance-lab.progress.v1";
/// Progress of other classes: this prefix, then the class seed.
pub const SHELF_PREFIX: &str = "rebalance-lab.progress.v1.seed.";
/// The progress an import replaced.
pub const BACKUP_KEY: &str = "rebalance-lab.progress.backup";
/// Broken copies: this prefix, then 1, 2, …
pub const BROKEN_PREFIX: &str = "rebalance-lab.progress.broken.";

/// A key-value store (localStorage in the browser). `Err` means the store refused.
pub trait Store {
    /// The value of `key`.
    fn get(&self, key: &str) -> Result<Option<String>, ()>;
    /// Sets `key`.
    fn set(&self, key: &str, value: &str) -> Result<(), ()>;
    /// Removes `key`.
    fn remove(&self, key: &str);
    /// Every key.
    fn keys(&self) -> Vec<String>;
}

/// `window.localStorage`.
pub struct WebStore(web_sys::Storage);

impl WebStore {
    /// localStorage, or `None` when the browser refuses it (blocked cookies, sandbox…).
    pub fn local() -> Option<WebStore> {
        web_sys::window()?.local_storage().ok().flatten().map(WebStore)
    }
}

impl Store for WebStore {
    fn get(&self, key: &str) -> Result<Option<String>, ()> {
        self.0.get_item(key).map_err(|_| ())
    }

    fn set(&self, key: &str, value: &str) -> Result<(), ()> {
        self.0.set_item(key, value).map_err(|_| ())
    }

    fn remove(&self, key: &str) {
        let _ = self.0.remove_item(key);
    }

    fn keys(&self) -> Vec<String> {
        let n = self.0.length().unwrap_or(0);
        (0..n).filter_map(|i| self.0.key(i).ok().flatten()).collect()
    }
}

/// The class seed of a shelf key.
fn shelf_seed(key: &str) -> Option<u64> {
    key.strip_prefix(SHELF_PREFIX)?.parse().ok()
}

/// The shelf key of a class seed.
pub fn shelf_key(seed: u64) -> String {
    format!("{SHELF_PREFIX}{seed}")
}

/// Reads everything stored. `fallback_seed` is the class of a fresh start.
pub fn load(store: Option<&dyn Store>, fallback_seed: Option<u64>) -> PageState {
    let fresh = Progress::new(fallback_seed.unwrap_or(DEFAULT_SEED));
    let mut state = PageState {
        progress: fresh.clone(),
        shelved: Shelf::default(),
        backup: None,
        broken: Vec::new(),
        persistent: false,
        open: None,
        model: ModelAnswers::Shown,
        notices: Vec::new(),
    };
    let Some(store) = store else {
        state.notices.push(Notice::StorageUnavailable);
        return state;
    };
    let Ok(active) = store.get(KEY) else {
        state.notices.push(Notice::StorageUnavailable);
        return state;
    };
    state.persistent = true;
    let keys = store.keys();
    // A list, not a set: a few keys, and collecting a set compiles another sort (~1.5 KB).
    let mut taken: Vec<String> = keys.iter().filter(|k| k.starts_with(BROKEN_PREFIX)).cloned().collect();
    let mut keep_aside = |state: &mut PageState, text: String, error: String| {
        let kept_as = (1u32..)
            .map(|n| format!("{BROKEN_PREFIX}{n}"))
            .find(|k| !taken.contains(k))
            .unwrap_or_else(|| format!("{BROKEN_PREFIX}0"));
        taken.push(kept_as.clone());
        state.notices.push(Notice::StorageBroken { error, kept_as: kept_as.clone() });
        state.broken.push((kept_as, text));
    };
    if let Some(text) = active {
        match read_progress(&text) {
            Ok(progress) => state.progress = progress,
            Err(e) => keep_aside(&mut state, text, e.to_string()),
        }
    }
    for key in keys {
        let Some(seed) = shelf_seed(&key) else { continue };
        let Ok(Some(text)) = store.get(&key) else { continue };
        match read_progress(&text) {
            Ok(p) if p.set_seed == seed && seed != state.progress.set_seed => {
                state.shelved.put(p);
            }
            Ok(_) => {}
            Err(e) => keep_aside(&mut state, text, e.to_string()),
        }
    }
    state
}

/// Writes the broken copies aside (once, right after loading).
pub fn keep_broken(store: &dyn Store, broken: &[(String, String)]) -> Result<(), ()> {
    broken.iter().try_for_each(|(key, text)| store.set(key, text))
}

/// Writes the active, shelved and backup progress; removes shelf keys no longer shelved.
pub fn persist(store: &dyn Store, state: &PageState) -> Result<(), ()> {
    store.set(KEY, &write_progress(&state.progress).ok_or(())?)?;
    for p in state.shelved.iter() {
        store.set(&shelf_key(p.set_seed), &write_progress(p).ok_or(())?)?;
    }
    for key in store.keys() {
        if shelf_seed(&key).is_some_and(|seed| !state.shelved.contains(seed)) {
            store.remove(&key);
        }
    }
    if let Some(backup) = &state.backup {
        store.set(BACKUP_KEY, &write_progress(backup).ok_or(())?)?;
    }
    Ok(())
}

/// Stored progress longer than this is refused rather than parsed (8 MiB).
const MAX_STORED_LEN: usize = 8 << 20;

/// Reads stored progress (localStorage or an imported file); never panics.
pub fn read_progress(text: &str) -> Result<Progress, ProgressError> {
    if text.len() > MAX_STORED_LEN {
        return Err(ProgressError::Invalid(format!("{} bytes is more than progress can take", text.len())));
    }
    json_text::read(text)
}

/// The stored form of `progress` (also the export file); `None` when the browser cannot write
/// it (see `json_text`).
pub fn write_progress(progress: &Progress) -> Option<String> {
    json_text::write(progress)
}

/// The browser's JSON. Seeds are `u64` and most instance seeds are beyond JavaScript's exact
/// integers (2^53 − 1), so a seed never travels as a JS number: `JSON.parse`'s reviver reads a
/// seed beyond that range from its source text as a `BigInt` (which serde-wasm-bindgen reads
/// as `u64`), and `JSON.stringify`'s replacer writes a `BigInt` back as its digits with
/// `JSON.rawJSON`. A browser without source text in the reviver refuses such a seed (the
/// message names the field) instead of rounding it; one without `JSON.rawJSON` fails to
/// write progress holding one, which the page reports as storage that failed.
#[cfg(target_arch = "wasm32")]
mod json_text {
    use js_sys::{BigInt, Function, Number, Reflect, JSON};
    use rebalance_core::exercise::{load_progress, Progress, ProgressError};
    use serde::Serialize;
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        /// `JSON.parse(text, reviver)`, whose reviver gets `(key, value, context)`.
        #[wasm_bindgen(js_namespace = JSON, js_name = parse, catch)]
        fn parse_with_reviver(text: &str, reviver: &Function) -> Result<JsValue, JsValue>;
        /// `JSON.rawJSON(text)`: a value `JSON.stringify` writes as `text`.
        #[wasm_bindgen(js_namespace = JSON, js_name = rawJSON, catch)]
        fn raw_json(text: &str) -> Result<JsValue, JsValue>;
    }

    /// The largest integer a JavaScript number holds exactly (`Number.MAX_SAFE_INTEGER`).
    const MAX_EXACT: u64 = (1 << 53) - 1;

    /// The members that hold seeds (`Progress::set_seed`, `BestAttempt::seed`).
    const SEED_KEYS: [&str; 2] = ["setSeed", "seed"];

    pub fn read(text: &str) -> Result<Progress, ProgressError> {
        let reviver = Closure::<dyn FnMut(JsValue, JsValue, JsValue) -> JsValue>::new(exact_seed);
        let value = parse_with_reviver(text, reviver.as_ref().unchecked_ref()).map_err(|e| {
            let message = e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message()));
            ProgressError::Json(message.unwrap_or_else(|| "not JSON".to_owned()))
        })?;
        load_progress(|| serde_wasm_bindgen::Deserializer::from(value.clone()))
    }

    /// A seed beyond JavaScript's exact integers as a `BigInt` of its source text.
    fn exact_seed(key: JsValue, value: JsValue, context: JsValue) -> JsValue {
        let is_seed = key.as_string().is_some_and(|k| SEED_KEYS.contains(&k.as_str()));
        if !is_seed || value.as_f64().is_none() || Number::is_safe_integer(&value) {
            return value;
        }
        let source = Reflect::get(&context, &JsValue::from_str("source")).ok().and_then(|s| s.as_string());
        match source.filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())) {
            Some(digits) => BigInt::new(&JsValue::from_str(&digits)).map_or(value, JsValue::from),
            None => value,
        }
    }

    /// A `BigInt` as a number when that is exact, else as its digits (`JSON.rawJSON`).
    fn exact_integer(_key: JsValue, value: JsValue) -> JsValue {
        let Some(digits) = value.dyn_ref::<BigInt>().and_then(|big| big.to_string(10).ok()) else { return value };
        let digits = String::from(digits);
        match digits.parse::<i64>() {
            Ok(n) if n.unsigned_abs() <= MAX_EXACT => JsValue::from_f64(n as f64),
            _ => raw_json(&digits).unwrap_or(value),
        }
    }

    pub fn write(progress: &Progress) -> Option<String> {
        // Maps as plain objects; 64-bit integers as `BigInt`s, which the replacer writes.
        let serializer =
            serde_wasm_bindgen::Serializer::json_compatible().serialize_large_number_types_as_bigints(true);
        let value = progress.serialize(&serializer).ok()?;
        let replacer = Closure::<dyn FnMut(JsValue, JsValue) -> JsValue>::new(exact_integer);
        JSON::stringify_with_replacer(&value, replacer.as_ref()).ok().map(String::from)
    }
}

/// serde_json, for the native tests of the rules above.
#[cfg(not(target_arch = "wasm32"))]
mod json_text {
    use rebalance_core::exercise::{load_progress, Progress, ProgressError};

    pub fn read(text: &str) -> Result<Progress, ProgressError> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| ProgressError::Json(e.to_string()))?;
        load_progress(|| &value)
    }

    pub fn write(progress: &Progress) -> Option<String> {
        serde_json::to_string(progress).ok()
    }
}
