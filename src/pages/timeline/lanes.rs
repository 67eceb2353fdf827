//! One lane per consumer process holding its queue tiles at the current tick, and the tray
//! of queues held by nobody. Each lane is what that client's ProcessQueue table holds, from
//! *its own* view of cidAll, so a queue may sit in two lanes (overlap) or in none (the tray).
//! A live consumer's lane has a small menu to stop, crash, pause it or change its
//! subscription, which injects that event now.

use std::rc::Rc;

use rebalance_core::message_queue::java_cmp;
use rebalance_core::simulate::{ConsumeModel, ConsumerStatus, Event, Snapshot};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::script::short_cid;
use super::state::Action;
use super::text::{count, status_text, time_label};
use crate::hooks::{use_i18n, I18n};

/// One queue tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileView {
    /// Queue index.
    pub queue: u32,
    /// Lag of the queue.
    pub lag: u64,
    /// Live processes holding it (two or more: overlap).
    pub holders: usize,
    /// Pulling paused by flow control.
    pub flow: bool,
    /// Orderly: cannot be consumed now.
    pub blocked: bool,
    /// `MessageQueue [topic=…, brokerName=…, queueId=…]`.
    pub title: String,
}

/// One consumer process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaneView {
    /// Process index.
    pub process: u32,
    /// clientId.
    pub cid: String,
    /// Running, paused, stopped, crashed.
    pub status: ConsumerStatus,
    /// Running with nothing to consume.
    pub idle: bool,
    /// Another live process has the same cid.
    pub clash: bool,
    /// Listed by the broker.
    pub registered: bool,
    /// Its subscription expression.
    pub subscription: String,
    /// Its queues.
    pub tiles: Vec<TileView>,
    /// Queues revoked from it so far.
    pub lost: u64,
    /// Queues it took so far.
    pub gained: u64,
    /// Messages it finished.
    pub processed: u64,
    /// cidAll size at its last rebalance.
    pub view: usize,
    /// The `%RETRY%group` queues it holds (`MessageQueue [...]`): the group's retries of
    /// their broker all come to it.
    pub retry: Vec<String>,
    /// Messages it got from `%RETRY%group`.
    pub retries: u64,
}

/// Everything the lanes draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanesView {
    /// Lanes in cidAll order (by cid as Java sorts it, then by process).
    pub lanes: Vec<Rc<LaneView>>,
    /// Queues held by no process (classic models only).
    pub orphans: Vec<TileView>,
    /// The consume model.
    pub model: ConsumeModel,
    /// The topic's tags (for the subscription menu).
    pub tags: Rc<Vec<String>>,
    /// cidAll as the broker lists it.
    pub members: Vec<String>,
}

/// Builds the lanes from the core's snapshot.
pub fn lanes_view(snapshot: &Snapshot, model: ConsumeModel, tags: Rc<Vec<String>>) -> LanesView {
    let tile = |q: u32| {
        snapshot.queues.get(q as usize).map(|v| TileView {
            queue: v.index,
            lag: v.lag,
            holders: v.holders.len(),
            flow: v.flow_controlled,
            blocked: v.blocked,
            title: v.mq.to_string(),
        })
    };
    let alive = |c: &rebalance_core::simulate::ConsumerView| c.status.is_alive();
    // cidAll order, as every client sorts it before allocating (and as the playground draws
    // it): by cid in Java's String order, processes that share a cid in start order.
    let mut consumers: Vec<&rebalance_core::simulate::ConsumerView> = snapshot.consumers.iter().collect();
    consumers.sort_by(|a, b| java_cmp(&a.cid, &b.cid).then(a.process.cmp(&b.process)));
    let lanes = consumers
        .into_iter()
        .map(|c| {
            let clash =
                alive(c) && snapshot.consumers.iter().any(|o| o.process != c.process && alive(o) && o.cid == c.cid);
            Rc::new(LaneView {
                process: c.process,
                cid: c.cid.clone(),
                status: c.status,
                idle: c.status == ConsumerStatus::Running && c.queues.is_empty(),
                clash,
                registered: c.registered,
                subscription: c.subscription.clone(),
                tiles: c.queues.iter().filter_map(|&q| tile(q)).collect(),
                lost: c.queues_lost,
                gained: c.queues_gained,
                processed: c.processed,
                view: c.view.len(),
                retry: c.retry_queues.iter().map(|mq| mq.to_string()).collect(),
                retries: c.retries_delivered,
            })
        })
        .collect();
    let orphans = if model == ConsumeModel::Pop {
        Vec::new()
    } else {
        snapshot.queues.iter().filter(|q| q.holders.is_empty()).filter_map(|q| tile(q.index)).collect()
    };
    LanesView { lanes, orphans, model, tags, members: snapshot.members.clone() }
}

