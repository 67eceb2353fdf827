//! `rebalance-lab plan`: the drain planner (SPEC section 6) on the command line.

use rebalance_core::plan::{
    format_drain_seconds, format_number, parse_duration_ms, plan, Goal, Model, Plan, PlanInput, Remedy, StepId,
};

/// Parses a count such as `12000000`, `12,000,000`, `12_000_000` or `1.2e7`. Separators
/// must group the integer digits by three (`1,2,3` is refused: it is no number anyone
/// writes); one kind of separator per number.
pub fn parse_number(text: &str) -> Result<f64, String> {
    let t = text.trim();
    let bad = |why: &str| format!("{text:?} is not a number: {why} (e.g. 12000000, 12,000,000, 1.2e7)");
    let unsigned = t.strip_prefix(['-', '+']).unwrap_or(t);
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(at) => (&unsigned[..at], Some(&unsigned[at + 1..])),
        None => (unsigned, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !frac.is_empty() && !digits(frac) {
        return Err(bad("the decimals are not digits"));
    }
    if let Some(e) = exponent {
        if !digits(e.strip_prefix(['-', '+']).unwrap_or(e)) {
            return Err(bad("the exponent is not a whole number"));
        }
    }
    let separator = int.chars().find(|c| matches!(c, ',' | '_'));
    let cleaned_int = match separator {
        Some(sep) => {
            let groups: Vec<&str> = int.split(sep).collect();
            let first = groups.first().copied().unwrap_or_default();
            let ok = (1..=3).contains(&first.len())
                && digits(first)
                && groups.iter().skip(1).all(|g| g.len() == 3 && digits(g));
            if !ok {
                return Err(bad(&format!("{sep:?} must separate groups of three digits")));
            }
            groups.concat()
        }
        None if digits(int) => int.to_owned(),
        None => return Err(bad("expected digits")),
    };
    let cleaned = format!(
        "{}{cleaned_int}.{}{}",
        &t[..t.len() - unsigned.len()],
        if frac.is_empty() { "0" } else { frac },
        exponent.map_or(String::new(), |e| format!("e{e}"))
    );
    match rebalance_core::float::parse_f64(&cleaned) {
        Some(x) if x.is_finite() => Ok(x),
        _ => Err(bad("too large")),
    }
}

/// Parses a duration into seconds with the core's [`parse_duration_ms`] (`900`, `900s`,
/// `15m`, `1h30m`, `1500ms`, `2d`; seconds when there is no unit).
pub fn parse_duration(text: &str) -> Result<f64, String> {
    parse_duration_ms(text).map(|ms| ms as f64 / 1_000.0)
}

/// Builds the planner input from the command line's values.
pub fn input(
    backlog: f64,
    produce_rate: f64,
    instance_rate: f64,
    target: Option<f64>,
    instances: Option<u32>,
    queues: u32,
    model: Model,
) -> Result<PlanInput, String> {
    let goal = match (target, instances) {
        (Some(seconds), None) => Goal::Target { seconds },
        (None, Some(count)) => Goal::Instances { count },
        _ => return Err("give exactly one of --target or --instances".to_owned()),
    };
    Ok(PlanInput { backlog, produce_rate, instance_rate, goal, queues, model })
}

fn remedy_text(r: Remedy) -> &'static str {
    match r {
        Remedy::MoreInstances => "add instances",
        Remedy::MoreQueues => "add queues (queue-level models cap useful instances at the queue count)",
        Remedy::FasterInstances => "make each instance faster (raise R)",
        Remedy::LessProduction => "produce less for a while (lower P)",
        Remedy::BiggerBatches => "consume bigger batches per call",
        Remedy::MessageLevel => "switch to message-level (5.x POP) consumption",
    }
}

