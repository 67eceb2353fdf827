//! Reset offset by time (SPEC section 5, `mqadmin resetOffsetByTime`).
//!
//! A reset rewrites the group's `ConsumerOffset` of each queue to the first offset whose
//! message was stored at or after the target time. Each queue is searched on its own, so
//! queues land on different offsets for the same time. Nothing else changes: no message
//! is copied or moved and `MaxOffset` stays where it is. Moving the cursor backward
//! replays messages the group already consumed; moving it forward skips messages it never
//! processed.
//!
//! The store times come from samples `(offset, store_timestamp_ms)`: the messages the
//! model knows about. Samples need not be sorted, and store times need not grow with the
//! offset (the search takes the smallest qualifying offset, not the first one found).

use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize, Serializer};

use crate::offset::validate_offsets;
use crate::{Error, MessageQueue, Result};

/// One stored message's position and store time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoreSample {
    /// The message's QueueOffset.
    pub offset: i64,
    /// When the broker stored it (epoch ms).
    pub store_timestamp_ms: i64,
}

/// One queue as the reset sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueResetInput {
    /// The queue.
    pub mq: MessageQueue,
    /// `MinOffset`.
    pub min_offset: i64,
    /// `MaxOffset`.
    pub max_offset: i64,
    /// The group's current `ConsumerOffset`.
    pub consumer_offset: i64,
    /// Store times of messages in `[min_offset, max_offset)`; samples below `min_offset`
    /// describe deleted messages and are ignored.
    #[serde(default)]
    pub samples: Vec<StoreSample>,
}

/// Which way the cursor moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Direction {
    /// Backward: already consumed messages are delivered again.
    Replay,
    /// Forward: unconsumed messages are never delivered to this group.
    Skip,
    /// The cursor stays.
    Unchanged,
}

/// One queue's reset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueReset {
    /// The queue.
    pub mq: MessageQueue,
    /// `ConsumerOffset` before.
    pub old_offset: i64,
    /// `ConsumerOffset` after, within `[min_offset, max_offset]`.
    pub new_offset: i64,
    /// Backward, forward or unchanged.
    pub direction: Direction,
    /// `old - new` when moving backward, else 0.
    pub replayed: i64,
    /// `new - old` when moving forward, else 0. When the old cursor was below MinOffset this
    /// includes `expired` positions that were already gone.
    pub skipped: i64,
    /// `max(0, min - old)`: positions lost to retention before the reset.
    pub expired: i64,
}

/// One queue's outcome: the reset, or why its offsets were refused.
///
/// Serialized as `{"mq": …, "reset": {…}}` or `{"mq": …, "error": "…"}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueueResetOutcome {
    /// The queue.
    pub mq: MessageQueue,
    /// The reset, or the queue's [`Error::InvalidProgress`].
    pub result: Result<QueueReset>,
}

impl Serialize for QueueResetOutcome {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("QueueResetOutcome", 2)?;
        s.serialize_field("mq", &self.mq)?;
        match &self.result {
            Ok(reset) => s.serialize_field("reset", reset)?,
            Err(e) => s.serialize_field("error", &e.to_string())?,
        }
        s.end()
    }
}

/// Every queue's reset and the totals over the valid ones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResetReport {
    /// One entry per input queue, in input order.
    pub queues: Vec<QueueResetOutcome>,
    /// Sum of `replayed`.
    pub total_replayed: i64,
    /// Sum of `skipped`.
    pub total_skipped: i64,
    /// How many queues were refused.
    pub queues_with_errors: usize,
}

/// The offset a reset to `target_ms` gives one queue (like the broker's search by time):
/// the smallest sampled offset in `[min, max)` whose store time is `>= target_ms`;
/// `MinOffset` when every known message is at or after the target (a time older than the
/// queue's first stored message clamps to MinOffset); `MaxOffset` when none is.
///
/// A non-empty queue without any sample in `[min, max)` cannot be searched and is an
/// error, as is a sample at or beyond `MaxOffset` (that message does not exist).
///
/// A ConsumerOffset past MaxOffset (a negative `#Diff`: the two were read at different
/// moments, see `offset.rs`) is reset like any other; `replayed` counts only the messages
/// that exist, below MaxOffset.
pub fn reset_queue(q: &QueueResetInput, target_ms: i64) -> Result<QueueReset> {
    validate_offsets(&q.mq, q.min_offset, q.max_offset, q.consumer_offset.min(q.max_offset), None)?;
    let refuse = |reason: String| Error::InvalidProgress { queue: q.mq.to_string(), reason };
    if let Some(s) = q.samples.iter().find(|s| s.offset >= q.max_offset) {
        return Err(refuse(format!(
            "sample offset {} is at or beyond MaxOffset {}; that message does not exist",
            s.offset, q.max_offset
        )));
    }
    let stored: Vec<&StoreSample> = q.samples.iter().filter(|s| s.offset >= q.min_offset).collect();
    let new_offset = if q.min_offset == q.max_offset {
        q.max_offset
    } else if stored.is_empty() {
        return Err(refuse(format!(
            "no store-time samples between MinOffset {} and MaxOffset {}; cannot search by time",
            q.min_offset, q.max_offset
        )));
    } else if stored.iter().all(|s| s.store_timestamp_ms >= target_ms) {
        q.min_offset
    } else {
        stored.iter().filter(|s| s.store_timestamp_ms >= target_ms).map(|s| s.offset).min().unwrap_or(q.max_offset)
    };
    // Validation gives 0 <= min <= new <= max and 0 <= old: no overflow below.
    let old = q.consumer_offset;
    let direction = match new_offset.cmp(&old) {
        std::cmp::Ordering::Less => Direction::Replay,
        std::cmp::Ordering::Greater => Direction::Skip,
        std::cmp::Ordering::Equal => Direction::Unchanged,
    };
    Ok(QueueReset {
        mq: q.mq.clone(),
        old_offset: old,
        new_offset,
        direction,
        replayed: (old.min(q.max_offset) - new_offset).max(0),
        skipped: (new_offset - old).max(0),
        expired: (q.min_offset - old).max(0),
    })
}

