//! The page's state and every change to it, as plain data (no yew): the [`Run`], whether it
//! plays and how fast, the log filter, the URL notices and the core's last refusal.
//! The component keeps one [`Page`] in a `RefCell` and calls [`Page::apply`].

use rebalance_core::simulate::{scenario, Event, PopConsumer, Scenario};

use super::markers::{Markers, MERGE_MS};
use super::moves::{self, Grade};
use super::pace::{self, Moment};
use super::query::Notice;
use super::run::Run;

/// Playback speeds (simulated seconds per real second).
pub const SPEEDS: [f64; 9] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0];
/// How the speeds are written in the URL and the menu.
pub const SPEED_LABELS: [&str; 9] = ["0.25", "0.5", "1", "2", "4", "8", "16", "32", "64"];
/// 8×: a 3-minute preset plays in about 23 s.
pub const DEFAULT_SPEED: usize = 5;
/// The seed's walkthrough.
pub const DEFAULT_SCENARIO: &str = "scale-3-to-10";
/// The command line's default seed.
pub const DEFAULT_SEED: u64 = 1;
/// Seeds the page accepts (32 bits: exact in a number box).
pub const MAX_SEED: u64 = u32::MAX as u64;
/// Default stall length of the pause event (ms).
pub const DEFAULT_PAUSE_MS: u64 = 30_000;
/// A replayed change, and a predicted rebalance once shown, play from this long before it
/// to this long after it (simulated time), then pause.
pub const REPLAY_LEAD_MS: u64 = 2_000;

/// "Which queues will move?": a prediction of the rebalance that starts at `first`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quiz {
    /// The run it was asked on ([`Run::generation`]); another run drops it.
    generation: u64,
    /// The first tick of the rebalance (its marker's); playback waits one tick before it.
    pub first: u64,
    /// The queues picked, ascending.
    pub picked: Vec<u32>,
    /// "Show" was pressed: playback goes on through the rebalance.
    pub shown: bool,
}

/// Whose lines the log pane shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFilter {
    /// Everybody.
    All,
    /// The broker and the script.
    Broker,
    /// One consumer process.
    Process(u32),
}

impl LogFilter {
    /// The URL / `<select>` value.
    pub fn code(self) -> String {
        match self {
            LogFilter::All => "all".to_owned(),
            LogFilter::Broker => "broker".to_owned(),
            LogFilter::Process(p) => p.to_string(),
        }
    }

    /// Reads [`LogFilter::code`].
    pub fn parse(text: &str) -> Option<LogFilter> {
        match text.trim() {
            "all" => Some(LogFilter::All),
            "broker" => Some(LogFilter::Broker),
            other => other.parse().ok().filter(|p| *p < 4_096).map(LogFilter::Process),
        }
    }
}

/// Everything the reader can do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Play, or pause while playing (at the end: play from the start).
    TogglePlay,
    /// One tick forward (pauses).
    Step,
    /// One tick back (pauses).
    StepBack,
    /// To this tick.
    Seek(u64),
    /// To the first tick.
    ToStart,
    /// To the last tick.
    ToEnd,
    /// The animation loop: this much wall-clock time (ms) has passed since the last frame.
    Frame(f64),
    /// To the next marked event (recording the run further if none is recorded yet).
    NextEvent,
    /// To the previous marked event.
    PreviousEvent,
    /// Slow playback down across overlaps and handoffs.
    SlowDown(bool),
    /// Playback speed (index into [`SPEEDS`]).
    Speed(usize),
    /// Another preset (same seed, no injected events, from tick 0).
    Scenario(String),
    /// Another seed (same script, same tick).
    Seed(u64),
    /// The comparison twin on or off.
    Compare(bool),
    /// Which 5.x client receives the POP messages (same script, seed and tick).
    PopConsumer(PopConsumer),
    /// An event now; one tick follows, which applies it.
    Inject(Event),
    /// Remove the n-th injected event.
    RemoveInjected(usize),
    /// Whose log lines to show.
    Log(LogFilter),
    /// Hide the routine offset persistence lines.
    Quiet(bool),
    /// The pause event's length.
    PauseMs(u64),
    /// Hide the URL notices.
    DismissNotices,
    /// Replay the newest queue move listed: from a moment before it, through it.
    ReplayLast,
    /// Pause before each rebalance and ask which queues will move.
    Predict(bool),
    /// Pick or unpick a queue in the prediction.
    Pick(u32),
    /// Show the rebalance: playback goes on through it and the picks are graded.
    ShowPrediction,
}

