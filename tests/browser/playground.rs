//! Browser tests of the allocation playground (`#/`): the real page in headless Chromium.

use crate::support::{
    all, animations, attr, click, find, input, open, reduced_motion, render, serial, settle, text, until, url_becomes,
};
use rebalance_lab::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{Element, HtmlElement};

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
    let joined = all(&root, ".pg-lane")[3].get_attribute("data-cid").unwrap_or_default();
    let pid = joined.strip_prefix("192.168.0.4@").unwrap_or_default();
    assert!(!pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()), "the new consumer's cid: {joined}");
    // SPEC §4: queues 2, 4, 5, 6, 7 move, and all three old consumers change queues.
    assert_eq!(text(&root, "#pg-summary"), "5 queues moved, 0 idle, 0 unassigned");
    assert_eq!(find(&root, "#pg-summary").get_attribute("aria-live").as_deref(), Some("polite"));
    let moved: Vec<String> = all(&root, ".pg-tile.is-moved").iter().filter_map(|t| t.text_content()).collect();
    assert_eq!(moved, labels(&["Q2", "Q4", "Q5", "Q6", "Q7"]));
    let before = [labels(&["Q0", "Q1", "Q2"]), labels(&["Q3", "Q4", "Q5"]), labels(&["Q6", "Q7"])];
    for (old, new) in before.iter().zip(&after) {
        assert_ne!(old, new, "every old consumer changes queues");
    }
    url_becomes("pg_c", Some("4")).await;

    // A 5th consumer takes Q7 only: one queue moves, said in the singular.
    click(&root, "#pg-add");
    until("the 5th lane", || all(&root, ".pg-lane").len() == 5).await;
    assert_eq!(text(&root, "#pg-summary"), "1 queue moved, 0 idle, 0 unassigned");
    handle.destroy();
}

/// Presses the kill button of the consumer whose cid starts with `host` (`192.168.0.2`),
/// found by its label.
fn kill(root: &Element, host: &str) {
    let label = format!("Kill consumer {host}@");
    let button = all(root, ".pg-kill")
        .into_iter()
        .find(|b| b.get_attribute("aria-label").is_some_and(|l| l.starts_with(&label)))
        .expect("a kill button labelled with the cid");
    button.dyn_into::<HtmlElement>().expect("a button").click();
}

/// How many queue tiles have a Web Animation running (`element.getAnimations()`).
fn travelling(root: &Element) -> usize {
    animated(root, "[data-flip]")
}

/// How many elements matching `selector` have a Web Animation running.
fn animated(root: &Element, selector: &str) -> usize {
    all(root, selector).iter().filter(|tile| !animations(tile).is_empty()).count()
}

/// After a single change: with reduced motion nothing animates, else at least `n` elements
/// matching `selector` travel.
async fn expect_travel(root: &Element, selector: &str, n: usize) {
    if reduced_motion() {
        settle().await;
        assert_eq!(animated(root, selector), 0, "no travel with prefers-reduced-motion");
    } else {
        until(&format!("{n} of {selector} travel"), || animated(root, selector) >= n).await;
    }
}

#[wasm_bindgen_test]
async fn tiles_travel_with_web_animations_and_leave_no_style_behind() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=3&pg_s=AVG").await;
    // Only tiles inside the viewport travel (and the page learns what is in view a frame later).
    find(&root, ".pg-board").scroll_into_view();
    settle().await;
    click(&root, "#pg-add");
    until("the 4th lane", || all(&root, ".pg-lane").len() == 4).await;
    // Q2, Q4, Q5, Q6 and Q7 change lanes; Q3 shifts inside its lane.
    expect_travel(&root, "[data-flip]", 5).await;
    assert!(all(&root, "[style]").is_empty(), "the animation writes no inline style");
    until("every tile has arrived", || travelling(&root) == 0).await;
    assert!(all(&root, "[style]").is_empty());
    handle.destroy();
}

/// Where each tile is on screen (viewport coordinates), by label.
fn places(root: &Element) -> Vec<(String, f64, f64)> {
    all(root, ".pg-tile")
        .iter()
        .map(|tile| {
            let rect = tile.get_bounding_client_rect();
            (tile.text_content().unwrap_or_default(), rect.left(), rect.top())
        })
        .collect()
}

