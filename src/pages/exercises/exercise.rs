//! One exercise: title, prompt and board in the reader's language, an input per part,
//! Submit (graded by the core, recorded in the progress), tiered hints one at a time, the
//! model answer with a "show me" link to the matching page state, and new numbers. With the
//! class's model answers off, the model answer, the expected answers and the last hint (the
//! worked one) stay closed; grading and the diagnoses, which teach the method, are the same.
//!
//! The mock interview shows the same view for its computed parts (`in_run`): without the
//! links that would leave the run (the index, new numbers, the class link, "show me"), with
//! every hint but the worked one, and the model answer only once an answer was graded.

use std::rc::Rc;

use rebalance_core::exercise::grade::display;
use rebalance_core::exercise::model::{HintTier, Page};
use rebalance_core::exercise::progress::ExerciseProgress;
use rebalance_core::exercise::{grade, Grade, Instance};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::board::board_view;
use super::copy_link::CopyLink;
use super::inputs::{letter, to_answer, Entry, PartInputView};
use super::result::grade_view;
use super::state::{Action, ModelAnswers, MAX_TRY};
use super::{link_click, meta_line, Nav, Target};
use crate::hooks::use_i18n;
use crate::show_me;

/// Props of [`ExerciseView`].
#[derive(Properties, PartialEq, Clone)]
pub struct ExerciseProps {
    /// The instance shown.
    pub instance: Rc<Instance>,
    /// The attempt (0 = the class's numbers).
    pub attempt: u32,
    /// The reader's progress on this exercise.
    pub progress: Option<ExerciseProgress>,
    /// The class link to this exercise.
    pub class_url: AttrValue,
    /// Whether the class sees model answers.
    pub model: ModelAnswers,
    /// Links: index, class numbers, new numbers.
    pub hrefs: [AttrValue; 3],
    /// Page changes.
    pub dispatch: Callback<Action>,
    /// Navigation (adds a history entry).
    pub nav: Nav,
    /// Shown inside a mock interview's run (`pages/interview`).
    #[prop_or_default]
    pub in_run: bool,
}

