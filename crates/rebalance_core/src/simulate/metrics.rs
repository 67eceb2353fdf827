//! What a run reports: per-tick group metrics ([`TickMetrics`]), the per-queue lag series,
//! ownership changes, the full state at the current tick ([`Snapshot`]) and the run's
//! [`Summary`]. Counts are integers; "cumulative" fields count from time 0.

use serde::{Deserialize, Serialize};

use super::client::ConsumerStatus;
use crate::MessageQueue;

/// The group at the end of one tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TickMetrics {
    /// Simulation time in milliseconds.
    pub at_ms: u64,
    /// Sum of per-queue lag (`Max - max(ConsumerOffset, Min)`; POP: ready + un-acked;
    /// BROADCASTING: the slowest consumer per queue).
    pub group_lag: u64,
    /// Messages finished by the business per second in this tick (duplicates included).
    pub consume_tps: u64,
    /// Messages produced per second in this tick.
    pub produce_tps: u64,
    /// Cumulative: messages produced (including the initial backlog).
    pub produced: u64,
    /// Cumulative: messages finished by the business, duplicates included.
    pub consumed: u64,
    /// Cumulative: finished again although already finished (or settled) before.
    pub duplicates: u64,
    /// Cumulative: never going to be processed by the business: skipped tags behind the
    /// committed offset, commit/ACK before processing then crash, retention.
    pub lost: u64,
    /// Cumulative: sent to `%DLQ%group` after maxReconsumeTimes.
    pub dead_lettered: u64,
    /// Cumulative: passed over by design, their tag subscribed by no member of the group, or
    /// stored below the offset where a new group started a queue (`group.newGroup`).
    pub filtered: u64,
    /// Produced, not yet finished, not lost (conservation: produced = consumed − duplicates
    /// + lost + deadLettered + filtered + pending).
    pub pending: u64,
    /// Part of the group lag on queues outside the route's read set (at or beyond
    /// readQueueNums): nobody can consume it until the read count covers them again.
    pub stranded: u64,
    /// Pulled / received and not finished yet (client caches; POP: un-acked).
    pub inflight: u64,
    /// Age of the oldest pending message in milliseconds (consume delay).
    pub oldest_pending_age_ms: u64,
    /// Running consumer processes.
    pub running: u32,
    /// Channels in the broker's member list.
    pub members: u32,
    /// Running consumers with nothing to consume (no queue; POP: nothing received).
    pub idle_consumers: u32,
    /// Queues held by two or more live processes (views disagree, cid clash).
    pub overlapping_queues: u32,
    /// Readable queues held by no running process.
    pub orphan_queues: u32,
    /// Queues outside the read set that still hold messages.
    pub stranded_queues: u32,
    /// Queues whose pulling is paused by flow control.
    pub flow_controlled_queues: u32,
    /// Orderly: held queues that cannot be consumed (no valid lock, or a failing message).
    pub blocked_queues: u32,
    /// Cumulative: rebalances that changed a client's ProcessQueue table.
    pub rebalances: u64,
    /// Cumulative: rebalance runs (periodic, notified, at start), changed or not.
    pub rebalance_runs: u64,
    /// Cumulative: failed consumption attempts (retries in place, sends back).
    pub retries: u64,
    /// Messages stuck in a consume thread that hold their queue's offset back (the smallest
    /// offset left in a ProcessQueue is what it commits).
    pub stuck_messages: u32,
    /// Messages the business finished above a stuck message, which the committed offset cannot
    /// pass yet: a restart now hands them out again.
    pub finished_above_offset: u64,
    /// Queues whose pulling is paused because their cached messages span more than
    /// consumeConcurrentlyMaxSpan (counted in `flow_controlled_queues` too).
    pub span_paused_queues: u32,
    /// Cumulative: messages `cleanExpiredMsg` sent back after consumeTimeout.
    pub expired_sent_back: u64,
    /// Cumulative: messages handed out again by a new ProcessQueue (it pulls from the committed
    /// offset) although the business had finished them.
    pub redelivered: u64,
    /// Queues on stopped brokers (out of the route).
    pub offline_queues: u32,
    /// Part of the group lag on stopped brokers' queues: nobody can consume it until the broker
    /// is back.
    pub offline_lag: u64,
    /// Cumulative: pull requests that failed because their broker was stopped.
    pub failed_pulls: u64,
    /// Longest time so far from a broker's stop to the first pull that reached one of its
    /// queues after it was back.
    pub max_unpulled_ms: u64,
    /// Cumulative: messages delivered again from `%RETRY%group`, each delivery counted (their
    /// reconsumeTimes is 1 or more; a rebalance's duplicates, in `duplicates`, have 0).
    pub retries_delivered: u64,
    /// Messages in `%RETRY%group` waiting for their delay level's time (or for a running
    /// consumer that holds the retry queue).
    pub retry_pending: u64,
    /// The highest reconsumeTimes a delivered message had so far.
    pub max_reconsume_times: u32,
    /// When the last delivery from `%RETRY%group` happened (0: none yet).
    pub last_retry_ms: u64,
}

