//! `cargo xtask serve`: build, then serve `dist/` on 127.0.0.1.
//!
//! - `--port 0` asks the OS for a free port; the first line printed is always
//!   `serving dist/ at http://127.0.0.1:PORT/BASE` (the e2e stage reads it).
//! - `--base /sub/rebalance/` serves the site under a sub-path, as a project page on a
//!   static host would; `/sub/rebalance` redirects to `/sub/rebalance/` (relative URLs
//!   need the slash) and `/` redirects to the base.
//! - A path inside the base that names no file and has no extension (`/offsets`) gets
//!   `index.html`, so a path-based link still lands in the app; a missing asset is a 404.
//! - Hashed assets are cacheable forever, `index.html` is revalidated every time.
//!
//! One thread per connection, one request per connection (`Connection: close`), and a read
//! timeout, on `std::net` with `httparse` reading the request head. Why not `tiny_http`
//! (used before): its fixed pool reads each accepted connection on one of its threads with
//! no read timeout, and Chromium opens speculative connections that send nothing; a few of
//! those held every pool thread while real requests waited unread in the queue — the
//! "first navigation never answers" stall the e2e suite and `cargo xtask perf` hit
//! (`gdb` showed all four pool threads in `recv` on idle sockets). See the test
//! `idle_connections_do_not_starve_a_real_request`.

use std::fs;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use crate::util::{self, Result};
use crate::{build, Options};

/// How long a connection may take to send its request head.
const READ_TIMEOUT: Duration = Duration::from_secs(10);
/// The largest request head accepted.
const MAX_HEAD: usize = 16 * 1024;

/// Builds (unless `--no-build`), then serves `dist/` until killed.
pub fn run(options: &Options) -> Result {
    if !options.no_build {
        build::run(options)?;
    }
    let dist = util::root().join("dist");
    if !dist.join("index.html").exists() {
        return Err("dist/index.html is missing: run `cargo xtask build` first".into());
    }
    let listener = TcpListener::bind(("127.0.0.1", options.port))
        .map_err(|error| format!("cannot listen on 127.0.0.1:{}: {error}", options.port))?;
    let port = listener.local_addr()?.port();
    println!("serving dist/ at http://127.0.0.1:{port}{}", options.base);
    std::io::stdout().flush()?;
    serve(listener, dist, options.base.clone());
    Ok(())
}

/// Answers every connection on `listener`, each on its own short-lived thread, forever.
fn serve(listener: TcpListener, dist: PathBuf, base: String) {
    let site = Arc::new((dist, base));
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let site = Arc::clone(&site);
        thread::spawn(move || {
            let (dist, base) = &*site;
            Site { dist, base }.handle(stream);
        });
    }
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

/// A parsed request head: method and target.
struct Head {
    method: String,
    target: String,
}

/// Reads one request head; `None` when the peer closes, times out or sends too much.
fn read_head(stream: &mut TcpStream) -> Option<std::result::Result<Head, ()>> {
    let mut buffer = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    loop {
        let n = stream.read(&mut chunk).ok()?;
        if n == 0 {
            return None;
        }
        buffer.extend_from_slice(&chunk[..n]);
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut request = httparse::Request::new(&mut headers);
        match request.parse(&buffer) {
            Ok(httparse::Status::Complete(_)) => {
                let head = match (request.method, request.path) {
                    (Some(method), Some(target)) => Ok(Head { method: method.to_owned(), target: target.to_owned() }),
                    _ => Err(()),
                };
                return Some(head);
            }
            Ok(httparse::Status::Partial) if buffer.len() <= MAX_HEAD => continue,
            _ => return Some(Err(())),
        }
    }
}

