//! Go's `big.Float.Text('f', -1)` for a float64 held in a 53-bit `big.Float`.
//!
//! Go finds the shortest decimal between `x - ½ulp` and `x + ½ulp`, where the ulp is that of
//! `x`'s own binade. For powers of two this interval is wider below `x` than the one a float64
//! formatter uses (whose neighbour below is closer), so `2^64` prints as
//! `18446744073709550000`, not `18446744073709552000`. Go also compares the digits of the
//! bounds position by position without aligning their decimal points; this is reproduced too.

use crate::godecimal::GoDecimal;

/// The exact decimal of `n × 2^shift`.
fn exact_decimal(n: u64, shift: i64) -> GoDecimal {
    // Little-endian base-1e9 limbs.
    let mut limbs: Vec<u64> = vec![
        n % 1_000_000_000,
        n / 1_000_000_000 % 1_000_000_000,
        n / 1_000_000_000_000_000_000,
    ];
    let mul = |limbs: &mut Vec<u64>, m: u64| {
        let mut carry = 0u64;
        for l in limbs.iter_mut() {
            let v = *l * m + carry;
            *l = v % 1_000_000_000;
            carry = v / 1_000_000_000;
        }
        while carry > 0 {
            limbs.push(carry % 1_000_000_000);
            carry /= 1_000_000_000;
        }
    };
    let mut frac_digits = 0i64;
    if shift >= 0 {
        let mut k = shift;
        while k > 0 {
            let step = k.min(29);
            mul(&mut limbs, 1 << step);
            k -= step;
        }
    } else {
        // n / 2^k = n × 5^k / 10^k
        let mut k = -shift;
        frac_digits = k;
        while k > 0 {
            let step = k.min(12);
            mul(&mut limbs, 5u64.pow(step as u32));
            k -= step;
        }
    }
    let mut s = String::new();
    for l in limbs.iter().rev() {
        s.push_str(&format!("{l:09}"));
    }
    GoDecimal::from_integer_digits(s.as_bytes(), frac_digits)
}

/// A finite, non-zero float's shortest representation as decimal digits and exponent
/// (`value = 0.DIGITS × 10^exp` is not used; `DIGITS × 10^exp`).
fn shortest(f: f64) -> Option<(u64, i32, usize)> {
    let mut buf = StackText::new();
    std::fmt::Write::write_fmt(&mut buf, format_args!("{:e}", f.abs())).ok()?;
    let (mantissa, exp) = buf.as_str().rsplit_once('e')?;
    let mut d = 0u64;
    let mut n = 0usize;
    for b in mantissa.bytes().filter(u8::is_ascii_digit) {
        d = d.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
        n += 1;
    }
    let exp: i32 = exp.parse().ok()?;
    Some((d, exp - (n as i32 - 1), n))
}

/// Text formatted without allocating (floats and their exponent forms fit easily).
struct StackText {
    buf: [u8; 64],
    len: usize,
}

impl StackText {
    fn new() -> Self {
        StackText {
            buf: [0; 64],
            len: 0,
        }
    }

    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.buf[..self.len]).unwrap_or_default()
    }
}

impl std::fmt::Write for StackText {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        self.buf
            .get_mut(self.len..end)
            .ok_or(std::fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Whether Rust's shortest digits are certainly Go's: the float is not next to a power of
/// ten, and no other number with as many digits also reads back as the same float (then the
/// two algorithms could break the tie differently).
fn fast_path_applies(f: f64) -> bool {
    let bits = f.abs().to_bits();
    let (Some((_, _, _)), Some(below), Some(above)) = (
        shortest(f),
        shortest(f64::from_bits(bits - 1)),
        shortest(f64::from_bits(bits + 1)),
    ) else {
        return false;
    };
    let magnitude = |(d, e, n): (u64, i32, usize)| e + n as i32 + (d == 0) as i32;
    if magnitude(below) != magnitude(above) {
        return false;
    }
    let Some((d, e, _)) = shortest(f) else {
        return false;
    };
    let reads_back = |m: u64| {
        let mut buf = StackText::new();
        std::fmt::Write::write_fmt(&mut buf, format_args!("{m}e{e}")).is_ok()
            && buf.as_str().parse::<f64>().ok() == Some(f.abs())
    };
    let ambiguous = reads_back(d + 1) || (d > 0 && reads_back(d - 1));
    !ambiguous
}

/// The text Go prints for a finite, non-zero `f64`.
///
/// Away from powers of two (where Go's rounding interval is wider than the float's own) and
/// from powers of ten (where Go compares the digits of the interval bounds without aligning
/// them), Go's shortest digits are the ordinary shortest round-trip digits, which Rust's
/// formatter produces cheaply; only the remaining cases take the exact path.
pub(crate) fn go_text(f: f64) -> String {
    let bits = f.abs().to_bits();
    let fraction = bits & ((1 << 52) - 1);
    let normal = (bits >> 52) != 0 && (bits >> 52) != 0x7fe;
    if fraction != 0 && normal && fast_path_applies(f) {
        return format!("{f}");
    }
    exact_text(f)
}

/// Go's algorithm, step by step, on exact decimal expansions.
fn exact_text(f: f64) -> String {
    let bits = f.abs().to_bits();
    let biased = (bits >> 52) as i64;
    let fraction = bits & ((1 << 52) - 1);
    let (m, e) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), biased - 1075)
    };
    // mant has prec+1 = 54 bits, its lsb worth half an ulp.
    let shift = 54 - (64 - i64::from(m.leading_zeros()));
    let mant = m << shift;
    let exp = e - shift;
    let mut d = exact_decimal(mant, exp);
    let lower = exact_decimal(mant - 1, exp);
    let upper = exact_decimal(mant + 1, exp);
    d.round_shortest(&lower, &upper, mant & 2 == 0);
    d.text_f(f < 0.0)
}

#[cfg(test)]
mod tests {
    use super::go_text;

    #[test]
    fn matches_go_big_float_text() {
        // Printed by Terraform (update_in_place, `big = 18446744073709551616` from a provider).
        assert_eq!(go_text(18446744073709551616.0), "18446744073709550000");
        assert_eq!(go_text(2.5), "2.5");
        assert_eq!(go_text(0.1), "0.1");
        assert_eq!(go_text(-3.25159), "-3.25159");
        assert_eq!(go_text(1e21), "1000000000000000000000");
        assert_eq!(go_text(1e-7), "0.0000001");
        assert_eq!(go_text(0.3), "0.3");
        // Exactly halfway between two 17-digit numbers: Go's decimal rounding rounds half to
        // even (math/big decimal.round), Rust's formatter rounds half up.
        assert_eq!(go_text(6034394711118977.0 / 4.0), "1508598677779744.2");
    }

    proptest::proptest! {
        #[test]
        fn fast_path_equals_the_exact_algorithm(f in proptest::num::f64::NORMAL) {
            proptest::prop_assert_eq!(super::go_text(f), super::exact_text(f));
        }

        #[test]
        fn agrees_with_shortest_round_trip_off_powers_of_two(f in proptest::num::f64::NORMAL) {
            proptest::prop_assume!(f.to_bits() & ((1 << 52) - 1) != 0);
            let go = go_text(f);
            proptest::prop_assert_eq!(go.parse::<f64>().unwrap(), f);
            let rust = f.abs().to_string();
            proptest::prop_assert!(go.trim_start_matches('-').len() <= rust.len() + 1);
        }
    }
}
