//! Progress in localStorage, behind a small [`Store`] trait so the rules are tested natively.
//!
//! Keys: [`KEY`] holds the active class's progress (the core's versioned schema, the same
//! JSON as an export); [`SHELF_PREFIX`]`<seed>` holds the progress of a class the reader
//! switched away from; [`BACKUP_KEY`] the progress an import replaced; and
//! [`BROKEN_PREFIX`]`<n>` every stored text that could not be read, moved aside instead of
//! lost. Reading never fails: anything unreadable becomes a notice and a fresh start.

use rebalance_core::exercise::{load_progress, Progress};

use super::state::{Notice, PageState, Shelf, DEFAULT_SEED};

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
        match load_progress(&text) {
            Ok(progress) => state.progress = progress,
            Err(e) => keep_aside(&mut state, text, e.to_string()),
        }
    }
    for key in keys {
        let Some(seed) = shelf_seed(&key) else { continue };
        let Ok(Some(text)) = store.get(&key) else { continue };
        match load_progress(&text) {
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
    store.set(KEY, &state.progress.to_json())?;
    for p in state.shelved.iter() {
        store.set(&shelf_key(p.set_seed), &p.to_json())?;
    }
    for key in store.keys() {
        if shelf_seed(&key).is_some_and(|seed| !state.shelved.contains(seed)) {
            store.remove(&key);
        }
    }
    if let Some(backup) = &state.backup {
        store.set(BACKUP_KEY, &backup.to_json())?;
    }
    Ok(())
}
