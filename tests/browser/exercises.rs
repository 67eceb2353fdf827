//! Browser tests of the exercises page (`#/exercises`): an exercise opened by its link with a
//! fixed class seed, a listed mistake entered through the real inputs gets its diagnosis, a
//! hint is recorded, the reference answer scores 100 for every exercise, corrupted storage is
//! kept aside, and bad URL values are named. Run:
//! `cargo test -p rebalance_lab --target wasm32-unknown-unknown --test browser exercises::`.

use crate::support::settle;
use rebalance_core::exercise::instance::{InstanceMistake, MistakePattern, PartInput};
use rebalance_core::exercise::{catalog, instance_for, reference_answer, value_answer, Instance, PartAnswer, Progress};
use rebalance_lab::i18n::{t, Lang};
use rebalance_lab::pages::{read_progress, write_progress};
use rebalance_lab::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{Element, HtmlElement, HtmlInputElement};

const KEY: &str = "rebalance-lab.progress.v1";

fn storage() -> web_sys::Storage {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten()).expect("localStorage")
}

/// Removes every key this page stores, so tests start from nothing.
fn clear_storage() {
    let session = web_sys::window().and_then(|w| w.session_storage().ok().flatten()).expect("sessionStorage");
    for s in [storage(), session] {
        let keys: Vec<String> = (0..s.length().unwrap_or(0)).filter_map(|i| s.key(i).ok().flatten()).collect();
        for key in keys.iter().filter(|k| k.starts_with("rebalance-lab.")) {
            s.remove_item(key).expect("removed");
        }
    }
}

/// Puts `query` and `#/exercises` in the address bar.
fn open(query: &str) {
    crate::support::open(query, "#/exercises");
}

/// The rendered app; its methods are the `support` helpers on its root, and the page's own.
struct Mounted {
    root: Element,
    handle: yew::AppHandle<App>,
}

impl Mounted {
    async fn new() -> Mounted {
        let (root, handle) = crate::support::mount().await;
        Mounted { root, handle }
    }

    fn done(self) {
        self.handle.destroy();
        self.root.remove();
    }

    fn find(&self, selector: &str) -> Element {
        crate::support::find(&self.root, selector)
    }

    fn all(&self, selector: &str) -> Vec<Element> {
        crate::support::all(&self.root, selector)
    }

    fn text(&self, selector: &str) -> String {
        crate::support::text(&self.root, selector)
    }

    fn attr(&self, selector: &str, name: &str) -> Option<String> {
        crate::support::attr(&self.root, selector, name)
    }

    async fn click(&self, selector: &str) {
        crate::support::click_and_settle(&self.root, selector).await;
    }

    async fn type_into(&self, selector: &str, value: &str) {
        crate::support::type_and_settle(&self.root, selector, value).await;
    }

    /// Enters `answer` for part `index` through the page's own controls.
    async fn enter(&self, inst: &Instance, index: usize, answer: &PartAnswer) {
        let part = &inst.parts[index];
        let id = format!("ex-part-{index}");
        match (answer, &part.input) {
            (PartAnswer::Number(x), _) => self.type_into(&format!("#{id}"), &x.to_string()).await,
            (PartAnswer::Text(text), _) => self.type_into(&format!("#{id}"), text).await,
            (PartAnswer::Queues(wanted), _) => {
                for tile in self.all(&format!("#{id} [data-queue]")) {
                    let q: i64 = tile.get_attribute("data-queue").and_then(|q| q.parse().ok()).expect("a queue index");
                    let pressed = tile.get_attribute("aria-pressed").as_deref() == Some("true");
                    if pressed != wanted.contains(&q) {
                        tile.dyn_into::<HtmlElement>().expect("a button").click();
                        settle().await;
                    }
                }
            }
            (PartAnswer::Choices(wanted), PartInput::Choice { options, .. }) => {
                for o in options {
                    let input = self.find(&format!("#{id}-{}", o.id)).dyn_into::<HtmlInputElement>().expect("an input");
                    if input.checked() != wanted.contains(&o.id) {
                        input.click();
                        settle().await;
                    }
                }
            }
            (other, _) => panic!("{}: cannot enter {other:?}", inst.exercise_id),
        }
    }

    async fn submit(&self) {
        self.click(".ex-form button[type=submit]").await;
    }

    fn score(&self) -> u8 {
        self.attr(".ex-result", "data-score").and_then(|s| s.parse().ok()).expect("a score")
    }
}

fn stored_now() -> Option<Progress> {
    read_progress(&storage().get_item(KEY).ok().flatten()?).ok()
}

