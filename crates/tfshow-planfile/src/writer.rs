//! Which program wrote a plan file: OpenTofu and Terraform write the same container and the
//! same `tfplan` message (package `tfplan`, format version 3, both numbering releases 1.x), so
//! the program is told by what else the file holds. It is told before `tfplan` is decoded:
//! some field numbers mean different things in the two (`decode/flavor.rs`).

use prost::encoding::{decode_key, decode_varint, skip_field, DecodeContext, WireType};
use tfshow_release::Program;

/// The plan file's entries other than `tfplan` that tell its writer.
#[derive(Clone, Copy, Default)]
pub(crate) struct Container<'a> {
    /// The file has a `tfschemas` entry.
    pub has_tfschemas: bool,
    /// The `tfstate` entry.
    pub state: Option<&'a [u8]>,
    /// The `.terraform.lock.hcl` entry.
    pub lock_file: Option<&'a [u8]>,
}

/// The program that wrote a plan, from its container and its `tfplan` bytes, strongest signal
/// first:
/// - a `tfschemas` entry: only OpenTofu (1.13+) writes one;
/// - the embedded state (`tfstate`): Terraform writes it indented, OpenTofu from 1.7 on
///   compact (`{"version":4,…`);
/// - `Plan` fields only one program writes: 6 (`-exclude`), 500000000 and 500000001 are
///   OpenTofu's, 25–32 Terraform's; field 22 holds bare names in OpenTofu (ephemeral
///   variables) and messages in Terraform (function results);
/// - the lock file: its header names the command that wrote it (`"tofu init"`,
///   `"terraform init"`); else its provider addresses: `registry.opentofu.org/…` is
///   OpenTofu's default registry, `registry.terraform.io/…` Terraform's;
/// - the provider addresses of the changes, likewise.
///
/// A file with none of these (no providers at all) reads as Terraform's: the two print such
/// plans alike.
pub(crate) fn program(container: &Container<'_>, tfplan: &[u8]) -> Program {
    if container.has_tfschemas || container.state.is_some_and(|s| s.starts_with(b"{\"")) {
        return Program::OpenTofu;
    }
    let fields = PlanSignals::scan(tfplan);
    if let Some(p) = fields.program {
        return p;
    }
    if let Some(p) = container.lock_file.and_then(by_lock_file) {
        return p;
    }
    fields.provider_registry.unwrap_or(Program::Terraform)
}

/// What the top level of a `tfplan` message says about its writer.
#[derive(Default)]
struct PlanSignals {
    /// From a field only one program writes.
    program: Option<Program>,
    /// From the first change's provider address that names a default registry.
    provider_registry: Option<Program>,
}

/// `Plan.resource_changes`.
const RESOURCE_CHANGES: u32 = 3;
/// `ResourceInstanceChange.provider`.
const CHANGE_PROVIDER: u32 = 8;
/// `Plan` field 22: Terraform's function results, OpenTofu's ephemeral variable names.
const FIELD_22: u32 = 22;

impl PlanSignals {
    /// Reads the keys of the top-level fields (and the provider of changes until one names a
    /// registry); stops quietly where the bytes are broken, leaving the error to the decoder.
    fn scan(mut buf: &[u8]) -> PlanSignals {
        let mut out = PlanSignals::default();
        while !buf.is_empty() && out.program.is_none() {
            let Ok((number, wire)) = decode_key(&mut buf) else {
                break;
            };
            let by_number = match number {
                6 | 500_000_000 | 500_000_001 => Some(Program::OpenTofu),
                25..=32 => Some(Program::Terraform),
                _ => None,
            };
            if by_number.is_some() {
                out.program = by_number;
                break;
            }
            if wire != WireType::LengthDelimited {
                if skip_field(wire, number, &mut buf, DecodeContext::default()).is_err() {
                    break;
                }
                continue;
            }
            let Some(payload) = length_delimited(&mut buf) else {
                break;
            };
            match number {
                FIELD_22 => {
                    out.program = Some(if is_identifier(payload) {
                        Program::OpenTofu
                    } else {
                        Program::Terraform
                    });
                }
                RESOURCE_CHANGES if out.provider_registry.is_none() => {
                    out.provider_registry = string_field(payload, CHANGE_PROVIDER)
                        .and_then(|p| Program::by_registry(&String::from_utf8_lossy(p)));
                }
                _ => {}
            }
        }
        out
    }
}

/// The payload of a length-delimited field whose key was just read.
fn length_delimited<'b>(buf: &mut &'b [u8]) -> Option<&'b [u8]> {
    let len = usize::try_from(decode_varint(buf).ok()?).ok()?;
    let payload = buf.get(..len)?;
    *buf = buf.get(len..)?;
    Some(payload)
}