#[wasm_bindgen_test]
async fn each_tile_travels_from_where_its_queue_was() {
    if reduced_motion() {
        return;
    }
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=3&pg_s=AVG").await;
    find(&root, ".pg-board").scroll_into_view();
    settle().await;
    let before = places(&root);
    assert_eq!(before.len(), 8);
    click(&root, "#pg-add");
    until("the 4th lane", || all(&root, ".pg-lane").len() == 4).await;
    // Every animation back at its start: each tile is drawn where the travel starts (its own
    // transform and its lane's).
    let running = animations(&crate::support::document());
    assert!(running.len() >= 5, "{} animations", running.len());
    for animation in &running {
        animation.pause().expect("an animation pauses");
        animation.set_current_time(Some(0.0));
    }
    let start = places(&root);
    // The board draws the change in place (an element may show another queue now), yet every
    // queue starts from where it was: Q2, Q4-Q7 change lanes, the others stay.
    for (label, x, y) in &before {
        let (_, sx, sy) = start.iter().find(|(l, _, _)| l == label).expect("every queue is still shown");
        assert!((x - sx).abs() < 1.0 && (y - sy).abs() < 1.0, "{label} starts at ({sx}, {sy}), was at ({x}, {y})");
    }
    for animation in &running {
        animation.finish().expect("an animation finishes");
    }
    // …and ends in its new lane.
    let after = places(&root);
    for label in ["Q2", "Q4", "Q5", "Q6", "Q7"] {
        let (Some(b), Some(a)) = (before.iter().find(|p| p.0 == label), after.iter().find(|p| p.0 == label)) else {
            panic!("{label} is shown before and after");
        };
        assert!((b.1 - a.1).abs() >= 1.0 || (b.2 - a.2).abs() >= 1.0, "{label} changed lanes, so it moved");
    }
    handle.destroy();
}

#[wasm_bindgen_test]
async fn a_burst_of_changes_goes_straight_to_the_new_lanes_and_a_single_change_travels() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=3&pg_s=AVG").await;
    find(&root, ".pg-board").scroll_into_view();
    settle().await;
    // Two changes in one task (as a held key or a fast drag delivers them): a burst.
    click(&root, "#pg-add");
    click(&root, "#pg-add");
    until("the 5th lane", || all(&root, ".pg-lane").len() == 5).await;
    settle().await;
    assert_eq!(travelling(&root), 0, "a burst does not travel");
    assert!(!all(&root, ".pg-tile.is-moved").is_empty(), "the tiles that moved are still highlighted");
    // After a pause longer than the burst window (150 ms), one change travels again.
    crate::support::sleep(400).await;
    click(&root, "#pg-remove");
    until("four lanes", || all(&root, ".pg-lane").len() == 4).await;
    expect_travel(&root, "[data-flip]", 1).await;
    until("every tile has arrived", || travelling(&root) == 0).await;
    handle.destroy();
}

#[wasm_bindgen_test]
async fn a_lane_that_only_shifts_travels_as_one_with_its_tiles() {
    let _serial = serial().await;
    // BROADCASTING: every lane holds every queue, so killing the first consumer changes no
    // other lane's tiles; the two lanes after it shift in the grid.
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=3&pg_s=BROADCASTING").await;
    find(&root, ".pg-board").scroll_into_view();
    settle().await;
    kill(&root, "192.168.0.1");
    until("two lanes", || all(&root, ".pg-lane").len() == 2).await;
    expect_travel(&root, ".pg-lane", 1).await;
    assert_eq!(travelling(&root), 0, "the tiles ride with their lanes, none animates on its own");
    assert!(all(&root, "[style]").is_empty(), "the animation writes no inline style");
    until("every lane has arrived", || animated(&root, ".pg-lane") == 0).await;
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
    assert!(message.contains("pg_q=999 is outside 1 to 256; using 256."), "{message}");
    assert!(message.contains("pg_s=FASTEST is not one of AVG, AVG_BY_CIRCLE"), "{message}");
    assert_eq!(input(&root, "#pg-queues").value(), "256");
    assert_eq!(all(&root, ".pg-lane").len(), 3);
    assert_eq!(all(&root, ".pg-tile").len(), 256);
    url_becomes("pg_q", Some("256")).await;
    handle.destroy();

    // A negative consumer count: no consumer, every queue waits in the tray.
    let (root, handle) = mount("lang=en&pg_q=999&pg_c=-1&pg_s=NOPE").await;
    let message = text(&root, ".pg-notices");
    assert!(message.contains("pg_s=NOPE is not one of AVG, AVG_BY_CIRCLE"), "{message}");
    assert_eq!(all(&root, ".pg-tray .pg-tile").len(), 256);
    assert!(crate::support::document().get_element_by_id("panic-banner").is_none(), "no panic");
    handle.destroy();
}

