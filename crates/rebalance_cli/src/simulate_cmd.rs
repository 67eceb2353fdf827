//! `rebalance-lab simulate`: run a consumer-group timeline scenario and print its summary,
//! or a trace (one JSON line per tick), or run a custom event script.

use std::path::PathBuf;

use rebalance_core::plan::{format_count, format_seconds_ms, parse_duration_ms};

use rebalance_core::simulate::scenario::AgainstAvg;
use rebalance_core::simulate::{
    scenario, validate_script, Event, Level, LogEntry, LogKind, Scenario, ScheduledEvent, SimConfig, Simulation,
    Summary, TickMetrics, MAX_TICKS,
};
use serde::{Deserialize, Serialize};

const EVENTS_HELP: &str = "\
EVENT SCRIPTS (--events FILE)
  JSON: either a list of events, which replaces the events of --scenario (default
  scenario: none, i.e. the default group of 3 consumers on 8 queues), or an object
  {\"config\": {...}, \"events\": [...], \"durationMs\": 300000, \"seed\": 1} where every field
  is optional and \"config\" replaces the scenario's configuration (missing fields take
  RocketMQ's defaults, e.g. {\"topic\": {\"queuesPerBroker\": 16}, \"group\": {\"model\": \"POP\"}}).

  An event is {\"atMs\": <ms>, \"kind\": <kind>, ...fields}. Consumers are named by cid
  (192.168.0.2@8919) or by IP (192.168.0.2); initial consumers are 192.168.0.1, .2, ...
    join           cid?, consumeRate?, threads?, room?, subscription? (tags, [\"*\"] = all)
    stop           cid                     graceful shutdown: wait
                                           client.awaitTerminationMillisWhenShutdown (default
                                           0: no wait), persist offsets, unregister
    crash          cid, channelClosed?     kill -9 (channelClosed=false: power loss, the broker
                                           notices only after 120 s of silence)
    pause          cid, durationMs         GC pause / network loss
    queueCount     queuesPerBroker?, readQueueNums?, writeQueueNums?
                                           updateTopic, up or down; queues at or beyond
                                           writeQueueNums get no new messages, queues at or
                                           beyond readQueueNums are not consumed (their backlog
                                           is stranded). To shrink: lower writeQueueNums, wait
                                           until those queues are drained, then readQueueNums
    subscription   cid, tags               one consumer subscribes other tags
    cidClash       cid                     a second process with the same cid
    produceRate    rate, hotQueues?, hotSharePercent?
    consumeRate    cid?, rate              slower / faster business (no cid: everybody)
    rollingDeploy  replace, start, startSpacingMs, stopAfterMs, stopSpacingMs, graceful?
    failMessages   queue, count, durationMs?   messages that fail in the business
                                           (RECONSUME_LATER): concurrent consumers send them
                                           back to %RETRY%<group>, whose one queue per broker
                                           the group rebalances; they come again after delay
                                           level 3 + reconsumeTimes (10 s, 30 s, 1 min … 2 h)
                                           and go to %DLQ%<group> after
                                           client.maxReconsumeTimes (16) retries
    stuckMessage   queue, count?, durationMs?  the next message(s) of the queue stay in a
                                           consume thread for durationMs (absent: forever)
                                           while later ones finish (concurrent CLUSTERING):
                                           the committed offset stays at it; pulling pauses
                                           past client.consumeConcurrentlyMaxSpan (2000);
                                           after client.consumeTimeoutMinutes (15) it is sent
                                           back to %RETRY%
    brokerStop     broker                  the broker (e.g. broker-a, of topic.brokers) stops:
                                           its queues leave the route, producers send to the
                                           others, pulls to it fail and are retried after
                                           client.pullTimeDelayMillsWhenException (1000 ms);
                                           consumers drop its queues after their route poll
                                           (client.routePollIntervalMs, 30 s) and rebalance
    brokerStart    broker                  the broker is back: its queues return the same way
    resetOffsetByTime  timestampMs         mqadmin resetOffsetByTime while no consumer is
                                           online (CLUSTERING, a group that has run): every
                                           stored offset becomes the first one stored at or
                                           after timestampMs (run time), where the group
                                           resumes when it starts
  Where a group without stored offsets starts (CLUSTERING): \"config\": {\"group\":
  {\"newGroup\": true, \"consumeFromWhere\": \"CONSUME_FROM_LAST_OFFSET\" (default),
  \"CONSUME_FROM_FIRST_OFFSET\" or \"CONSUME_FROM_TIMESTAMP\", \"consumeTimestampMs\": whole ms
  on the run's clock, negative before the run (default: 30 min before each consumer was
  created, to the second; the history before the run was produced at the topic's rate)},
  \"topic\": {\"firstMessageInMemory\": true (default: a young topic, the broker answers 0 and
  the history is read) or false (an old topic: LAST_OFFSET starts at MaxOffset, TIMESTAMP at
  the first message stored at or after consumeTimestamp)}}. Its figures:
  queuesStartedWithoutOffset, min/maxStartWithoutOffset, historyRead (messages stored before
  the run that the group read), consumeTimestampMs (the earliest one searched, or null).
  A field an event (or the configuration) does not have, and an event naming a consumer
  that is not running or a queue that does not exist when it happens, are errors that name
  the line and the field; nothing is ignored.
  Example: [{\"atMs\": 60000, \"kind\": \"join\"},
            {\"atMs\": 90000, \"kind\": \"crash\", \"cid\": \"192.168.0.2\"}]";

/// `rebalance-lab simulate …` arguments.
#[derive(Debug, Default, clap::Args)]
#[command(after_long_help = EVENTS_HELP)]
pub struct SimulateArgs {
    /// Preset scenario to run (see --list).
    #[arg(long)]
    pub scenario: Option<String>,
    /// Seed for every random choice: the same seed gives the same run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the summary as JSON.
    #[arg(long)]
    pub json: bool,
    /// Print one JSON line per tick (metrics and per-queue lag) instead of the summary.
    #[arg(long, conflicts_with = "log")]
    pub trace: bool,
    /// Print the run's client and broker log lines instead of the summary, one per line:
    /// `<seconds> <cid, broker or script> <LEVEL> <text>` (the timeline's log pane). LEVEL is
    /// RocketMQ's (INFO, WARN, ERROR) for RocketMQ's own lines, NOTE for the simulator's
    /// annotations; an exception RocketMQ logs with a line follows it on the next line.
    #[arg(long)]
    pub log: bool,
    /// Run a custom event script (JSON, format below with --help).
    #[arg(long, value_name = "FILE")]
    pub events: Option<PathBuf>,
    /// Simulated time, e.g. 300s, 10m, 1h30m, 1d (units ms, s, m, h, d; default: the
    /// scenario's, or 5 min).
    #[arg(long, value_parser = parse_duration_ms)]
    pub duration: Option<u64>,
    /// List the scenarios.
    #[arg(long)]
    pub list: bool,
}

/// The object form of an event script (events read one by one, to name their lines).
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Script {
    #[serde(default)]
    config: Option<serde_json::Value>,
    #[serde(default)]
    events: Vec<serde_json::Value>,
    #[serde(default)]
    duration_ms: Option<u64>,
    #[serde(default)]
    seed: Option<u64>,
}

/// An event read from a script file, with the line it starts on.
#[derive(Debug, Clone)]
struct Located {
    event: ScheduledEvent,
    line: usize,
}

/// The 1-based line of byte `at` in `text`.
fn line_of(text: &str, at: usize) -> usize {
    text.get(..at).map_or(1, |t| t.matches('\n').count() + 1)
}

/// Where each element of the script's event list starts (byte offsets): the top-level array,
/// or the array under the top-level key `events`. A light scan of valid JSON (the text has been
/// parsed already), aware of strings and nesting.
fn event_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    let mut key_start = None;
    let mut last_key = String::new();
    // (depth of the event array's contents, whether the next value starts an element)
    let mut list: Option<usize> = None;
    let mut expect_element = false;
    let mut starts = Vec::new();
    for (i, &b) in bytes.iter().enumerate() {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
                if let Some(k) = key_start.take() {
                    last_key = text.get(k..i).unwrap_or_default().to_owned();
                }
            }
            continue;
        }
        if b.is_ascii_whitespace() {
            continue;
        }
        if expect_element && list == Some(depth) && b != b']' {
            starts.push(i);
            expect_element = false;
        }
        match b {
            b'"' => {
                in_string = true;
                if depth == 1 && list.is_none() {
                    key_start = Some(i + 1);
                }
            }
            b'[' => {
                depth += 1;
                let top_array = depth == 1;
                let events_key = depth == 2 && last_key == "events";
                if list.is_none() && (top_array || events_key) {
                    list = Some(depth);
                    expect_element = true;
                }
            }
            b'{' => depth += 1,
            b']' | b'}' => {
                if list == Some(depth) && b == b']' {
                    break;
                }
                depth = depth.saturating_sub(1);
            }
            b',' if list == Some(depth) => expect_element = true,
            _ => {}
        }
    }
    starts
}

/// The first key of `given` that deserialising dropped (not in `kept`), as a path; `null`
/// values are not counted (they read as "absent").
fn dropped_key(given: &serde_json::Value, kept: &serde_json::Value, path: &str) -> Option<String> {
    let (serde_json::Value::Object(given), serde_json::Value::Object(kept)) = (given, kept) else {
        if let (serde_json::Value::Array(g), serde_json::Value::Array(k)) = (given, kept) {
            for (i, (g, k)) in g.iter().zip(k).enumerate() {
                if let Some(p) = dropped_key(g, k, &format!("{path}[{i}]")) {
                    return Some(p);
                }
            }
        }
        return None;
    };
    for (key, value) in given {
        let at = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
        match kept.get(key) {
            None if !value.is_null() => return Some(at),
            None => {}
            Some(k) => {
                if let Some(p) = dropped_key(value, k, &at) {
                    return Some(p);
                }
            }
        }
    }
    None
}

/// The line of the first `"key"` at or after byte `from` (the last part of a dotted path).
fn key_line(text: &str, from: usize, path: &str) -> usize {
    let key = path.rsplit('.').next().unwrap_or(path);
    let key = key.split('[').next().unwrap_or(key);
    let needle = format!("\"{key}\"");
    let at = text.get(from..).and_then(|t| t.find(&needle)).map_or(from, |i| from + i);
    line_of(text, at)
}

/// The key whose value a JSON syntax error stops in (`"consumeTimestampMs": NaN`, which JSON
/// does not have): the text before the error ends in `"key":`.
fn key_before_error<'t>(text: &'t str, e: &serde_json::Error) -> Option<&'t str> {
    let line_start: usize = text.split_inclusive('\n').take(e.line().saturating_sub(1)).map(str::len).sum();
    let before = text.get(..line_start + e.column().saturating_sub(1))?.trim_end();
    let quoted = before.strip_suffix(':')?.trim_end().strip_suffix('"')?;
    quoted.rfind('"').and_then(|i| quoted.get(i + 1..))
}

