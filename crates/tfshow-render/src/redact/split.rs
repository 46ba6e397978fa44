//! Reading the document tfshow writes (compact JSON with Go's escaping) as it arrives through
//! the [`pipe`](super::pipe), in units: each unit's text is copied out whole, with where the
//! members of its object and of the objects in it begin and end, so that a unit can be judged
//! without parsing it.

use super::pipe::PipeReader;

/// Why the document could not be read.
#[derive(Debug)]
pub(super) struct SplitError(pub(super) String);

fn unexpected(what: &str) -> SplitError {
    SplitError(format!("the document is not JSON as expected: {what}"))
}

/// The depth of the deepest objects whose members are recorded: a unit's object is at depth 1,
/// its members' objects at 2 (a change's `change`, a resource's `values`), theirs at 3 (a
/// change's `before` and `after`).
const MAX_DEPTH: usize = 3;

/// A member of a unit's object (depth 1) or of an object nested in it (up to [`MAX_DEPTH`]),
/// as ranges of the unit's text: its key without the quotes, and its value.
pub(super) use tfshow_gojson::Member;
use tfshow_gojson::Members;

/// The document's bytes, a chunk at a time.
pub(super) struct Source {
    reader: PipeReader,
    chunk: Vec<u8>,
    pos: usize,
}

/// What the scanner of a value is in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Container {
    Object,
    Array,
}

impl Source {
    pub(super) fn new(reader: PipeReader) -> Self {
        Source {
            reader,
            chunk: Vec::new(),
            pos: 0,
        }
    }

    /// Makes the next byte available; `false` at the end of the document.
    fn fill(&mut self) -> bool {
        while self.pos == self.chunk.len() {
            match self.reader.next_chunk() {
                Some(chunk) => {
                    self.chunk = chunk;
                    self.pos = 0;
                }
                None => return false,
            }
        }
        true
    }

    /// The next byte that is not whitespace, not consumed; `None` at the end.
    pub(super) fn peek(&mut self) -> Option<u8> {
        loop {
            if !self.fill() {
                return None;
            }
            let b = self.chunk[self.pos];
            if !matches!(b, b' ' | b'\n' | b'\t' | b'\r') {
                return Some(b);
            }
            self.pos += 1;
        }
    }

    /// Consumes the byte [`Source::peek`] gave.
    pub(super) fn bump(&mut self) {
        self.pos += 1;
    }

    /// Consumes `b`, the next byte that is not whitespace.
    pub(super) fn expect(&mut self, b: u8) -> Result<(), SplitError> {
        match self.peek() {
            Some(got) if got == b => {
                self.bump();
                Ok(())
            }
            Some(got) => Err(unexpected(&format!(
                "{:?} where {:?} was expected",
                got as char, b as char
            ))),
            None => Err(unexpected("it ends early")),
        }
    }

    /// Copies the next value to `out` (cleared first), and records in `members` (cleared
    /// first) the members of its objects down to [`MAX_DEPTH`].
    pub(super) fn value(
        &mut self,
        out: &mut Vec<u8>,
        members: &mut Vec<Member>,
    ) -> Result<(), SplitError> {
        out.clear();
        let mut found = Members::new(MAX_DEPTH, std::mem::take(members));
        let done = self.value_into(out, &mut found);
        *members = found.into_vec();
        done
    }