/// Props of [`Lanes`].
#[derive(Properties, PartialEq)]
pub struct LanesProps {
    /// What to draw.
    pub view: Rc<LanesView>,
    /// The pause event's length (ms).
    pub pause_ms: u64,
    /// Where injected events go.
    pub on_action: Callback<Action>,
}

/// The lanes and the tray.
#[component]
pub fn Lanes(props: &LanesProps) -> Html {
    let i18n = use_i18n();
    let view = &props.view;
    let pop = view.model == ConsumeModel::Pop;
    html! {
        <div class="tl-board">
            <p class="tl-members">
                { i18n.t_args("page.timeline.lanes.members", &[("count", &view.members.len().to_string())]) }
                { " " }<code>{ format!("[{}]", view.members.join(", ")) }</code>
            </p>
            <ul class="tl-lanes" aria-label={i18n.t("page.timeline.lanes.label")}>
                { for view.lanes.iter().map(|lane| html! {
                    <Lane key={lane.process} lane={lane.clone()} tags={view.tags.clone()} {pop}
                          pause_ms={props.pause_ms} on_action={props.on_action.clone()} />
                }) }
            </ul>
            if !pop {
                <section class="tl-tray" aria-labelledby="tl-tray-title">
                    <h3 id="tl-tray-title">
                        { i18n.t_args("page.timeline.tray.title", &[("count", &view.orphans.len().to_string())]) }
                    </h3>
                    if view.orphans.is_empty() {
                        <p class="tl-note">{ i18n.t("page.timeline.tray.empty") }</p>
                    } else {
                        <ul class="tl-tiles">{ for view.orphans.iter().map(|t| tile(&i18n, t)) }</ul>
                    }
                </section>
            }
        </div>
    }
}

/// The colour class of queue `q` (the same colour as its line in the chart).
pub fn queue_class(q: u32) -> &'static str {
    const CLASSES: [&str; 8] = ["tl-q0", "tl-q1", "tl-q2", "tl-q3", "tl-q4", "tl-q5", "tl-q6", "tl-q7"];
    CLASSES.get(q as usize % CLASSES.len()).copied().unwrap_or("tl-q0")
}

/// A queue's tile; one held by two or more consumers carries a badge with their number
/// (in each of their lanes), said in words for screen readers.
fn tile(i18n: &I18n, t: &TileView) -> Html {
    let overlap = t.holders > 1;
    let class = classes!(
        "tl-tile",
        queue_class(t.queue),
        overlap.then_some("is-overlap"),
        t.flow.then_some("is-flow"),
        t.blocked.then_some("is-blocked"),
    );
    html! {
        <li key={t.queue} {class} title={t.title.clone()} data-queue={t.queue.to_string()}
            data-holders={t.holders.to_string()}>
            <span class="tl-tile-name">{ format!("Q{}", t.queue) }</span>
            <span class="tl-tile-lag">{ count(t.lag) }</span>
            if overlap {
                <span class="tl-tile-badge" aria-hidden="true">{ format!("×{}", t.holders) }</span>
                <span class="visually-hidden">
                    { i18n.t_args("page.timeline.lane.held_by", &[("count", &t.holders.to_string())]) }
                </span>
            }
        </li>
    }
}

#[derive(Properties, PartialEq)]
struct LaneProps {
    lane: Rc<LaneView>,
    tags: Rc<Vec<String>>,
    pop: bool,
    pause_ms: u64,
    on_action: Callback<Action>,
}