/// Reads a value of type `T`, refusing a field it does not know (named with its line).
fn strict<T: serde::de::DeserializeOwned + Serialize>(
    value: serde_json::Value,
    text: &str,
    from: usize,
    path: &str,
) -> Result<T, String> {
    // serde_path_to_error names the field of a bad value (`config.group.consumeFromWhere`),
    // where serde_json alone names only the whole object.
    let read: T = serde_path_to_error::deserialize(value.clone()).map_err(|e| {
        let at = e.path().to_string();
        if at == "." {
            format!("line {}: {path}: {}", line_of(text, from), e.inner())
        } else {
            format!("line {}: {path}.{at}: {}", key_line(text, from, &at), e.inner())
        }
    })?;
    let kept = serde_json::to_value(&read).map_err(|e| e.to_string())?;
    if let Some(key) = dropped_key(&value, &kept, "") {
        let line = key_line(text, from, &key);
        return Err(format!("line {line}: {path}.{key}: unknown field"));
    }
    Ok(read)
}

/// An event script as read: its configuration, events (with their lines), duration and seed.
type ReadScript = (Option<SimConfig>, Vec<Located>, Option<u64>, Option<u64>);

/// Reads an event script.
fn read_script(path: &std::path::Path) -> Result<ReadScript, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let name = path.display();
    let bad = |e: serde_json::Error| {
        let field = key_before_error(&text, &e).map(|k| format!(", in the value of {k}")).unwrap_or_default();
        format!("{name}: not an event script ({e}{field}); see `rebalance-lab simulate --help`")
    };
    let value: serde_json::Value = serde_json::from_str(&text).map_err(bad)?;
    let script = if value.is_array() {
        Script { events: serde_json::from_value(value).map_err(bad)?, ..Script::default() }
    } else if value.is_object() {
        serde_json::from_str::<Script>(&text).map_err(bad)?
    } else {
        return Err(format!(
            "{name}: not an event script (a list of events or an object); see `rebalance-lab simulate --help`"
        ));
    };
    let config = match script.config {
        Some(c) => {
            let from = text.find("\"config\"").unwrap_or(0);
            Some(strict::<SimConfig>(c, &text, from, "config").map_err(|e| format!("{name}: {e}"))?)
        }
        None => None,
    };
    let starts = event_starts(&text);
    let mut events = Vec::with_capacity(script.events.len());
    for (i, v) in script.events.into_iter().enumerate() {
        let from = starts.get(i).copied().unwrap_or(0);
        let event: ScheduledEvent =
            strict(v, &text, from, &format!("events[{i}]")).map_err(|e| format!("{name}: {e}"))?;
        events.push(Located { event, line: line_of(&text, from) });
    }
    Ok((config, events, script.duration_ms, script.seed))
}

