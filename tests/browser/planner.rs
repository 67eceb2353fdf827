//! Browser tests of the drain planner page (`#/planner`): the worked-example preset, a
//! backlog that never drains, URL values clamped with a notice, a refused input that keeps
//! the last good plan, each field's typed text and durations, and both languages.
//! Run: `cargo test -p rebalance_lab --target wasm32-unknown-unknown --test browser planner::`.

use crate::support::{
    attr, click_and_settle, count, document, find, input, mount, serial, text, type_and_settle, url_becomes,
};
use rebalance_core::plan::{duration_in, plan, Model, PlanInput, StepId};
use rebalance_lab::i18n::{t, Lang};
use rebalance_lab::url_state;
use wasm_bindgen_test::wasm_bindgen_test;

/// Puts `query` (e.g. `?lang=en&pl_q=999`) and `#/planner` in the address bar, replacing
/// whatever an earlier test left there.
fn open(query: &str) {
    crate::support::open(query, "#/planner");
}

#[wasm_bindgen_test]
async fn the_spec_example_is_the_default_and_shows_both_models() {
    let _serial = serial().await;
    open("?lang=en");
    let (root, handle) = mount().await;
    assert_eq!(text(&root, "h1"), "Backlog drain planner");
    // Each field: its box holds the example's value, its slider is named like the box.
    for (id, label, value) in [
        ("pl-backlog", "Backlog", "12000000"),
        ("pl-produce", "Produce rate", "20000"),
        ("pl-instance-rate", "Instance rate", "4000"),
        ("pl-target", "Target time", "900"),
        ("pl-queues", "Queues", "8"),
    ] {
        assert_eq!(input(&root, &format!("#{id}")).value(), value, "{id}");
        assert_eq!(text(&root, &format!("label[for={id}]")), label);
        assert_eq!(attr(&root, &format!("#{id}-range"), "aria-label").as_deref(), Some(label));
    }
    assert!(text(&root, "#pl-target-help").contains("15 min"), "{}", text(&root, "#pl-target-help"));
    // Each card shows the core's plan of the example (`rebalance_core/tests/plan.rs` checks
    // its numbers: queue-level 9 needed, 8 consume, 16 min 40 s > 15 min; message-level all 9).
    let queue = plan(&PlanInput::seed_example(Model::QueueLevel)).expect("the example plans");
    let message = plan(&PlanInput::seed_example(Model::MessageLevel)).expect("the example plans");
    for (card, p) in [(".pl-card-queue", &queue), (".pl-card-message", &message)] {
        let shown = |class: &str| text(&root, &format!("{card} .{class} dd"));
        let step = |id: StepId| p.steps.iter().find(|s| s.id == id).map(|s| s.result.clone()).unwrap_or_default();
        assert_eq!(shown("pl-instances"), p.instances.to_string(), "{card}");
        assert_eq!(shown("pl-effective"), p.effective_instances.to_string(), "{card}");
        assert_eq!(shown("pl-idle"), p.idle_instances.to_string(), "{card}");
        assert_eq!(shown("pl-consume"), step(StepId::ConsumeRate), "{card}");
        assert_eq!(shown("pl-net"), step(StepId::NetDrainRate), "{card}");
        let drain = p.drain_seconds.and_then(|t| duration_in(t, Lang::En)).unwrap_or_default();
        assert_eq!(shown("pl-drain"), drain, "{card}");
    }
    assert_eq!((queue.meets_target, message.meets_target), (Some(false), Some(true)));
    assert_eq!(text(&root, ".pl-card-queue .pl-verdict"), "Target missed");
    assert_eq!(text(&root, ".pl-card-message .pl-verdict"), "Target met");
    assert_eq!(text(&root, ".pl-headline"), "Queue-level (classic push/pull): Target missed.");
    // The selected model's steps are the core's, numbers substituted, in order.
    let keys: Vec<String> = crate::support::all(&root, ".pl-steps [data-step]")
        .iter()
        .filter_map(|s| s.get_attribute("data-step"))
        .collect();
    assert_eq!(keys, queue.steps.iter().map(|s| format!("{:?}", s.id)).collect::<Vec<_>>());
    for step in &queue.steps {
        let shown = |class: &str| text(&root, &format!("[data-step={:?}] {class}", step.id));
        assert_eq!(shown(".pl-step-formula"), step.formula);
        assert!(shown(".pl-step-calc").starts_with(&step.substituted), "{:?}", step.id);
        if step.id != StepId::TargetCheck {
            assert_eq!(shown(".pl-step-result"), step.result);
        }
    }
    assert_eq!(text(&root, "[data-step=TargetCheck] .pl-step-result"), t(Lang::En, "page.planner.result.not_met"));
    // The chart: one line per model, a target line, a title and a description.
    assert_eq!(count(&root, "svg.pl-chart-svg polyline.pl-line"), 2);
    assert_eq!(count(&root, "svg.pl-chart-svg .pl-target line"), 1);
    assert_eq!(attr(&root, "svg.pl-chart-svg", "role").as_deref(), Some("img"));
    assert_eq!(text(&root, "svg.pl-chart-svg title"), "Backlog over time, queue-level and message-level");
    assert!(text(&root, "svg.pl-chart-svg desc").contains("16 min 40 s"));
    assert_eq!(text(&root, "svg.pl-chart-svg .pl-target text"), "Target 15 min");
    let summary = text(&root, ".pl-chart-summary");
    assert!(summary.contains("empty after 16 min 40 s"), "{summary}");
    assert_eq!(count(&root, ".pl-remedies li"), 5, "more queues, faster, less production, batches, message-level");
    assert!(text(&root, ".pl-remedies").contains("More queues"));
    assert_eq!(count(&root, ".pl-notices"), 0);
    // The preset is the default: the page writes no state into the URL.
    assert!(url_state::all().iter().all(|(k, _)| !k.starts_with("pl_")), "{:?}", url_state::all());
    handle.destroy();
}

