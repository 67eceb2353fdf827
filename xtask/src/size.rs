//! `cargo xtask size`: a release build, then the raw and gzip sizes of what a reader downloads.
//!
//! The release build has one wasm per page (see `build.rs`), so the figure that matters is
//! per page: what a first visit to that page transfers — `index.html`, every `static/` script
//! and stylesheet but the other pages' own, the icon, the web app manifest and the service
//! worker, and that page's glue and wasm (every exercise's texts are inside the exercises
//! page's wasm; a visit fetches nothing more). The worker then fetches the rest of `dist/` in
//! the background for offline use, which is not counted. Prints a table and writes
//! `target/size-report.json`. Gzip is flate2 at level 9, close to what a static host sends.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use flate2::write::GzEncoder;
use flate2::Compression;

use crate::build::{self, Dist};
use crate::util::{self, Result};
use crate::Options;

/// The budget for one page's first visit, gzip: 350 KB, read strictly as 350,000 bytes (not
/// KiB). A page over it fails `cargo xtask size` and the test run's release stage.
pub const BUDGET: u64 = 350_000;

/// Sizes in bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Size {
    /// As stored.
    pub raw: u64,
    /// Gzip-compressed, level 9.
    pub gzip: u64,
}

impl std::ops::Add for Size {
    type Output = Size;
    fn add(self, other: Size) -> Size {
        Size { raw: self.raw + other.raw, gzip: self.gzip + other.gzip }
    }
}

/// What one page's first visit downloads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Visit {
    /// The bundle (page) name.
    pub page: String,
    /// Its wasm.
    pub wasm: Size,
    /// Its JS glue.
    pub glue: Size,
    /// Its own stylesheets, which `boot.js` adds.
    pub css: Size,
    /// Every file outside `pkg/` but the pages' own stylesheets (`index.html`, `sw.js`, the
    /// manifest, `static/boot.js`, `static/style.css`, the icon), the same for every page.
    pub shared: Size,
}

impl Visit {
    /// Everything the visit transfers.
    pub fn total(&self) -> Size {
        self.wasm + self.glue + self.css + self.shared
    }
}

/// The release build's sizes.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// One row per bundle, in build order.
    pub visits: Vec<Visit>,
    /// Every file in `dist/` (what a host stores; no visit downloads all of it).
    pub dist: Size,
}

impl Report {
    /// The pages whose first visit is over [`BUDGET`], with their gzip totals.
    pub fn over_budget(&self) -> Vec<(&str, u64)> {
        self.visits
            .iter()
            .map(|visit| (visit.page.as_str(), visit.total().gzip))
            .filter(|&(_, gzip)| gzip > BUDGET)
            .collect()
    }
}

/// Builds for release and reports the sizes; an error names every page over [`BUDGET`] (the
/// report is printed and written first).
pub fn run() -> Result<Report> {
    let options =
        Options { release: true, port: 0, base: "/".to_owned(), no_build: false, keep_going: false, only: Vec::new() };
    let dist = build::run(&options)?;
    let report = measure(&dist)?;
    print!("{}", table(&report));
    let path = util::target_dir().join("size-report.json");
    std::fs::write(&path, json(&report))?;
    println!("wrote {}", util::show(&path));
    let over = report.over_budget();
    if !over.is_empty() {
        let pages: Vec<String> = over.iter().map(|(page, gzip)| format!("{page} {gzip} B")).collect();
        return Err(format!("over the {BUDGET} B gzip budget per first visit: {}", pages.join(", ")).into());
    }
    Ok(report)
}

fn measure(dist: &Dist) -> Result<Report> {
    let page_css: Vec<&String> = dist.bundles.iter().flat_map(|bundle| &bundle.css).collect();
    let mut shared = Size::default();
    let mut all = Size::default();
    for file in &dist.files {
        let size = measure_file(file)?;
        all = all + size;
        if is_shared(dist, file, &page_css) {
            shared = shared + size;
        }
    }
    let mut visits = Vec::new();
    for bundle in &dist.bundles {
        let (pkg, stat) = (dist.dir.join("pkg"), dist.dir.join("static"));
        let mut css = Size::default();
        for name in &bundle.css {
            css = css + measure_file(&stat.join(name))?;
        }
        visits.push(Visit {
            page: bundle.name.clone(),
            wasm: measure_file(&pkg.join(&bundle.wasm))?,
            glue: measure_file(&pkg.join(&bundle.glue))?,
            css,
            shared,
        });
    }
    Ok(Report { visits, dist: all })
}

/// Whether every page's first visit downloads `file`: anything outside `pkg/` (the pages'
/// wasm and glue) except the pages' own stylesheets.
fn is_shared(dist: &Dist, file: &Path, page_css: &[&String]) -> bool {
    let relative = file.strip_prefix(&dist.dir).unwrap_or(file);
    let name = relative.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    let page_stylesheet = relative.parent() == Some(Path::new("static")) && page_css.iter().any(|css| *css == name);
    !relative.starts_with("pkg") && !page_stylesheet
}

fn measure_file(path: &Path) -> Result<Size> {
    let bytes = std::fs::read(path)?;
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(&bytes)?;
    let gzip = encoder.finish()?.len();
    Ok(Size { raw: bytes.len() as u64, gzip: gzip as u64 })
}

