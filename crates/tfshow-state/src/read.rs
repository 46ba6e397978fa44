//! Reading state JSON.

use serde::Deserialize;
use tfshow_cty::{json::from_json, Path, PathStep, Type};

use crate::model::{CheckObject, CheckResult, Instance, Mode, OutputValue, Resource, State};
use crate::InstanceKey;

/// A state file could not be read. Messages name the resource and instance concerned.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    /// Not JSON, or JSON of the wrong shape.
    #[error("state: {0}")]
    Json(#[from] serde_json::Error),
    /// The pre-0.7 binary state format.
    #[error(
        "state: this is a binary state file from Terraform 0.6 or earlier, which is not supported"
    )]
    Binary,
    /// A state format version other than 1 to 4 (0, which never existed, or a newer one).
    #[error("state: format version {version} is not supported (written by Terraform {terraform_version:?}); versions 1 to 4 are read")]
    Version {
        /// The `version` field.
        version: u64,
        /// The `terraform_version` field.
        terraform_version: String,
    },
    /// The file goes over a limit.
    #[error("state: {0}")]
    Limit(#[from] tfshow_limits::LimitExceeded),
    /// Invalid content at a named place.
    #[error("state: {at}: {message}")]
    Invalid {
        /// Where (output, resource, instance).
        at: String,
        /// What was wrong.
        message: String,
    },
}

fn invalid(at: impl Into<String>, message: impl Into<String>) -> StateError {
    StateError::Invalid {
        at: at.into(),
        message: message.into(),
    }
}

/// Whether `bytes` look like a state file (a JSON object with a numeric `version` and a
/// `lineage`, `terraform_version` or, in format versions 1 to 3, `modules`), without parsing
/// it all.
pub fn looks_like_state(bytes: &[u8]) -> bool {
    #[derive(Deserialize)]
    struct Probe {
        version: Option<serde_json::Number>,
        lineage: Option<String>,
        terraform_version: Option<String>,
        modules: Option<serde::de::IgnoredAny>,
    }
    match serde_json::from_slice::<Probe>(bytes) {
        Ok(p) => {
            p.version.is_some()
                && (p.lineage.is_some() || p.terraform_version.is_some() || p.modules.is_some())
        }
        Err(_) => false,
    }
}

#[derive(Deserialize)]
struct RawHeader {
    version: u64,
    #[serde(default)]
    terraform_version: String,
}

#[derive(Deserialize)]
struct RawState {
    #[serde(default)]
    terraform_version: String,
    #[serde(default)]
    serial: u64,
    #[serde(default)]
    lineage: String,
    #[serde(default)]
    outputs: Option<serde_json::Map<String, serde_json::Value>>,
    #[serde(default)]
    resources: Option<Vec<RawResource>>,
    #[serde(default)]
    check_results: Option<Vec<RawCheckResult>>,
}

#[derive(Deserialize)]
struct RawOutput {
    value: serde_json::Value,
    #[serde(rename = "type")]
    ty: serde_json::Value,
    #[serde(default)]
    sensitive: bool,
}

#[derive(Deserialize)]
struct RawResource {
    #[serde(default)]
    module: String,
    mode: String,
    #[serde(rename = "type")]
    type_: String,
    name: String,
    #[serde(default)]
    provider: String,
    #[serde(default)]
    instances: Vec<RawInstance>,
}

#[derive(Deserialize)]
struct RawInstance {
    #[serde(default)]
    index_key: Option<serde_json::Value>,
    #[serde(default)]
    status: String,
    #[serde(default)]
    deposed: String,
    #[serde(default)]
    schema_version: u64,
    #[serde(default)]
    attributes: Option<serde_json::Value>,
    #[serde(default)]
    attributes_flat: Option<std::collections::BTreeMap<String, String>>,
    #[serde(default)]
    sensitive_attributes: Option<Vec<Vec<RawPathStep>>>,
    #[serde(default)]
    identity_schema_version: u64,
    #[serde(default)]
    identity: Option<serde_json::Value>,
    #[serde(default)]
    private: Option<String>,
    #[serde(default)]
    dependencies: Option<Vec<String>>,
    #[serde(default)]
    create_before_destroy: bool,
    #[serde(default)]
    skip_destroy: bool,
    #[serde(default)]
    provider: String,
}

