//! The pieces the JSON documents' writers are made of (`Progress::to_json`,
//! `Answer::to_json`), writing what serde_json writes.

use std::fmt::Write as _;

/// Appends `text` as a JSON string (escaped as serde_json does: `"`, `\`, and control
/// characters; everything else as is).
pub fn write_str(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if c < ' ' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends `x` as a JSON number as serde_json writes it: the shortest text that reads back
/// to the same `f64` (`1000.0`, `0.25`, `0.00001`, `1e+21`, `-2.5e-7`); `null` when not
/// finite.
pub fn write_f64(out: &mut String, x: f64) {
    if !x.is_finite() {
        out.push_str("null");
        return;
    }
    // `{:?}` is the shortest round trip, in exponent form below 1e-4 and from 1e16.
    let text = format!("{x:?}");
    match text.split_once('e') {
        Some((mantissa, exp)) if !exp.starts_with('-') => {
            let _ = write!(out, "{mantissa}e+{exp}");
        }
        Some((_, "-5")) => {
            let _ = write!(out, "{x}");
        }
        _ => out.push_str(&text),
    }
}

/// Appends the items of `items` as a JSON list, each written by `write`.
pub fn write_list<T>(out: &mut String, items: &[T], mut write: impl FnMut(&mut String, &T)) {
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write(out, item);
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_strings_and_numbers_as_serde_json_reads_them() {
        let mut out = String::new();
        write_str(&mut out, "a\"\\\n\u{1}é");
        assert_eq!(out, r#""a\"\\\n\u0001é""#);
        out.clear();
        write_list(&mut out, &[1000.0, 0.25, -0.0, 1e21, f64::NAN], |o, x| write_f64(o, *x));
        assert_eq!(out, "[1000.0,0.25,-0.0,1e+21,null]");
    }
}
