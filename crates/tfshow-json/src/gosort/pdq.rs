//! Go's `sort.Slice` from Go 1.19 on: pattern-defeating quicksort. Deterministic (its "random"
//! pattern breaking is seeded with the length), so the order it leaves tied elements in follows
//! from the input alone.

use super::Sorter;

/// Slices this short are insertion-sorted.
const MAX_INSERTION: usize = 12;

#[derive(PartialEq)]
enum Hint {
    Unknown,
    Increasing,
    Decreasing,
}

/// The number of bits needed to write `n` (Go's `bits.Len`).
fn bit_len(n: usize) -> u32 {
    usize::BITS - n.leading_zeros()
}

impl<T, F: Fn(&T, &T) -> bool> Sorter<'_, T, F> {
    pub(super) fn pdqsort(&mut self, mut a: usize, mut b: usize, mut limit: u32) {
        let (mut was_balanced, mut was_partitioned) = (true, true);
        loop {
            let length = b - a;
            if length <= MAX_INSERTION {
                self.insertion_sort(a, b);
                return;
            }
            if limit == 0 {
                self.heap_sort(a, b);
                return;
            }
            if !was_balanced {
                self.break_patterns(a, b);
                limit -= 1;
            }
            let (mut pivot, mut hint) = self.choose_pivot(a, b);
            if hint == Hint::Decreasing {
                self.reverse_range(a, b);
                pivot = (b - 1) - (pivot - a);
                hint = Hint::Increasing;
            }
            if was_balanced
                && was_partitioned
                && hint == Hint::Increasing
                && self.partial_insertion_sort(a, b)
            {
                return;
            }
            if a > 0 && !self.less(a - 1, pivot) {
                a = self.partition_equal(a, b, pivot);
                continue;
            }
            let (mid, already) = self.partition(a, b, pivot);
            was_partitioned = already;
            let (left, right) = (mid - a, b - mid);
            let threshold = length / 8;
            if left < right {
                was_balanced = left >= threshold;
                self.pdqsort(a, mid, limit);
                a = mid + 1;
            } else {
                was_balanced = right >= threshold;
                self.pdqsort(mid + 1, b, limit);
                b = mid;
            }
        }
    }

    /// Moves the elements less than the pivot before it; returns the pivot's new place and
    /// whether nothing had to move.
    fn partition(&mut self, a: usize, b: usize, pivot: usize) -> (usize, bool) {
        self.swap(a, pivot);
        let (mut i, mut j) = (a + 1, b - 1);
        while i <= j && self.less(i, a) {
            i += 1;
        }
        while i <= j && !self.less(j, a) {
            j -= 1;
        }
        if i > j {
            self.swap(j, a);
            return (j, true);
        }
        self.swap(i, j);
        i += 1;
        j -= 1;
        loop {
            while i <= j && self.less(i, a) {
                i += 1;
            }
            while i <= j && !self.less(j, a) {
                j -= 1;
            }
            if i > j {
                break;
            }
            self.swap(i, j);
            i += 1;
            j -= 1;
        }
        self.swap(j, a);
        (j, false)
    }

    /// Partitions around a pivot no element is less than: the elements equal to it first.
    fn partition_equal(&mut self, a: usize, b: usize, pivot: usize) -> usize {
        self.swap(a, pivot);
        let (mut i, mut j) = (a + 1, b - 1);
        loop {
            while i <= j && !self.less(a, i) {
                i += 1;
            }
            while i <= j && self.less(a, j) {
                j -= 1;
            }
            if i > j {
                break;
            }
            self.swap(i, j);
            i += 1;
            j -= 1;
        }
        i
    }

    /// Sorts a nearly sorted range by shifting a few elements; reports whether it is sorted.
    fn partial_insertion_sort(&mut self, a: usize, b: usize) -> bool {
        const MAX_STEPS: usize = 5;
        const SHORTEST_SHIFTING: usize = 50;
        let mut i = a + 1;
        for _ in 0..MAX_STEPS {
            while i < b && !self.less(i, i - 1) {
                i += 1;
            }
            if i == b {
                return true;
            }
            if b - a < SHORTEST_SHIFTING {
                return false;
            }
            self.swap(i, i - 1);
            if i - a >= 2 {
                // Go walks down to index 1 of the whole slice here, not to `a`.
                let mut j = i - 1;
                while j >= 1 && self.less(j, j - 1) {
                    self.swap(j, j - 1);
                    j -= 1;
                }
            }
            if b - i >= 2 {
                let mut j = i + 1;
                while j < b && self.less(j, j - 1) {
                    self.swap(j, j - 1);
                    j += 1;
                }
            }
        }
        false
    }

    /// Swaps three elements around the middle with pseudo-random others.
    fn break_patterns(&mut self, a: usize, b: usize) {
        let length = b - a;
        if length < 8 {
            return;
        }
        let mut random = length as u64;
        let modulus = 1usize << bit_len(length);
        let middle = a + (length / 4) * 2;
        for idx in middle - 1..=middle + 1 {
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            let mut other = (random as usize) & (modulus - 1);
            if other >= length {
                other -= length;
            }
            self.swap(idx, a + other);
        }
    }

    fn choose_pivot(&mut self, a: usize, b: usize) -> (usize, Hint) {
        const SHORTEST_NINTHER: usize = 50;
        const MAX_SWAPS: usize = 4 * 3;
        let l = b - a;
        let mut swaps = 0;
        let (mut i, mut j, mut k) = (a + l / 4, a + l / 4 * 2, a + l / 4 * 3);
        if l >= 8 {
            if l >= SHORTEST_NINTHER {
                i = self.median(i - 1, i, i + 1, &mut swaps);
                j = self.median(j - 1, j, j + 1, &mut swaps);
                k = self.median(k - 1, k, k + 1, &mut swaps);
            }
            j = self.median(i, j, k, &mut swaps);
        }
        let hint = match swaps {
            0 => Hint::Increasing,
            MAX_SWAPS => Hint::Decreasing,
            _ => Hint::Unknown,
        };
        (j, hint)
    }

    fn order2(&self, a: usize, b: usize, swaps: &mut usize) -> (usize, usize) {
        if self.less(b, a) {
            *swaps += 1;
            (b, a)
        } else {
            (a, b)
        }
    }

    fn median(&self, a: usize, b: usize, c: usize, swaps: &mut usize) -> usize {
        let (a, b) = self.order2(a, b, swaps);
        let (b, _) = self.order2(b, c, swaps);
        let (_, b) = self.order2(a, b, swaps);
        b
    }

    fn reverse_range(&mut self, a: usize, b: usize) {
        let (mut i, mut j) = (a, b - 1);
        while i < j {
            self.swap(i, j);
            i += 1;
            j -= 1;
        }
    }
}

