//! cty's numbers as Go holds them: `big.Float` with 512 bits of mantissa, rounded to nearest
//! even after every operation, printed with `Text('f', -1)` (the shortest decimal that rounds
//! back to the same float) or, for index keys, `Text('g', 10)`.
//!
//! Number literals and strings are read as `big.ParseFloat(s, 10, 512, ToNearestEven)` does:
//! the decimal mantissa is rounded to 512 bits, then multiplied or divided by the power of five
//! of its exponent with one more rounding. Go computes that power of five with 576 bits, so it
//! is exact for exponents up to 248; beyond that this module uses the exact power (a possible
//! one-ulp difference for such literals).

use super::nat::Nat;
use tfshow_cty::godecimal::GoDecimal;
use tfshow_cty::Number;

const PREC: u64 = 512;

/// Decimal exponents beyond this are refused: the digits would be enormous.
const MAX_EXP10: i64 = 10_000;

/// A finite binary float `±m × 2^e` with `m` of at most 512 bits (zero when `m` is zero).
#[derive(Clone, Debug)]
pub(super) struct Float {
    neg: bool,
    m: Nat,
    e: i64,
}

/// Rounds `m × 2^e` to 512 bits, nearest even. `sticky` says that the true value is a little
/// more than `m × 2^e` (bits below `m` were lost); it needs `m` to have more than 512 bits.
fn round(m: Nat, e: i64, sticky: bool) -> (Nat, i64) {
    let n = m.bits();
    if n <= PREC {
        return (m, e);
    }
    let drop = n - PREC;
    let mut kept = m.shr(drop);
    let half = m.bit(drop - 1);
    let rest = sticky || m.any_below(drop - 1);
    let mut e = e + drop as i64;
    if half && (rest || kept.bit(0)) {
        kept = kept.add(&Nat::from_u64(1));
        if kept.bits() > PREC {
            kept = kept.shr(1);
            e += 1;
        }
    }
    (kept, e)
}

/// `num × 2^e / den` rounded to 512 bits; `den` must not be zero.
fn quo_round(num: &Nat, e: i64, den: &Nat) -> (Nat, i64) {
    let s = (PREC + 2 + den.bits()).saturating_sub(num.bits());
    let (q, r) = num.shl(s).divrem(den);
    round(q, e - s as i64, !r.is_zero())
}

impl Float {
    fn zero() -> Float {
        Float {
            neg: false,
            m: Nat::default(),
            e: 0,
        }
    }

    fn new(neg: bool, m: Nat, e: i64) -> Float {
        if m.is_zero() {
            return Float::zero();
        }
        Float { neg, m, e }
    }

    pub(super) fn is_zero(&self) -> bool {
        self.m.is_zero()
    }

    /// Reads a number's decimal text as Go's `ParseFloat` with 512 bits would. `None` for
    /// infinities and for exponents too large to handle.
    pub(super) fn parse(text: &str) -> Option<Float> {
        let n = Number::parse(text).ok()?;
        if n.infinity_sign().is_some() {
            return None;
        }
        let canon = n.as_text();
        let (neg, body) = match canon.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, &*canon),
        };
        let (int, frac) = body.split_once('.').unwrap_or((body, ""));
        let digits = format!("{int}{frac}");
        let digits = digits.trim_start_matches('0');
        let trimmed = digits.trim_end_matches('0');
        let exp10 = (digits.len() - trimmed.len()) as i64 - frac.len() as i64;
        if trimmed.is_empty() {
            return Some(Float::zero());
        }
        if exp10.abs() > MAX_EXP10 {
            return None;
        }
        let (m, e) = round(Nat::from_decimal(trimmed), 0, false);
        let p = Nat::pow(5, exp10.unsigned_abs());
        let (m, e) = if exp10 >= 0 {
            round(m.mul(&p), e, false)
        } else {
            quo_round(&m, e, &p)
        };
        Some(Float::new(neg, m, e + exp10))
    }

    /// The number Terraform prints for this float (`Text('f', -1)`), or `None` when it is too
    /// large or small to print.
    pub(super) fn to_number(&self) -> Option<Number> {
        let text = self.shortest_text();
        Number::parse(&text).ok()
    }

    fn magnitude_ok(&self) -> bool {
        // 2^(bits+e) below 10^MAX_EXP10 and above 10^-MAX_EXP10, roughly (log2(10) > 3.3).
        let top = self.m.bits() as i64 + self.e;
        self.is_zero() || top.abs() < MAX_EXP10 * 3
    }

    pub(super) fn neg(&self) -> Float {
        Float::new(!self.neg, self.m.clone(), self.e)
    }

    pub(super) fn add(&self, o: &Float) -> Option<Float> {
        if self.is_zero() {
            return Some(o.clone());
        }
        if o.is_zero() {
            return Some(self.clone());
        }
        let e = self.e.min(o.e);
        let (a, b) = (self.m.shl((self.e - e) as u64), o.m.shl((o.e - e) as u64));
        let (neg, m) = if self.neg == o.neg {
            (self.neg, a.add(&b))
        } else if a.cmp(&b) == std::cmp::Ordering::Less {
            (o.neg, b.sub(&a))
        } else {
            (self.neg, a.sub(&b))
        };
        let (m, e) = round(m, e, false);
        let f = Float::new(neg, m, e);
        f.magnitude_ok().then_some(f)
    }

    pub(super) fn sub(&self, o: &Float) -> Option<Float> {
        self.add(&o.neg())
    }

    pub(super) fn mul(&self, o: &Float) -> Option<Float> {
        let (m, e) = round(self.m.mul(&o.m), self.e + o.e, false);
        let f = Float::new(self.neg != o.neg, m, e);
        f.magnitude_ok().then_some(f)
    }

    /// `self / o`; `None` when `o` is zero or the result is out of range.
    pub(super) fn quo(&self, o: &Float) -> Option<Float> {
        if o.is_zero() {
            return None;
        }
        if self.is_zero() {
            return Some(Float::zero());
        }
        let (m, e) = quo_round(&self.m, self.e - o.e, &o.m);
        let f = Float::new(self.neg != o.neg, m, e);
        f.magnitude_ok().then_some(f)
    }

    /// The integer part, rounded toward zero (`big.Float.Int`).
    pub(super) fn trunc(&self) -> Float {
        if self.e >= 0 {
            return self.clone();
        }
        Float::new(self.neg, self.m.shr(self.e.unsigned_abs()), 0)
    }

    /// `Text('f', -1)`: Go's `roundShortest`, which keeps the fewest digits that stay within
    /// half an ulp (at 512 bits) of the float, comparing the digits of the bounds position by
    /// position.
    fn shortest_text(&self) -> String {
        if self.is_zero() {
            return "0".into();
        }
        let shift = PREC + 1 - self.m.bits();
        let mant = self.m.shl(shift);
        let exp = self.e - shift as i64;
        let mut d = decimal_of(&mant, exp);
        let one = Nat::from_u64(1);
        let lower = decimal_of(&mant.sub(&one), exp);
        let upper = decimal_of(&mant.add(&one), exp);
        d.round_shortest(&lower, &upper, !mant.bit(1));
        d.text_f(self.neg)
    }

    /// `Text('g', 10)`, as Terraform prints a number index step (`["key"]` aside).
    pub(super) fn text_g10(&self) -> String {
        let d = if self.is_zero() {
            GoDecimal::from_integer_digits(b"0", 0)
        } else {
            decimal_of(&self.m, self.e)
        };
        d.text_g10(self.neg)
    }
}

