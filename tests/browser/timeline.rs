//! Browser tests of the timeline page (`#/timeline`): a link to the end of a preset shows
//! exactly the core's result (the same as natively), a run played to its end stops there,
//! stepping and scrubbing move the tick (back over the recorded run), an injected crash
//! reaches the lanes, the log and the URL, bad link values become
//! notices, compare mode runs POP beside the classic model, and the POP client is a control
//! that the link keeps.
//! Run: `cargo test -p rebalance_lab --target wasm32-unknown-unknown --test browser timeline::`.

use std::time::Duration;

use crate::support::{attr, click_and_settle, count, find, mount, open, settle, sleep, text, type_and_settle};
use rebalance_core::simulate::{scenario, PopConsumer, Simulation, TickMetrics};
use rebalance_lab::i18n::{t, Lang};
use rebalance_lab::{url_state, App};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::Element;

/// `rebalance-lab simulate --scenario scale-3-to-10 --seed 1` at its last tick, computed
/// natively (also asserted by the page's native unit tests).
const NATIVE_END: &str = "TickMetrics { at_ms: 600000, group_lag: 200, consume_tps: 2000, produce_tps: 2000, \
    produced: 1200000, consumed: 1200981, duplicates: 981, lost: 0, dead_lettered: 0, filtered: 0, pending: 0, \
    stranded: 0, inflight: 0, oldest_pending_age_ms: 96, running: 10, members: 10, idle_consumers: 2, \
    overlapping_queues: 0, orphan_queues: 0, stranded_queues: 0, flow_controlled_queues: 0, blocked_queues: 0, \
    rebalances: 36, rebalance_runs: 277, retries: 0, stuck_messages: 0, finished_above_offset: 0, span_paused_queues: 0, \
    expired_sent_back: 0, redelivered: 491, offline_queues: 0, offline_lag: 0, failed_pulls: 0, max_unpulled_ms: 0, \
    retries_delivered: 0, retry_pending: 0, max_reconsume_times: 0, last_retry_ms: 0 }";

/// Waits until `done()` holds (the page renders in chunks; a debug build is slow), up to 10 s.
async fn until(what: &str, done: impl Fn() -> bool) {
    crate::support::until_within(Duration::from_secs(10), what, done).await;
}

/// Waits until the transport shows `expected`.
async fn at_tick(root: &Element, expected: u64) {
    until(&format!("tick {expected}"), || tick(root) == expected).await;
}

/// Unmounts the app and lets its effects' clean-ups run (the page writes its link then).
async fn unmount(handle: yew::AppHandle<App>) {
    handle.destroy();
    settle().await;
}

/// Presses `key` on the page's heading (not in a field), as a keyboard would.
async fn press(root: &Element, key: &str) {
    use js_sys::Reflect;
    let init = js_sys::Object::new();
    Reflect::set(&init, &"key".into(), &key.into()).expect("key set");
    Reflect::set(&init, &"bubbles".into(), &true.into()).expect("bubbles set");
    let class = Reflect::get(&js_sys::global(), &"KeyboardEvent".into()).expect("KeyboardEvent");
    let args = js_sys::Array::of2(&"keydown".into(), &init);
    let class: js_sys::Function = class.unchecked_into();
    let event = Reflect::construct(&class, &args).expect("a key event");
    find(root, "h1").dispatch_event(event.unchecked_ref()).expect("dispatched");
    settle().await;
}

/// The `data-value` of a counter (`main` or `other` model).
fn stat(root: &Element, name: &str, model: &str) -> u64 {
    let cell = find(root, &format!("td[data-stat={name}][data-model={model}]"));
    cell.get_attribute("data-value").and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("no value for {name}"))
}

/// The tick the transport shows.
fn tick(root: &Element) -> u64 {
    find(root, "#tl-clock").get_attribute("data-tick").and_then(|t| t.parse().ok()).expect("a tick")
}

