//! `cargo xtask <command>`: build, serve, measure and test Rebalance Lab.
//!
//! ```text
//! cargo xtask build [--release]               compile to WebAssembly and assemble dist/
//! cargo xtask serve [--release] [--port 8080] [--base /sub/rebalance/] [--no-build]
//! cargo xtask size                            release build, then raw and gzip sizes
//! cargo xtask test [--keep-going]             every check and test, installing what's missing
//! ```
//!
//! One file per command; `util.rs` holds the process and path helpers they share.

mod build;
#[path = "../../src/page_list.rs"]
mod page_list;
mod perf;
mod serve;
mod size;
mod test;
mod tools;
mod util;

use std::process::ExitCode;

use util::Result;

const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  build [--release]      compile the site to WebAssembly and assemble dist/
  serve [--release] [--port N] [--base /sub/path/] [--no-build]
                         build, then serve dist/ on http://127.0.0.1:N (default 8080;
                         0 picks a free port); --base serves it under a sub-path
  size                   release build, then print raw and gzip sizes and write
                         target/size-report.json
  test [--keep-going] [--only IDS]
                         install what is missing, then run every check and test; stops
                         at the first failing stage unless --keep-going; --only runs
                         some stages: prerequisites, fmt, clippy, clippy-wasm, test,
                         wasm, release, e2e (E2E_FILTER=name limits the Playwright files)
  perf [--no-build]      release build, serve, then the playground repaint benchmark";

/// Command-line options shared by the commands; each command reads the ones it knows.
#[derive(Debug, Clone)]
pub struct Options {
    /// Build with the size-tuned release profile, bindgen without names, and wasm-opt.
    pub release: bool,
    /// The port `serve` listens on; 0 asks the OS for a free one.
    pub port: u16,
    /// The URL path `serve` puts the site under, starting and ending with `/`.
    pub base: String,
    /// `serve` only: serve the existing dist/ without building first.
    pub no_build: bool,
    /// `test` only: run just these stages (`--only release,e2e`); empty = all.
    pub only: Vec<String>,
    /// `test` only: run the later stages even after one failed.
    pub keep_going: bool,
}

impl Options {
    fn parse(args: &[String]) -> Result<Options> {
        let mut options = Options {
            release: false,
            port: 8080,
            base: "/".to_owned(),
            no_build: false,
            keep_going: false,
            only: Vec::new(),
        };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--release" => options.release = true,
                "--no-build" => options.no_build = true,
                "--keep-going" => options.keep_going = true,
                "--only" => {
                    let value = args.next().ok_or("--only needs stage ids, e.g. release,e2e")?;
                    options.only = value.split(',').map(str::to_owned).collect();
                }
                "--port" => {
                    let value = args.next().ok_or("--port needs a number")?;
                    options.port = value.parse().map_err(|_| format!("bad port `{value}`"))?;
                }
                "--base" => {
                    let value = args.next().ok_or("--base needs a path like /sub/rebalance/")?;
                    options.base = serve::normalize_base(value);
                }
                other => return Err(format!("unknown option `{other}`\n\n{USAGE}").into()),
            }
        }
        Ok(options)
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::FAILURE;
    };
    let result = Options::parse(rest).and_then(|options| match command.as_str() {
        "build" => build::run(&options).map(|_| ()),
        "serve" => serve::run(&options),
        "size" => size::run().map(|_| ()),
        "perf" => perf::run(&options),
        "test" => test::run(&options),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command `{other}`\n\n{USAGE}").into()),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("xtask {command}: error: {error}");
            ExitCode::FAILURE
        }
    }
}
