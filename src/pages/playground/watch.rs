//! Watching a rebalance again: what the board shows besides the live assignment. The page
//! keeps one [`Watch`]; every render first brings it up to date with the reducer's state
//! ([`Watch::sync`]), which notes a new rebalance once (an entry of the [`History`], or the
//! start of a prediction) and nothing more, so a slider drag costs what it did without it.
//!
//! - **Live**: the board shows the page's current view.
//! - **Stepping**: the board shows the newest rebalance part way ([`step_view`]), one more
//!   move per press; the last press, or any new change, returns to live.
//! - **Predicting** ("Predict before moving" on): a change is not shown; the board keeps the
//!   assignment before it with its tiles as buttons, until "Show". Further changes meanwhile
//!   add up: the prediction is graded against the core's moves from the board the reader saw
//!   to the one now.
//! - **Graded**: the board shows the change with each queue marked ([`super::predict`]).
//!
//! Replay redraws the board before the newest rebalance and lets the tiles travel again
//! ([`super::lanes::Stage::rewind`]); it changes no setting.

use std::collections::{BTreeSet, HashSet};
use std::rc::Rc;

use rebalance_core::assignment::{moves, GroupAssignment};
use yew::prelude::*;

use super::history::{move_text, step_view, with_guesses, Entry, History};
use super::lab::{Guess, Lab, View};
use super::predict::{grade, marks_line, score_line, Grade};
use crate::hooks::I18n;

/// What the board shows (see the module docs).
#[derive(Debug, Default)]
enum Phase {
    #[default]
    Live,
    Stepping {
        entry: Rc<Entry>,
        done: usize,
    },
    Predicting {
        before: Rc<View>,
        assignment: Rc<GroupAssignment>,
        /// Queue keys (`a0`) the reader picked.
        picked: BTreeSet<String>,
    },
    Graded {
        /// By queue title (`MessageQueue [topic=…]`), the name `moves` and both views share.
        grade: Grade<String>,
        /// The board the prediction was made on (for the queues' labels).
        before: Rc<View>,
    },
}

/// The watching state of the page (see the module docs).
#[derive(Debug, Default)]
pub struct Watch {
    /// The reducer's rebalance counter last seen.
    seen: u64,
    /// Bumped whenever the board must be drawn again (the lanes' effect depends on it).
    pub epoch: u64,
    /// The recent rebalances.
    pub history: History,
    phase: Phase,
    /// The board shown instead of the live view.
    shown: Option<Rc<View>>,
    /// The newest rebalance was replayed (its words are said again).
    replayed: bool,
}

/// Whether the reader can pick tiles on `view`'s board: drawn as lanes, one tile per queue
/// held (BROADCASTING's collapsed lanes have none).
fn pickable(lab: &Lab, view: &View) -> bool {
    !lab.settings.table && view.lanes.iter().all(|l| l.all_queues.is_none())
}

/// The board of an open question: `before` with its tiles as buttons, `picked` pressed.
fn pick_view(before: &View, picked: &BTreeSet<String>) -> Rc<View> {
    let queues = Rc::clone(&before.queues);
    let key = |q: usize| queues.get(q).map(|i| i.key.as_str());
    Rc::new(with_guesses(before, &|_| false, &|q| Guess::Open { picked: key(q).is_some_and(|k| picked.contains(k)) }))
}

impl Watch {
    /// Brings the watch up to date with `lab` (called on every render; acts once per
    /// rebalance) and returns the board to draw.
    pub fn sync(&mut self, lab: &Lab) -> Rc<View> {
        if lab.version != self.seen {
            self.seen = lab.version;
            self.epoch += 1;
            self.replayed = false;
            let asking = matches!(self.phase, Phase::Predicting { .. });
            if lab.settings.predict && pickable(lab, &lab.view) {
                if asking {
                    return self.board(lab);
                }
                if let Some((before, Some(assignment))) = &lab.before {
                    if pickable(lab, before) {
                        self.shown = Some(pick_view(before, &BTreeSet::new()));
                        self.phase = Phase::Predicting {
                            before: Rc::clone(before),
                            assignment: Rc::clone(assignment),
                            picked: BTreeSet::new(),
                        };
                        return self.board(lab);
                    }
                }
            }
            if asking {
                // The question can no longer be answered (table view, or collapsed lanes): the
                // change is shown as it is.
                self.reveal(lab, false);
            } else {
                self.phase = Phase::Live;
                self.shown = None;
                if let Some((before, _)) = &lab.before {
                    let moves = Rc::clone(&lab.view.moves);
                    self.history.push(Entry::new(lab.version, Rc::clone(before), Rc::clone(&lab.view), moves));
                }
            }
        } else if matches!(self.phase, Phase::Predicting { .. }) && (!lab.settings.predict || lab.settings.table) {
            self.reveal(lab, false);
        } else if matches!(self.phase, Phase::Stepping { .. }) && lab.settings.table {
            self.stop();
        }
        self.board(lab)
    }

