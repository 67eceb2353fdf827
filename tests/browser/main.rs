//! The browser tests: the real app in headless Chromium through wasm-bindgen-test. `cargo xtask
//! test` runs them with `cargo test -p rebalance_lab --target wasm32-unknown-unknown`; one
//! page's module alone with `… --test browser <module>::`, e.g. `--test browser timeline::`.
//!
//! They are one test binary, so the runner prepares one wasm and starts one browser for all of
//! them. They share that page and its storage: each test takes [`support::serial`] and sets up
//! the URL and storage it needs.

#![cfg(target_arch = "wasm32")]

mod support;

mod app;
mod exercises;
mod offsets;
mod planner;
mod playground;
mod timeline;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
