//! Grading: a score, a verdict per part, and the diagnosed mistakes (at most one per part).
//! Never panics: an answer that cannot be read is a verdict, not an error.
//!
//! The score is the parts' weighted credit, rounded: a part earns 1 when right, 0 when wrong,
//! and a multiple choice earns +1/n for each right option chosen and −1/n for each wrong one
//! (n right options; never below 0). Only an answer right in every part scores 100.

use serde::{Deserialize, Serialize};

use super::answer::{read, Answer, PartAnswer};
use super::compute::Value;
use super::instance::{option_letter, Instance, InstanceMistake, InstancePart, MistakePattern, OptionView, PartInput};
use super::mistakes::MistakeId;
use super::model::{Lang, Text, Tolerance, Unit};
use super::params::{duration, never, queue_labels};
use crate::plan::format_number;

/// The result of grading one answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Grade {
    /// The exercise graded.
    pub exercise_id: String,
    /// The instance's seed.
    pub seed: u64,
    /// 0..=100, the parts' weighted credit, rounded; 100 only when every part is right.
    pub score: u8,
    /// One verdict per part, in order.
    pub parts: Vec<PartVerdict>,
    /// The diagnosed mistakes, at most one per part, in part order.
    pub diagnoses: Vec<Diagnosis>,
    /// A one-line summary.
    pub feedback: Text,
}

/// How one part went.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PartVerdict {
    /// The part id.
    pub part: String,
    /// Its label.
    pub label: Text,
    /// Right, wrong, unreadable or missing.
    pub verdict: Verdict,
    /// The answer as read, displayed (absent when missing or unreadable).
    pub given: Option<Text>,
    /// The model answer, displayed.
    pub expected: Text,
    /// Why an answer was unreadable, or what is missing or extra.
    pub note: Option<Text>,
    /// The mistake this part's answer shows.
    pub mistake: Option<MistakeId>,
    /// The share of the part's weight earned: 1 right, 0 wrong, in between for a multiple
    /// choice that is partly right.
    pub credit: f64,
    /// A multiple choice's chosen options, each marked right or not, in display order.
    pub options: Vec<OptionMark>,
    /// Advice on a wrong number that gives nothing away: a sign that cannot be right, or a
    /// near miss ("close — check your rounding"). Safe to show before the model answer.
    pub advice: Option<Text>,
    /// A multiple choice's right options that were not chosen (a count: which ones is the
    /// answer itself).
    pub missed: u32,
}

/// One chosen option of a multiple choice, marked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OptionMark {
    /// The option's id.
    pub option: String,
    /// Its letter as displayed (`B`).
    pub shown: String,
    /// Whether it is one of the right options.
    pub right: bool,
}

/// A part's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Right (within tolerance).
    Correct,
    /// Wrong.
    Incorrect,
    /// The answer could not be read (garbage, wrong unit, unknown queue or option).
    Unreadable,
    /// No answer for this part.
    Missing,
}

/// A diagnosed mistake.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Diagnosis {
    /// Which mistake.
    pub mistake: MistakeId,
    /// In which part.
    pub part: String,
    /// Why it is wrong, with this instance's numbers.
    pub explanation: Text,
}

/// Grades `answer` (one entry per part, in order) against `instance`.
pub fn grade(instance: &Instance, answer: &Answer) -> Grade {
    let labels = instance.queue_labels();
    let mut verdicts = Vec::with_capacity(instance.parts.len());
    let mut diagnoses = Vec::new();
    let (mut total, mut earned) = (0.0, 0.0);
    for (i, part) in instance.parts.iter().enumerate() {
        let verdict = grade_part(part, answer.parts.get(i), &labels);
        total += f64::from(part.weight);
        earned += f64::from(part.weight) * verdict.credit;
        if let Some(m) = verdict.mistake.and_then(|id| part.mistakes.iter().find(|m| m.id == id)) {
            diagnoses.push(Diagnosis { mistake: m.id, part: part.id.clone(), explanation: m.explanation.clone() });
        }
        verdicts.push(verdict);
    }
    let correct = verdicts.iter().filter(|v| v.verdict == Verdict::Correct).count();
    let n = verdicts.len();
    let score = score(earned, total, n > 0 && correct == n);
    let feedback = if n > 0 && correct == n {
        Text::new("全部正确！", "All correct!")
    } else if n == 1 {
        Text::new("还不对，再想想。", "Not yet right.")
    } else {
        Text::new(format!("{n} 个小题中答对 {correct} 个。"), format!("{correct} of {n} parts right."))
    };
    Grade {
        exercise_id: instance.exercise_id.clone(),
        seed: instance.seed,
        score,
        parts: verdicts,
        diagnoses,
        feedback,
    }
}

