//! `rebalance-lab exercise`: the graded exercises for teachers (in progress).

/// `rebalance-lab exercise …` arguments.
#[derive(Debug, clap::Args)]
pub struct ExerciseArgs {}

/// Runs the subcommand; `Ok(text)` to print, `Err(message)` for unusable arguments.
pub fn run(_args: &ExerciseArgs) -> Result<String, String> {
    Err("not yet available".to_owned())
}
