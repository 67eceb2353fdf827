//! The content check of the graded exercises (`exercises/*.toml`, issue 4): every file is
//! embedded and valid, ids are unique, every text exists in both languages, every hint is
//! non-empty, every interview question of seed 000 section 6.16 is covered, and for many
//! seeds the reference answer grades 100 while each listed mistake, entered as the core
//! computes it, gets its diagnosis. Parameter ranges are walked to prove that every draw
//! is either a valid exercise or rejected by a stated requirement, never a defect.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use rebalance_core::exercise::grade::display;
use rebalance_core::exercise::instance::{option_letter, option_order, Board, InstancePart, MistakePattern, PartInput};
use rebalance_core::exercise::model::{Exercise, Unit};
use rebalance_core::exercise::params::{all_values, duration, never, queue_labels, range, Params};
use rebalance_core::exercise::{
    build, catalog, exercise_seed, grade, instance_for, instantiate, reference_answer, set_for_seed, value_answer,
    Answer, ExerciseError, Instance, Kind, Lang, PartAnswer, Value, Verdict,
};

const SEEDS: u64 = 200;

fn exercises() -> &'static [Exercise] {
    &catalog().exercises
}

fn instance(ex: &Exercise, seed: u64) -> Instance {
    match instantiate(ex, seed) {
        Ok(i) => i,
        Err(e) => panic!("{} seed {seed}: {e}", ex.id),
    }
}

/// Every exercise instantiated with the class seeds `0..SEEDS` (computed once).
fn all_instances() -> &'static [Instance] {
    static ALL: std::sync::OnceLock<Vec<Instance>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        exercises().iter().flat_map(|ex| (0..SEEDS).map(move |s| instance(ex, exercise_seed(s, &ex.id)))).collect()
    })
}

#[test]
fn catalog_loads_every_file_without_errors() {
    assert_eq!(catalog().errors, Vec::<ExerciseError>::new());
    assert!(exercises().len() >= 24, "only {} exercises", exercises().len());
    let ids: BTreeSet<&str> = exercises().iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids.len(), exercises().len(), "duplicate ids");
}

#[test]
fn every_file_in_the_exercises_directory_is_embedded() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../exercises");
    let on_disk: BTreeSet<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".toml"))
                .collect()
        })
        .unwrap_or_default();
    let embedded: BTreeSet<String> =
        rebalance_core::exercise::catalog::FILES.iter().map(|(name, _)| (*name).to_owned()).collect();
    assert!(!on_disk.is_empty(), "no exercise files found in {}", dir.display());
    assert_eq!(on_disk, embedded, "exercises/ and the catalog list differ");
}

#[test]
fn every_interview_question_and_spec_case_is_covered() {
    let covered: BTreeSet<u8> = exercises().iter().flat_map(|e| e.interview.iter().copied()).collect();
    assert_eq!(covered, (1..=18).collect::<BTreeSet<u8>>());
    let spec: Vec<&str> = exercises().iter().flat_map(|e| e.spec.iter().map(String::as_str)).collect();
    for needle in ["§6 worked example", "§5 three-queue example", "§7 3→10", "expired", "reset", "MACHINE_ROOM_NEARBY"]
    {
        assert!(spec.iter().any(|s| s.contains(needle)), "no exercise for {needle}");
    }
    let kinds: BTreeSet<Kind> = exercises().iter().map(|e| e.kind).collect();
    assert_eq!(kinds.len(), Kind::ALL.len(), "every kind has an exercise");
}

#[test]
fn every_timeline_link_names_a_simulator_preset() {
    let mut links = 0;
    for ex in exercises() {
        let Some(show_me) = &ex.show_me else { continue };
        if show_me.page != rebalance_core::exercise::model::Page::Simulator {
            continue;
        }
        let name = show_me.params.get("scenario").map(String::as_str).unwrap_or_default();
        assert!(rebalance_core::simulate::scenario::by_name(name).is_some(), "{}: no preset named {name:?}", ex.id);
        links += 1;
    }
    assert!(links >= 5, "{links} timeline links");
}

#[test]
fn every_text_is_filled_in_both_languages() {
    for inst in all_instances() {
        let mut texts = vec![("title", &inst.title), ("prompt", &inst.prompt), ("explanation", &inst.explanation)];
        texts.extend(inst.hints.iter().map(|h| ("hint", &h.text)));
        for part in &inst.parts {
            texts.push(("label", &part.label));
            texts.extend(part.mistakes.iter().map(|m| ("mistake", &m.explanation)));
            if let PartInput::Choice { options, .. } = &part.input {
                texts.extend(options.iter().map(|o| ("option", &o.text)));
            }
        }
        for (what, t) in texts {
            for lang in Lang::ALL {
                let s = t.get(lang);
                assert!(!s.trim().is_empty(), "{} {what}: empty {lang:?}", inst.exercise_id);
                assert!(!s.contains(['{', '}']), "{} {what}: unfilled placeholder in {s:?}", inst.exercise_id);
            }
        }
        assert!(inst.hints.len() >= 3, "{}: three hint tiers", inst.exercise_id);
    }
}

/// Every text of an instance: title, prompt, explanation, hints, and per part its label,
/// options and mistake explanations.
fn instance_texts(inst: &Instance) -> Vec<&rebalance_core::exercise::Text> {
    let mut texts = vec![&inst.title, &inst.prompt, &inst.explanation];
    texts.extend(inst.hints.iter().map(|h| &h.text));
    for part in &inst.parts {
        texts.push(&part.label);
        texts.extend(part.mistakes.iter().map(|m| &m.explanation));
        if let PartInput::Choice { options, .. } = &part.input {
            texts.extend(options.iter().map(|o| &o.text));
        }
    }
    texts
}

/// The places where `text` writes the number 1 before a plural word ("1 queues", "1 messages"):
/// a "1" standing alone (not part of 21, 1.5 or C1) followed by a word ending in "s" that is
/// not a verb a count of 1 takes ("1 is", "1 was", "1 has").
fn one_with_a_plural(text: &str) -> Vec<String> {
    let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || "()[]:;,".contains(c)).collect();
    words
        .windows(2)
        .filter(|w| w[0] == "1")
        .map(|w| w[1].trim_end_matches(|c: char| !c.is_alphabetic()))
        .filter(|next| next.len() > 2 && next.ends_with('s') && !["was", "has", "does"].contains(next))
        .map(|next| format!("1 {next}"))
        .collect()
}

