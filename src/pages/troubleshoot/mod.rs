//! Troubleshoot: from a symptom, as an engineer describes it, to its possible causes. Each
//! cause asks the question that tells it apart (yes / no / not sure: likely causes move up,
//! ruled-out ones to the end), links to the exact state on another page where it can be
//! watched, explains it and names the settings of its fix with RocketMQ's defaults.
//!
//! - `tree`: symptoms, causes, settings (no yew); `state`: the picked symptom and answers,
//!   kept in the URL (`ts_s`, `ts_a`).

// Built without the page for the lessons (`pages/learn`), which use only its URL state and
// the order of its causes (`state`, `tree`): the page's code is then unused, and the release
// build drops it.
#![cfg_attr(not(feature = "troubleshoot"), allow(dead_code, unused_imports))]

pub(crate) mod state;
pub(crate) mod tree;

use std::rc::Rc;

use rebalance_core::exercise::instance::ShowMeState;
use yew::prelude::*;

use self::state::{Action, State};
use self::tree::{ranked, Answer, Cause, SYMPTOMS};
use crate::components::UrlNotices;
use crate::embed::{use_embed, EmbedBar, Widget};
use crate::hooks::{use_i18n, I18n};
use crate::router::Route;
use crate::show_me;
use crate::url_state::{self, UrlNotice};

#[derive(Debug, Clone, PartialEq)]
struct PageState {
    state: State,
    notices: Vec<UrlNotice>,
}

enum PageAction {
    Change(Action),
    DismissNotices,
}

impl Reducible for PageState {
    type Action = PageAction;

    fn reduce(self: Rc<Self>, action: PageAction) -> Rc<Self> {
        match action {
            PageAction::Change(action) => {
                Rc::new(PageState { state: self.state.apply(action), notices: self.notices.clone() })
            }
            PageAction::DismissNotices => Rc::new(PageState { state: self.state.clone(), notices: Vec::new() }),
        }
    }
}

/// The link that opens a cause's live state in `lang`.
fn live_href(cause: &Cause, lang_code: &str) -> String {
    let params = cause.live.params.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    show_me::href(&ShowMeState { page: cause.live.page, params }, lang_code)
}

#[component]
pub fn Troubleshoot() -> Html {
    let i18n = use_i18n();
    let page = use_reducer_eq(|| {
        let (state, notices) = State::from_query(&url_state::get);
        PageState { state, notices }
    });
    use_effect_with(page.state.clone(), |state| {
        let pairs = state.query_pairs();
        let changes: Vec<(&str, Option<&str>)> = pairs.iter().map(|(k, v)| (*k, v.as_deref())).collect();
        url_state::set_many(&changes);
    });
    let dispatch: Callback<PageAction> = page.dispatcher().to_callback();
    let state = &page.state;
    let on_dismiss = dispatch.reform(|()| PageAction::DismissNotices);
    // Embedded (`embed=1`): the symptoms and their causes without the intro.
    let full = use_embed().is_none();

    let symptoms = SYMPTOMS.iter().enumerate().map(|(i, s)| {
        let pressed = state.symptom.is_some_and(|p| p.id == s.id);
        let onclick = dispatch.reform(move |_: MouseEvent| PageAction::Change(Action::Pick(i)));
        html! {
            <li>
                <button type="button" class="ts-symptom" data-symptom={s.id} aria-pressed={pressed.to_string()}
                        {onclick}>
                    { i18n.t(s.title) }
                </button>
            </li>
        }
    });

    let causes = state.symptom.map(|symptom| {
        let cards = ranked(symptom, &state.answers)
            .into_iter()
            .map(|(i, cause, answer)| cause_card(&i18n, &dispatch, i, cause, answer));
        let answered = state.answers.iter().any(|a| *a != Answer::Unanswered);
        let on_clear = dispatch.reform(|_: MouseEvent| PageAction::Change(Action::Clear));
        html! {
            <section class="ts-causes" aria-labelledby="ts-causes-heading">
                <h2 id="ts-causes-heading">{ i18n.t(symptom.title) }</h2>
                <p class="ts-note">{ i18n.t("page.troubleshoot.answer_hint") }</p>
                if answered {
                    <p><button type="button" class="button" onclick={on_clear}>
                        { i18n.t("page.troubleshoot.clear") }
                    </button></p>
                }
                <ol class="ts-cause-list" aria-label={i18n.t("page.troubleshoot.causes")}>{ for cards }</ol>
            </section>
        }
    });

    html! {
        <section class="page page-troubleshoot">
            <h1>{ i18n.t("page.troubleshoot.title") }</h1>
            if full {
                <p class="lead">{ i18n.t("page.troubleshoot.intro") }</p>
            }
            <EmbedBar route={Route::Troubleshoot} widget={Widget::Page} />
            <UrlNotices notices={page.notices.clone()} class="ts-notices"
                        on_dismiss={on_dismiss} />
            <nav class="ts-symptom-nav" aria-labelledby="ts-symptoms-heading">
                <h2 id="ts-symptoms-heading">{ i18n.t("page.troubleshoot.symptoms") }</h2>
                <ul class="ts-symptoms">{ for symptoms }</ul>
            </nav>
            if let Some(causes) = causes {
                { causes }
            } else {
                <p class="ts-note">{ i18n.t("page.troubleshoot.pick") }</p>
            }
        </section>
    }
}

