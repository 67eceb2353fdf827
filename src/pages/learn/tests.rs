//! The lessons' content check and the page's rules without a browser: every step's live state
//! is one its page reads without a notice, every task is performed on the model (its solution
//! does it, its start state does not), every link resolves, both languages have every text;
//! the path, the checks and the stored progress.

use rebalance_core::exercise::model::Text;

use super::facts::{facts, query_pairs, Facts};
use super::lesson::{Chapter, Check, Metric, Op, Step, Value, WidgetPage};
use super::progress::{self, Mark, Problem, Progress};
use super::{catalog, exercise_href, place, step_href, task_done, widget_src, PathProblem, Place};
use crate::i18n::Lang;
use crate::router::Route;

fn chapters() -> &'static [Chapter] {
    catalog::chapters().unwrap_or_else(|error| panic!("the encoded lessons do not decode: {error}"))
}

/// Every step of every chapter, named `chapter/step` (1-based).
fn steps() -> Vec<(String, &'static Step)> {
    let named = chapters()
        .iter()
        .flat_map(|c| c.steps.iter().enumerate().map(move |(n, s)| (format!("{}/{}", c.id, n + 1), s)));
    named.collect()
}

/// The facts of `query` on `page`; fails when the page would not use every value as given.
fn valid_facts(at: &str, page: WidgetPage, query: &str) -> Facts {
    let (facts, notices) = facts(page, &query_pairs(query));
    assert!(notices.is_empty(), "{at}: the page refuses `{query}`: {notices:?}");
    facts
}

/// Every text of a step in `lang`, with what it is.
fn texts(step: &Step, lang: Lang) -> Vec<(&'static str, &str)> {
    let mut texts = vec![("title", step.title.get(lang)), ("text", step.text.get(lang))];
    if let Some(task) = &step.task {
        texts.push(("goal", task.goal.get(lang)));
        texts.push(("hint", task.hint.get(lang)));
    }
    texts
}

#[test]
fn the_chapters_are_the_list_in_its_order() {
    let list =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/lessons/chapters.txt")).unwrap_or_default();
    let listed: Vec<&str> = list.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    let ids: Vec<&str> = chapters().iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, listed);
    assert!(!ids.is_empty());
}

#[test]
fn the_chapters_are_issue_21s_in_its_order() {
    // The mock interview links a weak topic to the chapter of that id (`interview::TOPICS`,
    // issue 21's nine chapters in order); a chapter may be missing, never out of order.
    use rebalance_core::exercise::interview::TOPICS;
    let at: Vec<usize> = chapters()
        .iter()
        .map(|c| TOPICS.iter().position(|t| *t == c.id).unwrap_or_else(|| panic!("{} is not a topic", c.id)))
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "the chapters are not in the issue's order: {at:?}");
}

#[test]
fn every_steps_live_state_is_valid_and_every_text_quotes_it() {
    for (at, step) in steps() {
        let start = valid_facts(&at, step.widget.page, &step.widget.query);
        for lang in Lang::ALL {
            for (what, text) in texts(step, lang) {
                let filled = start.fill(text);
                assert!(
                    !filled.contains('{') && !filled.contains('}'),
                    "{at} {what} ({}): a placeholder names no fact: {text}",
                    lang.code()
                );
            }
        }
    }
}

#[test]
fn every_task_is_done_by_its_solution_and_not_by_its_start() {
    let mut tasks = 0;
    for (at, step) in steps() {
        let Some(task) = &step.task else { continue };
        tasks += 1;
        let page = step.widget.page;
        let start = valid_facts(&at, page, &step.widget.query);
        let solved = valid_facts(&at, page, &task.solution);
        for check in &task.checks {
            assert_eq!(check.metric.page(), page, "{at}: {check:?} is not a fact of the live page");
            assert!(check.holds(solved.get(check.metric)), "{at}: the solution `{}` fails {check:?}", task.solution);
        }
        let done_at_start = task.checks.iter().all(|check| check.holds(start.get(check.metric)));
        assert!(!done_at_start, "{at}: the task is done before the reader acts");
        // The same through what the page reads from the live page's address.
        let hash = format!("#{}", page.path());
        assert!(task_done(task, page, &format!("?embed=1&lang=en&{}", task.solution), &hash), "{at}");
        assert!(!task_done(task, page, &format!("?{}", step.widget.query), &hash), "{at}");
        let other = if page == WidgetPage::Timeline { "#/planner" } else { "#/timeline" };
        assert!(!task_done(task, page, &format!("?{}", task.solution), other), "{at}: another page does no task");
    }
    assert!(tasks >= chapters().len(), "only {tasks} tasks in {} chapters", chapters().len());
}

