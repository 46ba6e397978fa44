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

/// The members a writer records, down to `max_depth`.
#[derive(Debug)]
pub(crate) struct Recording {
    max_depth: usize,
    pub(crate) members: Vec<Member>,
    /// The member open at each depth, by index in `members`.
    open: Vec<Option<usize>>,
    /// Whether every member down to `max_depth` was recorded: false once JSON text the writer
    /// was given whole (and did not know the members of) may hold some.
    pub(crate) complete: bool,
}

impl Recording {
    pub(crate) fn new(max_depth: usize, members: Vec<Member>) -> Self {
        let mut members = members;
        members.clear();
        Recording {
            max_depth,
            members,
            open: Vec::new(),
            complete: true,
        }
    }

    /// A member opens at `depth`: its key is at `key` and its value starts at `value`.
    pub(crate) fn open(&mut self, depth: usize, key: Range<usize>, value: usize) {
        if depth == 0 || depth > self.max_depth {
            return;
        }
        if self.open.len() <= depth {
            self.open.resize(depth + 1, None);
        }
        if let Some(slot) = self.open.get_mut(depth) {
            *slot = Some(self.members.len());
        }
        self.members.push(Member {
            depth,
            key,
            value: value..value,
        });
    }

    /// The member open at `depth`, if any, ends at `at`.
    pub(crate) fn close(&mut self, depth: usize, at: usize) {
        let Some(slot) = self.open.get_mut(depth) else {
            return;
        };
        if let Some(m) = slot.take().and_then(|i| self.members.get_mut(i)) {
            m.value.end = at;
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
