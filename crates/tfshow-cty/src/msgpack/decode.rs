//! msgpack → [`Value`], guided by a [`Type`] or by the bytes alone.

use super::reader::{Head, Reader};
use super::{MAX_REFINEMENT_LEN, REFINED_UNKNOWN_EXT};
use crate::{Number, Refinements, Str, Type, Unknown, UnknownShape, Value};

/// Limits for decoding untrusted bytes.
///
/// The default allows the most that [`tfshow_limits::Limits`] can be set to (nesting of
/// [`tfshow_limits::MAX_DEPTH`]; lengths bounded only by the bytes, as every declared length
/// is checked against the bytes that remain). Callers apply configured limits with
/// `Options::from(&limits)`, or check the bytes first with [`check`](super::check), as
/// `tfshow-planfile` does for every value of a plan.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Maximum nesting of arrays and maps (`depth`).
    pub max_depth: usize,
    /// Longest string, in bytes (`string-length`).
    pub max_string_length: u64,
    /// Most elements of one array or map (`collection-length`).
    pub max_collection_length: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_depth: tfshow_limits::MAX_DEPTH,
            max_string_length: u64::MAX,
            max_collection_length: usize::MAX,
        }
    }
}

impl From<&tfshow_limits::Limits> for Options {
    fn from(l: &tfshow_limits::Limits) -> Self {
        Options {
            max_depth: l.max_depth,
            max_string_length: l.max_string_length,
            max_collection_length: l.max_collection_length,
        }
    }
}

impl Options {
    /// The limits as a [`tfshow_limits::Limits`], for error messages.
    fn limits(&self) -> tfshow_limits::Limits {
        tfshow_limits::Limits {
            max_depth: self.max_depth,
            max_string_length: self.max_string_length,
            max_collection_length: self.max_collection_length,
            ..tfshow_limits::Limits::default()
        }
    }

    pub(crate) fn too_deep(&self) -> DecodeErrorKind {
        DecodeErrorKind::Limit(self.limits().exceeded(
            tfshow_limits::Limit::Depth,
            format!(
                "msgpack value nested more than {} levels deep",
                self.max_depth
            ),
        ))
    }

    pub(crate) fn check_string(&self, len: usize) -> Result<(), DecodeErrorKind> {
        if len as u64 > self.max_string_length {
            return Err(DecodeErrorKind::Limit(self.limits().exceeded(
                tfshow_limits::Limit::StringLength,
                format!("msgpack string of {len} bytes"),
            )));
        }
        Ok(())
    }

    pub(crate) fn check_collection(&self, len: usize) -> Result<(), DecodeErrorKind> {
        if len > self.max_collection_length {
            return Err(DecodeErrorKind::Limit(self.limits().exceeded(
                tfshow_limits::Limit::CollectionLength,
                format!("msgpack collection of {len} elements"),
            )));
        }
        Ok(())
    }
}

/// A msgpack value could not be decoded; `path` says where inside the value.
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("{kind}{}", if path.is_empty() { String::new() } else { format!(" at {path}") })]
pub struct DecodeError {
    /// Attribute path to the problem, in Terraform's notation (`.tags["a"][0]`).
    pub path: String,
    /// What was wrong.
    pub kind: DecodeErrorKind,
}

