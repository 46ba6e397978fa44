//! Running commands.

pub(crate) mod color;
mod diff;
mod encryption;
mod manual;
pub(crate) mod output;
mod schemas;
mod show;
mod summary;
mod ui;
mod watch;

use std::io::Read;
use std::path::Path;

use tfshow_json::show::{show_json, Limits, ShowError};
use tfshow_schema::Schemas;

use crate::args::{Cli, Command, ShowArgs};

/// A command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The command line asks for something this version cannot do.
    #[error("{0}")]
    Usage(String),
    /// Reading an input file failed.
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The schemas file is invalid.
    #[error("{path}: {source}")]
    Schemas {
        /// The file.
        path: String,
        /// Why.
        source: tfshow_schema::SchemaError,
    },
    /// The encryption configuration (`--encryption FILE` or `TF_ENCRYPTION`) is invalid.
    #[error("{origin}: {source}")]
    Encryption {
        /// Where it came from.
        origin: String,
        /// Why.
        source: tfshow_encryption::ConfigError,
    },
    /// An OpenTofu-encrypted input could not be decrypted.
    #[error("{path}: {source}")]
    Decrypt {
        /// The file.
        path: String,
        /// Why.
        source: tfshow_encryption::DecryptError,
    },
    /// The input could not be shown.
    #[error("{path}: {source}")]
    Show {
        /// The file.
        path: String,
        /// Why.
        source: ShowError,
    },
    /// The input could not be turned into UI messages.
    #[error("{path}: {message}")]
    Ui {
        /// The file.
        path: String,
        /// Why.
        message: String,
    },
    /// An input file is over a limit.
    #[error("{path}: {source}")]
    Limit {
        /// The file.
        path: String,
        /// The limit.
        source: tfshow_limits::LimitExceeded,
    },
    /// A view of the input could not be produced.
    #[error("{path}: {message}")]
    Render {
        /// The file.
        path: String,
        /// Why.
        message: String,
    },
    /// Writing the output failed.
    #[error("<stdout>: {0}")]
    Write(std::io::Error),
    /// The watched stream reports errors (the text names them).
    #[error("{0}")]
    StreamFailed(String),
    /// `watch` was interrupted twice (Ctrl-C) before its input ended.
    #[error("interrupted before the stream ended (no report)")]
    Interrupted,
}

impl CliError {
    /// The process exit status for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            // As a process that SIGINT ended.
            CliError::Interrupted => 130,
            _ => 1,
        }
    }

    /// Reports whether this is a write to a closed pipe (`tfshow ... | head`): the reader has
    /// what it wanted, so the run ends quietly and successfully.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Write(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}

/// The limits of this run: the defaults with every `--limit` applied.
static LIMITS: std::sync::OnceLock<Limits> = std::sync::OnceLock::new();

/// The limits on untrusted input given on the command line (the defaults before [`run`]).
pub(crate) fn limits() -> &'static Limits {
    LIMITS.get_or_init(Limits::default)
}

/// How a command that succeeded ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Exit status 0.
    Done,
    /// Exit status 2: `diff --exit-code` found differences, or `summary --fail-on` found
    /// the changes it names.
    Flagged,
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<Outcome, CliError> {
    let _ = LIMITS.set(cli.limits());
    if cli.output.is_some() && matches!(cli.command, Command::Watch(_)) {
        return Err(CliError::Usage(
            "watch writes to the terminal as the stream goes; -o FILE is for documents".into(),
        ));
    }
    if let Some(dir) = &cli.chdir {
        std::env::set_current_dir(dir).map_err(|source| CliError::Read {
            path: format!("-chdir {}", dir.display()),
            source,
        })?;
    }
    output::set_target(cli.output.clone());
    let done = match cli.command {
        Command::Show(args) => show(&args),
        Command::Ui(args) => ui::run(&args),
        Command::Watch(args) => watch::run(&args),
        Command::Summary(args) => return summary::run(&args),
        Command::Diff(args) => return diff::run(&args),
        Command::Schemas(cmd) => schemas::run(&cmd),
        Command::Limits => manual::limits(),
        Command::Completions { shell } => manual::completions(shell),
        Command::Man => manual::man(),
    };
    done.map(|()| Outcome::Done)
}

pub(crate) fn display(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}

