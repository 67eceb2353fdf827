//! The playground's state in the URL query (`pg_` keys). Reading never fails: a value that
//! is not valid or out of range is replaced (clamped where a number can be) and reported as
//! a [`Notice`], which the page shows in a `role="status"` box.
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
//! | `pg_cs`, `pg_cc` | compare modes (2–3), change `join`/`leave` | `AVG,CONSISTENT_HASH`, `join` |

use std::collections::BTreeSet;

use super::settings::*;

/// A URL value that was not used as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The query key, e.g. `pg_q`.
    pub key: &'static str,
    /// The value found in the URL.
    pub given: String,
    /// The value used instead.
    pub used: String,
}

struct Reader<'a> {
    get: &'a dyn Fn(&str) -> Option<String>,
    notices: Vec<Notice>,
}

impl Reader<'_> {
    fn note(&mut self, key: &'static str, given: &str, used: impl ToString) {
        self.notices.push(Notice { key, given: given.to_owned(), used: used.to_string() });
    }

    /// An integer in `min..=max`: clamped when out of range, `default` when not a number.
    fn int(&mut self, key: &'static str, min: i64, max: i64, default: i64) -> i64 {
        let Some(raw) = (self.get)(key) else { return default };
        match rebalance_core::float::parse_f64(raw.trim()) {
            Some(v) if v.is_finite() => {
                let used = (v.round() as i64).clamp(min, max);
                if used as f64 != v {
                    self.note(key, &raw, used);
                }
                used
            }
            _ => {
                self.note(key, &raw, default);
                default
            }
        }
    }

    /// A comma list; entries that `parse` rejects are dropped with one notice.
    fn list<T>(&mut self, key: &'static str, parse: impl Fn(&str) -> Option<T>) -> Option<(Vec<T>, String)> {
        let raw = (self.get)(key)?;
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
        Some((items, if bad { raw } else { String::new() }))
    }
}

fn parse_flag(raw: &str) -> Option<bool> {
    match raw.trim() {
        "1" | "true" | "on" => Some(true),
        "0" | "false" | "off" | "" => Some(false),
        _ => None,
    }
}

