//! `mqadmin consumerProgress -g GROUP` text, rendered byte for byte and parsed back.
//!
//! The layout is RocketMQ 5.x `ConsumerProgressSubCommand` (apache/rocketmq 8fc57f1):
//!
//! ```text
//! header  "%-64s  %-32s  %-4s  %-20s  %-20s  %-20s %-20s%s%n"            (no space before #LastTime)
//! row     "%-64s  %-32s  %-4d  %-20d  %-20d  %-20d %-20d %s%n"
//! -s true "%-64s  %-32s  %-4s  %-20s  %-20s  %-20s %-20s %-20s%s%n"      (+ #Client IP)
//!         "%-64s  %-32s  %-4d  %-20d  %-20d  %-20s %-20d %-20d %s%n"
//! footer  "%n" "Consume TPS: %.2f%n" "Consume Diff Total: %d%n" "Consume Inflight Total: %d%n"
//! ```
//!
//! `#Broker Offset` is MaxOffset, `#Diff` is `MaxOffset - ConsumerOffset` (it counts
//! expired positions, see [`crate::offset`]), `#Inflight` is `PullOffset - ConsumerOffset`
//! and `#LastTime` is `N/A` for timestamp 0, else `yyyy-MM-dd HH:mm:ss` in the tool's time
//! zone (here: a fixed UTC offset in minutes; no clock, no tz database). Topic and broker
//! name are cut to 64 and 32 UTF-16 units (`UtilAll.frontStringAtLeast`); arithmetic wraps
//! like Java `long`.
//!
//! Parsing splits rows on whitespace. RocketMQ topic names cannot contain spaces, but a
//! broker name could: such a row cannot be split unambiguously and is reported as an error.
//! The text has no MinOffset, so parsed queues carry `min_offset = 0`
//! ([`ParsedProgress::min_offset_known`] is `false`): their lag then equals `#Diff`.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::offset::QueueProgress;
use crate::{Error, MessageQueue, Result};

/// How to render.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RenderOptions {
    /// `Some` = `-s true`: the `#Client IP` column, `N/A` for queues not in the map.
    pub client_ips: Option<BTreeMap<MessageQueue, String>>,
    /// The `Consume TPS` footer value.
    pub consume_tps: f64,
    /// The time zone of `#LastTime`, as minutes east of UTC (480 = UTC+8).
    pub utc_offset_minutes: i32,
}

/// `%-Ns`: left-justified, padded with spaces to `width` UTF-16 units.
fn pad(out: &mut String, s: &str, width: usize) {
    out.push_str(s);
    let len = if s.is_ascii() { s.len() } else { s.encode_utf16().count() };
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(len)));
}

/// `UtilAll.frontStringAtLeast`: the first `size` UTF-16 units. Java would print half of a
/// cut surrogate pair as `?`, and so does this.
pub fn front_string_at_least(s: &str, size: usize) -> String {
    let mut units = 0;
    let mut out = String::new();
    for ch in s.chars() {
        let w = ch.len_utf16();
        if units + w > size {
            if units < size {
                out.push('?');
            }
            break;
        }
        units += w;
        out.push(ch);
    }
    out
}

