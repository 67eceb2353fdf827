//! The mock interview's open questions (`interview/questions.toml`) against the source
//! material and the exercise catalog; the seeded draw; the run's report and its result code.

use std::collections::BTreeSet;

use proptest::prelude::*;
use rebalance_core::exercise::interview::run::{exercises_for_topic, open_score, CHECK_LEN, CODE_VERSION};
use rebalance_core::exercise::interview::{
    check, decode, draw, encode, item_count, report, CodeError, Interview, Item, ItemAnswer, Level, Run, LENGTHS,
    QUESTIONS, TOPICS,
};
use rebalance_core::exercise::{catalog, exercise_seed, grade, instantiate, reference_answer, Answer};
use rebalance_core::Lang;

const FILE: &str = include_str!("../../../interview/questions.toml");

fn interview() -> Interview {
    Interview::parse(FILE).unwrap_or_else(|e| panic!("interview/questions.toml: {e}"))
}

#[test]
fn the_file_is_complete_and_every_question_has_a_computed_part() {
    let problems = check(&interview(), catalog());
    assert!(problems.is_empty(), "interview/questions.toml:\n{}", problems.join("\n"));
}

#[test]
fn the_questions_are_the_source_materials_in_its_words() {
    // Section 6.16 of seed 000: the Chinese question texts, in order (the file may not
    // reword what the interviewer asks).
    let section = include_str!("data/interview_6_16.txt");
    let interview = interview();
    for q in &interview.questions {
        let heading = format!("\n{}. ", q.number);
        let at = section.find(&heading).unwrap_or_else(|| panic!("question {} not in the seed", q.number));
        let line = section[at + heading.len()..].lines().next().unwrap_or_default().trim();
        // The file writes the glossary's terms (docs/glossary.toml) where the seed uses
        // another word for the same concept.
        let asked = [("重置位点", "Reset Offset "), ("顺序消费", "有序消费")]
            .iter()
            .fold(q.zh.ask.clone(), |text, (term, seed_word)| text.replace(term, seed_word));
        assert_eq!(asked, line, "question {}", q.number);
        // Every common mistake of the seed is there, in substance: its first few characters.
        let mistake_at = section[at..].find("易错点：").expect("易错点") + at + "易错点：".len();
        let mistake = section[mistake_at..].lines().next().unwrap_or_default().trim();
        let start: String = mistake.chars().take(4).collect();
        assert!(q.zh.mistakes.iter().any(|m| m.starts_with(&start)), "question {}: {mistake}", q.number);
    }
}

#[test]
fn every_topic_and_level_is_used() {
    let interview = interview();
    for topic in TOPICS {
        // `strategies` … `troubleshoot`: a weak topic in a report always has questions.
        assert!(interview.questions.iter().any(|q| q.topic == topic), "no question on {topic}");
    }
    for level in [Level::Junior, Level::Mid, Level::Senior] {
        assert!(interview.questions.iter().any(|q| q.level == level), "no {level:?} question");
    }
    assert_eq!(interview.questions.len(), usize::from(QUESTIONS));
    assert_eq!(
        interview.get(12).map(|q| q.wording(Lang::En).ask.as_str()),
        Some("How long does a backlog take to drain?")
    );
}

#[test]
fn the_drain_answer_is_the_planners_formula() {
    // Question 12's checklist states the rule the planner computes: B / (C − P) when C > P,
    // never when C ≤ P.
    let q = interview();
    let q = q.get(12).expect("question 12");
    assert!(q.en.points.iter().any(|p| p.contains("B / (C − P)")));
    assert!(q.zh.points.iter().any(|p| p.contains("B / (C − P)")));
    assert!(q.en.points.iter().any(|p| p.contains("C ≤ P") && p.contains("never")));
}

