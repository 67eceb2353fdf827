//! "Predict, then watch": the reader picks the queues they expect a change to move, then the
//! change is shown and each queue is marked from the core's `moves`. [`grade`] is the whole
//! judgement, a pure function of the picked set and the moved queues, so any page that asks
//! the question (the playground, the lessons) grades the same way; [`score_line`] and
//! [`marks_line`] say the result in words from its counts.

use std::collections::BTreeSet;

use crate::hooks::I18n;

/// What a queue was, once the change is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Predicted, and it moved.
    Right,
    /// It moved, but was not predicted.
    Missed,
    /// Predicted, but it did not move.
    Wrong,
}

/// The marks of one prediction and their counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grade<K> {
    /// Every moved or predicted queue with its mark: the moved ones in the order given, then
    /// the wrongly predicted ones in the predicted set's order.
    pub marks: Vec<(K, Mark)>,
    /// Predicted and moved.
    pub right: usize,
    /// Moved, not predicted.
    pub missed: usize,
    /// Predicted, not moved.
    pub wrong: usize,
}

impl<K> Grade<K> {
    /// How many queues moved (right + missed).
    pub fn moved(&self) -> usize {
        self.right + self.missed
    }

    /// The mark of `key`, if it moved or was predicted.
    pub fn mark_of<Q>(&self, key: &Q) -> Option<Mark>
    where
        K: std::borrow::Borrow<Q>,
        Q: PartialEq + ?Sized,
    {
        self.marks.iter().find(|(k, _)| k.borrow() == key).map(|(_, m)| *m)
    }
}

/// Grades a prediction: `predicted` are the queues the reader picked, `moved` the queues
/// whose owners changed (the core's `Moves::moved`, by the same key). A queue listed twice in
/// `moved` counts once.
pub fn grade<K: Ord + Clone>(predicted: &BTreeSet<K>, moved: &[K]) -> Grade<K> {
    let mut seen = BTreeSet::new();
    let mut marks = Vec::with_capacity(moved.len() + predicted.len());
    for key in moved {
        if seen.insert(key) {
            marks.push((key.clone(), if predicted.contains(key) { Mark::Right } else { Mark::Missed }));
        }
    }
    marks.extend(predicted.iter().filter(|k| !seen.contains(k)).map(|k| (k.clone(), Mark::Wrong)));
    let count = |mark: Mark| marks.iter().filter(|(_, m)| *m == mark).count();
    let (right, missed, wrong) = (count(Mark::Right), count(Mark::Missed), count(Mark::Wrong));
    Grade { marks, right, missed, wrong }
}

/// "3 of 4 right, 1 wrong" (or, when nothing moved, "Nothing moved; 1 wrong").
pub fn score_line<K>(i18n: &I18n, grade: &Grade<K>) -> String {
    let (right, moved, wrong) = (grade.right.to_string(), grade.moved().to_string(), grade.wrong.to_string());
    if grade.moved() == 0 {
        i18n.t_args("page.playground.predict.score_none", &[("wrong", &wrong)])
    } else {
        i18n.t_args("page.playground.predict.score", &[("right", &right), ("moved", &moved), ("wrong", &wrong)])
    }
}

/// The marked queues by name: "Right: Q2, Q5 · Missed: Q6 · Wrong: Q1" (only the marks
/// given), each queue named by `label`.
pub fn marks_line<K>(i18n: &I18n, grade: &Grade<K>, label: impl Fn(&K) -> String) -> String {
    let lists = [
        (Mark::Right, "page.playground.predict.right_list"),
        (Mark::Missed, "page.playground.predict.missed_list"),
        (Mark::Wrong, "page.playground.predict.wrong_list"),
    ];
    let parts: Vec<String> = lists
        .into_iter()
        .filter_map(|(mark, key)| {
            let queues: Vec<String> = grade.marks.iter().filter(|(_, m)| *m == mark).map(|(k, _)| label(k)).collect();
            (!queues.is_empty()).then(|| i18n.t_args(key, &[("queues", &queues.join(", "))]))
        })
        .collect();
    parts.join(" · ")
}