/// Java `String.format("%.<precision>f", x)`: half-up rounding of the shortest decimal
/// representation (so `1.005` gives `1.01` and `0.125` gives `0.13`), `NaN`, `Infinity`,
/// and a kept minus sign (`-0.00`). `precision` is capped at 340 (no `f64` has more
/// significant decimal places).
pub fn java_format_fixed(x: f64, precision: usize) -> String {
    let precision = precision.min(340);
    if x.is_nan() {
        return "NaN".to_owned();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.to_owned();
    }
    // value = 0.d1d2d3… × 10^point
    let (digits, point): (Vec<u8>, i64) = if x == 0.0 {
        (vec![0], 1)
    } else {
        let sci = format!("{:e}", x.abs());
        let (mantissa, exp) = sci.split_once('e').unwrap_or((sci.as_str(), "0"));
        let digits = mantissa.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect();
        (digits, exp.parse::<i64>().unwrap_or(0).saturating_add(1))
    };
    // Digits kept from the first one; negative when all of them are below the precision.
    let keep = usize::try_from(point.saturating_add(precision as i64));
    let (mut kept, round): (Vec<u8>, u8) = match keep {
        Ok(k) => ((0..k).map(|i| digits.get(i).copied().unwrap_or(0)).collect(), digits.get(k).copied().unwrap_or(0)),
        Err(_) => (Vec::new(), 0),
    };
    if round >= 5 {
        let mut carry = true;
        for d in kept.iter_mut().rev() {
            if *d == 9 {
                *d = 0;
            } else {
                *d += 1;
                carry = false;
                break;
            }
        }
        if carry {
            kept.insert(0, 1);
        }
    }
    while kept.len() < precision + 1 {
        kept.insert(0, 0);
    }
    let split = kept.len() - precision;
    let mut out = String::with_capacity(kept.len() + 2);
    if x.is_sign_negative() {
        out.push('-');
    }
    let (int, frac) = kept.split_at(split);
    out.extend(int.iter().map(|d| char::from(b'0' + d)));
    if precision > 0 {
        out.push('.');
        out.extend(frac.iter().map(|d| char::from(b'0' + d)));
    }
    out
}

/// Days since 1970-01-01 to a proleptic Gregorian (year, month, day).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// A proleptic Gregorian date to days since 1970-01-01 (year within ±1e9).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + d - 1;
    era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
}

/// `UtilAll.YYYY_MM_DD_HH_MM_SS` of `epoch_ms` at a fixed UTC offset. Dates before
/// 1582-10-15 use the proleptic Gregorian calendar (Java switches to Julian there).
pub fn format_date_time(epoch_ms: i64, utc_offset_minutes: i32) -> String {
    let local = epoch_ms.saturating_add(i64::from(utc_offset_minutes) * 60_000);
    let secs = local.div_euclid(1000);
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    let sod = secs.rem_euclid(86_400);
    let year = if y < 0 { format!("-{:04}", -y) } else { format!("{y:04}") };
    format!("{year}-{m:02}-{d:02} {:02}:{:02}:{:02}", sod / 3600, sod / 60 % 60, sod % 60)
}

/// `#LastTime`: `N/A` for no timestamp or 0, else [`format_date_time`].
pub fn format_last_time(last_timestamp: Option<i64>, utc_offset_minutes: i32) -> String {
    match last_timestamp {
        None | Some(0) => "N/A".to_owned(),
        Some(ms) => format_date_time(ms, utc_offset_minutes),
    }
}

/// Reads `yyyy-MM-dd` and `HH:mm:ss` back to epoch ms at a fixed UTC offset.
pub fn parse_date_time(date: &str, time: &str, utc_offset_minutes: i32) -> Option<i64> {
    let (neg, date) = match date.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, date),
    };
    let num = |s: &str, max_len: usize| -> Option<i64> {
        (!s.is_empty() && s.len() <= max_len && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok())?
    };
    let mut dp = date.split('-');
    let (y, m, d) = (num(dp.next()?, 9)?, num(dp.next()?, 2)?, num(dp.next()?, 2)?);
    let mut tp = time.split(':');
    let (hh, mi, ss) = (num(tp.next()?, 2)?, num(tp.next()?, 2)?, num(tp.next()?, 2)?);
    if dp.next().is_some() || tp.next().is_some() || !(1..=12).contains(&m) || hh > 23 || mi > 59 || ss > 59 {
        return None;
    }
    let y = if neg { -y } else { y };
    let days = days_from_civil(y, m, d);
    if d < 1 || civil_from_days(days) != (y, m, d) {
        return None;
    }
    let secs = days.checked_mul(86_400)?.checked_add(hh * 3_600 + mi * 60 + ss)?;
    secs.checked_mul(1000)?.checked_sub(i64::from(utc_offset_minutes) * 60_000)
}

