//! `number::parse_f64` against `str::parse::<f64>` (the standard library, correctly rounded):
//! the same text accepted, the same bits returned — on generated text, on every kind of
//! double written in several ways, and on the exact midpoints between neighbouring doubles
//! (and just above and below them), where only exact rounding gets the answer right.

use proptest::prelude::*;
use rebalance_core::number::parse_f64;

/// The two readers agree on `text` (NaN compared as NaN).
fn agree(text: &str) -> Result<(), TestCaseError> {
    let ours = parse_f64(text);
    let std = text.parse::<f64>().ok();
    match (ours, std) {
        (Some(a), Some(b)) if a.is_nan() && b.is_nan() => Ok(()),
        (a, b) => {
            prop_assert_eq!(a.map(f64::to_bits), b.map(f64::to_bits), "{}", text);
            Ok(())
        }
    }
}

/// `a + b` for two non-negative decimals written `int.frac` with the same number of
/// fraction digits.
fn add(a: &str, b: &str) -> String {
    let (ai, af) = a.split_once('.').unwrap_or((a, ""));
    let (bi, bf) = b.split_once('.').unwrap_or((b, ""));
    assert_eq!(af.len(), bf.len());
    let width = ai.len().max(bi.len()) + 1;
    let digits = |i: &str, f: &str| format!("{i:0>width$}{f}").into_bytes();
    let (x, y) = (digits(ai, af), digits(bi, bf));
    let mut out = vec![0u8; x.len()];
    let mut carry = 0;
    for k in (0..x.len()).rev() {
        let s = (x[k] - b'0') + (y[k] - b'0') + carry;
        out[k] = b'0' + s % 10;
        carry = s / 10;
    }
    let text = String::from_utf8(out).unwrap_or_default();
    format!("{}.{}", &text[..width], &text[width..])
}

/// `a / 2` for a non-negative decimal `int.frac` (one more fraction digit when needed).
fn halve(a: &str) -> String {
    let (int, frac) = a.split_once('.').unwrap_or((a, ""));
    let mut digits: Vec<u8> = format!("{int}{frac}0").bytes().map(|b| b - b'0').collect();
    let mut rest = 0;
    for d in &mut digits {
        let x = rest * 10 + *d;
        *d = x / 2;
        rest = x % 2;
    }
    let text: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
    format!("{}.{}", &text[..int.len()], &text[int.len()..])
}

/// The exact decimal value of a finite double (1,100 fraction digits hold any double exactly).
fn exact_decimal(x: f64) -> String {
    format!("{x:.1100}")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn grammar_like_text(text in "[+-]?[0-9]{0,22}(\\.[0-9]{0,22})?([eE][+-]?[0-9]{0,4})?") {
        agree(&text)?;
    }

    #[test]
    fn junk_text(text in "[0-9eE.+\\-infatyINFATY_ x]{0,12}") {
        agree(&text)?;
    }

    #[test]
    fn every_double_written_several_ways(bits in any::<u64>()) {
        let x = f64::from_bits(bits);
        for text in [format!("{x}"), format!("{x:e}"), format!("{x:.17e}"), format!("{x:.3e}"), format!("{x:?}"), format!("{x:.20}")] {
            agree(&text)?;
        }
    }

    #[test]
    fn long_and_extreme_numbers(
        mantissa in "[1-9][0-9]{15,60}",
        exp in -360i32..330,
        zeros in 0usize..900,
    ) {
        agree(&format!("{mantissa}e{exp}"))?;
        agree(&format!("0.{}{mantissa}", "0".repeat(zeros)))?;
        agree(&format!("{mantissa}{}", "0".repeat(zeros % 320)))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    // The midpoint of x and the next double rounds to the even one of the two; a hair above
    // it rounds up, a hair below rounds down.
    #[test]
    fn midpoints_between_doubles(bits in 0u64..0x7FEF_FFFF_FFFF_FFFF) {
        let (x, y) = (f64::from_bits(bits), f64::from_bits(bits + 1));
        let mid = halve(&add(&exact_decimal(x), &exact_decimal(y)));
        let trimmed = mid.trim_end_matches('0');
        agree(trimmed)?;
        agree(&format!("{trimmed}000000001"))?;
        agree(&trimmed[..trimmed.len() - 1])?;
    }
}

#[test]
fn decimal_helpers_are_exact() {
    assert_eq!(add("1.50", "0.75"), "02.25");
    assert_eq!(halve("3.0"), "1.50");
    assert_eq!(
        halve(&add(&exact_decimal(1.0), &exact_decimal(1.0 + f64::EPSILON))).trim_end_matches('0'),
        "01.00000000000000011102230246251565404236316680908203125"
    );
}

#[test]
fn the_ends_of_the_range() -> Result<(), TestCaseError> {
    let min_sub = f64::from_bits(1);
    for x in [f64::MAX, f64::MIN_POSITIVE, min_sub, min_sub * 2.0, 1.0, 0.1, 1e22, 1e23, 9007199254740992.0] {
        let t = exact_decimal(x);
        agree(t.trim_end_matches('0'))?;
    }
    for text in [
        "1.7976931348623158e308",
        "1.797693134862315807e308",
        "1.7976931348623159e308",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "2.2250738585072012e-308",
        "2.2250738585072011e-308",
        "1e-330",
        "1e311",
        "7e-324",
        "8e-324",
    ] {
        agree(text)?;
    }
    Ok(())
}
