//! Lenient readers for answers typed as text: `16 min 40 s`, `1000s`, `1,000`, `1200万`,
//! `16分40秒`, `never`; `Q0, Q3, Q6`, `Q0-Q2`, `none`; `a, c`, `AC`, `replay`. Whatever the
//! text, the result is a value or an [`Unreadable`] message in both languages, never a panic.

use super::compute::Value;
use super::model::{Text, Unit};

/// Why an answer could not be read (shown to the learner).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable(pub Text);

pub(crate) fn unreadable(zh: String, en: String) -> Unreadable {
    Unreadable(Text { zh, en })
}

/// ASCII lower case, ASCII letters, digits and punctuation for their full-width forms
/// (what a Chinese input method types), trimmed. Answers are read against ASCII labels, ids
/// and units, so only ASCII needs a case (and the site carries no Unicode case tables).
fn normalize(text: &str) -> String {
    let ascii = |c: char, first: char, to: char| char::from_u32(c as u32 - first as u32 + to as u32).unwrap_or(c);
    text.trim()
        .chars()
        .map(|c| match c {
            '０'..='９' => ascii(c, '０', '0'),
            'Ａ'..='Ｚ' => ascii(c, 'Ａ', 'a'),
            'ａ'..='ｚ' => ascii(c, 'ａ', 'a'),
            '，' | '、' => ',',
            '．' | '。' => '.',
            '；' => ';',
            '（' => '(',
            '）' => ')',
            '～' => '~',
            '－' | '—' | '–' => '-',
            '／' => '/',
            other => other.to_ascii_lowercase(),
        })
        .collect::<String>()
        .trim_end_matches(['.', '!', '！'])
        .trim()
        .to_owned()
}

const NEVER_WORDS: [&str; 17] = [
    "never",
    "∞",
    "inf",
    "infinity",
    "infinite",
    "forever",
    "永远",
    "永不",
    "永远不会",
    "永远清不完",
    "清不完",
    "无法清空",
    "不会清空",
    "永远不会清空",
    "无穷",
    "无穷大",
    "无限",
];

/// What a unit word means.
#[derive(Debug, Clone, Copy, PartialEq)]
enum UnitWord {
    None,
    Time(f64),
    Rate,
    Count,
}

fn unit_word(word: &str) -> Option<UnitWord> {
    let w = word.trim();
    Some(match w {
        "" => UnitWord::None,
        "ms" | "毫秒" => UnitWord::Time(0.001),
        "s" | "sec" | "secs" | "second" | "seconds" | "秒" | "秒钟" => UnitWord::Time(1.0),
        "m" | "min" | "mins" | "minute" | "minutes" | "分" | "分钟" => UnitWord::Time(60.0),
        "h" | "hr" | "hrs" | "hour" | "hours" | "小时" | "时" => UnitWord::Time(3600.0),
        "d" | "day" | "days" | "天" => UnitWord::Time(86_400.0),
        "/s"
        | "/sec"
        | "msg/s"
        | "msgs/s"
        | "message/s"
        | "messages/s"
        | "tps"
        | "qps"
        | "条/秒"
        | "条/s"
        | "每秒"
        | "条每秒"
        | "per second"
        | "msg per second"
        | "messages per second"
        | "msg/sec" => UnitWord::Rate,
        "msg" | "msgs" | "message" | "messages" | "条" | "个" | "台" | "instance" | "instances" | "实例" | "个实例"
        | "台实例" | "consumer" | "consumers" | "消费者" | "个消费者" | "queue" | "queues" | "队列" | "个队列"
        | "offset" | "位点" | "time" | "times" | "次" => UnitWord::Count,
        _ => return None,
    })
}

/// Splits `万条/秒` into a multiplier and the rest.
fn multiplier(word: &str) -> (f64, &str) {
    let w = word.trim();
    for (prefix, factor) in [("万", 1e4), ("亿", 1e8), ("k", 1e3)] {
        if let Some(rest) = w.strip_prefix(prefix) {
            let rest = rest.trim();
            if prefix != "k" || matches!(unit_word(rest), Some(UnitWord::None | UnitWord::Rate | UnitWord::Count)) {
                return (factor, rest);
            }
        }
    }
    (1.0, w)
}

