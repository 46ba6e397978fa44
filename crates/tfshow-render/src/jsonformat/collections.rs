//! Pairing the elements of two sequences for display: element by element when nothing moved,
//! otherwise around their longest common subsequence.

/// A longest common subsequence of `xs` and `ys`, as indexes into `xs`; among several, the one
/// found by walking the table back from the end, preferring to move up on ties.
/// Sequences whose table would have more cells than this are paired by their common prefix
/// and suffix only (the table takes nine bytes a cell).
const MAX_TABLE_CELLS: usize = 1 << 24;

fn lcs<T: PartialEq>(xs: &[T], ys: &[T]) -> Vec<usize> {
    if xs.is_empty() || ys.is_empty() {
        return Vec::new();
    }
    if xs.len().saturating_mul(ys.len()) > MAX_TABLE_CELLS {
        return prefix_and_suffix(xs, ys);
    }
    let w = xs.len();
    let mut c = vec![0usize; xs.len() * ys.len()];
    let mut eqs = vec![false; xs.len() * ys.len()];
    for y in 0..ys.len() {
        for x in 0..xs.len() {
            let at = w * y + x;
            if xs[x] == ys[y] {
                eqs[at] = true;
                c[at] = if x == 0 || y == 0 {
                    1
                } else {
                    c[w * (y - 1) + (x - 1)] + 1
                };
            } else {
                let l = if x > 0 { c[at - 1] } else { 0 };
                let u = if y > 0 { c[w * (y - 1) + x] } else { 0 };
                c[at] = l.max(u);
            }
        }
    }
    let len = c[c.len() - 1];
    let mut seq = vec![0usize; len];
    let (mut x, mut y, mut i) = (
        xs.len() as isize - 1,
        ys.len() as isize - 1,
        len as isize - 1,
    );
    while x > -1 && y > -1 && i > -1 {
        let at = w * y as usize + x as usize;
        if eqs[at] {
            seq[i as usize] = x as usize;
            x -= 1;
            y -= 1;
            i -= 1;
        } else {
            let l = if x > 0 { c[at - 1] } else { 0 };
            let u = if y > 0 {
                c[w * (y as usize - 1) + x as usize]
            } else {
                0
            };
            if l > u {
                x -= 1;
            } else {
                y -= 1;
            }
        }
    }
    seq
}

/// The indexes (into `xs`) of the longest common prefix and suffix of `xs` and `ys`.
fn prefix_and_suffix<T: PartialEq>(xs: &[T], ys: &[T]) -> Vec<usize> {
    let prefix = xs.iter().zip(ys).take_while(|(x, y)| x == y).count();
    let max_suffix = xs.len().min(ys.len()) - prefix;
    let suffix = xs
        .iter()
        .rev()
        .zip(ys.iter().rev())
        .take(max_suffix)
        .take_while(|(x, y)| x == y)
        .count();
    (0..prefix).chain(xs.len() - suffix..xs.len()).collect()
}

/// Every element of `before` has an equal element in `after`, and they have the same length.
fn is_reorder<T: PartialEq>(before: &[T], after: &[T]) -> bool {
    before.len() == after.len() && before.iter().all(|b| after.iter().any(|a| a == b))
}

/// Calls `process(before_ix, after_ix)` for each displayed pair, in display order. An index
/// equal to the length of its sequence means "absent" (created or deleted elements).
/// `is_obj` tells objects, which are paired up as updates rather than shown as a delete and a
/// create. With `by_index` (Terraform 1.9+), sequences of the same length that are not a
/// reordering are paired element by element.
pub(crate) fn process_slice<T: PartialEq>(
    before: &[T],
    after: &[T],
    by_index: bool,
    mut process: impl FnMut(usize, usize),
    is_obj: impl Fn(&T) -> bool,
) {
    if by_index && before.len() == after.len() && !is_reorder(before, after) {
        for ix in 0..before.len() {
            process(ix, ix);
        }
        return;
    }
    let common: Vec<&T> = lcs(before, after).into_iter().map(|i| &before[i]).collect();
    let (mut bi, mut ai, mut li) = (0usize, 0usize, 0usize);
    while bi < before.len() || ai < after.len() || li < common.len() {
        while bi < before.len() && (li >= common.len() || &before[bi] != common[li]) {
            let object_diff = is_obj(&before[bi])
                && ai < after.len()
                && is_obj(&after[ai])
                && (li >= common.len() || &after[ai] != common[li]);
            if object_diff {
                process(bi, ai);
                bi += 1;
                ai += 1;
                continue;
            }
            process(bi, after.len());
            bi += 1;
        }
        while ai < after.len() && (li >= common.len() || &after[ai] != common[li]) {
            process(before.len(), ai);
            ai += 1;
        }
        if li < common.len() {
            process(bi, ai);
            bi += 1;
            ai += 1;
            li += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(b: &[i32], a: &[i32]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        process_slice(b, a, true, |x, y| out.push((x, y)), |_| false);
        out
    }

    #[test]
    fn pairs_elements() {
        assert_eq!(pairs(&[1, 2], &[1, 3]), vec![(0, 0), (1, 1)]);
        assert_eq!(pairs(&[1, 2], &[2, 1]), vec![(0, 2), (1, 0), (2, 1)]);
        assert_eq!(pairs(&[1], &[1, 2]), vec![(0, 0), (1, 1)]);
        assert_eq!(pairs(&[1, 2, 3], &[1, 3]), vec![(0, 0), (1, 2), (2, 1)]);
    }
}
