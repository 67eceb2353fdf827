//! Decimal text to `f64`, correctly rounded, without the standard library's tables.
//!
//! `str::parse::<f64>` is exact and fast, but its Eisel–Lemire power-of-five table and its
//! slow path cost every page that reads a typed number ~14.7 KB gzip (the exercises page has a
//! 250 KB budget; BENCHMARKS.md, session 7). [`parse_f64`] accepts exactly the same text
//! (Rust's float grammar: an optional sign, then `inf`, `infinity` or `nan` in any case, or
//! digits with an optional point and exponent) and returns the same `f64` for every input:
//! `tests/number.rs` compares the two on generated text, on the exact midpoints between
//! neighbouring doubles (where rounding decides) and at the ends of the range. Speed is not a
//! concern here: it reads what people type, URL values and stored progress.
//!
//! How: up to 800 significant digits are kept (a digit `1` stands for any nonzero digits cut
//! off: a midpoint between doubles never needs more than 767, so the cut never changes the
//! rounding). Short numbers take the exact fast path (at most 15 digits and a power of ten up
//! to 10²², one correctly rounded multiplication or division). Others are the exact fraction
//! `p / q` of big integers, divided to a 53-bit quotient and rounded half to even by comparing
//! the remainder with half the divisor.

use std::cmp::Ordering;

/// Significant digits kept (see the module docs).
const KEEP: usize = 800;