#[derive(Deserialize)]
struct RawPathStep {
    #[serde(rename = "type")]
    kind: String,
    value: serde_json::Value,
}

#[derive(Deserialize)]
struct RawCheckResult {
    object_kind: String,
    config_addr: String,
    status: String,
    #[serde(default)]
    objects: Option<Vec<RawCheckObject>>,
}

#[derive(Deserialize)]
struct RawCheckObject {
    object_addr: String,
    status: String,
    #[serde(default)]
    failure_messages: Option<Vec<String>>,
}

impl State {
    /// Reads a state file with the default [`Limits`](tfshow_limits::Limits). Empty input (or
    /// only whitespace) is the empty state, as Terraform treats an empty file.
    pub fn from_json(bytes: &[u8]) -> Result<State, StateError> {
        State::from_json_with(bytes, &tfshow_limits::Limits::default())
    }

    /// Reads a state file, refusing JSON that goes over `limits` (nesting, string and
    /// collection lengths, estimated decoded size) before parsing it.
    pub fn from_json_with(
        bytes: &[u8],
        limits: &tfshow_limits::Limits,
    ) -> Result<State, StateError> {
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(State {
                version: 4,
                ..State::default()
            });
        }
        if bytes.starts_with(b"tfstate") {
            return Err(StateError::Binary);
        }
        tfshow_limits::json::check(bytes, limits)?;
        let header: RawHeader = tfshow_limits::json::from_checked_slice(bytes)?;
        if (1..=3).contains(&header.version) {
            let top: serde_json::Value = tfshow_limits::json::from_checked_slice(bytes)?;
            return crate::upgrade::upgrade(&top, header.version);
        }
        if header.version != 4 {
            return Err(StateError::Version {
                version: header.version,
                terraform_version: header.terraform_version,
            });
        }
        let raw: RawState = tfshow_limits::json::from_checked_slice(bytes)?;
        let mut outputs = Vec::new();
        for (name, v) in raw.outputs.unwrap_or_default() {
            let at = format!("output {name:?}");
            let o: RawOutput =
                serde_json::from_value(v).map_err(|e| invalid(&at, e.to_string()))?;
            let ty = Type::from_json_value(&o.ty).map_err(|e| invalid(&at, e.to_string()))?;
            outputs.push((
                name,
                OutputValue {
                    value: o.value,
                    ty,
                    sensitive: o.sensitive,
                },
            ));
        }
        outputs.sort_by(|a, b| a.0.cmp(&b.0));
        let resources = raw
            .resources
            .unwrap_or_default()
            .into_iter()
            .map(resource)
            .collect::<Result<_, _>>()?;
        let check_results = raw.check_results.map(|rs| {
            rs.into_iter()
                .map(|r| CheckResult {
                    object_kind: r.object_kind,
                    config_addr: r.config_addr,
                    status: r.status,
                    objects: r
                        .objects
                        .unwrap_or_default()
                        .into_iter()
                        .map(|o| CheckObject {
                            object_addr: o.object_addr,
                            status: o.status,
                            failure_messages: o.failure_messages.unwrap_or_default(),
                        })
                        .collect(),
                })
                .collect()
        });
        Ok(State {
            version: 4,
            terraform_version: raw.terraform_version,
            serial: raw.serial,
            lineage: raw.lineage,
            outputs,
            resources,
            check_results,
            upgraded_from: None,
        })
    }
}

fn resource(r: RawResource) -> Result<Resource, StateError> {
    let prefix = if r.module.is_empty() {
        String::new()
    } else {
        format!("{}.", r.module)
    };
    let data = if r.mode == "data" { "data." } else { "" };
    let at = format!("resource {prefix}{data}{}.{}", r.type_, r.name);
    let mode = match r.mode.as_str() {
        "managed" => Mode::Managed,
        "data" => Mode::Data,
        m => return Err(invalid(at, format!("unsupported mode {m:?}"))),
    };
    let mut instances = Vec::with_capacity(r.instances.len());
    for (i, inst) in r.instances.into_iter().enumerate() {
        instances.push(instance(inst).map_err(|m| invalid(format!("{at} instance {i}"), m))?);
    }
    Ok(Resource {
        module: r.module,
        mode,
        type_: r.type_,
        name: r.name,
        provider: r.provider,
        instances,
    })
}