/// One line: `%-64s  %-32s  %-4s  %-20s  %-20s  [%-20s ]%-20s %-20s{last_sep}%s%n`
/// (the header has no separator before `#LastTime`, the rows have one space).
fn write_line(out: &mut String, cells: [&str; 8], ip: Option<&str>, last_sep: &str) {
    let [topic, broker, qid, max, consumer, diff, inflight, last] = cells;
    for (cell, width) in [(topic, 64), (broker, 32), (qid, 4), (max, 20), (consumer, 20)] {
        pad(out, cell, width);
        out.push_str("  ");
    }
    if let Some(ip) = ip {
        pad(out, ip, 20);
        out.push(' ');
    }
    pad(out, diff, 20);
    out.push(' ');
    pad(out, inflight, 20);
    out.push_str(last_sep);
    out.push_str(last);
    out.push('\n');
}

/// The text `mqadmin consumerProgress -g GROUP` prints (with `-s true` when
/// `opts.client_ips` is `Some`), rows in MessageQueue order.
pub fn render(progress: &[QueueProgress], opts: &RenderOptions) -> String {
    let ips = opts.client_ips.as_ref();
    let mut out = String::new();
    let header =
        ["#Topic", "#Broker Name", "#QID", "#Broker Offset", "#Consumer Offset", "#Diff", "#Inflight", "#LastTime"];
    write_line(&mut out, header, ips.map(|_| "#Client IP"), "");

    let mut rows: Vec<&QueueProgress> = progress.iter().collect();
    rows.sort_by(|a, b| a.mq.cmp(&b.mq));
    let (mut diff_total, mut inflight_total) = (0i64, 0i64);
    for q in rows {
        let diff = q.max_offset.wrapping_sub(q.consumer_offset);
        let inflight = q.pull_offset.map_or(0, |p| p.wrapping_sub(q.consumer_offset));
        diff_total = diff_total.wrapping_add(diff);
        inflight_total = inflight_total.wrapping_add(inflight);
        let cells = [
            &front_string_at_least(&q.mq.topic, 64),
            &front_string_at_least(&q.mq.broker_name, 32),
            &q.mq.queue_id.to_string(),
            &q.max_offset.to_string(),
            &q.consumer_offset.to_string(),
            &diff.to_string(),
            &inflight.to_string(),
            &format_last_time(q.last_timestamp, opts.utc_offset_minutes),
        ];
        let ip = ips.map(|ips| ips.get(&q.mq).map_or("N/A", String::as_str));
        write_line(&mut out, cells.map(String::as_str), ip, " ");
    }
    out.push('\n');
    let _ = writeln!(out, "Consume TPS: {}", java_format_fixed(opts.consume_tps, 2));
    let _ = writeln!(out, "Consume Diff Total: {diff_total}");
    let _ = writeln!(out, "Consume Inflight Total: {inflight_total}");
    out
}

/// A group's progress as production output shows it: `OrderEvent` on broker-a and broker-b,
/// the group's retry topic `%RETRY%order-service` (one queue per broker), and broker-b's
/// queue 0 with a negative `#Diff`: its store was rebuilt (MaxOffset 1,180) while the
/// group's stored offset (4,210) survived. `#LastTime` is one second per missing message
/// before `now_ms`; the TPS is 57.3.
///
/// | topic | broker | qid | Broker Offset | Consumer Offset | Inflight |
/// |---|---|---|---|---|---|
/// | `%RETRY%order-service` | broker-a | 0 | 53 | 41 | 0 |
/// | `%RETRY%order-service` | broker-b | 0 | 7 | 7 | 0 |
/// | OrderEvent | broker-a | 0 | 6200 | 6188 | 12 |
/// | OrderEvent | broker-a | 1 | 5900 | 5871 | 29 |
/// | OrderEvent | broker-b | 0 | 1180 | 4210 | 0 |
/// | OrderEvent | broker-b | 1 | 1175 | 1175 | 0 |
pub fn field_example(now_ms: i64) -> Vec<QueueProgress> {
    let rows: [(&str, &str, i32, i64, i64, i64); 6] = [
        ("%RETRY%order-service", "broker-a", 0, 53, 41, 0),
        ("%RETRY%order-service", "broker-b", 0, 7, 7, 0),
        ("OrderEvent", "broker-a", 0, 6200, 6188, 12),
        ("OrderEvent", "broker-a", 1, 5900, 5871, 29),
        ("OrderEvent", "broker-b", 0, 1180, 4210, 0),
        ("OrderEvent", "broker-b", 1, 1175, 1175, 0),
    ];
    rows.into_iter()
        .map(|(topic, broker, qid, max, consumer, inflight)| {
            let mut q = QueueProgress::new(MessageQueue::new(topic, broker, qid), 0, max, consumer);
            q.pull_offset = Some(consumer + inflight);
            let behind = (max - consumer).max(0) + 1;
            q.last_timestamp = Some(now_ms.saturating_sub(behind.saturating_mul(1000)));
            q
        })
        .collect()
}

