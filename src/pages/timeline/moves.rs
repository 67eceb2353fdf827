//! Queue moves in words and the "Which queues will move?" prediction (no yew, tested
//! natively). A move is a change of a queue's holders, the live processes with a
//! ProcessQueue for it, as the core records them per tick (`Simulation::ownership_changes`):
//! a client's `RebalanceImpl.updateProcessQueueTableInRebalance` drops the ProcessQueues of
//! queues no longer allocated to it and adds those newly allocated, and a killed process
//! holds nothing. A queue taken before its old holder dropped it has two holders for a
//! while (an overlap), which a move says as it is.

use rebalance_core::simulate::{ConsumerView, OwnershipChange};

use super::script::short_cid;

/// How many changes the page keeps in words.
pub const KEPT: usize = 5;

/// One queue's holders before and after a change (process indices, ascending).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueMove {
    /// Queue index (its tile's `Q{i}`).
    pub queue: u32,
    /// Holders before.
    pub from: Vec<u32>,
    /// Holders after (two or more: an overlap).
    pub to: Vec<u32>,
}

/// The moves of one tick, in queue order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The tick whose state first shows them.
    pub tick: u64,
    /// The queues that changed holders.
    pub moves: Vec<QueueMove>,
}

/// The tick whose state includes a change recorded at `at_ms` (as `markers.rs` places it).
fn tick_of(at_ms: u64, tick_ms: u64) -> u64 {
    at_ms.div_ceil(tick_ms.max(1))
}

/// The last `n` changes of holders recorded at ticks `1 ..= until`, newest first. Tick 0
/// is the group's first allocation, what the lanes show at the start, not a move.
pub fn recent(records: &[OwnershipChange], tick_ms: u64, until: u64, n: usize) -> Vec<Change> {
    let mut holders: Vec<Vec<u32>> = Vec::new();
    let mut kept: Vec<Change> = Vec::new();
    for record in records {
        let tick = tick_of(record.at_ms, tick_ms);
        if tick > until {
            break;
        }
        let q = record.queue as usize;
        if holders.len() <= q {
            holders.resize(q + 1, Vec::new());
        }
        let Some(before) = holders.get_mut(q) else { continue };
        let from = std::mem::replace(before, record.holders.clone());
        if tick == 0 || from == record.holders {
            continue;
        }
        let m = QueueMove { queue: record.queue, from, to: record.holders.clone() };
        match kept.last_mut() {
            Some(c) if c.tick == tick => c.moves.push(m),
            _ => {
                kept.push(Change { tick, moves: vec![m] });
                if kept.len() > n {
                    kept.remove(0);
                }
            }
        }
    }
    for c in &mut kept {
        c.moves.sort_by_key(|m| m.queue);
    }
    kept.reverse();
    kept
}

/// The queues whose holders changed at some tick of `first ..= last`, ascending.
pub fn moved_queues(records: &[OwnershipChange], tick_ms: u64, first: u64, last: u64) -> Vec<u32> {
    let mut moved: Vec<u32> =
        records.iter().filter(|r| (first..=last).contains(&tick_of(r.at_ms, tick_ms))).map(|r| r.queue).collect();
    // A record is written only when the holders differ from the last one.
    moved.sort_unstable();
    moved.dedup();
    moved
}

/// How each process is named in a move: the part of its cid before `@` (as the events name
/// it), and the process index too when two processes share that name (a cid clash), by
/// process index.
pub fn process_names(consumers: &[ConsumerView]) -> Vec<(String, Option<u32>)> {
    let mut names = vec![(String::new(), None); consumers.len()];
    for c in consumers {
        let short = short_cid(&c.cid);
        let shared = consumers.iter().any(|o| o.process != c.process && short_cid(&o.cid) == short);
        if let Some(slot) = names.get_mut(c.process as usize) {
            *slot = (short.to_owned(), shared.then_some(c.process));
        }
    }
    names
}

/// What a queue turned out to be, once the rebalance has been played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Picked and moved.
    Right,
    /// Moved but not picked.
    Missed,
    /// Picked but did not move.
    Wrong,
}

impl Mark {
    /// The CSS class and the text key's last part.
    pub fn code(self) -> &'static str {
        match self {
            Mark::Right => "right",
            Mark::Missed => "missed",
            Mark::Wrong => "wrong",
        }
    }
}

/// A prediction graded against the moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Grade {
    /// Every queue picked or moved, ascending, with its mark.
    pub marks: Vec<(u32, Mark)>,
    /// Counts of each mark, and of the queues that moved.
    pub right: usize,
    /// Moved, not picked.
    pub missed: usize,
    /// Picked, did not move.
    pub wrong: usize,
    /// Queues that moved (`right + missed`).
    pub moved: usize,
}

