//! What a failed member costs the classic push consumer group: how long its queues wait for
//! a new owner, how long an ordered queue stays locked, and what is consumed again or lost.
//! Times are in seconds; every default is RocketMQ's, with the class it is read from.
//!
//! A member whose host dies (power loss, network cut) leaves a half-open TCP connection, so
//! the broker learns nothing until `ClientHousekeepingService` (every 10 s) finds its last
//! heartbeat older than `channelExpiredTimeout`. That removal
//! (`ConsumerManager.scanNotActiveChannel`) fires only `CLIENT_UNREGISTER`, which
//! `DefaultConsumerIdsChangeListener` ignores: no `NOTIFY_CONSUMER_IDS_CHANGED` is sent, and
//! the others find the smaller member list at their next periodic rebalance
//! (`RebalanceService`). A process that exits (shutdown's `UNREGISTER_CLIENT`, or `kill -9`,
//! whose socket the kernel closes) is removed at once with a `CHANGE` event, which notifies
//! the group.

/// `ClientConfig.heartbeatBrokerInterval`: every 30 s the client heartbeats to each broker.
pub const HEARTBEAT_BROKER_INTERVAL_S: f64 = 30.0;
/// `BrokerConfig.channelExpiredTimeout`: 120 s without a heartbeat and the channel expires.
pub const CHANNEL_EXPIRED_TIMEOUT_S: f64 = 120.0;
/// `ClientHousekeepingService` scans for expired channels every 10 s (fixed in the code).
pub const HOUSEKEEPING_SCAN_S: f64 = 10.0;
/// `RebalanceService`'s `rocketmq.client.rebalance.waitInterval`: 20 s between periodic
/// rebalances.
pub const REBALANCE_WAIT_INTERVAL_S: f64 = 20.0;
/// `RebalanceLockManager`'s `rocketmq.broker.rebalance.lockMaxLiveTime`: the broker frees a
/// queue lock not renewed for 60 s.
pub const BROKER_LOCK_MAX_LIVE_S: f64 = 60.0;
/// `ProcessQueue`'s `rocketmq.client.rebalance.lockMaxLiveTime`: a client stops consuming an
/// ordered queue whose lock it has not renewed for 30 s. It guards the old owner; the broker
/// does not read it.
pub const CLIENT_LOCK_MAX_LIVE_S: f64 = 30.0;
/// `ProcessQueue`'s `rocketmq.client.rebalance.lockInterval`: the owner renews its locks
/// (`lockAll`) every 20 s.
pub const LOCK_RENEW_INTERVAL_S: f64 = 20.0;
/// `ClientConfig.persistConsumerOffsetInterval`: the client sends its offsets every 5 s.
pub const PERSIST_CONSUMER_OFFSET_INTERVAL_S: f64 = 5.0;

/// The longest time from a member's silent death until another member owns its queues: the
/// scan removes it at most `scan` seconds after its last heartbeat is `expiry` old (the check
/// is `now - lastUpdate > expiry`), and the others rebalance at most `rebalance` seconds
/// later. `since_heartbeat` is how long before the death its last heartbeat arrived.
///
/// Holds while `expiry + scan` stays below the broker's Netty idle close
/// (`serverChannelMaxIdleTimeSeconds`, 120 s without any traffic), which would remove the
/// member first and notify the group.
pub fn silent_member_takeover_s(since_heartbeat: f64, expiry: f64, scan: f64, rebalance: f64) -> f64 {
    (expiry + scan + rebalance - since_heartbeat).max(0.0)
}

/// The earliest time after an ordered queue's owner died (without unlocking) that another
/// member can lock it: the broker keeps the lock until it was not renewed for `lock_max_live`
/// seconds (`LockEntry.isExpired`), counted from the last renewal, `since_renew` seconds
/// before the death. The new owner retries a failed lock within a second
/// (`rebalanceLater(500)`, then `RebalanceService`'s 1 s `minInterval`).
pub fn orderly_lock_wait_s(since_renew: f64, lock_max_live: f64) -> f64 {
    (lock_max_live - since_renew).max(0.0)
}

/// At most how many messages a queue's next owner consumes again after its owner crashed:
/// what was consumed since the broker last stored the offset, at worst one persist interval
/// (a pull's `commitOffset` can only make the stored offset fresher). Messages are consumed
/// in order at `rate` per second.
pub fn crash_replay(rate: f64, persist_interval: f64) -> f64 {
    (rate * persist_interval).max(0.0)
}

/// Messages lost for the business when success is reported (ACK, `CONSUME_SUCCESS`, offset)
/// before the business write, and `failure_percent` of the writes fail: nothing redelivers
/// them.
pub fn confirm_first_losses(messages: f64, failure_percent: f64) -> f64 {
    (messages * failure_percent / 100.0).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_the_defaults_a_silent_member_is_taken_over_within_150_s_of_its_last_heartbeat() {
        let worst =
            silent_member_takeover_s(0.0, CHANNEL_EXPIRED_TIMEOUT_S, HOUSEKEEPING_SCAN_S, REBALANCE_WAIT_INTERVAL_S);
        assert_eq!(worst, 150.0);
        // A heartbeat 25 s before the death leaves 125 s; 60 s expiry, 10 s before: 80 s.
        assert_eq!(silent_member_takeover_s(25.0, 120.0, 10.0, 20.0), 125.0);
        assert_eq!(silent_member_takeover_s(10.0, 60.0, 10.0, 20.0), 80.0);
    }

    #[test]
    fn the_broker_lock_outlives_the_client_lock_and_counts_from_the_last_renewal() {
        const { assert!(BROKER_LOCK_MAX_LIVE_S > CLIENT_LOCK_MAX_LIVE_S) };
        const { assert!(CLIENT_LOCK_MAX_LIVE_S > LOCK_RENEW_INTERVAL_S) };
        assert_eq!(orderly_lock_wait_s(15.0, BROKER_LOCK_MAX_LIVE_S), 45.0);
        assert_eq!(orderly_lock_wait_s(0.0, BROKER_LOCK_MAX_LIVE_S), 60.0);
        assert_eq!(orderly_lock_wait_s(70.0, BROKER_LOCK_MAX_LIVE_S), 0.0);
    }

    #[test]
    fn replay_and_losses() {
        assert_eq!(crash_replay(800.0, PERSIST_CONSUMER_OFFSET_INTERVAL_S), 4000.0);
        assert_eq!(crash_replay(-1.0, 5.0), 0.0);
        assert_eq!(confirm_first_losses(20_000.0, 3.0), 600.0);
        assert_eq!(confirm_first_losses(20_000.0, 0.0), 0.0);
    }

    #[test]
    fn bad_input_gives_a_number() {
        assert!(!silent_member_takeover_s(f64::NAN, 1.0, 1.0, 1.0).is_nan());
        assert!(orderly_lock_wait_s(f64::INFINITY, 60.0) >= 0.0);
    }
}