/// The stored progress once `ready` holds for it (storage is written in an effect, after
/// the render; a busy machine may need a few turns of the event loop).
async fn stored_when(ready: impl Fn(&Progress) -> bool) -> Progress {
    for _ in 0..50 {
        if let Some(progress) = stored_now().filter(|p| ready(p)) {
            return progress;
        }
        settle().await;
    }
    stored_now().expect("valid progress is stored")
}

#[wasm_bindgen_test]
async fn a_listed_mistake_is_diagnosed_a_hint_is_recorded_and_the_reference_scores_100() {
    let _serial = crate::support::serial().await;
    clear_storage();
    open("?lang=en&ex_id=drain_time&ex_seed=7");
    let page = Mounted::new().await;
    let inst = instance_for(catalog(), 7, "drain_time").expect("an instance");
    assert_eq!(page.text("main h1"), inst.title.en);
    assert_eq!(page.text(".ex-prompt"), inst.prompt.en.trim());
    assert_eq!(page.attr(".ex-exercise", "data-seed"), Some(inst.seed.to_string()));

    // The first listed mistake, as the core computes its wrong answer for these numbers.
    let (index, mistake) = submit_first_listed_mistake(&page, &inst).await;
    assert!(page.score() < 100);
    assert_eq!(page.attr(".ex-diagnosis", "data-mistake"), Some(mistake.id.name()));
    assert_eq!(page.text(".ex-diagnosis p"), mistake.explanation.en.trim());
    assert!(page.find(&format!("#ex-part-{index}")).closest(".ex-flagged").ok().flatten().is_some());
    let progress = stored_when(|p| p.exercises.get("drain_time").is_some_and(|e| e.attempts == 1)).await;
    assert_eq!(progress.exercises.get("drain_time").map(|p| p.attempts), Some(1));

    // One hint, recorded.
    assert_eq!(page.all(".ex-hint").len(), 0);
    page.click("#ex-hint").await;
    assert_eq!(page.all(".ex-hint").len(), 1);
    assert!(page.text(".ex-hint").contains(inst.hints[0].text.en.trim()));
    let progress = stored_when(|p| p.exercises.get("drain_time").is_some_and(|e| e.hints_used == 1)).await;
    assert_eq!(progress.exercises.get("drain_time").map(|p| p.hints_used), Some(1));

    // The reference answer scores 100 and opens the model answer with its "show me" link.
    for (i, answer) in reference_answer(&inst).parts.iter().enumerate() {
        page.enter(&inst, i, answer).await;
    }
    page.submit().await;
    assert_eq!(page.score(), 100);
    assert!(page.all(".ex-diagnosis").is_empty());
    let href = page.attr(".ex-show-me", "href").expect("a show-me link");
    assert!(href.starts_with("?lang=en&") && href.ends_with("#/planner"), "{href}");
    let progress = stored_when(|p| p.exercises.get("drain_time").is_some_and(|e| e.done)).await;
    assert!(progress.exercises.get("drain_time").is_some_and(|p| p.done), "{progress:?}");
    assert_eq!(progress.set_seed, 7);
    assert_eq!(page.text("[data-status]"), "Done · answers submitted: 2");
    page.done();
}

/// Types the wrong answer of the first mistake `inst` lists (a computed one), as the core
/// computes it for these numbers, and submits; returns the part's index and the mistake.
async fn submit_first_listed_mistake(page: &Mounted, inst: &Instance) -> (usize, InstanceMistake) {
    let (index, mistake) = inst
        .parts
        .iter()
        .enumerate()
        .find_map(|(i, p)| p.mistakes.first().map(|m| (i, m.clone())))
        .expect("the exercise lists a mistake");
    let MistakePattern::Value(wrong) = &mistake.pattern else { panic!("a computed mistake") };
    page.enter(inst, index, &value_answer(wrong)).await;
    page.submit().await;
    (index, mistake)
}

/// The query in the address bar.
fn query() -> String {
    web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default()
}

