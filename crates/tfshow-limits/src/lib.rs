//! Limits on what reading an untrusted plan, state, schema or configuration file may cost.
//!
//! Plan and state files arrive as CI artifacts and downloads. Every decoder in tfshow takes
//! one [`Limits`] value, so a crafted file cannot make it allocate without bound, recurse until
//! the stack overflows, or run for minutes. Hitting a limit is a [`LimitExceeded`] error that
//! names the limit and how to raise it (`--limit NAME=VALUE` on the command line,
//! [`Limits::apply`] in code).
//!
//! - [`Limits`]: the values and their defaults;
//! - [`Limit`]: one limit by name, with its description ([`help`] lists them all);
//! - [`json`]: a pre-scan of JSON documents that enforces the limits before parsing, and a
//!   parser entry point ([`json::from_slice`]) that uses it;
//! - [`hcl`]: a pre-scan of HCL sources that bounds their nesting.
//!
//! ```
//! use tfshow_limits::{Limit, Limits};
//!
//! let mut limits = Limits::default();
//! limits.apply("depth=64")?; // as `--limit depth=64`
//! assert_eq!(limits.get(Limit::Depth), 64);
//! assert!(limits.apply("no-such-limit=1").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod hcl;
pub mod json;

use std::fmt;

/// One limit, named as on the command line (`--limit depth=64`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// `total-size`: the input file, and all entries read from a plan's zip together.
    TotalSize,
    /// `entry-size`: one decompressed zip entry.
    EntrySize,
    /// `entries`: the number of entries in a plan's zip.
    Entries,
    /// `depth`: nesting of msgpack values, JSON documents and HCL expressions.
    Depth,
    /// `protobuf-depth`: nesting of protobuf messages and groups in `tfplan`.
    ProtobufDepth,
    /// `string-length`: one string or byte string (msgpack, JSON, protobuf).
    StringLength,
    /// `collection-length`: elements of one array, map or repeated field.
    CollectionLength,
    /// `decoded-size`: the estimated memory of one decoded document.
    DecodedSize,
    /// `line-length`: one line of a `-json` UI stream.
    LineLength,
    /// `pbkdf2-iterations`: the PBKDF2 iterations an OpenTofu-encrypted file may ask for.
    Pbkdf2Iterations,
    /// `key-length`: the length of a key an OpenTofu-encrypted file may ask to derive.
    KeyLength,
}

impl Limit {
    /// Every limit, in the order `--help` lists them.
    pub const ALL: [Limit; 11] = [
        Limit::TotalSize,
        Limit::EntrySize,
        Limit::Entries,
        Limit::Depth,
        Limit::ProtobufDepth,
        Limit::StringLength,
        Limit::CollectionLength,
        Limit::DecodedSize,
        Limit::LineLength,
        Limit::Pbkdf2Iterations,
        Limit::KeyLength,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Limit::TotalSize => "total-size",
            Limit::EntrySize => "entry-size",
            Limit::Entries => "entries",
            Limit::Depth => "depth",
            Limit::ProtobufDepth => "protobuf-depth",
            Limit::StringLength => "string-length",
            Limit::CollectionLength => "collection-length",
            Limit::DecodedSize => "decoded-size",
            Limit::LineLength => "line-length",
            Limit::Pbkdf2Iterations => "pbkdf2-iterations",
            Limit::KeyLength => "key-length",
        }
    }

    /// The limit called `name`.
    pub fn from_name(name: &str) -> Option<Limit> {
        Limit::ALL.into_iter().find(|l| l.name() == name)
    }

    /// What the limit bounds, in a few words.
    pub fn description(self) -> &'static str {
        match self {
            Limit::TotalSize => {
                "largest input file, and largest size of all entries read from a plan together"
            }
            Limit::EntrySize => "largest decompressed size of one zip entry of a plan",
            Limit::Entries => "most entries a plan's zip may have",
            Limit::Depth => "deepest nesting of msgpack values, JSON documents and HCL expressions",
            Limit::ProtobufDepth => "deepest nesting of protobuf messages and groups in tfplan",
            Limit::StringLength => "longest string or byte string (msgpack, JSON, protobuf)",
            Limit::CollectionLength => {
                "most elements of one array, map, object or repeated protobuf field"
            }
            Limit::DecodedSize => {
                "estimated memory one decoded document may take (tfplan, a msgpack value, a JSON file)"
            }
            Limit::LineLength => "longest line of a -json UI stream (longer lines are skipped)",
            Limit::Pbkdf2Iterations => {
                "most PBKDF2 iterations an OpenTofu-encrypted file may ask for (OpenTofu writes 600000)"
            }
            Limit::KeyLength => {
                "longest key an OpenTofu-encrypted file may ask to derive (OpenTofu writes 32 bytes)"
            }
        }
    }

    /// Whether the limit is a number of bytes (it then takes `KiB`, `MiB` and `GiB` suffixes).
    pub fn is_size(self) -> bool {
        matches!(
            self,
            Limit::TotalSize
                | Limit::EntrySize
                | Limit::StringLength
                | Limit::DecodedSize
                | Limit::LineLength
                | Limit::KeyLength
        )
    }

    /// The most the limit can be set to. Nesting limits are bounded by the stack (and, for
    /// protobuf, by the protobuf library's own recursion limit of 100).
    pub fn max(self) -> u64 {
        match self {
            Limit::Depth => MAX_DEPTH as u64,
            Limit::ProtobufDepth => MAX_PROTOBUF_DEPTH as u64,
            Limit::Entries | Limit::CollectionLength => usize::MAX as u64,
            _ => u64::MAX,
        }
    }

    /// `value` as `--help` and error messages print it (`256 MiB` for sizes).
    pub fn format(self, value: u64) -> String {
        if !self.is_size() {
            return value.to_string();
        }
        for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] {
            if value >= 1 << shift && value & ((1 << shift) - 1) == 0 {
                return format!("{} {unit}", value >> shift);
            }
        }
        format!("{value} bytes")
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The most [`Limits::max_depth`] can be: deeper recursion risks the stack.
pub const MAX_DEPTH: usize = 256;
/// The most [`Limits::max_protobuf_depth`] can be: prost's own recursion limit.
pub const MAX_PROTOBUF_DEPTH: usize = 100;

