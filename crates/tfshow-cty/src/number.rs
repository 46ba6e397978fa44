//! Lossless cty numbers: exact decimal text, never an `f64` round trip.

use std::borrow::Cow;

/// A cty number.
///
/// Terraform keeps numbers as arbitrary-precision floats and prints them with
/// `big.Float.Text('f', -1)`: positional notation, no exponent, the shortest digits that round
/// trip. This type keeps the canonical decimal text of that output, so printing is exact and
/// cheap. Integers that fit `i64` are stored inline.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Number(Repr);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Repr {
    Int(i64),
    /// Canonical positional decimal text that is not an `i64`: no exponent, no leading zeros,
    /// no trailing fractional zeros.
    Dec(Box<str>),
    PosInf,
    NegInf,
}

/// Decimal exponents beyond this are refused: the positional text would be enormous.
pub const MAX_DECIMAL_EXPONENT: i64 = 10_000;

/// A number could not be read or written.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NumberError {
    /// The text is not a decimal number. The message quotes it only when it is made of
    /// number characters: the text may be a sensitive string decoded under the wrong type.
    #[error("invalid number {}", quote_if_numeric(.0))]
    Invalid(String),
    /// The exponent is beyond ±10,000 (`MAX_DECIMAL_EXPONENT`).
    #[error("number {0:?} is too large to print")]
    TooLarge(String),
    /// NaN is not a cty number.
    #[error("NaN is not a number")]
    NaN,
    /// Infinity has no JSON form.
    #[error("cannot write an infinite number as JSON")]
    Infinite,
}

/// `text` quoted if it only holds characters of numbers, else words that do not reveal it.
fn quote_if_numeric(text: &str) -> String {
    if text
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | '.' | 'e' | 'E'))
    {
        format!("{text:?}")
    } else {
        "(a string that is not a number, not shown)".to_owned()
    }
}

impl Number {
    /// A whole number.
    pub fn from_i64(n: i64) -> Number {
        Number(Repr::Int(n))
    }

    /// A whole number that may not fit `i64`.
    pub fn from_u64(n: u64) -> Number {
        match i64::try_from(n) {
            Ok(i) => Number(Repr::Int(i)),
            Err(_) => Number(Repr::Dec(n.to_string().into_boxed_str())),
        }
    }

    /// A binary float, printed with the shortest digits that round trip (what Go does for a
    /// float64 held in a 53-bit `big.Float`).
    pub fn from_f64(f: f64) -> Result<Number, NumberError> {
        with_f64(f, Number::clone)
    }

    /// Appends the JSON text of `Number::from_f64(f)`, without making the number.
    pub fn write_f64_json(f: f64, out: &mut Vec<u8>) -> Result<(), NumberError> {
        with_f64(f, |n| n.write_json(out))?
    }

    /// Appends the JSON text of `Number::from_u64(n)`, without making the number.
    pub fn write_u64_json(n: u64, out: &mut Vec<u8>) {
        out.extend_from_slice(digits(false, n).as_bytes_mut());
    }

    /// Appends the JSON text of `Number::parse(s)`, without making the number when `s` is
    /// already canonical.
    pub fn write_text_json(s: &str, out: &mut Vec<u8>) -> Result<(), NumberError> {
        if is_canonical(s) {
            out.extend_from_slice(s.as_bytes());
            return Ok(());
        }
        Number::parse(s)?.write_json(out)
    }

    /// Parses decimal text (`-12.50`, `1e21`, `Inf`) into canonical form.
    pub fn parse(s: &str) -> Result<Number, NumberError> {
        if is_canonical(s) {
            if !s.contains('.') {
                if let Ok(i) = s.parse::<i64>() {
                    if i != 0 || !s.starts_with('-') {
                        return Ok(Number(Repr::Int(i)));
                    }
                }
            }
            return Ok(Number(Repr::Dec(s.into())));
        }
        Number::parse_general(s)
    }