/// Resets every queue to `target_ms`; a refused queue gets its error, the others are reset.
pub fn reset_by_time(queues: &[QueueResetInput], target_ms: i64) -> ResetReport {
    let mut report = ResetReport {
        queues: Vec::with_capacity(queues.len()),
        total_replayed: 0,
        total_skipped: 0,
        queues_with_errors: 0,
    };
    for q in queues {
        let result = reset_queue(q, target_ms);
        match &result {
            Ok(r) => {
                report.total_replayed = report.total_replayed.saturating_add(r.replayed);
                report.total_skipped = report.total_skipped.saturating_add(r.skipped);
            }
            Err(_) => report.queues_with_errors += 1,
        }
        report.queues.push(QueueResetOutcome { mq: q.mq.clone(), result });
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A queue holding `min..max` stored one message per second from `first_ms`.
    fn queue(id: i32, min: i64, max: i64, consumer: i64, first_ms: i64) -> QueueResetInput {
        QueueResetInput {
            mq: MessageQueue::new("OrderEvent", "broker-a", id),
            min_offset: min,
            max_offset: max,
            consumer_offset: consumer,
            samples: (min..max)
                .map(|o| StoreSample { offset: o, store_timestamp_ms: first_ms + (o - min) * 1000 })
                .collect(),
        }
    }

    fn moved(q: &QueueResetInput, target: i64) -> Option<(i64, Direction, i64, i64)> {
        reset_queue(q, target).ok().map(|r| (r.new_offset, r.direction, r.replayed, r.skipped))
    }

    #[test]
    fn backward_replays_forward_skips() {
        let q = queue(0, 100, 200, 150, 0);
        assert_eq!(moved(&q, 10_000), Some((110, Direction::Replay, 40, 0)));
        assert_eq!(moved(&q, 80_000), Some((180, Direction::Skip, 0, 30)));
        assert_eq!(moved(&q, 50_000), Some((150, Direction::Unchanged, 0, 0)));
        // Between two store times: the later message wins.
        assert_eq!(moved(&q, 9_500), Some((110, Direction::Replay, 40, 0)));
    }

    #[test]
    fn clamps_to_min_and_max() {
        let q = queue(0, 100, 200, 150, 0);
        assert_eq!(moved(&q, -1_000_000), Some((100, Direction::Replay, 50, 0)));
        assert_eq!(moved(&q, i64::MAX), Some((200, Direction::Skip, 0, 50)));
        // Sparse samples: the target is older than every known message: MinOffset.
        let sparse = QueueResetInput { samples: vec![StoreSample { offset: 120, store_timestamp_ms: 5_000 }], ..q };
        assert_eq!(moved(&sparse, 0), Some((100, Direction::Replay, 50, 0)));
    }

    #[test]
    fn unsorted_samples_take_the_smallest_offset() {
        let mut q = queue(0, 0, 10, 5, 0);
        q.samples.reverse();
        if let Some(s) = q.samples.iter_mut().find(|s| s.offset == 2) {
            s.store_timestamp_ms = 100_000; // a late-stored message at a low offset
        }
        assert_eq!(moved(&q, 8_000), Some((2, Direction::Replay, 3, 0)));
    }

    #[test]
    fn a_consumer_offset_past_max_offset_is_reset_and_replays_only_stored_messages() {
        let q = queue(0, 100, 200, 250, 0);
        assert_eq!(moved(&q, 10_000), Some((110, Direction::Replay, 90, 0)));
        assert_eq!(moved(&q, i64::MAX), Some((200, Direction::Replay, 0, 0)));
    }

    #[test]
    fn errors() {
        assert!(reset_queue(&queue(0, 100, 200, -1, 0), 0).is_err());
        let mut q = queue(0, 100, 200, 150, 0);
        q.samples.push(StoreSample { offset: 200, store_timestamp_ms: 0 });
        assert!(reset_queue(&q, 0).is_err());
        let q = QueueResetInput { samples: vec![], ..queue(0, 100, 200, 150, 0) };
        assert!(reset_queue(&q, 0).is_err());
        let empty = QueueResetInput { samples: vec![], ..queue(0, 7, 7, 7, 0) };
        assert_eq!(moved(&empty, 0), Some((7, Direction::Unchanged, 0, 0)));
    }
}
