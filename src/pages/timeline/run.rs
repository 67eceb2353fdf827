//! One run of the simulator as the page holds it: the preset, the seed, the events the
//! reader injected, the [`Simulation`] itself and, in compare mode, a twin with the other
//! consume model on the same script and seed. No yew here: the page calls these methods
//! and draws what the core reports.
//!
//! A run is reproducible from (scenario, seed, injected events): injecting at time `t`
//! gives the same state as a fresh run whose script holds the event at `t`, because the
//! core keeps an injected event in its script. The URL stores exactly those three.

use rebalance_core::simulate::{
    validate_script, ConsumeModel, Event, PopConsumer, Scenario, ScheduledEvent, SimConfig, Simulation, MAX_TICKS,
};

use super::script;

/// After the last injected event the run goes on for at least this long.
const AFTER_LAST_EVENT_MS: u64 = 60_000;

/// An injected event the core refused when the run was rebuilt (from a link).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The event in URL form.
    pub item: String,
    /// The core's reason.
    pub reason: String,
}

/// The simulation(s) of one scenario + seed + injected events.
#[derive(Debug)]
pub struct Run {
    scenario: Scenario,
    seed: u64,
    injected: Vec<ScheduledEvent>,
    main: Simulation,
    other: Option<Simulation>,
    horizon: u64,
    generation: u64,
}

/// The model the comparison twin uses: POP for the classic models, classic CLUSTERING for POP.
pub fn twin_model(model: ConsumeModel) -> ConsumeModel {
    match model {
        ConsumeModel::Pop => ConsumeModel::Clustering,
        ConsumeModel::Clustering | ConsumeModel::Broadcasting => ConsumeModel::Pop,
    }
}

/// `config` with the other consume model (orderly locks only exist in the classic model).
fn twin_config(config: &SimConfig) -> SimConfig {
    let mut twin = config.clone();
    twin.group.model = twin_model(config.group.model);
    if twin.group.model == ConsumeModel::Pop {
        twin.group.orderly = false;
    }
    twin
}

impl Run {
    /// Builds the run. Injected events the core refuses (checked one by one against the
    /// script so far) are left out and reported; `Err` only if the preset itself is refused.
    pub fn new(
        scenario: Scenario,
        seed: u64,
        injected: Vec<ScheduledEvent>,
        compare: bool,
    ) -> Result<(Run, Vec<Refused>), String> {
        let mut script: Vec<ScheduledEvent> = scenario.events.clone();
        let mut kept = Vec::new();
        let mut refused = Vec::new();
        for event in injected {
            script.push(event.clone());
            match validate_script(&scenario.config, &script) {
                Ok(()) => kept.push(event),
                Err(error) => {
                    script.pop();
                    refused.push(Refused { item: script::encode_one(&event), reason: error.to_string() });
                }
            }
        }
        let main = Simulation::new(scenario.config.clone(), script, seed).map_err(|e| e.to_string())?;
        let mut run = Run { scenario, seed, injected: kept, main, other: None, horizon: 0, generation: 0 };
        run.horizon = run.compute_horizon();
        if compare {
            run.set_compare(true);
        }
        Ok((run, refused))
    }

    fn compute_horizon(&self) -> u64 {
        let tick_ms = self.main.config().tick_ms.max(1);
        let last = self.injected.iter().map(|e| e.at_ms.saturating_add(AFTER_LAST_EVENT_MS)).max().unwrap_or(0);
        self.scenario.duration_ms.max(last).div_ceil(tick_ms).min(MAX_TICKS)
    }

