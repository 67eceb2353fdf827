//! The timeline's state in the URL query (`tl_` keys), so a link replays the run exactly.
//! Reading never fails: a value that cannot be used is replaced (clamped where a number
//! can be) and reported as a [`UrlNotice`] by the shared [`UrlReader`]; events that cannot
//! be used are the page's own [`Notice`]s.
//!
//! | key | meaning | default |
//! |---|---|---|
//! | `tl_scenario` | a preset's name (`rebalance-lab simulate --list`) | `scale-3-to-10` |
//! | `tl_seed` | seed, 0 ..= 4294967295 | 1 |
//! | `tl_events` | injected events, see [`super::script`] | none |
//! | `tl_t` | current tick, 0 ..= the run's last tick | 0 |
//! | `tl_speed` | 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64 | 8 |
//! | `tl_cmp` | `1`: compare with the other model | off |
//! | `tl_pop` | the POP client: `simple` (SimpleConsumer, no renewal) or `push` (gRPC PushConsumer, the proxy renews) | the preset's |
//! | `tl_log` | log filter: `all`, `broker` or a process index | `all` |
//! | `tl_quiet` | `1`: the log hides offset persistence lines | off |
//! | `tl_slow` | `0`: playback does not slow down across overlaps and handoffs | on |
//! | `tl_predict` | `1`: playback pauses before each rebalance and asks which queues will move | off |
//!
//! A link may also carry these keys after the route (`#/timeline?tl_seed=2`); the page moves
//! them into the query when it opens ([`adopt_hash_query`]).

use rebalance_core::simulate::PopConsumer;

use super::run::Run;
use super::script;
use super::state::{preset, LogFilter, Page, DEFAULT_SCENARIO, DEFAULT_SEED, DEFAULT_SPEED, MAX_SEED, SPEED_LABELS};
use crate::url_state::{Problem, UrlNotice, UrlReader};

/// Something in the link the page could not use as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A URL value, replaced or clamped.
    Url(UrlNotice),
    /// An entry of `tl_events` that is not an event; left out.
    BadEvent {
        /// The entry as written.
        item: String,
    },
    /// An event the simulator refused; left out.
    Refused {
        /// The entry as written.
        item: String,
        /// The simulator's reason.
        reason: String,
    },
}

/// `tl_pop`'s value for a POP client.
pub fn pop_code(pop: PopConsumer) -> &'static str {
    match pop {
        PopConsumer::Simple => "simple",
        PopConsumer::Push => "push",
    }
}

/// Reads the whole page from the URL (`get` returns a key's value) and replays the run to `tl_t`.
pub fn read(get: &dyn Fn(&str) -> Option<String>) -> Page {
    let mut r = UrlReader::new(get);
    let name = r.raw("tl_scenario").map(|s| s.trim().to_owned());
    let mut scenario = preset(name.as_deref().unwrap_or(DEFAULT_SCENARIO));
    if let (Some(given), Some(s)) = (&name, &scenario) {
        if given != &s.name {
            r.note("tl_scenario", given, Problem::Invalid, &s.name);
        }
    }
    let seed = r.whole("tl_seed", 0, MAX_SEED as i64, DEFAULT_SEED as i64) as u64;
    let (events, bad) = r.raw("tl_events").map(|t| script::decode(&t)).unwrap_or_default();
    let mut page_notices: Vec<Notice> = bad.into_iter().map(|b| Notice::BadEvent { item: b.item }).collect();
    let switch = [("0", false), ("1", true)];
    let compare = r.choice("tl_cmp", &switch, false);
    let speeds: Vec<(&str, usize)> = SPEED_LABELS.iter().copied().zip(0..).collect();
    let speed = r.choice("tl_speed", &speeds, DEFAULT_SPEED);
    let log = r.text("tl_log", LogFilter::All, |l| l.code(), LogFilter::parse);
    let quiet = r.choice("tl_quiet", &switch, false);
    let slow = r.choice("tl_slow", &switch, true);
    let predict = r.choice("tl_predict", &switch, false);
    if let Some(s) = scenario.as_mut() {
        let pop = &mut s.config.client.pop_consumer;
        let pops = [PopConsumer::Simple, PopConsumer::Push].map(|p| (pop_code(p), p));
        *pop = r.choice("tl_pop", &pops, *pop);
    }
    let built = match scenario {
        Some(s) => Run::new(s, seed, events, compare),
        None => Err("no preset scenario".to_owned()),
    };
    let run = built.map(|(mut run, refused)| {
        page_notices.extend(refused.into_iter().map(|r| Notice::Refused { item: r.item, reason: r.reason }));
        let horizon = i64::try_from(run.horizon()).unwrap_or(i64::MAX);
        run.seek(r.whole("tl_t", 0, horizon, 0) as u64);
        run
    });
    let notices = r.into_notices().into_iter().map(Notice::Url).chain(page_notices).collect();
    let mut page = Page::new(run, speed, log, notices);
    page.quiet = quiet;
    page.slow = slow;
    page.predict = predict;
    // A filter naming a process the run never starts shows nothing; say so and show all.
    if let (LogFilter::Process(p), Some(run)) = (page.log, page.run.as_ref()) {
        if p as usize >= run.main().snapshot().consumers.len() {
            page.notices.push(Notice::Url(UrlNotice::new("tl_log", &p.to_string(), Problem::Invalid, "all")));
            page.log = LogFilter::All;
        }
    }
    page
}

