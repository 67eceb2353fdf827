//! The lessons as data: chapters of steps, each step a text beside a live page in an exact
//! state, many with a task checked on that page's state.
//!
//! Authored in `lessons/<chapter>.toml` (both languages in one file, listed in order in
//! `lessons/chapters.txt`); the site's `build.rs` reads them with the `toml` crate, parses each
//! task's checks with [`Check::parse`] and writes these types with postcard, which the page
//! decodes (`super::catalog`). This file is included by `build.rs` too, so it needs only serde
//! and the core.

pub use rebalance_core::exercise::model::Text;
use serde::{Deserialize, Serialize};

/// The page a step shows live.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WidgetPage {
    /// The playground (`#/`).
    Playground,
    /// Offsets (`#/offsets`).
    Offsets,
    /// The planner (`#/planner`).
    Planner,
    /// Troubleshoot (`#/troubleshoot`), shown with the site's header and footer: it has no
    /// embed view, and its symptoms, questions and causes are the whole page.
    Troubleshoot,
    /// The timeline (`#/timeline`): a preset's run at one tick.
    Timeline,
}

impl WidgetPage {
    /// Its name in a lesson file.
    #[allow(dead_code)] // used by build.rs
    pub fn parse(name: &str) -> Option<WidgetPage> {
        match name {
            "playground" => Some(WidgetPage::Playground),
            "offsets" => Some(WidgetPage::Offsets),
            "planner" => Some(WidgetPage::Planner),
            "troubleshoot" => Some(WidgetPage::Troubleshoot),
            "timeline" => Some(WidgetPage::Timeline),
            _ => None,
        }
    }

    /// The route path of the page.
    pub fn path(self) -> &'static str {
        match self {
            WidgetPage::Playground => "/",
            WidgetPage::Offsets => "/offsets",
            WidgetPage::Planner => "/planner",
            WidgetPage::Troubleshoot => "/troubleshoot",
            WidgetPage::Timeline => "/timeline",
        }
    }
}

/// A step's live page and the exact state it opens in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Widget {
    /// The page.
    pub page: WidgetPage,
    /// Its URL query keys for the state (`pg_q=8&pg_c=3`), as the page writes them.
    pub query: String,
}

/// A fact about a page's state that a task checks and a text can quote (`{idle}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Metric {
    /// Playground: the ConsumerGroup's members.
    Consumers,
    /// Playground: the topic's MessageQueues.
    Queues,
    /// Playground: the brokers the queues are spread over.
    Brokers,
    /// Playground: members the strategy gave no queue.
    Idle,
    /// Playground: queues no member holds.
    Unassigned,
    /// Playground: the most queues one member holds.
    Most,
    /// Playground: the fewest queues one member holds.
    Fewest,
    /// Playground: the most queues one member holds less the fewest (0: evenly spread).
    Spread,
    /// Playground: the strategy's name (`AVG`…) or `BROADCASTING`.
    Strategy,
    /// Offsets: the group's lag, summed over its queues.
    Lag,
    /// Offsets: expired positions (below MinOffset, never consumed), summed.
    Expired,
    /// Offsets: the queues shown.
    OffsetQueues,
    /// Planner: the drain time in whole seconds, rounded up as the page shows it; unknown
    /// when the backlog never drains.
    Drain,
    /// Planner: 1 when the backlog drains, 0 when it never does.
    Drains,
    /// Planner: 1 when the target time is met, 0 when it is missed; unknown for a fixed
    /// instance count.
    MeetsTarget,
    /// Planner: the load-balancing model planned (`queue` or `message`, as its URL writes it).
    Model,
    /// Troubleshoot: the id of the symptom picked (`lag-stuck`); unknown when none is.
    Symptom,
    /// Troubleshoot: the id of the cause listed first (`stuck-message`): likely causes move
    /// up, ruled-out ones to the end.
    Top,
    /// Troubleshoot: the id of the cause listed last.
    Last,
    /// Troubleshoot: the causes answered yes (likely).
    Likely,
    /// Troubleshoot: the causes answered no (ruled out).
    RuledOut,
    /// Timeline: the preset's name (`crash`).
    Scenario,
    /// Timeline: the current tick.
    Tick,
    /// Timeline: running consumer processes (a paused one is not running).
    Running,
    /// Timeline: consumers in the broker's member list (its channels).
    Members,
    /// Timeline: killed consumer processes.
    Crashed,
    /// Timeline: queues held by two or more live processes.
    Overlapping,
    /// Timeline: readable queues held by no running process.
    Orphans,
    /// Timeline: messages consumed again although already consumed, so far.
    Duplicates,
    /// Timeline: the same count one tick earlier (0 at tick 0), so a task can ask for the
    /// tick of the first duplicate.
    DuplicatesBefore,
    /// Timeline: times a new process took a queue over, so far.
    Handoffs,
    /// Timeline, ordered consumption: queues whose broker lock is live.
    Locked,
    /// Timeline, ordered consumption: held queues their holder cannot consume now (no valid
    /// lock, or a failing message).
    Blocked,
    /// Timeline: failed consumption attempts so far (retries in place, sends back).
    Retries,
    /// Timeline: the group's lag now.
    GroupLag,
}

