//! `cargo xtask test`: the one command that runs every check and test.
//!
//! Stages run in order and the first failure stops the run (exit code 1; with
//! `--keep-going` the later stages still run, and the exit code is still 1). Each stage's own
//! output stays visible; a summary with timings closes the run, ending in the line
//! `xtask: N passed, M failed`.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::tools::{self, WASM_TARGET};
use crate::util::{self, Result};
use crate::{build, size, Options};

pub const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// The sub-path the end-to-end suite also serves the site under.
const SUB_PATH: &str = "/sub/rebalance/";

/// A named step of the run.
struct Stage {
    /// Short name for `--only`.
    id: &'static str,
    name: &'static str,
    run: fn() -> Result,
}

const STAGES: &[Stage] = &[
    Stage { id: "prerequisites", name: "prerequisites", run: prerequisites },
    Stage { id: "fmt", name: "cargo fmt --check", run: fmt },
    Stage { id: "clippy", name: "clippy (native)", run: clippy_native },
    Stage { id: "clippy-wasm", name: "clippy (wasm32)", run: clippy_wasm },
    Stage { id: "test", name: "cargo test --workspace", run: test_native },
    Stage { id: "wasm", name: "wasm-bindgen-test (headless Chromium)", run: test_wasm },
    Stage { id: "release", name: "release build + size report", run: release_size },
    Stage { id: "e2e", name: "end-to-end (Playwright)", run: end_to_end },
];

/// Runs every stage; fails at the first stage that fails (or at the end, with `--keep-going`).
pub fn run(options: &Options) -> Result {
    let started = Instant::now();
    let mut results: Vec<(&str, Option<bool>, Duration)> = Vec::new();
    let mut failure = None;
    for (index, stage) in STAGES.iter().enumerate() {
        if !options.only.is_empty() && !options.only.iter().any(|id| id == stage.id) {
            continue;
        }
        if failure.is_some() && !options.keep_going {
            results.push((stage.name, None, Duration::ZERO));
            continue;
        }
        println!("\n==> [{}/{}] {}", index + 1, STAGES.len(), stage.name);
        let stage_started = Instant::now();
        let outcome = (stage.run)();
        let elapsed = stage_started.elapsed();
        match &outcome {
            Ok(()) => println!("<== {} passed in {}", stage.name, util::human_duration(elapsed)),
            Err(error) => {
                println!("<== {} FAILED in {}: {error}", stage.name, util::human_duration(elapsed));
                failure.get_or_insert(format!("stage `{}` failed: {error}", stage.name));
            }
        }
        results.push((stage.name, Some(outcome.is_ok()), elapsed));
    }

    println!("\nxtask test summary");
    for (name, outcome, elapsed) in &results {
        let status = match outcome {
            Some(true) => "ok",
            Some(false) => "FAILED",
            None => "not run",
        };
        println!("  {status:<8} {:>10}  {name}", util::human_duration(*elapsed));
    }
    println!("  total    {:>10}", util::human_duration(started.elapsed()));
    let passed = results.iter().filter(|r| r.1 == Some(true)).count();
    let failed = results.iter().filter(|r| r.1 == Some(false)).count();
    println!("xtask: {passed} passed, {failed} failed");
    match failure {
        None => Ok(()),
        Some(message) => Err(message.into()),
    }
}

/// Installs what the other stages need, when it is missing.
fn prerequisites() -> Result {
    tools::ensure_wasm_target()?;
    println!("ok: rust target {WASM_TARGET}");

    let fmt = util::output(util::cargo().args(["fmt", "--version"]));
    let clippy = util::output(util::cargo().args(["clippy", "--version"]));
    if fmt.is_some() && clippy.is_some() {
        println!("ok: rustfmt and clippy");
    } else {
        util::run(util::command("rustup").args(["component", "add", "rustfmt", "clippy"]))?;
    }

    let version = util::lock_version("wasm-bindgen")?;
    let runner = cargo_bin("wasm-bindgen-test-runner");
    let have = util::output(Command::new(&runner).arg("--version")).unwrap_or_default();
    if have.split_whitespace().any(|word| word == version) {
        println!("ok: {}", have.trim());
    } else {
        // Not --locked: the CLI's own lock file may name crates this registry lacks.
        util::run(util::cargo().args(["install", "wasm-bindgen-cli", "--version", &version]))?;
    }

    let mut packages = Vec::new();
    if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
        println!("ok: {CHROMIUM} and {CHROMEDRIVER}");
    } else {
        packages.extend(["chromium", "chromium-driver"]);
    }
    // A font with Chinese glyphs: without one the zh-CN screenshots show empty boxes, and
    // every box is a font fallback search that the first-render timings would count.
    let chinese = util::output(util::command("fc-list").args([":lang=zh", "family"]));
    if chinese.as_deref().is_some_and(|fonts| !fonts.trim().is_empty()) {
        println!("ok: a font for Chinese");
    } else {
        packages.push("fonts-wqy-microhei");
    }
    if !packages.is_empty() {
        let install = format!("apt-get update && apt-get install -y {}", packages.join(" "));
        util::run(util::command("sh").args(["-c", &install]))?;
    }

    if util::root().join("node_modules/.bin/playwright").exists() {
        println!("ok: node_modules");
    } else {
        util::run(util::command("npm").args(["ci", "--no-audit", "--no-fund"]))?;
    }
    Ok(())
}

