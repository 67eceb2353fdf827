//! The classic push consumer's pull loop: the broker's long-polling hold and the client's
//! flow control, with RocketMQ 5.x's defaults.
//!
//! "Push" is pull: `DefaultMQPushConsumerImpl.pullMessage` sends one asynchronous pull per
//! assigned queue, with the suspend flag and a hold of `BROKER_SUSPEND_MAX_TIME_MILLIS`
//! (15 s). A broker with no new message holds it (`DefaultPullMessageResultHandler`,
//! `PULL_NOT_FOUND` → `PullRequestHoldService.suspendPullRequest`; with `longPollingEnable`
//! off it holds for `shortPollingTimeMills`, 1 s). A message stored for the queue wakes the
//! held pull at once (`DefaultMessageStore.notifyMessageArriveIfNecessary` →
//! `notifyMessageArriving`); otherwise the hold service, checking every 5 s, answers it once
//! `now >= suspendTimestamp + timeoutMillis`, so an empty hold lasts 15 to 20 s. The client
//! answers `NO_NEW_MSG` with the next pull at once (`executePullRequestImmediately`).
//!
//! Before each pull the client checks the queue's ProcessQueue: more than
//! `pullThresholdForQueue` (1000) cached messages, or more than `pullThresholdSizeForQueue`
//! (100) MiB of cached bodies, counted in whole MiB (`getMsgSize() / (1024 * 1024)`), and
//! the pull is retried 50 ms later (`PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL`). The
//! check comes before the pull, so the cache can pass the threshold by up to one batch.

/// `DefaultMQPushConsumerImpl.BROKER_SUSPEND_MAX_TIME_MILLIS`: the hold a pull asks for.
pub const BROKER_SUSPEND_MAX_TIME_MS: u64 = 15_000;
/// `DefaultLitePullConsumer.brokerSuspendMaxTimeMillis`: the hold a lite pull consumer's
/// pull asks for. Its `PullTaskImpl` pulls synchronously (one of `pullThreadNums`, 20,
/// threads held per pull) and pulls again at once after `NO_NEW_MSG`.
pub const LITE_PULL_BROKER_SUSPEND_MAX_TIME_MS: u64 = 20_000;
/// `BrokerConfig.shortPollingTimeMills`: the hold with `longPollingEnable = false`.
pub const SHORT_POLLING_TIME_MS: u64 = 1_000;
/// `DefaultMQPushConsumer.pullThresholdForQueue`.
pub const PULL_THRESHOLD_FOR_QUEUE: u64 = 1_000;
/// `DefaultMQPushConsumer.pullThresholdSizeForQueue`, in MiB.
pub const PULL_THRESHOLD_SIZE_FOR_QUEUE_MIB: u64 = 100;
/// `DefaultMQPushConsumer.pullBatchSize`.
pub const PULL_BATCH_SIZE: u64 = 32;
/// `DefaultMQPushConsumerImpl.PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL`.
pub const FLOW_CONTROL_RETRY_MS: u64 = 50;

const MIB: u128 = 1024 * 1024;

/// When, after a held pull arrived, the broker answers it for a message stored
/// `produced_after_ms` later: at once when the message comes within the 15 s hold (the
/// arrival notification wakes it), `None` when the hold runs out first (it is answered
/// empty and the client's next pull is held instead).
pub fn held_pull_answered_after_ms(produced_after_ms: u64) -> Option<u64> {
    (produced_after_ms < BROKER_SUSPEND_MAX_TIME_MS).then_some(produced_after_ms)
}

/// The most pulls per minute a consumer sends for `idle_queues` queues that get no
/// message: one held pull per queue at a time, each held at least `hold_ms` (the hold
/// service answers an empty hold once `now >= suspendTimestamp + timeoutMillis`). `hold_ms`
/// 0 is taken as 1 ms.
pub fn max_idle_pulls_per_minute(idle_queues: u64, hold_ms: u64) -> u64 {
    idle_queues.saturating_mul(60_000 / hold_ms.max(1))
}

/// Which flow-control threshold stops pulling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Threshold {
    /// `pullThresholdForQueue` (checked first).
    Count,
    /// `pullThresholdSizeForQueue`.
    Size,
}

/// A queue's cache when flow control first holds its pull.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlowControl {
    /// Pulls sent until then.
    pub pulls: u64,
    /// Messages cached in the ProcessQueue.
    pub cached: u64,
    /// The threshold that holds the next pull.
    pub by: Threshold,
}

