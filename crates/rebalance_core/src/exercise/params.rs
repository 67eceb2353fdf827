//! Seeded parameters and template filling.
//!
//! Parameters are integers drawn in declaration order with `fastrand::Rng::with_seed`
//! (the same sequence natively and in WebAssembly; only `u64` draws are used so that the
//! pointer width never matters). A bound may refer to an earlier parameter (`queues + 1`).
//!
//! Templates replace `{name}` or `{name:format}` by a parameter or derived value; `{{` and
//! `}}` are literal braces. Formats:
//! - none: [`format_number`] (`12,000,000`, `13,333.3`);
//! - `raw`: the plain number (`6200`), for offsets;
//! - `duration`: [`crate::plan::duration_in`] in the text's language (`16 min 40 s`, `16 分 40 秒`);
//! - `clock`: seconds of the day as `HH:MM:SS`;
//! - `queues`: a queue set as board labels (`Q0, Q3, Q6`).
//! - `count <singular>/<plural>` (English texts only): the number and the noun it counts, in
//!   the singular for a count of 1 (`{n:count queue/queues}`: `1 queue`, `3 queues`); a
//!   Chinese text writes the number with its measure word (`{n} 个队列`), which has no plural.

use super::compute::Value;
use super::model::{Bound, Exercise, Lang, ParamSpec};
use super::names::Names;
use crate::plan::format_number;

/// Parameters by name.
pub type Params = Names<i64>;

/// The inclusive range and step of `spec` given the parameters drawn before it.
pub fn range(spec: &ParamSpec, params: &Params) -> Result<(i64, i64, i64), String> {
    let (min, max) = (bound(&spec.min, params)?, bound(&spec.max, params)?);
    if spec.step < 1 {
        return Err(format!("parameter {}: step {} must be >= 1", spec.name, spec.step));
    }
    if max < min {
        return Err(format!("parameter {}: empty range {min}..={max}", spec.name));
    }
    Ok((min, max, spec.step))
}

/// The values of `range`: `min, min + step, …` up to `max`, as a count of steps.
fn steps(min: i64, max: i64, step: i64) -> Result<u64, String> {
    let span = max.checked_sub(min).ok_or("parameter range overflows")?;
    u64::try_from(span / step).map_err(|e| e.to_string())
}

/// Draws every parameter of `ex`.
pub(crate) fn draw(ex: &Exercise, rng: &mut fastrand::Rng) -> Result<Params, String> {
    let mut params = Params::new();
    for spec in &ex.params {
        let (min, max, step) = range(spec, &params)?;
        let k = rng.u64(0..=steps(min, max, step)?);
        let value = i64::try_from(k).ok().and_then(|k| k.checked_mul(step)).and_then(|d| min.checked_add(d));
        params.insert(spec.name.clone(), value.ok_or("parameter overflows")?);
    }
    Ok(params)
}

/// Every value of `spec` given earlier parameters, when there are at most `limit`.
pub fn all_values(spec: &ParamSpec, params: &Params, limit: u64) -> Result<Option<Vec<i64>>, String> {
    let (min, max, step) = range(spec, params)?;
    let n = steps(min, max, step)?;
    if n >= limit {
        return Ok(None);
    }
    Ok(Some((0..=n as i64).map(|k| min + k * step).collect()))
}

fn bound(b: &Bound, params: &Params) -> Result<i64, String> {
    let expr = match b {
        Bound::Int(v) => return Ok(*v),
        Bound::Expr(expr) => expr,
    };
    let (name, offset) = match expr.find(['+', '-']) {
        Some(i) => {
            let (name, rest) = expr.split_at(i);
            let sign = if rest.starts_with('-') { -1 } else { 1 };
            let k: i64 = rest.get(1..).unwrap_or_default().trim().parse().map_err(|_| format!("bad bound {expr:?}"))?;
            (name.trim(), sign * k)
        }
        None => (expr.trim(), 0),
    };
    let base = params.get(name).ok_or_else(|| format!("bound {expr:?}: {name:?} is not an earlier parameter"))?;
    base.checked_add(offset).ok_or_else(|| format!("bound {expr:?} overflows"))
}

/// What templates can name.
pub(crate) struct Scope<'a> {
    /// Drawn parameters.
    pub params: &'a Params,
    /// Derived values.
    pub values: &'a Names<Value>,
    /// Queue labels of the board, for `{x:queues}`.
    pub labels: &'a [String],
}

