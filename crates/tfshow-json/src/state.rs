//! The state document (`terraform show -json STATEFILE`, and `prior_state` in plans).
//!
//! ```text
//! {"format_version":"1.0","terraform_version":"1.15.5",
//!  "values":{"outputs":{NAME:{"sensitive":…,"value":…,"type":…}},
//!            "root_module":{"resources":[…],"child_modules":[…]}},
//!  "checks":[…]}
//! ```
//! An empty state is exactly `{"format_version":"1.0"}`.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use tfshow_addrs::{canonical, ModuleInstance};
use tfshow_cty::json::{from_json, write_value};
use tfshow_cty::Value;
use tfshow_gojson::Writer;
use tfshow_schema::Schemas;
use tfshow_state::{Instance, InstanceKey, Mode, Resource, State};

use crate::checks;
use crate::error::{invalid, Error};
use crate::filter::{filtered, Part, PartFilter};
use crate::marks::Marks;
use crate::resource_values::TypeInfo;
use crate::transform::{write_known, write_sensitive_as_bool, UnknownElements};
use crate::Release;

/// Writes the state document for `state`, as Terraform `version` prints it.
pub fn write_document(
    w: &mut Writer<'_>,
    state: &State,
    schemas: Option<&Schemas>,
    version: &Release,
) -> Result<(), Error> {
    write_filtered(w, state, schemas, version, None)
}

/// [`write_document`], its outputs and resources written through `filter`
/// ([`crate::filter`]).
pub fn write_filtered(
    w: &mut Writer<'_>,
    state: &State,
    schemas: Option<&Schemas>,
    version: &Release,
    filter: Option<&dyn PartFilter>,
) -> Result<(), Error> {
    w.begin_object();
    w.key("format_version");
    w.string(version.state_format());
    if state.is_empty() {
        w.end_object();
        return Ok(());
    }
    if !state.terraform_version.is_empty() {
        w.key("terraform_version");
        w.string(&state.terraform_version);
    }
    w.key("values");
    w.begin_object();
    write_outputs(w, state, version, filter)?;
    w.key("root_module");
    write_modules(w, state, schemas, version, filter)?;
    w.end_object();
    if let Some(results) = state.check_results.as_deref().filter(|r| !r.is_empty()) {
        w.key("checks");
        checks::write_state_checks(w, results, version)?;
    }
    w.end_object();
    Ok(())
}

fn write_outputs(
    w: &mut Writer<'_>,
    state: &State,
    version: &Release,
    filter: Option<&dyn PartFilter>,
) -> Result<(), Error> {
    if state.outputs.is_empty() {
        return Ok(());
    }
    w.key("outputs");
    filtered(w, filter, Part::StateOutputs, |w| {
        w.begin_object();
        for o in outputs(state, version)? {
            let at = format!("output {:?}", o.name);
            w.key(o.name);
            w.begin_object();
            w.key("sensitive");
            w.bool(o.sensitive);
            w.key("value");
            write_value(w, &o.value).map_err(|e| invalid(&at, e))?;
            if let Some(ty) = o.ty {
                w.key("type");
                let mut t = Vec::new();
                ty.write_json(&mut t);
                w.raw(&t);
            }
            w.end_object();
        }
        w.end_object();
        Ok(())
    })
}

/// A root module output of a state, decoded: what the document's `outputs` say of it.
#[derive(Debug)]
pub struct StateOutput<'a> {
    /// Its name.
    pub name: &'a str,
    /// Declared sensitive.
    pub sensitive: bool,
    /// Its value.
    pub value: Value,
    /// Its type, where the release writes it.
    pub ty: Option<&'a tfshow_cty::Type>,
}

/// The outputs of `state`, in the file's order, as Terraform `version` shows them.
pub fn outputs<'a>(state: &'a State, version: &Release) -> Result<Vec<StateOutput<'a>>, Error> {
    let typed = version.has(crate::Feature::StateOutputType);
    state
        .outputs
        .iter()
        .map(|(name, o)| {
            let value =
                from_json(&o.value, &o.ty).map_err(|e| invalid(format!("output {name:?}"), e))?;
            Ok(StateOutput {
                name,
                sensitive: o.sensitive,
                value,
                ty: typed.then_some(&o.ty),
            })
        })
        .collect()
}

/// Resources grouped by module instance, with the module tree.
struct Tree<'a> {
    resources: BTreeMap<String, Vec<&'a Resource>>,
    children: BTreeMap<String, Vec<String>>,
}

