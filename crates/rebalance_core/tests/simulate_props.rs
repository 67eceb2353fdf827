//! The simulator's contract: determinism, scrubbing (seek) and injection reproduce straight
//! runs, scripts are data, bad input is an error and never a panic, and random event
//! scripts keep every invariant at every tick.

use proptest::prelude::*;
use rebalance_core::allocate::Strategy as Alloc;
use rebalance_core::consume_from::ConsumeFromWhere;
use rebalance_core::simulate::{
    scenario, BrokerSpec, CommitMode, ConsumeModel, ConsumerSpec, Event, ScheduledEvent, SimConfig, Simulation,
    TagShare, CHECKPOINT_EVERY,
};
use rebalance_core::Error;

fn run(name: &str, seed: u64) -> Simulation {
    let s = scenario::by_name(name).expect("preset");
    let mut sim = Simulation::from_scenario(&s, seed).expect("valid");
    sim.run_until(s.duration_ms);
    sim
}

/// FNV-1a over the metrics history: the same value natively and in WebAssembly.
fn fingerprint(sim: &Simulation) -> u64 {
    let text = serde_json::to_string(sim.history()).expect("serialisable");
    text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

#[test]
fn same_inputs_and_seed_give_the_same_run() {
    for name in scenario::names() {
        let (a, b) = (run(&name, 7), run(&name, 7));
        assert_eq!(a.history(), b.history(), "{name}: metrics differ");
        assert_eq!(a.log(), b.log(), "{name}: logs differ");
        assert_eq!(a.ownership_changes(), b.ownership_changes(), "{name}");
        assert_eq!(fingerprint(&a), fingerprint(&b));
    }
}

#[test]
fn the_seed_matters_where_timing_is_random() {
    let prints: Vec<u64> = (0..6).map(|seed| fingerprint(&run("gc-pause", seed))).collect();
    assert!(prints.iter().any(|&p| p != prints[0]), "heartbeat/persist phases come from the seed");
}

#[test]
fn seek_back_and_forth_matches_a_straight_run() {
    let s = scenario::by_name("rolling-deploy").expect("preset");
    let mut sim = Simulation::from_scenario(&s, 3).expect("valid");
    sim.run_until(s.duration_ms);
    let end = sim.snapshot();
    let ticks = sim.tick();
    for target in [0, 1, 599, 600, 601, 1_234, CHECKPOINT_EVERY * 3 + 7, ticks] {
        sim.seek(target);
        assert_eq!(sim.tick(), target);
        let mut fresh = Simulation::from_scenario(&s, 3).expect("valid");
        fresh.run_until(target * s.config.tick_ms);
        assert_eq!(sim.snapshot(), fresh.snapshot(), "seek({target})");
        assert_eq!(sim.metrics(), sim.history()[target as usize]);
    }
    sim.seek(5);
    sim.seek(ticks);
    assert_eq!(sim.snapshot(), end);
    assert_eq!(sim.recorded_ticks(), ticks, "seeking back keeps the recorded future");
}

#[test]
fn injected_events_are_part_of_the_script_and_replay_exactly() {
    let s = scenario::by_name("scale-out-avg").expect("preset");
    let mut sim = Simulation::from_scenario(&s, 9).expect("valid");
    sim.run_until(150_000);
    sim.seek(900);
    sim.inject(Event::Crash { cid: "192.168.0.1".to_owned(), channel_closed: true }).expect("valid event");
    assert_eq!(sim.recorded_ticks(), 900, "the recorded future is discarded");
    assert!(sim.log().iter().all(|e| e.at_ms < 90_000));
    sim.run_until(120_000);
    assert!(sim.events().iter().any(|e| e.at_ms == 90_000 && matches!(e.event, Event::Crash { .. })));
    let mut replay = Simulation::new(sim.config().clone(), sim.events().to_vec(), sim.seed()).expect("valid");
    replay.run_until(120_000);
    assert_eq!(replay.history(), sim.history(), "a link (config, events, seed) replays the run");
    assert_eq!(replay.log(), sim.log());
    assert!(
        sim.inject(Event::QueueCount { queues_per_broker: None, read_queue_nums: None, write_queue_nums: None })
            .is_err(),
        "a queue count event sets a count"
    );
}

#[test]
fn owners_at_agrees_with_the_snapshot_and_logs_are_ordered() {
    let sim = run("scale-3-to-10", 1);
    let owners = sim.owners_at(sim.now_ms());
    let snap = sim.snapshot();
    for q in &snap.queues {
        assert_eq!(owners.get(q.index as usize), Some(&q.holders), "Q{}", q.index);
    }
    assert!(sim.log().windows(2).all(|w| w[0].at_ms <= w[1].at_ms));
    let early = sim.log_until(60_000);
    assert!(!early.is_empty() && early.iter().all(|e| e.at_ms <= 60_000));
    assert!(sim.log().iter().all(|e| !e.text().is_empty()));
    assert_eq!(sim.queue_lags(sim.tick()).map(<[u64]>::len), Some(8));
    assert!(sim.queue_lags(sim.tick() + 1).is_none());
}

#[test]
fn bad_configurations_and_scripts_are_errors() {
    let invalid = |c: SimConfig| match Simulation::new(c, Vec::new(), 0) {
        Err(Error::InvalidInput { field, message }) => format!("{field}: {message}"),
        other => panic!("expected an error, got {:?}", other.map(|s| s.tick())),
    };
    let zero_tick = SimConfig { tick_ms: 0, ..SimConfig::default() };
    assert!(invalid(zero_tick.clone()).starts_with("tickMs"));
    assert_eq!(zero_tick.clamped().tick_ms, 10);
    let mut c = SimConfig::default();
    c.topic.hot_queues = vec![8];
    assert!(invalid(c).contains("queue 8 does not exist"));
    c = SimConfig::default();
    c.consumers[0].subscription = Some(vec!["nope".to_owned()]);
    assert!(invalid(c).contains("unknown tag"));
    c = SimConfig::default();
    c.topic.tags = Vec::new();
    assert!(invalid(c).contains("tags"));
    let zero = vec![ScheduledEvent::new(1_000, Event::queue_nums(Some(0), None))];
    assert!(Simulation::new(SimConfig::default(), zero, 0).is_err_and(|e| e.to_string().contains("readQueueNums 0")));
    let late = vec![ScheduledEvent::new(u64::MAX, Event::Stop { cid: "x".to_owned() })];
    assert!(Simulation::new(SimConfig::default(), late, 0).is_err());
    let pause = vec![ScheduledEvent::new(0, Event::Pause { cid: "192.168.0.1".to_owned(), duration_ms: 0 })];
    assert!(Simulation::new(SimConfig::default(), pause, 0).is_err());
    let unknown = vec![ScheduledEvent::new(1_000, Event::BrokerStop { broker: "broker-z".to_owned() })];
    let refused = Simulation::new(SimConfig::default(), unknown, 0).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        refused.contains("brokerStop.broker")
            && refused.contains("\"broker-z\" is not a broker of the topic (it has broker-a)"),
        "{refused}"
    );
    let slider = SimConfig { tick_ms: 1_000_000, ..SimConfig::default() }.clamped();
    assert_eq!(slider.tick_ms, 10_000);
    slider.validate().expect("clamped values are valid");
}

