//! Holding a document back until it is complete, so that a failure leaves the output empty,
//! without holding a large document in memory: the first few MiB stay in memory, the rest
//! goes to an anonymous temporary file.

use std::io::{self, Read, Seek, Write};

/// In-memory part of the spool.
const MEMORY_LIMIT: usize = 8 * 1024 * 1024;

/// What is read from the temporary file at a time when the spool is copied out.
const COPY_CHUNK: usize = 1024 * 1024;

/// An `io::Write` that keeps everything written to it until [`Spool::copy_to`].
#[derive(Default)]
pub struct Spool {
    memory: Vec<u8>,
    file: Option<std::fs::File>,
}

impl Spool {
    /// An empty spool.
    pub fn new() -> Self {
        Spool::default()
    }

    /// Writes everything spooled to `out`, in order: the temporary file's part in chunks of
    /// a MiB (`io::copy` into a `dyn Write` would go 8 KiB at a time, two system
    /// calls each), through the memory part's room once it is written.
    pub fn copy_to<W: Write + ?Sized>(mut self, out: &mut W) -> io::Result<()> {
        out.write_all(&self.memory)?;
        if let Some(mut f) = self.file.take() {
            f.flush()?;
            f.rewind()?;
            let mut chunk = std::mem::take(&mut self.memory);
            chunk.clear();
            chunk.resize(COPY_CHUNK, 0);
            loop {
                match f.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(n) => out.write_all(chunk.get(..n).unwrap_or_default())?,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
        }
        out.flush()
    }
}

impl Write for Spool {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Some(f) = self.file.as_mut() {
            return f.write(buf);
        }
        if self.memory.len() + buf.len() <= MEMORY_LIMIT {
            self.memory.extend_from_slice(buf);
            return Ok(buf.len());
        }
        let mut f = tempfile::tempfile()?;
        f.write_all(buf)?;
        self.file = Some(f);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        match self.file.as_mut() {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_output_round_trips_through_the_file() {
        let mut s = Spool::new();
        // Pieces of an odd length, that the copy's chunks do not line up with.
        let piece: Vec<u8> = (0..=255u8).cycle().take((1 << 20) + 7).collect();
        let mut want = Vec::new();
        for i in 0..11u8 {
            let mut piece = piece.clone();
            piece[0] = i;
            s.write_all(&piece).unwrap();
            want.extend_from_slice(&piece);
        }
        assert!(s.file.is_some());
        let mut out = Vec::new();
        s.copy_to(&mut out).unwrap();
        assert_eq!(out.len(), want.len());
        assert!(out == want);
    }
}
