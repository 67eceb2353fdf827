//! The playground's state in the URL query (`pg_` keys). Reading never fails: a value that
//! is not valid or out of range is replaced (clamped where a number can be) and reported as
//! a [`UrlNotice`] by the shared [`UrlReader`].
//!
//! | key | meaning | default |
//! |---|---|---|
//! | `pg_q` | queues, 1–256 | 8 |
//! | `pg_b` | brokers, 1–8 | 2 |
//! | `pg_c` | consumers, 0–64 (hosts `192.168.0.1…N`) | 3 |
//! | `pg_m` | member hosts when not `1…N` (`1,3,3`: a repeated host is a cid conflict) | — |
//! | `pg_s` | `AVG`, `AVG_BY_CIRCLE`, `CONSISTENT_HASH`, `MACHINE_ROOM_NEARBY`, `MACHINE_ROOM`, `CONFIG`, `BROADCASTING` | `AVG` |
//! | `pg_d` | MACHINE_ROOM_NEARBY's delegate | `AVG` |
//! | `pg_v` | CONSISTENT_HASH virtual nodes, 0–200 | 10 |
//! | `pg_rooms` | room digit per broker (`0` = none) | `12121212` |
//! | `pg_crooms` | `host:room` for consumers off their default room | — |
//! | `pg_idc` | MACHINE_ROOM idc digits | `1` |
//! | `pg_cfg` | CONFIG list, `a0,b3` (broker letter + queueId) | `a0,a1` |
//! | `pg_late`, `pg_view=table`, `pg_cmp` | toggles | off |
//! | `pg_pr` | "Predict before moving" | off |
//! | `pg_cs`, `pg_cc` | compare modes (2–3), change `join`/`leave` | `AVG,CONSISTENT_HASH`, `join` |

use std::collections::BTreeSet;

use super::settings::*;
use crate::url_state::{Problem, UrlNotice, UrlReader};

/// A comma list; entries that `parse` rejects are dropped. Returns the entries and whether
/// one was dropped.
fn list<T>(raw: &str, parse: impl Fn(&str) -> Option<T>) -> (Vec<T>, bool) {
    let mut bad = false;
    let items = raw
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .filter_map(|s| {
            let item = parse(s.trim());
            bad |= item.is_none();
            item
        })
        .collect();
    (items, bad)
}

fn parse_flag(raw: &str) -> Option<bool> {
    match raw.trim() {
        "1" | "true" | "on" => Some(true),
        "0" | "false" | "off" | "" => Some(false),
        _ => None,
    }
}

/// Reads the settings from a query getter (`url_state::get` in the browser).
pub fn from_query(get: &dyn Fn(&str) -> Option<String>) -> (Settings, Vec<UrlNotice>) {
    let mut r = UrlReader::new(get);
    let mut s = Settings::default();
    s.queues = r.whole("pg_q", 1, i64::from(MAX_QUEUES), i64::from(s.queues)) as u16;
    s.brokers = r.whole("pg_b", 1, i64::from(MAX_BROKERS), i64::from(s.brokers)) as u8;
    let count = r.whole("pg_c", 0, MAX_CONSUMERS as i64, s.hosts.len() as i64) as usize;
    s.hosts = resized(&[], count);
    if let Some(raw) = r.raw("pg_m") {
        let (mut hosts, bad) = list(&raw, |t| t.parse::<u8>().ok().filter(|h| (1..=MAX_HOST).contains(h)));
        hosts.sort();
        let over = hosts.len() > MAX_CONSUMERS;
        hosts.truncate(MAX_CONSUMERS);
        if bad || over {
            r.note("pg_m", &raw, Problem::Invalid, join(hosts.iter()));
        }
        if r.raw("pg_c").is_some() && hosts.len() != count {
            r.note("pg_c", &count.to_string(), Problem::Invalid, hosts.len());
        }
        s.hosts = hosts;
    }
    if let Some(raw) = r.raw("pg_s") {
        match Mode::parse(&raw) {
            Some(mode) => s.mode = mode,
            None => {
                let choices = names(Mode::ALL.iter().map(|m| m.name()));
                r.note("pg_s", &raw, Problem::UnknownChoice { choices }, s.mode.name());
            }
        }
    }
    if let Some(raw) = r.raw("pg_d") {
        match Mode::parse(&raw).and_then(Mode::kind).filter(|k| DELEGATES.contains(k)) {
            Some(kind) => s.delegate = kind,
            None => {
                let choices = names(DELEGATES.iter().map(|k| k.name()));
                r.note("pg_d", &raw, Problem::UnknownChoice { choices }, s.delegate.name());
            }
        }
    }
    s.virtual_nodes = r.whole("pg_v", 0, i64::from(MAX_VIRTUAL_NODES), i64::from(s.virtual_nodes)) as u32;
    if let Some(raw) = r.raw("pg_rooms") {
        let mut bad = raw.chars().count() > usize::from(MAX_BROKERS);
        for (slot, c) in s.broker_rooms.iter_mut().zip(raw.trim().chars()) {
            match c.to_digit(10).and_then(|d| u8::try_from(d).ok()).filter(|d| *d <= ROOMS) {
                Some(room) => *slot = room,
                None => bad = true,
            }
        }
        if bad {
            let used: String = s.broker_rooms.iter().map(|r| r.to_string()).collect();
            r.note("pg_rooms", &raw, Problem::Invalid, used);
        }
    }
    let room_pair = |t: &str| -> Option<(u8, u8)> {
        let (host, room) = t.split_once(':')?;
        let host = host.trim().parse::<u8>().ok().filter(|h| (1..=MAX_HOST).contains(h))?;
        let room = room.trim().parse::<u8>().ok().filter(|r| *r <= ROOMS)?;
        Some((host, room))
    };
    if let Some(raw) = r.raw("pg_crooms") {
        let (pairs, bad) = list(&raw, room_pair);
        for (host, room) in pairs {
            if room != default_consumer_room(host) {
                s.consumer_rooms.insert(host, room);
            }
        }
        if bad {
            let used = s.consumer_rooms.iter().map(|(h, r)| format!("{h}:{r}")).collect::<Vec<_>>().join(",");
            r.note("pg_crooms", &raw, Problem::Invalid, used);
        }
    }
    if let Some(raw) = r.raw("pg_idc") {
        let rooms: BTreeSet<u8> = raw
            .chars()
            .filter(|c| *c != ',')
            .filter_map(|c| c.to_digit(10).and_then(|d| u8::try_from(d).ok()))
            .filter(|d| (1..=ROOMS).contains(d))
            .collect();
        if rooms.len() != raw.chars().filter(|c| *c != ',').count() {
            r.note("pg_idc", &raw, Problem::Invalid, join(rooms.iter()));
        }
        s.idcs = rooms;
    }
    if let Some(raw) = r.raw("pg_cfg") {
        let (mut config, bad) = list(&raw, QueueRef::parse);
        let mut seen = BTreeSet::new();
        config.retain(|q| seen.insert(*q));
        if bad {
            r.note("pg_cfg", &raw, Problem::Invalid, config.iter().map(|q| q.key()).collect::<Vec<_>>().join(","));
        }
        s.config = config;
    }
    s.late = r.text("pg_late", false, |_| "0".to_owned(), parse_flag);
    s.compare = r.text("pg_cmp", false, |_| "0".to_owned(), parse_flag);
    s.predict = r.text("pg_pr", false, |_| "0".to_owned(), parse_flag);
    s.table = r.choice("pg_view", &[("lanes", false), ("table", true)], false);
    if let Some(raw) = r.raw("pg_cs") {
        let (mut modes, bad) = list(&raw, Mode::parse);
        let mut seen = BTreeSet::new();
        modes.retain(|m| seen.insert(*m));
        modes.sort_by_key(|m| Mode::ALL.iter().position(|x| x == m));
        let over = modes.len() > 3;
        modes.truncate(3);
        if bad || over {
            r.note("pg_cs", &raw, Problem::Invalid, names(modes.iter().map(|m| m.name())).replace(", ", ","));
        }
        s.compare_modes = modes;
    }
    s.change = r.choice("pg_cc", &[("join", Change::Join), ("leave", Change::Leave)], Change::Join);
    (s, r.into_notices())
}