fn table(report: &Report) -> String {
    let mut out = format!(
        "first visit per page, gzip (budget {} bytes = {}):\n{:<18} {:>11} {:>11} {:>11} {:>11} {:>11}\n",
        BUDGET,
        kib(BUDGET),
        "page",
        "wasm",
        "glue",
        "page css",
        "shared",
        "total"
    );
    for visit in &report.visits {
        let total = visit.total().gzip;
        let verdict = if total <= BUDGET { "" } else { "  over budget" };
        let _ = writeln!(
            out,
            "{:<18} {:>11} {:>11} {:>11} {:>11} {:>11}{verdict}",
            visit.page,
            kib(visit.wasm.gzip),
            kib(visit.glue.gzip),
            kib(visit.css.gzip),
            kib(visit.shared.gzip),
            kib(total)
        );
    }
    let _ = writeln!(out, "all of dist/: {} raw, {} gzip", kib(report.dist.raw), kib(report.dist.gzip));
    out
}

fn kib(bytes: u64) -> String {
    format!("{:.1} KiB", bytes as f64 / 1024.0)
}

fn json(report: &Report) -> String {
    let size = |s: Size| format!("{{ \"raw\": {}, \"gzip\": {} }}", s.raw, s.gzip);
    let rows: Vec<String> = report
        .visits
        .iter()
        .map(|v| {
            format!(
                "    \"{}\": {{ \"wasm\": {}, \"glue\": {}, \"css\": {}, \"shared\": {}, \"total\": {} }}",
                v.page,
                size(v.wasm),
                size(v.glue),
                size(v.css),
                size(v.shared),
                size(v.total())
            )
        })
        .collect();
    format!(
        "{{\n  \"budget_gzip\": {BUDGET},\n  \"first_visit\": {{\n{}\n  }},\n  \"dist\": {}\n}}\n",
        rows.join(",\n"),
        size(report.dist)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_visit_adds_its_bundle_to_the_shared_files() {
        let visit = Visit {
            page: "offsets".into(),
            wasm: Size { raw: 10, gzip: 4 },
            glue: Size { raw: 3, gzip: 2 },
            css: Size { raw: 2, gzip: 1 },
            shared: Size { raw: 5, gzip: 1 },
        };
        assert_eq!(visit.total(), Size { raw: 20, gzip: 8 });
        let report = Report { visits: vec![visit], dist: Size { raw: 30, gzip: 12 } };
        assert_eq!(
            json(&report),
            "{\n  \"budget_gzip\": 350000,\n  \"first_visit\": {\n    \"offsets\": { \"wasm\": { \"raw\": 10, \"gzip\": 4 }, \
             \"glue\": { \"raw\": 3, \"gzip\": 2 }, \"css\": { \"raw\": 2, \"gzip\": 1 }, \"shared\": { \"raw\": 5, \
             \"gzip\": 1 }, \"total\": { \"raw\": 20, \"gzip\": 8 } }\n  },\n  \"dist\": { \"raw\": 30, \"gzip\": 12 }\n}\n"
        );
        assert!(table(&report).contains("offsets"));
        assert!(report.over_budget().is_empty());
    }

    #[test]
    fn every_visit_counts_the_shell_the_worker_and_the_manifest_but_not_other_pages() {
        let dir = std::env::temp_dir().join(format!("xtask-size-shared-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let files = [
            "index.html",
            "sw.js",
            "manifest.webmanifest",
            "static/boot-0123456789.js",
            "static/style-0123456789.css",
            "static/favicon.svg",
            "static/offsets-0123456789.css",
            "static/planner-0123456789.css",
            "pkg/rebalance_lab_offsets-0123456789.js",
            "pkg/rebalance_lab_offsets_bg-0123456789.wasm",
            "pkg/rebalance_lab_planner-0123456789.js",
            "pkg/rebalance_lab_planner_bg-0123456789.wasm",
        ];
        for (i, file) in files.iter().enumerate() {
            let path = dir.join(file);
            let _ = std::fs::create_dir_all(path.parent().unwrap_or(&dir));
            // Sizes 1, 2, 4, …: any sum names its files.
            let _ = std::fs::write(&path, vec![b'x'; 1 << i]);
        }
        let bundle = |page: &str| build::Bundle {
            name: page.into(),
            glue: format!("rebalance_lab_{page}-0123456789.js"),
            wasm: format!("rebalance_lab_{page}_bg-0123456789.wasm"),
            css: vec![format!("{page}-0123456789.css")],
        };
        let dist = Dist {
            dir: dir.clone(),
            files: files.iter().map(|file| dir.join(file)).collect(),
            bundles: vec![bundle("offsets"), bundle("planner")],
        };
        let report = measure(&dist).unwrap_or_else(|error| panic!("{error}"));
        let _ = std::fs::remove_dir_all(&dir);
        let shared = (1 << 6) - 1;
        assert_eq!(report.visits.iter().map(|visit| visit.shared.raw).collect::<Vec<_>>(), [shared, shared]);
        let offsets = &report.visits[0];
        assert_eq!((offsets.css.raw, offsets.glue.raw, offsets.wasm.raw), (1 << 6, 1 << 8, 1 << 9));
        assert_eq!(offsets.total().raw, shared + (1 << 6) + (1 << 8) + (1 << 9));
        assert_eq!(report.dist.raw, (1 << files.len()) - 1);
    }

    #[test]
    fn a_page_over_the_budget_is_named() {
        let visit =
            |page: &str, gzip: u64| Visit { page: page.into(), wasm: Size { raw: gzip * 3, gzip }, ..Visit::default() };
        let report =
            Report { visits: vec![visit("offsets", BUDGET), visit("exercises", BUDGET + 1)], ..Report::default() };
        assert_eq!(report.over_budget(), vec![("exercises", BUDGET + 1)]);
        assert!(table(&report).lines().any(|line| line.starts_with("exercises") && line.ends_with("over budget")));
    }
}
