//! The same assignment as a table: consumer → queues, plus what the last rebalance made each
//! consumer drop and add. For screen readers and for copy and paste.

use std::rc::Rc;

use rebalance_core::assignment::ConsumerChange;
use yew::prelude::*;

use super::lab::{Tile, View};
use super::lanes::all_text;
use crate::hooks::use_i18n;

/// Props of [`AssignmentTable`].
#[derive(Properties, PartialEq)]
pub struct TableProps {
    /// What to show.
    pub view: Rc<View>,
}

/// Consumer → queues.
#[component]
pub fn AssignmentTable(props: &TableProps) -> Html {
    let i18n = use_i18n();
    let view = &props.view;
    let names = |tiles: &[Tile]| -> String {
        tiles
            .iter()
            .filter_map(|t| view.queues.get(t.queue))
            .map(|q| format!("{} ({})", q.label, q.title))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let change_text = |change: Option<&ConsumerChange>, gained: bool| -> String {
        let Some(change) = change else { return String::new() };
        let list = if gained { &change.gained } else { &change.lost };
        list.iter().map(|mq| mq.to_string()).collect::<Vec<_>>().join("\n")
    };
    let rows = view.lanes.iter().map(|lane| {
        let change = view.moves.changes.get(lane.cid.as_str());
        let mut queues = match lane.all_queues {
            Some(all) => all_text(&i18n, all),
            None => names(&lane.tiles),
        };
        for name in &lane.outside {
            queues.push('\n');
            queues.push_str(name);
        }
        html! {
            <tr key={format!("{}#{}", lane.cid, lane.copy)}>
                <th scope="row"><code>{ lane.cid.clone() }</code></th>
                <td>{ lane.all_queues.unwrap_or(lane.tiles.len() + lane.outside.len()) }</td>
                <td class="pg-cell-list">{ queues.trim().to_owned() }</td>
                <td class="pg-cell-list">{ change_text(change, true) }</td>
                <td class="pg-cell-list">{ change_text(change, false) }</td>
            </tr>
        }
    });
    html! {
        <div class="pg-table-wrap">
            <table class="pg-table">
                <caption>{ i18n.t("page.playground.table.caption") }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ i18n.t("page.playground.table.consumer") }</th>
                        <th scope="col">{ i18n.t("page.playground.table.count") }</th>
                        <th scope="col">{ i18n.t("page.playground.table.queues") }</th>
                        <th scope="col">{ i18n.t("page.playground.table.gained") }</th>
                        <th scope="col">{ i18n.t("page.playground.table.lost") }</th>
                    </tr>
                </thead>
                <tbody>
                    { for rows }
                    <tr class="pg-table-tray">
                        <th scope="row">{ i18n.t("page.playground.table.unassigned") }</th>
                        <td>{ view.tray.len() }</td>
                        <td class="pg-cell-list" colspan="3">{ names(&view.tray) }</td>
                    </tr>
                </tbody>
            </table>
        </div>
    }
}
