//! Browser tests of the offsets page (`#/offsets`): the SPEC section 5 preset, live editing,
//! per-queue errors, the mqadmin text (its layout, loading it back), and state from the URL.

use crate::support::{click, count, find, sleep, text, type_into};
use rebalance_core::mqadmin::{render, RenderOptions};
use rebalance_core::offset::QueueProgress;
use rebalance_core::MessageQueue;
use rebalance_lab::{url_state, App};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::{Element, HtmlTextAreaElement};

const KEYS: [&str; 8] = ["of_q", "of_g", "of_now", "of_p", "of_c", "of_ip", "of_rt", "of_src"];

/// Lets Yew's scheduler and the browser's event loop run; this page's tests pause twice as long
/// as `crate::support::settle`.
async fn settle() {
    sleep(60).await;
}

/// The URL query value of `key` once `ready` accepts it (effects may run a little after the
/// DOM is updated, later still on a busy machine), or the last value after two seconds.
async fn url_value(key: &str, ready: impl Fn(&str) -> bool) -> String {
    let mut value = String::new();
    for _ in 0..100 {
        value = url_state::get(key).unwrap_or_default();
        if ready(&value) {
            break;
        }
        sleep(20).await;
    }
    value
}

/// Opens `#/offsets?lang=en` with `query` (and no other `of_` key) and renders [`App`].
async fn open(query: &[(&str, &str)]) -> (Element, yew::AppHandle<App>) {
    let mut changes: Vec<(&str, Option<&str>)> = KEYS.iter().map(|k| (*k, None)).collect();
    changes.push(("lang", Some("en")));
    changes.extend(query.iter().map(|(k, v)| (*k, Some(*v))));
    url_state::set_many(&changes);
    web_sys::window().expect("a window").location().set_hash("#/offsets").expect("hash set");
    let (root, handle) = crate::support::render();
    settle().await;
    wait_for(&root, ".page-offsets .of-totals").await;
    (root, handle)
}

fn close(root: Element, handle: yew::AppHandle<App>) {
    handle.destroy();
    root.remove();
}

fn stat(root: &Element, queue: usize, name: &str) -> String {
    text(root, &format!("[data-queue='{queue}'] [data-stat='{name}'] dd"))
}

fn total(root: &Element, name: &str) -> String {
    text(root, &format!("[data-total='{name}'] dd"))
}

/// Waits (up to two seconds) until `read` gives `expected`, then asserts it: Yew renders
/// soon after an event, but "soon" is longer on a busy machine.
async fn see(read: impl Fn() -> String, expected: &str) {
    for _ in 0..100 {
        if read() == expected {
            break;
        }
        sleep(20).await;
    }
    assert_eq!(read(), expected);
}

/// Waits (up to two seconds) until something matches `selector`.
async fn wait_for(root: &Element, selector: &str) {
    for _ in 0..100 {
        if count(root, selector) > 0 {
            return;
        }
        sleep(20).await;
    }
}

async fn see_stat(root: &Element, queue: usize, name: &str, expected: &str) {
    see(|| stat(root, queue, name), expected).await;
}

async fn see_total(root: &Element, name: &str, expected: &str) {
    see(|| total(root, name), expected).await;
}

