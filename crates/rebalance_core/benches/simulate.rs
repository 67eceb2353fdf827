//! One simulated hour at 100 ms ticks (36,000 ticks) with 64 queues and 32 consumers,
//! classic CLUSTERING with AVG, a join, a crash and a pause along the way; and the same
//! hour in POP. Goal (issue 5): under 100 ms natively, so scrubbing can recompute.

use criterion::{criterion_group, criterion_main, Criterion};
use rebalance_core::simulate::{ConsumeModel, ConsumerSpec, Event, ScheduledEvent, SimConfig, Simulation};
use std::hint::black_box;

const HOUR_MS: u64 = 3_600_000;

fn config(model: ConsumeModel) -> SimConfig {
    let mut c = SimConfig::default();
    c.topic.brokers = ["broker-a", "broker-b"]
        .iter()
        .map(|n| rebalance_core::simulate::BrokerSpec { name: (*n).to_owned(), room: String::new() })
        .collect();
    c.topic.queues_per_broker = 32;
    c.topic.produce_rate = 12_000;
    c.client.consume_rate = 500;
    c.group.model = model;
    c.consumers = vec![ConsumerSpec::default(); 32];
    c
}

fn events() -> Vec<ScheduledEvent> {
    vec![
        ScheduledEvent::new(600_000, Event::Join { consumer: ConsumerSpec::default() }),
        ScheduledEvent::new(1_200_000, Event::Crash { cid: "192.168.0.7".to_owned(), channel_closed: true }),
        ScheduledEvent::new(1_800_000, Event::Pause { cid: "192.168.0.9".to_owned(), duration_ms: 30_000 }),
    ]
}

fn hour(model: ConsumeModel) -> u64 {
    let sim = Simulation::new(config(model), events(), 42);
    let Ok(mut sim) = sim else { return 0 };
    sim.run_until(HOUR_MS);
    sim.summary().consumed
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("one_hour_64q_32c");
    group.sample_size(10);
    group.bench_function("clustering_avg", |b| b.iter(|| black_box(hour(ConsumeModel::Clustering))));
    group.bench_function("pop", |b| b.iter(|| black_box(hour(ConsumeModel::Pop))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
