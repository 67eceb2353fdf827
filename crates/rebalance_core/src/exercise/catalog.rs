//! The exercise files, embedded at compile time, parsed once.

use std::sync::OnceLock;

use super::model::{Exercise, FORMAT_VERSION};
use super::validate::validate;
use super::ExerciseError;

macro_rules! files {
    ($($name:literal),* $(,)?) => {
        /// Every `exercises/*.toml` file as `(file name, text)`, in curriculum order.
        pub const FILES: &[(&str, &str)] = &[$(($name, include_str!(concat!("../../../../exercises/", $name)))),*];
    };
}

files!(
    "rebalance_who_allocates.toml",
    "membership_liveness.toml",
    "rebalance_triggers.toml",
    "rebalance_storm.toml",
    "subscription_mismatch.toml",
    "assign_avg.toml",
    "assign_circle.toml",
    "avg_vs_circle_8_3.toml",
    "avg_join_moves.toml",
    "hash_join_moves.toml",
    "hash_leave_moves.toml",
    "hash_properties.toml",
    "machine_room_nearby.toml",
    "idle_consumers.toml",
    "scale_out_3_to_10.toml",
    "scale_out_first_checks.toml",
    "message_level_capacity.toml",
    "message_level_limits.toml",
    "offset_definitions.toml",
    "expired_offsets.toml",
    "three_queue_lag.toml",
    "offset_store.toml",
    "lag_vs_delay.toml",
    "reset_replay_skip.toml",
    "reset_clamp_min.toml",
    "reset_principle.toml",
    "drain_time.toml",
    "never_drains.toml",
    "required_instances.toml",
    "seed_drain_worked.toml",
    "drain_queue_cap.toml",
    "handoff_duplicates.toml",
    "ack_before_commit.toml",
    "orderly_rebalance.toml",
);

/// The parsed exercises, plus every file that failed (the rest stay usable).
#[derive(Debug, Clone, PartialEq)]
pub struct Catalog {
    /// The exercises that parsed and passed the static check, in curriculum order.
    pub exercises: Vec<Exercise>,
    /// One error per file that did not.
    pub errors: Vec<ExerciseError>,
}

impl Catalog {
    /// The exercise with this id.
    pub fn get(&self, id: &str) -> Option<&Exercise> {
        self.exercises.iter().find(|e| e.id == id)
    }
}

/// The embedded catalog (parsed on first use).
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let mut catalog = Catalog { exercises: Vec::new(), errors: Vec::new() };
        for (file, text) in FILES {
            match parse_exercise(file, text) {
                Ok(ex) if catalog.get(&ex.id).is_some() => {
                    catalog.errors.push(file_error(file, format!("duplicate id {}", ex.id)));
                }
                Ok(ex) => catalog.exercises.push(ex),
                Err(e) => catalog.errors.push(e),
            }
        }
        catalog
    })
}

fn file_error(file: &str, message: impl Into<String>) -> ExerciseError {
    ExerciseError::File { file: file.to_owned(), message: message.into() }
}

/// Parses one exercise file and runs the static check; the id must match the file name.
pub fn parse_exercise(file: &str, text: &str) -> Result<Exercise, ExerciseError> {
    let ex: Exercise = toml::from_str(text).map_err(|e| file_error(file, e.to_string()))?;
    if ex.format_version != FORMAT_VERSION {
        return Err(file_error(file, format!("format_version {} is not {FORMAT_VERSION}", ex.format_version)));
    }
    if file.strip_suffix(".toml") != Some(ex.id.as_str()) {
        return Err(file_error(file, format!("id {:?} does not match the file name", ex.id)));
    }
    let problems = validate(&ex);
    if problems.is_empty() {
        Ok(ex)
    } else {
        Err(file_error(file, problems.join("; ")))
    }
}
