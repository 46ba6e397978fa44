//! The errors of reading a plan file; each names the zip entry and, inside `tfplan`, the
//! protobuf field where reading failed.

use tfshow_limits::{Limit, LimitExceeded};

/// The text of a [`LimitExceeded`] for `limit` at `value`.
fn limit_text(limit: Limit, value: u64, what: &str) -> String {
    LimitExceeded {
        limit,
        value,
        what: what.to_owned(),
    }
    .to_string()
}

/// Why a plan file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Reading the input failed.
    #[error("reading plan file: {0}")]
    Io(#[from] std::io::Error),
    /// The input is larger than [`Options::max_total_size`](crate::Options::max_total_size).
    #[error("{}", limit_text(Limit::TotalSize, *.limit, "the plan file is too large"))]
    InputTooLarge {
        /// The limit in bytes.
        limit: u64,
    },
    /// The input is a Terraform state file; read it as state instead.
    #[error("this is a Terraform state file, not a plan file")]
    StateFile,
    /// The input is an OpenTofu plan (or state) encrypted with client-side encryption.
    #[error(
        "the file is encrypted by OpenTofu and requires a valid encryption configuration to decrypt"
    )]
    OpenTofuEncrypted,
    /// The input is an HCP Terraform saved-plan bookmark.
    #[error(
        "this is an HCP Terraform saved plan bookmark for run {run_id} on {hostname}; \
         it contains no plan data (the plan is stored in HCP Terraform)"
    )]
    CloudBookmark {
        /// The run ID (`run-...`).
        run_id: String,
        /// The HCP Terraform hostname.
        hostname: String,
    },
    /// The input starts with the `tfplan` magic of the pre-0.12 binary plan format.
    #[error(
        "the plan file was created by Terraform 0.11 or earlier, whose plan format cannot be read"
    )]
    LegacyPlan,
    /// The input is a `show -json` document, not a plan file (the views read those through
    /// `tfshow-json`'s document).
    #[error("this is the JSON document `terraform show -json` prints, not a plan file")]
    ShowJson,
    /// The input is none of the recognized formats.
    #[error("not a plan file: neither a zip archive nor a recognized JSON document")]
    NotAPlan,
    /// The zip archive itself is invalid.
    #[error("invalid zip archive: {0}")]
    Zip(#[source] zip::result::ZipError),
    /// The archive has more entries than [`Options::max_entries`](crate::Options::max_entries).
    #[error("{}", limit_text(Limit::Entries, *.limit as u64, &format!("the zip has {} entries", .count)))]
    TooManyEntries {
        /// The number of entries.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// Two entries of the archive have the same name.
    #[error("zip has duplicate entry names: not a valid plan file")]
    DuplicateEntry,
    /// The archive has no `tfplan` entry.
    #[error("zip has no tfplan entry: not a Terraform plan file")]
    MissingTfplan,
    /// An entry could not be opened or decompressed.
    #[error("{entry}: {source}")]
    Entry {
        /// The entry name.
        entry: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// An entry is larger than [`Options::max_entry_size`](crate::Options::max_entry_size).
    #[error("{entry}: {}", limit_text(Limit::EntrySize, *.limit, "the entry is too large when decompressed"))]
    EntryTooLarge {
        /// The entry name.
        entry: String,
        /// The limit in bytes.
        limit: u64,
    },
    /// The entries read so far add up to more than
    /// [`Options::max_total_size`](crate::Options::max_total_size).
    #[error("{entry}: {}", limit_text(Limit::TotalSize, *.limit, "the entries read add up to too much when decompressed"))]
    TotalTooLarge {
        /// The entry whose size crossed the limit.
        entry: String,
        /// The limit in bytes.
        limit: u64,
    },
    /// The configuration snapshot (`tfconfig/`) is invalid.
    #[error("{entry}: {reason}")]
    Config {
        /// The entry name.
        entry: String,
        /// What is wrong.
        reason: String,
    },
    /// The `tfplan` entry is not a valid protobuf `Plan`.
    #[error("tfplan: {at}: {source}")]
    Protobuf {
        /// The field being decoded (`Plan` for the whole message).
        at: String,
        /// The protobuf error, which names the message and field.
        #[source]
        source: prost::DecodeError,
    },
    /// The plan uses a format version other than 3.
    #[error("tfplan: unsupported plan format version {0}; only version 3 is supported")]
    UnsupportedVersion(u64),
    /// A limit was hit before decoding (inside `tfplan`: nesting, lengths, estimated size).
    #[error("{at}: {source}")]
    Limit {
        /// Where: the entry, and inside `tfplan` the field path.
        at: String,
        /// The limit hit.
        #[source]
        source: LimitExceeded,
    },
    /// The `tfschemas` entry (OpenTofu 1.13+) is not a valid `Schemas` message.
    #[error("tfschemas: {at}: {reason}")]
    Schemas {
        /// Where: provider address, resource type and attribute path.
        at: String,
        /// What is wrong.
        reason: String,
    },
    /// A field of `tfplan` has an invalid value.
    #[error("tfplan: {at}: {reason}")]
    Invalid {
        /// The field path, e.g. `resource_changes[3].change`.
        at: String,
        /// What is wrong.
        reason: String,
    },
}
