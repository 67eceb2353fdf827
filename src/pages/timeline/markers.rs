//! The moments the page marks on the lag chart and the scrub bar, derived from what the core
//! recorded (no yew, tested natively): rebalances (a client's ProcessQueue table changed,
//! `TickMetrics::rebalances`), crashes (`LogKind::Killed`), joins (`LogKind::Started` after
//! time 0), handoffs (a queue gets a process that was not its last holder, the core's
//! `QueueView::handoffs` rule) and duplicate bursts (`TickMetrics::duplicates` growing), and
//! the *key moments* playback slows down across: overlaps (`overlapping_queues > 0`) and
//! handoffs.
//!
//! A marker sits at the first tick whose metrics include it: a line logged at `at_ms` belongs
//! to tick `ceil(at_ms / tick_ms)`. Markers of one kind less than [`MERGE_MS`] apart are one
//! marker (the clients of a group rebalance a few ticks apart after one notification), with
//! their counts added.

use rebalance_core::simulate::{ConsumeModel, LogKind, Simulation};

/// Markers of one kind closer than this (simulated time) are drawn as one.
pub const MERGE_MS: u64 = 1_000;

/// What a marker marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MarkerKind {
    /// A consumer process was killed.
    Crash,
    /// A consumer process started after time 0.
    Join,
    /// Clients changed their ProcessQueue tables (a queue changed holders).
    Rebalance,
    /// A queue went to a process other than its last holder.
    Handoff,
    /// Messages were consumed again.
    Duplicates,
}

impl MarkerKind {
    /// Every kind, in the legend's order.
    pub const ALL: [MarkerKind; 5] =
        [MarkerKind::Crash, MarkerKind::Join, MarkerKind::Rebalance, MarkerKind::Handoff, MarkerKind::Duplicates];

    /// The CSS class and the text key's last part.
    pub fn code(self) -> &'static str {
        match self {
            MarkerKind::Crash => "crash",
            MarkerKind::Join => "join",
            MarkerKind::Rebalance => "rebalance",
            MarkerKind::Handoff => "handoff",
            MarkerKind::Duplicates => "duplicates",
        }
    }
}

/// One marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marker {
    /// The first tick it covers.
    pub tick: u64,
    /// What happened.
    pub kind: MarkerKind,
    /// How many: processes (crash, join), changed ProcessQueue tables (rebalance), queues
    /// handed off, duplicates consumed; summed over the ticks merged into it.
    pub count: u64,
    /// The last tick merged into it.
    pub last: u64,
}

/// Everything the page marks in a run, over its recorded ticks, kept up to date as the run
/// records more ([`Markers::sync`] reads only what is new).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Markers {
    /// In tick order (kinds in [`MarkerKind`] order at one tick).
    markers: Vec<Marker>,
    /// Key moments: runs `(first, last)` of consecutive ticks at which some queue is held
    /// by two or more live processes or a queue is handed off, in order.
    key: Vec<(u64, u64)>,
    /// The run these were read from ([`super::run::Run::generation`]).
    generation: u64,
    /// Ticks read (`history[..=synced]`), log lines and ownership changes read.
    synced: u64,
    log_read: usize,
    changes_read: usize,
    /// Per queue: its holders, and the process that last took it.
    holders: Vec<Vec<u32>>,
    last_taker: Vec<Option<u32>>,
    /// Per kind: the index of its last marker and the last tick merged into it.
    open: [Option<(usize, u64)>; 5],
}

/// The tick whose metrics include something that happened at `at_ms`.
fn tick_of(at_ms: u64, tick_ms: u64) -> u64 {
    at_ms.div_ceil(tick_ms.max(1))
}

impl Markers {
    /// The markers of `sim`'s recorded ticks.
    pub fn of(sim: &Simulation, generation: u64) -> Markers {
        let mut markers = Markers { generation, ..Markers::default() };
        markers.read(sim);
        markers
    }

    /// Reads what `sim` recorded since the last call, or everything again when the run was
    /// rewritten (another `generation`, or fewer ticks than read).
    pub fn sync(&mut self, sim: &Simulation, generation: u64) {
        if generation != self.generation || sim.recorded_ticks() < self.synced {
            *self = Markers::of(sim, generation);
        } else {
            self.read(sim);
        }
    }

    /// Every marker, in tick order.
    pub fn all(&self) -> &[Marker] {
        &self.markers
    }

