//! The offsets page's state: the queues as the reader edits them, the page parameters, and
//! the one reducer that changes them. No yew and no browser here, so it is tested natively.
//!
//! The page computes nothing RocketMQ defines: lag, expired, inflight, diff, totals, the
//! consume delay, the reset and the mqadmin text all come from `rebalance_core`. What the
//! page adds is data the core takes as input and a broker would know: **store times**. A
//! queue here has a [`Timeline`]: messages arrived at a steady `rate` (msg/s), offset 0 at
//! `start_s` seconds after the snapshot time [`SNAPSHOT_MS`]. From it the page reads the
//! store time of the oldest pending message (`oldest_pending_at`), of the last consumed one
//! (mqadmin's `#LastTime`) and the store-time samples of the reset preview. The preset's
//! timelines are chosen so that the oldest pending messages are 4, 3 and 12 minutes old, as
//! in `rebalance_core::offset::seed_example`.

use rebalance_core::offset::{queue_lag, seed_example, QueueProgress};
use rebalance_core::reset::{QueueResetInput, StoreSample};
use rebalance_core::MessageQueue;

/// When the preset's offsets were read: 2026-06-20 03:00:00 UTC (epoch ms), the seed's
/// `resetOffsetByTime` date. "Now" and the reset target are minutes from here.
pub const SNAPSHOT_MS: i64 = 1_781_924_400_000;
/// The most queues the page holds (URL and pasted text beyond this are cut, with a notice).
pub const MAX_QUEUES: usize = 32;
/// The largest offset the fields and the URL accept (exact in `f64`).
pub const OFFSET_LIMIT: i64 = 1_000_000_000_000_000;
/// The seed's consumer group (`mqadmin consumerProgress -g order-service`).
pub const DEFAULT_GROUP: &str = "order-service";
/// The seed's topic; also the topic of added queues when there is no other.
pub const DEFAULT_TOPIC: &str = "OrderEvent";
/// Store rate (msg/s) of queues that were added or pasted.
pub const DEFAULT_RATE: i64 = 5;
/// Largest store rate the URL accepts.
pub const RATE_LIMIT: i64 = 1_000_000;
/// Largest |start_s| the URL accepts (about 317 years).
pub const START_LIMIT_S: i64 = 10_000_000_000;
/// "Now" is 0 ..= this many minutes after the snapshot.
pub const NOW_MAX_MIN: i64 = 1_440;
/// The reset target is 0 ..= this many minutes before the snapshot.
pub const RESET_MAX_MIN: i64 = 60;
/// The reset target the page opens with: 02:50:00, replays on broker-a, skips on broker-b.
pub const DEFAULT_RESET_MIN: i64 = 10;
/// Produce / consume rate fields: 0 ..= this (msg/s).
pub const RATE_FIELD_MAX: f64 = 10_000_000.0;
/// The seed's produce and consume rates (SPEC section 5: drain estimate 1 s).
pub const DEFAULT_PRODUCE: f64 = 20_000.0;
/// See [`DEFAULT_PRODUCE`].
pub const DEFAULT_CONSUME: f64 = 32_000.0;
/// At most this many store-time samples per queue (then one every `stride` offsets).
const SAMPLE_CAP: i64 = 8_192;
/// Store rates of the preset's queues, chosen so that every message is older than the snapshot.
const PRESET_RATES: [i64; 3] = [5, 5, 10];
/// Client IPs the preset shows with `-s true`.
const PRESET_IPS: [&str; 3] = ["192.168.0.7", "192.168.0.8", "192.168.0.7"];

/// One of the four offsets drawn on a queue's bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Marker {
    /// `MinOffset`.
    Min,
    /// `ConsumerOffset`.
    Consumer,
    /// `PullOffset`.
    Pull,
    /// `MaxOffset`.
    Max,
}

impl Marker {
    /// Every marker, in the order the fields are shown.
    pub const ALL: [Marker; 4] = [Marker::Min, Marker::Consumer, Marker::Pull, Marker::Max];

    /// Short name used in element ids (`of-q0-consumer`).
    pub fn slug(self) -> &'static str {
        match self {
            Marker::Min => "min",
            Marker::Consumer => "consumer",
            Marker::Pull => "pull",
            Marker::Max => "max",
        }
    }
}