fn fmt() -> Result {
    util::run(util::cargo().args(["fmt", "--all", "--check"]))
}

fn clippy_native() -> Result {
    util::run(util::cargo().args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]))
}

fn clippy_wasm() -> Result {
    let target = ["--target", WASM_TARGET, "--", "-D", "warnings"];
    util::run(util::cargo().args(["clippy", "-p", "rebalance_core", "-p", "rebalance_lab"]).args(target))?;
    // The browser tests (tests/browser/) only compile for wasm32: lint them too.
    util::run(util::cargo().args(["clippy", "-p", "rebalance_lab", "--tests"]).args(target))?;
    // The release build compiles each page alone (`--features <page>`): lint those too, so an
    // import only one page needs cannot warn (or fail) there.
    for page in build::pages()? {
        util::run(
            util::cargo()
                .args(["clippy", "-p", "rebalance_lab", "--no-default-features", "--features", &page.id])
                .args(target),
        )?;
    }
    Ok(())
}

fn test_native() -> Result {
    util::run(util::cargo().args(["test", "--workspace"]))
}

fn test_wasm() -> Result {
    let mut cargo = util::cargo();
    cargo
        .args(["test", "-p", "rebalance_lab", "--target", WASM_TARGET])
        .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER", cargo_bin("wasm-bindgen-test-runner"))
        .env("CHROMEDRIVER", CHROMEDRIVER)
        .env("WASM_BINDGEN_TEST_TIMEOUT", "180")
        .env_remove("GECKODRIVER")
        .env_remove("SAFARIDRIVER")
        .env_remove("NO_HEADLESS");
    util::run(&mut cargo)
}

fn release_size() -> Result {
    size::run().map(|_| ())
}

/// Serves the release build at `/` and at [`SUB_PATH`], then runs the Playwright suite.
fn end_to_end() -> Result {
    let playwright = util::root().join("node_modules/.bin/playwright");
    if !playwright.exists() {
        return Err("node_modules/.bin/playwright is missing (npm ci)".into());
    }
    let pages = build::pages()?;
    let root = Server::start("/")?;
    let sub = Server::start(SUB_PATH)?;
    println!("e2e: site at {} and {}", root.url, sub.url);
    let mut command = util::command(&playwright);
    command
        .args(["test", "-c", "tests/e2e/playwright.config.mjs"])
        .env("E2E_BASE_URL", &root.url)
        .env("E2E_SUB_URL", &sub.url)
        .env("E2E_PAGES", pages.iter().map(|page| page.id.as_str()).collect::<Vec<_>>().join(","))
        .env("CHROMIUM", CHROMIUM);
    // `E2E_FILTER=playground` runs only the spec files whose names contain it.
    let filter = std::env::var("E2E_FILTER").ok();
    if let Some(filter) = &filter {
        command.arg(filter);
    }
    util::run(&mut command)?;
    // `root` and `sub` are dropped at the end, which kills both servers.
    if filter.is_none() {
        let screenshots: Vec<String> = pages.iter().flat_map(|page| page.all_screenshots()).collect();
        gather_screenshots(
            &util::root().join("tests/e2e/test-results"),
            &util::target_dir().join("screenshots"),
            &screenshots,
        )?;
    }
    Ok(())
}

