//! A small streaming writer for compact JSON with Go's byte-level conventions.

use crate::{escape, Dialect};

/// Appends compact JSON to a buffer, inserting commas between members.
///
/// The writer does not validate nesting beyond what is needed for commas; callers pair every
/// `begin_*` with its `end_*`. [`Writer::take_pending`] hands out what has been written so far,
/// so that a document can be streamed out piece by piece.
#[derive(Debug, Default)]
pub struct Writer {
    buf: Vec<u8>,
    dialect: Dialect,
    /// One entry per open container: whether the next member needs a leading comma.
    needs_comma: Vec<bool>,
    /// A key was just written, so the next value follows its colon directly.
    after_key: bool,
}

impl Writer {
    /// A writer with the given escaping dialect.
    pub fn new(dialect: Dialect) -> Self {
        Self {
            buf: Vec::with_capacity(8192),
            dialect,
            needs_comma: Vec::new(),
            after_key: false,
        }
    }

    /// The escaping dialect in use.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The bytes written so far.
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf
    }

    /// Consumes the writer and returns its bytes.
    pub fn into_bytes(self) -> Vec<u8> {
        self.buf
    }

    /// Number of bytes buffered.
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// Whether nothing is buffered.
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// Writes the buffered bytes to `w` and clears the buffer (nesting state is kept).
    pub fn flush_to(&mut self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        w.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    fn value_prefix(&mut self) {
        if self.after_key {
            self.after_key = false;
        } else if let Some(c) = self.needs_comma.last_mut() {
            if *c {
                self.buf.push(b',');
            }
            *c = true;
        }
    }

    /// Opens an object as the next value.
    pub fn begin_object(&mut self) {
        self.value_prefix();
        self.buf.push(b'{');
        self.needs_comma.push(false);
    }

    /// Closes the innermost object.
    pub fn end_object(&mut self) {
        self.needs_comma.pop();
        self.buf.push(b'}');
    }

    /// Opens an array as the next value.
    pub fn begin_array(&mut self) {
        self.value_prefix();
        self.buf.push(b'[');
        self.needs_comma.push(false);
    }

    /// Closes the innermost array.
    pub fn end_array(&mut self) {
        self.needs_comma.pop();
        self.buf.push(b']');
    }

    /// Writes an object key; the next call writes its value.
    pub fn key(&mut self, k: &str) {
        self.value_prefix();
        escape::write_quoted(&mut self.buf, k, self.dialect);
        self.buf.push(b':');
        self.after_key = true;
    }

    /// Writes a string value.
    pub fn string(&mut self, s: &str) {
        self.value_prefix();
        escape::write_quoted(&mut self.buf, s, self.dialect);
    }

    /// Writes a string value from bytes that may not be valid UTF-8.
    pub fn string_bytes(&mut self, s: &[u8]) {
        self.value_prefix();
        escape::write_quoted_bytes(&mut self.buf, s, self.dialect);
    }

    /// Writes `true` or `false`.
    pub fn bool(&mut self, b: bool) {
        self.raw(if b { b"true" } else { b"false" });
    }

    /// Writes `null`.
    pub fn null(&mut self) {
        self.raw(b"null");
    }

    /// Writes an unsigned integer.
    pub fn u64(&mut self, n: u64) {
        self.raw(n.to_string().as_bytes());
    }

    /// Writes a signed integer.
    pub fn i64(&mut self, n: i64) {
        self.raw(n.to_string().as_bytes());
    }

    /// Writes already-encoded JSON as the next value.
    pub fn raw(&mut self, json: &[u8]) {
        self.value_prefix();
        self.buf.extend_from_slice(json);
    }

    /// Writes raw JSON after compacting and HTML-escaping it, as Go does for `json.RawMessage`.
    pub fn raw_compacted(&mut self, json: &[u8]) -> Result<(), crate::CompactError> {
        self.value_prefix();
        crate::compact_into(&mut self.buf, json)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commas_and_keys() {
        let mut w = Writer::new(Dialect::Modern);
        w.begin_object();
        w.key("a");
        w.begin_array();
        w.u64(1);
        w.string("<");
        w.begin_object();
        w.end_object();
        w.end_array();
        w.key("b");
        w.null();
        w.end_object();
        assert_eq!(w.as_bytes(), br#"{"a":[1,"\u003c",{}],"b":null}"#);
    }
}