/// When a queue's messages were stored: offset `o` at `SNAPSHOT_MS + start_s s + o / rate s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeline {
    /// Messages per second, >= 1.
    pub rate: i64,
    /// Store time of offset 0, in seconds after the snapshot (usually negative).
    pub start_s: i64,
}

impl Timeline {
    /// `rate` msg/s with the newest message (`max - 1`) stored just before the snapshot.
    pub fn ending_at_snapshot(max: i64, rate: i64) -> Timeline {
        let rate = rate.max(1);
        let seconds = max.max(0).saturating_add(rate - 1) / rate;
        Timeline { rate, start_s: -seconds }
    }

    /// Store time (epoch ms) of the message at `offset`.
    pub fn store_time(&self, offset: i64) -> i64 {
        let rate = i128::from(self.rate.max(1));
        let ms = i128::from(SNAPSHOT_MS) + i128::from(self.start_s) * 1000 + i128::from(offset) * 1000 / rate;
        ms.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
    }
}

/// One queue as the reader edits it. Offsets may be inconsistent: the core says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueRow {
    /// Stable key for the list (not in the URL).
    pub id: u32,
    /// The MessageQueue.
    pub mq: MessageQueue,
    /// `MinOffset`.
    pub min: i64,
    /// `MaxOffset`.
    pub max: i64,
    /// `ConsumerOffset`.
    pub consumer: i64,
    /// `PullOffset`, `None` when unknown.
    pub pull: Option<i64>,
    /// Store times of this queue's messages.
    pub timeline: Timeline,
    /// The consumer's address shown by `-s true`.
    pub client_ip: Option<String>,
}

impl QueueRow {
    /// The marker's offset (`None` for an unknown PullOffset).
    pub fn value(&self, marker: Marker) -> Option<i64> {
        match marker {
            Marker::Min => Some(self.min),
            Marker::Consumer => Some(self.consumer),
            Marker::Pull => self.pull,
            Marker::Max => Some(self.max),
        }
    }

    /// Sets a marker to exactly `value` (a number field: invalid combinations are allowed).
    pub fn set(&mut self, marker: Marker, value: i64) {
        let value = value.clamp(0, OFFSET_LIMIT);
        match marker {
            Marker::Min => self.min = value,
            Marker::Consumer => self.consumer = value,
            Marker::Pull => self.pull = Some(value),
            Marker::Max => self.max = value,
        }
    }

    /// The range a dragged marker may take without making the queue invalid:
    /// `0 <= Min <= Max`, `Consumer <= Pull <= Max`, Max above all others.
    pub fn drag_bounds(&self, marker: Marker) -> (i64, i64) {
        let pull = self.pull.unwrap_or(self.consumer);
        match marker {
            Marker::Min | Marker::Consumer => (0, self.max),
            Marker::Pull => (self.consumer, self.max),
            Marker::Max => (self.min.max(self.consumer).max(pull), OFFSET_LIMIT),
        }
    }

    /// Moves a marker by dragging or keys: kept within [`Self::drag_bounds`]; a consumer
    /// moved past the PullOffset pushes it along.
    pub fn drag(&mut self, marker: Marker, value: i64) {
        let (lo, hi) = self.drag_bounds(marker);
        // Not `clamp`: an already invalid queue can have lo > hi, and clamp would panic.
        let value = value.max(lo).min(hi).clamp(0, OFFSET_LIMIT);
        self.set(marker, value);
        if marker == Marker::Consumer {
            if let Some(pull) = self.pull.filter(|p| *p < value) {
                self.pull = Some(pull.max(value));
            }
        }
    }

    /// The offsets alone, as the core takes them.
    fn offsets(&self) -> QueueProgress {
        QueueProgress {
            pull_offset: self.pull,
            ..QueueProgress::new(self.mq.clone(), self.min, self.max, self.consumer)
        }
    }

    /// What a monitoring system would report: the offsets plus the store times of the
    /// oldest pending message (at the core's effective offset) and of the last consumed one
    /// (`ConsumerOffset - 1`, unless retention deleted it; at most the last stored message
    /// `MaxOffset - 1` when the ConsumerOffset is past MaxOffset).
    pub fn progress(&self) -> QueueProgress {
        let mut progress = self.offsets();
        if let Ok(lag) = queue_lag(&progress) {
            progress.oldest_pending_at = Some(self.timeline.store_time(lag.effective_offset));
            let last = self.consumer.min(self.max) - 1;
            progress.last_timestamp = (last >= self.min).then(|| self.timeline.store_time(last));
        }
        progress
    }

