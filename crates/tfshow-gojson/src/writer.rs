//! A small streaming writer for compact JSON with Go's byte-level conventions.

use crate::{escape, Dialect};

/// Appends compact JSON to a buffer, inserting commas between members.
///
/// The writer does not validate nesting beyond what is needed for commas; callers pair every
/// `begin_*` with its `end_*`. A writer made with [`Writer::streaming`] passes its buffer on to
/// the sink whenever the caller calls [`Writer::flush_hint`] at a record boundary and the
/// buffer has grown large, so a document streams out with bounded memory.
#[derive(Default)]
pub struct Writer<'a> {
    buf: Vec<u8>,
    sink: Option<&'a mut dyn std::io::Write>,
    io_error: Option<std::io::Error>,
    dialect: Dialect,
    /// One entry per open container: whether the next member needs a leading comma.
    needs_comma: Vec<bool>,
    /// A key was just written, so the next value follows its colon directly.
    after_key: bool,
}

/// Buffered output is passed to the sink once it is this large.
const FLUSH_THRESHOLD: usize = 64 * 1024;

impl std::fmt::Debug for Writer<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Writer")
            .field("buffered", &self.buf.len())
            .finish()
    }
}

impl Writer<'static> {
    /// An in-memory writer with the given escaping dialect.
    pub fn new(dialect: Dialect) -> Self {
        Writer::with_capacity(dialect, 8192)
    }

    /// An in-memory writer that writes into `buf` (cleared first), keeping its room.
    pub fn from_vec(dialect: Dialect, mut buf: Vec<u8>) -> Self {
        buf.clear();
        Writer {
            buf,
            dialect,
            ..Writer::default()
        }
    }

    /// An in-memory writer with room for `capacity` bytes before it grows.
    pub fn with_capacity(dialect: Dialect, capacity: usize) -> Self {
        Writer {
            buf: Vec::with_capacity(capacity),
            dialect,
            ..Writer::default()
        }
    }
}

impl<'a> Writer<'a> {
    /// A writer that passes what it writes on to `sink` (see [`Writer::flush_hint`] and
    /// [`Writer::finish`]).
    pub fn streaming(dialect: Dialect, sink: &'a mut dyn std::io::Write) -> Self {
        Writer {
            buf: Vec::with_capacity(FLUSH_THRESHOLD * 2),
            dialect,
            sink: Some(sink),
            ..Writer::default()
        }
    }

    /// Passes the buffer on to the sink if it has grown large. Call at record boundaries.
    pub fn flush_hint(&mut self) {
        if self.buf.len() >= FLUSH_THRESHOLD {
            self.flush_sink();
        }
    }

    fn flush_sink(&mut self) {
        if let Some(sink) = self.sink.as_mut() {
            if self.io_error.is_none() {
                if let Err(e) = sink.write_all(&self.buf) {
                    self.io_error = Some(e);
                }
            }
            self.buf.clear();
        }
    }

    /// Writes what is left to the sink (if any) and returns the first write error. For an
    /// in-memory writer, returns the bytes.
    pub fn finish(mut self) -> std::io::Result<Vec<u8>> {
        self.flush_sink();
        match self.io_error.take() {
            Some(e) => Err(e),
            None => Ok(std::mem::take(&mut self.buf)),
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

    /// Starts a bare sequence: the values written from here on are separated by commas,
    /// without brackets. A writer that renders a run of array elements, to be appended to
    /// another writer's array with [`Writer::raw`], starts with this.
    pub fn begin_sequence(&mut self) {
        self.needs_comma.push(false);
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
        self.raw(itoa::Buffer::new().format(n).as_bytes());
    }

    /// Writes a signed integer.
    pub fn i64(&mut self, n: i64) {
        self.raw(itoa::Buffer::new().format(n).as_bytes());
    }

    /// Writes already-encoded JSON as the next value.
    pub fn raw(&mut self, json: &[u8]) {
        self.value_prefix();
        self.buf.extend_from_slice(json);
    }

    /// Writes a value that `f` appends to the buffer as JSON text. On an error the writer
    /// holds a partial value: the document is to be abandoned.
    pub fn raw_with<E>(&mut self, f: impl FnOnce(&mut Vec<u8>) -> Result<(), E>) -> Result<(), E> {
        self.value_prefix();
        f(&mut self.buf)
    }

    /// Writes a value that `f` appends to the buffer as JSON text.
    pub fn raw_append(&mut self, f: impl FnOnce(&mut Vec<u8>)) {
        self.value_prefix();
        f(&mut self.buf);
    }

    /// Like [`Writer::raw`], at a record boundary: a streaming writer passes a large `json`
    /// on to the sink directly instead of copying it into its buffer.
    pub fn raw_record(&mut self, json: &[u8]) {
        self.value_prefix();
        if self.sink.is_some() && json.len() >= FLUSH_THRESHOLD / 4 {
            self.flush_sink();
            if let (Some(sink), None) = (self.sink.as_mut(), &self.io_error) {
                if let Err(e) = sink.write_all(json) {
                    self.io_error = Some(e);
                }
            }
        } else {
            self.buf.extend_from_slice(json);
            self.flush_hint();
        }
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
