//! Paths, processes and small helpers shared by the commands.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Every command's result; errors are messages for a person.
pub type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

/// The workspace root (the parent of `xtask/`).
pub fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// Cargo's target directory, honouring `CARGO_TARGET_DIR`.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root().join(dir),
        None => root().join("target"),
    }
}

/// The cargo that runs us (`$CARGO`), else `cargo` from `PATH`.
pub fn cargo() -> Command {
    let program = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(program);
    command.current_dir(root());
    command
}

/// A command run from the workspace root.
pub fn command(program: impl AsRef<std::ffi::OsStr>) -> Command {
    let mut command = Command::new(program);
    command.current_dir(root());
    command
}

/// Runs `command` with inherited output, failing unless it exits 0.
pub fn run(command: &mut Command) -> Result {
    println!("$ {}", describe(command));
    let status = command.status().map_err(|error| format!("cannot start `{}`: {error}", describe(command)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({status})", describe(command)).into())
    }
}

/// Runs `command` quietly and returns its stdout, or `None` if it cannot start or fails.
pub fn output(command: &mut Command) -> Option<String> {
    let output = command.output().ok()?;
    output.status.success().then(|| String::from_utf8_lossy(&output.stdout).into_owned())
}

/// `program --flag value …`, for logs.
pub fn describe(command: &Command) -> String {
    let mut parts = vec![command.get_program().to_string_lossy().into_owned()];
    parts.extend(command.get_args().map(|arg| arg.to_string_lossy().into_owned()));
    parts.join(" ")
}

/// The version of `package` recorded in `Cargo.lock`.
pub fn lock_version(package: &str) -> Result<String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock"))?;
    let needle = format!("name = \"{package}\"\nversion = \"");
    let start = lock.find(&needle).ok_or_else(|| format!("{package} is not in Cargo.lock"))? + needle.len();
    let version = lock[start..].split('"').next().unwrap_or_default();
    Ok(version.to_owned())
}

/// `path` as a string for messages.
pub fn show(path: &Path) -> String {
    path.strip_prefix(root()).unwrap_or(path).display().to_string()
}

/// `1.2 s`, `2 min 05 s`.
pub fn human_duration(duration: Duration) -> String {
    let seconds = duration.as_secs_f64();
    if seconds < 60.0 {
        format!("{seconds:.1} s")
    } else {
        let whole = duration.as_secs();
        format!("{} min {:02} s", whole / 60, whole % 60)
    }
}
