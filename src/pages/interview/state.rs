//! The mock interview's state in plain Rust (no browser): the URL keys and their reader, the
//! run in progress and every change to it, the timer's announcements, and the stored form of
//! a run in progress (localStorage, [`KEY`]): the run as its result code (postcard, checked by
//! MD5), beside where the candidate is, so the page's wasm carries one reader of a run.

use rebalance_core::exercise::interview::run::{check_run, open_score};
use rebalance_core::exercise::interview::{decode, draw, encode, Interview, ItemAnswer, Level, Run, LENGTHS};
use rebalance_core::exercise::{Answer, Catalog};
use rebalance_core::float::parse_f64;
use serde::{Deserialize, Serialize};

use crate::url_state::{Problem, UrlNotice, UrlReader};

/// The length in minutes (`15`, `30`, `45`).
pub const KEY_LEN: &str = "iv_len";
/// The level (`junior`, `mid`, `senior`).
pub const KEY_LEVEL: &str = "iv_level";
/// The seed.
pub const KEY_SEED: &str = "iv_seed";
/// A result code to show the report of.
pub const KEY_CODE: &str = "iv_r";
/// The largest seed: JavaScript's largest exact integer, so a seed survives any JSON reader.
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// The run in progress.
pub const KEY: &str = "rebalance-lab.interview.v1";
/// A stored run that could not be read, kept instead of lost.
pub const BROKEN_KEY: &str = "rebalance-lab.interview.broken";

/// The levels by their URL names.
pub const LEVELS: [(&str, Level); 3] = [("junior", Level::Junior), ("mid", Level::Mid), ("senior", Level::Senior)];
/// The lengths by their URL values.
const LENGTH_CHOICES: [(&str, u8); 3] = [("15", LENGTHS[0]), ("30", LENGTHS[1]), ("45", LENGTHS[2])];

/// What the start screen sets up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Minutes, one of [`LENGTHS`].
    pub minutes: u8,
    /// The level.
    pub level: Level,
    /// The seed.
    pub seed: u64,
}

/// The URL name of `level`.
pub fn level_name(level: Level) -> &'static str {
    LEVELS.iter().find(|(_, l)| *l == level).map_or("mid", |(name, _)| name)
}

/// Reads the interview's keys: a bad value is replaced (the length 30, the level mid, the
/// seed `random`) with a notice; the result code is taken as given (the page decodes it).
pub fn read_url(get: &dyn Fn(&str) -> Option<String>, random: u64) -> (Setup, Option<String>, Vec<UrlNotice>) {
    let mut r = UrlReader::new(get);
    let minutes = r.choice(KEY_LEN, &LENGTH_CHOICES, 30);
    let level = r.choice(KEY_LEVEL, &LEVELS, Level::Mid);
    let seed = match r.raw(KEY_SEED) {
        Some(raw) if parse_f64(raw.trim()).is_some_and(|v| !v.is_nan()) => {
            u64::try_from(r.whole_in(KEY_SEED, &raw, 0, MAX_SEED as i64, 0)).unwrap_or(0)
        }
        Some(raw) => {
            r.note(KEY_SEED, &raw, Problem::NotANumber, random);
            random
        }
        None => random,
    };
    let code = r.raw(KEY_CODE).filter(|code| !code.trim().is_empty());
    (Setup { minutes, level, seed }, code, r.into_notices())
}

/// A seed typed on the start screen: a whole number from 0 to [`MAX_SEED`], or `None`.
pub fn parse_seed(text: &str) -> Option<u64> {
    text.trim().parse::<u64>().ok().filter(|&seed| seed <= MAX_SEED)
}

/// A run in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    /// The run so far (every item's result; unanswered ones score 0).
    pub run: Run,
    /// The item shown (0-based).
    pub current: usize,
    /// Whether the current open question's reference answer is shown.
    pub revealed: bool,
    /// Whether the run has ended (every item passed, or the time ran out).
    pub finished: bool,
}

impl Session {
    /// A new run of `setup`.
    pub fn start(interview: &Interview, catalog: &Catalog, setup: Setup) -> Session {
        let run = Run::new(interview, catalog, setup.seed, setup.minutes, setup.level);
        let finished = run.results.is_empty();
        Session { run, current: 0, revealed: false, finished }
    }

    /// The current item's written answer.
    pub fn text(&self) -> &str {
        match self.run.results.get(self.current).map(|r| &r.answer) {
            Some(ItemAnswer::Open { text, .. }) => text,
            _ => "",
        }
    }

    /// The current open question's ticked points.
    pub fn ticked(&self) -> &[u8] {
        match self.run.results.get(self.current).map(|r| &r.answer) {
            Some(ItemAnswer::Open { ticked, .. }) => ticked,
            _ => &[],
        }
    }

    /// The current item's answer as an open one (kept if it is one).
    fn open_answer(&mut self) -> Option<(&mut String, &mut Vec<u8>, &mut u8)> {
        let result = self.run.results.get_mut(self.current)?;
        if !matches!(result.answer, ItemAnswer::Open { .. }) {
            result.answer = ItemAnswer::Open { text: String::new(), ticked: Vec::new() };
        }
        match &mut result.answer {
            ItemAnswer::Open { text, ticked } => Some((text, ticked, &mut result.score)),
            _ => None,
        }
    }

