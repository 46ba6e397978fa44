//! Records rendered ahead of their place in the document, kept until they are written.
//!
//! `resource_changes` entries are rendered together with `planned_values`, in that section's
//! order, and written later in their own order. The store puts them back in that order as
//! they come (holding a few out of order in memory), so that they can be written out a block
//! at a time. The first 16 MiB stay in memory (all of them for 10,000 resources), the rest
//! goes to an anonymous temporary file, so memory does not grow with the plan.

use std::collections::BTreeMap;
use std::io::{self, Read, Seek, SeekFrom, Write};

use tfshow_gojson::Writer;

/// The in-memory part of the store.
const IN_MEMORY: usize = 16 * 1024 * 1024;
/// Size of the blocks written to and read from the file.
const BLOCK: usize = 1024 * 1024;
/// Out-of-order records held back, at most; beyond this they are stored as they are.
const WAITING: usize = 4 * 1024 * 1024;

/// The store. Keys are small integers (a change's index); each record is stored with a
/// leading comma, so that records stored next to each other form a run of array elements.
pub(crate) struct Kept {
    memory: Vec<u8>,
    /// The most `memory` holds before records go to the file ([`IN_MEMORY`]).
    in_memory: usize,
    file: Option<std::fs::File>,
    /// Bytes for the file not yet written to it, starting at `file_len`.
    pending: Vec<u8>,
    file_len: u64,
    /// A block read from the file, starting at `window_at`.
    window: Vec<u8>,
    window_at: u64,
    /// Where each key's record is: offset from the start of `memory` then the file, length.
    at: Vec<Option<(u64, usize)>>,
    len: u64,
    /// Each key's place in the order records will be read, and the key at each place.
    rank: Vec<Option<usize>>,
    by_rank: Vec<usize>,
    /// The next place to store, and records that came before their turn.
    next: usize,
    waiting: BTreeMap<usize, (usize, Vec<u8>)>,
    waiting_bytes: usize,
}

impl Kept {
    /// A store for keys below `keys`, to be read back in the order of `order`.
    pub(crate) fn new(keys: usize, order: impl IntoIterator<Item = usize>) -> Kept {
        let by_rank: Vec<usize> = order.into_iter().filter(|&k| k < keys).collect();
        let mut rank = vec![None; keys];
        for (r, &k) in by_rank.iter().enumerate() {
            rank[k] = Some(r);
        }
        Kept {
            memory: Vec::new(),
            in_memory: IN_MEMORY,
            file: None,
            pending: Vec::new(),
            file_len: 0,
            window: Vec::new(),
            window_at: 0,
            at: vec![None; keys],
            len: 0,
            rank,
            by_rank,
            next: 0,
            waiting: BTreeMap::new(),
            waiting_bytes: 0,
        }
    }

    /// Whether a record is kept under `key` (or waiting for its turn).
    pub(crate) fn has(&self, key: usize) -> bool {
        self.at.get(key).is_some_and(Option::is_some)
            || self
                .rank
                .get(key)
                .copied()
                .flatten()
                .is_some_and(|r| self.waiting.contains_key(&r))
    }

    /// Keeps `record` under `key`.
    pub(crate) fn put(&mut self, key: usize, record: &[u8]) -> io::Result<()> {
        match self.rank.get(key).copied().flatten() {
            Some(r) if r > self.next => {
                self.waiting_bytes += record.len() + 1;
                self.waiting.insert(r, (key, record.to_vec()));
                if self.waiting_bytes > WAITING {
                    // Far out of order: store what waits as it is.
                    for (_, (k, rec)) in std::mem::take(&mut self.waiting) {
                        self.store(k, &rec)?;
                    }
                    self.waiting_bytes = 0;
                    self.advance();
                }
                Ok(())
            }
            _ => {
                self.store(key, record)?;
                self.advance();
                while let Some(entry) = self.waiting.first_entry() {
                    if *entry.key() != self.next {
                        break;
                    }
                    let (k, rec) = entry.remove();
                    self.waiting_bytes -= rec.len() + 1;
                    self.store(k, &rec)?;
                    self.advance();
                }
                Ok(())
            }
        }
    }

