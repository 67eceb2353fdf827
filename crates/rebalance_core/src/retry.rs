//! Retries and dead letters of the classic push consumer with concurrent consumption, as
//! RocketMQ 5.x's broker schedules them.
//!
//! A message the listener answers with `RECONSUME_LATER` is sent back to the broker
//! (`sendMessageBack`). The broker (`AbstractSendMessageProcessor`, the consumer-send-back
//! path) puts it on `%RETRY%<group>` with a delay level of `3 + reconsumeTimes` when the
//! client asked for none (`delayLevel == 0`), and its `reconsumeTimes` one higher; once
//! `reconsumeTimes >= maxReconsumeTimes` it goes to `%DLQ%<group>` instead. The levels are
//! `MessageStoreConfig.messageDelayLevel`, `1s 5s 10s 30s 1m 2m 3m 4m 5m 6m 7m 8m 9m 10m 20m
//! 30m 1h 2h`; a level above the last is clamped to it (`HookUtils`, `getMaxDelayLevel`).
//! `maxReconsumeTimes` is -1 in `DefaultMQPushConsumer`, read as 16 for concurrent
//! consumption (`DefaultMQPushConsumerImpl.getMaxReconsumeTimes`).
//!
//! So with the defaults a message that always fails is delivered 17 times (the first
//! delivery and 16 retries, 10 s to 2 h apart: 4 h 45 min 40 s of delays in all) and then
//! lands in the dead-letter queue.

/// `MessageStoreConfig.messageDelayLevel`: the delay of levels 1 to 18, in milliseconds.
pub const DELAY_LEVELS_MS: [u64; 18] = [
    1_000, 5_000, 10_000, 30_000, 60_000, 120_000, 180_000, 240_000, 300_000, 360_000, 420_000, 480_000, 540_000,
    600_000, 1_200_000, 1_800_000, 3_600_000, 7_200_000,
];

/// `maxReconsumeTimes` of a concurrent push consumer left at -1.
pub const DEFAULT_MAX_RECONSUME_TIMES: u32 = 16;

/// Where the broker puts a message the listener failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SentBack {
    /// To `%RETRY%<group>`, delivered again after the level's delay.
    Retry { level: usize, delay_ms: u64 },
    /// To `%DLQ%<group>`: no more deliveries.
    DeadLetter,
}

/// Where a message whose delivery had `reconsume_times` failed goes.
pub fn sent_back(reconsume_times: u32, max_reconsume_times: u32) -> SentBack {
    if reconsume_times >= max_reconsume_times {
        return SentBack::DeadLetter;
    }
    let level = (3 + reconsume_times as usize).min(DELAY_LEVELS_MS.len());
    SentBack::Retry { level, delay_ms: DELAY_LEVELS_MS[level - 1] }
}

/// How many times the listener gets a message that always fails: the first delivery and
/// every retry.
pub fn deliveries(max_reconsume_times: u32) -> u64 {
    u64::from(max_reconsume_times) + 1
}

/// The delays between the first failure and the dead-letter queue, summed (the listener's
/// own time not counted).
pub fn delay_before_dead_letter_ms(max_reconsume_times: u32) -> u64 {
    (0..max_reconsume_times)
        .map(|times| match sent_back(times, max_reconsume_times) {
            SentBack::Retry { delay_ms, .. } => delay_ms,
            SentBack::DeadLetter => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_retry_waits_level_3_and_each_next_one_a_level_more() {
        assert_eq!(sent_back(0, 16), SentBack::Retry { level: 3, delay_ms: 10_000 });
        assert_eq!(sent_back(1, 16), SentBack::Retry { level: 4, delay_ms: 30_000 });
        assert_eq!(sent_back(15, 16), SentBack::Retry { level: 18, delay_ms: 7_200_000 });
    }

    #[test]
    fn after_max_reconsume_times_the_message_is_a_dead_letter() {
        assert_eq!(sent_back(16, 16), SentBack::DeadLetter);
        assert_eq!(sent_back(3, 3), SentBack::DeadLetter);
        assert_eq!(sent_back(0, 0), SentBack::DeadLetter);
    }

    #[test]
    fn levels_past_the_last_are_clamped_to_two_hours() {
        assert_eq!(sent_back(20, 30), SentBack::Retry { level: 18, delay_ms: 7_200_000 });
    }

    #[test]
    fn with_the_defaults_a_failing_message_is_delivered_17_times_over_4_h_45_min_40_s() {
        assert_eq!(deliveries(DEFAULT_MAX_RECONSUME_TIMES), 17);
        let ms = delay_before_dead_letter_ms(DEFAULT_MAX_RECONSUME_TIMES);
        assert_eq!(ms, ((4 * 60 + 45) * 60 + 40) * 1000);
        assert_eq!(delay_before_dead_letter_ms(1), 10_000);
        assert_eq!(delay_before_dead_letter_ms(3), 10_000 + 30_000 + 60_000);
        assert_eq!(delay_before_dead_letter_ms(18), ms + 2 * 7_200_000);
    }
}