    fn parse_general(s: &str) -> Result<Number, NumberError> {
        let invalid = || NumberError::Invalid(s.chars().take(64).collect());
        let (neg, body) = match s.as_bytes().first() {
            Some(b'-') => (true, &s[1..]),
            Some(b'+') => (false, &s[1..]),
            _ => (false, s),
        };
        if body.eq_ignore_ascii_case("inf") || body.eq_ignore_ascii_case("infinity") {
            return Ok(Number(if neg { Repr::NegInf } else { Repr::PosInf }));
        }
        let (mantissa, exp) = match body.find(['e', 'E']) {
            Some(i) => {
                let e = &body[i + 1..];
                let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(invalid());
                }
                // Cap the parse so a thousand-digit exponent cannot overflow.
                let mag: i64 = if digits.len() > 12 {
                    i64::MAX / 4
                } else {
                    digits.parse().map_err(|_| invalid())?
                };
                (&body[..i], if e.starts_with('-') { -mag } else { mag })
            }
            None => (body, 0),
        };
        let (int_part, frac_part) = match mantissa.find('.') {
            Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
            None => (mantissa, ""),
        };
        if (int_part.is_empty() && frac_part.is_empty())
            || !int_part.bytes().all(|b| b.is_ascii_digit())
            || !frac_part.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(invalid());
        }
        // value = digits × 10^exp10
        let mut digits: String = format!("{int_part}{frac_part}");
        let mut exp10 = exp - frac_part.len() as i64;
        let trimmed = digits.trim_start_matches('0').len();
        digits.drain(..digits.len() - trimmed);
        if digits.is_empty() {
            // Go's big.Float keeps the sign of zero: `-0` prints as `-0`.
            return Ok(Number(if neg {
                Repr::Dec("-0".into())
            } else {
                Repr::Int(0)
            }));
        }
        let nonzero = digits.trim_end_matches('0').len();
        exp10 += (digits.len() - nonzero) as i64;
        digits.truncate(nonzero);
        if exp10.abs() > MAX_DECIMAL_EXPONENT + digits.len() as i64 {
            return Err(NumberError::TooLarge(s.chars().take(64).collect()));
        }
        let mut text = String::with_capacity(digits.len() + exp10.unsigned_abs() as usize + 3);
        if neg {
            text.push('-');
        }
        if exp10 >= 0 {
            text.push_str(&digits);
            text.extend(std::iter::repeat_n('0', exp10 as usize));
            if let Ok(i) = text.parse::<i64>() {
                return Ok(Number(Repr::Int(i)));
            }
        } else {
            let frac_len = (-exp10) as usize;
            if digits.len() > frac_len {
                let (i, f) = digits.split_at(digits.len() - frac_len);
                text.push_str(i);
                text.push('.');
                text.push_str(f);
            } else {
                text.push_str("0.");
                text.extend(std::iter::repeat_n('0', frac_len - digits.len()));
                text.push_str(&digits);
            }
        }
        Ok(Number(Repr::Dec(text.into_boxed_str())))
    }

    /// The value as `i64`, when it is a whole number in range (negative zero is 0).
    pub fn as_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Int(i) => Some(*i),
            Repr::Dec(s) if &**s == "-0" => Some(0),
            _ => None,
        }
    }

    /// `Some(+1)` or `Some(-1)` for infinities.
    pub fn infinity_sign(&self) -> Option<i8> {
        match self.0 {
            Repr::PosInf => Some(1),
            Repr::NegInf => Some(-1),
            _ => None,
        }
    }

    /// Whether the number is a whole number.
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Int(_) => true,
            Repr::Dec(s) => !s.contains('.'),
            _ => false,
        }
    }

    /// The `f64` equal to this number, when there is one exactly (used by the msgpack encoder,
    /// which writes such non-integers as float64).
    pub fn exact_f64(&self) -> Option<f64> {
        let Repr::Dec(s) = &self.0 else { return None };
        let f: f64 = s.parse().ok()?;
        if !f.is_finite() {
            return None;
        }
        // Every finite f64 has a finite decimal expansion of at most 1074 fractional digits.
        let exact = format!("{f:.1100}");
        let exact = exact.trim_end_matches('0').trim_end_matches('.');
        (exact == &**s).then_some(f)
    }

    /// The canonical text (`Inf`/`-Inf` for infinities).
    pub fn as_text(&self) -> Cow<'_, str> {
        match &self.0 {
            Repr::Int(i) => Cow::Owned(i.to_string()),
            Repr::Dec(s) => Cow::Borrowed(s),
            Repr::PosInf => Cow::Borrowed("+Inf"),
            Repr::NegInf => Cow::Borrowed("-Inf"),
        }
    }

    /// Appends the JSON text of the number.
    pub fn write_json(&self, out: &mut Vec<u8>) -> Result<(), NumberError> {
        match &self.0 {
            Repr::Int(i) => {
                let mut buf = itoa_buf(*i);
                out.extend_from_slice(buf.as_bytes_mut());
                Ok(())
            }
            Repr::Dec(s) => {
                out.extend_from_slice(s.as_bytes());
                Ok(())
            }
            Repr::PosInf | Repr::NegInf => Err(NumberError::Infinite),
        }
    }
}

