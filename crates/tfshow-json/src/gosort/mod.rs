//! Go's `sort` package algorithms, where Terraform's output order depends on them: ties in an
//! unstable sort, and a comparison function that looks at the wrong slice.

mod pdq;

pub(crate) use pdq::slice_pdq;

/// Go's `sort.SliceStable` (insertion sort on blocks of 20, then `symMerge`), with `less`
/// taking the original positions, exactly as Terraform's comparison function does.
pub(crate) fn slice_stable(data: &mut [usize], less: impl Fn(usize, usize) -> bool) {
    let n = data.len();
    let mut block = 20;
    let (mut a, mut b) = (0, block);
    while b <= n {
        insertion_sort(data, &less, a, b);
        a = b;
        b += block;
    }
    insertion_sort(data, &less, a, n);
    while block < n {
        let (mut a, mut b) = (0, 2 * block);
        while b <= n {
            sym_merge(data, &less, a, a + block, b);
            a = b;
            b += 2 * block;
        }
        let m = a + block;
        if m < n {
            sym_merge(data, &less, a, m, n);
        }
        block *= 2;
    }
}

fn insertion_sort(data: &mut [usize], less: &impl Fn(usize, usize) -> bool, a: usize, b: usize) {
    for i in a + 1..b {
        let mut j = i;
        while j > a && less(j, j - 1) {
            data.swap(j, j - 1);
            j -= 1;
        }
    }
}

fn sym_merge(
    data: &mut [usize],
    less: &impl Fn(usize, usize) -> bool,
    a: usize,
    m: usize,
    b: usize,
) {
    if m - a == 1 {
        let (mut i, mut j) = (m, b);
        while i < j {
            let h = (i + j) / 2;
            if less(h, a) {
                i = h + 1;
            } else {
                j = h;
            }
        }
        for k in a..i.saturating_sub(1) {
            data.swap(k, k + 1);
        }
        return;
    }
    if b - m == 1 {
        let (mut i, mut j) = (a, m);
        while i < j {
            let h = (i + j) / 2;
            if !less(m, h) {
                i = h + 1;
            } else {
                j = h;
            }
        }
        let mut k = m;
        while k > i {
            data.swap(k, k - 1);
            k -= 1;
        }
        return;
    }
    let mid = (a + b) / 2;
    let n = mid + m;
    let (mut start, mut r) = if m > mid { (n - b, mid) } else { (a, m) };
    let p = n - 1;
    while start < r {
        let c = (start + r) / 2;
        if !less(p - c, c) {
            start = c + 1;
        } else {
            r = c;
        }
    }
    let end = n - start;
    if start < m && m < end {
        rotate(data, start, m, end);
    }
    if a < start && start < mid {
        sym_merge(data, less, a, start, mid);
    }
    if mid < end && end < b {
        sym_merge(data, less, mid, end, b);
    }
}

fn rotate(data: &mut [usize], a: usize, m: usize, b: usize) {
    let (mut i, mut j) = (m - a, b - m);
    while i != j {
        if i > j {
            swap_range(data, m - i, m, j);
            i -= j;
        } else {
            swap_range(data, m - i, m + j - i, i);
            j -= i;
        }
    }
    swap_range(data, m - i, m, i);
}

fn swap_range(data: &mut [usize], a: usize, b: usize, n: usize) {
    for i in 0..n {
        data.swap(a + i, b + i);
    }
}

/// Go's `sort.Slice` before Go 1.19 (quicksort with median-of-three or ninther pivots,
/// heapsort past the depth limit, shell pass and insertion sort below 13 elements). Not
/// stable: elements that compare equal end up in the order this algorithm leaves them, which
/// Terraform 1.0 to 1.2 print.
pub(crate) fn slice_legacy<T>(data: &mut [T], less: impl Fn(&T, &T) -> bool) {
    let n = data.len();
    let mut depth = 0;
    let mut i = n;
    while i > 0 {
        depth += 1;
        i >>= 1;
    }
    let mut s = Sorter { data, less };
    s.quick_sort(0, n, depth * 2);
}

struct Sorter<'a, T, F> {
    data: &'a mut [T],
    less: F,
}

