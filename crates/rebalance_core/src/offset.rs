//! Per-queue consume progress: lag, expired positions, inflight, and the group totals
//! (SPEC section 5).
//!
//! For one queue, `MinOffset <= MaxOffset` bound what is stored, `ConsumerOffset` is the
//! group's committed cursor (the next offset to process) and `PullOffset` is where the
//! client pulls next. From these:
//!
//! - `effective = max(ConsumerOffset, MinOffset)`: retention may have deleted messages the
//!   group never consumed; the group resumes at `MinOffset`.
//! - `lag = MaxOffset - effective`: recoverable backlog.
//! - `expired = max(0, MinOffset - ConsumerOffset)`: positions past retention, lost, not
//!   backlog.
//! - `inflight = PullOffset - ConsumerOffset`: pulled but not committed.
//! - `diff = MaxOffset - ConsumerOffset`: what `mqadmin consumerProgress` prints as `#Diff`.
//!   It counts expired positions as if they were backlog, so `diff = lag + expired`. The
//!   site shows both on purpose.
//! - `ahead = max(0, ConsumerOffset - MaxOffset)`: a real `mqadmin consumerProgress` can
//!   print a negative `#Diff`. The broker's `AdminBrokerProcessor.getConsumeStats` reads
//!   `getMaxOffsetInQueue` and then `queryOffset` for each queue, so a group consuming at
//!   the head can commit past the MaxOffset read a moment before; or the broker switched
//!   over to a slave that is behind, or its store was truncated or rebuilt below the
//!   committed offset while the group's offsets survived (a topic deleted with
//!   `deleteTopic` loses its offsets too: `AdminBrokerProcessor.deleteTopicInBroker`). A push
//!   consumer that pulls such a queue is answered `OFFSET_OVERFLOW_BADLY` → `PULL_OFFSET_MOVED`
//!   with MaxOffset as the next offset (`DefaultMessageStore.nextOffsetCorrection`, on a
//!   master), and stores it (`DefaultMQPushConsumerImpl`, `OFFSET_ILLEGAL`). With no
//!   consumer pulling, the offset stays ahead, and once the queue grows past it the
//!   messages stored below it are never delivered to the group.
//!   (The same method reports `max(consumerOffset, pullOffset)` as the pull offset, so
//!   `#Inflight` is never negative.) Such a queue is accepted: nothing is pending
//!   (lag 0), and its negative diff counts in the diff total as it does in mqadmin's
//!   `Consume Diff Total` (`ConsumerProgressSubCommand` sums `brokerOffset -
//!   consumerOffset` over every row, unclamped). In general `diff = lag + expired - ahead`.
//!
//! A queue with inconsistent offsets gets its own [`Error::InvalidProgress`]; the other
//! queues are still computed. Times are epoch milliseconds passed in by the caller.

use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize, Serializer};

use crate::{Error, MessageQueue, Result};

/// One queue's offsets as a monitoring system or `mqadmin` reports them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueProgress {
    /// The queue.
    pub mq: MessageQueue,
    /// `MinOffset`: the earliest offset still stored (retention may have raised it above 0).
    pub min_offset: i64,
    /// `MaxOffset`: the offset the next new message will take (mqadmin's `#Broker Offset`).
    pub max_offset: i64,
    /// `ConsumerOffset`: the group's committed cursor, the next offset to process.
    pub consumer_offset: i64,
    /// `PullOffset`: where the client pulls next; `None` when unknown (inflight counts as 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pull_offset: Option<i64>,
    /// Store time (epoch ms) of the oldest message still pending for the group.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oldest_pending_at: Option<i64>,
    /// mqadmin `#LastTime` (epoch ms): store time of the last consumed message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_timestamp: Option<i64>,
}

impl QueueProgress {
    /// A queue with the three offsets and nothing else known.
    pub fn new(mq: MessageQueue, min_offset: i64, max_offset: i64, consumer_offset: i64) -> Self {
        Self {
            mq,
            min_offset,
            max_offset,
            consumer_offset,
            pull_offset: None,
            oldest_pending_at: None,
            last_timestamp: None,
        }
    }
}