    /// The recorded history changes in another way than growing (inject, seed, compare).
    fn rewritten(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Changes when the chart changes: the recorded history is rewritten, or a chart column
    /// (see [`super::chart::column_width`]) is completed.
    pub fn history_key(&self) -> (u64, u64, u64) {
        let width = super::chart::column_width(self.horizon);
        let other = self.other.as_ref().map_or(0, Simulation::recorded_ticks);
        (self.generation, self.recorded() / width, other / width)
    }

    /// Changes when the log up to now changes (the log pane is memoized on it).
    pub fn log_key(&self) -> (u64, usize) {
        (self.generation, self.main.log_until(self.main.now_ms()).len())
    }

    /// Changes whenever the recorded history is rewritten rather than grown.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The preset.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The events the reader added, in the order they were added.
    pub fn injected(&self) -> &[ScheduledEvent] {
        &self.injected
    }

    /// The run in the preset's model.
    pub fn main(&self) -> &Simulation {
        &self.main
    }

    /// The comparison twin, if compare mode is on.
    pub fn other(&self) -> Option<&Simulation> {
        self.other.as_ref()
    }

    /// The current tick.
    pub fn tick(&self) -> u64 {
        self.main.tick()
    }

    /// How many ticks are recorded (the scrubber's range).
    pub fn recorded(&self) -> u64 {
        self.main.recorded_ticks()
    }

    /// The last tick of the run: the preset's duration, or later after injected events.
    pub fn horizon(&self) -> u64 {
        self.horizon
    }

    /// Milliseconds per tick.
    pub fn tick_ms(&self) -> u64 {
        self.main.config().tick_ms
    }

    /// Whether the run is at its last tick.
    pub fn at_end(&self) -> bool {
        self.tick() >= self.horizon
    }

    /// Goes to `tick` (clamped to the run), back or forward, in both models.
    pub fn seek(&mut self, tick: u64) {
        let tick = tick.min(self.horizon);
        self.main.seek(tick);
        if let Some(other) = self.other.as_mut() {
            other.seek(tick);
        }
    }

    /// Up to `ticks` steps forward, stopping at the horizon; returns the steps done.
    pub fn advance(&mut self, ticks: u64) -> u64 {
        let target = self.tick().saturating_add(ticks).min(self.horizon);
        let done = target.saturating_sub(self.tick());
        if done > 0 {
            self.seek(target);
        }
        done
    }

    /// Schedules `event` now in both models; the core's refusal comes back as its message.
    pub fn inject(&mut self, event: Event) -> Result<(), String> {
        let at_ms = self.main.now_ms();
        self.main.inject(event.clone()).map_err(|e| e.to_string())?;
        if let Some(other) = self.other.as_mut() {
            if other.inject(event.clone()).is_err() {
                self.other = None;
                self.set_compare(true);
            }
        }
        self.injected.push(ScheduledEvent::new(at_ms, event));
        self.horizon = self.compute_horizon();
        self.rewritten();
        Ok(())
    }

    /// Removes the `index`-th injected event and replays the run to the current tick.
    pub fn remove_injected(&mut self, index: usize) {
        if index >= self.injected.len() {
            return;
        }
        let mut injected = self.injected.clone();
        injected.remove(index);
        self.rebuild(self.seed, injected);
    }

    /// The same script with another seed, at the same tick.
    pub fn set_seed(&mut self, seed: u64) {
        if seed != self.seed {
            self.rebuild(seed, self.injected.clone());
        }
    }

    fn rebuild(&mut self, seed: u64, injected: Vec<ScheduledEvent>) {
        let tick = self.tick();
        let compare = self.other.is_some();
        if let Ok((run, _)) = Run::new(self.scenario.clone(), seed, injected, compare) {
            let generation = self.generation;
            *self = run;
            self.generation = generation;
            self.rewritten();
            self.seek(tick);
        }
    }

    /// Which 5.x client receives the POP messages (the POP run's, and the POP twin's).
    pub fn pop_consumer(&self) -> PopConsumer {
        self.scenario.config.client.pop_consumer
    }

    /// The same script and seed with another POP client, at the same tick.
    pub fn set_pop_consumer(&mut self, pop: PopConsumer) {
        if pop != self.pop_consumer() {
            self.scenario.config.client.pop_consumer = pop;
            self.rebuild(self.seed, self.injected.clone());
        }
    }

    /// Turns the comparison twin on (built on the same script and seed, at the same tick) or off.
    pub fn set_compare(&mut self, on: bool) {
        if !on {
            self.other = None;
        } else if self.other.is_none() {
            let config = twin_config(self.main.config());
            if let Ok(mut twin) = Simulation::new(config, self.main.events().to_vec(), self.seed) {
                twin.seek(self.tick());
                self.other = Some(twin);
            }
        }
        self.rewritten();
    }
}

#[cfg(test)]
mod tests {
    use rebalance_core::simulate::scenario;

    use super::*;

    fn preset(name: &str) -> Scenario {
        scenario::by_name(name).unwrap_or_else(|| panic!("no preset {name}"))
    }