/// English exercise texts use the singular for a count of 1 (`{n:count queue/queues}`).
#[test]
fn english_texts_say_1_with_the_singular() {
    assert_eq!(
        one_with_a_plural("1 queues, C1 queues, 21 queues, 1.5 instances, (1 messages)"),
        ["1 queues", "1 messages"]
    );
    assert!(one_with_a_plural("1 queue; 1 is; 2 queues").is_empty());
    let mut ones = 0;
    for inst in all_instances() {
        for text in instance_texts(inst) {
            let en = text.get(Lang::En);
            let found = one_with_a_plural(en);
            assert!(found.is_empty(), "{} seed {}: {found:?} in {en:?}", inst.exercise_id, inst.seed);
            ones += en.split_whitespace().collect::<Vec<_>>().windows(2).filter(|w| w[0] == "1").count();
        }
        // The expected values as the result, the sheet and its answer key show them.
        for part in &inst.parts {
            let shown = display(&part.expected, &part.input, &inst.queue_labels());
            let found = one_with_a_plural(shown.get(Lang::En));
            assert!(found.is_empty(), "{} seed {}: expected value {found:?}", inst.exercise_id, inst.seed);
        }
    }
    // The seeds do draw counts of 1, so the check above has something to look at.
    assert!(ones > 100, "only {ones} counts of 1");
}

fn check_grade(inst: &Instance, answer: &Answer) -> Result<(), String> {
    let g = grade(inst, answer);
    if g.score == 100 && g.diagnoses.is_empty() && g.parts.iter().all(|p| p.verdict == Verdict::Correct) {
        Ok(())
    } else {
        Err(format!("{} seed {}: {answer:?} graded {g:?}", inst.exercise_id, inst.seed))
    }
}

#[test]
fn reference_answers_grade_100() {
    for inst in all_instances() {
        assert_eq!(check_grade(inst, &reference_answer(inst)), Ok(()));
        let json = serde_json::to_string(&reference_answer(inst)).unwrap_or_default();
        let back = serde_json::from_str::<Answer>(&json).map_err(|e| e.to_string());
        assert_eq!(back.as_ref().map(|a| check_grade(inst, a)), Ok(Ok(())), "{json}");
    }
}

/// The expected value typed the way a learner would, in `lang`.
fn typed(part: &InstancePart, labels: &[String], lang: Lang) -> Vec<String> {
    match (&part.expected, &part.input) {
        (Value::Number(x), PartInput::Number { unit: Unit::Seconds, .. }) => {
            vec![format!("{x}"), format!("{x} s"), duration(*x, lang)]
        }
        (Value::Number(x), _) => {
            vec![format!("{x}"), display(&part.expected, &part.input, labels).get(lang).to_owned()]
        }
        (Value::Never, _) => vec![never(lang).to_owned(), "never".to_owned()],
        (Value::Queues(q), _) => {
            // Labels, indices, and labels without their `Q` (`broker-a/4`, `4`).
            let bare: Vec<String> = q.iter().map(|&i| labels[i].replacen("/Q", "/", 1).replacen('Q', "", 1)).collect();
            vec![
                queue_labels(q, labels, lang),
                q.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(" "),
                bare.join(", "),
            ]
        }
        (Value::Choices(c), PartInput::Choice { options, .. }) => {
            // As the learner sees them: the letters of the options' displayed positions.
            let letters: Vec<String> = options
                .iter()
                .enumerate()
                .filter(|(_, o)| c.contains(&o.id))
                .map(|(i, _)| option_letter(i).to_string())
                .collect();
            vec![letters.join(" "), letters.join(",").to_lowercase(), letters.concat()]
        }
        (Value::Choices(c), _) => vec![c.join(" ")],
    }
}

/// Over the class seeds, the right options of every choice part sit at every display
/// position about equally often: a position holding the right answer far more often than
/// its fair share would let "pick the first option" score.
#[test]
fn right_options_are_spread_over_the_positions() {
    // (exercise, part) -> how often each position held a right option, and how many.
    let mut counts: BTreeMap<(String, String), (Vec<u32>, u32)> = BTreeMap::new();
    for inst in all_instances() {
        for part in &inst.parts {
            let (PartInput::Choice { options, .. }, Value::Choices(right)) = (&part.input, &part.expected) else {
                continue;
            };
            let entry = counts
                .entry((inst.exercise_id.clone(), part.id.clone()))
                .or_insert_with(|| (vec![0; options.len()], 0));
            for (i, o) in options.iter().enumerate() {
                if right.contains(&o.id) {
                    entry.0[i] += 1;
                    entry.1 += 1;
                }
            }
        }
    }
    assert!(counts.len() >= 20, "only {} choice parts", counts.len());
    for ((id, part), (by_position, total)) in &counts {
        let fair = f64::from(*total) / by_position.len() as f64;
        // Binomial spread over 200 seeds stays far below 1.5 × fair + 10; an unshuffled part
        // (every right answer at one position) is far above it.
        let most = by_position.iter().copied().max().unwrap_or(0);
        assert!(f64::from(most) <= 1.5 * fair + 10.0, "{id} {part}: right option by position {by_position:?}");
    }
}

/// The same seed gives the same option order, and the order is not the authored one for
/// every seed.
#[test]
fn option_order_follows_the_seed() {
    for ex in exercises() {
        for seed in [0, 1, 99] {
            let a = instance(ex, seed);
            let b = instance(ex, seed);
            assert_eq!(a, b);
        }
    }
    for n in 1..8 {
        let mut seen = BTreeSet::new();
        for seed in 0..200 {
            let order = option_order(seed, "p", n);
            let mut sorted = order.clone();
            sorted.sort();
            assert_eq!(sorted, (0..n).collect::<Vec<_>>());
            seen.insert(order);
        }
        // Up to 4 options every order turns up in 200 seeds; from 5 (120 orders and more) a
        // uniform draw gives about 97 distinct orders or more.
        let permutations: usize = (1..=n).product();
        assert!(seen.len() >= permutations.min(80), "{n} options: only {} orders", seen.len());
    }
}

#[test]
fn reference_answers_typed_as_text_grade_100() {
    for inst in all_instances() {
        let labels = inst.queue_labels();
        for lang in Lang::ALL {
            let forms: Vec<Vec<String>> = inst.parts.iter().map(|p| typed(p, &labels, lang)).collect();
            let widest = forms.iter().map(Vec::len).max().unwrap_or(0);
            for k in 0..widest {
                let parts = forms.iter().map(|f| PartAnswer::Text(f.get(k).or(f.first()).cloned().unwrap_or_default()));
                assert_eq!(check_grade(inst, &Answer::new(parts.collect())), Ok(()));
            }
        }
    }
}