/// [`field_example`] as `mqadmin consumerProgress -g order-service` prints it (UTC).
pub fn field_example_text(now_ms: i64) -> String {
    render(&field_example(now_ms), &RenderOptions { consume_tps: 57.3, ..RenderOptions::default() })
}

/// One parsed row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ParsedQueue {
    /// 1-based line number in the pasted text.
    pub line: usize,
    /// `#Broker Offset` as `max_offset`, `#Consumer Offset`, `pull_offset = consumer +
    /// #Inflight` (`None` without that column), `#LastTime` (`None` for `N/A`).
    /// `min_offset` is **0**: the text does not contain it.
    pub progress: QueueProgress,
    /// `#Client IP`; `None` without the column or for `N/A`.
    pub client_ip: Option<String>,
    /// `#Diff` as printed (checked to equal `#Broker Offset - #Consumer Offset`).
    pub diff: i64,
    /// `#Inflight` as printed; `None` for output without that column (RocketMQ 4.x).
    pub inflight: Option<i64>,
}

/// What [`parse`] recovered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ParsedProgress {
    /// The rows, in text order.
    pub queues: Vec<ParsedQueue>,
    /// Always `false`: mqadmin does not print MinOffset, every queue has `min_offset = 0`,
    /// so expired positions show up as lag.
    pub min_offset_known: bool,
    /// The header had `#Client IP` (`-s true`, or RocketMQ 4.x).
    pub client_ip_column: bool,
    /// 1-based line of the (last) header.
    pub header_line: usize,
    /// `Consume TPS:` footer, when present and readable.
    pub consume_tps: Option<f64>,
    /// `Consume Diff Total:` (or 4.x `Diff Total:`) footer.
    pub diff_total: Option<i64>,
    /// `Consume Inflight Total:` footer.
    pub inflight_total: Option<i64>,
}

impl ParsedProgress {
    /// The rows as [`QueueProgress`] (with `min_offset = 0`, see `min_offset_known`).
    pub fn progress(&self) -> Vec<QueueProgress> {
        self.queues.iter().map(|q| q.progress.clone()).collect()
    }
}

/// Column names a header may contain (without `#`). All but `Client IP` and `Inflight`
/// are required; `LastTime` spans two tokens and must come last.
const COLUMNS: [&str; 9] =
    ["Topic", "Broker Name", "QID", "Broker Offset", "Consumer Offset", "Client IP", "Diff", "Inflight", "LastTime"];

fn parse_error(line: usize, message: impl Into<String>) -> Error {
    let message = message.into();
    Error::Parse { line, message }
}

