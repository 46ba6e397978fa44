//! The `tfshow` binary: parses arguments, runs the command, maps errors to exit codes
//! (1 for errors, 2 for misuse).

mod alloc;
mod args;
mod commands;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    alloc::tune();
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            // Messages quote paths, addresses and names from the input: nothing in them may
            // act on the terminal.
            eprintln!("tfshow: {}", tfshow_escape::terminal::text(&e.to_string()));
            ExitCode::from(e.exit_code())
        }
    }
}