/// What runs: the scenario (possibly with a script's config and events), duration, seed, and
/// the line of each event when they come from a file.
fn plan(args: &SimulateArgs) -> Result<(Scenario, u64, Vec<Option<usize>>), String> {
    let mut base = match &args.scenario {
        Some(name) => scenario::by_name(name)
            .ok_or_else(|| format!("unknown scenario {name:?}; the scenarios are: {}", scenario::names().join(", ")))?,
        None if args.events.is_some() => Scenario {
            name: "custom".to_owned(),
            title: "Custom event script".to_owned(),
            watch: String::new(),
            config: SimConfig::default(),
            events: Vec::new(),
            duration_ms: 300_000,
        },
        None => return Err("give --scenario NAME, --events FILE, or --list".to_owned()),
    };
    let mut seed = args.seed;
    let mut lines = vec![None; base.events.len()];
    if let Some(path) = &args.events {
        let (config, events, duration, script_seed) = read_script(path)?;
        if let Some(config) = config {
            base.config = config;
        }
        lines = events.iter().map(|e| Some(e.line)).collect();
        base.events = events.into_iter().map(|e| e.event).collect();
        if let Some(d) = duration {
            base.duration_ms = d;
        }
        if let Some(s) = script_seed {
            seed = s;
        }
        if args.scenario.is_some() {
            base.name = format!("{} + {}", base.name, path.display());
        }
    }
    if let Some(d) = args.duration {
        base.duration_ms = d;
    }
    let limit = MAX_TICKS.saturating_mul(base.config.tick_ms.max(1));
    if base.duration_ms == 0 || base.duration_ms > limit {
        return Err(format!("the duration must be 1 ms ..= {} s at this tick", limit / 1_000));
    }
    Ok((base, seed, lines))
}