/// What was wrong with the bytes.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum DecodeErrorKind {
    /// The bytes end in the middle of a value, or a declared length exceeds them.
    #[error("msgpack data is truncated")]
    Truncated,
    /// A byte that starts no msgpack item.
    #[error("invalid msgpack byte 0x{0:02x}")]
    InvalidByte(u8),
    /// Nesting beyond the depth of a refinement payload.
    #[error("value nested too deeply")]
    TooDeep,
    /// A limit of [`Options`] was hit.
    #[error(transparent)]
    Limit(tfshow_limits::LimitExceeded),
    /// The item does not fit the expected type.
    #[error("expected {expected}, found {found}")]
    Mismatch {
        /// The cty type expected there.
        expected: String,
        /// What the msgpack held.
        found: &'static str,
    },
    /// An object key that is not one of the type's attributes.
    #[error("unsupported attribute {0:?}")]
    UnsupportedAttribute(String),
    /// An object with some attributes missing.
    #[error("object has {found} attributes, type has {expected}")]
    AttributeCount {
        /// Attributes in the type.
        expected: usize,
        /// Entries in the msgpack map.
        found: usize,
    },
    /// A tuple of the wrong length.
    #[error("tuple has {found} elements, type has {expected}")]
    TupleLength {
        /// Elements in the type.
        expected: usize,
        /// Elements in the msgpack array.
        found: usize,
    },
    /// A number that is not a number.
    #[error(transparent)]
    Number(#[from] crate::NumberError),
    /// The type JSON of a dynamic value is invalid.
    #[error("dynamic value type: {0}")]
    Type(#[from] crate::types::TypeError),
    /// An unknown-value extension that cty does not write.
    #[error("invalid unknown value extension (type {0}, {1} bytes)")]
    BadExtension(i8, usize),
    /// A map key that is not a string.
    #[error("map key is not a string")]
    MapKey,
}

impl From<DecodeErrorKind> for DecodeError {
    fn from(kind: DecodeErrorKind) -> Self {
        DecodeError {
            path: String::new(),
            kind,
        }
    }
}

/// A [`DecodeError`] boxed, so that the decoder's results stay small.
type Boxed = Box<DecodeError>;

impl From<DecodeErrorKind> for Boxed {
    fn from(kind: DecodeErrorKind) -> Self {
        Box::new(kind.into())
    }
}

impl DecodeError {
    fn under(mut self: Box<Self>, step: &str) -> Box<Self> {
        self.path.insert_str(0, step);
        self
    }
}

/// Decodes a value of type `ty`.
pub fn decode(bytes: &[u8], ty: &Type, opts: &Options) -> Result<Value, DecodeError> {
    let mut d = Decoder {
        r: Reader::new(bytes),
        depth_left: opts.max_depth,
        opts: *opts,
    };
    d.typed(ty).map_err(|e| *e)
}

/// Decodes a value without knowing its type (no provider schema): arrays become tuples, maps
/// become objects, dynamic wrappers are honoured.
pub fn decode_untyped(bytes: &[u8], opts: &Options) -> Result<Value, DecodeError> {
    let mut d = Decoder {
        r: Reader::new(bytes),
        depth_left: opts.max_depth,
        opts: *opts,
    };
    d.untyped().map_err(|e| *e)
}

/// Scans one msgpack value without building it: refuses nesting, strings and collections over
/// `opts`' limits (exactly where [`decode`] and [`decode_untyped`] would), and returns an
/// estimate of the memory decoding it takes, in bytes. Never recurses and allocates only one
/// entry per open array or map.
pub fn check(bytes: &[u8], opts: &Options) -> Result<u64, DecodeError> {
    const ITEM: u64 = std::mem::size_of::<(String, Value)>() as u64;
    const REFINED: u64 = std::mem::size_of::<Refinements>() as u64;
    let mut r = Reader::new(bytes);
    // Items left to read in each open array or map; the innermost is `left`.
    let mut open: Vec<usize> = Vec::new();
    let mut left = 1usize;
    let mut estimate = 0u64;
    loop {
        while left == 0 {
            match open.pop() {
                Some(n) => left = n,
                None => return Ok(estimate),
            }
        }
        left -= 1;
        estimate = estimate.saturating_add(ITEM);
        match r.head().map_err(DecodeErrorKind::from)? {
            Head::Str(s) => {
                opts.check_string(s.len())?;
                estimate = estimate.saturating_add(s.len() as u64);
            }
            Head::Bin(s) => {
                opts.check_string(s.len())?;
                // A dynamic value's type JSON becomes a type tree.
                estimate = estimate.saturating_add(8 * s.len() as u64);
            }
            Head::Ext(_, payload) if payload.len() > 1 => {
                estimate = estimate.saturating_add(REFINED + payload.len() as u64);
            }
            h @ (Head::Array(n) | Head::Map(n)) => {
                opts.check_collection(n)?;
                if open.len() >= opts.max_depth {
                    return Err(opts.too_deep().into());
                }
                open.push(left);
                left = if matches!(h, Head::Map(_)) {
                    n.saturating_mul(2)
                } else {
                    n
                };
            }
            _ => {}
        }
    }
}

struct Decoder<'a> {
    r: Reader<'a>,
    depth_left: usize,
    opts: Options,
}

