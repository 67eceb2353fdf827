//! The seeded draw of a mock interview: which open questions and which computed parts, in
//! which order, for a seed, a length and a level.

use serde::{Deserialize, Serialize};

use super::{Interview, Level};
use crate::exercise::model::Difficulty;
use crate::exercise::{exercise_seed, Catalog};

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
///   ([`super::Exercise::interview`]): first the exercises covering the questions drawn,
///   those whose difficulty matches the level or is lower before harder ones; then, when
///   those run out, exercises covering the level's other questions. Its instance is the
///   class instance of the interview's seed.
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

    // Every exercise covering a question up to the level, ranked: covers a drawn question
    // first (in the order drawn), then difficulty within the level, then a random draw.
    let mut ranked: Vec<(usize, bool, u64, &str, u8)> = catalog
        .exercises
        .iter()
        .filter_map(|ex| {
            let rank = |list: &[u8]| list.iter().position(|n| ex.interview.contains(n));
            let (rank, question) = match (rank(asked), rank(others)) {
                (Some(i), _) => (i, asked[i]),
                (None, Some(i)) => (asked.len() + i, others[i]),
                (None, None) => return None,
            };
            Some((rank.min(asked.len()), level_of(ex.difficulty) > level, rng.u64(..), ex.id.as_str(), question))
        })
        .collect();
    // Within the drawn questions, spread the parts over them: the k-th part of a question
    // comes after the first part of every other one.
    ranked.sort_by_key(|&(rank, harder, draw, _, _)| (rank == asked.len(), harder, draw));
    let mut per_question: Vec<(u8, Vec<(&str, u8)>)> = Vec::new();
    for &(rank, _, _, id, question) in &ranked {
        let key = if rank < asked.len() { question } else { 0 };
        match per_question.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push((id, question)),
            None => per_question.push((key, vec![(id, question)])),
        }
    }
    // Drawn questions in the order drawn, then the rest (key 0) last.
    per_question.sort_by_key(|(key, _)| asked.iter().position(|q| q == key).unwrap_or(usize::MAX));
    let mut computed: Vec<(&str, u8)> = Vec::new();
    let mut round = 0;
    let wanted = count - open_count;
    let drawn_groups = per_question.iter().filter(|(key, _)| *key != 0).count();
    while computed.len() < wanted {
        let before = computed.len();
        for (_, list) in per_question.iter().take(drawn_groups) {
            if let Some(&pick) = list.get(round) {
                if computed.len() < wanted {
                    computed.push(pick);
                }
            }
        }
        if computed.len() == before {
            break;
        }
        round += 1;
    }
    if let Some((_, rest)) = per_question.iter().find(|(key, _)| *key == 0) {
        computed.extend(rest.iter().take(wanted.saturating_sub(computed.len())));
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