    /// Moves `next` past the places already stored.
    fn advance(&mut self) {
        while self
            .by_rank
            .get(self.next)
            .is_some_and(|&k| self.at[k].is_some())
        {
            self.next += 1;
        }
    }

    fn store(&mut self, key: usize, record: &[u8]) -> io::Result<()> {
        if self.file.is_none() && self.memory.len() + record.len() + 1 > self.in_memory {
            self.file = Some(tempfile::tempfile()?);
        }
        let target = if self.file.is_some() {
            &mut self.pending
        } else {
            &mut self.memory
        };
        target.push(b',');
        target.extend_from_slice(record);
        if self.pending.len() >= BLOCK {
            self.write_pending()?;
        }
        if let Some(slot) = self.at.get_mut(key) {
            *slot = Some((self.len, record.len() + 1));
        }
        self.len += record.len() as u64 + 1;
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

    /// Writes the records kept under `keys`, in order, as array elements: records stored next
    /// to each other go out together, a block at a time.
    pub(crate) fn write(&mut self, keys: &[usize], w: &mut Writer<'_>) -> io::Result<()> {
        for (_, (k, rec)) in std::mem::take(&mut self.waiting) {
            self.store(k, &rec)?;
        }
        self.waiting_bytes = 0;
        let mut i = 0;
        while i < keys.len() {
            let (start, mut len) = self.place(keys[i])?;
            let region = self.region(start);
            let mut j = i + 1;
            while let Some(&k) = keys.get(j) {
                let (s, l) = self.place(k)?;
                if s != start + len as u64 || self.region(s) != region || len + l > BLOCK {
                    break;
                }
                len += l;
                j += 1;
            }
            let run = self.bytes(start, len)?;
            // The run's first comma is the writer's to place.
            w.raw_record(&run[1..]);
            i = j;
        }
        Ok(())
    }

    fn place(&self, key: usize) -> io::Result<(u64, usize)> {
        self.at
            .get(key)
            .copied()
            .flatten()
            .ok_or_else(|| io::Error::other("internal error: no rendering kept"))
    }

    /// 0 for memory, 1 for the file, 2 for what is pending for the file.
    fn region(&self, offset: u64) -> u8 {
        let in_memory = self.memory.len() as u64;
        if offset < in_memory {
            0
        } else if offset - in_memory < self.file_len {
            1
        } else {
            2
        }
    }

    /// The `len` bytes at `offset`, which lie in one region.
    fn bytes(&mut self, offset: u64, len: usize) -> io::Result<&[u8]> {
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
            // Records are mostly asked for in the order they were stored: read ahead.
            let block = (len.max(BLOCK) as u64).min(self.file_len - at) as usize;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn record(k: usize) -> Vec<u8> {
        // Big enough that the store spills to its file.
        format!("{{\"k\":{k},\"pad\":\"{}\"}}", "x".repeat(3000)).into_bytes()
    }

    /// Records put in a scrambled order come back in the store's order, as one JSON array,
    /// whether they wait in memory, are stored out of order, or spill to the file.
    #[test]
    fn records_come_back_in_order() {
        let n = 4000;
        let order: Vec<usize> = (0..n).rev().collect();
        // Mostly in order, with local swaps and a few far-off stragglers.
        let mut arrival: Vec<usize> = order.clone();
        for i in (0..n - 1).step_by(3) {
            arrival.swap(i, i + 1);
        }
        for i in (0..n).step_by(97) {
            let k = arrival.remove(i);
            arrival.push(k);
        }
        let mut kept = Kept::new(n, order.iter().copied());
        kept.in_memory = 1 << 20;
        for &k in &arrival {
            kept.put(k, &record(k)).unwrap();
        }
        assert!(kept.file.is_some(), "the file was not used");
        assert!((0..n).all(|k| kept.has(k)));
        let mut w = Writer::new(tfshow_gojson::Dialect::Modern);
        w.begin_array();
        kept.write(&order, &mut w).unwrap();
        w.end_array();
        let doc: serde_json::Value = serde_json::from_slice(w.as_bytes()).unwrap();
        let got: Vec<usize> = doc
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["k"].as_u64().unwrap() as usize)
            .collect();
        assert_eq!(got, order);
    }
}
