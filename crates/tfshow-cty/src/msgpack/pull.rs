//! msgpack read one item at a time, guided by a [`Type`]: for writing a value straight out
//! (as JSON, say) without building a [`Value`](crate::Value) tree first.
//!
//! [`Pull`] accepts what [`decode`](super::decode) accepts, item for item, with one
//! restriction: object attributes and map keys must come in ascending order without repeats,
//! as cty writes them (the tree decoder sorts them; a reader that streams cannot). Anything
//! else it refuses with a [`PullError`], and the caller can fall back to the tree decoder,
//! which gives the exact error or the sorted value.

use std::borrow::Cow;

use super::decode::{
    attribute_count, mismatch, tuple_length, unknown_parts, wrapped_type, DecodeErrorKind, Options,
};
use super::reader::{Head, Reader};
use crate::{Number, NumberError, Type, UnknownShape};

/// Why [`Pull`] stopped.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PullError {
    /// The bytes do not decode (the tree decoder says exactly why and where).
    #[error(transparent)]
    Decode(#[from] DecodeErrorKind),
    /// A number that is not a number, or that has no JSON form.
    #[error(transparent)]
    Number(#[from] NumberError),
    /// Object attributes or map keys out of order or repeated.
    #[error("keys out of order")]
    Unordered,
    /// A string or key that is not UTF-8 (the tree decoder replaces the bad bytes).
    #[error("text that is not UTF-8")]
    Utf8,
}

/// What [`Pull`] functions return; the error is boxed to keep results small.
pub type PullResult<T> = Result<T, Box<PullError>>;

impl From<DecodeErrorKind> for Box<PullError> {
    fn from(kind: DecodeErrorKind) -> Self {
        Box::new(PullError::Decode(kind))
    }
}

impl From<NumberError> for Box<PullError> {
    fn from(e: NumberError) -> Self {
        Box::new(PullError::Number(e))
    }
}

/// One item. A collection's elements follow it: read them with [`Pull::elements`] or
/// [`Pull::entries`].
#[derive(Debug, PartialEq)]
pub enum Item<'a> {
    /// A null of any type.
    Null,
    /// An unknown value (refinements are checked, not kept).
    Unknown(UnknownShape),
    /// `bool`
    Bool(bool),
    /// `number`
    Number(Num<'a>),
    /// `string`, in NFC.
    String(Cow<'a, str>),
    /// `list(T)` of this many elements.
    List(usize),
    /// `set(T)` of this many elements, in cty's order.
    Set(usize),
    /// `tuple([…])` of this many elements.
    Tuple(usize),
    /// `map(T)` of this many entries.
    Map(usize),
    /// `object({…})` of this many attributes (all of the type's, or none).
    Object(usize),
}

impl Item<'_> {
    /// Whether this is an unknown value.
    pub fn is_unknown(&self) -> bool {
        matches!(self, Item::Unknown(_))
    }

    /// Whether this is a list, set, tuple, map or object.
    pub fn is_collection(&self) -> bool {
        matches!(
            self,
            Item::List(_) | Item::Set(_) | Item::Tuple(_) | Item::Map(_) | Item::Object(_)
        )
    }
}

/// A number as msgpack holds it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Num<'a> {
    /// An integer.
    Int(i64),
    /// An integer above `i64::MAX`.
    Uint(u64),
    /// A binary float (never NaN).
    Float(f64),
    /// Decimal text (numbers that fit neither), not yet checked.
    Text(&'a str),
}

impl Num<'_> {
    /// Appends the JSON text of the number, as [`Number::write_json`] writes it.
    pub fn write_json(&self, out: &mut Vec<u8>) -> Result<(), NumberError> {
        match *self {
            Num::Int(i) => Number::from_i64(i).write_json(out),
            Num::Uint(u) => {
                Number::write_u64_json(u, out);
                Ok(())
            }
            Num::Float(f) => Number::write_f64_json(f, out),
            Num::Text(s) => Number::write_text_json(s, out),
        }
    }
}