/// What reading untrusted input may cost. [`Limits::default`] suits files Terraform writes for
/// very large configurations; each value can be raised (or lowered) by name with
/// [`Limits::apply`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// `total-size`: the largest input, and the largest decompressed size of all zip entries
    /// read together, in bytes (default 512 MiB).
    pub max_total_size: u64,
    /// `entry-size`: the largest decompressed size of one zip entry, in bytes (default
    /// 256 MiB).
    pub max_entry_size: u64,
    /// `entries`: the most entries a plan's zip may have (default 10 000).
    pub max_entries: usize,
    /// `depth`: the deepest nesting of msgpack arrays and maps, JSON arrays and objects, and
    /// brackets in HCL files (default 128, at most [`MAX_DEPTH`]).
    pub max_depth: usize,
    /// `protobuf-depth`: the deepest nesting of protobuf messages and groups (default 32, at
    /// most [`MAX_PROTOBUF_DEPTH`]; the plan format itself nests 7 deep).
    pub max_protobuf_depth: usize,
    /// `string-length`: the longest string or byte string, in bytes as stored (default
    /// 64 MiB).
    pub max_string_length: u64,
    /// `collection-length`: the most elements of one msgpack or JSON array or map, or one
    /// repeated protobuf field (default 1 000 000).
    pub max_collection_length: usize,
    /// `decoded-size`: the most memory decoding one document is estimated to take, in bytes
    /// (default 1 GiB): the `tfplan` protobuf, each msgpack value, each JSON document.
    pub max_decoded_size: u64,
    /// `line-length`: the longest line of a `-json` UI stream, in bytes (default 16 MiB);
    /// longer lines are skipped and reported.
    pub max_line_length: u64,
    /// `pbkdf2-iterations`: the most PBKDF2 iterations the metadata of an OpenTofu-encrypted
    /// file may ask for (default 5 000 000; OpenTofu writes 600 000 unless configured
    /// otherwise). Each iteration costs the reader time, and the file chooses the number.
    pub max_pbkdf2_iterations: u64,
    /// `key-length`: the longest key, in bytes, the metadata of an OpenTofu-encrypted file
    /// may ask PBKDF2 to derive (default 256; OpenTofu writes 32 and AES-GCM takes at most
    /// 32). The cost of PBKDF2 grows with it.
    pub max_key_length: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_total_size: 512 << 20,
            max_entry_size: 256 << 20,
            max_entries: 10_000,
            max_depth: 128,
            max_protobuf_depth: 32,
            max_string_length: 64 << 20,
            max_collection_length: 1_000_000,
            max_decoded_size: 1 << 30,
            max_line_length: 16 << 20,
            max_pbkdf2_iterations: 5_000_000,
            max_key_length: 256,
        }
    }
}

