//! Paths as JSON (`replace_paths`, `relevant_attributes`) and cty's path-set order.

use tfshow_cty::json::write_value;
use tfshow_cty::{Path, PathStep};
use tfshow_gojson::Writer;

use crate::error::{invalid, Error};

/// Writes a path as an array of steps: attribute names as strings, index keys as their JSON.
pub(crate) fn write_path(w: &mut Writer<'_>, path: &Path, at: &str) -> Result<(), Error> {
    w.begin_array();
    for step in path {
        match step {
            PathStep::Attr(name) => w.string(name),
            PathStep::Index(key) => write_value(w, key).map_err(|e| invalid(at, e))?,
        }
    }
    w.end_array();
    Ok(())
}

/// The order in which a `cty.PathSet` lists `paths` (given in insertion order): buckets by the
/// signed CRC-64/ISO of the attribute names (`#` for each index step) in ascending order,
/// insertion order within a bucket, duplicates dropped.
pub(crate) fn path_set_order(paths: &[Path]) -> Vec<&Path> {
    let mut keyed: Vec<(i64, usize, &Path)> = Vec::with_capacity(paths.len());
    for (i, p) in paths.iter().enumerate() {
        if paths[..i].contains(p) {
            continue;
        }
        keyed.push((path_hash(p), i, p));
    }
    keyed.sort_by_key(|&(h, i, _)| (h, i));
    keyed.into_iter().map(|(_, _, p)| p).collect()
}

fn path_hash(p: &Path) -> i64 {
    let mut crc = Crc64::new();
    for step in p {
        match step {
            PathStep::Attr(name) => crc.write(name.as_bytes()),
            PathStep::Index(_) => crc.write(b"#"),
        }
    }
    crc.sum() as i64
}

/// CRC-64 with the ISO polynomial, as Go's `hash/crc64` computes it.
struct Crc64 {
    crc: u64,
}

const ISO_POLY: u64 = 0xD800_0000_0000_0000;

const fn iso_table() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        let mut crc = i as u64;
        let mut j = 0;
        while j < 8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ ISO_POLY
            } else {
                crc >> 1
            };
            j += 1;
        }
        table[i] = crc;
        i += 1;
    }
    table
}

static ISO_TABLE: [u64; 256] = iso_table();

impl Crc64 {
    fn new() -> Self {
        Crc64 { crc: 0 }
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut crc = !self.crc;
        for &b in bytes {
            crc = ISO_TABLE[((crc as u8) ^ b) as usize] ^ (crc >> 8);
        }
        self.crc = !crc;
    }

    fn sum(&self) -> u64 {
        self.crc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc64_iso_matches_the_catalogue_check_value() {
        // CRC-64/GO-ISO of "123456789" (the CRC catalogue's check value).
        let mut c = Crc64::new();
        c.write(b"12345");
        c.write(b"6789");
        assert_eq!(c.sum(), 0xb909_56c7_75a4_1001);
    }
}
