//! The page's state in the URL query (keys prefixed `of_`), written compactly and read back
//! forgivingly with the shared [`UrlReader`]: a bad value is clamped or left out with a notice.
//!
//! `of_q` holds the queues, `;`-separated, each
//! `[topic/]broker:queueId:min:max:consumer[:pull[:rate:start[:clientIp]]]`:
//! the topic is left out when it is `OrderEvent`, `pull` is `-` when unknown, `rate` (msg/s)
//! and `start` (store time of offset 0, seconds after the snapshot) are left out for the
//! default timeline. `%`, `/`, `:` and `;` inside names are written `%25`, `%2F`, `%3A`, `%3B`.
//! Every other key holds one value; a key at its default is left out.

use rebalance_core::MessageQueue;

use super::model::{
    QueueRow, Timeline, DEFAULT_CONSUME, DEFAULT_GROUP, DEFAULT_PRODUCE, DEFAULT_RATE, DEFAULT_RESET_MIN,
    DEFAULT_TOPIC, MAX_QUEUES, NOW_MAX_MIN, OFFSET_LIMIT, RATE_FIELD_MAX, RATE_LIMIT, RESET_MAX_MIN, START_LIMIT_S,
};
use super::state::{Notice, PageState};
use crate::url_state::{Problem, UrlReader};

/// The queues.
pub const KEY_QUEUES: &str = "of_q";
/// The consumer group.
pub const KEY_GROUP: &str = "of_g";
/// "Now", minutes after the snapshot.
pub const KEY_NOW: &str = "of_now";
/// Produce rate.
pub const KEY_PRODUCE: &str = "of_p";
/// Consume rate.
pub const KEY_CONSUME: &str = "of_c";
/// `-s true`.
pub const KEY_CLIENT_IPS: &str = "of_ip";
/// Reset target, minutes before the snapshot.
pub const KEY_RESET: &str = "of_rt";
/// `mqadmin` when the queues came from pasted text.
pub const KEY_SOURCE: &str = "of_src";
/// `mqadmin`: open with the example of real output (a link from the Troubleshoot page); the
/// page then writes the example's queues as `of_q` and drops this key.
pub const KEY_EXAMPLE: &str = "of_ex";