/// A class link with model answers off (`ex_model=0`): after a wrong and a right submission
/// no model answer, expected answer or last hint appears, and the page says why in one line;
/// the diagnosis still explains the mistake. The setting stays in the address bar, in the
/// class links and across a reload in another language, and the teacher's checkbox on the
/// index turns it back on.
#[wasm_bindgen_test]
async fn a_class_link_with_model_answers_off_shows_none_and_keeps_the_setting() {
    let _serial = crate::support::serial().await;
    clear_storage();
    open("?lang=en&ex_id=drain_time&ex_seed=7&ex_model=0");
    let page = Mounted::new().await;
    let inst = instance_for(catalog(), 7, "drain_time").expect("an instance");
    assert_eq!(page.text(".ex-model-off"), t(Lang::En, "page.exercises.model.off"));
    assert!(page.all("#ex-model").is_empty(), "no button opens the model answer");
    let hidden = |page: &Mounted| page.all(".ex-model, .ex-expected, .ex-show-me").is_empty();

    let (_, mistake) = submit_first_listed_mistake(&page, &inst).await;
    assert!(page.score() < 100);
    assert_eq!(page.text(".ex-diagnosis p"), mistake.explanation.en.trim());
    assert!(hidden(&page));

    // Every hint but the last, the worked one.
    let open_hints = inst.hints.len() - 1;
    for _ in 0..open_hints {
        page.click("#ex-hint").await;
    }
    assert_eq!(page.all(".ex-hint").len(), open_hints);
    assert!(page.all("#ex-hint").is_empty(), "the last hint cannot be opened");

    for (i, answer) in reference_answer(&inst).parts.iter().enumerate() {
        page.enter(&inst, i, answer).await;
    }
    page.submit().await;
    assert_eq!(page.score(), 100);
    assert!(hidden(&page));
    let link = page.find("#ex-exercise-link").dyn_into::<HtmlInputElement>().expect("an input").value();
    assert!(link.ends_with("?ex_seed=7&ex_id=drain_time&ex_model=0#/exercises"), "{link}");
    stored_when(|p| p.exercises.get("drain_time").is_some_and(|e| e.done)).await;
    page.done();

    // A reload (of the address the page kept) in the other language: solved numbers do not
    // bring the model answer back.
    let kept = query();
    assert!(kept.contains("ex_model=0") && kept.contains("lang=en"), "{kept}");
    open(&kept.replace("lang=en", "lang=zh-CN"));
    let page = Mounted::new().await;
    assert_eq!(page.text(".ex-model-off"), t(Lang::Zh, "page.exercises.model.off"));
    assert!(hidden(&page) && page.all("#ex-model").is_empty());

    // The index: the teacher's checkbox is off and the class link carries the setting;
    // ticking it turns model answers on for the page and the link.
    page.click(".ex-crumbs a").await;
    let checkbox = || page.find("#ex-model-allowed").dyn_into::<HtmlInputElement>().expect("a checkbox");
    let class_link = || page.find("#ex-class-link").dyn_into::<HtmlInputElement>().expect("an input").value();
    assert!(!checkbox().checked());
    assert!(class_link().ends_with("?ex_seed=7&ex_model=0#/exercises"), "{}", class_link());
    page.click("#ex-model-allowed").await;
    assert!(checkbox().checked());
    assert!(class_link().ends_with("?ex_seed=7#/exercises"), "{}", class_link());
    assert!(!query().contains("ex_model"), "{}", query());
    page.click("[data-exercise='drain_time'] a").await;
    assert!(page.all(".ex-model-off").is_empty() && page.all(".ex-model").len() == 1, "solved: the model answer shows");
    page.done();
    clear_storage();
}

#[wasm_bindgen_test]
async fn every_exercise_renders_and_its_reference_answer_scores_100_through_the_inputs() {
    let _serial = crate::support::serial().await;
    clear_storage();
    for ex in &catalog().exercises {
        open(&format!("?lang=en&ex_id={}&ex_seed=3", ex.id));
        let page = Mounted::new().await;
        let inst = instance_for(catalog(), 3, &ex.id).expect("an instance");
        assert_eq!(page.text("main h1"), inst.title.en, "{}", ex.id);
        assert_eq!(page.all(".ex-part").len(), inst.parts.len(), "{}", ex.id);
        // A listed mistake of a queue or choice part, entered by clicking, is diagnosed.
        let clickable = inst.parts.iter().enumerate().find_map(|(i, p)| {
            p.mistakes.iter().find_map(|m| match &m.pattern {
                MistakePattern::Value(v @ rebalance_core::exercise::Value::Queues(_)) => Some((i, value_answer(v), m)),
                MistakePattern::Selects(o) | MistakePattern::Only(o) if !o.is_empty() => {
                    Some((i, PartAnswer::Choices(o.clone()), m))
                }
                _ => None,
            })
        });
        if let Some((i, wrong, m)) = clickable {
            page.enter(&inst, i, &wrong).await;
            page.submit().await;
            assert_eq!(page.attr(".ex-diagnosis", "data-mistake"), Some(m.id.name()), "{}", ex.id);
        }
        for (i, answer) in reference_answer(&inst).parts.iter().enumerate() {
            page.enter(&inst, i, answer).await;
        }
        page.submit().await;
        assert_eq!(page.score(), 100, "{}", ex.id);
        // Storage is written in an effect after the render: wait for it before unmounting.
        stored_when(|p| p.exercises.get(&ex.id).is_some_and(|e| e.done)).await;
        page.done();
    }
    let all = catalog().exercises.len();
    let progress = stored_when(|p| p.exercises.values().filter(|e| e.done).count() == all).await;
    assert_eq!(progress.exercises.values().filter(|p| p.done).count(), all);
}