/// Parses `12,000,000`, `1_000`, `13333.3`, `1.2e7`; a comma must group exactly 3 digits.
fn number(token: &str) -> Option<f64> {
    let mut groups = token.split(',');
    let first = groups.next()?;
    let rest: Vec<&str> = groups.collect();
    for g in &rest {
        let digits = g.split(['.', 'e']).next().unwrap_or_default();
        if digits.len() != 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
    }
    let joined: String = std::iter::once(first).chain(rest).collect::<String>().replace('_', "");
    crate::float::parse_f64(&joined).filter(|x| x.is_finite())
}

/// Splits text into `(number, unit words)` pairs.
fn pairs(text: &str) -> Option<Vec<(f64, String)>> {
    let mut out: Vec<(f64, String)> = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let is_num_start = |c: char| c.is_ascii_digit() || c == '.' || c == '-' || c == '+';
    while i < chars.len() {
        if chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
            continue;
        }
        if !chars.get(i).is_some_and(|&c| is_num_start(c)) {
            return None;
        }
        let start = i;
        i += 1;
        while let Some(&c) = chars.get(i) {
            let exponent = (c == 'e') && chars.get(i + 1).is_some_and(|n| n.is_ascii_digit() || *n == '-' || *n == '+');
            let sign_after_e = (c == '-' || c == '+') && chars.get(i.wrapping_sub(1)) == Some(&'e');
            if c.is_ascii_digit() || c == ',' || c == '_' || c == '.' || exponent || sign_after_e {
                i += 1;
            } else {
                break;
            }
        }
        let token: String = chars.get(start..i)?.iter().collect();
        let value = number(&token)?;
        let unit_start = i;
        while chars.get(i).is_some_and(|c| !c.is_ascii_digit()) {
            i += 1;
        }
        let unit: String = chars.get(unit_start..i)?.iter().collect();
        out.push((value, unit.trim().to_owned()));
    }
    (!out.is_empty()).then_some(out)
}

fn wrong_unit(unit: Unit) -> Unreadable {
    let s = unit.symbol();
    unreadable(format!("单位不对：这里的单位是 {}", s.zh), format!("wrong unit: this answer is in {}", s.en))
}

/// Reads a quantity in `unit`: a number with an optional unit, or a duration made of
/// several (`16 min 40 s`), or `never` for durations.
pub fn quantity(text: &str, unit: Unit) -> Result<Value, Unreadable> {
    let t = normalize(text);
    let t = ["about", "approx.", "approx", "≈", "约", "大约", "~"].iter().fold(t, |t, w| match t.strip_prefix(w) {
        Some(rest) => rest.trim().to_owned(),
        None => t,
    });
    let not_a_number = || {
        unreadable(
            format!("看不懂“{}”：请填一个数，例如 1000 或 16 分 40 秒", text.trim()),
            format!("cannot read {:?}: enter a number such as 1000 or 16 min 40 s", text.trim()),
        )
    };
    if NEVER_WORDS.contains(&t.as_str()) {
        return if unit == Unit::Seconds { Ok(Value::Never) } else { Err(not_a_number()) };
    }
    let pairs = pairs(&t).ok_or_else(not_a_number)?;
    let single = pairs.len() == 1;
    let mut total = 0.0;
    for (value, word) in &pairs {
        let (factor, rest) = multiplier(word);
        let kind = unit_word(rest).ok_or_else(not_a_number)?;
        let x = value * factor;
        total += match (unit, kind) {
            (_, UnitWord::None) if !single => return Err(not_a_number()),
            (Unit::Seconds, UnitWord::Time(f)) => x * f,
            (Unit::Seconds, UnitWord::None) => x,
            (Unit::MessagesPerSecond, UnitWord::None | UnitWord::Rate) if single => x,
            (Unit::Seconds | Unit::MessagesPerSecond, _) => return Err(wrong_unit(unit)),
            (_, UnitWord::None | UnitWord::Count) if single => x,
            _ => return Err(wrong_unit(unit)),
        };
    }
    if total.is_finite() {
        Ok(Value::Number(total))
    } else {
        Err(not_a_number())
    }
}

