//! Where a classic push consumer starts reading a queue it has just been given:
//! `consumeFromWhere` and the broker's stored offset, as RocketMQ 5.x decides it.
//!
//! The client (`RebalancePushImpl.computePullFromWhereWithException`) first asks the broker
//! for the group's stored offset (`RemoteBrokerOffsetStore.readOffset(READ_FROM_STORE)`).
//! **A stored offset always wins**: `consumeFromWhere` is only read when the broker has none.
//! The broker (`ConsumerManageProcessor.queryConsumerOffset`) answers with the stored offset,
//! or, when the group has none, with **0 if the queue's MinOffset is 0 and the message at
//! offset 0 is still in memory** (`minOffset <= 0 && checkInMemByConsumeOffset(topic,
//! queueId, 0, 1)`), else `QUERY_NOT_FOUND`, which the client reads as -1. Only on -1 does
//! `consumeFromWhere` apply:
//!
//! - `CONSUME_FROM_LAST_OFFSET` (`DefaultMQPushConsumer`'s default): the queue's MaxOffset
//!   (`MQAdminImpl.maxOffset`); a `%RETRY%` topic starts at 0.
//! - `CONSUME_FROM_FIRST_OFFSET`: 0, "fixed by the OFFSET_ILLEGAL process" (the source's
//!   comment): a pull below MinOffset is answered with MinOffset as the next offset, so the
//!   first message read is MinOffset's.
//! - `CONSUME_FROM_TIMESTAMP`: the first offset stored at or after `consumeTimestamp`, by
//!   default 30 minutes before the consumer was created ([`start_offset_from_timestamp`]).
//!
//! So a brand-new group with the default LAST_OFFSET reads a young topic from its first
//! message (the broker answered 0), and an old topic (MinOffset > 0, or offset 0 swapped out
//! of memory) from its end.

/// `ConsumeFromWhere`: where a group with no stored offset starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConsumeFromWhere {
    /// `CONSUME_FROM_LAST_OFFSET`, the default.
    #[serde(alias = "CONSUME_FROM_LAST_OFFSET")]
    LastOffset,
    /// `CONSUME_FROM_FIRST_OFFSET`.
    #[serde(alias = "CONSUME_FROM_FIRST_OFFSET")]
    FirstOffset,
    /// `CONSUME_FROM_TIMESTAMP`: the broker's `searchOffset` answer for `consumeTimestamp`
    /// ([`start_offset_from_timestamp`]).
    #[serde(alias = "CONSUME_FROM_TIMESTAMP")]
    Timestamp,
}

/// `DefaultMQPushConsumer.consumeTimestamp`'s default distance before the consumer object is
/// created: half an hour (`System.currentTimeMillis() - (1000 * 60 * 30)`).
pub const CONSUME_TIMESTAMP_BEFORE_CREATION_MS: i64 = 30 * 60_000;

/// The default consumeTimestamp of a consumer created at `created_ms` (epoch ms): 30 minutes
/// earlier, to the second, because it is kept as `yyyyMMddHHmmss` text
/// (`UtilAll.timeMillisToHumanString3`) and parsed back by `RebalancePushImpl`.
pub fn default_consume_timestamp(created_ms: i64) -> i64 {
    let t = created_ms - CONSUME_TIMESTAMP_BEFORE_CREATION_MS;
    t - t.rem_euclid(1_000)
}

/// What the broker knows of one queue when a consumer is given it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueueStart {
    /// The group's stored ConsumerOffset for the queue, if it has one.
    pub stored: Option<u64>,
    /// The queue's MinOffset.
    pub min: u64,
    /// The queue's MaxOffset.
    pub max: u64,
    /// Whether the message at offset 0 is still in memory (not yet swapped out to disk).
    pub first_in_memory: bool,
    /// Whether the queue belongs to a `%RETRY%<group>` topic.
    pub retry_topic: bool,
}

/// The broker's answer to `queryConsumerOffset`: the stored offset, 0 for a young queue, or
/// `None` (`QUERY_NOT_FOUND`).
pub fn broker_answer(q: &QueueStart) -> Option<u64> {
    q.stored.or((q.min == 0 && q.first_in_memory).then_some(0))
}

/// The offset of the first message the consumer reads from the queue, or `None` where it is
/// the broker's `searchOffset` answer for `consumeTimestamp` (CONSUME_FROM_TIMESTAMP on "not
/// found" for a topic that is not `%RETRY%`): give that answer to
/// [`start_offset_from_timestamp`].
pub fn start_offset(from: ConsumeFromWhere, q: &QueueStart) -> Option<u64> {
    let start = match (broker_answer(q), from) {
        (Some(offset), _) => offset,
        (None, ConsumeFromWhere::LastOffset) if q.retry_topic => 0,
        (None, ConsumeFromWhere::LastOffset) => q.max,
        (None, ConsumeFromWhere::FirstOffset) => 0,
        (None, ConsumeFromWhere::Timestamp) if q.retry_topic => q.max,
        (None, ConsumeFromWhere::Timestamp) => return None,
    };
    // Below MinOffset the pull is answered OFFSET_ILLEGAL with MinOffset as the next offset.
    Some(start.max(q.min))
}