pub(crate) fn read_input(path: &Path) -> Result<Vec<u8>, CliError> {
    let err = |source| CliError::Read {
        path: display(path),
        source,
    };
    let limit = limits().max_total_size;
    let mut buf = Vec::new();
    if path == Path::new("-") {
        std::io::stdin()
            .lock()
            .take(limit.saturating_add(1))
            .read_to_end(&mut buf)
            .map_err(err)?;
    } else {
        std::fs::File::open(path)
            .and_then(|f| f.take(limit.saturating_add(1)).read_to_end(&mut buf))
            .map_err(err)?;
    }
    if buf.len() as u64 > limit {
        return Err(CliError::Limit {
            path: display(path),
            source: limits().exceeded(
                tfshow_limits::Limit::TotalSize,
                format!("the file is larger than {limit} bytes"),
            ),
        });
    }
    Ok(buf)
}

fn show(args: &ShowArgs) -> Result<(), CliError> {
    if !args.json || args.redact {
        return show::run(args);
    }
    // Opened first, as a shell opens a redirection: what a failure leaves behind is in `output`.
    let mut out = output::Output::open()?;
    let bytes = encryption::Decryptor::new(&args.encryption)?.read(&args.file)?;
    // A `show -json` document is printed as it is: no schema is looked for.
    let document = matches!(
        tfshow_planfile::sniff(&bytes, limits()),
        tfshow_planfile::Kind::PlanJson | tfshow_planfile::Kind::StateJson
    );
    let (schemas, report) = if document {
        (None, None)
    } else {
        let (schemas, report) = schemas::for_input(&bytes, &args.source)?;
        (schemas, Some(report))
    };
    if let Err(source) = show_json(&bytes, schemas.as_ref(), limits(), out.writer()) {
        if let Some(note) = out.abandon() {
            eprintln!("tfshow: note: {note}");
        }
        return Err(CliError::Show {
            path: display(&args.file),
            source,
        });
    }
    if let Some(report) = report {
        report.print(&args.file, None);
    }
    out.commit()
}

/// Reads `--schemas FILE`, if given.
pub(crate) fn read_schemas(path: Option<&Path>) -> Result<Option<Schemas>, CliError> {
    let Some(p) = path else {
        return Ok(None);
    };
    let bytes = read_input(p)?;
    let what = not_schemas(&bytes);
    match (Schemas::from_json_with(&bytes, limits()), what) {
        // A document with no provider is a schemas file of a configuration without providers.
        (Ok(s), None | Some(NO_PROVIDER_SCHEMAS)) => Ok(Some(s)),
        (_, Some(what)) => Err(CliError::Render {
            path: display(p),
            message: format!("not a `terraform providers schema -json` document: this is {what}"),
        }),
        (Err(source), None) => Err(CliError::Schemas {
            path: display(p),
            source,
        }),
    }
}

const NO_PROVIDER_SCHEMAS: &str = "a JSON object without provider_schemas";

/// What a file given as `--schemas` is, when it is plainly something else: a plan file, a
/// state, the JSON of a plan or state, a `-json` stream, not JSON. `None` when it has
/// `provider_schemas`.
fn not_schemas(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06") {
        return Some("a zip archive (a plan file: give it as the FILE argument)");
    }
    let Ok(top) = serde_json::from_slice::<
        std::collections::HashMap<String, &serde_json::value::RawValue>,
    >(bytes) else {
        let first = bytes.split(|b| *b == b'\n').next().unwrap_or_default();
        let json_line = serde_json::from_slice::<
            std::collections::HashMap<String, &serde_json::value::RawValue>,
        >(first)
        .is_ok_and(|m| m.contains_key("@message"));
        if json_line {
            return Some("a `-json` message stream (terraform plan -json, apply -json)");
        }
        // What looks like JSON (broken, or over a limit) is the schema parser's to refuse: its
        // error says where, or names the limit.
        let start = bytes.trim_ascii_start();
        return (!start.starts_with(b"{") && !start.starts_with(b"[")).then_some("not JSON");
    };
    let has = |k: &str| top.contains_key(k);
    if has("provider_schemas") {
        return None;
    }
    Some(if has("lineage") || has("serial") {
        "a state file"
    } else if has("resource_changes") || has("planned_values") || has("prior_state") {
        "a plan's JSON document (terraform show -json PLANFILE)"
    } else if has("values") && has("format_version") {
        "a state's JSON document (terraform show -json)"
    } else if has("@message") {
        "a `-json` message stream (terraform plan -json, apply -json)"
    } else {
        NO_PROVIDER_SCHEMAS
    })
}