/// The page.
#[derive(Debug)]
pub struct Page {
    /// Changes on every action (views are memoized on it).
    pub version: u64,
    /// Changes when another preset starts a new run.
    pub epoch: u64,
    /// The run; `None` only when the core refused the preset itself (see `fatal`).
    pub run: Option<Run>,
    /// Why there is no run.
    pub fatal: Option<String>,
    /// Playing.
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// The log pane's filter.
    pub log: LogFilter,
    /// The log pane hides `[persistAll]` lines.
    pub quiet: bool,
    /// URL values that were not used as given.
    pub notices: Vec<Notice>,
    /// The core's refusal of the last injected event.
    pub refusal: Option<String>,
    /// Length of the pause event (ms).
    pub pause_ms: u64,
    /// Playback slows down across overlaps and handoffs ([`pace`]).
    pub slow: bool,
    /// The run's marked events and key moments, read up to its recorded ticks.
    pub markers: Markers,
    /// Playback pauses before each rebalance and asks which queues will move.
    pub predict: bool,
    /// The prediction asked last.
    quiz: Option<Quiz>,
    /// Playback pauses when it reaches this tick (after a replay or a shown prediction).
    pause_at: Option<u64>,
    /// Wall-clock time (ms) playback has not spent on ticks yet.
    budget_ms: f64,
    /// The key moment playback is in: its first tick and the time spent on it (ms).
    moment: Option<(u64, f64)>,
}

/// The preset called `name`, else the default one.
pub fn preset(name: &str) -> Option<Scenario> {
    scenario::by_name(name).or_else(|| scenario::by_name(DEFAULT_SCENARIO)).or_else(|| scenario::all().pop())
}

impl Page {
    /// A page on `run` (or on the core's refusal).
    pub fn new(run: Result<Run, String>, speed: usize, log: LogFilter, notices: Vec<Notice>) -> Page {
        let (run, fatal) = match run {
            Ok(run) => (Some(run), None),
            Err(e) => (None, Some(e)),
        };
        let mut page = Page {
            version: 0,
            epoch: 0,
            run,
            fatal,
            playing: false,
            speed: speed.min(SPEEDS.len() - 1),
            log,
            quiet: false,
            notices,
            refusal: None,
            pause_ms: DEFAULT_PAUSE_MS,
            slow: true,
            markers: Markers::default(),
            predict: false,
            quiz: None,
            pause_at: None,
            budget_ms: 0.0,
            moment: None,
        };
        page.sync_markers();
        page
    }

    /// Reads what the run recorded since the last action into the markers.
    fn sync_markers(&mut self) {
        if let Some(run) = self.run.as_ref() {
            self.markers.sync(run.main(), run.generation());
        }
    }

    /// Simulated milliseconds per real millisecond.
    pub fn speed_factor(&self) -> f64 {
        SPEEDS.get(self.speed).copied().unwrap_or(1.0)
    }

    /// Applies one action.
    pub fn apply(&mut self, action: Action) {
        if let Action::Frame(elapsed_ms) = action {
            // A frame that shows no new tick changes nothing the views draw.
            let before = (self.run.as_ref().map(Run::tick), self.playing);
            self.play_for(elapsed_ms);
            if (self.run.as_ref().map(Run::tick), self.playing) != before {
                self.version = self.version.wrapping_add(1);
            }
            return;
        }
        self.version = self.version.wrapping_add(1);
        // Any other action ends a replay's or a shown prediction's planned pause.
        self.pause_at = None;
        match action {
            Action::SlowDown(on) => self.slow = on,
            Action::Predict(on) => {
                self.predict = on;
                if !on {
                    self.quiz = None;
                }
            }
            Action::Pick(queue) => {
                if let Some(quiz) = self.quiz.as_mut().filter(|q| !q.shown) {
                    match quiz.picked.binary_search(&queue) {
                        Ok(i) => {
                            quiz.picked.remove(i);
                        }
                        Err(i) => quiz.picked.insert(i, queue),
                    }
                }
            }
            Action::Speed(i) => self.speed = i.min(SPEEDS.len() - 1),
            Action::Log(filter) => self.log = filter,
            Action::Quiet(on) => self.quiet = on,
            Action::PauseMs(ms) => self.pause_ms = ms.clamp(1, 86_400_000),
            Action::DismissNotices => self.notices.clear(),
            Action::Scenario(name) => self.switch_scenario(&name),
            other => self.apply_to_run(other),
        }
        self.sync_markers();
    }