/// The modules of `state` and their children. With `through_empty` (Terraform 0.14.7+), a
/// module without resources of its own is listed when a descendant has some; before, each
/// module hangs only under its parent, and a module whose parent has no resources is left out.
fn module_tree(state: &State, through_empty: bool) -> Result<Tree<'_>, Error> {
    let mut resources: BTreeMap<String, Vec<&Resource>> = BTreeMap::new();
    let mut children: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for r in &state.resources {
        let mut m = ModuleInstance::parse(&r.module).map_err(|e| invalid("module", e))?;
        let module = canonical(&r.module, &m).into_owned();
        resources.entry(module).or_default().push(r);
        while !m.is_root() {
            let child = m.to_string();
            m.0.pop();
            let siblings = children.entry(m.to_string()).or_default();
            if !siblings.contains(&child) {
                siblings.push(child);
            }
            if !through_empty {
                break;
            }
        }
    }
    for list in children.values_mut() {
        list.sort();
    }
    Ok(Tree {
        resources,
        children,
    })
}

/// A module of a state, decoded: its resource instance objects and its child modules, in the
/// order the document lists them.
#[derive(Debug)]
pub struct StateModule<'a> {
    /// Its address (`""` for the root module).
    pub address: String,
    /// Its objects.
    pub objects: Vec<StateObject<'a>>,
    /// Its child modules.
    pub children: Vec<StateModule<'a>>,
}

/// A resource instance object of a state, decoded: what the document's `resources` entry
/// says of it.
#[derive(Debug)]
pub struct StateObject<'a> {
    /// The instance address.
    pub address: String,
    /// The resource.
    pub resource: &'a Resource,
    /// The instance (its deposed key and whether it is tainted).
    pub instance: &'a Instance,
    /// The provider as the document names it (`provider_name`).
    pub provider_name: String,
    /// The values.
    pub value: Value,
    /// What is sensitive in them (`sensitive_values`), where the release writes it.
    pub marks: Option<Marks>,
}

/// The root module of `state` with its objects and descendants, decoded as Terraform
/// `version` shows them (the views' walk of the document's `root_module`).
pub fn modules<'a>(
    state: &'a State,
    schemas: Option<&Schemas>,
    version: &Release,
) -> Result<StateModule<'a>, Error> {
    let tree = module_tree(state, version.has(crate::Feature::StateResourcelessModules))?;
    typed_module(&tree, "", schemas, version)
}

fn typed_module<'a>(
    tree: &Tree<'a>,
    addr: &str,
    schemas: Option<&Schemas>,
    version: &Release,
) -> Result<StateModule<'a>, Error> {
    let resources = tree
        .resources
        .get(addr)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let objects = objects(resources, version)
        .into_iter()
        .map(|o| {
            let d = decode(&o, schemas)?;
            let marks = d.marks(&o, version);
            Ok(StateObject {
                provider_name: crate::provider_name::provider_name(
                    &d.provider,
                    &o.resource.provider,
                    version,
                )
                .to_string(),
                address: o.address,
                resource: o.resource,
                instance: o.instance,
                value: d.value,
                marks,
            })
        })
        .collect::<Result<_, Error>>()?;
    let children = tree
        .children
        .get(addr)
        .into_iter()
        .flatten()
        .map(|kid| typed_module(tree, kid, schemas, version))
        .collect::<Result<_, Error>>()?;
    Ok(StateModule {
        address: addr.to_owned(),
        objects,
        children,
    })
}

fn write_modules(
    w: &mut Writer<'_>,
    state: &State,
    schemas: Option<&Schemas>,
    version: &Release,
    filter: Option<&dyn PartFilter>,
) -> Result<(), Error> {
    let tree = module_tree(state, version.has(crate::Feature::StateResourcelessModules))?;
    write_module(w, &tree, "", schemas, version, filter)
}

fn write_module(
    w: &mut Writer<'_>,
    tree: &Tree<'_>,
    addr: &str,
    schemas: Option<&Schemas>,
    version: &Release,
    filter: Option<&dyn PartFilter>,
) -> Result<(), Error> {
    w.begin_object();
    let resources = tree
        .resources
        .get(addr)
        .map(Vec::as_slice)
        .unwrap_or_default();
    if resources.iter().any(|r| !r.instances.is_empty()) {
        w.key("resources");
        w.begin_array();
        write_resources(w, resources, schemas, version, filter)?;
        w.end_array();
    }
    if !addr.is_empty() {
        w.key("address");
        w.string(addr);
    }
    if let Some(kids) = tree.children.get(addr) {
        w.key("child_modules");
        w.begin_array();
        for kid in kids {
            write_module(w, tree, kid, schemas, version, filter)?;
        }
        w.end_array();
    }
    w.end_object();
    Ok(())
}

