//! The events a reader injected, as compact text for the URL (`tl_events`).
//!
//! One event is `atMs-kind[-field…]`; events are joined by `_`. Those three characters and
//! letters, digits and `.` are left alone by `URLSearchParams`, so a link stays readable:
//! `65000-crash-192.168.0.2_90000-pause-192.168.0.3-5000`. A cid or a tag with any other
//! character has it written as `*` plus two hex digits per UTF-8 byte (`@` is `*40`).
//!
//! | kind | fields | event |
//! |---|---|---|
//! | `join` | `[cid]` | a consumer starts |
//! | `stop` / `crash` / `die` | `cid` | graceful stop / kill -9 / silent death |
//! | `pause` | `cid`, `ms` | GC or network stall |
//! | `queues` | `perBroker`, or `rN` / `wN` (readQueueNums / writeQueueNums) | queue count change |
//! | `sub` | `cid`, `tag…` (none = `*`) | subscription change |
//! | `clash` | `cid` | a second process with that cid |
//! | `rate` | `msgPerSec` | produce rate |
//! | `consume` | `msgPerSec`, `[cid]` | business speed |
//! | `deploy` | `replace`, `start`, `startSpacingMs`, `stopAfterMs`, `stopSpacingMs`, `[kill]` | rolling deploy |
//! | `fail` | `queue`, `count`, `[ms]` | failing messages |
//! | `stuck` | `queue`, `count`, `[ms]` | messages stuck in a consume thread (no `ms`: forever) |
//! | `bstop` / `bstart` | `broker` | a broker stops / is back |
//! | `reset` | `timestampMs` | resetOffsetByTime of a group with no consumer online |
//!
//! Decoding never fails as a whole: an item that cannot be read is returned as a
//! [`BadItem`] and the others are kept. Whether an event makes sense for the run (a known
//! tag, a queue count that does not shrink) is the core's decision, not this module's.

use rebalance_core::simulate::{ConsumerSpec, Event, ScheduledEvent};

/// Separates events.
const EVENT_SEP: char = '_';
/// Separates the fields of one event.
const FIELD_SEP: char = '-';

/// An item of `tl_events` that is not an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadItem {
    /// The item as found.
    pub item: String,
}

/// The URL text of `events`.
pub fn encode(events: &[ScheduledEvent]) -> String {
    events.iter().map(encode_one).collect::<Vec<_>>().join(&EVENT_SEP.to_string())
}

/// The URL text of one event.
pub fn encode_one(scheduled: &ScheduledEvent) -> String {
    let mut f: Vec<String> = vec![scheduled.at_ms.to_string()];
    let mut push = |parts: &[&str]| f.extend(parts.iter().map(|p| (*p).to_owned()));
    match &scheduled.event {
        Event::Join { consumer } => match &consumer.cid {
            Some(cid) => push(&["join", &escape(cid)]),
            None => push(&["join"]),
        },
        Event::Stop { cid } => push(&["stop", &escape(cid)]),
        Event::Crash { cid, channel_closed: true } => push(&["crash", &escape(cid)]),
        Event::Crash { cid, channel_closed: false } => push(&["die", &escape(cid)]),
        Event::Pause { cid, duration_ms } => push(&["pause", &escape(cid), &duration_ms.to_string()]),
        Event::QueueCount { queues_per_broker, read_queue_nums, write_queue_nums } => {
            push(&["queues"]);
            match (read_queue_nums.or(*queues_per_broker), write_queue_nums.or(*queues_per_broker)) {
                (Some(r), Some(w)) if r == w => f.push(r.to_string()),
                (r, w) => {
                    f.extend(r.map(|r| format!("r{r}")));
                    f.extend(w.map(|w| format!("w{w}")));
                }
            }
        }
        Event::Subscription { cid, tags } => {
            push(&["sub", &escape(cid)]);
            let all = tags.iter().any(|t| t.trim() == "*");
            if !all {
                f.extend(tags.iter().map(|t| escape(t)));
            }
        }
        Event::CidClash { cid } => push(&["clash", &escape(cid)]),
        Event::ProduceRate { rate, .. } => push(&["rate", &rate.to_string()]),
        Event::ConsumeRate { cid, rate } => {
            push(&["consume", &rate.to_string()]);
            if let Some(cid) = cid {
                f.push(escape(cid));
            }
        }
        Event::RollingDeploy { replace, start, start_spacing_ms, stop_after_ms, stop_spacing_ms, graceful } => {
            let numbers = [u64::from(*replace), u64::from(*start), *start_spacing_ms, *stop_after_ms, *stop_spacing_ms];
            push(&["deploy"]);
            f.extend(numbers.iter().map(u64::to_string));
            if !graceful {
                f.push("kill".to_owned());
            }
        }
        Event::FailMessages { queue, count, duration_ms } => {
            push(&["fail", &queue.to_string(), &count.to_string()]);
            if let Some(ms) = duration_ms {
                f.push(ms.to_string());
            }
        }
        Event::ResetOffsetByTime { timestamp_ms } => push(&["reset", &timestamp_ms.to_string()]),
        Event::StuckMessage { queue, count, duration_ms } => {
            push(&["stuck", &queue.to_string(), &count.to_string()]);
            if let Some(ms) = duration_ms {
                f.push(ms.to_string());
            }
        }
        Event::BrokerStop { broker } => push(&["bstop", &escape(broker)]),
        Event::BrokerStart { broker } => push(&["bstart", &escape(broker)]),
    }
    f.join(&FIELD_SEP.to_string())
}