    fn build(name: &str, injected: Vec<ScheduledEvent>) -> Run {
        match Run::new(preset(name), 1, injected, false) {
            Ok((run, refused)) => {
                assert_eq!(refused, vec![]);
                run
            }
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn the_end_of_scale_3_to_10_has_8_active_and_2_idle() {
        let mut run = build("scale-3-to-10", Vec::new());
        assert_eq!(run.horizon(), 6_000);
        run.seek(u64::MAX);
        assert_eq!(run.tick(), 6_000);
        assert!(run.at_end());
        let m = run.main().metrics();
        assert_eq!((m.running, m.idle_consumers), (10, 2));
    }

    /// `rebalance-lab simulate --scenario scale-3-to-10 --seed 1`'s last tick, as computed
    /// natively; `tests/browser/timeline.rs` checks that the page in WebAssembly shows the same.
    const SCALE_3_TO_10_SEED_1_END: &str = "TickMetrics { at_ms: 600000, group_lag: 200, consume_tps: 2000, \
        produce_tps: 2000, produced: 1200000, consumed: 1200981, duplicates: 981, lost: 0, dead_lettered: 0, \
        filtered: 0, pending: 0, stranded: 0, inflight: 0, oldest_pending_age_ms: 96, running: 10, members: 10, \
        idle_consumers: 2, overlapping_queues: 0, orphan_queues: 0, stranded_queues: 0, flow_controlled_queues: 0, \
        blocked_queues: 0, rebalances: 36, rebalance_runs: 277, retries: 0, stuck_messages: 0, finished_above_offset: 0, \
        span_paused_queues: 0, expired_sent_back: 0, redelivered: 491, offline_queues: 0, offline_lag: 0, failed_pulls: 0, \
        max_unpulled_ms: 0, retries_delivered: 0, retry_pending: 0, max_reconsume_times: 0, last_retry_ms: 0 }";

    #[test]
    fn the_run_matches_the_native_fingerprint() {
        let mut run = build("scale-3-to-10", Vec::new());
        run.seek(u64::MAX);
        assert_eq!(format!("{:?}", run.main().metrics()), SCALE_3_TO_10_SEED_1_END);
    }

    #[test]
    fn an_injected_event_replays_identically_from_a_link() {
        let mut live = build("crash", Vec::new());
        live.advance(450);
        let crash = Event::Crash { cid: "192.168.0.3".to_owned(), channel_closed: true };
        live.inject(crash).unwrap_or_else(|e| panic!("{e}"));
        live.advance(300);
        live.inject(Event::Join { consumer: Default::default() }).unwrap_or_else(|e| panic!("{e}"));
        live.seek(u64::MAX);

        let encoded = script::encode(live.injected());
        let (decoded, bad) = script::decode(&encoded);
        assert_eq!(bad, vec![]);
        let mut replay = build("crash", decoded);
        replay.seek(live.tick());
        assert_eq!(replay.tick(), live.tick());
        assert_eq!(replay.main().history(), live.main().history(), "same metrics at every tick");
        assert_eq!(replay.main().snapshot(), live.main().snapshot());
        assert_eq!(replay.main().log(), live.main().log());
    }

    #[test]
    fn injecting_after_a_step_back_discards_the_recorded_future() {
        let mut run = build("scale-out-avg", Vec::new());
        run.advance(1_000);
        run.seek(200);
        assert_eq!(run.recorded(), 1_000);
        run.inject(Event::Join { consumer: Default::default() }).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(run.recorded(), 200);
        assert_eq!(run.injected().len(), 1);
        assert_eq!(run.injected()[0].at_ms, 20_000);
    }

    #[test]
    fn refused_events_are_reported_and_the_rest_kept() {
        let events = vec![
            ScheduledEvent::new(1_000, Event::queue_nums(None, Some(0))),
            ScheduledEvent::new(2_000, Event::Join { consumer: Default::default() }),
            ScheduledEvent::new(3_000, Event::Pause { cid: "192.168.0.1".to_owned(), duration_ms: 0 }),
        ];
        let (run, refused) = match Run::new(preset("scale-out-avg"), 7, events, false) {
            Ok(x) => x,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(run.injected().len(), 1);
        assert_eq!(refused.len(), 2);
        assert_eq!(refused[0].item, "1000-queues-w0");
        assert!(refused[0].reason.contains("writeQueueNums 0"), "{}", refused[0].reason);
        assert!(refused[1].reason.contains("durationMs"), "{}", refused[1].reason);
        assert_eq!(run.main().config().topic.queues_per_broker, 8);
    }

    #[test]
    fn the_twin_runs_the_other_model_on_the_same_script() {
        let mut run = build("scale-3-to-10", Vec::new());
        run.set_compare(true);
        run.seek(u64::MAX);
        let other = run.other().map(|o| (o.config().group.model, o.tick(), o.metrics()));
        let Some((model, tick, m)) = other else { panic!("no twin") };
        assert_eq!((model, tick), (ConsumeModel::Pop, 6_000));
        assert_eq!((m.running, m.idle_consumers), (10, 0), "POP has no idle consumer");
        // Injecting goes to both; removing it replays both.
        run.seek(100);
        run.inject(Event::Crash { cid: "192.168.0.1".to_owned(), channel_closed: true })
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(run.other().map(|o| o.events().len()), Some(8));
        run.remove_injected(0);
        assert_eq!(run.injected().len(), 0);
        assert_eq!((run.tick(), run.other().map(|o| o.tick())), (100, Some(100)));
        assert_eq!(twin_model(ConsumeModel::Pop), ConsumeModel::Clustering);
    }

    #[test]
    fn the_horizon_grows_after_a_late_event() {
        let mut run = build("scale-out-avg", Vec::new());
        assert_eq!(run.horizon(), 1_800);
        run.seek(u64::MAX);
        run.inject(Event::Join { consumer: Default::default() }).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(run.horizon(), 2_400);
        assert_eq!(run.advance(10_000), 600);
        assert!(run.at_end());
    }
}