#[wasm_bindgen_test]
async fn killing_a_consumer_is_kept_in_the_url() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=3&pg_s=AVG").await;
    // The kill button is named with the full cid of its lane.
    let cid = all(&root, ".pg-lane")[1].get_attribute("data-cid").unwrap_or_default();
    let label =
        all(&root, ".pg-lane")[1].query_selector(".pg-kill").ok().flatten().and_then(|b| b.get_attribute("aria-label"));
    assert_eq!(label, Some(format!("Kill consumer {cid}")));
    kill(&root, "192.168.0.2");
    until("two lanes", || all(&root, ".pg-lane").len() == 2).await;
    assert_eq!(lanes(&root), [labels(&["Q0", "Q1", "Q2", "Q3"]), labels(&["Q4", "Q5", "Q6", "Q7"])]);
    assert_eq!(text(&root, "#pg-summary"), "3 queues moved, 0 idle, 0 unassigned");
    url_becomes("pg_m", Some("1,3")).await;
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

/// The move count each compare column shows, in column order.
fn compare_counts(root: &Element) -> Vec<usize> {
    all(root, ".pg-compare-col .pg-compare-count strong")
        .iter()
        .map(|c| c.text_content().unwrap_or_default().trim().parse().unwrap_or(usize::MAX))
        .collect()
}

/// The fewest and most tiles in the lanes (`lane`) of `root`, each lane's tiles being `tile`.
fn fewest_most(root: &Element, lane: &str, tile: &str) -> (usize, usize) {
    let counts: Vec<usize> = all(root, lane).iter().map(|l| all(l, tile).len()).collect();
    (counts.iter().copied().min().unwrap_or(0), counts.iter().copied().max().unwrap_or(0))
}

#[wasm_bindgen_test]
async fn compare_mode_counts_moves_per_strategy() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_b=1&pg_c=3").await;
    click(&root, "#pg-compare");
    until("two compare columns", || all(&root, ".pg-compare-col").len() == 2).await;
    let modes: Vec<String> =
        all(&root, ".pg-compare-col").iter().filter_map(|c| c.get_attribute("data-mode")).collect();
    assert_eq!(modes, labels(&["AVG", "CONSISTENT_HASH"]));
    let counts = compare_counts(&root);
    assert_eq!(counts[0], 5);
    assert!(counts[1] < 5, "{counts:?}");
    let moved: Vec<String> = all(&root, ".pg-compare-col[data-mode='AVG'] .pg-mini-tile.is-moved")
        .iter()
        .filter_map(|t| t.text_content())
        .map(|t| t.trim().to_owned())
        .collect();
    assert_eq!(moved, labels(&["Q2", "Q4", "Q5", "Q6", "Q7"]));
    url_becomes("pg_cmp", Some("1")).await;
    // The next change is a 5th consumer joining: AVG moves one queue (Q7), said in the singular.
    click(&root, "#pg-add");
    until("the 4th lane", || all(&root, ".pg-lane").len() == 4).await;
    until("AVG's next change", || text(&root, ".pg-compare-col[data-mode='AVG'] .pg-compare-count") == "1 queue moved")
        .await;
    handle.destroy();
}