/// The score `g` had under the grading of stored progress before partial credit: the weight
/// of the right parts over the total, truncated. Completion codes issued then carry these
/// scores, so [`super::verify_completion_code`] accepts them for the same answers.
pub fn whole_part_score(instance: &Instance, g: &Grade) -> u8 {
    let weights = instance.parts.iter().map(|p| u64::from(p.weight));
    let total: u64 = weights.clone().sum();
    let right: u64 = weights.zip(&g.parts).filter(|(_, v)| v.verdict == Verdict::Correct).map(|(w, _)| w).sum();
    (100 * right).checked_div(total).map_or(0, |s| u8::try_from(s).unwrap_or(100))
}

/// `earned` of `total` weight as 0..=100, rounded to the nearest whole (not truncated: 2 of 3
/// is 67); 100 only when `all_right`, so a near-perfect answer shows 99, not 100.
fn score(earned: f64, total: f64, all_right: bool) -> u8 {
    if all_right {
        return 100;
    }
    if total.is_nan() || total <= 0.0 || !earned.is_finite() {
        return 0;
    }
    // In 0..=99 before the cast, so the cast neither wraps nor saturates.
    (100.0 * earned / total).round().clamp(0.0, 99.0) as u8
}

fn grade_part(part: &InstancePart, answer: Option<&PartAnswer>, labels: &[String]) -> PartVerdict {
    let expected = display(&part.expected, &part.input, labels);
    let mut verdict = PartVerdict {
        part: part.id.clone(),
        label: part.label.clone(),
        verdict: Verdict::Missing,
        given: None,
        expected,
        note: None,
        mistake: None,
        credit: 0.0,
        advice: None,
        options: Vec::new(),
        missed: 0,
    };
    // No answer, an empty text or no option chosen is "not answered" (a blank is not a wrong
    // answer, and its note would show what is missing, i.e. the answer).
    let Some(answer) = answer.filter(|a| !blank(a, part)) else {
        return verdict;
    };
    let value = match read(answer, &part.input, labels) {
        Ok(v) => v,
        Err(unreadable) => {
            verdict.verdict = Verdict::Unreadable;
            verdict.note = Some(unreadable.0);
            return verdict;
        }
    };
    verdict.given = Some(display(&value, &part.input, labels));
    let tolerance = match &part.input {
        PartInput::Number { tolerance, .. } => *tolerance,
        _ => Tolerance::default(),
    };
    if let (Value::Choices(chosen), Value::Choices(right), PartInput::Choice { multiple: true, options }) =
        (&value, &part.expected, &part.input)
    {
        verdict.options = options
            .iter()
            .enumerate()
            .filter(|(_, o)| chosen.contains(&o.id))
            .map(|(i, o)| OptionMark {
                option: o.id.clone(),
                shown: option_letter(i).to_string(),
                right: right.contains(&o.id),
            })
            .collect();
        let hits = verdict.options.iter().filter(|m| m.right).count();
        let misses = verdict.options.len() - hits;
        verdict.missed = u32::try_from(right.len().saturating_sub(hits)).unwrap_or(u32::MAX);
        if !right.is_empty() {
            verdict.credit = (hits as f64 - misses as f64).max(0.0) / right.len() as f64;
        }
    }
    if matches_value(&value, &part.expected, tolerance) {
        verdict.verdict = Verdict::Correct;
        verdict.credit = 1.0;
        return verdict;
    }
    verdict.verdict = Verdict::Incorrect;
    verdict.note = difference(&value, &part.expected, &part.input, labels);
    verdict.mistake = part.mistakes.iter().find(|m| shows(m, &value, tolerance)).map(|m| m.id);
    if verdict.mistake.is_none() {
        verdict.advice = advice(&value, &part.expected, &part.input);
    }
    verdict
}

