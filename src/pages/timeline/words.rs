//! Under the lanes: the last queue moves in words, newest first (the newest in a polite live
//! region), "Replay the last rebalance", and "Predict, then watch": the switch, the queues to
//! pick while playback waits before a rebalance, and the picks marked once it has played.

use yew::prelude::*;

use super::moves::{Change, Grade, QueueMove};
use super::state::{Action, Quiz, REPLAY_LEAD_MS};
use super::text::time_label;
use crate::hooks::I18n;

/// At most this many queues of one change are said in words; the rest are counted (as the
/// playground's moves line does).
const MOVES_SAID: usize = 8;

/// Holders in words: their names joined with " + ", "nobody" for none.
fn holders(i18n: &I18n, names: &[(String, Option<u32>)], processes: &[u32]) -> String {
    if processes.is_empty() {
        return i18n.t("page.timeline.moves.nobody").to_owned();
    }
    let name = |p: u32| match names.get(p as usize) {
        Some((cid, None)) => cid.clone(),
        Some((cid, Some(process))) => {
            i18n.t_args("page.timeline.moves.process", &[("cid", cid), ("process", &process.to_string())])
        }
        None => p.to_string(),
    };
    processes.iter().map(|&p| name(p)).collect::<Vec<_>>().join(" + ")
}

/// One queue's move: "Q2 192.168.0.1 → 192.168.0.3", saying when two or more hold it.
fn move_text(i18n: &I18n, names: &[(String, Option<u32>)], m: &QueueMove) -> String {
    let queue = format!("Q{}", m.queue);
    let (from, to) = (holders(i18n, names, &m.from), holders(i18n, names, &m.to));
    let args = [("queue", queue.as_str()), ("from", &from), ("to", &to), ("count", &m.to.len().to_string())];
    let key = match m.to.len() {
        0 | 1 => "page.timeline.moves.item",
        2 => "page.timeline.moves.both",
        _ => "page.timeline.moves.many",
    };
    i18n.t_args(key, &args)
}

/// One change in words: "20.3 s — Q2 … → … · Q5 … → …", the first [`MOVES_SAID`] queues
/// and how many more.
pub fn change_line(i18n: &I18n, names: &[(String, Option<u32>)], change: &Change, tick_ms: u64) -> String {
    let said: Vec<String> = change.moves.iter().take(MOVES_SAID).map(|m| move_text(i18n, names, m)).collect();
    let time = time_label(i18n, change.tick.saturating_mul(tick_ms));
    let mut line = i18n.t_args("page.timeline.moves.line", &[("time", &time), ("moves", &said.join(" · "))]);
    let more = change.moves.len().saturating_sub(MOVES_SAID);
    if more > 0 {
        line.push(' ');
        line.push_str(&i18n.t_count("page.timeline.moves.more", more, &[("count", &more.to_string())]));
    }
    line
}

/// The moves card's content (queue-level CLUSTERING only: POP holds no queues, and in
/// BROADCASTING every consumer holds every queue).
pub fn moves_words(
    i18n: &I18n,
    changes: &[Change],
    names: &[(String, Option<u32>)],
    tick_ms: u64,
    on_action: &Callback<Action>,
) -> Html {
    let newest = changes
        .first()
        .map_or_else(|| i18n.t("page.timeline.moves.none").to_owned(), |c| change_line(i18n, names, c, tick_ms));
    let lead = i18n.duration(REPLAY_LEAD_MS as f64 / 1_000.0);
    html! {
        <div class="tl-moves">
            <p class="tl-note">{ i18n.t("page.timeline.moves.help") }</p>
            <p id="tl-moves-newest" class="tl-moves-newest" aria-live="polite" aria-atomic="true"
               data-tick={changes.first().map(|c| c.tick.to_string())}>{ newest }</p>
            if changes.len() > 1 {
                <ol class="tl-moves-older">
                    { for changes.iter().skip(1).map(|c| html! {
                        <li data-tick={c.tick.to_string()}>{ change_line(i18n, names, c, tick_ms) }</li>
                    }) }
                </ol>
            }
            <button type="button" class="button" id="tl-replay" disabled={changes.is_empty()}
                    aria-describedby="tl-replay-help" onclick={on_action.reform(|_: MouseEvent| Action::ReplayLast)}>
                { i18n.t("page.timeline.moves.replay") }
            </button>
            <p class="tl-note" id="tl-replay-help">
                { i18n.t_args("page.timeline.moves.replay_help", &[("lead", &lead)]) }
            </p>
        </div>
    }
}