    /// [`Source::value`], the members recorded in `members`.
    fn value_into(&mut self, out: &mut Vec<u8>, members: &mut Members) -> Result<(), SplitError> {
        if self.peek().is_none() {
            return Err(unexpected("it ends early"));
        }
        let mut stack: Vec<Container> = Vec::new();
        let mut in_string = false;
        let mut escaped = false;
        // The next string is a key.
        let mut key_next = false;
        // Where the text of the key being read starts, when it is one (recorded) at the
        // depth of `stack`.
        let mut key_start = None;
        // The last key read, until its colon opens its member.
        let mut key = None;
        let mut start = self.pos;
        loop {
            if self.pos == self.chunk.len() {
                out.extend_from_slice(&self.chunk[start..]);
                if !self.fill() {
                    return Err(unexpected("it ends early"));
                }
                start = self.pos;
            }
            if in_string && !escaped {
                // Straight to the string's next quote or backslash.
                match memchr::memchr2(b'"', b'\\', &self.chunk[self.pos..]) {
                    Some(n) => self.pos += n,
                    None => {
                        self.pos = self.chunk.len();
                        continue;
                    }
                }
            }
            let b = self.chunk[self.pos];
            // Where this byte goes in `out`.
            let at = out.len() + (self.pos - start);
            self.pos += 1;
            if in_string {
                if escaped {
                    escaped = false;
                } else if b == b'\\' {
                    escaped = true;
                } else if b == b'"' {
                    in_string = false;
                    if let Some(from) = key_start.take() {
                        key = Some(from..at);
                    }
                    if stack.is_empty() {
                        break;
                    }
                }
                continue;
            }
            let depth = stack.len();
            match b {
                b'"' => {
                    in_string = true;
                    if std::mem::take(&mut key_next) {
                        key_start = Some(at + 1);
                    }
                }
                b':' => {
                    if let Some(key) = key.take() {
                        members.open(depth, key, at + 1);
                    }
                }
                b'{' | b'[' => {
                    let c = if b == b'{' {
                        Container::Object
                    } else {
                        Container::Array
                    };
                    stack.push(c);
                    key_next = c == Container::Object;
                }
                b'}' | b']' => {
                    members.close(depth, at);
                    if stack.pop().is_none() {
                        return Err(unexpected("a container closed that was not open"));
                    }
                    key_next = false;
                    if stack.is_empty() {
                        break;
                    }
                }
                b',' => {
                    members.close(depth, at);
                    key_next = stack.last() == Some(&Container::Object);
                }
                b' ' | b'\n' | b'\t' | b'\r' => {}
                _ if stack.is_empty() => {
                    // A number or literal alone: it ends before the next delimiter.
                    loop {
                        if self.pos == self.chunk.len() {
                            out.extend_from_slice(&self.chunk[start..]);
                            if !self.fill() {
                                return Ok(());
                            }
                            start = self.pos;
                        }
                        if matches!(
                            self.chunk[self.pos],
                            b',' | b'}' | b']' | b' ' | b'\n' | b'\t' | b'\r'
                        ) {
                            break;
                        }
                        self.pos += 1;
                    }
                    break;
                }
                _ => {}
            }
        }
        out.extend_from_slice(&self.chunk[start..self.pos]);
        Ok(())
    }

    /// Whether the document ends here (nothing but whitespace follows).
    pub(super) fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }
}

/// Records in `members` (cleared first) the members of the objects of `text`, one JSON value
/// whole (a unit as `tfshow-json` writes it), down to `depth` (at most [`MAX_DEPTH`]), as
/// [`Source::value`] does for a value read from the pipe. What is deeper is skipped without
/// being recorded.
pub(super) fn members_of(
    text: &[u8],
    depth: usize,
    members: &mut Vec<Member>,
) -> Result<(), SplitError> {
    let max_depth = depth.min(MAX_DEPTH);
    let mut found = Members::new(max_depth, std::mem::take(members));
    let done = scan_members(text, max_depth, &mut found);
    *members = found.into_vec();
    done
}

/// [`members_of`], the members recorded in `members`.
fn scan_members(text: &[u8], max_depth: usize, members: &mut Members) -> Result<(), SplitError> {
    let mut stack: Vec<Container> = Vec::new();
    let mut key_next = false;
    // The last key read, until its colon opens its member.
    let mut key = None;
    let mut pos = 0;
    while let Some(&b) = text.get(pos) {
        let depth = stack.len();
        match b {
            b'"' => {
                let end = string_end(text, pos + 1)?;
                if std::mem::take(&mut key_next) {
                    key = Some(pos + 1..end);
                }
                pos = end + 1;
                if depth == 0 {
                    break;
                }
                continue;
            }
            b':' => {
                if let Some(key) = key.take() {
                    members.open(depth, key, pos + 1);
                }
            }
            b'{' | b'[' if depth >= max_depth => {
                // Nothing deeper is recorded: straight to the end of this value.
                pos = skip_container(text, pos)?;
                continue;
            }
            b'{' => {
                stack.push(Container::Object);
                key_next = true;
            }
            b'[' => {
                stack.push(Container::Array);
                key_next = false;
            }
            b'}' | b']' => {
                members.close(depth, pos);
                if stack.pop().is_none() {
                    return Err(unexpected("a container closed that was not open"));
                }
                key_next = false;
                if stack.is_empty() {
                    return Ok(());
                }
            }
            b',' => {
                members.close(depth, pos);
                key_next = stack.last() == Some(&Container::Object);
            }
            _ => {}
        }
        pos += 1;
    }
    if stack.is_empty() {
        Ok(())
    } else {
        Err(unexpected("it ends early"))
    }
}

/// Where the string whose text starts at `from` ends (its closing quote).
fn string_end(text: &[u8], mut from: usize) -> Result<usize, SplitError> {
    loop {
        let at = from + quote_or_backslash(text.get(from..).unwrap_or_default());
        match text.get(at) {
            Some(b'"') => return Ok(at),
            // An escape: the next byte is not the string's end.
            Some(_) => from = at + 2,
            None => return Err(unexpected("it ends early")),
        }
    }
}

