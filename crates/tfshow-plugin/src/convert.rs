//! A plugin's `GetProviderSchema` (and `GetResourceIdentitySchemas`) answer, protocol 5 or 6,
//! turned into what `terraform providers schema -json` prints for that provider: the same
//! members in the same order, map keys sorted, Go's escaping, types in their canonical JSON.
//!
//! The answer is first read into [`Provider`], one model for both protocol versions (a repeated
//! name keeps its last definition, as in Terraform), and then written out.

use std::collections::BTreeMap;

use tfshow_gojson::{Dialect, Writer};

use crate::error::{excerpt, Error};
use crate::proto::{tfplugin5 as v5, tfplugin6 as v6};

/// Blocks, nested attribute types and cty types nest at most this deep.
const MAX_DEPTH: usize = 64;

/// One provider's schemas, protocol-independent.
#[derive(Debug, Default)]
pub(crate) struct Provider {
    provider: Schema,
    resources: BTreeMap<String, Schema>,
    data_sources: BTreeMap<String, Schema>,
    ephemeral_resources: BTreeMap<String, Schema>,
    list_resources: BTreeMap<String, Schema>,
    functions: BTreeMap<String, Function>,
    identities: BTreeMap<String, Identity>,
    actions: BTreeMap<String, Block>,
    state_stores: BTreeMap<String, Schema>,
}

#[derive(Debug, Default)]
struct Schema {
    version: i64,
    block: Block,
}

#[derive(Debug, Default)]
struct Block {
    attributes: BTreeMap<String, Attribute>,
    block_types: BTreeMap<String, NestedBlock>,
    description: String,
    markdown: bool,
    deprecated: bool,
    deprecation_message: String,
}

#[derive(Debug, Default)]
struct Attribute {
    /// Canonical type JSON; `None` when the plugin sent no type.
    ty: Option<Vec<u8>>,
    nested: Option<Object>,
    description: String,
    markdown: bool,
    deprecated: bool,
    deprecation_message: String,
    required: bool,
    optional: bool,
    computed: bool,
    sensitive: bool,
    write_only: bool,
}

#[derive(Debug, Default)]
struct Object {
    attributes: BTreeMap<String, Attribute>,
    nesting: &'static str,
}

#[derive(Debug, Default)]
struct NestedBlock {
    nesting: &'static str,
    block: Block,
    min_items: i64,
    max_items: i64,
}

#[derive(Debug, Default)]
struct Identity {
    version: i64,
    attributes: BTreeMap<String, IdentityAttribute>,
}

#[derive(Debug, Default)]
struct IdentityAttribute {
    ty: Vec<u8>,
    description: String,
    required_for_import: bool,
    optional_for_import: bool,
}

#[derive(Debug, Default)]
struct Function {
    description: String,
    summary: String,
    return_type: Vec<u8>,
    parameters: Vec<Parameter>,
    variadic: Option<Parameter>,
}

#[derive(Debug, Default)]
struct Parameter {
    name: String,
    description: String,
    nullable: bool,
    ty: Vec<u8>,
}

fn invalid(at: &str, message: impl Into<String>) -> Error {
    Error::Schema {
        at: excerpt(at, false),
        message: message.into(),
    }
}

/// A cty type in the plugin's JSON, re-encoded as Terraform prints it.
fn type_json(raw: &[u8], at: &str) -> Result<Vec<u8>, Error> {
    let t = tfshow_cty::Type::from_json(raw).map_err(|e| invalid(at, format!("type: {e}")))?;
    let mut out = Vec::new();
    t.write_json(&mut out);
    Ok(out)
}

