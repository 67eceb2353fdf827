//! Native tests of the page's rules: URL reading, class switching, storage, show-me links.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use rebalance_core::exercise::instance::{PartInput, ShowMeState};
use rebalance_core::exercise::model::Page;
use rebalance_core::exercise::{grade, instance_for, reference_answer, PartAnswer, Progress};
use yew::Reducible;

use super::catalog;
use super::inputs::{set_member, to_answer, Entry};
use super::state::{read_url, Action, Location, ModelAnswers, Notice, PageState, Shelf, MAX_SEED, MAX_TRY};
use super::storage::{keep_broken, load, persist, shelf_key, write_progress, Store, BROKEN_PREFIX, KEY};
use crate::show_me::{href, query_pairs};
use crate::url_state::{Problem, UrlNotice};

#[derive(Default)]
struct MemStore {
    items: RefCell<BTreeMap<String, String>>,
    full: bool,
}

impl Store for MemStore {
    fn get(&self, key: &str) -> Result<Option<String>, ()> {
        Ok(self.items.borrow().get(key).cloned())
    }
    fn set(&self, key: &str, value: &str) -> Result<(), ()> {
        if self.full {
            return Err(());
        }
        self.items.borrow_mut().insert(key.to_owned(), value.to_owned());
        Ok(())
    }
    fn remove(&self, key: &str) {
        self.items.borrow_mut().remove(key);
    }
    fn keys(&self) -> Vec<String> {
        self.items.borrow().keys().cloned().collect()
    }
}

fn url(pairs: &[(&str, &str)]) -> (Location, Vec<Notice>) {
    let map: BTreeMap<String, String> = pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    read_url(&|k: &str| map.get(k).cloned())
}

#[test]
fn url_values_are_read_or_clamped_with_a_notice() {
    let (loc, notices) = url(&[("ex_id", "drain_time"), ("ex_seed", "42"), ("ex_try", "3")]);
    let model = ModelAnswers::Shown;
    assert_eq!(loc, Location { id: Some("drain_time".into()), seed: Some(42), attempt: 3, model });
    assert!(notices.is_empty());

    // An unknown exercise and a seed that is no number are left out (the index, the stored
    // class); a negative attempt is clamped.
    let (loc, notices) = url(&[("ex_id", "nope"), ("ex_seed", "abc"), ("ex_try", "-2")]);
    assert_eq!(loc, Location { id: None, seed: None, attempt: 0, model });
    let url_notice =
        |key: &str, given: &str, problem: Problem, used: &str| Notice::Url(UrlNotice::new(key, given, problem, used));
    let range = |max: &str| Problem::OutOfRange { min: "0".into(), max: max.into() };
    assert_eq!(
        notices,
        [
            url_notice("ex_id", "nope", Problem::Invalid, ""),
            url_notice("ex_seed", "abc", Problem::NotANumber, ""),
            url_notice("ex_try", "-2", range("999999"), "0"),
        ]
    );

    let (loc, notices) = url(&[("ex_seed", "99999999999999999999999999"), ("ex_try", "1e9")]);
    assert_eq!(loc.seed, Some(MAX_SEED));
    assert_eq!(loc.attempt, MAX_TRY);
    assert_eq!(notices.len(), 2);
    let (loc, _) = url(&[("ex_seed", "9007199254740991")]);
    assert_eq!(loc.seed, Some(MAX_SEED));
    let (loc, _) = url(&[("ex_try", "123456789012")]);
    assert_eq!(loc.attempt, MAX_TRY);
    let long = "x".repeat(500);
    let (_, notices) = url(&[("ex_id", &long)]);
    assert!(matches!(&notices[0], Notice::Url(n) if n.given.chars().count() == 41));
}

