//! `rebalance-lab simulate`: run a consumer-group timeline scenario and print its summary,
//! or a trace (one JSON line per tick), or run a custom event script.

use std::path::PathBuf;

use rebalance_core::simulate::scenario::AgainstAvg;
use rebalance_core::simulate::{
    scenario, Scenario, ScheduledEvent, SimConfig, Simulation, Summary, TickMetrics, MAX_TICKS,
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
    #[arg(long)]
    pub trace: bool,
    /// Run a custom event script (JSON, format below with --help).
    #[arg(long, value_name = "FILE")]
    pub events: Option<PathBuf>,
    /// Simulated time, e.g. 300s, 10m, 1h (default: the scenario's, or 5 min).
    #[arg(long, value_parser = parse_duration_ms)]
    pub duration: Option<u64>,
    /// List the scenarios.
    #[arg(long)]
    pub list: bool,
}

/// Parses `300`, `300s`, `10m`, `1h`, `1h30m`, `1500ms` into milliseconds (plain = seconds).
pub fn parse_duration_ms(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let bad = || format!("not a duration: {text:?} (use e.g. 300s, 10m, 1h30m, 1500ms)");
    if let Ok(seconds) = t.parse::<u64>() {
        return seconds.checked_mul(1_000).ok_or_else(bad);
    }
    let (mut total, mut number, mut any) = (0u64, String::new(), false);
    let mut chars = t.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match (c, chars.peek()) {
            ('m', Some('s')) => {
                chars.next();
                1
            }
            ('s', _) => 1_000,
            ('m', _) => 60_000,
            ('h', _) => 3_600_000,
            _ => return Err(bad()),
        };
        let value: u64 = number.parse().map_err(|_| bad())?;
        total = value.checked_mul(unit).and_then(|v| total.checked_add(v)).ok_or_else(bad)?;
        number.clear();
        any = true;
    }
    if !number.is_empty() || !any {
        return Err(bad());
    }
    Ok(total)
}

/// The object form of an event script.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Script {
    #[serde(default)]
    config: Option<SimConfig>,
    #[serde(default)]
    events: Vec<ScheduledEvent>,
    #[serde(default)]
    duration_ms: Option<u64>,
    #[serde(default)]
    seed: Option<u64>,
}

/// What runs: the scenario (possibly with a script's config and events), duration, seed.
fn plan(args: &SimulateArgs) -> Result<(Scenario, u64), String> {
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
    if let Some(path) = &args.events {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let bad = |e: serde_json::Error| {
            format!("{}: not an event script ({e}); see `rebalance-lab simulate --help`", path.display())
        };
        let value: serde_json::Value = serde_json::from_str(&text).map_err(bad)?;
        if value.is_array() {
            base.events = serde_json::from_value(value).map_err(bad)?;
        } else {
            let script: Script = serde_json::from_value(value).map_err(bad)?;
            if let Some(config) = script.config {
                base.config = config;
            }
            base.events = script.events;
            if let Some(d) = script.duration_ms {
                base.duration_ms = d;
            }
            if let Some(s) = script.seed {
                seed = s;
            }
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
    Ok((base, seed))
}

/// One trace line.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TraceLine<'a> {
    #[serde(flatten)]
    metrics: TickMetrics,
    queue_lag: &'a [u64],
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

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn seconds(ms: u64) -> String {
    format!("{}.{} s", thousands(ms / 1_000), (ms % 1_000) / 100)
}

fn render_text(s: &Scenario, seed: u64, sum: &Summary, tick_ms: u64, against: Option<&AgainstAvg>) -> String {
    let mut out = format!("scenario: {} — {}\n", s.name, s.title);
    out += &format!("seed {seed}, {} simulated ({} ticks of {tick_ms} ms)\n\n", seconds(sum.duration_ms), {
        thousands(sum.duration_ms / tick_ms.max(1))
    });
    let rows = [
        ("final group lag", thousands(sum.final_group_lag)),
        ("max group lag", thousands(sum.max_group_lag)),
        ("produced", thousands(sum.produced)),
        ("consumed (with duplicates)", thousands(sum.consumed)),
        ("duplicates consumed", thousands(sum.duplicates)),
        ("messages lost", thousands(sum.lost)),
        ("dead-lettered", thousands(sum.dead_lettered)),
        ("filtered (tag nobody subscribes)", thousands(sum.filtered)),
        ("rebalances (changed)", thousands(sum.rebalances)),
        ("rebalance runs", thousands(sum.rebalance_runs)),
        ("queue handoffs", thousands(sum.queue_handoffs)),
        ("idle consumers at the end", thousands(u64::from(sum.idle_consumers))),
        ("running consumers at the end", thousands(u64::from(sum.running))),
        ("max members", thousands(u64::from(sum.max_members))),
        ("max oldest pending age", seconds(sum.max_oldest_pending_age_ms)),
        ("stranded beyond readQueueNums", thousands(sum.final_stranded)),
        ("queues per running consumer", format!("{}–{}", sum.min_queues_per_consumer, sum.max_queues_per_consumer)),
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

/// Runs the subcommand; `Ok(text)` to print, `Err(message)` for unusable arguments.
pub fn run(args: &SimulateArgs) -> Result<String, String> {
    if args.list {
        let list = scenario::all();
        let width = list.iter().map(|s| s.name.len()).max().unwrap_or(0);
        return Ok(list.iter().map(|s| format!("{:<width$}  {}\n", s.name, s.title)).collect());
    }
    let (s, seed) = plan(args)?;
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
        return Ok(out);
    }
    sim.run_until(s.duration_ms);
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
        assert!(err.contains("not an event script"), "{err}");
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
    }
}