/// The first length-delimited field numbered `wanted` of the message `buf`.
fn string_field(mut buf: &[u8], wanted: u32) -> Option<&[u8]> {
    while !buf.is_empty() {
        let (number, wire) = decode_key(&mut buf).ok()?;
        if wire == WireType::LengthDelimited {
            let payload = length_delimited(&mut buf)?;
            if number == wanted {
                return Some(payload);
            }
        } else {
            skip_field(wire, number, &mut buf, DecodeContext::default()).ok()?;
        }
    }
    None
}

/// Whether `bytes` is an HCL identifier (a variable name); a Terraform function result
/// message starts with a field key byte, which never is.
fn is_identifier(bytes: &[u8]) -> bool {
    bytes
        .first()
        .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-')
}

/// The program that wrote a lock file: named in its header comment, else by its providers'
/// registries.
fn by_lock_file(lock: &[u8]) -> Option<Program> {
    let text = String::from_utf8_lossy(lock);
    let header = text.lines().next().unwrap_or("");
    if header.starts_with('#') {
        if header.contains("\"tofu init\"") {
            return Some(Program::OpenTofu);
        }
        if header.contains("\"terraform init\"") {
            return Some(Program::Terraform);
        }
    }
    Program::by_registry(&text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;

    fn lock(text: &'static [u8]) -> Container<'static> {
        Container {
            lock_file: Some(text),
            ..Container::default()
        }
    }

    #[test]
    fn registries_name_the_program() {
        let tofu_lock = lock(
            br#"provider "registry.opentofu.org/hashicorp/null" {
  version = "2.1.2"
}"#,
        );
        assert_eq!(program(&tofu_lock, b""), Program::OpenTofu);
        let tf_lock = lock(br#"provider "registry.terraform.io/hashicorp/null" {}"#);
        assert_eq!(program(&tf_lock, b""), Program::Terraform);
        let header = |h: &'static [u8]| lock(h);
        assert_eq!(
            program(
                &header(b"# This file is maintained automatically by \"tofu init\".\n"),
                b""
            ),
            Program::OpenTofu
        );
        assert_eq!(
            program(
                &header(b"# maintained automatically by \"terraform init\".\n"),
                b""
            ),
            Program::Terraform
        );
        let with_schemas = Container {
            has_tfschemas: true,
            ..tf_lock
        };
        assert_eq!(program(&with_schemas, b""), Program::OpenTofu);
        assert_eq!(program(&Container::default(), b""), Program::Terraform);
        let state = |s: &'static [u8]| Container {
            state: Some(s),
            ..Container::default()
        };
        let compact = state(br#"{"version":4,"terraform_version":"1.9.4"}"#);
        let indented = state(b"{\n  \"version\": 4\n}");
        assert_eq!(program(&compact, b""), Program::OpenTofu);
        assert_eq!(program(&indented, b""), Program::Terraform);
        let change = crate::proto::ResourceInstanceChange {
            provider: r#"provider["registry.opentofu.org/hashicorp/null"]"#.into(),
            ..Default::default()
        };
        let plan = crate::proto::Plan {
            resource_changes: vec![change],
            ..Default::default()
        };
        assert_eq!(
            program(&Container::default(), &plan.encode_to_vec()),
            Program::OpenTofu
        );
    }

    #[test]
    fn plan_fields_name_the_program() {
        let tf_lock = lock(br#"provider "registry.terraform.io/hashicorp/null" {}"#);
        let plan = |p: crate::proto::Plan| p.encode_to_vec();
        let excluding = plan(crate::proto::Plan {
            exclude_addrs: vec!["a.b".into()],
            ..Default::default()
        });
        assert_eq!(program(&tf_lock, &excluding), Program::OpenTofu);
        let ephemeral = plan(crate::proto::Plan {
            function_results_or_ephemeral_variables: vec![b"token".to_vec()],
            ..Default::default()
        });
        assert_eq!(
            program(&Container::default(), &ephemeral),
            Program::OpenTofu
        );
        // A function result hash: a message with two bytes fields.
        let results = plan(crate::proto::Plan {
            function_results_or_ephemeral_variables: vec![vec![0x0a, 1, 0xff, 0x12, 1, 0xfe]],
            ..Default::default()
        });
        let tofu_lock = lock(br#"provider "registry.opentofu.org/hashicorp/null" {}"#);
        assert_eq!(program(&tofu_lock, &results), Program::Terraform);
        let applyable = plan(crate::proto::Plan {
            applyable: true,
            ..Default::default()
        });
        assert_eq!(program(&tofu_lock, &applyable), Program::Terraform);
        // Broken bytes tell nothing.
        assert_eq!(program(&tofu_lock, &[0xff, 0xff]), Program::OpenTofu);
    }
}