/// A broker stopped twice, or started while it runs, is skipped with a line; a stop and a start
/// leave the topic as it was.
#[test]
fn a_broker_event_that_changes_nothing_is_skipped_with_a_log_line() {
    let broker = || "broker-a".to_owned();
    let events = vec![
        ScheduledEvent::new(1_000, Event::BrokerStart { broker: broker() }),
        ScheduledEvent::new(2_000, Event::BrokerStop { broker: broker() }),
        ScheduledEvent::new(3_000, Event::BrokerStop { broker: broker() }),
        ScheduledEvent::new(4_000, Event::BrokerStart { broker: broker() }),
    ];
    let mut sim = Simulation::new(SimConfig::default(), events, 0).expect("valid");
    sim.run_until(3_500);
    assert_eq!((sim.metrics().offline_queues, sim.metrics().produce_tps), (8, 0), "one broker: nothing to send to");
    sim.run_until(120_000);
    let skipped: Vec<String> = sim.log().iter().map(|e| e.text()).filter(|t| t.starts_with("event skipped")).collect();
    assert_eq!(
        skipped,
        ["event skipped: broker broker-a is already running", "event skipped: broker broker-a is already stopped"]
    );
    let rate: u64 = sim.snapshot().queues.iter().map(|q| q.produce_rate).sum();
    assert_eq!((sim.metrics().offline_queues, sim.metrics().orphan_queues, rate), (0, 0, 1_000));
}