/// Where the first `"` or `\\` of `bytes` is (`bytes.len()` if none), eight bytes at a time.
fn quote_or_backslash(bytes: &[u8]) -> usize {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    // Bytes of `w` equal to zero have their high bit set (and maybe some after the first).
    let zero = |w: u64| w.wrapping_sub(ONES) & !w & HIGH;
    let mut words = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut words {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        let w = u64::from_le_bytes(b);
        let found = zero(w ^ (ONES * u64::from(b'"'))) | zero(w ^ (ONES * u64::from(b'\\')));
        if found != 0 {
            return at + (found.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    let rest = words.remainder();
    at + rest
        .iter()
        .position(|&b| b == b'"' || b == b'\\')
        .unwrap_or(rest.len())
}

/// Where the value after the container that opens at `at` starts.
fn skip_container(text: &[u8], at: usize) -> Result<usize, SplitError> {
    let mut depth = 0usize;
    let mut pos = at;
    while let Some(&b) = text.get(pos) {
        match b {
            b'"' => {
                pos = string_end(text, pos + 1)?;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(pos + 1);
                }
            }
            _ => {}
        }
        pos += 1;
    }
    Err(unexpected("it ends early"))
}

#[cfg(test)]
mod tests {
    use super::super::pipe::pipe;
    use super::*;
    use std::io::Write;

    /// A value's text, and its members as (depth, key, value).
    type Found = (String, Vec<(usize, String, String)>);

    /// The values of a text sent in two chunks, split at `split`.
    fn values_of(text: &str, split: usize) -> Vec<Found> {
        let (mut w2, r2) = pipe();
        let bytes = text.as_bytes().to_vec();
        let writer = std::thread::spawn(move || {
            // Two chunks: the pipe sends what it holds on flush.
            for part in [&bytes[..split], &bytes[split..]] {
                w2.write_all(part).expect("write");
                w2.flush().expect("flush");
            }
            w2.finish().expect("finish");
        });
        let mut src = Source::new(r2);
        let mut out = Vec::new();
        let mut members = Vec::new();
        let mut got = Vec::new();
        src.expect(b'[').expect("[");
        loop {
            src.value(&mut out, &mut members).expect("value");
            let text = String::from_utf8(out.clone()).expect("UTF-8");
            let ms = member_texts(&text, &members);
            got.push((text, ms));
            match src.peek() {
                Some(b',') => src.bump(),
                _ => break,
            }
        }
        src.expect(b']').expect("]");
        assert!(src.at_end());
        writer.join().expect("writer");
        got
    }

    /// The depth, key text and value text of each member found in `text`.
    fn member_texts(text: &str, members: &[Member]) -> Vec<(usize, String, String)> {
        members
            .iter()
            .map(|m| {
                (
                    m.depth,
                    text[m.key.clone()].to_owned(),
                    text[m.value.clone()].to_owned(),
                )
            })
            .collect()
    }

    #[test]
    fn the_first_quote_or_backslash_is_found() {
        for len in 0..40 {
            for at in 0..=len {
                for b in [b'"', b'\\'] {
                    let mut bytes = vec![b'a'; len];
                    bytes.extend_from_slice(&[0xe2, 0x80, 0x8f]);
                    if at < len {
                        bytes[at] = b;
                        // A later one is not the first.
                        bytes.push(b'"');
                    }
                    let want = if at < len { at } else { bytes.len() };
                    assert_eq!(quote_or_backslash(&bytes), want, "{len} {at}");
                }
            }
        }
    }

    #[test]
    fn values_and_their_members_are_found_across_chunks() {
        let text = r#"[{"a":1,"b\"":{"c":[true,{"d":2}],"e":"x,}"}},12.5e3,"s\\",null,[1,[2]],{}]"#;
        for split in 1..text.len() {
            let got = values_of(text, split);
            let texts: Vec<&str> = got.iter().map(|(t, _)| t.as_str()).collect();
            assert_eq!(
                texts,
                [
                    r#"{"a":1,"b\"":{"c":[true,{"d":2}],"e":"x,}"}}"#,
                    "12.5e3",
                    r#""s\\""#,
                    "null",
                    "[1,[2]]",
                    "{}"
                ],
                "split at {split}"
            );
            for (text, found) in &got {
                let mut again = Vec::new();
                members_of(text.as_bytes(), MAX_DEPTH, &mut again).expect("members");
                assert_eq!(&member_texts(text, &again), found, "{text}");
            }
            let members = &got[0].1;
            assert_eq!(
                members,
                &[
                    (1, "a".to_owned(), "1".to_owned()),
                    (
                        1,
                        "b\\\"".to_owned(),
                        r#"{"c":[true,{"d":2}],"e":"x,}"}"#.to_owned()
                    ),
                    (2, "c".to_owned(), r#"[true,{"d":2}]"#.to_owned()),
                    (2, "e".to_owned(), r#""x,}""#.to_owned()),
                ],
                "split at {split}"
            );
        }
    }
}
