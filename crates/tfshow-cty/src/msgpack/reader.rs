//! A bounds-checked cursor over msgpack bytes.

use super::decode::DecodeErrorKind;

/// What the reader can find wrong: small, so that results stay in registers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum K {
    Truncated,
    InvalidByte(u8),
    TooDeep,
}

impl From<K> for DecodeErrorKind {
    fn from(k: K) -> Self {
        match k {
            K::Truncated => DecodeErrorKind::Truncated,
            K::InvalidByte(b) => DecodeErrorKind::InvalidByte(b),
            K::TooDeep => DecodeErrorKind::TooDeep,
        }
    }
}

/// One msgpack item header.
///
/// `repr(C)` puts every payload at offset 8: with the default layout the one-byte payloads
/// share the tag's word, and moving a `Head` then stalls on partial stores.
#[derive(Debug, Clone, Copy, PartialEq)]
#[repr(C)]
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

    #[inline]
    fn take(&mut self, n: usize) -> Result<&'a [u8], K> {
        let end = self.pos.checked_add(n).ok_or(K::Truncated)?;
        let s = self.buf.get(self.pos..end).ok_or(K::Truncated)?;
        self.pos = end;
        Ok(s)
    }

    #[inline]
    fn byte(&mut self) -> Result<u8, K> {
        let b = *self.buf.get(self.pos).ok_or(K::Truncated)?;
        self.pos += 1;
        Ok(b)
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

    /// An array header of `n` elements: every element takes at least one byte, so a larger
    /// declared length is a lie.
    #[inline]
    fn array(&self, n: usize) -> Result<Head<'a>, K> {
        if n > self.remaining() {
            return Err(K::Truncated);
        }
        Ok(Head::Array(n))
    }

    /// A map header of `n` entries (at least two bytes each).
    #[inline]
    fn map(&self, n: usize) -> Result<Head<'a>, K> {
        if n.saturating_mul(2) > self.remaining() {
            return Err(K::Truncated);
        }
        Ok(Head::Map(n))
    }

    /// Reads the next item's header (and the bytes of strings, binaries and extensions).
    /// Array and map lengths are checked against the bytes left.
    #[inline]
    pub(crate) fn head(&mut self) -> Result<Head<'a>, K> {
        let b = self.byte()?;
        Ok(match b {
            0x00..=0x7f => Head::Int(i64::from(b)),
            0xa0..=0xbf => Head::Str(self.take(usize::from(b & 0x1f))?),
            0x80..=0x8f => self.map(usize::from(b & 0x0f))?,
            0x90..=0x9f => self.array(usize::from(b & 0x0f))?,
            0xc0 => Head::Nil,
            0xc2 => Head::Bool(false),
            0xc3 => Head::Bool(true),
            _ => return self.head_long(b),
        })
    }

    /// [`Reader::head`] for the items whose header is more than one byte.
    fn head_long(&mut self, b: u8) -> Result<Head<'a>, K> {
        Ok(match b {
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
            0xdc | 0xdd => {
                let n = self.len(if b == 0xdc { 2 } else { 4 })?;
                self.array(n)?
            }
            0xde | 0xdf => {
                let n = self.len(if b == 0xde { 2 } else { 4 })?;
                self.map(n)?
            }
            0xe0..=0xff => Head::Int(i64::from(b as i8)),
            _ => return Err(K::InvalidByte(b)),
        })
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