fn found(h: &Head<'_>) -> &'static str {
    match h {
        Head::Nil => "nil",
        Head::Bool(_) => "bool",
        Head::Int(_) | Head::Uint(_) => "integer",
        Head::Float(_) => "float",
        Head::Str(_) => "string",
        Head::Bin(_) => "binary",
        Head::Array(_) => "array",
        Head::Map(_) => "map",
        Head::Ext(..) => "extension",
    }
}

pub(super) fn mismatch(ty: &Type, h: &Head<'_>) -> DecodeErrorKind {
    DecodeErrorKind::Mismatch {
        expected: ty.to_json(),
        found: found(h),
    }
}

fn utf8(b: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(b) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => String::from_utf8_lossy(b),
    }
}

fn index_step(i: usize) -> String {
    format!("[{i}]")
}

fn key_step(k: &str) -> String {
    format!("[{k:?}]")
}

impl<'a> Decoder<'a> {
    fn descend(&mut self) -> Result<(), Boxed> {
        if self.depth_left == 0 {
            return Err(self.opts.too_deep().into());
        }
        self.depth_left -= 1;
        Ok(())
    }

    /// The next item's header, with string and collection lengths checked against the limits.
    fn head(&mut self) -> Result<Head<'a>, Boxed> {
        let h = self.r.head().map_err(DecodeErrorKind::from)?;
        match h {
            Head::Str(s) | Head::Bin(s) => self.opts.check_string(s.len())?,
            Head::Array(n) | Head::Map(n) => self.opts.check_collection(n)?,
            _ => {}
        }
        Ok(h)
    }

    fn typed(&mut self, ty: &Type) -> Result<Value, Boxed> {
        let h = self.head()?;
        if let Head::Ext(t, payload) = h {
            return Ok(unknown(t, payload, ty)?);
        }
        if matches!(ty, Type::Dynamic) {
            return self.dynamic(h);
        }
        if h == Head::Nil {
            return Ok(Value::Null);
        }
        match (ty, h) {
            (Type::String, Head::Str(s)) => Ok(Value::String(crate::nfc_str(&utf8(s)))),
            (Type::Bool, Head::Bool(b)) => Ok(Value::Bool(b)),
            (Type::Number, h) => Ok(Value::Number(number(ty, &h)?)),
            (Type::List(e), Head::Array(n)) => Ok(Value::List(self.elements(n, |_| e)?)),
            (Type::Set(e), Head::Array(n)) => Ok(Value::Set(self.elements(n, |_| e)?)),
            (Type::Tuple(ts), Head::Array(n)) => {
                tuple_length(ts, n)?;
                Ok(Value::Tuple(self.elements(n, |i| &ts[i])?))
            }
            (Type::Map(e), Head::Map(n)) => {
                let mut entries = self.entries(n, |_| None, |_, _| Ok(e))?;
                sort_entries(&mut entries);
                Ok(Value::Map(entries))
            }
            (Type::Object(attrs, _), Head::Map(n)) => {
                attribute_count(attrs, n)?;
                // cty writes attributes in name order, so the i-th key is usually the i-th
                // attribute; look it up only when it is not.
                let expected = |i: usize| attrs.get(i).map(|(name, _)| name.as_str());
                let mut entries = self.entries(n, expected, |i, k| match attrs.get(i) {
                    Some((name, t)) if name == k => Ok(t),
                    _ => ty
                        .attribute(k)
                        .ok_or_else(|| DecodeErrorKind::UnsupportedAttribute(k.to_owned())),
                })?;
                sort_entries(&mut entries);
                if entries.windows(2).any(|w| w[0].0 == w[1].0) {
                    return Err(DecodeErrorKind::AttributeCount {
                        expected: attrs.len(),
                        found: n,
                    }
                    .into());
                }
                Ok(Value::Object(entries))
            }
            (ty, h) => Err(mismatch(ty, &h).into()),
        }
    }

    fn dynamic(&mut self, h: Head<'_>) -> Result<Value, Boxed> {
        match h {
            Head::Nil => Ok(Value::Null),
            Head::Array(2) => {
                let t = wrapped_type(&self.head()?)?;
                self.descend()?;
                let v = self.typed(&t)?;
                self.depth_left += 1;
                Ok(Value::Dynamic(Box::new((t, v))))
            }
            h => Err(mismatch(&Type::Dynamic, &h).into()),
        }
    }

    fn elements<'t>(
        &mut self,
        n: usize,
        ty_of: impl Fn(usize) -> &'t Type,
    ) -> Result<Vec<Value>, Boxed> {
        self.descend()?;
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            out.push(self.typed(ty_of(i)).map_err(|e| e.under(&index_step(i)))?);
        }
        self.depth_left += 1;
        Ok(out)
    }

    /// Decodes `n` map entries; `expected(i)`, the name the i-th key usually has, saves
    /// checking a key that is exactly that name.
    fn entries<'t>(
        &mut self,
        n: usize,
        expected: impl Fn(usize) -> Option<&'t str>,
        ty_of: impl Fn(usize, &str) -> Result<&'t Type, DecodeErrorKind>,
    ) -> Result<Vec<(Str, Value)>, Boxed> {
        self.descend()?;
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let Head::Str(k) = self.head()? else {
                return Err(DecodeErrorKind::MapKey.into());
            };
            let k = match expected(i) {
                Some(name) if name.as_bytes() == k => Str::from(name),
                _ => Str::from(utf8(k)),
            };
            let t = ty_of(i, &k)?;
            let v = self.typed(t).map_err(|e| e.under(&key_step(&k)))?;
            out.push((k, v));
        }
        self.depth_left += 1;
        Ok(out)
    }

    fn untyped(&mut self) -> Result<Value, Boxed> {
        let h = self.head()?;
        Ok(match h {
            Head::Nil => Value::Null,
            Head::Ext(t, payload) => return Ok(unknown(t, payload, &Type::Dynamic)?),
            Head::Bool(b) => Value::Bool(b),
            Head::Int(_) | Head::Uint(_) | Head::Float(_) => {
                Value::Number(number(&Type::Number, &h)?)
            }
            Head::Str(s) => Value::String(crate::nfc_str(&utf8(s))),
            Head::Bin(_) => return Err(mismatch(&Type::Dynamic, &h).into()),
            Head::Array(2) if matches!(self.r.peek(), Some(0xc4..=0xc6)) => self.dynamic(h)?,
            Head::Array(n) => {
                self.descend()?;
                let mut out = Vec::with_capacity(n);
                for i in 0..n {
                    out.push(self.untyped().map_err(|e| e.under(&index_step(i)))?);
                }
                self.depth_left += 1;
                Value::Tuple(out)
            }
            Head::Map(n) => {
                self.descend()?;
                let mut out = Vec::with_capacity(n);
                for _ in 0..n {
                    let Head::Str(k) = self.head()? else {
                        return Err(DecodeErrorKind::MapKey.into());
                    };
                    let k = Str::from(utf8(k));
                    let v = self.untyped().map_err(|e| e.under(&key_step(&k)))?;
                    out.push((k, v));
                }
                self.depth_left += 1;
                sort_entries(&mut out);
                Value::Object(out)
            }
        })
    }
}

