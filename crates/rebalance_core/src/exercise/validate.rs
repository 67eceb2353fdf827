//! The static content check of one exercise file: everything that can be checked without
//! drawing parameters (the content test then instantiates every exercise for many seeds).

use std::collections::BTreeSet;

use super::compute::Yields;
use super::model::{Exercise, HintTier, Kind, Part, Text, FORMAT_VERSION};

fn is_identifier(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// Every problem found in `ex` (empty when the file is fine).
pub fn validate(ex: &Exercise) -> Vec<String> {
    let mut problems = Vec::new();
    let mut text = |what: &str, t: &Text| {
        if t.zh.trim().is_empty() || t.en.trim().is_empty() {
            problems.push(format!("{what}: both zh and en are required"));
        }
        // Text packs separate texts with U+001E; no text needs a control character but these.
        if [&t.zh, &t.en].iter().any(|s| s.chars().any(|c| c.is_control() && c != '\n' && c != '\t')) {
            problems.push(format!("{what}: a control character other than newline and tab"));
        }
    };
    text("title", &ex.title);
    text("prompt", &ex.prompt);
    text("explanation", &ex.explanation);
    for (i, h) in ex.hints.iter().enumerate() {
        text(&format!("hint {}", i + 1), &h.text);
    }
    for part in &ex.parts {
        text(&format!("part {} label", part.id()), part.label());
        for m in part.mistakes() {
            text(&format!("part {} mistake {} explanation", part.id(), m.id.name()), &m.explanation);
        }
        if let Part::Choice(c) = part {
            for o in &c.options {
                text(&format!("part {} option {}", c.id, o.id), &o.text);
            }
        }
    }
    // Options are shuffled per instance, so a text that names an option by its letter would
    // point at another option; texts name options by what they say.
    let letters: Vec<char> = ex
        .parts
        .iter()
        .filter_map(|p| match p {
            Part::Choice(c) => Some(c.options.iter().filter_map(|o| single_letter(&o.id))),
            _ => None,
        })
        .flatten()
        .collect();
    if !letters.is_empty() {
        let mut texts: Vec<(String, &Text)> =
            vec![("prompt".to_owned(), &ex.prompt), ("explanation".to_owned(), &ex.explanation)];
        texts.extend(ex.hints.iter().enumerate().map(|(i, h)| (format!("hint {}", i + 1), &h.text)));
        for part in &ex.parts {
            texts.push((format!("part {} label", part.id()), part.label()));
            texts.extend(
                part.mistakes().iter().map(|m| (format!("part {} mistake {}", part.id(), m.id.name()), &m.explanation)),
            );
        }
        for (what, t) in texts {
            if [&t.zh, &t.en].iter().any(|s| names_option_letters(s, &letters)) {
                problems.push(format!("{what}: names options by letter (options are shuffled; quote their text)"));
            }
        }
    }
    if ex.format_version != FORMAT_VERSION {
        problems.push(format!("format_version {} (expected {FORMAT_VERSION})", ex.format_version));
    }
    if !is_identifier(&ex.id) {
        problems.push(format!("id {:?} must be [a-z0-9_]+", ex.id));
    }
    if let Some(q) = ex.interview.iter().find(|q| !(1..=18).contains(*q)) {
        problems.push(format!("interview question {q} is not in 1..=18"));
    }
    let tiers: Vec<HintTier> = ex.hints.iter().map(|h| h.tier).collect();
    if !tiers.windows(2).all(|w| w.first() <= w.last())
        || ![HintTier::Nudge, HintTier::Method, HintTier::Worked].iter().all(|t| tiers.contains(t))
    {
        problems.push("hints: at least one nudge, method and worked hint, in that order".to_owned());
    }
    let mut names = BTreeSet::new();
    for name in ex.params.iter().map(|p| &p.name).chain(ex.derived.iter().map(|d| &d.name)) {
        if !is_identifier(name) || !names.insert(name.clone()) {
            problems.push(format!("parameter or value {name:?} is not a unique identifier"));
        }
    }
    if ex.parts.is_empty() {
        problems.push("no parts".to_owned());
    }
    let mut ids = BTreeSet::new();
    for part in &ex.parts {
        if !ids.insert(part.id().to_owned()) || !is_identifier(part.id()) {
            problems.push(format!("part id {:?} is not a unique identifier", part.id()));
        }
        if part.weight() == 0 {
            problems.push(format!("part {}: weight 0", part.id()));
        }
        problems.extend(check_part(ex.kind, part).into_iter().map(|p| format!("part {}: {p}", part.id())));
    }
    problems
}

/// The letter of a one-letter option id (`a`).
fn single_letter(id: &str) -> Option<char> {
    let mut chars = id.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() => Some(c),
        _ => None,
    }
}