    /// The key moments: `(first, last)` tick of each, in order.
    #[cfg(test)]
    pub fn moments(&self) -> &[(u64, u64)] {
        &self.key
    }

    /// The first marker after `tick`.
    pub fn next_after(&self, tick: u64) -> Option<u64> {
        self.markers.iter().map(|m| m.tick).find(|&t| t > tick)
    }

    /// The rebalance marker that starts at `tick`.
    pub fn rebalance_at(&self, tick: u64) -> Option<&Marker> {
        self.markers.iter().find(|m| m.tick == tick && m.kind == MarkerKind::Rebalance)
    }

    /// The last marker before `tick`.
    pub fn previous_before(&self, tick: u64) -> Option<u64> {
        self.markers.iter().rev().map(|m| m.tick).find(|&t| t < tick)
    }

    /// The key moment at `tick`: its first tick, and its length in ticks if the run has
    /// recorded the tick after its end (else it may go on).
    pub fn moment_at(&self, tick: u64) -> Option<(u64, Option<u64>)> {
        let i = self.key.partition_point(|&(first, _)| first <= tick);
        let &(first, last) = self.key.get(i.checked_sub(1)?)?;
        (tick <= last).then(|| (first, (last < self.synced).then(|| last - first + 1)))
    }

    fn read(&mut self, sim: &Simulation) {
        let tick_ms = sim.config().tick_ms.max(1);
        let history = sim.history();
        let from = self.synced;
        let mut raw: Vec<Marker> = Vec::new();
        let mut key: Vec<u64> = Vec::new();
        let mut before = history.get(from as usize).copied().unwrap_or_default();
        if from == 0 && before.overlapping_queues > 0 {
            key.push(0);
        }
        for (tick, now) in (from + 1..).zip(history.iter().skip(from as usize + 1)) {
            let rebalances = now.rebalances.saturating_sub(before.rebalances);
            if rebalances > 0 {
                raw.push(Marker { tick, kind: MarkerKind::Rebalance, count: rebalances, last: tick });
            }
            let duplicates = now.duplicates.saturating_sub(before.duplicates);
            if duplicates > 0 {
                raw.push(Marker { tick, kind: MarkerKind::Duplicates, count: duplicates, last: tick });
            }
            if now.overlapping_queues > 0 {
                key.push(tick);
            }
            before = *now;
        }
        self.synced = sim.recorded_ticks();
        for line in sim.log().iter().skip(self.log_read) {
            let kind = match line.kind {
                LogKind::Killed => MarkerKind::Crash,
                LogKind::Started { .. } if line.at_ms > 0 => MarkerKind::Join,
                _ => continue,
            };
            let tick = tick_of(line.at_ms, tick_ms);
            raw.push(Marker { tick, kind, count: 1, last: tick });
        }
        self.log_read = sim.log().len();
        self.read_handoffs(sim, tick_ms, &mut raw, &mut key);
        raw.sort_by_key(|m| (m.tick, m.kind));
        let merge = (MERGE_MS / tick_ms).max(1);
        for m in raw {
            self.add(m, merge);
        }
        key.sort_unstable();
        for tick in key {
            match self.key.last_mut() {
                Some((_, last)) if tick <= *last + 1 => *last = (*last).max(tick),
                _ => self.key.push((tick, tick)),
            }
        }
    }

    /// Handoffs among the new ownership changes: a queue gets a process other than the one
    /// that took it last (as the core counts `QueueView::handoffs`: a new ProcessQueue for a
    /// queue whose previous new ProcessQueue was another process's). BROADCASTING has none:
    /// every consumer takes every queue.
    fn read_handoffs(&mut self, sim: &Simulation, tick_ms: u64, raw: &mut Vec<Marker>, key: &mut Vec<u64>) {
        let skip = if sim.config().group.model == ConsumeModel::Broadcasting {
            sim.ownership_changes().len()
        } else {
            self.changes_read
        };
        for change in sim.ownership_changes().iter().skip(skip) {
            let q = change.queue as usize;
            if self.holders.len() <= q {
                self.holders.resize(q + 1, Vec::new());
                self.last_taker.resize(q + 1, None);
            }
            let (Some(before), Some(last)) = (self.holders.get_mut(q), self.last_taker.get_mut(q)) else { continue };
            let mut handed = 0;
            for &p in change.holders.iter().filter(|p| !before.contains(p)) {
                handed += u64::from(last.is_some_and(|l| l != p));
                *last = Some(p);
            }
            before.clone_from(&change.holders);
            if handed > 0 {
                let tick = tick_of(change.at_ms, tick_ms);
                raw.push(Marker { tick, kind: MarkerKind::Handoff, count: handed, last: tick });
                key.push(tick);
            }
        }
        self.changes_read = sim.ownership_changes().len();
    }