fn core_end(name: &str, seed: u64) -> TickMetrics {
    let preset = scenario::by_name(name).expect("a preset");
    let mut sim = Simulation::from_scenario(&preset, seed).expect("a run");
    sim.run_until(preset.duration_ms);
    sim.metrics()
}

#[wasm_bindgen_test]
async fn a_link_to_the_end_of_scale_3_to_10_shows_what_the_core_computes_natively() {
    let _serial = crate::support::serial().await;
    // The brief's link form: the state after the route; the page moves it into the query.
    open("?lang=en", "#/timeline?tl_scenario=scale-3-to-10&tl_seed=1&tl_t=6000");
    let (root, handle) = mount().await;
    at_tick(&root, 6_000).await;
    assert_eq!(text(&root, "h1"), t(Lang::En, "page.timeline.title"));
    assert_eq!(url_state::get("tl_t").as_deref(), Some("6000"));
    assert_eq!(web_sys::window().and_then(|w| w.location().hash().ok()).as_deref(), Some("#/timeline"));
    assert_eq!(tick(&root), 6_000);

    // Determinism across native and WebAssembly: the core in this browser gives the
    // natively computed metrics, and the page shows exactly those.
    let core = core_end("scale-3-to-10", 1);
    assert_eq!(format!("{core:?}"), NATIVE_END);
    let shown = [
        ("groupLag", core.group_lag),
        ("consumeTps", core.consume_tps),
        ("produceTps", core.produce_tps),
        ("duplicates", core.duplicates),
        ("lost", core.lost),
        ("deadLettered", core.dead_lettered),
        ("retriesDelivered", core.retries_delivered),
        ("rebalances", core.rebalances),
        ("oldestPendingAgeMs", core.oldest_pending_age_ms),
        ("running", u64::from(core.running)),
        ("idleConsumers", u64::from(core.idle_consumers)),
        ("overlappingQueues", u64::from(core.overlapping_queues)),
        ("orphanQueues", u64::from(core.orphan_queues)),
        ("inflight", core.inflight),
    ];
    for (name, value) in shown {
        assert_eq!(stat(&root, name, "main"), value, "{name}");
    }
    // The scenario's asserted outcome (SPEC §7): 10 running, 8 active, 2 idle, every queue
    // held by exactly one consumer.
    let summary = text(&root, "#tl-summary");
    assert!(summary.contains("running consumers 10 (8 active, 2 idle)"), "{summary}");
    assert_eq!(find(&root, "#tl-summary").get_attribute("aria-live").as_deref(), Some("polite"));
    assert_eq!(count(&root, ".tl-lane[data-status=idle]"), 2);
    assert_eq!(count(&root, ".tl-lane[data-status=running]"), 8);
    assert_eq!(count(&root, ".tl-lane .tl-tile"), 8);
    assert_eq!(count(&root, ".tl-tile.is-overlap"), 0);
    assert_eq!(count(&root, ".tl-tray .tl-tile"), 0);
    assert_eq!(count(&root, ".tl-notices"), 0);
    assert!(text(&root, ".tl-log").contains("[persistAll] Group: cg-demo ClientId: "));
    click_and_settle(&root, "#tl-log-quiet").await;
    until("quiet log", || !text(&root, ".tl-log").contains("[persistAll]")).await;
    assert!(text(&root, ".tl-log").contains("rebalanced result changed"));
    assert_eq!(find(&root, ".tl-log").get_attribute("aria-live").as_deref(), Some("off"));
    assert_eq!(count(&root, "svg.tl-chart-svg polyline.tl-line-total"), 1);
    assert_eq!(count(&root, "svg.tl-chart-svg polyline.tl-line-queue"), 8);
    unmount(handle).await;
}

/// Each live lane's tile labels, in lane order.
fn lanes(root: &Element) -> Vec<Vec<String>> {
    crate::support::all(root, ".tl-lane[data-status=running], .tl-lane[data-status=idle]")
        .iter()
        .map(|lane| {
            crate::support::all(lane, ".tl-tile-name")
                .iter()
                .map(|t| t.text_content().unwrap_or_default().trim().to_owned())
                .collect()
        })
        .collect()
}