/// The concrete type of a dynamic value's `[type JSON, value]` wrapper, from the header of
/// its first element.
pub(super) fn wrapped_type(th: &Head<'_>) -> Result<Type, DecodeErrorKind> {
    let Head::Bin(json) = th else {
        return Err(mismatch(&Type::Dynamic, th));
    };
    Ok(Type::from_json(json)?)
}

/// A tuple of type `ts` has all its elements, or none (the empty tuple, as cty reads it).
pub(super) fn tuple_length(ts: &[Type], n: usize) -> Result<(), DecodeErrorKind> {
    if n != ts.len() && n != 0 {
        return Err(DecodeErrorKind::TupleLength {
            expected: ts.len(),
            found: n,
        });
    }
    Ok(())
}

/// An object of attributes `attrs` has them all, or none (the empty object).
pub(super) fn attribute_count(attrs: &[(String, Type)], n: usize) -> Result<(), DecodeErrorKind> {
    if n != attrs.len() && n != 0 {
        return Err(DecodeErrorKind::AttributeCount {
            expected: attrs.len(),
            found: n,
        });
    }
    Ok(())
}

fn sort_entries(entries: &mut [(Str, Value)]) {
    if !entries.is_sorted_by(|a, b| a.0 <= b.0) {
        entries.sort_by(|a, b| a.0.cmp(&b.0));
    }
}

