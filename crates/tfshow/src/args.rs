//! Command-line arguments.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// Read Terraform plan and state files without Terraform.
#[derive(Debug, Parser)]
#[command(name = "tfshow", version, about)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// tfshow's commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show a plan or state file (`terraform show`).
    Show(ShowArgs),
}

/// Arguments of `tfshow show`.
#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    /// Print the JSON document `terraform show -json` prints.
    #[arg(long)]
    pub json: bool,
    /// Provider schemas, as printed by `terraform providers schema -json`.
    #[arg(long, value_name = "FILE")]
    pub schemas: Option<PathBuf>,
    /// A plan file or a state file; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}