fn parse_header(text: &str, line: usize) -> Result<Vec<&'static str>> {
    let mut columns = Vec::new();
    for part in text.split('#').skip(1) {
        let name = part.split_whitespace().collect::<Vec<_>>().join(" ");
        let known = COLUMNS.iter().find(|n| **n == name);
        let unknown = || parse_error(line, format!("unknown column #{name} in the header"));
        columns.push(*known.ok_or_else(unknown)?);
    }
    let required = COLUMNS.iter().filter(|n| !matches!(**n, "Client IP" | "Inflight" | "LastTime"));
    if let Some(name) = required.clone().find(|n| !columns.contains(n)) {
        return Err(parse_error(line, format!("the header has no #{name} column")));
    }
    if columns.iter().position(|c| *c == "LastTime").is_some_and(|p| p + 1 != columns.len()) {
        return Err(parse_error(line, "#LastTime must be the last column"));
    }
    Ok(columns)
}

fn parse_row(columns: &[&str], text: &str, line: usize, utc_offset_minutes: i32) -> Result<ParsedQueue> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let has_last = columns.last() == Some(&"LastTime");
    let fixed = columns.len() - usize::from(has_last);
    if tokens.len() < fixed || (!has_last && tokens.len() > fixed) {
        let found = tokens.len();
        let message =
            format!("expected {fixed} columns before #LastTime but found {found} (names with spaces cannot be split)");
        return Err(parse_error(line, message));
    }
    let int = |name: &str, s: &str| -> Result<i64> {
        s.parse().map_err(|_| parse_error(line, format!("#{name} {s:?} is not an integer")))
    };
    let (mut topic, mut broker, mut qid, mut max, mut consumer) = ("", "", 0i32, 0i64, 0i64);
    let (mut ip, mut diff, mut inflight) = (None, 0i64, None);
    for (column, token) in columns.iter().zip(tokens.iter().copied()) {
        match *column {
            "Topic" => topic = token,
            "Broker Name" => broker = token,
            "QID" => qid = token.parse().map_err(|_| parse_error(line, format!("#QID {token:?} is not a queue id")))?,
            "Broker Offset" => max = int("Broker Offset", token)?,
            "Consumer Offset" => consumer = int("Consumer Offset", token)?,
            "Client IP" => ip = (token != "N/A" && token != "NA").then(|| token.to_owned()),
            "Diff" => diff = int("Diff", token)?,
            "Inflight" => inflight = Some(int("Inflight", token)?),
            _ => {}
        }
    }
    let last = tokens.get(fixed..).unwrap_or_default();
    if has_last && last.is_empty() {
        // mqadmin always prints #LastTime (`N/A` when there is none).
        let message = format!("the row ends after {fixed} columns, before #LastTime: was the text cut short?");
        return Err(parse_error(line, message));
    }
    let bad_time =
        || parse_error(line, format!("#LastTime {:?} is neither N/A nor a valid yyyy-MM-dd HH:mm:ss", last.join(" ")));
    let last_timestamp = match last {
        [] | ["N/A"] => None,
        [date, time] => Some(parse_date_time(date, time, utc_offset_minutes).ok_or_else(bad_time)?),
        _ => return Err(bad_time()),
    };
    if diff != max.wrapping_sub(consumer) {
        let message =
            format!("#Diff {diff} is not #Broker Offset {max} - #Consumer Offset {consumer}; are the columns shifted?");
        return Err(parse_error(line, message));
    }
    let overflow = || parse_error(line, "#Consumer Offset + #Inflight overflows");
    let pull_offset = inflight.map(|i| consumer.checked_add(i).ok_or_else(overflow)).transpose()?;
    let mut progress = QueueProgress::new(MessageQueue::new(topic, broker, qid), 0, max, consumer);
    progress.pull_offset = pull_offset;
    progress.last_timestamp = last_timestamp;
    Ok(ParsedQueue { line, progress, client_ip: ip, diff, inflight })
}

/// [`parse_with_offset`] with `#LastTime` read as UTC.
pub fn parse(text: &str) -> Result<ParsedProgress> {
    parse_with_offset(text, 0)
}