impl Limits {
    /// The value of `limit`.
    pub fn get(&self, limit: Limit) -> u64 {
        match limit {
            Limit::TotalSize => self.max_total_size,
            Limit::EntrySize => self.max_entry_size,
            Limit::Entries => self.max_entries as u64,
            Limit::Depth => self.max_depth as u64,
            Limit::ProtobufDepth => self.max_protobuf_depth as u64,
            Limit::StringLength => self.max_string_length,
            Limit::CollectionLength => self.max_collection_length as u64,
            Limit::DecodedSize => self.max_decoded_size,
            Limit::LineLength => self.max_line_length,
            Limit::Pbkdf2Iterations => self.max_pbkdf2_iterations,
            Limit::KeyLength => self.max_key_length,
        }
    }

    /// Sets `limit` to `value`, which must not exceed [`Limit::max`].
    pub fn set(&mut self, limit: Limit, value: u64) -> Result<(), LimitSpecError> {
        if value > limit.max() {
            return Err(LimitSpecError::TooLarge {
                limit,
                max: limit.max(),
            });
        }
        let count = usize::try_from(value).unwrap_or(usize::MAX);
        match limit {
            Limit::TotalSize => self.max_total_size = value,
            Limit::EntrySize => self.max_entry_size = value,
            Limit::Entries => self.max_entries = count,
            Limit::Depth => self.max_depth = count,
            Limit::ProtobufDepth => self.max_protobuf_depth = count,
            Limit::StringLength => self.max_string_length = value,
            Limit::CollectionLength => self.max_collection_length = count,
            Limit::DecodedSize => self.max_decoded_size = value,
            Limit::LineLength => self.max_line_length = value,
            Limit::Pbkdf2Iterations => self.max_pbkdf2_iterations = value,
            Limit::KeyLength => self.max_key_length = value,
        }
        Ok(())
    }

    /// Applies a `NAME=VALUE` setting, as given to `--limit`. Sizes take the suffixes `KiB`,
    /// `MiB` and `GiB` (or `K`, `M`, `G`, all powers of 1024); digits may be grouped with `_`.
    pub fn apply(&mut self, spec: &str) -> Result<(), LimitSpecError> {
        let (name, value) = spec
            .split_once('=')
            .ok_or_else(|| LimitSpecError::Syntax(spec.to_owned()))?;
        let limit = Limit::from_name(name.trim())
            .ok_or_else(|| LimitSpecError::UnknownName(name.trim().to_owned()))?;
        let value = parse_value(limit, value.trim())?;
        self.set(limit, value)
    }

    /// A [`LimitExceeded`] for `limit` at its current value; `what` says what went over it.
    pub fn exceeded(&self, limit: Limit, what: impl Into<String>) -> LimitExceeded {
        LimitExceeded {
            limit,
            value: self.get(limit),
            what: what.into(),
        }
    }
}

fn parse_value(limit: Limit, text: &str) -> Result<u64, LimitSpecError> {
    let bad = || LimitSpecError::Value {
        limit,
        value: text.to_owned(),
    };
    let lower = text.to_ascii_lowercase();
    let (digits, shift) = if limit.is_size() {
        [
            ("gib", 30),
            ("g", 30),
            ("mib", 20),
            ("m", 20),
            ("kib", 10),
            ("k", 10),
            ("b", 0),
        ]
        .into_iter()
        .find_map(|(suffix, shift)| lower.strip_suffix(suffix).map(|d| (d.trim_end(), shift)))
        .unwrap_or((lower.as_str(), 0))
    } else {
        (lower.as_str(), 0)
    };
    let digits: String = digits.chars().filter(|&c| c != '_').collect();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let n: u64 = digits.parse().map_err(|_| bad())?;
    n.checked_mul(1 << shift).ok_or_else(bad)
}

/// Every limit with its default and description, one per line, for `--help`.
pub fn help() -> String {
    let defaults = Limits::default();
    let mut out = String::new();
    for limit in Limit::ALL {
        let setting = format!(
            "{}={}",
            limit.name(),
            limit.format(defaults.get(limit)).replace(' ', "")
        );
        out.push_str(&format!("  {setting:<28} {}\n", limit.description()));
    }
    out
}

/// Input went over a limit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct LimitExceeded {
    /// The limit.
    pub limit: Limit,
    /// Its value when it was hit.
    pub value: u64,
    /// What went over it (`value nested too deeply`, `string of 70000000 bytes`).
    pub what: String,
}

