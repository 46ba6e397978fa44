//! A bounded pipe between two threads: the document's writer on one side, the redaction
//! reading it on the other, a few chunks in flight, so that the document is never held whole.

use std::io::{self, Read, Write};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};

/// Bytes sent at a time.
const CHUNK: usize = 64 * 1024;
/// Chunks in flight: what the pipe holds at most is `CHUNK * (DEPTH + 2)`.
const DEPTH: usize = 4;

/// A pipe: what is written to the [`PipeWriter`] is read from the [`PipeReader`].
pub(super) fn pipe() -> (PipeWriter, PipeReader) {
    let (tx, rx) = sync_channel(DEPTH);
    (
        PipeWriter {
            tx,
            buf: Vec::with_capacity(CHUNK),
            gone: false,
        },
        PipeReader {
            rx,
            chunk: Vec::new(),
            at: 0,
        },
    )
}

/// The writing end. Dropping it (or [`PipeWriter::finish`]) ends the reader's input.
pub(super) struct PipeWriter {
    tx: SyncSender<Vec<u8>>,
    buf: Vec<u8>,
    /// A write failed because the reader is gone.
    gone: bool,
}

impl PipeWriter {
    /// Whether a write failed because the reader is gone (it stopped reading).
    pub(super) fn reader_gone(&self) -> bool {
        self.gone
    }
}

impl PipeWriter {
    fn send(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let chunk = std::mem::replace(&mut self.buf, Vec::with_capacity(CHUNK));
        self.tx.send(chunk).map_err(|_| {
            self.gone = true;
            io::Error::new(io::ErrorKind::BrokenPipe, "the redaction stopped reading")
        })
    }

    /// Sends what is buffered; the reader then reads to the end.
    pub(super) fn finish(mut self) -> io::Result<()> {
        self.send()
    }
}

impl Write for PipeWriter {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(data);
        if self.buf.len() >= CHUNK {
            self.send()?;
        }
        Ok(data.len())
    }

    /// Sends what is buffered.
    fn flush(&mut self) -> io::Result<()> {
        self.send()
    }
}

/// The reading end: reads what was written, then end of input once the writer is dropped.
pub(super) struct PipeReader {
    rx: Receiver<Vec<u8>>,
    chunk: Vec<u8>,
    at: usize,
}

impl PipeReader {
    /// The next chunk written, whole (`None` at the end): reading without a copy.
    pub(super) fn next_chunk(&mut self) -> Option<Vec<u8>> {
        if self.at < self.chunk.len() {
            let rest = self.chunk.split_off(self.at);
            self.at = 0;
            self.chunk.clear();
            return Some(rest);
        }
        self.rx.recv().ok()
    }
}

impl Read for PipeReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.at == self.chunk.len() {
            match self.rx.recv() {
                Ok(chunk) => {
                    self.chunk = chunk;
                    self.at = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.chunk.len() - self.at);
        out[..n].copy_from_slice(&self.chunk[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_written_is_read_in_order_then_the_end() {
        let (mut w, mut r) = pipe();
        let data: Vec<u8> = (0..(3 * CHUNK + 17)).map(|i| (i % 251) as u8).collect();
        let sent = data.clone();
        let writer = std::thread::spawn(move || {
            for part in sent.chunks(1000) {
                w.write_all(part).expect("write");
            }
            w.finish().expect("finish");
        });
        let mut got = Vec::new();
        r.read_to_end(&mut got).expect("read");
        writer.join().expect("writer");
        assert_eq!(got, data);
    }

    #[test]
    fn a_writer_whose_reader_is_gone_fails() {
        let (mut w, r) = pipe();
        drop(r);
        let err = w.write_all(&vec![0; CHUNK]).expect_err("no reader");
        assert_eq!(err.kind(), io::ErrorKind::BrokenPipe);
    }
}