/// What one valid queue amounts to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueLag {
    /// `max(ConsumerOffset, MinOffset)`: where consumption really resumes.
    pub effective_offset: i64,
    /// `MaxOffset - effective`: recoverable backlog.
    pub lag: i64,
    /// `max(0, MinOffset - ConsumerOffset)`: positions deleted by retention before the group
    /// consumed them.
    pub expired: i64,
    /// `PullOffset - ConsumerOffset`, 0 when the pull offset is unknown.
    pub inflight: i64,
    /// mqadmin's `#Diff`, `MaxOffset - ConsumerOffset` (= `lag + expired - ahead`).
    pub diff: i64,
    /// `max(0, ConsumerOffset - MaxOffset)`: how far the committed offset is past MaxOffset
    /// (a negative `#Diff`, see the module docs). Omitted from JSON when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ahead: i64,
}

fn is_zero(x: &i64) -> bool {
    *x == 0
}

/// One queue of a [`ProgressReport`]: its lag, or why its offsets were refused.
///
/// Serialized as `{"mq": …, "lag": {…}}` or `{"mq": …, "error": "…"}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueueOutcome {
    /// The queue.
    pub mq: MessageQueue,
    /// The computed lag, or the [`Error::InvalidProgress`] for this queue.
    pub result: Result<QueueLag>,
    /// The queue's `oldest_pending_at`, carried for display.
    pub oldest_pending_at: Option<i64>,
}

impl Serialize for QueueOutcome {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("QueueOutcome", 3)?;
        s.serialize_field("mq", &self.mq)?;
        match &self.result {
            Ok(lag) => s.serialize_field("lag", lag)?,
            Err(e) => s.serialize_field("error", &e.to_string())?,
        }
        match self.oldest_pending_at {
            Some(at) => s.serialize_field("oldestPendingAt", &at)?,
            None => s.skip_field("oldestPendingAt")?,
        }
        s.end()
    }
}

/// The group's progress: every queue plus totals over the valid queues.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgressReport {
    /// One entry per input queue, in input order.
    pub queues: Vec<QueueOutcome>,
    /// Sum of `lag` (the group lag).
    pub total_lag: i64,
    /// Sum of `expired`.
    pub total_expired: i64,
    /// Sum of `inflight`.
    pub total_inflight: i64,
    /// Sum of mqadmin's `diff`, negative ones included (mqadmin's `Consume Diff Total` over
    /// the valid queues): `total_lag + total_expired - total_ahead`.
    pub total_diff: i64,
    /// Sum of `ahead` (the queues with a negative diff).
    pub total_ahead: i64,
    /// How many valid queues have a negative diff (ConsumerOffset past MaxOffset).
    pub negative_diff_queues: usize,
    /// How many queues were refused.
    pub queues_with_errors: usize,
    /// `now - oldest oldest_pending_at` among valid queues with lag > 0 (consume delay).
    /// Clamped at 0 when the pending time lies in the future (clock skew).
    pub oldest_pending_delay_ms: Option<i64>,
    /// The queue that holds that oldest pending message.
    pub oldest_pending_queue: Option<MessageQueue>,
}

/// Checks `0 <= min <= max`, `0 <= consumer <= max` and `consumer <= pull <= max`.
///
/// Shared with [`crate::reset`]. The error names the queue as RocketMQ displays it.
pub fn validate_offsets(mq: &MessageQueue, min: i64, max: i64, consumer: i64, pull: Option<i64>) -> Result<()> {
    let reason = if min < 0 {
        Some(format!("MinOffset {min} is negative; offsets start at 0"))
    } else if max < min {
        Some(format!("MaxOffset {max} is below MinOffset {min}; the queue's tail cannot come before its head"))
    } else if consumer < 0 {
        Some(format!("ConsumerOffset {consumer} is negative; offsets start at 0"))
    } else if consumer > max {
        Some(format!(
            "ConsumerOffset {consumer} is beyond MaxOffset {max}; the group cannot have consumed messages that were never written"
        ))
    } else {
        match pull {
            Some(p) if p < consumer => Some(format!(
                "PullOffset {p} is below ConsumerOffset {consumer}; the client pulls from the committed cursor onward"
            )),
            Some(p) if p > max => Some(format!(
                "PullOffset {p} is beyond MaxOffset {max}; the client cannot pull messages that were never written"
            )),
            _ => None,
        }
    };
    match reason {
        Some(reason) => Err(Error::InvalidProgress { queue: mq.to_string(), reason }),
        None => Ok(()),
    }
}