/// A queue's set of holders changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OwnershipChange {
    /// When (end of the tick).
    pub at_ms: u64,
    /// Queue index.
    pub queue: u32,
    /// Process indices holding a ProcessQueue for it now (live processes only).
    pub holders: Vec<u32>,
}

/// One queue now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueView {
    /// Queue index (position in mqAll at the start; added queues follow).
    pub index: u32,
    /// The queue.
    pub mq: MessageQueue,
    /// MinOffset.
    pub min_offset: u64,
    /// MaxOffset.
    pub max_offset: u64,
    /// The group's committed ConsumerOffset on the broker (POP: the pop cursor).
    pub consumer_offset: u64,
    /// Lag of this queue.
    pub lag: u64,
    /// Production rate in messages per second (rounded down).
    pub produce_rate: u64,
    /// cids of the live processes holding it (more than one: overlap).
    pub owners: Vec<String>,
    /// Their process indices.
    pub holders: Vec<u32>,
    /// Times a new process took it over.
    pub handoffs: u64,
    /// Duplicates consumed on this queue so far.
    pub duplicates: u64,
    /// Messages of this queue lost to the business so far.
    pub lost: u64,
    /// Pulling paused by flow control (for some holder).
    pub flow_controlled: bool,
    /// Orderly: the cid holding the broker lock, if the lock is live.
    pub locked_by: Option<String>,
    /// Orderly: its holder cannot consume it now.
    pub blocked: bool,
    /// In the route's read set (queueId below readQueueNums).
    pub readable: bool,
    /// Producers send to it (queueId below writeQueueNums).
    pub writable: bool,
    /// Its broker is running.
    pub online: bool,
}

/// One consumer process now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConsumerView {
    /// Process index (stable, also when cids clash).
    pub process: u32,
    /// clientId.
    pub cid: String,
    /// Running, paused, stopped or crashed.
    pub status: ConsumerStatus,
    /// Queue indices with a ProcessQueue (POP: queues of received batches).
    pub queues: Vec<u32>,
    /// Messages cached locally (pulled / received, not finished).
    pub cached: u64,
    /// Messages finished so far.
    pub processed: u64,
    /// Messages per second it can finish.
    pub consume_rate: u64,
    /// Its subscription expression.
    pub subscription: String,
    /// cidAll as it saw it at its last rebalance.
    pub view: Vec<String>,
    /// Whether the broker lists it.
    pub registered: bool,
    /// Queues gained / lost so far.
    pub queues_gained: u64,
    /// Queues revoked so far.
    pub queues_lost: u64,
    /// Its rebalances that changed something.
    pub rebalances: u64,
    /// The `%RETRY%group` queues it holds (CLUSTERING: one per broker, allocated like the
    /// topic's; the holder consumes all the group's retries of that broker).
    pub retry_queues: Vec<MessageQueue>,
    /// Messages it got from `%RETRY%group` so far.
    pub retries_delivered: u64,
}

/// The whole state at the current tick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    /// The group metrics of this tick.
    pub metrics: TickMetrics,
    /// Every queue, by index.
    pub queues: Vec<QueueView>,
    /// Every process ever started, by process index.
    pub consumers: Vec<ConsumerView>,
    /// The broker's cidAll (sorted as the clients sort it).
    pub members: Vec<String>,
    /// The group subscription the broker filters with.
    pub subscription: String,
}