/// The word for a mark (on a tile, after its label).
pub fn mark_word(i18n: &I18n, mark: Mark) -> &'static str {
    i18n.t(match mark {
        Mark::Right => "page.playground.predict.right",
        Mark::Missed => "page.playground.predict.missed",
        Mark::Wrong => "page.playground.predict.wrong",
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use yew::Callback;

    use super::{grade, marks_line, score_line, Mark};
    use crate::hooks::I18n;
    use crate::i18n::Lang;
    use crate::pages::playground::lab::Lab;
    use crate::pages::playground::settings::{Action, Settings};

    #[test]
    fn each_queue_is_right_missed_or_wrong() {
        let predicted: BTreeSet<&str> = ["Q2", "Q4", "Q5", "Q1"].into();
        let g = grade(&predicted, &["Q2", "Q4", "Q5", "Q6"]);
        assert_eq!(
            g.marks,
            [("Q2", Mark::Right), ("Q4", Mark::Right), ("Q5", Mark::Right), ("Q6", Mark::Missed), ("Q1", Mark::Wrong)]
        );
        assert_eq!((g.right, g.missed, g.wrong, g.moved()), (3, 1, 1, 4));
        assert_eq!(g.mark_of("Q6"), Some(Mark::Missed));
        assert_eq!(g.mark_of("Q0"), None, "neither moved nor predicted");
        let en = I18n::new(Lang::En, Callback::noop());
        assert_eq!(score_line(&en, &g), "3 of 4 right, 1 wrong");
        assert_eq!(marks_line(&en, &g, |k| (*k).to_owned()), "Right: Q2, Q4, Q5 · Missed: Q6 · Wrong: Q1");
        let zh = I18n::new(Lang::Zh, Callback::noop());
        assert!(score_line(&zh, &g).contains('3') && score_line(&zh, &g).contains('4'), "{}", score_line(&zh, &g));
    }

    #[test]
    fn nothing_picked_and_nothing_moved() {
        let en = I18n::new(Lang::En, Callback::noop());
        let none = grade::<u8>(&BTreeSet::new(), &[]);
        assert_eq!((none.right, none.missed, none.wrong), (0, 0, 0));
        assert_eq!(score_line(&en, &none), "Nothing moved; 0 wrong");
        assert_eq!(marks_line(&en, &none, |k| k.to_string()), "");
        // Picks when nothing moves are all wrong; a queue moved twice counts once.
        let g = grade(&BTreeSet::from([7u8, 3]), &[]);
        assert_eq!(g.marks, [(3, Mark::Wrong), (7, Mark::Wrong)]);
        assert_eq!(score_line(&en, &g), "Nothing moved; 2 wrong");
        let g = grade(&BTreeSet::new(), &[5u8, 5]);
        assert_eq!((g.missed, g.moved()), (1, 1));
        assert_eq!(score_line(&en, &g), "0 of 1 right, 0 wrong");
    }

    #[test]
    fn a_prediction_of_the_fourth_consumer_joining_is_graded_from_the_cores_moves() {
        // SPEC §4: with 8 queues and 3 consumers under AVG, a fourth joining moves Q2, Q4,
        // Q5, Q6 and Q7. The reader picks Q2, Q3, Q6, Q7: three right, Q4 and Q5 missed, Q3
        // wrong (it stays with the second consumer).
        let lab = Lab::new(Settings::default(), Vec::new()).apply(&Action::AddConsumer);
        let label = |title: &str| {
            lab.view.queues.iter().find(|q| q.title == title).map(|q| q.label.to_string()).unwrap_or_default()
        };
        let moved: Vec<String> = lab.view.moves.moved.iter().map(|m| label(&m.mq.to_string())).collect();
        assert_eq!(moved, ["Q2", "Q4", "Q5", "Q6", "Q7"]);
        let predicted: BTreeSet<String> = ["Q2", "Q3", "Q6", "Q7"].map(String::from).into();
        let g = grade(&predicted, &moved);
        assert_eq!((g.right, g.missed, g.wrong), (3, 2, 1));
        let en = I18n::new(Lang::En, Callback::noop());
        assert_eq!(score_line(&en, &g), "3 of 5 right, 1 wrong");
        assert_eq!(marks_line(&en, &g, Clone::clone), "Right: Q2, Q6, Q7 · Missed: Q4, Q5 · Wrong: Q3");
    }
}