#[test]
fn every_listed_mistake_gets_its_diagnosis() {
    let mut seen: BTreeMap<(String, String, String), usize> = BTreeMap::new();
    for inst in all_instances() {
        let reference = reference_answer(inst);
        for (i, part) in inst.parts.iter().enumerate() {
            for m in &part.mistakes {
                let wrong = match &m.pattern {
                    MistakePattern::Value(v) => value_answer(v),
                    MistakePattern::Selects(o) | MistakePattern::Only(o) => PartAnswer::Choices(o.clone()),
                };
                let mut answer = reference.clone();
                if let Some(slot) = answer.parts.get_mut(i) {
                    *slot = wrong;
                }
                let g = grade(inst, &answer);
                let verdict = g.parts.get(i);
                assert_eq!(
                    verdict.map(|v| v.verdict),
                    Some(Verdict::Incorrect),
                    "{} {}: {m:?}",
                    inst.exercise_id,
                    part.id
                );
                assert_eq!(verdict.and_then(|v| v.mistake), Some(m.id), "{} {}: {m:?}", inst.exercise_id, part.id);
                let diagnosed: Vec<_> = g.diagnoses.iter().map(|d| (d.part.as_str(), d.mistake)).collect();
                assert_eq!(diagnosed, vec![(part.id.as_str(), m.id)]);
                assert!(g.score < 100);
                *seen.entry((inst.exercise_id.clone(), part.id.clone(), m.id.name())).or_default() += 1;
            }
        }
    }
    // Every mistake listed in a file is diagnosable in every instance.
    for ex in exercises() {
        for part in &ex.parts {
            for m in part.mistakes() {
                let key = (ex.id.clone(), part.id().to_owned(), m.id.name());
                assert_eq!(seen.get(&key), Some(&(SEEDS as usize)), "{key:?}");
            }
        }
    }
}

/// The computed mistakes added for issue 18.
const ISSUE_18: [&str; 8] = [
    "negative_drain_time",
    "minutes_for_seconds",
    "per_minute_rate",
    "lag_as_delay",
    "not_rounded_up",
    "min_max_swapped",
    "remainder_ignored",
    "inclusive_lag",
];

