//! Preset scenarios: the seeds' walkthrough and incidents, staged. Each one is a test with
//! asserted outcomes (`tests/simulate_scenarios.rs`); the `watch` text says what to look at.
//!
//! Consumers are named `192.168.0.1@…`, `192.168.0.2@…` in start order; events address them
//! by IP (`192.168.0.2`). Note Java string order: `192.168.0.10` sorts before `192.168.0.2`.

use serde::{Deserialize, Serialize};

use super::config::{BrokerSpec, CommitMode, ConsumeModel, ConsumerSpec, PopConsumer, SimConfig, TagShare};
use super::event::{Event, ScheduledEvent};
use super::metrics::Summary;
use super::Simulation;
use crate::allocate::Strategy;
use crate::consume_from::ConsumeFromWhere;

/// A named configuration, script and duration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Scenario {
    /// Identifier (`scale-3-to-10`).
    pub name: String,
    /// One-line title.
    pub title: String,
    /// What to watch, and what the run shows.
    pub watch: String,
    /// The configuration.
    pub config: SimConfig,
    /// The script.
    pub events: Vec<ScheduledEvent>,
    /// How long to run, in milliseconds.
    pub duration_ms: u64,
}

const S: u64 = 1_000;

fn at(seconds: u64, event: Event) -> ScheduledEvent {
    ScheduledEvent::new(seconds * S, event)
}

fn join() -> Event {
    Event::Join { consumer: ConsumerSpec::default() }
}

fn base(consumers: usize, produce_rate: u64, consume_rate: u64) -> SimConfig {
    let mut c = SimConfig { consumers: vec![ConsumerSpec::default(); consumers], ..SimConfig::default() };
    c.topic.produce_rate = produce_rate;
    c.client.consume_rate = consume_rate;
    c
}

fn scenario(
    name: &str,
    title: &str,
    watch: &str,
    config: SimConfig,
    events: Vec<ScheduledEvent>,
    secs: u64,
) -> Scenario {
    Scenario {
        name: name.to_owned(),
        title: title.to_owned(),
        watch: watch.to_owned(),
        config,
        events,
        duration_ms: secs * S,
    }
}

fn scale_3_to_10(model: ConsumeModel) -> (SimConfig, Vec<ScheduledEvent>) {
    let mut c = base(3, 2_000, 500);
    c.group.model = model;
    (c, (0..7).map(|i| at(60 + 30 * i, join())).collect())
}

fn scale_out(strategy: Strategy) -> (SimConfig, Vec<ScheduledEvent>) {
    let mut c = base(3, 1_000, 500);
    c.group.strategy = strategy;
    (c, vec![at(60, join())])
}

/// A POP group whose consumer does not renew the invisible time: the 5.x SimpleConsumer
/// (rocketmq-clients `ConsumerImpl`: `setAutoRenew(false)` with an invisible duration) or the
/// Remoting POP consumer. The gRPC PushConsumer receives with `autoRenew`, the proxy renews
/// (`ProxyConfig.enableProxyAutoRenew`, default true) and, on CLIENT_UNREGISTER, gives the held
/// messages `invisibleTimeMillisWhenClear` (1 s, `DefaultReceiptHandleManager.clearGroup`): that
/// one is `PopConsumer::Push` (scenario `pop-push-renew`).
fn pop(consumers: usize, invisible_s: u64, consume_rate: u64, produce_rate: u64) -> SimConfig {
    let mut c = base(consumers, produce_rate, consume_rate);
    c.group.model = ConsumeModel::Pop;
    c.client.invisible_time_ms = invisible_s * S;
    // A cache as large as the thread pool: a message starts as soon as it arrives, so its
    // time to ACK is its processing time.
    c.client.pop_max_cache = 20;
    c
}

/// The auto-renewing gRPC PushConsumer with a processing time above the proxy's invisible
/// time; one consumer stops gracefully, another is killed.
fn pop_push_renew() -> (SimConfig, Vec<ScheduledEvent>) {
    let mut c = pop(4, 60, 1, 5);
    c.client.pop_consumer = PopConsumer::Push;
    c.client.consume_threads = 80;
    c.client.pop_max_cache = 160;
    let stop = Event::Stop { cid: "192.168.0.2".to_owned() };
    let crash = Event::Crash { cid: "192.168.0.3".to_owned(), channel_closed: true };
    (c, vec![at(120, stop), at(180, crash)])
}

