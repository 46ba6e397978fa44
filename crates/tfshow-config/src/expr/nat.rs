//! Unsigned big integers: just what 512-bit float arithmetic and decimal printing need.

use std::cmp::Ordering;

/// An unsigned integer of any size: little-endian 32-bit limbs, no trailing zero limbs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Nat(Vec<u32>);

impl Nat {
    pub(super) fn from_u64(v: u64) -> Nat {
        let mut n = Nat(vec![v as u32, (v >> 32) as u32]);
        n.trim();
        n
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    pub(super) fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    /// The number of significant bits.
    pub(super) fn bits(&self) -> u64 {
        match self.0.last() {
            None => 0,
            Some(&top) => (self.0.len() as u64 - 1) * 32 + u64::from(32 - top.leading_zeros()),
        }
    }

    /// Bit `i` (0 is the least significant).
    pub(super) fn bit(&self, i: u64) -> bool {
        let w = (i / 32) as usize;
        w < self.0.len() && (self.0[w] >> (i % 32)) & 1 == 1
    }

    /// Whether any bit below bit `i` is set.
    pub(super) fn any_below(&self, i: u64) -> bool {
        let full = ((i / 32) as usize).min(self.0.len());
        if self.0[..full].iter().any(|&l| l != 0) {
            return true;
        }
        let rem = i % 32;
        rem > 0 && full < self.0.len() && self.0[full] & ((1u32 << rem) - 1) != 0
    }

    pub(super) fn shl(&self, n: u64) -> Nat {
        if self.is_zero() {
            return Nat::default();
        }
        let words = (n / 32) as usize;
        let bits = (n % 32) as u32;
        let mut out = vec![0u32; words];
        out.reserve(self.0.len() + 1);
        if bits == 0 {
            out.extend_from_slice(&self.0);
        } else {
            let mut carry = 0u32;
            for &l in &self.0 {
                out.push((l << bits) | carry);
                carry = l >> (32 - bits);
            }
            out.push(carry);
        }
        let mut n = Nat(out);
        n.trim();
        n
    }

    pub(super) fn shr(&self, n: u64) -> Nat {
        let words = (n / 32) as usize;
        if words >= self.0.len() {
            return Nat::default();
        }
        let bits = (n % 32) as u32;
        let src = &self.0[words..];
        let mut out = Vec::with_capacity(src.len());
        if bits == 0 {
            out.extend_from_slice(src);
        } else {
            for i in 0..src.len() {
                let hi = src.get(i + 1).map_or(0, |&h| h << (32 - bits));
                out.push((src[i] >> bits) | hi);
            }
        }
        let mut n = Nat(out);
        n.trim();
        n
    }

    pub(super) fn add(&self, o: &Nat) -> Nat {
        let (a, b) = if self.0.len() >= o.0.len() {
            (self, o)
        } else {
            (o, self)
        };
        let mut out = Vec::with_capacity(a.0.len() + 1);
        let mut carry = 0u64;
        for i in 0..a.0.len() {
            let s = u64::from(a.0[i]) + u64::from(b.0.get(i).copied().unwrap_or(0)) + carry;
            out.push(s as u32);
            carry = s >> 32;
        }
        if carry > 0 {
            out.push(carry as u32);
        }
        Nat(out)
    }

    /// `self - o`, or zero when `o` is larger.
    pub(super) fn sub(&self, o: &Nat) -> Nat {
        if self.cmp(o) != Ordering::Greater {
            return Nat::default();
        }
        let mut out = Vec::with_capacity(self.0.len());
        let mut borrow = 0i64;
        for i in 0..self.0.len() {
            let mut d = i64::from(self.0[i]) - i64::from(o.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = 0;
            if d < 0 {
                d += 1 << 32;
                borrow = 1;
            }
            out.push(d as u32);
        }
        let mut n = Nat(out);
        n.trim();
        n
    }

    pub(super) fn mul(&self, o: &Nat) -> Nat {
        if self.is_zero() || o.is_zero() {
            return Nat::default();
        }
        let mut out = vec![0u32; self.0.len() + o.0.len()];
        for (i, &a) in self.0.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in o.0.iter().enumerate() {
                let t = u64::from(a) * u64::from(b) + u64::from(out[i + j]) + carry;
                out[i + j] = t as u32;
                carry = t >> 32;
            }
            let mut k = i + o.0.len();
            while carry > 0 {
                let t = u64::from(out[k]) + carry;
                out[k] = t as u32;
                carry = t >> 32;
                k += 1;
            }
        }
        let mut n = Nat(out);
        n.trim();
        n
    }

    pub(super) fn mul_small(&self, m: u32) -> Nat {
        let mut out = Vec::with_capacity(self.0.len() + 1);
        let mut carry = 0u64;
        for &l in &self.0 {
            let t = u64::from(l) * u64::from(m) + carry;
            out.push(t as u32);
            carry = t >> 32;
        }
        if carry > 0 {
            out.push(carry as u32);
        }
        let mut n = Nat(out);
        n.trim();
        n
    }

    fn add_small(&self, a: u32) -> Nat {
        self.add(&Nat::from_u64(u64::from(a)))
    }

    /// Quotient and remainder of a division by a non-zero small divisor.
    fn divrem_small(&self, d: u32) -> (Nat, u32) {
        let mut out = vec![0u32; self.0.len()];
        let mut rem = 0u64;
        for i in (0..self.0.len()).rev() {
            let cur = (rem << 32) | u64::from(self.0[i]);
            out[i] = (cur / u64::from(d)) as u32;
            rem = cur % u64::from(d);
        }
        let mut n = Nat(out);
        n.trim();
        (n, rem as u32)
    }

    /// Quotient and remainder; `d` must not be zero.
    pub(super) fn divrem(&self, d: &Nat) -> (Nat, Nat) {
        if d.0.len() == 1 {
            let (q, r) = self.divrem_small(d.0[0]);
            return (q, Nat::from_u64(u64::from(r)));
        }
        if self.cmp(d) == Ordering::Less {
            return (Nat::default(), self.clone());
        }
        // Schoolbook binary long division: the operands here are at most a few thousand bits.
        let n = self.bits();
        let mut q = vec![0u32; self.0.len()];
        let mut r = Nat::default();
        for i in (0..n).rev() {
            r = r.shl(1);
            if self.bit(i) {
                r = r.add_small(1);
            }
            if r.cmp(d) != Ordering::Less {
                r = r.sub(d);
                q[(i / 32) as usize] |= 1 << (i % 32);
            }
        }
        let mut q = Nat(q);
        q.trim();
        (q, r)
    }

    /// `base^exp`.
    pub(super) fn pow(base: u32, exp: u64) -> Nat {
        let mut result = Nat::from_u64(1);
        let mut b = Nat::from_u64(u64::from(base));
        let mut e = exp;
        while e > 0 {
            if e & 1 == 1 {
                result = result.mul(&b);
            }
            e >>= 1;
            if e > 0 {
                b = b.mul(&b);
            }
        }
        result
    }

    /// Reads ASCII decimal digits (the caller has checked them).
    pub(super) fn from_decimal(digits: &str) -> Nat {
        let mut n = Nat::default();
        for chunk in digits.as_bytes().chunks(9) {
            let mut v = 0u32;
            for &b in chunk {
                v = v * 10 + u32::from(b.wrapping_sub(b'0') % 10);
            }
            n = n.mul_small(10u32.pow(chunk.len() as u32)).add_small(v);
        }
        n
    }

    /// The decimal digits (`"0"` for zero).
    pub(super) fn to_decimal(&self) -> String {
        let mut chunks = Vec::new();
        let mut n = self.clone();
        while !n.is_zero() {
            let (q, r) = n.divrem_small(1_000_000_000);
            chunks.push(r);
            n = q;
        }
        let mut s = String::with_capacity(chunks.len() * 9);
        match chunks.pop() {
            None => s.push('0'),
            Some(top) => s.push_str(&top.to_string()),
        }
        for c in chunks.iter().rev() {
            s.push_str(&format!("{c:09}"));
        }
        s
    }

    pub(super) fn cmp(&self, o: &Nat) -> Ordering {
        self.0
            .len()
            .cmp(&o.0.len())
            .then_with(|| self.0.iter().rev().cmp(o.0.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Nat {
        Nat::from_decimal(s)
    }

    #[test]
    fn arithmetic_round_trips_through_decimal() {
        let a = n("123456789012345678901234567890");
        let b = n("987654321098765432109876543210");
        assert_eq!(
            a.mul(&b).to_decimal(),
            "121932631137021795226185032733622923332237463801111263526900"
        );
        assert_eq!(a.add(&b).to_decimal(), "1111111110111111111011111111100");
        assert_eq!(b.sub(&a).to_decimal(), "864197532086419753208641975320");
        let (q, r) = b.divrem(&a);
        assert_eq!(
            (q.to_decimal(), r.to_decimal()),
            ("8".into(), "9000000000900000000090".into())
        );
        assert_eq!(Nat::pow(5, 30).to_decimal(), "931322574615478515625");
        assert_eq!(
            n("1").shl(100).to_decimal(),
            "1267650600228229401496703205376"
        );
        assert_eq!(
            n("1267650600228229401496703205376").shr(99).to_decimal(),
            "2"
        );
        assert_eq!(Nat::default().to_decimal(), "0");
        assert!(n("8").any_below(4) && !n("8").any_below(3));
        assert_eq!(n("4294967296").bits(), 33);
    }
}