#[wasm_bindgen_test]
async fn compare_mode_says_which_strategy_moved_fewest_and_each_spread() {
    let _serial = serial().await;
    // 10 queues, 4 → 5 consumers: AVG moves 7, AVG_BY_CIRCLE 6.
    let (root, handle) = mount("lang=en&pg_q=10&pg_b=1&pg_c=4&pg_cmp=1&pg_cs=AVG,AVG_BY_CIRCLE&pg_cc=join").await;
    assert_eq!(compare_counts(&root), [7, 6]);
    assert_eq!(
        text(&root, ".pg-compare-ranking"),
        "In this change AVG_BY_CIRCLE moved the fewest queues (6) and AVG the most (7)."
    );
    handle.destroy();

    // The page's starting group, the newest consumer leaving, AVG vs CONSISTENT_HASH: the
    // sentence names the one with fewer moves, and each column's spread is the fewest and
    // most tiles in its lanes.
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=3&pg_cmp=1&pg_cs=AVG,CONSISTENT_HASH&pg_cc=leave").await;
    let [avg, hash] = compare_counts(&root)[..] else { panic!("two columns") };
    let expected = match avg.cmp(&hash) {
        std::cmp::Ordering::Equal => {
            format!("In this change every strategy moved {avg} {}.", if avg == 1 { "queue" } else { "queues" })
        }
        std::cmp::Ordering::Less => {
            format!("In this change AVG moved the fewest queues ({avg}) and CONSISTENT_HASH the most ({hash}).")
        }
        std::cmp::Ordering::Greater => {
            format!("In this change CONSISTENT_HASH moved the fewest queues ({hash}) and AVG the most ({avg}).")
        }
    };
    assert_eq!(text(&root, ".pg-compare-ranking"), expected);
    for column in all(&root, ".pg-compare-col") {
        let (fewest, most) = fewest_most(&column, ".pg-mini-lane", ".pg-mini-tile");
        assert_eq!(
            text(&column, ".pg-compare-spread"),
            format!("Queues per consumer afterwards: fewest {fewest}, most {most}")
        );
    }
    handle.destroy();

    // The summary shows the spread of the lanes too.
    let (root, handle) = mount("lang=en&pg_q=15&pg_b=1&pg_c=5&pg_s=CONSISTENT_HASH").await;
    let (fewest, most) = fewest_most(&root, ".pg-lane", ".pg-tile");
    assert_eq!(text(&root, "#pg-spread"), format!("Queues per consumer: fewest {fewest}, most {most}"));
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

/// The tile element of the queue labelled `label` in lane `lane`.
fn tile_in(root: &Element, lane: usize, label: &str) -> Element {
    let lanes = all(root, ".pg-lane");
    let Some(lane) = lanes.get(lane) else { panic!("no lane {lane}") };
    all(lane, ".pg-tile").into_iter().find(|t| t.text_content().as_deref() == Some(label)).unwrap_or_else(|| {
        panic!("no {label} in lane: {:?}", all(lane, ".pg-tile").iter().map(|t| t.text_content()).collect::<Vec<_>>())
    })
}

#[wasm_bindgen_test]
async fn a_rebalance_is_drawn_in_place_unless_the_keyboard_focus_is_on_the_board() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=3&pg_s=AVG").await;
    // Q2 leaves the first consumer for the second, Q3 stays with the second.
    let q3 = tile_in(&root, 1, "Q3");
    let lane_count = all(&root, ".pg-lane .pg-tiles").len();
    click(&root, "#pg-add");
    until("the 4th lane", || all(&root, ".pg-lane").len() == 4).await;
    // In place: the second lane's first element now shows Q2 (no element moved for it).
    assert!(q3.is_same_node(Some(&tile_in(&root, 1, "Q2"))), "the second lane kept its first element");
    assert_eq!(tile_in(&root, 1, "Q2").class_name(), "pg-tile pg-b0 is-moved");
    assert_eq!(tile_in(&root, 1, "Q3").class_name(), "pg-tile pg-b0", "Q3 kept its owner: not highlighted");
    assert_eq!(lane_count, 3);
    // Every tile is in exactly one lane, in allocate's order.
    assert_eq!(all(&root, ".pg-tile").len(), 8);
    handle.destroy();

    // With the keyboard focus on a lane's button, each queue's element follows its queue
    // (and the focus stays where it was).
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=3&pg_s=AVG").await;
    let (q2, q3) = (tile_in(&root, 0, "Q2"), tile_in(&root, 1, "Q3"));
    let kill = all(&root, ".pg-lane")[1].query_selector(".pg-kill").ok().flatten().expect("a kill button");
    kill.unchecked_ref::<HtmlElement>().focus().expect("the button takes the focus");
    click(&root, "#pg-add");
    until("the 4th lane", || all(&root, ".pg-lane").len() == 4).await;
    assert!(q2.is_same_node(Some(&tile_in(&root, 1, "Q2"))), "Q2's element went to the second lane");
    assert!(q3.is_same_node(Some(&tile_in(&root, 1, "Q3"))), "Q3's element stayed");
    assert_eq!(
        lanes(&root),
        [labels(&["Q0", "Q1"]), labels(&["Q2", "Q3"]), labels(&["Q4", "Q5"]), labels(&["Q6", "Q7"])]
    );
    let active = crate::support::document().active_element();
    assert!(active.is_some_and(|a| a.is_same_node(Some(&kill))), "the focus stays on the button");
    handle.destroy();
}