#[test]
fn unknown_targets_are_skipped_with_a_log_line() {
    let events = vec![ScheduledEvent::new(1_000, Event::Crash { cid: "10.9.9.9".to_owned(), channel_closed: true })];
    let mut sim = Simulation::new(SimConfig::default(), events, 0).expect("valid");
    sim.run_until(5_000);
    assert!(sim.log().iter().any(|e| e.text().contains("no running consumer \"10.9.9.9\"")));
    assert_eq!(sim.metrics().running, 3);
}

#[test]
fn scripts_are_json_data() {
    let text = r#"[
        {"atMs": 60000, "kind": "join", "cid": "10.0.0.5@77", "consumeRate": 800},
        {"atMs": 90000, "kind": "crash", "cid": "192.168.0.1"},
        {"atMs": 95000, "kind": "crash", "cid": "192.168.0.2", "channelClosed": false},
        {"atMs": 100000, "kind": "pause", "cid": "10.0.0.5", "durationMs": 5000},
        {"atMs": 110000, "kind": "rollingDeploy", "replace": 2, "start": 2, "startSpacingMs": 5000,
         "stopAfterMs": 10000, "stopSpacingMs": 5000},
        {"atMs": 120000, "kind": "produceRate", "rate": 3000, "hotQueues": [1], "hotSharePercent": 40},
        {"atMs": 130000, "kind": "queueCount", "queuesPerBroker": 12},
        {"atMs": 140000, "kind": "failMessages", "queue": 2, "count": 3, "durationMs": 20000},
        {"atMs": 150000, "kind": "stuckMessage", "queue": 1, "durationMs": 30000}
    ]"#;
    let events: Vec<ScheduledEvent> = serde_json::from_str(text).expect("parses");
    assert_eq!(events.len(), 9);
    assert_eq!(
        events[8].event,
        Event::StuckMessage { queue: 1, count: 1, duration_ms: Some(30_000) },
        "count 1 by default"
    );
    let back: Vec<ScheduledEvent> =
        serde_json::from_str(&serde_json::to_string(&events).expect("serialises")).expect("round trip");
    assert_eq!(back, events);
    let mut sim = Simulation::new(SimConfig::default(), events, 5).expect("valid");
    while sim.now_ms() < 240_000 {
        sim.step();
        sim.check_invariants().expect("invariants");
    }
    assert_eq!(sim.snapshot().queues.len(), 12);
    let scenario_json = serde_json::to_string(&scenario::by_name("hot-queue").expect("preset")).expect("json");
    let parsed: rebalance_core::simulate::Scenario = serde_json::from_str(&scenario_json).expect("parses");
    assert_eq!(parsed, scenario::by_name("hot-queue").expect("preset"));
    let sparse: SimConfig = serde_json::from_str(r#"{"topic": {"queuesPerBroker": 4}}"#).expect("defaults fill in");
    assert_eq!((sparse.topic.queues_per_broker, sparse.client.persist_interval_ms), (4, 5_000));
}

/// 8 queues with a backlog of 2,000 each, 800 msg/s produced, 3 × 500 msg/s consumed.
fn shrink_config() -> SimConfig {
    let mut config = SimConfig::default();
    config.topic.produce_rate = 800;
    config.topic.backlog_per_queue = 2_000;
    config
}