#[wasm_bindgen_test]
async fn the_preset_shows_the_spec_numbers() {
    let _serial = crate::support::serial().await;
    let (root, handle) = open(&[]).await;
    assert_eq!(text(&root, "main h1"), "Offsets and lag");
    assert_eq!(count(&root, "li[data-queue]"), 3);
    let column = |name: &str| -> Vec<String> { (0..3).map(|q| stat(&root, q, name)).collect() };
    assert_eq!(column("lag"), ["1,200", "800", "6,100"]);
    assert_eq!(column("expired"), ["0", "0", "50"]);
    assert_eq!(column("inflight"), ["32", "0", "0"]);
    // broker-b queue 2 is behind retention: its expired stretch is drawn.
    assert_eq!(count(&root, "[data-queue='2'] .of-seg-expired"), 1);
    assert_eq!(count(&root, "[data-queue='0'] .of-seg-expired"), 0);
    see_stat(&root, 2, "diff", "6,150").await;
    see_total(&root, "lag", "8,100").await;
    see_total(&root, "expired", "50").await;
    see_total(&root, "inflight", "32").await;
    see_total(&root, "diff", "8,150").await;
    assert_eq!(total(&root, "delay"), "12 min (oldest pending message on broker-b · queue 2)");
    let drain = text(&root, "[data-total='drain']");
    assert!(drain.contains("8,100 / (32,000 - 20,000) → 1 s"), "{drain}");
    let mqadmin = text(&root, ".of-pre");
    assert!(mqadmin.starts_with("#Topic"), "{mqadmin}");
    assert!(mqadmin.contains("Consume Diff Total: 8150"), "{mqadmin}");
    // Four markers on broker-a queue 0, three on broker-b queue 2 (PullOffset unknown).
    assert_eq!(count(&root, "[data-queue='0'] [role=slider]"), 4);
    assert_eq!(count(&root, "[data-queue='2'] [role=slider]"), 3);
    // Nothing differs from the defaults, so the URL holds no page key.
    assert!(KEYS.iter().all(|k| url_state::get(k).is_none()));
    close(root, handle);
}

#[wasm_bindgen_test]
async fn editing_a_field_updates_the_queue_the_totals_and_the_url() {
    let _serial = crate::support::serial().await;
    let (root, handle) = open(&[]).await;
    type_into(&root, "#of-q0-consumer", "4500");
    settle().await;
    see_stat(&root, 0, "lag", "1,700").await;
    see_stat(&root, 0, "inflight", "532").await;
    see_total(&root, "lag", "8,600").await;
    see_total(&root, "diff", "8,650").await;
    let q = url_value("of_q", |q| q.starts_with("broker-a:0:100:6200:4500:5032:")).await;
    assert!(q.starts_with("broker-a:0:100:6200:4500:5032:"), "{q}");
    // The marker follows the field.
    let marker = find(&root, "[data-queue='0'] [data-marker='consumer']");
    assert_eq!(marker.get_attribute("aria-valuenow").as_deref(), Some("4500"));
    // A typo is not applied: the last good value stays.
    type_into(&root, "#of-q0-consumer", "45x");
    settle().await;
    see_stat(&root, 0, "lag", "1,700").await;
    // A field may make the queue inconsistent: PullOffset 5032 is now below ConsumerOffset.
    type_into(&root, "#of-q0-consumer", "5500");
    settle().await;
    wait_for(&root, "[data-queue='0'] .of-queue-error").await;
    assert!(text(&root, "[data-queue='0'] .of-queue-error").contains("PullOffset 5032 is below ConsumerOffset 5500"));
    click(&root, "#of-preset");
    settle().await;
    see_total(&root, "lag", "8,100").await;
    close(root, handle);
}

#[wasm_bindgen_test]
async fn an_invalid_queue_shows_its_error_and_the_others_still_compute() {
    let _serial = crate::support::serial().await;
    let (root, handle) = open(&[]).await;
    type_into(&root, "#of-q0-min", "6300");
    settle().await;
    wait_for(&root, "[data-queue='0'] .of-queue-error").await;
    let error = text(&root, "[data-queue='0'] .of-queue-error");
    assert!(error.contains("MaxOffset 6200 is below MinOffset 6300"), "{error}");
    see_stat(&root, 0, "lag", "—").await;
    see_stat(&root, 1, "lag", "800").await;
    see_stat(&root, 2, "lag", "6,100").await;
    see_total(&root, "lag", "6,900").await;
    assert!(text(&root, "p[data-total='errors']").contains('1'));
    assert_eq!(count(&root, ".of-queue-error"), 2, "the card and the reset row both say why");
    close(root, handle);
}

