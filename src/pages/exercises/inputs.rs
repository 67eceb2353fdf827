//! One input per part, lettered (a), (b)…: a text box with the unit for numbers (read by the
//! core's lenient reader, so `16 min 40 s` works), toggle tiles for queues, radio buttons or
//! checkboxes for choices. [`to_answer`] turns the entries into the core's [`Answer`].

use rebalance_core::exercise::instance::{option_letter, InstancePart, PartInput};
use rebalance_core::exercise::model::Unit;
use rebalance_core::exercise::{Answer, PartAnswer};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::hooks::use_i18n;

/// What the reader entered for one part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Typed text (number parts).
    Text(String),
    /// Marked queue indices, ascending, each once (see [`set_member`]).
    Queues(Vec<usize>),
    /// Selected option ids, ascending, each once (see [`set_member`]).
    Choices(Vec<String>),
}

impl Entry {
    /// Whether nothing was entered (an empty queue set is an answer: "no queue").
    pub fn is_blank(&self) -> bool {
        match self {
            Entry::Text(t) => t.trim().is_empty(),
            Entry::Queues(_) => false,
            Entry::Choices(c) => c.is_empty(),
        }
    }

    /// An empty entry for `part`.
    pub fn empty(part: &InstancePart) -> Entry {
        match part.input {
            PartInput::Number { .. } => Entry::Text(String::new()),
            PartInput::Queues { .. } => Entry::Queues(Vec::new()),
            PartInput::Choice { .. } => Entry::Choices(Vec::new()),
        }
    }
}

/// Adds `item` to (`on`) or removes it from a list kept ascending with each item once: the
/// entries' sets. A sorted `Vec` rather than a `BTreeSet`: the B-tree's insert, remove and
/// rebalancing code compiled for each item type cost the page ~3 KB gzip.
pub fn set_member<T: Ord>(set: &mut Vec<T>, item: T, on: bool) {
    match (set.binary_search(&item), on) {
        (Err(at), true) => set.insert(at, item),
        (Ok(at), false) => {
            set.remove(at);
        }
        _ => {}
    }
}

/// The letter of part `index`: `a`, `b`, …
pub fn letter(index: usize) -> char {
    u8::try_from(index).ok().filter(|i| *i < 26).map_or('?', |i| char::from(b'a' + i))
}

/// The answer the entries make, in part order (options in display order).
pub fn to_answer(parts: &[InstancePart], entries: &[Entry]) -> Answer {
    let parts = parts.iter().zip(entries).map(|(part, entry)| match (entry, &part.input) {
        (Entry::Text(t), _) => PartAnswer::Text(t.clone()),
        (Entry::Queues(q), _) => PartAnswer::Queues(q.iter().map(|&i| i64::try_from(i).unwrap_or(i64::MAX)).collect()),
        (Entry::Choices(c), PartInput::Choice { options, .. }) => {
            PartAnswer::Choices(options.iter().filter(|o| c.contains(&o.id)).map(|o| o.id.clone()).collect())
        }
        (Entry::Choices(c), _) => PartAnswer::Choices(c.clone()),
    });
    Answer::new(parts.collect())
}

/// Props of [`PartInputView`].
#[derive(Properties, PartialEq, Clone)]
pub struct PartInputProps {
    /// Part index (for the letter and the ids).
    pub index: usize,
    /// The part.
    pub part: InstancePart,
    /// The board's queue labels (queue parts).
    pub labels: Vec<String>,
    /// The current entry.
    pub entry: Entry,
    /// The part the diagnosis points at.
    #[prop_or_default]
    pub flagged: bool,
    /// A new entry.
    pub on_change: Callback<Entry>,
}

