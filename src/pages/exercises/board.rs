//! What an exercise shows beside its question: a consumer group (strategy, consumers in
//! RocketMQ's sorted order, queues with their brokers and machine rooms) or offset bars.
//!
//! Bars are SVG shapes placed with geometry attributes (allowed by the CSP; no `style=`),
//! on a shared axis; the exact numbers are in a table beside them, so the drawing never
//! has to be read for its values and screen readers get the table.

use rebalance_core::exercise::instance::{Board, GroupBoard, OffsetBarView};
use rebalance_core::plan::format_number;
use yew::prelude::*;

use crate::hooks::I18n;

/// The board of an exercise. Plain functions rather than components: a component is compiled
/// with its own render and props plumbing (and its props cloned), and the board never
/// renders apart from the exercise.
pub fn board_view(i18n: &I18n, board: &Board) -> Html {
    match board {
        Board::Group(g) => group_view(i18n, g),
        Board::Offsets(bars) => bars_view(i18n, bars),
    }
}

/// A consumer group: strategy, consumers and queues.
fn group_view(i18n: &I18n, g: &GroupBoard) -> Html {
    let room = |r: &Option<String>| -> Html {
        match r {
            Some(r) => {
                html! { <span class="ex-room">{ i18n.t_args("page.exercises.board.room", &[("room", r)]) }</span> }
            }
            None => html! {},
        }
    };
    html! {
        <figure class="ex-board ex-group" aria-labelledby="ex-board-title">
            <figcaption id="ex-board-title">
                { i18n.t_args("page.exercises.board.group", &[("strategy", &g.strategy)]) }
            </figcaption>
            <h3 class="ex-board-sub">{ i18n.t_args("page.exercises.board.consumers", &[("n", &g.consumers.len().to_string())]) }</h3>
            <ol class="ex-chips ex-consumers">
                { for g.consumers.iter().map(|c| html! { <li class="ex-chip ex-consumer"><code>{ c.cid.clone() }</code>{ room(&c.room) }</li> }) }
            </ol>
            <h3 class="ex-board-sub">{ i18n.t_args("page.exercises.board.queues", &[("n", &g.queues.len().to_string())]) }</h3>
            <ol class="ex-chips ex-queues">
                { for g.queues.iter().map(|q| html! {
                    <li class="ex-chip ex-queue" title={format!("{} · queueId {}", q.broker_name, q.queue_id)}>
                        { q.label.clone() }{ room(&q.room) }
                    </li>
                }) }
            </ol>
            <p class="ex-help">{ i18n.t("page.exercises.board.sorted") }</p>
        </figure>
    }
}

/// Width of the bar drawing in SVG units (it scales to the column).
const WIDTH: f64 = 1000.0;

/// Offset bars on a shared axis, with the numbers in a table.
fn bars_view(i18n: &I18n, bars: &[OffsetBarView]) -> Html {
    // A shared axis from the lowest offset drawn to the highest, so bars compare.
    let lo = bars.iter().map(|b| b.min.min(b.consumer)).min().unwrap_or(0);
    let hi = bars.iter().map(|b| b.max.max(b.consumer)).max().unwrap_or(1);
    let span = (hi.saturating_sub(lo)).max(1) as f64;
    let x = |v: i64| ((v.saturating_sub(lo)) as f64 / span * WIDTH).clamp(0.0, WIDTH);
    let rows = bars.iter().map(|b| {
        let (min, max, consumer) = (x(b.min), x(b.max), x(b.consumer));
        let label = i18n.t_args(
            "page.exercises.board.bar_label",
            &[("queue", &b.label), ("min", &format_number(b.min as f64)), ("max", &format_number(b.max as f64)),
              ("consumer", &format_number(b.consumer as f64))],
        );
        html! {
            <li class="ex-bar-row">
                <span class="ex-bar-name">{ b.label.clone() }</span>
                <svg class="ex-bar" viewBox={format!("0 0 {WIDTH} 24")} preserveAspectRatio="none" role="img" aria-label={label}>
                    <rect class="ex-bar-axis" x="0" y="10" width={WIDTH.to_string()} height="4" />
                    <rect class="ex-bar-stored" x={min.to_string()} y="4" width={(max - min).max(2.0).to_string()} height="16" />
                    <rect class="ex-bar-min" x={(min - 2.0).max(0.0).to_string()} y="0" width="4" height="24" />
                    <rect class="ex-bar-max" x={(max - 2.0).clamp(0.0, WIDTH - 4.0).to_string()} y="0" width="4" height="24" />
                    <rect class="ex-bar-consumer" x={(consumer - 3.0).clamp(0.0, WIDTH - 6.0).to_string()} y="0" width="6" height="24" />
                </svg>
            </li>
        }
    });
    let table_rows = bars.iter().map(|b| {
        html! {
            <tr>
                <th scope="row">{ b.label.clone() }</th>
                <td>{ format_number(b.min as f64) }</td>
                <td>{ format_number(b.consumer as f64) }</td>
                <td>{ format_number(b.max as f64) }</td>
            </tr>
        }
    });
    html! {
        <figure class="ex-board ex-offsets" aria-labelledby="ex-board-title">
            <figcaption id="ex-board-title">{ i18n.t("page.exercises.board.offsets") }</figcaption>
            <ul class="ex-legend">
                <li><span class="ex-swatch ex-swatch-stored" aria-hidden="true"></span>{ i18n.t("page.exercises.board.legend_stored") }</li>
                <li><span class="ex-swatch ex-swatch-edge" aria-hidden="true"></span>{ i18n.t("page.exercises.board.legend_edges") }</li>
                <li><span class="ex-swatch ex-swatch-consumer" aria-hidden="true"></span>{ i18n.t("page.exercises.board.legend_consumer") }</li>
            </ul>
            <ul class="ex-bars">{ for rows }</ul>
            <p class="ex-help">{ i18n.t_args("page.exercises.board.axis", &[("lo", &format_number(lo as f64)), ("hi", &format_number(hi as f64))]) }</p>
            <div class="table-wrap">
                <table class="table">
                    <thead>
                        <tr>
                            <th scope="col">{ i18n.t("page.exercises.board.queue") }</th>
                            <th scope="col">{ "MinOffset" }</th>
                            <th scope="col">{ "ConsumerOffset" }</th>
                            <th scope="col">{ "MaxOffset" }</th>
                        </tr>
                    </thead>
                    <tbody>{ for table_rows }</tbody>
                </table>
            </div>
        </figure>
    }
}
