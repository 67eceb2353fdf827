//! Browser tests of the allocation playground (`#/`): the real page in headless Chromium.
#![cfg(target_arch = "wasm32")]

mod support;

use rebalance_lab::{url_state, App};
use support::{all, click, find, open, render, serial, settle, text, until};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

/// Opens `?{query}#/` and renders [`App`]; the handle unmounts it.
async fn mount(query: &str) -> (Element, yew::AppHandle<App>) {
    // A page unmounted just before writes its URL as it goes: let that happen first.
    settle().await;
    open(&format!("?{query}"), "#/");
    let (root, handle) = render();
    until("the playground is drawn", || root.query_selector(".pg-status").ok().flatten().is_some()).await;
    settle().await;
    (root, handle)
}

/// Each lane's tile labels, in lane order.
fn lanes(root: &Element) -> Vec<Vec<String>> {
    all(root, ".pg-lane")
        .iter()
        .map(|lane| all(lane, ".pg-tile").iter().map(|t| t.text_content().unwrap_or_default()).collect())
        .collect()
}

fn labels(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

#[wasm_bindgen_test]
async fn eight_queues_three_consumers_then_a_fourth_joins() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=3&pg_s=AVG").await;
    assert_eq!(lanes(&root), [labels(&["Q0", "Q1", "Q2"]), labels(&["Q3", "Q4", "Q5"]), labels(&["Q6", "Q7"])]);
    let first = find(&root, ".pg-lane .pg-tile");
    assert_eq!(
        first.get_attribute("title").as_deref(),
        Some("MessageQueue [topic=OrderEvent, brokerName=broker-a, queueId=0]")
    );
    let cids: Vec<String> = all(&root, ".pg-lane").iter().filter_map(|l| l.get_attribute("data-cid")).collect();
    assert!(cids[0].starts_with("192.168.0.1@"), "{cids:?}");

    click(&root, "#pg-add");
    until("the 4th lane", || all(&root, ".pg-lane").len() == 4).await;
    let after = lanes(&root);
    assert_eq!(after, [labels(&["Q0", "Q1"]), labels(&["Q2", "Q3"]), labels(&["Q4", "Q5"]), labels(&["Q6", "Q7"])]);
    // SPEC §4: queues 2, 4, 5, 6, 7 move, and all three old consumers change queues.
    assert_eq!(text(&root, "#pg-summary"), "5 queues moved, 0 idle, 0 unassigned");
    assert_eq!(find(&root, "#pg-summary").get_attribute("aria-live").as_deref(), Some("polite"));
    let moved: Vec<String> = all(&root, ".pg-tile.is-moved").iter().filter_map(|t| t.text_content()).collect();
    assert_eq!(moved, labels(&["Q2", "Q4", "Q5", "Q6", "Q7"]));
    let before = [labels(&["Q0", "Q1", "Q2"]), labels(&["Q3", "Q4", "Q5"]), labels(&["Q6", "Q7"])];
    for (old, new) in before.iter().zip(&after) {
        assert_ne!(old, new, "every old consumer changes queues");
    }
    handle.destroy();
}

/// How many queue tiles have a Web Animation running (`element.getAnimations()`).
fn travelling(root: &Element) -> usize {
    all(root, "[data-flip]")
        .iter()
        .filter(|tile| {
            js_sys::Reflect::get(tile, &"getAnimations".into())
                .ok()
                .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
                .and_then(|f| f.call0(tile).ok())
                .is_some_and(|list| js_sys::Array::from(&list).length() > 0)
        })
        .count()
}

#[wasm_bindgen_test]
async fn tiles_travel_with_web_animations_and_leave_no_style_behind() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=3&pg_s=AVG").await;
    // Only tiles inside the viewport travel.
    find(&root, ".pg-board").scroll_into_view();
    click(&root, "#pg-add");
    until("the 4th lane", || all(&root, ".pg-lane").len() == 4).await;
    let reduced = web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|m| m.matches());
    if reduced {
        settle().await;
        assert_eq!(travelling(&root), 0, "no travel with prefers-reduced-motion");
    } else {
        // Q2, Q4, Q5, Q6 and Q7 change lanes; Q3 shifts inside its lane.
        until("the moved tiles travel", || travelling(&root) >= 5).await;
    }
    assert!(all(&root, "[style]").is_empty(), "the animation writes no inline style");
    until("every tile has arrived", || travelling(&root) == 0).await;
    assert!(all(&root, "[style]").is_empty());
    handle.destroy();
}

