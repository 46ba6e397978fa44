//! Holding a document back until it is complete, so that a failure leaves the output empty,
//! without holding a large document in memory: the first few MiB stay in memory, the rest
//! goes to an anonymous temporary file.

use std::io::{self, Seek, Write};

/// In-memory part of the spool.
const MEMORY_LIMIT: usize = 8 * 1024 * 1024;

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

    /// Writes everything spooled to `out`, in order (from the temporary file by the kernel's
    /// copy where `out` allows it).
    pub fn copy_to<W: Write + ?Sized>(mut self, out: &mut W) -> io::Result<()> {
        out.write_all(&self.memory)?;
        if let Some(mut f) = self.file.take() {
            f.flush()?;
            f.rewind()?;
            io::copy(&mut f, out)?;
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
        let chunk: Vec<u8> = (0..=255u8).cycle().take(1 << 20).collect();
        for _ in 0..10 {
            s.write_all(&chunk).unwrap();
        }
        assert!(s.file.is_some());
        let mut out = Vec::new();
        s.copy_to(&mut out).unwrap();
        assert_eq!(out.len(), 10 << 20);
        assert!(out.chunks(1 << 20).all(|c| c == chunk.as_slice()));
    }
}