    /// Adds `m` (in tick order), merged into the last marker of its kind if that one is
    /// less than `merge` ticks before.
    fn add(&mut self, m: Marker, merge: u64) {
        let Some(slot) = self.open.get_mut(m.kind as usize) else { return };
        if let Some((i, last)) = slot {
            if m.tick.saturating_sub(*last) < merge {
                if let Some(o) = self.markers.get_mut(*i) {
                    o.count += m.count;
                    o.last = m.tick;
                }
                *last = m.tick;
                return;
            }
        }
        *slot = Some((self.markers.len(), m.tick));
        self.markers.push(m);
    }
}

#[cfg(test)]
mod tests {
    use rebalance_core::simulate::{scenario, Event, Scenario};

    use super::*;

    fn preset(name: &str) -> Scenario {
        scenario::by_name(name).unwrap_or_else(|| panic!("no preset {name}"))
    }

    fn finished(s: &Scenario) -> Simulation {
        let mut sim = Simulation::from_scenario(s, 1).unwrap_or_else(|e| panic!("{e}"));
        sim.run_until(s.duration_ms);
        sim
    }

    fn of_kind(m: &Markers, kind: MarkerKind) -> Vec<(u64, u64)> {
        m.all().iter().filter(|x| x.kind == kind).map(|x| (x.tick, x.count)).collect()
    }

    /// The core counts a handoff when a new ProcessQueue is made for a queue whose last one
    /// was another process's; the markers find the same from the recorded holders.
    #[test]
    fn handoffs_are_counted_as_the_core_counts_them() {
        for name in scenario::NAMES {
            let sim = finished(&preset(name));
            let core: u64 = sim.snapshot().queues.iter().map(|q| q.handoffs).sum();
            let marked: u64 = of_kind(&Markers::of(&sim, 0), MarkerKind::Handoff).iter().map(|x| x.1).sum();
            assert_eq!(marked, core, "{name}");
        }
    }

    #[test]
    fn every_join_of_scale_3_to_10_is_marked_at_its_scripted_time() {
        let s = preset("scale-3-to-10");
        let tick_ms = s.config.tick_ms;
        let joins: Vec<(u64, u64)> = s
            .events
            .iter()
            .filter(|e| matches!(e.event, Event::Join { .. }))
            .map(|e| (e.at_ms.div_ceil(tick_ms), 1))
            .collect();
        assert_eq!(joins.len(), 7, "3 → 10");
        let m = Markers::of(&finished(&s), 0);
        assert_eq!(of_kind(&m, MarkerKind::Join), joins);
        assert_eq!(of_kind(&m, MarkerKind::Crash), vec![]);
        // A join makes the group rebalance when AVG gives the newcomer queues or shifts the
        // others: all but the 9th, which sorts last in cidAll (192.168.0.9 after .8) and gets
        // nothing of 8 queues; the 10th (192.168.0.10 sorts after .1) shifts everyone.
        let rebalances = of_kind(&m, MarkerKind::Rebalance);
        let followed = |tick: u64| rebalances.iter().any(|(t, _)| (tick..tick + MERGE_MS / tick_ms).contains(t));
        let quiet: Vec<u64> = joins.iter().map(|j| j.0).filter(|&t| !followed(t)).collect();
        assert_eq!(quiet, vec![joins[5].0], "{rebalances:?}");
        assert_eq!(rebalances.len(), 6, "and no other rebalance: {rebalances:?}");
    }

