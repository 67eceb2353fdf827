//! The page state and its one reducer: every change the page can make is an [`Action`].
//! The URL holds the state ([`super::url`]); what the URL asked for and could not get is a
//! [`Notice`].

use std::rc::Rc;

use rebalance_core::mqadmin::{field_example_text, parse, ParsedProgress};
#[cfg(test)]
use rebalance_core::offset::QueueProgress;
use rebalance_core::MessageQueue;
use yew::Reducible;

use crate::url_state::UrlNotice;

use super::model::{
    axis_max, preset_queues, Marker, QueueRow, Timeline, DEFAULT_CONSUME, DEFAULT_GROUP, DEFAULT_PRODUCE, DEFAULT_RATE,
    DEFAULT_RESET_MIN, DEFAULT_TOPIC, MAX_QUEUES, NOW_MAX_MIN, OFFSET_LIMIT, RATE_FIELD_MAX, RESET_MAX_MIN,
    SNAPSHOT_MS,
};

/// The group of [`Action::FieldExample`] (`mqadmin consumerProgress -g order-service`).
pub const FIELD_EXAMPLE_GROUP: &str = "order-service";

/// Something the page could not use as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A URL value.
    Url(UrlNotice),
    /// More than [`MAX_QUEUES`] queues; the rest were dropped.
    TooManyQueues { given: usize },
}

/// Everything the page shows, as the reader set it.
#[derive(Clone, Debug, PartialEq)]
pub struct PageState {
    /// The queues, in the reader's order.
    pub queues: Vec<QueueRow>,
    /// The next [`QueueRow::id`].
    pub next_id: u32,
    /// The consumer group (`-g`).
    pub group: String,
    /// "Now", in minutes after the snapshot.
    pub now_min: i64,
    /// Produce rate P for the drain estimate (msg/s).
    pub produce_rate: f64,
    /// Consume rate C for the drain estimate (msg/s).
    pub consume_rate: f64,
    /// Render with `-s true` (the `#Client IP` column).
    pub client_ips: bool,
    /// Reset target, in minutes before the snapshot.
    pub reset_min: i64,
    /// The queues came from mqadmin text, so MinOffset is unknown.
    pub from_mqadmin: bool,
    /// While a marker is dragged: the bar scale at the start, kept until it is let go (the
    /// URL is written then).
    pub drag_axis: Option<i64>,
    /// What the URL asked for that the page changed.
    pub notices: Vec<Notice>,
}

impl Default for PageState {
    fn default() -> Self {
        let queues = preset_queues();
        PageState {
            next_id: queues.len() as u32,
            queues,
            group: DEFAULT_GROUP.to_owned(),
            now_min: 0,
            produce_rate: DEFAULT_PRODUCE,
            consume_rate: DEFAULT_CONSUME,
            client_ips: false,
            reset_min: DEFAULT_RESET_MIN,
            from_mqadmin: false,
            drag_axis: None,
            notices: Vec::new(),
        }
    }
}

impl PageState {
    /// The right end of every bar (fixed while a marker is dragged).
    pub fn axis(&self) -> i64 {
        self.drag_axis.unwrap_or_else(|| axis_max(&self.queues))
    }

    /// "Now" as epoch ms.
    pub fn now_ms(&self) -> i64 {
        SNAPSHOT_MS.saturating_add(self.now_min.saturating_mul(60_000))
    }

    /// The reset target as epoch ms.
    pub fn reset_target_ms(&self) -> i64 {
        SNAPSHOT_MS.saturating_sub(self.reset_min.saturating_mul(60_000))
    }

    /// Every queue's progress, in order.
    #[cfg(test)]
    pub fn progress(&self) -> Vec<QueueProgress> {
        self.queues.iter().map(QueueRow::progress).collect()
    }

    fn row_mut(&mut self, id: u32) -> Option<&mut QueueRow> {
        self.queues.iter_mut().find(|q| q.id == id)
    }

    /// A new queue after the last one: same topic and broker, the next free queue id.
    fn new_queue(&self) -> QueueRow {
        let last = self.queues.last().map(|q| q.mq.clone());
        let (topic, broker) =
            last.map_or((DEFAULT_TOPIC.to_owned(), "broker-a".to_owned()), |mq| (mq.topic, mq.broker_name));
        let same = |q: &&QueueRow| q.mq.topic == topic && q.mq.broker_name == broker;
        let queue_id = self.queues.iter().filter(same).map(|q| q.mq.queue_id.saturating_add(1)).max().unwrap_or(0);
        QueueRow {
            id: self.next_id,
            mq: MessageQueue::new(topic, broker, queue_id),
            min: 0,
            max: 1_000,
            consumer: 800,
            pull: Some(800),
            timeline: Timeline::ending_at_snapshot(1_000, DEFAULT_RATE),
            client_ip: None,
        }
    }