/// Go's `sort.Slice` from Go 1.19 on. Not stable: elements that compare equal end up in the
/// order this algorithm leaves them, which Terraform 1.3 prints.
pub(crate) fn slice_pdq<T>(data: &mut [T], less: impl Fn(&T, &T) -> bool) {
    let n = data.len();
    let mut s = Sorter { data, less };
    s.pdqsort(0, n, bit_len(n));
}

#[cfg(test)]
mod tests {
    use super::slice_pdq;

    /// The positions `slice_pdq` leaves elements with these keys in.
    fn order(keys: &[u32]) -> Vec<usize> {
        let mut v: Vec<(u32, usize)> = keys.iter().copied().zip(0..).collect();
        slice_pdq(&mut v, |a, b| a.0 < b.0);
        assert!(
            v.windows(2).all(|w| w[0].0 <= w[1].0),
            "{keys:?} not sorted"
        );
        v.iter().map(|x| x.1).collect()
    }

    #[test]
    fn sorts() {
        for n in [0u32, 1, 7, 12, 13, 41, 50, 200, 1000] {
            order(&(0..n).map(|i| (i * 7919) % 101).collect::<Vec<_>>());
            order(&(0..n).rev().collect::<Vec<_>>());
            order(&(0..n).collect::<Vec<_>>());
        }
    }

    /// Orders of tied elements as Go 1.26's `sort.Slice` leaves them (a small Go program
    /// sorting `(key, position)` pairs by key printed these), which is what Terraform 1.3's
    /// `resource_changes` show (scenarios deposed_many and destroy_deposed, tf-1.3.10).
    #[test]
    fn ties_follow_gos_algorithm() {
        assert_eq!(
            order(&[5, 1, 5, 1, 1, 5, 1, 3, 2, 0, 4, 3, 1]),
            [9, 3, 4, 6, 1, 12, 8, 7, 11, 10, 2, 0, 5]
        );
        let keys: Vec<u32> = (0..60).map(|i| (i * 7919) % 5).collect();
        assert_eq!(
            order(&keys),
            [
                15, 55, 50, 45, 40, 5, 35, 30, 0, 25, 10, 20, 29, 24, 14, 49, 59, 34, 39, 19, 4,
                54, 44, 9, 23, 38, 48, 43, 28, 8, 58, 53, 18, 33, 3, 13, 57, 37, 52, 32, 7, 2, 42,
                27, 22, 17, 12, 47, 6, 46, 41, 51, 36, 31, 26, 1, 56, 21, 11, 16
            ]
        );
        let keys: Vec<u32> = (0..40).map(|i| (40 - i) / 3).collect();
        assert_eq!(
            order(&keys),
            [
                39, 38, 35, 37, 36, 32, 34, 33, 31, 30, 29, 28, 27, 26, 23, 25, 24, 20, 21, 22, 19,
                18, 17, 14, 16, 15, 12, 13, 11, 8, 10, 9, 7, 6, 5, 4, 3, 2, 0, 1
            ]
        );
        let keys: Vec<u32> = (0..64).map(|i| (i * i * 31) % 9).collect();
        assert_eq!(
            order(&keys),
            [
                24, 63, 60, 3, 57, 54, 6, 51, 0, 9, 48, 45, 12, 42, 39, 15, 36, 33, 18, 30, 27, 21,
                49, 14, 22, 59, 58, 4, 5, 23, 50, 31, 32, 13, 41, 40, 53, 55, 1, 62, 35, 26, 17,
                37, 44, 28, 46, 19, 10, 8, 56, 16, 52, 29, 11, 43, 34, 47, 7, 25, 2, 61, 20, 38
            ]
        );
    }
}
