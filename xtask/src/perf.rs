//! `cargo xtask perf`: builds the release site, serves it on a free port and runs the
//! playground's repaint benchmark (`xtask/perf/playground.mjs`) in headless Chromium.
//!
//! A benchmark, not a test: it prints first-render time and p50/p95 of slider input → next
//! animation frame at 256 queues / 64 consumers per strategy and in a small group (8 / 3), and
//! never fails on a timing. `PERF_ROUNDS` (inputs per strategy), `PERF_MODES` (comma list) and
//! `PERF_CPU_THROTTLE` (CPU slowdown, e.g. 4 for a phone) tune it; the script lists the rest.

use crate::test::Server;
use crate::util::{self, Result};
use crate::{build, Options};

const SCRIPT: &str = "xtask/perf/playground.mjs";

/// Builds (release), serves and runs the benchmark script.
pub fn run(options: &Options) -> Result {
    if !options.no_build {
        build::run(&Options { release: true, ..options.clone() })?;
    }
    let server = Server::start("/")?;
    println!("perf: site at {}", server.url);
    util::run(util::command("node").arg(SCRIPT).arg(&server.url).env("CHROMIUM", crate::test::CHROMIUM))
    // `server` is dropped here, which stops it.
}
