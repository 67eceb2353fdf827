//! Java's `ComparableTimSort` (`Collections.sort` on a list of `Comparable`s, JDK 7 and
//! later), step for step, on positions: with a comparison that is not an order only the same
//! steps give Java's result (or its "Comparison method violates its general contract!").
//! Below 32 elements: the first run made ascending, then binary insertion; above: runs of at
//! least `minRun` merged with galloping. Only used when [`java_compare`](super::java_compare) is not an order.

use std::cmp::Ordering::{self, Greater, Less};

use crate::{Error, Result};

const MIN_MERGE: usize = 32;
const MIN_GALLOP: isize = 7;

/// `cmp(x, y)` is `x.compareTo(y)`: the argument order matters (it is not antisymmetric).
type Cmp<'a> = dyn FnMut(usize, usize) -> Ordering + 'a;

/// `ComparableTimSort.sort(a, 0, a.length)`.
pub(super) fn sort(a: &mut [usize], cmp: &mut Cmp) -> Result<()> {
    let n = a.len();
    if n < 2 {
        return Ok(());
    }
    if n < MIN_MERGE {
        let run = count_run_and_make_ascending(a, 0, n, cmp);
        binary_sort(a, 0, n, run, cmp);
        return Ok(());
    }
    let mut merger = Merger { runs: Vec::new(), min_gallop: MIN_GALLOP };
    let min_run = min_run_length(n);
    let mut lo = 0;
    while lo < n {
        let mut run = count_run_and_make_ascending(a, lo, n, cmp);
        if run < min_run {
            let force = (n - lo).min(min_run);
            binary_sort(a, lo, lo + force, lo + run, cmp);
            run = force;
        }
        merger.runs.push((lo, run));
        merger.merge_collapse(a, cmp)?;
        lo += run;
    }
    merger.merge_force_collapse(a, cmp)
}