/// The URL keys of `page` (`None` removes a key).
pub fn to_query(page: &Page) -> Vec<(&'static str, Option<String>)> {
    let Some(run) = page.run.as_ref() else { return Vec::new() };
    let events = script::encode(run.injected());
    // Written only when it is not the preset's own client.
    let preset_pop = preset(&run.scenario().name).map(|s| s.config.client.pop_consumer);
    vec![
        ("tl_scenario", Some(run.scenario().name.clone())),
        ("tl_seed", Some(run.seed().to_string())),
        ("tl_events", (!events.is_empty()).then_some(events)),
        ("tl_t", Some(run.tick().to_string())),
        ("tl_speed", SPEED_LABELS.get(page.speed).map(|s| (*s).to_owned())),
        ("tl_cmp", run.other().is_some().then(|| "1".to_owned())),
        ("tl_pop", (Some(run.pop_consumer()) != preset_pop).then(|| pop_code(run.pop_consumer()).to_owned())),
        ("tl_log", (page.log != LogFilter::All).then(|| page.log.code())),
        ("tl_quiet", page.quiet.then(|| "1".to_owned())),
        ("tl_slow", (!page.slow).then(|| "0".to_owned())),
        ("tl_predict", page.predict.then(|| "1".to_owned())),
    ]
}