/// `mqadmin updateTopic` sets readQueueNums and writeQueueNums apart and can lower them:
/// queues at or beyond writeQueueNums get no new messages (`topicRouteData2TopicPublishInfo`),
/// queues at or beyond readQueueNums leave the consumers' route
/// (`topicRouteData2TopicSubscribeInfo`) and the broker refuses their pulls
/// (`PullMessageProcessor`: "queueId[..] is illegal ... readQueueNums"): their backlog is stranded.
#[test]
fn lowering_the_read_count_first_strands_the_backlog_of_the_cut_queues() {
    let config = shrink_config();
    let unsafe_shrink = vec![ScheduledEvent::new(10_000, Event::queues(4))];
    let mut sim = Simulation::new(config.clone(), unsafe_shrink, 0).expect("shrinking is allowed");
    sim.run_until(180_000);
    let snap = sim.snapshot();
    assert_eq!(snap.queues.iter().filter(|q| !q.readable && !q.writable).count(), 4, "queueId 4..7 on the broker");
    assert!(snap.queues.iter().filter(|q| !q.writable).all(|q| q.produce_rate == 0), "no new messages");
    let stranded: u64 = snap.queues.iter().filter(|q| !q.readable).map(|q| q.lag).sum();
    assert!(stranded > 0, "what the cut queues held when their pulls stopped stays there");
    assert_eq!(snap.metrics.stranded, stranded);
    assert_eq!(snap.metrics.stranded_queues, snap.queues.iter().filter(|q| !q.readable && q.lag > 0).count() as u32);
    assert_eq!(snap.metrics.orphan_queues, 0, "a queue outside the read set is stranded, not orphaned");
    assert!(snap.queues.iter().all(|q| q.readable || q.holders.is_empty()), "nobody holds a cut queue");
    assert!(sim.log().iter().any(|e| e.text().contains("topic route changed: 4 queues")));
    sim.check_invariants().expect("conservation holds with stranded messages");
    assert_eq!(sim.summary().final_stranded, stranded);
    // Raising the read count again makes the stranded messages consumable.
    let mut again = vec![ScheduledEvent::new(10_000, Event::queues(4))];
    again.push(ScheduledEvent::new(120_000, Event::queues(8)));
    let mut sim = Simulation::new(config, again, 0).expect("valid");
    sim.run_until(240_000);
    assert_eq!(sim.metrics().stranded, 0);
}

/// The safe way to shrink: lower writeQueueNums first, wait until the cut queues are drained,
/// then lower readQueueNums. Nothing is stranded and nothing lost.
#[test]
fn lowering_write_then_read_after_draining_strands_nothing() {
    let events = vec![
        ScheduledEvent::new(10_000, Event::queue_nums(None, Some(4))),
        ScheduledEvent::new(120_000, Event::queue_nums(Some(4), None)),
    ];
    let mut sim = Simulation::new(shrink_config(), events, 0).expect("valid");
    sim.run_until(110_000);
    let snap = sim.snapshot();
    assert!(snap.queues.iter().filter(|q| !q.writable).all(|q| q.readable && q.lag == 0), "drained while readable");
    sim.run_until(240_000);
    let m = sim.metrics();
    assert_eq!((m.stranded, m.stranded_queues, m.lost), (0, 0, 0));
    assert!(sim.snapshot().queues.iter().filter(|q| q.index >= 4).all(|q| !q.readable && !q.writable));
}

/// DefaultMQPushConsumerImpl.pullMessage, `case OFFSET_ILLEGAL` (5.x): the offset asked for was
/// deleted by retention; the client warns, takes nextBeginOffset (MinOffset), drops the
/// ProcessQueue, persists the corrected offset and rebalances at once, which adds the queue again
/// from there.
#[test]
fn an_offset_below_min_offset_is_corrected_as_the_client_does() {
    let mut config = SimConfig { consumers: vec![ConsumerSpec::default()], ..SimConfig::default() };
    config.topic.produce_rate = 1_000;
    config.topic.retention_ms = 20_000;
    config.client.consume_rate = 200;
    let mut sim = Simulation::new(config, Vec::new(), 3).expect("valid");
    sim.run_until(120_000);
    sim.check_invariants().expect("conservation with retention");
    let log = sim.log();
    let illegal = log
        .iter()
        .find(|e| {
            e.text().starts_with("the pull request offset illegal, PullRequest [consumerGroup=cg-demo, messageQueue=")
        })
        .expect("OFFSET_ILLEGAL once the retention passes the consumer");
    let rebalance_core::simulate::LogKind::OffsetIllegal { queue, .. } = illegal.kind else { panic!("kind") };
    assert!(illegal.text().contains("PullResult [pullStatus=OFFSET_ILLEGAL, nextBeginOffset="), "{}", illegal.text());
    let fixed = log.iter().find(|e| e.at_ms == illegal.at_ms && e.text().starts_with("fix the pull request offset, "));
    assert!(fixed.is_some(), "fixed at once (5.x)");
    let readded = log.iter().find(|e| {
        e.at_ms > illegal.at_ms
            && matches!(e.kind, rebalance_core::simulate::LogKind::QueueAdded { queue: q, .. } if q == queue)
    });
    let readded = readded.expect("the next rebalance adds the queue again");
    assert!(readded.at_ms <= illegal.at_ms + 1_000, "rebalanceImmediately: {} vs {}", readded.at_ms, illegal.at_ms);
    assert!(sim.summary().lost > 0, "what retention deleted before it was consumed is lost");
}

