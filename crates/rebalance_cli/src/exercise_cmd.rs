//! `rebalance-lab exercise`: the graded exercises for teachers. `list` shows them, `sheet`
//! prints a Markdown exam sheet for a class seed (everyone with the same seed gets the same
//! numbers, on paper and on the site), `grade` grades one answer with the grader the site uses.

use std::fmt::Write as _;

use clap::{Args, Subcommand, ValueEnum};
use rebalance_core::exercise::grade::display;
use rebalance_core::exercise::instance::{option_letter, Instance, PartInput};
use rebalance_core::exercise::model::Unit;
use rebalance_core::exercise::{catalog, exercise_seed, grade, instantiate, Answer, Grade, Lang, PartAnswer, Verdict};
use serde_json::Value;

use crate::json_kind::kind;

/// `rebalance-lab exercise …` arguments.
#[derive(Debug, Args)]
pub struct ExerciseArgs {
    #[command(subcommand)]
    command: ExerciseCommand,
}

#[derive(Debug, Subcommand)]
enum ExerciseCommand {
    /// List the exercises: id, topic, kind, difficulty and the interview questions they cover.
    List {
        /// One JSON object per line instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Print a Markdown exam sheet for a class seed.
    Sheet {
        /// The class seed (the site's `?seed=`): same seed, same numbers.
        #[arg(long)]
        seed: u64,
        /// Language of the sheet.
        #[arg(long, value_enum, default_value = "en")]
        lang: LangArg,
        /// Append the answer key with explanations.
        #[arg(long)]
        answers: bool,
        /// Only these exercises (repeat the option; default: all).
        #[arg(long = "only", value_name = "ID")]
        only: Vec<String>,
    },
    /// Grade one answer: score, verdict per part and the diagnosed mistake.
    ///
    /// The answer is JSON: {"parts": [...]} or a list, one entry per part, each
    /// {"number": 1000}, {"text": "16 min 40 s"}, {"queues": [0, 3]}, {"choices": ["a"]}, or a
    /// bare number or string. Anything that is not JSON is read as a text answer to part (a).
    /// A text answer to a choice names options by the letters the sheet shows ("B", "AC");
    /// "choices" takes option ids as stored (as `--json` grades show them).
    Grade {
        /// The exercise id (see `exercise list`).
        id: String,
        /// The class seed the sheet or link used.
        #[arg(long)]
        seed: u64,
        /// The answer (JSON, or plain text for a one-part exercise).
        #[arg(long)]
        answer: String,
        /// Print the grade as JSON.
        #[arg(long)]
        json: bool,
        /// Language of the feedback.
        #[arg(long, value_enum, default_value = "en")]
        lang: LangArg,
    },
}

/// `--lang`.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum LangArg {
    /// 简体中文.
    Zh,
    /// English.
    En,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Self {
        match l {
            LangArg::Zh => Lang::Zh,
            LangArg::En => Lang::En,
        }
    }
}

/// Runs the subcommand; `Ok(text)` to print, `Err(message)` for unusable arguments.
pub fn run(args: &ExerciseArgs) -> Result<String, String> {
    match &args.command {
        ExerciseCommand::List { json } => list(*json),
        ExerciseCommand::Sheet { seed, lang, answers, only } => sheet(*seed, (*lang).into(), *answers, only),
        ExerciseCommand::Grade { id, seed, answer, json, lang } => grade_one(id, *seed, answer, *json, (*lang).into()),
    }
}

fn list(json: bool) -> Result<String, String> {
    let cat = catalog();
    if let Some(e) = cat.errors.first() {
        return Err(e.to_string());
    }
    let mut out = String::new();
    if json {
        for ex in &cat.exercises {
            let line = serde_json::json!({
                "id": ex.id,
                "topic": ex.topic,
                "kind": ex.kind,
                "difficulty": ex.difficulty,
                "interview": ex.interview,
                "title": ex.title,
            });
            let _ = writeln!(out, "{line}");
        }
        return Ok(out);
    }
    let _ = writeln!(out, "{:<26} {:<12} {:<14} {:<13} interview", "id", "topic", "kind", "difficulty");
    for ex in &cat.exercises {
        let questions: Vec<String> = ex.interview.iter().map(|q| format!("Q{q}")).collect();
        let difficulty = format!("{:?}", ex.difficulty).to_lowercase();
        let _ = writeln!(
            out,
            "{:<26} {:<12} {:<14} {:<13} {}",
            ex.id,
            ex.topic.name(),
            ex.kind.name(),
            difficulty,
            questions.join(" ")
        );
    }
    let _ = writeln!(out, "{} exercises", cat.exercises.len());
    Ok(out)
}