#[test]
fn both_languages_have_every_text() {
    let words = ["SPEC", "§", "seed article", "TODO"];
    let check = |at: &str, text: &Text| {
        for lang in Lang::ALL {
            let t = text.get(lang);
            assert!(!t.trim().is_empty(), "{at}: no {} text", lang.code());
            for word in words {
                assert!(!t.contains(word), "{at} ({}): refers to `{word}`", lang.code());
            }
        }
        let paragraphs = |lang| text.get(lang).split("\n\n").filter(|p: &&str| !p.trim().is_empty()).count();
        assert_eq!(paragraphs(Lang::Zh), paragraphs(Lang::En), "{at}: the languages have different paragraphs");
    };
    for chapter in chapters() {
        check(&format!("{} title", chapter.id), &chapter.title);
        check(&format!("{} summary", chapter.id), &chapter.summary);
        for (n, step) in chapter.steps.iter().enumerate() {
            let at = format!("{}/{}", chapter.id, n + 1);
            check(&format!("{at} title"), &step.title);
            check(&format!("{at} text"), &step.text);
            if let Some(task) = &step.task {
                check(&format!("{at} goal"), &task.goal);
                check(&format!("{at} hint"), &task.hint);
            }
        }
    }
}

#[test]
fn every_link_resolves_to_a_route() {
    let catalog = rebalance_core::exercise::catalog();
    for (index, chapter) in chapters().iter().enumerate() {
        let map_link = format!("#/learn/{}", chapter.id);
        assert_eq!(Route::from_hash(&map_link), Some(Route::Learn));
        assert!(
            matches!(place(&map_link, chapters(), &Progress::default()), (Place::Step { chapter, step: 0 }, None) if chapter == index)
        );
        for (n, step) in chapter.steps.iter().enumerate() {
            let href = step_href(chapter, n);
            assert_eq!(Route::from_hash(&href), Some(Route::Learn), "{href}");
            assert_eq!(place(&href, chapters(), &Progress::default()), (Place::Step { chapter: index, step: n }, None));
            let src = widget_src(step, Lang::Zh);
            assert!(src.starts_with("./?embed=1&lang=zh-CN"), "{src}");
            let hash = src.split_once('#').map(|(_, h)| format!("#{h}")).unwrap_or_default();
            let expected = match step.widget.page {
                WidgetPage::Playground => Route::Playground,
                WidgetPage::Offsets => Route::Offsets,
                WidgetPage::Planner => Route::Planner,
                WidgetPage::Troubleshoot => Route::Troubleshoot,
                WidgetPage::Timeline => Route::Timeline,
            };
            assert_eq!(Route::from_hash(&hash), Some(expected), "{src}");
        }
        assert!((2..=3).contains(&chapter.exercises.len()), "{}: two or three exercises", chapter.id);
        for (id, title) in &chapter.exercises {
            let exercise =
                catalog.get(id).unwrap_or_else(|| panic!("{}: exercise `{id}` is not in the catalog", chapter.id));
            assert_eq!(&exercise.title, title, "{}: {id}", chapter.id);
            let href = exercise_href(id, Lang::En);
            assert_eq!(href, format!("?lang=en&ex_id={id}#/exercises"));
            let hash = href.split_once('#').map(|(_, h)| format!("#{h}")).unwrap_or_default();
            assert_eq!(Route::from_hash(&hash), Some(Route::Exercises), "{href}");
        }
    }
}

/// Two chapters of two and three steps, for the path's rules.
fn two_chapters() -> Vec<Chapter> {
    let text = || Text::new("文", "text");
    let step = || Step {
        title: text(),
        text: text(),
        widget: super::lesson::Widget { page: WidgetPage::Playground, query: String::new() },
        task: None,
    };
    let chapter = |id: &str, steps: usize| Chapter {
        id: id.to_owned(),
        title: text(),
        summary: text(),
        steps: (0..steps).map(|_| step()).collect(),
        exercises: Vec::new(),
    };
    vec![chapter("group", 2), chapter("scale-out", 3)]
}

