//! The consumer-group timeline simulator: one group on one topic, step by step.
//!
//! What the allocation snapshot cannot show: *when* each client notices a change, the pause
//! and duplicate window of a handoff, lag over time, and the 5.x message-level model next
//! to the classic one (SPEC sections 2, 3, 8–12).
//!
//! - Deterministic: time is an integer number of milliseconds advanced in fixed ticks,
//!   message counts are integers, every random choice comes from one seeded
//!   `fastrand::Rng`. The same configuration, events and seed give the same run, bit for
//!   bit, natively and in WebAssembly.
//! - Faithful: every client rebalances from *its own* view of the broker's member list with
//!   [`crate::allocate::allocate`] (so views disagree for a moment: overlaps and orphans),
//!   drops revoked queues after persisting their offset, starts new ones at the committed
//!   ConsumerOffset, commits the offset with every pull request and persists every 5 s, pulls
//!   with flow control; the broker expires silent channels after 120 s (telling nobody) and
//!   notifies the group when a member registers, unregisters or its connection closes.
//! - Accountable: every produced message is consumed, pending, lost or dead-lettered;
//!   [`Simulation::check_invariants`] proves it at any tick.
//!
//! For the site: [`Simulation::step`], [`Simulation::run_until`], [`Simulation::seek`]
//! (back to any tick through checkpoints, replaying at most [`CHECKPOINT_EVERY`] ticks),
//! [`Simulation::inject`] (an event now; the recorded future is discarded),
//! [`Simulation::history`] / [`Simulation::queue_lags`] for charts, [`Simulation::log`]
//! for the log pane, [`Simulation::snapshot`] for lanes, [`Simulation::summary`].
//! Presets are in [`scenario`].

mod broker;
mod client;
mod config;
mod consume;
mod event;
mod inspect;
mod ledger;
mod lifecycle;
mod log;
mod measure;
mod metrics;
mod pop;
pub mod scenario;
mod world;

use std::sync::Arc;

pub use client::ConsumerStatus;
pub use config::{
    BrokerConfig, BrokerSpec, ClientConfig, CommitMode, ConsumeModel, ConsumerSpec, GroupConfig, PopConsumer,
    SimConfig, TagShare, TopicConfig, CONSUME_TIMESTAMP_RANGE_MS, MAX_CONSUMERS, MAX_TAGS, MAX_TICKS,
};
pub use event::{validate_script, Event, ScheduledEvent};
pub use log::{Level, LogEntry, LogKind};
pub use metrics::{ConsumerView, OwnershipChange, QueueView, Snapshot, Summary, TickMetrics};
pub use scenario::Scenario;

use crate::Result;
use world::World;

/// `n` and the noun for it, singular for one: "1 queue", "16 queues" (the log and event
/// texts, in English like RocketMQ's own logs).
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A checkpoint of the whole state is kept every this many ticks (1 min at 100 ms).
pub const CHECKPOINT_EVERY: u64 = 600;

/// A run: configuration, event script, seed, and everything recorded so far.
#[derive(Debug, Clone)]
pub struct Simulation {
    config: Arc<SimConfig>,
    events: Vec<ScheduledEvent>,
    seed: u64,
    world: World,
    /// `history[k]`: metrics after `k` ticks (`history[0]` is time 0).
    history: Vec<TickMetrics>,
    /// Per-queue lag of every recorded tick, flattened; `lag_index[k]` is where tick k starts.
    lags: Vec<u64>,
    lag_index: Vec<usize>,
    log: Vec<LogEntry>,
    ownership: Vec<OwnershipChange>,
    /// `(tick, state after that many ticks)`, one every [`CHECKPOINT_EVERY`] ticks.
    checkpoints: Vec<(u64, World)>,
    scratch: Vec<u64>,
}

impl Simulation {
    /// Validates and starts a run at time 0 (the initial consumers registered and
    /// rebalanced). Events are applied in time order (stable for equal times).
    pub fn new(config: SimConfig, events: Vec<ScheduledEvent>, seed: u64) -> Result<Simulation> {
        config.validate()?;
        validate_script(&config, &events)?;
        let mut events = events;
        events.sort_by_key(|e| e.at_ms);
        let config = Arc::new(config);
        let mut world = World::new(Arc::clone(&config), seed);
        let mut scratch = Vec::new();
        let m = world.measure(&mut scratch);
        let mut sim = Simulation {
            config,
            events,
            seed,
            history: vec![m],
            lags: scratch.clone(),
            lag_index: vec![0],
            log: std::mem::take(&mut world.log),
            ownership: std::mem::take(&mut world.owner_changes),
            checkpoints: Vec::new(),
            world,
            scratch,
        };
        sim.checkpoints.push((0, sim.world.clone()));
        Ok(sim)
    }

    /// A preset scenario's run.
    pub fn from_scenario(scenario: &Scenario, seed: u64) -> Result<Simulation> {
        Simulation::new(scenario.config.clone(), scenario.events.clone(), seed)
    }

    /// The configuration.
    pub fn config(&self) -> &SimConfig {
        &self.config
    }