/// Reads `mqadmin consumerProgress -g GROUP` output (with or without `-s true`).
///
/// Anything before the `#Topic …` header (a `$ sh mqadmin …` line, log noise) is skipped;
/// the header decides the columns. After it, blank lines are skipped and every other line
/// must be a row until the first footer line (`Consume TPS:` …); from there on only footer
/// values are read and anything else is ignored. `#LastTime` is read at
/// `utc_offset_minutes`. Negative `#Diff` values are rows like any other (see
/// [`crate::offset`]).
///
/// An [`Error::Parse`] with its 1-based line number for: a row that does not parse (a row
/// cut short included), a header with no rows after it, a footer value that is not a
/// number, and a `Consume Diff Total` or `Consume Inflight Total` that is not the sum of
/// the rows' `#Diff` or `#Inflight` (mqadmin sums every row it prints, as Java `long`).
pub fn parse_with_offset(text: &str, utc_offset_minutes: i32) -> Result<ParsedProgress> {
    let mut result = ParsedProgress {
        queues: Vec::new(),
        min_offset_known: false,
        client_ip_column: false,
        header_line: 0,
        consume_tps: None,
        diff_total: None,
        inflight_total: None,
    };
    let mut columns: Option<Vec<&str>> = None;
    let mut in_footer = false;
    let mut last_line = 0;
    // The lines of the `Consume Diff Total` and `Consume Inflight Total` footer values.
    let (mut diff_line, mut inflight_line) = (0, 0);
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        last_line = line;
        let trimmed = raw.trim();
        if trimmed.starts_with("#Topic") {
            let cols = parse_header(trimmed, line)?;
            result.client_ip_column = cols.contains(&"Client IP");
            result.header_line = line;
            columns = Some(cols);
            in_footer = false;
            continue;
        }
        let Some(cols) = columns.as_deref() else {
            continue;
        };
        let footer = |prefix: &str| trimmed.strip_prefix(prefix).map(str::trim);
        let not_a_number = |name: &str, v: &str| parse_error(line, format!("{name} {v:?} is not a number"));
        if let Some(v) = footer("Consume TPS:") {
            let tps = crate::float::parse_f64(v).ok_or_else(|| not_a_number("Consume TPS", v))?;
            result.consume_tps = Some(tps);
        } else if let Some(v) = footer("Consume Diff Total:").or_else(|| footer("Diff Total:")) {
            result.diff_total = Some(v.parse().map_err(|_| not_a_number("Consume Diff Total", v))?);
            diff_line = line;
        } else if let Some(v) = footer("Consume Inflight Total:") {
            result.inflight_total = Some(v.parse().map_err(|_| not_a_number("Consume Inflight Total", v))?);
            inflight_line = line;
        } else {
            if !in_footer && !trimmed.is_empty() {
                result.queues.push(parse_row(cols, trimmed, line, utc_offset_minutes)?);
            }
            continue;
        }
        in_footer = true;
    }
    if columns.is_none() {
        return Err(parse_error(
            last_line.max(1),
            "no mqadmin consumerProgress header found (a line starting with #Topic  #Broker Name  #QID)",
        ));
    }
    if !result.queues.iter().any(|q| q.line > result.header_line) {
        return Err(parse_error(result.header_line, "the header has no queue rows after it"));
    }
    let diff_sum = result.queues.iter().fold(0i64, |sum, q| sum.wrapping_add(q.diff));
    if let Some(total) = result.diff_total.filter(|total| *total != diff_sum) {
        let message = format!(
            "Consume Diff Total {total} is not the sum of the rows' #Diff ({diff_sum}): are rows missing or cut short?"
        );
        return Err(parse_error(diff_line, message));
    }
    let inflights: Option<Vec<i64>> = result.queues.iter().map(|q| q.inflight).collect();
    let inflight_sum = inflights.map(|list| list.into_iter().fold(0i64, i64::wrapping_add));
    if let (Some(total), Some(sum)) = (result.inflight_total, inflight_sum) {
        if total != sum {
            let message = format!(
                "Consume Inflight Total {total} is not the sum of the rows' #Inflight ({sum}): are rows missing or cut short?"
            );
            return Err(parse_error(inflight_line, message));
        }
    }
    Ok(result)
}