/// One consumer per queue, each keeping up (100 msg/s per queue, 500 msg/s per consumer): a
/// message of Q0 never finishes from 30 s on, and Q0's consumer restarts (graceful stop, then
/// a new process on the same host) at 150 s.
fn stuck_message() -> (SimConfig, Vec<ScheduledEvent>) {
    let mut c = base(4, 400, 500);
    c.topic.queues_per_broker = 4;
    let stuck = Event::StuckMessage { queue: 0, count: 1, duration_ms: None };
    let stop = Event::Stop { cid: "192.168.0.1".to_owned() };
    let restart = ConsumerSpec { cid: Some("192.168.0.1@9001".to_owned()), ..ConsumerSpec::default() };
    (c, vec![at(30, stuck), at(150, stop), at(150, Event::Join { consumer: restart })])
}

/// Two brokers with 4 queues each, 4 consumers (AVG: two queues each) finishing 250 msg/s
/// against 100 msg/s per queue. broker-a stops at 60 s and is back at 120 s.
fn broker_restart() -> (SimConfig, Vec<ScheduledEvent>) {
    let mut c = base(4, 800, 250);
    c.topic.queues_per_broker = 4;
    c.topic.brokers = ["broker-a", "broker-b"]
        .into_iter()
        .map(|name| BrokerSpec { name: name.to_owned(), room: String::new() })
        .collect();
    let broker = || "broker-a".to_owned();
    (c, vec![at(60, Event::BrokerStop { broker: broker() }), at(120, Event::BrokerStart { broker: broker() })])
}

/// One broker, 8 queues with 6,000 messages each at the start, 4 consumers finishing 250 msg/s
/// against 50 msg/s per queue: the backlog drains at 50 msg/s per queue. The topic shrinks to 4
/// queues at 60 s: `read_at` = `None` lowers both counts at once, `Some(t)` lowers the write
/// count then and the read count at `t` seconds.
fn shrink_queues(read_at: Option<u64>) -> (SimConfig, Vec<ScheduledEvent>) {
    let mut c = base(4, 400, 250);
    c.topic.backlog_per_queue = 6_000;
    let events = match read_at {
        None => vec![at(60, Event::queues(4))],
        Some(t) => vec![at(60, Event::queue_nums(None, Some(4))), at(t, Event::queue_nums(Some(4), None))],
    };
    (c, events)
}

/// The scenarios of brokers and routes: a broker restart, an unsafe and a safe queue shrink.
fn brokers_and_routes(list: &mut Vec<Scenario>) {
    let (c, e) = broker_restart();
    list.push(scenario(
        "broker-restart",
        "A broker restarts: its queues leave the route, then everything moves back",
        "Two brokers with 4 queues each; 4 consumers (AVG) hold two queues each and finish 250 msg/s \
         against 100 msg/s per queue. broker-a stops at 60 s: producers send all 800 msg/s to broker-b, and every \
         pull of a broker-a queue fails and is retried 1 s later (pullTimeDelayMillsWhenException; `execute the \
         pull request exception`), its offsets cannot be committed. The consumers learn the new route at their next \
         route poll (pollNameServerInterval, 30 s) and drop broker-a's queues at their next rebalance (20 s): until \
         the first of them does, broker-b's two consumers get 800 msg/s and finish 500, so its lag grows by 300 a \
         second. Then broker-b's 4 queues are spread over the 4 consumers: 3 of them move. broker-a is back at 120 \
         s: at each consumer's next route poll its queues return (its next heartbeat registers it with the \
         restarted broker, which notifies the group), and the 3 queues move back: 6 handoffs in all. broker-a's \
         queues go unpulled for at least the 60 s outage and at most 110.5 s (60 + 30 + 20 s, and the first pull \
         500 ms later), while producers send them 400 msg/s again from 120 s.",
        c,
        e,
        300,
    ));
    let (c, e) = shrink_queues(None);
    list.push(scenario(
        "shrink-queues-unsafe",
        "Shrinking a topic's read and write queues at once strands their backlog",
        "8 queues on one broker hold 6,000 messages each at the start; 4 consumers (two queues each) \
         finish 250 msg/s against 50 msg/s per queue, so the backlog drains. At 60 s `updateTopic -r 4 -w 4` \
         lowers both counts at once while Q4–Q7 still hold about 6,300 unconsumed messages. Producers stop \
         writing them at once and the broker refuses their pulls; the consumers finish what they had cached \
         (about 1,000 per queue, pullThresholdForQueue) and drop the queues at their next route poll and \
         rebalance. The rest, about 2,200 messages, is stranded: counted in the lag, consumed by nobody until the \
         read count covers Q4–Q7 again. Compare with `shrink-queues-safe`.",
        c,
        e,
        240,
    ));
    let (c, e) = shrink_queues(Some(180));
    list.push(scenario(
        "shrink-queues-safe",
        "Shrinking safely: the write count first, the read count once the queues are drained",
        "The same topic shrinks the safe way: at 60 s `updateTopic -w 4` lowers only the write count. \
         Q4–Q7 get no new messages but stay in the route, and their consumers drain what is left in them \
         (about 6,300 messages) within 20 s. At 180 s `updateTopic -r 4` lowers the read count: nothing is left in the \
         cut queues, 0 messages are stranded.",
        c,
        e,
        300,
    ));
}