/// Whether a part answer is blank: empty text, no option, or no queue where "no queue" is
/// neither the answer nor a listed mistake (where it is, an empty set is an answer like any
/// other, e.g. "the room without consumers is nobody's").
fn blank(answer: &PartAnswer, part: &InstancePart) -> bool {
    match (answer, &part.input) {
        (PartAnswer::Text(t), _) => t.trim().is_empty(),
        (PartAnswer::Choices(c), _) => c.is_empty(),
        (PartAnswer::Queues(q), PartInput::Queues { allow_empty }) => {
            let empty_mistake = part
                .mistakes
                .iter()
                .any(|m| matches!(&m.pattern, MistakePattern::Value(Value::Queues(w)) if w.is_empty()));
            q.is_empty() && !allow_empty && !empty_mistake
        }
        _ => false,
    }
}

/// Whether `given` equals `target` (numbers within the tolerance around `target`).
fn matches_value(given: &Value, target: &Value, tolerance: Tolerance) -> bool {
    match (given, target) {
        (Value::Number(g), Value::Number(t)) => tolerance.accepts(*t, *g),
        (Value::Queues(g), Value::Queues(t)) => sorted(g) == sorted(t),
        (Value::Choices(g), Value::Choices(t)) => same_options(g, t),
        (g, t) => g == t,
    }
}

/// Queue indices ascending, each once.
fn sorted(v: &[usize]) -> Vec<usize> {
    let mut v = v.to_vec();
    v.sort();
    v.dedup();
    v
}

/// Whether two option lists choose the same options, in any order and however often each
/// (a part has a handful of options, so each list is searched as it is).
fn same_options(a: &[String], b: &[String]) -> bool {
    a.iter().all(|x| b.contains(x)) && b.iter().all(|x| a.contains(x))
}

/// Whether an answer shows mistake `m`.
fn shows(m: &InstanceMistake, given: &Value, tolerance: Tolerance) -> bool {
    match (&m.pattern, given) {
        (MistakePattern::Value(Value::Number(wrong)), Value::Number(g)) if m.within > 0.0 => {
            g.is_finite() && (g - wrong).abs() <= tolerance.allowed(*wrong).max(m.within)
        }
        (MistakePattern::Value(wrong), given) => matches_value(given, wrong, tolerance),
        (MistakePattern::Selects(options), Value::Choices(chosen)) => options.iter().all(|o| chosen.contains(o)),
        (MistakePattern::Only(options), Value::Choices(chosen)) => {
            !chosen.is_empty() && chosen.iter().all(|c| options.contains(c))
        }
        _ => false,
    }
}

/// Advice on a wrong number (see [`PartVerdict::advice`]). Every unit of a number part counts
/// something that cannot be negative (a time, a rate, messages, instances, an offset), so a
/// negative answer is pointed out. A near miss is an answer outside the accepted range but
/// within twice its width or 1 % of the expected value, or a fraction whose rounding gives the
/// expected whole number (578.9 where 579 s is asked, 8.3 instances where 9 are needed).
fn advice(given: &Value, expected: &Value, input: &PartInput) -> Option<Text> {
    let (Value::Number(g), PartInput::Number { unit, tolerance }) = (given, input) else {
        return None;
    };
    if *g < 0.0 {
        return Some(if *unit == Unit::Seconds {
            Text::new(
                "时间不可能是负数：检查各项的符号。B / (C − P) 只有在 C < P 时才为负，那时积压永远清不完。",
                "A time cannot be negative: check the sign of each term. B / (C − P) is negative only when C < P, \
                 and then the backlog never drains.",
            )
        } else {
            Text::new("这个量不可能是负数：检查各项的符号。", "This cannot be negative: check the sign of each term.")
        });
    }
    let Value::Number(e) = expected else { return None };
    let whole = e.fract() == 0.0 && g.fract() != 0.0 && (g.ceil() == *e || g.floor() == *e);
    let distance = (g - e).abs();
    let near = distance <= (2.0 * tolerance.allowed(*e)).max(0.01 * e.abs());
    if whole {
        Some(Text::new(
            "很接近了：答案是整数，检查取整的方向。",
            "Close — the answer is a whole number: check your rounding.",
        ))
    } else if near {
        Some(Text::new(
            "很接近了，但不在允许误差内：检查取整和最后一步计算。",
            "Close — but outside the accepted range: check your rounding and the last step.",
        ))
    } else {
        None
    }
}

