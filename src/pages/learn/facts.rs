//! What a step's live page shows, as the [`Metric`]s a task checks and a text quotes: its URL
//! query read with the page's own reader (`playground::query::from_query`,
//! `offsets::url::decode`, the planner's `Inputs::from_query`, Troubleshoot's
//! `State::from_query`, the timeline's `query::read`), then evaluated with the core
//! (`assign`, `offset::queue_lag`, the planner's `compare` over `plan::plan`, the simulator's
//! metrics and snapshot at the timeline's tick) or the page's own ordering (Troubleshoot's
//! `ranked`), exactly as the page computes what it draws.

use rebalance_core::assignment::assign;
use rebalance_core::offset::queue_lag;
use rebalance_core::simulate::ConsumerStatus;

use super::lesson::{Metric, Value, WidgetPage};
use crate::pages::offsets::model::MAX_QUEUES;
use crate::pages::offsets::state::Notice;
use crate::pages::offsets::url::{decode as offsets_query, KEY_QUEUES};
use crate::pages::planner::state::{compare, model_code, Inputs};
use crate::pages::playground::query;
use crate::pages::timeline::query::{read as timeline_query, Notice as TimelineNotice};
use crate::pages::troubleshoot::state::State as TroubleshootState;
use crate::pages::troubleshoot::tree::{ranked, Answer};
use crate::url_state::{Problem, UrlNotice};

/// The metrics of one state of a page; a metric the state has no value for (the strategy
/// threw, so nobody holds a queue) is left out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Facts(Vec<(Metric, Value)>);

impl Facts {
    /// The value of `metric`.
    pub fn get(&self, metric: Metric) -> Option<&Value> {
        self.0.iter().find(|(m, _)| *m == metric).map(|(_, v)| v)
    }

    /// `text` with each `{metric}` replaced by its value; other braces are left as they are.
    pub fn fill(&self, text: &str) -> String {
        let mut out = text.to_owned();
        for (metric, value) in &self.0 {
            out = out.replace(&format!("{{{}}}", metric.name()), &value.text());
        }
        out
    }
}

/// The query of a URL (`?a=1&b=2` or `a=1&b=2`) as `(key, value)` pairs, `+` and `%XX`
/// decoded as `URLSearchParams` does.
pub fn query_pairs(search: &str) -> Vec<(String, String)> {
    let search = search.strip_prefix('?').unwrap_or(search);
    search
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(key), decode(value))
        })
        .collect()
}

/// `%XX` and `+` decoded; an escape that is not one is kept as written, bytes that are not
/// UTF-8 become U+FFFD.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The facts of `page` in the state its query `pairs` describe, and the page's notices about
/// values it would not use (a step's state must have none).
pub fn facts(page: WidgetPage, pairs: &[(String, String)]) -> (Facts, Vec<UrlNotice>) {
    let get = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
    match page {
        WidgetPage::Playground => playground(&get),
        WidgetPage::Offsets => offsets(&get),
        WidgetPage::Planner => planner(&get),
        WidgetPage::Troubleshoot => troubleshoot(&get),
        WidgetPage::Timeline => timeline(&get),
    }
}

/// The playground's facts: its settings and the core's assignment of them.
fn playground(get: &dyn Fn(&str) -> Option<String>) -> (Facts, Vec<UrlNotice>) {
    let (settings, notices) = query::from_query(get);
    let count = |n: usize| Value::Number(i64::try_from(n).unwrap_or(i64::MAX));
    let mut facts = vec![
        (Metric::Consumers, count(settings.hosts.len())),
        (Metric::Queues, count(usize::from(settings.queues))),
        (Metric::Brokers, count(usize::from(settings.brokers))),
        (Metric::Strategy, Value::Name(settings.mode.name().to_owned())),
    ];
    let model = settings.message_model(settings.mode);
    if let Ok(group) = assign(&model, &settings.mq_all(), &settings.cid_all()) {
        let loads = group.loads();
        facts.push((Metric::Idle, count(group.idle_members().len())));
        facts.push((Metric::Unassigned, count(group.unassigned().len())));
        if let (Some(most), Some(fewest)) = (loads.iter().max(), loads.iter().min()) {
            facts.push((Metric::Most, count(*most)));
            facts.push((Metric::Fewest, count(*fewest)));
            facts.push((Metric::Spread, count(most - fewest)));
        }
    }
    (Facts(facts), notices)
}

/// The offsets page's facts: its queues' lag and expired positions as the core computes them,
/// summed; left out when a queue's offsets are refused (the page then shows why).
fn offsets(get: &dyn Fn(&str) -> Option<String>) -> (Facts, Vec<UrlNotice>) {
    let state = offsets_query(get);
    let notices = state
        .notices
        .iter()
        .map(|notice| match notice {
            Notice::Url(notice) => notice.clone(),
            Notice::TooManyQueues { given } => UrlNotice::new(
                KEY_QUEUES,
                &format!("{given}"),
                Problem::OutOfRange { min: "1".to_owned(), max: MAX_QUEUES.to_string() },
                MAX_QUEUES,
            ),
        })
        .collect();
    let mut facts = vec![(Metric::OffsetQueues, Value::Number(state.queues.len() as i64))];
    let lags: Result<Vec<_>, _> = state.queues.iter().map(|row| queue_lag(&row.progress())).collect();
    if let Ok(lags) = lags {
        let sum = |f: fn(&rebalance_core::offset::QueueLag) -> i64| lags.iter().map(f).fold(0i64, i64::saturating_add);
        facts.push((Metric::Lag, Value::Number(sum(|l| l.lag))));
        facts.push((Metric::Expired, Value::Number(sum(|l| l.expired))));
    }
    (Facts(facts), notices)
}