/// One broker, 4 queues, one consumer per queue keeping up (100 msg/s per queue, 500 msg/s per
/// consumer), one tick a second (every delay level is whole seconds, so the times stay exact
/// over the 4 h 45 min 40 s of delays). From 60 s the listener answers RECONSUME_LATER for the
/// next 5 messages of Q0, forever; at 1 h 192.168.0.1, which holds `%RETRY%cg-demo` queue 0,
/// stops gracefully.
fn retry_to_dlq() -> (SimConfig, Vec<ScheduledEvent>) {
    let mut c = base(4, 400, 500);
    c.topic.queues_per_broker = 4;
    c.tick_ms = S;
    let fail = Event::FailMessages { queue: 0, count: 5, duration_ms: None };
    let stop = Event::Stop { cid: "192.168.0.1".to_owned() };
    (c, vec![at(60, fail), at(3_600, stop)])
}

/// A group that never ran (no stored offset) with the default CONSUME_FROM_LAST_OFFSET, on a
/// young topic: 4 queues holding 5,000 messages each, MinOffset 0, offset 0 still in memory.
/// Two consumers (500 msg/s each) against 400 msg/s produced; 192.168.0.1 restarts at 90 s.
fn new_group_last_offset() -> (SimConfig, Vec<ScheduledEvent>) {
    let mut c = base(2, 400, 500);
    c.topic.queues_per_broker = 4;
    c.topic.backlog_per_queue = 5_000;
    c.group.new_group = true;
    let stop = Event::Stop { cid: "192.168.0.1".to_owned() };
    let restart = ConsumerSpec { cid: Some("192.168.0.1@9001".to_owned()), ..ConsumerSpec::default() };
    (c, vec![at(90, stop), at(90, Event::Join { consumer: restart })])
}

/// A group that never ran with CONSUME_FROM_TIMESTAMP and the default consumeTimestamp, on an
/// old topic (offset 0 swapped out of memory, so the broker answers "not found"): 4 queues
/// holding the last hour, 7,200 messages each at 2 msg/s (8 msg/s produced over the topic).
/// Two consumers at 100 msg/s each.
fn new_group_timestamp() -> SimConfig {
    let mut c = base(2, 8, 100);
    c.topic.queues_per_broker = 4;
    c.topic.backlog_per_queue = 7_200;
    c.topic.first_message_in_memory = false;
    c.group.new_group = true;
    c.group.consume_from_where = ConsumeFromWhere::Timestamp;
    c
}

/// The cid is `ClientConfig.buildMQClientId`: `clientIP@instanceName`. A CLUSTERING consumer
/// whose instanceName is left at `DEFAULT` has it replaced by `changeInstanceNameToPID`: in
/// 4.0.0 … 4.8.0 with `String.valueOf(UtilAll.getPid())`, from 4.9.0 on (every 4.9.x and 5.x
/// tag) with `UtilAll.getPid() + "#" + System.nanoTime()`, which differs between processes
/// even when the PIDs are equal. Here three pods of a 4.8.0 client (PID 1 in every container)
/// run on two hosts' default Docker bridge, where the first container of each host gets
/// 172.17.0.2: two pods share `172.17.0.2@1`. At 120 s
/// a redeploy gives every pod its own instanceName (the pod's name): three new processes
/// start, and the old ones stop at 150 s.
fn container_cid_clash() -> (SimConfig, Vec<ScheduledEvent>) {
    let pod = |cid: &str| ConsumerSpec { cid: Some(cid.to_owned()), ..ConsumerSpec::default() };
    let mut c = base(0, 1_000, 500);
    c.consumers = vec![pod("172.17.0.2@1"), pod("172.17.0.2@1"), pod("172.17.0.3@1")];
    let mut events: Vec<ScheduledEvent> = ["172.17.0.2@consumer-a", "172.17.0.2@consumer-b", "172.17.0.3@consumer-c"]
        .into_iter()
        .map(|cid| at(120, Event::Join { consumer: pod(cid) }))
        .collect();
    for cid in ["172.17.0.2@1", "172.17.0.2@1", "172.17.0.3@1"] {
        events.push(at(150, Event::Stop { cid: cid.to_owned() }));
    }
    (c, events)
}