fn labels(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

#[wasm_bindgen_test]
async fn the_scale_out_incident_plays_to_its_end_and_stops_there() {
    let _serial = crate::support::serial().await;
    open("?lang=en&tl_scenario=scale-out-avg&tl_seed=1&tl_speed=64", "#/timeline");
    let (root, handle) = mount().await;
    at_tick(&root, 0).await;
    let scenario = find(&root, "#tl-scenario").dyn_into::<web_sys::HtmlSelectElement>().expect("a select");
    assert_eq!(scenario.value(), "scale-out-avg");
    assert!(text(&root, ".tl-watch").contains("A, B and C all change queues"), "{}", text(&root, ".tl-watch"));
    assert_eq!(lanes(&root), [labels(&["Q0", "Q1", "Q2"]), labels(&["Q3", "Q4", "Q5"]), labels(&["Q6", "Q7"])]);
    click_and_settle(&root, "#tl-play").await;
    assert_eq!(attr(&root, "#tl-play", "aria-pressed").as_deref(), Some("true"));
    // 180 s at 64× take about 3 s; playing stops by itself at the end.
    crate::support::until_within(Duration::from_secs(60), "the end", || tick(&root) == 1_800).await;
    until("stopped", || attr(&root, "#tl-play", "aria-pressed").as_deref() == Some("false")).await;
    // SPEC §4: after the 4th consumer joins, A, B and C all gave up queues.
    assert_eq!(
        lanes(&root),
        [labels(&["Q0", "Q1"]), labels(&["Q2", "Q3"]), labels(&["Q4", "Q5"]), labels(&["Q6", "Q7"])]
    );
    for process in 0..3 {
        let lost: u64 = attr(&root, &format!(".tl-lane[data-process='{process}']"), "data-lost")
            .and_then(|l| l.parse().ok())
            .unwrap_or_default();
        assert!(lost >= 1, "process {process} gave up queues");
    }
    let core = core_end("scale-out-avg", 1);
    assert!(core.duplicates > 0);
    assert_eq!(stat(&root, "duplicates", "main"), core.duplicates);
    assert_eq!(stat(&root, "lost", "main"), 0);
    let summary = text(&root, "#tl-summary");
    assert!(summary.contains("running consumers 4 (4 active, 0 idle)"), "{summary}");
    assert!(text(&root, ".tl-log").contains("rebalanced result changed"));
    unmount(handle).await;
    assert_eq!(url_state::get("tl_t").as_deref(), Some("1800"));
}

#[wasm_bindgen_test]
async fn scrubbing_keeps_the_recorded_run_and_a_crash_injected_there_discards_the_rest() {
    let _serial = crate::support::serial().await;
    open("?lang=en&tl_scenario=scale-out-avg&tl_t=1200", "#/timeline");
    let (root, handle) = mount().await;
    at_tick(&root, 1_200).await;
    let lag_at_1200 = stat(&root, "groupLag", "main");
    assert_eq!(attr(&root, "#tl-tick-range", "max").as_deref(), Some("1200"));
    type_and_settle(&root, "#tl-tick", "500").await;
    at_tick(&root, 500).await;
    assert!(text(&root, "#tl-clock").contains("Time 50 s"), "{}", text(&root, "#tl-clock"));
    type_and_settle(&root, "#tl-tick-range", "1200").await;
    at_tick(&root, 1_200).await;
    assert_eq!(stat(&root, "groupLag", "main"), lag_at_1200, "the recorded run, not a new one");
    type_and_settle(&root, "#tl-tick-range", "300").await;
    at_tick(&root, 300).await;
    let inject = text(&root, "section[aria-labelledby=tl-inject-title]");
    assert!(inject.contains("injecting now discards"), "{inject}");
    // Inject at 30 s by button: the chosen consumer crashes, the recorded future is gone.
    let cid = attr(&root, ".tl-lane[data-process='2']", "data-cid").unwrap_or_default();
    let target = find(&root, "#tl-target").dyn_into::<web_sys::HtmlSelectElement>().expect("a select");
    let value = crate::support::all(&root, "#tl-target option")
        .into_iter()
        .find(|o| o.text_content().as_deref() == Some(cid.as_str()))
        .and_then(|o| o.get_attribute("value"))
        .unwrap_or_else(|| panic!("no target {cid}"));
    target.set_value(&value);
    target.dispatch_event(&web_sys::Event::new("change").expect("an event")).expect("dispatched");
    settle().await;
    assert_eq!(text(&root, ".tl-inject .tl-buttons button:nth-child(2)"), "Crash (kill -9)");
    click_and_settle(&root, ".tl-inject .tl-buttons button:nth-child(2)").await;
    until("the crash", || attr(&root, ".tl-lane[data-process='2']", "data-status").as_deref() == Some("crashed")).await;
    until("the recorded future is gone", || attr(&root, "#tl-tick-range", "max").as_deref() == Some("301")).await;
    assert!(text(&root, ".tl-script .is-injected").contains("192.168.0.3 is killed (kill -9)"));
    assert!(text(&root, ".tl-log").contains("process killed: nothing persisted"));
    unmount(handle).await;
    assert_eq!(url_state::get("tl_events").as_deref(), Some("30000-crash-192.168.0.3"));
}

/// The failures panel: the next messages of a queue fail or get stuck, and the topic's
/// brokers can be stopped or started; each lands in the script and the link.
#[wasm_bindgen_test]
async fn failing_and_stuck_messages_are_injected_from_the_panel() {
    let _serial = crate::support::serial().await;
    open("?lang=en&tl_scenario=scale-out-avg&tl_t=100", "#/timeline");
    let (root, handle) = mount().await;
    at_tick(&root, 100).await;
    let failures = ".tl-inject-grid > .tl-fieldset:nth-child(4)";
    assert_eq!(text(&root, &format!("{failures} legend")), "Failures and brokers");
    type_and_settle(&root, "#tl-fail-queue", "2").await;
    type_and_settle(&root, "#tl-fail-count", "3").await;
    click_and_settle(&root, &format!("{failures} .tl-buttons button:nth-child(1)")).await;
    until("the failing messages", || text(&root, ".tl-script").contains("3 messages of Q2 start failing")).await;
    click_and_settle(&root, &format!("{failures} .tl-buttons button:nth-child(2)")).await;
    until("the stuck messages", || count(&root, ".tl-script .tl-event.is-injected") == 2).await;
    assert_eq!(count(&root, ".tl-inject .tl-error"), 0);
    let brokers: Vec<String> =
        crate::support::all(&root, "#tl-broker option").iter().filter_map(|o| o.text_content()).collect();
    assert_eq!(brokers, ["broker-a"]);
    unmount(handle).await;
    let events = url_state::get("tl_events").unwrap_or_default();
    // Each lands at the tick it was injected at: the first at 10 s, the second a tick or so later
    // (the page records on after an injection).
    let stuck_at = events.split('_').find_map(|e| e.strip_suffix("-stuck-2-3")).and_then(|t| t.parse::<u64>().ok());
    assert!(events.starts_with("10000-fail-2-3_"), "{events}");
    assert!(stuck_at.is_some_and(|t| (10_000..=12_000).contains(&t)), "{events}");
}

#[wasm_bindgen_test]
async fn step_play_and_scrub_move_the_tick_and_the_url() {
    let _serial = crate::support::serial().await;
    open("?lang=en&tl_scenario=scale-out-avg&tl_t=100", "#/timeline");
    let (root, handle) = mount().await;
    at_tick(&root, 100).await;
    click_and_settle(&root, "#tl-step").await;
    at_tick(&root, 101).await;
    assert!(text(&root, "#tl-clock").contains("tick 101"), "{}", text(&root, "#tl-clock"));
    click_and_settle(&root, "#tl-step-back").await;
    click_and_settle(&root, "#tl-step-back").await;
    at_tick(&root, 99).await;
    // The scrubber goes back to any recorded tick, and not beyond what is recorded.
    type_and_settle(&root, "#tl-tick", "40").await;
    at_tick(&root, 40).await;
    assert_eq!(stat(&root, "groupLag", "main"), {
        let preset = scenario::by_name("scale-out-avg").expect("a preset");
        let mut sim = Simulation::from_scenario(&preset, 1).expect("a run");
        sim.seek(40);
        sim.metrics().group_lag
    });
    type_and_settle(&root, "#tl-tick", "5000").await;
    until("the range error", || count(&root, "#tl-tick-error") == 1).await;
    assert_eq!(tick(&root), 40, "a tick beyond the recorded ones is refused");
    // Keyboard: `.` steps, `,` steps back, `k` plays and pauses.
    press(&root, ".").await;
    press(&root, ".").await;
    press(&root, ",").await;
    at_tick(&root, 41).await;
    until("tl_t=41 in the link", || url_state::get("tl_t").as_deref() == Some("41")).await;
    press(&root, "k").await;
    until("playing", || attr(&root, "#tl-play", "aria-pressed").as_deref() == Some("true")).await;
    assert_eq!(attr(&root, "#tl-summary", "aria-live").as_deref(), Some("off"), "silent while playing");
    until("the run to advance", || tick(&root) > 45).await;
    press(&root, "k").await;
    until("paused", || attr(&root, "#tl-play", "aria-pressed").as_deref() == Some("false")).await;
    let after = tick(&root);
    sleep(100).await;
    assert_eq!(tick(&root), after, "paused");
    assert_eq!(attr(&root, "#tl-summary", "aria-live").as_deref(), Some("polite"));
    click_and_settle(&root, "#tl-to-end").await;
    at_tick(&root, 1_800).await;
    unmount(handle).await;
    assert_eq!(url_state::get("tl_t").as_deref(), Some("1800"), "the link is written when the page goes away");
}

#[wasm_bindgen_test]
async fn a_crash_from_a_lane_menu_updates_lanes_log_and_link() {
    let _serial = crate::support::serial().await;
    open("?lang=en&tl_scenario=scale-out-avg&tl_t=300", "#/timeline");
    let (root, handle) = mount().await;
    at_tick(&root, 300).await;
    let lane = ".tl-lane[data-process='1']";
    assert_eq!(find(&root, lane).get_attribute("data-status").as_deref(), Some("running"));
    assert_eq!(count(&root, &format!("{lane} .tl-tile")), 3);
    find(&root, &format!("{lane} details")).set_attribute("open", "").expect("opened");
    click_and_settle(&root, &format!("{lane} .tl-menu-items button:nth-child(2)")).await;
    until("the crash", || attr(&root, lane, "data-status").as_deref() == Some("crashed")).await;
    assert_eq!(count(&root, &format!("{lane} details")), 0, "a crashed consumer has no menu");
    assert_eq!(tick(&root), 301, "one tick applies the event");
    let log = text(&root, ".tl-log");
    assert!(log.contains("process killed: nothing persisted"), "{log}");
    assert!(text(&root, ".tl-script").contains("192.168.0.2 is killed (kill -9)"));
    // The others notice (the broker sees the channel close) and take its queues.
    for _ in 0..10 {
        press(&root, ".").await;
    }
    at_tick(&root, 311).await;
    assert_eq!(count(&root, ".tl-lane[data-status=running] .tl-tile"), 8);
    assert_eq!(count(&root, ".tl-tray .tl-tile"), 0);
    let log = text(&root, ".tl-log");
    assert!(log.contains(", add a new mq, MessageQueue [topic="), "{log}");
    // The log filter shows one client's lines only.
    let filter = find(&root, "#tl-log-filter").dyn_into::<web_sys::HtmlSelectElement>().expect("a select");
    filter.set_value("1");
    filter.dispatch_event(&web_sys::Event::new("change").expect("an event")).expect("dispatched");
    let sources = || -> Vec<String> {
        let list = root.query_selector_all(".tl-log-source").expect("a selector");
        (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.text_content()).collect()
    };
    until("only 192.168.0.2's lines", || {
        let sources = sources();
        !sources.is_empty() && sources.iter().all(|s| s.starts_with("192.168.0.2@"))
    })
    .await;
    unmount(handle).await;
    assert_eq!(url_state::get("tl_events").as_deref(), Some("30000-crash-192.168.0.2"));
    assert_eq!(url_state::get("tl_log").as_deref(), Some("1"));

    // The link replays the same run.
    let (again, handle) = mount().await;
    at_tick(&again, 311).await;
    assert_eq!(find(&again, lane).get_attribute("data-status").as_deref(), Some("crashed"));
    assert_eq!(count(&again, ".tl-script .tl-event.is-injected"), 1);
    click_and_settle(&again, ".tl-script .tl-event.is-injected button").await;
    until("the replay without the crash", || attr(&again, lane, "data-status").as_deref() == Some("running")).await;
    assert_eq!(tick(&again), 311, "removing the event replays to the same tick");
    unmount(handle).await;
    assert_eq!(url_state::get("tl_events"), None);
}

#[wasm_bindgen_test]
async fn bad_link_values_are_replaced_with_a_visible_notice() {
    let _serial = crate::support::serial().await;
    open(
        "?lang=en&tl_scenario=nope&tl_seed=abc&tl_events=1000-join_junk_2000-queues-r0&tl_t=-3&tl_speed=7",
        "#/timeline",
    );
    let (root, handle) = mount().await;
    until("the notices", || count(&root, ".tl-notices") == 1).await;
    assert_eq!(find(&root, ".tl-notices").get_attribute("role").as_deref(), Some("status"));
    let notices = text(&root, ".tl-notices");
    for part in [
        "tl_scenario",
        "tl_scenario=nope",
        "tl_seed",
        "“junk” is not an event",
        "2000-queues-r0",
        "readQueueNums 0",
        "tl_t",
        "tl_speed",
    ] {
        assert!(notices.contains(part), "{part:?} missing from {notices:?}");
    }
    assert_eq!(count(&root, ".tl-notices li"), 6);
    assert_eq!(tick(&root), 0);
    assert_eq!(count(&root, ".tl-script .tl-event.is-injected"), 1, "the good event is kept");
    click_and_settle(&root, ".tl-notices button").await;
    until("the notices to go", || count(&root, ".tl-notices") == 0).await;
    // Queue counts go down too, and the read count alone (updateTopic -r): accepted.
    type_and_settle(&root, "#tl-queue-count", "4").await;
    click_and_settle(&root, ".tl-fieldset:nth-child(2) > button:nth-of-type(3)").await;
    until("the event", || count(&root, ".tl-script .tl-event.is-injected") == 2).await;
    assert_eq!(count(&root, ".tl-inject .tl-error"), 0);
    assert!(text(&root, ".tl-script").contains("readQueueNums 4"), "{}", text(&root, ".tl-script"));
    unmount(handle).await;
}

#[wasm_bindgen_test]
async fn compare_mode_runs_pop_on_the_same_script() {
    let _serial = crate::support::serial().await;
    open("?lang=en&tl_scenario=scale-3-to-10&tl_t=6000&tl_cmp=1", "#/timeline");
    let (root, handle) = mount().await;
    at_tick(&root, 6_000).await;
    assert_eq!(count(&root, "svg.tl-chart-svg polyline.tl-line-other"), 1);
    assert_eq!(stat(&root, "idleConsumers", "main"), 2);
    assert_eq!(stat(&root, "idleConsumers", "other"), 0, "POP: nobody idles");
    assert_eq!(stat(&root, "running", "other"), 10);
    assert_eq!(stat(&root, "groupLag", "other"), core_end("pop-scale-3-to-10", 1).group_lag);
    assert!(stat(&root, "groupLag", "other") < stat(&root, "groupLag", "main"));
    click_and_settle(&root, "#tl-compare").await;
    until("one column", || count(&root, "td[data-model=other]") == 0).await;
    unmount(handle).await;
    assert_eq!(url_state::get("tl_cmp"), None);

    // Ticking the box runs POP beside the classic model, and the link keeps it.
    let (root, handle) = mount().await;
    at_tick(&root, 6_000).await;
    assert_eq!(count(&root, "svg.tl-chart-svg polyline.tl-line-other"), 0);
    click_and_settle(&root, "#tl-compare").await;
    until("the POP column", || count(&root, "svg.tl-chart-svg polyline.tl-line-other") == 1).await;
    assert_eq!(stat(&root, "idleConsumers", "other"), 0);
    unmount(handle).await;
    assert_eq!(url_state::get("tl_cmp").as_deref(), Some("1"));
}

/// `pop-push-renew` is the PushConsumer's preset; the control switches the same script and
/// seed to the SimpleConsumer, the page then shows what the core computes natively for it,
/// and the link keeps `tl_pop=simple` (a value it does not know is replaced with a notice).
#[wasm_bindgen_test]
async fn the_pop_client_is_a_control_that_the_link_keeps() {
    let _serial = crate::support::serial().await;
    let preset = scenario::by_name("pop-push-renew").expect("a preset");
    let end = preset.duration_ms.div_ceil(preset.config.tick_ms);
    let mut simple = preset.clone();
    simple.config.client.pop_consumer = PopConsumer::Simple;
    let at_end = |s: &scenario::Scenario| {
        let mut sim = Simulation::from_scenario(s, 1).expect("a run");
        sim.run_until(s.duration_ms);
        sim.metrics()
    };
    let (push_end, simple_end) = (at_end(&preset), at_end(&simple));
    assert_ne!(push_end.duplicates, simple_end.duplicates, "the two clients differ in this run");
    open(&format!("?lang=en&tl_scenario=pop-push-renew&tl_t={end}"), "#/timeline");
    let (root, handle) = mount().await;
    at_tick(&root, end).await;
    let select = find(&root, "#tl-pop").dyn_into::<web_sys::HtmlSelectElement>().expect("a select");
    assert_eq!(select.value(), "push");
    assert_eq!(stat(&root, "duplicates", "main"), push_end.duplicates);
    select.set_value("simple");
    select.dispatch_event(&web_sys::Event::new("change").expect("an event")).expect("dispatched");
    until("the SimpleConsumer's run", || stat(&root, "duplicates", "main") == simple_end.duplicates).await;
    assert_eq!(tick(&root), end, "the same tick");
    assert_eq!(stat(&root, "groupLag", "main"), simple_end.group_lag);
    unmount(handle).await;
    assert_eq!(url_state::get("tl_pop").as_deref(), Some("simple"));

    open("?lang=en&tl_scenario=pop-push-renew&tl_pop=pull", "#/timeline");
    let (root, handle) = mount().await;
    until("the notice", || count(&root, ".tl-notices") == 1).await;
    let notices = text(&root, ".tl-notices");
    assert!(notices.contains("tl_pop=pull is not one of simple, push"), "{notices}");
    let select = find(&root, "#tl-pop").dyn_into::<web_sys::HtmlSelectElement>().expect("a select");
    assert_eq!(select.value(), "push", "the preset's client");
    unmount(handle).await;
}

#[wasm_bindgen_test]
async fn the_page_speaks_chinese() {
    let _serial = crate::support::serial().await;
    open("?lang=zh-CN&tl_scenario=crash", "#/timeline");
    let (root, handle) = mount().await;
    at_tick(&root, 0).await;
    assert_eq!(text(&root, "h1"), t(Lang::Zh, "page.timeline.title"));
    assert_eq!(text(&root, "#tl-play"), t(Lang::Zh, "page.timeline.transport.play"));
    let title = text(&root, ".tl-watch-title");
    assert!(title.contains(t(Lang::Zh, "page.timeline.scenario.crash.title")), "{title}");
    unmount(handle).await;
}