/// An event of the script that did nothing because what it names does not exist when it
/// happens (a consumer not running, a queue the topic does not have): an error naming the
/// event's line and field. The run says so in its log (`EventSkipped` right after the event).
fn skipped_events(sim: &Simulation, s: &Scenario, lines: &[Option<usize>]) -> Result<(), String> {
    // The core applies the events in time order, stable for equal times.
    let mut order: Vec<usize> = (0..s.events.len()).collect();
    order.sort_by_key(|&i| s.events.get(i).map_or(0, |e| e.at_ms));
    let mut applied = 0usize;
    let mut previous_was_event = false;
    for entry in sim.log() {
        match &entry.kind {
            LogKind::Event { .. } if entry.source == "script" => {
                applied += 1;
                previous_was_event = true;
                continue;
            }
            LogKind::EventSkipped { reason } if previous_was_event => {
                let i = order.get(applied.saturating_sub(1)).copied().unwrap_or(0);
                let field = match s.events.get(i).map(|e| &e.event) {
                    Some(Event::FailMessages { .. }) if reason.contains("does not exist") => "queue",
                    Some(Event::FailMessages { .. }) => "kind",
                    Some(Event::StuckMessage { .. }) if reason.contains("does not exist") => "queue",
                    Some(Event::StuckMessage { .. }) => "kind",
                    Some(Event::ResetOffsetByTime { .. }) => "kind",
                    Some(Event::Join { .. }) => "kind",
                    Some(Event::BrokerStop { .. } | Event::BrokerStart { .. }) => "broker",
                    _ => "cid",
                };
                let at = match lines.get(i).copied().flatten() {
                    Some(line) => format!("line {line}: "),
                    None => String::new(),
                };
                return Err(format!("{at}events[{i}].{field}: {reason} at {} ms", entry.at_ms));
            }
            _ => {}
        }
        previous_was_event = false;
    }
    Ok(())
}