/// The outcome of a run (up to the current tick).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Simulated time in milliseconds.
    pub duration_ms: u64,
    /// Group lag at the end.
    pub final_group_lag: u64,
    /// Part of the final group lag stranded on queues outside the read set.
    pub final_stranded: u64,
    /// Largest group lag seen.
    pub max_group_lag: u64,
    /// Messages produced.
    pub produced: u64,
    /// Messages finished by the business (duplicates included).
    pub consumed: u64,
    /// Duplicates consumed.
    pub duplicates: u64,
    /// Messages lost to the business.
    pub lost: u64,
    /// Messages dead-lettered.
    pub dead_lettered: u64,
    /// Messages passed over by design: tags nobody subscribes, history below a new group's
    /// first offsets.
    pub filtered: u64,
    /// Rebalances that changed something.
    pub rebalances: u64,
    /// Rebalance runs.
    pub rebalance_runs: u64,
    /// Idle consumers at the end.
    pub idle_consumers: u32,
    /// Running consumers at the end.
    pub running: u32,
    /// Largest member count seen.
    pub max_members: u32,
    /// Largest age of the oldest pending message, milliseconds.
    pub max_oldest_pending_age_ms: u64,
    /// Queue takeovers by a new process.
    pub queue_handoffs: u64,
    /// Failed consumption attempts.
    pub retries: u64,
    /// Lowest consume TPS seen after the first 10 s.
    pub min_consume_tps: u64,
    /// Fewest queues a running consumer holds at the end (queue-level models).
    pub min_queues_per_consumer: u32,
    /// Most queues a running consumer holds at the end.
    pub max_queues_per_consumer: u32,
    /// Messages handed out again by a new ProcessQueue although already finished.
    pub redelivered: u64,
    /// Most messages finished above a stuck message at one time (what a restart then redelivers).
    pub max_finished_above_offset: u64,
    /// Most queues paused at one time by consumeConcurrentlyMaxSpan.
    pub max_span_paused_queues: u32,
    /// Messages sent back after consumeTimeout.
    pub expired_sent_back: u64,
    /// Pull requests that failed because their broker was stopped.
    pub failed_pulls: u64,
    /// Longest time from a broker's stop to the first pull that reached one of its queues
    /// after it was back (how long its messages waited at least).
    pub max_unpulled_ms: u64,
    /// Largest lag on stopped brokers' queues seen.
    pub max_offline_lag: u64,
    /// Messages delivered from `%RETRY%group` (every delivery counted).
    pub retries_delivered: u64,
    /// Messages still waiting in `%RETRY%group` at the end.
    pub retry_pending: u64,
    /// The highest reconsumeTimes a delivered message had: the most delivered message was
    /// delivered this many times plus one.
    pub max_reconsume_times: u32,
    /// When the last delivery from `%RETRY%group` happened (0: none).
    pub last_retry_ms: u64,
    /// Queues a consumer started without a stored offset of the group (`group.newGroup`):
    /// where the broker's answer or consumeFromWhere decided the first offset.
    pub queues_started_without_offset: u32,
    /// Smallest first offset of those queues (0 when there are none).
    pub min_start_without_offset: u64,
    /// Largest first offset of those queues.
    pub max_start_without_offset: u64,
    /// Messages stored before the run (the topic's history) that the group's committed offset
    /// has passed on those queues: the history a new group read.
    pub history_read: u64,
    /// The earliest consumeTimestamp (ms on the run's clock) the broker searched for one of
    /// those queues (CONSUME_FROM_TIMESTAMP); `None` when no start came from a search.
    pub consume_timestamp_ms: Option<i64>,
    /// Most queues held by two live processes throughout one second or longer (the moment of
    /// a handoff, while the old owner has not heard of the change yet, does not count).
    pub max_overlapping_queues_for_1s: u32,
    /// Most readable queues held by no running process throughout one second or longer (the
    /// moment between a stop and the others' rebalance does not count).
    pub max_orphan_queues_for_1s: u32,
    /// Queues held by two live processes at the end.
    pub final_overlapping_queues: u32,
    /// Readable queues held by no running process at the end.
    pub final_orphan_queues: u32,
}