    fn board(&self, lab: &Lab) -> Rc<View> {
        self.shown.clone().unwrap_or_else(|| Rc::clone(&lab.view))
    }

    /// Whether "Which queues will move?" is open.
    pub fn asking(&self) -> bool {
        matches!(self.phase, Phase::Predicting { .. })
    }

    /// Picks or unpicks the queue `key` (a tile pressed while the question is open).
    pub fn toggle(&mut self, key: &str) {
        if let Phase::Predicting { before, picked, .. } = &mut self.phase {
            if !picked.remove(key) {
                picked.insert(key.to_owned());
            }
            self.shown = Some(pick_view(before, picked));
            self.epoch += 1;
        }
    }

    /// Ends the question: the change since the board the reader saw becomes the newest
    /// rebalance (the core's `moves` between the two assignments), graded (`graded`) or just
    /// shown.
    pub fn reveal(&mut self, lab: &Lab, graded: bool) {
        let Phase::Predicting { before, assignment, picked } = std::mem::take(&mut self.phase) else {
            return;
        };
        self.shown = None;
        self.epoch += 1;
        let Some(now) = lab.assignment.as_deref() else { return };
        let change = Rc::new(moves(&assignment, now));
        self.history.push(Entry::new(lab.version, Rc::clone(&before), Rc::clone(&lab.view), Rc::clone(&change)));
        if !graded {
            return;
        }
        let title_of = |key: &String| before.queues.iter().find(|q| q.key == key.as_str()).map(|q| q.title.to_string());
        let predicted: BTreeSet<String> = picked.iter().filter_map(title_of).collect();
        let moved: Vec<String> = change.moved.iter().map(|m| m.mq.to_string()).collect();
        let result = grade(&predicted, &moved);
        let moved: HashSet<&str> = moved.iter().map(String::as_str).collect();
        let queues = Rc::clone(&lab.view.queues);
        let title = |q: usize| queues.get(q).map_or("", |i| i.title.as_str());
        let marked = with_guesses(&lab.view, &|q| moved.contains(title(q)), &|q| {
            result.mark_of(title(q)).map_or(Guess::Off, Guess::Marked)
        });
        self.shown = Some(Rc::new(marked));
        self.phase = Phase::Graded { grade: result, before };
    }

    /// Replay: the board before the newest rebalance, to travel from (`None`: nothing to
    /// replay now).
    pub fn replay(&mut self) -> Option<Rc<View>> {
        if matches!(self.phase, Phase::Predicting { .. } | Phase::Stepping { .. }) {
            return None;
        }
        let before = Rc::clone(&self.history.newest()?.before);
        self.replayed = true;
        self.epoch += 1;
        Some(before)
    }

    /// Step through: starts at the board before the newest rebalance, then makes one more
    /// move per call; the call after the last move returns to live.
    pub fn step(&mut self) {
        let (entry, done) = match &self.phase {
            Phase::Stepping { entry, done } => (Rc::clone(entry), done + 1),
            Phase::Predicting { .. } => return,
            _ => match self.history.newest() {
                Some(entry) => (Rc::clone(entry), 0),
                None => return,
            },
        };
        self.epoch += 1;
        if done > entry.moves.moved.len() {
            self.stop();
            return;
        }
        self.shown = Some(Rc::new(step_view(&entry.before, &entry.after, &entry.moves.moved, done)));
        self.phase = Phase::Stepping { entry, done };
    }

    /// Back to the live board.
    pub fn stop(&mut self) {
        self.phase = Phase::Live;
        self.shown = None;
        self.epoch += 1;
    }
}

/// The reader's commands from the panel.
#[derive(Clone, PartialEq)]
pub struct Commands {
    /// "Replay the last rebalance".
    pub replay: Callback<MouseEvent>,
    /// "Step through", then "Next move".
    pub step: Callback<MouseEvent>,
    /// "Stop stepping".
    pub stop: Callback<MouseEvent>,
    /// "Show" (the answer to the question).
    pub show: Callback<MouseEvent>,
    /// The "Predict before moving" switch.
    pub predict: Callback<Event>,
}