#[wasm_bindgen_test]
async fn a_duplicated_cid_is_a_second_lane_and_a_full_group_disables_duplicate() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=2&pg_s=AVG").await;
    let duplicate = all(&root, ".pg-dup")
        .into_iter()
        .find(|b| {
            b.get_attribute("aria-label").is_some_and(|l| l.starts_with("Start a second process with cid 192.168.0.1@"))
        })
        .unwrap_or_else(|| {
            panic!("{:?}", all(&root, ".pg-dup").iter().map(|b| b.get_attribute("aria-label")).collect::<Vec<_>>())
        });
    duplicate.dyn_into::<HtmlElement>().expect("a button").click();
    until("three lanes", || all(&root, ".pg-lane").len() == 3).await;
    let conflict = all(&root, ".pg-lane.is-conflict");
    assert_eq!(conflict.len(), 1);
    assert!(conflict[0].get_attribute("data-cid").is_some_and(|c| c.starts_with("192.168.0.1@")));
    assert_eq!(all(&conflict[0], ".pg-dup").len(), 0, "no duplicate button on the second process");
    // RocketMQ: both processes with one cid take the same AVG block, the second block is unserved.
    assert_eq!(lanes(&root), [labels(&["Q0", "Q1", "Q2"]), labels(&["Q0", "Q1", "Q2"]), labels(&["Q6", "Q7"])]);
    handle.destroy();

    let (root, handle) = mount("lang=en&pg_q=8&pg_c=64&pg_s=AVG").await;
    let buttons = all(&root, ".pg-dup");
    assert_eq!(buttons.len(), 64);
    assert!(buttons.iter().all(|b| b.has_attribute("disabled")), "a full group takes no second process");
    click(&root, "#pg-remove");
    until("63 lanes", || all(&root, ".pg-lane").len() == 63).await;
    assert!(all(&root, ".pg-dup").iter().all(|b| !b.has_attribute("disabled")));
    handle.destroy();
}

#[wasm_bindgen_test]
async fn lanes_out_of_view_park_while_the_reader_changes_things() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=256&pg_c=64&pg_s=AVG").await;
    find(&root, "#pg-consumers").scroll_into_view();
    // Let the IntersectionObserver see where the lanes are.
    crate::support::sleep(100).await;
    click(&root, "#pg-remove");
    until("63 lanes", || all(&root, ".pg-lane").len() == 63).await;
    let parked = all(&root, ".pg-lane.is-parked").len();
    assert!(parked > 0 && parked < 63, "{parked} lanes parked");
    // 256 / 63 = 4 rest 4: the first four lanes hold 5 queues, the others 4.
    let expected: Vec<usize> = (0..63).map(|i| if i < 4 { 5 } else { 4 }).collect();
    let counts =
        |root: &Element| -> Vec<usize> { all(root, ".pg-lane").iter().map(|l| all(l, ".pg-tile").len()).collect() };
    // A single change (no burst): parked or not, the DOM holds the new assignment at once.
    assert_eq!(counts(&root), expected);
    until("every lane renders again after the pause", || all(&root, ".pg-lane.is-parked").is_empty()).await;
    assert_eq!(counts(&root), expected);
    handle.destroy();
}

/// The labels of each lane's tiles, and whether the lane is parked.
fn lanes_parked(root: &Element) -> Vec<(Vec<String>, bool)> {
    all(root, ".pg-lane")
        .iter()
        .map(|lane| {
            let labels = all(lane, ".pg-tile").iter().filter_map(|t| t.text_content()).collect();
            (labels, lane.class_list().contains("is-parked"))
        })
        .collect()
}

