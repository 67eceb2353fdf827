//! The mock interview's page rules without a browser: the URL reader and its notices, a run
//! from start to report (answers, ticks, grades, skips, the clock running out), the stored
//! run and its damage, the timer's announcements and the topic names.

use rebalance_core::exercise::interview::{draw, report, Item, ItemAnswer, Level};
use rebalance_core::exercise::{grade, instantiate, reference_answer, Answer};
use yew::Callback;

use super::state::{
    announcement, clock, parse_seed, read_stored, read_url, write_stored, Session, Setup, KEY_CODE, KEY_LEN, KEY_LEVEL,
    KEY_SEED, MAX_SEED,
};
use super::{questions, topic_name};
use crate::hooks::I18n;
use crate::i18n::Lang;
use crate::pages::exercises::catalog;
use crate::url_state::{Problem, UrlNotice};

fn interview() -> &'static rebalance_core::exercise::interview::Interview {
    questions::interview().unwrap_or_else(|e| panic!("the encoded questions do not decode: {e}"))
}

fn read(pairs: &[(&str, &str)]) -> (Setup, Option<String>, Vec<UrlNotice>) {
    let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| (*v).to_owned());
    read_url(&get, 4242)
}

#[test]
fn the_url_gives_the_setup_and_bad_values_a_notice_naming_the_key() {
    let (setup, code, notices) = read(&[]);
    assert_eq!(setup, Setup { minutes: 30, level: Level::Mid, seed: 4242 }, "defaults, the seed random");
    assert!(code.is_none() && notices.is_empty());
    let (setup, code, notices) = read(&[(KEY_LEN, "45"), (KEY_LEVEL, "senior"), (KEY_SEED, "17"), (KEY_CODE, "AbC")]);
    assert_eq!(setup, Setup { minutes: 45, level: Level::Senior, seed: 17 });
    assert_eq!(code.as_deref(), Some("AbC"));
    assert!(notices.is_empty());
    let long = "9".repeat(5000);
    for (key, raw, problem) in [
        (KEY_LEN, "20", "choice"),
        (KEY_LEN, "NaN", "choice"),
        (KEY_LEVEL, "expert", "choice"),
        (KEY_SEED, "abc", "number"),
        (KEY_SEED, "NaN", "number"),
        (KEY_SEED, "1e309", "range"),
        (KEY_SEED, long.as_str(), "range"),
        (KEY_SEED, "-3", "range"),
        (KEY_SEED, "2.5", "whole"),
        (KEY_SEED, "\0", "number"),
    ] {
        let (setup, _, notices) = read(&[(key, raw)]);
        assert_eq!(notices.len(), 1, "{key}={raw:?}: {notices:?}");
        assert_eq!(notices[0].key, key);
        let matches = match problem {
            "choice" => matches!(notices[0].problem, Problem::UnknownChoice { .. }),
            "number" => matches!(notices[0].problem, Problem::NotANumber),
            "range" => matches!(notices[0].problem, Problem::OutOfRange { .. }),
            _ => matches!(notices[0].problem, Problem::NotWhole),
        };
        assert!(matches, "{key}={raw:?}: {:?}", notices[0].problem);
        assert!(setup.seed <= MAX_SEED && [15, 30, 45].contains(&setup.minutes));
    }
    // An empty result code is no code.
    assert!(read(&[(KEY_CODE, "  ")]).1.is_none());
    assert_eq!(parse_seed(" 12 "), Some(12));
    assert_eq!(parse_seed(&MAX_SEED.to_string()), Some(MAX_SEED));
    assert_eq!(parse_seed(&(MAX_SEED + 1).to_string()), None);
    assert_eq!(parse_seed("1e3"), None);
    assert_eq!(parse_seed("-1"), None);
}

#[test]
fn a_run_answers_ticks_grades_skips_and_reports() {
    let (interview, catalog) = (interview(), catalog());
    let setup = Setup { minutes: 15, level: Level::Senior, seed: 99 };
    let items = draw(interview, catalog, 99, 15, Level::Senior);
    let mut s = Session::start(interview, catalog, setup);
    assert_eq!((s.current, s.finished, s.run.results.len()), (0, false, items.len()));
    // Item 1, an open question: written, revealed, two points ticked (ticks before the
    // reference answer is shown do nothing).
    let Item::Open { question } = items[0] else { panic!("the first item is an open question") };
    let points = interview.get(question).map_or(0, |q| q.en.points.len());
    s.tick(0, true, points);
    assert!(s.ticked().is_empty(), "no tick before the reference answer");
    s.write("每个成员自己计算 its own share");
    s.reveal();
    s.tick(1, true, points);
    s.tick(0, true, points);
    s.tick(0, true, points);
    s.tick(200, true, points);
    assert_eq!(s.ticked(), &[0, 1]);
    assert_eq!(s.text(), "每个成员自己计算 its own share");
    let two_of = u8::try_from((200 + points / 2) / points).unwrap_or(0);
    assert_eq!(s.run.results[0].score, two_of);
    s.tick(1, false, points);
    s.tick(1, true, points);
    for _ in 0..75 {
        s.second();
    }
    s.next();
    assert_eq!((s.current, s.revealed), (1, false));
    // Item 2, a computed part: a wrong answer, then the right one (the last graded counts).
    let Item::Computed { exercise, seed, .. } = &items[1] else { panic!("the second item is computed") };
    let inst = instantiate(catalog.get(exercise).expect("exercise"), *seed).expect("instance");
    let wrong = Answer::text("3");
    s.record(wrong.clone(), grade(&inst, &wrong).score);
    let right = reference_answer(&inst);
    s.record(right.clone(), grade(&inst, &right).score);
    assert_eq!(s.run.results[1].score, 100);
    for _ in 0..40 {
        s.second();
    }
    // Item 3 skipped after writing something: unanswered.
    s.next();
    s.write("not sure");
    s.skip();
    assert_eq!(s.run.results[2].answer, ItemAnswer::None);
    assert_eq!(s.current, 3);
    // Item 4: Finish.
    s.next();
    assert!(s.finished);
    let before = s.clone();
    s.write("after the end");
    s.second();
    assert_eq!(s, before, "a finished run does not change");
    let r = report(interview, catalog, &s.run).expect("the run's report");
    assert_eq!(r.items.iter().map(|i| i.score).collect::<Vec<_>>(), vec![two_of, 100, 0, 0]);
    assert_eq!(r.items.iter().map(|i| i.seconds).collect::<Vec<_>>(), vec![75, 40, 0, 0]);
    assert_eq!(r.seconds, 115);
}