#[test]
fn a_broken_file_is_reported_by_question_and_field() {
    // A question without English, a duplicate number, an unknown topic, unequal lists.
    let mut broken = interview();
    broken.questions[0].en.ask.clear();
    broken.questions[1].number = 1;
    broken.questions[2].topic = "elsewhere".into();
    broken.questions[3].en.points.pop();
    broken.questions[4].zh.mistakes.clear();
    let problems = check(&broken, catalog()).join("\n");
    for expected in [
        "question 1: en.ask is empty",
        "questions are numbered [1, 1, 3,",
        "question 3: topic \"elsewhere\" is not one of group,",
        "question 4: zh.points has 3 entries, en.points 2",
        "question 5: zh.mistakes is empty",
    ] {
        assert!(problems.contains(expected), "{expected:?} not in:\n{problems}");
    }
    // A field the format does not know, or a wrong type, names the line.
    let error = Interview::parse("[[question]]\nnumber = 1\ntopic = \"group\"\nlevel = \"junior\"\nhint = 3\n")
        .expect_err("unknown field");
    assert!(error.contains("hint") && error.contains("line 5"), "{error}");
    let error = Interview::parse("[[question]]\nnumber = \"one\"\n").expect_err("wrong type");
    assert!(error.contains("number") || error.contains("line 2"), "{error}");
}

const LEVELS: [Level; 3] = [Level::Junior, Level::Mid, Level::Senior];

#[test]
fn the_same_inputs_give_the_same_draw_and_other_seeds_another() {
    let (interview, catalog) = (interview(), catalog());
    for minutes in LENGTHS {
        for level in LEVELS {
            let first = draw(&interview, catalog, 7, minutes, level);
            assert_eq!(first, draw(&interview, catalog, 7, minutes, level), "{minutes} min {level:?}");
            let differ = (8..28).filter(|&seed| draw(&interview, catalog, seed, minutes, level) != first).count();
            assert!(differ >= 18, "{minutes} min {level:?}: only {differ} of 20 other seeds differ");
        }
    }
    // The seed, not only the order, changes what is asked.
    let asked = |seed| -> BTreeSet<u8> {
        draw(&interview, catalog, seed, 15, Level::Senior).iter().map(Item::question).collect()
    };
    assert!((1..20).any(|seed| asked(seed) != asked(0)));
}

#[test]
fn the_length_sets_the_number_of_items_half_open_half_computed_none_twice() {
    let (interview, catalog) = (interview(), catalog());
    assert_eq!(LENGTHS.map(item_count), [4, 8, 12]);
    for seed in 0..60 {
        for minutes in LENGTHS {
            for level in LEVELS {
                let items = draw(&interview, catalog, seed, minutes, level);
                let at = format!("seed {seed}, {minutes} min, {level:?}");
                assert_eq!(items.len(), item_count(minutes), "{at}");
                let open: Vec<u8> = items
                    .iter()
                    .filter_map(|i| match i {
                        Item::Open { question } => Some(*question),
                        Item::Computed { .. } => None,
                    })
                    .collect();
                let computed: Vec<&str> = items
                    .iter()
                    .filter_map(|i| match i {
                        Item::Computed { exercise, .. } => Some(exercise.as_str()),
                        Item::Open { .. } => None,
                    })
                    .collect();
                let eligible = interview.questions.iter().filter(|q| q.level <= level).count();
                assert_eq!(open.len(), (items.len() / 2).min(eligible), "{at}: open questions");
                assert!(!computed.is_empty(), "{at}: no computed part");
                assert_eq!(open.iter().collect::<BTreeSet<_>>().len(), open.len(), "{at}: a question twice");
                assert_eq!(computed.iter().collect::<BTreeSet<_>>().len(), computed.len(), "{at}: an exercise twice");
                // An open question first, then a computed part, while both last.
                assert!(matches!(items[0], Item::Open { .. }) && matches!(items[1], Item::Computed { .. }), "{at}");
            }
        }
    }
}

