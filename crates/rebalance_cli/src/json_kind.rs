//! Naming a JSON value's type in the messages of the commands that read JSON by hand.

use serde_json::Value;

/// What a JSON value is, for messages ("expected a whole number, found a string").
pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