impl Metric {
    /// Every metric with its name in a check and a text's placeholder.
    pub const ALL: [(&'static str, Metric); 35] = [
        ("consumers", Metric::Consumers),
        ("queues", Metric::Queues),
        ("brokers", Metric::Brokers),
        ("idle", Metric::Idle),
        ("unassigned", Metric::Unassigned),
        ("most", Metric::Most),
        ("fewest", Metric::Fewest),
        ("spread", Metric::Spread),
        ("strategy", Metric::Strategy),
        ("lag", Metric::Lag),
        ("expired", Metric::Expired),
        ("offset_queues", Metric::OffsetQueues),
        ("drain", Metric::Drain),
        ("drains", Metric::Drains),
        ("meets_target", Metric::MeetsTarget),
        ("model", Metric::Model),
        ("symptom", Metric::Symptom),
        ("top", Metric::Top),
        ("last", Metric::Last),
        ("likely", Metric::Likely),
        ("ruled_out", Metric::RuledOut),
        ("scenario", Metric::Scenario),
        ("tick", Metric::Tick),
        ("running", Metric::Running),
        ("members", Metric::Members),
        ("crashed", Metric::Crashed),
        ("overlapping", Metric::Overlapping),
        ("orphans", Metric::Orphans),
        ("duplicates", Metric::Duplicates),
        ("duplicates_before", Metric::DuplicatesBefore),
        ("handoffs", Metric::Handoffs),
        ("locked", Metric::Locked),
        ("blocked", Metric::Blocked),
        ("retries", Metric::Retries),
        ("group_lag", Metric::GroupLag),
    ];

    /// The metric named `name`.
    #[cfg_attr(not(test), allow(dead_code))] // used by build.rs and the tests
    pub fn parse(name: &str) -> Option<Metric> {
        Metric::ALL.iter().find(|(n, _)| *n == name).map(|(_, m)| *m)
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        Metric::ALL.iter().find(|(_, m)| *m == self).map_or("", |(n, _)| n)
    }

    /// The page whose state it is a fact of.
    #[cfg_attr(not(test), allow(dead_code))] // used by build.rs and the tests
    pub fn page(self) -> WidgetPage {
        match self {
            Metric::Lag | Metric::Expired | Metric::OffsetQueues => WidgetPage::Offsets,
            Metric::Drain | Metric::Drains | Metric::MeetsTarget | Metric::Model => WidgetPage::Planner,
            Metric::Symptom | Metric::Top | Metric::Last | Metric::Likely | Metric::RuledOut => {
                WidgetPage::Troubleshoot
            }
            Metric::Scenario
            | Metric::Tick
            | Metric::Running
            | Metric::Members
            | Metric::Crashed
            | Metric::Overlapping
            | Metric::Orphans
            | Metric::Duplicates
            | Metric::DuplicatesBefore
            | Metric::Handoffs
            | Metric::Locked
            | Metric::Blocked
            | Metric::Retries
            | Metric::GroupLag => WidgetPage::Timeline,
            _ => WidgetPage::Playground,
        }
    }

    /// Whether its value is a name (a strategy, a planner's model, a symptom's or a cause's
    /// id, a timeline preset) rather than a count.
    #[cfg_attr(not(test), allow(dead_code))] // used by build.rs and the tests
    pub fn is_name(self) -> bool {
        matches!(
            self,
            Metric::Strategy | Metric::Model | Metric::Symptom | Metric::Top | Metric::Last | Metric::Scenario
        )
    }
}

/// A comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `>=`
    Ge,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `<`
    Lt,
}