/// Closes the `<details>` menu that holds the clicked button.
fn close_menu(e: &MouseEvent) {
    let details = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("details").ok().flatten());
    if let Some(details) = details {
        let _ = details.remove_attribute("open");
    }
}

/// One consumer's lane.
#[component]
fn Lane(props: &LaneProps) -> Html {
    let i18n = use_i18n();
    let lane = &props.lane;
    let cid = short_cid(&lane.cid).to_owned();
    let inject = |event: Event| {
        let on_action = props.on_action.clone();
        Callback::from(move |e: MouseEvent| {
            close_menu(&e);
            on_action.emit(Action::Inject(event.clone()));
        })
    };
    let alive = lane.status.is_alive();
    let state = if lane.idle { i18n.t("page.timeline.lane.idle") } else { status_text(&i18n, lane.status) };
    let class = classes!("tl-lane", format!("is-{}", lane_state_class(lane)), lane.clash.then_some("is-clash"),);
    let menu_label = i18n.t_args("page.timeline.lane.menu_label", &[("cid", &lane.cid)]);
    let pause = Event::Pause { cid: cid.clone(), duration_ms: props.pause_ms };
    html! {
        <li {class} data-cid={lane.cid.clone()} data-process={lane.process.to_string()}
            data-status={lane_state_class(lane)} data-lost={lane.lost.to_string()}>
            <div class="tl-lane-head">
                <span class="tl-cid">{ lane.cid.clone() }</span>
                <span class={classes!("tl-badge", format!("tl-badge-{}", lane_state_class(lane)))}>{ state }</span>
                if lane.clash {
                    <span class="tl-badge tl-badge-clash">{ i18n.t("page.timeline.lane.clash") }</span>
                }
                if alive && !lane.retry.is_empty() {
                    <span class="tl-badge tl-badge-retry" title={lane.retry.join(", ")}>{ i18n.t("page.timeline.lane.retry") }</span>
                }
                if alive && !lane.registered {
                    <span class="tl-badge tl-badge-unlisted">{ i18n.t("page.timeline.lane.unlisted") }</span>
                }
                if alive {
                    <details class="tl-menu">
                        <summary aria-label={menu_label}>{ i18n.t("page.timeline.lane.menu") }</summary>
                        <div class="tl-menu-items">
                            <button type="button" onclick={inject(Event::Stop { cid: cid.clone() })}>
                                { i18n.t("page.timeline.inject.stop") }</button>
                            <button type="button" onclick={inject(Event::Crash { cid: cid.clone(), channel_closed: true })}>
                                { i18n.t("page.timeline.inject.crash") }</button>
                            <button type="button" onclick={inject(pause)}>
                                { i18n.t_args("page.timeline.lane.pause", &[("duration", &time_label(&i18n, props.pause_ms))]) }</button>
                            { for subscription_choices(&props.tags).into_iter().map(|tags| {
                                let label = i18n.t_args("page.timeline.lane.subscribe", &[("tags", &tags.join(" || "))]);
                                html! { <button type="button" onclick={inject(Event::Subscription { cid: cid.clone(), tags })}>{ label }</button> }
                            }) }
                            if lane.clash {
                                <p class="tl-note">{ i18n.t("page.timeline.lane.clash_note") }</p>
                            }
                        </div>
                    </details>
                }
            </div>
            <p class="tl-lane-facts">
                { i18n.t_args("page.timeline.lane.facts", &[
                    ("subscription", &lane.subscription),
                    ("gained", &lane.gained.to_string()),
                    ("lost", &lane.lost.to_string()),
                    ("processed", &count(lane.processed)),
                ]) }
                if alive && !props.pop {
                    { " · " }{ i18n.t_count("page.timeline.lane.view", lane.view, &[("count", &lane.view.to_string())]) }
                }
                if lane.retries > 0 {
                    { " · " }{ i18n.t_count("page.timeline.lane.retries", lane.retries, &[("count", &count(lane.retries))]) }
                }
            </p>
            if alive {
                <ul class="tl-tiles" aria-label={i18n.t_args("page.timeline.lane.queues", &[("cid", &lane.cid)])}>
                    { for lane.tiles.iter().map(|t| tile(&i18n, t)) }
                </ul>
            }
        </li>
    }
}