/// A state's module address in Terraform's string form; kept as it is when it does not parse
/// ([`module_tree`] refuses it).
pub(crate) fn module_text(module: &str) -> std::borrow::Cow<'_, str> {
    match ModuleInstance::parse(module) {
        Ok(m) => canonical(module, &m),
        Err(_) => module.into(),
    }
}

/// The address of an instance of `r`, its module part in Terraform's string form.
pub(crate) fn instance_address(r: &Resource, key: &InstanceKey) -> String {
    let mut s = String::new();
    if !r.module.is_empty() {
        s.push_str(&module_text(&r.module));
        s.push('.');
    }
    if r.mode == Mode::Data {
        s.push_str("data.");
    }
    s.push_str(&r.type_);
    s.push('.');
    s.push_str(&r.name);
    // Writing into a String cannot fail.
    let _ = write!(s, "{key}");
    s
}

/// One object to print: a resource instance's current or deposed object.
struct Object<'a> {
    resource: &'a Resource,
    address: String,
    instance: &'a Instance,
}

fn write_resources(
    w: &mut Writer<'_>,
    resources: &[&Resource],
    schemas: Option<&Schemas>,
    version: &Release,
    filter: Option<&dyn PartFilter>,
) -> Result<(), Error> {
    for o in &objects(resources, version) {
        filtered(w, filter, Part::Resource, |w| {
            write_object(w, o, schemas, version)
        })?;
        w.flush_hint();
    }
    Ok(())
}

/// The objects of `resources` in the order `version` lists them.
fn objects<'a>(resources: &[&'a Resource], version: &Release) -> Vec<Object<'a>> {
    let mut objects: Vec<Object<'a>> = Vec::new();
    let instance_addresses = version.has(crate::Feature::StateInstanceAddresses);
    for r in resources {
        for inst in &r.instances {
            let address = if instance_addresses {
                instance_address(r, &inst.index_key)
            } else {
                let data = if r.mode == Mode::Data { "data." } else { "" };
                format!("{data}{}.{}", r.type_, r.name)
            };
            objects.push(Object {
                resource: r,
                address,
                instance: inst,
            });
        }
    }
    if version.has(crate::Feature::SortsByAddressComponents) {
        objects.sort_by(|a, b| {
            let rank = |m: Mode| m.rank(tfshow_addrs::ModeOrder::Terraform);
            rank(a.resource.mode)
                .cmp(&rank(b.resource.mode))
                .then_with(|| a.resource.type_.cmp(&b.resource.type_))
                .then_with(|| a.resource.name.cmp(&b.resource.name))
                .then_with(|| a.instance.index_key.cmp(&b.instance.index_key))
                .then_with(|| a.instance.deposed.cmp(&b.instance.deposed))
        });
    } else {
        objects.sort_by(|a, b| {
            a.address.cmp(&b.address).then_with(|| {
                a.instance
                    .deposed
                    .is_empty()
                    .cmp(&b.instance.deposed.is_empty())
                    .reverse()
            })
        });
    }
    objects
}

/// An object's values decoded with its provider's schema.
struct Decoded<'s> {
    provider: String,
    info: TypeInfo<'s>,
    value: Value,
}

/// Decodes the values of `o`, refusing a schema version the provider's schema does not have.
fn decode<'s>(o: &Object<'_>, schemas: Option<&'s Schemas>) -> Result<Decoded<'s>, Error> {
    let r = o.resource;
    let inst = o.instance;
    let at = &o.address;
    let provider = tfshow_addrs::AbsProviderConfig::parse_instance(r.provider_of(inst))
        .map_err(|e| invalid(at, e))?
        .0
        .provider
        .to_string();
    let info =
        TypeInfo::lookup(schemas, &provider, r.mode, &r.type_).map_err(|e| invalid(at, e))?;
    if let (Some(s), false) = (info.schema, !inst.deposed.is_empty()) {
        if s.version != inst.schema_version {
            return Err(invalid(
                at,
                format!(
                    "schema version {} in state does not match version {} from the provider",
                    inst.schema_version, s.version
                ),
            ));
        }
    }
    let value = info.decode_state(inst, at)?;
    Ok(Decoded {
        provider,
        info,
        value,
    })
}

