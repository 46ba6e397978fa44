//! Rewriting the parts of a plan's `show -json` document as they are written: a caller's
//! [`PartFilter`] is given each part's text (a resource, a resource change, the outputs, ...)
//! and writes what goes in its place. The parts of many resources are rendered, and filtered,
//! on several threads; the configuration comes last, after every other part was filtered.
//!
//! This is how `--redact` replaces sensitive values without reading the document back: the
//! rules stay with the caller, the document is written once.

use std::cell::RefCell;

use tfshow_gojson::{Member, Writer};

use crate::error::Error;

/// A part of the document handed to a [`PartFilter`]: a JSON value, as it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// A plan's `variables`.
    Variables,
    /// The `outputs` of `planned_values` or of a state's `values`.
    StateOutputs,
    /// A resource of a module of `planned_values` or of a state's `values`.
    Resource,
    /// A `resource_changes` or `resource_drift` entry.
    Change,
    /// A `deferred_changes` entry.
    Deferred,
    /// A plan's `output_changes`.
    OutputChanges,
    /// A plan's `configuration`: given after every other part.
    Configuration,
}

/// Rewrites parts of the document (see the [module documentation](self)). Called from several
/// threads at once, in no particular order, except [`Part::Configuration`], which comes after
/// every other part of the document.
pub trait PartFilter: Sync {
    /// Appends to `out` the JSON value written in place of `text`, the part `part` as the
    /// document has it (compact, with the document's escaping). `members`: where the members
    /// of its objects are, down to [`PartFilter::member_depth`], when the writer knows them
    /// all. An error stops the document.
    fn part(
        &self,
        part: Part,
        text: &[u8],
        members: Option<&[Member]>,
        out: &mut Vec<u8>,
    ) -> Result<(), Error>;

    /// The depth down to which [`PartFilter::part`] is to be told the members of a part's
    /// objects ([`Member`]); 0 (the default) for none.
    fn member_depth(&self, part: Part) -> usize {
        let _ = part;
        0
    }
}

/// Writes the value `write` writes to `w`, through `filter` as `part` when there is one.
pub(crate) fn filtered(
    w: &mut Writer<'_>,
    filter: Option<&dyn PartFilter>,
    part: Part,
    write: impl FnOnce(&mut Writer<'_>) -> Result<(), Error>,
) -> Result<(), Error> {
    let Some(filter) = filter else {
        return write(w);
    };
    // The part is written into a buffer kept by the thread, then filtered into `w`.
    let (text, room) = BUFFER.with(|b| std::mem::take(&mut *b.borrow_mut()));
    let mut scratch = Writer::from_vec(w.dialect(), text);
    let depth = filter.member_depth(part);
    if depth > 0 {
        scratch.record_members(depth, room);
    }
    let done = write(&mut scratch).and_then(|()| {
        let (text, members) = (scratch.as_bytes(), scratch.members());
        w.raw_with(|out| filter.part(part, text, members, out))
    });
    w.flush_hint();
    let mut members = scratch.take_members();
    let mut text = scratch.into_bytes();
    text.clear();
    members.clear();
    if text.capacity() <= KEPT && members.capacity() <= KEPT_MEMBERS {
        BUFFER.with(|b| *b.borrow_mut() = (text, members));
    }
    done
}

/// The room of a part's buffer kept for the next part at most.
const KEPT: usize = 1 << 20;
/// The room for a part's members kept for the next part at most.
const KEPT_MEMBERS: usize = 1 << 14;

thread_local! {
    /// The room for the text of a part and its members, kept from part to part.
    static BUFFER: RefCell<(Vec<u8>, Vec<Member>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}