#[wasm_bindgen_test]
async fn in_a_burst_parked_lanes_wait_and_no_lane_renders_before_it_is_drawn() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=256&pg_c=64&pg_s=AVG").await;
    find(&root, "#pg-consumers").scroll_into_view();
    crate::support::sleep(100).await;
    // Two changes in one task: a burst, drawn in place (nothing travels).
    click(&root, "#pg-remove");
    click(&root, "#pg-remove");
    until("62 lanes", || all(&root, ".pg-lane").len() == 62).await;
    // AVG, 256 queues over 62 consumers: 4 each, the first 8 one more.
    let expected = |i: usize| -> Vec<String> {
        let start = 4 * i + i.min(8);
        (start..start + if i < 8 { 5 } else { 4 }).map(|q| format!("Q{q}")).collect()
    };
    // Every lane that renders shows the new assignment; parked lanes may still show the old.
    let check = |when: &str| {
        for (i, (labels, parked)) in lanes_parked(&root).into_iter().enumerate() {
            assert!(parked || labels == expected(i), "{when}: lane {i} renders {labels:?}");
        }
    };
    check("after the burst");
    // (A lane after the two that left holds what it held: Q(4·(i + 2))… is Q(4·i + 8)….)
    let waiting: Vec<usize> = lanes_parked(&root)
        .into_iter()
        .enumerate()
        .filter(|(i, (l, parked))| *parked && *l != expected(*i))
        .map(|(i, _)| i)
        .collect();
    assert!(!waiting.is_empty(), "the parked lanes were left as they were");
    // A waiting lane scrolled into view is drawn before it renders, then the pause renders all.
    all(&root, ".pg-lane")[waiting[waiting.len() - 1]].scroll_into_view();
    for _ in 0..30 {
        check("while scrolling");
        crate::support::sleep(20).await;
    }
    until("every lane renders again after the pause", || all(&root, ".pg-lane.is-parked").is_empty()).await;
    for (i, (labels, _)) in lanes_parked(&root).into_iter().enumerate() {
        assert_eq!(labels, expected(i), "lane {i} after the pause");
    }
    assert_eq!(all(&root, ".pg-tile").len(), 256);
    handle.destroy();
}

#[wasm_bindgen_test]
async fn a_lanes_machine_room_button_moves_it_to_the_next_room() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=2&pg_s=MACHINE_ROOM_NEARBY").await;
    let room = |root: &Element| find(root, ".pg-lane[data-cid^='192.168.0.1@'] .pg-room");
    assert_eq!(room(&root).text_content().as_deref(), Some("idc1"), "host 1 starts in idc1");
    let label = room(&root).get_attribute("aria-label").unwrap_or_default();
    assert!(label.starts_with("Machine room of 192.168.0.1@") && label.contains(": idc1."), "{label}");
    room(&root).dyn_into::<HtmlElement>().expect("a button").click();
    url_becomes("pg_crooms", Some("1:2")).await;
    assert_eq!(room(&root).text_content().as_deref(), Some("idc2"));
    // idc3 has no broker: the consumer only shares the rooms nobody is in.
    room(&root).dyn_into::<HtmlElement>().expect("a button").click();
    until("idc3", || room(&root).text_content().as_deref() == Some("idc3")).await;
    room(&root).dyn_into::<HtmlElement>().expect("a button").click();
    until("no room: RocketMQ's error", || !all(&root, ".pg-error").is_empty()).await;
    // Clicks this close together are a burst: a lane out of view (this page's lanes may be)
    // is parked and drawn when the input pauses.
    until("the button says none", || room(&root).text_content().as_deref() == Some("none")).await;
    assert!(text(&root, ".pg-error .pg-log").contains("Machine room is null for consumer id 192.168.0.1@"));
    handle.destroy();
}

#[wasm_bindgen_test]
async fn the_lanes_follow_the_language_switch() {
    let _serial = serial().await;
    let (root, handle) = mount("lang=en&pg_q=8&pg_c=3&pg_s=AVG").await;
    assert_eq!(text(&root, ".pg-lane .pg-count"), "queues: 3");
    assert_eq!(text(&root, ".pg-lane .pg-kill"), "Kill");
    click(&root, "button[data-lang='zh-CN']");
    until("the lanes in Chinese", || text(&root, ".pg-lane .pg-kill") == "停掉").await;
    assert_eq!(text(&root, ".pg-lane .pg-count"), "3 个队列");
    let label = attr(&root, ".pg-lane .pg-tiles", "aria-label").unwrap_or_default();
    assert!(!label.is_empty() && !label.contains("Queues"), "{label}");
    // The assignment is the same: redrawn, not recomputed.
    assert_eq!(lanes(&root), [labels(&["Q0", "Q1", "Q2"]), labels(&["Q3", "Q4", "Q5"]), labels(&["Q6", "Q7"])]);
    handle.destroy();
}