    /// Store-time samples of `[Min, Max)`: every message, or every `stride`-th one when
    /// the queue holds more than 8,192 (then the reset lands on a sampled offset).
    pub fn samples(&self) -> Vec<StoreSample> {
        if self.min < 0 || self.max <= self.min {
            return Vec::new();
        }
        let span = self.max - self.min;
        let stride = (span.saturating_add(SAMPLE_CAP - 1) / SAMPLE_CAP).max(1);
        let count = (span.saturating_add(stride - 1) / stride).min(SAMPLE_CAP);
        (0..count)
            .map(|k| self.min.saturating_add(k.saturating_mul(stride)))
            .filter(|o| *o < self.max)
            .map(|offset| StoreSample { offset, store_timestamp_ms: self.timeline.store_time(offset) })
            .collect()
    }

    /// The queue as the reset preview gives it to `rebalance_core::reset`.
    pub fn reset_input(&self) -> QueueResetInput {
        QueueResetInput {
            mq: self.mq.clone(),
            min_offset: self.min,
            max_offset: self.max,
            consumer_offset: self.consumer,
            samples: self.samples(),
        }
    }
}

/// The seed's three queues (SPEC section 5) with their timelines and client IPs.
pub fn preset_queues() -> Vec<QueueRow> {
    let seed = seed_example(SNAPSHOT_MS);
    seed.into_iter()
        .zip(PRESET_RATES.into_iter().zip(PRESET_IPS))
        .zip(0u32..)
        .map(|((q, (rate, ip)), id)| {
            // Offset 0's store time such that the oldest pending message (at the effective
            // offset) has the seed's `oldest_pending_at`.
            let effective = queue_lag(&q).map_or(q.consumer_offset, |l| l.effective_offset);
            let pending_s = q.oldest_pending_at.unwrap_or(SNAPSHOT_MS).saturating_sub(SNAPSHOT_MS) / 1000;
            let start_s = pending_s - effective / rate;
            QueueRow {
                id,
                mq: q.mq,
                min: q.min_offset,
                max: q.max_offset,
                consumer: q.consumer_offset,
                pull: q.pull_offset,
                timeline: Timeline { rate, start_s },
                client_ip: Some(ip.to_owned()),
            }
        })
        .collect()
}

/// The right end of every bar: a little above the largest offset, rounded to two
/// significant digits (6,400 → 7,000), at least 10.
pub fn axis_max(queues: &[QueueRow]) -> i64 {
    let top = queues
        .iter()
        .flat_map(|q| [q.min, q.max, q.consumer, q.pull.unwrap_or(0)])
        .max()
        .unwrap_or(0)
        .clamp(0, OFFSET_LIMIT);
    let padded = top.saturating_add(top / 12).max(10);
    let unit = step_unit(padded);
    padded.saturating_add(unit - 1) / unit * unit
}

/// The power of ten one digit below the leading digit of `x` (7,000 → 100; at least 1).
pub fn step_unit(x: i64) -> i64 {
    let mut unit = 1i64;
    while unit.saturating_mul(100) <= x {
        unit *= 10;
    }
    unit
}

/// The offset a key press moves a marker to, or `None` for other keys. Arrows move by 1
/// (by a bigger step with Shift), Page Up/Down by the bigger step, Home/End to the ends of
/// the marker's range.
pub fn key_target(row: &QueueRow, marker: Marker, key: &str, shift: bool, axis: i64) -> Option<i64> {
    let value = row.value(marker).unwrap_or(row.consumer);
    let big = step_unit(axis);
    let step = if shift { big } else { 1 };
    let (lo, hi) = row.drag_bounds(marker);
    match key {
        "ArrowRight" | "ArrowUp" => Some(value.saturating_add(step)),
        "ArrowLeft" | "ArrowDown" => Some(value.saturating_sub(step)),
        "PageUp" => Some(value.saturating_add(big)),
        "PageDown" => Some(value.saturating_sub(big)),
        "Home" => Some(lo),
        "End" => Some(if marker == Marker::Max { hi.min(axis.max(lo)) } else { hi }),
        _ => None,
    }
}
