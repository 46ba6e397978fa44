//! The `tfshow` binary: tunes the allocator, then runs the command line ([`tfshow::run`]).

mod alloc;

use std::process::ExitCode;

fn main() -> ExitCode {
    alloc::tune();
    ExitCode::from(tfshow::run(std::env::args_os()))
}