#[test]
fn the_draw_respects_the_level_and_computed_parts_cover_its_questions() {
    let (interview, catalog) = (interview(), catalog());
    for seed in 0..80 {
        for level in LEVELS {
            let items = draw(&interview, catalog, seed, 30, level);
            let open: Vec<u8> = items.iter().filter(|&i| matches!(i, Item::Open { .. })).map(Item::question).collect();
            for item in &items {
                let q = interview.get(item.question()).expect("a question of the set");
                assert!(q.level <= level, "seed {seed}: question {} is {:?} above {level:?}", q.number, q.level);
                if let Item::Computed { exercise, seed: instance_seed, question } = item {
                    let ex = catalog.get(exercise).expect("a catalog exercise");
                    assert!(ex.interview.contains(question), "{exercise} does not cover question {question}");
                    assert_eq!(*instance_seed, exercise_seed(seed, exercise), "the class instance of the seed");
                    instantiate(ex, *instance_seed).expect("an instance");
                }
            }
            // At 30 minutes (4 open questions) every computed part covers an asked question
            // whenever the asked questions have enough exercises.
            let covering: BTreeSet<&str> = catalog
                .exercises
                .iter()
                .filter(|e| e.interview.iter().any(|n| open.contains(n)))
                .map(|e| e.id.as_str())
                .collect();
            if covering.len() >= 4 {
                for item in &items {
                    if let Item::Computed { exercise, question, .. } = item {
                        assert!(open.contains(question), "seed {seed} {level:?}: {exercise} for an unasked {question}");
                    }
                }
            }
        }
    }
    // A junior interview asks junior questions only, and the senior one reaches senior ones.
    let senior_asked = (0..40).any(|seed| {
        draw(&interview, catalog, seed, 15, Level::Senior)
            .iter()
            .any(|i| interview.get(i.question()).is_some_and(|q| q.level == Level::Senior))
    });
    assert!(senior_asked);
}

#[test]
fn every_topic_and_question_is_reachable_over_seeds() {
    let (interview, catalog) = (interview(), catalog());
    let mut topics = BTreeSet::new();
    let mut questions = BTreeSet::new();
    for seed in 0..200 {
        for item in draw(&interview, catalog, seed, 15, Level::Senior) {
            let q = interview.get(item.question()).expect("a question");
            topics.insert(q.topic.clone());
            if let Item::Open { question } = item {
                questions.insert(question);
            }
        }
    }
    assert_eq!(topics.len(), TOPICS.len(), "{topics:?}");
    assert_eq!(questions.len(), usize::from(QUESTIONS), "{questions:?}");
}

/// A finished run of seed 11, 15 minutes, mid: the first open question with its first point
/// ticked, the first computed part answered right, the second open question skipped, the
/// second computed part answered wrong.
fn sample_run() -> Run {
    let (interview, catalog) = (interview(), catalog());
    let items = draw(&interview, catalog, 11, 15, Level::Mid);
    let mut run = Run::new(&interview, catalog, 11, 15, Level::Mid);
    assert_eq!(run.results.len(), items.len());
    for (i, (item, result)) in items.iter().zip(&mut run.results).enumerate() {
        result.seconds = 60 + 17 * i as u32;
        match (i, item) {
            (0, Item::Open { question }) => {
                let points = interview.get(*question).map_or(0, |q| q.en.points.len());
                result.answer =
                    ItemAnswer::Open { text: "成员变化后重新分配 the queues".into(), ticked: vec![0] };
                result.score = open_score(&[0], points);
            }
            (1 | 3, Item::Computed { exercise, seed, .. }) => {
                let inst = instantiate(catalog.get(exercise).expect("exercise"), *seed).expect("instance");
                let answer = if i == 1 { reference_answer(&inst) } else { Answer::text("12") };
                result.score = grade(&inst, &answer).score;
                result.answer = ItemAnswer::Computed(answer);
            }
            _ => {}
        }
    }
    run
}