#[wasm_bindgen_test]
async fn production_above_the_queue_capped_capacity_never_drains() {
    let _serial = serial().await;
    open("?lang=en");
    let (root, handle) = mount().await;
    type_and_settle(&root, "#pl-produce", "40000").await;
    url_becomes("pl_p", Some("40000")).await;
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
    url_becomes("pl_goal", Some("instances")).await;
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
    let _serial = serial().await;
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
    url_becomes("pl_q", Some("256")).await;
    url_becomes("pl_b", None).await;
    url_becomes("pl_model", None).await;
    // 256 queues no longer cap 9 instances.
    assert_eq!(text(&root, ".pl-card-queue .pl-verdict"), t(Lang::En, "page.planner.verdict.met"));
    click_and_settle(&root, ".pl-notices button").await;
    assert_eq!(count(&root, ".pl-notices"), 0);
    handle.destroy();

    open("?lang=en&pl_q=999&pl_r=abc&pl_n=2.5&pl_goal=instances&pl_model=pop");
    let (root, handle) = mount().await;
    let said = text(&root, ".pl-notices");
    for sentence in [
        "pl_q=999 is outside 1 to 256; using 256.",
        "pl_r=abc is not a number; using 4000.",
        "pl_n=2.5 is not a whole number; using 3.",
        "pl_model=pop is not one of queue, message; using queue.",
    ] {
        assert!(said.contains(sentence), "{sentence:?} missing from {said:?}");
    }
    assert_eq!(input(&root, "#pl-instances").value(), "3");
    url_becomes("pl_r", None).await;
    assert!(document().get_element_by_id("panic-banner").is_none(), "no panic");
    assert_eq!(text(&root, ".pl-notices button"), "Dismiss");
    handle.destroy();
    open("");
}

#[wasm_bindgen_test]
async fn a_refused_input_is_named_beside_its_field_and_the_last_plan_stays() {
    let _serial = serial().await;
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
    // Above the box's range: the shared field refuses it and keeps the last value.
    type_and_settle(&root, "#pl-queues", "9999").await;
    assert_eq!(count(&root, "#pl-queues-error"), 1);
    assert_eq!(text(&root, ".pl-card-queue .pl-effective dd"), "5");
    handle.destroy();
    open("");
}

#[wasm_bindgen_test]
async fn wide_ranges_have_logarithmic_sliders_that_announce_the_value() {
    let _serial = serial().await;
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
    url_becomes("pl_b", Some("3200000")).await;
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
    let _serial = serial().await;
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

    // The numbers stay, and durations are written in the reader's language.
    open("?lang=en&pl_b=6000000");
    let (root, handle) = mount().await;
    let label = |id: &str| text(&root, &format!("label[for={id}]"));
    click_and_settle(&root, "button[data-lang='zh-CN']").await;
    assert_eq!(text(&root, "h1"), "积压清空规划");
    assert_eq!(
        ["pl-backlog", "pl-produce", "pl-instance-rate", "pl-target", "pl-queues", "pl-model-message"].map(label),
        ["积压量", "生产速率", "单实例速率", "目标时间", "队列数", "消息级（5.x POP）"]
    );
    assert_eq!(input(&root, "#pl-backlog").value(), "6000000");
    assert_eq!(text(&root, ".pl-card-queue .pl-verdict"), "能达成目标");
    // The queue-level drain: 750 s.
    assert_eq!(text(&root, ".pl-card-queue .pl-drain dd"), "12 分 30 秒");
    assert!(text(&root, ".pl-steps").contains("D = C - P"));
    url_becomes("lang", Some("zh-CN")).await;
    url_becomes("pl_b", Some("6000000")).await;
    click_and_settle(&root, "button[data-lang='en']").await;
    assert_eq!(label("pl-backlog"), "Backlog");
    assert_eq!(input(&root, "#pl-backlog").value(), "6000000");
    assert_eq!(text(&root, ".pl-card-queue .pl-drain dd"), "12 min 30 s");
    handle.destroy();
    open("");
}

#[wasm_bindgen_test]
async fn each_field_keeps_its_own_text_and_the_target_reads_durations() {
    let _serial = serial().await;
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
    // Back to the target: the box shows the target in force, not the typo.
    assert_eq!(input(&root, "#pl-target").value(), "900");
    assert_eq!(input(&root, "#pl-target").get_attribute("aria-invalid").as_deref(), Some("false"));
    // Durations as the exercises read them.
    type_and_settle(&root, "#pl-target", "16 min 40 s").await;
    url_becomes("pl_t", Some("1000")).await;
    assert!(text(&root, "#pl-target-help").contains("16 min 40 s"));
    assert_eq!(text(&root, ".pl-card-queue .pl-verdict"), t(Lang::En, "page.planner.verdict.met"));
    type_and_settle(&root, "#pl-target", "9m39s").await;
    url_becomes("pl_t", Some("579")).await;
    assert!(text(&root, "#pl-target-help").contains("9 min 39 s"));
    // The default target (900 s) leaves the URL.
    type_and_settle(&root, "#pl-target", "15 min").await;
    url_becomes("pl_t", None).await;
    assert_eq!(text(&root, ".pl-card-queue .pl-verdict"), t(Lang::En, "page.planner.verdict.missed"));
    // Beyond the range (4 h) is refused like any other out-of-range value.
    type_and_settle(&root, "#pl-target", "5 h").await;
    let error = text(&root, "#pl-target-error");
    assert!(error.contains("Allowed: 0 to 14400"), "{error}");
    url_becomes("pl_t", None).await;
    handle.destroy();
    open("");
}
