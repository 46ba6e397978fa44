//! Where a walk of the document writes: the redacted document is queued as pieces — text,
//! and resources and changes still to redact — and settled a window at a time, the units of
//! a window redacted in batches on several threads and written out in order. A unit read
//! whole (the outputs, the variables, ...) is redacted at once; the configuration waits for
//! every unit before it, whose replaced values it is scrubbed of.

use std::io::{self, Write};

use serde_json::Value;
use tfshow_gojson::{write_quoted, Dialect};
use tfshow_json::plan::ordered::for_each_ordered;
use tfshow_schema::Schemas;

use super::partial;
use super::split::{Member, SplitError};
use super::stream::{dialect_of, Unit};
use super::unit::Worker;
use crate::{gojson, RenderError};

/// Output is passed on once this much is buffered.
const FLUSH: usize = 64 * 1024;
/// Units redacted by one task.
const BATCH: usize = 32;
/// Batches queued before they are settled.
const WINDOW: usize = 16;
/// Queued text that settles the window, whatever the units.
const WINDOW_BYTES: usize = 1 << 20;

/// A piece of the redacted document, in order.
enum Piece {
    /// Text to write as it is.
    Text(Vec<u8>),
    /// A resource or change of the document tfshow wrote, to redact from its text.
    Unit(partial::Kind, Vec<u8>, Vec<Member>),
}

/// What a batch gave: its text, what it replaced, the providers without a schema it met,
/// and its failure.
type Settled = (
    Vec<u8>,
    super::Secrets,
    std::collections::BTreeSet<String>,
    Option<SplitError>,
);

/// Where the walk writes, and what it carries from unit to unit.
pub(super) struct Ctx<'a, 's> {
    out: &'a mut dyn Write,
    buf: Vec<u8>,
    /// The document's escaping: known from the start for a document given as input, else
    /// from its `terraform_version` (which only `format_version` precedes).
    pub(super) dialect: Option<Dialect>,
    /// Redacts the units read whole, and holds what every unit replaced.
    worker: Worker<'s>,
    sensitive_variables: Vec<String>,
    /// The first error writing to `out`.
    pub(super) error: Option<io::Error>,
    /// Pieces queued, in batches of at most [`BATCH`] units.
    queued: Vec<Vec<Piece>>,
    queued_units: usize,
    queued_bytes: usize,
}

impl<'a, 's> Ctx<'a, 's> {
    pub(super) fn new(
        out: &'a mut dyn Write,
        schemas: Option<&'s Schemas>,
        sensitive_variables: Vec<String>,
    ) -> Self {
        Ctx {
            out,
            buf: Vec::with_capacity(2 * FLUSH),
            dialect: None,
            worker: Worker::new(schemas),
            sensitive_variables,
            error: None,
            queued: Vec::new(),
            queued_units: 0,
            queued_bytes: 0,
        }
    }

    fn dialect(&self) -> Dialect {
        self.dialect.unwrap_or_else(|| dialect_of(""))
    }

    /// The last batch queued, or a new one once it is full.
    fn batch(&mut self) -> &mut Vec<Piece> {
        if self.queued.is_empty() || self.queued_units >= BATCH {
            self.queued.push(Vec::new());
            self.queued_units = 0;
        }
        let n = self.queued.len();
        &mut self.queued[n - 1]
    }

    /// Queues text.
    pub(super) fn bytes(&mut self, b: &[u8]) {
        self.queued_bytes += b.len();
        let batch = self.batch();
        match batch.last_mut() {
            Some(Piece::Text(t)) => t.extend_from_slice(b),
            _ => batch.push(Piece::Text(b.to_vec())),
        }
    }

    /// Queues an object key.
    pub(super) fn key(&mut self, k: &str) {
        let mut text = Vec::with_capacity(k.len() + 3);
        write_quoted(&mut text, k, self.dialect());
        text.push(b':');
        self.bytes(&text);
    }

    /// Queues a resource or change of the document tfshow wrote, to redact from its text.
    pub(super) fn text_unit(
        &mut self,
        kind: partial::Kind,
        text: &[u8],
        members: &[Member],
    ) -> Result<(), SplitError> {
        self.queued_bytes += text.len();
        let piece = Piece::Unit(kind, text.to_vec(), members.to_vec());
        self.batch().push(piece);
        self.queued_units += 1;
        if self.queued.len() >= WINDOW || self.queued_bytes >= WINDOW_BYTES {
            self.settle()?;
        }
        Ok(())
    }