/// Moves `?key=value` pairs written after the route (`#/timeline?tl_t=5`) into the query,
/// where the page keeps its state, and leaves the plain route in the hash. Values already
/// in the query win. Does nothing when the hash has no query.
pub fn adopt_hash_query() {
    let Some(window) = web_sys::window() else { return };
    let Some(url) = window.location().href().ok().and_then(|href| web_sys::Url::new(&href).ok()) else { return };
    let hash = url.hash();
    let Some((route, query)) = hash.split_once('?') else { return };
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(query) else { return };
    let search = url.search_params();
    let iter = js_sys::try_iter(&params).ok().flatten();
    for entry in iter.into_iter().flatten().flatten() {
        let pair = js_sys::Array::from(&entry);
        if let (Some(key), Some(value)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
            if search.get(&key).is_none() {
                search.set(&key, &value);
            }
        }
    }
    url.set_hash(route);
    url.set_search(&crate::url_state::readable(&url.search()));
    if let Ok(history) = window.history() {
        let state = history.state().unwrap_or(wasm_bindgen::JsValue::NULL);
        let _ = history.replace_state_with_url(&state, "", Some(&url.href()));
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use rebalance_core::simulate::ClientConfig;

    use super::*;

    fn read_from(pairs: &[(&str, &str)]) -> Page {
        let map: HashMap<String, String> = pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        read(&move |key: &str| map.get(key).cloned())
    }

    #[test]
    fn an_empty_url_is_the_walkthrough_at_tick_0() {
        let page = read_from(&[]);
        let run = page.run.as_ref();
        assert_eq!(run.map(|r| (r.scenario().name.as_str(), r.seed(), r.tick())), Some((DEFAULT_SCENARIO, 1, 0)));
        assert_eq!(page.notices, vec![]);
        assert_eq!(page.speed, DEFAULT_SPEED);
        assert!(page.slow, "playback slows down at overlaps by default");
        assert!(!page.predict, "and does not ask before a rebalance");
        assert_eq!(to_query(&page).into_iter().find(|(k, _)| *k == "tl_slow"), Some(("tl_slow", None)));
    }

    #[test]
    fn a_link_round_trips() {
        let page = read_from(&[
            ("tl_scenario", "crash"),
            ("tl_seed", "9"),
            ("tl_events", "3000-join_5000-pause-192.168.0.1-4000"),
            ("tl_t", "700"),
            ("tl_speed", "0.25"),
            ("tl_cmp", "1"),
            ("tl_log", "broker"),
            ("tl_quiet", "1"),
            ("tl_pop", "push"),
            ("tl_slow", "0"),
            ("tl_predict", "1"),
        ]);
        assert_eq!(page.notices, vec![]);
        let query = to_query(&page);
        let again: Vec<(&str, String)> = query.iter().filter_map(|(k, v)| v.clone().map(|v| (*k, v))).collect();
        let pairs: Vec<(&str, &str)> = again.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let back = read_from(&pairs);
        assert_eq!(to_query(&back), query);
        assert_eq!(back.run.as_ref().map(Run::tick), Some(700));
        assert_eq!(back.speed, 0);
        assert_eq!(back.log, LogFilter::Broker);
        assert!(back.quiet);
        assert!(!back.slow);
        assert!(back.predict);
        assert_eq!(back.run.as_ref().map(Run::pop_consumer), Some(PopConsumer::Push));
        assert_eq!(
            back.run.as_ref().and_then(Run::other).map(|o| o.config().client.pop_consumer),
            Some(PopConsumer::Push)
        );
    }

    /// `tl_pop` is written only when it is not the preset's client, both ways.
    #[test]
    fn the_pop_client_is_in_the_link_when_it_is_not_the_presets() {
        let key = |page: &Page| to_query(page).into_iter().find(|(k, _)| *k == "tl_pop").and_then(|(_, v)| v);
        for (name, other) in [("pop-invisible-long", "push"), ("pop-push-renew", "simple")] {
            let mut page = read_from(&[("tl_scenario", name)]);
            assert_eq!(key(&page), None, "{name}");
            let pop = if other == "push" { PopConsumer::Push } else { PopConsumer::Simple };
            page.apply(super::super::state::Action::PopConsumer(pop));
            assert_eq!(key(&page).as_deref(), Some(other), "{name}");
            let back = read_from(&[("tl_scenario", name), ("tl_pop", other)]);
            assert_eq!(back.run.as_ref().map(Run::pop_consumer), Some(pop), "{name}");
            assert_eq!(back.notices, vec![]);
        }
    }

    #[test]
    fn bad_values_are_replaced_with_notices() {
        let page = read_from(&[
            ("tl_scenario", "nope"),
            ("tl_seed", "-5"),
            ("tl_events", "1000-join_garbage_2000-queues-r0"),
            ("tl_t", "99999999"),
            ("tl_speed", "3"),
            ("tl_cmp", "yes"),
            ("tl_log", "77"),
            ("tl_pop", "PULL"),
            ("tl_slow", "no"),
            ("tl_predict", "maybe"),
        ]);
        let run = page.run.as_ref();
        assert_eq!(run.map(|r| r.scenario().name.as_str()), Some(DEFAULT_SCENARIO));
        assert_eq!(run.map(Run::seed), Some(0));
        assert_eq!(run.map(|r| r.injected().len()), Some(1));
        let horizon = run.map(Run::horizon);
        assert_eq!(run.map(Run::tick), horizon);
        let keys: Vec<String> = page
            .notices
            .iter()
            .map(|n| match n {
                Notice::Url(n) => n.key.clone(),
                Notice::BadEvent { item } => format!("bad {item}"),
                Notice::Refused { item, .. } => format!("refused {item}"),
            })
            .collect();
        assert_eq!(
            keys,
            [
                "tl_scenario",
                "tl_seed",
                "tl_cmp",
                "tl_speed",
                "tl_slow",
                "tl_predict",
                "tl_pop",
                "tl_t",
                "bad garbage",
                "refused 2000-queues-r0",
                "tl_log"
            ]
        );
        let pop = page.notices.iter().find(|n| matches!(n, Notice::Url(n) if n.key == "tl_pop"));
        let default = pop_code(ClientConfig::default().pop_consumer);
        let choices = Problem::UnknownChoice { choices: "simple, push".to_owned() };
        assert_eq!(pop, Some(&Notice::Url(UrlNotice::new("tl_pop", "PULL", choices, default))));
        assert_eq!(page.log, LogFilter::All);
        assert!(page.slow, "an unknown tl_slow keeps the default");
    }

    #[test]
    fn a_huge_seed_is_clamped() {
        let page = read_from(&[("tl_seed", "99999999999999999999999")]);
        assert_eq!(page.run.as_ref().map(Run::seed), Some(MAX_SEED));
        assert_eq!(page.notices.len(), 1);
    }
}
