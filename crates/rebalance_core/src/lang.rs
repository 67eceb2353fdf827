//! The two languages every text of the site, the exercises and the CLI is written in.

use serde::{Deserialize, Serialize};

/// A language the site, the exercises and the CLI speak. Stored and authored as `zh` / `en`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Simplified Chinese (zh-CN), with the RocketMQ terms of the source articles.
    Zh,
    /// English, the fallback for any missing text.
    En,
}

impl Lang {
    /// Both languages, in the order the site's language switch shows them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// The BCP 47 tag, used in `?lang=` and in `<html lang>`: `zh-CN`, `en`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en",
        }
    }

    /// The language's own name, as the language switch shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::Zh => "中文",
            Lang::En => "English",
        }
    }

    /// Reads a language tag loosely, by its primary subtag: `zh`, `zh-CN`, `zh_cn`,
    /// `zh-Hans-CN`, `en`, `en-US` (case-insensitive, surrounding spaces ignored).
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "zh" => Some(Lang::Zh),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The first of `preferred` (most preferred first) that is spoken here, else English.
    pub fn negotiate<'a>(preferred: impl IntoIterator<Item = &'a str>) -> Lang {
        preferred.into_iter().find_map(Lang::from_code).unwrap_or(Lang::En)
    }
}

#[cfg(test)]
mod tests {
    use super::Lang;

    #[test]
    fn tags_are_read_by_their_primary_subtag() {
        for (tag, lang) in [
            ("en", Some(Lang::En)),
            ("en-US", Some(Lang::En)),
            (" EN_gb ", Some(Lang::En)),
            ("zh", Some(Lang::Zh)),
            ("zh-CN", Some(Lang::Zh)),
            ("zh_cn", Some(Lang::Zh)),
            ("zh-Hans-CN", Some(Lang::Zh)),
            ("fr", None),
            ("", None),
            ("-", None),
        ] {
            assert_eq!(Lang::from_code(tag), lang, "{tag:?}");
        }
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
    }

    #[test]
    fn negotiation_takes_the_first_spoken_language_else_english() {
        assert_eq!(Lang::negotiate(["fr-FR", "zh-TW", "en"]), Lang::Zh);
        assert_eq!(Lang::negotiate(["de", "en-GB", "zh"]), Lang::En);
        assert_eq!(Lang::negotiate(["de", "ja"]), Lang::En);
        assert_eq!(Lang::negotiate([]), Lang::En);
    }
}
