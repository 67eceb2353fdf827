//! The recent rebalances: the last [`KEPT`] changes, newest first, each with the views before
//! and after it and the core's moves between them, so the page can say them in words,
//! replay the newest, and step through it move by move ([`step_view`]). No browser here:
//! the native tests cover it.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

use rebalance_core::assignment::{Moves, QueueMove};
use rebalance_core::message_queue::java_cmp;

use super::lab::{LaneView, QueueInfo, Tile, View};
use crate::hooks::I18n;
use crate::i18n::Lang;

/// How many rebalances the list keeps.
pub const KEPT: usize = 5;
/// At most this many moves of one rebalance are said in words; the rest are counted.
pub const MOVES_SAID: usize = 8;

/// One rebalance.
#[derive(Debug)]
pub struct Entry {
    /// The page's rebalance counter when it happened (the list's key).
    pub version: u64,
    /// The view before the change.
    pub before: Rc<View>,
    /// The view after it.
    pub after: Rc<View>,
    /// The core's `moves` between them (`moved`: the queues whose owners changed, in queue
    /// order).
    pub moves: Rc<Moves>,
    /// The words, made once per language (a slider drag adds an entry per input).
    said: RefCell<Option<(Lang, String)>>,
}

impl Entry {
    /// A rebalance from `before` to `after`, with the core's `moves` between them.
    pub fn new(version: u64, before: Rc<View>, after: Rc<View>, moves: Rc<Moves>) -> Entry {
        Entry { version, before, after, moves, said: RefCell::new(None) }
    }

    /// The rebalance in words: "Moved: Q2 A → C · Q5 B → C", or "Nothing moved.".
    pub fn said(&self, i18n: &I18n) -> String {
        if let Some((lang, text)) = self.said.borrow().as_ref() {
            if *lang == i18n.lang() {
                return text.clone();
            }
        }
        let text = moves_text(i18n, &self.after.queues, &self.moves.moved)
            .unwrap_or_else(|| i18n.t("page.playground.history.nothing").to_owned());
        *self.said.borrow_mut() = Some((i18n.lang(), text.clone()));
        text
    }
}

/// The kept rebalances, newest first.
#[derive(Debug, Default)]
pub struct History {
    entries: VecDeque<Rc<Entry>>,
}

impl History {
    /// Adds the newest rebalance; the oldest beyond [`KEPT`] is dropped.
    pub fn push(&mut self, entry: Entry) {
        self.entries.push_front(Rc::new(entry));
        self.entries.truncate(KEPT);
    }

    /// The newest rebalance.
    pub fn newest(&self) -> Option<&Rc<Entry>> {
        self.entries.front()
    }

    /// Every kept rebalance, newest first.
    pub fn iter(&self) -> impl Iterator<Item = &Rc<Entry>> {
        self.entries.iter()
    }
}

/// One move in words: "Q2 A → C", the queue named by its tile's label in `queues`
/// (`Q{i}`, its index in the sorted mqAll), owners by cid, "nobody" for none.
pub fn move_text(i18n: &I18n, queues: &[QueueInfo], m: &QueueMove) -> String {
    let nobody = i18n.t("page.playground.moves.nobody");
    let owners = |cids: &[String]| if cids.is_empty() { nobody.to_owned() } else { cids.join(" + ") };
    let title = m.mq.to_string();
    let queue = queues.iter().find(|q| q.title == title).map_or(title, |q| q.label.to_string());
    i18n.t_args("page.playground.moves.item", &[("queue", &queue), ("from", &owners(&m.from)), ("to", &owners(&m.to))])
}

