//! The playback schedule (no yew, tested natively): how long a tick stays on screen. A tick
//! normally lasts its simulated length divided by the speed; a key moment (a queue held by
//! two consumers, a handoff: [`super::markers::Markers::moment_at`]) is slowed down so that
//! it stays on screen at least [`KEY_MS`] in all, whatever the speed.

/// The least wall-clock time a key moment stays on screen.
pub const KEY_MS: f64 = 1_000.0;

/// Where playback is in a key moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moment {
    /// Its length in ticks, once the run has recorded its end; `None` while it may go on.
    pub len: Option<u64>,
    /// Wall-clock time already spent on its earlier ticks (ms).
    pub spent_ms: f64,
}

/// How long the tick on screen stays (ms), at `normal_ms` per tick outside key moments.
/// A key moment of known length spreads [`KEY_MS`] over its ticks; one still being recorded
/// (playback at the run's edge, where the next tick is not known yet) holds its tick until
/// the moment has had [`KEY_MS`], then goes on at the normal pace.
pub fn tick_ms(normal_ms: f64, moment: Option<Moment>) -> f64 {
    match moment {
        None => normal_ms,
        Some(Moment { len: Some(n), .. }) => normal_ms.max(KEY_MS / n.max(1) as f64),
        Some(Moment { len: None, spent_ms }) => normal_ms.max(KEY_MS - spent_ms),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_moment_gets_a_second_in_all_and_never_goes_faster_than_normal() {
        // Two ticks of overlap at 8× with 100 ms ticks (12.5 ms each): 500 ms each.
        let two = Some(Moment { len: Some(2), spent_ms: 0.0 });
        assert_eq!(tick_ms(12.5, two), 500.0);
        // A long moment at a slow speed is not slowed further.
        assert_eq!(tick_ms(400.0, Some(Moment { len: Some(200), spent_ms: 0.0 })), 400.0);
        assert_eq!(tick_ms(12.5, Some(Moment { len: Some(200), spent_ms: 0.0 })), 12.5);
        assert_eq!(tick_ms(12.5, None), 12.5);
    }

    #[test]
    fn a_moment_at_the_edge_holds_until_it_has_had_a_second() {
        assert_eq!(tick_ms(12.5, Some(Moment { len: None, spent_ms: 0.0 })), KEY_MS);
        assert_eq!(tick_ms(12.5, Some(Moment { len: None, spent_ms: 900.0 })), 100.0);
        assert_eq!(tick_ms(12.5, Some(Moment { len: None, spent_ms: KEY_MS })), 12.5);
    }
}
