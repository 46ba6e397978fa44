//! Writing many records in parallel: records are rendered a batch at a time into buffers on
//! the rayon pool, a round of batches at a time, while the calling thread writes out the
//! previous round. Memory stays bounded by two rounds, whatever the size of the plan.
//!
//! A record can also leave a second rendering behind in [`Kept`], to be written later in
//! another part of the document without decoding its values again.

use std::io::{self, Read, Seek, SeekFrom, Write};

use rayon::prelude::*;
use tfshow_gojson::Writer;

use crate::error::Error;

/// Records rendered into one buffer by one task.
const BATCH: usize = 16;
/// Batches rendered per parallel round.
const ROUND: usize = 32;

/// Renders `items` a round at a time with `render_round` on another thread (which hands the
/// work to the rayon pool) and passes each round's result, in order, to `consume` on this
/// one. The next round is rendered while `consume` handles the current one.
fn pipelined<T: Sync, R: Send>(
    items: &[T],
    render_round: impl Fn(&[T]) -> R + Sync,
    mut consume: impl FnMut(R) -> Result<(), Error>,
) -> Result<(), Error> {
    if items.len() <= BATCH * ROUND {
        return consume(render_round(items));
    }
    std::thread::scope(|s| {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let render_round = &render_round;
        s.spawn(move || {
            for round in items.chunks(BATCH * ROUND) {
                if tx.send(render_round(round)).is_err() {
                    break;
                }
            }
        });
        // On an error `rx` is dropped, which stops the renderer at its next round.
        rx.into_iter().try_for_each(&mut consume)
    })
}

