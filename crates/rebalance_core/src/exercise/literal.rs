//! The file format's two "literal or name" values, [`Operand`] and [`Bound`], and how they are
//! read: in text formats (the authored TOML, JSON) by their type, with a small visitor instead
//! of `#[serde(untagged)]` (which buffers every value first; see [`super::authoring`]); in
//! binary formats (the website's encoded catalog, postcard) as an enum variant.

use serde::{Deserialize, Serialize};

/// A number in a computation: a literal or the name of a parameter or derived value
/// (`backlog = 1000` or `backlog = "B"`). Text formats tell the two apart by type, without
/// serde's buffering (see [`super::authoring`]); binary formats (the website's encoded
/// catalog) write the variant.
#[derive(Debug, Clone, PartialEq)]
pub enum Operand {
    /// A literal.
    Number(f64),
    /// A parameter or derived value.
    Name(String),
}

/// [`Operand`] in binary formats.
#[derive(Serialize, Deserialize)]
enum OperandForm<S> {
    Number(f64),
    Name(S),
}

impl Serialize for Operand {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match (self, serializer.is_human_readable()) {
            (Operand::Number(x), true) => serializer.serialize_f64(*x),
            (Operand::Name(name), true) => serializer.serialize_str(name),
            (Operand::Number(x), false) => OperandForm::<&str>::Number(*x).serialize(serializer),
            (Operand::Name(name), false) => OperandForm::Name(name.as_str()).serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Operand {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct OperandVisitor;
        impl serde::de::Visitor<'_> for OperandVisitor {
            type Value = Operand;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a number or the name of a parameter or value")
            }
            fn visit_i64<E: serde::de::Error>(self, x: i64) -> Result<Operand, E> {
                Ok(Operand::Number(x as f64))
            }
            fn visit_u64<E: serde::de::Error>(self, x: u64) -> Result<Operand, E> {
                Ok(Operand::Number(x as f64))
            }
            fn visit_f64<E: serde::de::Error>(self, x: f64) -> Result<Operand, E> {
                Ok(Operand::Number(x))
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Operand, E> {
                Ok(Operand::Name(name.to_owned()))
            }
        }
        if !deserializer.is_human_readable() {
            return Ok(match OperandForm::<String>::deserialize(deserializer)? {
                OperandForm::Number(x) => Operand::Number(x),
                OperandForm::Name(name) => Operand::Name(name),
            });
        }
        deserializer.deserialize_any(OperandVisitor)
    }
}

/// A parameter bound: a literal or an expression on an earlier parameter (`min = 3` or
/// `min = "queues + 1"`). Read and written like [`Operand`]: by type in text formats, by
/// variant in binary ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bound {
    /// A literal.
    Int(i64),
    /// `name`, `name + k` or `name - k` with `name` an earlier parameter.
    Expr(String),
}

/// [`Bound`] in binary formats.
#[derive(Serialize, Deserialize)]
enum BoundForm<S> {
    Int(i64),
    Expr(S),
}

impl Serialize for Bound {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match (self, serializer.is_human_readable()) {
            (Bound::Int(x), true) => serializer.serialize_i64(*x),
            (Bound::Expr(expr), true) => serializer.serialize_str(expr),
            (Bound::Int(x), false) => BoundForm::<&str>::Int(*x).serialize(serializer),
            (Bound::Expr(expr), false) => BoundForm::Expr(expr.as_str()).serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Bound {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct BoundVisitor;
        impl serde::de::Visitor<'_> for BoundVisitor {
            type Value = Bound;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an integer or an expression on an earlier parameter")
            }
            fn visit_i64<E: serde::de::Error>(self, x: i64) -> Result<Bound, E> {
                Ok(Bound::Int(x))
            }
            fn visit_u64<E: serde::de::Error>(self, x: u64) -> Result<Bound, E> {
                i64::try_from(x)
                    .map(Bound::Int)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(x), &self))
            }
            fn visit_str<E: serde::de::Error>(self, expr: &str) -> Result<Bound, E> {
                Ok(Bound::Expr(expr.to_owned()))
            }
        }
        if !deserializer.is_human_readable() {
            return Ok(match BoundForm::<String>::deserialize(deserializer)? {
                BoundForm::Int(x) => Bound::Int(x),
                BoundForm::Expr(expr) => Bound::Expr(expr),
            });
        }
        deserializer.deserialize_any(BoundVisitor)
    }
}