#[test]
fn the_report_scores_per_topic_and_names_the_weakest() {
    let (interview, catalog) = (interview(), catalog());
    let run = sample_run();
    let report = report(&interview, catalog, &run).expect("a report");
    assert_eq!(report.items.len(), 4);
    assert_eq!(report.items[1].score, 100, "the reference answer");
    assert!(report.items[3].score < 100, "a wrong answer");
    assert_eq!(report.items[2].score, 0, "skipped");
    assert!(!report.items[2].answered && report.items[0].answered);
    let points = interview.get(report.items[0].item.question()).map_or(0, |q| q.en.points.len());
    assert_eq!(report.items[0].score, open_score(&[0], points));
    assert_eq!(report.seconds, 60 + 77 + 94 + 111);
    // Per topic: the mean of its items; the total: the mean of all items.
    for topic in &report.topics {
        let scores: Vec<u32> =
            report.items.iter().filter(|i| i.topic == topic.topic).map(|i| u32::from(i.score)).collect();
        assert_eq!(topic.items, scores.len());
        let n = scores.len() as u32;
        assert_eq!(u32::from(topic.score), (scores.iter().sum::<u32>() + n / 2) / n, "{}", topic.topic);
    }
    let sum: u32 = report.items.iter().map(|i| u32::from(i.score)).sum();
    assert_eq!(u32::from(report.total), (sum + 2) / 4);
    // The weakest: under 75, lowest first.
    let mut weak: Vec<_> = report.topics.iter().filter(|t| t.score < 75).collect();
    weak.sort_by_key(|t| t.score);
    assert_eq!(report.weakest, weak.iter().take(3).map(|t| t.topic).collect::<Vec<_>>());
    assert!(!report.weakest.is_empty());
    for topic in &report.weakest {
        let exercises = exercises_for_topic(&interview, catalog, topic);
        assert!(!exercises.is_empty(), "{topic}: an exercise to practise");
        for id in exercises {
            let ex = catalog.get(id).expect("exercise");
            assert!(ex.interview.iter().any(|n| interview.get(*n).is_some_and(|q| q.topic == *topic)));
        }
    }
    assert_eq!(open_score(&[0, 1, 2], 3), 100);
    assert_eq!(open_score(&[1], 3), 33);
    assert_eq!(open_score(&[0, 2], 3), 67);
    assert_eq!(open_score(&[], 4), 0);
}

#[test]
fn a_result_code_round_trips_and_replays_the_same_report() {
    let (interview, catalog) = (interview(), catalog());
    let run = sample_run();
    let code = encode(&run);
    assert!(code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'), "{code}");
    assert_eq!(decode(&code), Ok(run.clone()));
    // Wrapped or padded with spaces, it still reads.
    let wrapped = format!("  {}\n{} ", &code[..10], &code[10..]);
    assert_eq!(decode(&wrapped), Ok(run.clone()));
    assert_eq!(report(&interview, catalog, &decode(&code).expect("run")), report(&interview, catalog, &run));
    // The text is base64url without padding of the version, the run in postcard and the
    // first bytes of MD5 (checked against the `base64` crate).
    use base64::Engine as _;
    use md5::Digest as _;
    let mut bytes = vec![CODE_VERSION];
    bytes.extend(postcard::to_allocvec(&run).expect("postcard"));
    let check = md5::Md5::digest(&bytes);
    bytes.extend(check.iter().take(CHECK_LEN));
    assert_eq!(code, base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&bytes));
    for cut in 0..bytes.len() {
        let text = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&bytes[..cut]);
        let run = decode(&text);
        assert!(run.is_err(), "{cut} bytes read as a run");
    }
    // A run not yet answered, every length and level.
    for minutes in LENGTHS {
        for level in LEVELS {
            let run = Run::new(&interview, catalog, u64::MAX - 3, minutes, level);
            assert_eq!(decode(&encode(&run)), Ok(run));
        }
    }
}

