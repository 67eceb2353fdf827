//! Everything the page draws at one tick, taken from the core once per change (the page
//! memoizes it), so no component reaches into the simulation itself.

use std::rc::Rc;

use rebalance_core::simulate::{ConsumeModel, ScheduledEvent, SimConfig, TickMetrics};

use super::lanes::{lanes_view, LanesView};
use super::moves::{self, Change};
use super::run::Run;

/// The drawable state of a run at its current tick.
#[derive(Debug, PartialEq)]
pub struct Frame {
    /// The current tick.
    pub tick: u64,
    /// Ticks recorded.
    pub recorded: u64,
    /// The run's last tick.
    pub horizon: u64,
    /// Milliseconds per tick.
    pub tick_ms: u64,
    /// Current time.
    pub now_ms: u64,
    /// The main model's metrics now.
    pub metrics: TickMetrics,
    /// The comparison model's configuration and metrics now.
    pub other: Option<(SimConfig, TickMetrics)>,
    /// The main model's configuration.
    pub config: SimConfig,
    /// Lanes and tray.
    pub lanes: Rc<LanesView>,
    /// Live processes (process, cid), for the inject panel.
    pub targets: Rc<Vec<(u32, String)>>,
    /// Every process (index as text, cid), for the log filter.
    pub clients: Vec<(String, String)>,
    /// The topic's tags.
    pub tags: Rc<Vec<String>>,
    /// Queues per broker now.
    pub queues_per_broker: u32,
    /// readQueueNums and writeQueueNums now.
    pub read_write: (u32, u32),
    /// Queues of the topic now, on every broker.
    pub queue_total: u32,
    /// The topic's brokers, by name.
    pub brokers: Rc<Vec<String>>,
    /// Queue handoffs so far, and the fewest / most queues a running consumer holds now
    /// (queue-level models; shown together so that fewer moves are read next to the balance).
    pub moves: Option<(u64, (u32, u32))>,
    /// The scenario's produce rate (msg/s).
    pub produce_rate: u64,
    /// The preset's events.
    pub preset_events: Vec<ScheduledEvent>,
    /// The reader's events.
    pub injected: Vec<ScheduledEvent>,
    /// The preset's name.
    pub scenario: String,
    /// The seed.
    pub seed: u64,
    /// The last [`moves::KEPT`] changes of queue holders up to now, newest first
    /// (queue-level CLUSTERING only).
    pub changes: Vec<Change>,
    /// How the moves name each process, by process index.
    pub names: Vec<(String, Option<u32>)>,
}

impl Frame {
    /// The frame of `run` now.
    pub fn of(run: &Run) -> Frame {
        let main = run.main();
        let config = main.config().clone();
        let snapshot = main.snapshot();
        let tags: Rc<Vec<String>> = Rc::new(config.topic.tags.iter().map(|t| t.name.clone()).collect());
        let targets =
            snapshot.consumers.iter().filter(|c| c.status.is_alive()).map(|c| (c.process, c.cid.clone())).collect();
        let clients = snapshot.consumers.iter().map(|c| (c.process.to_string(), c.cid.clone())).collect();
        let brokers = config.topic.brokers.len().max(1);
        let queues_per_broker = u32::try_from(snapshot.queues.len() / brokers).unwrap_or(u32::MAX);
        let per_broker = |n: usize| u32::try_from(n / brokers).unwrap_or(u32::MAX);
        let read_write = (
            per_broker(snapshot.queues.iter().filter(|q| q.readable).count()),
            per_broker(snapshot.queues.iter().filter(|q| q.writable).count()),
        );
        let now = main.now_ms();
        let moves = (config.group.model == ConsumeModel::Clustering)
            .then(|| (snapshot.queues.iter().map(|q| q.handoffs).sum(), main.queue_spread()));
        let model: ConsumeModel = config.group.model;
        let changes = if model == ConsumeModel::Clustering {
            moves::recent(main.ownership_changes(), run.tick_ms(), run.tick(), moves::KEPT)
        } else {
            Vec::new()
        };
        Frame {
            tick: run.tick(),
            recorded: run.recorded(),
            horizon: run.horizon(),
            tick_ms: run.tick_ms(),
            now_ms: now,
            metrics: snapshot.metrics,
            other: run.other().map(|o| (o.config().clone(), o.metrics())),
            lanes: Rc::new(lanes_view(&snapshot, model, tags.clone())),
            targets: Rc::new(targets),
            clients,
            tags,
            queues_per_broker,
            read_write,
            queue_total: u32::try_from(snapshot.queues.len()).unwrap_or(u32::MAX),
            brokers: Rc::new(config.topic.brokers.iter().map(|b| b.name.clone()).collect()),
            moves,
            produce_rate: config.topic.produce_rate,
            preset_events: run.scenario().events.clone(),
            injected: run.injected().to_vec(),
            scenario: run.scenario().name.clone(),
            seed: run.seed(),
            names: moves::process_names(&snapshot.consumers),
            changes,
            config,
        }
    }
}