/// An error, off the hot path.
#[cold]
#[inline(never)]
fn cold(kind: DecodeErrorKind) -> Box<PullError> {
    Box::new(PullError::Decode(kind))
}

/// A string's bytes as text in NFC.
fn text(b: &[u8]) -> PullResult<Cow<'_, str>> {
    if b.is_ascii() {
        // SAFETY: ASCII is UTF-8 (and in NFC). Most strings are ASCII, and checking them
        // again as UTF-8 costs as much as the rest of reading them.
        return Ok(Cow::Borrowed(unsafe { std::str::from_utf8_unchecked(b) }));
    }
    Ok(crate::text::nfc_cow(utf8(b)?))
}

/// A key's bytes as text.
#[inline]
fn utf8(b: &[u8]) -> PullResult<&str> {
    if b.is_ascii() {
        // SAFETY: ASCII is UTF-8.
        return Ok(unsafe { std::str::from_utf8_unchecked(b) });
    }
    std::str::from_utf8(b).map_err(|_| PullError::Utf8.into())
}

/// A typed pull reader over one msgpack value.
pub struct Pull<'a> {
    r: Reader<'a>,
    depth_left: usize,
    opts: Options,
}

impl<'a> Pull<'a> {
    /// A reader over `bytes`, with `opts`' limits.
    pub fn new(bytes: &'a [u8], opts: &Options) -> Self {
        Pull {
            r: Reader::new(bytes),
            depth_left: opts.max_depth,
            opts: *opts,
        }
    }