/// `ex_model=0` turns model answers off for the class; `1` or nothing leaves them on, and any
/// other value leaves them on with a notice naming the accepted values.
#[test]
fn the_model_answer_setting_is_read_or_left_on_with_a_notice() {
    assert_eq!(url(&[]).0.model, ModelAnswers::Shown);
    for (given, model) in [("0", ModelAnswers::Off), (" 0 ", ModelAnswers::Off), ("1", ModelAnswers::Shown)] {
        let (loc, notices) = url(&[("ex_model", given), ("ex_seed", "8")]);
        assert_eq!((loc.model, loc.seed, notices), (model, Some(8), vec![]), "{given:?}");
    }
    let unknown = Problem::UnknownChoice { choices: "1, 0".into() };
    for given in ["off", "false", "", "NaN", "-1", "%00", "2"] {
        let (loc, notices) = url(&[("ex_model", given)]);
        assert_eq!(loc.model, ModelAnswers::Shown, "{given:?}");
        assert_eq!(notices, [Notice::Url(UrlNotice::new("ex_model", given, unknown.clone(), "1"))], "{given:?}");
    }
    // The setting is the page's state: a reload reads it, back / forward follow it.
    let state = Rc::new(PageState::new(fresh(1), url(&[("ex_model", "0")]).0));
    assert_eq!(state.model, ModelAnswers::Off);
    let state = state.reduce(Action::SetModel(ModelAnswers::Shown));
    assert_eq!(state.model, ModelAnswers::Shown);
    assert_eq!(state.reduce(Action::FromUrl(url(&[("ex_model", "0")]).0)).model, ModelAnswers::Off);
    assert_eq!(ModelAnswers::Off.url_value(), Some("0"));
    assert_eq!(ModelAnswers::Shown.url_value(), None);
}

fn fresh(seed: u64) -> PageState {
    PageState {
        progress: Progress::new(seed),
        shelved: Shelf::default(),
        backup: None,
        broken: Vec::new(),
        persistent: true,
        open: None,
        model: ModelAnswers::Shown,
        notices: Vec::new(),
    }
}

fn record(state: Rc<PageState>, id: &str, right: bool) -> Rc<PageState> {
    let inst = Rc::new(instance_for(catalog(), state.seed(), id).expect("instance"));
    let answer = if right { reference_answer(&inst) } else { rebalance_core::exercise::Answer::text("garbage") };
    let grade = Rc::new(grade(&inst, &answer));
    state.reduce(Action::Record { instance: inst, answer, grade })
}

#[test]
fn switching_class_shelves_progress_and_brings_it_back() {
    let state = Rc::new(fresh(1));
    let state = record(state, "drain_time", true);
    assert!(state.progress.exercises.get("drain_time").is_some_and(|p| p.done));
    let state = state.reduce(Action::SetSeed(7));
    assert_eq!(state.seed(), 7);
    assert!(state.progress.exercises.is_empty());
    assert!(state.shelved.contains(1));
    assert_eq!(state.notices, vec![Notice::ClassSwitched { from: 1, to: 7 }]);
    let state = state.reduce(Action::SetSeed(1));
    assert!(state.progress.exercises.get("drain_time").is_some_and(|p| p.done), "class 1's progress came back");
    assert_eq!(state.shelved, Shelf::default(), "class 7 had nothing to keep");
}

#[test]
fn import_replaces_and_keeps_the_replaced_progress() {
    let state = record(Rc::new(fresh(1)), "drain_time", false);
    let mut imported = Progress::new(1);
    imported.record_hint("assign_avg", 2);
    let next = state.clone().reduce(Action::Import(imported.clone()));
    assert_eq!(next.progress, imported);
    assert_eq!(next.backup.as_ref(), Some(&state.progress));
    let other = state.clone().reduce(Action::Import(Progress::new(5)));
    assert_eq!(other.seed(), 5);
    assert_eq!(other.shelved.iter().collect::<Vec<_>>(), [&state.progress]);
}

#[test]
fn hints_and_failed_writes_change_the_state() {
    let state = Rc::new(fresh(1)).reduce(Action::Hint { id: "drain_time".into(), tier: 2 });
    assert_eq!(state.progress.exercises.get("drain_time").map(|p| p.hints_used), Some(2));
    let state = state.reduce(Action::StorageFailed);
    assert!(!state.persistent);
    assert_eq!(state.notices, vec![Notice::StorageWriteFailed]);
}