fn tokens(text: &str) -> Vec<String> {
    normalize(text)
        .replace(" and ", ",")
        .replace('和', ",")
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .map(|t| if t.chars().all(|c| c == '.') { t } else { t.trim_matches(|c: char| "()[]{}\"'.:：".contains(c)) })
        .map(str::to_owned)
        .filter(|t| !t.is_empty())
        .collect()
}

/// Reads a queue set: labels (`Q3`, `broker-hz/Q0`), a queue written without its `Q`
/// (`3`, `broker-hz/0`), ranges (`Q0-Q2`), or `none` / `无`.
pub fn queue_list(text: &str, labels: &[String]) -> Result<Value, Unreadable> {
    const SEPARATORS: [&str; 6] = ["..", "~", "至", "到", "-", "to"];
    let lower: Vec<String> = labels.iter().map(|l| l.to_ascii_lowercase()).collect();
    let label = |token: &str| lower.iter().position(|l| l == token);
    let one = |token: &str| -> Option<usize> {
        label(token)
            // `broker-a/4` for `broker-a/Q4`.
            .or_else(|| {
                let (broker, id) = token.rsplit_once('/')?;
                id.parse::<u32>().ok().and_then(|id| label(&format!("{broker}/q{id}")))
            })
            // `4` for `Q4`, else the fourth-from-zero queue of the board (its index, the
            // form of a `queues` answer: with several brokers a bare number is a position).
            .or_else(|| {
                let n = token.parse::<usize>().ok()?;
                label(&format!("q{n}")).or(Some(n).filter(|&i| i < labels.len()))
            })
    };
    let normalized = normalize(text);
    if ["none", "nothing", "无", "空", "没有", "-", "[]", "{}"].contains(&normalized.as_str()) {
        return Ok(Value::Queues(Vec::new()));
    }
    let toks = tokens(text);
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(token) = toks.get(i) {
        i += 1;
        if let Some(q) = one(token) {
            // `Q0 - Q2`, `Q0 to Q2`: a separator on its own between two queues.
            let next = toks.get(i).filter(|t| SEPARATORS.contains(&t.as_str())).and(toks.get(i + 1));
            match next.and_then(|t| one(t)).filter(|&end| end >= q) {
                Some(end) => {
                    out.extend(q..=end);
                    i += 2;
                }
                None => out.push(q),
            }
            continue;
        }
        let range = SEPARATORS.iter().find_map(|sep| {
            token.match_indices(sep).find_map(|(at, _)| {
                let (a, b) = (token.get(..at)?, token.get(at + sep.len()..)?);
                let (a, b) = (one(a)?, one(b)?);
                (a <= b).then_some(a..=b)
            })
        });
        match range {
            Some(r) => out.extend(r),
            None => {
                return Err(unreadable(
                    format!("看不懂“{token}”：请写队列名，例如 Q0, Q3"),
                    format!("cannot read {token:?}: name queues like Q0, Q3"),
                ))
            }
        }
    }
    if out.is_empty() {
        return Err(unreadable("没有选择任何队列".to_owned(), "no queue given".to_owned()));
    }
    out.sort();
    out.dedup();
    Ok(Value::Queues(out))
}