/// The moves in words, in queue order: "Moved: Q2 A → C · Q5 B → C", the first
/// [`MOVES_SAID`] of them and how many more (`None` when nothing moved).
pub fn moves_text(i18n: &I18n, queues: &[QueueInfo], moved: &[QueueMove]) -> Option<String> {
    if moved.is_empty() {
        return None;
    }
    let said: Vec<String> = moved.iter().take(MOVES_SAID).map(|m| move_text(i18n, queues, m)).collect();
    let mut line = i18n.t_args("page.playground.moves.line", &[("moves", &said.join(" · "))]);
    let more = moved.len().saturating_sub(MOVES_SAID);
    if more > 0 {
        line.push(' ');
        line.push_str(&i18n.t_count("page.playground.moves.more", more, &[("count", &more.to_string())]));
    }
    Some(line)
}

/// The board part way through a rebalance: `before` with the first `done` of `moved` made
/// (each queue taken from the lanes of its old owners and given to the lanes of its new
/// ones, or to and from the tray). The lanes are those of both views, in cidAll order (a
/// member that joined starts empty, one that left stays until the change is over); queues
/// the change adds or removes appear only in `after`, which the last step shows. The queues
/// moved so far are highlighted.
pub fn step_view(before: &View, after: &View, moved: &[QueueMove], done: usize) -> View {
    let queues = Rc::clone(&before.queues);
    let index: HashMap<&str, usize> = queues.iter().enumerate().map(|(i, q)| (q.title.as_str(), i)).collect();
    // Both views' lanes, each once, in cidAll order (a cid conflict's copies after the first).
    let mut lanes: Vec<LaneView> = before.lanes.iter().map(|l| (**l).clone()).collect();
    for lane in &after.lanes {
        if !lanes.iter().any(|l| l.cid == lane.cid && l.copy == lane.copy) {
            lanes.push(LaneView { tiles: Vec::new(), outside: Vec::new(), idle: true, ..(**lane).clone() });
        }
    }
    lanes.sort_by(|a, b| java_cmp(&a.cid, &b.cid).then(a.copy.cmp(&b.copy)));
    let mut tray = before.tray.clone();
    let mut made = vec![false; queues.len()];
    for m in moved.iter().take(done) {
        let Some(&q) = index.get(m.mq.to_string().as_str()) else { continue };
        made[q] = true;
        let tile = Tile { queue: q, moved: true, overlap: false, guess: Default::default() };
        for lane in &mut lanes {
            if m.from.iter().any(|c| *c == lane.cid) {
                lane.tiles.retain(|t| t.queue != q);
            }
            if m.to.iter().any(|c| *c == lane.cid) {
                insert_in_order(&mut lane.tiles, tile);
            }
        }
        if m.from.is_empty() {
            tray.retain(|t| t.queue != q);
        }
        if m.to.is_empty() {
            insert_in_order(&mut tray, tile);
        }
    }
    // Held by more than one distinct cid (a cid conflict's copies are one cid).
    let mut holders: Vec<Vec<&str>> = vec![Vec::new(); queues.len()];
    for lane in &lanes {
        for t in &lane.tiles {
            if let Some(h) = holders.get_mut(t.queue) {
                if !h.contains(&lane.cid.as_str()) {
                    h.push(&lane.cid);
                }
            }
        }
    }
    let overlap: Vec<bool> = holders.iter().map(|h| h.len() > 1).collect();
    let look = |t: &Tile| Tile {
        moved: made.get(t.queue).copied().unwrap_or(false),
        overlap: overlap.get(t.queue).copied().unwrap_or(false),
        ..*t
    };
    let lanes: Vec<Rc<LaneView>> = lanes
        .into_iter()
        .map(|mut lane| {
            lane.tiles = lane.tiles.iter().map(look).collect();
            lane.idle = lane.tiles.is_empty() && lane.outside.is_empty() && lane.all_queues.is_none();
            Rc::new(lane)
        })
        .collect();
    let tray = tray.iter().map(look).collect();
    View {
        queues,
        lanes,
        tray,
        moves: Rc::clone(&after.moves),
        overlap: overlap.iter().filter(|o| **o).count(),
        error: None,
        late: after.late.clone(),
        brokers: after.brokers.clone(),
    }
}