/// Grades the queues a learner picked against the queues that moved: each queue picked and
/// moved is right, moved and not picked missed, picked and not moved wrong.
pub fn grade_prediction(picked: &[u32], moved: &[u32]) -> Grade {
    let mut queues: Vec<u32> = picked.iter().chain(moved).copied().collect();
    queues.sort_unstable();
    queues.dedup();
    let mut grade = Grade::default();
    for q in queues {
        let mark = match (picked.contains(&q), moved.contains(&q)) {
            (true, true) => Mark::Right,
            (false, _) => Mark::Missed,
            (true, false) => Mark::Wrong,
        };
        match mark {
            Mark::Right => grade.right += 1,
            Mark::Missed => grade.missed += 1,
            Mark::Wrong => grade.wrong += 1,
        }
        grade.marks.push((q, mark));
    }
    grade.moved = grade.right + grade.missed;
    grade
}

#[cfg(test)]
mod tests {
    use rebalance_core::simulate::{scenario, ConsumerStatus, Event, Simulation};

    use super::*;

    fn finished(name: &str) -> Simulation {
        let s = scenario::by_name(name).unwrap_or_else(|| panic!("no preset {name}"));
        let mut sim = Simulation::from_scenario(&s, 1).unwrap_or_else(|e| panic!("{e}"));
        sim.run_until(s.duration_ms);
        sim
    }

    /// Holders of every queue after `tick`, read from the run's own state at that tick.
    fn holders_at(sim: &mut Simulation, tick: u64) -> Vec<Vec<u32>> {
        sim.seek(tick);
        sim.snapshot().queues.iter().map(|q| q.holders.clone()).collect()
    }

    /// Every change of holders the page says is the difference between the run's state one
    /// tick before and at that tick, and no queue whose holders differ is left out.
    fn check_against_the_runs_state(name: &str) -> usize {
        let mut sim = finished(name);
        let tick_ms = sim.config().tick_ms;
        let end = sim.recorded_ticks();
        let all = recent(sim.ownership_changes(), tick_ms, end, usize::MAX);
        assert!(!all.is_empty(), "{name}: queues move");
        assert!(all.windows(2).all(|w| w[0].tick > w[1].tick), "{name}: newest first");
        for change in &all {
            let before = holders_at(&mut sim, change.tick - 1);
            let after = holders_at(&mut sim, change.tick);
            let expected: Vec<QueueMove> = (0u32..)
                .zip(after.iter())
                .filter(|(q, now)| before.get(*q as usize) != Some(now))
                .map(|(q, now)| QueueMove {
                    queue: q,
                    from: before.get(q as usize).cloned().unwrap_or_default(),
                    to: now.clone(),
                })
                .collect();
            assert_eq!(change.moves, expected, "{name} at tick {}", change.tick);
        }
        // Kept short: the newest five, the same as the first five of the whole list.
        assert_eq!(
            recent(sim.ownership_changes(), tick_ms, end, KEPT),
            all.iter().take(KEPT).cloned().collect::<Vec<_>>()
        );
        all.len()
    }

    /// crash: the killed process's queues go to nobody in the tick that applies the crash
    /// (a killed process holds nothing), then to the survivors at their rebalance.
    #[test]
    fn the_crash_gives_exactly_the_moves_of_the_runs_holders() {
        check_against_the_runs_state("crash");
        let s = scenario::by_name("crash").unwrap_or_else(|| panic!("no crash"));
        let crash = s.events.iter().find(|e| matches!(e.event, Event::Crash { .. }));
        let Some(at) = crash.map(|e| e.at_ms.div_ceil(s.config.tick_ms)) else { panic!("no crash event") };
        let mut sim = finished("crash");
        let killed = sim.snapshot().consumers.iter().find(|c| c.status == ConsumerStatus::Crashed).map(|c| c.process);
        let Some(killed) = killed else { panic!("nobody crashed") };
        let held: Vec<u32> = holders_at(&mut sim, at - 1)
            .iter()
            .zip(0u32..)
            .filter(|(h, _)| h.contains(&killed))
            .map(|(_, q)| q)
            .collect();
        assert!(!held.is_empty());
        let all = recent(sim.ownership_changes(), s.config.tick_ms, sim.recorded_ticks(), usize::MAX);
        // The event at `at` is applied by the tick after it.
        let at_crash = all.iter().find(|c| c.tick == at + 1).map(|c| c.moves.clone()).unwrap_or_default();
        let dropped: Vec<u32> =
            at_crash.iter().filter(|m| m.from.contains(&killed) && !m.to.contains(&killed)).map(|m| m.queue).collect();
        assert_eq!(dropped, held, "the crash drops what it held");
        assert!(at_crash.iter().all(|m| m.to.is_empty()), "{at_crash:?}");
        // Each is taken later by a survivor: the next move of the queue starts from nobody.
        for q in held {
            let taken = all.iter().rev().filter(|c| c.tick > at + 1).flat_map(|c| &c.moves).find(|m| m.queue == q);
            assert!(
                taken.is_some_and(|m| m.from.is_empty() && !m.to.is_empty() && !m.to.contains(&killed)),
                "Q{q}: {taken:?}"
            );
        }
    }

