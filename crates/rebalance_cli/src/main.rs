//! `rebalance-lab`: the Rebalance Lab model on the command line (JSON in, JSON out).

mod allocate_cmd;
mod exercise_cmd;
mod json_kind;
mod plan_cmd;
mod progress_cmd;
mod simulate_cmd;

use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Apache RocketMQ consumer load balancing, exactly: allocation, offsets and lag, drain planning.
#[derive(Debug, Parser)]
#[command(name = "rebalance-lab", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Allocate queues: JSON Lines on stdin (one case per line), one JSON line per case on stdout.
    ///
    /// A case uses RocketMQ's names: `strategy` (AVG, AVG_BY_CIRCLE, CONSISTENT_HASH,
    /// MACHINE_ROOM_NEARBY, MACHINE_ROOM, CONFIG; default AVG), `vnodes` (default 10),
    /// `delegate` (default AVG), `brokerRooms` / `consumerRooms` (name → room; when both are
    /// absent the room is the text before the first '-'), `consumeridcs`, `config` (queue
    /// list), `consumerGroup`, `topic` (default TopicTest), `queues` ([{brokerName, queueId}],
    /// any order), `cids` (any order), `currentCid`.
    ///
    /// Output: {"result": [...]} plus "log" when the consumer is not in cidAll, or
    /// {"error": {"message": "..."}} with RocketMQ's message. Without currentCid, the whole
    /// group: {"assignment": {cid: [...]}, "unassigned": [...]}. A line that is not a case
    /// (not UTF-8, not a JSON object, a field of the wrong type, a vnodes count beyond Java's
    /// int or a ring too large to build) gets {"error": {"message": "line N: field: ..."}}
    /// and the run goes on. Every answer is flushed as soon as it is written.
    Allocate,

    /// Plan how long a backlog takes to drain and how many instances a target needs.
    ///
    /// Numbers accept separators in groups of three (12,000,000) and exponents (1.2e7);
    /// durations accept 900 (seconds), 900s, 15m, 1h30m, 16 min 40 s, 1500ms, 2d (each unit
    /// once, largest first). Drain times are shown rounded up to whole seconds.
    Plan {
        /// B: messages waiting now.
        #[arg(long, value_parser = plan_cmd::parse_number)]
        backlog: f64,
        /// P: messages produced per second.
        #[arg(long, value_parser = plan_cmd::parse_number)]
        produce_rate: f64,
        /// R: messages one instance consumes and commits per second.
        #[arg(long, value_parser = plan_cmd::parse_number)]
        instance_rate: f64,
        /// Drain-time target (e.g. 15m); or give --instances.
        #[arg(long, value_parser = plan_cmd::parse_duration, conflicts_with = "instances", required_unless_present = "instances")]
        target: Option<f64>,
        /// A fixed instance count; or give --target.
        #[arg(long)]
        instances: Option<u32>,
        /// Queues of the topic.
        #[arg(long)]
        queues: u32,
        /// queue (classic queue-level) or message (5.x message-level).
        #[arg(long, value_enum, default_value = "queue")]
        model: ModelArg,
        /// JSON output (camelCase fields; drainSeconds null = never).
        #[arg(long)]
        json: bool,
    },

    /// Lag, expired and inflight per queue and in total.
    ///
    /// Reads JSON on stdin (a list of {mq: {topic, brokerName, queueId}, minOffset, maxOffset,
    /// consumerOffset, pullOffset?, oldestPendingAt?, lastTimestamp?}, or {"queues": [...],
    /// "now": ms}), or with --from-mqadmin the text of `mqadmin consumerProgress -g G [-s true]`
    /// (which has no MinOffset: expired positions then count as lag). Text cut short, a
    /// header without rows or footer totals that are not the rows' sums are refused with the
    /// line. A ConsumerOffset past MaxOffset (a negative #Diff, which real mqadmin can print)
    /// is counted with lag 0, its Diff kept in the Diff total, and explained in "notes".
    Progress {
        /// Read pasted mqadmin consumerProgress text instead of JSON.
        #[arg(long)]
        from_mqadmin: bool,
        /// Output format.
        #[arg(long, value_enum, default_value = "json")]
        format: progress_cmd::Format,
        /// "Now" in epoch milliseconds, for the oldest pending delay.
        #[arg(long)]
        now: Option<i64>,
    },

    /// Graded exercises: list them, print an exam sheet for a seed, grade an answer.
    Exercise(exercise_cmd::ExerciseArgs),

    /// Run a consumer-group timeline scenario (rebalances over time, duplicates, lag).
    Simulate(simulate_cmd::SimulateArgs),
}

/// `--model`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum ModelArg {
    /// Classic queue-level: at most one instance per queue works.
    Queue,
    /// 5.x message-level (POP): every instance receives messages.
    Message,
}

fn print(result: Result<String, String>) -> io::Result<()> {
    match result {
        Ok(text) => io::stdout().lock().write_all(text.as_bytes()),
        Err(message) => Err(io::Error::new(io::ErrorKind::InvalidInput, message)),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Allocate => allocate_cmd::run(io::stdin().lock(), BufWriter::new(io::stdout().lock())),
        Command::Plan { backlog, produce_rate, instance_rate, target, instances, queues, model, json } => {
            let model = match model {
                ModelArg::Queue => rebalance_core::plan::Model::QueueLevel,
                ModelArg::Message => rebalance_core::plan::Model::MessageLevel,
            };
            print(
                plan_cmd::input(backlog, produce_rate, instance_rate, target, instances, queues, model)
                    .and_then(|input| plan_cmd::run(&input, json)),
            )
        }
        Command::Exercise(args) => print(exercise_cmd::run(&args)),
        Command::Simulate(args) => print(simulate_cmd::run(&args)),
        Command::Progress { from_mqadmin, format, now } => {
            let mut text = String::new();
            io::stdin()
                .read_to_string(&mut text)
                .and_then(|_| print(progress_cmd::run(&text, from_mqadmin, format, now)))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rebalance-lab: {e}");
            ExitCode::FAILURE
        }
    }
}