    /// Replaces the queues with rows read from mqadmin text (MinOffset 0, unknown).
    /// The example of real output, loaded as pasted text.
    pub(super) fn load_field_example(&mut self) {
        // The core's own rendering always parses; were it ever refused, nothing changes.
        if let Ok(parsed) = parse(&field_example_text(SNAPSHOT_MS)) {
            self.load_parsed(&parsed);
            self.group = FIELD_EXAMPLE_GROUP.to_owned();
        }
    }

    fn load_parsed(&mut self, parsed: &ParsedProgress) {
        self.notices.clear();
        if parsed.queues.len() > MAX_QUEUES {
            self.notices.push(Notice::TooManyQueues { given: parsed.queues.len() });
        }
        self.queues = parsed
            .queues
            .iter()
            .take(MAX_QUEUES)
            .zip(self.next_id..)
            .map(|(row, id)| {
                let p = &row.progress;
                QueueRow {
                    id,
                    mq: p.mq.clone(),
                    min: p.min_offset.clamp(0, OFFSET_LIMIT),
                    max: p.max_offset.clamp(0, OFFSET_LIMIT),
                    consumer: p.consumer_offset.clamp(0, OFFSET_LIMIT),
                    pull: p.pull_offset.map(|o| o.clamp(0, OFFSET_LIMIT)),
                    timeline: Timeline::ending_at_snapshot(p.max_offset.clamp(0, OFFSET_LIMIT), DEFAULT_RATE),
                    client_ip: row.client_ip.clone(),
                }
            })
            .collect();
        self.next_id = self.next_id.saturating_add(self.queues.len() as u32);
        self.client_ips = parsed.client_ip_column;
        // mqadmin prints no MinOffset: the core says so, and the page shows why that matters.
        self.from_mqadmin = !parsed.min_offset_known;
    }
}

/// Every change the page can make.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Back to the seed's example (keeps the rates, "now" and the reset target).
    Preset,
    /// Append a queue.
    AddQueue,
    /// Remove the queue with this id.
    RemoveQueue(u32),
    /// A number field set a marker exactly.
    Set { id: u32, marker: Marker, value: i64 },
    /// A drag or a key moved a marker (kept valid).
    Drag { id: u32, marker: Marker, value: i64 },
    /// A drag starts (with the bar scale to keep) or ends (`None`).
    Dragging(Option<i64>),
    /// Whether the queue's PullOffset is known.
    PullKnown { id: u32, known: bool },
    /// The consumer group name.
    Group(String),
    /// "Now", minutes after the snapshot.
    Now(i64),
    /// Produce rate P.
    Produce(f64),
    /// Consume rate C.
    Consume(f64),
    /// The `-s true` toggle.
    ClientIps(bool),
    /// Reset target, minutes before the snapshot.
    ResetMin(i64),
    /// Queues read from pasted mqadmin text.
    Load(Rc<ParsedProgress>),
    /// The example of real output (`mqadmin::field_example_text`), loaded as pasted text.
    FieldExample,
    /// Hide the URL notices.
    DismissNotices,
}

impl Reducible for PageState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Preset => {
                // New ids: no card (and no half-typed field in it) is reused for another queue.
                let first = next.next_id;
                next.queues =
                    preset_queues().into_iter().map(|q| QueueRow { id: q.id.saturating_add(first), ..q }).collect();
                next.next_id = next.next_id.saturating_add(next.queues.len() as u32);
                let fresh = PageState::default();
                next.group = fresh.group;
                next.from_mqadmin = false;
                next.notices.clear();
            }
            Action::AddQueue if next.queues.len() < MAX_QUEUES => {
                let row = next.new_queue();
                next.next_id = next.next_id.saturating_add(1);
                next.queues.push(row);
            }
            Action::AddQueue => {}
            Action::RemoveQueue(id) => next.queues.retain(|q| q.id != id),
            Action::Set { id, marker, value } => {
                if let Some(row) = next.row_mut(id) {
                    row.set(marker, value);
                }
            }
            Action::Drag { id, marker, value } => {
                if let Some(row) = next.row_mut(id) {
                    row.drag(marker, value);
                }
            }
            Action::Dragging(axis) => next.drag_axis = axis,
            Action::PullKnown { id, known } => {
                if let Some(row) = next.row_mut(id) {
                    row.pull = known.then_some(row.pull.unwrap_or(row.consumer));
                }
            }
            Action::Group(group) => next.group = group,
            Action::Now(minutes) => next.now_min = minutes.clamp(0, NOW_MAX_MIN),
            Action::Produce(rate) => next.produce_rate = rate.clamp(0.0, RATE_FIELD_MAX),
            Action::Consume(rate) => next.consume_rate = rate.clamp(0.0, RATE_FIELD_MAX),
            Action::ClientIps(on) => next.client_ips = on,
            Action::ResetMin(minutes) => next.reset_min = minutes.clamp(0, RESET_MAX_MIN),
            Action::Load(parsed) => next.load_parsed(&parsed),
            Action::FieldExample => next.load_field_example(),
            Action::DismissNotices => next.notices.clear(),
        }
        Rc::new(next)
    }
}