impl Summary {
    /// The summary of a metrics history.
    pub fn from_history(history: &[TickMetrics], queue_handoffs: u64) -> Summary {
        let Some(last) = history.last() else { return Summary::default() };
        Summary {
            duration_ms: last.at_ms,
            final_group_lag: last.group_lag,
            final_stranded: last.stranded,
            max_group_lag: history.iter().map(|m| m.group_lag).max().unwrap_or(0),
            produced: last.produced,
            consumed: last.consumed,
            duplicates: last.duplicates,
            lost: last.lost,
            dead_lettered: last.dead_lettered,
            filtered: last.filtered,
            rebalances: last.rebalances,
            rebalance_runs: last.rebalance_runs,
            idle_consumers: last.idle_consumers,
            running: last.running,
            max_members: history.iter().map(|m| m.members).max().unwrap_or(0),
            max_oldest_pending_age_ms: history.iter().map(|m| m.oldest_pending_age_ms).max().unwrap_or(0),
            queue_handoffs,
            retries: last.retries,
            min_consume_tps: history.iter().filter(|m| m.at_ms > 10_000).map(|m| m.consume_tps).min().unwrap_or(0),
            min_queues_per_consumer: 0,
            max_queues_per_consumer: 0,
            redelivered: last.redelivered,
            max_finished_above_offset: history.iter().map(|m| m.finished_above_offset).max().unwrap_or(0),
            max_span_paused_queues: history.iter().map(|m| m.span_paused_queues).max().unwrap_or(0),
            expired_sent_back: last.expired_sent_back,
            failed_pulls: last.failed_pulls,
            max_unpulled_ms: last.max_unpulled_ms,
            max_offline_lag: history.iter().map(|m| m.offline_lag).max().unwrap_or(0),
            retries_delivered: last.retries_delivered,
            retry_pending: last.retry_pending,
            max_reconsume_times: last.max_reconsume_times,
            last_retry_ms: last.last_retry_ms,
            queues_started_without_offset: 0,
            min_start_without_offset: 0,
            max_start_without_offset: 0,
            history_read: 0,
            consume_timestamp_ms: None,
            max_overlapping_queues_for_1s: max_lasting(history, 1_000, |m| m.overlapping_queues),
            max_orphan_queues_for_1s: max_lasting(history, 1_000, |m| m.orphan_queues),
            final_overlapping_queues: last.overlapping_queues,
            final_orphan_queues: last.orphan_queues,
        }
    }
}

/// The largest value `of` keeps throughout `span_ms` or longer: the maximum over every
/// window of the history that spans `span_ms` of the window's minimum.
fn max_lasting(history: &[TickMetrics], span_ms: u64, of: impl Fn(&TickMetrics) -> u32) -> u32 {
    let mut best = 0;
    for (i, first) in history.iter().enumerate() {
        let mut low = u32::MAX;
        let mut spanned = false;
        for m in history.iter().skip(i) {
            low = low.min(of(m));
            if low <= best {
                break;
            }
            if m.at_ms >= first.at_ms + span_ms {
                spanned = true;
                break;
            }
        }
        if spanned {
            best = best.max(low);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::{max_lasting, TickMetrics};

    fn orphans(values: &[u32]) -> Vec<TickMetrics> {
        let tick =
            |(i, &n): (usize, &u32)| TickMetrics { at_ms: i as u64 * 100, orphan_queues: n, ..TickMetrics::default() };
        values.iter().enumerate().map(tick).collect()
    }

    #[test]
    fn a_value_counts_only_when_it_lasts_the_whole_span() {
        // 5 for 300 ms (a handoff), 3 for 1.1 s: the lasting figure is 3.
        let h = orphans(&[0, 5, 5, 5, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0]);
        assert_eq!(max_lasting(&h, 1_000, |m| m.orphan_queues), 3);
        // 3 for 1.0 s exactly (ticks 0 ..= 1,000 ms) lasts; 0.9 s does not.
        assert_eq!(max_lasting(&orphans(&[3; 11]), 1_000, |m| m.orphan_queues), 3);
        assert_eq!(max_lasting(&orphans(&[3; 10]), 1_000, |m| m.orphan_queues), 0);
        assert_eq!(max_lasting(&[], 1_000, |m| m.orphan_queues), 0);
    }
}
