//! The playground's state machine: settings in, the core's assignment and moves out, plus
//! a ready-to-draw [`View`]. It runs only when the reader changes something (it is the
//! page's reducer), never on a plain re-render, and it has no browser dependency, so the
//! native tests cover it.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use rebalance_core::allocate::{allocate, Strategy};
use rebalance_core::assignment::{assign, moves, GroupAssignment, MessageModel, Moves};
use rebalance_core::message_queue::{sort_cids, sort_queues};
use rebalance_core::{Error, MessageQueue};
use yew::AttrValue;

use super::predict::Mark;
use super::settings::{cid_of, Action, Mode, QueueRef, Settings, GROUP};
use crate::url_state::UrlNotice;

/// One queue of the topic, ready to draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueInfo {
    /// Stable identity (`a0`): the tile's key across renames and re-sorts.
    pub key: AttrValue,
    /// `Q{i}`: the queue's position in the sorted `mqAll`, the index the strategies use.
    pub label: AttrValue,
    /// `MessageQueue [topic=…, brokerName=…, queueId=…]`.
    pub title: AttrValue,
    /// Broker index (for its colour).
    pub broker: u8,
    /// The reference (for CONFIG clicks).
    pub queue: QueueRef,
}

/// One queue tile in a lane or in the tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    /// Index into [`View::queues`].
    pub queue: usize,
    /// Its owner changed in the last rebalance.
    pub moved: bool,
    /// More than one distinct cid holds it.
    pub overlap: bool,
    /// What it shows about a prediction.
    pub guess: Guess,
}

/// What a tile shows about a prediction (see `predict.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Guess {
    /// No question asked.
    #[default]
    Off,
    /// "Which queues will move?" is open: the tile is a button, pressed when picked.
    Open {
        /// The reader picked it.
        picked: bool,
    },
    /// The change is shown: whether the prediction about this queue was right.
    Marked(Mark),
}

/// One member of the group: a lane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaneView {
    /// Its cid.
    pub cid: AttrValue,
    /// Its host number (for kill, duplicate and its room).
    pub host: u8,
    /// 0 for the first process with this cid, 1 for a second one (cid conflict), …
    pub copy: usize,
    /// Its machine room (0 = none).
    pub room: u8,
    /// The queues it holds, in `allocate`'s order.
    pub tiles: Vec<Tile>,
    /// CONFIG only: configured queues that are not in `mqAll` (RocketMQ returns them anyway).
    pub outside: Vec<AttrValue>,
    /// Holds nothing.
    pub idle: bool,
    /// BROADCASTING with many tiles: the lane holds every queue and draws one chip saying
    /// so instead of every tile (tens of thousands of tiles would make the page sluggish).
    pub all_queues: Option<usize>,
}

/// The consumer whose heartbeat has not reached the broker yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LateView {
    /// Its cid (not in cidAll).
    pub cid: AttrValue,
    /// Labels of what its own `allocate` call returned.
    pub queues: Vec<AttrValue>,
    /// RocketMQ's `[BUG] … not in cidAll` line, or the logged exception.
    pub log: Option<String>,
}

/// Everything the page draws, computed once per change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// The queues of the assignment shown, in sorted order.
    pub queues: Rc<Vec<QueueInfo>>,
    /// One lane per member, in the core's (sorted) member order.
    pub lanes: Vec<Rc<LaneView>>,
    /// Queues nobody holds.
    pub tray: Vec<Tile>,
    /// `moves()` of the last rebalance.
    pub moves: Rc<Moves>,
    /// Queues held by more than one distinct cid.
    pub overlap: usize,
    /// The logged exception when the last rebalance failed (the lanes then show the last
    /// allocation that worked: RebalanceImpl keeps its queues).
    pub error: Option<String>,
    /// The late consumer, when shown.
    pub late: Option<LateView>,
    /// Broker index and brokerName, for the colour legend.
    pub brokers: Vec<(u8, AttrValue)>,
}

/// The page state: settings, the last good assignment, the view.
#[derive(Clone, Debug, PartialEq)]
pub struct Lab {
    /// What the reader set.
    pub settings: Settings,
    /// URL values that were replaced when the page opened.
    pub notices: Vec<UrlNotice>,
    /// The last assignment that worked (with the settings it was computed for).
    pub assignment: Option<Rc<GroupAssignment>>,
    /// What the page draws.
    pub view: Rc<View>,
    /// Bumped on every rebalance.
    pub version: u64,
    /// The view and assignment before the last rebalance (what Replay, Step through and a
    /// prediction start from).
    pub before: Option<(Rc<View>, Option<Rc<GroupAssignment>>)>,
    inputs: Inputs,
}

