//! `cargo xtask perf`: builds the release site, serves it on a free port and runs the
//! playground's repaint benchmark (`tests/perf/playground.mjs`) in headless Chromium.
//!
//! A benchmark, not a test: it prints first-render time and p50/p95 of slider input → next
//! animation frame at 256 queues / 64 consumers per strategy, and never fails on a timing.
//! `PERF_ROUNDS` (inputs per strategy) and `PERF_MODES` (comma list) tune it.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use crate::util::{self, Result};
use crate::{build, Options};

const SCRIPT: &str = "tests/perf/playground.mjs";
const CHROMIUM: &str = "/usr/bin/chromium";

/// Builds (release), serves and runs the benchmark script.
pub fn run(options: &Options) -> Result {
    if !options.no_build {
        build::run(&Options { release: true, ..options.clone() })?;
    }
    let server = Server::start()?;
    println!("perf: site at {}", server.url);
    util::run(util::command("node").arg(SCRIPT).arg(&server.url).env("CHROMIUM", CHROMIUM))
    // `server` is dropped here, which stops it.
}

/// `cargo xtask serve --release --no-build --port 0` in the background, stopped on drop.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start() -> Result<Server> {
        let mut command = Command::new(std::env::current_exe()?);
        command
            .current_dir(util::root())
            .args(["serve", "--release", "--no-build", "--port", "0"])
            .stdout(Stdio::piped());
        let mut child = command.spawn()?;
        // The first line is `serving dist/ at URL`; EOF means the server died.
        let mut line = String::new();
        if let Some(stdout) = child.stdout.take() {
            BufReader::new(stdout).read_line(&mut line)?;
        }
        let mut server = Server { child, url: String::new() };
        match line.trim().rsplit_once(" at ") {
            Some((_, url)) if url.starts_with("http://") => {
                server.url = url.to_owned();
                Ok(server)
            }
            _ => Err(format!("the server did not start (it printed {line:?})").into()),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