#[test]
fn when_the_time_runs_out_the_run_ends_and_unanswered_items_score_zero() {
    let (interview, catalog) = (interview(), catalog());
    let mut s = Session::start(interview, catalog, Setup { minutes: 15, level: Level::Junior, seed: 5 });
    let first = draw(interview, catalog, 5, 15, Level::Junior)[0].question();
    let points = interview.get(first).map_or(0, |q| q.en.points.len());
    s.write("an answer");
    s.reveal();
    s.tick(0, true, points);
    for _ in 0..(15 * 60 - 1) {
        s.second();
    }
    assert!(!s.finished && s.run.seconds_left() == 1);
    s.second();
    assert!(s.finished && s.run.seconds_left() == 0);
    assert_eq!(s.run.results[0].seconds, 900);
    let r = report(interview, catalog, &s.run).expect("report");
    assert!(r.items[1..].iter().all(|i| i.score == 0 && !i.answered));
    assert!(r.items[0].answered);
}

#[test]
fn a_stored_run_reads_back_and_a_broken_one_is_refused_with_its_reason() {
    let (interview, catalog) = (interview(), catalog());
    let mut s = Session::start(interview, catalog, Setup { minutes: 30, level: Level::Mid, seed: MAX_SEED });
    s.write("\"quoted\" and 中文");
    s.reveal();
    s.tick(1, true, 2);
    s.second();
    s.next();
    let text = write_stored(&s).expect("written");
    assert_eq!(read_stored(Some(&text), interview, catalog), Some(Ok(s.clone())));
    assert_eq!(read_stored(None, interview, catalog), None);
    for broken in [
        "",
        "not json",
        "{}",
        "[]",
        "{\"version\":2,\"run\":\"\"}",
        &text.replace("\"version\":1", "\"version\":7"),
        &text.replace("\"current\":1", "\"current\":99"),
        &text.replace("\"current\":1", "\"current\":-1"),
        &text.replace("\"current\":1", "\"current\":1,\"extra\":true"),
        &text.replace("\"run\":\"A", "\"run\":\"B"),
        &text.replace("\"run\":\"", "\"run\":\"x"),
        &text[..text.len() / 2],
    ] {
        match read_stored(Some(broken), interview, catalog) {
            Some(Err(reason)) => assert!(!reason.is_empty(), "{broken}"),
            other => panic!("{broken:?} read as {other:?}"),
        }
    }
    // Any text: an answer, never a panic.
    for cut in 0..text.len() {
        if text.is_char_boundary(cut) {
            let _ = read_stored(Some(&text[..cut]), interview, catalog);
        }
    }
}

#[test]
fn the_timer_is_announced_every_five_minutes_at_one_minute_and_at_the_end() {
    assert_eq!(clock(0), "0:00");
    assert_eq!(clock(1799), "29:59");
    assert_eq!(clock(2700), "45:00");
    let mut said = Vec::new();
    let mut last = announcement(30 * 60);
    for left in (0..30 * 60).rev() {
        let now = announcement(left);
        if now != last {
            said.push((left, now));
            last = now;
        }
    }
    assert_eq!(
        said,
        vec![
            (1500, Some(25)),
            (1200, Some(20)),
            (900, Some(15)),
            (600, Some(10)),
            (300, Some(5)),
            (60, Some(1)),
            (0, None)
        ]
    );
    assert_eq!(announcement(1800), Some(30));
}

#[test]
fn topic_names_are_the_lessons_chapter_titles() {
    for topic in rebalance_core::exercise::interview::TOPICS {
        let path = format!("{}/lessons/{topic}.toml", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let table: toml::Table = toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (lang, key) in [(Lang::En, "en"), (Lang::Zh, "zh")] {
            let title = table.get("title").and_then(|t| t.get(key)).and_then(|t| t.as_str());
            let i18n = I18n::new(lang, Callback::noop());
            assert_eq!(Some(topic_name(&i18n, topic)), title, "{topic} in {key}");
        }
    }
}