/// What the core's `assign` takes: the model, `mqAll` and `cidAll` (before sorting).
pub type Inputs = (MessageModel, Vec<MessageQueue>, Vec<String>);

/// Above this many tiles in total, BROADCASTING lanes show one "every queue" chip each.
const COLLAPSE_TILES: usize = 2_048;

/// RocketMQ's log line for an exception thrown by `allocate` (RebalanceImpl catches it).
pub fn exception_log(strategy_name: &str, error: &Error) -> String {
    format!(
        "allocate message queue exception. strategy name: {strategy_name}, ex: java.lang.IllegalArgumentException: {error}"
    )
}

impl Lab {
    /// The page as opened with `settings`.
    pub fn new(settings: Settings, notices: Vec<UrlNotice>) -> Lab {
        let inputs = inputs_of(&settings);
        let (assignment, error) = match assign(&inputs.0, &inputs.1, &inputs.2) {
            Ok(a) => (Some(Rc::new(a)), None),
            Err(e) => (None, Some(exception_log(&model_name(&inputs.0), &e))),
        };
        let moves = assignment.as_ref().map(|a| moves(a, a)).unwrap_or_default();
        let view = build_view(&settings, &inputs, assignment.as_deref(), moves, error, None);
        Lab { settings, notices, assignment, view: Rc::new(view), version: 0, before: None, inputs }
    }

    /// The state after `action`: a rebalance when the queues, members or strategy changed.
    pub fn apply(&self, action: &Action) -> Lab {
        let settings = self.settings.apply(action);
        if settings == self.settings {
            return self.clone();
        }
        let inputs = inputs_of(&settings);
        if inputs == self.inputs {
            let view = View { late: late_view(&settings, &inputs), ..(*self.view).clone() };
            return Lab { settings, view: Rc::new(view), ..self.clone() };
        }
        let (assignment, rebalance, error) = match assign(&inputs.0, &inputs.1, &inputs.2) {
            Ok(next) => {
                let rebalance =
                    self.assignment.as_deref().map_or_else(|| moves(&next, &next), |prev| moves(prev, &next));
                (Some(Rc::new(next)), rebalance, None)
            }
            Err(e) => (self.assignment.clone(), Moves::default(), Some(exception_log(&model_name(&inputs.0), &e))),
        };
        let previous = self.assignment.as_deref().map(|a| (a.queues.as_slice(), &self.view.queues));
        let view = build_view(&settings, &inputs, assignment.as_deref(), rebalance, error, previous);
        Lab {
            settings,
            notices: self.notices.clone(),
            assignment,
            view: Rc::new(view),
            version: self.version + 1,
            before: Some((Rc::clone(&self.view), self.assignment.clone())),
            inputs,
        }
    }
}

fn model_name(model: &MessageModel) -> String {
    match model {
        MessageModel::Clustering(strategy) => strategy.name(),
        MessageModel::Broadcasting => MessageModel::BROADCASTING.to_owned(),
    }
}

fn inputs_of(s: &Settings) -> Inputs {
    (s.message_model(s.mode), s.mq_all(), s.cid_all())
}

/// The queues of `assignment` as tiles' data (keys from the settings' broker names).
pub fn queue_infos(settings: &Settings, queues: &[MessageQueue]) -> Vec<QueueInfo> {
    let refs: HashMap<MessageQueue, QueueRef> =
        settings.queue_refs().into_iter().map(|q| (settings.message_queue(q), q)).collect();
    queues
        .iter()
        .enumerate()
        .map(|(i, mq)| {
            let title = mq.to_string();
            // A queue of another layout (only after a failed rebalance) keys by its name.
            let (key, queue) = match refs.get(mq) {
                Some(q) => (q.key(), *q),
                None => (title.clone(), QueueRef { broker: 0, id: 0 }),
            };
            QueueInfo {
                key: key.into(),
                label: format!("Q{i}").into(),
                title: title.into(),
                broker: queue.broker,
                queue,
            }
        })
        .collect()
}

/// The queues an earlier view drew, with the assignment's queue list they were made from.
pub type PreviousQueues<'a> = (&'a [MessageQueue], &'a Rc<Vec<QueueInfo>>);

