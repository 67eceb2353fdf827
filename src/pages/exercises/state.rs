//! The page's state without the browser: where the reader is (the index or one exercise),
//! the class seed, the progress (active, shelved per class seed, a backup), the notices, and
//! the one reducer every change goes through. Storage is read before the first render
//! ([`super::storage::load`]) and written in an effect, never here.

use std::rc::Rc;

use rebalance_core::exercise::{Answer, Grade, Instance, Progress};
use rebalance_core::float::parse_f64;
use yew::Reducible;

use super::catalog;
use crate::url_state::{Problem, UrlNotice, UrlReader};

/// The class seed a link without `ex_seed` starts with (when nothing is stored).
pub const DEFAULT_SEED: u64 = 1;
/// The largest class seed (every seed up to it is exact in a number field).
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// The largest attempt number ("new numbers" stops there).
pub const MAX_TRY: u32 = 999_999;
/// URL key of the open exercise.
pub const KEY_ID: &str = "ex_id";
/// URL key of the class seed.
pub const KEY_SEED: &str = "ex_seed";
/// URL key of the attempt (0 = the class's own numbers).
pub const KEY_TRY: &str = "ex_try";
/// URL key of the class's model-answer setting (`0`: off; left out: on).
pub const KEY_MODEL: &str = "ex_model";

/// Whether the class sees model answers: a teacher turns them off for a class link, so a
/// student's wrong tries get the method (diagnoses, hints but the last) and not the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ModelAnswers {
    /// The model answer, the expected answers and every hint can be opened.
    #[default]
    Shown,
    /// None of them is shown; grading and diagnoses are unchanged.
    Off,
}

impl ModelAnswers {
    /// The URL values (`ex_model=1` / `ex_model=0`).
    const CHOICES: [(&'static str, ModelAnswers); 2] = [("1", ModelAnswers::Shown), ("0", ModelAnswers::Off)];

    /// The value a link carries: nothing for the default.
    pub fn url_value(self) -> Option<&'static str> {
        (self == ModelAnswers::Off).then_some("0")
    }
}

/// Something the page tells the reader in its `role="status"` box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A URL value not used as given.
    Url(UrlNotice),
    /// Stored progress could not be read; the text was moved to `kept_as`.
    StorageBroken { error: String, kept_as: String },
    /// localStorage cannot be used at all: progress lives in memory.
    StorageUnavailable,
    /// Writing failed (quota, private mode): progress lives in memory from now on.
    StorageWriteFailed,
    /// The link is for another class: the progress of class `from` is kept aside.
    ClassSwitched { from: u64, to: u64 },
    /// Imported progress replaced the progress of the same class, kept as a backup.
    ReplacedByImport { backup: bool },
}

/// Where the reader is, as the URL says it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Location {
    /// The open exercise (`None`: the index).
    pub id: Option<String>,
    /// The class seed, when the URL names one.
    pub seed: Option<u64>,
    /// The attempt.
    pub attempt: u32,
    /// The class's model-answer setting.
    pub model: ModelAnswers,
}

/// Reads `ex_id`, `ex_seed`, `ex_try` and `ex_model` from a query getter; bad values become
/// notices.
pub fn read_url(get: &dyn Fn(&str) -> Option<String>) -> (Location, Vec<Notice>) {
    let mut r = UrlReader::new(get);
    let mut location = Location::default();
    if let Some(raw) = r.raw(KEY_ID) {
        let id = raw.trim();
        if catalog().get(id).is_some() {
            location.id = Some(id.to_owned());
        } else if !id.is_empty() {
            r.note(KEY_ID, &raw, Problem::Invalid, "");
        }
    }
    // A seed that is no number is left out, so the class stored in this browser stays.
    if let Some(raw) = r.raw(KEY_SEED) {
        if parse_f64(raw.trim()).is_some_and(|v| !v.is_nan()) {
            location.seed = u64::try_from(r.whole_in(KEY_SEED, &raw, 0, MAX_SEED as i64, 0)).ok();
        } else {
            r.note(KEY_SEED, &raw, Problem::NotANumber, "");
        }
    }
    location.attempt = u32::try_from(r.whole(KEY_TRY, 0, i64::from(MAX_TRY), 0)).unwrap_or(0);
    location.model = r.choice(KEY_MODEL, &ModelAnswers::CHOICES, ModelAnswers::Shown);
    (location, r.into_notices().into_iter().map(Notice::Url).collect())
}

/// The progress of other classes, one per class seed (`Progress::set_seed`), by seed.
///
/// A sorted `Vec`, not a `BTreeMap<u64, Progress>`: a reader has a handful of classes, and
/// the map's remove and rebalancing code cost the page about 1 KB gzip.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shelf(Vec<Progress>);

impl Shelf {
    fn position(&self, seed: u64) -> Result<usize, usize> {
        self.0.binary_search_by_key(&seed, |p| p.set_seed)
    }