/// The input of one part.
#[component]
pub fn PartInputView(props: &PartInputProps) -> Html {
    let i18n = use_i18n();
    let lang = i18n.lang();
    let id = format!("ex-part-{}", props.index);
    let title = format!("({}) {}", letter(props.index), props.part.label.get(lang));
    let class = classes!("ex-part", props.flagged.then_some("ex-flagged"));
    match (&props.part.input, &props.entry) {
        (PartInput::Number { unit, .. }, Entry::Text(text)) => {
            let oninput = props
                .on_change
                .reform(|e: InputEvent| Entry::Text(e.target_unchecked_into::<HtmlInputElement>().value()));
            let symbol = unit.symbol();
            let help = if *unit == Unit::Seconds {
                i18n.t("page.exercises.part.seconds_help")
            } else {
                i18n.t("page.exercises.part.number_help")
            };
            let help_id = format!("{id}-help");
            html! {
                <div {class} data-part={props.part.id.clone()}>
                    <label for={id.clone()} class="ex-part-title">{ title }</label>
                    <div class="ex-number">
                        <input type="text" inputmode="decimal" autocomplete="off" id={id.clone()} value={text.clone()}
                            aria-describedby={help_id.clone()} {oninput} />
                        if !symbol.get(lang).is_empty() {
                            <span class="ex-unit">{ symbol.get(lang).to_owned() }</span>
                        }
                    </div>
                    <p class="ex-help" id={help_id}>{ help }</p>
                </div>
            }
        }
        (PartInput::Queues { .. }, Entry::Queues(marked)) => {
            let tiles = props.labels.iter().enumerate().map(|(i, label)| {
                let pressed = marked.contains(&i);
                let onclick = {
                    let (marked, on_change) = (marked.clone(), props.on_change.clone());
                    Callback::from(move |_: MouseEvent| {
                        let mut next = marked.clone();
                        set_member(&mut next, i, !marked.contains(&i));
                        on_change.emit(Entry::Queues(next));
                    })
                };
                html! {
                    <li>
                        <button type="button" class={classes!("ex-tile", pressed.then_some("is-on"))}
                            aria-pressed={pressed.to_string()} data-queue={i.to_string()} {onclick}>
                            if pressed {
                                <span class="ex-tick" aria-hidden="true">{ "✓ " }</span>
                            }
                            { label.clone() }
                        </button>
                    </li>
                }
            });
            let chosen: Vec<&str> = marked.iter().filter_map(|&i| props.labels.get(i).map(String::as_str)).collect();
            let chosen =
                if chosen.is_empty() { i18n.t("page.exercises.part.none").to_owned() } else { chosen.join(", ") };
            html! {
                <fieldset {class} data-part={props.part.id.clone()}>
                    <legend class="ex-part-title">{ title }</legend>
                    <p class="ex-help">{ i18n.t("page.exercises.part.tiles_help") }</p>
                    <ul class="ex-tiles" id={id}>{ for tiles }</ul>
                    <p class="ex-help" aria-live="polite">{ i18n.t_args("page.exercises.part.marked", &[("queues", &chosen)]) }</p>
                </fieldset>
            }
        }
        (PartInput::Choice { multiple, options }, Entry::Choices(chosen)) => {
            let multiple = *multiple;
            let items = options.iter().enumerate().map(|(position, o)| {
                let checked = chosen.contains(&o.id);
                let onchange = {
                    let (chosen, on_change, oid) = (chosen.clone(), props.on_change.clone(), o.id.clone());
                    Callback::from(move |e: Event| {
                        let on = e.target_unchecked_into::<HtmlInputElement>().checked();
                        let mut next = if multiple { chosen.clone() } else { Vec::new() };
                        set_member(&mut next, oid.clone(), on);
                        on_change.emit(Entry::Choices(next));
                    })
                };
                let oid = format!("{id}-{}", o.id);
                html! {
                    <li>
                        <input type={if multiple { "checkbox" } else { "radio" }} id={oid.clone()} name={id.clone()}
                            value={o.id.clone()} {checked} {onchange} />
                        <label for={oid}><span class="ex-option-id">{ format!("{}.", option_letter(position)) }</span>{ " " }{ o.text.get(lang).to_owned() }</label>
                    </li>
                }
            });
            let how = if multiple {
                i18n.t("page.exercises.part.choose_many")
            } else {
                i18n.t("page.exercises.part.choose_single")
            };
            html! {
                <fieldset {class} data-part={props.part.id.clone()}>
                    <legend class="ex-part-title">{ title }</legend>
                    <p class="ex-help">{ how }</p>
                    <ul class="ex-options">{ for items }</ul>
                </fieldset>
            }
        }
        _ => html! {},
    }
}
