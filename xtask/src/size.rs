//! `cargo xtask size`: a release build, then the raw and gzip sizes of what a reader downloads.
//!
//! Prints a table and writes `target/size-report.json`. Gzip is flate2 at level 9, close to
//! what a static host sends; the total counts wasm, JS, CSS and HTML.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use flate2::write::GzEncoder;
use flate2::Compression;

use crate::util::{self, Result};
use crate::{build, Options};

/// The sizes of one kind of file, in bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Size {
    /// As stored.
    pub raw: u64,
    /// Gzip-compressed, level 9.
    pub gzip: u64,
}

impl std::ops::AddAssign for Size {
    fn add_assign(&mut self, other: Size) {
        self.raw += other.raw;
        self.gzip += other.gzip;
    }
}

/// The release bundle's sizes, by kind.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Rows in print order: wasm, js, css, html.
    pub kinds: Vec<(&'static str, Size)>,
    /// All of the above together.
    pub total: Size,
}

/// Builds for release and reports the sizes.
pub fn run() -> Result<Report> {
    let options =
        Options { release: true, port: 0, base: "/".to_owned(), no_build: false, keep_going: false, only: Vec::new() };
    let dist = build::run(&options)?;
    let report = measure(&dist.files)?;
    print!("{}", table(&report));
    let path = util::target_dir().join("size-report.json");
    std::fs::write(&path, json(&report))?;
    println!("wrote {}", util::show(&path));
    Ok(report)
}

fn measure(files: &[PathBuf]) -> Result<Report> {
    let mut report = Report::default();
    for kind in ["wasm", "js", "css", "html"] {
        let mut size = Size::default();
        for file in files.iter().filter(|f| extension(f) == kind) {
            size += measure_file(file)?;
        }
        report.kinds.push((kind, size));
        report.total += size;
    }
    Ok(report)
}

fn extension(path: &Path) -> &str {
    path.extension().and_then(|e| e.to_str()).unwrap_or_default()
}

fn measure_file(path: &Path) -> Result<Size> {
    let bytes = std::fs::read(path)?;
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(&bytes)?;
    let gzip = encoder.finish()?.len();
    Ok(Size { raw: bytes.len() as u64, gzip: gzip as u64 })
}

fn table(report: &Report) -> String {
    let mut out = format!("{:<6} {:>12} {:>12}\n", "kind", "raw", "gzip");
    let rows = report.kinds.iter().copied().chain([("total", report.total)]);
    for (kind, size) in rows {
        let _ = writeln!(out, "{kind:<6} {:>12} {:>12}", kib(size.raw), kib(size.gzip));
    }
    out
}

fn kib(bytes: u64) -> String {
    format!("{:.1} KiB", bytes as f64 / 1024.0)
}

fn json(report: &Report) -> String {
    let rows = report.kinds.iter().copied().chain([("total", report.total)]);
    let body: Vec<String> = rows
        .map(|(kind, size)| format!("  \"{kind}\": {{ \"raw\": {}, \"gzip\": {} }}", size.raw, size.gzip))
        .collect();
    format!("{{\n{}\n}}\n", body.join(",\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_lists_every_kind_and_the_total() {
        let report = Report {
            kinds: vec![("wasm", Size { raw: 10, gzip: 4 }), ("js", Size { raw: 3, gzip: 2 })],
            total: Size { raw: 13, gzip: 6 },
        };
        assert_eq!(
            json(&report),
            "{\n  \"wasm\": { \"raw\": 10, \"gzip\": 4 },\n  \"js\": { \"raw\": 3, \"gzip\": 2 },\n  \"total\": { \"raw\": 13, \"gzip\": 6 }\n}\n"
        );
    }
}