/// The exercise view.
#[component]
pub fn ExerciseView(props: &ExerciseProps) -> Html {
    let i18n = use_i18n();
    let lang = i18n.lang();
    let inst = props.instance.clone();
    // What was being typed into these numbers before a reload or a language switch.
    let entries =
        use_state(|| super::draft::load(&inst).unwrap_or_else(|| inst.parts.iter().map(Entry::empty).collect()));
    let graded = use_state(|| None::<(Rc<Grade>, Vec<bool>)>);
    let answers_shown = props.model == ModelAnswers::Shown;
    // The hints that can be opened: all, or all but the last (the worked answer).
    let hint_count = if answers_shown && !props.in_run { inst.hints.len() } else { inst.hints.len().saturating_sub(1) };
    let hints_used = props.progress.as_ref().map_or(0, |p| usize::from(p.hints_used));
    let revealed = use_state(|| hints_used.min(inst.hints.len()));
    let revealed_now = (*revealed).min(hint_count);
    // Numbers already solved show their model answer again (e.g. after a reload).
    let solved =
        props.progress.as_ref().is_some_and(|p| p.done && p.best.as_ref().is_some_and(|b| b.seed == inst.seed));
    let show_model = use_state(|| solved);
    let model_open = *show_model && answers_shown;
    let id = inst.exercise_id.clone();

    let onsubmit = {
        let (inst, entries, graded, show_model, dispatch) =
            (inst.clone(), entries.clone(), graded.clone(), show_model.clone(), props.dispatch.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let answer = to_answer(&inst.parts, &entries);
            let result = Rc::new(grade(&inst, &answer));
            if result.score == 100 {
                show_model.set(true);
            }
            graded.set(Some((result.clone(), entries.iter().map(Entry::is_blank).collect())));
            dispatch.emit(Action::Record { instance: inst.clone(), answer, grade: result });
        })
    };
    // A button that disappears once used hands keyboard focus to what it opened.
    let focus_to = use_mut_ref(|| None::<&'static str>);
    {
        let focus_to = focus_to.clone();
        use_effect(move || {
            let target = focus_to.borrow_mut().take();
            let element = target.and_then(|id| gloo::utils::document().get_element_by_id(id));
            if let Some(element) = element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = element.focus();
            }
        });
    }
    let on_hint = {
        let (revealed, dispatch, id, total) = (revealed.clone(), props.dispatch.clone(), id.clone(), hint_count);
        let focus_to = focus_to.clone();
        Callback::from(move |_: MouseEvent| {
            let next = (*revealed + 1).min(total);
            if next == total {
                *focus_to.borrow_mut() = Some("ex-hints-title");
            }
            revealed.set(next);
            dispatch.emit(Action::Hint { id: id.clone(), tier: u8::try_from(next).unwrap_or(u8::MAX) });
        })
    };
    let on_model = {
        let (show_model, focus_to) = (show_model.clone(), focus_to.clone());
        Callback::from(move |_: MouseEvent| {
            *focus_to.borrow_mut() = Some("ex-model-title");
            show_model.set(true);
        })
    };

    let labels = inst.queue_labels();
    let flagged: Vec<String> =
        graded.as_ref().map(|(g, _)| g.diagnoses.iter().map(|d| d.part.clone()).collect()).unwrap_or_default();
    let parts = inst.parts.iter().enumerate().map(|(i, part)| {
        let on_change = {
            let (entries, inst) = (entries.clone(), inst.clone());
            Callback::from(move |entry: Entry| {
                let mut next = (*entries).clone();
                if let Some(slot) = next.get_mut(i) {
                    *slot = entry;
                }
                super::draft::save(&inst, &next);
                entries.set(next);
            })
        };
        let entry = entries.get(i).cloned().unwrap_or_else(|| Entry::empty(part));
        html! {
            <PartInputView index={i} part={part.clone()} labels={labels.clone()} {entry}
                flagged={flagged.contains(&part.id)} {on_change} />
        }
    });
    let hints = inst.hints.iter().take(revealed_now).map(|h| {
        let tier = match h.tier {
            HintTier::Nudge => i18n.t("page.exercises.hint.nudge"),
            HintTier::Method => i18n.t("page.exercises.hint.method"),
            HintTier::Worked => i18n.t("page.exercises.hint.worked"),
        };
        html! { <li class="ex-hint"><strong>{ tier }{ ": " }</strong>{ h.text.get(lang).to_owned() }</li> }
    });
    let next_hint = inst.hints.get(revealed_now).filter(|_| revealed_now < hint_count).map(|h| match h.tier {
        HintTier::Nudge => i18n.t("page.exercises.hint.nudge"),
        HintTier::Method => i18n.t("page.exercises.hint.method"),
        HintTier::Worked => i18n.t("page.exercises.hint.worked"),
    });
    let model = model_open.then(|| {
        let answers = inst.parts.iter().enumerate().map(|(i, p)| {
            let shown = display(&p.expected, &p.input, &labels);
            html! { <li>{ format!("({}) {}: ", letter(i), p.label.get(lang)) }<strong>{ shown.get(lang).to_owned() }</strong></li> }
        });
        let show = inst.show_me.as_ref().filter(|_| !props.in_run).map(|s| {
            let text = match s.page {
                Page::Playground => i18n.t("page.exercises.model.show_playground"),
                Page::Offsets => i18n.t("page.exercises.model.show_offsets"),
                Page::Planner => i18n.t("page.exercises.model.show_planner"),
                Page::Simulator => i18n.t("page.exercises.model.show_timeline"),
            };
            html! { <p><a class="ex-show-me" href={show_me::href(s, i18n.lang().code())}>{ text }</a></p> }
        });
        html! {
            <section class="ex-model" aria-labelledby="ex-model-title">
                <h2 id="ex-model-title" tabindex="-1">{ i18n.t("page.exercises.model.title") }</h2>
                <ul class="ex-model-answers">{ for answers }</ul>
                <p>{ inst.explanation.get(lang).to_owned() }</p>
                { for show }
            </section>
        }
    });
    let [index_href, class_href, next_href] = props.hrefs.clone();
    let attempt = props.attempt;
    let status = match &props.progress {
        Some(p) if p.done => i18n.t_args("page.exercises.status.done_detail", &[("attempts", &p.attempts.to_string())]),
        Some(p) if p.attempts > 0 => i18n.t_args(
            "page.exercises.status.attempted_detail",
            &[("best", &p.best_score.to_string()), ("attempts", &p.attempts.to_string())],
        ),
        _ => i18n.t("page.exercises.status.not_started").to_owned(),
    };

    html! {
        <article class="ex-exercise" data-exercise={id.clone()} data-seed={inst.seed.to_string()}>
            if !props.in_run {
                <p class="ex-crumbs">
                    <a href={index_href} onclick={link_click(&props.nav, Target::Index)}>{ i18n.t("page.exercises.back") }</a>
                </p>
            }
            <h1>{ inst.title.get(lang).to_owned() }</h1>
            <p class="ex-meta">{ inst.topic.title().get(lang).to_owned() }{ " · " }{ meta_line(&i18n, inst.kind, inst.difficulty) }
                if !props.in_run { { " · " }<span data-status="">{ status }</span> }</p>
            <p class="ex-numbers" hidden={props.in_run}>
                if attempt == 0 {
                    { i18n.t("page.exercises.numbers.class") }
                } else {
                    { i18n.t_args("page.exercises.numbers.own", &[("n", &attempt.to_string())]) }{ " " }
                    <a href={class_href} onclick={link_click(&props.nav, Target::Exercise(id.clone(), 0))}>
                        { i18n.t("page.exercises.numbers.back_to_class") }
                    </a>
                }
            </p>
            <div class="ex-layout">
                <div class="ex-main">
                    <p class="ex-prompt">{ inst.prompt.get(lang).to_owned() }</p>
                    if let Some(board) = &inst.board {
                        { board_view(&i18n, board) }
                    }
                    <form class="ex-form" {onsubmit} novalidate=true>
                        { for parts }
                        <div class="ex-actions">
                            <button type="submit" class="button button-primary">{ i18n.t("page.exercises.submit") }</button>
                            if let Some(tier) = next_hint {
                                <button type="button" class="button" id="ex-hint" onclick={on_hint}>
                                    { i18n.t_args("page.exercises.hint.show", &[("n", &(revealed_now + 1).to_string()),
                                        ("total", &hint_count.to_string()), ("tier", tier)]) }
                                </button>
                            }
                            if answers_shown && !*show_model && (!props.in_run || graded.is_some()) {
                                <button type="button" class="button" id="ex-model" onclick={on_model}>{ i18n.t("page.exercises.model.open") }</button>
                            }
                            if attempt < MAX_TRY && !props.in_run {
                                <a class="button" href={next_href} id="ex-new"
                                    onclick={link_click(&props.nav, Target::Exercise(id.clone(), attempt + 1))}>
                                    { i18n.t("page.exercises.new_numbers") }
                                </a>
                            }
                        </div>
                    </form>
                    if !answers_shown {
                        <p class="ex-help ex-model-off">{ i18n.t("page.exercises.model.off") }</p>
                    }
                    <div class="ex-live" aria-live="polite">
                        if let Some((g, blank)) = graded.as_ref() {
                            { grade_view(&i18n, g, model_open, blank) }
                        }
                    </div>
                    <div class="ex-live" aria-live="polite">
                        if revealed_now > 0 {
                            <section class="ex-hints" aria-labelledby="ex-hints-title">
                                <h2 id="ex-hints-title" tabindex="-1">{ i18n.t_args("page.exercises.hint.title", &[("n", &revealed_now.to_string()), ("total", &hint_count.to_string())]) }</h2>
                                <ol>{ for hints }</ol>
                            </section>
                        }
                    </div>
                    { for model }
                </div>
                <aside class="ex-aside">
                    <h2>{ i18n.t("page.exercises.how.title") }</h2>
                    <p>{ i18n.t("page.exercises.how.parts") }</p>
                    <p>{ i18n.t("page.exercises.how.diagnosis") }</p>
                    <p>{ i18n.t("page.exercises.how.numbers") }</p>
                    if !props.in_run {
                        <CopyLink id="ex-exercise-link" label={i18n.t("page.exercises.link.exercise")}
                            button={i18n.t("page.exercises.link.copy")} url={props.class_url.clone()} />
                    }
                </aside>
            </div>
        </article>
    }
}
