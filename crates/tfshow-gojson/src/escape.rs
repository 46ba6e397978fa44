//! String quoting exactly as Go's `encoding/json` does it with HTML escaping on.

use crate::Dialect;

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Whether an ASCII byte can be copied into a JSON string as it is.
const fn ascii_safe(b: u8) -> bool {
    b >= 0x20 && b != b'"' && b != b'\\' && b != b'<' && b != b'>' && b != b'&'
}

/// Bytes that cannot be copied as they are: ASCII that needs escaping, and 0xE2, the first
/// byte of U+2028 and U+2029.
static SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = (b < 0x80 && !ascii_safe(b)) || b == 0xe2;
        i += 1;
    }
    t
};

/// Appends `s` as a quoted JSON string. `s` is valid UTF-8, so only ASCII escapes and
/// U+2028/U+2029 need attention; runs of other bytes are copied at once.
#[inline]
pub fn write_quoted(out: &mut Vec<u8>, s: &str, dialect: Dialect) {
    let bytes = s.as_bytes();
    // Most strings need no escaping: look at every byte without branching, then copy.
    if bytes
        .iter()
        .fold(false, |any, &b| any | SPECIAL[b as usize])
    {
        return write_escaped(out, bytes, dialect);
    }
    let n = bytes.len();
    out.reserve(n + 2);
    let len = out.len();
    // SAFETY: `n + 2` bytes are reserved after `len`; each write below stays within them
    // (the overlapping word copies cover `1..=n` exactly), and all of them are written
    // before the length is set.
    unsafe {
        let dst = out.as_mut_ptr().add(len);
        let src = bytes.as_ptr();
        dst.write(b'"');
        // Short strings (most keys and values) in two overlapping words: cheaper than a call
        // to memcpy.
        match n {
            8..=16 => {
                let head = src.cast::<u64>().read_unaligned();
                let tail = src.add(n - 8).cast::<u64>().read_unaligned();
                dst.add(1).cast::<u64>().write_unaligned(head);
                dst.add(n - 7).cast::<u64>().write_unaligned(tail);
            }
            4..=7 => {
                let head = src.cast::<u32>().read_unaligned();
                let tail = src.add(n - 4).cast::<u32>().read_unaligned();
                dst.add(1).cast::<u32>().write_unaligned(head);
                dst.add(n - 3).cast::<u32>().write_unaligned(tail);
            }
            0..=3 => {
                for i in 0..n {
                    dst.add(1 + i).write(*src.add(i));
                }
            }
            _ => std::ptr::copy_nonoverlapping(src, dst.add(1), n),
        }
        dst.add(n + 1).write(b'"');
        out.set_len(len + n + 2);
    }
}