/// The panel below the lanes: the newest rebalance in words (a polite live region), Replay
/// and Step through, the question and its score, "Predict before moving", and the earlier
/// rebalances.
pub fn panel(i18n: &I18n, watch: &Watch, lab: &Lab, commands: &Commands) -> Html {
    let newest = watch.history.newest();
    let said = newest.map(|e| {
        let line = e.said(i18n);
        if watch.replayed {
            i18n.t_args("page.playground.history.again", &[("line", &line)])
        } else {
            line
        }
    });
    let lanes = !lab.settings.table;
    let tools = match &watch.phase {
        Phase::Predicting { .. } => html! {
            <div class="pg-watch-tools">
                <p class="pg-question">{ i18n.t("page.playground.predict.question") }</p>
                <button type="button" id="pg-show" class="button" onclick={commands.show.clone()}>
                    { i18n.t("page.playground.predict.show") }
                </button>
            </div>
        },
        Phase::Stepping { entry, done } => {
            let count = entry.moves.moved.len();
            let status = match done.checked_sub(1).and_then(|i| entry.moves.moved.get(i)) {
                Some(m) => i18n.t_args(
                    "page.playground.history.step_status",
                    &[
                        ("done", &done.to_string()),
                        ("count", &count.to_string()),
                        ("move", &move_text(i18n, &entry.after.queues, m)),
                    ],
                ),
                None => i18n.t_count("page.playground.history.step_start", count, &[("count", &count.to_string())]),
            };
            html! {
                <div class="pg-watch-tools">
                    // The same button finishes after the last move (the keyboard focus stays).
                    <button type="button" id="pg-step" class="button" onclick={commands.step.clone()}>
                        { if *done < count { i18n.t("page.playground.history.next") } else { i18n.t("page.playground.history.finish") } }
                    </button>
                    if *done < count {
                        <button type="button" id="pg-step-stop" class="button" onclick={commands.stop.clone()}>
                            { i18n.t("page.playground.history.stop") }
                        </button>
                    }
                    <p id="pg-step-status" class="pg-step-status" aria-live="polite">{ status }</p>
                    <ol class="pg-steps" aria-label={i18n.t("page.playground.history.steps")}>
                        { for entry.moves.moved.iter().enumerate().map(|(i, m)| {
                            let current = i + 1 == *done;
                            html! {
                                <li key={i} class={classes!(current.then_some("is-current"))}
                                    aria-current={current.then_some("step")}>
                                    { move_text(i18n, &entry.after.queues, m) }
                                </li>
                            }
                        }) }
                    </ol>
                </div>
            }
        }
        Phase::Live | Phase::Graded { .. } => html! {
            if lanes && newest.is_some() {
                <div class="pg-watch-tools">
                    <button type="button" id="pg-replay" class="button" onclick={commands.replay.clone()}>
                        { i18n.t("page.playground.history.replay") }
                    </button>
                    if newest.is_some_and(|e| !e.moves.moved.is_empty()) {
                        <button type="button" id="pg-step" class="button" onclick={commands.step.clone()}>
                            { i18n.t("page.playground.history.step") }
                        </button>
                    }
                </div>
            }
        },
    };
    let score = match &watch.phase {
        Phase::Graded { grade, before } => {
            let label = |title: &String| {
                before
                    .queues
                    .iter()
                    .find(|q| q.title == title.as_str())
                    .map_or_else(|| title.clone(), |q| q.label.to_string())
            };
            Some((score_line(i18n, grade), marks_line(i18n, grade, label)))
        }
        _ => None,
    };
    html! {
        <section class="pg-watch" aria-labelledby="pg-watch-title">
            <h3 id="pg-watch-title">{ i18n.t("page.playground.history.title") }</h3>
            <p id="pg-moves" class="pg-moves" aria-live="polite">{ said.unwrap_or_default() }</p>
            if let Some((line, marks)) = score {
                <p id="pg-score" class="pg-score" aria-live="polite">{ line }</p>
                <p class="pg-marks">{ marks }</p>
            }
            { tools }
            <label class="pg-check pg-predict">
                <input type="checkbox" id="pg-predict" checked={lab.settings.predict} onchange={commands.predict.clone()} />
                { i18n.t("page.playground.predict.switch") }
            </label>
            if watch.history.iter().nth(1).is_some() {
                <ol class="pg-history" aria-label={i18n.t("page.playground.history.earlier")}>
                    { for watch.history.iter().skip(1).map(|e| html! { <li key={e.version}>{ e.said(i18n) }</li> }) }
                </ol>
            }
        </section>
    }
}