/// Fills `template` for `lang`.
pub(crate) fn fill(template: &str, lang: Lang, scope: &Scope) -> Result<String, String> {
    let mut out = String::with_capacity(template.len() + 16);
    let mut chars = template.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '{' if chars.peek().map(|(_, n)| *n) == Some('{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek().map(|(_, n)| *n) == Some('}') => {
                chars.next();
                out.push('}');
            }
            '{' => {
                let rest = template.get(i + 1..).unwrap_or_default();
                let end = rest.find('}').ok_or_else(|| format!("unclosed {{ in {template:?}"))?;
                let inner = rest.get(..end).unwrap_or_default();
                out.push_str(&placeholder(inner, lang, scope)?);
                for _ in 0..inner.chars().count() + 1 {
                    chars.next();
                }
            }
            '}' => return Err(format!("unmatched }} in {template:?}")),
            other => out.push(other),
        }
    }
    Ok(out)
}

fn placeholder(inner: &str, lang: Lang, scope: &Scope) -> Result<String, String> {
    let (name, format) = match inner.split_once(':') {
        Some((n, f)) => (n.trim(), f.trim()),
        None => (inner.trim(), ""),
    };
    let value = match (scope.params.get(name), scope.values.get(name)) {
        (Some(v), _) => Value::Number(*v as f64),
        (None, Some(v)) => v.clone(),
        (None, None) => return Err(format!("unknown placeholder {{{inner}}}")),
    };
    match (value, format) {
        (Value::Number(x), "") => Ok(format_number(x)),
        (Value::Number(x), "raw") => Ok(if x.fract() == 0.0 { format!("{x:.0}") } else { format!("{x}") }),
        (Value::Number(x), "duration") => Ok(duration(x, lang)),
        (Value::Number(x), "clock") => Ok(clock(x)),
        (Value::Number(x), "fewer_more") => Ok(fewer_more(x, lang).to_owned()),
        (Value::Number(x), f) if f.starts_with("count ") => counted(x, f, lang),
        (Value::Never, "" | "duration") => Ok(never(lang).to_owned()),
        (Value::Queues(q), "queues" | "") => Ok(queue_labels(&q, scope.labels, lang)),
        (Value::Choices(c), "") => Ok(c.join(", ")),
        (v, f) => Err(format!("placeholder {{{inner}}}: format {f:?} does not apply to {v:?}")),
    }
}

/// `x` followed by the singular or plural noun of `format` (`count queue/queues`): the
/// singular exactly for 1, as English says "1 queue" but "0 queues" and "2 queues".
fn counted(x: f64, format: &str, lang: Lang) -> Result<String, String> {
    let nouns = format.strip_prefix("count ").unwrap_or_default();
    let Some((singular, plural)) = nouns.split_once('/').filter(|(s, p)| !s.trim().is_empty() && !p.trim().is_empty())
    else {
        return Err(format!("format {format:?}: expected `count <singular>/<plural>`"));
    };
    if lang == Lang::Zh {
        return Err(format!("format {format:?} is for English texts; Chinese has no plural forms"));
    }
    let noun = if x == 1.0 { singular } else { plural };
    Ok(format!("{} {}", format_number(x), noun.trim()))
}

/// How a count compares with another, from their difference `a - b`: "fewer than", "as many
/// as" or "more than" `b` (`{d:fewer_more}` with a derived `d = a - b`), so that a text
/// comparing two computed counts says what the counts show.
pub fn fewer_more(difference: f64, lang: Lang) -> &'static str {
    match (difference.partial_cmp(&0.0), lang) {
        (Some(std::cmp::Ordering::Less), Lang::En) => "fewer than",
        (Some(std::cmp::Ordering::Less), Lang::Zh) => "少于",
        (Some(std::cmp::Ordering::Greater), Lang::En) => "more than",
        (Some(std::cmp::Ordering::Greater), Lang::Zh) => "多于",
        (_, Lang::En) => "as many as",
        (_, Lang::Zh) => "等于",
    }
}

/// "never" in `lang`.
pub fn never(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "永远清不完",
        Lang::En => "never",
    }
}

/// Labels of queue indices, comma separated (`none` / `无` for an empty set).
pub fn queue_labels(queues: &[usize], labels: &[String], lang: Lang) -> String {
    if queues.is_empty() {
        return match lang {
            Lang::Zh => "无".to_owned(),
            Lang::En => "none".to_owned(),
        };
    }
    let sep = match lang {
        Lang::Zh => "、",
        Lang::En => ", ",
    };
    queues.iter().map(|&q| labels.get(q).cloned().unwrap_or_else(|| format!("#{q}"))).collect::<Vec<_>>().join(sep)
}

/// A duration in `lang` (`16 min 40 s`, `16 分 40 秒`), [`never`] when it never ends.
pub fn duration(seconds: f64, lang: Lang) -> String {
    crate::plan::duration_in(seconds, lang).unwrap_or_else(|| never(lang).to_owned())
}

