//! The mock interview's open questions (`interview/questions.toml`) against the source
//! material and the exercise catalog.

use rebalance_core::exercise::catalog;
use rebalance_core::exercise::interview::{check, Interview, Level, QUESTIONS, TOPICS};
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