/// Puts `tile` in `tiles` before the first tile of a later queue (a lane lists its queues in
/// sorted-mqAll order while stepping).
fn insert_in_order(tiles: &mut Vec<Tile>, tile: Tile) {
    if tiles.iter().any(|t| t.queue == tile.queue) {
        return;
    }
    let at = tiles.iter().position(|t| t.queue > tile.queue).unwrap_or(tiles.len());
    tiles.insert(at, tile);
}

/// `view` with every tile's prediction state set by `guess` (from its queue), and with
/// `moved` (by queue index) as the highlighted queues: the board of a prediction.
pub fn with_guesses(view: &View, moved: &dyn Fn(usize) -> bool, guess: &dyn Fn(usize) -> super::lab::Guess) -> View {
    let tile = |t: &Tile| Tile { moved: moved(t.queue), guess: guess(t.queue), ..*t };
    View {
        lanes: view
            .lanes
            .iter()
            .map(|lane| Rc::new(LaneView { tiles: lane.tiles.iter().map(tile).collect(), ..(**lane).clone() }))
            .collect(),
        tray: view.tray.iter().map(tile).collect(),
        ..view.clone()
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use yew::Callback;

    use super::{step_view, Entry, History, KEPT};
    use crate::hooks::I18n;
    use crate::i18n::Lang;
    use crate::pages::playground::lab::{Lab, View};
    use crate::pages::playground::settings::{Action, Settings};

    /// Each lane's cid and tile labels, and the tray's labels.
    fn board(view: &View) -> (Vec<(String, Vec<String>)>, Vec<String>) {
        let label = |q: usize| view.queues[q].label.to_string();
        let lanes =
            view.lanes.iter().map(|l| (l.cid.to_string(), l.tiles.iter().map(|t| label(t.queue)).collect())).collect();
        (lanes, view.tray.iter().map(|t| label(t.queue)).collect())
    }

    fn entry(lab: &Lab) -> Entry {
        let (before, _) = lab.before.clone().expect("a rebalance happened");
        Entry::new(lab.version, before, Rc::clone(&lab.view), Rc::clone(&lab.view.moves))
    }

    #[test]
    fn the_list_keeps_the_last_five_newest_first_in_words() {
        let en = I18n::new(Lang::En, Callback::noop());
        let mut lab = Lab::new(Settings::default(), Vec::new());
        let mut history = History::default();
        let actions = [
            Action::AddConsumer,
            Action::AddConsumer,
            Action::RemoveConsumer,
            Action::SetQueues(8), // no change: no rebalance
            Action::RemoveConsumer,
            Action::AddConsumer,
            Action::RemoveConsumer,
        ];
        for action in &actions {
            let next = lab.apply(action);
            if next.version != lab.version {
                history.push(entry(&next));
            }
            lab = next;
            let versions: Vec<u64> = history.iter().map(|e| e.version).collect();
            let kept: Vec<u64> = (1..=lab.version).rev().take(KEPT).collect();
            assert_eq!(versions, kept, "newest first, at most {KEPT}");
        }
        assert_eq!(lab.version, 6);
        // The newest (4 → 3 consumers, AVG, 8 queues): SPEC §4's join undone, five moves.
        let said = history.newest().expect("kept").said(&en);
        let cid = |i: usize| lab.view.lanes[i].cid.to_string();
        assert!(said.starts_with(&format!("Moved: Q2 {} → {} · ", cid(1), cid(0))), "{said}");
        assert_eq!(said.matches(" → ").count(), 5, "{said}");

        // A rebalance that moves nothing says so: one consumer, a queue added.
        let one = Lab::new(Settings { hosts: vec![1], brokers: 1, ..Settings::default() }, Vec::new());
        let more = one.apply(&Action::SetQueues(9));
        assert_eq!(more.version, 1);
        let nothing = entry(&more);
        assert!(nothing.moves.moved.is_empty());
        assert_eq!(nothing.said(&en), "Nothing moved.");
        let zh = I18n::new(Lang::Zh, Callback::noop());
        assert_ne!(nothing.said(&zh), "Nothing moved.", "said again in the reader's language");
    }

    #[test]
    fn stepping_makes_the_moves_one_by_one_in_queue_order() {
        // SPEC §4: 8 queues, 3 consumers, AVG; a fourth joins: Q2 goes from the first to the
        // second, Q4 and Q5 from the second to the third, Q6 and Q7 from the third to the
        // newcomer.
        let lab = Lab::new(Settings::default(), Vec::new()).apply(&Action::AddConsumer);
        let e = entry(&lab);
        let cid = |i: usize| lab.view.lanes[i].cid.to_string();
        let lanes = |tiles: [&[&str]; 4]| -> Vec<(String, Vec<String>)> {
            tiles.iter().enumerate().map(|(i, t)| (cid(i), t.iter().map(|s| (*s).to_owned()).collect())).collect()
        };
        let start = step_view(&e.before, &e.after, &e.moves.moved, 0);
        assert_eq!(
            board(&start),
            (lanes([&["Q0", "Q1", "Q2"], &["Q3", "Q4", "Q5"], &["Q6", "Q7"], &[]]), vec![]),
            "the previous assignment, with the newcomer's lane empty"
        );
        assert!(start.lanes[3].idle);
        assert!(start.lanes.iter().flat_map(|l| &l.tiles).all(|t| !t.moved), "nothing moved yet");
        let one = step_view(&e.before, &e.after, &e.moves.moved, 1);
        assert_eq!(board(&one).0, lanes([&["Q0", "Q1"], &["Q2", "Q3", "Q4", "Q5"], &["Q6", "Q7"], &[]]));
        let moved: Vec<usize> = one.lanes.iter().flat_map(|l| &l.tiles).filter(|t| t.moved).map(|t| t.queue).collect();
        assert_eq!(moved, [2], "only the queue moved so far is highlighted");
        let four = step_view(&e.before, &e.after, &e.moves.moved, 4);
        assert_eq!(board(&four).0, lanes([&["Q0", "Q1"], &["Q2", "Q3"], &["Q4", "Q5", "Q7"], &["Q6"]]));
        // All of them: the assignment after the change.
        let all = step_view(&e.before, &e.after, &e.moves.moved, e.moves.moved.len());
        assert_eq!(board(&all), board(&lab.view));
        assert!(!all.lanes[3].idle);
    }

    #[test]
    fn stepping_a_leave_and_a_queue_to_nobody() {
        // One consumer of two leaves: its lane stays until its queues have moved.
        let lab =
            Lab::new(Settings { hosts: vec![1, 2], ..Settings::default() }, Vec::new()).apply(&Action::RemoveConsumer);
        let e = entry(&lab);
        let start = step_view(&e.before, &e.after, &e.moves.moved, 0);
        assert_eq!(start.lanes.len(), 2);
        let all = step_view(&e.before, &e.after, &e.moves.moved, e.moves.moved.len());
        assert_eq!(all.lanes.len(), 2, "the member that left is still drawn, empty");
        assert!(all.lanes[1].tiles.is_empty() && all.lanes[1].idle);
        assert_eq!(all.lanes[0].tiles.len(), 8);
        // The last consumer leaves: every queue goes to the tray, one per step.
        let lab =
            Lab::new(Settings { hosts: vec![1], ..Settings::default() }, Vec::new()).apply(&Action::RemoveConsumer);
        let e = entry(&lab);
        let three = step_view(&e.before, &e.after, &e.moves.moved, 3);
        assert_eq!(board(&three).1, ["Q0", "Q1", "Q2"]);
        assert_eq!(three.lanes[0].tiles.len(), 5);
        // Out of range: as many as there are.
        let over = step_view(&e.before, &e.after, &e.moves.moved, 99);
        assert_eq!(over.tray.len(), 8);
    }
}
