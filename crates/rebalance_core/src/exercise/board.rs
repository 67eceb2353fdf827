//! What the site draws for an instance (queue tiles and consumers, or offset bars) and the
//! "show me" state, as plain data.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::compute::Env;
use super::group::BuiltGroup;
use super::model::{BoardSpec, Page};

/// The state "show me" opens: a page and its query parameters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShowMeState {
    /// The page.
    pub page: Page,
    /// Query parameters, filled.
    pub params: BTreeMap<String, String>,
}

/// What the site draws.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Board {
    /// A consumer group.
    Group(GroupBoard),
    /// Offset bars.
    Offsets(Vec<OffsetBarView>),
}

/// A consumer group to draw: the queue tiles a queue answer indexes into.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GroupBoard {
    /// RocketMQ's strategy name (`AVG`, `MACHINE_ROOM_NEARBY-AVG`, …).
    pub strategy: String,
    /// Queues in RocketMQ's sorted order; answers use these indices.
    pub queues: Vec<QueueTile>,
    /// Consumers in RocketMQ's sorted order.
    pub consumers: Vec<ConsumerTile>,
}

/// One queue tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueTile {
    /// Short label (`Q3`, or `broker-hz/Q0` with several brokers).
    pub label: String,
    /// Its broker.
    pub broker_name: String,
    /// Its queue id.
    pub queue_id: i32,
    /// Its machine room, if any.
    pub room: Option<String>,
}

/// One consumer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConsumerTile {
    /// Its client id.
    pub cid: String,
    /// Its machine room, if any.
    pub room: Option<String>,
}

/// One offset bar.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OffsetBarView {
    /// Label.
    pub label: String,
    /// MinOffset.
    pub min: i64,
    /// MaxOffset.
    pub max: i64,
    /// ConsumerOffset.
    pub consumer: i64,
}

impl Board {
    /// Queue labels (empty for offset bars).
    pub fn queue_labels(&self) -> Vec<String> {
        match self {
            Board::Group(g) => g.queues.iter().map(|q| q.label.clone()).collect(),
            Board::Offsets(_) => Vec::new(),
        }
    }
}

impl ShowMeState {
    /// The query string for the page (`queues=8&consumers=3`), percent-encoded.
    pub fn query(&self) -> String {
        let encode = |s: &str| {
            s.bytes()
                .map(|b| match b {
                    b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
                    other => format!("%{other:02X}"),
                })
                .collect::<String>()
        };
        self.params.iter().map(|(k, v)| format!("{}={}", encode(k), encode(v))).collect::<Vec<_>>().join("&")
    }
}
/// Builds the board of `spec`.
pub(crate) fn board(spec: &BoardSpec, env: &Env) -> Result<Board, String> {
    match spec {
        BoardSpec::Group(group) => {
            let built = BuiltGroup::new(group, None, env)?;
            let assignment = built.assign()?;
            let rooms = built.rooms.clone();
            let several = assignment
                .queues
                .iter()
                .any(|q| Some(&q.broker_name) != assignment.queues.first().map(|f| &f.broker_name));
            let queues = assignment
                .queues
                .iter()
                .map(|q| QueueTile {
                    label: if several {
                        format!("{}/Q{}", q.broker_name, q.queue_id)
                    } else {
                        format!("Q{}", q.queue_id)
                    },
                    broker_name: q.broker_name.clone(),
                    queue_id: q.queue_id,
                    room: rooms.as_ref().and_then(|r| r.broker_room(&q.broker_name)).map(str::to_owned),
                })
                .collect();
            let consumers = assignment
                .members
                .iter()
                .map(|m| ConsumerTile {
                    cid: m.cid.clone(),
                    room: rooms.as_ref().and_then(|r| r.consumer_room(&m.cid)).map(str::to_owned),
                })
                .collect();
            Ok(Board::Group(GroupBoard { strategy: assignment.strategy_name, queues, consumers }))
        }
        BoardSpec::Offsets(bars) => bars
            .iter()
            .map(|b| {
                Ok(OffsetBarView {
                    label: b.label.clone(),
                    min: env.int(&b.min)?,
                    max: env.int(&b.max)?,
                    consumer: env.int(&b.consumer)?,
                })
            })
            .collect::<Result<Vec<_>, String>>()
            .map(Board::Offsets),
    }
}