/// A ConsumerOffset past MaxOffset (real mqadmin can print a negative Diff) is counted and
/// explained, not refused.
#[wasm_bindgen_test]
async fn a_negative_diff_is_counted_and_explained() {
    let _serial = crate::support::serial().await;
    let (root, handle) = open(&[]).await;
    // broker-b queue 2 (MaxOffset 6400, PullOffset unknown): its committed offset moves 30
    // past MaxOffset.
    type_into(&root, "#of-q2-consumer", "6430");
    settle().await;
    wait_for(&root, "[data-queue='2'] [data-note='negative-diff']").await;
    assert!(text(&root, "[data-queue='2'] [data-note='negative-diff']").contains("-30"));
    assert_eq!(count(&root, "[data-queue='2'] .of-queue-error"), 0);
    see_stat(&root, 2, "lag", "0").await;
    see_stat(&root, 2, "diff", "-30").await;
    see_total(&root, "lag", "2,000").await;
    see_total(&root, "diff", "1,970").await;
    assert!(text(&root, "p[data-total='diff-explain']").contains("1,970 = lag 2,000 + expired 0 − 30"));
    close(root, handle);
}

/// The example of real output: the retry queues' cards say what they hold, the totals split
/// the Diff, broker-b queue 0 shows its negative Diff, and the URL keeps the queues.
#[wasm_bindgen_test]
async fn the_real_output_example_marks_retry_queues_and_the_negative_diff() {
    let _serial = crate::support::serial().await;
    let (root, handle) = open(&[]).await;
    assert_eq!(count(&root, "[data-real]"), 4, "retry, negative Diff, Tags, POP");
    click(&root, "#of-field-example");
    settle().await;
    see(|| count(&root, "li[data-queue]").to_string(), "6").await;
    assert_eq!(count(&root, "li[data-kind='retry'] [data-note='kind']"), 2);
    assert_eq!(count(&root, "li[data-kind='business'] [data-note='kind']"), 0);
    assert!(text(&root, "li[data-kind='retry']").contains("Retry queue of group order-service"));
    see_stat(&root, 4, "diff", "-3,030").await;
    see_total(&root, "diff", "-2,977").await;
    assert!(text(&root, "p[data-total='by-kind']").contains("queues 12."));
    assert!(text(&root, ".of-pre").contains("Consume Diff Total: -2977"));
    crate::support::url_becomes("of_src", Some("mqadmin")).await;
    close(root, handle);
}

fn pasted_text() -> String {
    let queue = |id: i32, max: i64, consumer: i64| QueueProgress {
        pull_offset: Some(consumer + 10),
        ..QueueProgress::new(MessageQueue::new("PayEvent", "broker-x", id), 0, max, consumer)
    };
    let text = render(&[queue(0, 900, 400), queue(1, 1000, 990)], &RenderOptions::default());
    format!("$ sh mqadmin consumerProgress -g pay\n{text}")
}

#[wasm_bindgen_test]
async fn pasting_mqadmin_text_loads_it() {
    let _serial = crate::support::serial().await;
    let (root, handle) = open(&[]).await;
    find(&root, "#of-paste").dyn_into::<HtmlTextAreaElement>().expect("a textarea").set_value(&pasted_text());
    click(&root, ".of-mqadmin .button-primary");
    settle().await;
    see(|| count(&root, "li[data-queue]").to_string(), "2").await;
    see_stat(&root, 0, "lag", "500").await;
    see_stat(&root, 1, "lag", "10").await;
    see_total(&root, "lag", "510").await;
    see_total(&root, "inflight", "20").await;
    assert!(text(&root, ".of-queue-title").contains("broker-x"));
    assert!(text(&root, "[data-note='min-unknown']").contains("MinOffset"));
    assert!(text(&root, ".of-mqadmin").contains("Loaded 2 queue(s)"));
    crate::support::url_becomes("of_src", Some("mqadmin")).await;
    assert!(text(&root, ".of-pre").contains("Consume Diff Total: 510"));
    close(root, handle);
}

