//! The `configuration` section of a plan document (`jsonconfig`).
//!
//! ```text
//! {"provider_config":{KEY:{"name":…,"full_name":…,"alias":…,"version_constraint":…,
//!                          "module_address":…,"expressions":{…}}},
//!  "root_module":{…}}
//! ```

mod blocks_as_attrs;
mod constraints;
mod expressions;
mod module;
mod providers;

use tfshow_config::model::ConfigNode;
use tfshow_gojson::Writer;
use tfshow_schema::{Mode, Schemas};

use crate::error::Error;
use crate::Release;
use expressions::{write_expressions, BodySchema};

/// Writes the configuration document of the module tree `root`.
pub(crate) fn write_configuration(
    w: &mut Writer<'_>,
    root: &ConfigNode,
    schemas: Option<&Schemas>,
    version: &Release,
    fallback_versions: &dyn Fn(&str, Mode, &str) -> Option<u64>,
) -> Result<(), Error> {
    let entries = providers::collect(root, version);
    w.begin_object();
    let shown: Vec<_> = entries
        .iter()
        .filter(|(_, e)| e.parent_key.is_empty())
        .collect();
    if !shown.is_empty() {
        w.key("provider_config");
        w.begin_object();
        for (key, e) in shown {
            w.key(key);
            w.begin_object();
            w.key("name");
            w.string(&e.name);
            if version.has(crate::Feature::ModuleQualifiedConfig) && !e.full_name.is_empty() {
                w.key("full_name");
                w.string(&e.full_name);
            }
            if let Some(a) = e.alias.as_deref().filter(|a| !a.is_empty()) {
                w.key("alias");
                w.string(a);
            }
            if !e.version_constraint.is_empty() {
                w.key("version_constraint");
                w.string(&e.version_constraint);
            }
            if !e.module_address.is_empty() {
                w.key("module_address");
                w.string(&e.module_address);
            }
            if let Some((path, i)) = &e.block {
                if let Some(block) =
                    find(root, path).and_then(|n| n.module.provider_configs.get(*i))
                {
                    // A provider the schemas leave out entirely is written as without
                    // schemas.
                    let schema = match schemas.and_then(|s| s.providers.get(&e.full_name)) {
                        Some(p) => p.provider.as_ref().map(|p| BodySchema::Block(&p.block)),
                        None => Some(BodySchema::Unknown),
                    };
                    if let Some(schema) =
                        schema.filter(|s| expressions::has_expressions(&block.body, s, version))
                    {
                        w.key("expressions");
                        write_expressions(w, &block.body, &schema, version);
                    }
                }
            }
            w.end_object();
        }
        w.end_object();
    }
    w.key("root_module");
    let cx = module::Context {
        schemas,
        providers: &entries,
        version,
        fallback_versions,
    };
    module::write_module(w, root, "", &cx)?;
    w.end_object();
    Ok(())
}

fn find<'a>(root: &'a ConfigNode, path: &[String]) -> Option<&'a ConfigNode> {
    path.iter()
        .try_fold(root, |node, name| node.children.get(name))
}