/// Seconds of the day as `HH:MM:SS` (wrapping around midnight).
pub fn clock(seconds: f64) -> String {
    let s = (seconds.floor() as i64).rem_euclid(86_400);
    format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scope_fill(template: &str, lang: Lang) -> Result<String, String> {
        let params: Params = [("b".to_owned(), 12_000_000), ("t".to_owned(), 36_300)].into_iter().collect();
        let values: Names<Value> = [
            ("d".to_owned(), Value::Number(1000.0)),
            ("r".to_owned(), Value::Number(13_333.333)),
            ("n".to_owned(), Value::Never),
            ("q".to_owned(), Value::Queues(vec![0, 3])),
        ]
        .into_iter()
        .collect();
        let labels = ["Q0".to_owned(), "Q1".to_owned(), "Q2".to_owned(), "Q3".to_owned()];
        fill(template, lang, &Scope { params: &params, values: &values, labels: &labels })
    }

    #[test]
    fn placeholders_and_formats() {
        assert_eq!(scope_fill("B={b}, raw {b:raw}", Lang::En).as_deref(), Ok("B=12,000,000, raw 12000000"));
        assert_eq!(scope_fill("{d:duration}|{r}|{t:clock}", Lang::En).as_deref(), Ok("16 min 40 s|13,333.3|10:05:00"));
        assert_eq!(scope_fill("{d:duration}", Lang::Zh).as_deref(), Ok("16 分 40 秒"));
        assert_eq!(scope_fill("{n} {q:queues}", Lang::En).as_deref(), Ok("never Q0, Q3"));
        assert_eq!(scope_fill("{{x}} {q}", Lang::Zh).as_deref(), Ok("{x} Q0、Q3"));
        assert!(scope_fill("{missing}", Lang::En).is_err());
        assert!(scope_fill("{b", Lang::En).is_err());
        assert!(scope_fill("b}", Lang::En).is_err());
        assert!(scope_fill("{q:clock}", Lang::En).is_err());
        assert!(scope_fill("{q:fewer_more}", Lang::En).is_err());
    }

    #[test]
    fn a_count_of_one_takes_the_singular_noun() {
        let values: Names<Value> = [("zero", 0.0), ("one", 1.0), ("two", 2.0), ("big", 1001.0)]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), Value::Number(v)))
            .collect();
        let scope = Scope { params: &Params::new(), values: &values, labels: &[] };
        let text =
            "{zero:count queue/queues}, {one:count queue/queues}, {two:count queue/queues}, {big:count queue/queues}";
        assert_eq!(fill(text, Lang::En, &scope).as_deref(), Ok("0 queues, 1 queue, 2 queues, 1,001 queues"));
        // Chinese has no plural forms: the format is refused there, as are malformed nouns.
        assert!(fill("{one:count queue/queues}", Lang::Zh, &scope).is_err());
        for bad in ["{one:count queue}", "{one:count /queues}", "{one:count queue/}", "{one:counts}"] {
            assert!(fill(bad, Lang::En, &scope).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_comparison_word_follows_the_sign_of_the_difference() {
        let values: Names<Value> = [("lo", -2.0), ("eq", 0.0), ("hi", 3.0)]
            .into_iter()
            .map(|(k, v)| (k.to_owned(), Value::Number(v)))
            .collect();
        let scope = Scope { params: &Params::new(), values: &values, labels: &[] };
        let text = "5 is {lo:fewer_more} 7; 5 is {eq:fewer_more} 5; 8 is {hi:fewer_more} 5";
        assert_eq!(
            fill(text, Lang::En, &scope).as_deref(),
            Ok("5 is fewer than 7; 5 is as many as 5; 8 is more than 5")
        );
        assert_eq!(
            fill("{lo:fewer_more}|{eq:fewer_more}|{hi:fewer_more}", Lang::Zh, &scope).as_deref(),
            Ok("少于|等于|多于")
        );
    }

    #[test]
    fn bounds_refer_to_earlier_parameters() {
        let params: Params = [("queues".to_owned(), 8)].into_iter().collect();
        assert_eq!(bound(&Bound::Expr("queues + 1".to_owned()), &params), Ok(9));
        assert_eq!(bound(&Bound::Expr("queues-2".to_owned()), &params), Ok(6));
        assert_eq!(bound(&Bound::Expr("queues".to_owned()), &params), Ok(8));
        assert!(bound(&Bound::Expr("consumers".to_owned()), &params).is_err());
        assert!(bound(&Bound::Expr("queues + x".to_owned()), &params).is_err());
    }
}
