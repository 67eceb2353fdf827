//! `rebalance-lab`: the Rebalance Lab model on the command line (JSON in, JSON out).

mod allocate_cmd;

use std::io::{self, BufWriter};
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
    /// group: {"assignment": {cid: [...]}, "unassigned": [...]}.
    Allocate,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Allocate => allocate_cmd::run(io::stdin().lock(), BufWriter::new(io::stdout().lock())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rebalance-lab: {e}");
            ExitCode::FAILURE
        }
    }
}
