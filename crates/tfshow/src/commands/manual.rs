//! `tfshow limits`, `tfshow completions SHELL` and `tfshow man`: the command line's own
//! documentation, printed like any document (standard output or `-o FILE`).

use clap::CommandFactory;

use super::output::write_all;
use super::CliError;
use crate::args::Cli;

/// Prints the limits on untrusted input and their defaults.
pub(crate) fn limits() -> Result<(), CliError> {
    write_all(crate::help::limits().as_bytes())
}

/// Prints `shell`'s completion script for tfshow.
pub(crate) fn completions(shell: clap_complete::Shell) -> Result<(), CliError> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "tfshow", &mut out);
    write_all(&out)
}

/// Prints the manual page, tfshow(1), in roff.
pub(crate) fn man() -> Result<(), CliError> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut out)
        .map_err(CliError::Write)?;
    write_all(&out)
}
