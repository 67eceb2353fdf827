//! Why `#Diff` counts messages of tags the group does not subscribe to, and when they leave it.
//!
//! Offsets are per queue, not per tag: `#Diff` is `MaxOffset - ConsumerOffset` over every
//! message of the queue. The broker filters a push consumer's pull by tag hash while it reads
//! the ConsumeQueue (`DefaultMessageStore.getMessage`, `ExpressionMessageFilter`): it skips
//! entries that do not match, at most `MessageStoreConfig.maxFilterMessageSize` (16,000) bytes
//! of 20-byte entries (`ConsumeQueue.CQ_STORE_UNIT_SIZE`) per pull, 800 positions. A pull that
//! found nothing answers `NO_MATCHED_MESSAGE` at once (`PULL_RETRY_IMMEDIATELY`) with the
//! offset after the skipped entries; the client moves its offset there only while its
//! ProcessQueue is empty (`DefaultMQPushConsumerImpl.correctTagsOffset`) and pulls again at
//! once, and that pull carries the offset to the broker (`commitOffset`). After matched
//! messages are consumed, the committed offset is the last of them + 1
//! (`ProcessQueue.removeMessage`): skipped messages after it still count until such a pull.
//!
//! A group that has caught up holds its pull at MaxOffset. A stored message wakes it only if
//! its tag matches (`PullRequestHoldService.notifyMessageArriving`); otherwise the pull is
//! re-run by the service's check, every 5 s with long polling, whose tag-less check matches
//! any new message. So messages of other tags pile up in `#Diff` for up to 5 s and leave it
//! at the next check: the Diff of a caught-up group that matches nothing peaks at the rate
//! of other tags × 5 s. A stopped group, or one behind on its own tags, keeps counting them.

/// `MessageStoreConfig.maxFilterMessageSize`: bytes of ConsumeQueue one pull may skip.
pub const MAX_FILTER_MESSAGE_SIZE: u64 = 16_000;
/// `ConsumeQueue.CQ_STORE_UNIT_SIZE`: bytes per ConsumeQueue entry.
pub const CQ_STORE_UNIT_SIZE: u64 = 20;
/// `PullRequestHoldService`: with `longPollingEnable` it checks the held pulls every 5 s.
pub const HOLD_CHECK_INTERVAL_MS: u64 = 5_000;

/// Positions one pull of `max_msg_nums` may read past:
/// `max(maxFilterMessageSize, maxMsgNums × unit size) / unit size` (800 for 32).
pub fn positions_per_pull(max_msg_nums: u64) -> u64 {
    MAX_FILTER_MESSAGE_SIZE.max(max_msg_nums.saturating_mul(CQ_STORE_UNIT_SIZE)) / CQ_STORE_UNIT_SIZE
}

/// What messages of other tags do to the Diff of a group that has caught up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UnmatchedDiff {
    /// The highest `#Diff` they reach: stored during one hold check interval.
    pub peak: f64,
    /// The seconds between two drops back to the group's own lag.
    pub interval_s: f64,
    /// Pulls answered at once that skip them after a check (`peak / positions_per_pull`,
    /// rounded up; at least 1 when there is anything to skip).
    pub pulls: u64,
}

/// [`UnmatchedDiff`] for `rate` msg/s of tags the group does not subscribe to, pulled in
/// batches of `max_msg_nums` (the push consumer's `pullBatchSize`, 32).
pub fn unmatched_diff(rate: f64, max_msg_nums: u64) -> UnmatchedDiff {
    let rate = if rate.is_finite() { rate.max(0.0) } else { 0.0 };
    let interval_s = HOLD_CHECK_INTERVAL_MS as f64 / 1000.0;
    let peak = rate * interval_s;
    let per_pull = positions_per_pull(max_msg_nums) as f64;
    let pulls = (peak / per_pull).ceil();
    let pulls = if pulls >= u64::MAX as f64 { u64::MAX } else { pulls as u64 };
    UnmatchedDiff { peak, interval_s, pulls }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pull::PULL_BATCH_SIZE;

    #[test]
    fn one_pull_skips_800_positions() {
        // 16,000 bytes / 20 bytes per ConsumeQueue entry; a batch of 32 needs only 640 bytes.
        assert_eq!(positions_per_pull(PULL_BATCH_SIZE), 800);
        assert_eq!(positions_per_pull(1_000), 1_000);
    }

    #[test]
    fn the_diff_of_other_tags_peaks_at_five_seconds_of_them() {
        let d = unmatched_diff(20_000.0, PULL_BATCH_SIZE);
        assert_eq!((d.peak, d.interval_s, d.pulls), (100_000.0, 5.0, 125));
        let d = unmatched_diff(3.0, PULL_BATCH_SIZE);
        assert_eq!((d.peak, d.pulls), (15.0, 1));
        assert_eq!(unmatched_diff(0.0, PULL_BATCH_SIZE).pulls, 0);
        assert_eq!(unmatched_diff(f64::NAN, PULL_BATCH_SIZE).peak, 0.0);
        assert_eq!(unmatched_diff(f64::INFINITY, PULL_BATCH_SIZE).pulls, 0);
        assert_eq!(unmatched_diff(f64::MAX, PULL_BATCH_SIZE).pulls, u64::MAX);
    }
}
