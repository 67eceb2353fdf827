//! 5.x message-level consumption: the invisible time of a batch a SimpleConsumer receives.
//!
//! `SimpleConsumer.receive(maxMessageNum, invisibleDuration)` (rocketmq-clients
//! `java/client-apis/.../consumer/SimpleConsumer.java`) has no default: every receive names
//! the invisible duration, which starts for the whole batch at the receive and is not
//! renewed; the proxy refuses one outside 10 s to 12 h (`ProxyConfig.minInvisibleTimeMillsForRecv`,
//! `maxInvisibleTimeMills`; `GrpcValidator.validateInvisibleTime`: `ILLEGAL_INVISIBLE_TIME`). Each message's receipt handle carries `nextVisibleTime`; the proxy refuses an
//! ACK once `nextVisibleTime <= now` (apache/rocketmq `ReceiptHandle.isExpired`,
//! `AbstractProcessor.validateReceiptHandle`: `INVALID_RECEIPT_HANDLE`, "receipt handle is
//! expired"), and the message, visible again, is delivered again. So an ACK that comes late
//! does not delay the message: it fails, and the message comes back.

/// How many of `batch` messages received together and processed one after another, each
/// taking `process_ms`, are ACKed before their invisible time of `invisible_ms` ends: the
/// k-th ACK, at `k × process_ms`, lands when that is before `invisible_ms`.
pub fn acked_in_time(batch: u64, process_ms: u64, invisible_ms: u64) -> u64 {
    if process_ms == 0 {
        return if invisible_ms > 0 { batch } else { 0 };
    }
    // The largest k with k × process_ms < invisible_ms.
    (invisible_ms.saturating_sub(1) / process_ms).min(batch)
}

/// The messages of such a batch whose ACK comes too late, so they are delivered again.
pub fn redelivered(batch: u64, process_ms: u64, invisible_ms: u64) -> u64 {
    batch - acked_in_time(batch, process_ms, invisible_ms)
}

/// When the batch's last ACK is sent, after the receive: the invisible duration must be
/// longer than this for every ACK to land.
pub fn last_ack_after_ms(batch: u64, process_ms: u64) -> u64 {
    batch.saturating_mul(process_ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ack_at_the_invisible_time_itself_is_too_late() {
        // 15 s invisible, 16 messages of 4 s: ACKs at 4, 8, 12 s land; the one at 16 s does not.
        assert_eq!(acked_in_time(16, 4_000, 15_000), 3);
        assert_eq!(redelivered(16, 4_000, 15_000), 13);
        // At exactly 15 s the receipt handle has expired (nextVisibleTime <= now).
        assert_eq!(acked_in_time(16, 5_000, 15_000), 2);
        assert_eq!(acked_in_time(16, 5_000, 15_001), 3);
    }

    #[test]
    fn a_long_enough_invisible_time_acks_the_whole_batch() {
        assert_eq!(acked_in_time(8, 2_000, 60_000), 8);
        assert_eq!(redelivered(8, 2_000, 60_000), 0);
        assert_eq!(last_ack_after_ms(8, 2_000), 16_000);
        assert_eq!(last_ack_after_ms(u64::MAX, 2), u64::MAX);
    }

    #[test]
    fn degenerate_times_do_not_panic() {
        assert_eq!(acked_in_time(4, 0, 1), 4);
        assert_eq!(acked_in_time(4, 0, 0), 0);
        assert_eq!(acked_in_time(4, 1_000, 0), 0);
        assert_eq!(redelivered(0, 1_000, 0), 0);
    }
}