    /// Redacts a unit read whole and queues it.
    pub(super) fn unit(&mut self, unit: Unit, mut v: Value) -> Result<(), SplitError> {
        match unit {
            Unit::Version if self.dialect.is_none() => {
                self.dialect = Some(dialect_of(v.as_str().unwrap_or("")));
            }
            // Scrubbed of every value replaced before it.
            Unit::Configuration => self.settle()?,
            _ => {}
        }
        self.worker.apply(unit, &mut v, &self.sensitive_variables);
        let mut text = Vec::new();
        gojson::write(&mut text, &v, self.dialect());
        self.bytes(&text);
        if self.queued_bytes >= WINDOW_BYTES {
            self.settle()?;
        }
        Ok(())
    }

    /// Redacts the units queued, in batches on several threads, and writes the pieces out
    /// in order.
    fn settle(&mut self) -> Result<(), SplitError> {
        let queued = std::mem::take(&mut self.queued);
        self.queued_units = 0;
        self.queued_bytes = 0;
        let dialect = self.dialect();
        let schemas = self.worker.schemas;
        let render = |batch: &Vec<Piece>| -> Settled {
            let mut w = Worker::new(schemas);
            let mut out = Vec::new();
            for piece in batch {
                match piece {
                    Piece::Text(t) => out.extend_from_slice(t),
                    Piece::Unit(kind, text, members) => {
                        let len = out.len();
                        if let Err(e) = w.text_unit(*kind, (text, members), None, dialect, &mut out)
                        {
                            return (out, w.rules.secrets, w.unknown, Some(e));
                        }
                        if !w.unknown.is_empty() {
                            // Nothing from a provider without a schema is written.
                            out.truncate(len);
                            break;
                        }
                    }
                }
            }
            (out, w.rules.secrets, w.unknown, None)
        };
        for_each_ordered(
            &queued,
            rayon::current_num_threads(),
            render,
            |(out, secrets, unknown, failed)| {
                if let Some(e) = failed {
                    return Err(e);
                }
                self.emit(&out);
                self.worker.rules.secrets.extend(secrets);
                self.worker.unknown.extend(unknown);
                Ok(())
            },
        )
    }

    /// Writes redacted text, unless a provider without a schema was met: nothing more is
    /// written then.
    fn emit(&mut self, text: &[u8]) {
        if self.worker.unknown.is_empty() && self.error.is_none() {
            self.buf.extend_from_slice(text);
            if self.buf.len() >= FLUSH {
                self.flush();
            }
        }
    }

    /// Passes the buffer on. It holds whole JSON tokens, which are UTF-8 (Go's escaping
    /// writes nothing else), so escaping its unsafe characters is escaping the document's.
    fn flush(&mut self) {
        if !self.worker.unknown.is_empty() || self.error.is_some() {
            self.buf.clear();
            return;
        }
        if self.buf.is_empty() {
            return;
        }
        let shared = tfshow_escape::json::escape_unsafe_bytes(std::mem::take(&mut self.buf));
        if let Err(e) = self.out.write_all(&shared) {
            self.error = Some(e);
        }
        // The buffer is kept for what follows.
        self.buf = shared;
        self.buf.clear();
    }

    /// Ends a walk: the error of writing, else of reading, else the refusal, else the final
    /// newline.
    pub(super) fn finish(&mut self, walked: Result<(), RenderError>) -> Result<(), RenderError> {
        let walked = walked.and_then(|()| self.settle().map_err(|e| RenderError::Json(e.0)));
        if let Some(e) = self.error.take() {
            return Err(RenderError::Io(e));
        }
        walked?;
        if !self.worker.unknown.is_empty() {
            return Err(RenderError::UnknownSensitivity(
                std::mem::take(&mut self.worker.unknown)
                    .into_iter()
                    .collect(),
            ));
        }
        self.emit(b"\n");
        self.flush();
        match self.error.take() {
            Some(e) => Err(RenderError::Io(e)),
            None => Ok(()),
        }
    }
}