    /// gc-pause: the others take the paused consumer's queues while it still holds them,
    /// so some move shows two holders.
    #[test]
    fn the_gc_pause_overlap_shows_both_holders() {
        check_against_the_runs_state("gc-pause");
        let sim = finished("gc-pause");
        let all = recent(sim.ownership_changes(), sim.config().tick_ms, sim.recorded_ticks(), usize::MAX);
        assert!(all.iter().flat_map(|c| &c.moves).any(|m| m.to.len() == 2), "an overlap is said");
    }

    #[test]
    fn changes_after_the_current_tick_are_not_listed() {
        let sim = finished("scale-3-to-10");
        let tick_ms = sim.config().tick_ms;
        let all = recent(sim.ownership_changes(), tick_ms, sim.recorded_ticks(), usize::MAX);
        let Some(middle) = all.get(all.len() / 2) else { panic!("no moves") };
        let until = recent(sim.ownership_changes(), tick_ms, middle.tick, KEPT);
        assert_eq!(until.first(), Some(middle));
        assert!(until.iter().all(|c| c.tick <= middle.tick));
        assert_eq!(recent(sim.ownership_changes(), tick_ms, 0, KEPT), vec![], "the first allocation is not a move");
    }

    #[test]
    fn moved_queues_are_those_of_the_listed_moves_in_the_window() {
        let sim = finished("scale-out-avg");
        let tick_ms = sim.config().tick_ms;
        let all = recent(sim.ownership_changes(), tick_ms, sim.recorded_ticks(), usize::MAX);
        let (Some(newest), Some(oldest)) = (all.first(), all.last()) else { panic!("no moves") };
        let mut listed: Vec<u32> = all.iter().flat_map(|c| c.moves.iter().map(|m| m.queue)).collect();
        listed.sort_unstable();
        listed.dedup();
        assert_eq!(moved_queues(sim.ownership_changes(), tick_ms, oldest.tick, newest.tick), listed);
        let after = newest.tick + 1;
        assert_eq!(moved_queues(sim.ownership_changes(), tick_ms, after, after + 10), Vec::<u32>::new());
    }

    /// cid-clash: two processes share 192.168.0.2, so both are named with their process.
    #[test]
    fn processes_that_share_a_cid_are_told_apart() {
        let sim = finished("cid-clash");
        let snapshot = sim.snapshot();
        let names = process_names(&snapshot.consumers);
        let twins: Vec<&(String, Option<u32>)> = names.iter().filter(|(n, _)| n == "192.168.0.2").collect();
        assert_eq!(twins.len(), 2);
        assert!(twins.iter().all(|(_, p)| p.is_some()));
        assert!(names.iter().filter(|(n, _)| n != "192.168.0.2").all(|(_, p)| p.is_none()));
    }

    #[test]
    fn a_prediction_is_marked_right_missed_or_wrong() {
        let g = grade_prediction(&[2, 5, 7], &[1, 2, 5]);
        assert_eq!(g.marks, vec![(1, Mark::Missed), (2, Mark::Right), (5, Mark::Right), (7, Mark::Wrong)]);
        assert_eq!((g.right, g.missed, g.wrong, g.moved), (2, 1, 1, 3));
        assert_eq!(grade_prediction(&[], &[]), Grade::default());
        let none = grade_prediction(&[], &[3]);
        assert_eq!((none.right, none.missed, none.wrong, none.moved), (0, 1, 0, 1));
    }

    /// Graded against a real rebalance: picking exactly the queues the crash's rebalance
    /// moves is all right; picking all queues adds the unmoved ones as wrong.
    #[test]
    fn the_crashs_rebalance_graded() {
        let sim = finished("crash");
        let tick_ms = sim.config().tick_ms;
        let all = recent(sim.ownership_changes(), tick_ms, sim.recorded_ticks(), usize::MAX);
        let Some(last) = all.first() else { panic!("no moves") };
        let moved = moved_queues(sim.ownership_changes(), tick_ms, last.tick, last.tick);
        let exact = grade_prediction(&moved, &moved);
        assert_eq!((exact.right, exact.missed, exact.wrong), (moved.len(), 0, 0));
        let every: Vec<u32> = (0..sim.snapshot().queues.len() as u32).collect();
        let all_picked = grade_prediction(&every, &moved);
        assert_eq!((all_picked.right, all_picked.wrong), (moved.len(), every.len() - moved.len()));
    }
}