/// Reads `tl_events`: the events it holds, and the items that are not events.
pub fn decode(text: &str) -> (Vec<ScheduledEvent>, Vec<BadItem>) {
    let mut events = Vec::new();
    let mut bad = Vec::new();
    for item in text.split(EVENT_SEP).map(str::trim).filter(|s| !s.is_empty()) {
        match decode_one(item) {
            Some(event) => events.push(event),
            None => bad.push(BadItem { item: item.to_owned() }),
        }
    }
    (events, bad)
}

/// One event, or `None` when `item` is not one.
pub fn decode_one(item: &str) -> Option<ScheduledEvent> {
    let fields: Vec<&str> = item.split(FIELD_SEP).collect();
    let (&at, rest) = fields.split_first()?;
    let (&kind, args) = rest.split_first()?;
    let at_ms = number(at)?;
    let cid = |i: usize| args.get(i).and_then(|s| unescape(s)).filter(|s| !s.trim().is_empty());
    let n = |i: usize| args.get(i).and_then(|s| number(s));
    let small = |i: usize| n(i).and_then(|v| u32::try_from(v).ok());
    let arity = |lo: usize, hi: usize| (lo..=hi).contains(&args.len()).then_some(());
    let event = match kind {
        "join" => {
            arity(0, 1)?;
            let cid = if args.is_empty() { None } else { Some(cid(0)?) };
            Event::Join { consumer: ConsumerSpec { cid, ..ConsumerSpec::default() } }
        }
        "stop" => arity(1, 1).and_then(|_| cid(0)).map(|cid| Event::Stop { cid })?,
        "crash" => arity(1, 1).and_then(|_| cid(0)).map(|cid| Event::Crash { cid, channel_closed: true })?,
        "die" => arity(1, 1).and_then(|_| cid(0)).map(|cid| Event::Crash { cid, channel_closed: false })?,
        "pause" => {
            arity(2, 2)?;
            Event::Pause { cid: cid(0)?, duration_ms: n(1)? }
        }
        "queues" => {
            arity(1, 2)?;
            let prefixed = |p: char| -> Option<Option<u32>> {
                let given: Vec<&&str> = args.iter().filter(|a| a.starts_with(p)).collect();
                match given.as_slice() {
                    [] => Some(None),
                    [one] => number(one.get(1..)?).and_then(|v| u32::try_from(v).ok()).map(Some),
                    _ => None,
                }
            };
            if args.len() == 1 && small(0).is_some() {
                Event::queues(small(0)?)
            } else {
                let (read, write) = (prefixed('r')?, prefixed('w')?);
                let known = usize::from(read.is_some()) + usize::from(write.is_some());
                if known != args.len() {
                    return None;
                }
                Event::queue_nums(read, write)
            }
        }
        "sub" => {
            arity(1, 9)?;
            let tags: Option<Vec<String>> = args.iter().skip(1).map(|t| unescape(t)).collect();
            let mut tags = tags?;
            if tags.is_empty() {
                tags.push("*".to_owned());
            }
            Event::Subscription { cid: cid(0)?, tags }
        }
        "clash" => arity(1, 1).and_then(|_| cid(0)).map(|cid| Event::CidClash { cid })?,
        "rate" => {
            arity(1, 1)?;
            Event::ProduceRate { rate: n(0)?, hot_queues: None, hot_share_percent: None }
        }
        "consume" => {
            arity(1, 2)?;
            let who = if args.len() == 2 { Some(cid(1)?) } else { None };
            Event::ConsumeRate { cid: who, rate: n(0)? }
        }
        "deploy" => {
            arity(5, 6)?;
            let graceful = match args.get(5) {
                None => true,
                Some(&"kill") => false,
                Some(_) => return None,
            };
            Event::RollingDeploy {
                replace: small(0)?,
                start: small(1)?,
                start_spacing_ms: n(2)?,
                stop_after_ms: n(3)?,
                stop_spacing_ms: n(4)?,
                graceful,
            }
        }
        "fail" => {
            arity(2, 3)?;
            let duration_ms = if args.len() == 3 { Some(n(2)?) } else { None };
            Event::FailMessages { queue: small(0)?, count: small(1)?, duration_ms }
        }
        "stuck" => {
            arity(2, 3)?;
            let duration_ms = if args.len() == 3 { Some(n(2)?) } else { None };
            Event::StuckMessage { queue: small(0)?, count: small(1)?, duration_ms }
        }
        "bstop" => arity(1, 1).and_then(|_| cid(0)).map(|broker| Event::BrokerStop { broker })?,
        "bstart" => arity(1, 1).and_then(|_| cid(0)).map(|broker| Event::BrokerStart { broker })?,
        "reset" => {
            arity(1, 1)?;
            Event::ResetOffsetByTime { timestamp_ms: n(0)? }
        }
        _ => return None,
    };
    Some(ScheduledEvent::new(at_ms, event))
}

