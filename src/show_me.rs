//! Links into our pages from a page and generic parameters ([`ShowMeState`]): an exercise's
//! "show me" and a Troubleshoot cause's live state. This maps them to the real URL keys of
//! our pages, so the link opens the matching state:
//!
//! - playground (`#/`): `pg_q`, `pg_b`, `pg_c`, `pg_s`, compare mode (`pg_cmp`, `pg_cs`,
//!   `pg_cc`) for a join, a leave or a second strategy, machine rooms (`pg_rooms`,
//!   `pg_crooms`, `pg_d`) for MACHINE_ROOM_NEARBY;
//! - offsets (`#/offsets`): one queue in `of_q` (`broker-a:0:min:max:consumer`), the
//!   page's preset (the seed's three queues) for `example = "seed"`, or its example of real
//!   `mqadmin` output (`of_ex`) for `example = "mqadmin"`;
//! - planner (`#/planner`): `pl_b`, `pl_p`, `pl_r`, `pl_t`, `pl_q`, `pl_n`, `pl_goal`,
//!   `pl_model`; a whole group's consume rate becomes instances × instance rate;
//! - timeline (`#/timeline`): `tl_scenario`, the simulator preset the exercise's scenario
//!   names (see [`timeline_scenario`]).
//!
//! The link keeps only the language: the target page opens in exactly this state.

use rebalance_core::allocate::StrategyKind;
use rebalance_core::exercise::instance::ShowMeState;
use rebalance_core::exercise::model::Page;
use rebalance_core::simulate::scenario;

use crate::components::format_value;

/// The planner's largest instance rate (its slider's end).
const PLANNER_RATE_MAX: f64 = 20_000.0;
/// The planner's default queue count.
const PLANNER_QUEUES: u32 = 8;
/// Machine rooms the playground has (`idc1..=idc3`).
const PLAYGROUND_ROOMS: usize = 3;

/// The route path of the page a show-me state opens.
pub fn route_path(page: Page) -> &'static str {
    match page {
        Page::Playground => "/",
        Page::Offsets => "/offsets",
        Page::Planner => "/planner",
        Page::Simulator => "/timeline",
    }
}

/// The query pairs of our page for `state`.
pub fn query_pairs(state: &ShowMeState) -> Vec<(String, String)> {
    let get = |k: &str| state.params.get(k).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    let mut out: Vec<(String, String)> = Vec::new();
    let mut put = |k: &str, v: String| out.push((k.to_owned(), v));
    match state.page {
        Page::Playground => {
            let (avg, hash) = (StrategyKind::Averagely.name(), StrategyKind::ConsistentHash.name());
            let strategy = get("strategy").unwrap_or_else(|| avg.to_owned());
            let rooms = get("rooms").and_then(|r| rooms(&r));
            match &rooms {
                Some(r) => {
                    put("pg_q", r.queues.to_string());
                    put("pg_b", r.brokers.to_string());
                    put("pg_c", r.consumers.to_string());
                    put("pg_rooms", (1..=r.brokers).map(|b| b.to_string()).collect());
                    if !r.consumer_rooms.is_empty() {
                        put("pg_crooms", r.consumer_rooms.clone());
                    }
                    put("pg_d", avg.to_owned());
                }
                None => {
                    if let Some(q) = get("queues") {
                        put("pg_q", q);
                        put("pg_b", "1".to_owned());
                    }
                    if let Some(c) = get("consumers") {
                        put("pg_c", c);
                    }
                }
            }
            let change = if get("leave").is_some() { Some("leave") } else { get("join").map(|_| "join") };
            let other = match get("compare") {
                Some(other) => Some(other),
                None if change.is_some() && strategy == hash => Some(avg.to_owned()),
                None => change.map(|_| hash.to_owned()),
            };
            if let Some(other) = other.filter(|o| *o != strategy) {
                put("pg_cmp", "1".to_owned());
                put("pg_cs", format!("{strategy},{other}"));
            }
            if change == Some("leave") {
                put("pg_cc", "leave".to_owned());
            }
            put("pg_s", strategy);
        }
        Page::Offsets => {
            if get("example").as_deref() == Some("mqadmin") {
                put("of_ex", "mqadmin".to_owned());
            } else if let (Some(min), Some(max), Some(consumer)) = (get("min"), get("max"), get("consumer")) {
                if [&min, &max, &consumer].iter().all(|v| v.parse::<i64>().is_ok()) {
                    put("of_q", format!("broker-a:0:{min}:{max}:{consumer}"));
                }
            }
        }
        Page::Planner => {
            for (name, key) in [
                ("backlog", "pl_b"),
                ("produce", "pl_p"),
                ("rate", "pl_r"),
                ("target", "pl_t"),
                ("queues", "pl_q"),
                ("instances", "pl_n"),
            ] {
                if let Some(v) = get(name) {
                    put(key, v);
                }
            }
            let consume =
                get("consume").and_then(|c| rebalance_core::float::parse_f64(&c)).filter(|c| c.is_finite() && *c > 0.0);
            if let Some(consume) = consume {
                // The planner takes a per-instance rate: split the group's rate evenly over
                // the fewest instances that keep it on the slider and, if possible, whole.
                let fewest = (consume / PLANNER_RATE_MAX).ceil().clamp(1.0, 64.0) as u32;
                let instances =
                    (fewest..=fewest + 16).find(|n| (consume / f64::from(*n)).fract() == 0.0).unwrap_or(fewest);
                put("pl_r", format_value(consume / f64::from(instances)));
                put("pl_n", instances.to_string());
                if instances > PLANNER_QUEUES && get("queues").is_none() {
                    put("pl_q", instances.to_string());
                }
                put("pl_goal", "instances".to_owned());
            } else if get("target").is_some() {
                put("pl_goal", "target".to_owned());
            } else if get("instances").is_some() {
                put("pl_goal", "instances".to_owned());
            }
            match get("model").as_deref() {
                Some("message") => put("pl_model", "message".to_owned()),
                Some(_) => put("pl_model", "queue".to_owned()),
                None => {}
            }
        }
        Page::Simulator => {
            if let Some(name) = get("scenario").and_then(|n| timeline_scenario(&n)) {
                put("tl_scenario", name);
            }
        }
    }
    out
}

