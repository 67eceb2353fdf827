//! The page's state and its share of the URL: the picked symptom (`ts_s`) and the answers
//! to its causes' questions (`ts_a`, one letter per cause in the symptom's order: `y` yes,
//! `n` no, `-` not answered; a shorter string leaves the rest unanswered). Bad values are
//! reported as [`UrlNotice`]s and replaced.

use super::tree::{symptom, Answer, Symptom, SYMPTOMS};
use crate::url_state::{Problem, UrlNotice, UrlReader};

/// The symptom key.
pub const KEY_SYMPTOM: &str = "ts_s";
/// The answers key.
pub const KEY_ANSWERS: &str = "ts_a";

/// What the reader picked and answered.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct State {
    pub symptom: Option<&'static Symptom>,
    /// One per cause of the symptom.
    pub answers: Vec<Answer>,
}

/// A change the reader makes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Action {
    /// Picks a symptom (by its index in [`SYMPTOMS`]); its answers start empty.
    Pick(usize),
    /// Answers the question of the symptom's `i`-th cause.
    Answer(usize, Answer),
    /// Forgets the answers.
    Clear,
}

impl State {
    pub fn apply(&self, action: Action) -> State {
        match action {
            Action::Pick(i) => {
                let symptom = SYMPTOMS.get(i);
                State { symptom, answers: vec![Answer::Unanswered; symptom.map_or(0, |s| s.causes.len())] }
            }
            Action::Answer(i, answer) => {
                let mut next = self.clone();
                if let Some(slot) = next.answers.get_mut(i) {
                    *slot = answer;
                }
                next
            }
            Action::Clear => State { symptom: self.symptom, answers: vec![Answer::Unanswered; self.answers.len()] },
        }
    }

    /// The query this state writes; `None` removes a key (nothing picked, nothing answered).
    pub fn query_pairs(&self) -> [(&'static str, Option<String>); 2] {
        let answered = self.answers.iter().any(|a| *a != Answer::Unanswered);
        [
            (KEY_SYMPTOM, self.symptom.map(|s| s.id.to_owned())),
            (KEY_ANSWERS, answered.then(|| self.answers.iter().map(|a| a.code()).collect())),
        ]
    }

    /// Reads the state from a query (`get` returns a key's raw value).
    pub fn from_query(get: &dyn Fn(&str) -> Option<String>) -> (State, Vec<UrlNotice>) {
        let mut r = UrlReader::new(get);
        let symptom = r.text(KEY_SYMPTOM, None, |_| String::new(), |raw| symptom(raw.trim()).map(Some));
        let count = symptom.map_or(0, |s| s.causes.len());
        let mut answers = vec![Answer::Unanswered; count];
        if let Some(raw) = r.raw(KEY_ANSWERS) {
            let codes: Vec<Option<Answer>> = raw.trim().chars().map(Answer::from_code).collect();
            for (slot, code) in answers.iter_mut().zip(&codes) {
                *slot = code.unwrap_or_default();
            }
            if codes.len() > count || codes.iter().any(Option::is_none) {
                let used: String = answers.iter().map(|a| a.code()).collect();
                r.note(KEY_ANSWERS, &raw, Problem::Invalid, used);
            }
        }
        (State { symptom, answers }, r.into_notices())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pairs: &[(&str, &str)]) -> (State, Vec<UrlNotice>) {
        let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| (*v).to_owned());
        State::from_query(&get)
    }

    #[test]
    fn a_state_round_trips_through_the_url() {
        let state = State::default().apply(Action::Pick(1)).apply(Action::Answer(2, Answer::Yes));
        let pairs = state.query_pairs();
        let owned: Vec<(&str, String)> = pairs.iter().filter_map(|(k, v)| v.clone().map(|v| (*k, v))).collect();
        let borrowed: Vec<(&str, &str)> = owned.iter().map(|(k, v)| (*k, v.as_str())).collect();
        assert_eq!(borrowed, [("ts_s", SYMPTOMS[1].id), ("ts_a", "--y")]);
        assert_eq!(read(&borrowed), (state, vec![]));
    }

    #[test]
    fn nothing_picked_writes_nothing() {
        assert_eq!(State::default().query_pairs(), [("ts_s", None), ("ts_a", None)]);
        let picked = State::default().apply(Action::Pick(0));
        assert_eq!(picked.query_pairs()[1], ("ts_a", None));
        assert_eq!(picked.apply(Action::Answer(0, Answer::No)).apply(Action::Clear), picked);
    }

    #[test]
    fn an_unknown_symptom_is_named_and_dropped() {
        let (state, notices) = read(&[("ts_s", "lag-grow"), ("ts_a", "yy")]);
        assert_eq!(state, State::default());
        assert_eq!(notices.len(), 2, "{notices:?}");
        assert_eq!(notices[0].key, "ts_s");
        assert_eq!(notices[1].key, "ts_a");
    }

    #[test]
    fn bad_answers_keep_what_can_be_read_and_say_so() {
        let lag = SYMPTOMS.iter().position(|s| s.id == "lag-grows").expect("the lag-grows symptom");
        let n = SYMPTOMS[lag].causes.len();
        // A letter that is no answer, and a string longer than the symptom's causes.
        let (state, notices) = read(&[("ts_s", "lag-grows"), ("ts_a", "yxn-n-n-n-")]);
        assert_eq!(state.answers.len(), n);
        assert_eq!(&state.answers[..3], &[Answer::Yes, Answer::Unanswered, Answer::No]);
        assert_eq!(notices.len(), 1);
        assert_eq!((notices[0].key.as_str(), &notices[0].problem), ("ts_a", &Problem::Invalid));
        assert_eq!(notices[0].used.len(), n);
        // Short is read as far as it goes; the rest is unanswered, which is no mistake.
        let (state, notices) = read(&[("ts_s", "lag-grows"), ("ts_a", "-y")]);
        assert_eq!(&state.answers[..3], &[Answer::Unanswered, Answer::Yes, Answer::Unanswered]);
        assert!(notices.is_empty(), "{notices:?}");
        // Out-of-range answer indices are ignored.
        assert_eq!(state.apply(Action::Answer(99, Answer::Yes)).answers, state.answers);
    }
}