#[test]
fn the_path_names_a_place_or_what_is_wrong_with_it() {
    let chapters = two_chapters();
    let mut progress = Progress::default();
    progress.set("scale-out", 0, Mark::Done);
    progress.set("scale-out", 1, Mark::Skipped);
    let at = |hash: &str| place(hash, &chapters, &progress);
    let step = |chapter, step| Place::Step { chapter, step };
    assert_eq!(at("#/learn"), (Place::Map, None));
    assert_eq!(at("#/learn/"), (Place::Map, None));
    assert_eq!(at("#/learn/group/2"), (step(0, 1), None));
    assert_eq!(at("#/learn/GROUP/1/?x=1"), (step(0, 0), None));
    // A chapter alone opens at its first step neither done nor skipped.
    assert_eq!(at("#/learn/scale-out"), (step(1, 2), None));
    assert_eq!(at("#/learn/group"), (step(0, 0), None));
    assert_eq!(at("#/learn/nope/1"), (Place::Map, Some(PathProblem::NoChapter("nope".to_owned()))));
    for bad in ["0", "4", "x", "-1", "1.5", "2/1", "99999999999999999999999"] {
        let expected = (step(1, 2), Some(PathProblem::NoStep { chapter: 1, given: bad.to_owned() }));
        assert_eq!(at(&format!("#/learn/scale-out/{bad}")), expected, "{bad}");
    }
    // Every step done or skipped: the chapter opens at its first.
    progress.set("scale-out", 2, Mark::Done);
    assert_eq!(place("#/learn/scale-out", &chapters, &progress), (step(1, 0), None));
}

#[test]
fn a_check_reads_a_fact_a_comparison_and_a_value() {
    let check = |text: &str| Check::parse(text);
    assert_eq!(check("idle >= 1"), Ok(Check { metric: Metric::Idle, op: Op::Ge, value: Value::Number(1) }));
    assert_eq!(check("most==8"), Ok(Check { metric: Metric::Most, op: Op::Eq, value: Value::Number(8) }));
    assert_eq!(check("lag < 500").map(|c| c.op), Ok(Op::Lt));
    assert_eq!(check("lag > -1").map(|c| c.value), Ok(Value::Number(-1)));
    assert_eq!(check("lag != 5").map(|c| c.op), Ok(Op::Ne));
    assert_eq!(check("fewest <= 2").map(|c| c.op), Ok(Op::Le));
    assert_eq!(
        check("strategy == AVG_BY_CIRCLE"),
        Ok(Check { metric: Metric::Strategy, op: Op::Eq, value: Value::Name("AVG_BY_CIRCLE".to_owned()) })
    );
    assert!(check("idle").is_err_and(|e| e.contains("no comparison")));
    assert!(check("idel >= 1").is_err_and(|e| e.contains("unknown fact `idel`")));
    assert!(check("idle >= one").is_err_and(|e| e.contains("not a whole number")));
    assert!(check("strategy >= AVG").is_err_and(|e| e.contains("== or !=")));
    assert!(check("top > stuck-message").is_err_and(|e| e.contains("== or !=")));
    assert_eq!(
        check("symptom == lag-stuck"),
        Ok(Check { metric: Metric::Symptom, op: Op::Eq, value: Value::Name("lag-stuck".to_owned()) })
    );
    assert!(check("likely >= x").is_err_and(|e| e.contains("not a whole number")));
    assert!(check("strategy == ").is_err());

    let holds = |text: &str, actual: Option<Value>| check(text).is_ok_and(|c| c.holds(actual.as_ref()));
    assert!(holds("idle >= 1", Some(Value::Number(1))));
    assert!(!holds("idle >= 1", Some(Value::Number(0))));
    assert!(!holds("idle >= 1", None), "an unknown fact does no task");
    assert!(!holds("idle != 1", None));
    assert!(holds("strategy == AVG", Some(Value::Name("AVG".to_owned()))));
    assert!(!holds("strategy == AVG", Some(Value::Name("CONFIG".to_owned()))));
    assert!(holds("strategy != AVG", Some(Value::Name("CONFIG".to_owned()))));
    assert!(!holds("most == 8", Some(Value::Name("8".to_owned()))));
}

