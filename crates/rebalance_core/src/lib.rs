//! The Rebalance Lab model: Apache RocketMQ consumer load balancing, exactly.
//!
//! Everything here is pure computation: no I/O, no clock, no global randomness, no browser.
//! Times and seeds are parameters, so every result is reproducible natively and in
//! WebAssembly. The names follow RocketMQ (SPEC section 1).
//!
//! - [`message_queue`]: `MessageQueue`, Java string ordering, RebalanceImpl's sorting.
//! - [`allocate`]: the six allocation strategies, one consumer's view (the Java contract).
//! - [`assignment`]: the whole group's assignment at once, and [`assignment::moves`].
//! - [`offset`]: per-queue progress, lag, expired, inflight, group totals.
//! - [`mqadmin`]: `mqadmin consumerProgress` text, rendered and parsed.
//! - [`group_topic`]: the business, `%RETRY%`, POP retry and `%DLQ%` topics of a group's progress.
//! - [`tag_filter`]: how messages of unsubscribed tags stay in and leave a queue's Diff.
//! - [`reset`]: reset offset by time, per queue, with replay/skip.
//! - [`plan`]: backlog drain planning with the reasoning as ordered steps.
//! - [`exercise`]: graded exercises as data, seeded parameters, grading and diagnosis.
//! - [`simulate`]: the deterministic consumer-group timeline simulator.
//! - [`float`]: decimal text to `f64`, as `str::parse` reads it.
//! - [`Lang`]: the two languages every text is written in.

pub mod allocate;
pub mod assignment;
pub mod base64url;
pub mod consume_from;
mod error;
pub mod exercise;
pub mod failover;
pub mod float;
pub mod group_topic;
pub mod invisible;
mod lang;
pub mod message_queue;
pub mod mqadmin;
pub mod offset;
pub mod plan;
pub mod pull;
pub mod reset;
pub mod retry;
pub mod simulate;
pub mod tag_filter;

pub use error::{Error, Result};
pub use lang::Lang;
pub use message_queue::MessageQueue;
