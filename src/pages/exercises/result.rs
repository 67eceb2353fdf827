//! The core's grade, drawn: the score, the one-line feedback, the diagnosed mistakes (one per
//! part at most, each explanation highlighted), and a verdict per part with the answer as the
//! core read it; a multiple choice also marks each chosen option and its partial credit.

use rebalance_core::exercise::{Grade, Verdict};
use yew::prelude::*;

use super::inputs::letter;
use crate::hooks::I18n;

/// The result of one submission, `g`: `reveal` shows each part's expected answer (after 100
/// or once the model answer is open); `blank` marks the parts left blank (shown as not
/// answered rather than unreadable). What is missing or extra in a wrong queue set (the
/// core's note) is the answer itself, so it is shown with the model answer; notes on
/// unreadable answers are always shown. A plain function rather than a component: it only
/// renders with its exercise, and a component would be compiled with its own plumbing and
/// a copy of the grade as props.
pub fn grade_view(i18n: &I18n, g: &Grade, reveal: bool, blank: &[bool]) -> Html {
    let lang = i18n.lang();
    let verdicts = g.parts.iter().enumerate().map(|(i, v)| {
        let blank = blank.get(i).copied().unwrap_or(false) && v.verdict == Verdict::Unreadable;
        let (class, word) = match v.verdict {
            _ if blank => ("is-missing", i18n.t("page.exercises.verdict.missing").to_owned()),
            Verdict::Correct => ("is-correct", i18n.t("page.exercises.verdict.correct").to_owned()),
            Verdict::Incorrect if v.credit > 0.0 => {
                let credit = format!("{:.0}", 100.0 * v.credit);
                ("is-incorrect", i18n.t_args("page.exercises.verdict.partial", &[("credit", &credit)]))
            }
            Verdict::Incorrect => ("is-incorrect", i18n.t("page.exercises.verdict.incorrect").to_owned()),
            Verdict::Unreadable => ("is-unreadable", i18n.t("page.exercises.verdict.unreadable").to_owned()),
            Verdict::Missing => ("is-missing", i18n.t("page.exercises.verdict.missing").to_owned()),
        };
        let flagged = g.diagnoses.iter().any(|d| d.part == v.part);
        let marks = v.options.iter().map(|m| {
            // The words say right or not; no colour of its own (the verdict's colours stay the
            // only ones axe has to check).
            let key = if m.right { "page.exercises.result.option_right" } else { "page.exercises.result.option_wrong" };
            html! { <li data-right={m.right.to_string()}>{ i18n.t_args(key, &[("option", &m.shown)]) }</li> }
        });
        let missed = (v.missed > 0).then(|| i18n.t_count("page.exercises.result.missed", v.missed, &[("count", &v.missed.to_string())]));
        html! {
            <li class={classes!("ex-verdict", class, flagged.then_some("ex-flagged"))} data-part={v.part.clone()}
                data-verdict={format!("{:?}", v.verdict).to_ascii_lowercase()}>
                <span class="ex-verdict-word">{ word }</span>
                { format!(" ({}) {}", letter(i), v.label.get(lang)) }
                if let Some(given) = &v.given {
                    <div class="ex-given">{ i18n.t_args("page.exercises.result.given", &[("answer", given.get(lang))]) }</div>
                }
                if !v.options.is_empty() {
                    <ul class="ex-option-marks">{ for marks }</ul>
                }
                // Advice on a wrong number gives nothing away, so it shows before the model answer.
                if let Some(advice) = &v.advice {
                    <div class="ex-note ex-advice">{ advice.get(lang).to_owned() }</div>
                }
                if let Some(missed) = missed {
                    <div class="ex-note">{ missed }</div>
                }
                if let Some(note) = v.note.as_ref().filter(|_| !blank && (reveal || v.verdict != Verdict::Incorrect)) {
                    <div class="ex-note">{ note.get(lang).to_owned() }</div>
                }
                if reveal {
                    <div class="ex-expected">{ i18n.t_args("page.exercises.result.expected", &[("answer", v.expected.get(lang))]) }</div>
                }
            </li>
        }
    });
    let score_class = if g.score == 100 { "is-full" } else { "is-partial" };
    html! {
        <section class="ex-result" aria-labelledby="ex-result-title" data-score={g.score.to_string()}>
            <h2 id="ex-result-title">
                { i18n.t("page.exercises.result.title") }{ " " }
                <span class={classes!("ex-score", score_class)}>{ i18n.t_args("page.exercises.result.score", &[("score", &g.score.to_string())]) }</span>
            </h2>
            <p class="ex-feedback">{ g.feedback.get(lang).to_owned() }</p>
            { for g.diagnoses.iter().map(|d| html! {
                <div class="ex-diagnosis" data-mistake={d.mistake.name()} data-part={d.part.clone()}>
                    <h3>{ i18n.t("page.exercises.result.diagnosis") }</h3>
                    <p>{ d.explanation.get(lang).to_owned() }</p>
                </div>
            }) }
            <ul class="ex-verdicts">{ for verdicts }</ul>
        </section>
    }
}
