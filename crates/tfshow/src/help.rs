//! Help texts beyond each option's own line: the limits table (`tfshow limits`, `tfshow help
//! limits`) and the `Examples:` section of each command's `--help`.

/// The limits on untrusted input with their defaults, as `tfshow limits` prints them.
pub(crate) fn limits() -> String {
    format!(
        "Input over a limit is refused with an error naming the limit. `--limit NAME=VALUE` (on \
         any command, repeatable) raises or lowers one; sizes take KiB, MiB and GiB.\n\n\
         Limits and their defaults:\n{}\n\
         Examples:\n  \
         tfshow show --json --limit total-size=2GiB --limit entry-size=1GiB huge.tfplan\n  \
         tfshow summary --limit depth=64 plan.tfplan\n",
        tfshow_limits::help()
    )
}

/// The usage line of `tfshow --help`: a command, or a file to show.
pub(crate) const USAGE: &str = "tfshow [OPTIONS] <COMMAND>\n       tfshow [SHOW OPTIONS] <FILE>";

/// After the command list of `tfshow --help`.
pub(crate) const TOP: &str = "\
`tfshow FILE` is `tfshow show FILE`. `tfshow limits` lists the limits on untrusted input.

Examples:
  tfshow plan.tfplan                         # the plan as `terraform show` prints it
  tfshow summary plan.tfplan                 # a pull-request comment
  tfshow show --json plan.tfplan > plan.json # what `terraform show -json` prints";

/// Examples of `tfshow show`.
pub(crate) const SHOW: &str = "\
Examples:
  tfshow show plan.tfplan
  tfshow show --json --schemas schemas.json plan.tfplan > plan.json
  tfshow show --json --redact plan.tfplan
  tfshow show terraform.tfstate
  TF_ENCRYPTION=\"$(cat encryption.hcl)\" tfshow show --json plan.tfplan";

/// Examples of `tfshow ui`.
pub(crate) const UI: &str = "\
Examples:
  tfshow ui plan.tfplan                      # the lines `terraform plan -json` printed";

/// Examples of `tfshow watch`.
pub(crate) const WATCH: &str = "\
Examples:
  terraform apply -json | tfshow watch
  tfshow watch --plain apply.jsonl";

/// Examples of `tfshow summary`.
pub(crate) const SUMMARY: &str = "\
Examples:
  tfshow summary plan.tfplan > comment.md
  tfshow summary --format text plan.tfplan
  tfshow summary --format html -o plan.html plan.tfplan";

/// Examples of `tfshow diff`.
pub(crate) const DIFF: &str = "\
Examples:
  tfshow diff before.tfplan after.tfplan
  tfshow diff --format json before.tfplan after.tfplan";

/// Examples of `tfshow schemas`.
pub(crate) const SCHEMAS: &str = "\
Examples:
  terraform providers schema -json > schemas.json
  tfshow schemas import schemas.json --lock-file .terraform.lock.hcl
  tfshow schemas list
  tfshow schemas show hashicorp/aws@5.0.0";

/// Examples of `tfshow completions`.
pub(crate) const COMPLETIONS: &str = "\
Examples:
  tfshow completions bash > ~/.local/share/bash-completion/completions/tfshow
  tfshow completions zsh > ~/.zfunc/_tfshow
  tfshow completions fish > ~/.config/fish/completions/tfshow.fish";

/// Examples of `tfshow man`.
pub(crate) const MAN: &str = "\
Examples:
  tfshow man | man -l -
  tfshow man > ~/.local/share/man/man1/tfshow.1";