fn orderly() -> SimConfig {
    let mut c = base(3, 400, 1_000);
    c.group.orderly = true;
    c.client.consume_threads = 10;
    c
}

/// Every preset, in teaching order.
pub fn all() -> Vec<Scenario> {
    let mut list = Vec::new();
    let (c, e) = scale_3_to_10(ConsumeModel::Clustering);
    list.push(scenario(
        "scale-3-to-10",
        "Scale 3 → 10 consumers on 8 queues (AVG)",
        "One join every 30 s. Each join is a rebalance of the whole group; from the 9th on, the new members \
         get nothing: 8 active, 2 idle at the end. Lag drains only as far as 8 queues allow.",
        c,
        e,
        600,
    ));
    let (c, e) = scale_3_to_10(ConsumeModel::Pop);
    list.push(scenario(
        "pop-scale-3-to-10",
        "The same scale-out with 5.x message-level consumption (POP)",
        "No queue ownership: all 10 consumers receive messages, none is idle, the backlog drains faster. Here \
         the capacity grows with the consumers because a message takes 40 ms against an invisible time of 60 \
         s, each consumer may hold 1,024 messages and nothing downstream is the bottleneck; none of that is a \
         law.",
        c,
        e,
        600,
    ));
    let (c, e) = scale_out(Strategy::Averagely);
    list.push(scenario(
        "scale-out-avg",
        "The scale-out incident: 3 → 4 with AVG",
        "A, B and C all change queues (A loses Q2, B loses Q4 Q5, C loses Q6 Q7). Every pull request carries \
         the consumer's offset and the broker stores it, so the committed offset is about one pull behind the \
         consumer. The duplicates of a handoff come from the moment before the old owner drops the queue: the \
         new owner reads its start offset at its own rebalance (and pulls 500 ms later), the old one hears of \
         the change up to 300 ms later and consumes until then, and the messages in its consume threads at \
         the drop finish uncommitted. Only the moved queues get duplicates.",
        c,
        e,
        180,
    ));
    let (c, e) = scale_out(Strategy::ConsistentHash { virtual_nodes: 10 });
    list.push(scenario(
        "scale-out-consistent-hash",
        "The same scale-out with CONSISTENT_HASH",
        "Only ring neighbours of the new member give up queues. Whether that means fewer moves and fewer \
         duplicates than AVG depends on where its 10 virtual nodes land: fewer moves on average and with many \
         virtual nodes, never guaranteed, and with few virtual nodes the split is uneven. This run's figures \
         and those of the same run with AVG are shown with this text.",
        c,
        e,
        180,
    ));
    let mut c = base(3, 1_000, 500);
    c.client.warmup_ms = 30 * S;
    let deploy = Event::RollingDeploy {
        replace: 3,
        start: 10,
        start_spacing_ms: 5 * S,
        stop_after_ms: 60 * S,
        stop_spacing_ms: 15 * S,
        graceful: true,
    };
    list.push(scenario(
        "rolling-deploy",
        "Rolling deploy: 3 old + 10 new instances (rebalance storm)",
        "13 members at the peak, only 8 owners; every start and stop is another whole-group rebalance: \
         frequent add/remove queue logs, duplicates, TPS dips and a lag saw-tooth, because each new pod takes \
         queues while it is still warming up (30 s at 10 % → 100 % speed).",
        c,
        vec![at(60, deploy)],
        300,
    ));
    let c = base(3, 1_000, 500);
    list.push(scenario(
        "flow-control",
        "Flow-control pause: consumers online, lag grows",
        "The business slows to 100 msg/s per instance at 60 s. Each ProcessQueue fills to \
         pullThresholdForQueue (1000) and pulling pauses: members stay online, no error, no rebalance, \
         the broker-side lag grows.",
        c,
        vec![at(60, Event::ConsumeRate { cid: None, rate: 100 })],
        240,
    ));
    let mut c = base(0, 1_000, 500);
    c.topic.tags =
        vec![TagShare { name: "create".to_owned(), weight: 7 }, TagShare { name: "cancel".to_owned(), weight: 3 }];
    let create = ConsumerSpec { subscription: Some(vec!["create".to_owned()]), ..ConsumerSpec::default() };
    c.consumers = vec![create.clone(), create];
    let cancel = ConsumerSpec { subscription: Some(vec!["cancel".to_owned()]), ..ConsumerSpec::default() };
    list.push(scenario(
        "inconsistent-subscription",
        "Inconsistent subscription: two services share one group",
        "Two instances subscribe `create`; at 60 s a service subscribing `cancel` joins the same group. The \
         broker keeps the newest subscription and filters every pull with it; each client filters again \
         with its own. Offsets advance past what nobody processes: messages are silently lost, no error.",
        c,
        vec![at(60, Event::Join { consumer: cancel })],
        180,
    ));
    let mut c = base(3, 1_200, 500);
    c.topic.hot_queues = vec![0];
    c.topic.hot_share_percent = 50;
    list.push(scenario(
        "hot-queue",
        "Hot queue: one queue gets half of the traffic",
        "Total capacity (1500 msg/s) exceeds production (1200 msg/s), yet Q0's lag grows: one queue is \
         consumed by one instance only.",
        c,
        Vec::new(),
        180,
    ));
    list.push(scenario(
        "pop-invisible-short",
        "POP: invisible time shorter than processing",
        "Each message takes 10 s (20 threads, 2 msg/s per consumer) but stays invisible for 5 s only: it is \
         visible again and redelivered to another consumer while the first one is still working on it. \
         Concurrent duplicates, refused ACKs, and the duplicate work slows everything down. The consumer here \
         does not renew the invisible time (a 5.x SimpleConsumer, or the Remoting POP consumer); the 5.x gRPC \
         PushConsumer asks the proxy to renew the messages it holds (autoRenew), which avoids these \
         duplicates.",
        pop(6, 5, 2, 6),
        Vec::new(),
        180,
    ));
    let crash = Event::Crash { cid: "192.168.0.2".to_owned(), channel_closed: true };
    list.push(scenario(
        "pop-invisible-long",
        "POP: invisible time much longer than processing, then a crash",
        "The invisible time is 300 s and a message takes 1 s. A consumer is killed at 60 s; what it had \
         received stays invisible for 5 minutes: the oldest pending message ages to ~300 s although the \
         others have spare capacity. The consumer here does not renew (a 5.x SimpleConsumer, or the Remoting \
         POP consumer). With the 5.x gRPC PushConsumer the proxy makes a departed client's messages visible \
         again 1 s after it learns of the departure (see `pop-push-renew`), not after the full invisible time.",
        pop(4, 300, 20, 40),
        vec![at(60, crash.clone())],
        480,
    ));
    let (c, e) = pop_push_renew();
    list.push(scenario(
        "pop-push-renew",
        "POP with the auto-renewing gRPC PushConsumer: a stop and a crash",
        "Each message takes 80 s (80 threads, 1 msg/s per consumer), longer than the 60 s invisible time the \
         proxy gives an autoRenew receive: every 5 s the proxy renews the messages whose invisible time ends \
         within 10 s, so none is delivered twice while it is being processed. A consumer shuts down at 120 s: \
         it unregisters and what it held is visible again after 1 s. Another one is killed at 180 s: a closed \
         gRPC connection tells the proxy nothing, its messages are renewed until its channel expires (120 s \
         without heartbeat), then visible after 1 s.",
        c,
        e,
        480,
    ));
    let c = base(4, 1_000, 500);
    list.push(scenario(
        "crash",
        "Crash (kill -9) of one of 4 consumers",
        "Nothing is persisted at the end, but every pull request had carried its offset to the broker: its \
         queues restart about one pull behind where it was, so the duplicates are what it finished since its \
         last pull, and what its threads were doing is lost mid-way. Compare the duplicates with \
         `graceful-stop`.",
        c.clone(),
        vec![at(60, crash)],
        180,
    ));
    list.push(scenario(
        "graceful-stop",
        "Graceful stop of one of 4 consumers",
        "A graceful stop with RocketMQ's default awaitTerminationMillisWhenShutdown = 0: the consumer does \
         not wait for its consume threads. It persists its offsets below the messages still running, \
         unregisters and exits; the next owner gets those messages again, so the ones it was processing are \
         consumed twice (the cached ones it never started are consumed once). A non-zero value (Spring's \
         starter sets 1000 ms) waits for the in-flight messages and commits them first. Compare with `crash`.",
        c,
        vec![at(60, Event::Stop { cid: "192.168.0.2".to_owned() })],
        180,
    ));
    let (c, e) = new_group_last_offset();
    list.push(scenario(
        "new-group-last-offset",
        "A new group with CONSUME_FROM_LAST_OFFSET reads the whole history of a young topic",
        "The group has never run: the broker has no offset of it. Its 4 queues hold 5,000 messages each, \
         stored before it existed; MinOffset is 0 and offset 0 is still in memory, so the broker answers the \
         offset query with 0 instead of \"not found\" and consumeFromWhere (CONSUME_FROM_LAST_OFFSET, the \
         default) is never read. The group starts every queue at offset 0 and consumes the whole history, \
         20,000 messages, before it catches up. On an old topic (MinOffset above 0, or offset 0 swapped out of \
         memory) the broker answers \"not found\" and the same group starts at MaxOffset, 5,000, reading none \
         of it. At 90 s 192.168.0.1 restarts: the queues now have a stored offset, which always wins, so it \
         resumes where the group was.",
        c,
        e,
        180,
    ));
    list.push(scenario(
        "new-group-timestamp",
        "A new group with CONSUME_FROM_TIMESTAMP starts 30 minutes back in an old topic's history",
        "The group has never run and uses CONSUME_FROM_TIMESTAMP with the default consumeTimestamp: 30 minutes \
         before the consumer was created, to the second. The topic is old (offset 0 swapped out of memory), so \
         the broker answers the offset query with \"not found\" and the client asks it for the first offset \
         stored at or after that time (searchOffset). Each of the 4 queues holds 7,200 messages, the last hour \
         at 2 msg/s: the group starts every queue at offset 3,600 and reads 14,400 messages of history, the \
         last half hour, passing the older 14,400 over. On a young topic (MinOffset 0 with offset 0 in memory) \
         the broker answers 0 first and the same group reads all 28,800; a history that begins after consumeTimestamp \
         is read whole too. To start elsewhere, set consumeTimestamp (yyyyMMddHHmmss) before the group first \
         runs: once an offset is stored, it is never read again.",
        new_group_timestamp(),
        Vec::new(),
        180,
    ));
    let (c, e) = stuck_message();
    list.push(scenario(
        "stuck-message-pins-offset",
        "One stuck message pins the committed offset; a restart replays what came after it",
        "The next message of Q0 (offset 3,000: 30 s at 100 msg/s) never finishes. The other consume threads \
         go on with the later ones, but the committed offset is the smallest offset left in the ProcessQueue: \
         it stays at 3,000, and Q0's lag grows by 100 a second although its messages are consumed. From 50 s \
         the cached span passes consumeConcurrentlyMaxSpan (2,000) and every pull is postponed 50 ms (`span \
         too long`). At 150 s 192.168.0.1 restarts: the new process pulls Q0 from 3,000 and gets the 11,999 \
         messages finished above it again. Left alone, cleanExpireMsg would send the message back after \
         consumeTimeout (15 min; it checks every 15 min, so up to 30 min) and the offset would jump forward.",
        c,
        e,
        240,
    ));
    brokers_and_routes(&mut list);
    let (c, e) = retry_to_dlq();
    list.push(scenario(
        "retry-to-dlq",
        "A message that always fails: 16 retries on %RETRY%, then the dead-letter queue",
        "From 60 s the listener answers RECONSUME_LATER for the next 5 messages of Q0. Each goes back to \
         %RETRY%cg-demo with delay level 3 + reconsumeTimes (10 s, then 30 s, 1 min … 2 h) and comes again \
         with reconsumeTimes one higher. The group subscribes %RETRY%cg-demo and rebalances its one queue like \
         any other: 192.168.0.1 holds it and gets the retries, the first 12 of each message; when it stops at \
         1 h, 192.168.0.2 takes the queue and gets the last 4. After 16 retries (maxReconsumeTimes) each \
         message has been delivered 17 times and goes to %DLQ%cg-demo, which nobody consumes: 80 retries \
         delivered, 5 dead letters, the last retry at 4 h 46 min 40 s (60 s + 4 h 45 min 40 s of delays). \
         Retries carry reconsumeTimes 1 or more and are counted apart from the duplicates the stop's \
         rebalance hands out (reconsumeTimes 0). One tick is 1 s here.",
        c,
        e,
        17_400,
    ));
    list.push(scenario(
        "ordered-blocked",
        "Orderly consumption: a failing message blocks its queue",
        "Q3's next message fails for 90 s: the queue is suspended and retried in place every second, its lag \
         grows while the other queues flow; order is kept, throughput of Q3 is zero.",
        orderly(),
        vec![at(60, Event::FailMessages { queue: 3, count: 1, duration_ms: Some(90 * S) })],
        240,
    ));
    list.push(scenario(
        "ordered-crash",
        "Orderly consumption: the lock outlives a killed owner",
        "The killed consumer's broker locks stay until they expire (60 s after their last renewal). The new \
         owners fail to lock its queues and, since 5.x, retry about every second (a failed lock asks for a \
         rebalance 500 ms later and RebalanceService waits at least 1 s): those queues stand still until the \
         locks expire and are taken within a second after.",
        orderly(),
        vec![at(60, Event::Crash { cid: "192.168.0.2".to_owned(), channel_closed: true })],
        240,
    ));
    let c = base(3, 1_000, 500);
    list.push(scenario(
        "gc-pause",
        "A 150 s stall (GC / network): the broker expires the channel",
        "After 120 s without heartbeat the broker's scan (every 10 s) drops 192.168.0.2, and tells nobody: an \
         expired channel sends no NOTIFY_CONSUMER_IDS_CHANGED, so the others take its queues at their next \
         periodic rebalance, up to 20 s later. When it wakes up it still consumes them (overlap), then \
         rebalances before its heartbeat: `[BUG] … not in cidAll`, it drops everything, re-registers (this \
         time the broker notifies), and the queues move back.",
        c,
        vec![at(60, Event::Pause { cid: "192.168.0.2".to_owned(), duration_ms: 150 * S })],
        300,
    ));
    let c = base(3, 1_000, 500);
    list.push(scenario(
        "cid-clash",
        "cid clash: two processes share one clientId",
        "cidAll lists 192.168.0.2 twice; both processes take the queues of its first position (overlap, \
         duplicates) and the position of the second copy belongs to nobody (orphaned queues, growing lag).",
        c,
        vec![at(60, Event::CidClash { cid: "192.168.0.2".to_owned() })],
        180,
    ));
    let (c, e) = container_cid_clash();
    list.push(scenario(
        "container-cid-clash",
        "Containers: the same IP and PID 1 give two pods one cid; a unique instanceName fixes it",
        "The cid is clientIP@instanceName. Clients before 4.9.0 replace the default instanceName with the \
         PID, which is 1 in a container, and the first container on each host's default Docker bridge gets \
         172.17.0.2: two pods are both 172.17.0.2@1. cidAll lists that cid twice and both take the queues of \
         its first position: 3 queues are consumed twice, and the 3 of the second position by nobody (the \
         third pod, 172.17.0.3@1, takes the last 2). Since 4.9.0 the default instanceName is PID#nanoTime, \
         which differs between processes even when both PIDs are 1; a constant instanceName \
         (rocketmq.client.name or a framework setting) clashes in every version. At 120 s a redeploy starts \
         each pod with its own instanceName (its pod name) and the old pods stop at 150 s: then 0 queues are \
         consumed twice and 0 by nobody.",
        c,
        e,
        240,
    ));
    let mut c = base(3, 1_000, 1_500);
    c.group.model = ConsumeModel::Broadcasting;
    list.push(scenario(
        "broadcasting",
        "Broadcasting for contrast",
        "Every consumer takes every queue and keeps its offsets locally: each message is processed once per \
         consumer, nothing moves on a join, and a new consumer starts at the end.",
        c,
        vec![at(60, join())],
        180,
    ));
    let mut c = base(3, 1_000, 200);
    c.group.commit = CommitMode::BeforeProcessing;
    list.push(scenario(
        "commit-before-processing",
        "Offsets committed before the business finished, then a crash",
        "Consumers fall behind (200 msg/s each) with full caches; the offset already covers what was only \
         pulled. The crash at 60 s loses the cached messages for the business: they never come back.",
        c,
        vec![at(60, Event::Crash { cid: "192.168.0.2".to_owned(), channel_closed: true })],
        180,
    ));
    list
}