/// Writes `render(item)` for every item, in order, as consecutive JSON values.
pub(crate) fn write_all<T: Sync>(
    w: &mut Writer<'_>,
    items: &[T],
    render: impl Fn(&mut Writer<'static>, &T) -> Result<(), Error> + Sync,
) -> Result<(), Error> {
    let dialect = w.dialect();
    let render_round = |round: &[T]| -> Vec<Result<Vec<u8>, Error>> {
        round
            .par_chunks(BATCH)
            .map(|batch| {
                let mut sub = Writer::new(dialect);
                sub.begin_sequence();
                for item in batch {
                    render(&mut sub, item)?;
                }
                Ok(sub.into_bytes())
            })
            .collect()
    };
    pipelined(items, render_round, |parts| {
        for part in parts {
            w.raw_record(&part?);
        }
        Ok(())
    })
}

/// Like [`write_all`], but `render` also writes a second record to its second writer, which
/// is kept in `kept` under `key(item)`.
pub(crate) fn write_all_keeping<T: Sync>(
    w: &mut Writer<'_>,
    items: &[T],
    kept: &mut Kept,
    key: impl Fn(&T) -> usize + Sync,
    render: impl Fn(&mut Writer<'static>, &mut Writer<'static>, &T) -> Result<(), Error> + Sync,
) -> Result<(), Error> {
    let dialect = w.dialect();
    // A batch's main records, and its second records with each one's key and end.
    type Rendered = (Vec<u8>, Vec<u8>, Vec<(usize, usize)>);
    let render_round = |round: &[T]| -> Vec<Result<Rendered, Error>> {
        round
            .par_chunks(BATCH)
            .map(|batch| {
                let mut main = Writer::new(dialect);
                main.begin_sequence();
                let mut second = Writer::new(dialect);
                second.begin_sequence();
                let mut ends = Vec::with_capacity(batch.len());
                for item in batch {
                    render(&mut main, &mut second, item)?;
                    ends.push((key(item), second.len()));
                }
                Ok((main.into_bytes(), second.into_bytes(), ends))
            })
            .collect()
    };
    pipelined(items, render_round, |parts| {
        for part in parts {
            let (main, second, ends) = part?;
            w.raw_record(&main);
            let mut start = 0;
            for (k, end) in ends {
                // Records after the first of a batch start with the sequence's comma.
                let skip = usize::from(start > 0);
                kept.put(k, &second[start + skip..end]).map_err(Error::Io)?;
                start = end;
            }
        }
        Ok(())
    })
}

/// Like [`write_all`], but items already rendered into `kept` are copied from there.
pub(crate) fn write_all_kept<T: Sync>(
    w: &mut Writer<'_>,
    items: &[T],
    kept: &mut Kept,
    key: impl Fn(&T) -> usize + Sync,
    render: impl Fn(&mut Writer<'static>, &T) -> Result<(), Error> + Sync,
) -> Result<(), Error> {
    let dialect = w.dialect();
    let wanted: Vec<bool> = items.iter().map(|item| !kept.has(key(item))).collect();
    let render_round = |round: &[(usize, &T)]| -> Vec<Result<Option<Vec<u8>>, Error>> {
        round
            .par_iter()
            .map(|&(i, item)| {
                if !wanted[i] {
                    return Ok(None);
                }
                let mut sub = Writer::new(dialect);
                render(&mut sub, item)?;
                Ok(Some(sub.into_bytes()))
            })
            .collect()
    };
    let indexed: Vec<(usize, &T)> = items.iter().enumerate().collect();
    let mut keys = items.iter().map(&key);
    pipelined(&indexed, render_round, |parts| {
        for part in parts {
            let k = keys.next();
            match part? {
                Some(bytes) => w.raw_record(&bytes),
                None => {
                    let k = k.ok_or_else(|| Error::Io(io::Error::other("kept key missing")))?;
                    w.raw_record(kept.get(k).map_err(Error::Io)?);
                }
            }
        }
        Ok(())
    })
}

/// Renderings kept for later, by key: the first few MiB in memory, the rest in an anonymous
/// temporary file, so that memory does not grow with the plan. The file is written and read
/// a block at a time.
pub(crate) struct Kept {
    memory: Vec<u8>,
    file: Option<std::fs::File>,
    /// Bytes for the file not yet written to it, starting at `file_len`.
    pending: Vec<u8>,
    file_len: u64,
    /// A block read from the file, starting at `window_at`.
    window: Vec<u8>,
    window_at: u64,
    /// Where each key's bytes are: offset from the start of `memory` then `file`, and length.
    at: Vec<Option<(u64, usize)>>,
    len: u64,
}

/// The in-memory part of [`Kept`].
const KEPT_IN_MEMORY: usize = 4 * 1024 * 1024;
/// Size of the blocks written to and read from the file.
const KEPT_BLOCK: usize = 1024 * 1024;

impl Kept {
    /// An empty store for keys below `keys`.
    pub(crate) fn new(keys: usize) -> Kept {
        Kept {
            memory: Vec::new(),
            file: None,
            pending: Vec::new(),
            file_len: 0,
            window: Vec::new(),
            window_at: 0,
            at: vec![None; keys],
            len: 0,
        }
    }

    fn has(&self, key: usize) -> bool {
        self.at.get(key).is_some_and(Option::is_some)
    }

    fn put(&mut self, key: usize, bytes: &[u8]) -> io::Result<()> {
        if self.file.is_none() && self.memory.len() + bytes.len() > KEPT_IN_MEMORY {
            self.file = Some(tempfile::tempfile()?);
        }
        if self.file.is_some() {
            self.pending.extend_from_slice(bytes);
            if self.pending.len() >= KEPT_BLOCK {
                self.write_pending()?;
            }
        } else {
            self.memory.extend_from_slice(bytes);
        }
        if let Some(slot) = self.at.get_mut(key) {
            *slot = Some((self.len, bytes.len()));
        }
        self.len += bytes.len() as u64;
        Ok(())
    }

    fn write_pending(&mut self) -> io::Result<()> {
        if let Some(f) = self.file.as_mut() {
            f.seek(SeekFrom::Start(self.file_len))?;
            f.write_all(&self.pending)?;
            self.file_len += self.pending.len() as u64;
            self.pending.clear();
        }
        Ok(())
    }

    /// The bytes kept under `key`.
    fn get(&mut self, key: usize) -> io::Result<&[u8]> {
        let Some((offset, len)) = self.at.get(key).copied().flatten() else {
            return Err(io::Error::other("internal error: no rendering kept"));
        };
        let in_memory = self.memory.len() as u64;
        if offset < in_memory {
            let start = offset as usize;
            return Ok(&self.memory[start..start + len]);
        }
        let at = offset - in_memory;
        if at >= self.file_len {
            let start = (at - self.file_len) as usize;
            return Ok(&self.pending[start..start + len]);
        }
        let end = at + len as u64;
        let window_end = self.window_at + self.window.len() as u64;
        if at < self.window_at || end > window_end {
            // Records are mostly asked for in the order they were kept: read ahead.
            let block = (len.max(KEPT_BLOCK) as u64).min(self.file_len - at) as usize;
            let f = self
                .file
                .as_mut()
                .ok_or_else(|| io::Error::other("internal error: kept file missing"))?;
            f.seek(SeekFrom::Start(at))?;
            self.window.resize(block, 0);
            f.read_exact(&mut self.window)?;
            self.window_at = at;
        }
        let start = (at - self.window_at) as usize;
        Ok(&self.window[start..start + len])
    }
}