/// Binary insertion of `a[start..hi]` into the sorted `a[lo..start]`.
fn binary_sort(a: &mut [usize], lo: usize, hi: usize, start: usize, cmp: &mut Cmp) {
    for start in start.max(lo + 1)..hi {
        let pivot = a[start];
        let (mut left, mut right) = (lo, start);
        while left < right {
            let mid = (left + right) / 2;
            if cmp(pivot, a[mid]) == Less {
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        a.copy_within(left..start, left + 1);
        a[left] = pivot;
    }
}

/// The run starting at `lo` (strictly descending ones reversed), and its length.
fn count_run_and_make_ascending(a: &mut [usize], lo: usize, hi: usize, cmp: &mut Cmp) -> usize {
    let mut run_hi = lo + 1;
    if run_hi == hi {
        return 1;
    }
    run_hi += 1;
    if cmp(a[lo + 1], a[lo]) == Less {
        while run_hi < hi && cmp(a[run_hi], a[run_hi - 1]) == Less {
            run_hi += 1;
        }
        a[lo..run_hi].reverse();
    } else {
        while run_hi < hi && cmp(a[run_hi], a[run_hi - 1]) != Less {
            run_hi += 1;
        }
    }
    run_hi - lo
}

fn min_run_length(mut n: usize) -> usize {
    let mut r = 0;
    while n >= MIN_MERGE {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

/// Where `key` goes in `arr[base..base + len]`, before equal elements, searching from
/// `hint` outwards.
fn gallop_left(key: usize, arr: &[usize], base: usize, len: usize, hint: usize, cmp: &mut Cmp) -> usize {
    let (base, len, hint) = (base as isize, len as isize, hint as isize);
    let at = |i: isize| arr[i as usize];
    let (mut last_ofs, mut ofs) = (0isize, 1isize);
    if cmp(key, at(base + hint)) == Greater {
        let max_ofs = len - hint;
        while ofs < max_ofs && cmp(key, at(base + hint + ofs)) == Greater {
            last_ofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max_ofs);
        last_ofs += hint;
        ofs += hint;
    } else {
        let max_ofs = hint + 1;
        while ofs < max_ofs && cmp(key, at(base + hint - ofs)) != Greater {
            last_ofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max_ofs);
        (last_ofs, ofs) = (hint - ofs, hint - last_ofs);
    }
    last_ofs += 1;
    while last_ofs < ofs {
        let m = last_ofs + ((ofs - last_ofs) >> 1);
        if cmp(key, at(base + m)) == Greater {
            last_ofs = m + 1;
        } else {
            ofs = m;
        }
    }
    ofs as usize
}

/// Where `key` goes in `arr[base..base + len]`, after equal elements.
fn gallop_right(key: usize, arr: &[usize], base: usize, len: usize, hint: usize, cmp: &mut Cmp) -> usize {
    let (base, len, hint) = (base as isize, len as isize, hint as isize);
    let at = |i: isize| arr[i as usize];
    let (mut last_ofs, mut ofs) = (0isize, 1isize);
    if cmp(key, at(base + hint)) == Less {
        let max_ofs = hint + 1;
        while ofs < max_ofs && cmp(key, at(base + hint - ofs)) == Less {
            last_ofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max_ofs);
        (last_ofs, ofs) = (hint - ofs, hint - last_ofs);
    } else {
        let max_ofs = len - hint;
        while ofs < max_ofs && cmp(key, at(base + hint + ofs)) != Less {
            last_ofs = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max_ofs);
        last_ofs += hint;
        ofs += hint;
    }
    last_ofs += 1;
    while last_ofs < ofs {
        let m = last_ofs + ((ofs - last_ofs) >> 1);
        if cmp(key, at(base + m)) == Less {
            ofs = m;
        } else {
            last_ofs = m + 1;
        }
    }
    ofs as usize
}

/// The stack of pending runs `(base, len)` and the adaptive galloping threshold.
struct Merger {
    runs: Vec<(usize, usize)>,
    min_gallop: isize,
}

impl Merger {
    fn len(&self, i: usize) -> usize {
        self.runs[i].1
    }

    /// Merges until the run lengths shrink like Fibonacci numbers down the stack.
    fn merge_collapse(&mut self, a: &mut [usize], cmp: &mut Cmp) -> Result<()> {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.len(n - 1) <= self.len(n) + self.len(n + 1)
                || n > 1 && self.len(n - 2) <= self.len(n) + self.len(n - 1)
            {
                if self.len(n - 1) < self.len(n + 1) {
                    n -= 1;
                }
            } else if self.len(n) > self.len(n + 1) {
                break;
            }
            self.merge_at(n, a, cmp)?;
        }
        Ok(())
    }

    fn merge_force_collapse(&mut self, a: &mut [usize], cmp: &mut Cmp) -> Result<()> {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.len(n - 1) < self.len(n + 1) {
                n -= 1;
            }
            self.merge_at(n, a, cmp)?;
        }
        Ok(())
    }

    /// Merges runs `i` and `i + 1`, after skipping what is already in place.
    fn merge_at(&mut self, i: usize, a: &mut [usize], cmp: &mut Cmp) -> Result<()> {
        let (base1, len1) = self.runs[i];
        let (base2, len2) = self.runs[i + 1];
        self.runs[i].1 = len1 + len2;
        self.runs.remove(i + 1);
        let k = gallop_right(a[base2], a, base1, len1, 0, cmp);
        let (base1, len1) = (base1 + k, len1 - k);
        if len1 == 0 {
            return Ok(());
        }
        let len2 = gallop_left(a[base1 + len1 - 1], a, base2, len2, len2 - 1, cmp);
        if len2 == 0 {
            return Ok(());
        }
        if len1 <= len2 {
            self.merge_lo(a, base1, len1, base2, len2, cmp)
        } else {
            self.merge_hi(a, base1, len1, base2, len2, cmp)
        }
    }

    /// Merges from the left, the first run copied aside.
    fn merge_lo(
        &mut self,
        a: &mut [usize],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
        cmp: &mut Cmp,
    ) -> Result<()> {
        let tmp = a[base1..base1 + len1].to_vec();
        let (mut c1, mut c2, mut dest) = (0, base2, base1);
        a[dest] = a[c2];
        (dest, c2, len2) = (dest + 1, c2 + 1, len2 - 1);
        if len2 == 0 {
            a[dest..dest + len1].copy_from_slice(&tmp[c1..c1 + len1]);
            return Ok(());
        }
        if len1 == 1 {
            a.copy_within(c2..c2 + len2, dest);
            a[dest + len2] = tmp[c1];
            return Ok(());
        }
        let mut min_gallop = self.min_gallop;
        'outer: loop {
            let (mut count1, mut count2) = (0isize, 0isize);
            // One element at a time until one run wins `min_gallop` times in a row.
            loop {
                if cmp(a[c2], tmp[c1]) == Less {
                    a[dest] = a[c2];
                    (dest, c2, len2) = (dest + 1, c2 + 1, len2 - 1);
                    (count1, count2) = (0, count2 + 1);
                    if len2 == 0 {
                        break 'outer;
                    }
                } else {
                    a[dest] = tmp[c1];
                    (dest, c1, len1) = (dest + 1, c1 + 1, len1 - 1);
                    (count1, count2) = (count1 + 1, 0);
                    if len1 == 1 {
                        break 'outer;
                    }
                }
                if (count1 | count2) >= min_gallop {
                    break;
                }
            }
            // Galloping while it pays.
            loop {
                let k = gallop_right(a[c2], &tmp, c1, len1, 0, cmp);
                count1 = k as isize;
                if k != 0 {
                    a[dest..dest + k].copy_from_slice(&tmp[c1..c1 + k]);
                    (dest, c1, len1) = (dest + k, c1 + k, len1 - k);
                    if len1 <= 1 {
                        break 'outer;
                    }
                }
                a[dest] = a[c2];
                (dest, c2, len2) = (dest + 1, c2 + 1, len2 - 1);
                if len2 == 0 {
                    break 'outer;
                }
                let k = gallop_left(tmp[c1], a, c2, len2, 0, cmp);
                count2 = k as isize;
                if k != 0 {
                    a.copy_within(c2..c2 + k, dest);
                    (dest, c2, len2) = (dest + k, c2 + k, len2 - k);
                    if len2 == 0 {
                        break 'outer;
                    }
                }
                a[dest] = tmp[c1];
                (dest, c1, len1) = (dest + 1, c1 + 1, len1 - 1);
                if len1 == 1 {
                    break 'outer;
                }
                min_gallop -= 1;
                if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1);
        match len1 {
            1 => {
                a.copy_within(c2..c2 + len2, dest);
                a[dest + len2] = tmp[c1];
            }
            0 => return Err(Error::ComparisonContract),
            _ => a[dest..dest + len1].copy_from_slice(&tmp[c1..c1 + len1]),
        }
        Ok(())
    }

    /// Merges from the right, the second run copied aside. Cursors are signed: they step
    /// one below a run's start when it runs out.
    fn merge_hi(
        &mut self,
        a: &mut [usize],
        base1: usize,
        len1: usize,
        base2: usize,
        len2: usize,
        cmp: &mut Cmp,
    ) -> Result<()> {
        let tmp = a[base2..base2 + len2].to_vec();
        let ix = |i: isize| i as usize;
        let (mut len1, mut len2) = (len1 as isize, len2 as isize);
        let mut c1 = (base1 as isize) + len1 - 1;
        let mut c2 = len2 - 1;
        let mut dest = (base2 as isize) + len2 - 1;
        a[ix(dest)] = a[ix(c1)];
        (dest, c1, len1) = (dest - 1, c1 - 1, len1 - 1);
        if len1 == 0 {
            a[ix(dest - (len2 - 1))..=ix(dest)].copy_from_slice(&tmp[..ix(len2)]);
            return Ok(());
        }
        if len2 == 1 {
            (dest, c1) = (dest - len1, c1 - len1);
            a.copy_within(ix(c1 + 1)..ix(c1 + 1 + len1), ix(dest + 1));
            a[ix(dest)] = tmp[ix(c2)];
            return Ok(());
        }
        let mut min_gallop = self.min_gallop;
        'outer: loop {
            let (mut count1, mut count2) = (0isize, 0isize);
            loop {
                if cmp(tmp[ix(c2)], a[ix(c1)]) == Less {
                    a[ix(dest)] = a[ix(c1)];
                    (dest, c1, len1) = (dest - 1, c1 - 1, len1 - 1);
                    (count1, count2) = (count1 + 1, 0);
                    if len1 == 0 {
                        break 'outer;
                    }
                } else {
                    a[ix(dest)] = tmp[ix(c2)];
                    (dest, c2, len2) = (dest - 1, c2 - 1, len2 - 1);
                    (count1, count2) = (0, count2 + 1);
                    if len2 == 1 {
                        break 'outer;
                    }
                }
                if (count1 | count2) >= min_gallop {
                    break;
                }
            }
            loop {
                count1 = len1 - gallop_right(tmp[ix(c2)], a, base1, ix(len1), ix(len1 - 1), cmp) as isize;
                if count1 != 0 {
                    (dest, c1, len1) = (dest - count1, c1 - count1, len1 - count1);
                    a.copy_within(ix(c1 + 1)..ix(c1 + 1 + count1), ix(dest + 1));
                    if len1 == 0 {
                        break 'outer;
                    }
                }
                a[ix(dest)] = tmp[ix(c2)];
                (dest, c2, len2) = (dest - 1, c2 - 1, len2 - 1);
                if len2 == 1 {
                    break 'outer;
                }
                count2 = len2 - gallop_left(a[ix(c1)], &tmp, 0, ix(len2), ix(len2 - 1), cmp) as isize;
                if count2 != 0 {
                    (dest, c2, len2) = (dest - count2, c2 - count2, len2 - count2);
                    a[ix(dest + 1)..ix(dest + 1 + count2)].copy_from_slice(&tmp[ix(c2 + 1)..ix(c2 + 1 + count2)]);
                    if len2 <= 1 {
                        break 'outer;
                    }
                }
                a[ix(dest)] = a[ix(c1)];
                (dest, c1, len1) = (dest - 1, c1 - 1, len1 - 1);
                if len1 == 0 {
                    break 'outer;
                }
                min_gallop -= 1;
                if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1);
        match len2 {
            1 => {
                (dest, c1) = (dest - len1, c1 - len1);
                a.copy_within(ix(c1 + 1)..ix(c1 + 1 + len1), ix(dest + 1));
                a[ix(dest)] = tmp[ix(c2)];
            }
            0 => return Err(Error::ComparisonContract),
            _ => a[ix(dest - (len2 - 1))..=ix(dest)].copy_from_slice(&tmp[..ix(len2)]),
        }
        Ok(())
    }
}