fn escape(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '%' => out.push_str("%25"),
            '/' => out.push_str("%2F"),
            ':' => out.push_str("%3A"),
            ';' => out.push_str("%3B"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(text: &str) -> String {
    text.replace("%2F", "/").replace("%3A", ":").replace("%3B", ";").replace("%25", "%")
}

/// One queue as its `of_q` entry.
pub fn encode_queue(q: &QueueRow) -> String {
    let mut out = String::new();
    if q.mq.topic != DEFAULT_TOPIC {
        out.push_str(&escape(&q.mq.topic));
        out.push('/');
    }
    let pull = q.pull.map_or_else(|| "-".to_owned(), |p| p.to_string());
    out.push_str(&format!("{}:{}:{}:{}:{}:{pull}", escape(&q.mq.broker_name), q.mq.queue_id, q.min, q.max, q.consumer));
    let default_timeline = Timeline::ending_at_snapshot(q.max, DEFAULT_RATE);
    if q.timeline != default_timeline || q.client_ip.is_some() {
        out.push_str(&format!(":{}:{}", q.timeline.rate, q.timeline.start_s));
    }
    if let Some(ip) = &q.client_ip {
        out.push(':');
        out.push_str(&escape(ip));
    }
    out
}

/// Every key with its value, `None` for a key at its default (to be removed from the URL).
pub fn encode(state: &PageState) -> Vec<(&'static str, Option<String>)> {
    let defaults = PageState::default();
    let queues = state.queues.iter().map(encode_queue).collect::<Vec<_>>().join(";");
    let default_queues = defaults.queues.iter().map(encode_queue).collect::<Vec<_>>().join(";");
    let keep = |changed: bool, value: String| changed.then_some(value);
    vec![
        (KEY_QUEUES, keep(queues != default_queues, queues)),
        (KEY_GROUP, keep(state.group != DEFAULT_GROUP, state.group.clone())),
        (KEY_NOW, keep(state.now_min != 0, state.now_min.to_string())),
        (KEY_PRODUCE, keep(state.produce_rate != DEFAULT_PRODUCE, number(state.produce_rate))),
        (KEY_CONSUME, keep(state.consume_rate != DEFAULT_CONSUME, number(state.consume_rate))),
        (KEY_CLIENT_IPS, keep(state.client_ips, "1".to_owned())),
        (KEY_RESET, keep(state.reset_min != DEFAULT_RESET_MIN, state.reset_min.to_string())),
        (KEY_SOURCE, keep(state.from_mqadmin, "mqadmin".to_owned())),
        (KEY_EXAMPLE, None),
    ]
}

fn number(x: f64) -> String {
    crate::components::format_value(x)
}

/// Reads one `of_q` entry, or `None` (reported) when it cannot be read.
struct QueueReader<'r, 'a>(&'r mut UrlReader<'a>);

impl QueueReader<'_, '_> {
    fn left_out(&mut self, entry: &str) {
        self.0.note(KEY_QUEUES, entry, Problem::Invalid, "");
    }

    /// One `of_q` entry, or `None` (reported) when it cannot be read.
    fn queue(&mut self, entry: &str, id: u32) -> Option<QueueRow> {
        let (topic, rest) = match entry.split_once('/') {
            Some((topic, rest)) => (unescape(topic), rest),
            None => (DEFAULT_TOPIC.to_owned(), entry),
        };
        let fields: Vec<&str> = rest.split(':').collect();
        let broker = fields.first().map(|b| unescape(b)).unwrap_or_default();
        if topic.is_empty() || broker.is_empty() || !(5..=9).contains(&fields.len()) || fields.len() == 7 {
            self.left_out(entry);
            return None;
        }
        let field = |i: usize| fields.get(i).copied().unwrap_or_default();
        // Every number must at least look like an integer, else the whole entry is dropped.
        let integer = |text: &str| {
            let digits = text.trim().strip_prefix('-').unwrap_or(text.trim());
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        };
        let numbers_ok = (2..fields.len().min(8)).all(|i| integer(field(i)) || (i == 5 && field(i) == "-"));
        let queue_id = field(1).trim().parse::<i32>().ok().filter(|id| *id >= 0 && numbers_ok);
        let Some(queue_id) = queue_id else {
            self.left_out(entry);
            return None;
        };
        // Each number looks like an integer (checked above), so it is read or clamped.
        let key = format!("{KEY_QUEUES} ({broker}:{queue_id})");
        let mut int = |i: usize, min: i64, max: i64| self.0.whole_in(&key, field(i), min, max, min);
        let (min, max, consumer) = (int(2, 0, OFFSET_LIMIT), int(3, 0, OFFSET_LIMIT), int(4, 0, OFFSET_LIMIT));
        let pull = match field(5) {
            "" | "-" => None,
            _ => Some(int(5, 0, OFFSET_LIMIT)),
        };
        let timeline = if fields.len() >= 8 {
            let rate = int(6, 1, RATE_LIMIT);
            let start_s = int(7, -START_LIMIT_S, START_LIMIT_S);
            Timeline { rate, start_s }
        } else {
            Timeline::ending_at_snapshot(max, DEFAULT_RATE)
        };
        let client_ip = fields.get(8).map(|ip| unescape(ip)).filter(|ip| !ip.is_empty() && ip.len() <= 64);
        Some(QueueRow {
            id,
            mq: MessageQueue::new(topic, broker, queue_id),
            min,
            max,
            consumer,
            pull,
            timeline,
            client_ip,
        })
    }
}

/// A RocketMQ group name: 1 to 255 of `A-Z a-z 0-9 _ - % |`.
pub fn valid_group(name: &str) -> bool {
    (1..=255).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"_-%|".contains(&b))
}

/// Reads the page state from `get` (the URL query); what cannot be used is reported in
/// [`PageState::notices`].
pub fn decode(get: &dyn Fn(&str) -> Option<String>) -> PageState {
    let mut state = PageState::default();
    let mut r = UrlReader::new(get);
    let mut too_many = None;
    let example = |raw: &str| (raw.trim() == "mqadmin").then_some(true);
    if r.text(KEY_EXAMPLE, false, |_| String::new(), example) {
        state.load_field_example();
    }
    if let Some(text) = r.raw(KEY_QUEUES) {
        let entries: Vec<&str> = text.split(';').map(str::trim).filter(|e| !e.is_empty()).collect();
        if entries.len() > MAX_QUEUES {
            too_many = Some(Notice::TooManyQueues { given: entries.len() });
        }
        let mut queues = QueueReader(&mut r);
        let rows: Vec<QueueRow> = entries.into_iter().take(MAX_QUEUES).filter_map(|e| queues.queue(e, 0)).collect();
        state.queues = rows.into_iter().zip(0u32..).map(|(row, id)| QueueRow { id, ..row }).collect();
        state.next_id = state.queues.len() as u32;
    }
    let group = std::mem::take(&mut state.group);
    state.group = r.text(KEY_GROUP, group, String::clone, |g| valid_group(g).then(|| g.to_owned()));
    state.now_min = r.whole(KEY_NOW, 0, NOW_MAX_MIN, state.now_min);
    state.produce_rate = r.decimal(KEY_PRODUCE, 0.0, RATE_FIELD_MAX, state.produce_rate);
    state.consume_rate = r.decimal(KEY_CONSUME, 0.0, RATE_FIELD_MAX, state.consume_rate);
    let flag = |raw: &str| match raw.trim() {
        "1" | "true" => Some(true),
        "0" | "false" => Some(false),
        _ => None,
    };
    state.client_ips = r.text(KEY_CLIENT_IPS, state.client_ips, |on| if *on { "1" } else { "0" }.to_owned(), flag);
    state.reset_min = r.whole(KEY_RESET, 0, RESET_MAX_MIN, state.reset_min);
    let mqadmin = |raw: &str| (raw.trim() == "mqadmin").then_some(true);
    state.from_mqadmin = r.text(KEY_SOURCE, state.from_mqadmin, |_| String::new(), mqadmin);
    state.notices = r.into_notices().into_iter().map(Notice::Url).chain(too_many).collect();
    state
}
