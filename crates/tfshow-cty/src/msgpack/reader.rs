//! A bounds-checked cursor over msgpack bytes.

use super::decode::DecodeErrorKind as K;

/// One msgpack item header.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Head<'a> {
    Nil,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
    Str(&'a [u8]),
    Bin(&'a [u8]),
    Array(usize),
    Map(usize),
    Ext(i8, &'a [u8]),
}

pub(crate) struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(buf: &'a [u8]) -> Self {
        Reader { buf, pos: 0 }
    }

    pub(crate) fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }

    pub(crate) fn peek(&self) -> Option<u8> {
        self.buf.get(self.pos).copied()
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], K> {
        if self.remaining() < n {
            return Err(K::Truncated);
        }
        let s = &self.buf[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    fn byte(&mut self) -> Result<u8, K> {
        Ok(self.take(1)?[0])
    }

    fn be(&mut self, n: usize) -> Result<u64, K> {
        Ok(self
            .take(n)?
            .iter()
            .fold(0u64, |acc, &b| (acc << 8) | u64::from(b)))
    }

    fn len(&mut self, n: usize) -> Result<usize, K> {
        usize::try_from(self.be(n)?).map_err(|_| K::Truncated)
    }

    /// Reads the next item's header (and the bytes of strings, binaries and extensions).
    /// Array and map lengths are checked against the bytes left: every element takes at least
    /// one byte (two per map entry), so a larger declared length is a lie.
    #[inline]
    pub(crate) fn head(&mut self) -> Result<Head<'a>, K> {
        let b = self.byte()?;
        let head = match b {
            0x00..=0x7f => Head::Int(i64::from(b)),
            0x80..=0x8f => Head::Map(usize::from(b & 0x0f)),
            0x90..=0x9f => Head::Array(usize::from(b & 0x0f)),
            0xa0..=0xbf => Head::Str(self.take(usize::from(b & 0x1f))?),
            0xc0 => Head::Nil,
            0xc2 => Head::Bool(false),
            0xc3 => Head::Bool(true),
            0xc4..=0xc6 => {
                let n = self.len(1 << (b - 0xc4))?;
                Head::Bin(self.take(n)?)
            }
            0xc7..=0xc9 => {
                let n = self.len(1 << (b - 0xc7))?;
                let t = self.byte()? as i8;
                Head::Ext(t, self.take(n)?)
            }
            0xca => Head::Float(f64::from(f32::from_bits(self.be(4)? as u32))),
            0xcb => Head::Float(f64::from_bits(self.be(8)?)),
            0xcc..=0xcf => Head::Uint(self.be(1 << (b - 0xcc))?),
            0xd0 => Head::Int(i64::from(self.byte()? as i8)),
            0xd1 => Head::Int(i64::from(self.be(2)? as u16 as i16)),
            0xd2 => Head::Int(i64::from(self.be(4)? as u32 as i32)),
            0xd3 => Head::Int(self.be(8)? as i64),
            0xd4..=0xd8 => {
                let t = self.byte()? as i8;
                Head::Ext(t, self.take(1 << (b - 0xd4))?)
            }
            0xd9..=0xdb => {
                let n = self.len(1 << (b - 0xd9))?;
                Head::Str(self.take(n)?)
            }
            0xdc | 0xdd => Head::Array(self.len(if b == 0xdc { 2 } else { 4 })?),
            0xde | 0xdf => Head::Map(self.len(if b == 0xde { 2 } else { 4 })?),
            0xe0..=0xff => Head::Int(i64::from(b as i8)),
            0xc1 => return Err(K::InvalidByte(b)),
        };
        match head {
            Head::Array(n) if n > self.remaining() => Err(K::Truncated),
            Head::Map(n) if n.saturating_mul(2) > self.remaining() => Err(K::Truncated),
            h => Ok(h),
        }
    }

    /// Skips one whole item, however deep (bounded by `depth`).
    pub(crate) fn skip(&mut self, depth: usize) -> Result<(), K> {
        if depth == 0 {
            return Err(K::TooDeep);
        }
        match self.head()? {
            Head::Array(n) => (0..n).try_for_each(|_| self.skip(depth - 1)),
            Head::Map(n) => (0..n * 2).try_for_each(|_| self.skip(depth - 1)),
            _ => Ok(()),
        }
    }
}