/// The cache of a queue whose consumer processes nothing, each pull bringing `batch`
/// messages with bodies of `body_bytes`, until a threshold holds the pull: the count check
/// is `cached > threshold`, the size check `cached bytes / MiB > threshold_mib`. `None` when
/// a pull brings nothing (`batch` 0).
pub fn until_flow_control(batch: u64, body_bytes: u64, threshold: u64, threshold_mib: u64) -> Option<FlowControl> {
    if batch == 0 {
        return None;
    }
    // Pulls go on while cached <= threshold: floor(threshold / batch) + 1 of them.
    let by_count = u128::from(threshold / batch) + 1;
    let per_pull = u128::from(batch) * u128::from(body_bytes);
    // Pulls go on while bytes < (threshold_mib + 1) MiB (fits: u64 × 2^20 < 2^128).
    let need = (u128::from(threshold_mib) + 1) * MIB;
    let by_size = (per_pull > 0).then(|| need.div_ceil(per_pull));
    let (pulls, by) = match by_size {
        Some(s) if s < by_count => (s, Threshold::Size),
        _ => (by_count, Threshold::Count),
    };
    let pulls = u64::try_from(pulls).ok()?;
    Some(FlowControl { pulls, cached: pulls.checked_mul(batch)?, by })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_wakes_the_held_pull_at_once() {
        assert_eq!(held_pull_answered_after_ms(3_000), Some(3_000));
        assert_eq!(held_pull_answered_after_ms(14_999), Some(14_999));
        assert_eq!(held_pull_answered_after_ms(15_000), None);
    }

    #[test]
    fn an_idle_queue_costs_at_most_four_push_or_three_lite_pulls_a_minute() {
        assert_eq!(max_idle_pulls_per_minute(1, BROKER_SUSPEND_MAX_TIME_MS), 4);
        assert_eq!(max_idle_pulls_per_minute(8, BROKER_SUSPEND_MAX_TIME_MS), 32);
        assert_eq!(max_idle_pulls_per_minute(8, LITE_PULL_BROKER_SUSPEND_MAX_TIME_MS), 24);
        assert_eq!(max_idle_pulls_per_minute(u64::MAX, BROKER_SUSPEND_MAX_TIME_MS), u64::MAX);
        assert_eq!(max_idle_pulls_per_minute(1, 0), 60_000);
    }

    #[test]
    fn the_defaults_cache_1024_small_messages_in_32_pulls() {
        let small = until_flow_control(PULL_BATCH_SIZE, 1024, PULL_THRESHOLD_FOR_QUEUE, 100);
        assert_eq!(small, Some(FlowControl { pulls: 32, cached: 1024, by: Threshold::Count }));
        // 990 is a multiple of 30: the 33rd pull is allowed at exactly 990 cached.
        let even = until_flow_control(30, 1024, 990, 100);
        assert_eq!(even, Some(FlowControl { pulls: 34, cached: 1020, by: Threshold::Count }));
    }

    #[test]
    fn large_bodies_stop_at_101_whole_mib() {
        // 256 KiB bodies, one per pull: 404 bodies are 101 MiB, the first size above 100.
        let big = until_flow_control(1, 256 * 1024, PULL_THRESHOLD_FOR_QUEUE, 100);
        assert_eq!(big, Some(FlowControl { pulls: 404, cached: 404, by: Threshold::Size }));
        // 300 KiB: ceil(101 × 1024 / 300) = 345.
        assert_eq!(until_flow_control(1, 300 * 1024, 1_000, 100).map(|f| f.cached), Some(345));
    }

    #[test]
    fn a_tie_is_the_count_threshold_and_an_empty_pull_is_none() {
        // 101 MiB reached exactly when the 1001st message is cached: count is checked first.
        let bytes = 101 * 1024 * 1024 / 1001 + 1;
        assert_eq!(until_flow_control(1, bytes, 1_000, 100).map(|f| f.by), Some(Threshold::Count));
        assert_eq!(until_flow_control(0, 1024, 1_000, 100), None);
        assert_eq!(until_flow_control(32, 0, 1_000, 100).map(|f| f.cached), Some(1024));
        // One huge pull passes both thresholds; counts beyond u64 are None, not an overflow.
        let huge = until_flow_control(u64::MAX, u64::MAX, u64::MAX, u64::MAX);
        assert_eq!(huge, Some(FlowControl { pulls: 1, cached: u64::MAX, by: Threshold::Size }));
        assert_eq!(until_flow_control(2, 0, u64::MAX, 100), None);
    }
}
