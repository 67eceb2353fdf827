//! The report of a run: the score per topic and per item with the time each took, the weakest
//! topics with the lesson chapter and the exercises that cover them, and the result code
//! (with a link) that shows the same report anywhere. The core computes it from the run
//! ([`report`]); a run it refuses is said, not drawn.

use std::rc::Rc;

use rebalance_core::exercise::interview::run::exercises_for_topic;
use rebalance_core::exercise::interview::{encode, report, Item, ItemAnswer, Run};
use rebalance_core::Lang;
use yew::prelude::*;

use super::state::{clock, KEY_CODE};
use super::{code_error, level_title, questions, topic_name};
use crate::hooks::use_i18n;
use crate::pages::exercises::catalog;
use crate::pages::exercises::copy_link::CopyLink;

/// The `id` of the report's heading, which gets the focus when the run ends.
pub const REPORT_TITLE_ID: &str = "iv-report-title";

/// The link to a lesson chapter in `lang`.
pub fn chapter_href(topic: &str, lang: Lang) -> String {
    format!("?lang={}#/learn/{topic}", lang.code())
}

/// The link to an exercise of the catalog in `lang`, as the exercises page writes its own.
pub fn exercise_href(id: &str, lang: Lang) -> String {
    format!("?lang={}&ex_id={id}#/exercises", lang.code())
}

/// The address of the report of `code`: this site, the language and the code, nothing else.
fn report_url(code: &str, lang: Lang) -> String {
    let location = web_sys::window().map(|w| w.location());
    let origin = location.as_ref().and_then(|l| l.origin().ok()).unwrap_or_default();
    let path = location.as_ref().and_then(|l| l.pathname().ok()).unwrap_or_default();
    format!("{origin}{path}?lang={}&{KEY_CODE}={code}#/interview", lang.code())
}

/// Props of [`ReportView`].
#[derive(Properties, PartialEq)]
pub struct ReportProps {
    /// The run.
    pub run: Rc<Run>,
    /// Whether it was opened from a result code (not run here).
    pub replay: bool,
    /// "New interview".
    pub on_new: Callback<()>,
}