/// The preset names, in teaching order, known without building the presets (a page that only
/// links to one, like an exercise's "show me", need not carry them; a test checks the list
/// is [`all`]'s).
pub const NAMES: &[&str] = &[
    "scale-3-to-10",
    "pop-scale-3-to-10",
    "scale-out-avg",
    "scale-out-consistent-hash",
    "rolling-deploy",
    "flow-control",
    "inconsistent-subscription",
    "hot-queue",
    "pop-invisible-short",
    "pop-invisible-long",
    "pop-push-renew",
    "crash",
    "graceful-stop",
    "new-group-last-offset",
    "new-group-timestamp",
    "stuck-message-pins-offset",
    "broker-restart",
    "shrink-queues-unsafe",
    "shrink-queues-safe",
    "retry-to-dlq",
    "ordered-blocked",
    "ordered-crash",
    "gc-pause",
    "cid-clash",
    "container-cid-clash",
    "broadcasting",
    "commit-before-processing",
];

/// The preset names, in teaching order.
pub fn names() -> Vec<String> {
    NAMES.iter().map(|&name| name.to_owned()).collect()
}

/// The preset name `name` is, trimmed (`None`: no preset has it).
pub fn known_name(name: &str) -> Option<&'static str> {
    NAMES.iter().copied().find(|&known| known == name.trim())
}

