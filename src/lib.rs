//! Rebalance Lab site (placeholder until the Yew app lands).
