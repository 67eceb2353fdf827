//! The planner's share of the URL: writing the inputs as `pl_*` keys and reading them back,
//! clamping or replacing bad values and saying so in [`Notice`]s (never a panic).

use super::state::{model_code, model_from_code, Field, GoalKind, Inputs, Range, GOAL_KEY, MODEL_KEY};
use crate::components::format_value;

impl Inputs {
    /// The query this state writes: a key per control, `None` (removed) when the value is
    /// the default, so the plain `#/planner` link stays short.
    pub fn query_pairs(&self) -> Vec<(&'static str, Option<String>)> {
        let default = Inputs::default();
        let mut query: Vec<(&'static str, Option<String>)> = Field::ALL
            .iter()
            .map(|&f| (f.key(), (self.get(f) != default.get(f)).then(|| format_value(self.get(f)))))
            .collect();
        query.push((GOAL_KEY, (self.goal != default.goal).then(|| self.goal.code().to_owned())));
        query.push((MODEL_KEY, (self.model != default.model).then(|| model_code(self.model).to_owned())));
        query
    }

    /// Reads the state from a query (`get` returns a key's raw value). Missing keys take the
    /// default; bad values are replaced or clamped and reported as [`Notice`]s, never a panic.
    pub fn from_query(get: impl Fn(&str) -> Option<String>) -> (Inputs, Vec<Notice>) {
        let mut inputs = Inputs::default();
        let mut notices = Vec::new();
        for field in Field::ALL {
            let Some(raw) = get(field.key()) else { continue };
            let Range { min, max, .. } = field.range();
            let kind = match rebalance_core::float::parse_f64(raw.trim()) {
                // NaN is no number; ±inf (also what a 400-digit number reads as) is out of range.
                Some(v) if !v.is_nan() && (v < min || v > max) => {
                    inputs.set(field, v);
                    Some(NoticeKind::OutOfRange { min, max })
                }
                Some(v) if v.is_finite() && field.is_count() && v.fract() != 0.0 => {
                    inputs.set(field, v);
                    Some(NoticeKind::NotWhole)
                }
                Some(v) if v.is_finite() => {
                    inputs.set(field, v);
                    None
                }
                _ => Some(NoticeKind::NotANumber),
            };
            if let Some(kind) = kind {
                notices.push(Notice {
                    key: field.key(),
                    raw: shorten(&raw),
                    kind,
                    used: format_value(inputs.get(field)),
                });
            }
        }
        if let Some(raw) = get(GOAL_KEY) {
            match GoalKind::from_code(raw.trim()) {
                Some(goal) => inputs.goal = goal,
                None => notices.push(Notice::unknown(GOAL_KEY, raw, "target, instances", inputs.goal.code())),
            }
        }
        if let Some(raw) = get(MODEL_KEY) {
            match model_from_code(raw.trim()) {
                Some(model) => inputs.model = model,
                None => notices.push(Notice::unknown(MODEL_KEY, raw, "queue, message", model_code(inputs.model))),
            }
        }
        (inputs, notices)
    }
}

/// Why a URL value was not taken as it was.
#[derive(Clone, Debug, PartialEq)]
pub enum NoticeKind {
    /// Not a finite number: the default is used.
    NotANumber,
    /// Outside the field's range: clamped.
    OutOfRange {
        /// The range's minimum.
        min: f64,
        /// The range's maximum.
        max: f64,
    },
    /// A count with a fraction: rounded.
    NotWhole,
    /// Not one of the switch's values: the default is used.
    UnknownChoice {
        /// The accepted values, e.g. `queue, message`.
        choices: &'static str,
    },
}

/// A URL value that was adjusted, shown to the reader.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// The query key, e.g. `pl_q`.
    pub key: &'static str,
    /// The value as the URL had it.
    pub raw: String,
    /// What was wrong.
    pub kind: NoticeKind,
    /// The value used instead.
    pub used: String,
}

impl Notice {
    fn unknown(key: &'static str, raw: String, choices: &'static str, used: &str) -> Notice {
        Notice { key, raw: shorten(&raw), kind: NoticeKind::UnknownChoice { choices }, used: used.to_owned() }
    }
}

/// A URL value as a notice quotes it: at most 40 characters, so a pasted essay stays short.
fn shorten(raw: &str) -> String {
    const MAX: usize = 40;
    if raw.chars().count() > MAX {
        raw.chars().take(MAX).chain(['…']).collect()
    } else {
        raw.to_owned()
    }
}