#[wasm_bindgen_test]
async fn a_garbage_paste_shows_the_line_and_keeps_the_state() {
    let _serial = crate::support::serial().await;
    let (root, handle) = open(&[]).await;
    let textarea: HtmlTextAreaElement = find(&root, "#of-paste").dyn_into().expect("a textarea");
    textarea.set_value(
        "#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Diff  #LastTime\nOrderEvent broker-a zero 1 1 0 N/A\n",
    );
    click(&root, ".of-mqadmin .button-primary");
    settle().await;
    wait_for(&root, ".of-paste-error").await;
    let error = text(&root, ".of-paste-error");
    assert!(error.contains("line 2: #QID \"zero\" is not a queue id"), "{error}");
    assert_eq!(count(&root, "li[data-queue]"), 3);
    see_total(&root, "lag", "8,100").await;
    textarea.set_value("no header at all");
    click(&root, ".of-mqadmin .button-primary");
    settle().await;
    see(|| text(&root, ".of-paste-error").contains("line 1: no mqadmin consumerProgress header").to_string(), "true")
        .await;
    see_total(&root, "lag", "8,100").await;
    close(root, handle);
}

/// One mqadmin consumerProgress line, padded as RocketMQ's `String.format` does (the header
/// has no space before `#LastTime`).
fn mqadmin_line([topic, broker, qid, max, consumer, diff, inflight, last]: [&str; 8], header: bool) -> String {
    let gap = if header { "" } else { " " };
    format!("{topic:<64}  {broker:<32}  {qid:<4}  {max:<20}  {consumer:<20}  {diff:<20} {inflight:<20}{gap}{last}")
}

#[wasm_bindgen_test]
async fn the_mqadmin_text_is_laid_out_exactly_as_rocketmq_prints_it() {
    let _serial = crate::support::serial().await;
    let (root, handle) = open(&[]).await;
    let pre = find(&root, "pre.of-pre").text_content().unwrap_or_default();
    let lines: Vec<&str> = pre.split('\n').collect();
    let header =
        ["#Topic", "#Broker Name", "#QID", "#Broker Offset", "#Consumer Offset", "#Diff", "#Inflight", "#LastTime"];
    assert_eq!(lines[0], mqadmin_line(header, true));
    let first = ["OrderEvent", "broker-a", "0", "6200", "5000", "1200", "32", "2026-06-20 02:55:59"];
    assert_eq!(lines[1], mqadmin_line(first, false));
    assert_eq!(lines[3], mqadmin_line(["OrderEvent", "broker-b", "2", "6400", "250", "6150", "0", "N/A"], false));
    assert!(pre.contains("\nConsume TPS: 32000.00\nConsume Diff Total: 8150\nConsume Inflight Total: 32\n"), "{pre}");
    assert_eq!(text(&root, ".of-command"), "$ sh mqadmin consumerProgress -g order-service");

    click(&root, "#of-client-ips");
    settle().await;
    see(|| text(&root, ".of-command"), "$ sh mqadmin consumerProgress -g order-service -s true").await;
    let pre = text(&root, "pre.of-pre");
    assert!(pre.contains("#Client IP") && pre.contains("192.168.0.8"), "{pre}");
    crate::support::url_becomes("of_ip", Some("1")).await;
    close(root, handle);
}

/// Puts `text` in the paste box and presses Load text.
async fn paste(root: &Element, text: &str) {
    find(root, "#of-paste").dyn_into::<HtmlTextAreaElement>().expect("a textarea").set_value(text);
    click(root, ".of-mqadmin .button-primary");
    settle().await;
}

/// Each line of mqadmin text cut to its first seven columns (all but `#LastTime`).
fn seven_columns(text: &str) -> Vec<String> {
    text.lines().map(|line| line.split_whitespace().take(7).collect::<Vec<_>>().join(" ")).collect()
}

