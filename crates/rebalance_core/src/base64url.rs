//! base64url without padding (RFC 4648 §5): the text form of the site's shareable codes (the
//! mock interview's result code, a class's assignment link and completion code).
//!
//! Written out rather than taken from the `base64` crate: its general-purpose engine makes the
//! wasm larger than these two loops do, and the mock interview's page has no room for it
//! (BENCHMARKS.md, "The mock interview"). The tests hold it to the crate.

/// The alphabet, by value.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `bytes` as base64url without padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    let (mut bits, mut held) = (0u32, 0u32);
    for &byte in bytes {
        bits = (bits << 8) | u32::from(byte);
        held += 8;
        while held >= 6 {
            held -= 6;
            out.push(char::from(ALPHABET[((bits >> held) & 63) as usize]));
        }
    }
    if held > 0 {
        out.push(char::from(ALPHABET[((bits << (6 - held)) & 63) as usize]));
    }
    out
}

/// The bytes of base64url `text` without padding; `None` for a character outside the
/// alphabet, a length no such text has, or bits left over that are not zero (so every byte
/// string has exactly one text).
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut bits, mut held) = (0u32, 0u32);
    for c in text.bytes() {
        let value = ALPHABET.iter().position(|&a| a == c)?;
        bits = (bits << 6) | value as u32;
        held += 6;
        if held >= 8 {
            held -= 8;
            out.push((bits >> held) as u8);
        }
    }
    (held < 6 && bits & ((1 << held) - 1) == 0).then_some(out)
}

#[cfg(test)]
mod tests {
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine as _;
    use proptest::prelude::*;

    use super::{decode, encode};

    proptest! {
        #[test]
        fn encodes_as_the_base64_crate_does(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let text = encode(&bytes);
            prop_assert_eq!(&text, &URL_SAFE_NO_PAD.encode(&bytes));
            prop_assert_eq!(decode(&text), Some(bytes));
        }

        #[test]
        fn decodes_what_the_base64_crate_decodes(text in "[A-Za-z0-9_=+/*-]{0,40}") {
            prop_assert_eq!(decode(&text), URL_SAFE_NO_PAD.decode(&text).ok());
        }
    }

    #[test]
    fn refuses_a_length_no_text_has_and_leftover_bits() {
        assert_eq!(decode("A"), None, "one character past a group");
        assert_eq!(decode("AB"), None, "leftover bits that are not zero");
        assert_eq!(decode("AA"), Some(vec![0]));
        assert_eq!(decode(""), Some(Vec::new()));
    }
}