/// The planner's facts: the model picked, and the plan of that model as the page computes it.
fn planner(get: &dyn Fn(&str) -> Option<String>) -> (Facts, Vec<UrlNotice>) {
    let (inputs, notices) = Inputs::from_query(get);
    let mut facts = vec![(Metric::Model, Value::Name(model_code(inputs.model).to_owned()))];
    if let Ok(comparison) = compare(&inputs) {
        let plan = comparison.plan(inputs.model);
        let flag = |on: bool| Value::Number(i64::from(on));
        facts.push((Metric::Drains, flag(plan.drain_seconds.is_some())));
        let drain = plan.drain_seconds.and_then(rebalance_core::plan::ceil_seconds);
        if let Some(seconds) = drain.and_then(|s| i64::try_from(s).ok()) {
            facts.push((Metric::Drain, Value::Number(seconds)));
        }
        if let Some(met) = plan.meets_target {
            facts.push((Metric::MeetsTarget, flag(met)));
        }
    }
    (Facts(facts), notices)
}

/// Troubleshoot's facts: the symptom picked, the causes in the order the page lists them and
/// how many are answered yes and no; nothing of the causes when no symptom is picked.
fn troubleshoot(get: &dyn Fn(&str) -> Option<String>) -> (Facts, Vec<UrlNotice>) {
    let (state, notices) = TroubleshootState::from_query(get);
    let mut facts = Vec::new();
    if let Some(symptom) = state.symptom {
        let listed = ranked(symptom, &state.answers);
        let count = |answer: Answer| listed.iter().filter(|(_, _, a)| *a == answer).count() as i64;
        facts.push((Metric::Symptom, Value::Name(symptom.id.to_owned())));
        facts.push((Metric::Likely, Value::Number(count(Answer::Yes))));
        facts.push((Metric::RuledOut, Value::Number(count(Answer::No))));
        if let (Some((_, top, _)), Some((_, last, _))) = (listed.first(), listed.last()) {
            facts.push((Metric::Top, Value::Name(top.id.to_owned())));
            facts.push((Metric::Last, Value::Name(last.id.to_owned())));
        }
    }
    (Facts(facts), notices)
}

/// The timeline's facts: its run replayed to `tl_t` by the page's own reader, and what the
/// simulator reports at that tick; nothing of the run when the preset cannot be built.
fn timeline(get: &dyn Fn(&str) -> Option<String>) -> (Facts, Vec<UrlNotice>) {
    let page = timeline_query(get);
    let notices = page
        .notices
        .iter()
        .map(|notice| match notice {
            TimelineNotice::Url(notice) => notice.clone(),
            TimelineNotice::BadEvent { item } | TimelineNotice::Refused { item, .. } => {
                UrlNotice::new("tl_events", item, Problem::Invalid, "")
            }
        })
        .collect();
    let Some(run) = page.run.as_ref() else { return (Facts::default(), notices) };
    let sim = run.main();
    let (m, snapshot) = (sim.metrics(), sim.snapshot());
    let count = |n: u64| Value::Number(i64::try_from(n).unwrap_or(i64::MAX));
    let before = run.tick().checked_sub(1).and_then(|t| sim.metrics_at(t)).map_or(0, |b| b.duplicates);
    let crashed = snapshot.consumers.iter().filter(|c| c.status == ConsumerStatus::Crashed).count();
    let locked = snapshot.queues.iter().filter(|q| q.locked_by.is_some()).count();
    let handoffs = snapshot.queues.iter().map(|q| q.handoffs).fold(0u64, u64::saturating_add);
    let facts = vec![
        (Metric::Scenario, Value::Name(run.scenario().name.clone())),
        (Metric::Tick, count(run.tick())),
        (Metric::Running, count(u64::from(m.running))),
        (Metric::Members, count(u64::from(m.members))),
        (Metric::Crashed, count(crashed as u64)),
        (Metric::Overlapping, count(u64::from(m.overlapping_queues))),
        (Metric::Orphans, count(u64::from(m.orphan_queues))),
        (Metric::Duplicates, count(m.duplicates)),
        (Metric::DuplicatesBefore, count(before)),
        (Metric::Handoffs, count(handoffs)),
        (Metric::Locked, count(locked as u64)),
        (Metric::Blocked, count(u64::from(m.blocked_queues))),
        (Metric::Retries, count(m.retries)),
        (Metric::GroupLag, count(m.group_lag)),
    ];
    (Facts(facts), notices)
}