/// Calls `f` with `Number::from_f64(f)`.
fn with_f64<R>(f: f64, with: impl FnOnce(&Number) -> R) -> Result<R, NumberError> {
    if f.is_nan() {
        return Err(NumberError::NaN);
    }
    if f.is_infinite() {
        return Ok(with(&Number(if f > 0.0 {
            Repr::PosInf
        } else {
            Repr::NegInf
        })));
    }
    if f == 0.0 {
        return Ok(with(&Number(Repr::Int(0))));
    }
    // Finding Go's digits takes thousands of instructions, and plans repeat the same few
    // constants in every resource: remember the last ones seen on this thread.
    thread_local! {
        static SEEN: std::cell::RefCell<std::collections::HashMap<u64, Number>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    const SEEN_MAX: usize = 1024;
    SEEN.with(|seen| {
        let mut seen = seen.borrow_mut();
        if let Some(n) = seen.get(&f.to_bits()) {
            return Ok(with(n));
        }
        let n = Number::parse(&crate::gofloat::go_text(f))?;
        if seen.len() >= SEEN_MAX {
            seen.clear();
        }
        Ok(with(seen.entry(f.to_bits()).or_insert(n)))
    })
}

/// Whether `s` is already in canonical form: `-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?`.
fn is_canonical(s: &str) -> bool {
    let b = s.strip_prefix('-').unwrap_or(s).as_bytes();
    let (int, frac) = match b.iter().position(|&c| c == b'.') {
        Some(i) => (&b[..i], Some(&b[i + 1..])),
        None => (b, None),
    };
    let int_ok =
        int == b"0" || (!int.is_empty() && int[0] != b'0' && int.iter().all(u8::is_ascii_digit));
    let frac_ok = match frac {
        None => true,
        Some(f) => !f.is_empty() && f.iter().all(u8::is_ascii_digit) && f.last() != Some(&b'0'),
    };
    int_ok && frac_ok
}

struct Itoa {
    buf: [u8; 21],
    start: usize,
}

impl Itoa {
    fn as_bytes_mut(&mut self) -> &[u8] {
        &self.buf[self.start..]
    }
}

fn itoa_buf(i: i64) -> Itoa {
    digits(i < 0, i.unsigned_abs())
}

/// The decimal digits of `n`, after a minus sign if `neg`.
fn digits(neg: bool, mut n: u64) -> Itoa {
    let mut buf = [0u8; 21];
    let mut pos = buf.len();
    loop {
        pos -= 1;
        buf[pos] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if neg {
        pos -= 1;
        buf[pos] = b'-';
    }
    Itoa { buf, start: pos }
}

impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.as_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> String {
        Number::parse(s).unwrap().as_text().into_owned()
    }

    #[test]
    fn writing_without_a_number_writes_the_same() {
        for s in [
            "0",
            "-0",
            "12",
            "-12.5",
            "0.10",
            "1e3",
            "12345678901234567890",
            "007",
        ] {
            let (mut direct, mut made) = (Vec::new(), Vec::new());
            Number::write_text_json(s, &mut direct).unwrap();
            Number::parse(s).unwrap().write_json(&mut made).unwrap();
            assert_eq!(direct, made, "{s}");
        }
        for f in [0.1, -2.5, 1e300, 5e-324, 1.0] {
            let (mut direct, mut made) = (Vec::new(), Vec::new());
            Number::write_f64_json(f, &mut direct).unwrap();
            Number::from_f64(f).unwrap().write_json(&mut made).unwrap();
            assert_eq!(direct, made, "{f}");
        }
        assert!(Number::write_text_json("x", &mut Vec::new()).is_err());
        assert!(Number::write_f64_json(f64::INFINITY, &mut Vec::new()).is_err());
    }

    #[test]
    fn canonical_text_matches_go_big_float() {
        // Expected texts are what Go prints with big.Float.Text('f', -1).
        assert_eq!(text("3.14"), "3.14");
        assert_eq!(text("0.10"), "0.1");
        assert_eq!(text("1e21"), "1000000000000000000000");
        assert_eq!(text("1e-7"), "0.0000001");
        assert_eq!(text("-2.50"), "-2.5");
        assert_eq!(
            text("123456789012345678901234567890"),
            "123456789012345678901234567890"
        );
        assert_eq!(text("007"), "7");
        assert_eq!(text("1.5E+3"), "1500");
        assert_eq!(text("-0"), "-0");
        assert_eq!(text("-0.000"), "-0");
        assert_eq!(text(".5"), "0.5");
        assert_eq!(Number::parse("42").unwrap(), Number::from_i64(42));
    }

    #[test]
    fn floats_print_shortest() {
        assert_eq!(Number::from_f64(2.5).unwrap().as_text(), "2.5");
        assert_eq!(Number::from_f64(0.1).unwrap().as_text(), "0.1");
        assert_eq!(
            Number::from_f64(1e21).unwrap().as_text(),
            "1000000000000000000000"
        );
        assert_eq!(Number::from_f64(2.75828).unwrap().as_text(), "2.75828");
        assert_eq!(Number::from_f64(f64::NAN), Err(NumberError::NaN));
    }

    #[test]
    fn rejects_bad_text() {
        for s in [
            "",
            "-",
            "1.2.3",
            "abc",
            "1e",
            "0x10",
            "1e99999999999999999999",
        ] {
            assert!(Number::parse(s).is_err(), "{s}");
        }
    }

    #[test]
    fn exact_f64_only_for_dyadic_values() {
        assert_eq!(Number::parse("2.5").unwrap().exact_f64(), Some(2.5));
        assert_eq!(Number::parse("0.1").unwrap().exact_f64(), None);
        assert_eq!(Number::parse("3.14").unwrap().exact_f64(), None);
    }

    proptest::proptest! {
        #[test]
        fn i64_text_round_trips(i: i64) {
            let n = Number::from_i64(i);
            let mut out = Vec::new();
            n.write_json(&mut out).unwrap();
            proptest::prop_assert_eq!(String::from_utf8(out).unwrap(), i.to_string());
            proptest::prop_assert_eq!(Number::parse(&i.to_string()).unwrap(), n);
        }

        #[test]
        fn u64_text_is_the_number_text(u: u64) {
            let mut out = Vec::new();
            Number::write_u64_json(u, &mut out);
            proptest::prop_assert_eq!(String::from_utf8(out).unwrap(), u.to_string());
            let big = u64::MAX - u % 1000;
            let mut out = Vec::new();
            Number::write_u64_json(big, &mut out);
            let text = Number::from_u64(big).as_text().to_string();
            proptest::prop_assert_eq!(String::from_utf8(out).unwrap(), text);
        }

        #[test]
        fn f64_text_parses_back_to_the_same_float(f in proptest::num::f64::NORMAL) {
            let n = Number::from_f64(f).unwrap();
            let back: f64 = n.as_text().parse().unwrap();
            proptest::prop_assert_eq!(back, f);
        }
    }
}
