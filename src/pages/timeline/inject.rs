//! Inject an event at the current tick: a consumer joins, stops, crashes, stalls, changes
//! its subscription or gets a cid twin; the topic's read and write queue counts change;
//! producers change their rate; a rolling deploy starts; the next messages of a queue fail or
//! get stuck; a broker stops or starts. The core validates each event; a refusal is shown as its
//! message and nothing else changes.

use std::rc::Rc;

use rebalance_core::simulate::{ConsumerSpec, Event as SimEvent};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::lanes::subscription_choices;
use super::script::short_cid;
use super::state::Action;
use crate::components::NumberField;
use crate::hooks::use_i18n;

/// Props of [`InjectPanel`].
#[derive(Properties, PartialEq)]
pub struct InjectProps {
    /// Live processes: (process index, cid).
    pub targets: Rc<Vec<(u32, String)>>,
    /// The topic's tags.
    pub tags: Rc<Vec<String>>,
    /// Queues per broker on the brokers now (at least the larger of the two counts).
    pub queues_per_broker: u32,
    /// readQueueNums and writeQueueNums now.
    pub read_write: (u32, u32),
    /// The scenario's produce rate (msg/s).
    pub produce_rate: u64,
    /// The pause event's length (ms).
    pub pause_ms: u64,
    /// Queues of the topic now (every broker), for the failure events.
    pub queue_total: u32,
    /// The topic's brokers.
    pub brokers: Rc<Vec<String>>,
    /// The core's refusal of the last event.
    #[prop_or_default]
    pub refusal: Option<AttrValue>,
    /// Where events go.
    pub on_action: Callback<Action>,
}

/// Rolling deploy settings (spacings in seconds).
#[derive(Clone, Copy, PartialEq)]
struct Deploy {
    replace: u32,
    start: u32,
    start_spacing_s: u64,
    stop_after_s: u64,
    stop_spacing_s: u64,
    graceful: bool,
}