#[test]
fn the_playground_facts_are_the_cores_assignment() {
    let at = |query: &str| facts(WidgetPage::Playground, &query_pairs(query));
    // 8 queues over 9 consumers: AVG leaves exactly the ninth idle.
    let (nine, notices) = at("pg_q=8&pg_c=9");
    assert!(notices.is_empty());
    let model = rebalance_core::assignment::MessageModel::Clustering(rebalance_core::allocate::Strategy::Averagely);
    let cids: Vec<String> = (1..=9).map(crate::pages::playground::settings::cid_of).collect();
    let (settings, _) = crate::pages::playground::query::from_query(&|k: &str| (k == "pg_c").then(|| "9".to_owned()));
    let group = rebalance_core::assignment::assign(&model, &settings.mq_all(), &cids).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(nine.get(Metric::Idle), Some(&Value::Number(group.idle_members().len() as i64)));
    assert_eq!(nine.get(Metric::Idle), Some(&Value::Number(1)));
    assert_eq!(nine.get(Metric::Most), Some(&Value::Number(1)));
    assert_eq!(nine.get(Metric::Fewest), Some(&Value::Number(0)));
    assert_eq!(nine.get(Metric::Strategy), Some(&Value::Name("AVG".to_owned())));
    // No member: nobody holds a queue, and there is no busiest member.
    let (none, _) = at("pg_c=0");
    assert_eq!(none.get(Metric::Unassigned), Some(&Value::Number(8)));
    assert_eq!(none.get(Metric::Most), None);
    // A bad value is the page's notice, as the page itself reads it.
    let (_, notices) = at("pg_c=999");
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].key, "pg_c");
    assert_eq!(nine.fill("{consumers} consumers, {idle} idle, {x}"), "9 consumers, 1 idle, {x}");
}

#[test]
fn a_query_is_read_as_the_browser_reads_it() {
    let pairs = query_pairs("?pg_m=1%2C3&pg_s=AVG_BY_CIRCLE&x=a+b&bad=%zz&empty&&=v&utf=%E4%B8%AD%");
    let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    assert_eq!(
        pairs,
        [
            ("pg_m", "1,3"),
            ("pg_s", "AVG_BY_CIRCLE"),
            ("x", "a b"),
            ("bad", "%zz"),
            ("empty", ""),
            ("", "v"),
            ("utf", "中%")
        ]
    );
    assert_eq!(query_pairs(""), Vec::new());
}