    /// The event script, in time order (including injected events).
    pub fn events(&self) -> &[ScheduledEvent] {
        &self.events
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Current simulation time in milliseconds.
    pub fn now_ms(&self) -> u64 {
        self.world.now
    }

    /// Ticks done so far (the index of the current metrics in [`Simulation::history`]).
    pub fn tick(&self) -> u64 {
        self.world.ticks
    }

    /// Ticks recorded (the furthest point reached; `seek` may have gone back since).
    pub fn recorded_ticks(&self) -> u64 {
        self.history.len() as u64 - 1
    }

    /// One tick forward; returns its metrics. At [`MAX_TICKS`] nothing happens any more.
    pub fn step(&mut self) -> TickMetrics {
        if self.world.ticks >= MAX_TICKS {
            return self.metrics();
        }
        self.world.tick(&self.events);
        let m = self.world.measure(&mut self.scratch);
        let t = self.world.ticks;
        if t > self.recorded_ticks() {
            self.history.push(m);
            self.lag_index.push(self.lags.len());
            self.lags.extend_from_slice(&self.scratch);
            self.log.append(&mut self.world.log);
            self.ownership.append(&mut self.world.owner_changes);
            if t % CHECKPOINT_EVERY == 0 {
                self.checkpoints.push((t, self.world.clone()));
            }
        }
        m
    }

    /// Steps until the time reaches `at_ms` (capped at [`MAX_TICKS`] ticks).
    pub fn run_until(&mut self, at_ms: u64) {
        let target = at_ms.div_ceil(self.config.tick_ms).min(MAX_TICKS);
        let more = target.saturating_sub(self.recorded_ticks()) as usize;
        self.history.reserve(more);
        self.lag_index.reserve(more);
        self.lags.reserve(more.saturating_mul(self.world.queues.len()));
        while self.world.ticks < target {
            self.step();
        }
    }

    /// Goes to the state after `tick` ticks: back through the nearest checkpoint, or
    /// forward by stepping. Recorded history, log and later checkpoints are kept.
    pub fn seek(&mut self, tick: u64) {
        let tick = tick.min(MAX_TICKS);
        let now = self.world.ticks;
        // The latest checkpoint at or before the target: restore it when going back, or
        // when it is ahead of the current state (a long jump forward).
        let i = self.checkpoints.partition_point(|(t, _)| *t <= tick);
        if let Some((t, w)) = i.checked_sub(1).and_then(|i| self.checkpoints.get(i)) {
            if tick < now || *t > now {
                self.world = w.clone();
            }
        }
        while self.world.ticks < tick {
            self.step();
        }
        if let Some(lags) = self.queue_lags(self.world.ticks) {
            self.scratch = lags.to_vec();
        }
    }

    /// Schedules `event` now. The recorded future (history, log, checkpoints after now) is
    /// discarded, since it no longer happens; the script keeps the event for replays.
    pub fn inject(&mut self, event: Event) -> Result<()> {
        let scheduled = ScheduledEvent::new(self.world.now, event);
        validate_script(&self.config, std::slice::from_ref(&scheduled))?;
        let mut candidate = self.events.clone();
        let i = candidate.partition_point(|e| e.at_ms <= scheduled.at_ms);
        candidate.insert(i, scheduled);
        validate_script(&self.config, &candidate)?;
        self.events = candidate;
        let t = self.world.ticks;
        let now = self.world.now;
        self.history.truncate(t as usize + 1);
        if let Some(&end) = self.lag_index.get(t as usize + 1) {
            self.lags.truncate(end);
        }
        self.lag_index.truncate(t as usize + 1);
        self.log.retain(|e| e.at_ms < now);
        self.ownership.retain(|o| o.at_ms <= now);
        self.checkpoints.retain(|(ct, _)| *ct <= t);
        Ok(())
    }

    /// The metrics of the current tick.
    pub fn metrics(&self) -> TickMetrics {
        self.metrics_at(self.world.ticks).unwrap_or_default()
    }

    /// The metrics after `tick` ticks, if recorded.
    pub fn metrics_at(&self, tick: u64) -> Option<TickMetrics> {
        self.history.get(usize::try_from(tick).ok()?).copied()
    }

    /// Every recorded tick's metrics (`[0]` is time 0).
    pub fn history(&self) -> &[TickMetrics] {
        &self.history
    }

    /// Per-queue lag after `tick` ticks, by queue index.
    pub fn queue_lags(&self, tick: u64) -> Option<&[u64]> {
        let k = usize::try_from(tick).ok()?;
        let start = *self.lag_index.get(k)?;
        let end = self.lag_index.get(k + 1).copied().unwrap_or(self.lags.len());
        self.lags.get(start..end)
    }

    /// Every recorded log line, in time order.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The log lines up to and including `at_ms`.
    pub fn log_until(&self, at_ms: u64) -> &[LogEntry] {
        let end = self.log.partition_point(|e| e.at_ms <= at_ms);
        self.log.get(..end).unwrap_or(&[])
    }

    /// Every recorded change of a queue's holders, in time order.
    pub fn ownership_changes(&self) -> &[OwnershipChange] {
        &self.ownership
    }

    /// Holders (process indices) of every queue at `at_ms`, from the recorded changes.
    pub fn owners_at(&self, at_ms: u64) -> Vec<Vec<u32>> {
        let mut owners: Vec<Vec<u32>> = Vec::new();
        for change in self.ownership.iter().take_while(|o| o.at_ms <= at_ms) {
            let q = change.queue as usize;
            if owners.len() <= q {
                owners.resize(q + 1, Vec::new());
            }
            if let Some(slot) = owners.get_mut(q) {
                slot.clone_from(&change.holders);
            }
        }
        owners
    }

    /// The full state at the current tick.
    pub fn snapshot(&self) -> Snapshot {
        let lags = self.queue_lags(self.world.ticks).unwrap_or(&self.scratch);
        self.world.snapshot(self.metrics(), lags)
    }

    /// The run's outcome from time 0 to the current tick.
    pub fn summary(&self) -> Summary {
        let end = (self.world.ticks as usize + 1).min(self.history.len());
        let handoffs = self.world.queues.iter().map(|q| q.handoffs).sum();
        let mut summary = Summary::from_history(self.history.get(..end).unwrap_or(&[]), handoffs);
        let (min, max) = self.queue_spread();
        summary.min_queues_per_consumer = min;
        summary.max_queues_per_consumer = max;
        self.new_group_figures(&mut summary);
        summary
    }

    /// Where the queues without a stored offset started, and how much of the history (the
    /// messages stored before the run) the group's committed offset has passed on them.
    fn new_group_figures(&self, summary: &mut Summary) {
        let started = self.world.queues.iter().filter_map(|x| x.started_without_offset.map(|s| (x, s)));
        for (i, (queue, start)) in started.enumerate() {
            summary.queues_started_without_offset += 1;
            summary.min_start_without_offset = if i == 0 { start } else { summary.min_start_without_offset.min(start) };
            summary.max_start_without_offset = summary.max_start_without_offset.max(start);
            let history = queue.backlog();
            summary.history_read += queue.effective_committed().min(history).saturating_sub(start.min(history));
            if let Some(ts) = queue.searched_timestamp {
                summary.consume_timestamp_ms = Some(summary.consume_timestamp_ms.map_or(ts, |t| t.min(ts)));
            }
        }
    }

    /// Fewest and most queues a running consumer holds now (`(0, 0)` with none running): how
    /// even the allocation is, next to how many queues moved.
    pub fn queue_spread(&self) -> (u32, u32) {
        let counts =
            self.world.clients.iter().filter(|cl| cl.status == ConsumerStatus::Running).map(|cl| cl.pqs.len() as u32);
        counts
            .fold(None, |acc: Option<(u32, u32)>, n| Some(acc.map_or((n, n), |(lo, hi)| (lo.min(n), hi.max(n)))))
            .unwrap_or((0, 0))
    }

    /// Checks the model's invariants now (conservation: every produced message is
    /// consumed, pending, lost or dead-lettered; offsets ordered; no queue held twice by
    /// one client; dead processes leave the member list in time).
    pub fn check_invariants(&self) -> std::result::Result<(), String> {
        self.world.check()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_of_one_reads_in_the_singular_in_logs_and_events() {
        let line = |kind| LogEntry { at_ms: 0, source: "broker".to_owned(), process: None, kind }.text();
        assert_eq!(line(LogKind::RouteChanged { queues: 1 }), "topic route changed: 1 queue");
        assert_eq!(line(LogKind::RouteChanged { queues: 16 }), "topic route changed: 16 queues");
        assert_eq!(
            line(LogKind::AckExpired { queue: 2, count: 1 }),
            "ack failed: invisible time passed, 1 message of Q2 was already redelivered"
        );
        assert_eq!(
            line(LogKind::Revived { queue: 2, count: 3 }),
            "3 un-acked messages of Q2 are visible again (invisible time passed)"
        );
        let fail = |count| Event::FailMessages { queue: 3, count, duration_ms: None }.describe();
        assert_eq!(fail(1), "1 message of queue 3 starts failing");
        assert_eq!(fail(5), "5 messages of queue 3 start failing");
        let stuck = |count, duration_ms| Event::StuckMessage { queue: 0, count, duration_ms }.describe();
        assert_eq!(stuck(1, None), "the next message of queue 0 never finishes in the business");
        assert_eq!(stuck(3, Some(5_000)), "each of the next 3 messages of queue 0 runs for 5000 ms in the business");
        assert_eq!(Event::queues(1).describe(), "the topic gets 1 queue per broker");
        let deploy = |replace, start| {
            Event::RollingDeploy {
                replace,
                start,
                start_spacing_ms: 0,
                stop_after_ms: 0,
                stop_spacing_ms: 0,
                graceful: true,
            }
            .describe()
        };
        assert_eq!(deploy(1, 1), "rolling deploy: 1 new instance, 1 old one stopped");
        assert_eq!(deploy(2, 3), "rolling deploy: 3 new instances, 2 old ones stopped");
    }
}
