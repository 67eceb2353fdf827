//! Browser tests of the drain planner page (`#/planner`): the worked-example preset, a backlog that
//! never drains, URL values clamped with a notice, and a refused input that keeps the last
//! good plan. Run: `cargo test -p rebalance_lab --target wasm32-unknown-unknown --test planner`.
#![cfg(target_arch = "wasm32")]

mod support;

use rebalance_lab::i18n::{t, Lang};
use rebalance_lab::url_state;
use support::{click_and_settle, count, find, input, mount, text, type_and_settle};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// Puts `query` (e.g. `?lang=en&pl_q=999`) and `#/planner` in the address bar, replacing
/// whatever an earlier test left there.
fn open(query: &str) {
    support::open(query, "#/planner");
}

#[wasm_bindgen_test]
async fn the_spec_example_is_the_default_and_shows_both_models() {
    open("?lang=en");
    let (root, handle) = mount().await;
    assert_eq!(text(&root, "h1"), t(Lang::En, "page.planner.title"));
    // Queue-level: 9 instances needed, only 8 get a queue, 16 min 40 s > 15 min.
    assert_eq!(text(&root, ".pl-card-queue .pl-instances dd"), "9");
    assert_eq!(text(&root, ".pl-card-queue .pl-effective dd"), "8");
    assert_eq!(text(&root, ".pl-card-queue .pl-idle dd"), "1");
    assert_eq!(text(&root, ".pl-card-queue .pl-consume dd"), "32,000/s");
    assert_eq!(text(&root, ".pl-card-queue .pl-net dd"), "12,000/s");
    assert_eq!(text(&root, ".pl-card-queue .pl-drain dd"), "16 min 40 s");
    assert_eq!(text(&root, ".pl-card-queue .pl-verdict"), t(Lang::En, "page.planner.verdict.missed"));
    // Message-level: all 9 consume, the target is met.
    assert_eq!(text(&root, ".pl-card-message .pl-effective dd"), "9");
    assert_eq!(text(&root, ".pl-card-message .pl-verdict"), t(Lang::En, "page.planner.verdict.met"));
    // The steps are the core's, numbers substituted, in order.
    let steps = text(&root, ".pl-steps");
    for part in ["C_required = P + B / T_target", "ceil(33,333.3 / 4,000)", "min(9, 8)", "1,000 s (16 min 40 s)"] {
        assert!(steps.contains(part), "{part:?} missing from {steps:?}");
    }
    assert_eq!(text(&root, "[data-step=TargetCheck] .pl-step-result"), t(Lang::En, "page.planner.result.not_met"));
    // The chart: one line per model, a target line, a title and a description.
    assert_eq!(count(&root, "svg.pl-chart-svg polyline.pl-line"), 2);
    assert_eq!(count(&root, "svg.pl-chart-svg .pl-target line"), 1);
    assert_eq!(text(&root, "svg.pl-chart-svg title"), t(Lang::En, "page.planner.chart.title"));
    assert!(text(&root, "svg.pl-chart-svg desc").contains("16 min 40 s"));
    assert_eq!(count(&root, ".pl-remedies li"), 5, "more queues, faster, less production, batches, message-level");
    assert_eq!(count(&root, ".pl-notices"), 0);
    handle.destroy();
}

