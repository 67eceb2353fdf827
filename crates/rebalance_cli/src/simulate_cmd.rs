//! `rebalance-lab simulate`: the timeline simulator's scenarios (in progress).

/// `rebalance-lab simulate …` arguments.
#[derive(Debug, clap::Args)]
pub struct SimulateArgs {}

/// Runs the subcommand; `Ok(text)` to print, `Err(message)` for unusable arguments.
pub fn run(_args: &SimulateArgs) -> Result<String, String> {
    Err("not yet available".to_owned())
}
