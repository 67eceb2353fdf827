//! The index arithmetic of AVG and AVG_BY_CIRCLE, shared by the per-consumer and the
//! whole-group paths so the two cannot drift apart.

use std::ops::Range;

/// `AllocateMessageQueueAveragely`: the block of `mqAll` for the consumer at `index`
/// (its first position in `cidAll`) among `n` consumers and `m` queues. Empty when the
/// consumer has nothing (more consumers than queues).
pub fn avg_range(index: usize, m: usize, n: usize) -> Range<usize> {
    if n == 0 {
        return 0..0;
    }
    let modulo = m % n;
    let size = if m <= n {
        1
    } else if modulo > 0 && index < modulo {
        m / n + 1
    } else {
        m / n
    };
    let start = if modulo > 0 && index < modulo { index * size } else { index * size + modulo };
    let end = start.saturating_add(size).min(m);
    if start >= end {
        return 0..0;
    }
    start..end
}

/// `AllocateMessageQueueAveragelyByCircle`: every `k` in `index..m` with `k % n == index`.
pub fn circle_indices(index: usize, m: usize, n: usize) -> impl Iterator<Item = usize> {
    let step = n.max(1);
    (index..m).step_by(step).filter(move |k| k % step == index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn avg_blocks_for_eight_queues_three_consumers() {
        assert_eq!(avg_range(0, 8, 3), 0..3);
        assert_eq!(avg_range(1, 8, 3), 3..6);
        assert_eq!(avg_range(2, 8, 3), 6..8);
    }

    #[test]
    fn avg_more_consumers_than_queues() {
        assert_eq!(avg_range(3, 4, 6), 3..4);
        assert!(avg_range(4, 4, 6).is_empty());
        assert!(avg_range(5, 4, 6).is_empty());
    }

    #[test]
    fn circle_for_eight_queues_three_consumers() {
        assert_eq!(circle_indices(0, 8, 3).collect::<Vec<_>>(), vec![0, 3, 6]);
        assert_eq!(circle_indices(2, 8, 3).collect::<Vec<_>>(), vec![2, 5]);
        // A duplicated cid's second slot (index 1 of 3) is never served by anybody.
        assert_eq!(circle_indices(1, 4, 3).collect::<Vec<_>>(), vec![1]);
    }
}