impl fmt::Display for LimitExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.limit.name();
        let value = self.limit.format(self.value);
        if self.value >= self.limit.max() {
            write!(
                f,
                "{} (limit {name} = {value}, the most it can be set to)",
                self.what
            )
        } else {
            write!(
                f,
                "{} (limit {name} = {value}; raise it with --limit {name}=VALUE)",
                self.what
            )
        }
    }
}

/// A `--limit NAME=VALUE` setting could not be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitSpecError {
    /// Not of the form `NAME=VALUE`.
    #[error("invalid limit {0:?}: expected NAME=VALUE, e.g. depth=200")]
    Syntax(String),
    /// No limit has this name.
    #[error("unknown limit {0:?}; the limits are {names}", names = Limit::ALL.map(Limit::name).join(", "))]
    UnknownName(String),
    /// The value is not a number (with a size suffix, for sizes).
    #[error("invalid value {value:?} for limit {limit}: expected {}", if limit.is_size() { "a size such as 512MiB" } else { "a whole number" })]
    Value {
        /// The limit.
        limit: Limit,
        /// The text given.
        value: String,
    },
    /// The value is above [`Limit::max`].
    #[error("limit {limit} can be at most {max}")]
    TooLarge {
        /// The limit.
        limit: Limit,
        /// Its maximum.
        max: u64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn applies_settings() {
        let mut l = Limits::default();
        l.apply("depth=200").unwrap();
        assert_eq!(l.max_depth, 200);
        l.apply("entry-size=1GiB").unwrap();
        assert_eq!(l.max_entry_size, 1 << 30);
        l.apply("total-size = 3 g").unwrap();
        assert_eq!(l.max_total_size, 3 << 30);
        l.apply("string-length=4096").unwrap();
        assert_eq!(l.max_string_length, 4096);
        l.apply("collection-length=2_000_000").unwrap();
        assert_eq!(l.max_collection_length, 2_000_000);
        l.apply("line-length=10k").unwrap();
        assert_eq!(l.max_line_length, 10 << 10);
        for limit in Limit::ALL {
            assert_eq!(Limit::from_name(limit.name()), Some(limit));
        }
    }

    #[test]
    fn refuses_bad_settings() {
        let mut l = Limits::default();
        for (spec, msg) in [
            ("depth", "invalid limit \"depth\": expected NAME=VALUE, e.g. depth=200"),
            ("deep=3", "unknown limit \"deep\"; the limits are total-size, entry-size, entries, depth, protobuf-depth, string-length, collection-length, decoded-size, line-length, pbkdf2-iterations, key-length"),
            ("depth=1k", "invalid value \"1k\" for limit depth: expected a whole number"),
            ("entry-size=lots", "invalid value \"lots\" for limit entry-size: expected a size such as 512MiB"),
            ("entry-size=", "invalid value \"\" for limit entry-size: expected a size such as 512MiB"),
            ("depth=257", "limit depth can be at most 256"),
            ("protobuf-depth=101", "limit protobuf-depth can be at most 100"),
            ("total-size=99999999999999999999", "invalid value \"99999999999999999999\" for limit total-size: expected a size such as 512MiB"),
            ("total-size=99999999999GiB", "invalid value \"99999999999GiB\" for limit total-size: expected a size such as 512MiB"),
        ] {
            assert_eq!(l.apply(spec).unwrap_err().to_string(), msg, "{spec}");
        }
        assert_eq!(l, Limits::default());
    }

    #[test]
    fn errors_name_the_limit_and_how_to_raise_it() {
        let l = Limits::default();
        assert_eq!(
            l.exceeded(Limit::EntrySize, "entry tfplan is too large")
                .to_string(),
            "entry tfplan is too large (limit entry-size = 256 MiB; raise it with --limit entry-size=VALUE)"
        );
        let deep = Limits {
            max_depth: MAX_DEPTH,
            ..Limits::default()
        };
        assert_eq!(
            deep.exceeded(Limit::Depth, "value nested too deeply")
                .to_string(),
            "value nested too deeply (limit depth = 256, the most it can be set to)"
        );
    }

    #[test]
    fn help_lists_every_limit_with_its_default() {
        let h = help();
        assert_eq!(h.lines().count(), Limit::ALL.len());
        assert!(h.contains("  total-size=512MiB "), "{h}");
        assert!(h.contains("  depth=128 "), "{h}");
        assert!(h.contains("  decoded-size=1GiB "), "{h}");
    }
}