/// The prediction: the switch, and while a rebalance is asked, one button per queue
/// (`aria-pressed`), "Show", then the marks and the score.
pub fn predict_panel(
    i18n: &I18n,
    predict: bool,
    quiz: Option<&Quiz>,
    grade: Option<&Grade>,
    queue_total: u32,
    tick_ms: u64,
    on_action: &Callback<Action>,
) -> Html {
    let on_switch =
        on_action.reform(|e: Event| Action::Predict(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked()));
    let status = match (quiz, grade) {
        (Some(_), Some(g)) if g.moved == 0 => {
            i18n.t_args("page.timeline.predict.score_none", &[("wrong", &g.wrong.to_string())])
        }
        (Some(_), Some(g)) => i18n.t_args(
            "page.timeline.predict.score",
            &[
                ("right", &g.right.to_string()),
                ("moved", &g.moved.to_string()),
                ("missed", &g.missed.to_string()),
                ("wrong", &g.wrong.to_string()),
            ],
        ),
        (Some(q), None) if q.shown => i18n.t("page.timeline.predict.watching").to_owned(),
        (Some(q), None) => {
            i18n.t_args("page.timeline.predict.ask", &[("time", &time_label(i18n, q.first.saturating_mul(tick_ms)))])
        }
        (None, _) => String::new(),
    };
    let tile = |queue: u32| {
        let picked = quiz.is_some_and(|q| q.picked.contains(&queue));
        let mark = grade.and_then(|g| g.marks.iter().find(|(q, _)| *q == queue)).map(|(_, m)| *m);
        let asking = quiz.is_some_and(|q| !q.shown);
        html! {
            <li>
                <button type="button" class={classes!("tl-pick", mark.map(|m| format!("is-{}", m.code())))}
                        aria-pressed={picked.to_string()} disabled={!asking} data-queue={queue.to_string()}
                        data-mark={mark.map(|m| m.code())}
                        onclick={on_action.reform(move |_: MouseEvent| Action::Pick(queue))}>
                    { format!("Q{queue}") }
                    if let Some(m) = mark {
                        <span class="tl-pick-mark">{ i18n.t(mark_key(m)) }</span>
                    }
                </button>
            </li>
        }
    };
    html! {
        <div class="tl-predict">
            <div class="tl-check">
                <input type="checkbox" id="tl-predict" checked={predict} onchange={on_switch}
                       aria-describedby="tl-predict-help" />
                <label for="tl-predict">{ i18n.t("page.timeline.predict.switch") }</label>
            </div>
            <p class="tl-note" id="tl-predict-help">{ i18n.t("page.timeline.predict.switch_help") }</p>
            <p id="tl-predict-status" class="tl-predict-status" aria-live="polite" aria-atomic="true">{ status }</p>
            if let Some(q) = quiz {
                <ul class="tl-picks" aria-label={i18n.t("page.timeline.predict.queues")}>
                    { for (0..queue_total).map(tile) }
                </ul>
                if !q.shown {
                    <button type="button" class="button" id="tl-predict-show"
                            onclick={on_action.reform(|_: MouseEvent| Action::ShowPrediction)}>
                        { i18n.t("page.timeline.predict.show") }
                    </button>
                }
            }
        </div>
    }
}

fn mark_key(mark: super::moves::Mark) -> &'static str {
    match mark {
        super::moves::Mark::Right => "page.timeline.predict.right",
        super::moves::Mark::Missed => "page.timeline.predict.missed",
        super::moves::Mark::Wrong => "page.timeline.predict.wrong",
    }
}