#[test]
fn a_changed_character_or_an_unknown_version_is_refused_with_a_message() {
    let code = encode(&sample_run());
    let chars: Vec<char> = code.chars().collect();
    const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (i, &c) in chars.iter().enumerate() {
        for other in ALPHABET.chars().filter(|&o| o != c).step_by(7) {
            let mut changed = chars.clone();
            changed[i] = other;
            let changed: String = changed.into_iter().collect();
            assert!(decode(&changed).is_err(), "character {i} {c}→{other} accepted");
        }
    }
    assert_eq!(decode(&code[..code.len() - 1]), Err(CodeError::Check), "cut short");
    assert_eq!(decode(&format!("{code}A")), Err(CodeError::Check), "one character more");
    assert_eq!(decode(""), Err(CodeError::Empty));
    assert_eq!(decode("AAAA"), Err(CodeError::TooShort));
    assert_eq!(decode(&format!("{}!x", &code[..5])), Err(CodeError::Character { position: 6, character: '!' }));
    // A version this core does not write, with a valid check: refused by its version.
    let with_version = |v: u8| {
        use base64::Engine as _;
        use md5::Digest as _;
        let mut bytes = vec![v, 1, 2, 3];
        let check = md5::Md5::digest(&bytes);
        bytes.extend(check.iter().take(CHECK_LEN));
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
    };
    assert_eq!(decode(&with_version(0)), Err(CodeError::Version(0)));
    assert_eq!(decode(&with_version(CODE_VERSION + 1)), Err(CodeError::Version(CODE_VERSION + 1)));
    assert!(matches!(decode(&with_version(CODE_VERSION)), Err(CodeError::Content(_))));
    let message = CodeError::Version(9).to_string();
    assert!(message.contains('9') && message.contains(&CODE_VERSION.to_string()), "{message}");
    assert!(CodeError::Check.to_string().contains("changed or mistyped"));
}

#[test]
fn a_code_whose_scores_or_answers_do_not_fit_the_draw_is_refused() {
    let (interview, catalog) = (interview(), catalog());
    let mut run = sample_run();
    run.results[1].score = 40;
    let error = report(&interview, catalog, &run).expect_err("an edited score");
    assert!(error.to_string().contains("item 2: a score of 40 where the answer scores 100"), "{error}");
    let mut run = sample_run();
    run.results.pop();
    assert!(report(&interview, catalog, &run).is_err(), "an item missing");
    let mut run = sample_run();
    run.results[0].answer = ItemAnswer::Computed(Answer::text("1"));
    assert!(report(&interview, catalog, &run).is_err(), "a computed answer to an open question");
    let mut run = sample_run();
    run.results[0].answer = ItemAnswer::Open { text: String::new(), ticked: vec![0, 40] };
    assert!(report(&interview, catalog, &run).is_err(), "a point that does not exist");
    // Checked on reading too: an unknown length, a score over 100.
    let mut run = sample_run();
    run.minutes = 20;
    assert!(matches!(decode(&encode(&run)), Err(CodeError::Content(_))));
    let mut run = sample_run();
    run.results[0].score = 101;
    assert!(matches!(decode(&encode(&run)), Err(CodeError::Content(_))));
}

proptest! {
    /// Whatever the text, reading it returns a result and never panics.
    #[test]
    fn decoding_never_panics(text in "\\PC{0,80}", cut in 0usize..200, byte in any::<u8>(), at in 0usize..200) {
        let _ = decode(&text);
        let code = encode(&sample_run());
        let _ = decode(&code[..cut.min(code.len())]);
        // A corrupted body with a recomputed check reaches postcard's reader.
        use base64::Engine as _;
        use md5::Digest as _;
        let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let mut bytes = engine.decode(&code).unwrap_or_default();
        bytes.truncate(bytes.len().saturating_sub(CHECK_LEN));
        if !bytes.is_empty() {
            let i = at % bytes.len();
            bytes[i] = byte;
            bytes.truncate(cut.max(1).min(bytes.len()));
            let check = md5::Md5::digest(&bytes);
            bytes.extend(check.iter().take(CHECK_LEN));
            let _ = decode(&engine.encode(&bytes));
        }
    }
}