#[wasm_bindgen_test]
async fn what_was_typed_comes_back_after_a_reload_for_the_same_numbers_only() {
    let _serial = crate::support::serial().await;
    clear_storage();
    open("?lang=en&ex_id=assign_avg&ex_seed=1");
    let page = Mounted::new().await;
    page.click("#ex-part-0 [data-queue='2']").await;
    page.done();
    // The page starts again (a reload, or the language switch of a one-language build).
    open("?lang=zh-CN&ex_id=assign_avg&ex_seed=1");
    let page = Mounted::new().await;
    assert_eq!(page.attr("#ex-part-0 [data-queue='2']", "aria-pressed").as_deref(), Some("true"));
    assert_eq!(page.attr("#ex-part-0 [data-queue='1']", "aria-pressed").as_deref(), Some("false"));
    page.done();
    // Other numbers start empty.
    open("?lang=en&ex_id=assign_avg&ex_seed=2");
    let page = Mounted::new().await;
    assert_eq!(page.all("#ex-part-0 [aria-pressed='true']").len(), 0);
    page.done();
    clear_storage();
}

#[wasm_bindgen_test]
async fn assign_tiles_are_toggle_buttons_and_the_index_shows_progress() {
    let _serial = crate::support::serial().await;
    clear_storage();
    open("?lang=en&ex_id=assign_avg&ex_seed=1");
    let page = Mounted::new().await;
    let tile = "#ex-part-0 [data-queue='0']";
    assert_eq!(page.attr(tile, "aria-pressed").as_deref(), Some("false"));
    page.click(tile).await;
    assert_eq!(page.attr(tile, "aria-pressed").as_deref(), Some("true"));
    page.submit().await;
    page.click(".ex-crumbs a").await;
    assert_eq!(page.text("main h1"), t(Lang::En, "page.exercises.title"));
    assert_eq!(page.attr("[data-exercise='assign_avg']", "data-status").as_deref(), Some("attempted"));
    assert_eq!(page.attr("[data-topic='allocation'] .ex-counts", "data-attempted").as_deref(), Some("1"));
    let url = page.find("#ex-class-link").dyn_into::<HtmlInputElement>().expect("an input").value();
    assert!(url.ends_with("?ex_seed=1#/exercises"), "{url}");
    page.done();
}