#[test]
fn broken_storage_is_kept_aside_and_the_page_starts_fresh() {
    let store = MemStore::default();
    store.set(KEY, "{ not json").unwrap_or_default();
    store.set(&format!("{BROKEN_PREFIX}1"), "older").unwrap_or_default();
    store.set(&shelf_key(9), "{\"version\":99}").unwrap_or_default();
    let state = load(Some(&store), Some(3));
    assert!(state.persistent);
    assert_eq!(state.progress, Progress::new(3));
    let kept: Vec<&str> = state.broken.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(kept, [format!("{BROKEN_PREFIX}2"), format!("{BROKEN_PREFIX}3")]);
    assert_eq!(state.notices.iter().filter(|n| matches!(n, Notice::StorageBroken { .. })).count(), 2);
    assert_eq!(keep_broken(&store, &state.broken), Ok(()));
    assert_eq!(persist(&store, &state), Ok(()));
    let items = store.items.borrow();
    assert_eq!(items.get(&format!("{BROKEN_PREFIX}2")).map(String::as_str), Some("{ not json"));
    assert_eq!(items.get(&format!("{BROKEN_PREFIX}1")).map(String::as_str), Some("older"));
    assert!(!items.contains_key(&shelf_key(9)), "the broken shelf is removed once kept aside");
    assert_eq!(items.get(KEY), write_progress(&Progress::new(3)).as_ref());
}

#[test]
fn storage_round_trips_active_and_shelved_progress() {
    let store = MemStore::default();
    let state = record(Rc::new(fresh(1)), "assign_avg", true).reduce(Action::SetSeed(2));
    assert_eq!(persist(&store, &state), Ok(()));
    let back = load(Some(&store), None);
    assert_eq!(back.progress, state.progress);
    assert_eq!(back.shelved, state.shelved);
    assert!(back.notices.is_empty());
    let full = MemStore { full: true, ..MemStore::default() };
    assert_eq!(persist(&full, &state), Err(()));
    let none = load(None, None);
    assert!(!none.persistent);
    assert_eq!(none.notices, vec![Notice::StorageUnavailable]);
}

fn show(page: Page, params: &[(&str, &str)]) -> Vec<(String, String)> {
    let params = params.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    query_pairs(&ShowMeState { page, params })
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
}

#[test]
fn show_me_maps_to_our_pages_keys() {
    assert_eq!(
        show(Page::Playground, &[("queues", "16"), ("consumers", "4"), ("strategy", "AVG"), ("join", "C4")]),
        pairs(&[
            ("pg_q", "16"),
            ("pg_b", "1"),
            ("pg_c", "4"),
            ("pg_cmp", "1"),
            ("pg_cs", "AVG,CONSISTENT_HASH"),
            ("pg_s", "AVG")
        ])
    );
    assert_eq!(
        show(
            Page::Playground,
            &[("queues", "8"), ("consumers", "3"), ("strategy", "CONSISTENT_HASH"), ("leave", "C1")]
        ),
        pairs(&[
            ("pg_q", "8"),
            ("pg_b", "1"),
            ("pg_c", "3"),
            ("pg_cmp", "1"),
            ("pg_cs", "CONSISTENT_HASH,AVG"),
            ("pg_cc", "leave"),
            ("pg_s", "CONSISTENT_HASH")
        ])
    );
    assert_eq!(
        show(Page::Playground, &[("strategy", "MACHINE_ROOM_NEARBY"), ("rooms", "hz:3:2,sh:4:2,sz:2:0")]),
        pairs(&[
            ("pg_q", "9"),
            ("pg_b", "3"),
            ("pg_c", "4"),
            ("pg_rooms", "123"),
            ("pg_crooms", "2:1,3:2"),
            ("pg_d", "AVG"),
            ("pg_s", "MACHINE_ROOM_NEARBY")
        ])
    );
    assert_eq!(
        show(Page::Offsets, &[("min", "100"), ("max", "900"), ("consumer", "50")]),
        pairs(&[("of_q", "broker-a:0:100:900:50")])
    );
    assert_eq!(show(Page::Offsets, &[("example", "seed")]), pairs(&[]));
    assert_eq!(
        show(Page::Planner, &[("backlog", "1000000"), ("produce", "5000"), ("consume", "45000")]),
        pairs(&[("pl_b", "1000000"), ("pl_p", "5000"), ("pl_r", "15000"), ("pl_n", "3"), ("pl_goal", "instances")])
    );
    assert_eq!(
        show(Page::Planner, &[("consume", "49000")]),
        pairs(&[("pl_r", "12250"), ("pl_n", "4"), ("pl_goal", "instances")])
    );
    assert_eq!(
        show(Page::Planner, &[("rate", "4000"), ("target", "900"), ("model", "queue")]),
        pairs(&[("pl_r", "4000"), ("pl_t", "900"), ("pl_goal", "target"), ("pl_model", "queue")])
    );
    assert_eq!(
        show(Page::Simulator, &[("scenario", "crash"), ("committed", "10")]),
        pairs(&[("tl_scenario", "crash")])
    );
    assert_eq!(show(Page::Simulator, &[("scenario", "no such thing")]), pairs(&[]));
    let state =
        ShowMeState { page: Page::Simulator, params: [("scenario".to_owned(), "rolling-deploy".to_owned())].into() };
    assert_eq!(href(&state, "zh-CN"), "?lang=zh-CN&tl_scenario=rolling-deploy#/timeline");
    let state = ShowMeState { page: Page::Playground, params: [("strategy".to_owned(), "A&B".to_owned())].into() };
    assert_eq!(href(&state, "en"), "?lang=en&pg_s=A%26B#/");
}