/// A preset by name.
pub fn by_name(name: &str) -> Option<Scenario> {
    all().into_iter().find(|s| s.name == name.trim())
}

/// How a figure of one run compares with the same figure of another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Compared {
    /// Smaller.
    Fewer,
    /// Equal.
    Same,
    /// Larger.
    More,
}

impl Compared {
    /// `a` compared with `b`.
    pub fn of(a: u64, b: u64) -> Compared {
        match a.cmp(&b) {
            std::cmp::Ordering::Less => Compared::Fewer,
            std::cmp::Ordering::Equal => Compared::Same,
            std::cmp::Ordering::Greater => Compared::More,
        }
    }

    /// `fewer`, `as many`, `more`: for English texts.
    pub fn word(self) -> &'static str {
        match self {
            Compared::Fewer => "fewer",
            Compared::Same => "as many",
            Compared::More => "more",
        }
    }
}

/// A run next to the same run with AVG: the figures a strategy comparison is about, each
/// taken from the two runs (never written in advance).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgainstAvg {
    /// The scenario's own run, to its end.
    pub this: Summary,
    /// The same configuration, events and seed with AVG.
    pub avg: Summary,
    /// Queue handoffs of this run compared with AVG's.
    pub moves: Compared,
    /// Duplicates of this run compared with AVG's.
    pub duplicates: Compared,
}

