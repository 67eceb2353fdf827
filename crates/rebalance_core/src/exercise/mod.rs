//! Graded exercises (in progress).