/// The inject panel.
#[component]
pub fn InjectPanel(props: &InjectProps) -> Html {
    let i18n = use_i18n();
    let chosen = use_state_eq(|| None::<u32>);
    let sub_choice = use_state_eq(|| 0usize);
    let queues = use_state_eq(|| props.queues_per_broker.saturating_mul(2).clamp(1, 256));
    let rate = use_state_eq(|| props.produce_rate.saturating_mul(2).clamp(0, 100_000));
    let fail_queue = use_state_eq(|| 0u32);
    let fail_count = use_state_eq(|| 5u32);
    let broker = use_state_eq(|| 0usize);
    let deploy = use_state_eq(|| Deploy {
        replace: 3,
        start: 3,
        start_spacing_s: 5,
        stop_after_s: 30,
        stop_spacing_s: 10,
        graceful: true,
    });
    // The chosen consumer, or the first live one when it is gone.
    let target = chosen
        .and_then(|p| props.targets.iter().find(|(q, _)| *q == p))
        .or_else(|| props.targets.first())
        .map(|(p, cid)| (*p, short_cid(cid).to_owned()));
    let send = |event: SimEvent| props.on_action.reform(move |_: MouseEvent| Action::Inject(event.clone()));
    let for_target = |make: &dyn Fn(String) -> SimEvent| target.as_ref().map(|(_, cid)| send(make(cid.clone())));
    let on_target = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            chosen.set(e.target_unchecked_into::<HtmlSelectElement>().value().parse().ok());
        })
    };
    let choices = subscription_choices(&props.tags);
    let on_sub = {
        let sub_choice = sub_choice.clone();
        Callback::from(move |e: Event| {
            sub_choice.set(e.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(0));
        })
    };
    let tags = choices.get(*sub_choice).cloned().unwrap_or_else(|| vec!["*".to_owned()]);
    let no_target = target.is_none();
    let pause_ms = props.pause_ms;
    let d = *deploy;
    let set_deploy = |f: fn(&mut Deploy, f64)| {
        let deploy = deploy.clone();
        Callback::from(move |v: f64| {
            let mut next = *deploy;
            f(&mut next, v);
            deploy.set(next);
        })
    };
    let on_graceful = {
        let deploy = deploy.clone();
        Callback::from(move |e: Event| {
            let checked = e.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
            deploy.set(Deploy { graceful: checked, ..*deploy });
        })
    };
    let rolling = SimEvent::RollingDeploy {
        replace: d.replace,
        start: d.start,
        start_spacing_ms: d.start_spacing_s * 1_000,
        stop_after_ms: d.stop_after_s * 1_000,
        stop_spacing_ms: d.stop_spacing_s * 1_000,
        graceful: d.graceful,
    };
    let last_queue = props.queue_total.saturating_sub(1);
    let (queue, count) = ((*fail_queue).min(last_queue), *fail_count);
    let fail = SimEvent::FailMessages { queue, count, duration_ms: None };
    let stuck = SimEvent::StuckMessage { queue, count, duration_ms: None };
    let broker_name = props.brokers.get(*broker).or_else(|| props.brokers.first()).cloned();
    let for_broker = |make: fn(String) -> SimEvent| broker_name.clone().map(|b| send(make(b)));
    let on_broker = {
        let broker = broker.clone();
        Callback::from(move |e: Event| {
            broker.set(e.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(0));
        })
    };
    let button = |label: &'static str, onclick: Option<Callback<MouseEvent>>| {
        let disabled = onclick.is_none();
        html! { <button type="button" class="button" {disabled} onclick={onclick.unwrap_or_default()}>{ label }</button> }
    };
    html! {
        <div class="tl-inject">
            if let Some(refusal) = &props.refusal {
                <p class="tl-error" role="alert">{ i18n.t_args("page.timeline.inject.refused", &[("reason", refusal)]) }</p>
            }
            <div class="tl-inject-grid">
                <fieldset class="tl-fieldset">
                    <legend>{ i18n.t("page.timeline.inject.members") }</legend>
                    { button(i18n.t("page.timeline.inject.join"), Some(send(SimEvent::Join { consumer: ConsumerSpec::default() }))) }
                    <div class="tl-field">
                        <label for="tl-target">{ i18n.t("page.timeline.inject.target") }</label>
                        <select id="tl-target" onchange={on_target} disabled={no_target}>
                            { for props.targets.iter().map(|(p, cid)| html! {
                                <option value={p.to_string()} selected={target.as_ref().is_some_and(|t| t.0 == *p)}>{ cid.clone() }</option>
                            }) }
                        </select>
                    </div>
                    <div class="tl-buttons">
                        { button(i18n.t("page.timeline.inject.stop"), for_target(&|cid| SimEvent::Stop { cid })) }
                        { button(i18n.t("page.timeline.inject.crash"), for_target(&|cid| SimEvent::Crash { cid, channel_closed: true })) }
                        { button(i18n.t("page.timeline.inject.clash"), for_target(&|cid| SimEvent::CidClash { cid })) }
                    </div>
                    <NumberField id="tl-pause-ms" label={i18n.t("page.timeline.inject.pause_ms")} value={pause_ms as f64}
                        min={100.0} max={600_000.0} step={100.0} unit={AttrValue::from("ms")}
                        on_change={props.on_action.reform(|v: f64| Action::PauseMs(v as u64))} />
                    { button(i18n.t("page.timeline.inject.pause"), for_target(&|cid| SimEvent::Pause { cid, duration_ms: pause_ms })) }
                    <div class="tl-field">
                        <label for="tl-sub-tags">{ i18n.t("page.timeline.inject.tags") }</label>
                        <select id="tl-sub-tags" onchange={on_sub}>
                            { for choices.iter().enumerate().map(|(i, c)| html! {
                                <option value={i.to_string()} selected={i == *sub_choice}>{ c.join(" || ") }</option>
                            }) }
                        </select>
                    </div>
                    { button(i18n.t("page.timeline.inject.subscription"), for_target(&|cid| SimEvent::Subscription { cid, tags: tags.clone() })) }
                </fieldset>
                <fieldset class="tl-fieldset">
                    <legend>{ i18n.t("page.timeline.inject.topic") }</legend>
                    <NumberField id="tl-queue-count" label={i18n.t("page.timeline.inject.queues")} value={f64::from(*queues)}
                        min={1.0} max={256.0} help={AttrValue::from(i18n.t_args("page.timeline.inject.queues_help",
                            &[("read", &props.read_write.0.to_string()), ("write", &props.read_write.1.to_string())]))}
                        on_change={{ let queues = queues.clone(); Callback::from(move |v: f64| queues.set(v as u32)) }} />
                    { button(i18n.t("page.timeline.inject.queue_count"), Some(send(SimEvent::queues(*queues)))) }
                    { button(i18n.t("page.timeline.inject.write_count"), Some(send(SimEvent::queue_nums(None, Some(*queues))))) }
                    { button(i18n.t("page.timeline.inject.read_count"), Some(send(SimEvent::queue_nums(Some(*queues), None)))) }
                    <NumberField id="tl-produce-rate" label={i18n.t("page.timeline.inject.rate")} value={*rate as f64}
                        min={0.0} max={100_000.0} step={100.0} unit={AttrValue::from("msg/s")}
                        on_change={{ let rate = rate.clone(); Callback::from(move |v: f64| rate.set(v as u64)) }} />
                    { button(i18n.t("page.timeline.inject.produce_rate"),
                        Some(send(SimEvent::ProduceRate { rate: *rate, hot_queues: None, hot_share_percent: None }))) }
                </fieldset>
                <fieldset class="tl-fieldset">
                    <legend>{ i18n.t("page.timeline.inject.deploy") }</legend>
                    <NumberField id="tl-deploy-start" label={i18n.t("page.timeline.inject.deploy_start")} value={f64::from(d.start)}
                        min={0.0} max={64.0} on_change={set_deploy(|d, v| d.start = v as u32)} />
                    <NumberField id="tl-deploy-replace" label={i18n.t("page.timeline.inject.deploy_replace")} value={f64::from(d.replace)}
                        min={0.0} max={64.0} on_change={set_deploy(|d, v| d.replace = v as u32)} />
                    <NumberField id="tl-deploy-start-spacing" label={i18n.t("page.timeline.inject.deploy_start_spacing")}
                        value={d.start_spacing_s as f64} min={0.0} max={600.0} unit={AttrValue::from("s")}
                        on_change={set_deploy(|d, v| d.start_spacing_s = v as u64)} />
                    <NumberField id="tl-deploy-stop-after" label={i18n.t("page.timeline.inject.deploy_stop_after")}
                        value={d.stop_after_s as f64} min={0.0} max={600.0} unit={AttrValue::from("s")}
                        on_change={set_deploy(|d, v| d.stop_after_s = v as u64)} />
                    <NumberField id="tl-deploy-stop-spacing" label={i18n.t("page.timeline.inject.deploy_stop_spacing")}
                        value={d.stop_spacing_s as f64} min={0.0} max={600.0} unit={AttrValue::from("s")}
                        on_change={set_deploy(|d, v| d.stop_spacing_s = v as u64)} />
                    <div class="tl-check">
                        <input type="checkbox" id="tl-deploy-graceful" checked={d.graceful} onchange={on_graceful} />
                        <label for="tl-deploy-graceful">{ i18n.t("page.timeline.inject.deploy_graceful") }</label>
                    </div>
                    { button(i18n.t("page.timeline.inject.rolling_deploy"), Some(send(rolling))) }
                </fieldset>
                <fieldset class="tl-fieldset">
                    <legend>{ i18n.t("page.timeline.inject.failures") }</legend>
                    <NumberField id="tl-fail-queue" label={i18n.t("page.timeline.inject.queue")} value={f64::from(queue)}
                        min={0.0} max={f64::from(last_queue)}
                        help={AttrValue::from(i18n.t("page.timeline.inject.failures_help"))}
                        on_change={{ let q = fail_queue.clone(); Callback::from(move |v: f64| q.set(v as u32)) }} />
                    <NumberField id="tl-fail-count" label={i18n.t("page.timeline.inject.count")} value={f64::from(count)}
                        min={1.0} max={1_000.0}
                        on_change={{ let n = fail_count.clone(); Callback::from(move |v: f64| n.set(v as u32)) }} />
                    <div class="tl-buttons">
                        { button(i18n.t("page.timeline.inject.fail"), Some(send(fail))) }
                        { button(i18n.t("page.timeline.inject.stuck"), Some(send(stuck))) }
                    </div>
                    <div class="tl-field">
                        <label for="tl-broker">{ i18n.t("page.timeline.inject.broker") }</label>
                        <select id="tl-broker" onchange={on_broker}>
                            { for props.brokers.iter().enumerate().map(|(i, b)| html! {
                                <option value={i.to_string()} selected={i == *broker}>{ b.clone() }</option>
                            }) }
                        </select>
                    </div>
                    <div class="tl-buttons">
                        { button(i18n.t("page.timeline.inject.broker_stop"), for_broker(|broker| SimEvent::BrokerStop { broker })) }
                        { button(i18n.t("page.timeline.inject.broker_start"), for_broker(|broker| SimEvent::BrokerStart { broker })) }
                    </div>
                </fieldset>
            </div>
        </div>
    }
}
