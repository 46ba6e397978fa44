//! The configuration snapshot of a plan file: `tfconfig/modules.json` and the
//! `tfconfig/m-<KEY>/<FILE>` entries, grouped by module.

use crate::error::Error;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The name of the manifest entry.
pub(crate) const MANIFEST_ENTRY: &str = "tfconfig/modules.json";
/// The prefix of module file entries; the module key and file name follow.
pub(crate) const MODULE_FILE_PREFIX: &str = "tfconfig/m-";

/// The configuration the plan was made from, as stored in the plan file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConfigSnapshot {
    /// The modules by key: `""` for the root module, `child.grand` for nested module calls.
    pub modules: BTreeMap<String, SnapshotModule>,
}

/// One module of a [`ConfigSnapshot`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SnapshotModule {
    /// The module source address recorded by `init` (`""` for the root module).
    pub source: String,
    /// The selected registry module version, or `""`.
    pub version: String,
    /// The directory the module was loaded from when planning.
    pub dir: String,
    /// The configuration files by base name (`main.tf`), with their raw contents.
    pub files: BTreeMap<String, Vec<u8>>,
}

/// One record of `tfconfig/modules.json` (a JSON array of these).
#[derive(Deserialize)]
struct ManifestRecord {
    #[serde(rename = "Key", default)]
    key: Option<String>,
    #[serde(rename = "Source", default)]
    source: Option<String>,
    #[serde(rename = "Version", default)]
    version: Option<String>,
    #[serde(rename = "Dir", default)]
    dir: Option<String>,
}

/// A module file entry: its full entry name, module key, file name and contents.
pub(crate) struct ModuleFile {
    pub(crate) entry: String,
    pub(crate) key: String,
    pub(crate) name: String,
    pub(crate) contents: Vec<u8>,
}

/// Splits a `tfconfig/m-<KEY>/<FILE>` entry name into key and file name, splitting at the last
/// `/`. Returns `None` for other names and for entries without a file name.
pub(crate) fn split_module_file(entry: &str) -> Option<(&str, &str)> {
    let rest = entry.strip_prefix(MODULE_FILE_PREFIX)?;
    let (key, name) = rest.rsplit_once('/')?;
    (!name.is_empty()).then_some((key, name))
}

impl ConfigSnapshot {
    /// Builds the snapshot from the manifest and the module files. Every file must belong to a
    /// module in the manifest; a manifest module without files is allowed.
    pub(crate) fn build(
        manifest: &[u8],
        files: Vec<ModuleFile>,
        limits: &tfshow_limits::Limits,
    ) -> Result<Self, Error> {
        use tfshow_limits::json::JsonError;
        let records: Vec<ManifestRecord> = tfshow_limits::json::from_slice(manifest, limits)
            .map_err(|e| match e {
                JsonError::Limit(source) => Error::Limit {
                    at: MANIFEST_ENTRY.to_owned(),
                    source,
                },
                JsonError::Json(e) => Error::Config {
                    entry: MANIFEST_ENTRY.to_owned(),
                    reason: format!("invalid module manifest: {e}"),
                },
            })?;
        let mut modules: BTreeMap<String, SnapshotModule> = records
            .into_iter()
            .map(|r| {
                let module = SnapshotModule {
                    source: r.source.unwrap_or_default(),
                    version: r.version.unwrap_or_default(),
                    dir: r.dir.unwrap_or_default(),
                    files: BTreeMap::new(),
                };
                (r.key.unwrap_or_default(), module)
            })
            .collect();
        for file in files {
            let module = modules.get_mut(&file.key).ok_or_else(|| Error::Config {
                entry: file.entry.clone(),
                reason: format!("module {:?} is not recorded in {MANIFEST_ENTRY}", file.key),
            })?;
            module.files.insert(file.name, file.contents);
        }
        Ok(ConfigSnapshot { modules })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(key: &str, name: &str, contents: &str) -> ModuleFile {
        ModuleFile {
            entry: format!("{MODULE_FILE_PREFIX}{key}/{name}"),
            key: key.to_owned(),
            name: name.to_owned(),
            contents: contents.as_bytes().to_vec(),
        }
    }

    #[test]
    fn splits_entry_names() {
        assert_eq!(
            split_module_file("tfconfig/m-/main.tf"),
            Some(("", "main.tf"))
        );
        assert_eq!(
            split_module_file("tfconfig/m-child.grand/x.tf.json"),
            Some(("child.grand", "x.tf.json"))
        );
        assert_eq!(
            split_module_file("tfconfig/m-a/b/c.tf"),
            Some(("a/b", "c.tf"))
        );
        assert_eq!(split_module_file("tfconfig/m-nofile"), None);
        assert_eq!(split_module_file("tfconfig/m-dir/"), None);
        assert_eq!(split_module_file("tfconfig/modules.json"), None);
        assert_eq!(split_module_file("../tfconfig/m-/x.tf"), None);
    }

    #[test]
    fn groups_files_by_module() {
        let manifest = br#"[
  {"Key": "", "Dir": "."},
  {"Key": "child", "Source": "./child", "Dir": "child"},
  {"Key": "empty", "Source": "hashicorp/x/aws", "Version": "1.0.0", "Dir": ".terraform/modules/empty"}
]"#;
        let snap = ConfigSnapshot::build(
            manifest,
            vec![
                file("", "main.tf", "root"),
                file("child", "main.tf", "child"),
                file("", "variables.tf", "vars"),
            ],
            &Default::default(),
        )
        .unwrap();
        assert_eq!(snap.modules.len(), 3);
        let root = &snap.modules[""];
        assert_eq!(root.dir, ".");
        assert_eq!(root.source, "");
        assert_eq!(
            root.files.keys().collect::<Vec<_>>(),
            ["main.tf", "variables.tf"]
        );
        assert_eq!(snap.modules["child"].source, "./child");
        assert_eq!(snap.modules["empty"].version, "1.0.0");
        assert!(snap.modules["empty"].files.is_empty());
    }

    #[test]
    fn rejects_files_of_unknown_modules() {
        let err = ConfigSnapshot::build(
            br#"[{"Key":"","Dir":"."}]"#,
            vec![file("x", "a.tf", "")],
            &Default::default(),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "tfconfig/m-x/a.tf: module \"x\" is not recorded in tfconfig/modules.json"
        );
    }

    #[test]
    fn rejects_bad_manifest() {
        let err = ConfigSnapshot::build(b"{}", Vec::new(), &Default::default()).unwrap_err();
        assert!(err
            .to_string()
            .starts_with("tfconfig/modules.json: invalid module manifest"));
    }
}
