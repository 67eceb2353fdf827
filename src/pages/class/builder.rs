//! The teacher's side of `#/class`: the assignment builder (its link and Copy), the print
//! buttons with the printable sheet, and the table of students' codes.

use rebalance_core::exercise::class::{MAX_CLASS_SEED, MAX_NOTE_CHARS};
use rebalance_core::exercise::model::Topic;
use rebalance_core::Lang;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::draft::{self, Edit, DRAFT_KEY};
use super::sheet::{Sheet, SheetPart};
use super::table_view::TableView;
use super::{assignment_link, exercise_title, lessons, store, stored};
use crate::clipboard::write_clipboard;
use crate::hooks::use_i18n;
use crate::pages::exercises::catalog;

/// A class seed drawn at random (1 to 999 999: short enough to read out in class).
fn random_seed() -> u64 {
    (js_sys::Math::random() * 999_999.0) as u64 + 1
}

/// The builder, the print buttons and the table.
#[component]
pub fn Builder() -> Html {
    let i18n = use_i18n();
    let draft = use_state(|| draft::load(stored(DRAFT_KEY).as_deref(), random_seed()));
    let lang = use_state(|| i18n.lang());
    let copied = use_state(|| None::<bool>);
    let printing = use_state(|| SheetPart::Exam);
    // After ↑ / ↓ the focus follows the exercise moved (its button in the direction taken,
    // or the other one at the end of the list), so a keyboard can keep moving it.
    let focus_to = use_mut_ref(|| None::<String>);
    {
        let draft = (*draft).clone();
        use_effect_with(draft, |draft| {
            store(DRAFT_KEY, &draft.encode());
        });
    }
    {
        let focus_to = focus_to.clone();
        use_effect(move || {
            if let Some(id) = focus_to.borrow_mut().take() {
                let button = gloo::utils::document()
                    .get_element_by_id(&id)
                    .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok());
                if let Some(button) = button {
                    let _ = button.focus();
                }
            }
        });
    }
    let edit = {
        let (draft, copied, focus_to) = (draft.clone(), copied.clone(), focus_to.clone());
        Callback::from(move |e: Edit| {
            if let Edit::Move(at, up) = e {
                let to = if up { at.checked_sub(1) } else { Some(at + 1) };
                let last = draft.exercises.len().saturating_sub(1);
                if let (Some(id), Some(to)) = (draft.exercises.get(at), to) {
                    let way = if (up && to > 0) || (!up && to >= last) { "up" } else { "down" };
                    *focus_to.borrow_mut() = Some(format!("cl-{way}-{id}"));
                }
            }
            let mut next = (*draft).clone();
            draft::apply(&mut next, e);
            draft.set(next);
            copied.set(None);
        })
    };
    let ready = draft.check().is_ok();
    let link = ready.then(|| assignment_link(&draft, lang.code()));

    // The catalog by topic, each exercise a checkbox.
    let picked = &draft.exercises;
    let topics = Topic::ALL.iter().map(|&topic| {
        let items = catalog().exercises.iter().filter(|e| e.topic == topic).map(|e| {
            let (id, on) = (e.id.clone(), picked.contains(&e.id));
            let onchange = edit.reform(move |_: Event| Edit::Exercise(id.clone()));
            check_item(format!("cl-ex-{}", e.id), on, e.title.get(i18n.lang()), onchange)
        });
        html! {
            <fieldset class="cl-topic">
                <legend>{ topic.title().get(i18n.lang()).to_owned() }</legend>
                <ul class="cl-checks">{ for items }</ul>
            </fieldset>
        }
    });
    let order = picked.iter().enumerate().map(|(at, id)| {
        let title = exercise_title(&i18n, id);
        let last = at + 1 == picked.len();
        html! {
            <li class="cl-order-item" data-id={id.clone()}>
                <span class="cl-order-title">{ format!("{}. {title}", at + 1) }</span>
                <span class="cl-order-buttons">
                    <button type="button" class="button" disabled={at == 0} id={format!("cl-up-{id}")}
                        aria-label={i18n.t_args("page.class.builder.up", &[("title", &title)])}
                        onclick={edit.reform(move |_: MouseEvent| Edit::Move(at, true))}>{ "↑" }</button>
                    <button type="button" class="button" disabled={last} id={format!("cl-down-{id}")}
                        aria-label={i18n.t_args("page.class.builder.down", &[("title", &title)])}
                        onclick={edit.reform(move |_: MouseEvent| Edit::Move(at, false))}>{ "↓" }</button>
                    <button type="button" class="button"
                        aria-label={i18n.t_args("page.class.builder.remove", &[("title", &title)])}
                        onclick={edit.reform({ let id = id.clone(); move |_: MouseEvent| Edit::Exercise(id.clone()) })}>{ "✕" }</button>
                </span>
            </li>
        }
    });
    let chapters = lessons::chapters().iter().map(|(id, title, _)| {
        let (chapter, on) = (id.clone(), draft.chapters.contains(id));
        let onchange = edit.reform(move |_: Event| Edit::Chapter(chapter.clone()));
        check_item(format!("cl-ch-{id}"), on, title.get(i18n.lang()), onchange)
    });
    let on_seed = edit.reform(|e: Event| {
        let value = e.target_unchecked_into::<HtmlInputElement>().value_as_number();
        Edit::Seed(if value.is_finite() && value >= 0.0 { value as u64 } else { 0 })
    });
    let on_new_seed = edit.reform(|_: MouseEvent| Edit::Seed(random_seed()));
    let on_model = edit.reform(|e: Event| Edit::ModelAnswers(e.target_unchecked_into::<HtmlInputElement>().checked()));
    let on_note = edit.reform(|e: InputEvent| Edit::Note(e.target_unchecked_into::<HtmlTextAreaElement>().value()));
    let on_lang = {
        let (lang, copied) = (lang.clone(), copied.clone());
        Callback::from(move |e: Event| {
            let code = e.target_unchecked_into::<HtmlSelectElement>().value();
            lang.set(Lang::from_code(&code).unwrap_or(Lang::En));
            copied.set(None);
        })
    };
    let on_copy = {
        let (copied, link) = (copied.clone(), link.clone());
        Callback::from(move |_: MouseEvent| {
            let copied = copied.clone();
            write_clipboard(link.as_deref().unwrap_or_default(), Callback::from(move |ok| copied.set(Some(ok))));
        })
    };
    let print = |part: SheetPart| {
        let printing = printing.clone();
        Callback::from(move |_: MouseEvent| {
            printing.set(part);
            // The print dialog opens after this render, so the sheet shows the part asked for.
            gloo::timers::callback::Timeout::new(0, || {
                if let Some(window) = web_sys::window() {
                    let _ = window.print();
                }
            })
            .forget();
        })
    };
    let copy_status = match *copied {
        Some(true) => i18n.t("page.class.builder.copied"),
        Some(false) => i18n.t("page.class.builder.copy_failed"),
        None => "",
    };
    let id = ready.then(|| draft.id());

    html! {
        <>
        <div class="cl-screen">
            <h1>{ i18n.t("page.class.title") }</h1>
            <p class="cl-intro">{ i18n.t("page.class.intro") }</p>
            <section class="cl-panel" aria-labelledby="cl-build-title">
                <h2 id="cl-build-title">{ i18n.t("page.class.builder.title") }</h2>
                <h3>{ i18n.t("page.class.builder.exercises") }</h3>
                <div class="cl-topics">{ for topics }</div>
                <h3 id="cl-order-title">{ i18n.t("page.class.builder.order") }</h3>
                if picked.is_empty() {
                    <p class="cl-help">{ i18n.t("page.class.builder.none_picked") }</p>
                } else {
                    <ol class="cl-order" aria-labelledby="cl-order-title">{ for order }</ol>
                }
                <fieldset class="cl-topic">
                    <legend>{ i18n.t("page.class.builder.chapters") }</legend>
                    <ul class="cl-checks">{ for chapters }</ul>
                </fieldset>
                <div class="cl-fields">
                    <div class="cl-field">
                        <label for="cl-seed">{ i18n.t("page.class.builder.seed") }</label>
                        <span class="cl-row">
                            <input type="number" id="cl-seed" min="0" max={MAX_CLASS_SEED.to_string()} step="1"
                                value={draft.seed.to_string()} onchange={on_seed} />
                            <button type="button" class="button" id="cl-new-seed" onclick={on_new_seed}>{ i18n.t("page.class.builder.new_seed") }</button>
                        </span>
                        <p class="cl-help">{ i18n.t("page.class.builder.seed_help") }</p>
                    </div>
                    <div class="cl-field">
                        <label for="cl-lang">{ i18n.t("page.class.builder.lang") }</label>
                        <select id="cl-lang" onchange={on_lang}>
                            { for Lang::ALL.iter().map(|l| html! {
                                <option value={l.code()} selected={*l == *lang}>{ l.native_name() }</option>
                            }) }
                        </select>
                    </div>
                    <div class="cl-field">
                        <span class="cl-row">
                            <input type="checkbox" id="cl-model" checked={draft.model_answers} onchange={on_model} />
                            <label for="cl-model">{ i18n.t("page.class.builder.model") }</label>
                        </span>
                        <p class="cl-help">{ i18n.t("page.class.builder.model_help") }</p>
                    </div>
                    <div class="cl-field">
                        <label for="cl-note">{ i18n.t("page.class.builder.note") }</label>
                        <textarea id="cl-note" rows="3" maxlength={MAX_NOTE_CHARS.to_string()} value={draft.note.clone()} oninput={on_note} />
                    </div>
                </div>
                <h3>{ i18n.t("page.class.builder.link") }</h3>
                if let (Some(link), Some(id)) = (link.clone(), id.clone()) {
                    <p class="cl-help">{ i18n.t_args("page.class.builder.link_help", &[("id", &id)]) }</p>
                    <p class="cl-link-row">
                        <output id="cl-link" class="cl-link">{ link }</output>
                    </p>
                    <p class="cl-row">
                        <button type="button" class="button button-primary" id="cl-copy" onclick={on_copy}>{ i18n.t("page.class.builder.copy") }</button>
                        <span class="cl-status" role="status">{ copy_status }</span>
                    </p>
                    <h3>{ i18n.t("page.class.print.title") }</h3>
                    <p class="cl-help">{ i18n.t("page.class.print.help") }</p>
                    <p class="cl-row">
                        <button type="button" class="button" id="cl-print-exam" onclick={print(SheetPart::Exam)}>{ i18n.t("page.class.print.exam") }</button>
                        <button type="button" class="button" id="cl-print-key" onclick={print(SheetPart::Key)}>{ i18n.t("page.class.print.key") }</button>
                    </p>
                } else {
                    <p class="cl-help" id="cl-link-missing">{ i18n.t("page.class.builder.nothing") }</p>
                }
            </section>
            <TableView assignment={ready.then(|| (*draft).clone())} />
        </div>
        if ready {
            <Sheet assignment={(*draft).clone()} part={*printing} lang={*lang} />
        }
        </>
    }
}

/// A ticked-or-not item of the builder's lists (an exercise, a chapter): its checkbox and label.
fn check_item(input_id: String, checked: bool, label: &str, onchange: Callback<Event>) -> Html {
    html! {
        <li>
            <input type="checkbox" id={input_id.clone()} {checked} {onchange} />
            <label for={input_id}>{ label.to_owned() }</label>
        </li>
    }
}
