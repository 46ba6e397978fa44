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
    /// Print the messages `terraform plan -json` printed for a plan file.
    Ui(UiArgs),
    /// Render a live `-json` stream (`terraform apply -json | tfshow watch`).
    Watch(WatchArgs),
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

/// Arguments of `tfshow ui`.
#[derive(Debug, clap::Args)]
pub struct UiArgs {
    /// Provider schemas, as printed by `terraform providers schema -json` (used to detect
    /// drift in plans of Terraform 1.0.x).
    #[arg(long, value_name = "FILE")]
    pub schemas: Option<PathBuf>,
    /// A plan file (`terraform plan -out=FILE`); `-` reads standard input.
    #[arg(value_name = "PLANFILE")]
    pub file: PathBuf,
}

/// Arguments of `tfshow watch`.
#[derive(Debug, clap::Args)]
pub struct WatchArgs {
    /// Print plain lines even when standard output is a terminal.
    #[arg(long)]
    pub plain: bool,
    /// The stream to read (`terraform apply -json` output); `-` or nothing reads standard
    /// input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,
}
