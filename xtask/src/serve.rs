//! `cargo xtask serve`: build, then serve `dist/` on 127.0.0.1 with `tiny_http`.
//!
//! - `--port 0` asks the OS for a free port; the first line printed is always
//!   `serving dist/ at http://127.0.0.1:PORT/BASE` (the e2e stage reads it).
//! - `--base /sub/rebalance/` serves the site under a sub-path, as a project page on a
//!   static host would; `/sub/rebalance` redirects to `/sub/rebalance/` (relative URLs
//!   need the slash) and `/` redirects to the base.
//! - A path inside the base that names no file and has no extension (`/offsets`) gets
//!   `index.html`, so a path-based link still lands in the app; a missing asset is a 404.
//! - Hashed assets are cacheable forever, `index.html` is revalidated every time.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::thread;

use tiny_http::{Header, Method, Request, Response, Server};

use crate::util::{self, Result};
use crate::{build, Options};

/// Builds (unless `--no-build`), then serves `dist/` until killed.
pub fn run(options: &Options) -> Result {
    if !options.no_build {
        build::run(options)?;
    }
    let dist = util::root().join("dist");
    if !dist.join("index.html").exists() {
        return Err("dist/index.html is missing: run `cargo xtask build` first".into());
    }
    let server = Server::http(("127.0.0.1", options.port))
        .map_err(|error| format!("cannot listen on 127.0.0.1:{}: {error}", options.port))?;
    let port = server.server_addr().to_ip().map(|addr| addr.port()).ok_or("the server has no IP address")?;
    println!("serving dist/ at http://127.0.0.1:{port}{}", options.base);
    std::io::stdout().flush()?;

    // One short-lived thread per request: a request whose response waits on a slow or
    // stalled connection can never hold up the others.
    for request in server.incoming_requests() {
        let dist = dist.clone();
        let base = options.base.clone();
        thread::spawn(move || Site { dist: &dist, base: &base }.respond(request));
    }
    Ok(())
}

/// `sub/rebalance` → `/sub/rebalance/`; empty → `/`.
pub fn normalize_base(base: &str) -> String {
    let trimmed = base.trim().trim_matches('/');
    if trimmed.is_empty() {
        "/".to_owned()
    } else {
        format!("/{trimmed}/")
    }
}

struct Site<'a> {
    dist: &'a Path,
    base: &'a str,
}

/// What to answer a request with.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    File(PathBuf),
    Redirect(String),
    NotFound,
    BadRequest,
    MethodNotAllowed,
}

impl Site<'_> {
    fn respond(&self, request: Request) {
        let answer = if matches!(request.method(), Method::Get | Method::Head) {
            self.answer(request.url())
        } else {
            Answer::MethodNotAllowed
        };
        let response = match &answer {
            Answer::File(path) => match fs::read(path) {
                Ok(bytes) => with_headers(
                    Response::from_data(bytes),
                    &[
                        ("Content-Type", content_type(path)),
                        ("Cache-Control", cache_control(path)),
                        ("X-Content-Type-Options", "nosniff"),
                    ],
                ),
                Err(_) => Response::from_string("not found\n").with_status_code(404),
            },
            Answer::Redirect(to) => with_headers(Response::from_string("").with_status_code(302), &[("Location", to)]),
            Answer::NotFound => Response::from_string("not found\n").with_status_code(404),
            Answer::BadRequest => Response::from_string("bad request\n").with_status_code(400),
            Answer::MethodNotAllowed => Response::from_string("method not allowed\n").with_status_code(405),
        };
        // No keep-alive: a local test server gains nothing from it, and closed connections
        // keep each request independent.
        let response = with_headers(response, &[("Connection", "close")]);
        if !matches!(answer, Answer::File(_)) {
            eprintln!("serve: {} {} -> {answer:?}", request.method(), request.url());
        }
        let _ = request.respond(response);
    }

    fn answer(&self, url: &str) -> Answer {
        let path = url.split(['?', '#']).next().unwrap_or_default();
        let Some(path) = percent_decode(path) else {
            return Answer::BadRequest;
        };
        if self.base != "/" && (path == "/" || path == self.base.trim_end_matches('/')) {
            return Answer::Redirect(self.base.to_owned());
        }
        let Some(inside) = path.strip_prefix(self.base) else {
            return Answer::NotFound;
        };
        let segments: Vec<&str> = inside.split('/').filter(|s| !s.is_empty()).collect();
        if segments.iter().any(|s| *s == "." || *s == ".." || s.contains(['\\', '\0'])) {
            return Answer::BadRequest;
        }
        let file = segments.iter().fold(self.dist.to_path_buf(), |p, s| p.join(s));
        if segments.is_empty() {
            return Answer::File(self.dist.join("index.html"));
        }
        if file.is_file() {
            return Answer::File(file);
        }
        let looks_like_a_route = segments.last().is_some_and(|last| !last.contains('.'));
        if looks_like_a_route {
            Answer::File(self.dist.join("index.html"))
        } else {
            Answer::NotFound
        }
    }
}