/// The letter of part `i`: (a), (b), …
fn letter(i: usize) -> char {
    char::from(b'a' + (i % 26) as u8)
}

/// Sheet words: title, seed, exercises, answer key, queue hint, unit, tolerance.
fn words(lang: Lang) -> [&'static str; 7] {
    match lang {
        Lang::Zh => ["练习卷", "种子", "道题", "答案", "请列出队列，例如", "单位", "误差"],
        Lang::En => ["Exercise sheet", "seed", "exercises", "Answer key", "List queues, e.g.", "unit", "tolerance"],
    }
}

fn instances(seed: u64, only: &[String]) -> Result<Vec<Instance>, String> {
    let cat = catalog();
    if let Some(e) = cat.errors.first() {
        return Err(e.to_string());
    }
    if let Some(unknown) = only.iter().find(|id| cat.get(id).is_none()) {
        return Err(format!("unknown exercise {unknown:?}; see `rebalance-lab exercise list`"));
    }
    cat.exercises
        .iter()
        .filter(|ex| only.is_empty() || only.contains(&ex.id))
        .map(|ex| instantiate(ex, exercise_seed(seed, &ex.id)).map_err(|e| e.to_string()))
        .collect()
}

fn sheet(seed: u64, lang: Lang, answers: bool, only: &[String]) -> Result<String, String> {
    let list = instances(seed, only)?;
    let w = words(lang);
    let mut out = String::new();
    let _ = writeln!(out, "# Rebalance Lab — {}\n", w[0]);
    let _ = writeln!(out, "{} {seed} · {} {}\n", w[1], list.len(), w[2]);
    for (n, inst) in list.iter().enumerate() {
        let _ = writeln!(out, "## {}. {}\n", n + 1, inst.title.get(lang));
        let questions: Vec<String> = catalog()
            .get(&inst.exercise_id)
            .map(|ex| ex.interview.iter().map(|q| format!("Q{q}")).collect())
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "`{}` · {} · {} · {}\n",
            inst.exercise_id,
            inst.kind.title().get(lang),
            inst.topic.title().get(lang),
            questions.join(" ")
        );
        let _ = writeln!(out, "{}\n", inst.prompt.get(lang));
        for (i, part) in inst.parts.iter().enumerate() {
            let _ = write!(out, "**({}) {}**", letter(i), part.label.get(lang));
            match &part.input {
                PartInput::Number { unit, tolerance } => {
                    let symbol = unit.symbol();
                    let mut notes = Vec::new();
                    if !symbol.get(lang).is_empty() {
                        notes.push(format!("{}: {}", w[5], symbol.get(lang)));
                    }
                    if tolerance.absolute > 0.0 || tolerance.relative > 0.0 {
                        let tol = if tolerance.absolute > 0.0 {
                            format!("±{}", tolerance.absolute)
                        } else {
                            format!("±{}%", tolerance.relative * 100.0)
                        };
                        notes.push(format!("{}: {tol}", w[6]));
                    }
                    if *unit == Unit::Seconds && lang == Lang::En {
                        notes.push("seconds or “x min y s”".to_owned());
                    }
                    if !notes.is_empty() {
                        let _ = write!(out, " _({})_", notes.join("; "));
                    }
                    let _ = writeln!(out, "\n");
                }
                PartInput::Queues { .. } => {
                    let labels = inst.queue_labels();
                    let example: Vec<&str> = labels.iter().take(2).map(String::as_str).collect();
                    let _ = writeln!(out, " _({} {})_\n", w[4], example.join(", "));
                }
                PartInput::Choice { options, .. } => {
                    let _ = writeln!(out, "\n");
                    // In the instance's shuffled order, labelled by position as on the site.
                    for (position, o) in options.iter().enumerate() {
                        let _ = writeln!(out, "- **{}.** {}", option_letter(position), o.text.get(lang));
                    }
                    let _ = writeln!(out);
                }
            }
        }
    }
    if answers {
        let _ = writeln!(out, "---\n\n# {} ({} {seed})\n", w[3], w[1]);
        for (n, inst) in list.iter().enumerate() {
            let _ = writeln!(out, "## {}. `{}`\n", n + 1, inst.exercise_id);
            let labels = inst.queue_labels();
            for (i, part) in inst.parts.iter().enumerate() {
                let shown = display(&part.expected, &part.input, &labels);
                let _ = writeln!(out, "- ({}) {}", letter(i), shown.get(lang));
                // A choice's key also quotes the right options, so it reads without the sheet.
                if let (PartInput::Choice { options, .. }, rebalance_core::exercise::Value::Choices(right)) =
                    (&part.input, &part.expected)
                {
                    for (position, o) in options.iter().enumerate().filter(|(_, o)| right.contains(&o.id)) {
                        let _ = writeln!(out, "  - {}. {}", option_letter(position), o.text.get(lang));
                    }
                }
            }
            let _ = writeln!(out, "\n{}\n", inst.explanation.get(lang));
        }
    }
    Ok(out)
}