/// `Text('g', 10)` of a number's decimal text, without going through the binary float: the
/// same but for ties of rounding at the tenth digit (used for very long numbers).
pub(super) fn decimal_text_g10(n: &Number) -> String {
    let text = n.as_text();
    let (neg, body) = match text.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, &*text),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    let digits = format!("{int}{frac}");
    GoDecimal::from_integer_digits(digits.as_bytes(), frac.len() as i64).text_g10(neg)
}

/// The exact decimal of `m × 2^shift`.
fn decimal_of(m: &Nat, shift: i64) -> GoDecimal {
    let (n, frac) = if shift >= 0 {
        (m.shl(shift as u64), 0)
    } else {
        (
            m.mul(&Nat::pow(5, shift.unsigned_abs())),
            shift.unsigned_abs() as i64,
        )
    };
    GoDecimal::from_integer_digits(n.to_decimal().as_bytes(), frac)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(s: &str) -> Float {
        Float::parse(s).unwrap()
    }

    fn text(x: Option<Float>) -> String {
        x.unwrap().to_number().unwrap().as_text().into_owned()
    }

    #[test]
    fn literals_print_as_written() {
        for s in [
            "0.1",
            "3.14",
            "123456789012345678901234567890",
            "18446744073709551616",
            "1.0000000001",
            "0.0000001",
            "-2.71828",
            "1000000000000000000000",
        ] {
            assert_eq!(text(Some(f(s))), s);
        }
    }

    #[test]
    fn arithmetic_rounds_at_512_bits() {
        // Exact results print exactly.
        assert_eq!(text(f("0.1").add(&f("0.2"))), "0.3");
        assert_eq!(text(f("10").quo(&f("4"))), "2.5");
        assert_eq!(text(f("86400").mul(&f("7"))), "604800");
        // 1.1 is not a binary fraction: its 512-bit square is not the float nearest 1.21,
        // so Go prints the shortest decimal that reads back as that square.
        assert_eq!(
            text(f("1.1").mul(&f("1.1"))),
            format!("1.21{}1", "0".repeat(151))
        );
        assert_eq!(text(f("1").quo(&f("3"))), format!("0.{}5", "3".repeat(154)));
        assert!(f("1").quo(&f("0")).is_none());
    }

    #[test]
    fn g10_matches_go() {
        let g = |s: &str| f(s).text_g10();
        assert_eq!(g("0"), "0");
        assert_eq!(g("1"), "1");
        assert_eq!(g("100"), "100");
        assert_eq!(g("1.5"), "1.5");
        assert_eq!(g("1234567890"), "1234567890");
        assert_eq!(g("12345678901"), "1.23456789e+10");
        assert_eq!(g("100000000000000000000"), "1e+20");
        assert_eq!(g("0.00001"), "1e-05");
        assert_eq!(g("0.0001"), "0.0001");
        for s in [
            "0",
            "1",
            "100",
            "1.5",
            "12345678901",
            "1e20",
            "0.00001",
            "-0.0001",
            "123.456",
        ] {
            let n = Number::parse(s).unwrap();
            assert_eq!(decimal_text_g10(&n), g(s), "{s}");
        }
    }
}