#[test]
fn new_queues_are_consumed_after_the_route_poll() {
    let events = vec![ScheduledEvent::new(10_000, Event::queues(16))];
    let mut sim = Simulation::new(SimConfig::default(), events, 0).expect("valid");
    sim.run_until(11_000);
    assert_eq!(sim.snapshot().metrics.orphan_queues, 8, "clients have not seen the new queues yet");
    sim.run_until(90_000);
    assert_eq!(sim.snapshot().metrics.orphan_queues, 0);
    assert!(sim.log().iter().any(|e| e.text().contains("topic route changed: 16 queues")));
}

fn event_strategy() -> impl proptest::strategy::Strategy<Value = Event> {
    let cid = (1u32..9).prop_map(|n| format!("192.168.0.{n}"));
    prop_oneof![
        Just(Event::Join { consumer: ConsumerSpec::default() }),
        (1u64..2_000).prop_map(|r| Event::Join {
            consumer: ConsumerSpec { consume_rate: Some(r), threads: Some(4), ..ConsumerSpec::default() }
        }),
        cid.clone().prop_map(|cid| Event::Stop { cid }),
        (cid.clone(), any::<bool>()).prop_map(|(cid, channel_closed)| Event::Crash { cid, channel_closed }),
        (cid.clone(), 1u64..200_000).prop_map(|(cid, duration_ms)| Event::Pause { cid, duration_ms }),
        (4u32..12).prop_map(Event::queues),
        (2u32..12, prop::option::of(2u32..12), any::<bool>()).prop_map(|(a, b, read_first)| if read_first {
            Event::queue_nums(Some(a), b)
        } else {
            Event::queue_nums(b, Some(a))
        }),
        (cid.clone(), prop::sample::select(vec!["a", "b", "*"]))
            .prop_map(|(cid, t)| Event::Subscription { cid, tags: vec![t.to_owned()] }),
        cid.clone().prop_map(|cid| Event::CidClash { cid }),
        (0u64..5_000, 0u32..100).prop_map(|(rate, p)| Event::ProduceRate {
            rate,
            hot_queues: Some(vec![0]),
            hot_share_percent: Some(p)
        }),
        (prop::option::of(cid.clone()), 0u64..1_000).prop_map(|(cid, rate)| Event::ConsumeRate { cid, rate }),
        (0u32..4, 0u32..4, 0u64..20_000).prop_map(|(replace, start, gap)| Event::RollingDeploy {
            replace,
            start,
            start_spacing_ms: gap,
            stop_after_ms: gap * 2,
            stop_spacing_ms: gap,
            graceful: gap % 2 == 0
        }),
        (0u32..10, 1u32..50, prop::option::of(1u64..60_000))
            .prop_map(|(queue, count, duration_ms)| Event::FailMessages { queue, count, duration_ms }),
        (0u32..10, 1u32..30, prop::option::of(1u64..120_000))
            .prop_map(|(queue, count, duration_ms)| Event::StuckMessage { queue, count, duration_ms }),
        any::<bool>().prop_map(|stop| {
            let broker = "broker-a".to_owned();
            if stop {
                Event::BrokerStop { broker }
            } else {
                Event::BrokerStart { broker }
            }
        }),
        (0u64..300_000).prop_map(|timestamp_ms| Event::ResetOffsetByTime { timestamp_ms }),
    ]
}