#[test]
fn the_page_reads_the_catalog_the_authors_wrote() {
    // What build.rs encoded and the page decodes is what the core parses from the files,
    // less the SPEC references (authoring notes no page shows).
    let mut authored = rebalance_core::exercise::catalog().clone();
    authored.exercises.iter_mut().for_each(|e| e.spec.clear());
    assert_eq!(catalog(), &authored);
    assert!(catalog().errors.is_empty(), "{:?}", catalog().errors);
}

#[test]
fn every_exercise_links_somewhere_and_reference_entries_grade_100() {
    for ex in &catalog().exercises {
        let inst = instance_for(catalog(), 1, &ex.id).expect("instance");
        if let Some(s) = &inst.show_me {
            assert!(href(s, "en").contains("#/"), "{}", ex.id);
            // Every timeline link opens a real simulator preset, not the default.
            if s.page == Page::Simulator {
                assert!(query_pairs(s).iter().any(|(k, _)| k == "tl_scenario"), "{}: {:?}", ex.id, s.params);
            }
        }
        // The reference answer, entered as the inputs hold it, grades 100.
        let entries: Vec<Entry> = reference_answer(&inst)
            .parts
            .iter()
            .map(|p| match p {
                PartAnswer::Number(x) => Entry::Text(x.to_string()),
                PartAnswer::Text(t) => Entry::Text(t.clone()),
                PartAnswer::Queues(q) => Entry::Queues(as_set(q.iter().map(|&i| i as usize))),
                PartAnswer::Choices(c) => Entry::Choices(as_set(c.iter().cloned())),
            })
            .collect();
        assert_eq!(grade(&inst, &to_answer(&inst.parts, &entries)).score, 100, "{}", ex.id);
    }
}

/// Every text of an instance the page shows: title, prompt, part labels, options, mistake
/// explanations, hints and the model answer's explanation, in both languages.
fn shown_texts(inst: &rebalance_core::exercise::Instance) -> Vec<&str> {
    let mut texts = vec![&inst.title, &inst.prompt, &inst.explanation];
    for part in &inst.parts {
        texts.push(&part.label);
        if let PartInput::Choice { options, .. } = &part.input {
            texts.extend(options.iter().map(|o| &o.text));
        }
        texts.extend(part.mistakes.iter().map(|m| &m.explanation));
    }
    texts.extend(inst.hints.iter().map(|h| &h.text));
    texts.into_iter().flat_map(|t| [t.zh.as_str(), t.en.as_str()]).collect()
}