/// Checks every event on its own, in file order, so that an error names the event's index
/// and line in the file (the core checks a script in time order).
fn check_events(s: &Scenario, lines: &[Option<usize>]) -> Result<(), String> {
    for (i, e) in s.events.iter().enumerate() {
        let Err(err) = validate_script(&s.config, std::slice::from_ref(e)) else { continue };
        let message = match err {
            rebalance_core::Error::InvalidInput { field, message } => {
                format!("{}: {message}", field.replacen("events[0]", &format!("events[{i}]"), 1))
            }
            other => other.to_string(),
        };
        return Err(match lines.get(i).copied().flatten() {
            Some(line) => format!("line {line}: {message}"),
            None => message,
        });
    }
    Ok(())
}

/// `<seconds> <source> <LEVEL> <text>`: `60.300 192.168.0.2@8919 INFO the consumer [cg] start OK.`
/// An exception follows on its own line, as logback prints the stack trace after the message.
fn log_line(e: &LogEntry) -> String {
    let level = match e.level() {
        Level::Info => "INFO",
        Level::Warn => "WARN",
        Level::Error => "ERROR",
        Level::Note => "NOTE",
    };
    let line = format!("{}.{:03} {} {level} {}\n", e.at_ms / 1_000, e.at_ms % 1_000, e.source, e.text());
    match e.exception() {
        Some(exception) => line + exception + "\n",
        None => line,
    }
}

/// One trace line.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TraceLine<'a> {
    #[serde(flatten)]
    metrics: TickMetrics,
    queue_lag: &'a [u64],
}

/// A signed count with thousands separators (`-1,800,000`).
fn signed_count(n: i64) -> String {
    let sign = if n < 0 { "-" } else { "" };
    format!("{sign}{}", format_count(n.unsigned_abs()))
}

/// The JSON summary.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsonSummary<'a> {
    scenario: &'a str,
    seed: u64,
    #[serde(flatten)]
    summary: &'a Summary,
    /// A strategy other than AVG: this run next to the same run with AVG.
    #[serde(skip_serializing_if = "Option::is_none")]
    against_avg: Option<&'a AgainstAvg>,
}