    #[inline]
    fn head(&mut self) -> PullResult<Head<'a>> {
        let h = self.r.head().map_err(|k| cold(k.into()))?;
        match h {
            Head::Str(s) | Head::Bin(s) => self.opts.check_string(s.len()).map_err(cold)?,
            Head::Array(n) | Head::Map(n) => self.opts.check_collection(n).map_err(cold)?,
            _ => {}
        }
        Ok(h)
    }

    fn descend(&mut self) -> PullResult<()> {
        if self.depth_left == 0 {
            return Err(self.opts.too_deep().into());
        }
        self.depth_left -= 1;
        Ok(())
    }

    /// Leaves a collection entered with [`Pull::descend`].
    #[inline]
    fn ascend(&mut self) {
        self.depth_left += 1;
    }

    /// Reads the next value, of type `ty`, and hands its first item to `f` with the value's
    /// concrete type (`ty` itself, or for a `dynamic` value the type it is wrapped with).
    pub fn value<R>(
        &mut self,
        ty: &Type,
        f: impl FnOnce(&mut Self, Item<'a>, &Type) -> PullResult<R>,
    ) -> PullResult<R> {
        let h = self.head()?;
        if let Head::Ext(t, payload) = h {
            let (shape, _) = unknown_parts(t, payload, ty)?;
            return f(self, Item::Unknown(shape), ty);
        }
        if matches!(ty, Type::Dynamic) {
            return match h {
                Head::Nil => f(self, Item::Null, ty),
                Head::Array(2) => {
                    let t = wrapped_type(&self.head()?)?;
                    self.descend()?;
                    let r = self.value(&t, f)?;
                    self.depth_left += 1;
                    Ok(r)
                }
                h => Err(mismatch(&Type::Dynamic, &h).into()),
            };
        }
        let item = Self::item(ty, h)?;
        f(self, item, ty)
    }

    /// The item of a value of type `ty` (not `dynamic`) whose head is `h` (not an extension).
    #[inline]
    fn item(ty: &Type, h: Head<'a>) -> PullResult<Item<'a>> {
        Ok(match (ty, h) {
            (_, Head::Nil) => Item::Null,
            (Type::String, Head::Str(s)) => Item::String(text(s)?),
            (Type::Bool, Head::Bool(b)) => Item::Bool(b),
            (Type::Number, h) => Item::Number(match h {
                Head::Int(i) => Num::Int(i),
                Head::Uint(u) => Num::Uint(u),
                Head::Float(f) if f.is_nan() => return Err(NumberError::NaN.into()),
                Head::Float(f) => Num::Float(f),
                Head::Str(s) => Num::Text(std::str::from_utf8(s).map_err(|_| mismatch(ty, &h))?),
                h => return Err(mismatch(ty, &h).into()),
            }),
            (Type::List(_), Head::Array(n)) => Item::List(n),
            (Type::Set(_), Head::Array(n)) => Item::Set(n),
            (Type::Tuple(ts), Head::Array(n)) => {
                tuple_length(ts, n)?;
                Item::Tuple(n)
            }
            (Type::Map(_), Head::Map(n)) => Item::Map(n),
            (Type::Object(attrs, _), Head::Map(n)) => {
                attribute_count(attrs, n)?;
                Item::Object(n)
            }
            (ty, h) => return Err(mismatch(ty, &h).into()),
        })
    }

    /// Reads the `n` elements of a list, set or tuple of type `ty` just read: `f` gets each
    /// element's position and type, and reads the element (with [`Pull::value`]).
    pub fn elements<'t>(
        &mut self,
        ty: &'t Type,
        n: usize,
        mut f: impl FnMut(&mut Self, usize, &'t Type) -> PullResult<()>,
    ) -> PullResult<()> {
        self.descend()?;
        for i in 0..n {
            f(self, i, Self::element_type(ty, n, i)?)?;
        }
        self.ascend();
        Ok(())
    }

    /// Reads the `n` entries of a map or object of type `ty` just read: `f` gets each key
    /// and the entry's type, and reads the entry's value (with [`Pull::value`]).
    pub fn entries<'t>(
        &mut self,
        ty: &'t Type,
        n: usize,
        mut f: impl FnMut(&mut Self, &'a str, &'t Type) -> PullResult<()>,
    ) -> PullResult<()> {
        self.descend()?;
        let mut prev = None;
        for i in 0..n {
            let (k, t) = self.key(ty, n, i, prev)?;
            prev = Some(k);
            f(self, k, t)?;
        }
        self.ascend();
        Ok(())
    }

    /// The type of element `i` of a list, set or tuple of type `ty` and `n` elements.
    #[inline]
    fn element_type(ty: &Type, n: usize, i: usize) -> PullResult<&Type> {
        match ty {
            Type::List(e) | Type::Set(e) => Ok(e),
            Type::Tuple(ts) if i < ts.len() => Ok(&ts[i]),
            _ => Err(mismatch(ty, &Head::Array(n)).into()),
        }
    }

    /// Reads the key of entry `i` of a map or object of type `ty` and `n` entries, whose
    /// previous key was `prev`: the key and the entry's type.
    #[inline]
    fn key<'t>(
        &mut self,
        ty: &'t Type,
        n: usize,
        i: usize,
        prev: Option<&str>,
    ) -> PullResult<(&'a str, &'t Type)> {
        let Head::Str(k) = self.head()? else {
            return Err(DecodeErrorKind::MapKey.into());
        };
        match ty {
            // `value` checked that there are as many keys as attributes: in order and
            // without repeats, the i-th key is the i-th attribute.
            Type::Object(attrs, _) => match attrs.get(i) {
                Some((name, t)) if name.as_bytes() == k => {
                    // SAFETY: `k` holds the same bytes as `name`, a `str`, so it is UTF-8.
                    // (Checking again costs more than the rest of reading a key.)
                    Ok((unsafe { std::str::from_utf8_unchecked(k) }, t))
                }
                _ => Err(PullError::Unordered.into()),
            },
            Type::Map(e) => {
                let k = utf8(k)?;
                if prev.is_some_and(|p| p >= k) {
                    return Err(PullError::Unordered.into());
                }
                Ok((k, &**e))
            }
            _ => Err(mismatch(ty, &Head::Map(n)).into()),
        }
    }
}