/// Reads options named as the learner sees them: `ids` are the options' ids in display
/// order, and a letter names the option shown at its position (`A` the first, `B, D`, `BD`,
/// `(c)`); a word names an option whose id is that word (`replay`, `yes`). Letters are
/// positions, not ids, because the display order is shuffled per instance.
pub fn choice_list(text: &str, ids: &[&str]) -> Result<Value, Unreadable> {
    let lower: Vec<String> = ids.iter().map(|i| i.to_ascii_lowercase()).collect();
    let position = |c: char| {
        let i = (c as usize).checked_sub('a' as usize)?;
        (c.is_ascii_lowercase() && i < ids.len()).then_some(i)
    };
    let mut picked = vec![false; ids.len()];
    for token in tokens(text) {
        let word = lower.iter().position(|id| id.chars().count() > 1 && *id == token);
        if let Some(i) = word {
            picked[i] = true;
        } else if let Some(letters) = token.chars().map(position).collect::<Option<Vec<usize>>>() {
            for i in letters {
                picked[i] = true;
            }
        } else {
            return Err(unreadable(format!("没有选项“{token}”"), format!("there is no option {token:?}")));
        }
    }
    let chosen: Vec<String> = ids.iter().zip(&picked).filter(|(_, p)| **p).map(|(id, _)| (*id).to_owned()).collect();
    if chosen.is_empty() {
        return Err(unreadable("没有选择任何选项".to_owned(), "no option chosen".to_owned()));
    }
    Ok(Value::Choices(chosen))
}