/// The simulator preset an exercise names (the core's content check guarantees it exists);
/// `None` (the timeline's default) for an unknown name.
pub fn timeline_scenario(name: &str) -> Option<String> {
    scenario::known_name(name).map(str::to_owned)
}

/// MACHINE_ROOM_NEARBY's rooms (`hz:3:2,sh:4:2,sz:2:0`: room, queues, consumers) as the
/// playground lays them out: one broker per room (`idc1…`), hosts 1… in room order.
struct Rooms {
    queues: u32,
    brokers: usize,
    consumers: u32,
    consumer_rooms: String,
}

fn rooms(text: &str) -> Option<Rooms> {
    let triples: Vec<(u32, u32)> = text
        .split(',')
        .map(|t| {
            let mut f = t.split(':').skip(1).map(|n| n.trim().parse::<u32>().ok());
            Some((f.next()??, f.next()??))
        })
        .collect::<Option<_>>()?;
    if triples.is_empty() || triples.len() > PLAYGROUND_ROOMS {
        return None;
    }
    let mut overrides = Vec::new();
    let mut host = 0u32;
    for (room, (_, consumers)) in (1u32..).zip(&triples) {
        for _ in 0..*consumers {
            host += 1;
            // The playground's default room: odd hosts idc1, even hosts idc2.
            let default = if host % 2 == 1 { 1 } else { 2 };
            if room != default {
                overrides.push(format!("{host}:{room}"));
            }
        }
    }
    Some(Rooms {
        queues: triples.iter().map(|t| t.0).sum(),
        brokers: triples.len(),
        consumers: host,
        consumer_rooms: overrides.join(","),
    })
}

/// `%`-encodes a query value: everything but unreserved characters and the separators a
/// query may hold as they are (`,` `:` `;` `/` `@`, as [`crate::url_state`] writes them).
pub fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b',' | b':' | b';' | b'/' | b'@' => {
                (b as char).to_string()
            }
            other => format!("%{other:02X}"),
        })
        .collect()
}

/// The relative link that opens `state` in `lang` (`?lang=en&pg_q=8#/`).
pub fn href(state: &ShowMeState, lang_code: &str) -> String {
    let mut query = format!("?lang={}", encode(lang_code));
    for (k, v) in query_pairs(state) {
        query.push_str(&format!("&{}={}", encode(&k), encode(&v)));
    }
    format!("{query}#{}", route_path(state.page))
}