fn number(ty: &Type, h: &Head<'_>) -> Result<Number, Boxed> {
    Ok(match *h {
        Head::Int(i) => Number::from_i64(i),
        Head::Uint(u) => Number::from_u64(u),
        Head::Float(f) => Number::from_f64(f).map_err(DecodeErrorKind::from)?,
        Head::Str(s) => {
            Number::parse(std::str::from_utf8(s).map_err(|_| Boxed::from(mismatch(ty, h)))?)
                .map_err(DecodeErrorKind::from)?
        }
        _ => return Err(mismatch(ty, h).into()),
    })
}

/// An extension in any position is an unknown value of the expected type.
pub(super) fn unknown(ext: i8, payload: &[u8], ty: &Type) -> Result<Value, DecodeErrorKind> {
    let (shape, refinements) = unknown_parts(ext, payload, ty)?;
    Ok(Value::Unknown(Unknown {
        shape,
        refinements: refinements.map(Box::new),
    }))
}

/// The shape and refinements of an unknown value, the extension checked.
pub(super) fn unknown_parts(
    ext: i8,
    payload: &[u8],
    ty: &Type,
) -> Result<(UnknownShape, Option<Refinements>), DecodeErrorKind> {
    let shape = UnknownShape::of(ty);
    if payload.len() <= 1 || matches!(ty, Type::Dynamic) {
        if payload.len() > 1 && (ext != REFINED_UNKNOWN_EXT || payload.len() > MAX_REFINEMENT_LEN) {
            return Err(DecodeErrorKind::BadExtension(ext, payload.len()));
        }
        return Ok((shape, None));
    }
    if ext != REFINED_UNKNOWN_EXT || payload.len() > MAX_REFINEMENT_LEN {
        return Err(DecodeErrorKind::BadExtension(ext, payload.len()));
    }
    Ok((shape, Some(refinements(payload, ty)?)))
}

fn refinements(payload: &[u8], ty: &Type) -> Result<Refinements, DecodeErrorKind> {
    let bad = || DecodeErrorKind::BadExtension(REFINED_UNKNOWN_EXT, payload.len());
    let mut r = Reader::new(payload);
    let Head::Map(n) = r.head()? else {
        return Err(bad());
    };
    let mut out = Refinements::default();
    for _ in 0..n {
        let key = match r.head()? {
            Head::Int(k) => k,
            Head::Uint(k) => i64::try_from(k).unwrap_or(-1),
            _ => return Err(bad()),
        };
        match (key, ty) {
            (1, _) => match r.head()? {
                Head::Bool(b) => out.not_null = !b,
                _ => return Err(bad()),
            },
            (2, Type::String) => match r.head()? {
                Head::Str(s) => out.string_prefix = Some(utf8(s).into_owned()),
                _ => return Err(bad()),
            },
            (3 | 4, Type::Number) => {
                let Head::Array(2) = r.head()? else {
                    return Err(bad());
                };
                let n = number(ty, &r.head()?).map_err(|e| e.kind)?;
                let Head::Bool(inclusive) = r.head()? else {
                    return Err(bad());
                };
                if key == 3 {
                    out.number_lower = Some((n, inclusive));
                } else {
                    out.number_upper = Some((n, inclusive));
                }
            }
            (5 | 6, Type::List(_) | Type::Set(_) | Type::Map(_)) => {
                let len = match r.head()? {
                    Head::Int(i) => u64::try_from(i).map_err(|_| bad())?,
                    Head::Uint(u) => u,
                    _ => return Err(bad()),
                };
                if key == 5 {
                    out.length_lower = Some(len);
                } else {
                    out.length_upper = Some(len);
                }
            }
            (2..=6, _) => return Err(bad()),
            _ => r.skip(8)?,
        }
    }
    Ok(out)
}
