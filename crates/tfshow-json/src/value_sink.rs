//! Where the value transformations ([`crate::transform`]) write: the document's JSON text, or a
//! JSON tree built directly (no text in between) for the views.

use serde_json::{Map, Number, Value as Json};
use tfshow_cty::json::{write_value, JsonEncodeError};
use tfshow_cty::Value;
use tfshow_gojson::Writer;

/// A receiver of JSON events, in document order.
pub trait Sink {
    /// A `null`.
    fn null(&mut self);
    /// A boolean.
    fn bool(&mut self, b: bool);
    /// Starts an array.
    fn begin_array(&mut self);
    /// Starts an array of `len` elements (a capacity hint: what follows decides).
    fn begin_array_sized(&mut self, len: usize) {
        let _ = len;
        self.begin_array()
    }
    /// Ends the innermost array.
    fn end_array(&mut self);
    /// Starts an object.
    fn begin_object(&mut self);
    /// Starts an object of `len` members (a capacity hint: what follows decides).
    fn begin_object_sized(&mut self, len: usize) {
        let _ = len;
        self.begin_object()
    }
    /// The key of the next object member.
    fn key(&mut self, k: &str);
    /// Ends the innermost object.
    fn end_object(&mut self);
    /// A known primitive cty value (null, bool, number or string), as its JSON.
    fn primitive(&mut self, v: &Value) -> Result<(), JsonEncodeError>;
}

impl Sink for Writer<'_> {
    fn null(&mut self) {
        Writer::null(self)
    }
    fn bool(&mut self, b: bool) {
        Writer::bool(self, b)
    }
    fn begin_array(&mut self) {
        Writer::begin_array(self)
    }
    fn end_array(&mut self) {
        Writer::end_array(self)
    }
    fn begin_object(&mut self) {
        Writer::begin_object(self)
    }
    fn key(&mut self, k: &str) {
        Writer::key(self, k)
    }
    fn end_object(&mut self) {
        Writer::end_object(self)
    }
    fn primitive(&mut self, v: &Value) -> Result<(), JsonEncodeError> {
        write_value(self, v)
    }
}

/// An open container of a [`ValueBuilder`].
enum Open {
    Array(Vec<Json>),
    Object(Map<String, Json>, Option<String>),
}

/// The largest capacity a size hint reserves up front.
const SIZE_HINT_CAP: usize = 1024;

/// Builds the JSON tree of what is written to it: the same JSON as the document's text, with
/// numbers kept as their text (lossless).
#[derive(Default)]
pub struct ValueBuilder {
    open: Vec<Open>,
    done: Option<Json>,
}

impl ValueBuilder {
    /// A builder with nothing written.
    pub fn new() -> Self {
        ValueBuilder::default()
    }

    /// The value written (`null` when nothing was).
    pub fn finish(self) -> Json {
        self.done.unwrap_or(Json::Null)
    }

    fn push(&mut self, v: Json) {
        match self.open.last_mut() {
            None => self.done = Some(v),
            Some(Open::Array(items)) => items.push(v),
            Some(Open::Object(members, key)) => {
                members.insert(key.take().unwrap_or_default(), v);
            }
        }
    }
}

impl Sink for ValueBuilder {
    fn null(&mut self) {
        self.push(Json::Null)
    }
    fn bool(&mut self, b: bool) {
        self.push(Json::Bool(b))
    }
    fn begin_array(&mut self) {
        self.open.push(Open::Array(Vec::new()))
    }
    fn begin_array_sized(&mut self, len: usize) {
        // Capped: the hint comes from a decoded value, but a builder is never asked to hold
        // more than the elements it is given.
        self.open
            .push(Open::Array(Vec::with_capacity(len.min(SIZE_HINT_CAP))))
    }
    fn end_array(&mut self) {
        if let Some(Open::Array(items)) = self.open.pop() {
            self.push(Json::Array(items));
        }
    }
    fn begin_object(&mut self) {
        self.open.push(Open::Object(Map::new(), None))
    }
    fn begin_object_sized(&mut self, len: usize) {
        self.open.push(Open::Object(
            Map::with_capacity(len.min(SIZE_HINT_CAP)),
            None,
        ))
    }
    fn key(&mut self, k: &str) {
        if let Some(Open::Object(_, key)) = self.open.last_mut() {
            *key = Some(k.to_owned());
        }
    }
    fn end_object(&mut self) {
        if let Some(Open::Object(members, _)) = self.open.pop() {
            self.push(Json::Object(members));
        }
    }
    fn primitive(&mut self, v: &Value) -> Result<(), JsonEncodeError> {
        let json = match v {
            Value::Bool(b) => Json::Bool(*b),
            Value::String(s) => Json::String(s.to_string()),
            Value::Number(n) => {
                let mut text = Vec::with_capacity(24);
                n.write_json(&mut text)?;
                // The text is a JSON number (arbitrary precision keeps it as it is).
                std::str::from_utf8(&text)
                    .ok()
                    .and_then(|t| t.parse::<Number>().ok())
                    .map_or(Json::Null, Json::Number)
            }
            _ => Json::Null,
        };
        self.push(json);
        Ok(())
    }
}

/// The JSON tree of `write`'s output.
pub fn build(write: impl FnOnce(&mut ValueBuilder)) -> Json {
    let mut b = ValueBuilder::new();
    write(&mut b);
    b.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marks::Marks;
    use crate::transform::UnknownElements;
    use crate::transform::{write_known, write_sensitive_as_bool, write_unknown_as_bool};
    use proptest::prelude::*;
    use tfshow_gojson::Dialect;

    fn text(f: impl Fn(&mut Writer<'static>)) -> Json {
        let mut w = Writer::new(Dialect::Modern);
        f(&mut w);
        serde_json::from_slice(&w.into_bytes()).expect("the writer writes JSON")
    }

    proptest! {
        /// Each transformation gives the same JSON through either sink.
        #[test]
        fn both_sinks_agree((_, v) in tfshow_cty::arbitrary::typed_value()) {
            let marks = Marks::default();
            for mode in [UnknownElements::Null, UnknownElements::NullInListsOnly] {
                if v.is_unknown() { continue; }
                let tree = build(|b| write_known(b, &v, mode).unwrap());
                prop_assert_eq!(tree, text(|w| write_known(w, &v, mode).unwrap()));
            }
            let tree = build(|b| write_unknown_as_bool(b, &v));
            prop_assert_eq!(tree, text(|w| write_unknown_as_bool(w, &v)));
            let tree = build(|b| write_sensitive_as_bool(b, &v, &marks));
            prop_assert_eq!(tree, text(|w| write_sensitive_as_bool(w, &v, &marks)));
        }
    }
}