/// `running`, `idle`, `paused`, `stopped`, `crashed`.
fn lane_state_class(lane: &LaneView) -> &'static str {
    match lane.status {
        ConsumerStatus::Running if lane.idle => "idle",
        ConsumerStatus::Running => "running",
        ConsumerStatus::Paused => "paused",
        ConsumerStatus::Stopped => "stopped",
        ConsumerStatus::Crashed => "crashed",
    }
}

/// The subscriptions a lane's menu offers: `*`, then each tag alone (for one tag, just `*`
/// and that tag).
pub fn subscription_choices(tags: &[String]) -> Vec<Vec<String>> {
    let mut choices = vec![vec!["*".to_owned()]];
    choices.extend(tags.iter().map(|t| vec![t.clone()]));
    choices
}

#[cfg(test)]
mod tests {
    use rebalance_core::simulate::{scenario, Simulation};

    use super::*;

    #[test]
    fn lanes_follow_cid_all_order_not_start_order() {
        let preset = scenario::by_name("scale-3-to-10").expect("a preset");
        let mut sim = Simulation::from_scenario(&preset, 1).expect("a run");
        sim.run_until(preset.duration_ms);
        let snapshot = sim.snapshot();
        let view = lanes_view(&snapshot, ConsumeModel::Clustering, Rc::new(Vec::new()));
        let cids: Vec<&str> = view.lanes.iter().map(|l| l.cid.as_str()).collect();
        let mut sorted = cids.clone();
        sorted.sort_by(|a, b| java_cmp(a, b));
        assert_eq!(cids, sorted);
        // Ten members started in order: the order differs from the start order somewhere
        // (…@10 sorts before …@2 in Java's String order), so the test shows the sort.
        let started: Vec<&str> = snapshot.consumers.iter().map(|c| c.cid.as_str()).collect();
        assert_eq!(cids.len(), 10);
        assert_ne!(cids, started, "{cids:?}");
    }

    /// retry-to-dlq: the lane of the `%RETRY%` queue's holder carries it and the retries it
    /// got (5 failing messages × the retries due by then, from the core's `retry` rules); after
    /// the holder stops at 1 h, the next member in cidAll does.
    #[test]
    fn the_retry_queue_and_its_retries_are_on_its_holders_lane() {
        let preset = scenario::by_name("retry-to-dlq").expect("a preset");
        let retry_mq = "MessageQueue [topic=%RETRY%cg-demo, brokerName=broker-a, queueId=0]";
        let retried_by = |at_ms: u64| {
            let mut due = 60_000;
            let mut n = 0;
            for times in 0..16 {
                if let rebalance_core::retry::SentBack::Retry { delay_ms, .. } =
                    rebalance_core::retry::sent_back(times, 16)
                {
                    due += delay_ms;
                }
                if due <= at_ms {
                    n += 1;
                }
            }
            5 * n
        };
        let mut sim = Simulation::from_scenario(&preset, 1).expect("a run");
        for (at_ms, holder) in [(2_000_000, "192.168.0.1"), (5_000_000, "192.168.0.2")] {
            sim.run_until(at_ms);
            let view = lanes_view(&sim.snapshot(), ConsumeModel::Clustering, Rc::new(Vec::new()));
            for lane in &view.lanes {
                let holds = lane.cid.starts_with(&format!("{holder}@"));
                assert_eq!(lane.retry.len(), usize::from(holds), "{} at {at_ms} ms", lane.cid);
                if holds {
                    assert_eq!(lane.retry, vec![retry_mq.to_owned()]);
                }
            }
            let retries: u64 = view.lanes.iter().map(|l| l.retries).sum();
            assert_eq!(retries, retried_by(at_ms), "at {at_ms} ms");
        }
        assert_eq!((retried_by(2_000_000), retried_by(5_000_000)), (5 * 9, 5 * 13));
    }
}