/// One cause: its status, its question, why, the fix and its settings, and the live link.
fn cause_card(i18n: &I18n, dispatch: &Callback<PageAction>, i: usize, cause: &Cause, answer: Answer) -> Html {
    let (status_key, status_class) = match answer {
        Answer::Yes => ("page.troubleshoot.likely", "ts-likely"),
        Answer::Unanswered => ("page.troubleshoot.unchecked", "ts-unchecked"),
        Answer::No => ("page.troubleshoot.ruled_out", "ts-ruled-out"),
    };
    let name = format!("ts-q-{}", cause.id);
    let radio = |value: Answer, key: &'static str| {
        let onchange = dispatch.reform(move |_: Event| PageAction::Change(Action::Answer(i, value)));
        let id = format!("{name}-{}", value.code());
        html! {
            <label class="ts-answer" for={id.clone()}>
                <input type="radio" {id} name={name.clone()} checked={answer == value} {onchange} />
                { i18n.t(key) }
            </label>
        }
    };
    let title_id = format!("ts-c-{}", cause.id);
    let route = Route::from_path(show_me::route_path(cause.live.page));
    let live = i18n.t_args("page.troubleshoot.live", &[("page", i18n.t(route.nav_key()))]);
    let settings = (!cause.settings.is_empty()).then(|| {
        html! {
            <table class="ts-settings">
                <caption>{ i18n.t("page.troubleshoot.settings") }</caption>
                <thead><tr>
                    <th scope="col">{ i18n.t("page.troubleshoot.setting") }</th>
                    <th scope="col">{ i18n.t("page.troubleshoot.default") }</th>
                    <th scope="col">{ i18n.t("page.troubleshoot.where") }</th>
                </tr></thead>
                <tbody>
                    { for cause.settings.iter().map(|s| html! {
                        <tr>
                            <th scope="row"><code>{ s.name() }</code></th>
                            <td><code>{ s.default_value() }</code></td>
                            <td><code>{ s.owner() }</code></td>
                        </tr>
                    }) }
                </tbody>
            </table>
        }
    });
    html! {
        // Keyed: an answer reorders the list, and each card (with its radios) moves as a whole.
        <li key={cause.id} class={classes!("ts-cause", status_class)} data-cause={cause.id}
            aria-labelledby={title_id.clone()}>
            <h3 id={title_id}>
                <span class="ts-status">{ i18n.t(status_key) }</span>
                { i18n.t(cause.title) }
            </h3>
            <fieldset class="ts-question">
                <legend>{ i18n.t(cause.ask) }</legend>
                { radio(Answer::Yes, "page.troubleshoot.yes") }
                { radio(Answer::No, "page.troubleshoot.no") }
                { radio(Answer::Unanswered, "page.troubleshoot.unsure") }
            </fieldset>
            <p><strong class="ts-label">{ i18n.t("page.troubleshoot.why") }</strong>{ i18n.t(cause.explain) }</p>
            <p><strong class="ts-label">{ i18n.t("page.troubleshoot.fix") }</strong>{ i18n.t(cause.fix) }</p>
            { settings.unwrap_or_default() }
            <p><a class="ts-live" href={live_href(cause, i18n.lang().code())}>{ live }</a></p>
        </li>
    }
}

/// Every text key of the tree (the i18n check counts them as named in the source).
#[cfg(test)]
pub(crate) fn keys() -> Vec<&'static str> {
    let symptoms = SYMPTOMS.iter().map(|s| s.title);
    symptoms.chain(tree::CAUSES.iter().flat_map(|c| [c.title, c.ask, c.explain, c.fix])).collect()
}

#[cfg(test)]
mod tests;
