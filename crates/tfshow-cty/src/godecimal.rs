//! Go's `math/big` decimal conversion: the shortest digits of a binary float (`roundShortest`)
//! and `Text('f', -1)` / `Text('g', 10)` formatting. Shared by float64 values decoded from
//! plans and by the 512-bit arithmetic of constant expressions.

/// A non-negative decimal `0.MANT × 10^exp`: ASCII digits without leading or trailing zeros
/// (empty for zero).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoDecimal {
    mant: Vec<u8>,
    exp: i64,
}

impl GoDecimal {
    /// The decimal `DIGITS × 10^-frac_digits`, from the ASCII digits of an integer.
    pub fn from_integer_digits(digits: &[u8], frac_digits: i64) -> GoDecimal {
        let start = digits
            .iter()
            .position(|&d| d != b'0')
            .unwrap_or(digits.len());
        let mut mant = digits[start..].to_vec();
        let exp = mant.len() as i64 - frac_digits;
        while mant.last() == Some(&b'0') {
            mant.pop();
        }
        if mant.is_empty() {
            return GoDecimal { mant, exp: 0 };
        }
        GoDecimal { mant, exp }
    }

    fn at(&self, i: usize) -> u8 {
        self.mant.get(i).copied().unwrap_or(b'0')
    }

    fn round_down(&mut self, n: usize) {
        if n >= self.mant.len() {
            return;
        }
        self.mant.truncate(n);
        while self.mant.last() == Some(&b'0') {
            self.mant.pop();
        }
    }

    fn round_up(&mut self, n: usize) {
        if n >= self.mant.len() {
            return;
        }
        let mut n = n;
        while n > 0 && self.mant[n - 1] >= b'9' {
            n -= 1;
        }
        if n == 0 {
            self.mant.clear();
            self.mant.push(b'1');
            self.exp += 1;
            return;
        }
        self.mant[n - 1] += 1;
        self.mant.truncate(n);
    }

    /// Rounds to `n` digits, half to even (`decimal.round`).
    fn round(&mut self, n: usize) {
        if n >= self.mant.len() {
            return;
        }
        let up = if self.mant[n] == b'5' && n + 1 == self.mant.len() {
            n > 0 && (self.mant[n - 1] - b'0') & 1 != 0
        } else {
            self.mant[n] >= b'5'
        };
        if up {
            self.round_up(n);
        } else {
            self.round_down(n);
        }
    }

    /// Go's `roundShortest`: keeps the fewest digits that stay between `lower` and `upper`
    /// (the float minus and plus half an ulp), comparing digits position by position without
    /// aligning the decimal points, as Go does. `inclusive` when the float's mantissa is even.
    pub fn round_shortest(&mut self, lower: &GoDecimal, upper: &GoDecimal, inclusive: bool) {
        for i in 0..self.mant.len() {
            let (l, m, u) = (lower.at(i), self.mant[i], upper.at(i));
            let okdown = l != m || inclusive && i + 1 == lower.mant.len();
            let okup = m != u && (inclusive || m + 1 < u || i + 1 < upper.mant.len());
            match (okdown, okup) {
                (true, true) => self.round(i + 1),
                (true, false) => self.round_down(i + 1),
                (false, true) => self.round_up(i + 1),
                (false, false) => continue,
            }
            break;
        }
    }

    /// `Text('f', -1)` of the (already shortest) decimal, with a `-` when `neg`.
    pub fn text_f(&self, neg: bool) -> String {
        let mut out = String::new();
        if neg {
            out.push('-');
        }
        self.fmt_f((self.mant.len() as i64 - self.exp).max(0), &mut out);
        out
    }

    /// `Text('g', 10)`: 10 significant digits, `%e` form for small and large exponents.
    pub fn text_g10(mut self, neg: bool) -> String {
        let mut out = String::new();
        if neg {
            out.push('-');
        }
        let mut prec: i64 = 10;
        self.round(prec as usize);
        let len = self.mant.len() as i64;
        let mut eprec = prec;
        if eprec > len && len >= self.exp {
            eprec = len;
        }
        let exp = self.exp - 1;
        if exp < -4 || exp >= eprec {
            prec = prec.min(len);
            self.fmt_e(prec - 1, &mut out);
            return out;
        }
        if prec > self.exp {
            prec = len;
        }
        self.fmt_f((prec - self.exp).max(0), &mut out);
        out
    }

    /// `%f` with `prec` fractional digits.
    fn fmt_f(&self, prec: i64, out: &mut String) {
        if self.exp > 0 {
            for i in 0..self.exp as usize {
                out.push(char::from(self.at(i)));
            }
        } else {
            out.push('0');
        }
        if prec > 0 {
            out.push('.');
            for i in 0..prec {
                let idx = self.exp + i;
                out.push(if idx >= 0 {
                    char::from(self.at(idx as usize))
                } else {
                    '0'
                });
            }
        }
    }

    /// `%e` with `prec` fractional digits: `d.ddde±dd`.
    fn fmt_e(&self, prec: i64, out: &mut String) {
        out.push(char::from(self.mant.first().copied().unwrap_or(b'0')));
        if prec > 0 {
            out.push('.');
            for i in 1..=prec as usize {
                out.push(char::from(self.at(i)));
            }
        }
        out.push('e');
        let exp = if self.mant.is_empty() {
            0
        } else {
            self.exp - 1
        };
        out.push(if exp < 0 { '-' } else { '+' });
        if exp.abs() < 10 {
            out.push('0');
        }
        out.push_str(&exp.abs().to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::GoDecimal;

    #[test]
    fn digits_and_point() {
        let d = GoDecimal::from_integer_digits(b"0012500", 4);
        assert_eq!(d.text_f(false), "1.25");
        assert_eq!(GoDecimal::from_integer_digits(b"000", 2).text_f(true), "-0");
        // Go: big.NewFloat(1234567.891).Text('g', 10) == "1234567.891"
        assert_eq!(
            GoDecimal::from_integer_digits(b"1234567891", 3).text_g10(false),
            "1234567.891"
        );
        // Go: Text('g', 10) of 1e21 is "1e+21"
        assert_eq!(
            GoDecimal::from_integer_digits(b"1", -21).text_g10(false),
            "1e+21"
        );
    }
}
