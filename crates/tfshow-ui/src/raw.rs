//! JSON values kept as their exact text, and reading typed fields out of objects.
//!
//! Every object is split into its members in the order they appear, each value kept as the
//! exact JSON text of the line. Typed fields are decoded from that text; members nobody
//! asked for stay as text ([`Extra`]), so nothing is lost and everything can be written back.

use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

use crate::error::{join, ParseError};
use crate::out::Out;

/// A JSON value kept as the exact text it had in the stream.
#[derive(Clone)]
pub struct RawJson(Box<RawValue>);

impl RawJson {
    /// The JSON text.
    pub fn as_str(&self) -> &str {
        self.0.get()
    }

    /// Parses JSON text (which must be one valid JSON value).
    pub fn from_string(text: String) -> Result<RawJson, ParseError> {
        RawValue::from_string(text)
            .map(RawJson)
            .map_err(|e| ParseError::NotJson {
                detail: e.to_string(),
            })
    }

    /// The JSON type of the value: `object`, `array`, `string`, `number`, `boolean` or `null`.
    pub fn kind(&self) -> &'static str {
        kind_of(self.as_str())
    }

    /// Parses the value with serde (e.g. into a `serde_json::Value`).
    pub fn parse<'a, T: Deserialize<'a>>(&'a self) -> Result<T, serde_json::Error> {
        serde_json::from_str(self.as_str())
    }
}

impl fmt::Debug for RawJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq for RawJson {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for RawJson {}

/// Members of an object that the typed model does not know, in stream order, with their
/// values as written. Writing a message back writes them too.
pub type Extra = Vec<(String, RawJson)>;

/// The JSON type of a value from its first character.
pub(crate) fn kind_of(text: &str) -> &'static str {
    match text.trim_start().as_bytes().first() {
        Some(b'{') => "object",
        Some(b'[') => "array",
        Some(b'"') => "string",
        Some(b't' | b'f') => "boolean",
        Some(b'n') => "null",
        _ => "number",
    }
}

/// An object's members in order.
struct Members(Vec<(String, Box<RawValue>)>);

impl<'de> Deserialize<'de> for Members {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Members;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Members, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, Box<RawValue>>()? {
                    out.push((k, v));
                }
                Ok(Members(out))
            }
        }
        d.deserialize_map(V)
    }
}

/// A type with a JSON wire form: decoded from a value's text, encoded as Go writes it.
pub(crate) trait Wire: Sized {
    /// Decodes the value `raw` found at field path `at`.
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError>;
    /// Writes the value.
    fn encode(&self, out: &mut Out);
}

fn wrong(at: &str, expected: &'static str, raw: &str) -> ParseError {
    ParseError::WrongType {
        path: at.to_owned(),
        expected,
        found: kind_of(raw),
    }
}

fn expect_kind(raw: &str, at: &str, expected: &'static str) -> Result<(), ParseError> {
    if kind_of(raw) == expected {
        Ok(())
    } else {
        Err(wrong(at, expected, raw))
    }
}

/// Reads typed members out of one JSON object; what is not read ends up in [`Extra`].
pub(crate) struct Fields {
    at: String,
    members: Vec<(String, Box<RawValue>)>,
    taken: Vec<bool>,
}

impl Fields {
    /// Splits the object `raw` found at `at`.
    pub(crate) fn new(raw: &str, at: &str) -> Result<Fields, ParseError> {
        expect_kind(raw, at, "object")?;
        let Members(members) = serde_json::from_str(raw).map_err(|e| ParseError::InvalidValue {
            path: at.to_owned(),
            detail: e.to_string(),
        })?;
        let taken = vec![false; members.len()];
        Ok(Fields {
            at: at.to_owned(),
            members,
            taken,
        })
    }

    fn take(&mut self, key: &str) -> Option<&RawValue> {
        let i = self
            .members
            .iter()
            .zip(&self.taken)
            .position(|((k, _), t)| !t && k == key)?;
        self.taken[i] = true;
        Some(&self.members[i].1)
    }

