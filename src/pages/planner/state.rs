//! The planner's state without the browser: the inputs, their ranges and URL keys, the
//! reading of a URL query (clamping bad values into notices), and the two plans.
//!
//! Every number the page shows comes from [`rebalance_core::plan::plan`], called once per
//! [`Model`]; this module only holds inputs and remembers the last plan that worked.

use std::rc::Rc;

use rebalance_core::exercise::lenient::quantity;
use rebalance_core::exercise::model::Unit;
use rebalance_core::exercise::Value;
use rebalance_core::plan::{plan, Goal, Model, Plan, PlanInput};
use rebalance_core::Error;

use crate::url_state::UrlNotice;

/// One numeric input of the planner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// B, messages.
    Backlog,
    /// P, msg/s.
    ProduceRate,
    /// R, msg/s per instance.
    InstanceRate,
    /// T_target, seconds.
    Target,
    /// MessageQueues of the Topic.
    Queues,
    /// Consumer instances (the "instances" goal).
    Instances,
}

/// The allowed values of a [`Field`] (the slider's track; URL values are clamped to it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range {
    /// Smallest value.
    pub min: f64,
    /// Largest value.
    pub max: f64,
    /// Slider step.
    pub step: f64,
}

impl Field {
    /// Every field, in the order of the form.
    pub const ALL: [Field; 6] =
        [Field::Backlog, Field::ProduceRate, Field::InstanceRate, Field::Target, Field::Queues, Field::Instances];

    /// The query key (`pl_` prefix: the page's share of the URL).
    pub fn key(self) -> &'static str {
        match self {
            Field::Backlog => "pl_b",
            Field::ProduceRate => "pl_p",
            Field::InstanceRate => "pl_r",
            Field::Target => "pl_t",
            Field::Queues => "pl_q",
            Field::Instances => "pl_n",
        }
    }

    /// The range of the field. Instance rate and target time start at 0 although the core
    /// refuses 0: the page then shows the core's refusal next to the field.
    pub fn range(self) -> Range {
        let (min, max, step) = match self {
            Field::Backlog => (0.0, 100_000_000.0, 100_000.0),
            Field::ProduceRate => (0.0, 200_000.0, 500.0),
            Field::InstanceRate => (0.0, 20_000.0, 100.0),
            Field::Target => (0.0, 14_400.0, 60.0),
            Field::Queues => (1.0, 256.0, 1.0),
            Field::Instances => (1.0, 256.0, 1.0),
        };
        Range { min, max, step }
    }

    /// Whether the field's slider is logarithmic (its range spans several decades).
    pub fn log_scale(self) -> bool {
        matches!(self, Field::Backlog | Field::ProduceRate | Field::InstanceRate | Field::Target)
    }

    /// Counts must be whole numbers.
    pub fn is_count(self) -> bool {
        matches!(self, Field::Queues | Field::Instances)
    }

    /// The field a core error names (`InvalidInput::field`).
    pub fn from_core_name(name: &str) -> Option<Field> {
        Some(match name {
            "backlog" => Field::Backlog,
            "produceRate" => Field::ProduceRate,
            "instanceRate" => Field::InstanceRate,
            "target" => Field::Target,
            "queues" => Field::Queues,
            "instances" => Field::Instances,
            _ => return None,
        })
    }
}

/// Reads a target time typed as seconds (`900`, `1,000`) or as a duration the way the
/// exercises read one (`15 min`, `16 min 40 s`, `9m39s`, `1h`, `16分40秒`): the exercises'
/// reader, [`quantity`] in seconds. `None` for anything else, "never" included.
pub fn read_duration(text: &str) -> Option<f64> {
    match quantity(text, Unit::Seconds) {
        Ok(Value::Number(seconds)) => Some(seconds),
        _ => None,
    }
}

/// What the plan is asked to find (the goal switch).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalKind {
    /// Drain within the target time: how many instances?
    Target,
    /// Run a fixed number of instances: how long?
    Instances,
}

/// URL key of the goal switch.
pub const GOAL_KEY: &str = "pl_goal";
/// URL key of the model switch.
pub const MODEL_KEY: &str = "pl_model";

impl GoalKind {
    /// The URL value.
    pub fn code(self) -> &'static str {
        match self {
            GoalKind::Target => "target",
            GoalKind::Instances => "instances",
        }
    }
}

/// The URL value of a model.
pub fn model_code(model: Model) -> &'static str {
    match model {
        Model::QueueLevel => "queue",
        Model::MessageLevel => "message",
    }
}

/// Everything the reader can set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inputs {
    /// B, messages.
    pub backlog: f64,
    /// P, msg/s.
    pub produce_rate: f64,
    /// R, msg/s per instance.
    pub instance_rate: f64,
    /// T_target, seconds.
    pub target_seconds: f64,
    /// MessageQueues of the Topic.
    pub queues: u32,
    /// Consumer instances for the "instances" goal.
    pub instances: u32,
    /// Target time or fixed instance count.
    pub goal: GoalKind,
    /// The model whose calculation is spelled out (both are always computed).
    pub model: Model,
}