    /// Plays on for `elapsed_ms` of wall-clock time: tick by tick, each lasting its
    /// [`pace::tick_ms`], so a key moment is slowed down even while it is being recorded.
    fn play_for(&mut self, elapsed_ms: f64) {
        if !self.playing {
            return;
        }
        let speed = self.speed_factor();
        let Some(run) = self.run.as_mut() else { return };
        let normal = run.tick_ms().max(1) as f64 / speed;
        if elapsed_ms.is_finite() && elapsed_ms > 0.0 {
            self.budget_ms += elapsed_ms;
        }
        let generation = run.generation();
        let asked = |quiz: &Option<Quiz>, first: u64| {
            quiz.as_ref().is_some_and(|q| q.first == first && q.generation == generation)
        };
        loop {
            if run.at_end() {
                self.playing = false;
                break;
            }
            // A shown prediction plays on until its rebalance can no longer grow.
            let merge = (MERGE_MS / run.tick_ms().max(1)).max(1);
            let settling = self
                .quiz
                .as_ref()
                .filter(|q| q.shown && q.generation == generation)
                .and_then(|q| self.markers.rebalance_at(q.first))
                .is_some_and(|m| run.tick() < m.last + merge - 1);
            if self.pause_at.is_some_and(|t| run.tick() >= t) && !settling {
                self.playing = false;
                self.pause_at = None;
                break;
            }
            // Predicting: wait one tick before a rebalance already recorded.
            let next = run.tick() + 1;
            let ask = self.predict && self.pause_at.is_none();
            if ask && next <= run.recorded() && self.markers.rebalance_at(next).is_some() && !asked(&self.quiz, next) {
                self.quiz = Some(Quiz { generation, first: next, picked: Vec::new(), shown: false });
                self.playing = false;
                break;
            }
            let moment = if self.slow { self.markers.moment_at(run.tick()) } else { None };
            let spent = match (moment, self.moment) {
                (Some((first, _)), Some((current, spent))) if first == current => spent,
                // Entering a key moment: its time on screen starts now, not with what was
                // left of the frame that reached it.
                (Some(_), _) => {
                    self.budget_ms = 0.0;
                    0.0
                }
                (None, _) => 0.0,
            };
            let cost = pace::tick_ms(normal, moment.map(|(_, len)| Moment { len, spent_ms: spent }));
            if self.budget_ms < cost {
                self.moment = moment.map(|(first, _)| (first, spent));
                break;
            }
            self.budget_ms -= cost;
            self.moment = moment.map(|(first, _)| (first, spent + cost));
            run.advance(1);
            self.markers.sync(run.main(), run.generation());
            // A rebalance recorded just now: back to the tick before it, and ask.
            let now = run.tick();
            if ask && self.markers.rebalance_at(now).is_some() && !asked(&self.quiz, now) {
                run.seek(now - 1);
                self.quiz = Some(Quiz { generation, first: now, picked: Vec::new(), shown: false });
                self.playing = false;
                self.moment = None;
                break;
            }
        }
    }

    /// The prediction asked last, if it was asked on this run.
    pub fn quiz(&self) -> Option<&Quiz> {
        let generation = self.run.as_ref().map(Run::generation);
        self.quiz.as_ref().filter(|q| Some(q.generation) == generation)
    }

