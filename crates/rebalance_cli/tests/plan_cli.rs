//! `rebalance-lab plan` through the binary: no silent caps, no `0.0` for a small rate, no
//! `-0`, one rounding for the steps and the summary, refused numbers and durations named
//! by their option.

mod support;

/// Runs `plan` with `args`: `Ok(stdout)` or `Err(stderr)`.
fn plan(args: &[&str]) -> Result<String, String> {
    let output = support::binary().arg("plan").args(args).output().expect("run");
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("utf8");
    if output.status.success() {
        Ok(text(output.stdout))
    } else {
        Err(text(output.stderr))
    }
}

/// The text after `prefix` on the line that starts with it.
fn line_after<'a>(text: &'a str, prefix: &str) -> &'a str {
    text.lines().find_map(|l| l.trim_start().strip_prefix(prefix)).unwrap_or_else(|| panic!("no {prefix:?} in\n{text}"))
}

#[test]
fn separators_that_group_nothing_are_refused_naming_the_option() {
    let err =
        plan(&["--backlog", "1,2,3", "--produce-rate", "0", "--instance-rate", "1", "--target", "1m", "--queues", "4"])
            .expect_err("1,2,3");
    assert!(err.contains("invalid value '1,2,3' for '--backlog <BACKLOG>'"), "{err}");
    assert!(err.contains("',' must separate groups of three digits"), "{err}");
    for bad in ["12,00", "1_2", "1,000_000", "NaN", "inf", "1e"] {
        let err =
            plan(&["--backlog", "1", "--produce-rate", bad, "--instance-rate", "1", "--target", "1m", "--queues", "4"])
                .expect_err(bad);
        assert!(err.contains(&format!("invalid value '{bad}' for '--produce-rate <PRODUCE_RATE>'")), "{err}");
    }
    let ok = plan(&[
        "--backlog",
        "12,000,000",
        "--produce-rate",
        "20_000",
        "--instance-rate",
        "4e3",
        "--target",
        "15m",
        "--queues",
        "8",
    ])
    .expect("the seed example");
    assert!(ok.contains("12,000,000 / 900"), "{ok}");
}

#[test]
fn durations_take_ms_s_m_h_d_once_each_from_the_largest() {
    for (bad, why) in [
        ("1h1h", "the unit h is given twice"),
        ("30m1h", "from the largest to the smallest"),
        ("1h30", "30 has no unit"),
    ] {
        let err =
            plan(&["--backlog", "1", "--produce-rate", "0", "--instance-rate", "1", "--target", bad, "--queues", "4"])
                .expect_err(bad);
        assert!(err.contains(&format!("invalid value '{bad}' for '--target <TARGET>'")), "{err}");
        assert!(err.contains(why), "{err}");
    }
    for (target, shown) in [("1500ms", "1.5 s"), ("2d", "172,800 s"), ("16 min 40 s", "1,000 s"), ("9m39s", "579 s")] {
        let out = plan(&[
            "--backlog",
            "1",
            "--produce-rate",
            "0",
            "--instance-rate",
            "1",
            "--target",
            target,
            "--queues",
            "4",
        ])
        .expect(target);
        assert!(line_after(&out, "T <= T_target").contains(&format!("<= {shown}")), "{target}:\n{out}");
    }
}

#[test]
fn small_rates_are_not_printed_as_zero() {
    let out = plan(&[
        "--backlog",
        "1",
        "--produce-rate",
        "0.01",
        "--instance-rate",
        "0.04",
        "--target",
        "1000",
        "--queues",
        "4",
    ])
    .expect("valid");
    assert!(!out.contains("0.0/s") && !out.contains("0.0 "), "{out}");
    assert!(line_after(&out, "C = N_effective × R").ends_with("1 × 0.04  =  0.04/s"), "{out}");
    assert!(line_after(&out, "D = C - P").ends_with("0.04 - 0.01  =  0.03/s"), "{out}");
}

#[test]
fn nothing_is_minus_zero() {
    let out = plan(&[
        "--backlog=-0",
        "--produce-rate=-0",
        "--instance-rate",
        "1",
        "--target",
        "1m",
        "--queues",
        "4",
        "--json",
    ])
    .expect("valid");
    assert!(!out.contains("-0"), "{out}");
    let text =
        plan(&["--backlog=-0", "--produce-rate", "0", "--instance-rate", "1", "--instances", "1", "--queues", "4"])
            .expect("valid");
    assert!(!text.contains("-0"), "{text}");
}

#[test]
fn the_summary_and_the_steps_round_the_same_way() {
    // T = 100,004 / 200 = 500.02 s.
    let out = plan(&[
        "--backlog",
        "100004",
        "--produce-rate",
        "0",
        "--instance-rate",
        "100",
        "--target",
        "1000",
        "--queues",
        "4",
    ])
    .expect("valid");
    let step = line_after(&out, "T = B / D").rsplit("  =  ").next().unwrap_or_default();
    assert_eq!(step, "501 s (8 min 21 s)");
    assert_eq!(line_after(&out, "Drain time: "), step);
    assert!(line_after(&out, "T <= T_target").trim_start().starts_with(&format!("=  {step} <= 1,000 s")), "{out}");
}

#[test]
fn an_instance_count_that_does_not_fit_is_said_and_the_verdict_stays_right() {
    // C_required = 1e15 / 1 s: 10^15 instances of 1 msg/s, more than 4,294,967,295.
    const HUGE: [&str; 12] = [
        "--backlog",
        "1e15",
        "--produce-rate",
        "0",
        "--instance-rate",
        "1",
        "--target",
        "1s",
        "--queues",
        "8",
        "--model",
        "message",
    ];
    let out = plan(&HUGE).expect("valid");
    assert!(line_after(&out, "N = ceil(C_required / R)").ends_with("=  1,000,000,000,000,000"), "{out}");
    assert_eq!(
        line_after(&out, "Instances needed: "),
        "1,000,000,000,000,000, more than 4,294,967,295 (the JSON caps instancesNeeded and instances there and sets instancesOverflow)"
    );
    assert!(out.contains("Verdict: target met"), "{out}");
    let json: serde_json::Value =
        serde_json::from_str(&plan(&[&HUGE[..], &["--json"]].concat()).expect("valid")).expect("json");
    assert_eq!((json["instancesOverflow"].as_bool(), json["meetsTarget"].as_bool()), (Some(true), Some(true)));
    // Queue-level: the queues cap the consumers, the idle count is the exact one.
    let out =
        plan(&["--backlog", "1e15", "--produce-rate", "0", "--instance-rate", "1", "--target", "1s", "--queues", "8"])
            .expect("valid");
    assert_eq!(line_after(&out, "Idle instances: "), "999,999,999,999,992 (no queue to own)");
    assert!(out.contains("Verdict: target NOT met"), "{out}");
    // A fixed count that does not fit is refused by its option.
    let err = plan(&[
        "--backlog",
        "1",
        "--produce-rate",
        "0",
        "--instance-rate",
        "1",
        "--instances",
        "5000000000",
        "--queues",
        "8",
    ])
    .expect_err("too many");
    assert!(err.contains("invalid value '5000000000' for '--instances <INSTANCES>'"), "{err}");
}
