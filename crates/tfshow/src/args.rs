//! Command-line arguments.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::help;

/// Read Terraform plan and state files without Terraform.
#[derive(Debug, Parser)]
#[command(name = "tfshow", version, about, override_usage = help::USAGE, after_help = help::TOP)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
    /// Raise or lower a limit on what reading untrusted input may cost (repeatable); `tfshow
    /// limits` lists them.
    #[arg(
        long = "limit",
        value_name = "NAME=VALUE",
        global = true,
        action = clap::ArgAction::Append,
        value_parser = limit_setting,
    )]
    pub limits: Vec<String>,
    /// Write the document to FILE instead of standard output: all of it or, on failure,
    /// nothing (FILE keeps what it had).
    #[arg(short = 'o', long = "output", value_name = "FILE", global = true)]
    pub output: Option<PathBuf>,
    /// Work in DIR, as Terraform's `-chdir`: relative paths (files, the lock file,
    /// `.terraform`) are taken from there.
    #[arg(long = "chdir", value_name = "DIR", global = true)]
    pub chdir: Option<PathBuf>,
}

impl Cli {
    /// The limits: the defaults with every `--limit` applied in order.
    pub fn limits(&self) -> tfshow_json::show::Limits {
        let mut limits = tfshow_json::show::Limits::default();
        for spec in &self.limits {
            // Each was checked when parsed (`limit_setting`).
            let _ = limits.apply(spec);
        }
        limits
    }
}

/// Checks a `--limit NAME=VALUE` setting.
fn limit_setting(spec: &str) -> Result<String, String> {
    tfshow_json::show::Limits::default()
        .apply(spec)
        .map(|()| spec.to_owned())
        .map_err(|e| e.to_string())
}

/// tfshow's commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show a plan or state file (`terraform show`).
    #[command(after_help = help::SHOW)]
    Show(ShowArgs),
    /// Print the messages `terraform plan -json` printed for a plan file.
    #[command(after_help = help::UI)]
    Ui(UiArgs),
    /// Render a live `-json` stream (`terraform apply -json | tfshow watch`).
    #[command(after_help = help::WATCH)]
    Watch(WatchArgs),
    /// Summarize a plan for review: counts, changed resources, drift, outputs.
    #[command(after_help = help::SUMMARY)]
    Summary(SummaryArgs),
    /// Compare two plans of the same configuration.
    #[command(after_help = help::DIFF)]
    Diff(DiffArgs),
    /// Inspect and manage the schema cache.
    #[command(subcommand, after_help = help::SCHEMAS)]
    Schemas(SchemasCommand),
    /// Print the limits on untrusted input and their defaults.
    #[command(after_help = help::limits())]
    Limits,
    /// Print a shell's completion script.
    #[command(after_help = help::COMPLETIONS)]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff).
    #[command(after_help = help::MAN)]
    Man,
}

/// Where provider schemas come from (every command that reads a plan or state).
#[derive(Debug, Clone, clap::Args)]
pub struct SchemaArgs {
    /// Provider schemas, as printed by `terraform providers schema -json`. Providers it
    /// leaves out are looked for in the schema cache, then by running their plugins.
    #[arg(long, value_name = "FILE")]
    pub schemas: Option<PathBuf>,
    /// Never run a provider plugin (the schemas file and the cache are still used).
    #[arg(long)]
    pub no_plugins: bool,
    /// Say on standard error where each provider's schema came from.
    #[arg(long, short = 'v')]
    pub verbose: bool,
}

/// The key configuration of OpenTofu-encrypted files (every command that reads a plan or
/// state).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct EncryptionArgs {
    /// OpenTofu's encryption configuration (HCL, or JSON starting with `{`), to read encrypted
    /// plans and states; without it, the TF_ENCRYPTION environment variable's value, as tofu
    /// reads it.
    #[arg(long, value_name = "FILE")]
    pub encryption: Option<PathBuf>,
}

/// `tfshow schemas` subcommands.
#[derive(Debug, Subcommand)]
pub enum SchemasCommand {
    /// List the cached schemas: address, version, origin, package hashes.
    List,
    /// Print one cached schema as `terraform providers schema -json` prints it.
    Show {
        /// The provider: `HOST/NAMESPACE/TYPE`, `NAMESPACE/TYPE` or `TYPE`, optionally
        /// `@VERSION` (default: the newest cached version).
        #[arg(value_name = "ADDR[@VERSION]")]
        provider: String,
    },
    /// Import a `terraform providers schema -json` file, one entry per provider. Each
    /// provider's version comes from `--provider-version`, else from the lock file.
    Import {
        /// The file; `-` reads standard input.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The lock file giving the versions: a `.terraform.lock.hcl` or a plan file
        /// holding one (default: `.terraform.lock.hcl` in the working directory).
        #[arg(long, value_name = "FILE")]
        lock_file: Option<PathBuf>,
        /// The version of one provider (repeatable).
        #[arg(long, value_name = "ADDR=VERSION", action = clap::ArgAction::Append)]
        provider_version: Vec<String>,
        /// How to decrypt a lock file given as an OpenTofu-encrypted plan.
        #[command(flatten)]
        encryption: EncryptionArgs,
    },
    /// Print the cached schemas as one `terraform providers schema -json` document (the
    /// newest version of each provider).
    Export {
        /// Only these providers.
        #[arg(value_name = "ADDR")]
        providers: Vec<String>,
    },
    /// Remove every cached schema.
    Clear,
}