    /// The prediction graded, once it was shown and playback has passed the whole rebalance
    /// (its marker's last tick, and the ticks after it that would still merge into it).
    pub fn quiz_grade(&self) -> Option<Grade> {
        let quiz = self.quiz().filter(|q| q.shown)?;
        let run = self.run.as_ref()?;
        let marker = self.markers.rebalance_at(quiz.first)?;
        let merge = (MERGE_MS / run.tick_ms().max(1)).max(1);
        let settled = (marker.last + merge - 1).min(run.horizon());
        if run.recorded() < settled || run.tick() < settled {
            return None;
        }
        let moved = moves::moved_queues(run.main().ownership_changes(), run.tick_ms(), quiz.first, marker.last);
        Some(moves::grade_prediction(&quiz.picked, &moved))
    }

    /// Ticks of [`REPLAY_LEAD_MS`].
    fn lead_ticks(run: &Run) -> u64 {
        (REPLAY_LEAD_MS / run.tick_ms().max(1)).max(1)
    }

    fn switch_scenario(&mut self, name: &str) {
        let Some(scenario) = preset(name) else { return };
        let (seed, compare) = self.run.as_ref().map_or((1, false), |r| (r.seed(), r.other().is_some()));
        self.playing = false;
        self.refusal = None;
        self.quiz = None;
        self.log = LogFilter::All;
        self.epoch = self.epoch.wrapping_add(1);
        match Run::new(scenario, seed, Vec::new(), compare) {
            Ok((run, _)) => {
                self.run = Some(run);
                self.fatal = None;
            }
            Err(e) => {
                self.run = None;
                self.fatal = Some(e);
            }
        }
    }