/// The browser's JSON keeps every `u64` seed exact (most instance seeds are beyond 2^53) and
/// reads back what it writes; bad values are refused with the field's path.
#[wasm_bindgen_test]
fn stored_progress_crosses_the_browsers_json_exactly() {
    let stored = include_str!("../../crates/rebalance_core/tests/data/progress-v1.json");
    let progress = read_progress(stored).expect("the first stored version reads");
    assert_eq!(progress.set_seed, u64::MAX);
    let seed = progress.exercises.get("a_numbers").and_then(|e| e.best.as_ref()).map(|b| b.seed);
    assert_eq!(seed, Some(12_345_678_901_234_567_890));
    let written = write_progress(&progress).expect("written");
    assert!(written.contains("\"setSeed\":18446744073709551615,"), "{written}");
    assert_eq!(read_progress(&written), Ok(progress));
    let inst = instance_for(catalog(), 1, "drain_time").expect("an instance");
    let mut fresh = Progress::new(1);
    let answer = reference_answer(&inst);
    fresh.record(&inst, &answer, &rebalance_core::exercise::grade(&inst, &answer));
    assert_eq!(write_progress(&fresh).map(|t| read_progress(&t)), Some(Ok(fresh)));
    for (text, path) in [
        (r#"{"version":1,"setSeed":1.5}"#, "setSeed: "),
        (r#"{"version":1,"setSeed":18446744073709551616}"#, "setSeed: "),
        (
            r#"{"version":1,"setSeed":1,"exercises":{"x":{"attempts":1,"bestScore":300,"done":false}}}"#,
            "exercises.x.bestScore: ",
        ),
        (
            r#"{"version":1,"setSeed":1,"exercises":{"x":{"attempts":1,"bestScore":0,"done":false,"best":{"seed":2,"answer":{"parts":[{"numbr":1}]}}}}}"#,
            "exercises.x.best.answer.parts[0]: ",
        ),
    ] {
        let error = read_progress(text).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(error.contains(path), "{text}: {error}");
    }
    let syntax = read_progress("{\"version\":1,").err().map(|e| e.to_string()).unwrap_or_default();
    assert!(syntax.starts_with("stored progress is not valid JSON: "), "{syntax}");
}

#[wasm_bindgen_test]
async fn corrupted_storage_gives_a_notice_a_fresh_start_and_keeps_the_broken_copy() {
    let _serial = crate::support::serial().await;
    clear_storage();
    storage().set_item(KEY, "{\"version\": 1, \"setSeed\": \"oops\"").expect("stored");
    storage().set_item("rebalance-lab.progress.broken.1", "an older broken copy").expect("stored");
    open("?lang=en&ex_seed=5");
    let page = Mounted::new().await;
    let notice = page.text(".ex-notices");
    assert!(notice.contains("could not be read") && notice.contains("rebalance-lab.progress.broken.2"), "{notice}");
    assert_eq!(page.attr(".ex-summary", "data-done").as_deref(), Some("0"));
    let s = storage();
    assert_eq!(
        s.get_item("rebalance-lab.progress.broken.2").ok().flatten().as_deref(),
        Some("{\"version\": 1, \"setSeed\": \"oops\"")
    );
    assert_eq!(s.get_item("rebalance-lab.progress.broken.1").ok().flatten().as_deref(), Some("an older broken copy"));
    assert_eq!(stored_when(|p| p.set_seed == 5).await.set_seed, 5, "a fresh, valid progress replaced the broken one");
    page.click(".ex-notice-box button").await;
    assert!(page.all(".ex-notice-box").is_empty());
    page.done();
}

#[wasm_bindgen_test]
async fn bad_url_values_are_named_and_the_page_still_works_in_chinese() {
    let _serial = crate::support::serial().await;
    clear_storage();
    open("?lang=zh-CN&ex_id=nope&ex_seed=abc&ex_try=-4");
    let page = Mounted::new().await;
    assert_eq!(page.text("main h1"), t(Lang::Zh, "page.exercises.title"));
    let notices = page.all(".ex-notice-box li");
    assert_eq!(notices.len(), 3, "{}", page.text(".ex-notices"));
    assert!(page.text(".ex-notices").contains("nope"));
    page.click("[data-exercise='three_queue_lag'] a").await;
    let inst = instance_for(catalog(), 1, "three_queue_lag").expect("an instance");
    assert_eq!(page.text("main h1"), inst.title.zh);
    assert_eq!(page.all(".ex-bar-row").len(), 3);
    assert_eq!(page.all(".table tbody tr").len(), 3);
    page.click("#ex-new").await;
    let next = rebalance_core::exercise::attempt_seed(1, "three_queue_lag", 1);
    assert_eq!(page.attr(".ex-exercise", "data-seed"), Some(next.to_string()));
    let query = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    assert!(query.contains("ex_id=three_queue_lag") && query.contains("ex_try=1"), "{query}");
    page.done();
}

#[wasm_bindgen_test]
async fn another_class_link_keeps_the_progress_aside_and_the_seed_field_brings_it_back() {
    let _serial = crate::support::serial().await;
    clear_storage();
    let inst = instance_for(catalog(), 1, "drain_time").expect("an instance");
    let mut progress = Progress::new(1);
    let answer = reference_answer(&inst);
    progress.record(&inst, &answer, &rebalance_core::exercise::grade(&inst, &answer));
    storage().set_item(KEY, &write_progress(&progress).expect("written")).expect("stored");

    open("?lang=en&ex_seed=2");
    let page = Mounted::new().await;
    assert!(page.text(".ex-notices").contains("class set 2"), "{}", page.text(".ex-notices"));
    assert_eq!(page.attr(".ex-summary", "data-done").as_deref(), Some("0"));
    assert_eq!(stored_when(|p| p.set_seed == 2).await.set_seed, 2);
    let shelf = storage().get_item("rebalance-lab.progress.v1.seed.1").ok().flatten();
    assert_eq!(shelf.and_then(|t| read_progress(&t).ok()), Some(progress.clone()));

    page.type_into("#ex-seed", "1").await;
    page.click(".ex-seed-form button[type=submit]").await;
    assert_eq!(page.attr(".ex-summary", "data-done").as_deref(), Some("1"));
    assert_eq!(page.attr("[data-exercise='drain_time']", "data-status").as_deref(), Some("done"));
    assert_eq!(page.text("#ex-code"), progress.completion_code());
    assert_eq!(stored_when(|p| p.set_seed == 1).await, progress);
    page.done();
}