/// Arguments of `tfshow show`.
#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    /// Print the JSON document `terraform show -json` prints.
    #[arg(long)]
    pub json: bool,
    /// With `--json`: replace every sensitive value with "(sensitive value)".
    #[arg(long, requires = "json")]
    pub redact: bool,
    /// Print no colours (also when NO_COLOR is set to a non-empty value or the output is not a
    /// terminal).
    #[arg(long)]
    pub no_color: bool,
    /// Where provider schemas come from.
    #[command(flatten)]
    pub source: SchemaArgs,
    /// How to decrypt OpenTofu-encrypted files.
    #[command(flatten)]
    pub encryption: EncryptionArgs,
    /// A plan file or a state file; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

/// Arguments of `tfshow ui`.
#[derive(Debug, clap::Args)]
pub struct UiArgs {
    /// Where provider schemas come from (used to detect drift in plans of Terraform
    /// 1.0.x).
    #[command(flatten)]
    pub source: SchemaArgs,
    /// How to decrypt OpenTofu-encrypted files.
    #[command(flatten)]
    pub encryption: EncryptionArgs,
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

/// Formats of `tfshow summary`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SummaryFormat {
    /// GitHub-flavoured markdown, for pull-request comments.
    Markdown,
    /// Plain text.
    Text,
    /// JSON.
    Json,
    /// One self-contained HTML page (no external resources), to open in a browser.
    Html,
}

/// Arguments of `tfshow summary`.
#[derive(Debug, clap::Args)]
pub struct SummaryArgs {
    /// The output format.
    #[arg(long, value_enum, default_value = "markdown")]
    pub format: SummaryFormat,
    /// The most characters the markdown (default 65536, GitHub's comment limit) or the text
    /// (default: no limit) may have: attribute changes are folded first, then resources
    /// grouped per module; a limit too small for the Plan: lines is refused.
    #[arg(long, value_name = "N")]
    pub max_chars: Option<usize>,
    /// Exit with status 2 when the summary lists any of these (comma-separated): create,
    /// update, delete, replace, read, forget, move, import, destroy (delete or replace),
    /// drift, any. The summary is printed in full first.
    #[arg(long, value_name = "KINDS", value_delimiter = ',')]
    pub fail_on: Vec<tfshow_render::summary::Gate>,
    /// List only planned changes of these kinds (comma-separated): create, update, delete,
    /// replace, read, forget, move, import.
    #[arg(long, value_name = "KINDS", value_delimiter = ',')]
    pub only: Vec<tfshow_render::summary::ChangeKind>,
    /// List only resources whose address matches GLOB (`*`: any characters, `?`: one;
    /// repeatable).
    #[arg(long = "address", value_name = "GLOB")]
    pub addresses: Vec<String>,
    /// List changes made outside of Terraform (the default).
    #[arg(long, overrides_with = "no_drift")]
    pub drift: bool,
    /// Do not list changes made outside of Terraform.
    #[arg(long, overrides_with = "drift")]
    pub no_drift: bool,
    /// List output changes (the default).
    #[arg(long, overrides_with = "no_outputs")]
    pub outputs: bool,
    /// Do not list output changes.
    #[arg(long, overrides_with = "outputs")]
    pub no_outputs: bool,
    /// Show resources as a tree by module (markdown and text).
    #[arg(long)]
    pub tree: bool,
    /// The title of each plan's section, in the order of the plans (repeatable; default: the
    /// plan file's path).
    #[arg(long = "title", value_name = "TITLE")]
    pub titles: Vec<String>,
    /// The ID in the markdown's hidden marker (`<!-- tfshow-summary: ID -->`), by which a bot
    /// finds the comment to update.
    #[arg(long, value_name = "ID")]
    pub marker: Option<String>,
    /// Print no colours (text; also when NO_COLOR is set to a non-empty value or the output is
    /// not a terminal).
    #[arg(long)]
    pub no_color: bool,
    /// Where provider schemas come from.
    #[command(flatten)]
    pub source: SchemaArgs,
    /// How to decrypt OpenTofu-encrypted files.
    #[command(flatten)]
    pub encryption: EncryptionArgs,
    /// Plan files (`terraform plan -out=FILE`); several give one document with a section per
    /// plan and a total; `-` reads standard input.
    #[arg(value_name = "PLANFILE", required = true)]
    pub files: Vec<PathBuf>,
}

/// Formats of `tfshow diff`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DiffFormat {
    /// Plain text.
    Text,
    /// JSON.
    Json,
}

/// Arguments of `tfshow diff`.
#[derive(Debug, clap::Args)]
pub struct DiffArgs {
    /// The output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: DiffFormat,
    /// Exit with status 0 when the plans propose the same changes, 2 when they differ (1 on
    /// error), as `terraform plan -detailed-exitcode`.
    #[arg(long)]
    pub exit_code: bool,
    /// Print no colours (also when NO_COLOR is set to a non-empty value or the output is not a
    /// terminal).
    #[arg(long)]
    pub no_color: bool,
    /// Where provider schemas come from (for both plans).
    #[command(flatten)]
    pub source: SchemaArgs,
    /// How to decrypt OpenTofu-encrypted files.
    #[command(flatten)]
    pub encryption: EncryptionArgs,
    /// The plan before the change.
    #[arg(value_name = "OLD")]
    pub old: PathBuf,
    /// The plan after the change.
    #[arg(value_name = "NEW")]
    pub new: PathBuf,
}
