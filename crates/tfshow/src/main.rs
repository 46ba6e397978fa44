//! The `tfshow` binary: parses arguments, runs the command, maps errors to exit codes
//! (1 for errors, 2 for misuse; with `diff --exit-code` and `summary --fail-on`, 2 for "the
//! plans differ" or "the plan has those changes", and 1 for every failure).

mod alloc;
mod args;
mod commands;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    alloc::tune();
    // With `diff --exit-code` or `summary --fail-on`, status 2 means "differs" or "has those
    // changes" (as `terraform plan -detailed-exitcode`): every failure, misuse included, is 1.
    let gating = std::env::args_os().any(|a| {
        a.to_str()
            .is_some_and(|a| a == "--exit-code" || a.starts_with("--fail-on"))
    });
    let failed = |code: u8| ExitCode::from(if gating { 1 } else { code });
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                failed(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match commands::run(cli) {
        Ok(commands::Outcome::Done) => ExitCode::SUCCESS,
        Ok(commands::Outcome::Flagged) => ExitCode::from(2),
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            // Messages quote paths, addresses and names from the input: nothing in them may
            // act on the terminal.
            eprintln!("tfshow: {}", tfshow_escape::terminal::text(&e.to_string()));
            failed(e.exit_code())
        }
    }
}
