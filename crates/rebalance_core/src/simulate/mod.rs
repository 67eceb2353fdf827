//! The consumer-group timeline simulator (in progress).