    /// The candidate's written answer to the current open question.
    pub fn write(&mut self, new_text: &str) {
        if self.finished {
            return;
        }
        if let Some((text, _, _)) = self.open_answer() {
            new_text.clone_into(text);
        }
    }

    /// Shows the current open question's reference answer (its key points to tick).
    pub fn reveal(&mut self) {
        if self.finished {
            return;
        }
        self.open_answer();
        self.revealed = true;
    }

    /// Ticks (or unticks) key point `point` of the current open question, which has `points`
    /// key points, and scores it: ticked over all. Only once its reference answer is shown.
    pub fn tick(&mut self, point: u8, on: bool, points: usize) {
        if self.finished || !self.revealed || usize::from(point) >= points {
            return;
        }
        if let Some((_, ticked, score)) = self.open_answer() {
            match (ticked.binary_search(&point), on) {
                (Err(at), true) => ticked.insert(at, point),
                (Ok(at), false) => {
                    ticked.remove(at);
                }
                _ => {}
            }
            *score = open_score(ticked, points);
        }
    }

    /// A computed part's graded answer (the last one graded counts).
    pub fn record(&mut self, answer: Answer, score: u8) {
        if self.finished {
            return;
        }
        if let Some(result) = self.run.results.get_mut(self.current) {
            result.answer = ItemAnswer::Computed(answer);
            result.score = score.min(100);
        }
    }

    /// On to the next item, the answer kept; after the last the run ends.
    pub fn next(&mut self) {
        if self.finished {
            return;
        }
        self.revealed = false;
        if self.current + 1 < self.run.results.len() {
            self.current += 1;
        } else {
            self.finished = true;
        }
    }

    /// Passes on the current item: unanswered, score 0, then the next.
    pub fn skip(&mut self) {
        if self.finished {
            return;
        }
        if let Some(result) = self.run.results.get_mut(self.current) {
            result.answer = ItemAnswer::None;
            result.score = 0;
        }
        self.next();
    }

    /// One second passed on the current item; when the interview's time has run out the run
    /// ends, the items not reached unanswered (score 0).
    pub fn second(&mut self) {
        if self.finished {
            return;
        }
        if let Some(result) = self.run.results.get_mut(self.current) {
            result.seconds = result.seconds.saturating_add(1);
        }
        if self.run.seconds_left() == 0 {
            self.finish();
        }
    }

    /// Ends the run now.
    pub fn finish(&mut self) {
        self.finished = true;
        self.revealed = false;
    }

    /// Whether this stored session fits the questions and the catalog: a run a result code
    /// could carry, as many results as its draw has items, the current item one of them, and
    /// each answer of its item's kind.
    pub fn check(&self, interview: &Interview, catalog: &Catalog) -> Result<(), String> {
        check_run(&self.run)?;
        let items = draw(interview, catalog, self.run.seed, self.run.minutes, self.run.level);
        if items.len() != self.run.results.len() {
            return Err(format!("{} results for {} items", self.run.results.len(), items.len()));
        }
        if self.current >= items.len().max(1) {
            return Err(format!("item {} of {}", self.current + 1, items.len()));
        }
        Ok(())
    }
}

/// What the live region says when `left` seconds are left: it changes only every five
/// minutes, at one minute left and when the time is up, so a screen reader hears it then and
/// not every second. `None`: time is up; `Some(minutes)` left, rounded up.
pub fn announcement(left: u32) -> Option<u32> {
    match left {
        0 => None,
        1..=60 => Some(1),
        _ => Some(left.div_ceil(300) * 5),
    }
}

/// `m:ss`.
pub fn clock(seconds: u32) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// Reads a stored run in progress; `None` for nothing stored, `Err` with the reason for a
/// document that cannot be read (the page keeps its text under [`BROKEN_KEY`]).
pub fn read_stored(text: Option<&str>, interview: &Interview, catalog: &Catalog) -> Option<Result<Session, String>> {
    let text = text?;
    Some(crate::json_text::read::<Stored>(text).and_then(|stored| {
        if stored.version != 1 {
            return Err(format!("version {}", stored.version));
        }
        let run = decode(&stored.run).map_err(|e| format!("run: {e}"))?;
        let current = usize::try_from(stored.current).map_err(|e| e.to_string())?;
        let session = Session { run, current, revealed: stored.revealed, finished: stored.finished };
        session.check(interview, catalog)?;
        Ok(session)
    }))
}

/// The stored form of `session`; `None` when the browser cannot write it.
pub fn write_stored(session: &Session) -> Option<String> {
    crate::json_text::write(&Stored {
        version: 1,
        run: encode(&session.run),
        current: u32::try_from(session.current).unwrap_or(u32::MAX),
        revealed: session.revealed,
        finished: session.finished,
    })
}

/// The stored document:
/// `{"version":1,"run":"<result code>","current":0,"revealed":false,"finished":false}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stored {
    version: u32,
    run: String,
    current: u32,
    revealed: bool,
    finished: bool,
}