/// Adds `headers` to `response`; names and values are our own ASCII, so none is dropped.
fn with_headers<R: Read>(mut response: Response<R>, headers: &[(&str, &str)]) -> Response<R> {
    for (name, value) in headers {
        if let Ok(header) = Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(header);
        }
    }
    response
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|ext| ext.to_str()).unwrap_or_default() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "txt" | "toml" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Hashed names (`style-0123456789.css`) never change content: cache them for a year.
fn cache_control(path: &Path) -> &'static str {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    let hashed =
        stem.rsplit_once('-').is_some_and(|(_, hash)| hash.len() == 10 && hash.chars().all(|c| c.is_ascii_hexdigit()));
    if hashed {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

/// Decodes `%XX` escapes; `None` for a malformed escape or non-UTF-8 result.
fn percent_decode(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(base: &str, url: &str, expected: Answer) {
        let dist = std::env::temp_dir().join(format!("xtask-serve-test-{}", std::process::id()));
        let _ = fs::create_dir_all(dist.join("pkg"));
        let _ = fs::write(dist.join("index.html"), "<!doctype html>");
        let _ = fs::write(dist.join("pkg/app-0123456789.wasm"), "\0asm");
        let site = Site { dist: &dist, base };
        let expected = match expected {
            Answer::File(relative) => Answer::File(dist.join(relative)),
            other => other,
        };
        assert_eq!(site.answer(url), expected, "{base} {url}");
    }

    #[test]
    fn requests_map_to_files_redirects_and_errors() {
        use Answer::*;
        let index = || File("index.html".into());
        check("/", "/", index());
        check("/", "/?lang=en", index());
        check("/", "/offsets", index());
        check("/", "/pkg/app-0123456789.wasm", File("pkg/app-0123456789.wasm".into()));
        check("/", "/pkg/missing.js", NotFound);
        check("/", "/../etc/passwd", BadRequest);
        check("/", "/%2e%2e/x", BadRequest);
        check("/", "/%zz", BadRequest);
        let base = "/sub/rebalance/";
        check(base, "/sub/rebalance/", index());
        check(base, "/sub/rebalance/pkg/app-0123456789.wasm", File("pkg/app-0123456789.wasm".into()));
        check(base, "/sub/rebalance/planner", index());
        check(base, "/sub/rebalance", Redirect(base.into()));
        check(base, "/", Redirect(base.into()));
        check(base, "/pkg/app-0123456789.wasm", NotFound);
    }

    #[test]
    fn bases_are_normalized_and_types_are_right() {
        assert_eq!(normalize_base("sub/rebalance"), "/sub/rebalance/");
        assert_eq!(normalize_base("/sub/rebalance/"), "/sub/rebalance/");
        assert_eq!(normalize_base("/"), "/");
        assert_eq!(content_type(Path::new("a_bg-0123456789.wasm")), "application/wasm");
        assert_eq!(content_type(Path::new("boot.js")), "text/javascript; charset=utf-8");
        assert_eq!(cache_control(Path::new("style-0123456789.css")), "public, max-age=31536000, immutable");
        assert_eq!(cache_control(Path::new("index.html")), "no-cache");
    }
}