    /// A required member.
    pub(crate) fn req<T: Wire>(&mut self, key: &str) -> Result<T, ParseError> {
        let at = join(&self.at, key);
        match self.take(key) {
            Some(raw) => T::decode(raw.get(), &at),
            None => Err(ParseError::MissingField { path: at }),
        }
    }

    /// An optional member (absent → `None`).
    pub(crate) fn opt<T: Wire>(&mut self, key: &str) -> Result<Option<T>, ParseError> {
        let at = join(&self.at, key);
        self.take(key)
            .map(|raw| T::decode(raw.get(), &at))
            .transpose()
    }

    /// A required member that may be `null` (`null` → `None`).
    pub(crate) fn nullable<T: Wire>(&mut self, key: &str) -> Result<Option<T>, ParseError> {
        let at = join(&self.at, key);
        match self.take(key) {
            Some(raw) if kind_of(raw.get()) == "null" => Ok(None),
            Some(raw) => T::decode(raw.get(), &at).map(Some),
            None => Err(ParseError::MissingField { path: at }),
        }
    }

    /// The members not read.
    pub(crate) fn finish(self) -> Extra {
        self.members
            .into_iter()
            .zip(self.taken)
            .filter(|(_, t)| !t)
            .map(|((k, v), _)| (k, RawJson(v)))
            .collect()
    }
}

impl Wire for String {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        expect_kind(raw, at, "string")?;
        serde_json::from_str(raw).map_err(|e| ParseError::InvalidValue {
            path: at.to_owned(),
            detail: e.to_string(),
        })
    }
    fn encode(&self, out: &mut Out) {
        out.string(self);
    }
}

impl Wire for bool {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        match raw.trim() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(wrong(at, "boolean", raw)),
        }
    }
    fn encode(&self, out: &mut Out) {
        out.raw(if *self { "true" } else { "false" });
    }
}

impl Wire for i64 {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        expect_kind(raw, at, "number")?;
        raw.trim()
            .parse::<i64>()
            .map_err(|_| ParseError::InvalidValue {
                path: at.to_owned(),
                detail: format!("expected an integer, found {}", raw.trim()),
            })
    }
    fn encode(&self, out: &mut Out) {
        out.raw(&self.to_string());
    }
}

impl Wire for RawJson {
    fn decode(raw: &str, _at: &str) -> Result<Self, ParseError> {
        RawJson::from_string(raw.to_owned())
    }
    fn encode(&self, out: &mut Out) {
        out.raw(self.as_str());
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        expect_kind(raw, at, "array")?;
        let items: Vec<Box<RawValue>> =
            serde_json::from_str(raw).map_err(|e| ParseError::InvalidValue {
                path: at.to_owned(),
                detail: e.to_string(),
            })?;
        items
            .iter()
            .enumerate()
            .map(|(i, v)| T::decode(v.get(), &format!("{at}[{i}]")))
            .collect()
    }
    fn encode(&self, out: &mut Out) {
        out.begin_array();
        for v in self {
            out.item();
            v.encode(out);
        }
        out.end_array();
    }
}

/// A JSON object used as a map (a Go `map[string]T`): members in stream order. Go writes
/// map keys sorted; [`Map::sorted`] builds one in that order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Map<T>(pub Vec<(String, T)>);

impl<T> Map<T> {
    /// A map with its keys in Go's order (bytewise).
    pub fn sorted(mut entries: Vec<(String, T)>) -> Map<T> {
        entries.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        Map(entries)
    }

    /// The value for `key`.
    pub fn get(&self, key: &str) -> Option<&T> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the map is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The entries in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &T)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }
}

impl<T: Wire> Wire for Map<T> {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        expect_kind(raw, at, "object")?;
        let Members(members) = serde_json::from_str(raw).map_err(|e| ParseError::InvalidValue {
            path: at.to_owned(),
            detail: e.to_string(),
        })?;
        members
            .into_iter()
            .map(|(k, v)| {
                let value = T::decode(v.get(), &join(at, &k))?;
                Ok((k, value))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Map)
    }
    fn encode(&self, out: &mut Out) {
        out.begin_object();
        for (k, v) in &self.0 {
            out.key(k);
            v.encode(out);
        }
        out.end_object();
    }
}