    /// Shelves `progress`, replacing what was shelved for its class.
    pub fn put(&mut self, progress: Progress) {
        match self.position(progress.set_seed) {
            Ok(at) => self.0[at] = progress,
            Err(at) => self.0.insert(at, progress),
        }
    }

    /// Takes class `seed`'s progress off the shelf.
    pub fn take(&mut self, seed: u64) -> Option<Progress> {
        self.position(seed).ok().map(|at| self.0.remove(at))
    }

    /// Whether class `seed` has progress on the shelf.
    pub fn contains(&self, seed: u64) -> bool {
        self.position(seed).is_ok()
    }

    /// The shelved progress, by class seed.
    pub fn iter(&self) -> impl Iterator<Item = &Progress> {
        self.0.iter()
    }
}

/// Everything the page holds.
#[derive(Clone, Debug, PartialEq)]
pub struct PageState {
    /// The progress of the class being worked on (its `set_seed` is the class seed).
    pub progress: Progress,
    /// Progress of other classes, kept until the reader comes back to them.
    pub shelved: Shelf,
    /// Progress an import replaced (same class), kept in storage.
    pub backup: Option<Progress>,
    /// Broken stored texts to keep aside: (key, text).
    pub broken: Vec<(String, String)>,
    /// Whether progress is written to localStorage.
    pub persistent: bool,
    /// The open exercise and attempt (`None`: the index).
    pub open: Option<(String, u32)>,
    /// Whether the class sees model answers (from the URL; the class link carries it).
    pub model: ModelAnswers,
    /// What the page tells the reader.
    pub notices: Vec<Notice>,
}

/// Every change to the page.
#[derive(Clone, Debug)]
pub enum Action {
    /// Open an exercise (and attempt) or, with `None`, the index.
    Open(Option<(String, u32)>),
    /// The URL changed (back/forward): follow it.
    FromUrl(Location),
    /// Work on another class set.
    SetSeed(u64),
    /// The teacher's model-answer setting for the class link.
    SetModel(ModelAnswers),
    /// A graded answer.
    Record { instance: Rc<Instance>, answer: Answer, grade: Rc<Grade> },
    /// Hint `tier` (1 = first) of an exercise was opened.
    Hint { id: String, tier: u8 },
    /// Progress read from an imported file (already validated by the core).
    Import(Progress),
    /// A write to localStorage failed.
    StorageFailed,
    /// Hide the notices.
    DismissNotices,
}

impl PageState {
    /// The state after loading: the stored progress, switched to the URL's class if it
    /// names another one, and the URL's place.
    pub fn new(mut loaded: PageState, location: Location) -> PageState {
        if let Some(seed) = location.seed {
            loaded.switch_class(seed);
        }
        loaded.open = location.id.map(|id| (id, location.attempt));
        loaded.model = location.model;
        loaded
    }

    /// The class seed.
    pub fn seed(&self) -> u64 {
        self.progress.set_seed
    }

    /// Makes `seed` the active class: the current progress is shelved (if it holds
    /// anything) and the shelved progress of `seed`, if any, comes back.
    fn switch_class(&mut self, seed: u64) {
        let from = self.progress.set_seed;
        if seed == from {
            return;
        }
        let next = self.shelved.take(seed).unwrap_or_else(|| Progress::new(seed));
        let previous = std::mem::replace(&mut self.progress, next);
        if !previous.exercises.is_empty() {
            self.shelved.put(previous);
            self.notices.retain(|n| !matches!(n, Notice::ClassSwitched { .. }));
            self.notices.push(Notice::ClassSwitched { from, to: seed });
        }
    }

    fn import(&mut self, imported: Progress) {
        let seed = imported.set_seed;
        self.shelved.take(seed);
        let previous = std::mem::replace(&mut self.progress, imported);
        if previous.exercises.is_empty() {
            return;
        }
        if previous.set_seed == seed {
            self.backup = Some(previous);
            self.notices.push(Notice::ReplacedByImport { backup: true });
        } else {
            self.shelved.put(previous);
        }
    }
}

impl Reducible for PageState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Open(open) => next.open = open,
            Action::FromUrl(location) => {
                if let Some(seed) = location.seed {
                    next.switch_class(seed);
                }
                next.open = location.id.map(|id| (id, location.attempt));
                next.model = location.model;
            }
            Action::SetSeed(seed) => next.switch_class(seed.min(MAX_SEED)),
            Action::SetModel(model) => next.model = model,
            Action::Record { instance, answer, grade } => next.progress.record(&instance, &answer, &grade),
            Action::Hint { id, tier } => next.progress.record_hint(&id, tier),
            Action::Import(progress) => next.import(progress),
            Action::StorageFailed => {
                if next.persistent {
                    next.persistent = false;
                    next.notices.push(Notice::StorageWriteFailed);
                }
            }
            Action::DismissNotices => next.notices.clear(),
        }
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}
