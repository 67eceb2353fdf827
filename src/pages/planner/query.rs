//! The planner's share of the URL: writing the inputs as `pl_*` keys and reading them back,
//! clamping or replacing bad values with the shared [`UrlReader`] (never a panic).

use rebalance_core::plan::Model;

use super::state::{model_code, Field, GoalKind, Inputs, Range, GOAL_KEY, MODEL_KEY};
use crate::components::format_value;
use crate::url_state::{UrlNotice, UrlReader};

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
    /// default; bad values are replaced or clamped and reported as [`UrlNotice`]s.
    pub fn from_query(get: &dyn Fn(&str) -> Option<String>) -> (Inputs, Vec<UrlNotice>) {
        let mut inputs = Inputs::default();
        let mut r = UrlReader::new(get);
        for field in Field::ALL {
            let Range { min, max, .. } = field.range();
            let value = if field.is_count() {
                r.whole(field.key(), min as i64, max as i64, inputs.get(field) as i64) as f64
            } else {
                r.decimal(field.key(), min, max, inputs.get(field))
            };
            inputs.set(field, value);
        }
        let goals = [GoalKind::Target, GoalKind::Instances].map(|g| (g.code(), g));
        inputs.goal = r.choice(GOAL_KEY, &goals, inputs.goal);
        let models = [Model::QueueLevel, Model::MessageLevel].map(|m| (model_code(m), m));
        inputs.model = r.choice(MODEL_KEY, &models, inputs.model);
        (inputs, r.into_notices())
    }
}