/// The report.
#[component]
pub fn ReportView(props: &ReportProps) -> Html {
    let i18n = use_i18n();
    let lang = i18n.lang();
    let run = &props.run;
    let code = use_memo(run.clone(), |run| encode(run));
    let computed = questions::interview().map_err(|e| e.to_owned()).and_then(|interview| {
        report(interview, catalog(), run).map(|r| (interview, r)).map_err(|e| code_error(&i18n, &e))
    });
    let (interview, report) = match computed {
        Ok(computed) => computed,
        Err(error) => {
            return html! {
                <>
                    <h1 id={REPORT_TITLE_ID} tabindex="-1">{ i18n.t("page.interview.report.title") }</h1>
                    <p class="iv-error" role="alert">{ i18n.t_args("page.interview.report.error", &[("error", &error)]) }</p>
                    <button type="button" class="button" onclick={props.on_new.reform(|_: MouseEvent| ())}>{ i18n.t("page.interview.report.new") }</button>
                </>
            };
        }
    };
    let topics = report.topics.iter().map(|t| {
        html! {
            <tr data-topic={t.topic}>
                <th scope="row">{ topic_name(&i18n, t.topic) }</th>
                <td>{ t.items }</td>
                <td class="iv-num">{ t.score }</td>
            </tr>
        }
    });
    let items = report.items.iter().enumerate().map(|(i, r)| {
        let (kind, title) = match &r.item {
            Item::Open { question } => (
                i18n.t("page.interview.report.open"),
                interview.get(*question).map(|q| q.wording(lang).ask.clone()).unwrap_or_default(),
            ),
            Item::Computed { exercise, .. } => (
                i18n.t("page.interview.report.computed"),
                catalog().get(exercise).map(|e| e.title.get(lang).to_owned()).unwrap_or_default(),
            ),
        };
        let answer = match (&r.item, run.results.get(i).map(|x| &x.answer)) {
            (Item::Open { question }, Some(ItemAnswer::Open { text, ticked })) => {
                let points = interview.get(*question).map(|q| q.wording(lang).points.clone()).unwrap_or_default();
                html! {
                    <details class="iv-answer">
                        <summary>{ i18n.t("page.interview.report.answer") }</summary>
                        <p class="iv-written">{ if text.trim().is_empty() { i18n.t("page.interview.report.nothing_written").to_owned() } else { text.clone() } }</p>
                        <ul>
                            { for points.iter().enumerate().map(|(k, p)| {
                                let on = ticked.iter().any(|&t| usize::from(t) == k);
                                html! { <li>{ if on { "☑ " } else { "☐ " } }{ p.clone() }</li> }
                            }) }
                        </ul>
                    </details>
                }
            }
            _ if !r.answered => html! { <span class="iv-muted">{ i18n.t("page.interview.report.unanswered") }</span> },
            _ => Html::default(),
        };
        html! {
            <tr data-item={i.to_string()}>
                <td>{ i + 1 }</td>
                <td>{ kind }{ ": " }{ title }{ answer }</td>
                <td>{ topic_name(&i18n, r.topic) }</td>
                <td class="iv-num" data-score="">{ r.score }</td>
                <td class="iv-num" data-seconds={r.seconds.to_string()}>{ clock(r.seconds) }</td>
            </tr>
        }
    });
    let weakest = report.weakest.iter().map(|&topic| {
        let exercises = exercises_for_topic(interview, catalog(), topic);
        html! {
            <li data-topic={topic}>
                <strong>{ topic_name(&i18n, topic) }</strong>{ " — " }
                <a href={chapter_href(topic, lang)}>{ i18n.t_args("page.interview.report.chapter", &[("title", topic_name(&i18n, topic))]) }</a>
                <ul class="iv-exercises">
                    { for exercises.iter().filter_map(|id| catalog().get(id)).map(|e| html! {
                        <li><a href={exercise_href(&e.id, lang)}>{ e.title.get(lang).to_owned() }</a></li>
                    }) }
                </ul>
            </li>
        }
    });
    let summary = i18n.t_args(
        "page.interview.report.summary",
        &[
            ("total", &report.total.to_string()),
            ("minutes", &run.minutes.to_string()),
            ("level", level_title(&i18n, run.level)),
            ("seed", &run.seed.to_string()),
            ("time", &clock(report.seconds)),
        ],
    );
    html! {
        <div class="iv-report">
            <h1 id={REPORT_TITLE_ID} tabindex="-1">{ i18n.t("page.interview.report.title") }</h1>
            if props.replay {
                <p class="iv-help">{ i18n.t("page.interview.report.replayed") }</p>
            }
            <p class="iv-summary" data-total={report.total.to_string()}>{ summary }</p>
            <h2>{ i18n.t("page.interview.report.topics") }</h2>
            <div class="iv-table-wrap">
                <table class="iv-table iv-topics">
                    <thead><tr>
                        <th scope="col">{ i18n.t("page.interview.report.topic") }</th>
                        <th scope="col">{ i18n.t("page.interview.report.items") }</th>
                        <th scope="col">{ i18n.t("page.interview.report.score") }</th>
                    </tr></thead>
                    <tbody>{ for topics }</tbody>
                </table>
            </div>
            <h2>{ i18n.t("page.interview.report.per_item") }</h2>
            <div class="iv-table-wrap">
                <table class="iv-table iv-items">
                    <thead><tr>
                        <th scope="col">{ "#" }</th>
                        <th scope="col">{ i18n.t("page.interview.report.item") }</th>
                        <th scope="col">{ i18n.t("page.interview.report.topic") }</th>
                        <th scope="col">{ i18n.t("page.interview.report.score") }</th>
                        <th scope="col">{ i18n.t("page.interview.report.time") }</th>
                    </tr></thead>
                    <tbody>{ for items }</tbody>
                </table>
            </div>
            <h2>{ i18n.t("page.interview.report.weakest") }</h2>
            if report.weakest.is_empty() {
                <p class="iv-weakest-none">{ i18n.t("page.interview.report.no_weak") }</p>
            } else {
                <ul class="iv-weakest">{ for weakest }</ul>
            }
            <h2>{ i18n.t("page.interview.report.code_title") }</h2>
            <p class="iv-help">{ i18n.t("page.interview.report.code_help") }</p>
            <CopyLink id="iv-code" label={i18n.t("page.interview.report.code")} button={i18n.t("page.exercises.link.copy")}
                url={(*code).clone()} />
            <CopyLink id="iv-code-link" label={i18n.t("page.interview.report.link")} button={i18n.t("page.exercises.link.copy")}
                url={report_url(&code, lang)} />
            <div class="iv-buttons">
                <button type="button" class="button button-primary" id="iv-new" onclick={props.on_new.reform(|_: MouseEvent| ())}>
                    { i18n.t("page.interview.report.new") }
                </button>
            </div>
        </div>
    }
}
