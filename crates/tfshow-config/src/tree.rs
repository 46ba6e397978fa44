//! The module tree of a configuration snapshot.

use std::collections::BTreeMap;

use rayon::prelude::*;

use crate::error::ConfigError;
use crate::model::ConfigNode;
use crate::parse::load_module_config_with;
use tfshow_limits::Limits;

/// Modules nest at most this deep.
const MAX_DEPTH: usize = 64;

/// The files of each module in a snapshot, by module key (`""` for the root, `a.b` for
/// `module.a.module.b`).
pub type SnapshotFiles<'a> = BTreeMap<&'a str, Vec<(&'a str, &'a [u8])>>;

/// Builds the configuration tree from a snapshot, starting at the root module and following
/// module calls. A called module missing from the snapshot is an error.
pub fn load_tree(files: &SnapshotFiles<'_>) -> Result<ConfigNode, ConfigError> {
    load_tree_with(files, &Limits::default())
}

/// [`load_tree`], reading every file within `limits`.
pub fn load_tree_with(
    files: &SnapshotFiles<'_>,
    limits: &Limits,
) -> Result<ConfigNode, ConfigError> {
    load_node(files, Vec::new(), limits)
}

fn load_node(
    files: &SnapshotFiles<'_>,
    path: Vec<String>,
    limits: &Limits,
) -> Result<ConfigNode, ConfigError> {
    let key = path.join(".");
    let module_files = files
        .get(key.as_str())
        .ok_or_else(|| ConfigError::Invalid {
            file: "tfconfig/modules.json".into(),
            message: format!("module {key:?} is called but not in the configuration snapshot"),
        })?;
    let module = load_module_config_with(module_files, limits).map_err(|e| e.in_module(&key))?;
    if path.len() > MAX_DEPTH {
        return Err(ConfigError::Invalid {
            file: "tfconfig/modules.json".into(),
            message: format!("modules nest more than {MAX_DEPTH} levels deep"),
        });
    }
    // Child modules are parsed in parallel; the first failure in call order is reported.
    let loaded: Vec<Result<ConfigNode, ConfigError>> = module
        .module_calls
        .par_iter()
        .map(|call| {
            let mut child_path = path.clone();
            child_path.push(call.name.clone());
            load_node(files, child_path, limits)
        })
        .collect();
    let mut children = BTreeMap::new();
    for (call, child) in module.module_calls.iter().zip(loaded) {
        children.insert(call.name.clone(), child?);
    }
    Ok(ConfigNode {
        path,
        module,
        children,
    })
}
