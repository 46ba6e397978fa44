//! `@timestamp`: Go's `2006-01-02T15:04:05.000000Z07:00` in the local time zone.

use std::time::{SystemTime, UNIX_EPOCH};

/// The current time as Terraform writes `@timestamp` (local time zone, microseconds,
/// `Z` for UTC, else `+02:00`).
pub fn now() -> String {
    let d = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let secs = i64::try_from(d.as_secs()).unwrap_or(i64::MAX);
    format(secs, d.subsec_micros(), local_offset(secs))
}

/// Formats a Unix time (seconds, microseconds) at a zone offset (seconds east of UTC).
pub fn format(unix_secs: i64, micros: u32, offset_secs: i32) -> String {
    let local = unix_secs + i64::from(offset_secs);
    let days = local.div_euclid(86_400);
    let sod = local.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    let zone = if offset_secs == 0 {
        "Z".to_owned()
    } else {
        let sign = if offset_secs < 0 { '-' } else { '+' };
        let a = offset_secs.unsigned_abs();
        format!("{sign}{:02}:{:02}", a / 3600, a / 60 % 60)
    };
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{micros:06}{zone}",
        sod / 3600,
        sod / 60 % 60,
        sod % 60
    )
}

/// Parses a `@timestamp` (RFC 3339 with optional fraction) into microseconds since the Unix
/// epoch; `None` when it is not in that form.
pub fn parse_micros(ts: &str) -> Option<i64> {
    let b = ts.as_bytes();
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        let s = ts.get(r)?;
        if s.bytes().all(|c| c.is_ascii_digit()) {
            s.parse().ok()
        } else {
            None
        }
    };
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || b[10] != b'T' {
        return None;
    }
    let (y, mo, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (h, mi, s) = (num(11..13)?, num(14..16)?, num(17..19)?);
    let mut i = 19;
    let mut micros = 0i64;
    if b.get(i) == Some(&b'.') {
        i += 1;
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        let frac = ts.get(start..i)?;
        let digits: String = frac.chars().chain("000000".chars()).take(6).collect();
        micros = digits.parse().ok()?;
    }
    let offset = match b.get(i)? {
        b'Z' | b'z' => 0,
        c @ (b'+' | b'-') => {
            let oh = num(i + 1..i + 3)?;
            let om = num(i + 4..i + 6)?;
            let o = oh * 3600 + om * 60;
            if *c == b'-' {
                -o
            } else {
                o
            }
        }
        _ => return None,
    };
    let days = days_from_civil(y, mo, d);
    let secs = days * 86_400 + h * 3600 + mi * 60 + s - offset;
    Some(secs * 1_000_000 + micros)
}

/// The local zone's offset from UTC at a Unix time, in seconds.
fn local_offset(unix_secs: i64) -> i32 {
    // `time_t` is 32 bits wide on some targets.
    #[allow(clippy::useless_conversion)]
    let t: libc::time_t = match unix_secs.try_into() {
        Ok(t) => t,
        Err(_) => return 0,
    };
    // SAFETY: `tm` is a plain C struct for which all-zero bytes are a valid value;
    // `localtime_r` only reads `t` and writes `tm`, both of which outlive the call.
    unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&t, &mut tm).is_null() {
            return 0;
        }
        i32::try_from(tm.tm_gmtoff).unwrap_or(0)
    }
}

/// Days since 1970-01-01 → (year, month, day), proleptic Gregorian.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// (year, month, day) → days since 1970-01-01.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_like_go() {
        assert_eq!(format(0, 0, 0), "1970-01-01T00:00:00.000000Z");
        assert_eq!(
            format(1_795_303_813, 263_629, 0),
            "2026-11-21T23:30:13.263629Z"
        );
        assert_eq!(
            format(1_621_963_961, 275_359, -4 * 3600),
            "2021-05-25T13:32:41.275359-04:00"
        );
        assert_eq!(
            format(0, 5, 5 * 3600 + 1800),
            "1970-01-01T05:30:00.000005+05:30"
        );
    }

    #[test]
    fn parses_back() {
        assert_eq!(
            parse_micros("2026-11-21T23:30:13.263629Z"),
            Some(1_795_303_813_263_629)
        );
        assert_eq!(
            parse_micros("2021-05-25T13:32:41.275359-04:00"),
            Some(1_621_963_961_275_359)
        );
        assert_eq!(parse_micros("t"), None);
    }

    #[test]
    fn now_has_the_shape() {
        let n = now();
        assert!(parse_micros(&n).is_some(), "{n}");
        assert!(n.len() >= 27, "{n}");
        assert_eq!(&n[19..20], ".");
    }
}