    fn apply_to_run(&mut self, action: Action) {
        let Some(run) = self.run.as_mut() else { return };
        match action {
            // Play while asked is "Show".
            Action::TogglePlay | Action::ShowPrediction
                if self.quiz.as_ref().is_some_and(|q| !q.shown && q.generation == run.generation()) =>
            {
                if let Some(quiz) = self.quiz.as_mut() {
                    quiz.shown = true;
                    run.seek(quiz.first - 1);
                    self.pause_at = Some(quiz.first + Self::lead_ticks(run));
                }
                self.playing = true;
                self.budget_ms = 0.0;
                self.moment = None;
            }
            Action::ReplayLast => {
                let tick_ms = run.tick_ms();
                if let Some(change) = moves::recent(run.main().ownership_changes(), tick_ms, run.tick(), 1).first() {
                    let lead = Self::lead_ticks(run);
                    run.seek(change.tick.saturating_sub(lead));
                    self.pause_at = Some(change.tick + lead);
                    self.playing = true;
                    self.budget_ms = 0.0;
                    self.moment = None;
                }
            }
            Action::TogglePlay => {
                if !self.playing && run.at_end() {
                    run.seek(0);
                }
                self.playing = !self.playing;
                self.budget_ms = 0.0;
                self.moment = None;
            }
            Action::PreviousEvent => {
                self.playing = false;
                if let Some(tick) = self.markers.previous_before(run.tick()) {
                    run.seek(tick);
                }
            }
            Action::NextEvent => {
                self.playing = false;
                // Recorded markers first; else record tick by tick until one appears.
                let from = run.tick();
                loop {
                    self.markers.sync(run.main(), run.generation());
                    if let Some(tick) = self.markers.next_after(from) {
                        run.seek(tick);
                        break;
                    }
                    if run.advance(1) == 0 {
                        break;
                    }
                }
            }
            Action::Step => {
                self.playing = false;
                run.advance(1);
            }
            Action::StepBack => {
                self.playing = false;
                run.seek(run.tick().saturating_sub(1));
            }
            Action::Seek(tick) => run.seek(tick.min(run.recorded())),
            Action::ToStart => {
                self.playing = false;
                run.seek(0);
            }
            Action::ToEnd => {
                self.playing = false;
                run.seek(run.horizon());
            }
            Action::Seed(seed) => run.set_seed(seed.min(MAX_SEED)),
            Action::Compare(on) => run.set_compare(on),
            Action::PopConsumer(pop) => run.set_pop_consumer(pop),
            Action::Inject(event) => {
                self.refusal = run.inject(event).err();
                // One tick applies the event, so its effect shows at once (also when paused).
                if self.refusal.is_none() {
                    run.advance(1);
                }
            }
            Action::RemoveInjected(i) => run.remove_injected(i),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(name: &str) -> Page {
        let run = preset(name).ok_or_else(|| "no preset".to_owned()).and_then(|s| Run::new(s, 1, vec![], false));
        Page::new(run.map(|(r, _)| r), DEFAULT_SPEED, LogFilter::All, Vec::new())
    }

    fn tick(page: &Page) -> u64 {
        page.run.as_ref().map_or(u64::MAX, Run::tick)
    }

    #[test]
    fn play_step_and_seek() {
        let mut p = page("scale-out-avg");
        p.apply(Action::SlowDown(false));
        p.apply(Action::TogglePlay);
        assert!(p.playing);
        // 8×: a 100 ms tick lasts 12.5 ms.
        p.apply(Action::Frame(25.0 * 12.5));
        assert_eq!(tick(&p), 25);
        p.apply(Action::Step);
        assert!(!p.playing);
        assert_eq!(tick(&p), 26);
        p.apply(Action::Frame(125.0));
        assert_eq!(tick(&p), 26, "a frame while paused does nothing");
        p.apply(Action::StepBack);
        p.apply(Action::StepBack);
        assert_eq!(tick(&p), 24);
        p.apply(Action::Seek(1_000));
        assert_eq!(tick(&p), 26, "the scrubber stays within the recorded ticks");
        p.apply(Action::ToEnd);
        assert_eq!(tick(&p), 1_800);
        p.apply(Action::TogglePlay);
        assert_eq!((tick(&p), p.playing), (0, true), "play at the end starts over");
        p.apply(Action::Frame(1e9));
        assert_eq!((tick(&p), p.playing), (1_800, false), "playing stops at the end");
    }

    #[test]
    fn a_refused_event_is_kept_as_a_message() {
        let mut p = page("scale-out-avg");
        p.apply(Action::Inject(Event::queue_nums(Some(0), None)));
        assert!(p.refusal.as_deref().is_some_and(|r| r.contains("readQueueNums 0")), "{:?}", p.refusal);
        p.apply(Action::Inject(Event::queues(2)));
        assert_eq!(p.refusal, None);
        assert_eq!(p.run.as_ref().map(|r| r.injected().len()), Some(1));
    }

    #[test]
    fn another_scenario_starts_over_with_the_same_seed() {
        let mut p = page("scale-out-avg");
        p.apply(Action::Seed(42));
        p.apply(Action::Compare(true));
        p.apply(Action::ToEnd);
        p.apply(Action::Log(LogFilter::Process(2)));
        p.apply(Action::Scenario("hot-queue".to_owned()));
        let run = p.run.as_ref();
        assert_eq!(run.map(|r| (r.scenario().name.as_str(), r.seed(), r.tick())), Some(("hot-queue", 42, 0)));
        assert_eq!(run.map(|r| r.other().is_some()), Some(true));
        assert_eq!(p.log, LogFilter::All);
        p.apply(Action::Scenario("no-such".to_owned()));
        assert_eq!(p.run.as_ref().map(|r| r.scenario().name.as_str()), Some(DEFAULT_SCENARIO));
    }

    #[test]
    fn log_filters_round_trip() {
        for f in [LogFilter::All, LogFilter::Broker, LogFilter::Process(0), LogFilter::Process(12)] {
            assert_eq!(LogFilter::parse(&f.code()), Some(f));
        }
        assert_eq!(LogFilter::parse("-1"), None);
        assert_eq!(LogFilter::parse("x"), None);
    }

    /// Plays `p` frame by frame (60 a second) until playback stops.
    fn play_until_paused(p: &mut Page) {
        let mut frames = 0;
        while p.playing && frames < 1_000_000 {
            p.apply(Action::Frame(1_000.0 / 60.0));
            frames += 1;
        }
    }

    /// The holders of every queue after `tick`, read from the run's own state then.
    fn holders(sim: &rebalance_core::simulate::Simulation, tick: u64) -> Vec<Vec<u32>> {
        let mut sim = sim.clone();
        sim.seek(tick);
        sim.snapshot().queues.iter().map(|q| q.holders.clone()).collect()
    }

    /// crash with predict on: playback stops one tick before each rebalance marker, both
    /// while recording and when played again; picking the queues whose holders differ
    /// between that tick and the marker's last tick grades all right, and playing on asks
    /// again at the next rebalance.
    #[test]
    fn predict_pauses_before_each_rebalance_and_grades_from_the_runs_holders() {
        for name in ["crash", "gc-pause"] {
            let mut whole = page(name);
            whole.apply(Action::ToEnd);
            let rebalances: Vec<super::super::markers::Marker> = whole
                .markers
                .all()
                .iter()
                .filter(|m| m.kind == super::super::markers::MarkerKind::Rebalance)
                .copied()
                .collect();
            assert!(!rebalances.is_empty(), "{name}: {rebalances:?}");
            let Some(run) = whole.run.as_ref() else { panic!("no run") };
            for replay in [false, true] {
                let mut p = page(name);
                if replay {
                    p.apply(Action::ToEnd);
                    p.apply(Action::ToStart);
                }
                p.apply(Action::Predict(true));
                for m in rebalances.iter().take(2) {
                    p.apply(Action::TogglePlay);
                    play_until_paused(&mut p);
                    assert_eq!(tick(&p), m.tick - 1, "{name} replay={replay}: waits a tick before {m:?}");
                    assert_eq!(p.quiz().map(|q| (q.first, q.shown)), Some((m.tick, false)));
                    let (before, after) = (holders(run.main(), m.tick - 1), holders(run.main(), m.last));
                    let moved: Vec<u32> = (0u32..)
                        .zip(&after)
                        .filter(|(q, h)| before.get(*q as usize) != Some(h))
                        .map(|(q, _)| q)
                        .collect();
                    assert!(!moved.is_empty(), "{name}: {m:?} moves queues");
                    for &q in &moved {
                        p.apply(Action::Pick(q));
                    }
                    assert_eq!(p.quiz_grade(), None, "not graded before it is shown");
                    p.apply(Action::ShowPrediction);
                    play_until_paused(&mut p);
                    let Some(g) = p.quiz_grade() else { panic!("{name}: not graded at tick {}", tick(&p)) };
                    assert_eq!((g.right, g.missed, g.wrong), (moved.len(), 0, 0), "{name} {m:?}");
                }
            }
        }
    }

    #[test]
    fn a_missed_and_a_wrong_pick_are_counted() {
        let mut whole = page("crash");
        whole.apply(Action::ToEnd);
        let mut p = page("crash");
        p.apply(Action::Predict(true));
        p.apply(Action::TogglePlay);
        play_until_paused(&mut p);
        let Some(first) = p.quiz().map(|q| q.first) else { panic!("not asked") };
        let Some(ended) = whole.run.as_ref().map(|r| r.main().clone()) else { panic!("no run") };
        // The whole rebalance, as the finished run marks it.
        let last = whole.markers.rebalance_at(first).map_or(first, |m| m.last);
        let (before, after) = (holders(&ended, first - 1), holders(&ended, last));
        let moved: Vec<u32> =
            (0u32..).zip(&after).filter(|(q, h)| before.get(*q as usize) != Some(h)).map(|(q, _)| q).collect();
        let Some(unmoved) = (0..after.len() as u32).find(|q| !moved.contains(q)) else { panic!("every queue moved") };
        // The first moved queue left out, one that stays picked; picking twice unpicks.
        for &q in moved.iter().skip(1) {
            p.apply(Action::Pick(q));
        }
        p.apply(Action::Pick(unmoved));
        p.apply(Action::Pick(unmoved));
        p.apply(Action::Pick(unmoved));
        p.apply(Action::TogglePlay);
        assert!(p.quiz().is_some_and(|q| q.shown), "play while asked shows");
        play_until_paused(&mut p);
        let g = p.quiz_grade();
        assert_eq!(g.map(|g| (g.right, g.missed, g.wrong, g.moved)), Some((moved.len() - 1, 1, 1, moved.len())));
        // Turned off, nothing is asked.
        p.apply(Action::Predict(false));
        assert_eq!(p.quiz(), None);
        p.apply(Action::TogglePlay);
        play_until_paused(&mut p);
        assert_eq!((tick(&p), p.quiz()), (p.run.as_ref().map_or(0, Run::horizon), None));
    }

    /// Replay: from 2 s before the newest move up to now to 2 s after it, then paused.
    #[test]
    fn replay_plays_through_the_newest_move() {
        let mut p = page("crash");
        p.apply(Action::Seek(0));
        p.apply(Action::ReplayLast);
        assert!(!p.playing, "nothing moved yet: nothing to replay");
        p.apply(Action::ToEnd);
        let Some(run) = p.run.as_ref() else { panic!("no run") };
        let newest = super::super::moves::recent(run.main().ownership_changes(), run.tick_ms(), run.tick(), 1);
        let Some(change) = newest.first().map(|c| c.tick) else { panic!("no move") };
        let lead = REPLAY_LEAD_MS / run.tick_ms();
        p.apply(Action::ReplayLast);
        assert_eq!((tick(&p), p.playing), (change - lead, true));
        play_until_paused(&mut p);
        assert_eq!(tick(&p), change + lead);
    }

    /// Plays `p` with 60 frames a second until the end; returns the wall-clock time each
    /// tick was on screen (ms).
    fn play_to_end(p: &mut Page) -> Vec<f64> {
        const FRAME_MS: f64 = 1_000.0 / 60.0;
        let horizon = p.run.as_ref().map_or(0, Run::horizon);
        let mut shown = vec![0.0; horizon as usize + 1];
        p.apply(Action::TogglePlay);
        while p.playing {
            if let Some(slot) = shown.get_mut(tick(p) as usize) {
                *slot += FRAME_MS;
            }
            p.apply(Action::Frame(FRAME_MS));
        }
        shown
    }

    /// Runs of consecutive ticks for which `key` holds.
    fn runs(ticks: impl Iterator<Item = (u64, bool)>) -> Vec<(u64, u64)> {
        let mut out: Vec<(u64, u64)> = Vec::new();
        for t in ticks.filter_map(|(t, key)| key.then_some(t)) {
            match out.last_mut() {
                Some((_, last)) if *last + 1 == t => *last = t,
                _ => out.push((t, t)),
            }
        }
        out
    }

    /// At the default speed (8×: 12.5 ms per 100 ms tick) a handoff or an overlap would
    /// flash by; slowed down, each key moment is on screen a second in all, both while the
    /// run is recorded and when it is played again.
    #[test]
    fn a_key_moment_stays_on_screen_at_least_a_second_at_the_default_speed() {
        for name in ["crash", "gc-pause"] {
            let mut p = page(name);
            let live = play_to_end(&mut p);
            let Some(run) = p.run.as_ref() else { panic!("no run") };
            let history = run.main().history().to_vec();
            let moments = p.markers.moments().to_vec();
            assert!(!moments.is_empty(), "{name} has a handoff");
            // Every tick with two holders of a queue is in a key moment.
            let overlaps = runs((0..).zip(history.iter().map(|m| m.overlapping_queues > 0)));
            for (first, last) in &overlaps {
                assert!(moments.iter().any(|(a, b)| a <= first && last <= b), "{name}: {overlaps:?} {moments:?}");
            }
            let on_screen = |shown: &[f64], (first, last): (u64, u64)| -> f64 {
                shown.get(first as usize..=last as usize).map_or(0.0, |s| s.iter().sum())
            };
            p.apply(Action::ToStart);
            let replay = play_to_end(&mut p);
            for moment in &moments {
                for (mode, shown) in [("live", &live), ("replay", &replay)] {
                    let ms = on_screen(shown, *moment);
                    assert!(ms >= pace::KEY_MS, "{name} {mode}: {moment:?} on screen {ms} ms");
                }
            }
            // Each key moment adds at most a second (and a frame): the rest plays at the speed.
            let total: f64 = replay.iter().sum();
            let normal = history.len() as f64 * 12.5;
            assert!(total <= normal + moments.len() as f64 * (pace::KEY_MS + 20.0) + 100.0, "{name}: {total} ms");
            // The same run without the slow-down: the shortest moment is a flash.
            p.apply(Action::SlowDown(false));
            p.apply(Action::ToStart);
            let fast = play_to_end(&mut p);
            let shortest = moments.iter().map(|o| on_screen(&fast, *o)).fold(f64::INFINITY, f64::min);
            assert!(shortest < 100.0, "{name}: {shortest} ms without the slow-down");
        }
    }
}