fn instance(i: RawInstance) -> Result<Instance, String> {
    let index_key = match i.index_key {
        None | Some(serde_json::Value::Null) => InstanceKey::None,
        Some(serde_json::Value::String(s)) => InstanceKey::Str(s),
        Some(serde_json::Value::Number(n)) => {
            let text = n.to_string();
            let k = text
                .parse::<i64>()
                .or_else(|_| text.parse::<f64>().map(|f| f as i64))
                .map_err(|_| format!("invalid index_key {text}"))?;
            InstanceKey::Int(k)
        }
        Some(other) => return Err(format!("invalid index_key {other}")),
    };
    let tainted = match i.status.as_str() {
        "" => false,
        "tainted" => true,
        s => return Err(format!("invalid status {s:?}")),
    };
    let sensitive_attributes = i
        .sensitive_attributes
        .unwrap_or_default()
        .into_iter()
        .map(path)
        .collect::<Result<_, _>>()?;
    Ok(Instance {
        index_key,
        tainted,
        deposed: i.deposed,
        schema_version: i.schema_version,
        attributes: i
            .attributes
            .unwrap_or_else(|| serde_json::Value::Object(Default::default())),
        attributes_flat: i.attributes_flat.map(|m| m.into_iter().collect()),
        sensitive_attributes,
        identity_schema_version: i.identity_schema_version,
        identity: i.identity,
        private: i.private,
        dependencies: i.dependencies.unwrap_or_default(),
        create_before_destroy: i.create_before_destroy,
        skip_destroy: i.skip_destroy,
        provider: Some(i.provider).filter(|p| !p.is_empty()),
    })
}

fn path(steps: Vec<RawPathStep>) -> Result<Path, String> {
    steps
        .into_iter()
        .map(|s| match s.kind.as_str() {
            "get_attr" => match s.value {
                serde_json::Value::String(name) => Ok(PathStep::Attr(name)),
                v => Err(format!(
                    "sensitive_attributes: get_attr step with value {v}"
                )),
            },
            "index" => from_json(&s.value, &Type::Dynamic)
                .map(|v| PathStep::Index(v.peel().clone()))
                .map_err(|e| format!("sensitive_attributes: index step: {e}")),
            k => Err(format!("sensitive_attributes: unknown step type {k:?}")),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_file_is_empty_state() {
        assert!(State::from_json(b"").unwrap().is_empty());
    }

    /// A format version 1 state (Terraform 0.6 and earlier) has no lineage or Terraform
    /// version, and may have no serial; it is read, upgraded.
    #[test]
    fn version_1_without_serial_is_a_state() {
        let src =
            br#"{"version":1,"modules":[{"path":["root"],"outputs":{"a":"b"},"resources":{}}]}"#;
        assert!(looks_like_state(src));
        let state = State::from_json(src).unwrap();
        assert_eq!(state.upgraded_from, Some(1));
        assert_eq!(
            (state.serial, state.terraform_version.as_str()),
            (0, "0.0.0")
        );
        assert_eq!(state.outputs[0].0, "a");
    }

    #[test]
    fn refuses_other_versions() {
        for version in [0, 5] {
            let src = format!(r#"{{"version":{version},"terraform_version":"9.0.0","serial":1}}"#);
            let err = State::from_json(src.as_bytes()).unwrap_err();
            assert!(
                err.to_string()
                    .contains(&format!("format version {version}")),
                "{err}"
            );
        }
        assert!(matches!(
            State::from_json(b"tfstate\x00"),
            Err(StateError::Binary)
        ));
    }

    #[test]
    fn bad_instance_is_named() {
        let src = br#"{"version":4,"terraform_version":"1.5.0","serial":1,"lineage":"x","outputs":{},
            "resources":[{"mode":"managed","type":"t","name":"n","provider":"p","instances":[{"status":"gone","attributes":{}}]}]}"#;
        let err = State::from_json(src).unwrap_err().to_string();
        assert_eq!(
            err,
            "state: resource t.n instance 0: invalid status \"gone\""
        );
    }
}
