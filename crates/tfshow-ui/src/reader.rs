//! Reading a stream: an iterator of typed messages over any `io::Read`.

use std::io::{BufRead, BufReader, Read};

use crate::{Message, ParseError};

/// Lines longer than this (16 MiB) are skipped and reported; they are never held in memory.
pub const DEFAULT_MAX_LINE: usize = 16 * 1024 * 1024;

/// A line that could not be read as a message.
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct LineError {
    /// The 1-based line number.
    pub line: u64,
    /// What is wrong.
    pub problem: Problem,
    /// The line's text (invalid UTF-8 replaced), when it was read; `None` for lines over the
    /// length limit and read errors.
    pub text: Option<String>,
}

/// What is wrong with a line.
#[derive(Debug, thiserror::Error)]
pub enum Problem {
    /// The line is not a valid message.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The line is longer than the limit; it was skipped.
    #[error("line is {length} bytes long, skipped (limit line-length = {limit} bytes; raise it with --limit line-length=VALUE)")]
    TooLong {
        /// The line's length in bytes (without its newline).
        length: u64,
        /// The limit.
        limit: usize,
    },
    /// Reading failed; the stream ends here.
    #[error("read error: {0}")]
    Io(std::io::Error),
}

/// Reads messages, one per line, from any `io::Read`.
///
/// Each item is a [`Message`] or a [`LineError`] naming the line; after a bad line the
/// reader goes on with the next one. Blank lines are skipped. Reading stops after an I/O
/// error and after a `version` message with an unsupported major `ui` version (the format
/// says such a stream must be rejected).
///
/// ```
/// let stream = b"{\"@level\":\"info\",\"@message\":\"Terraform 1.15.5\",\"@module\":\"terraform.ui\",\"@timestamp\":\"2026-01-01T00:00:00.000000Z\",\"terraform\":\"1.15.5\",\"type\":\"version\",\"ui\":\"1.3\"}\nnot json\n";
/// let items: Vec<_> = tfshow_ui::Reader::new(&stream[..]).collect();
/// assert!(items[0].is_ok());
/// assert_eq!(items[1].as_ref().unwrap_err().line, 2);
/// ```
pub struct Reader<R> {
    inner: BufReader<R>,
    line: u64,
    max_line: usize,
    done: bool,
}

impl<R: Read> Reader<R> {
    /// A reader with the default line length limit ([`DEFAULT_MAX_LINE`]).
    pub fn new(inner: R) -> Reader<R> {
        Reader::with_max_line(inner, DEFAULT_MAX_LINE)
    }

    /// A reader that skips (and reports) lines longer than `max_line` bytes.
    pub fn with_max_line(inner: R, max_line: usize) -> Reader<R> {
        Reader {
            inner: BufReader::with_capacity(64 * 1024, inner),
            line: 0,
            max_line,
            done: false,
        }
    }

    /// The number of the last line read (1-based; 0 before the first).
    pub fn line_number(&self) -> u64 {
        self.line
    }

    /// Reads one line into `buf`: `Ok(None)` at the end, `Ok(Some(len))` with the full
    /// length (which may exceed what was kept when over the limit).
    fn read_line(&mut self, buf: &mut Vec<u8>) -> std::io::Result<Option<u64>> {
        let mut length: u64 = 0;
        let mut any = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(any.then_some(length));
            }
            any = true;
            let (chunk, found) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], true),
                None => (available, false),
            };
            let room = self.max_line.saturating_sub(buf.len());
            if room > 0 && length <= self.max_line as u64 {
                buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
            }
            length += chunk.len() as u64;
            let used = chunk.len() + usize::from(found);
            self.inner.consume(used);
            if found {
                return Ok(Some(length));
            }
        }
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<Message, LineError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let mut buf = Vec::new();
            let length = match self.read_line(&mut buf) {
                Ok(Some(n)) => n,
                Ok(None) => {
                    self.done = true;
                    return None;
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(LineError {
                        line: self.line + 1,
                        problem: Problem::Io(e),
                        text: None,
                    }));
                }
            };
            self.line += 1;
            if length > self.max_line as u64 {
                return Some(Err(LineError {
                    line: self.line,
                    problem: Problem::TooLong {
                        length,
                        limit: self.max_line,
                    },
                    text: None,
                }));
            }
            if buf.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let text = match String::from_utf8(buf) {
                Ok(t) => t,
                Err(e) => {
                    return Some(Err(LineError {
                        line: self.line,
                        problem: Problem::Parse(ParseError::NotUtf8),
                        text: Some(String::from_utf8_lossy(e.as_bytes()).into_owned()),
                    }))
                }
            };
            return Some(match Message::parse(&text) {
                Ok(m) => Ok(m),
                Err(e) => {
                    if matches!(e, ParseError::UnsupportedVersion { .. }) {
                        self.done = true;
                    }
                    Err(LineError {
                        line: self.line,
                        problem: Problem::Parse(e),
                        text: Some(text),
                    })
                }
            });
        }
        None
    }
}

impl<R: Read> std::iter::FusedIterator for Reader<R> {}

#[cfg(test)]
mod tests {
    use super::*;

    const VERSION: &str = r#"{"@level":"info","@message":"Terraform 1.15.5","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:00.000000Z","terraform":"1.15.5","type":"version","ui":"1.3"}"#;

    #[test]
    fn long_lines_are_skipped_without_keeping_them() {
        let long = "x".repeat(1000);
        let input = format!("{VERSION}\n{long}\n{VERSION}");
        let items: Vec<_> = Reader::with_max_line(input.as_bytes(), 300).collect();
        assert_eq!(items.len(), 3);
        match &items[1] {
            Err(LineError {
                line: 2,
                problem: Problem::TooLong { length: 1000, .. },
                text: None,
            }) => {}
            other => panic!("{other:?}"),
        }
        assert!(items[2].is_ok(), "last line without newline still read");
    }

    #[test]
    fn stops_after_an_unsupported_version() {
        let v2 = VERSION.replace("\"1.3\"", "\"2.0\"");
        let input = format!("{v2}\n{VERSION}\n");
        let items: Vec<_> = Reader::new(input.as_bytes()).collect();
        assert_eq!(items.len(), 1);
        assert!(items[0].is_err());
    }

    #[test]
    fn invalid_utf8_is_reported() {
        let mut input = VERSION.as_bytes().to_vec();
        input.extend_from_slice(b"\n\xff\xfe\n\n");
        let items: Vec<_> = Reader::new(&input[..]).collect();
        assert_eq!(items.len(), 2);
        assert!(matches!(
            &items[1],
            Err(LineError {
                line: 2,
                problem: Problem::Parse(ParseError::NotUtf8),
                ..
            })
        ));
    }
}