/// Copies every one of `screenshots` from the suite's `results` into `out` (emptied first),
/// so a reader finds all pages in one folder; fails naming the ones the suite did not save.
/// Each page's spec saves its own (`Page::all_screenshots`: `<id>.png`, `<id>-phone.png` and
/// any more `pages.toml` lists) with `testInfo.outputPath`, into Playwright's
/// `tests/e2e/test-results/`, which every run empties first.
fn gather_screenshots(results: &Path, out: &Path, screenshots: &[String]) -> Result {
    let mut files = Vec::new();
    if results.is_dir() {
        build::list_files(results, &mut files)?;
    }
    if out.exists() {
        std::fs::remove_dir_all(out)?;
    }
    std::fs::create_dir_all(out)?;
    let mut missing = Vec::new();
    for name in screenshots {
        // Not the copies Playwright keeps of attachments (`attachments/<name>-<hash>.png`).
        match files.iter().find(|path| path.file_name().is_some_and(|file| file == name.as_str())) {
            Some(path) => {
                std::fs::copy(path, out.join(name))?;
            }
            None => missing.push(name.as_str()),
        }
    }
    if !missing.is_empty() {
        return Err(format!("the end-to-end suite saved no screenshot {}", missing.join(", ")).into());
    }
    println!("e2e: {} screenshots of the pages in {}", screenshots.len(), util::show(out));
    Ok(())
}

/// `cargo xtask serve --release --no-build --port 0` in the background, killed on drop.
pub struct Server {
    child: Child,
    pub url: String,
}

impl Server {
    pub fn start(base: &str) -> Result<Server> {
        let exe = std::env::current_exe()?;
        let mut command = Command::new(exe);
        command
            .current_dir(util::root())
            .args(["serve", "--release", "--no-build", "--port", "0", "--base", base])
            .stdout(Stdio::piped());
        println!("$ {} &", util::describe(&command));
        let mut child = command.spawn()?;
        // The first line is `serving dist/ at URL`; EOF means the server died.
        let mut line = String::new();
        if let Some(stdout) = child.stdout.take() {
            let mut reader = BufReader::new(stdout);
            reader.read_line(&mut line)?;
            // Keep the pipe open for the server's life: with its stdout closed, requests
            // from Chromium went unanswered (the cause of the first-navigation hangs).
            std::thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
        }
        // From here on, dropping `server` kills the process, also on the error path.
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

/// `$CARGO_HOME/bin/NAME` when it exists (cargo install puts it there), else `NAME` from `PATH`.
fn cargo_bin(name: &str) -> PathBuf {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")));
    match home.map(|home| home.join("bin").join(name)) {
        Some(path) if path.exists() => path,
        _ => PathBuf::from(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_have_unique_names() {
        let mut names: Vec<_> = STAGES.iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), STAGES.len());
    }

    #[test]
    fn the_screenshots_of_every_page_are_gathered_and_a_missing_one_is_named() {
        let dir = std::env::temp_dir().join(format!("xtask-screenshots-{}", std::process::id()));
        let (results, out) = (dir.join("test-results"), dir.join("screenshots"));
        let write = |path: &Path, bytes: &[u8]| {
            std::fs::create_dir_all(path.parent().unwrap_or(&dir)).unwrap_or_default();
            std::fs::write(path, bytes).unwrap_or_default();
        };
        let pages = build::pages().unwrap_or_default();
        let screenshots: Vec<String> = pages.iter().flat_map(|page| page.all_screenshots()).collect();
        // Two per page (wide and phone), and the extra ones `pages.toml` names.
        let extra: usize = pages.iter().map(|page| page.screenshots.len()).sum();
        assert!(pages.len() >= 5 && extra >= 1, "{pages:?}");
        assert_eq!(screenshots.len(), 2 * pages.len() + extra, "{screenshots:?}");
        // Each in its test's folder, as Playwright writes them; a stale file in `out` goes.
        for name in &screenshots {
            write(&results.join(format!("spec-of-{name}")).join(name), name.as_bytes());
            write(&results.join(format!("spec-of-{name}")).join("attachments").join(format!("x-{name}")), b"copy");
        }
        write(&out.join("old.png"), b"old");
        assert!(gather_screenshots(&results, &out, &screenshots).is_ok());
        let mut gathered: Vec<String> = std::fs::read_dir(&out)
            .map(|entries| entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default();
        gathered.sort();
        let mut expected = screenshots.clone();
        expected.sort();
        assert_eq!(gathered, expected);
        assert_eq!(std::fs::read(out.join("planner.png")).unwrap_or_default(), b"planner.png");

        // A page the suite did not photograph fails the stage, by name.
        std::fs::remove_file(results.join("spec-of-timeline-phone.png").join("timeline-phone.png")).unwrap_or_default();
        let error = gather_screenshots(&results, &out, &screenshots).err().map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(error, "the end-to-end suite saved no screenshot timeline-phone.png");
        std::fs::remove_dir_all(&dir).unwrap_or_default();
    }
}