/// The human-readable report: the steps with numbers substituted, then the verdict.
pub fn render_text(input: &PlanInput, p: &Plan) -> String {
    let mut out = String::new();
    let model = match input.model {
        Model::QueueLevel => "queue-level",
        Model::MessageLevel => "message-level",
    };
    out.push_str(&format!("Drain plan ({model})\n"));
    let width = p.steps.iter().map(|s| s.formula.chars().count()).max().unwrap_or(0);
    for s in &p.steps {
        let pad = width.saturating_sub(s.formula.chars().count());
        out.push_str(&format!("  {}{}  =  {}  =  {}\n", s.formula, " ".repeat(pad), s.substituted, s.result));
    }
    let drain = p
        .drain_seconds
        .map_or_else(|| "never (consumption does not outpace production)".to_owned(), format_drain_seconds);
    out.push_str(&format!("Drain time: {drain}\n"));
    // The exact counts, also when they do not fit the JSON's 32-bit fields.
    let value = |id: StepId| p.steps.iter().find(|s| s.id == id).map(|s| s.value);
    let (needed, effective) = (value(StepId::InstancesNeeded), value(StepId::EffectiveInstances));
    if p.instances_overflow {
        out.push_str(&format!(
            "Instances needed: {}, more than {} (the JSON caps instancesNeeded and instances there and sets instancesOverflow)\n",
            format_number(needed.unwrap_or_default()),
            format_number(f64::from(u32::MAX))
        ));
    }
    let idle = needed.unwrap_or(f64::from(p.instances)) - effective.unwrap_or(f64::from(p.effective_instances));
    if idle > 0.0 {
        out.push_str(&format!("Idle instances: {} (no queue to own)\n", format_number(idle)));
    }
    match p.meets_target {
        Some(true) => out.push_str("Verdict: target met\n"),
        Some(false) => out.push_str("Verdict: target NOT met\n"),
        None => {}
    }
    if !p.remedies.is_empty() {
        out.push_str("Remedies:\n");
        for r in &p.remedies {
            out.push_str(&format!("  - {}\n", remedy_text(*r)));
        }
    }
    out
}

/// Runs the planner: `Ok(text)` to print, `Err(message)` for an unusable input.
pub fn run(input: &PlanInput, json: bool) -> Result<String, String> {
    let p = plan(input).map_err(|e| e.to_string())?;
    if json {
        serde_json::to_string_pretty(&p).map(|s| s + "\n").map_err(|e| e.to_string())
    } else {
        Ok(render_text(input, &p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("15m"), Ok(900.0));
        assert_eq!(parse_duration("1h30m"), Ok(5400.0));
        assert_eq!(parse_duration("900"), Ok(900.0));
        assert_eq!(parse_duration("2.5s"), Ok(2.5));
        assert!(parse_duration("15 minutes").is_err());
        assert!(parse_duration("m").is_err());
        assert!(parse_duration("15").is_ok());
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_number("12,000,000"), Ok(12_000_000.0));
        assert_eq!(parse_number("1.2e7"), Ok(12_000_000.0));
        assert!(parse_number("NaN").is_err());
        assert!(parse_number("lots").is_err());
    }

    #[test]
    fn seed_example_text_shows_the_worked_numbers() {
        let text = run(&PlanInput::seed_example(Model::QueueLevel), false).expect("valid");
        for needle in ["13,333.3", "33,333.3", "= 9", "32,000", "12,000", "16 min 40 s", "target NOT met", "add queues"]
        {
            assert!(text.contains(needle), "{needle:?} missing in\n{text}");
        }
        let text = run(&PlanInput::seed_example(Model::MessageLevel), false).expect("valid");
        assert!(text.contains("Verdict: target met"), "{text}");
    }

    #[test]
    fn json_uses_camel_case_and_null_for_never() {
        let never = input(1000.0, 5000.0, 1000.0, None, Some(2), 8, Model::QueueLevel).expect("valid");
        let v: serde_json::Value = serde_json::from_str(&run(&never, true).expect("valid")).expect("json");
        assert!(v["drainSeconds"].is_null());
        assert_eq!(v["netDrainRate"], -3000.0);
        assert_eq!(v["effectiveInstances"], 2);
    }
}
