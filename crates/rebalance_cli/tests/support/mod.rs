//! Running the `rebalance-lab` binary in the CLI tests.

use std::io::BufReader;
use std::io::Write;
use std::process::{Child, ChildStdin, ChildStdout, Command, Output, Stdio};

use serde_json::Value;

/// The binary under test.
pub fn binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_rebalance-lab"))
}

/// Runs `rebalance-lab <args>` with `input` on stdin (written from another thread, so a large
/// input cannot block on a full pipe) and returns what it printed and its exit status.
pub fn run(args: &[&str], input: &[u8]) -> Output {
    let mut child = binary()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run rebalance-lab");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("output");
    writer.join().expect("writer thread").expect("write");
    output
}

/// Runs `allocate` on `input`: whether it exited with success, and its output lines as JSON.
#[allow(dead_code)] // not every test file runs `allocate`
pub fn allocate(input: &[u8]) -> (bool, Vec<Value>) {
    let output = run(&["allocate"], input);
    let lines = String::from_utf8(output.stdout)
        .expect("utf8 output")
        .lines()
        .map(|l| serde_json::from_str(l).expect("json out"))
        .collect();
    (output.status.success(), lines)
}

/// Starts `allocate` with its stdin and stdout kept open, to talk to it line by line.
#[allow(dead_code)] // only the tests that stream use it
pub fn spawn_allocate() -> (Child, ChildStdin, BufReader<ChildStdout>) {
    let mut child =
        binary().arg("allocate").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("run rebalance-lab");
    let stdin = child.stdin.take().expect("stdin");
    let stdout = BufReader::new(child.stdout.take().expect("stdout"));
    (child, stdin, stdout)
}