fn config_strategy() -> impl proptest::strategy::Strategy<Value = SimConfig> {
    let model = prop::sample::select(vec![ConsumeModel::Clustering, ConsumeModel::Broadcasting, ConsumeModel::Pop]);
    let strategy = prop::sample::select(vec![
        Alloc::Averagely,
        Alloc::AveragelyByCircle,
        Alloc::ConsistentHash { virtual_nodes: 10 },
    ]);
    let start = (any::<bool>(), any::<bool>(), any::<bool>());
    (model, strategy, any::<bool>(), any::<bool>(), 1usize..5, 0u64..3_000, 1u64..4, any::<bool>(), start).prop_map(
        |(model, strategy, orderly, early_commit, consumers, rate, retention_min, two_brokers, start)| {
            let mut c = SimConfig::default();
            if two_brokers {
                // A broker that stops leaves the other one to consume from.
                c.topic.brokers.push(BrokerSpec { name: "broker-b".to_owned(), room: String::new() });
                c.topic.queues_per_broker = 4;
            }
            c.group.model = model;
            c.group.strategy = strategy;
            c.group.orderly = orderly && model == ConsumeModel::Clustering;
            c.group.commit = if early_commit { CommitMode::BeforeProcessing } else { CommitMode::AfterSuccess };
            // A group without stored offsets, on a young or an old topic, from either end.
            let (new_group, first_in_memory, first_offset) = start;
            c.group.new_group = new_group && model == ConsumeModel::Clustering;
            c.topic.first_message_in_memory = first_in_memory;
            if first_offset {
                c.group.consume_from_where = ConsumeFromWhere::FirstOffset;
            }
            c.consumers = vec![ConsumerSpec::default(); consumers];
            c.topic.produce_rate = rate;
            c.topic.retention_ms = retention_min * 60_000;
            c.topic.backlog_per_queue = rate / 4;
            c.topic.tags =
                vec![TagShare { name: "a".to_owned(), weight: 3 }, TagShare { name: "b".to_owned(), weight: 2 }];
            c.client.invisible_time_ms = 10_000;
            // cleanExpireMsg runs every minute, so stuck messages are sent back within a run.
            c.client.consume_timeout_minutes = 1;
            c.client.warmup_ms = 5_000;
            c.tick_ms = 200;
            c
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn random_scripts_keep_every_invariant(
        config in config_strategy(),
        script in prop::collection::vec((0u64..300_000, event_strategy()), 0..14),
        seed in any::<u64>(),
    ) {
        let events: Vec<ScheduledEvent> = script.into_iter().map(|(at, e)| ScheduledEvent::new(at, e)).collect();
        let sim = Simulation::new(config, events, seed);
        prop_assert!(sim.is_ok(), "every generated script is valid: {:?}", sim.as_ref().err());
        let Ok(mut sim) = sim else { return Ok(()) };
        while sim.now_ms() < 360_000 {
            let m = sim.step();
            prop_assert!(sim.check_invariants().is_ok(), "{:?} at {}", sim.check_invariants(), m.at_ms);
            prop_assert!(m.running as usize <= sim.snapshot().consumers.len());
            prop_assert!(m.duplicates <= m.consumed);
            if sim.config().group.model != ConsumeModel::Broadcasting {
                let settled = m.consumed - m.duplicates + m.lost + m.dead_lettered + m.filtered;
                prop_assert_eq!(settled + m.pending, m.produced, "produced = consumed once + lost + pending");
                prop_assert!(m.stranded <= m.group_lag, "stranded backlog is part of the lag");
                prop_assert!(m.offline_lag <= m.group_lag, "a stopped broker's backlog is part of the lag");
            }
        }
        let s = sim.summary();
        prop_assert!(s.duplicates <= s.consumed);
    }
}

#[test]
fn the_preset_names_are_the_presets() {
    let built: Vec<String> = scenario::all().into_iter().map(|s| s.name).collect();
    assert_eq!(built, scenario::NAMES);
    assert_eq!(scenario::known_name(" crash "), Some("crash"));
    assert_eq!(scenario::known_name("crash2"), None);
}