/// Reads option ids as stored (`{"choices": ["a", "replay"]}`): each must be one of `ids`
/// (case aside); the order and repeats do not matter.
pub fn choice_ids(given: &[String], ids: &[&str]) -> Result<Value, Unreadable> {
    let mut picked = vec![false; ids.len()];
    for g in given {
        match ids.iter().position(|id| id.eq_ignore_ascii_case(g.trim())) {
            Some(i) => picked[i] = true,
            None => return Err(unreadable(format!("没有选项“{g}”"), format!("there is no option {g:?}"))),
        }
    }
    let chosen: Vec<String> = ids.iter().zip(&picked).filter(|(_, p)| **p).map(|(id, _)| (*id).to_owned()).collect();
    if chosen.is_empty() {
        return Err(unreadable("没有选择任何选项".to_owned(), "no option chosen".to_owned()));
    }
    Ok(Value::Choices(chosen))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(text: &str) -> Option<f64> {
        match quantity(text, Unit::Seconds) {
            Ok(Value::Number(x)) => Some(x),
            _ => None,
        }
    }

    #[test]
    fn durations() {
        for (text, want) in [
            ("1000", 1000.0),
            ("1000s", 1000.0),
            ("1,000 s", 1000.0),
            ("16 min 40 s", 1000.0),
            ("16m40s", 1000.0),
            ("16分40秒", 1000.0),
            ("16 分钟 40 秒", 1000.0),
            ("1h 2min 3s", 3723.0),
            ("16.5 min", 990.0),
            ("1000000 ms", 1000.0),
            ("约 1000 秒", 1000.0),
            ("１０００秒", 1000.0),
            ("１６ＭＩＮ ４０Ｓ", 1000.0),
        ] {
            assert_eq!(secs(text), Some(want), "{text}");
        }
        assert_eq!(quantity("never", Unit::Seconds), Ok(Value::Never));
        assert_eq!(quantity("永远清不完", Unit::Seconds), Ok(Value::Never));
        for bad in ["", "abc", "16 min 40", "1,5", "1e400", "1000 msg/s", "--5", "NaN", "5 apples"] {
            assert!(secs(bad).is_none(), "{bad}");
        }
        assert_eq!(quantity("1000 msg/s", Unit::Seconds), Err(wrong_unit(Unit::Seconds)));
    }

    #[test]
    fn counts_and_rates() {
        let q = |t: &str, u: Unit| match quantity(t, u) {
            Ok(Value::Number(x)) => Some(x),
            _ => None,
        };
        assert_eq!(q("33,333.3 msg/s", Unit::MessagesPerSecond), Some(33_333.3));
        assert_eq!(q("3.3万条/秒", Unit::MessagesPerSecond), Some(33_000.0));
        assert_eq!(q("1200万", Unit::Messages), Some(12_000_000.0));
        assert_eq!(q("1.2e7", Unit::Messages), Some(12_000_000.0));
        assert_eq!(q("9 instances", Unit::Instances), Some(9.0));
        assert_eq!(q("9台", Unit::Instances), Some(9.0));
        assert_eq!(q("12k/s", Unit::MessagesPerSecond), Some(12_000.0));
        assert!(quantity("9 s", Unit::Instances).is_err());
        assert!(quantity("never", Unit::Instances).is_err());
        assert!(quantity("9 9", Unit::Instances).is_err());
    }

    #[test]
    fn queues_and_choices() {
        let labels: Vec<String> = (0..8).map(|i| format!("Q{i}")).collect();
        assert_eq!(queue_list("Q0, q3,Q6", &labels), Ok(Value::Queues(vec![0, 3, 6])));
        assert_eq!(queue_list("Q0-Q2", &labels), Ok(Value::Queues(vec![0, 1, 2])));
        assert_eq!(queue_list("Q0 - Q2, Q5 to Q6", &labels), Ok(Value::Queues(vec![0, 1, 2, 5, 6])));
        assert_eq!(queue_list("Q0～Q2", &labels), Ok(Value::Queues(vec![0, 1, 2])));
        assert_eq!(queue_list("[]", &labels), Ok(Value::Queues(vec![])));
        assert_eq!(queue_list("Q1 .. Q3", &labels), Ok(Value::Queues(vec![1, 2, 3])));
        assert!(queue_list("Q2 -", &labels).is_err());
        assert_eq!(queue_list("Q6、Q7", &labels), Ok(Value::Queues(vec![6, 7])));
        // Full-width letters and digits, as a Chinese input method types them.
        assert_eq!(queue_list("Ｑ３，ｑ５", &labels), Ok(Value::Queues(vec![3, 5])));
        assert_eq!(queue_list("0 1 2 2", &labels), Ok(Value::Queues(vec![0, 1, 2])));
        assert_eq!(queue_list("无", &labels), Ok(Value::Queues(vec![])));
        assert!(queue_list("Q9", &labels).is_err());
        // A queue with its broker, with or without the `Q`; a bare number is the queue `Q<n>`.
        let brokers: Vec<String> =
            ["broker-a/Q0", "broker-a/Q1", "broker-b/Q0", "broker-b/Q4"].map(String::from).to_vec();
        assert_eq!(queue_list("broker-b/4, Broker-A/q1", &brokers), Ok(Value::Queues(vec![1, 3])));
        assert_eq!(queue_list("broker-b/Q0 broker-a/0", &brokers), Ok(Value::Queues(vec![0, 2])));
        assert!(queue_list("broker-c/0", &brokers).is_err());
        assert!(queue_list("broker-a/", &brokers).is_err());
        let sparse: Vec<String> = ["Q2", "Q4", "Q6"].map(String::from).to_vec();
        assert_eq!(queue_list("4", &sparse), Ok(Value::Queues(vec![1])));
        assert_eq!(queue_list("Q4 6", &sparse), Ok(Value::Queues(vec![1, 2])));
        assert!(queue_list("", &labels).is_err());
        // Letters are display positions: here the option with id "c" is shown first (A).
        let ids = ["c", "a", "d", "b"];
        let chosen = |ids: &[&str]| Ok(Value::Choices(ids.iter().map(|s| (*s).to_owned()).collect()));
        assert_eq!(choice_list("A, c", &ids), chosen(&["c", "d"]));
        assert_eq!(choice_list("ca", &ids), chosen(&["c", "d"]));
        assert_eq!(choice_list("(b)", &ids), chosen(&["a"]));
        assert_eq!(choice_list("Ｂ、ｄ", &ids), chosen(&["a", "b"]));
        assert!(choice_list("e", &ids).is_err());
        assert!(choice_list("", &ids).is_err());
        assert_eq!(choice_list("Replay", &["skip", "replay"]), chosen(&["replay"]));
        assert_eq!(choice_list("a", &["skip", "replay"]), chosen(&["skip"]));
        assert!(choice_list("r", &["skip", "replay"]).is_err());
        // Stored ids are ids, whatever the display order.
        assert_eq!(choice_ids(&["A".to_owned(), "b".to_owned()], &ids), chosen(&["a", "b"]));
        assert!(choice_ids(&["e".to_owned()], &ids).is_err());
    }
}