/// Whether `text` refers to options by their letters: a list of two option letters (`a、b`,
/// `a, b and c`, `a 和 b`), or one after `option` / `选项` / `[` (`[b]`). A letter in
/// parentheses is a part reference (`(a)`) and allowed.
fn names_option_letters(text: &str, letters: &[char]) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let word = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric() && c.is_ascii());
    let is_letter = |i: usize| {
        i < chars.len()
            && letters.contains(&chars[i].to_ascii_lowercase())
            && !word(i.checked_sub(1).and_then(|p| chars.get(p)))
            && !word(chars.get(i + 1))
            && i.checked_sub(1).and_then(|p| chars.get(p)) != Some(&'(')
    };
    for i in (0..chars.len()).filter(|&i| is_letter(i)) {
        let before: String = chars[..i].iter().collect();
        if ["option ", "Option ", "选项", "选项 ", "["].iter().any(|w| before.ends_with(w)) {
            return true;
        }
        let after: String = chars[i + 1..].iter().take(8).collect();
        for sep in ["、", ", ", ",", "，", " and ", " or ", "和", " 和 ", "或"] {
            if let Some(rest) = after.strip_prefix(sep) {
                let j = i + 1 + sep.chars().count();
                if rest.starts_with(|c: char| letters.contains(&c.to_ascii_lowercase())) && is_letter(j) {
                    return true;
                }
            }
        }
    }
    false
}

fn check_part(kind: Kind, part: &Part) -> Vec<String> {
    let mut problems = Vec::new();
    let allowed = match kind {
        Kind::Assign => matches!(part, Part::Queues(_)),
        Kind::Choice => matches!(part, Part::Choice(_)),
        Kind::PredictMoves => true,
        Kind::Offsets | Kind::Numeric => !matches!(part, Part::Queues(_)),
    };
    if !allowed {
        problems.push(format!("this part type does not belong in a {} exercise", kind.name()));
    }
    let computed = match part {
        Part::Number(p) => Some(&p.compute),
        Part::Queues(p) => Some(&p.compute),
        Part::Choice(p) => p.correct_from.as_ref(),
    };
    if let (Some(c), Some(want)) = (computed, part_yields(part)) {
        if c.yields() != want {
            problems.push(format!("computation yields {:?}, the part needs {want:?}", c.yields()));
        }
    }
    let mut seen = BTreeSet::new();
    for m in part.mistakes() {
        if !seen.insert(m.id) {
            problems.push(format!("mistake {} listed twice", m.id.name()));
        }
    }
    if let Part::Choice(c) = part {
        let ids: Vec<&str> = c.options.iter().map(|o| o.id.as_str()).collect();
        let unique: BTreeSet<&str> = ids.iter().copied().collect();
        if ids.len() < 2 || unique.len() != ids.len() || ids.iter().any(|i| i.is_empty()) {
            problems.push("at least two options with unique, non-empty ids".to_owned());
        }
        let correct: Vec<&str> = c.options.iter().filter(|o| o.correct).map(|o| o.id.as_str()).collect();
        match (&c.correct_from, c.multiple, correct.len()) {
            (Some(_), false, 0) => {}
            (Some(_), _, _) => problems.push("a computed choice is single and marks no option correct".to_owned()),
            (None, false, 1) => {}
            (None, false, _) => problems.push("a single choice needs exactly one correct option".to_owned()),
            (None, true, 0) => problems.push("a multiple choice needs a correct option".to_owned()),
            (None, true, _) => {}
        }
        for m in &c.mistakes {
            let pattern = if m.selects.is_empty() { &m.only } else { &m.selects };
            let both = !m.selects.is_empty() && !m.only.is_empty();
            if both || (pattern.is_empty() && c.correct_from.is_none()) {
                problems.push(format!("mistake {}: give exactly one of selects or only", m.id.name()));
            }
            if pattern.iter().any(|o| !ids.contains(&o.as_str())) {
                problems.push(format!("mistake {}: unknown option", m.id.name()));
            }
            let as_answer: BTreeSet<&str> = pattern.iter().map(String::as_str).collect();
            let right: BTreeSet<&str> = correct.iter().copied().collect();
            if c.correct_from.is_none() && as_answer == right {
                problems.push(format!("mistake {}: its options are the right answer", m.id.name()));
            }
            if !c.multiple && pattern.len() > 1 && !m.selects.is_empty() {
                problems.push(format!("mistake {}: a single choice selects one option", m.id.name()));
            }
        }
    } else if part.mistakes().iter().any(|m| !m.selects.is_empty() || !m.only.is_empty()) {
        problems.push("selects/only are for choice parts".to_owned());
    }
    // A part that asks for a rounded value accepts only that value: with a tolerance, the
    // unrounded value would pass too.
    if let Part::Number(p) = part {
        let rounded =
            ["rounded up", "round up", "向上取整"].iter().any(|w| p.label.en.contains(w) || p.label.zh.contains(w));
        if rounded && (p.tolerance.absolute != 0.0 || p.tolerance.relative != 0.0) {
            problems.push("asks for a rounded value, so it takes no tolerance".to_owned());
        }
    }
    if matches!(part, Part::Queues(_)) && computed.is_some_and(|c| c.yields() != Yields::Queues) {
        problems.push("a queue part needs a queue computation".to_owned());
    }
    problems
}

/// Which yields a part kind needs.
fn part_yields(part: &Part) -> Option<Yields> {
    match part {
        Part::Number(_) => Some(Yields::Number),
        Part::Queues(_) => Some(Yields::Queues),
        Part::Choice(p) => p.correct_from.as_ref().map(|_| Yields::Choice),
    }
}
