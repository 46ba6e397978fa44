//! Which program wrote a plan file: OpenTofu and Terraform write the same container and the
//! same `tfplan` message (package `tfplan`, format version 3, both numbering releases 1.x), so
//! the program is told by what else the file holds.

use tfshow_release::Program;

/// What the container says about its writer, strongest signal first:
/// - a `tfschemas` entry: only OpenTofu (1.13+) writes one;
/// - the embedded state (`tfstate`): Terraform writes it indented, OpenTofu from 1.7 on
///   compact (`{"version":4,…`);
/// - the lock file's provider addresses: `registry.opentofu.org/…` is OpenTofu's default
///   registry, `registry.terraform.io/…` Terraform's;
/// - the provider addresses of the changes (`providers`), likewise.
///
/// A file with none of these (no providers at all) reads as Terraform's: the two print such
/// plans alike.
pub(crate) fn program<'a>(
    has_tfschemas: bool,
    state: Option<&[u8]>,
    lock_file: Option<&[u8]>,
    mut providers: impl Iterator<Item = &'a str>,
) -> Program {
    if has_tfschemas || state.is_some_and(|s| s.starts_with(b"{\"")) {
        return Program::OpenTofu;
    }
    if let Some(p) = lock_file.and_then(|l| by_registry(&String::from_utf8_lossy(l))) {
        return p;
    }
    providers
        .find_map(by_registry)
        .unwrap_or(Program::Terraform)
}

/// The program whose default registry `text` names first.
fn by_registry(text: &str) -> Option<Program> {
    let tofu = text.find(Program::OpenTofu.default_registry());
    let terraform = text.find(Program::Terraform.default_registry());
    match (tofu, terraform) {
        (Some(o), Some(t)) => Some(if o < t {
            Program::OpenTofu
        } else {
            Program::Terraform
        }),
        (Some(_), None) => Some(Program::OpenTofu),
        (None, Some(_)) => Some(Program::Terraform),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registries_name_the_program() {
        let lock = br#"provider "registry.opentofu.org/hashicorp/null" {
  version = "2.1.2"
}"#;
        let none = || std::iter::empty();
        assert_eq!(program(false, None, Some(lock), none()), Program::OpenTofu);
        let lock = br#"provider "registry.terraform.io/hashicorp/null" {}"#;
        assert_eq!(program(false, None, Some(lock), none()), Program::Terraform);
        assert_eq!(program(true, None, Some(lock), none()), Program::OpenTofu);
        assert_eq!(program(false, None, None, none()), Program::Terraform);
        let compact = br#"{"version":4,"terraform_version":"1.9.4"}"#;
        let indented = b"{\n  \"version\": 4\n}";
        assert_eq!(
            program(false, Some(compact), None, none()),
            Program::OpenTofu
        );
        assert_eq!(
            program(false, Some(indented), None, none()),
            Program::Terraform
        );
        let change = r#"provider["registry.opentofu.org/hashicorp/null"]"#;
        assert_eq!(
            program(false, None, None, [change].into_iter()),
            Program::OpenTofu
        );
    }
}