#[wasm_bindgen_test]
async fn production_above_the_queue_capped_capacity_never_drains() {
    open("?lang=en");
    let (root, handle) = mount().await;
    type_and_settle(&root, "#pl-produce", "40000").await;
    assert_eq!(url_state::get("pl_p").as_deref(), Some("40000"));
    // 8 queues × 4,000/s = 32,000/s < 40,000/s: queue-level never drains, whatever N is.
    assert_eq!(text(&root, ".pl-card-queue .pl-verdict"), t(Lang::En, "page.planner.verdict.never"));
    assert_eq!(text(&root, ".pl-card-queue .pl-drain dd"), t(Lang::En, "page.planner.result.never"));
    assert_eq!(text(&root, ".pl-card-queue .pl-net dd"), "-8,000/s");
    assert_eq!(count(&root, "[data-step=NeverDrains]"), 1);
    assert_eq!(count(&root, "[data-step=DrainTime]"), 0);
    assert_eq!(text(&root, ".pl-card-message .pl-verdict"), t(Lang::En, "page.planner.verdict.met"));
    // The chart's queue-level line rises: its last point is higher (smaller y) than its first.
    let points = find(&root, "polyline.pl-series-queue").get_attribute("points").unwrap_or_default();
    let ys: Vec<f64> =
        points.split_whitespace().filter_map(|p| p.split_once(',')).filter_map(|(_, y)| y.parse().ok()).collect();
    assert!(ys.len() == 2 && ys[1] < ys[0], "{points}");
    // With a fixed instance count both models run out of capacity.
    click_and_settle(&root, "#pl-goal-instances").await;
    assert_eq!(url_state::get("pl_goal").as_deref(), Some("instances"));
    assert_eq!(text(&root, ".pl-card-message .pl-verdict"), t(Lang::En, "page.planner.verdict.never"));
    assert_eq!(text(&root, ".pl-headline"), {
        let verdict = t(Lang::En, "page.planner.verdict.never");
        format!("{}: {verdict}.", t(Lang::En, "page.planner.model.queue"))
    });
    handle.destroy();
    open("");
}

#[wasm_bindgen_test]
async fn bad_url_values_are_clamped_with_a_visible_notice() {
    open("?lang=en&pl_q=999&pl_b=lots&pl_model=pop");
    let (root, handle) = mount().await;
    let notices = find(&root, ".pl-notices");
    assert_eq!(notices.get_attribute("role").as_deref(), Some("status"));
    let said = notices.text_content().unwrap_or_default();
    for part in ["pl_q=999", "256", "pl_b=lots", "12000000", "pl_model=pop"] {
        assert!(said.contains(part), "{part:?} missing from {said:?}");
    }
    assert_eq!(input(&root, "#pl-queues").value(), "256");
    assert_eq!(input(&root, "#pl-backlog").value(), "12000000");
    // The URL now holds what the page uses: the clamped count, no unusable values.
    assert_eq!(url_state::get("pl_q").as_deref(), Some("256"));
    assert_eq!(url_state::get("pl_b"), None);
    assert_eq!(url_state::get("pl_model"), None);
    // 256 queues no longer cap 9 instances.
    assert_eq!(text(&root, ".pl-card-queue .pl-verdict"), t(Lang::En, "page.planner.verdict.met"));
    click_and_settle(&root, ".pl-notices button").await;
    assert_eq!(count(&root, ".pl-notices"), 0);
    handle.destroy();
    open("");
}

#[wasm_bindgen_test]
async fn a_refused_input_is_named_beside_its_field_and_the_last_plan_stays() {
    open("?lang=en");
    let (root, handle) = mount().await;
    type_and_settle(&root, "#pl-instance-rate", "0").await;
    let error = find(&root, "#pl-instance-rate-plan-error");
    assert_eq!(error.get_attribute("role").as_deref(), Some("alert"));
    assert_eq!(error.text_content().unwrap_or_default().trim(), t(Lang::En, "page.planner.error.instance_rate"));
    assert_eq!(text(&root, ".pl-stale"), t(Lang::En, "page.planner.error.stale"));
    assert_eq!(text(&root, ".pl-card-queue .pl-instances dd"), "9", "the last good plan stays");
    type_and_settle(&root, "#pl-instance-rate", "8000").await;
    assert_eq!(count(&root, "#pl-instance-rate-plan-error"), 0);
    assert_eq!(count(&root, ".pl-stale"), 0);
    assert_eq!(text(&root, ".pl-card-queue .pl-instances dd"), "5");
    handle.destroy();
    open("");
}