#[test]
fn no_exercise_text_refers_to_internal_documents() {
    let mut found = Vec::new();
    for ex in &catalog().exercises {
        for seed in 0..8 {
            let inst = instance_for(catalog(), seed, &ex.id).expect("instance");
            for text in shown_texts(&inst) {
                if let Some(word) = crate::i18n::internal_reference(text) {
                    found.push(format!("{}: {word:?} in {text:?}", ex.id));
                }
            }
        }
    }
    found.dedup();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn a_draft_comes_back_for_the_same_numbers_only_and_only_what_fits() {
    use super::draft::{decode, encode};
    // Every kind of entry: queue tiles (assign_avg), text (drain_time), choices (hash_properties).
    for id in ["assign_avg", "drain_time", "hash_properties", "drain_queue_cap"] {
        let inst = instance_for(catalog(), 1, id).expect("instance");
        let entries: Vec<Entry> = inst
            .parts
            .iter()
            .map(|part| match Entry::empty(part) {
                Entry::Text(_) => Entry::Text("16 min 40 s".into()),
                Entry::Queues(_) => Entry::Queues(vec![0, 2]),
                Entry::Choices(_) => match &part.input {
                    PartInput::Choice { options, .. } => {
                        Entry::Choices(options.iter().take(1).map(|o| o.id.clone()).collect())
                    }
                    _ => unreachable!("a choice entry is for a choice part"),
                },
            })
            .collect();
        let text = encode(&inst, &entries);
        assert_eq!(decode(&inst, &text), Some(entries.clone()), "{id}");
        // Other numbers (another class or a new attempt) or another exercise: not this draft.
        let other = instance_for(catalog(), 2, id).expect("instance");
        assert_ne!(other.seed, inst.seed);
        assert_eq!(decode(&other, &text), None, "{id}");
        let elsewhere = instance_for(catalog(), 1, "three_queue_lag").expect("instance");
        assert_eq!(decode(&elsewhere, &text), None, "{id}");
    }
    // What does not fit its part is emptied, the rest kept; garbage is no draft.
    let inst = instance_for(catalog(), 1, "assign_avg").expect("instance");
    let empty: Vec<Entry> = inst.parts.iter().map(Entry::empty).collect();
    let head = format!("rebalance-lab/draft/1\nassign_avg\n{}", inst.seed);
    assert_eq!(decode(&inst, &format!("{head}\nQ 1 3")), Some(vec![Entry::Queues(vec![1, 3])]));
    for wrong in ["T 1 3", "Q 1 99999", "Q 1 x", "C 1", "", "Q1"] {
        assert_eq!(decode(&inst, &format!("{head}\n{wrong}")), Some(empty.clone()), "{wrong}");
    }
    assert_eq!(decode(&inst, &head), Some(empty));
    let stale = format!("rebalance-lab/draft/1\nassign_avg\n{}\nQ 1", inst.seed + 1);
    for garbage in ["", "null", "{}", "rebalance-lab/draft/1", "rebalance-lab/draft/2\nassign_avg\n1", stale.as_str()] {
        assert_eq!(decode(&inst, garbage), None, "{garbage}");
    }
    // A text keeps its spaces; a line break typed or pasted into it cannot start another part.
    let drain = instance_for(catalog(), 1, "drain_time").expect("instance");
    let typed = vec![Entry::Text(" 16 min\n40 s ".into())];
    assert_eq!(decode(&drain, &encode(&drain, &typed)), Some(vec![Entry::Text(" 16 min 40 s ".into())]));
    // An option the part does not have is dropped; two options for a single choice are none.
    let choice = instance_for(catalog(), 1, "hash_properties").expect("instance");
    let head = format!("rebalance-lab/draft/1\nhash_properties\n{}", choice.seed);
    let Some(PartInput::Choice { options, multiple }) = choice.parts.first().map(|p| &p.input) else {
        panic!("hash_properties starts with a choice part");
    };
    let first = options[0].id.clone();
    let decoded = decode(&choice, &format!("{head}\nC {first} no-such-option")).expect("a draft");
    assert_eq!(decoded[0], Entry::Choices(vec![first.clone()]));
    let both = format!("{head}\nC {first} {}", options[1].id);
    let decoded = decode(&choice, &both).expect("a draft");
    assert_eq!(decoded[0].is_blank(), !multiple);
}

/// `items` as an entry's set (ascending, each once), through [`set_member`].
fn as_set<T: Ord>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut set = Vec::new();
    for item in items {
        set_member(&mut set, item, true);
    }
    set
}

#[test]
fn an_entrys_set_stays_ascending_with_each_item_once() {
    let mut set = Vec::new();
    for (item, on) in [(5, true), (1, true), (3, true), (1, true), (4, false), (5, false), (0, true)] {
        set_member(&mut set, item, on);
    }
    assert_eq!(set, [0, 1, 3]);
    // Against a BTreeSet, for every toggle sequence of a few items.
    for seq in 0u32..4096 {
        let (mut list, mut reference) = (Vec::new(), BTreeSet::new());
        for step in 0..6 {
            let (item, on) = ((seq >> (2 * step)) & 3, (seq >> step) & 1 == 1);
            set_member(&mut list, item, on);
            if on {
                reference.insert(item);
            } else {
                reference.remove(&item);
            }
        }
        assert_eq!(list, reference.into_iter().collect::<Vec<_>>(), "{seq}");
    }
}