/// A plain decimal number (no sign, no spaces, at most 15 digits).
fn number(text: &str) -> Option<u64> {
    (!text.is_empty() && text.len() <= 15 && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok())?
}

/// Letters, digits and `.` as they are; any other byte as `*XX`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || c == '.' {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for byte in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("*{byte:02X}"));
            }
        }
    }
    out
}

/// The inverse of [`escape`]; `None` for a broken `*XX` or bytes that are not UTF-8.
pub fn unescape(text: &str) -> Option<String> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'*' {
            let hex = tail.get(..2)?;
            let hex = std::str::from_utf8(hex).ok()?;
            bytes.push(u8::from_str_radix(hex, 16).ok()?);
            rest = tail.get(2..)?;
        } else {
            bytes.push(b);
            rest = tail;
        }
    }
    String::from_utf8(bytes).ok()
}

/// How a consumer is named in an event: the part of its cid before `@` (the core accepts
/// it, and the simulator's cids differ in that part), else the whole cid.
pub fn short_cid(cid: &str) -> &str {
    match cid.split_once('@') {
        Some((ip, _)) if !ip.is_empty() => ip,
        _ => cid,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_kind() -> Vec<ScheduledEvent> {
        let cid = || "192.168.0.2".to_owned();
        let events = vec![
            Event::Join { consumer: ConsumerSpec::default() },
            Event::Join { consumer: ConsumerSpec { cid: Some("10.0.0.9@77".to_owned()), ..ConsumerSpec::default() } },
            Event::Stop { cid: cid() },
            Event::Crash { cid: cid(), channel_closed: true },
            Event::Crash { cid: cid(), channel_closed: false },
            Event::Pause { cid: cid(), duration_ms: 5_000 },
            Event::queues(16),
            Event::queue_nums(Some(4), None),
            Event::queue_nums(None, Some(4)),
            Event::queue_nums(Some(8), Some(4)),
            Event::Subscription { cid: cid(), tags: vec!["create".to_owned(), "can-cel_x".to_owned()] },
            Event::Subscription { cid: cid(), tags: vec!["*".to_owned()] },
            Event::CidClash { cid: cid() },
            Event::ProduceRate { rate: 2_000, hot_queues: None, hot_share_percent: None },
            Event::ConsumeRate { cid: None, rate: 100 },
            Event::ConsumeRate { cid: Some(cid()), rate: 100 },
            Event::RollingDeploy {
                replace: 3,
                start: 10,
                start_spacing_ms: 5_000,
                stop_after_ms: 60_000,
                stop_spacing_ms: 15_000,
                graceful: true,
            },
            Event::RollingDeploy {
                replace: 1,
                start: 1,
                start_spacing_ms: 0,
                stop_after_ms: 0,
                stop_spacing_ms: 0,
                graceful: false,
            },
            Event::FailMessages { queue: 3, count: 1, duration_ms: Some(90_000) },
            Event::FailMessages { queue: 0, count: 5, duration_ms: None },
            Event::StuckMessage { queue: 0, count: 1, duration_ms: None },
            Event::StuckMessage { queue: 2, count: 3, duration_ms: Some(120_000) },
            Event::BrokerStop { broker: "broker-a".to_owned() },
            Event::BrokerStart { broker: "broker-a".to_owned() },
            Event::ResetOffsetByTime { timestamp_ms: 0 },
            Event::ResetOffsetByTime { timestamp_ms: 45_000 },
        ];
        events.into_iter().enumerate().map(|(i, e)| ScheduledEvent::new(i as u64 * 100, e)).collect()
    }

    #[test]
    fn every_kind_round_trips() {
        let events = every_kind();
        let text = encode(&events);
        assert!(!text.contains(['@', ',', ':', ' ', '%']), "{text}");
        let (back, bad) = decode(&text);
        assert_eq!(bad, vec![]);
        assert_eq!(back, events);
    }

    #[test]
    fn the_text_is_short_and_readable() {
        let events = vec![
            ScheduledEvent::new(65_000, Event::Crash { cid: "192.168.0.2".to_owned(), channel_closed: true }),
            ScheduledEvent::new(90_000, Event::Pause { cid: "192.168.0.3".to_owned(), duration_ms: 5_000 }),
            ScheduledEvent::new(95_000, Event::Join { consumer: ConsumerSpec::default() }),
        ];
        assert_eq!(encode(&events), "65000-crash-192.168.0.2_90000-pause-192.168.0.3-5000_95000-join");
        assert_eq!(escape("192.168.0.2@1234"), "192.168.0.2*401234");
        assert_eq!(unescape("192.168.0.2*401234").as_deref(), Some("192.168.0.2@1234"));
        assert_eq!(unescape(&escape("消费者-1")).as_deref(), Some("消费者-1"));
    }

    #[test]
    fn bad_items_are_reported_and_the_rest_kept() {
        let (events, bad) =
            decode("10-join_x-join_20-nope_30-pause-1.2.3.4_40-stop-*zz_50-queues-99999999999_60-stop-1.2.3.4__");
        assert_eq!(events.len(), 2);
        assert_eq!(events[0], ScheduledEvent::new(10, Event::Join { consumer: ConsumerSpec::default() }));
        assert_eq!(events[1], ScheduledEvent::new(60, Event::Stop { cid: "1.2.3.4".to_owned() }));
        let items: Vec<&str> = bad.iter().map(|b| b.item.as_str()).collect();
        assert_eq!(items, ["x-join", "20-nope", "30-pause-1.2.3.4", "40-stop-*zz", "50-queues-99999999999"]);
        assert_eq!(decode("").0, vec![]);
        assert_eq!(decode("-1-join").1.len(), 1);
        assert_eq!(decode("1-deploy-1-1-1-1-1-maybe").1.len(), 1);
        assert_eq!(decode("1-stop-").1.len(), 1, "an empty cid is not a cid");
    }

    #[test]
    fn a_cid_is_named_by_its_ip() {
        assert_eq!(short_cid("192.168.0.7@1234"), "192.168.0.7");
        assert_eq!(short_cid("plain"), "plain");
        assert_eq!(short_cid("@1"), "@1");
    }
}