#[wasm_bindgen_test]
async fn the_pages_own_text_pasted_back_loads_and_a_refused_paste_changes_nothing() {
    let _serial = crate::support::serial().await;
    let (root, handle) = open(&[]).await;
    let before = find(&root, "pre.of-pre").text_content().unwrap_or_default();
    paste(&root, &format!("$ sh mqadmin consumerProgress -g order-service\n{before}")).await;
    see(|| text(&root, ".of-mqadmin").contains("Loaded 3 queue(s) from the text.").to_string(), "true").await;
    // mqadmin prints no MinOffset: broker-b's 50 expired positions now count as lag.
    wait_for(&root, "[data-note='min-unknown']").await;
    see_total(&root, "lag", "8,150").await;
    see_total(&root, "expired", "0").await;
    see_total(&root, "diff", "8,150").await;
    crate::support::url_becomes("of_src", Some("mqadmin")).await;
    // Every column but #LastTime (store times are the page's own, see the reset section).
    let after = find(&root, "pre.of-pre").text_content().unwrap_or_default();
    assert_eq!(seven_columns(&after), seven_columns(&before));

    paste(
        &root,
        "#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Diff  #LastTime\nOrderEvent broker-a 0 10 4 7 N/A",
    )
    .await;
    wait_for(&root, ".of-paste-error").await;
    let error = text(&root, ".of-paste-error");
    assert!(error.contains("line 2: #Diff 7 is not #Broker Offset 10 - #Consumer Offset 4"), "{error}");
    assert_eq!(count(&root, "li[data-queue]"), 3);
    see_total(&root, "lag", "8,150").await;

    click(&root, "#of-preset");
    settle().await;
    see_total(&root, "lag", "8,100").await;
    assert_eq!(count(&root, "[data-note='min-unknown']"), 0);
    close(root, handle);
}

#[wasm_bindgen_test]
async fn the_url_restores_the_page_and_bad_values_get_a_notice() {
    let _serial = crate::support::serial().await;
    let (root, handle) = open(&[
        ("of_q", "broker-a:0:0:1000:400:450;nonsense;broker-a:1:0:500:500"),
        ("of_now", "99999"),
        ("of_ip", "1"),
        ("of_g", "cg-demo"),
    ])
    .await;
    see(|| count(&root, "li[data-queue]").to_string(), "2").await;
    see_stat(&root, 0, "lag", "600").await;
    see_stat(&root, 0, "inflight", "50").await;
    see_total(&root, "lag", "600").await;
    let notices = text(&root, ".of-notices");
    assert!(notices.contains("of_q=nonsense"), "{notices}");
    assert!(notices.contains("of_now=99999") && notices.contains("1440"), "{notices}");
    assert!(text(&root, ".of-command").ends_with("-g cg-demo -s true"));
    assert!(text(&root, ".of-pre").contains("#Client IP"));
    // The clamped value is written back.
    crate::support::url_becomes("of_now", Some("1440")).await;
    click(&root, ".of-notice-box button");
    settle().await;
    assert_eq!(count(&root, ".of-notice-box"), 0);
    close(root, handle);

    let (root, handle) = open(&[("of_now", "5000"), ("of_q", "broker-a:0:5:1:0;oops"), ("of_c", "abc")]).await;
    let notices = text(&root, ".of-notices");
    for sentence in [
        "of_now=5000 is outside 0 to 1440; using 1440.",
        "of_q=oops cannot be used and was left out.",
        "of_c=abc is not a number; using 32000.",
    ] {
        assert!(notices.contains(sentence), "{sentence:?} missing from {notices:?}");
    }
    assert!(crate::support::document().get_element_by_id("panic-banner").is_none(), "no panic");
    // MinOffset 5 above MaxOffset 1 is a state the page can show: the core refuses that queue.
    wait_for(&root, "[data-queue='0'] .of-queue-error").await;
    let error = text(&root, "[data-queue='0'] .of-queue-error");
    assert!(error.contains("MaxOffset 1 is below MinOffset 5"), "{error}");
    close(root, handle);
}

#[wasm_bindgen_test]
async fn queues_can_be_added_and_removed() {
    let _serial = crate::support::serial().await;
    let (root, handle) = open(&[]).await;
    click(&root, "#of-add");
    settle().await;
    see(|| count(&root, "li[data-queue]").to_string(), "4").await;
    assert!(text(&root, "li[data-queue='3'] .of-queue-title").contains("broker-b · queue 3"));
    see_total(&root, "lag", "8,300").await;
    click(&root, "li[data-queue='0'] .of-remove");
    settle().await;
    assert_eq!(count(&root, "li[data-queue]"), 3);
    see_total(&root, "lag", "7,100").await;
    let q = url_value("of_q", |q| q.starts_with("broker-a:1:")).await;
    assert!(q.starts_with("broker-a:1:"), "{q}");
    close(root, handle);
}
