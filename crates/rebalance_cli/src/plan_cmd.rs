//! `rebalance-lab plan`: the drain planner (SPEC section 6) on the command line.

use rebalance_core::plan::{format_duration, plan, Goal, Model, Plan, PlanInput, Remedy};

/// Parses a count such as `12000000`, `12,000,000`, `12_000_000` or `1.2e7`.
pub fn parse_number(text: &str) -> Result<f64, String> {
    let cleaned: String = text.trim().chars().filter(|c| *c != ',' && *c != '_').collect();
    match cleaned.parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(format!("not a number: {text:?}")),
    }
}

/// Parses a duration: `900`, `900s`, `15m`, `1h30m`, `2h`, `1d` (seconds when no unit).
pub fn parse_duration(text: &str) -> Result<f64, String> {
    let t = text.trim();
    if let Ok(seconds) = parse_number(t) {
        return Ok(seconds);
    }
    let (mut total, mut number) = (0.0_f64, String::new());
    let mut any = false;
    for c in t.chars() {
        if c.is_ascii_digit() || c == '.' {
            number.push(c);
            continue;
        }
        let unit = match c {
            's' => 1.0,
            'm' => 60.0,
            'h' => 3600.0,
            'd' => 86_400.0,
            _ => return Err(format!("not a duration: {text:?} (use e.g. 900s, 15m, 1h30m)")),
        };
        let value: f64 = number.parse().map_err(|_| format!("not a duration: {text:?} (use e.g. 900s, 15m, 1h30m)"))?;
        total += value * unit;
        number.clear();
        any = true;
    }
    if !number.is_empty() || !any {
        return Err(format!("not a duration: {text:?} (use e.g. 900s, 15m, 1h30m)"));
    }
    Ok(total)
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
    let drain =
        p.drain_seconds.map_or_else(|| "never (consumption does not outpace production)".to_owned(), format_duration);
    out.push_str(&format!("Drain time: {drain}\n"));
    if p.idle_instances > 0 {
        out.push_str(&format!("Idle instances: {} (no queue to own)\n", p.idle_instances));
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