impl Op {
    /// The operators as written, longest first (so `>=` is not read as `>`).
    #[cfg_attr(not(test), allow(dead_code))] // used by build.rs and the tests
    const ALL: [(&'static str, Op); 6] =
        [("==", Op::Eq), ("!=", Op::Ne), (">=", Op::Ge), ("<=", Op::Le), (">", Op::Gt), ("<", Op::Lt)];
}

/// What a metric is compared with, or what it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Value {
    /// A count.
    Number(i64),
    /// A name (the strategy, a symptom's or a cause's id).
    Name(String),
}

impl Value {
    /// As a text quotes it.
    pub fn text(&self) -> String {
        match self {
            Value::Number(n) => n.to_string(),
            Value::Name(name) => name.clone(),
        }
    }
}

/// One condition on a page's state, e.g. `idle >= 1`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    /// What is compared.
    pub metric: Metric,
    /// How.
    pub op: Op,
    /// With what.
    pub value: Value,
}

impl Check {
    /// Reads `metric op value` (`idle >= 1`, `strategy == AVG_BY_CIRCLE`, `top ==
    /// stuck-message`); a name can only be compared with `==` or `!=`, a count with any
    /// operator.
    #[cfg_attr(not(test), allow(dead_code))] // used by build.rs and the tests
    pub fn parse(text: &str) -> Result<Check, String> {
        let (at, symbol, op) = Op::ALL
            .iter()
            .find_map(|(symbol, op)| text.find(symbol).map(|at| (at, *symbol, *op)))
            .ok_or_else(|| format!("`{text}`: no comparison (==, !=, >=, <=, >, <)"))?;
        let name = text[..at].trim();
        let value = text[at + symbol.len()..].trim();
        let metric = Metric::parse(name).ok_or_else(|| {
            let names: Vec<&str> = Metric::ALL.iter().map(|(n, _)| *n).collect();
            format!("`{text}`: unknown fact `{name}` (one of {})", names.join(", "))
        })?;
        let value = match (metric.is_name(), value.parse::<i64>()) {
            (true, _) if matches!(op, Op::Eq | Op::Ne) && !value.is_empty() => Value::Name(value.to_owned()),
            (true, _) => return Err(format!("`{text}`: `{name}` is a name, compared with == or !=")),
            (_, Ok(n)) => Value::Number(n),
            (_, Err(_)) => return Err(format!("`{text}`: `{value}` is not a whole number")),
        };
        Ok(Check { metric, op, value })
    }

    /// Whether the check holds when the metric is `actual`; an unknown fact (`None`: e.g. the
    /// strategy threw, so nobody holds a queue) never does.
    pub fn holds(&self, actual: Option<&Value>) -> bool {
        let ordering = match (actual, &self.value) {
            (Some(Value::Number(a)), Value::Number(b)) => a.cmp(b),
            (Some(Value::Name(a)), Value::Name(b)) if a == b => std::cmp::Ordering::Equal,
            (Some(Value::Name(_)), Value::Name(_)) => return self.op == Op::Ne,
            _ => return false,
        };
        match self.op {
            Op::Eq => ordering.is_eq(),
            Op::Ne => ordering.is_ne(),
            Op::Ge => ordering.is_ge(),
            Op::Le => ordering.is_le(),
            Op::Gt => ordering.is_gt(),
            Op::Lt => ordering.is_lt(),
        }
    }
}

/// What the reader is asked to do in the live page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    /// The goal, e.g. "Make one consumer idle".
    pub goal: Text,
    /// The conditions, all of which hold when the task is done.
    pub checks: Vec<Check>,
    /// Shown after a wrong try: the method, not the answer.
    pub hint: Text,
    /// A state that does the task (the page's query), which the content check performs.
    pub solution: String,
}

/// One step of a chapter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// Its heading.
    pub title: Text,
    /// Its paragraphs (blank lines apart in the file); `{metric}` quotes the live page's
    /// start state, e.g. `{most}`.
    pub text: Text,
    /// The live page beside it.
    pub widget: Widget,
    /// What to do in it, if anything.
    pub task: Option<Task>,
}

/// A chapter: a sequence of steps, then exercises of the catalog.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chapter {
    /// Its id (the file's name, the path `#/learn/<id>`).
    pub id: String,
    /// Its title.
    pub title: Text,
    /// One sentence on the chapter map.
    pub summary: Text,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Exercises of the catalog that practise it: id and title (the title taken from the
    /// catalog when the chapter is encoded, so the page needs no catalog).
    pub exercises: Vec<(String, Text)>,
}