/// Builds the drawable view of `assignment` (computed from `inputs`) after `rebalance`.
pub fn build_view(
    settings: &Settings,
    inputs: &Inputs,
    assignment: Option<&GroupAssignment>,
    rebalance: Moves,
    error: Option<String>,
    previous: Option<PreviousQueues>,
) -> View {
    let late = late_view(settings, inputs);
    let brokers = (0..settings.brokers).map(|b| (b, AttrValue::from(settings.broker_name(b)))).collect();
    let Some(a) = assignment else {
        return View { moves: Rc::new(rebalance), error, late, brokers, ..View::default() };
    };
    // The same queues as last time: reuse their tiles' data (a slider that only changes the
    // consumers formats no queue names).
    let queues = match previous {
        Some((before, infos)) if before == a.queues.as_slice() => Rc::clone(infos),
        _ => Rc::new(queue_infos(settings, &a.queues)),
    };
    let moved: HashSet<&MessageQueue> = rebalance.moved.iter().map(|m| &m.mq).collect();
    let overlapping: HashSet<usize> = a.overlapping().into_iter().collect();
    let tile = |q: usize| Tile {
        queue: q,
        moved: a.queues.get(q).is_some_and(|mq| moved.contains(mq)),
        overlap: overlapping.contains(&q),
        guess: Guess::Off,
    };
    let idle: HashSet<usize> = a.idle_members().into_iter().collect();
    let collapse = settings.mode == Mode::Broadcasting && a.queues.len() * a.members.len() > COLLAPSE_TILES;
    let mut seen: Vec<&str> = Vec::new();
    let lanes = a
        .members
        .iter()
        .enumerate()
        .map(|(m, member)| {
            let copy = seen.iter().filter(|c| **c == member.cid).count();
            seen.push(&member.cid);
            let host = host_of(&member.cid);
            Rc::new(LaneView {
                cid: member.cid.clone().into(),
                host,
                copy,
                room: settings.consumer_room(host),
                tiles: if collapse { Vec::new() } else { member.queues.iter().map(|&q| tile(q)).collect() },
                outside: member.outside.iter().map(|mq| AttrValue::from(mq.to_string())).collect(),
                idle: idle.contains(&m),
                all_queues: collapse.then_some(member.queues.len()),
            })
        })
        .collect();
    let tray = a.unassigned().into_iter().map(tile).collect();
    View { queues, lanes, tray, moves: Rc::new(rebalance), overlap: overlapping.len(), error, late, brokers }
}

/// The host number in `192.168.0.{host}@pid` (0 if the cid is not one of ours).
fn host_of(cid: &str) -> u8 {
    cid.strip_prefix("192.168.0.").and_then(|rest| rest.split('@').next()).and_then(|h| h.parse().ok()).unwrap_or(0)
}

/// What `allocate` returns to a consumer that is running but missing from `cidAll`.
fn late_view(settings: &Settings, inputs: &Inputs) -> Option<LateView> {
    if !settings.late {
        return None;
    }
    let cid = cid_of(settings.next_host());
    let Mode::Clustering(_) = settings.mode else {
        return Some(LateView { cid: cid.into(), queues: Vec::new(), log: None });
    };
    let strategy: Strategy = settings.current_strategy()?;
    // RebalanceImpl sorts both lists before calling the strategy.
    let mut mq_all = inputs.1.clone();
    sort_queues(&mut mq_all);
    mq_all.dedup();
    let mut cid_all = inputs.2.clone();
    sort_cids(&mut cid_all);
    let (queues, log) = match allocate(&strategy, GROUP, &cid, &mq_all, &cid_all) {
        Ok(allocation) => {
            let labels = allocation
                .queues
                .iter()
                .map(|mq| match mq_all.iter().position(|m| m == mq) {
                    Some(i) => AttrValue::from(format!("Q{i}")),
                    None => AttrValue::from(mq.to_string()),
                })
                .collect();
            (labels, allocation.log)
        }
        Err(e) => (Vec::new(), Some(exception_log(&strategy.name(), &e))),
    };
    Some(LateView { cid: cid.into(), queues, log })
}

/// Reducer glue: every [`Action`] goes through [`Lab::apply`].
impl yew::Reducible for Lab {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        if self.settings.apply(&action) == self.settings {
            return self;
        }
        Rc::new(self.apply(&action))
    }
}