/// Reads the settings from a query getter (`url_state::get` in the browser).
pub fn from_query(get: &dyn Fn(&str) -> Option<String>) -> (Settings, Vec<Notice>) {
    let mut r = Reader { get, notices: Vec::new() };
    let mut s = Settings::default();
    s.queues = r.int("pg_q", 1, i64::from(MAX_QUEUES), i64::from(s.queues)) as u16;
    s.brokers = r.int("pg_b", 1, i64::from(MAX_BROKERS), i64::from(s.brokers)) as u8;
    let count = r.int("pg_c", 0, MAX_CONSUMERS as i64, s.hosts.len() as i64) as usize;
    s.hosts = resized(&[], count);
    if let Some((mut hosts, bad)) = r.list("pg_m", |t| t.parse::<u8>().ok().filter(|h| (1..=MAX_HOST).contains(h))) {
        hosts.sort();
        let over = hosts.len() > MAX_CONSUMERS;
        hosts.truncate(MAX_CONSUMERS);
        let used = join(hosts.iter());
        if !bad.is_empty() || over {
            r.note("pg_m", &(r.get)("pg_m").unwrap_or_default(), &used);
        }
        if (r.get)("pg_c").is_some() && hosts.len() != count {
            r.note("pg_c", &count.to_string(), hosts.len());
        }
        s.hosts = hosts;
    }
    if let Some(raw) = (r.get)("pg_s") {
        match Mode::parse(&raw) {
            Some(mode) => s.mode = mode,
            None => r.note("pg_s", &raw, s.mode.name()),
        }
    }
    if let Some(raw) = (r.get)("pg_d") {
        match Mode::parse(&raw).and_then(Mode::kind).filter(|k| DELEGATES.contains(k)) {
            Some(kind) => s.delegate = kind,
            None => r.note("pg_d", &raw, s.delegate.name()),
        }
    }
    s.virtual_nodes = r.int("pg_v", 0, i64::from(MAX_VIRTUAL_NODES), i64::from(s.virtual_nodes)) as u32;
    if let Some(raw) = (r.get)("pg_rooms") {
        let mut bad = raw.chars().count() > usize::from(MAX_BROKERS);
        for (slot, c) in s.broker_rooms.iter_mut().zip(raw.trim().chars()) {
            match c.to_digit(10).and_then(|d| u8::try_from(d).ok()).filter(|d| *d <= ROOMS) {
                Some(room) => *slot = room,
                None => bad = true,
            }
        }
        if bad {
            let used: String = s.broker_rooms.iter().map(|r| r.to_string()).collect();
            r.note("pg_rooms", &raw, used);
        }
    }
    let room_pair = |t: &str| -> Option<(u8, u8)> {
        let (host, room) = t.split_once(':')?;
        let host = host.trim().parse::<u8>().ok().filter(|h| (1..=MAX_HOST).contains(h))?;
        let room = room.trim().parse::<u8>().ok().filter(|r| *r <= ROOMS)?;
        Some((host, room))
    };
    if let Some((pairs, bad)) = r.list("pg_crooms", room_pair) {
        for (host, room) in pairs {
            if room != default_consumer_room(host) {
                s.consumer_rooms.insert(host, room);
            }
        }
        if !bad.is_empty() {
            let used = s.consumer_rooms.iter().map(|(h, r)| format!("{h}:{r}")).collect::<Vec<_>>().join(",");
            r.note("pg_crooms", &bad, used);
        }
    }
    if let Some(raw) = (r.get)("pg_idc") {
        let rooms: BTreeSet<u8> = raw
            .chars()
            .filter(|c| *c != ',')
            .filter_map(|c| c.to_digit(10).and_then(|d| u8::try_from(d).ok()))
            .filter(|d| (1..=ROOMS).contains(d))
            .collect();
        if rooms.len() != raw.chars().filter(|c| *c != ',').count() {
            r.note("pg_idc", &raw, join(rooms.iter()));
        }
        s.idcs = rooms;
    }
    if let Some((mut config, bad)) = r.list("pg_cfg", QueueRef::parse) {
        let mut seen = BTreeSet::new();
        config.retain(|q| seen.insert(*q));
        if !bad.is_empty() {
            r.note("pg_cfg", &bad, config.iter().map(|q| q.key()).collect::<Vec<_>>().join(","));
        }
        s.config = config;
    }
    s.late = flag(&mut r, "pg_late");
    s.compare = flag(&mut r, "pg_cmp");
    if let Some(raw) = (r.get)("pg_view") {
        match raw.trim() {
            "table" => s.table = true,
            "lanes" | "" => s.table = false,
            _ => r.note("pg_view", &raw, "lanes"),
        }
    }
    if let Some((mut modes, bad)) = r.list("pg_cs", Mode::parse) {
        let mut seen = BTreeSet::new();
        modes.retain(|m| seen.insert(*m));
        modes.sort_by_key(|m| Mode::ALL.iter().position(|x| x == m));
        let over = modes.len() > 3;
        modes.truncate(3);
        if !bad.is_empty() || over {
            r.note(
                "pg_cs",
                &(r.get)("pg_cs").unwrap_or_default(),
                modes.iter().map(|m| m.name()).collect::<Vec<_>>().join(","),
            );
        }
        s.compare_modes = modes;
    }
    if let Some(raw) = (r.get)("pg_cc") {
        match raw.trim() {
            "join" => s.change = Change::Join,
            "leave" => s.change = Change::Leave,
            _ => r.note("pg_cc", &raw, "join"),
        }
    }
    (s, r.notices)
}

fn flag(r: &mut Reader, key: &'static str) -> bool {
    let Some(raw) = (r.get)(key) else { return false };
    parse_flag(&raw).unwrap_or_else(|| {
        r.note(key, &raw, "0");
        false
    })
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