fn render_text(s: &Scenario, seed: u64, sum: &Summary, tick_ms: u64, against: Option<&AgainstAvg>) -> String {
    let mut out = format!("scenario: {} — {}\n", s.name, s.title);
    out += &format!("seed {seed}, {} simulated ({} ticks of {tick_ms} ms)\n\n", format_seconds_ms(sum.duration_ms), {
        format_count(sum.duration_ms / tick_ms.max(1))
    });
    let rows = [
        ("final group lag", format_count(sum.final_group_lag)),
        ("max group lag", format_count(sum.max_group_lag)),
        ("produced", format_count(sum.produced)),
        ("consumed (with duplicates)", format_count(sum.consumed)),
        ("duplicates consumed", format_count(sum.duplicates)),
        ("messages lost", format_count(sum.lost)),
        ("dead-lettered", format_count(sum.dead_lettered)),
        ("filtered or passed over", format_count(sum.filtered)),
        ("rebalances (changed)", format_count(sum.rebalances)),
        ("rebalance runs", format_count(sum.rebalance_runs)),
        ("queue handoffs", format_count(sum.queue_handoffs)),
        ("idle consumers at the end", format_count(u64::from(sum.idle_consumers))),
        ("running consumers at the end", format_count(u64::from(sum.running))),
        ("max members", format_count(u64::from(sum.max_members))),
        ("max oldest pending age", format_seconds_ms(sum.max_oldest_pending_age_ms)),
        ("stranded beyond readQueueNums", format_count(sum.final_stranded)),
        ("queues per running consumer", format!("{}–{}", sum.min_queues_per_consumer, sum.max_queues_per_consumer)),
        ("redelivered (already finished)", format_count(sum.redelivered)),
        ("max finished above a stuck offset", format_count(sum.max_finished_above_offset)),
        ("max queues paused for the span", format_count(u64::from(sum.max_span_paused_queues))),
        ("sent back after consumeTimeout", format_count(sum.expired_sent_back)),
        ("failed pulls (broker stopped)", format_count(sum.failed_pulls)),
        ("max lag on stopped brokers", format_count(sum.max_offline_lag)),
        ("longest unpulled (broker stopped)", format_seconds_ms(sum.max_unpulled_ms)),
        ("retries delivered (%RETRY%)", format_count(sum.retries_delivered)),
        ("most deliveries of one message", format_count(most_deliveries(sum))),
        ("last retry at", format_seconds_ms(sum.last_retry_ms)),
        ("waiting in %RETRY% at the end", format_count(sum.retry_pending)),
        ("queues started without an offset", format_count(u64::from(sum.queues_started_without_offset))),
        ("first offsets of those queues", format!("{}–{}", sum.min_start_without_offset, sum.max_start_without_offset)),
        ("history read by a new group", format_count(sum.history_read)),
        ("consumeTimestamp searched (ms)", sum.consume_timestamp_ms.map_or_else(|| "-".to_owned(), signed_count)),
        ("max queues held twice for 1 s", format_count(u64::from(sum.max_overlapping_queues_for_1s))),
        ("max queues held by nobody for 1 s", format_count(u64::from(sum.max_orphan_queues_for_1s))),
        (
            "held twice / by nobody at the end",
            format!("{} / {}", sum.final_overlapping_queues, sum.final_orphan_queues),
        ),
    ];
    for (label, value) in rows {
        out += &format!("{label:<34}{value:>14}\n");
    }
    if !s.watch.is_empty() {
        out += &format!("\nwatch: {}\n", s.watch);
    }
    if let Some(a) = against {
        out += &format!("\ncompared with AVG (seed {seed}): {}\n", a.describe());
    }
    out
}

/// Deliveries of the most delivered message: its highest reconsumeTimes and the first
/// delivery (0 when nothing was consumed).
fn most_deliveries(sum: &Summary) -> u64 {
    if sum.consumed == 0 && sum.retries_delivered == 0 && sum.dead_lettered == 0 {
        return 0;
    }
    u64::from(sum.max_reconsume_times) + 1
}