impl AgainstAvg {
    /// One English line with the figures of both runs.
    pub fn describe(&self) -> String {
        let (a, b) = (&self.this, &self.avg);
        format!(
            "this run: {} queues moved, {} duplicates, {}–{} queues per consumer; the same run with AVG: {} moved, \
             {} duplicates, {}–{} per consumer. So {} moves and {} duplicates than AVG here.",
            a.queue_handoffs,
            a.duplicates,
            a.min_queues_per_consumer,
            a.max_queues_per_consumer,
            b.queue_handoffs,
            b.duplicates,
            b.min_queues_per_consumer,
            b.max_queues_per_consumer,
            self.moves.word(),
            self.duplicates.word(),
        )
    }
}

/// For a CLUSTERING scenario whose strategy is not AVG: its run and the same run with AVG,
/// both to the scenario's end with `seed`. `None` for AVG and the other models.
pub fn against_avg(scenario: &Scenario, seed: u64) -> Option<AgainstAvg> {
    let config = &scenario.config;
    if config.group.model != ConsumeModel::Clustering || config.group.strategy == Strategy::Averagely {
        return None;
    }
    let run = |config: SimConfig| {
        let mut sim = Simulation::new(config, scenario.events.clone(), seed).ok()?;
        sim.run_until(scenario.duration_ms);
        Some(sim.summary())
    };
    let this = run(config.clone())?;
    let mut avg_config = config.clone();
    avg_config.group.strategy = Strategy::Averagely;
    let avg = run(avg_config)?;
    let moves = Compared::of(this.queue_handoffs, avg.queue_handoffs);
    let duplicates = Compared::of(this.duplicates, avg.duplicates);
    Some(AgainstAvg { this, avg, moves, duplicates })
}