/// The letter of the part with id `part` in `g` (`?` if it has none).
fn part_letter(g: &Grade, part: &str) -> char {
    g.parts.iter().position(|p| p.part == part).map_or('?', letter)
}

fn verdict_word(v: Verdict, lang: Lang) -> &'static str {
    match (v, lang) {
        (Verdict::Correct, Lang::En) => "correct",
        (Verdict::Incorrect, Lang::En) => "incorrect",
        (Verdict::Unreadable, Lang::En) => "unreadable",
        (Verdict::Missing, Lang::En) => "missing",
        (Verdict::Correct, Lang::Zh) => "正确",
        (Verdict::Incorrect, Lang::Zh) => "错误",
        (Verdict::Unreadable, Lang::Zh) => "无法识别",
        (Verdict::Missing, Lang::Zh) => "未作答",
    }
}

fn grade_one(id: &str, seed: u64, answer: &str, json: bool, lang: Lang) -> Result<String, String> {
    let ex = catalog().get(id).ok_or_else(|| format!("unknown exercise {id:?}; see `rebalance-lab exercise list`"))?;
    let inst = instantiate(ex, exercise_seed(seed, id)).map_err(|e| e.to_string())?;
    let answer = read_answer(answer).unwrap_or_else(|_| Answer::text(answer));
    let g = grade(&inst, &answer);
    if json {
        // The grade as the site gets it (its `seed` is the instance's), plus the class seed.
        let mut value = serde_json::to_value(&g).map_err(|e| e.to_string())?;
        if let Some(object) = value.as_object_mut() {
            object.insert("classSeed".to_owned(), serde_json::Value::from(seed));
        }
        return serde_json::to_string_pretty(&value).map(|s| s + "\n").map_err(|e| e.to_string());
    }
    Ok(render_grade(&g, seed, lang))
}

/// Reads `--answer`: the stored form `{"parts": [...]}` (other members ignored), a list of
/// part answers, or one part answer for a one-part exercise. A part answer is tagged as
/// stored (`{"number": 1000}`, `{"text": …}`, `{"queues": […]}`, `{"choices": […]}`) or a
/// bare number or string.
fn read_answer(text: &str) -> Result<Answer, String> {
    let parts = match serde_json::from_str(text).map_err(|e| e.to_string())? {
        Value::Array(items) => items.into_iter().map(read_part).collect::<Result<_, _>>()?,
        Value::Object(mut members) => match members.remove("parts") {
            Some(Value::Array(items)) => items.into_iter().map(read_part).collect::<Result<_, _>>()?,
            Some(other) => return Err(format!("parts: expected a list of part answers, found {}", kind(&other))),
            None => vec![read_part(Value::Object(members))?],
        },
        other => vec![read_part(other)?],
    };
    Ok(Answer::new(parts))
}

