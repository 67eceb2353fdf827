//! What each client (and the broker) logs up to the current tick, in RocketMQ's wording,
//! newest at the bottom, filterable by client. Too chatty for a live region: the page
//! announces a one-line summary instead. The view is rebuilt only when a line is added or
//! the filter changes, not on every tick.

use std::rc::Rc;

use rebalance_core::simulate::{Level, LogKind, Simulation};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::state::{Action, LogFilter};
use super::text::seconds_label;
use crate::hooks::use_i18n;

/// Lines drawn at most (the older ones are counted, not drawn).
pub const MAX_LINES: usize = 200;

/// One drawn line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Position in the whole log (the key).
    pub index: usize,
    /// When.
    pub at_ms: u64,
    /// Who: a cid, `broker` or `script`.
    pub source: String,
    /// `info`, `warn`, `error`, or `note` (the simulator's annotation, not RocketMQ's line).
    pub level: &'static str,
    /// RocketMQ's wording.
    pub text: String,
    /// The exception RocketMQ logs with the line (`Throwable.toString()`), if any.
    pub exception: Option<String>,
}

/// The lines to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogView {
    /// The newest [`MAX_LINES`] matching lines, oldest first.
    pub lines: Vec<Line>,
    /// Matching lines not drawn.
    pub hidden: usize,
    /// The filter's choices: (value, label).
    pub choices: Vec<(String, String)>,
}

/// The log up to the current tick, filtered (`quiet`: without offset persistence lines);
/// `clients` are the filter's (process, cid) choices.
pub fn log_view(sim: &Simulation, filter: LogFilter, quiet: bool, clients: Vec<(String, String)>) -> LogView {
    let matches = |e: &rebalance_core::simulate::LogEntry| {
        let who = match filter {
            LogFilter::All => true,
            LogFilter::Broker => e.process.is_none(),
            LogFilter::Process(p) => e.process == Some(p),
        };
        who && !(quiet && matches!(e.kind, LogKind::OffsetPersisted { .. }))
    };
    let entries = sim.log_until(sim.now_ms());
    let total = entries.iter().filter(|e| matches(e)).count();
    let mut lines: Vec<Line> = entries
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, e)| matches(e))
        .take(MAX_LINES)
        .map(|(index, e)| Line {
            index,
            at_ms: e.at_ms,
            source: e.source.clone(),
            level: match e.level() {
                Level::Info => "info",
                Level::Warn => "warn",
                Level::Error => "error",
                Level::Note => "note",
            },
            text: e.text(),
            exception: e.exception().map(str::to_owned),
        })
        .collect();
    lines.reverse();
    LogView { hidden: total - lines.len(), lines, choices: clients }
}

/// Props of [`LogPane`].
#[derive(Properties, PartialEq)]
pub struct LogPaneProps {
    /// The lines.
    pub view: Rc<LogView>,
    /// The filter.
    pub filter: LogFilter,
    /// Offset persistence lines are hidden.
    pub quiet: bool,
    /// Where the filter changes go.
    pub on_action: Callback<Action>,
}

/// The filter and the lines.
#[component]
pub fn LogPane(props: &LogPaneProps) -> Html {
    let i18n = use_i18n();
    let onchange = props.on_action.reform(|e: Event| {
        let value = e.target_unchecked_into::<HtmlSelectElement>().value();
        Action::Log(LogFilter::parse(&value).unwrap_or(LogFilter::All))
    });
    let selected = props.filter.code();
    let option = |value: String, label: String| {
        let is = value == selected;
        html! { <option {value} selected={is}>{ label }</option> }
    };
    let view = &props.view;
    html! {
        <div class="tl-log-pane">
            <div class="tl-field">
                <label for="tl-log-filter">{ i18n.t("page.timeline.log.filter") }</label>
                <select id="tl-log-filter" {onchange}>
                    { option("all".to_owned(), i18n.t("page.timeline.log.all").to_owned()) }
                    { option("broker".to_owned(), i18n.t("page.timeline.log.broker").to_owned()) }
                    { for view.choices.iter().map(|(v, l)| option(v.clone(), l.clone())) }
                </select>
            </div>
            <div class="tl-check">
                <input type="checkbox" id="tl-log-quiet" checked={props.quiet}
                    onchange={props.on_action.reform(|e: Event| {
                        Action::Quiet(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked())
                    })} />
                <label for="tl-log-quiet">{ i18n.t("page.timeline.log.quiet") }</label>
            </div>
            if view.hidden > 0 {
                <p class="tl-note">{ i18n.t_count("page.timeline.log.hidden", view.hidden, &[("count", &view.hidden.to_string())]) }</p>
            }
            // A column-reverse scroller stays at its end as lines arrive, without script
            // (reading scrollHeight every frame would force a layout).
            <div class="tl-log-scroll" tabindex="0" role="region" aria-label={i18n.t("page.timeline.log.label")}>
            if view.lines.is_empty() {
                <p class="tl-log-empty">{ i18n.t("page.timeline.log.empty") }</p>
            }
            // The keyed lines are the list's only children, so a new line moves nothing.
            <ol class="tl-log" aria-live="off">
                { for view.lines.iter().map(|l| html! {
                    <li key={l.index} class={classes!("tl-log-line", format!("is-{}", l.level))}>
                        <span class="tl-log-time">{ seconds_label(l.at_ms) }</span>
                        <span class="tl-log-source">{ l.source.clone() }</span>
                        if l.level == "note" {
                            <span class="tl-log-mark">{ i18n.t("page.timeline.log.note_mark") }</span>
                        }
                        <span class="tl-log-text">{ l.text.clone() }</span>
                        if let Some(exception) = &l.exception {
                            <span class="tl-log-exception">{ exception.clone() }</span>
                        }
                    </li>
                }) }
            </ol>
            </div>
        </div>
    }
}