/// Reads `text` as `str::parse::<f64>` does (same accepted text, same value); `None` when it
/// is not a number.
pub fn parse_f64(text: &str) -> Option<f64> {
    let (negative, rest) = match text.as_bytes().first() {
        Some(b'-') => (true, text.get(1..)?),
        Some(b'+') => (false, text.get(1..)?),
        _ => (false, text),
    };
    let magnitude = if rest.eq_ignore_ascii_case("inf") || rest.eq_ignore_ascii_case("infinity") {
        f64::INFINITY
    } else if rest.eq_ignore_ascii_case("nan") {
        f64::NAN
    } else {
        decimal(rest.as_bytes())?
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// An unsigned decimal: `digits [. digits] [e [sign] digits]`, at least one digit before the
/// exponent.
fn decimal(bytes: &[u8]) -> Option<f64> {
    // The value is `digits × 10^exp10`, `digits` without leading zeros.
    let mut digits: Vec<u8> = Vec::new();
    let mut exp10: i64 = 0;
    let mut cut_nonzero = false;
    let mut any_digit = false;
    let mut i = 0;
    let mut fraction = false;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'0'..=b'9' => {
                any_digit = true;
                if digits.len() < KEEP {
                    if b != b'0' || !digits.is_empty() {
                        digits.push(b - b'0');
                    }
                    exp10 -= i64::from(fraction);
                } else {
                    cut_nonzero |= b != b'0';
                    exp10 += i64::from(!fraction);
                }
            }
            b'.' if !fraction => fraction = true,
            _ => break,
        }
        i += 1;
    }
    if !any_digit {
        return None;
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        let negative = bytes.get(i) == Some(&b'-');
        if matches!(bytes.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        let start = i;
        let mut e: i64 = 0;
        while let Some(d) = bytes.get(i).filter(|b| b.is_ascii_digit()) {
            e = (e * 10 + i64::from(d - b'0')).min(1 << 40);
            i += 1;
        }
        if i == start {
            return None;
        }
        exp10 += if negative { -e } else { e };
    }
    if i != bytes.len() {
        return None;
    }
    if cut_nonzero {
        digits.push(1);
        exp10 -= 1;
    }
    while digits.last() == Some(&0) {
        digits.pop();
        exp10 += 1;
    }
    let n = digits.len() as i64;
    if n == 0 || exp10 + n < -330 {
        return Some(0.0);
    }
    if exp10 + n > 310 {
        return Some(f64::INFINITY);
    }
    if n <= 15 && exp10.abs() <= 22 {
        let m = digits.iter().fold(0u64, |m, &d| m * 10 + u64::from(d)) as f64;
        let power = (0..exp10.abs()).fold(1.0, |p, _| p * 10.0);
        return Some(if exp10 < 0 { m / power } else { m * power });
    }
    Some(exact(&digits, exp10))
}

/// The nearest `f64` to `digits × 10^exp10` (half to even), by big-integer division.
fn exact(digits: &[u8], exp10: i64) -> f64 {
    let mut p = Big(vec![0]);
    for &d in digits {
        p.mul_add(10, u32::from(d));
    }
    let mut q = Big(vec![1]);
    let scaled = if exp10 >= 0 { &mut p } else { &mut q };
    let mut left = exp10.unsigned_abs();
    while left > 0 {
        let step = left.min(9);
        scaled.mul_add(10u32.pow(step as u32), 0);
        left -= step;
    }
    // value = p / q = t × 2^k with t a 53-bit integer (fewer bits below the normal range).
    let mut k = p.bits() as i64 - q.bits() as i64 - 53;
    loop {
        k = k.max(-1074);
        let (num, den) = if k >= 0 { (p.clone(), q.shl(k as u64)) } else { (p.shl(k.unsigned_abs()), q.clone()) };
        let (t, rest) = num.divide(&den);
        if t >= 1 << 53 {
            k += 1;
            continue;
        }
        let t = match rest.shl(1).cmp(&den) {
            Ordering::Greater => t + 1,
            Ordering::Equal => t + (t & 1),
            Ordering::Less => t,
        };
        return compose(t, k);
    }
}

/// `t × 2^k` as an `f64`: `t ≤ 2^53`; below `2^52` only at the smallest exponent (subnormal).
fn compose(t: u64, k: i64) -> f64 {
    let (t, k) = if t == 1 << 53 { (1 << 52, k + 1) } else { (t, k) };
    if t < 1 << 52 {
        return f64::from_bits(t);
    }
    let biased = k + 1075;
    if biased >= 2047 {
        return f64::INFINITY;
    }
    f64::from_bits(((biased as u64) << 52) | (t - (1 << 52)))
}

/// An unsigned big integer, 32-bit limbs, least significant first.
#[derive(Clone, Debug)]
struct Big(Vec<u32>);

impl Big {
    /// `self = self × m + add`.
    fn mul_add(&mut self, m: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let x = u64::from(*limb) * u64::from(m) + carry;
            *limb = x as u32;
            carry = x >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    /// Significant limbs (no zero limbs on top).
    fn limbs(&self) -> &[u32] {
        let used = self.0.iter().rposition(|&l| l != 0).map_or(0, |i| i + 1);
        self.0.get(..used).unwrap_or_default()
    }

    /// Number of significant bits.
    fn bits(&self) -> u64 {
        let limbs = self.limbs();
        limbs.last().map_or(0, |top| (limbs.len() as u64 - 1) * 32 + u64::from(32 - top.leading_zeros()))
    }

    fn shl(&self, n: u64) -> Big {
        let (whole, part) = ((n / 32) as usize, (n % 32) as u32);
        let mut out = vec![0; whole];
        let mut carry = 0;
        for &limb in self.limbs() {
            if part == 0 {
                out.push(limb);
            } else {
                out.push((limb << part) | carry);
                carry = limb >> (32 - part);
            }
        }
        out.push(carry);
        Big(out)
    }

    fn cmp(&self, other: &Big) -> Ordering {
        let (a, b) = (self.limbs(), other.limbs());
        a.len().cmp(&b.len()).then_with(|| a.iter().rev().cmp(b.iter().rev()))
    }

    /// `self -= other`, `other ≤ self`.
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let x = i64::from(*limb) - i64::from(other.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = i64::from(x < 0);
            *limb = x.rem_euclid(1 << 32) as u32;
        }
    }

    /// Quotient (below 2^55 where it is used) and remainder of `self / den`.
    fn divide(&self, den: &Big) -> (u64, Big) {
        let mut rest = self.clone();
        let mut t = 0u64;
        for bit in (0..55).rev() {
            let step = den.shl(bit);
            if rest.cmp(&step) != Ordering::Less {
                rest.sub(&step);
                t |= 1 << bit;
            }
        }
        (t, rest)
    }
}

#[cfg(test)]
mod tests {
    use super::parse_f64;

    #[test]
    fn reads_what_str_parse_reads() {
        for text in [
            "0",
            "-0",
            "1",
            "+1.5",
            ".5",
            "5.",
            "1e3",
            "1E+03",
            "2.5e-3",
            "inf",
            "-Infinity",
            "NaN",
            "0.1",
            "9007199254740993",
            "1.7976931348623157e308",
            "1.7976931348623159e308",
            "4.9406564584124654e-324",
            "2.4703282292062328e-324",
            "2.4703282292062327e-324",
            "2.2250738585072011e-308",
            "1e400",
            "1e-400",
            "123456789012345678901234567890",
            "0.000000000000000000000000000001",
        ] {
            let ours = parse_f64(text).map(f64::to_bits);
            let std = text.parse::<f64>().ok().map(f64::to_bits);
            assert_eq!(ours, std, "{text}");
        }
        for text in ["", ".", "-", "e5", "1e", "1e+", "1.2.3", " 1", "1 ", "0x10", "1_000", "infinit", "+-1", "1e1.5"] {
            assert_eq!(parse_f64(text), None, "{text}");
            assert!(text.parse::<f64>().is_err(), "{text}");
        }
    }
}