fn names<'a>(items: impl Iterator<Item = &'a str>) -> String {
    items.collect::<Vec<_>>().join(", ")
}

fn join<T: ToString>(items: impl Iterator<Item = T>) -> String {
    items.map(|i| i.to_string()).collect::<Vec<_>>().join(",")
}

/// The query keys and values for `s`; `None` removes a key (its default is in force), so
/// the untouched page adds nothing to the URL.
pub fn to_query(s: &Settings) -> Vec<(&'static str, Option<String>)> {
    let d = Settings::default();
    let default_hosts = resized(&[], s.hosts.len());
    let some_if = |differs: bool, value: String| differs.then_some(value);
    vec![
        ("pg_q", some_if(s.queues != d.queues, s.queues.to_string())),
        ("pg_b", some_if(s.brokers != d.brokers, s.brokers.to_string())),
        ("pg_c", some_if(s.hosts.len() != d.hosts.len(), s.hosts.len().to_string())),
        ("pg_m", some_if(s.hosts != default_hosts, join(s.hosts.iter()))),
        ("pg_s", some_if(s.mode != d.mode, s.mode.name().to_owned())),
        ("pg_d", some_if(s.delegate != d.delegate, s.delegate.name().to_owned())),
        ("pg_v", some_if(s.virtual_nodes != d.virtual_nodes, s.virtual_nodes.to_string())),
        ("pg_rooms", some_if(s.broker_rooms != d.broker_rooms, s.broker_rooms.iter().map(|r| r.to_string()).collect())),
        (
            "pg_crooms",
            some_if(
                !s.consumer_rooms.is_empty(),
                s.consumer_rooms.iter().map(|(h, r)| format!("{h}:{r}")).collect::<Vec<_>>().join(","),
            ),
        ),
        ("pg_idc", some_if(s.idcs != d.idcs, join(s.idcs.iter()))),
        ("pg_cfg", some_if(s.config != d.config, s.config.iter().map(|q| q.key()).collect::<Vec<_>>().join(","))),
        ("pg_late", some_if(s.late, "1".to_owned())),
        ("pg_view", some_if(s.table, "table".to_owned())),
        ("pg_cmp", some_if(s.compare, "1".to_owned())),
        ("pg_pr", some_if(s.predict, "1".to_owned())),
        (
            "pg_cs",
            some_if(
                s.compare_modes != d.compare_modes,
                s.compare_modes.iter().map(|m| m.name()).collect::<Vec<_>>().join(","),
            ),
        ),
        ("pg_cc", some_if(s.change != d.change, "leave".to_owned())),
    ]
}
