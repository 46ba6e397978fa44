//! A plan file's document redacted as `tfshow-json` writes it: each part (a resource, a
//! resource change, the outputs, the variables, the configuration) is handed to
//! [`Redacting`] as it is written — the parts of many resources on several threads — and
//! redacted there by the rules of [`Redactor`](super::Redactor) before it goes on. The
//! document is written once, and never read back.

use std::collections::BTreeSet;
use std::io::{self, Write};
use std::sync::{Mutex, PoisonError};

use serde_json::Value;
use tfshow_gojson::Dialect;
use tfshow_json::filter::{Part, PartFilter};
use tfshow_schema::Schemas;

use super::masks::MaskCache;
use super::partial;
use super::split::{members_of, Member, SplitError};
use super::stream::Unit;
use super::unit::Worker;
use crate::gojson;

thread_local! {
    /// Room for the members of the unit being redacted on this thread.
    static MEMBERS: std::cell::RefCell<Vec<Member>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The room for members kept from unit to unit at most.
const KEPT_MEMBERS: usize = 1 << 14;

/// Redacts the parts of a plan's document (see the module documentation).
pub(super) struct Redacting<'s> {
    schemas: Option<&'s Schemas>,
    dialect: Dialect,
    /// The root module variables the configuration declares sensitive.
    sensitive_variables: Vec<String>,
    /// Every primitive replaced so far, for the configuration's scrubbing.
    secrets: Mutex<super::Secrets>,
    /// Providers without a schema met so far: the document stops at the first.
    unknown: Mutex<BTreeSet<String>>,
    /// What the rules made of the masks of the units so far.
    masks: MaskCache,
}

/// Why a part could not be redacted, as the document's error.
fn failed(e: SplitError) -> tfshow_json::Error {
    tfshow_json::Error::Invalid {
        at: "redaction".into(),
        message: e.0,
    }
}

impl<'s> Redacting<'s> {
    pub(super) fn new(
        schemas: Option<&'s Schemas>,
        dialect: Dialect,
        sensitive_variables: Vec<String>,
    ) -> Self {
        Redacting {
            schemas,
            dialect,
            sensitive_variables,
            secrets: Mutex::default(),
            unknown: Mutex::default(),
            masks: MaskCache::default(),
        }
    }

    /// The providers without a schema that stopped the document (empty if none did).
    pub(super) fn unknown(self) -> BTreeSet<String> {
        self.unknown
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn redact(
        &self,
        w: &mut Worker<'_>,
        (part, text, written): (Part, &[u8], Option<&[Member]>),
        out: &mut Vec<u8>,
    ) -> Result<(), SplitError> {
        let unit = match part {
            Part::Resource | Part::Change => {
                let kind = if part == Part::Resource {
                    partial::Kind::Resource
                } else {
                    partial::Kind::Change
                };
                let depth = self.member_depth(part);
                let cache = Some(&self.masks);
                if let Some(members) = written {
                    return w.text_unit(kind, (text, members), cache, self.dialect, out);
                }
                return MEMBERS.with(|kept| {
                    let mut members = std::mem::take(&mut *kept.borrow_mut());
                    let done = members_of(text, depth, &mut members).and_then(|()| {
                        w.text_unit(kind, (text, &members), cache, self.dialect, out)
                    });
                    if members.capacity() <= KEPT_MEMBERS {
                        members.clear();
                        *kept.borrow_mut() = members;
                    }
                    done
                });
            }
            Part::Variables => Unit::Variables,
            Part::StateOutputs => Unit::StateOutputs,
            Part::Deferred => Unit::Deferred,
            Part::OutputChanges => Unit::OutputChanges,
            Part::Configuration => {
                // Every other part was redacted before: scrubbed of all they replaced.
                let mut secrets = self.secrets.lock().unwrap_or_else(PoisonError::into_inner);
                w.rules.secrets = std::mem::take(&mut *secrets);
                Unit::Configuration
            }
        };
        let mut v: Value = serde_json::from_slice(text).map_err(|e| SplitError(e.to_string()))?;
        w.apply(unit, &mut v, &self.sensitive_variables);
        gojson::write(out, &v, self.dialect);
        Ok(())
    }
}

impl PartFilter for Redacting<'_> {
    fn part(
        &self,
        part: Part,
        text: &[u8],
        members: Option<&[Member]>,
        out: &mut Vec<u8>,
    ) -> Result<(), tfshow_json::Error> {
        let mut w = Worker::new(self.schemas);
        self.redact(&mut w, (part, text, members), out)
            .map_err(failed)?;
        if !w.rules.secrets.is_empty() {
            self.secrets
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .extend(w.rules.secrets);
        }
        if !w.unknown.is_empty() {
            // Nothing from a provider without a schema is written, nor anything after it.
            self.unknown
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .extend(w.unknown);
            return Err(tfshow_json::Error::Invalid {
                at: "redaction".into(),
                message: "a provider has no schema".into(),
            });
        }
        Ok(())
    }