/// Lag, expired, inflight and mqadmin diff of one queue, or why its offsets are refused.
///
/// A ConsumerOffset past MaxOffset is accepted (a negative `#Diff`, see the module docs):
/// lag and expired are 0, `ahead` says by how much, and the PullOffset may then be anywhere
/// from the ConsumerOffset on.
pub fn queue_lag(q: &QueueProgress) -> Result<QueueLag> {
    if q.consumer_offset > q.max_offset {
        // The MinOffset / MaxOffset checks, with the consumer at MaxOffset.
        validate_offsets(&q.mq, q.min_offset, q.max_offset, q.max_offset, None)?;
        if let Some(p) = q.pull_offset.filter(|p| *p < q.consumer_offset) {
            let reason = format!(
                "PullOffset {p} is below ConsumerOffset {}; the client pulls from the committed cursor onward",
                q.consumer_offset
            );
            return Err(Error::InvalidProgress { queue: q.mq.to_string(), reason });
        }
        // 0 <= min <= max < consumer <= pull: every difference is within 0..=i64::MAX.
        return Ok(QueueLag {
            effective_offset: q.consumer_offset,
            lag: 0,
            expired: 0,
            inflight: q.pull_offset.map_or(0, |p| p - q.consumer_offset),
            diff: q.max_offset - q.consumer_offset,
            ahead: q.consumer_offset - q.max_offset,
        });
    }
    validate_offsets(&q.mq, q.min_offset, q.max_offset, q.consumer_offset, q.pull_offset)?;
    // After validation: 0 <= min <= max, 0 <= consumer <= max, consumer <= pull <= max, so
    // every difference below is between 0 and max and cannot overflow.
    let effective = q.consumer_offset.max(q.min_offset);
    Ok(QueueLag {
        effective_offset: effective,
        lag: q.max_offset - effective,
        expired: (q.min_offset - q.consumer_offset).max(0),
        inflight: q.pull_offset.map_or(0, |p| p - q.consumer_offset),
        diff: q.max_offset - q.consumer_offset,
        ahead: 0,
    })
}

/// Computes every queue and the group totals; `now_ms` is the caller's clock (epoch ms).
pub fn progress_report(queues: &[QueueProgress], now_ms: i64) -> ProgressReport {
    let mut report = ProgressReport {
        queues: Vec::with_capacity(queues.len()),
        total_lag: 0,
        total_expired: 0,
        total_inflight: 0,
        total_diff: 0,
        total_ahead: 0,
        negative_diff_queues: 0,
        queues_with_errors: 0,
        oldest_pending_delay_ms: None,
        oldest_pending_queue: None,
    };
    let mut oldest: Option<(i64, &MessageQueue)> = None;
    for q in queues {
        let result = queue_lag(q);
        match &result {
            Ok(l) => {
                report.total_lag = report.total_lag.saturating_add(l.lag);
                report.total_expired = report.total_expired.saturating_add(l.expired);
                report.total_inflight = report.total_inflight.saturating_add(l.inflight);
                report.total_diff = report.total_diff.saturating_add(l.diff);
                report.total_ahead = report.total_ahead.saturating_add(l.ahead);
                report.negative_diff_queues += usize::from(l.ahead > 0);
                // Only a queue with something pending has a pending message.
                let pending = q.oldest_pending_at.filter(|_| l.lag > 0);
                if let Some(at) = pending.filter(|at| oldest.is_none_or(|(o, _)| *at < o)) {
                    oldest = Some((at, &q.mq));
                }
            }
            Err(_) => report.queues_with_errors += 1,
        }
        report.queues.push(QueueOutcome { mq: q.mq.clone(), result, oldest_pending_at: q.oldest_pending_at });
    }
    if let Some((at, mq)) = oldest {
        report.oldest_pending_delay_ms = Some(now_ms.saturating_sub(at).max(0));
        report.oldest_pending_queue = Some(mq.clone());
    }
    report
}

/// One minute in milliseconds.
const MINUTE_MS: i64 = 60_000;