/// Runs the subcommand; `Ok(text)` to print, `Err(message)` for unusable arguments.
pub fn run(args: &SimulateArgs) -> Result<String, String> {
    if args.list {
        let list = scenario::all();
        let width = list.iter().map(|s| s.name.len()).max().unwrap_or(0);
        return Ok(list.iter().map(|s| format!("{:<width$}  {}\n", s.name, s.title)).collect());
    }
    let (s, seed, lines) = plan(args)?;
    s.config.validate().map_err(|e| e.to_string())?;
    check_events(&s, &lines)?;
    let mut sim = Simulation::new(s.config.clone(), s.events.clone(), seed).map_err(|e| e.to_string())?;
    let tick_ms = sim.config().tick_ms;
    if args.trace {
        let mut out = String::new();
        loop {
            let line = TraceLine { metrics: sim.metrics(), queue_lag: sim.queue_lags(sim.tick()).unwrap_or(&[]) };
            out += &serde_json::to_string(&line).map_err(|e| e.to_string())?;
            out.push('\n');
            if sim.now_ms() >= s.duration_ms {
                break;
            }
            sim.step();
        }
        skipped_events(&sim, &s, &lines)?;
        return Ok(out);
    }
    sim.run_until(s.duration_ms);
    skipped_events(&sim, &s, &lines)?;
    if args.log {
        return Ok(sim.log().iter().map(log_line).collect());
    }
    let summary = sim.summary();
    let against = scenario::against_avg(&s, seed);
    if args.json {
        let json = JsonSummary { scenario: &s.name, seed, summary: &summary, against_avg: against.as_ref() };
        return serde_json::to_string_pretty(&json).map(|t| t + "\n").map_err(|e| e.to_string());
    }
    Ok(render_text(&s, seed, &summary, tick_ms, against.as_ref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(scenario: &str) -> SimulateArgs {
        SimulateArgs { scenario: Some(scenario.to_owned()), seed: 1, ..SimulateArgs::default() }
    }

    fn temp_file(name: &str, text: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("rebalance-lab-{}-{name}", std::process::id()));
        std::fs::write(&path, text).expect("temp file");
        path
    }

    #[test]
    fn list_names_every_scenario() {
        let text = run(&SimulateArgs { list: true, ..SimulateArgs::default() }).expect("list");
        for name in scenario::names() {
            assert!(text.lines().any(|l| l.starts_with(&name)), "{name} missing");
        }
    }

    #[test]
    fn text_summary_has_the_issue_fields() {
        let text = run(&args("crash")).expect("runs");
        for needle in [
            "scenario: crash",
            "final group lag",
            "duplicates consumed",
            "messages lost",
            "rebalances",
            "idle consumers",
            "max oldest pending age",
        ] {
            assert!(text.contains(needle), "{needle:?} missing in\n{text}");
        }
    }

    #[test]
    fn json_summary_is_deterministic_and_parses() {
        let a = run(&SimulateArgs { json: true, ..args("scale-out-avg") }).expect("runs");
        let b = run(&SimulateArgs { json: true, ..args("scale-out-avg") }).expect("runs");
        assert_eq!(a, b);
        let v: serde_json::Value = serde_json::from_str(&a).expect("json");
        assert_eq!(v["scenario"], "scale-out-avg");
        assert_eq!(v["seed"], 1);
        assert!(v["duplicates"].as_u64().is_some_and(|d| d > 0));
        for field in ["finalGroupLag", "lost", "rebalances", "idleConsumers", "maxOldestPendingAgeMs"] {
            assert!(v.get(field).is_some(), "{field} missing");
        }
    }

    #[test]
    fn a_consistent_hash_run_is_compared_with_avg_from_both_runs() {
        let text = run(&args("scale-out-consistent-hash")).expect("runs");
        let a = scenario::against_avg(&scenario::by_name("scale-out-consistent-hash").expect("preset"), 1)
            .expect("compared");
        assert!(text.contains(&format!("compared with AVG (seed 1): {}", a.describe())), "{text}");
        let json = run(&SimulateArgs { json: true, ..args("scale-out-consistent-hash") }).expect("runs");
        let v: serde_json::Value = serde_json::from_str(&json).expect("json");
        assert_eq!(v["againstAvg"]["avg"]["queueHandoffs"].as_u64(), Some(a.avg.queue_handoffs));
        assert!(!run(&args("scale-out-avg")).expect("runs").contains("compared with AVG"));
    }

    /// RebalanceImpl.rebalanceByTopic logs the allocation's exception after the message, as
    /// logback prints a trailing Throwable: on the next line.
    #[test]
    fn log_prints_an_exception_on_the_line_after_its_message() {
        let exception = "java.lang.IllegalArgumentException: Machine room is null for consumer id 10.0.0.9@1";
        let kind =
            LogKind::AllocateError { strategy: "MACHINE_ROOM_NEARBY-AVG".to_owned(), exception: exception.to_owned() };
        let e = LogEntry { at_ms: 1_500, source: "10.0.0.9@1".to_owned(), process: Some(0), kind };
        assert_eq!(
            log_line(&e),
            format!(
                "1.500 10.0.0.9@1 ERROR allocate message queue exception. strategy name: MACHINE_ROOM_NEARBY-AVG, ex: {{}}\n{exception}\n"
            )
        );
    }

    #[test]
    fn log_prints_the_runs_lines_as_the_log_pane_has_them() {
        let text = run(&SimulateArgs { log: true, ..args("gc-pause") }).expect("runs");
        let s = scenario::by_name("gc-pause").expect("preset");
        let mut sim = Simulation::from_scenario(&s, 1).expect("valid");
        sim.run_until(s.duration_ms);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), sim.log().len());
        for (line, e) in lines.iter().zip(sim.log()) {
            let level = format!("{:?}", e.level()).to_uppercase();
            let at = format!("{}.{:03}", e.at_ms / 1_000, e.at_ms % 1_000);
            assert_eq!(*line, format!("{at} {} {level} {}", e.source, e.text()));
        }
        assert!(text.lines().any(|l| l.contains(" broker WARN SCAN: remove expired channel")), "{text}");
    }

    #[test]
    fn trace_prints_one_json_line_per_tick() {
        let text = run(&SimulateArgs { trace: true, duration: Some(10_000), ..args("hot-queue") }).expect("runs");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 101, "time 0 and 100 ticks");
        let last: serde_json::Value = serde_json::from_str(lines[100]).expect("json line");
        assert_eq!(last["atMs"], 10_000);
        assert_eq!(last["queueLag"].as_array().map(Vec::len), Some(8));
    }

    #[test]
    fn event_scripts_run_and_errors_are_clear() {
        let list = temp_file(
            "list.json",
            r#"[{"atMs": 30000, "kind": "join"}, {"atMs": 60000, "kind": "crash", "cid": "192.168.0.2"}]"#,
        );
        let out =
            run(&SimulateArgs { events: Some(list.clone()), json: true, ..SimulateArgs::default() }).expect("runs");
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        assert_eq!(v["scenario"], "custom");
        assert_eq!(v["durationMs"], 300_000);
        let object = temp_file(
            "object.json",
            r#"{"config": {"group": {"model": "POP"}}, "durationMs": 60000, "seed": 9,
                "events": [{"atMs": 1000, "kind": "pause", "cid": "192.168.0.1", "durationMs": 5000}]}"#,
        );
        let out =
            run(&SimulateArgs { events: Some(object.clone()), json: true, ..SimulateArgs::default() }).expect("runs");
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        assert_eq!((v["seed"].as_u64(), v["durationMs"].as_u64()), (Some(9), Some(60_000)));
        assert_eq!(v["rebalances"], 0, "POP does not rebalance queues");
        let bad = temp_file("bad.json", r#"[{"atMs": 1, "kind": "explode"}]"#);
        let err = run(&SimulateArgs { events: Some(bad.clone()), ..SimulateArgs::default() }).expect_err("bad");
        assert!(err.contains("line 1: events[0]: unknown variant `explode`"), "{err}");
        let shrink = temp_file("shrink.json", r#"[{"atMs": 1, "kind": "queueCount", "readQueueNums": 2}]"#);
        let out = run(&SimulateArgs { events: Some(shrink.clone()), json: true, ..SimulateArgs::default() })
            .expect("queues can be cut");
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        assert!(v["finalStranded"].as_u64().is_some_and(|s| s > 0), "{out}");
        for path in [list, object, bad, shrink] {
            let _ = std::fs::remove_file(path);
        }
        let err = run(&SimulateArgs { events: Some("/nonexistent/x.json".into()), ..SimulateArgs::default() });
        assert!(err.is_err_and(|e| e.contains("cannot read")));
    }

    #[test]
    fn unknown_scenario_and_missing_arguments_are_errors() {
        let err = run(&args("nope")).expect_err("unknown");
        assert!(err.contains("scale-3-to-10"), "{err}");
        assert!(run(&SimulateArgs::default()).is_err());
        assert!(run(&SimulateArgs { duration: Some(0), ..args("crash") }).is_err());
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration_ms("300"), Ok(300_000));
        assert_eq!(parse_duration_ms("10m"), Ok(600_000));
        assert_eq!(parse_duration_ms("1h30m"), Ok(5_400_000));
        assert_eq!(parse_duration_ms("1500ms"), Ok(1_500));
        assert!(parse_duration_ms("10 minutes").is_err());
        assert!(parse_duration_ms("m").is_err());
        assert!(parse_duration_ms("99999999999999999999h").is_err());
        assert_eq!(parse_duration_ms("2d"), Ok(172_800_000));
        assert_eq!(parse_duration_ms("1d2h3m4s5ms"), Ok(93_784_005));
        // The planner's reader: a decimal is fine when the total is whole milliseconds.
        assert_eq!(parse_duration_ms("1.5m"), Ok(90_000));
        for refused in ["1h1h", "30m1h", "1,5", "5ms1s", "-1s", "", "1.0001s"] {
            assert!(parse_duration_ms(refused).is_err(), "{refused:?}");
        }
    }
}