impl Decoded<'_> {
    /// What is sensitive in the values (`sensitive_values`), where `version` writes it.
    fn marks(&self, o: &Object<'_>, version: &Release) -> Option<Marks> {
        if !version.has(crate::Feature::SensitiveValues) {
            return None;
        }
        let mut paths = o.instance.sensitive_attributes.clone();
        if version.has(crate::Feature::StateSchemaSensitivity) {
            paths.extend(self.info.sensitive_paths(&self.value, true));
        }
        Some(Marks::from_paths(&paths))
    }
}

fn write_object(
    w: &mut Writer<'_>,
    o: &Object<'_>,
    schemas: Option<&Schemas>,
    version: &Release,
) -> Result<(), Error> {
    let r = o.resource;
    let inst = o.instance;
    let at = &o.address;
    let deposed = !inst.deposed.is_empty();
    let decoded = decode(o, schemas)?;
    let (provider, value) = (&decoded.provider, &decoded.value);

    w.begin_object();
    w.key("address");
    w.string(at);
    w.key("mode");
    w.string(r.mode.as_str());
    w.key("type");
    w.string(&r.type_);
    w.key("name");
    w.string(&r.name);
    crate::plan::changes::write_index(w, &inst.index_key);
    w.key("provider_name");
    w.string(&crate::provider_name::provider_name(
        provider,
        &r.provider,
        version,
    ));
    w.key("schema_version");
    w.u64(if deposed { 0 } else { inst.schema_version });
    write_attribute_values(w, "values", value, at, UnknownElements::Null)?;
    if let Some(marks) = decoded.marks(o, version) {
        w.key("sensitive_values");
        write_sensitive_as_bool(w, value, &marks);
    }
    if !inst.dependencies.is_empty() {
        w.key("depends_on");
        w.begin_array();
        for d in &inst.dependencies {
            w.string(d);
        }
        w.end_array();
    }
    if inst.tainted {
        w.key("tainted");
        w.bool(true);
    }
    if deposed {
        w.key("deposed_key");
        w.string(&inst.deposed);
    }
    if let Some(identity) = &inst.identity {
        let identity_schema = schemas.and_then(|s| s.identity(provider, &r.type_));
        let ident = match identity_schema {
            Some(s) => from_json(identity, &s.implied_type),
            None => tfshow_cty::json::from_json_untyped(identity),
        }
        .map_err(|e| invalid(at, format!("identity: {e}")))?;
        // Terraform writes no version for deposed objects; OpenTofu (version last) does.
        let last = version.has(crate::Feature::IdentityVersionLast);
        let schema_version = (!deposed || last).then_some(inst.identity_schema_version);
        write_identity(w, &ident, schema_version, version, at)?;
    }
    w.end_object();
    Ok(())
}

/// Writes `identity_schema_version` (when given) and `identity`, in the order `version`
/// writes them (OpenTofu: the version last).
pub(crate) fn write_identity(
    w: &mut Writer<'_>,
    identity: &Value,
    schema_version: Option<u64>,
    version: &Release,
    at: &str,
) -> Result<(), Error> {
    let last = version.has(crate::Feature::IdentityVersionLast);
    let write_version = |w: &mut Writer<'_>| {
        if let Some(v) = schema_version {
            w.key("identity_schema_version");
            w.u64(v);
        }
    };
    if !last {
        write_version(w);
    }
    write_attribute_values(w, "identity", identity, at, UnknownElements::Null)?;
    if last {
        write_version(w);
    }
    Ok(())
}

/// Writes `key: {attr: json, …}` for the known attributes of an object value (unknown parts
/// left out); nothing when it is null, unknown or has no known attributes. Returns where the
/// object is in `w`'s buffer, if it was written.
pub(crate) fn write_attribute_values(
    w: &mut Writer<'_>,
    key: &str,
    value: &Value,
    at: &str,
    mode: UnknownElements,
) -> Result<Option<std::ops::Range<usize>>, Error> {
    let entries = match value.peel() {
        Value::Object(e) | Value::Map(e) if e.iter().any(|(_, v)| !v.is_unknown()) => e,
        _ => return Ok(None),
    };
    w.key(key);
    let start = w.len();
    w.begin_object();
    for (k, v) in entries.iter().filter(|(_, v)| !v.is_unknown()) {
        w.key(k);
        write_known(w, v, mode).map_err(|e| invalid(at, format!("{k}: {e}")))?;
    }
    w.end_object();
    Ok(Some(start..w.len()))
}