#[cold]
fn write_escaped(out: &mut Vec<u8>, bytes: &[u8], dialect: Dialect) {
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !SPECIAL[b as usize] {
            i += 1;
            continue;
        }
        if b == 0xe2 {
            if bytes.get(i + 1) == Some(&0x80) && matches!(bytes.get(i + 2), Some(0xa8 | 0xa9)) {
                out.extend_from_slice(&bytes[start..i]);
                out.extend_from_slice(if bytes[i + 2] == 0xa8 {
                    b"\\u2028"
                } else {
                    b"\\u2029"
                });
                i += 3;
                start = i;
            } else {
                i += 1;
            }
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        escape_ascii(out, b, dialect);
        i += 1;
        start = i;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

fn escape_ascii(out: &mut Vec<u8>, b: u8, dialect: Dialect) {
    match b {
        b'"' => out.extend_from_slice(b"\\\""),
        b'\\' => out.extend_from_slice(b"\\\\"),
        b'\n' => out.extend_from_slice(b"\\n"),
        b'\r' => out.extend_from_slice(b"\\r"),
        b'\t' => out.extend_from_slice(b"\\t"),
        0x08 if dialect == Dialect::Modern => out.extend_from_slice(b"\\b"),
        0x0c if dialect == Dialect::Modern => out.extend_from_slice(b"\\f"),
        _ => {
            out.extend_from_slice(b"\\u00");
            out.push(HEX[(b >> 4) as usize]);
            out.push(HEX[(b & 0xf) as usize]);
        }
    }
}

/// Appends `bytes` as a quoted JSON string; each byte that is not part of valid UTF-8 becomes
/// `\ufffd`, as Go does.
pub fn write_quoted_bytes(out: &mut Vec<u8>, bytes: &[u8], dialect: Dialect) {
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            if ascii_safe(b) {
                i += 1;
                continue;
            }
            out.extend_from_slice(&bytes[start..i]);
            escape_ascii(out, b, dialect);
            i += 1;
            start = i;
            continue;
        }
        let len = utf8_len(&bytes[i..]);
        if len == 0 {
            out.extend_from_slice(&bytes[start..i]);
            out.extend_from_slice(b"\\ufffd");
            i += 1;
            start = i;
            continue;
        }
        // U+2028 and U+2029 are E2 80 A8 / E2 80 A9.
        if len == 3 && bytes[i] == 0xe2 && bytes[i + 1] == 0x80 && (bytes[i + 2] & 0xfe) == 0xa8 {
            out.extend_from_slice(&bytes[start..i]);
            out.extend_from_slice(if bytes[i + 2] == 0xa8 {
                b"\\u2028"
            } else {
                b"\\u2029"
            });
            i += 3;
            start = i;
            continue;
        }
        i += len;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// Length of the valid UTF-8 sequence at the start of `s`, or 0 when it is not valid
/// (Go's `utf8.DecodeRune` returning `RuneError` with width 1).
fn utf8_len(s: &[u8]) -> usize {
    let b0 = s[0];
    let (len, min_b1, max_b1) = match b0 {
        0xc2..=0xdf => (2, 0x80, 0xbf),
        0xe0 => (3, 0xa0, 0xbf),
        0xe1..=0xec | 0xee..=0xef => (3, 0x80, 0xbf),
        0xed => (3, 0x80, 0x9f),
        0xf0 => (4, 0x90, 0xbf),
        0xf1..=0xf3 => (4, 0x80, 0xbf),
        0xf4 => (4, 0x80, 0x8f),
        _ => return 0,
    };
    if s.len() < len || s[1] < min_b1 || s[1] > max_b1 {
        return 0;
    }
    if s[2..len].iter().all(|&b| (0x80..=0xbf).contains(&b)) {
        len
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &[u8], d: Dialect) -> String {
        let mut out = Vec::new();
        write_quoted_bytes(&mut out, s, d);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn escapes_like_go() {
        // Expected strings are what Go 1.22's json.Marshal prints for these inputs.
        assert_eq!(q(b"a<b>&c", Dialect::Modern), r#""a\u003cb\u003e\u0026c""#);
        assert_eq!(q(b"q\"b\\", Dialect::Modern), r#""q\"b\\""#);
        assert_eq!(q(b"\n\r\t", Dialect::Modern), r#""\n\r\t""#);
        assert_eq!(
            q(b"\x08\x0c\x01\x1b", Dialect::Modern),
            r#""\b\f\u0001\u001b""#
        );
        assert_eq!(q(b"\x08\x0c", Dialect::Legacy), r#""\u0008\u000c""#);
        assert_eq!(
            q("\u{2028}x\u{2029}".as_bytes(), Dialect::Modern),
            r#""\u2028x\u2029""#
        );
        assert_eq!(q("é☃😀\x7f".as_bytes(), Dialect::Modern), "\"é☃😀\x7f\"");
        assert_eq!(
            q(b"a\xffb\xe2\x82", Dialect::Modern),
            r#""a\ufffdb\ufffd\ufffd""#
        );
        // Surrogate code points encoded in UTF-8 are invalid, byte by byte.
        assert_eq!(
            q(b"\xed\xa0\x80", Dialect::Modern),
            r#""\ufffd\ufffd\ufffd""#
        );
    }

    proptest::proptest! {
        #[test]
        fn str_and_bytes_paths_agree(s in "\\PC*|[\\x00-\\x7f\u{2028}\u{2029}\u{e2}]*") {
            for d in [Dialect::Modern, Dialect::Legacy] {
                // After some bytes already written, of a length that varies.
                let before = vec![b'x'; s.len() % 7];
                let (mut a, mut b) = (before.clone(), before);
                write_quoted(&mut a, &s, d);
                write_quoted_bytes(&mut b, s.as_bytes(), d);
                proptest::prop_assert_eq!(a, b);
            }
        }

        #[test]
        fn quoted_strings_parse_back(s in "\\PC*|[\\x00-\\x7f\u{2028}\u{2029}]*") {
            let mut out = Vec::new();
            write_quoted(&mut out, &s, Dialect::Modern);
            let back: String = serde_json::from_slice(&out).unwrap();
            proptest::prop_assert_eq!(back, s);
            proptest::prop_assert!(!out.iter().any(|b| matches!(b, b'<' | b'>' | b'&')));
        }
    }
}