#[test]
fn the_shelf_keeps_one_progress_per_class_in_seed_order() {
    let mut shelf = Shelf::default();
    for seed in [9, 2, 5] {
        shelf.put(Progress::new(seed));
    }
    let mut replaced = Progress::new(5);
    replaced.record_hint("drain_time", 1);
    shelf.put(replaced.clone());
    let seeds: Vec<u64> = shelf.iter().map(|p| p.set_seed).collect();
    assert_eq!(seeds, [2, 5, 9]);
    assert!(shelf.contains(5) && !shelf.contains(7));
    assert_eq!(shelf.take(5), Some(replaced));
    assert_eq!(shelf.take(5), None);
    assert_eq!(shelf.iter().map(|p| p.set_seed).collect::<Vec<_>>(), [2, 9]);
}

/// The fewest and most queues per consumer of `consumers` consumers `C0…` on `queues` queues of
/// `broker-a`, computed here with the core's `assign` (not through the exercise).
fn spread_of(strategy: rebalance_core::allocate::Strategy, queues: i64, consumers: i64) -> (usize, usize) {
    use rebalance_core::assignment::{assign, MessageModel};
    let mqs: Vec<rebalance_core::MessageQueue> =
        (0..queues).map(|i| rebalance_core::MessageQueue::new("OrderEvent", "broker-a", i as i32)).collect();
    let cids: Vec<String> = (0..consumers).map(|i| format!("C{i}")).collect();
    let a = assign(&MessageModel::Clustering(strategy), &mqs, &cids).expect("assigns");
    let counts: Vec<usize> = a.members.iter().map(|m| m.queues.len()).collect();
    (counts.iter().copied().min().unwrap_or(0), counts.iter().copied().max().unwrap_or(0))
}

#[test]
fn the_consistent_hash_explanations_compare_the_counts_they_show() {
    use rebalance_core::allocate::{Strategy, DEFAULT_VIRTUAL_NODES};
    use rebalance_core::exercise::Value;
    let hash = || Strategy::ConsistentHash { virtual_nodes: DEFAULT_VIRTUAL_NODES };
    let mut seen = BTreeSet::new();
    for (id, joins) in [("hash_join_moves", true), ("hash_leave_moves", false)] {
        for seed in 0..60 {
            let inst = instance_for(catalog(), seed, id).expect("instance");
            let expected = |part: &str| match inst.parts.iter().find(|p| p.id == part).map(|p| &p.expected) {
                Some(Value::Number(x)) => *x as usize,
                other => panic!("{id}: part {part} is {other:?}"),
            };
            let (moved, avg) = (expected("hash_moves"), expected("avg_moves"));
            let (en, zh) = match moved.cmp(&avg) {
                std::cmp::Ordering::Less => ("fewer than", "少于"),
                std::cmp::Ordering::Equal => ("as many as", "等于"),
                std::cmp::Ordering::Greater => ("more than", "多于"),
            };
            seen.insert((id, en));
            let text = &inst.explanation;
            assert!(text.en.contains(&format!("Here CONSISTENT_HASH moves {moved}, {en} AVG's {avg}.")), "{}", text.en);
            assert!(text.zh.contains(&format!("CONSISTENT_HASH 迁移 {moved} 个，{zh} AVG 的 {avg} 个")), "{}", text.zh);
            // The split it quotes: after the join, or before the leave.
            let param = |name: &str| inst.params.get(name).copied().unwrap_or_else(|| panic!("{id}: no {name}"));
            let members = param("consumers") + i64::from(joins);
            let (low, high) = spread_of(hash(), param("queues"), members);
            let (avg_low, avg_high) = spread_of(Strategy::Averagely, param("queues"), members);
            let verb = if joins { "holds" } else { "held" };
            let quoted = format!("each consumer {verb} {low} to {high} queues under CONSISTENT_HASH");
            assert!(text.en.contains(&quoted), "{quoted:?} not in {}", text.en);
            assert!(text.en.contains(&format!("{avg_low} to {avg_high} under AVG")), "{}", text.en);
            assert!(!text.en.contains("few moves"), "{}", text.en);
        }
    }
    // Over these seeds the comparison goes both ways: a text written in advance could not.
    assert!(seen.iter().any(|(_, w)| *w == "more than") && seen.iter().any(|(_, w)| *w == "fewer than"), "{seen:?}");
}