#[test]
fn progress_is_stored_and_read_back() {
    let mut progress = Progress::default();
    progress.set("group", 2, Mark::Done);
    progress.set("group", 0, Mark::Skipped);
    progress.set("group", 0, Mark::Done);
    progress.set("group", 2, Mark::Skipped);
    assert_eq!(progress.marks("group", 4), [Mark::Done, Mark::Open, Mark::Done, Mark::Open]);
    assert_eq!(progress.resume("group", 4), 1);
    let text = progress::write(&progress).unwrap_or_default();
    assert_eq!(text, r#"{"version":1,"chapters":{"group":"d-d"}}"#);
    assert_eq!(progress::read(Some(&text)), (progress, Vec::new()));
    assert_eq!(progress::read(None), (Progress::default(), Vec::new()));
}

#[test]
fn bad_stored_progress_is_named_and_the_rest_kept() {
    let read = |text: &str| progress::read(Some(text));
    for text in ["", "not json", "[]", r#"{"chapters":{}}"#, r#"{"version":"1"}"#, r#"{"version":1,"chapters":3}"#] {
        let (progress, problems) = read(text);
        assert_eq!(progress, Progress::default(), "{text}");
        assert!(matches!(problems.as_slice(), [Problem::Document(_)]), "{text}: {problems:?}");
    }
    assert_eq!(read(r#"{"version":2,"chapters":{}}"#).1, [Problem::Document("version 2".to_owned())]);
    let (progress, problems) = read(r#"{"version":1,"chapters":{"a":"dsx","b":7,"c":"-d","d":null}}"#);
    assert_eq!(
        problems,
        [Problem::Chapter("a".to_owned()), Problem::Chapter("b".to_owned()), Problem::Chapter("d".to_owned())]
    );
    assert_eq!(progress.marks("c", 3), [Mark::Open, Mark::Done, Mark::Open]);
    assert_eq!(progress.marks("a", 2), [Mark::Open, Mark::Open]);
    // A chapter this build does not have is kept as it was stored.
    let (progress, _) = read(r#"{"version":1,"chapters":{"later":"ddd"}}"#);
    assert!(progress::write(&progress).unwrap_or_default().contains(r#""later":"ddd""#));
}

#[test]
fn the_planner_facts_are_the_cores_plan() {
    use rebalance_core::plan::{plan, Goal, Model, PlanInput};
    let at = |query: &str| facts(WidgetPage::Planner, &query_pairs(query));
    let (six, notices) = at("pl_goal=instances&pl_n=6");
    assert!(notices.is_empty());
    let input = PlanInput { goal: Goal::Instances { count: 6 }, ..PlanInput::seed_example(Model::QueueLevel) };
    let expected = plan(&input).unwrap_or_else(|e| panic!("{e}")).drain_seconds.map(|s| s.ceil() as i64);
    assert_eq!(six.get(Metric::Drain), expected.map(Value::Number).as_ref());
    assert_eq!(six.get(Metric::Drains), Some(&Value::Number(1)));
    assert_eq!(six.get(Metric::MeetsTarget), None, "a fixed instance count has no target");
    // Consuming exactly as fast as producing never drains: no drain time at all.
    let (five, _) = at("pl_goal=instances&pl_n=5");
    assert_eq!((five.get(Metric::Drains), five.get(Metric::Drain)), (Some(&Value::Number(0)), None));
    // The worked example misses its target with 8 queues and meets it with 9.
    assert_eq!(at("").0.get(Metric::MeetsTarget), Some(&Value::Number(0)));
    assert_eq!(at("pl_q=9").0.get(Metric::MeetsTarget), Some(&Value::Number(1)));
    assert_eq!(at("pl_n=0").1.len(), 1, "a bad value is the page's notice");
    // Message-level: every instance counts, beyond the queue count too.
    let model = |query: &str| at(query).0.get(Metric::Model).cloned();
    assert_eq!(model(""), Some(Value::Name("queue".to_owned())));
    assert_eq!(model("pl_model=message"), Some(Value::Name("message".to_owned())));
    let input = PlanInput { goal: Goal::Instances { count: 12 }, ..PlanInput::seed_example(Model::MessageLevel) };
    let expected = plan(&input).unwrap_or_else(|e| panic!("{e}")).drain_seconds.map(|s| s.ceil() as i64);
    assert_eq!(
        at("pl_goal=instances&pl_n=12&pl_model=message").0.get(Metric::Drain),
        expected.map(Value::Number).as_ref()
    );
    assert_ne!(at("pl_goal=instances&pl_n=12").0.get(Metric::Drain), expected.map(Value::Number).as_ref());
}

#[test]
fn the_troubleshoot_facts_are_the_pages_order_of_its_causes() {
    use crate::pages::troubleshoot::state::State;
    use crate::pages::troubleshoot::tree::ranked;
    let at = |query: &str| facts(WidgetPage::Troubleshoot, &query_pairs(query));
    // Nothing picked: no symptom, no causes to count.
    let (none, notices) = at("");
    assert!(notices.is_empty());
    assert_eq!((none.get(Metric::Symptom), none.get(Metric::Top), none.get(Metric::Likely)), (None, None, None));
    // The page's own reader and order: what it lists first and last.
    let query = "ts_s=two-owners&ts_a=ny";
    let (two, notices) = at(query);
    assert!(notices.is_empty(), "{notices:?}");
    let pairs = query_pairs(query);
    let (state, _) = State::from_query(&|k: &str| pairs.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone()));
    let symptom = state.symptom.unwrap_or_else(|| panic!("two-owners is a symptom"));
    let listed = ranked(symptom, &state.answers);
    let name = |s: &str| Some(Value::Name(s.to_owned()));
    assert_eq!(two.get(Metric::Symptom).cloned(), name("two-owners"));
    assert_eq!(two.get(Metric::Top).cloned(), listed.first().and_then(|(_, c, _)| name(c.id)));
    assert_eq!(two.get(Metric::Last).cloned(), listed.last().and_then(|(_, c, _)| name(c.id)));
    // The second cause answered yes rises above the first, answered no, which goes last.
    assert_eq!(two.get(Metric::Top).cloned(), name(symptom.causes[1]));
    assert_eq!(two.get(Metric::Last).cloned(), name(symptom.causes[0]));
    assert_eq!(
        (two.get(Metric::Likely), two.get(Metric::RuledOut)),
        (Some(&Value::Number(1)), Some(&Value::Number(1)))
    );
    // A bad value is the page's notice, the rest read.
    let (bad, notices) = at("ts_s=lag-stuck&ts_a=yx");
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].key, "ts_a");
    assert_eq!(bad.get(Metric::Symptom).cloned(), name("lag-stuck"));
    assert_eq!(bad.get(Metric::Likely), Some(&Value::Number(1)));
}

#[test]
fn the_timeline_facts_are_the_simulators_at_the_tick() {
    use rebalance_core::simulate::{scenario, Simulation};
    let at = |query: &str| facts(WidgetPage::Timeline, &query_pairs(query));
    let number = |facts: &Facts, metric| match facts.get(metric) {
        Some(Value::Number(n)) => *n,
        other => panic!("{metric:?} is {other:?}"),
    };
    // The page's reader replays the preset to `tl_t`: the same metrics as the simulator's own
    // run to that tick.
    let preset = scenario::by_name("scale-out-avg").unwrap_or_else(|| panic!("no preset scale-out-avg"));
    let mut sim = Simulation::from_scenario(&preset, 1).unwrap_or_else(|e| panic!("{e}"));
    sim.seek(650);
    let m = sim.metrics();
    let (facts, notices) = at("tl_scenario=scale-out-avg&tl_t=650");
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(facts.get(Metric::Scenario), Some(&Value::Name("scale-out-avg".to_owned())));
    assert_eq!(number(&facts, Metric::Tick), 650);
    assert_eq!(number(&facts, Metric::Running), i64::from(m.running));
    assert_eq!(number(&facts, Metric::Duplicates), m.duplicates as i64);
    assert_eq!(number(&facts, Metric::GroupLag), m.group_lag as i64);
    let handoffs: u64 = sim.snapshot().queues.iter().map(|q| q.handoffs).sum();
    assert_eq!(number(&facts, Metric::Handoffs), handoffs as i64);
    // The first duplicate: exactly one tick around the join has some and had none one tick
    // earlier, the first with any in the simulator's history.
    let first: Vec<u64> = (580..=700)
        .filter(|t| {
            let (f, _) = at(&format!("tl_scenario=scale-out-avg&tl_t={t}"));
            number(&f, Metric::Duplicates) >= 1 && number(&f, Metric::DuplicatesBefore) == 0
        })
        .collect();
    let expected = sim.history().iter().position(|m| m.duplicates > 0).map(|t| t as u64);
    assert_eq!(first.len(), 1, "{first:?}");
    assert_eq!(first.first().copied(), expected);
    // An injected crash is the reader's own: one process killed, the broker told at once.
    let (crashed, notices) = at("tl_scenario=scale-out-avg&tl_events=120000-crash-192.168.0.1&tl_t=1201");
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!((number(&crashed, Metric::Crashed), number(&crashed, Metric::Members)), (1, 3));
    // Ordered consumption: every queue locked at the broker, then Q3's failing message blocks it.
    let (ordered, _) = at("tl_scenario=ordered-blocked&tl_t=700");
    assert_eq!((number(&ordered, Metric::Locked), number(&ordered, Metric::Blocked)), (8, 1));
    // A bad value is the page's notice, the rest read; a bad event names tl_events.
    let (bad, notices) = at("tl_scenario=crash&tl_t=-5&tl_events=garbage");
    let keys: Vec<&str> = notices.iter().map(|n| n.key.as_str()).collect();
    assert_eq!(keys, ["tl_t", "tl_events"]);
    assert_eq!(number(&bad, Metric::Tick), 0);
}
