//! Where the members of the objects a [`Writer`](crate::Writer) writes are: recorded as it
//! writes them, down to a depth, for a caller that rewrites parts of the text afterwards
//! without scanning it.

use std::ops::Range;

/// A member of an object in written JSON text: the depth of the object it belongs to (the
/// text's own value is at depth 0, so the members of a top-level object are at depth 1;
/// arrays count as a level), where its key's text is (inside the quotes) and where its value
/// is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Member {
    /// The depth of the member (see the type's documentation).
    pub depth: usize,
    /// The key's text, without its quotes.
    pub key: Range<usize>,
    /// The value's text.
    pub value: Range<usize>,
}

/// Members found in JSON text as it is written or scanned, down to a depth: the one place
/// that knows which member is open at each depth. The writer records with it, and so can a
/// scanner of text that the writer did not write.
#[derive(Debug, Default)]
pub struct Members {
    max_depth: usize,
    /// The members found, in the order of their keys.
    list: Vec<Member>,
    /// The member open at each depth, by index in `list`.
    open: Vec<Option<usize>>,
}

impl Members {
    /// Records members down to `max_depth`, in `room` (cleared first).
    pub fn new(max_depth: usize, mut room: Vec<Member>) -> Self {
        room.clear();
        Members {
            max_depth,
            list: room,
            open: Vec::new(),
        }
    }

    /// A member opens at `depth`: its key is at `key` (without its quotes) and its value
    /// starts at `value`. Members at depth 0 or deeper than asked for are not recorded.
    pub fn open(&mut self, depth: usize, key: Range<usize>, value: usize) {
        if depth == 0 || depth > self.max_depth {
            return;
        }
        if self.open.len() <= depth {
            self.open.resize(depth + 1, None);
        }
        if let Some(slot) = self.open.get_mut(depth) {
            *slot = Some(self.list.len());
        }
        self.list.push(Member {
            depth,
            key,
            value: value..value,
        });
    }

    /// The member open at `depth`, if any, ends at `at` (where the `,` or the closing
    /// bracket after its value is).
    pub fn close(&mut self, depth: usize, at: usize) {
        let Some(slot) = self.open.get_mut(depth) else {
            return;
        };
        if let Some(m) = slot.take().and_then(|i| self.list.get_mut(i)) {
            m.value.end = at;
        }
    }

    /// The members found so far.
    pub fn as_slice(&self) -> &[Member] {
        &self.list
    }

    /// The members found.
    pub fn into_vec(self) -> Vec<Member> {
        self.list
    }

    /// Adds a member found otherwise (closed).
    fn push(&mut self, m: Member) {
        self.list.push(m);
    }
}

/// The members a writer records, down to `max_depth`.
#[derive(Debug)]
pub(crate) struct Recording {
    max_depth: usize,
    pub(crate) members: Members,
    /// Whether every member down to `max_depth` was recorded: false once JSON text the writer
    /// was given whole (and did not know the members of) may hold some.
    pub(crate) complete: bool,
}

impl Recording {
    pub(crate) fn new(max_depth: usize, room: Vec<Member>) -> Self {
        Recording {
            max_depth,
            members: Members::new(max_depth, room),
            complete: true,
        }
    }

    /// JSON text `json` was written whole as a value at `depth` (its members would be at
    /// `depth + 1`): unless it has no member (no `:` at all), the recording is incomplete.
    pub(crate) fn opaque(&mut self, depth: usize, json: &[u8]) {
        if self.complete && depth < self.max_depth && json.contains(&b':') {
            self.complete = false;
        }
    }

    /// JSON text was written whole at `at` as a value at `depth`, with its `members` (their
    /// depths relative to the value, their ranges to its start) known down to relative
    /// depth `known`.
    pub(crate) fn known(
        &mut self,
        (depth, at): (usize, usize),
        json: &[u8],
        members: &[Member],
        known: usize,
    ) {
        if depth + known < self.max_depth {
            // Members deeper than those given would be recorded.
            self.opaque(depth, json);
            return;
        }
        let shift = |r: &Range<usize>| r.start + at..r.end + at;
        for m in members {
            if m.depth >= 1 && depth + m.depth <= self.max_depth {
                self.members.push(Member {
                    depth: depth + m.depth,
                    key: shift(&m.key),
                    value: shift(&m.value),
                });
            }
        }
    }
}