/// The offset of the first message read with `CONSUME_FROM_TIMESTAMP`, where `found` is the
/// broker's answer to `searchOffset(mq, consumeTimestamp)` (`MQAdminImpl.searchOffset`, LOWER
/// boundary: the first offset stored at or after the timestamp, MinOffset when every message
/// is newer, MaxOffset when every one is older; `reset.rs` searches the same way). As for the
/// other two, the stored offset and the broker's 0 for a young queue come first; a `%RETRY%`
/// topic starts at MaxOffset here (`RebalancePushImpl`'s CONSUME_FROM_TIMESTAMP branch), not
/// at 0 as with LAST_OFFSET.
pub fn start_offset_from_timestamp(q: &QueueStart, found: u64) -> u64 {
    let start = match broker_answer(q) {
        Some(offset) => offset,
        None if q.retry_topic => q.max,
        None => found,
    };
    start.max(q.min)
}

#[cfg(test)]
mod tests {
    use super::ConsumeFromWhere::{FirstOffset, LastOffset, Timestamp};
    use super::*;

    fn queue(stored: Option<u64>, min: u64, max: u64, first_in_memory: bool) -> QueueStart {
        QueueStart { stored, min, max, first_in_memory, retry_topic: false }
    }

    #[test]
    fn a_new_group_with_last_offset_reads_a_young_queue_from_its_first_message() {
        // ConsumerManageProcessor.queryConsumerOffset: minOffset <= 0 and offset 0 in memory → 0.
        assert_eq!(broker_answer(&queue(None, 0, 5000, true)), Some(0));
        assert_eq!(start_offset(LastOffset, &queue(None, 0, 5000, true)), Some(0));
    }

    #[test]
    fn a_new_group_with_last_offset_starts_at_the_end_of_an_old_queue() {
        // MinOffset > 0 (retention deleted the first files), or offset 0 swapped out of memory.
        assert_eq!(broker_answer(&queue(None, 1200, 5000, true)), None);
        assert_eq!(start_offset(LastOffset, &queue(None, 1200, 5000, true)), Some(5000));
        assert_eq!(start_offset(LastOffset, &queue(None, 0, 5000, false)), Some(5000));
    }

    #[test]
    fn a_stored_offset_wins_over_consume_from_where() {
        for from in [LastOffset, FirstOffset] {
            assert_eq!(start_offset(from, &queue(Some(3100), 1200, 5000, false)), Some(3100));
            assert_eq!(start_offset(from, &queue(Some(3100), 0, 5000, true)), Some(3100));
        }
    }

    #[test]
    fn first_offset_starts_at_min_offset_after_the_offset_illegal_correction() {
        assert_eq!(start_offset(FirstOffset, &queue(None, 1200, 5000, false)), Some(1200));
        assert_eq!(start_offset(FirstOffset, &queue(None, 0, 5000, false)), Some(0));
        // A stored offset that retention has passed resumes at MinOffset.
        assert_eq!(start_offset(LastOffset, &queue(Some(800), 1200, 5000, false)), Some(1200));
    }

    #[test]
    fn a_retry_topic_with_last_offset_starts_at_zero() {
        // RebalancePushImpl: `mq.getTopic().startsWith(MixAll.RETRY_GROUP_TOPIC_PREFIX)` → 0.
        let q = QueueStart { retry_topic: true, ..queue(None, 0, 40, false) };
        assert_eq!(start_offset(LastOffset, &q), Some(0));
    }

    #[test]
    fn timestamp_applies_only_where_the_broker_has_no_offset() {
        // Stored offset, then the broker's 0 for a young queue, as for the other two.
        assert_eq!(start_offset_from_timestamp(&queue(Some(3100), 1200, 5000, false), 4000), 3100);
        assert_eq!(start_offset_from_timestamp(&queue(None, 0, 5000, true), 4000), 0);
        // Not found: searchOffset's answer, corrected to MinOffset.
        assert_eq!(start_offset_from_timestamp(&queue(None, 1200, 5000, true), 4000), 4000);
        assert_eq!(start_offset_from_timestamp(&queue(None, 1200, 5000, true), 0), 1200);
        // A retry topic starts at its MaxOffset (LAST_OFFSET would give 0).
        let q = QueueStart { retry_topic: true, ..queue(None, 0, 40, false) };
        assert_eq!(start_offset_from_timestamp(&q, 7), 40);
    }

    #[test]
    fn start_offset_leaves_only_the_timestamp_search_to_the_caller() {
        // RebalancePushImpl's CONSUME_FROM_TIMESTAMP branch: readOffset first, then on -1
        // maxOffset for a %RETRY% topic, searchOffset(mq, consumeTimestamp) for any other.
        assert_eq!(start_offset(Timestamp, &queue(Some(3100), 1200, 5000, false)), Some(3100));
        assert_eq!(start_offset(Timestamp, &queue(None, 0, 5000, true)), Some(0));
        assert_eq!(start_offset(Timestamp, &queue(None, 1200, 5000, true)), None);
        let q = QueueStart { retry_topic: true, ..queue(None, 0, 40, false) };
        assert_eq!(start_offset(Timestamp, &q), Some(40));
    }

    #[test]
    fn the_default_consume_timestamp_is_half_an_hour_before_creation_to_the_second() {
        assert_eq!(CONSUME_TIMESTAMP_BEFORE_CREATION_MS, 1_800_000);
        assert_eq!(default_consume_timestamp(1_700_000_123_456), 1_699_998_323_000);
        assert_eq!(default_consume_timestamp(1_800_000), 0);
    }
}
