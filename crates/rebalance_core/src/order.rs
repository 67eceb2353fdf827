//! Sorting with one compiled sort for the whole program.
//!
//! `slice::sort_by` is compiled anew for every element type and comparison (the standard
//! library's driftsort is several kilobytes each), and the site sorts in some thirty places:
//! about 50 KB of every WebAssembly bundle was copies of the same sort. Here every call sorts
//! a list of positions with one shared, type-erased comparison, then moves the elements into
//! that order; only the small moving step is compiled per element type.
//!
//! The sort is stable (equal elements keep their order), like `slice::sort_by`, and a
//! property test checks it gives exactly what the standard library gives. Natively (the CLI,
//! the benchmarks) size does not matter and the indirection costs time (the 1024 × 256
//! CONSISTENT_HASH assignment took 0.92 ms instead of 0.7), so there these functions are
//! the standard library's.

use std::cmp::Ordering;

/// Sorts `items` stably by `cmp` (what `items.sort_by(cmp)` does).
pub fn sort_by<T>(items: &mut [T], cmp: impl FnMut(&T, &T) -> Ordering) {
    #[cfg(target_arch = "wasm32")]
    shared_sort_by(items, cmp);
    #[cfg(not(target_arch = "wasm32"))]
    items.sort_by(cmp);
}

/// The WebAssembly [`sort_by`]: positions sorted by the one compiled sort, then the elements
/// moved into that order (public so native tests check it against the standard library).
pub fn shared_sort_by<T>(items: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let order = {
        let items = &*items;
        positions(items.len(), &mut |a, b| cmp(&items[a], &items[b]))
    };
    permute(items, &order);
}

/// Sorts `items` in ascending order, stably (what `items.sort()` does).
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// Sorts `items` stably by `key` (what `items.sort_by_key(key)` does).
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The positions `0..len` in the order `cmp` puts them (stable): the one compiled sort.
fn positions(len: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

/// Rearranges `items` so that position `i` holds what was at `order[i]`, by following each
/// cycle of the permutation with swaps.
fn permute<T>(items: &mut [T], order: &[usize]) {
    let mut done = vec![false; items.len()];
    for start in 0..items.len() {
        let mut at = start;
        while !done[at] {
            done[at] = true;
            let from = order[at];
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_library_stably() {
        // Pairs with many equal keys: stability shows in the second field.
        let mut seed = 7u64;
        for len in [0usize, 1, 2, 3, 5, 17, 64, 257] {
            let items: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ((seed >> 59) as u8, i)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|p| p.0);
            let mut got = items.clone();
            shared_sort_by(&mut got, |a, b| a.0.cmp(&b.0));
            assert_eq!(got, expected, "len {len}");
            let mut expected = items.clone();
            expected.sort_by(|a, b| b.cmp(a));
            let mut got = items;
            shared_sort_by(&mut got, |a, b| b.cmp(a));
            assert_eq!(got, expected, "len {len}, descending");
        }
        let mut words = vec!["b", "a", "c", "a"];
        shared_sort_by(&mut words, |a, b| a.cmp(b));
        assert_eq!(words, ["a", "a", "b", "c"]);
    }
}
