//! Running commands.

mod ui;
mod watch;

use std::io::{Read, Write};
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
    /// Writing the output failed.
    #[error("<stdout>: {0}")]
    Write(std::io::Error),
    /// The watched stream reports errors (the text names them).
    #[error("{0}")]
    StreamFailed(String),
}

impl CliError {
    /// The process exit status for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            _ => 1,
        }
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Show(args) => show(&args),
        Command::Ui(args) => ui::run(&args),
        Command::Watch(args) => watch::run(&args),
    }
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
    if path == Path::new("-") {
        let mut buf = Vec::new();
        std::io::stdin().lock().read_to_end(&mut buf).map_err(err)?;
        Ok(buf)
    } else {
        std::fs::read(path).map_err(err)
    }
}

fn show(args: &ShowArgs) -> Result<(), CliError> {
    if !args.json {
        return Err(CliError::Usage(
            "human-readable output is not implemented yet; use `tfshow show --json`".into(),
        ));
    }
    let schemas = read_schemas(args.schemas.as_deref())?;
    let bytes = read_input(&args.file)?;
    // Build the whole document before printing, so that an error leaves stdout empty.
    let mut out = Vec::new();
    let shown =
        show_json(&bytes, schemas.as_ref(), &Limits::default(), &mut out).map_err(|source| {
            CliError::Show {
                path: display(&args.file),
                source,
            }
        })?;
    if schemas.is_none() {
        let what = match shown {
            tfshow_json::show::Shown::Plan => "plan",
            tfshow_json::show::Shown::State => "state",
        };
        eprintln!(
            "tfshow: warning: no --schemas given; the {what} was decoded without provider schemas and may differ from Terraform's output (see KNOWN-DIVERGENCES.md)"
        );
    }
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(&out)
        .and_then(|()| stdout.flush())
        .map_err(|source| CliError::Read {
            path: "<stdout>".into(),
            source,
        })
}

/// Reads `--schemas FILE`, if given.
pub(crate) fn read_schemas(path: Option<&Path>) -> Result<Option<Schemas>, CliError> {
    let Some(p) = path else {
        return Ok(None);
    };
    let bytes = read_input(p)?;
    Schemas::from_json(&bytes)
        .map(Some)
        .map_err(|source| CliError::Schemas {
            path: display(p),
            source,
        })
}