    #[test]
    fn the_crash_is_marked_where_the_script_puts_it_with_the_handoff_of_its_queues() {
        let s = preset("crash");
        let tick_ms = s.config.tick_ms;
        let crash = s.events.iter().find(|e| matches!(e.event, Event::Crash { .. }));
        let Some(at) = crash.map(|e| e.at_ms.div_ceil(tick_ms)) else { panic!("no crash in the preset") };
        let mut sim = Simulation::from_scenario(&s, 1).unwrap_or_else(|e| panic!("{e}"));
        sim.seek(at - 1);
        // The queues the killed process held just before.
        let killed = sim.snapshot().consumers.iter().find(|c| c.cid.starts_with("192.168.0.3")).map(|c| c.queues.len());
        sim.run_until(s.duration_ms);
        let m = Markers::of(&sim, 0);
        assert_eq!(of_kind(&m, MarkerKind::Crash), vec![(at, 1)]);
        let handoffs = of_kind(&m, MarkerKind::Handoff);
        assert_eq!(handoffs.iter().map(|h| h.1 as usize).sum::<usize>(), killed.unwrap_or(0), "{handoffs:?}");
        assert!(handoffs.iter().all(|h| h.0 >= at), "{handoffs:?}");
        // The duplicates are what it finished since its last pull: consumed again after the crash.
        assert!(of_kind(&m, MarkerKind::Duplicates).iter().any(|d| d.0 >= at));
    }

    #[test]
    fn markers_of_one_kind_are_at_least_a_merge_apart() {
        for name in scenario::NAMES {
            let s = preset(name);
            let merge = MERGE_MS / s.config.tick_ms;
            let m = Markers::of(&finished(&s), 0);
            for kind in MarkerKind::ALL {
                let ticks: Vec<u64> = of_kind(&m, kind).iter().map(|x| x.0).collect();
                assert!(ticks.windows(2).all(|w| w[1] - w[0] >= merge), "{name} {kind:?}: {ticks:?}");
            }
            assert!(m.all().windows(2).all(|w| w[0].tick <= w[1].tick), "{name}: in tick order");
        }
    }

    #[test]
    fn reading_tick_by_tick_gives_the_markers_of_the_whole_run() {
        for name in ["crash", "gc-pause", "rolling-deploy", "cid-clash"] {
            let s = preset(name);
            let mut sim = Simulation::from_scenario(&s, 1).unwrap_or_else(|e| panic!("{e}"));
            let mut live = Markers::of(&sim, 3);
            let end = s.duration_ms / s.config.tick_ms;
            for tick in 1..=end {
                sim.seek(tick);
                live.sync(&sim, 3);
            }
            assert_eq!(live, Markers::of(&sim, 3), "{name}");
            // Another generation reads the run again.
            live.sync(&sim, 4);
            assert_eq!(live, Markers::of(&sim, 4), "{name}");
        }
    }

    #[test]
    fn previous_and_next_walk_the_markers() {
        let m = Markers::of(&finished(&preset("crash")), 0);
        let ticks: Vec<u64> = m.all().iter().map(|x| x.tick).collect();
        let Some(&first) = ticks.first() else { panic!("no markers") };
        assert_eq!(m.next_after(0), Some(first));
        assert_eq!(m.previous_before(first), None);
        for w in ticks.windows(2).filter(|w| w[0] != w[1]) {
            assert_eq!(m.next_after(w[0]), Some(w[1]));
            assert_eq!(m.previous_before(w[1]), Some(w[0]));
        }
        assert_eq!(m.next_after(ticks.last().copied().unwrap_or(0)), None);
    }

    /// gc-pause: the paused consumer wakes up still holding the queues the others took.
    #[test]
    fn an_overlap_is_a_key_moment_whose_length_is_known_once_its_end_is_recorded() {
        let s = preset("gc-pause");
        let sim = finished(&s);
        let overlapping: Vec<u64> =
            (0..).zip(sim.history()).filter(|(_, m)| m.overlapping_queues > 0).map(|(t, _)| t).collect();
        let Some(&first) = overlapping.first() else { panic!("no overlap in gc-pause") };
        let run_len = overlapping.iter().zip(first..).take_while(|(t, expected)| *t == expected).count() as u64;
        let m = Markers::of(&sim, 0);
        let Some((start, len)) = m.moment_at(first + run_len - 1) else { panic!("not a key moment") };
        assert!(start <= first, "a handoff may start the moment a tick earlier");
        assert!(len.is_some_and(|n| n >= run_len), "{len:?} < {run_len}");
        assert_eq!(m.moment_at(0), None);
        // At the edge of the recording the moment may go on.
        let mut edge = Simulation::from_scenario(&s, 1).unwrap_or_else(|e| panic!("{e}"));
        edge.seek(first);
        assert_eq!(Markers::of(&edge, 0).moment_at(first).map(|(_, len)| len), Some(None));
    }
}
