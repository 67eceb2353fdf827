//! Whole-group assignment against the Java client's cost model (every member calls
//! `allocate` for itself) at 1024 queues × 256 consumers, for every strategy; and `moves`
//! for the playground's slider at its limit (256 queues, 64 → 63 consumers); and
//! MACHINE_ROOM_NEARBY with thousands of machine rooms.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rebalance_core::allocate::{allocate, MachineRooms, Strategy};
use rebalance_core::assignment::{assign, moves, MessageModel};
use rebalance_core::message_queue::{sort_cids, sort_queues};
use rebalance_core::MessageQueue;
use std::hint::black_box;

fn inputs() -> (Vec<MessageQueue>, Vec<String>) {
    let mut queues: Vec<MessageQueue> =
        (0..1024).map(|i| MessageQueue::new("TopicTest", format!("room{}-broker-{}", i % 4, i % 16), i / 16)).collect();
    let mut cids: Vec<String> =
        (0..256).map(|i| format!("room{}-192.168.{}.{}@{}", i % 5, i / 200, i % 200, 10_000 + i)).collect();
    sort_queues(&mut queues);
    sort_cids(&mut cids);
    (queues, cids)
}

fn strategies(queues: &[MessageQueue], cids: &[String]) -> Vec<Strategy> {
    let rooms =
        MachineRooms::from_name_prefix(queues.iter().map(|q| q.broker_name.as_str()), cids.iter().map(String::as_str));
    vec![
        Strategy::Averagely,
        Strategy::AveragelyByCircle,
        Strategy::ConsistentHash { virtual_nodes: 10 },
        Strategy::MachineRoomNearby { delegate: Box::new(Strategy::Averagely), rooms },
        Strategy::MachineRoom { consumer_idcs: ["idc1".to_owned()].into_iter().collect() },
        Strategy::Config { queues: queues[..64].to_vec() },
    ]
}

fn bench(c: &mut Criterion) {
    let (queues, cids) = inputs();
    let mut group = c.benchmark_group("1024q_256c");
    for strategy in strategies(&queues, &cids) {
        let model = MessageModel::Clustering(strategy.clone());
        let name = strategy.name();
        group.bench_with_input(BenchmarkId::new("group_assign", &name), &model, |b, model| {
            b.iter(|| assign(black_box(model), black_box(&queues), black_box(&cids)))
        });
        group.bench_with_input(BenchmarkId::new("per_consumer_x256", &name), &strategy, |b, strategy| {
            b.iter(|| {
                cids.iter()
                    .map(|cid| {
                        allocate(black_box(strategy), "GID", cid, &queues, &cids).map(|a| a.queues.len()).unwrap_or(0)
                    })
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

/// `moves` between 64 and 63 consumers of 256 queues (the playground's slider at its limit).
fn bench_moves(c: &mut Criterion) {
    let queues: Vec<MessageQueue> =
        (0..256).map(|i| MessageQueue::new("OrderEvent", format!("broker-{}", i / 64), i % 64)).collect();
    let cids: Vec<String> = (1..=64).map(|h| format!("192.168.0.{h}@{}", 1000 + h)).collect();
    let mut group = c.benchmark_group("moves_256q_64c_to_63c");
    for model in [MessageModel::Clustering(Strategy::Averagely), MessageModel::Broadcasting] {
        let name = match &model {
            MessageModel::Clustering(strategy) => strategy.name(),
            MessageModel::Broadcasting => MessageModel::BROADCASTING.to_owned(),
        };
        let (Ok(before), Ok(after)) = (assign(&model, &queues, &cids), assign(&model, &queues, &cids[..63])) else {
            continue;
        };
        group.bench_function(name, |b| b.iter(|| moves(black_box(&before), black_box(&after))));
    }
    group.finish();
}

/// MACHINE_ROOM_NEARBY with a machine room per broker: 10,000 rooms of one queue each, 1,000
/// consumers in the first 1,000 of them (9,000 rooms without consumers, each shared by all).
fn bench_many_rooms(c: &mut Criterion) {
    let mut queues: Vec<MessageQueue> =
        (0..10_000).map(|i| MessageQueue::new("TopicTest", format!("room{i}-broker"), 0)).collect();
    let mut cids: Vec<String> = (0..1_000).map(|i| format!("room{i}-10.0.{}.{}@{i}", i / 250, i % 250)).collect();
    sort_queues(&mut queues);
    sort_cids(&mut cids);
    let rooms =
        MachineRooms::from_name_prefix(queues.iter().map(|q| q.broker_name.as_str()), cids.iter().map(String::as_str));
    let mut group = c.benchmark_group("nearby_10000rooms_1000c");
    for delegate in [Strategy::Averagely, Strategy::ConsistentHash { virtual_nodes: 10 }] {
        let strategy = Strategy::MachineRoomNearby { delegate: Box::new(delegate), rooms: rooms.clone() };
        let model = MessageModel::Clustering(strategy.clone());
        let name = strategy.name();
        group.bench_with_input(BenchmarkId::new("group_assign", &name), &model, |b, model| {
            b.iter(|| assign(black_box(model), black_box(&queues), black_box(&cids)))
        });
        group.bench_with_input(BenchmarkId::new("one_consumer", &name), &strategy, |b, strategy| {
            b.iter(|| allocate(black_box(strategy), "GID", &cids[0], &queues, &cids).map(|a| a.queues.len()))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2)).warm_up_time(std::time::Duration::from_millis(500));
    targets = bench, bench_moves, bench_many_rooms
}
criterion_main!(benches);
