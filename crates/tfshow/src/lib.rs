//! The `tfshow` command-line tool as a library: [`run`] runs a command line as the `tfshow`
//! binary does (the binary's `main` and the Python package's `tfshow` command both call it),
//! and [`output_of`] runs one that prints a document and returns the document instead.
//!
//! ```
//! // `tfshow summary --format text examples/basic/plan.tfplan`, the document kept in memory.
//! let plan = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/basic/plan.tfplan");
//! let schemas = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/basic/schemas.json");
//! let text = tfshow::output_of([
//!     "tfshow", "summary", "--format", "text", "--no-plugins", "--schemas", schemas, plan,
//! ])
//! .expect("the example plan summarizes");
//! assert!(String::from_utf8_lossy(&text).contains("Plan:"));
//!
//! // Errors carry the text the command prints after `tfshow: `.
//! let err = tfshow::output_of(["tfshow", "show", "--json", "no-such.tfplan"]).unwrap_err();
//! assert!(err.message().starts_with("no-such.tfplan: "));
//! assert_eq!(err.exit_code(), 1);
//! ```
#![deny(missing_docs)]

mod args;
mod commands;
mod help;

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::Parser;

use args::{Cli, Command};
use commands::CliError;

/// Runs a command line (`args[0]` is the program name) as the `tfshow` binary does: the
/// document goes to standard output (or `-o FILE`), diagnostics to standard error. Returns
/// the exit status: 0 on success (a reader that closed the pipe early included), 1 on
/// error, 2 on misuse; with `diff --exit-code` or `summary --fail-on`, 2 means "the plans
/// differ" or "the plan has those changes" (as `terraform plan -detailed-exitcode`) and every
/// failure, misuse included, is 1.
///
/// Meant to be called once per process, as a program's `main`: the command's settings
/// (`--limit`, `-o`, `--chdir`) hold for the rest of the process.
pub fn run<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let gating = args.iter().skip(1).any(|a| {
        a.to_str()
            .is_some_and(|a| a == "--exit-code" || a.starts_with("--fail-on"))
    });
    let failed = |code: u8| if gating { 1 } else { code };
    let cli = match parse(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            let _ = std::io::Write::flush(&mut std::io::stdout());
            return if e.use_stderr() { failed(2) } else { 0 };
        }
    };
    let result = commands::run(cli);
    // Standard output is flushed by the Rust runtime only when Rust owns the process.
    let result = result.and_then(|outcome| {
        use std::io::Write;
        std::io::stdout()
            .flush()
            .map(|()| outcome)
            .map_err(CliError::Write)
    });
    match result {
        Ok(commands::Outcome::Done) => 0,
        Ok(commands::Outcome::Flagged) => 2,
        Err(e) if e.is_broken_pipe() => 0,
        Err(e) => {
            // Messages quote paths, addresses and names from the input: nothing in them may
            // act on the terminal.
            eprintln!("tfshow: {}", Error::from(&e).message);
            failed(e.exit_code())
        }
    }
}

/// Runs a command line that prints a document (`show`, `summary`, `diff`, `ui`, `schemas
/// show`/`export`, `limits`, `completions`, `man`) and returns the document's bytes instead
/// of writing them; diagnostics still go to standard error. `-o FILE`, `--chdir` and `watch`
/// are refused.
pub fn output_of<I, T>(args: I) -> Result<Vec<u8>, Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    let cli = parse(args).map_err(|e| Error {
        message: e.render().to_string().trim_end().to_owned(),
        exit_code: if e.use_stderr() { 2 } else { 0 },
    })?;
    if cli.output.is_some() || cli.chdir.is_some() || matches!(cli.command, Command::Watch(_)) {
        return Err(Error::from(&CliError::Usage(
            "-o FILE, --chdir and watch write or act outside the returned document".into(),
        )));
    }
    let (result, doc) = commands::output::capture(|| commands::run(cli));
    match result {
        Ok(_) => Ok(doc),
        Err(e) => Err(Error::from(&e)),
    }
}

/// Parses a command line. A first argument that is not a command is a file to show, and
/// options of `show` before any command are `show`'s (`tfshow [--json] FILE` is `tfshow show
/// [--json] FILE`), unless the word looks like a misspelt command and no such file exists:
/// then the error suggests the command.
fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    let mut args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let err = match Cli::try_parse_from(&args) {
        Ok(cli) => return Ok(cli),
        Err(e) => e,
    };
    let as_show = |mut args: Vec<OsString>| {
        // Global options are accepted after the command too: `show` goes right after the name.
        args.insert(1.min(args.len()), "show".into());
        Cli::try_parse_from(&args)
    };
    match err.kind() {
        ErrorKind::InvalidSubcommand => {
            let misspelt = err.get(ContextKind::SuggestedSubcommand).is_some();
            let exists = match err.get(ContextKind::InvalidSubcommand) {
                Some(ContextValue::String(name)) => std::path::Path::new(name).exists(),
                _ => false,
            };
            if misspelt && !exists {
                return Err(err);
            }
            as_show(args)
        }
        // `tfshow --json FILE`: taken as `show`'s only when that makes a whole command line.
        ErrorKind::UnknownArgument => as_show(std::mem::take(&mut args)).map_err(|_| err),
        _ => Err(err),
    }
}

/// A failed command: the message the command line prints (after `tfshow: `) and its exit
/// status.
#[derive(Debug, Clone)]
pub struct Error {
    message: String,
    exit_code: u8,
}

impl Error {
    /// The message, with control, bidi and invisible characters from the input made visible.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The exit status the command line gives for it: 1 for an error, 2 for misuse.
    pub fn exit_code(&self) -> u8 {
        self.exit_code
    }
}

impl From<&CliError> for Error {
    fn from(e: &CliError) -> Self {
        Error {
            message: tfshow_escape::terminal::text(&e.to_string()).into_owned(),
            exit_code: e.exit_code(),
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}