impl Site<'_> {
    fn handle(&self, mut stream: TcpStream) {
        let _ = stream.set_read_timeout(Some(READ_TIMEOUT));
        let _ = stream.set_write_timeout(Some(READ_TIMEOUT));
        let Some(head) = read_head(&mut stream) else {
            return;
        };
        let (answer, head_only, label) = match &head {
            Ok(head) if matches!(head.method.as_str(), "GET" | "HEAD") => {
                (self.answer(&head.target), head.method == "HEAD", format!("{} {}", head.method, head.target))
            }
            Ok(head) => (Answer::MethodNotAllowed, false, format!("{} {}", head.method, head.target)),
            Err(()) => (Answer::BadRequest, false, "(unreadable request)".to_owned()),
        };
        if !matches!(answer, Answer::File(_)) {
            eprintln!("serve: {label} -> {answer:?}");
        }
        let _ = stream.write_all(&self.response(&answer, head_only));
        let _ = stream.flush();
        let _ = stream.shutdown(std::net::Shutdown::Write);
    }

    /// The whole HTTP/1.1 response for `answer`.
    fn response(&self, answer: &Answer, head_only: bool) -> Vec<u8> {
        let (status, mut headers, body): (&str, Vec<(&str, String)>, Vec<u8>) = match answer {
            Answer::File(path) => match fs::read(path) {
                Ok(bytes) => (
                    "200 OK",
                    vec![
                        ("Content-Type", content_type(path).to_owned()),
                        ("Cache-Control", cache_control(path).to_owned()),
                        ("X-Content-Type-Options", "nosniff".to_owned()),
                    ],
                    bytes,
                ),
                Err(_) => ("404 Not Found", Vec::new(), b"not found\n".to_vec()),
            },
            Answer::Redirect(to) => ("302 Found", vec![("Location", to.clone())], Vec::new()),
            Answer::NotFound => ("404 Not Found", Vec::new(), b"not found\n".to_vec()),
            Answer::BadRequest => ("400 Bad Request", Vec::new(), b"bad request\n".to_vec()),
            Answer::MethodNotAllowed => {
                ("405 Method Not Allowed", vec![("Allow", "GET, HEAD".to_owned())], b"method not allowed\n".to_vec())
            }
        };
        // Every answer but a file is a short plain-text body.
        if !headers.iter().any(|(name, _)| *name == "Content-Type") {
            headers.push(("Content-Type", "text/plain; charset=utf-8".to_owned()));
        }
        headers.push(("Content-Length", body.len().to_string()));
        // No keep-alive: a local test server gains nothing from it, and closed connections
        // keep each request independent.
        headers.push(("Connection", "close".to_owned()));
        let mut out = format!("HTTP/1.1 {status}\r\n").into_bytes();
        for (name, value) in headers {
            out.extend_from_slice(format!("{name}: {value}\r\n").as_bytes());
        }
        out.extend_from_slice(b"\r\n");
        if !head_only {
            out.extend_from_slice(&body);
        }
        out
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

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|ext| ext.to_str()).unwrap_or_default() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
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

    /// A tiny `dist/` in a temporary directory of its own (tests run in parallel).
    fn test_dist(name: &str) -> PathBuf {
        let dist = std::env::temp_dir().join(format!("xtask-serve-{name}-{}", std::process::id()));
        let _ = fs::create_dir_all(dist.join("pkg"));
        let _ = fs::write(dist.join("index.html"), "<!doctype html>");
        let _ = fs::write(dist.join("pkg/app-0123456789.wasm"), "\0asm");
        dist
    }

    fn check(base: &str, url: &str, expected: Answer) {
        let dist = test_dist("answers");
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

    /// Sends `request` on a new connection and returns the whole response as text.
    fn fetch(port: u16, request: &str) -> String {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
        stream.set_read_timeout(Some(Duration::from_secs(5))).expect("timeout");
        stream.write_all(request.as_bytes()).expect("write");
        let mut response = String::new();
        let _ = stream.read_to_string(&mut response);
        response
    }

    #[test]
    fn idle_connections_do_not_starve_a_real_request() {
        let listener = TcpListener::bind(("127.0.0.1", 0)).expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let dist = test_dist("idle");
        thread::spawn(move || serve(listener, dist, "/".to_owned()));
        // Like Chromium's speculative connections: open, send nothing, stay open.
        let idle: Vec<TcpStream> = (0..12).map(|_| TcpStream::connect(("127.0.0.1", port)).expect("idle")).collect();
        let response = fetch(port, "GET /?lang=en HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(response.starts_with("HTTP/1.1 200 OK\r\n"), "{response:?}");
        assert!(response.contains("Content-Type: text/html; charset=utf-8\r\n"), "{response:?}");
        assert!(response.contains("Content-Length: 15\r\n"), "{response:?}");
        assert!(response.ends_with("\r\n\r\n<!doctype html>"), "{response:?}");
        let head = fetch(port, "HEAD /pkg/app-0123456789.wasm HTTP/1.1\r\n\r\n");
        assert!(head.contains("Content-Type: application/wasm\r\n") && head.ends_with("\r\n\r\n"), "{head:?}");
        assert!(fetch(port, "POST / HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 405 "));
        assert!(fetch(port, "nonsense\r\n\r\n").starts_with("HTTP/1.1 400 "));
        drop(idle);
    }
}