/// A JSON number kept as its text (Go writes `float64` fields such as `elapsed_seconds`
/// with the shortest representation that reads back exactly).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Number(String);

impl Number {
    /// The number as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The value as a float (`NaN` never occurs: the text was checked when parsed).
    pub fn as_f64(&self) -> f64 {
        self.0.parse().unwrap_or(0.0)
    }

    /// An integer.
    pub fn from_i64(n: i64) -> Number {
        Number(n.to_string())
    }

    /// A float written as Go's `encoding/json` writes a `float64`; non-finite values become 0.
    pub fn from_f64(f: f64) -> Number {
        if !f.is_finite() {
            return Number("0".into());
        }
        let abs = f.abs();
        if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
            // Go: exponent form with at least two exponent digits, then `e-07` → `e-7`.
            let s = format!("{f:e}");
            let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
            let (sign, digits) = match exp.strip_prefix('-') {
                Some(d) => ("-", d),
                None => ("+", exp),
            };
            return Number(format!("{mant}e{sign}{digits}"));
        }
        Number(format!("{f}"))
    }
}

impl Wire for Number {
    fn decode(raw: &str, at: &str) -> Result<Self, ParseError> {
        expect_kind(raw, at, "number")?;
        let t = raw.trim();
        match t.parse::<f64>() {
            Ok(f) if f.is_finite() => Ok(Number(t.to_owned())),
            _ => Err(ParseError::InvalidValue {
                path: at.to_owned(),
                detail: format!("not a finite number: {t}"),
            }),
        }
    }
    fn encode(&self, out: &mut Out) {
        out.raw(&self.0);
    }
}

/// Defines a string enum of the wire format with a catch-all for values this version does
/// not know, so that newer streams still parse.
macro_rules! wire_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
            /// A value this version of the library does not know, as written.
            Other(String),
        }

        impl $name {
            /// The wire string.
            pub fn as_str(&self) -> &str {
                match self {
                    $($name::$variant => $text,)*
                    $name::Other(s) => s,
                }
            }

            /// The variant for a wire string.
            pub fn from_wire(s: &str) -> Self {
                match s {
                    $($text => $name::$variant,)*
                    other => $name::Other(other.to_owned()),
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl $crate::raw::Wire for $name {
            fn decode(raw: &str, at: &str) -> Result<Self, $crate::ParseError> {
                <String as $crate::raw::Wire>::decode(raw, at).map(|s| Self::from_wire(&s))
            }
            fn encode(&self, out: &mut $crate::out::Out) {
                out.string(self.as_str());
            }
        }
    };
}

pub(crate) use wire_enum;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_floats() {
        assert_eq!(Number::from_f64(0.0).as_str(), "0");
        assert_eq!(Number::from_f64(22.0).as_str(), "22");
        assert_eq!(Number::from_f64(0.5).as_str(), "0.5");
        assert_eq!(Number::from_f64(1e21).as_str(), "1e+21");
        assert_eq!(Number::from_f64(1e-7).as_str(), "1e-7");
        assert_eq!(Number::from_f64(123456789.0).as_str(), "123456789");
    }

    #[test]
    fn fields_keep_unknown_members() {
        let mut f = Fields::new(r#"{"a":1,"b":"x","c":[1, 2]}"#, "").unwrap();
        assert_eq!(f.req::<i64>("a").unwrap(), 1);
        assert_eq!(f.opt::<String>("z").unwrap(), None);
        let extra = f.finish();
        assert_eq!(extra.len(), 2);
        assert_eq!(extra[1].1.as_str(), "[1, 2]");
    }

    #[test]
    fn wrong_types_name_the_field() {
        let mut f = Fields::new(r#"{"hook":{"elapsed_seconds":"x"}}"#, "").unwrap();
        let mut h = Fields::new(f.req::<RawJson>("hook").unwrap().as_str(), "hook").unwrap();
        let e = h.req::<Number>("elapsed_seconds").unwrap_err();
        assert_eq!(
            e,
            ParseError::WrongType {
                path: "hook.elapsed_seconds".into(),
                expected: "number",
                found: "string"
            }
        );
    }
}