fn nesting_name(n: i32, names: &[&'static str]) -> &'static str {
    usize::try_from(n)
        .ok()
        .and_then(|i| names.get(i).copied())
        .unwrap_or("invalid")
}

/// Nesting modes by their number in both protocols (`GROUP` exists for blocks only).
const BLOCK_NESTING: [&str; 6] = ["invalid", "single", "list", "set", "map", "group"];

/// The conversion of one protocol version's messages; both versions' schema messages have the
/// same shape but distinct Rust types.
macro_rules! from_protocol {
    ($pb:ident, $nested:expr) => {
        impl Schema {
            fn $pb(s: Option<$pb::Schema>, at: &str) -> Result<Schema, Error> {
                let s = s.unwrap_or_default();
                Ok(Schema {
                    version: s.version,
                    block: Block::$pb(s.block.unwrap_or_default(), at, 0)?,
                })
            }
        }

        impl Block {
            fn $pb(b: $pb::schema::Block, at: &str, depth: usize) -> Result<Block, Error> {
                if depth > MAX_DEPTH {
                    return Err(invalid(at, "blocks nested too deeply"));
                }
                let mut attributes = BTreeMap::new();
                for a in b.attributes {
                    let at = format!("{at}.{}", a.name);
                    let attr = Attribute::$pb(a, &at, depth)?;
                    attributes.insert(attr.0, attr.1);
                }
                let mut block_types = BTreeMap::new();
                for nb in b.block_types {
                    let at = format!("{at}.{}", nb.type_name);
                    let nested = NestedBlock {
                        nesting: nesting_name(nb.nesting, &BLOCK_NESTING),
                        block: Block::$pb(nb.block.unwrap_or_default(), &at, depth + 1)?,
                        min_items: nb.min_items,
                        max_items: nb.max_items,
                    };
                    block_types.insert(nb.type_name, nested);
                }
                Ok(Block {
                    attributes,
                    block_types,
                    description: b.description,
                    markdown: b.description_kind == $pb::StringKind::Markdown as i32,
                    deprecated: b.deprecated,
                    deprecation_message: b.deprecation_message,
                })
            }
        }

        impl Attribute {
            #[allow(unused_mut)]
            fn $pb(
                mut a: $pb::schema::Attribute,
                at: &str,
                depth: usize,
            ) -> Result<(String, Attribute), Error> {
                let ty = if a.r#type.is_empty() {
                    None
                } else {
                    Some(type_json(&a.r#type, at)?)
                };
                let nested = $nested(&mut a, at, depth)?;
                Ok((
                    a.name,
                    Attribute {
                        ty,
                        nested,
                        description: a.description,
                        markdown: a.description_kind == $pb::StringKind::Markdown as i32,
                        deprecated: a.deprecated,
                        deprecation_message: a.deprecation_message,
                        required: a.required,
                        optional: a.optional,
                        computed: a.computed,
                        sensitive: a.sensitive,
                        write_only: a.write_only,
                    },
                ))
            }
        }

        impl Function {
            fn $pb(f: $pb::Function, at: &str) -> Result<Function, Error> {
                let parameter =
                    |p: $pb::function::Parameter, at: &str| -> Result<Parameter, Error> {
                        let at = format!("{at}({})", p.name);
                        Ok(Parameter {
                            ty: type_json(&p.r#type, &at)?,
                            name: p.name,
                            description: p.description,
                            nullable: p.allow_null_value,
                        })
                    };
                // Terraform needs a return type; without one, say `dynamic` rather than
                // refusing the whole provider over a function.
                let ret = f.r#return.unwrap_or_default();
                Ok(Function {
                    description: f.description,
                    summary: f.summary,
                    return_type: if ret.r#type.is_empty() {
                        b"\"dynamic\"".to_vec()
                    } else {
                        type_json(&ret.r#type, &format!("{at} return"))?
                    },
                    parameters: f
                        .parameters
                        .into_iter()
                        .map(|p| parameter(p, at))
                        .collect::<Result<_, _>>()?,
                    variadic: f.variadic_parameter.map(|p| parameter(p, at)).transpose()?,
                })
            }
        }

        impl Identity {
            fn $pb(s: $pb::ResourceIdentitySchema, at: &str) -> Result<Identity, Error> {
                let mut attributes = BTreeMap::new();
                for a in s.identity_attributes {
                    let at = format!("{at}.{}", a.name);
                    attributes.insert(
                        a.name,
                        IdentityAttribute {
                            ty: type_json(&a.r#type, &at)?,
                            description: a.description,
                            required_for_import: a.required_for_import,
                            optional_for_import: a.optional_for_import,
                        },
                    );
                }
                Ok(Identity {
                    version: s.version,
                    attributes,
                })
            }
        }

        impl Provider {
            /// The model of a protocol-`$pb` answer. Identity schemas count only for
            /// resource types the schema answer has, as in Terraform.
            pub(crate) fn $pb(
                r: $pb::get_provider_schema::Response,
                identities: $pb::get_resource_identity_schemas::Response,
            ) -> Result<Provider, Error> {
                let schemas = |m: std::collections::HashMap<String, $pb::Schema>,
                               kind: &str|
                 -> Result<BTreeMap<String, Schema>, Error> {
                    m.into_iter()
                        .map(|(name, s)| {
                            let at = format!("{kind} {name}");
                            Ok((name, Schema::$pb(Some(s), &at)?))
                        })
                        .collect()
                };
                let mut p = Provider {
                    provider: Schema::$pb(r.provider, "provider")?,
                    resources: schemas(r.resource_schemas, "resource")?,
                    data_sources: schemas(r.data_source_schemas, "data source")?,
                    ephemeral_resources: schemas(
                        r.ephemeral_resource_schemas,
                        "ephemeral resource",
                    )?,
                    list_resources: schemas(r.list_resource_schemas, "list resource")?,
                    ..Provider::default()
                };
                for (name, f) in r.functions {
                    let at = format!("function {name}");
                    p.functions.insert(name, Function::$pb(f, &at)?);
                }
                for (name, a) in r.action_schemas {
                    let at = format!("action {name}");
                    let s = Schema::$pb(a.schema, &at)?;
                    p.actions.insert(name, s.block);
                }
                for (name, s) in identities.identity_schemas {
                    if p.resources.contains_key(&name) {
                        let at = format!("identity {name}");
                        p.identities.insert(name, Identity::$pb(s, &at)?);
                    }
                }
                Ok(p)
            }
        }
    };
}

from_protocol!(v5, |_: &mut v5::schema::Attribute, _: &str, _: usize| {
    Ok::<_, Error>(None)
});
from_protocol!(v6, |a: &mut v6::schema::Attribute,
                    at: &str,
                    depth: usize| {
    a.nested_type
        .take()
        .map(|o| Object::v6(o, at, depth + 1))
        .transpose()
});

impl Object {
    fn v6(o: v6::schema::Object, at: &str, depth: usize) -> Result<Object, Error> {
        if depth > MAX_DEPTH {
            return Err(invalid(at, "nested attribute types nested too deeply"));
        }
        let mut attributes = BTreeMap::new();
        for a in o.attributes {
            let at = format!("{at}.{}", a.name);
            let (name, attr) = Attribute::v6(a, &at, depth)?;
            attributes.insert(name, attr);
        }
        Ok(Object {
            attributes,
            nesting: nesting_name(o.nesting, &BLOCK_NESTING[..5]),
        })
    }
}

/// Protocol 6 only: state store schemas.
pub(crate) fn add_state_stores(
    p: &mut Provider,
    stores: std::collections::HashMap<String, v6::Schema>,
) -> Result<(), Error> {
    for (name, s) in stores {
        let at = format!("state store {name}");
        p.state_stores.insert(name, Schema::v6(Some(s), &at)?);
    }
    Ok(())
}

impl Provider {
    /// The provider's object in `terraform providers schema -json`.
    pub(crate) fn to_json(&self) -> Vec<u8> {
        let mut w = Writer::new(Dialect::Modern);
        w.begin_object();
        w.key("provider");
        write_schema(&mut w, &self.provider);
        schemas(&mut w, "resource_schemas", &self.resources);
        schemas(&mut w, "data_source_schemas", &self.data_sources);
        schemas(
            &mut w,
            "ephemeral_resource_schemas",
            &self.ephemeral_resources,
        );
        schemas(&mut w, "list_resource_schemas", &self.list_resources);
        if !self.functions.is_empty() {
            w.key("functions");
            w.begin_object();
            for (name, f) in &self.functions {
                w.key(name);
                write_function(&mut w, f);
            }
            w.end_object();
        }
        if !self.identities.is_empty() {
            w.key("resource_identity_schemas");
            w.begin_object();
            for (name, id) in &self.identities {
                w.key(name);
                w.begin_object();
                w.key("version");
                w.u64(id.version as u64);
                if !id.attributes.is_empty() {
                    w.key("attributes");
                    w.begin_object();
                    for (name, a) in &id.attributes {
                        w.key(name);
                        w.begin_object();
                        w.key("type");
                        raw_type(&mut w, &a.ty);
                        if !a.description.is_empty() {
                            w.key("description");
                            w.string(&a.description);
                        }
                        flag(&mut w, "required_for_import", a.required_for_import);
                        flag(&mut w, "optional_for_import", a.optional_for_import);
                        w.end_object();
                    }
                    w.end_object();
                }
                w.end_object();
            }
            w.end_object();
        }
        if !self.actions.is_empty() {
            w.key("action_schemas");
            w.begin_object();
            for (name, block) in &self.actions {
                w.key(name);
                w.begin_object();
                w.key("block");
                write_block(&mut w, block);
                w.end_object();
            }
            w.end_object();
        }
        schemas(&mut w, "state_store_schemas", &self.state_stores);
        w.end_object();
        w.into_bytes()
    }
}

/// Go's `omitempty` on a map: nothing when empty.
fn schemas(w: &mut Writer<'_>, key: &str, m: &BTreeMap<String, Schema>) {
    if m.is_empty() {
        return;
    }
    w.key(key);
    w.begin_object();
    for (name, s) in m {
        w.key(name);
        write_schema(w, s);
    }
    w.end_object();
}

fn write_schema(w: &mut Writer<'_>, s: &Schema) {
    w.begin_object();
    w.key("version");
    // Go converts the int64 with uint64(...).
    w.u64(s.version as u64);
    w.key("block");
    write_block(w, &s.block);
    w.end_object();
}

fn flag(w: &mut Writer<'_>, key: &str, b: bool) {
    if b {
        w.key(key);
        w.bool(true);
    }
}

fn description(w: &mut Writer<'_>, text: &str, markdown: bool) {
    if !text.is_empty() {
        w.key("description");
        w.string(text);
    }
    w.key("description_kind");
    w.string(if markdown { "markdown" } else { "plain" });
}

/// `deprecated`, then its message (Terraform 1.15 prints the message; a function's it does not).
fn deprecation(w: &mut Writer<'_>, deprecated: bool, message: &str) {
    flag(w, "deprecated", deprecated);
    if !message.is_empty() {
        w.key("deprecation_message");
        w.string(message);
    }
}

fn raw_type(w: &mut Writer<'_>, ty: &[u8]) {
    // Type JSON is written by tfshow-cty, so it always compacts; Go's HTML escaping of
    // object attribute names happens here.
    if w.raw_compacted(ty).is_err() {
        w.raw(b"\"dynamic\"");
    }
}

fn write_block(w: &mut Writer<'_>, b: &Block) {
    w.begin_object();
    if !b.attributes.is_empty() {
        w.key("attributes");
        write_attributes(w, &b.attributes);
    }
    if !b.block_types.is_empty() {
        w.key("block_types");
        w.begin_object();
        for (name, nb) in &b.block_types {
            w.key(name);
            w.begin_object();
            w.key("nesting_mode");
            w.string(nb.nesting);
            w.key("block");
            write_block(w, &nb.block);
            if nb.min_items != 0 {
                w.key("min_items");
                w.u64(nb.min_items as u64);
            }
            if nb.max_items != 0 {
                w.key("max_items");
                w.u64(nb.max_items as u64);
            }
            w.end_object();
        }
        w.end_object();
    }
    description(w, &b.description, b.markdown);
    deprecation(w, b.deprecated, &b.deprecation_message);
    w.end_object();
}

fn write_attributes(w: &mut Writer<'_>, attrs: &BTreeMap<String, Attribute>) {
    w.begin_object();
    for (name, a) in attrs {
        w.key(name);
        w.begin_object();
        if let Some(ty) = &a.ty {
            w.key("type");
            raw_type(w, ty);
        }
        if let Some(o) = &a.nested {
            w.key("nested_type");
            w.begin_object();
            if !o.attributes.is_empty() {
                w.key("attributes");
                write_attributes(w, &o.attributes);
            }
            w.key("nesting_mode");
            w.string(o.nesting);
            w.end_object();
        }
        description(w, &a.description, a.markdown);
        deprecation(w, a.deprecated, &a.deprecation_message);
        flag(w, "required", a.required);
        flag(w, "optional", a.optional);
        flag(w, "computed", a.computed);
        flag(w, "sensitive", a.sensitive);
        flag(w, "write_only", a.write_only);
        w.end_object();
    }
    w.end_object();
}

fn write_function(w: &mut Writer<'_>, f: &Function) {
    w.begin_object();
    if !f.description.is_empty() {
        w.key("description");
        w.string(&f.description);
    }
    if !f.summary.is_empty() {
        w.key("summary");
        w.string(&f.summary);
    }
    w.key("return_type");
    raw_type(w, &f.return_type);
    if !f.parameters.is_empty() {
        w.key("parameters");
        w.begin_array();
        for p in &f.parameters {
            write_parameter(w, p);
        }
        w.end_array();
    }
    if let Some(p) = &f.variadic {
        w.key("variadic_parameter");
        write_parameter(w, p);
    }
    w.end_object();
}

fn write_parameter(w: &mut Writer<'_>, p: &Parameter) {
    w.begin_object();
    if !p.name.is_empty() {
        w.key("name");
        w.string(&p.name);
    }
    if !p.description.is_empty() {
        w.key("description");
        w.string(&p.description);
    }
    flag(w, "is_nullable", p.nullable);
    w.key("type");
    raw_type(w, &p.ty);
    w.end_object();
}
