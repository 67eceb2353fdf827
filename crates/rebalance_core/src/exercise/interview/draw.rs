//! The seeded draw of a mock interview: which open questions and which computed parts, in
//! which order, for a seed, a length and a level.

use serde::{Deserialize, Serialize};

use super::{Interview, Level};
use crate::exercise::model::Difficulty;
use crate::exercise::{exercise_seed, Catalog, Exercise};

/// The lengths an interview can have, in minutes.
pub const LENGTHS: [u8; 3] = [15, 30, 45];

/// How many items an interview of `minutes` has: one per 3¾ minutes (4, 8 and 12 for the
/// [`LENGTHS`]), about the time a candidate needs to answer an open question aloud or to
/// compute one exercise's parts.
pub fn item_count(minutes: u8) -> usize {
    usize::from(minutes) * 4 / 15
}

/// One item of an interview.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Item {
    /// An open question of the interview set, by its number.
    Open {
        /// The question's number.
        question: u8,
    },
    /// A catalog exercise, graded as on the exercises page.
    Computed {
        /// The exercise's id.
        exercise: String,
        /// Its instance seed: the exercises page's class instance for the interview's seed
        /// ([`exercise_seed`]), so `?ex_seed=<seed>&ex_id=<id>#/exercises` shows the same numbers.
        seed: u64,
        /// The question of the set it was drawn for (its topic is the item's topic).
        question: u8,
    },
}

impl Item {
    /// The question the item asks or was drawn for.
    pub fn question(&self) -> u8 {
        match self {
            Item::Open { question } | Item::Computed { question, .. } => *question,
        }
    }
}

/// The level an exercise's difficulty matches.
fn level_of(difficulty: Difficulty) -> Level {
    match difficulty {
        Difficulty::Basic => Level::Junior,
        Difficulty::Intermediate => Level::Mid,
        Difficulty::Advanced => Level::Senior,
    }
}

/// The interview of `seed`, `minutes` long (one of [`LENGTHS`]; another value counts items
/// the same way) at `level`.
///
/// - [`item_count`] items, no item twice: half of them open questions (all the level has
///   when it has fewer), the others computed parts. An open question is any question up to
///   `level`.
/// - A computed part is a catalog exercise that covers an open question up to `level`
///   ([`super::Exercise::interview`]): one per question drawn in the order drawn, then a
///   second for each, and so on (each question's exercises in a random order, those whose
///   difficulty is above the level last); when those run out, exercises covering the
///   level's other questions. Its instance is the class instance of the interview's seed.
/// - The items alternate, an open question then a computed part, while both last.
///
/// The same inputs give the same draw (a seeded generator, no clock); fewer items only when
/// the catalog and the set have fewer than the length asks for.
pub fn draw(interview: &Interview, catalog: &Catalog, seed: u64, minutes: u8, level: Level) -> Vec<Item> {
    let mut rng = fastrand::Rng::with_seed(seed ^ 0x5eed_1e7e_1a7e_0000 ^ (u64::from(minutes) << 8) ^ (level as u64));
    let count = item_count(minutes);
    let mut questions: Vec<u8> = interview.questions.iter().filter(|q| q.level <= level).map(|q| q.number).collect();
    rng.shuffle(&mut questions);
    let open_count = (count / 2).min(questions.len());
    let (asked, others) = questions.split_at(open_count);

    // The exercises covering question `n` in a random order, those harder than the level last.
    // (Shuffles and partitions rather than a sort: a sort of a new element type costs the
    // page's wasm kilobytes.)
    let mut covering = |n: u8| -> Vec<&str> {
        let mut found: Vec<&Exercise> = catalog.exercises.iter().filter(|e| e.interview.contains(&n)).collect();
        rng.shuffle(&mut found);
        let (fit, harder): (Vec<&Exercise>, Vec<&Exercise>) =
            found.into_iter().partition(|e| level_of(e.difficulty) <= level);
        fit.into_iter().chain(harder).map(|e| e.id.as_str()).collect()
    };
    let lists: Vec<(u8, Vec<&str>)> = asked.iter().map(|&q| (q, covering(q))).collect();
    let wanted = count - open_count;
    let mut computed: Vec<(&str, u8)> = Vec::with_capacity(wanted);
    // One part per drawn question in the order drawn, then a second for each, and so on.
    let mut round = 0;
    while computed.len() < wanted && lists.iter().any(|(_, list)| list.len() > round) {
        for (q, list) in &lists {
            if let Some(&id) = list.get(round) {
                if computed.len() < wanted && !computed.iter().any(|(c, _)| *c == id) {
                    computed.push((id, *q));
                }
            }
        }
        round += 1;
    }
    // Then the level's other questions, in the order drawn.
    for &q in others {
        for id in covering(q) {
            if computed.len() < wanted && !computed.iter().any(|(c, _)| *c == id) {
                computed.push((id, q));
            }
        }
    }

    let mut items = Vec::with_capacity(count);
    let mut open = asked.iter().map(|&question| Item::Open { question });
    let mut parts = computed.into_iter().map(|(id, question)| Item::Computed {
        exercise: id.to_owned(),
        seed: exercise_seed(seed, id),
        question,
    });
    loop {
        let (a, b) = (open.next(), parts.next());
        if a.is_none() && b.is_none() {
            break;
        }
        items.extend(a);
        items.extend(b);
    }
    items
}