#[wasm_bindgen_test]
async fn wide_ranges_have_logarithmic_sliders_that_announce_the_value() {
    use rebalance_lab::components::{log_position, LOG_STEPS};
    open("?lang=en&pl_b=12000000");
    let (root, handle) = mount().await;
    let slider = input(&root, "#pl-backlog-range");
    assert_eq!(slider.get_attribute("data-scale").as_deref(), Some("scaled"));
    assert_eq!(slider.max(), LOG_STEPS.to_string());
    let at = log_position(12_000_000.0, 0.0, 100_000_000.0, 100_000.0);
    assert_eq!(slider.value(), at.to_string());
    assert!(
        slider.get_attribute("aria-valuetext").is_some_and(|t| t.starts_with("12000000 ")),
        "{:?}",
        slider.get_attribute("aria-valuetext")
    );
    // The middle of the slider is ~3.2 M, in the box and the URL; one step up changes it.
    type_and_settle(&root, "#pl-backlog-range", &(LOG_STEPS / 2).to_string()).await;
    assert_eq!(input(&root, "#pl-backlog").value(), "3200000");
    assert_eq!(url_state::get("pl_b").as_deref(), Some("3200000"));
    type_and_settle(&root, "#pl-backlog-range", "1").await;
    assert_eq!(input(&root, "#pl-backlog").value(), "100000");
    type_and_settle(&root, "#pl-backlog-range", "2").await;
    assert_eq!(input(&root, "#pl-backlog").value(), "200000", "one step up from the lowest value moves");
    // Counts keep a linear slider: every whole number is one step.
    let queues = input(&root, "#pl-queues-range");
    assert_eq!(queues.get_attribute("data-scale"), None);
    assert_eq!(queues.max(), "256");
    handle.destroy();
    open("");
}

#[wasm_bindgen_test]
async fn the_labels_follow_the_language_and_state_survives_the_switch() {
    open("?lang=en&pl_n=12&pl_goal=instances");
    let (root, handle) = mount().await;
    let label = |id: &str| text(&root, &format!("label[for={id}]"));
    assert_eq!(
        ["pl-backlog", "pl-produce", "pl-instance-rate", "pl-instances", "pl-queues"].map(label),
        ["Backlog", "Produce rate", "Instance rate", "Instances", "Queues"]
    );
    click_and_settle(&root, "button[data-lang='zh-CN']").await;
    assert_eq!(text(&root, "h1"), t(Lang::Zh, "page.planner.title"));
    assert_eq!(label("pl-backlog"), t(Lang::Zh, "page.planner.field.backlog"));
    assert_eq!(label("pl-instances"), t(Lang::Zh, "page.planner.field.instances"));
    assert_eq!(input(&root, "#pl-instances").value(), "12");
    assert_eq!(text(&root, ".pl-card-queue .pl-effective dd"), "8");
    click_and_settle(&root, "#pl-goal-target").await;
    assert_eq!(label("pl-target"), t(Lang::Zh, "page.planner.field.target"));
    click_and_settle(&root, "button[data-lang='en']").await;
    handle.destroy();
    open("");
}

#[wasm_bindgen_test]
async fn each_field_keeps_its_own_text_and_the_target_reads_durations() {
    open("?lang=en");
    let (root, handle) = mount().await;
    // A typo in Target time must not show up in the Instances box that replaces it.
    type_and_settle(&root, "#pl-target", "abc").await;
    assert_eq!(input(&root, "#pl-target").get_attribute("aria-invalid").as_deref(), Some("true"));
    assert_eq!(text(&root, "#pl-target-error"), t(Lang::En, "page.planner.field.target_unreadable"));
    click_and_settle(&root, "#pl-goal-instances").await;
    let instances = input(&root, "#pl-instances");
    assert_eq!(instances.value(), "9");
    assert_eq!(instances.get_attribute("aria-invalid").as_deref(), Some("false"));
    assert_eq!(input(&root, "#pl-instances-range").value(), "9");
    assert_eq!(count(&root, "#pl-instances-error"), 0);
    click_and_settle(&root, "#pl-goal-target").await;
    assert_eq!(input(&root, "#pl-target").value(), "900");
    // Durations as the exercises read them.
    type_and_settle(&root, "#pl-target", "16 min 40 s").await;
    assert_eq!(url_state::get("pl_t").as_deref(), Some("1000"));
    assert_eq!(text(&root, ".pl-card-queue .pl-verdict"), t(Lang::En, "page.planner.verdict.met"));
    type_and_settle(&root, "#pl-target", "9m39s").await;
    assert_eq!(url_state::get("pl_t").as_deref(), Some("579"));
    handle.destroy();
    open("");
}