/// The computed mistakes of issue 18 are each listed by at least one exercise, so the content
/// check above proves each is recognised over every class seed, and their explanations do not
/// give the answer away; a negative drain time is shown as typed with its diagnosis; a fraction
/// not rounded up is recognised as typed.
#[test]
fn issue_18_mistakes_are_listed_and_diagnosed() {
    let listed: BTreeSet<String> = exercises()
        .iter()
        .flat_map(|e| e.parts.iter().flat_map(|p| p.mistakes().iter().map(|m| m.id.name())))
        .collect();
    for id in ISSUE_18 {
        assert!(listed.contains(id), "{id} is listed by no exercise");
    }
    // Their explanations teach the method and do not hand over the answer: no text of them
    // writes the expected number (as a whole number token, other than the numbers the template
    // itself writes, such as the 1 of "MaxOffset − 1") or the expected queues.
    let numbers = |text: &str| -> Vec<String> {
        text.split(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.'))
            .map(|token| token.trim_end_matches(['.', ',']).to_owned())
            .filter(|token| !token.is_empty())
            .collect()
    };
    for inst in all_instances() {
        let labels = inst.queue_labels();
        let Some(ex) = exercises().iter().find(|e| e.id == inst.exercise_id) else { continue };
        for (part, authored) in inst.parts.iter().zip(&ex.parts) {
            for m in part.mistakes.iter().filter(|m| ISSUE_18.contains(&m.id.name().as_str())) {
                let template = authored.mistakes().iter().find(|a| a.id == m.id).map(|a| &a.explanation);
                for lang in Lang::ALL {
                    let text = m.explanation.get(lang);
                    let literal = template.map(|t| numbers(t.get(lang))).unwrap_or_default();
                    let gives_away = match &part.expected {
                        Value::Number(x) => {
                            let answer = rebalance_core::plan::format_number(*x);
                            !literal.contains(&answer) && numbers(text).contains(&answer)
                        }
                        Value::Queues(q) => text.contains(&queue_labels(q, &labels, lang)),
                        _ => false,
                    };
                    assert!(!gives_away, "{} {} {}: {text}", inst.exercise_id, part.id, m.id.name());
                }
            }
        }
    }
    let mut checked = 0;
    for inst in all_instances() {
        for (i, part) in inst.parts.iter().enumerate() {
            let Some(MistakePattern::Value(Value::Number(wrong))) =
                part.mistakes.iter().find(|m| m.id.name() == "negative_drain_time").map(|m| &m.pattern)
            else {
                continue;
            };
            assert!(*wrong < 0.0, "{} {}: {wrong}", inst.exercise_id, part.id);
            let mut answer = reference_answer(inst);
            answer.parts[i] = PartAnswer::Text(format!("{wrong}"));
            let v = &grade(inst, &answer).parts[i];
            let given = v.given.clone().unwrap_or_default();
            assert!(given.en.starts_with('-') && !given.en.contains("(0 s)"), "{given:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, SEEDS as usize);
    // A fraction not rounded up is recognised as typed, to two decimals (cut or rounded), and
    // a whole number next to it is not taken for it.
    let mut fractions = 0;
    for inst in all_instances() {
        for (i, part) in inst.parts.iter().enumerate() {
            let Some(m) = part.mistakes.iter().find(|m| m.id.name() == "not_rounded_up") else { continue };
            let MistakePattern::Value(Value::Number(wrong)) = m.pattern else { continue };
            let diagnosed = |given: f64| {
                let mut answer = reference_answer(inst);
                answer.parts[i] = PartAnswer::Number(given);
                grade(inst, &answer).parts[i].mistake
            };
            for typed in [(wrong * 100.0).floor() / 100.0, (wrong * 100.0).round() / 100.0] {
                if (typed - wrong.round()).abs() > 0.02 {
                    assert_eq!(diagnosed(typed), Some(m.id), "{} {}: {typed} for {wrong}", inst.exercise_id, part.id);
                }
            }
            assert_ne!(diagnosed(wrong.ceil()), Some(m.id));
            assert_ne!(diagnosed(wrong.floor()), Some(m.id));
            fractions += 1;
        }
    }
    assert!(fractions >= 3 * SEEDS as usize, "{fractions} fractions");
}

/// The score the grader should give when each part earns `credit` of its weight: rounded to
/// the nearest whole, 100 only when every part is right.
fn expected_score(inst: &Instance, credit: &[f64]) -> u8 {
    let total: f64 = inst.parts.iter().map(|p| f64::from(p.weight)).sum();
    let earned: f64 = inst.parts.iter().zip(credit).map(|(p, c)| f64::from(p.weight) * c).sum();
    if credit.iter().all(|c| *c == 1.0) {
        100
    } else {
        ((100.0 * earned / total).round() as u8).min(99)
    }
}

/// A multiple choice earns +1/n per right option chosen and −1/n per wrong one (floor 0),
/// marks each chosen option, counts the right ones left out, and the score is the weighted
/// credit rounded.
#[test]
fn multiple_choices_earn_partial_credit() {
    let mut checked = 0;
    for inst in all_instances() {
        let reference = reference_answer(inst);
        for (i, part) in inst.parts.iter().enumerate() {
            let (PartInput::Choice { multiple: true, options }, Value::Choices(right)) = (&part.input, &part.expected)
            else {
                continue;
            };
            let wrong: Vec<String> = options.iter().filter(|o| !right.contains(&o.id)).map(|o| o.id.clone()).collect();
            let n = right.len() as f64;
            // (chosen options, right ones among them, wrong ones among them)
            let mut cases = vec![(right[1..].to_vec(), n - 1.0, 0.0)];
            if let Some(w) = wrong.first() {
                let mut all_and_one = right.clone();
                all_and_one.push(w.clone());
                cases.push((all_and_one, n, 1.0));
                cases.push((wrong.clone(), 0.0, wrong.len() as f64));
                let mut half = right[..1].to_vec();
                half.push(w.clone());
                cases.push((half, 1.0, 1.0));
            }
            for (chosen, hits, misses) in cases {
                if chosen.is_empty() {
                    continue;
                }
                let mut answer = reference.clone();
                answer.parts[i] = PartAnswer::Choices(chosen.clone());
                let g = grade(inst, &answer);
                let v = &g.parts[i];
                let credit = ((hits - misses) / n).max(0.0);
                assert_eq!(v.verdict, Verdict::Incorrect, "{} {}: {chosen:?}", inst.exercise_id, part.id);
                assert!(
                    (v.credit - credit).abs() < 1e-9,
                    "{} {}: {chosen:?} credit {}",
                    inst.exercise_id,
                    part.id,
                    v.credit
                );
                let mut credits = vec![1.0; inst.parts.len()];
                credits[i] = credit;
                assert_eq!(g.score, expected_score(inst, &credits), "{} {}: {chosen:?}", inst.exercise_id, part.id);
                // Each chosen option is marked, with the letter it is shown with.
                assert_eq!(v.options.len(), chosen.len());
                for m in &v.options {
                    assert_eq!(m.right, right.contains(&m.option));
                    let at = options.iter().position(|o| o.id == m.option).map(option_letter);
                    assert_eq!(Some(m.shown.as_str()), at.map(String::from).as_deref());
                }
                assert_eq!(f64::from(v.missed), n - hits);
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} partial answers checked");
}

/// A blank part (no answer, empty text, no option, no queue where none cannot be right) is
/// "not answered": no reading, no note, no mistake and no credit; the rest still counts, and
/// the score is rounded, not truncated.
#[test]
fn blank_parts_are_not_answered_and_scores_round() {
    for inst in all_instances() {
        let reference = reference_answer(inst);
        for (i, part) in inst.parts.iter().enumerate() {
            let mut blanks = vec![PartAnswer::Text("  ".to_owned())];
            match &part.input {
                PartInput::Choice { .. } => blanks.push(PartAnswer::Choices(Vec::new())),
                PartInput::Queues { allow_empty: false }
                    if !part.mistakes.iter().any(|m| m.pattern == MistakePattern::Value(Value::Queues(Vec::new()))) =>
                {
                    blanks.push(PartAnswer::Queues(Vec::new()))
                }
                _ => {}
            }
            for blank in blanks {
                let mut answer = reference.clone();
                answer.parts[i] = blank.clone();
                let g = grade(inst, &answer);
                let v = &g.parts[i];
                assert_eq!(v.verdict, Verdict::Missing, "{} {}: {blank:?}", inst.exercise_id, part.id);
                assert!(v.given.is_none() && v.note.is_none() && v.mistake.is_none() && v.credit == 0.0);
                assert!(g.diagnoses.is_empty());
                let mut credits = vec![1.0; inst.parts.len()];
                credits[i] = 0.0;
                assert_eq!(g.score, expected_score(inst, &credits), "{} {}", inst.exercise_id, part.id);
            }
        }
    }
}

/// A wrong queue set says which queues are left out and which are marked but not in the
/// answer, in words that fit any list (owned, moved…), with the board's labels.
#[test]
fn queue_notes_name_left_out_and_extra_queues() {
    let mut checked = 0;
    for inst in all_instances() {
        let labels = inst.queue_labels();
        for (i, part) in inst.parts.iter().enumerate() {
            let Value::Queues(right) = &part.expected else { continue };
            let Some(extra) = (0..labels.len()).find(|q| !right.contains(q)) else { continue };
            let mut given: Vec<usize> = right.iter().skip(1).copied().collect();
            given.push(extra);
            let mut answer = reference_answer(inst);
            answer.parts[i] = PartAnswer::Queues(given.iter().map(|&q| q as i64).collect());
            let g = grade(inst, &answer);
            let note = g.parts[i].note.clone().unwrap_or_default();
            let extra_label = &labels[extra];
            assert!(note.en.contains(&format!("marked but not in the answer: {extra_label}")), "{note:?}");
            assert!(note.zh.contains(&format!("多选: {extra_label}")), "{note:?}");
            if let Some(&first) = right.first() {
                assert!(note.en.contains(&format!("left out: {}", labels[first])), "{note:?}");
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} queue answers checked");
}

/// A wrong number gets advice that gives nothing away: a negative count or time is pointed
/// out, a near miss is called close, a far miss is not; a part that asks for a rounded value
/// accepts only that value and says why a near one is not accepted.
#[test]
fn wrong_numbers_get_sign_and_near_miss_advice() {
    let (mut negative, mut near, mut rounded) = (0, 0, 0);
    for inst in all_instances() {
        let reference = reference_answer(inst);
        for (i, part) in inst.parts.iter().enumerate() {
            let (Value::Number(e), PartInput::Number { tolerance, .. }) = (&part.expected, &part.input) else {
                continue;
            };
            let try_answer = |given: f64| {
                let mut answer = reference.clone();
                answer.parts[i] = PartAnswer::Number(given);
                grade(inst, &answer).parts[i].clone()
            };
            let allowed = tolerance.allowed(*e);
            let cases = [
                (-(e.abs() + 1.0), "negative"),
                (e + 1.5 * allowed.max(0.004 * e.abs()), "Close"),
                (e * 3.0 + 7.0, ""),
            ];
            for (given, word) in cases {
                let v = try_answer(given);
                if v.verdict != Verdict::Incorrect || v.mistake.is_some() {
                    continue; // accepted within the tolerance, or a listed mistake explains it
                }
                let advice = v.advice.clone().unwrap_or_default();
                if word.is_empty() {
                    assert_eq!(v.advice, None, "{} {}: {given}", inst.exercise_id, part.id);
                } else {
                    assert!(
                        advice.en.contains(word) && !advice.zh.is_empty(),
                        "{} {}: {given} {advice:?}",
                        inst.exercise_id,
                        part.id
                    );
                    if word == "negative" {
                        negative += 1;
                    } else {
                        near += 1;
                    }
                }
            }
            if part.label.en.contains("rounded up") {
                assert_eq!(e.fract(), 0.0);
                let v = try_answer(e - 0.1);
                assert_eq!(v.verdict, Verdict::Incorrect, "{} {}: {}", inst.exercise_id, part.id, e - 0.1);
                let why = v.advice.map(|a| a.en).unwrap_or_default();
                assert!(why.contains("whole number") || v.mistake.is_some(), "{} {}: {why}", inst.exercise_id, part.id);
                rounded += 1;
            }
        }
    }
    assert!(negative > 1000 && near > 1000 && rounded >= 200, "{negative} negative, {near} near, {rounded} rounded");
}

/// Every part that shows a mistake gets its own diagnosis, in part order.
#[test]
fn every_part_with_a_mistake_is_diagnosed() {
    let mut several = 0;
    for inst in all_instances() {
        let mut answer = reference_answer(inst);
        let mut want = Vec::new();
        for (i, part) in inst.parts.iter().enumerate() {
            let Some(m) = part.mistakes.first() else { continue };
            answer.parts[i] = match &m.pattern {
                MistakePattern::Value(v) => value_answer(v),
                MistakePattern::Selects(o) | MistakePattern::Only(o) => PartAnswer::Choices(o.clone()),
            };
            want.push((part.id.clone(), m.id));
        }
        let g = grade(inst, &answer);
        let got: Vec<_> = g.diagnoses.iter().map(|d| (d.part.clone(), d.mistake)).collect();
        assert_eq!(got, want, "{} seed {}", inst.exercise_id, inst.seed);
        several += usize::from(want.len() > 1);
    }
    assert!(several > 1000, "only {several} instances with several diagnosable parts");
}

#[test]
fn same_seed_same_instance_and_seeds_vary() {
    for ex in exercises() {
        let a = instance(ex, 42);
        assert_eq!(a, instance(ex, 42));
        if !ex.params.iter().any(|p| range(p, &a.params).is_ok_and(|(lo, hi, _)| lo < hi)) {
            continue;
        }
        let distinct: BTreeSet<String> = (0..SEEDS).map(|s| format!("{:?}", instance(ex, s).params)).collect();
        assert!(distinct.len() > 1, "{}: every seed draws the same parameters", ex.id);
    }
    let set = set_for_seed(catalog(), 7);
    assert_eq!(set, set_for_seed(catalog(), 7));
    assert_eq!(set.as_ref().map(Vec::len), Ok(exercises().len()));
    assert_ne!(exercise_seed(7, "drain_time"), exercise_seed(7, "assign_avg"));
    assert_ne!(exercise_seed(7, "drain_time"), exercise_seed(8, "drain_time"));
}

/// Walks the parameter space: ranges of at most `FULL` values completely, larger ones at
/// their minimum, middle and maximum.
fn walk(ex: &Exercise, i: usize, params: &mut Params, visit: &mut dyn FnMut(&Params)) {
    const FULL: u64 = 12;
    let Some(spec) = ex.params.get(i) else {
        visit(params);
        return;
    };
    let values = match all_values(spec, params, FULL) {
        Ok(Some(all)) => all,
        Ok(None) => match range(spec, params) {
            Ok((lo, hi, step)) => vec![lo, lo + (hi - lo) / step / 2 * step, hi],
            Err(e) => panic!("{}: {e}", ex.id),
        },
        Err(e) => panic!("{}: {e}", ex.id),
    };
    for v in values {
        params.insert(spec.name.clone(), v);
        walk(ex, i + 1, params, visit);
    }
    params.remove(&spec.name);
}

#[test]
fn every_parameter_combination_is_valid_or_rejected() {
    for ex in exercises() {
        let (mut valid, mut rejected) = (0usize, 0usize);
        walk(ex, 0, &mut Params::new(), &mut |params| match build(ex, 0, params.clone()) {
            Ok(inst) => {
                valid += 1;
                for part in &inst.parts {
                    if let Value::Number(x) = part.expected {
                        assert!(x.is_finite() && x >= 0.0, "{} {params:?}: {x}", ex.id);
                    }
                }
            }
            Err(ExerciseError::Rejected { .. }) => rejected += 1,
            Err(e) => panic!("{} {params:?}: {e}", ex.id),
        });
        assert!(valid > 0, "{}: no valid parameter combination", ex.id);
        assert!(valid * 5 >= rejected, "{}: {rejected} rejected for {valid} valid draws", ex.id);
    }
}

// --- SPEC numbers, reproduced by the exercises' computations ---

fn fixed(id: &str) -> Instance {
    match instance_for(catalog(), 0, id) {
        Ok(i) => i,
        Err(e) => panic!("{e}"),
    }
}

fn expected(inst: &Instance) -> Vec<Value> {
    inst.parts.iter().map(|p| p.expected.clone()).collect()
}

/// The computed mistakes of every part of `inst`, by name, with their wrong values.
fn computed_mistakes(inst: &Instance) -> Vec<(String, Value)> {
    inst.parts
        .iter()
        .flat_map(|p| p.mistakes.iter())
        .filter_map(|m| match &m.pattern {
            MistakePattern::Value(v) => Some((m.id.name(), v.clone())),
            _ => None,
        })
        .collect()
}

fn choice(id: &str) -> Value {
    Value::Choices(vec![id.to_owned()])
}

#[test]
fn spec_section_6_worked_example() {
    let inst = fixed("seed_drain_worked");
    let values = expected(&inst);
    let Some(Value::Number(required)) = values.first() else { panic!("{values:?}") };
    assert!((required - 33_333.333).abs() < 0.01);
    assert_eq!(values.get(1..), Some(&[Value::Number(9.0), Value::Number(1000.0), choice("no")][..]));
    let mistakes = computed_mistakes(&inst);
    assert!(mistakes.contains(&("queue_cap_ignored".to_owned(), Value::Number(750.0))));
    assert!(mistakes.contains(&("net_rate_ignored".to_owned(), Value::Number(375.0))));
    assert!(mistakes.contains(&("rounded_down".to_owned(), Value::Number(8.0))));
    // 33,333.3 / 4,000 left as it is; B / T with T = 15 (minutes): 20,000 + 12,000,000 / 15;
    // the 1,000 s drain given in minutes.
    let near = |id: &str, x: f64| {
        mistakes.iter().any(|(m, v)| m == id && matches!(v, Value::Number(y) if (y - x).abs() < 0.001))
    };
    assert!(near("not_rounded_up", 33_333.333_333 / 4000.0), "{mistakes:?}");
    assert!(mistakes.contains(&("per_minute_rate".to_owned(), Value::Number(820_000.0))), "{mistakes:?}");
    // and the instances sized for it: ceil(820,000 / 4,000).
    assert!(mistakes.contains(&("per_minute_rate".to_owned(), Value::Number(205.0))), "{mistakes:?}");
    assert!(near("minutes_for_seconds", 1000.0 / 60.0), "{mistakes:?}");
    let g = grade(
        &inst,
        &Answer::new(vec![
            PartAnswer::Text("33,333.3 msg/s".to_owned()),
            PartAnswer::Text("9".to_owned()),
            PartAnswer::Text("16 min 40 s".to_owned()),
            PartAnswer::Choices(vec!["no".to_owned()]),
        ]),
    );
    assert_eq!(g.score, 100, "{g:?}");
}

#[test]
fn spec_section_5_three_queues() {
    let inst = fixed("three_queue_lag");
    let values = expected(&inst);
    assert_eq!(values, vec![Value::Number(8100.0), Value::Number(50.0), Value::Number(1.0), Value::Number(720.0)]);
    // The table's wrong answers: Consumer − Min per queue (4900 + 5000 − 50), Max − Consumer + 1
    // per queue, the lag as the delay, and the 12 minutes typed as seconds.
    let mistakes = computed_mistakes(&inst);
    for (id, wrong) in [
        ("min_max_swapped", 9850.0),
        ("inclusive_lag", 8103.0),
        ("lag_as_delay", 8100.0),
        ("minutes_for_seconds", 12.0),
    ] {
        assert!(mistakes.contains(&(id.to_owned(), Value::Number(wrong))), "{id}: {mistakes:?}");
    }
}

#[test]
fn spec_section_7_scale_out() {
    let values = expected(&fixed("scale_out_3_to_10"));
    assert_eq!(values.get(..3), Some(&[Value::Number(8.0), Value::Number(2.0), Value::Number(5.0)][..]));
}

fn with_params(id: &str, params: &[(&str, i64)]) -> Instance {
    let ex = catalog().get(id).unwrap_or_else(|| panic!("no {id}"));
    let params: Params = params.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect();
    match build(ex, 0, params) {
        Ok(i) => i,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn spec_section_4_allocation_examples() {
    let q = |ids: &[usize]| Value::Queues(ids.to_vec());
    let avg = |who| expected(&with_params("assign_avg", &[("queues", 8), ("consumers", 3), ("who", who)]));
    assert_eq!([avg(0), avg(1), avg(2)], [vec![q(&[0, 1, 2])], vec![q(&[3, 4, 5])], vec![q(&[6, 7])]]);
    let circle = |who| expected(&with_params("assign_circle", &[("queues", 8), ("consumers", 3), ("who", who)]));
    assert_eq!([circle(0), circle(1), circle(2)], [vec![q(&[0, 3, 6])], vec![q(&[1, 4, 7])], vec![q(&[2, 5])]]);
    // Adding C3 to 8 queues / 3 consumers under AVG: Q2, Q4, Q5, Q6, Q7 move.
    let join = expected(&with_params("avg_join_moves", &[("queues", 8), ("consumers", 3)]));
    assert_eq!(join, vec![Value::Number(5.0), q(&[2, 4, 5, 6, 7])]);
    let spot = fixed("avg_vs_circle_8_3");
    let right = spot.parts.first().and_then(|p| match &p.input {
        PartInput::Choice { options, .. } => options.iter().find(|o| Value::Choices(vec![o.id.clone()]) == p.expected),
        _ => None,
    });
    let text = right.map(|o| o.text.en.clone()).unwrap_or_default();
    assert!(text.contains("C0 = Q0, Q1, Q2") && text.contains("C0 = Q0, Q3, Q6"), "{text}");
}

// --- Grading never panics ---

fn any_part_answer() -> impl Strategy<Value = PartAnswer> {
    prop_oneof![
        any::<f64>().prop_map(PartAnswer::Number),
        prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(-0.0), Just(1e308)].prop_map(PartAnswer::Number),
        ".{0,40}".prop_map(PartAnswer::Text),
        "[0-9 ,.a-zA-Z分秒万/:-]{0,24}".prop_map(PartAnswer::Text),
        proptest::collection::vec(any::<i64>(), 0..12).prop_map(PartAnswer::Queues),
        proptest::collection::vec("[a-z]{0,8}", 0..6).prop_map(PartAnswer::Choices),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn grading_never_panics(which in any::<usize>(), seed in any::<u64>(), parts in proptest::collection::vec(any_part_answer(), 0..6)) {
        let list = exercises();
        prop_assume!(!list.is_empty());
        let ex = &list[which % list.len()];
        let inst = instance(ex, seed);
        let g = grade(&inst, &Answer::new(parts));
        prop_assert!(g.score <= 100);
        prop_assert_eq!(g.parts.len(), inst.parts.len());
    }
}

// --- The file format refuses mistakes in exercise files ---

const MINIMAL: &str = r#"
format_version = 1
id = "x"
topic = "backlog"
difficulty = "basic"
kind = "numeric"
interview = [12]
title = { zh = "标题", en = "Title" }
prompt = { zh = "B = {b}", en = "B = {b}" }
explanation = { zh = "解释", en = "Explanation" }
[[params]]
name = "b"
min = 1000
max = 2000
[[parts]]
answer = "number"
id = "t"
label = { zh = "时间", en = "Time" }
unit = "seconds"
compute = { op = "drain_time", backlog = "b", produce = 10, consume = 20 }
[[parts.mistakes]]
id = "net_rate_ignored"
explanation = { zh = "错", en = "Wrong" }
[[hints]]
tier = "nudge"
text = { zh = "一", en = "One" }
[[hints]]
tier = "method"
text = { zh = "二", en = "Two" }
[[hints]]
tier = "worked"
text = { zh = "三", en = "Three" }
"#;

#[test]
fn exercise_files_with_defects_are_refused() {
    use rebalance_core::exercise::parse_exercise;
    let ok = parse_exercise("x.toml", MINIMAL);
    assert!(ok.is_ok(), "{ok:?}");
    let inst = ok.as_ref().map_err(|e| e.to_string()).and_then(|ex| instantiate(ex, 1).map_err(|e| e.to_string()));
    assert!(matches!(inst.as_ref().map(|i| &i.parts[0].expected), Ok(Value::Number(_))), "{inst:?}");
    for (what, from, to) in [
        ("typo in a part", "unit = \"seconds\"", "unit = \"seconds\"\ntolerence = { absolute = 1.0 }"),
        ("typo in a computation", "consume = 20 }", "consume = 20, backlgo = 1 }"),
        ("unknown op", "op = \"drain_time\"", "op = \"drain_tim\""),
        ("unknown mistake", "id = \"net_rate_ignored\"", "id = \"net_rate_forgotten\""),
        ("format version", "format_version = 1", "format_version = 2"),
        ("missing English", "en = \"Title\"", "en = \"\""),
        ("empty hint", "en = \"Two\"", "en = \" \""),
        ("hint tiers out of order", "tier = \"nudge\"", "tier = \"worked\""),
        ("interview out of range", "interview = [12]", "interview = [19]"),
        ("id and file name", "id = \"x\"", "id = \"y\""),
        ("choice pattern on a number", "id = \"net_rate_ignored\"", "id = \"net_rate_ignored\"\nselects = [\"a\"]"),
        (
            "a rounded value with a tolerance",
            "label = { zh = \"时间\", en = \"Time\" }",
            "label = { zh = \"时间（向上取整）\", en = \"Time (rounded up)\" }\ntolerance = { absolute = 0.5 }",
        ),
    ] {
        let text = MINIMAL.replacen(from, to, 1);
        assert_ne!(text, MINIMAL, "{what}: pattern not found");
        assert!(parse_exercise("x.toml", &text).is_err(), "{what} accepted");
    }
    // Options are shuffled, so a text naming them by letter is refused; part references
    // such as "(a)" are not option names.
    let choice = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../exercises/lag_vs_delay.toml"),
    )
    .unwrap_or_default();
    assert!(parse_exercise("lag_vs_delay.toml", &choice).is_ok());
    let hint = "en = \"One is “how many”, the other “how long”.\"";
    assert!(choice.contains(hint));
    for named in ["a, b and c are right", "a、b、c 都对", "only [b]", "option b is", "b 和 d 对", "a or c"] {
        let text = choice.replacen(hint, &format!("en = \"{named}\""), 1);
        assert!(parse_exercise("lag_vs_delay.toml", &text).is_err(), "{named:?} accepted");
    }
    for fine in ["(a) and (b) are parts", "a queue, a lag", "b-tree"] {
        let text = choice.replacen(hint, &format!("en = \"{fine}\""), 1);
        assert!(parse_exercise("lag_vs_delay.toml", &text).is_ok(), "{fine:?} refused");
    }
    // A mistake inside a tagged table is reported at its line, like any other.
    let text = MINIMAL.replacen("op = \"drain_time\"", "op = \"drain_tim\"", 1);
    let line = 1 + text[..text.find("drain_tim").unwrap_or(0)].matches('\n').count();
    let error = parse_exercise("x.toml", &text).map(|_| ()).map_err(|e| e.to_string());
    assert!(
        error.as_ref().is_err_and(|e| e.contains(&format!("line {line}")) && e.contains("unknown variant `drain_tim`")),
        "{error:?} (line {line})"
    );
    // Defects only visible when instantiating are `Invalid`, never a panic.
    for (what, from, to) in [
        ("unknown placeholder", "B = {b}\", en", "B = {c}\", en"),
        ("mistake not computed for this part", "net_rate_ignored", "circle_for_avg"),
        ("empty parameter range", "max = 2000", "max = 10"),
    ] {
        let text = MINIMAL.replacen(from, to, 1);
        assert_ne!(text, MINIMAL, "{what}: pattern not found");
        let result = parse_exercise("x.toml", &text)
            .map_err(|e| e.to_string())
            .and_then(|ex| instantiate(&ex, 1).map_err(|e| e.to_string()));
        assert!(result.is_err(), "{what} accepted");
    }
}

/// The numbers written in `text`: runs of digits with `,` or `.` between digits, not glued to
/// a letter, digit or `_` before them (`Q4`, `C1` are names), without the group separators
/// (`12,000` → `12000`).
fn numbers_in(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let glued = i > 0 && (chars[i - 1].is_ascii_alphanumeric() || chars[i - 1] == '_');
        if !chars[i].is_ascii_digit() || glued {
            i += 1;
            continue;
        }
        let mut number = String::new();
        while let Some(&c) = chars.get(i) {
            let joins = (c == ',' || c == '.') && chars.get(i + 1).is_some_and(char::is_ascii_digit);
            if !c.is_ascii_digit() && !joins {
                break;
            }
            if c != ',' {
                number.push(c);
            }
            i += 1;
        }
        found.push(number);
    }
    found
}

/// The names a template fills in, in order (`{t}` and `{t:duration}` both name `t`; `{{` is
/// a brace).
fn placeholders(template: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        if let Some(escaped) = after.strip_prefix('{') {
            rest = escaped;
            continue;
        }
        let Some(close) = after.find('}') else { break };
        names.push(after[..close].split(':').next().unwrap_or_default().trim());
        rest = &after[close + 1..];
    }
    names
}

/// A part's answer, or a named value, as the site displays it: a number as `format_number`
/// writes it without group separators, a queue set as its indices.
fn as_shown(value: &Value) -> Option<String> {
    match value {
        Value::Number(x) => Some(rebalance_core::plan::format_number(*x).replace(',', "")),
        Value::Queues(q) => Some(format!("{q:?}")),
        Value::Never | Value::Choices(_) => None,
    }
}

/// The value `name` has in `inst` (a parameter or a derived value).
fn named(inst: &Instance, name: &str) -> Option<Value> {
    inst.params.get(name).map(|v| Value::Number(*v as f64)).or_else(|| inst.values.get(name).cloned())
}

/// Whether the question shows `answer` itself: its prompt, a part label, or the board (the
/// offset bars' numbers, how many queue and consumer tiles).
fn question_shows(inst: &Instance, answer: &str) -> bool {
    let mut numbers: Vec<String> = Vec::new();
    for lang in Lang::ALL {
        numbers.extend(numbers_in(inst.prompt.get(lang)));
        numbers.extend(inst.parts.iter().flat_map(|p| numbers_in(p.label.get(lang))));
    }
    match &inst.board {
        Some(Board::Offsets(bars)) => {
            numbers.extend(bars.iter().flat_map(|b| [b.min, b.max, b.consumer].map(|v| v.to_string())))
        }
        Some(Board::Group(g)) => numbers.extend([g.queues.len(), g.consumers.len()].map(|n| n.to_string())),
        None => {}
    }
    numbers.iter().any(|n| n == answer)
}

/// What a wrong try shows teaches the method and does not hand over the answer: no
/// explanation of a diagnosed mistake (of that part or of any other part of the exercise),
/// and no hint but the last, names a number or queue part's answer. A computed mistake's
/// explanation may name the wrong value it diagnoses (the learner typed it), even when that
/// value is another part's answer. A named value (a parameter or derived value, in any format:
/// `{t}`, `{t:duration}`, `{moved:queues}`) *is* a part's answer when, as displayed
/// (`format_number`, or the queue set), it equals the answer in every instance drawn; a value
/// that equals it in some draws only (a net rate of 4,000 messages/s beside a drain time of
/// 4,000 s) is a step of the method and may be shown. Numbers the author wrote into a text
/// (the `+ 1` of `MaxOffset = last + 1`) are the method's constants. An instance whose
/// question shows the answer itself (prompt, part label, board) is not checked. The worked
/// answer stays in the model answer and the last hint, which the site shows on request.
#[test]
fn explanations_of_a_wrong_try_do_not_hand_over_the_answer() {
    assert_eq!(numbers_in("B = 12,000,000, Q4, C1 ≈ 13,333.3 s. 7, 8"), ["12000000", "13333.3", "7", "8"]);
    assert_eq!(placeholders("{{x}} {t} = {t:duration} of {n:count queue/queues}"), ["t", "t", "n"]);
    // Which names are which part's answer: (exercise, part, name) → equal in every instance.
    let mut is_answer: BTreeMap<(&str, &str, &str), bool> = BTreeMap::new();
    for inst in all_instances() {
        for part in &inst.parts {
            let Some(answer) = as_shown(&part.expected) else { continue };
            let names = inst.params.keys().chain(inst.values.keys());
            for name in names {
                let same = named(inst, name).and_then(|v| as_shown(&v)).as_ref() == Some(&answer);
                let key = (inst.exercise_id.as_str(), part.id.as_str(), name.as_str());
                *is_answer.entry(key).or_insert(same) &= same;
            }
        }
    }
    // Which names echo the wrong answer a computed mistake diagnoses: (exercise, part, mistake,
    // name) → equal to it in every instance. Naming what the learner typed hands over nothing.
    let mut is_typed: BTreeMap<(&str, &str, String, &str), bool> = BTreeMap::new();
    for inst in all_instances() {
        for part in &inst.parts {
            for mistake in &part.mistakes {
                let MistakePattern::Value(wrong) = &mistake.pattern else { continue };
                let Some(wrong) = as_shown(wrong) else { continue };
                for name in inst.params.keys().chain(inst.values.keys()) {
                    let same = named(inst, name).and_then(|v| as_shown(&v)).as_ref() == Some(&wrong);
                    let key = (inst.exercise_id.as_str(), part.id.as_str(), mistake.id.name(), name.as_str());
                    *is_typed.entry(key).or_insert(same) &= same;
                }
            }
        }
    }
    let mut found: BTreeMap<String, String> = BTreeMap::new();
    let mut checked = 0;
    for inst in all_instances() {
        let ex = catalog().get(&inst.exercise_id).expect("the instance's exercise");
        let last = inst.hints.len().saturating_sub(1);
        for part in &inst.parts {
            let Some(answer) = as_shown(&part.expected) else { continue };
            if question_shows(inst, &answer) {
                continue;
            }
            // Every part's mistakes: a wrong try at one part must not hand over another's answer.
            let mistakes = ex.parts.iter().flat_map(|other| {
                other.mistakes().iter().map(move |m| {
                    (
                        format!("mistake {} of {}", m.id.name(), other.id()),
                        &m.explanation,
                        Some((other.id(), m.id.name())),
                    )
                })
            });
            let hints = ex.hints.iter().take(last).enumerate().map(|(i, h)| (format!("hint {}", i + 1), &h.text, None));
            for (what, text, mistake) in mistakes.chain(hints) {
                let echoes = |name: &str| {
                    mistake.as_ref().is_some_and(|(other, id)| {
                        is_typed.get(&(inst.exercise_id.as_str(), *other, id.clone(), name)).copied().unwrap_or(false)
                    })
                };
                for lang in Lang::ALL {
                    checked += 1;
                    let template = text.get(lang);
                    let key = (inst.exercise_id.as_str(), part.id.as_str());
                    let hands_over = |n: &&str| is_answer[&(key.0, key.1, *n)] && !echoes(n);
                    if let Some(name) = placeholders(template).into_iter().find(hands_over) {
                        let report = format!("{} {} {what} ({lang:?})", key.0, key.1);
                        found.entry(report).or_insert_with(|| format!("{{{name}}} in {template:?}"));
                    }
                }
            }
        }
    }
    let report: Vec<String> = found.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    assert!(found.is_empty(), "{} texts name the answer:\n{}", found.len(), report.join("\n"));
    assert!(checked > 20_000, "only {checked} texts checked");
}

// --- Failover exercises (liveness, offset storage, ordered locks, ACK order): RocketMQ's
// rules worked by hand for one instance each, right answers and every listed mistake ---

/// The right answers and the listed mistakes' wrong values of `id` with `params`.
fn failover_case(id: &str, params: &[(&str, i64)]) -> (Vec<Value>, Vec<(String, Value)>) {
    let inst = with_params(id, params);
    (expected(&inst), computed_mistakes(&inst))
}

fn as_numbers(xs: &[f64]) -> Vec<Value> {
    xs.iter().map(|x| Value::Number(*x)).collect()
}

fn wrong_values(pairs: &[(&str, f64)]) -> Vec<(String, Value)> {
    pairs.iter().map(|(id, x)| ((*id).to_owned(), Value::Number(*x))).collect()
}

#[test]
fn a_silent_member_is_taken_over_after_expiry_scan_and_periodic_rebalance() {
    // Last heartbeat 8 s before the power loss, channelExpiredTimeout 90 s: removed at most
    // 90 + 10 s after it (92 s after the loss), taken over at most 20 s later.
    let (values, mistakes) = failover_case("dead_consumer_detected", &[("expiry", 90), ("since", 8)]);
    assert_eq!(values.first(), Some(&Value::Number(112.0)));
    assert_eq!(values.get(1), Some(&choice("notified")));
    assert_eq!(
        mistakes,
        wrong_values(&[
            ("fixed_heartbeat_interval", 30.0),
            ("heartbeat_for_expiry", 52.0),
            ("scan_period_ignored", 102.0),
            ("removal_notifies_group", 92.0),
        ])
    );
}

#[test]
fn an_ordered_queue_waits_for_the_broker_lock_counted_from_the_last_renewal() {
    // Killed 8 s after its last renewal: the broker frees the lock 60 − 8 s after the kill;
    // 20 messages per second wait meanwhile.
    let (values, mistakes) = failover_case("orderly_lock_handoff", &[("since", 8), ("rate", 20)]);
    assert_eq!(values, as_numbers(&[52.0, 1040.0]));
    assert_eq!(
        mistakes,
        wrong_values(&[
            ("lock_handoff_immediate", 0.0),
            ("client_lock_expiry_used", 22.0),
            ("counted_from_death", 60.0),
            ("client_lock_expiry_used", 440.0),
        ])
    );
}

#[test]
fn offsets_on_the_broker_replay_one_interval_and_a_lost_local_file_skips_to_max() {
    let params = [("persist", 10), ("rate", 700), ("local", 441_800), ("gap", 16_100)];
    let (values, mistakes) = failover_case("offset_store_crash", &params);
    assert_eq!(values, as_numbers(&[7000.0, 457_900.0, 16_100.0]));
    assert_eq!(
        mistakes,
        wrong_values(&[
            ("offset_committed_per_message", 0.0),
            ("broadcast_offset_on_broker", 441_800.0),
            ("broadcast_offset_on_broker", 0.0),
        ])
    );
}

#[test]
fn confirming_first_loses_the_failed_writes_and_writing_first_repeats_one_interval() {
    let (values, mistakes) = failover_case("ack_first_losses", &[("n", 8000), ("f", 6), ("rate", 900)]);
    assert_eq!(values, as_numbers(&[480.0, 4500.0]));
    assert_eq!(mistakes, wrong_values(&[("acked_message_redelivered", 0.0), ("offset_committed_per_message", 0.0)]));
}

#[test]
fn broadcasting_delivers_every_message_to_every_instance_and_keeps_offsets_per_instance() {
    // 100 msg/s for 3 min: 18,000 messages to each of 5 instances; C2 down 40 s misses 4,000.
    let params = [("queues", 4), ("n", 5), ("rate", 100), ("minutes", 3), ("down", 40)];
    let (values, mistakes) = failover_case("broadcast_deliveries", &params);
    assert_eq!(values, as_numbers(&[18_000.0, 90_000.0, 4000.0]));
    assert_eq!(
        mistakes,
        wrong_values(&[("clustering_share", 3600.0), ("clustering_share", 18_000.0), ("broadcast_taken_over", 0.0)])
    );
}