    fn member_depth(&self, part: Part) -> usize {
        member_depth(part)
    }
}

/// The depth of the members the rules look at: those of a resource's values and mask, of a
/// change's `change`, and of its values and masks.
fn member_depth(part: Part) -> usize {
    match part {
        Part::Resource => 2,
        Part::Change => 3,
        _ => 0,
    }
}

/// Passes what is written on to `out` with control, bidi and zero-width characters in
/// strings written as `\uXXXX` escapes. It is written whole JSON values at a time (as
/// `tfshow-json`'s writer does), which are UTF-8: escaping their unsafe characters is
/// escaping the document's.
pub(super) struct Escaping<'a> {
    pub(super) out: &'a mut dyn Write,
}

impl Write for Escaping<'_> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.out
            .write_all(&tfshow_escape::json::escape_unsafe_slice(data))?;
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use tfshow_json::document::PlanDocument;
    use tfshow_json::show::Limits;

    use super::*;

    /// Compares the members the writer records with those the scan of the part finds.
    #[derive(Default)]
    struct Compare {
        recorded: AtomicUsize,
        differ: Mutex<Vec<String>>,
    }

    impl PartFilter for Compare {
        fn part(
            &self,
            part: Part,
            text: &[u8],
            members: Option<&[Member]>,
            out: &mut Vec<u8>,
        ) -> Result<(), tfshow_json::Error> {
            if let Some(members) = members {
                let mut scanned = Vec::new();
                members_of(text, member_depth(part), &mut scanned).expect("a JSON value");
                if scanned != members {
                    let text = String::from_utf8_lossy(text).into_owned();
                    self.differ.lock().expect("lock").push(text);
                }
                self.recorded.fetch_add(1, Ordering::Relaxed);
            }
            out.extend_from_slice(text);
            Ok(())
        }

        fn member_depth(&self, part: Part) -> usize {
            member_depth(part)
        }
    }

    /// Where the writer says the members of a part are is where the scan of its text finds
    /// them, for every resource and change of the real plans in testdata that the writer
    /// knows the members of (most of them).
    #[test]
    fn members_the_writer_records_are_those_the_scan_finds() {
        let limits = Limits::default();
        let compare = Compare::default();
        for (_, schemas, bytes) in super::super::oracle_plans() {
            let Ok(doc) = PlanDocument::load(&bytes, Some(&schemas), &limits) else {
                continue;
            };
            let mut out = Vec::new();
            let _ = doc.write_json_filtered(&mut out, Some(&compare));
        }
        let differ = compare.differ.into_inner().expect("lock");
        assert!(
            differ.is_empty(),
            "{} parts, first: {}",
            differ.len(),
            differ[0]
        );
        let recorded = compare.recorded.into_inner();
        assert!(recorded > 1000, "{recorded} parts with members recorded");
    }
}
