//! `float::parse_f64` against the standard library's `str::parse::<f64>`: the same texts
//! accepted and refused, the same bits.

use proptest::prelude::*;
use rebalance_core::float::parse_f64;

fn same(text: &str) -> Result<(), TestCaseError> {
    let ours = parse_f64(text);
    let std = text.parse::<f64>().ok();
    match (ours, std) {
        (Some(a), Some(b)) if a.is_nan() && b.is_nan() => {}
        (Some(a), Some(b)) => prop_assert_eq!(a.to_bits(), b.to_bits(), "{:?}", text),
        (a, b) => prop_assert_eq!(a.is_some(), b.is_some(), "{:?}: ours {:?}, std {:?}", text, a, b),
    }
    Ok(())
}

#[test]
fn hand_picked_texts_read_as_std_reads_them() {
    let texts = [
        "",
        " ",
        "0",
        "-0",
        "+0",
        "1",
        "+1",
        "-1",
        "1.",
        ".5",
        ".",
        "-.",
        "1e5",
        "1E5",
        "1e+5",
        "1e-5",
        "1e",
        "e5",
        "1.5e",
        "0.1",
        "0.30000000000000004",
        "1_000",
        "1,5",
        " 1",
        "1 ",
        "0x10",
        "inf",
        "-inf",
        "Infinity",
        "INF",
        "infinity",
        "nan",
        "NaN",
        "-nan",
        "1e309",
        "-1e309",
        "1e-400",
        "4.9e-324",
        "2.2250738585072011e-308",
        "1.7976931348623157e308",
        "1.7976931348623159e308",
        "9007199254740993",
        "123456789012345678901234567890",
        "00012",
        "1..2",
        "1e5.5",
        "--1",
        "+-1",
        "１",
        "1.0f",
        "١",
        "0.000000000000000000000000000000000000000000001e45",
    ];
    for text in texts {
        if let Err(e) = same(text) {
            panic!("{e}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// Every finite `f64`, written as Rust writes it (shortest, and in exponent form), reads back.
    #[test]
    fn written_floats_read_back(bits in any::<u64>()) {
        let x = f64::from_bits(bits);
        same(&format!("{x}"))?;
        same(&format!("{x:e}"))?;
        same(&format!("{x:.3}"))?;
    }

    /// Text made of the characters a number has, in any arrangement.
    #[test]
    fn number_like_text_reads_as_std_reads_it(text in "[-+0-9.eE]{0,24}|[-+]?[0-9]{1,40}(\\.[0-9]{0,40})?([eE][-+]?[0-9]{1,4})?|[-+]?(?i:inf|infinity|nan)[a-z]?") {
        same(&text)?;
    }
}