/// One part answer: tagged, or a bare number or string.
fn read_part(value: Value) -> Result<PartAnswer, String> {
    match value {
        Value::String(text) => Ok(PartAnswer::Text(text)),
        Value::Number(_) | Value::Object(_) => {
            let bare = value.as_f64().map(PartAnswer::Number);
            bare.map_or_else(|| serde_json::from_value(value).map_err(|e| e.to_string()), Ok)
        }
        other => Err(format!("expected a part answer, found {}", kind(&other))),
    }
}

fn render_grade(g: &Grade, class_seed: u64, lang: Lang) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} (seed {class_seed}): {}/100", g.exercise_id, g.score);
    for (i, p) in g.parts.iter().enumerate() {
        let _ = write!(out, "({}) {}: {}", letter(i), p.label.get(lang), verdict_word(p.verdict, lang));
        if let Some(given) = &p.given {
            let _ = write!(out, "; {} {}", if lang == Lang::Zh { "你的答案" } else { "given" }, given.get(lang));
        }
        // Each chosen option of a multiple choice, marked, and the partial credit it earns.
        if !p.options.is_empty() {
            let marks: Vec<String> =
                p.options.iter().map(|m| format!("{} {}", m.shown, if m.right { "✓" } else { "✗" })).collect();
            let _ = write!(out, " [{}]", marks.join(", "));
        }
        if p.verdict == Verdict::Incorrect && p.credit > 0.0 {
            let credit = format!("{:.0}%", 100.0 * p.credit);
            let _ = write!(out, "; {} {credit}", if lang == Lang::Zh { "部分得分" } else { "partial credit" });
        }
        // A part left blank does not get the answer: the learner has not tried it yet.
        if !matches!(p.verdict, Verdict::Correct | Verdict::Missing) {
            let _ =
                write!(out, "; {} {}", if lang == Lang::Zh { "正确答案" } else { "expected" }, p.expected.get(lang));
        }
        if let Some(note) = &p.note {
            let _ = write!(out, " ({})", note.get(lang));
        }
        if let Some(advice) = &p.advice {
            let _ = write!(out, " {}", advice.get(lang));
        }
        let _ = writeln!(out);
    }
    for d in &g.diagnoses {
        let head = if lang == Lang::Zh { "常见错误" } else { "Mistake" };
        let _ =
            writeln!(out, "{head} ({}) [{}]: {}", part_letter(g, &d.part), d.mistake.name(), d.explanation.get(lang));
    }
    let _ = writeln!(out, "{}", g.feedback.get(lang));
    out
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[test]
    fn answers_are_read_in_every_documented_form() {
        let number = |x: f64| PartAnswer::Number(x);
        let text = |s: &str| PartAnswer::Text(s.to_owned());
        for (json, parts) in [
            (r#"{"parts": [{"number": 1000}, {"text": "16 min 40 s"}]}"#, vec![number(1000.0), text("16 min 40 s")]),
            (r#"{"parts": [3, "a"], "note": "ignored"}"#, vec![number(3.0), text("a")]),
            (
                r#"[{"queues": [0, 3, 6]}, {"choices": ["a", "c"]}]"#,
                vec![PartAnswer::Queues(vec![0, 3, 6]), PartAnswer::Choices(vec!["a".to_owned(), "c".to_owned()])],
            ),
            (r#"{"number": -2.5}"#, vec![number(-2.5)]),
            ("18446744073709551615", vec![number(u64::MAX as f64)]),
            (r#""never""#, vec![text("never")]),
            ("[]", vec![]),
        ] {
            assert_eq!(read_answer(json), Ok(Answer::new(parts)), "{json}");
        }
        for (json, message) in [
            ("null", "expected a part answer, found null"),
            ("true", "expected a part answer, found a boolean"),
            ("{}", "expected map with a single key"),
            (r#"{"numbr": 1}"#, "unknown variant `numbr`"),
            (r#"{"number": 1, "text": "a"}"#, "expected map with a single key"),
            (r#"{"number": "1"}"#, "invalid type: string \"1\", expected f64"),
            ("[[1]]", "expected a part answer, found an array"),
            (r#"[{"parts": []}]"#, "unknown variant `parts`"),
            (r#"{"parts": {"number": 1}}"#, "parts: expected a list of part answers, found an object"),
            ("min 16", "expected value at line 1 column 1"),
        ] {
            let error = read_answer(json).err().unwrap_or_default();
            assert!(error.contains(message), "{json}: {error}");
        }
    }

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(flatten)]
        args: ExerciseArgs,
    }

    fn run_args(args: &[&str]) -> Result<String, String> {
        let argv = std::iter::once("exercise").chain(args.iter().copied());
        let cli = Cli::try_parse_from(argv).map_err(|e| e.to_string())?;
        run(&cli.args)
    }

    #[test]
    fn list_shows_every_exercise() {
        let text = run_args(&["list"]).unwrap_or_default();
        for ex in &catalog().exercises {
            assert!(text.contains(&ex.id), "{}", ex.id);
        }
        assert!(text.contains("predict_moves") && text.contains("Q18"));
        let json = run_args(&["list", "--json"]).unwrap_or_default();
        let lines: Vec<serde_json::Value> = json.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
        assert_eq!(lines.len(), catalog().exercises.len());
        assert_eq!(lines.first().map(|l| l["id"].is_string()), Some(true));
    }

    #[test]
    fn sheet_is_deterministic_and_has_the_key_on_request() {
        let a = run_args(&["sheet", "--seed", "42"]).unwrap_or_default();
        assert_eq!(Ok(a.clone()), run_args(&["sheet", "--seed", "42"]));
        assert_ne!(Ok(a.clone()), run_args(&["sheet", "--seed", "43"]));
        assert!(a.starts_with("# Rebalance Lab — Exercise sheet"));
        assert!(!a.contains("Answer key"));
        let key = run_args(&["sheet", "--seed", "42", "--answers"]).unwrap_or_default();
        assert!(key.starts_with(&a) && key.contains("# Answer key (seed 42)"));
        let zh = run_args(&["sheet", "--seed", "42", "--lang", "zh", "--answers"]).unwrap_or_default();
        assert!(zh.contains("练习卷") && zh.contains("答案") && zh.contains("ConsumerGroup"));
        assert!(!zh.contains('{') && !a.contains('{'));
    }

    #[test]
    fn sheet_reproduces_the_spec_worked_example() {
        let key = run_args(&["sheet", "--seed", "1", "--only", "seed_drain_worked", "--answers"]).unwrap_or_default();
        assert!(key.contains("- (a) 33,333.3 msg/s"), "{key}");
        assert!(key.contains("- (b) 9 instances"));
        assert!(key.contains("- (c) 1,000 s (16 min 40 s)"));
        assert!(key.contains(". No, it is not met"), "{key}");
        assert!(run_args(&["sheet", "--seed", "1", "--only", "nope"]).is_err());
    }

    /// The sheet shows each class seed's shuffled options and its key names them by the
    /// letters shown; those letters, typed back, grade 100, and the keys differ across seeds.
    #[test]
    fn sheet_key_letters_follow_the_shuffled_order() {
        let mut keys = std::collections::BTreeSet::new();
        for seed in 0..40u64 {
            let seed = seed.to_string();
            let key = run_args(&["sheet", "--seed", &seed, "--only", "lag_vs_delay", "--answers"]).unwrap_or_default();
            let letters = key.lines().find_map(|l| l.strip_prefix("- (a) ")).unwrap_or_default().to_owned();
            assert!(!letters.is_empty(), "{key}");
            let Some(ex) = catalog().get("lag_vs_delay") else { panic!("lag_vs_delay is gone") };
            let inst = instantiate(ex, exercise_seed(seed.parse().unwrap_or(0), "lag_vs_delay"));
            let Ok(inst) = inst else { panic!("{inst:?}") };
            if let Some(PartInput::Choice { options, .. }) = inst.parts.first().map(|p| &p.input) {
                for (i, o) in options.iter().enumerate() {
                    assert!(key.contains(&format!("- **{}.** {}", option_letter(i), o.text.en)), "{key}");
                }
            }
            let graded =
                run_args(&["grade", "lag_vs_delay", "--seed", &seed, "--answer", &letters]).unwrap_or_default();
            assert!(graded.contains("100/100"), "{letters}: {graded}");
            keys.insert(letters);
        }
        assert!(keys.len() > 3, "{keys:?}");
    }

    #[test]
    fn grade_scores_diagnoses_and_prints_json() {
        let right = run_args(&[
            "grade",
            "seed_drain_worked",
            "--seed",
            "5",
            "--answer",
            r#"[33333.33, 9, "16 min 40 s", {"choices": ["no"]}]"#,
        ]);
        assert!(right.as_deref().unwrap_or_default().contains("seed_drain_worked (seed 5): 100/100"), "{right:?}");
        let wrong = run_args(&["grade", "seed_drain_worked", "--seed", "5", "--answer", r#"[33333.33, 9, 750, "no"]"#])
            .unwrap_or_default();
        assert!(wrong.contains("75/100") && wrong.contains("[queue_cap_ignored]"), "{wrong}");
        let json = run_args(&["grade", "seed_drain_worked", "--seed", "5", "--answer", "[33333.3, 9, 375]", "--json"])
            .unwrap_or_default();
        let g: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(g["score"], 50);
        assert_eq!(g["classSeed"], 5);
        assert_eq!(g["diagnoses"][0]["mistake"], "net_rate_ignored");
        assert_eq!(g["parts"][2]["verdict"], "incorrect");
        assert_eq!(g["parts"][3]["verdict"], "missing");
        let zh = run_args(&["grade", "drain_time", "--seed", "5", "--answer", "garbage", "--lang", "zh"])
            .unwrap_or_default();
        assert!(zh.contains("无法识别") && zh.contains("0/100"), "{zh}");
        // Two parts, two mistakes: both are diagnosed; the blank part does not show its answer.
        let two = run_args(&["grade", "seed_drain_worked", "--seed", "5", "--answer", r#"[33333.33, 9, 375, ""]"#])
            .unwrap_or_default();
        assert!(two.contains("Mistake (c) [net_rate_ignored]") && two.contains("50/100"), "{two}");
        let blank = two.lines().find(|l| l.starts_with("(d)")).unwrap_or_default();
        assert!(blank.contains("missing") && !blank.contains("expected"), "{two}");
        let three = run_args(&["grade", "seed_drain_worked", "--seed", "5", "--answer", r#"[13333.3, 9, 750, "yes"]"#]);
        let three = three.unwrap_or_default();
        for mistake in ["(a) [production_ignored]", "(c) [queue_cap_ignored]", "(d) [queue_cap_ignored]"] {
            assert!(three.contains(&format!("Mistake {mistake}")), "{three}");
        }
        // A multiple choice partly right: each chosen option marked, the credit rounded.
        let Some(ex) = catalog().get("lag_vs_delay") else { panic!("lag_vs_delay is gone") };
        let Ok(inst) = instantiate(ex, exercise_seed(5, "lag_vs_delay")) else { panic!("lag_vs_delay seed 5") };
        let (Some(PartInput::Choice { options, .. }), Some(rebalance_core::exercise::Value::Choices(right))) =
            (inst.parts.first().map(|p| &p.input), inst.parts.first().map(|p| &p.expected))
        else {
            panic!("lag_vs_delay is a choice")
        };
        let right_letters: Vec<char> =
            options.iter().enumerate().filter(|(_, o)| right.contains(&o.id)).map(|(i, _)| option_letter(i)).collect();
        let two_of_three: String = right_letters.iter().take(2).collect();
        let partial = run_args(&["grade", "lag_vs_delay", "--seed", "5", "--answer", &format!("{two_of_three:?}")]);
        let partial = partial.unwrap_or_default();
        assert_eq!(right_letters.len(), 3);
        assert!(partial.contains("67/100") && partial.contains("partial credit 67%"), "{partial}");
        assert!(partial.contains(&format!("{} ✓", right_letters[0])), "{partial}");
        // A negative time is pointed out; a near miss is called close.
        let sign = run_args(&["grade", "drain_time", "--seed", "5", "--answer=-120"]).unwrap_or_default();
        assert!(sign.contains("A time cannot be negative"), "{sign}");
    }

    #[test]
    fn grade_refuses_unknown_exercises_and_bad_seeds() {
        assert!(run_args(&["grade", "nope", "--seed", "1", "--answer", "1"]).is_err());
        assert!(run_args(&["grade", "drain_time", "--seed", "-1", "--answer", "1"]).is_err());
        assert!(run_args(&["grade", "drain_time", "--answer", "1"]).is_err());
    }
}