/// The SPEC section 5 reference case (seed 000, section 6.11): topic `OrderEvent`,
/// oldest pending messages 4, 3 and 12 minutes before `now_ms`.
///
/// | queue | min | max | consumer | pull | lag | expired |
/// |---|---|---|---|---|---|---|
/// | broker-a 0 | 100 | 6200 | 5000 | 5032 | 1200 | 0 |
/// | broker-a 1 | 100 | 5900 | 5100 | 5100 | 800 | 0 |
/// | broker-b 2 | 300 | 6400 | 250 | — | 6100 | 50 |
///
/// `#LastTime` is one second before the oldest pending message on broker-a; broker-b's
/// last consumed message (offset 249) is already deleted, so it has none.
pub fn seed_example(now_ms: i64) -> Vec<QueueProgress> {
    let ago = |minutes: i64| now_ms.saturating_sub(minutes.saturating_mul(MINUTE_MS));
    let queue = |broker: &str, id: i32, min: i64, max: i64, consumer: i64| {
        QueueProgress::new(MessageQueue::new("OrderEvent", broker, id), min, max, consumer)
    };
    vec![
        QueueProgress {
            pull_offset: Some(5032),
            oldest_pending_at: Some(ago(4)),
            last_timestamp: Some(ago(4).saturating_sub(1000)),
            ..queue("broker-a", 0, 100, 6200, 5000)
        },
        QueueProgress {
            pull_offset: Some(5100),
            oldest_pending_at: Some(ago(3)),
            last_timestamp: Some(ago(3).saturating_sub(1000)),
            ..queue("broker-a", 1, 100, 5900, 5100)
        },
        QueueProgress { oldest_pending_at: Some(ago(12)), ..queue("broker-b", 2, 300, 6400, 250) },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{ceil_seconds, drain_seconds};

    const NOW: i64 = 1_781_924_400_000;

    #[test]
    fn spec_reference_case() {
        let report = progress_report(&seed_example(NOW), NOW);
        let got: Vec<(i64, i64, i64)> = report
            .queues
            .iter()
            .map(|o| o.result.as_ref().map(|l| (l.lag, l.expired, l.diff)).unwrap_or((-1, -1, -1)))
            .collect();
        assert_eq!(got, vec![(1200, 0, 1200), (800, 0, 800), (6100, 50, 6150)]);
        assert_eq!(report.total_lag, 8100);
        assert_eq!(report.total_expired, 50);
        assert_eq!(report.total_diff, 8150);
        assert_eq!(report.total_inflight, 32);
        assert_eq!(report.queues_with_errors, 0);
        assert_eq!(report.oldest_pending_delay_ms, Some(12 * MINUTE_MS));
        assert_eq!(report.oldest_pending_queue, Some(MessageQueue::new("OrderEvent", "broker-b", 2)));
        let secs = drain_seconds(report.total_lag as f64, 20_000.0, 32_000.0);
        assert_eq!(secs.and_then(ceil_seconds), Some(1));
    }

    #[test]
    fn queues_without_lag_do_not_set_the_delay() {
        let mut queues = seed_example(NOW);
        // broker-b: fully consumed, its old pending time must be ignored now.
        if let Some(q) = queues.get_mut(2) {
            q.consumer_offset = q.max_offset;
        }
        let report = progress_report(&queues, NOW);
        assert_eq!(report.oldest_pending_delay_ms, Some(4 * MINUTE_MS));
    }

    #[test]
    fn a_bad_queue_gets_its_error_and_the_others_are_computed() {
        let mut queues = seed_example(NOW);
        if let Some(q) = queues.get_mut(0) {
            q.min_offset = 6300;
        }
        let report = progress_report(&queues, NOW);
        assert_eq!(report.queues_with_errors, 1);
        assert_eq!(report.total_lag, 6900);
        let err = report.queues.first().and_then(|o| o.result.clone().err()).map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some("MessageQueue [topic=OrderEvent, brokerName=broker-a, queueId=0]: MaxOffset 6200 is below MinOffset 6300; the queue's tail cannot come before its head")
        );
    }

    /// `ConsumerProgressSubCommand` prints `brokerOffset - consumerOffset` unclamped and sums
    /// it into `Consume Diff Total`: a negative diff is kept, counted and not lag.
    #[test]
    fn a_negative_diff_is_accepted_counted_and_not_lag() {
        let mut queues = seed_example(NOW);
        if let Some(q) = queues.get_mut(0) {
            // MaxOffset 6200 read before the group committed 6230.
            q.consumer_offset = 6230;
            q.pull_offset = Some(6232);
        }
        let report = progress_report(&queues, NOW);
        assert_eq!(report.queues_with_errors, 0);
        let first = report.queues.first().and_then(|o| o.result.clone().ok());
        assert_eq!(
            first,
            Some(QueueLag { effective_offset: 6230, lag: 0, expired: 0, inflight: 2, diff: -30, ahead: 30 })
        );
        assert_eq!(report.negative_diff_queues, 1);
        assert_eq!(report.total_ahead, 30);
        assert_eq!(report.total_lag, 800 + 6100);
        assert_eq!(report.total_diff, -30 + 800 + 6150);
        assert_eq!(report.total_diff, report.total_lag + report.total_expired - report.total_ahead);
        assert_eq!(report.total_inflight, 2);
        // broker-a 0 has nothing pending; the oldest pending message is still broker-b's.
        assert_eq!(report.oldest_pending_delay_ms, Some(12 * MINUTE_MS));
        let json = serde_json::to_value(&report).unwrap_or_default();
        assert_eq!(json["queues"][0]["lag"]["ahead"], 30);
        assert!(json["queues"][1]["lag"].get("ahead").is_none());
        assert_eq!(json["negativeDiffQueues"], 1);

        let mq = MessageQueue::new("T", "b", 0);
        let ahead = |min, max, consumer, pull| {
            queue_lag(&QueueProgress { pull_offset: pull, ..QueueProgress::new(mq.clone(), min, max, consumer) })
        };
        assert!(ahead(0, 10, 12, Some(11)).is_err(), "pull below consumer");
        assert!(ahead(11, 10, 12, None).is_err(), "min above max");
        assert_eq!(ahead(0, 0, i64::MAX, None).map(|l| (l.diff, l.ahead)).ok(), Some((-i64::MAX, i64::MAX)));
    }

    #[test]
    fn validation_rules() {
        let mq = MessageQueue::new("T", "b", 0);
        let check = |min, max, consumer, pull| validate_offsets(&mq, min, max, consumer, pull).is_ok();
        assert!(check(0, 0, 0, None));
        assert!(check(5, 10, 0, Some(10)));
        assert!(!check(-1, 10, 0, None));
        assert!(!check(11, 10, 10, None));
        assert!(!check(0, 10, -1, None));
        assert!(!check(0, 10, 11, None));
        assert!(!check(0, 10, 5, Some(4)));
        assert!(!check(0, 10, 5, Some(11)));
        assert!(check(i64::MAX, i64::MAX, 0, Some(i64::MAX)));
    }

    #[test]
    fn extreme_offsets_do_not_overflow() {
        let mq = MessageQueue::new("T", "b", 0);
        let q = QueueProgress::new(mq, i64::MAX, i64::MAX, 0);
        let report = progress_report(&[q.clone(), q], i64::MIN);
        assert_eq!(report.total_expired, i64::MAX);
        assert_eq!(report.total_diff, i64::MAX);
        assert_eq!(report.total_lag, 0);
    }

    #[test]
    fn serde_shape() {
        let q = seed_example(NOW).remove(2);
        let json = serde_json::to_string(&q).unwrap_or_default();
        assert_eq!(
            json,
            r#"{"mq":{"topic":"OrderEvent","brokerName":"broker-b","queueId":2},"minOffset":300,"maxOffset":6400,"consumerOffset":250,"oldestPendingAt":1781923680000}"#
        );
        let back: Option<QueueProgress> = serde_json::from_str(&json).ok();
        assert_eq!(back, Some(q));
        let report = progress_report(&seed_example(NOW), NOW);
        let json = serde_json::to_value(&report).unwrap_or_default();
        assert_eq!(json["queues"][2]["lag"]["expired"], 50);
        assert_eq!(json["oldestPendingDelayMs"], 720_000);
    }
}