impl Default for Inputs {
    /// SPEC section 6's worked example ([`PlanInput::seed_example`]), queue-level; 9
    /// instances for the "instances" goal (the count that example needs).
    fn default() -> Self {
        let seed = PlanInput::seed_example(Model::QueueLevel);
        let target_seconds = match seed.goal {
            Goal::Target { seconds } => seconds,
            Goal::Instances { .. } => 900.0,
        };
        Inputs {
            backlog: seed.backlog,
            produce_rate: seed.produce_rate,
            instance_rate: seed.instance_rate,
            target_seconds,
            queues: seed.queues,
            instances: 9,
            goal: GoalKind::Target,
            model: seed.model,
        }
    }
}

impl Inputs {
    /// The value of a numeric field.
    pub fn get(&self, field: Field) -> f64 {
        match field {
            Field::Backlog => self.backlog,
            Field::ProduceRate => self.produce_rate,
            Field::InstanceRate => self.instance_rate,
            Field::Target => self.target_seconds,
            Field::Queues => f64::from(self.queues),
            Field::Instances => f64::from(self.instances),
        }
    }

    /// Sets a numeric field, clamped to its range (counts rounded), so nothing outside the
    /// ranges ever reaches the core from here.
    pub fn set(&mut self, field: Field, value: f64) {
        let Range { min, max, .. } = field.range();
        let value = if value.is_nan() { min } else { value.clamp(min, max) };
        let count = || value.round() as u32;
        match field {
            Field::Backlog => self.backlog = value,
            Field::ProduceRate => self.produce_rate = value,
            Field::InstanceRate => self.instance_rate = value,
            Field::Target => self.target_seconds = value,
            Field::Queues => self.queues = count(),
            Field::Instances => self.instances = count(),
        }
    }

    /// The core's input for one model.
    pub fn plan_input(&self, model: Model) -> PlanInput {
        let goal = match self.goal {
            GoalKind::Target => Goal::Target { seconds: self.target_seconds },
            GoalKind::Instances => Goal::Instances { count: self.instances },
        };
        PlanInput {
            backlog: self.backlog,
            produce_rate: self.produce_rate,
            instance_rate: self.instance_rate,
            goal,
            queues: self.queues,
            model,
        }
    }
}

/// Both models' plans for the same inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The inputs both plans were computed from.
    pub inputs: Inputs,
    /// Queue-level (classic) plan.
    pub queue_level: Plan,
    /// Message-level (5.x POP) plan.
    pub message_level: Plan,
}

impl Comparison {
    /// The plan of `model`.
    pub fn plan(&self, model: Model) -> &Plan {
        match model {
            Model::QueueLevel => &self.queue_level,
            Model::MessageLevel => &self.message_level,
        }
    }
}

/// The core refused the inputs: which field, and the core's words.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanError {
    /// The field the core named, when it is one of ours.
    pub field: Option<Field>,
    /// The core's message (English).
    pub detail: String,
}

/// One [`plan`] call per model.
pub fn compare(inputs: &Inputs) -> Result<Comparison, PlanError> {
    let run = |model| {
        plan(&inputs.plan_input(model)).map_err(|error| match error {
            Error::InvalidInput { field, message } => {
                PlanError { field: Field::from_core_name(&field), detail: format!("{field}: {message}") }
            }
            // `plan` refuses only with `InvalidInput`; naming the variant keeps the core's
            // whole error formatting (allocation messages and all) out of the bundle.
            _ => PlanError { field: None, detail: "unexpected error".to_owned() },
        })
    };
    Ok(Comparison { inputs: *inputs, queue_level: run(Model::QueueLevel)?, message_level: run(Model::MessageLevel)? })
}

/// A change the reader makes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// A numeric field took a (range-checked) value.
    Set(Field, f64),
    /// The goal switch.
    Goal(GoalKind),
    /// The model switch.
    Model(Model),
    /// Back to SPEC section 6's example.
    Preset,
    /// Hide the URL notices.
    DismissNotices,
}

/// The page's state: inputs, the current refusal if any, and the last plans that worked.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannerState {
    /// What the reader set.
    pub inputs: Inputs,
    /// The core's refusal of `inputs`, if it refused.
    pub error: Option<PlanError>,
    /// The plans of the last inputs the core accepted (shown while `error` is set).
    pub last_good: Option<Rc<Comparison>>,
    /// URL values that were adjusted on load.
    pub notices: Vec<UrlNotice>,
}

impl PlannerState {
    /// The state for `inputs`, planned.
    pub fn new(inputs: Inputs, notices: Vec<UrlNotice>) -> PlannerState {
        PlannerState { inputs, error: None, last_good: None, notices }.planned()
    }

    /// Plans the current inputs, keeping the last good plans when the core refuses.
    fn planned(mut self) -> PlannerState {
        match compare(&self.inputs) {
            Ok(comparison) => {
                self.error = None;
                self.last_good = Some(Rc::new(comparison));
            }
            Err(error) => self.error = Some(error),
        }
        self
    }

    /// The state after `action`.
    pub fn apply(&self, action: Action) -> PlannerState {
        let mut next = self.clone();
        match action {
            Action::Set(field, value) => next.inputs.set(field, value),
            Action::Goal(goal) => next.inputs.goal = goal,
            Action::Model(model) => next.inputs.model = model,
            Action::Preset => next.inputs = Inputs::default(),
            Action::DismissNotices => {
                next.notices.clear();
                return next;
            }
        }
        next.planned()
    }
}

#[cfg(test)]
mod tests;