impl<T, F: Fn(&T, &T) -> bool> Sorter<'_, T, F> {
    fn less(&self, i: usize, j: usize) -> bool {
        (self.less)(&self.data[i], &self.data[j])
    }

    fn swap(&mut self, i: usize, j: usize) {
        self.data.swap(i, j);
    }

    fn insertion_sort(&mut self, a: usize, b: usize) {
        for i in a + 1..b {
            let mut j = i;
            while j > a && self.less(j, j - 1) {
                self.swap(j, j - 1);
                j -= 1;
            }
        }
    }

    fn sift_down(&mut self, lo: usize, hi: usize, first: usize) {
        let mut root = lo;
        loop {
            let mut child = 2 * root + 1;
            if child >= hi {
                return;
            }
            if child + 1 < hi && self.less(first + child, first + child + 1) {
                child += 1;
            }
            if !self.less(first + root, first + child) {
                return;
            }
            self.swap(first + root, first + child);
            root = child;
        }
    }

    fn heap_sort(&mut self, a: usize, b: usize) {
        let first = a;
        let hi = b - a;
        for i in (0..=(hi.saturating_sub(1)) / 2).rev() {
            self.sift_down(i, hi, first);
        }
        for i in (0..hi).rev() {
            self.swap(first, first + i);
            self.sift_down(0, i, first);
        }
    }

    fn median_of_three(&mut self, m1: usize, m0: usize, m2: usize) {
        if self.less(m1, m0) {
            self.swap(m1, m0);
        }
        if self.less(m2, m1) {
            self.swap(m2, m1);
            if self.less(m1, m0) {
                self.swap(m1, m0);
            }
        }
    }

    fn do_pivot(&mut self, lo: usize, hi: usize) -> (usize, usize) {
        let m = lo + (hi - lo) / 2;
        if hi - lo > 40 {
            let s = (hi - lo) / 8;
            self.median_of_three(lo, lo + s, lo + 2 * s);
            self.median_of_three(m, m - s, m + s);
            self.median_of_three(hi - 1, hi - 1 - s, hi - 1 - 2 * s);
        }
        self.median_of_three(lo, m, hi - 1);
        let pivot = lo;
        let (mut a, mut c) = (lo + 1, hi - 1);
        while a < c && self.less(a, pivot) {
            a += 1;
        }
        let mut b = a;
        loop {
            while b < c && !self.less(pivot, b) {
                b += 1;
            }
            while b < c && self.less(pivot, c - 1) {
                c -= 1;
            }
            if b >= c {
                break;
            }
            self.swap(b, c - 1);
            b += 1;
            c -= 1;
        }
        let mut protect = hi - c < 5;
        if !protect && hi - c < (hi - lo) / 4 {
            let mut dups = 0;
            if !self.less(pivot, hi - 1) {
                self.swap(c, hi - 1);
                c += 1;
                dups += 1;
            }
            if !self.less(b - 1, pivot) {
                b -= 1;
                dups += 1;
            }
            if !self.less(m, pivot) {
                self.swap(m, b - 1);
                b -= 1;
                dups += 1;
            }
            protect = dups > 1;
        }
        if protect {
            loop {
                while a < b && !self.less(b - 1, pivot) {
                    b -= 1;
                }
                while a < b && self.less(a, pivot) {
                    a += 1;
                }
                if a >= b {
                    break;
                }
                self.swap(a, b - 1);
                a += 1;
                b -= 1;
            }
        }
        self.swap(pivot, b - 1);
        (b - 1, c)
    }

    fn quick_sort(&mut self, mut a: usize, mut b: usize, mut max_depth: usize) {
        while b - a > 12 {
            if max_depth == 0 {
                self.heap_sort(a, b);
                return;
            }
            max_depth -= 1;
            let (mlo, mhi) = self.do_pivot(a, b);
            if mlo - a < b - mhi {
                self.quick_sort(a, mlo, max_depth);
                a = mhi;
            } else {
                self.quick_sort(mhi, b, max_depth);
                b = mlo;
            }
        }
        if b - a > 1 {
            for i in a + 6..b {
                if self.less(i, i - 6) {
                    self.swap(i, i - 6);
                }
            }
            self.insertion_sort(a, b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::slice_legacy;

    #[test]
    fn legacy_sort_sorts() {
        for n in [0usize, 1, 7, 12, 13, 41, 200, 1000] {
            let mut v: Vec<u32> = (0..n as u32).map(|i| (i * 7919) % 101).collect();
            slice_legacy(&mut v, |a, b| a < b);
            assert!(v.windows(2).all(|w| w[0] <= w[1]), "n={n}");
        }
    }

    /// Orders of tied elements as produced by an independent port of Go 1.16's `sort.Slice`
    /// that reproduces Terraform 1.0.3's output (testdata scenarios destroy_deposed and
    /// deposed_many); those scenarios check the same thing end to end.
    #[test]
    fn ties_follow_gos_algorithm() {
        let mut v = vec![
            (1, 'a'),
            (0, 'b'),
            (0, 'c'),
            (1, 'd'),
            (2, 'e'),
            (2, 'f'),
            (0, 'g'),
        ];
        slice_legacy(&mut v, |a, b| a.0 < b.0);
        assert_eq!(v.iter().map(|x| x.1).collect::<String>(), "gbcdaef");
        let keys = [5, 1, 5, 1, 1, 5, 1, 3, 2, 0, 4, 3, 1];
        let mut v: Vec<(u32, usize)> = keys.iter().copied().zip(0..).collect();
        slice_legacy(&mut v, |a, b| a.0 < b.0);
        let order: Vec<usize> = v.iter().map(|x| x.1).collect();
        assert_eq!(order, vec![9, 6, 1, 3, 4, 12, 8, 7, 11, 10, 5, 2, 0]);
    }
}
