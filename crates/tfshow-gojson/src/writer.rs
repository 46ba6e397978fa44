//! A small streaming writer for compact JSON with Go's byte-level conventions.

use crate::members::Recording;
use crate::{escape, Dialect, Member};

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
    /// The members recorded, when asked ([`Writer::record_members`]).
    recording: Option<Box<Recording>>,
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
            if let Some(r) = self.recording.as_deref_mut() {
                // What was recorded is where the text was in the buffer.
                r.complete = false;
            }
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

    /// Records from here on where the members of the objects written are, down to
    /// `max_depth` (see [`Member`]; depths count from the writer's current depth, which is to
    /// be 0), in `room` (cleared first). For an in-memory writer: a streaming one that passes
    /// its buffer on records nothing usable ([`Writer::members`] is then `None`).
    pub fn record_members(&mut self, max_depth: usize, room: Vec<Member>) {
        self.recording = Some(Box::new(Recording::new(max_depth, room)));
    }

    /// The members recorded, in the order of their keys: `None` unless recording, or when
    /// JSON text given whole ([`Writer::raw`] and the like) may hold members that were not
    /// recorded.
    pub fn members(&self) -> Option<&[Member]> {
        let r = self.recording.as_deref()?;
        r.complete.then_some(r.members.as_slice())
    }

    /// Stops recording members; gives back the room they took.
    pub fn take_members(&mut self) -> Vec<Member> {
        (self.recording.take()).map_or_else(Vec::new, |r| r.members.into_vec())
    }

    /// Notes JSON text written whole from `from` on, as a value.
    fn opaque_from(&mut self, from: usize) {
        if let Some(r) = self.recording.as_deref_mut() {
            r.opaque(
                self.needs_comma.len(),
                self.buf.get(from..).unwrap_or_default(),
            );
        }
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
        if let Some(r) = self.recording.as_deref_mut() {
            r.members.close(self.needs_comma.len(), self.buf.len());
        }
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
        if let Some(r) = self.recording.as_deref_mut() {
            r.members.close(self.needs_comma.len(), self.buf.len());
        }
        self.value_prefix();
        let start = self.buf.len();
        escape::write_quoted(&mut self.buf, k, self.dialect);
        let end = self.buf.len();
        self.buf.push(b':');
        self.after_key = true;
        if let Some(r) = self.recording.as_deref_mut() {
            r.members
                .open(self.needs_comma.len(), start + 1..end - 1, end + 1);
        }
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
        let from = self.buf.len();
        self.buf.extend_from_slice(json);
        self.opaque_from(from);
    }

    /// Writes already-encoded JSON as the next value, whose `members` (as [`Member`]s of
    /// `json`: depths from 1 for its own, ranges within it) are known down to depth `known`.
    pub fn raw_with_members(&mut self, json: &[u8], members: &[Member], known: usize) {
        self.value_prefix();
        let at = self.buf.len();
        self.buf.extend_from_slice(json);
        if let Some(r) = self.recording.as_deref_mut() {
            r.known((self.needs_comma.len(), at), json, members, known);
        }
    }

    /// Writes a value that `f` appends to the buffer as JSON text. On an error the writer
    /// holds a partial value: the document is to be abandoned.
    pub fn raw_with<E>(&mut self, f: impl FnOnce(&mut Vec<u8>) -> Result<(), E>) -> Result<(), E> {
        self.value_prefix();
        let from = self.buf.len();
        let done = f(&mut self.buf);
        self.opaque_from(from);
        done
    }

    /// Writes a value that `f` appends to the buffer as JSON text.
    pub fn raw_append(&mut self, f: impl FnOnce(&mut Vec<u8>)) {
        self.value_prefix();
        let from = self.buf.len();
        f(&mut self.buf);
        self.opaque_from(from);
    }

    /// Like [`Writer::raw`], at a record boundary: a streaming writer passes a large `json`
    /// on to the sink directly instead of copying it into its buffer.
    pub fn raw_record(&mut self, json: &[u8]) {
        self.value_prefix();
        if let Some(r) = self.recording.as_deref_mut() {
            r.opaque(self.needs_comma.len(), json);
        }
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
        let from = self.buf.len();
        let done = crate::compact_into(&mut self.buf, json);
        self.opaque_from(from);
        done
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

    /// The texts of the members recorded: (depth, key, value).
    fn recorded(w: &Writer<'_>) -> Option<Vec<(usize, String, String)>> {
        let text = |r: &std::ops::Range<usize>| {
            String::from_utf8_lossy(&w.as_bytes()[r.clone()]).into_owned()
        };
        let members = w.members()?;
        Some(
            members
                .iter()
                .map(|m| (m.depth, text(&m.key), text(&m.value)))
                .collect(),
        )
    }

    fn member(depth: usize, key: &str, value: &str) -> (usize, String, String) {
        (depth, key.to_owned(), value.to_owned())
    }

    #[test]
    fn members_are_recorded_down_to_the_depth_asked_with_those_of_json_given_whole() {
        let mut w = Writer::new(Dialect::Modern);
        w.record_members(2, Vec::new());
        w.begin_object();
        w.key("a<");
        w.begin_array();
        w.begin_object();
        w.key("in_array");
        w.u64(1);
        w.end_object();
        w.end_array();
        w.key("b");
        // `{"x":1,"y":{"z":2}}`, with its own members known.
        let json = br#"{"x":1,"y":{"z":2}}"#;
        let given = [
            Member {
                depth: 1,
                key: 2..3,
                value: 5..6,
            },
            Member {
                depth: 1,
                key: 8..9,
                value: 11..18,
            },
        ];
        w.raw_with_members(json, &given, 1);
        w.key("c");
        w.begin_object();
        w.key("deep");
        w.begin_object();
        w.key("deeper");
        w.null();
        w.end_object();
        w.end_object();
        w.end_object();
        assert_eq!(
            recorded(&w).expect("complete"),
            [
                member(1, "a\\u003c", r#"[{"in_array":1}]"#),
                member(1, "b", r#"{"x":1,"y":{"z":2}}"#),
                member(2, "x", "1"),
                member(2, "y", r#"{"z":2}"#),
                member(1, "c", r#"{"deep":{"deeper":null}}"#),
                member(2, "deep", r#"{"deeper":null}"#),
            ]
        );
    }

    #[test]
    fn json_given_whole_with_members_unknown_leaves_the_recording_incomplete() {
        let whole = |json: &[u8], known: Option<usize>| {
            let mut w = Writer::new(Dialect::Modern);
            w.record_members(2, Vec::new());
            w.begin_object();
            w.key("a");
            match known {
                Some(depth) => w.raw_with_members(json, &[], depth),
                None => w.raw(json),
            }
            w.end_object();
            w.members().is_some()
        };
        // Without a member, text given whole hides none.
        assert!(whole(b"{}", None));
        assert!(whole(b"[1,2]", None));
        assert!(!whole(br#"{"k":1}"#, None));
        // Members known to depth 1 of a value at depth 1: all that depth 2 needs.
        assert!(whole(br#"{"k":1}"#, Some(1)));
        assert!(!whole(br#"{"k":1}"#, Some(0)));
        // Not recording: no members.
        let mut w = Writer::new(Dialect::Modern);
        w.begin_object();
        w.end_object();
        assert_eq!(w.members(), None);
    }
}