#[wasm_bindgen_test]
async fn bad_url_values_are_clamped_with_a_notice() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=999&pg_c=lots&pg_s=FASTEST&pg_v=-3").await;
    let notice = find(&root, ".pg-notices");
    assert_eq!(notice.get_attribute("role").as_deref(), Some("status"));
    let message = notice.text_content().unwrap_or_default();
    for part in ["pg_q=999", "256", "pg_c=lots", "pg_s=FASTEST", "AVG", "pg_v=-3"] {
        assert!(message.contains(part), "{part:?} not in {message:?}");
    }
    assert_eq!(all(&root, ".pg-lane").len(), 3);
    assert_eq!(all(&root, ".pg-tile").len(), 256);
    until("the URL holds the values in force", || url_state::get("pg_q").as_deref() == Some("256")).await;
    handle.destroy();
}

#[wasm_bindgen_test]
async fn killing_a_consumer_is_kept_in_the_url() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=3&pg_s=AVG").await;
    let kill = all(&root, ".pg-kill")
        .into_iter()
        .find(|b| b.get_attribute("aria-label").is_some_and(|l| l.starts_with("Kill consumer 192.168.0.2@")))
        .expect("a kill button labelled with the cid");
    kill.dyn_into::<HtmlElement>().expect("a button").click();
    until("two lanes", || all(&root, ".pg-lane").len() == 2).await;
    assert_eq!(lanes(&root), [labels(&["Q0", "Q1", "Q2", "Q3"]), labels(&["Q4", "Q5", "Q6", "Q7"])]);
    assert_eq!(text(&root, "#pg-summary"), "3 queues moved, 0 idle, 0 unassigned");
    until("pg_m in the URL", || url_state::get("pg_m").as_deref() == Some("1,3")).await;
    handle.destroy();

    let query = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    let (root, handle) = mount(query.trim_start_matches('?')).await;
    assert_eq!(lanes(&root), [labels(&["Q0", "Q1", "Q2", "Q3"]), labels(&["Q4", "Q5", "Q6", "Q7"])]);
    handle.destroy();
}

#[wasm_bindgen_test]
async fn rocketmq_log_lines_are_shown() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_c=2&pg_late=1").await;
    let log = text(&root, ".pg-late .pg-log");
    assert!(log.starts_with("[BUG] ConsumerGroup: OrderEventGroup The consumerId: 192.168.0.3@"), "{log}");
    assert!(log.contains(" not in cidAll: [192.168.0.1@"), "{log}");
    handle.destroy();

    let (root, handle) = mount("lang=en&pg_s=MACHINE_ROOM_NEARBY&pg_crooms=1:0").await;
    let error = text(&root, ".pg-error .pg-log");
    let expected = "allocate message queue exception. strategy name: MACHINE_ROOM_NEARBY-AVG, ex: \
                    java.lang.IllegalArgumentException: Machine room is null for consumer id 192.168.0.1@";
    assert!(error.starts_with(expected), "{error}");
    handle.destroy();
}

#[wasm_bindgen_test]
async fn config_tiles_edit_the_list_every_consumer_gets() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=2&pg_s=CONFIG&pg_cfg=a0").await;
    assert_eq!(lanes(&root), [labels(&["Q0"]), labels(&["Q0"])]);
    click(&root, ".pg-tray .pg-tile-button");
    until("Q1 in every lane", || all(&root, ".pg-lane .pg-tile").len() == 4).await;
    assert_eq!(lanes(&root), [labels(&["Q0", "Q1"]), labels(&["Q0", "Q1"])]);
    assert!(text(&root, ".pg-overlap-note").starts_with("2 queues are held by more than one cid."));
    handle.destroy();
}

#[wasm_bindgen_test]
async fn compare_mode_counts_moves_per_strategy() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_b=1&pg_c=3&pg_cmp=1").await;
    let count = |mode: &str| -> usize {
        text(&root, &format!(".pg-compare-col[data-mode='{mode}'] .pg-compare-count strong")).parse().unwrap_or(99)
    };
    assert_eq!(count("AVG"), 5);
    assert!(count("CONSISTENT_HASH") < 5);
    handle.destroy();
}

#[wasm_bindgen_test]
async fn the_table_shows_the_same_assignment() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=3&pg_view=table").await;
    let rows = all(&root, ".pg-table tbody tr");
    assert_eq!(rows.len(), 4, "three consumers and the unassigned row");
    let first = rows[0].text_content().unwrap_or_default();
    assert!(first.contains("Q0 (MessageQueue [topic=OrderEvent, brokerName=broker-a, queueId=0])"), "{first}");
    assert_eq!(all(&root, ".pg-lane").len(), 0);
    handle.destroy();
}
