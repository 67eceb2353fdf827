//! The printable sheet of an assignment: the exam (each exercise's question at the class's
//! numbers, with space to answer, one exercise per page) and the answer key (each part's
//! expected answer, the value the grader compares with, and the model explanation), on
//! pages of its own. Hidden on screen; `static/class.css` shows it, and only it, in print.
//! Its headings start at `h2`: the page's one `h1` is the builder's. It is written in the
//! assignment link's language, which the students read, whatever the site's language.

use rebalance_core::exercise::class::Assignment;
use rebalance_core::exercise::grade::display;
use rebalance_core::exercise::instance::{option_letter, PartInput};
use rebalance_core::exercise::{instance_for, Instance, Value};
use yew::prelude::*;

use crate::hooks::I18n;
use crate::i18n::Lang;
use crate::pages::exercises::catalog;

/// Which part of the sheet is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetPart {
    /// The exam.
    Exam,
    /// The answer key.
    Key,
}

/// Props of [`Sheet`].
#[derive(Properties, PartialEq)]
pub struct SheetProps {
    /// The assignment.
    pub assignment: Assignment,
    /// What a print shows.
    pub part: SheetPart,
    /// The language of the assignment link.
    pub lang: Lang,
}

/// The letter of part `i`: (a), (b), …
fn letter(i: usize) -> char {
    char::from(b'a' + (i % 26) as u8)
}

/// The exam and the answer key of an assignment.
#[component]
pub fn Sheet(props: &SheetProps) -> Html {
    let lang = props.lang;
    let i18n = I18n::new(lang, Callback::noop());
    let a = &props.assignment;
    let instances = use_memo((a.seed, a.exercises.clone()), |(seed, ids)| {
        ids.iter().map(|id| instance_for(catalog(), *seed, id).map_err(|e| e.to_string())).collect::<Vec<_>>()
    });
    let title = i18n.t_args("page.class.sheet.title", &[("id", &a.id()), ("seed", &a.seed.to_string())]);
    let exam = instances.iter().enumerate().map(|(n, inst)| match inst {
        Err(error) => html! { <section class="cl-sheet-exercise"><p>{ error.clone() }</p></section> },
        Ok(inst) => {
            let labels = inst.queue_labels();
            let parts = inst.parts.iter().enumerate().map(|(i, part)| {
                let hint = match &part.input {
                    PartInput::Number { unit, .. } => {
                        let symbol = unit.symbol();
                        let symbol = symbol.get(lang);
                        (!symbol.is_empty()).then(|| i18n.t_args("page.class.sheet.unit", &[("unit", symbol)]))
                    }
                    PartInput::Queues { .. } => {
                        Some(i18n.t_args("page.class.sheet.queues", &[("queues", &labels.join(", "))]))
                    }
                    PartInput::Choice { multiple: true, .. } => Some(i18n.t("page.class.sheet.multiple").to_owned()),
                    PartInput::Choice { .. } => Some(i18n.t("page.class.sheet.single").to_owned()),
                };
                let options = match &part.input {
                    PartInput::Choice { options, .. } => options
                        .iter()
                        .enumerate()
                        .map(|(p, o)| html! { <li>{ format!("{}. {}", option_letter(p), o.text.get(lang)) }</li> })
                        .collect::<Html>(),
                    _ => Html::default(),
                };
                html! {
                    <div class="cl-sheet-part">
                        <p><strong>{ format!("({}) {}", letter(i), part.label.get(lang)) }</strong></p>
                        if let Some(hint) = hint { <p class="cl-sheet-hint">{ hint }</p> }
                        <ul class="cl-sheet-options">{ options }</ul>
                        <div class="cl-answer-space"></div>
                    </div>
                }
            });
            html! {
                <section class="cl-sheet-exercise">
                    <h3>{ format!("{}. {}", n + 1, inst.title.get(lang)) }</h3>
                    <p>{ inst.prompt.get(lang).to_owned() }</p>
                    { for parts }
                </section>
            }
        }
    });
    let key = instances.iter().enumerate().filter_map(|(n, inst)| inst.as_ref().ok().map(|inst| (n, inst))).map(
        |(n, inst): (usize, &Instance)| {
            let labels = inst.queue_labels();
            let parts = inst.parts.iter().enumerate().map(|(i, part)| {
                let shown = display(&part.expected, &part.input, &labels);
                let options = match (&part.input, &part.expected) {
                    (PartInput::Choice { options, .. }, Value::Choices(right)) => options
                        .iter()
                        .enumerate()
                        .filter(|(_, o)| right.contains(&o.id))
                        .map(|(p, o)| html! { <li>{ format!("{}. {}", option_letter(p), o.text.get(lang)) }</li> })
                        .collect::<Html>(),
                    _ => Html::default(),
                };
                html! {
                    <li>
                        { format!("({}) {}: ", letter(i), part.label.get(lang)) }<strong>{ shown.get(lang).to_owned() }</strong>
                        <ul>{ options }</ul>
                    </li>
                }
            });
            html! {
                <section class="cl-key-exercise">
                    <h3>{ format!("{}. {}", n + 1, inst.title.get(lang)) }</h3>
                    <ul>{ for parts }</ul>
                    <p>{ inst.explanation.get(lang).to_owned() }</p>
                </section>
            }
        },
    );
    let part = match props.part {
        SheetPart::Exam => "exam",
        SheetPart::Key => "key",
    };
    html! {
        <div class="cl-sheet" data-print={part} lang={lang.code()}>
            <div class="cl-exam">
                <header class="cl-sheet-head">
                    <h2>{ title.clone() }</h2>
                    <p>{ i18n.t("page.class.sheet.name_line") }</p>
                    if !a.note.is_empty() { <p class="cl-note">{ a.note.clone() }</p> }
                </header>
                { for exam }
            </div>
            <div class="cl-key">
                <h2>{ i18n.t_args("page.class.sheet.key_title", &[("id", &a.id()), ("seed", &a.seed.to_string())]) }</h2>
                { for key }
            </div>
        </div>
    }
}