/// What is missing or extra in a set answer; "choose one" for single choices.
fn difference(given: &Value, expected: &Value, input: &PartInput, labels: &[String]) -> Option<Text> {
    match (given, expected, input) {
        (Value::Queues(g), Value::Queues(e), _) => {
            let missing: Vec<usize> = e.iter().filter(|q| !g.contains(q)).copied().collect();
            let extra: Vec<usize> = g.iter().filter(|q| !e.contains(q)).copied().collect();
            let part = |lang: Lang| {
                let mut out = Vec::new();
                // Words that fit any queue list (owned, moved, revoked…), not one kind of it.
                let (miss, more) = match lang {
                    Lang::Zh => ("漏选", "多选"),
                    Lang::En => ("left out", "marked but not in the answer"),
                };
                if !missing.is_empty() {
                    out.push(format!("{miss}: {}", queue_labels(&missing, labels, lang)));
                }
                if !extra.is_empty() {
                    out.push(format!("{more}: {}", queue_labels(&extra, labels, lang)));
                }
                out.join("; ")
            };
            Some(Text::new(part(Lang::Zh), part(Lang::En)))
        }
        (Value::Choices(g), _, PartInput::Choice { multiple: false, .. }) if g.len() > 1 => {
            Some(Text::new("这是单选题，只能选一个。", "Choose exactly one option."))
        }
        _ => None,
    }
}

/// Chosen option ids as the letters they are shown with (`B, D`), in display order; an id the
/// part does not have (answers are read into the part's ids, so only a value made elsewhere)
/// is shown as it is, after them, once, in the order given.
fn option_letters(chosen: &[String], options: &[OptionView]) -> String {
    let known =
        options.iter().enumerate().filter(|(_, o)| chosen.contains(&o.id)).map(|(i, _)| option_letter(i).to_string());
    let mut unknown: Vec<String> = Vec::new();
    for id in chosen {
        if !options.iter().any(|o| o.id == *id) && !unknown.contains(id) {
            unknown.push(id.clone());
        }
    }
    known.chain(unknown).collect::<Vec<_>>().join(", ")
}

/// A value for display, in both languages.
pub fn display(value: &Value, input: &PartInput, labels: &[String]) -> Text {
    let one = |lang: Lang| match (value, input) {
        // A time of a minute or more also as a duration; a negative time only as typed (a
        // duration has no sign, so -600 s would read "0 s").
        (Value::Number(x), PartInput::Number { unit: Unit::Seconds, .. }) if *x >= 60.0 => {
            let (open, close) = match lang {
                Lang::Zh => ("（", "）"),
                Lang::En => (" (", ")"),
            };
            format!("{} {}{open}{}{close}", format_number(*x), Unit::Seconds.symbol().get(lang), duration(*x, lang))
        }
        (Value::Number(x), PartInput::Number { unit, .. }) => {
            format!("{} {}", format_number(*x), unit.symbol_after(*x).get(lang)).trim_end().to_owned()
        }
        (Value::Number(x), _) => format_number(*x),
        (Value::Never, _) => never(lang).to_owned(),
        (Value::Queues(q), _) => queue_labels(q, labels, lang),
        (Value::Choices(c), PartInput::Choice { options, .. }) => option_letters(c, options),
        (Value::Choices(c), _) => c.join(", "),
    };
    Text::new(one(Lang::Zh), one(Lang::En))
}
