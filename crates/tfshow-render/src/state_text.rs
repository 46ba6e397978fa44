//! A state as `terraform show` prints it: every resource instance with all its attributes,
//! module by module, then the root module's outputs.

use std::borrow::Cow;
use std::collections::BTreeSet;

use serde_json::{Map, Value};
use tfshow_cty::Type;
use tfshow_schema::Schemas;

use tfshow_json::show::{precheck, Limits, ShowError};
use tfshow_json::state::StateModule;
use tfshow_json::transform::{write_sensitive_as_bool, UnknownElements};
use tfshow_json::value_sink::build;
use tfshow_state::State;

use crate::document::{inferred_block, list, merge_marks, resource_schema, schema_for};
use crate::document::{schema_marks, string};
use crate::jsonformat::differ;
use crate::jsonformat::node::{known, sensitive, val, Node};
use crate::jsonformat::render::{Diff, Opts};
use crate::jsonformat::structured::Change;
use crate::jsonformat::text::{push_go_quoted, shown};
use crate::{unknown_sensitivity, Document, RenderError, TextOptions};

/// What `terraform show` prints for a state without resources or outputs.
const EMPTY: &str = "The state file is empty. No resources are represented.\n";

/// The options of the diff renderer for a state.
fn render_opts(opts: &TextOptions) -> Opts {
    Opts {
        color: opts.color,
        terminal: opts.terminal,
        show_unchanged_children: true,
        hide_diff_action_symbols: true,
        ..Opts::default()
    }
}

/// How an object of a state is headed.
struct Header<'a> {
    address: &'a str,
    deposed: &'a str,
    tainted: bool,
    data: bool,
    type_: &'a str,
    name: &'a str,
}

/// Writes one object: its `# address:` line and its values.
fn object_text(out: &mut String, h: &Header<'_>, diff: &Diff<'_>, opts: &Opts) {
    let addr = shown(h.address, opts.terminal);
    let deposed = shown(h.deposed, opts.terminal);
    if !deposed.is_empty() {
        out.push_str(&format!("# {addr}: (deposed object {deposed})"));
    } else if h.tainted {
        out.push_str(&format!("# {addr}: (tainted)"));
    } else {
        out.push_str(&format!("# {addr}:"));
    }
    out.push('\n');
    out.push_str(if h.data { "data " } else { "resource " });
    push_go_quoted(out, h.type_);
    out.push(' ');
    push_go_quoted(out, h.name);
    out.push(' ');
    diff.render_into(out, 0, opts);
    out.push('\n');
}

/// Writes the outputs section.
fn outputs_text<'o>(out: &mut String, mut outputs: Vec<(&'o str, Diff<'o>)>, opts: &Opts) {
    if outputs.is_empty() {
        return;
    }
    out.push_str("\n\nOutputs:\n\n");
    outputs.sort_by(|a, b| a.0.cmp(b.0));
    for (name, d) in outputs {
        out.push_str(&shown(name, opts.terminal));
        out.push_str(" = ");
        d.render_into(out, 0, opts);
        out.push('\n');
    }
}

/// A state file as `terraform show` prints it ([`render_state`]).
#[derive(Debug)]
pub struct StateText {
    /// The text.
    pub text: String,
    /// The providers some of whose resources have no schema, so that their values are masked.
    pub masked_providers: BTreeSet<String>,
}

/// [`render_state`] of the bytes of a state file, checked and read within `limits` as
/// `show --json` reads them.
pub fn render_state_file(
    bytes: &[u8],
    schemas: Option<&Schemas>,
    limits: &Limits,
    opts: &TextOptions,
) -> Result<StateText, RenderError> {
    precheck(bytes, limits)?;
    let state =
        State::from_json_with(bytes, limits).map_err(|e| ShowError::State(e.to_string()))?;
    render_state(&state, schemas, opts)
}

/// Renders a state file as `terraform show` prints it, from its typed values (decoded once,
/// with `schemas`).
pub fn render_state(
    state: &State,
    schemas: Option<&Schemas>,
    opts: &TextOptions,
) -> Result<StateText, RenderError> {
    let version = state.release();
    let show = |e: tfshow_json::Error| RenderError::Show(e.into());
    let root = tfshow_json::state::modules(state, schemas, &version).map_err(show)?;
    let outputs = tfshow_json::state::outputs(state, &version).map_err(show)?;
    let mut masked_providers = BTreeSet::new();
    if outputs.is_empty() && root.objects.is_empty() && root.children.is_empty() {
        return Ok(StateText {
            text: EMPTY.to_owned(),
            masked_providers,
        });
    }
    let ropts = render_opts(opts);
    let mut text = String::new();
    typed_module(
        &mut text,
        &root,
        schemas,
        &ropts,
        true,
        &mut masked_providers,
    );
    let diffs = outputs
        .iter()
        .map(|o| {
            let change = Change::unchanged(known(&o.value, NULLS), Some(Node::Flag(o.sensitive)));
            let d = match o.ty {
                Some(ty) => differ::of_type(&change, ty),
                None => differ::output(&change),
            };
            (o.name, d)
        })
        .collect();
    outputs_text(&mut text, diffs, &ropts);
    Ok(StateText {
        text,
        masked_providers,
    })
}

/// How a state's values leave out unknowns (they hold none).
const NULLS: UnknownElements = UnknownElements::Null;

fn typed_module(
    out: &mut String,
    m: &StateModule<'_>,
    schemas: Option<&Schemas>,
    opts: &Opts,
    first: bool,
    masked_providers: &mut BTreeSet<String>,
) {
    let mut first = first;
    if !m.objects.is_empty() && !first {
        out.push('\n');
    }
    let empty = Value::Object(Map::new());
    for o in &m.objects {
        if !first {
            out.push('\n');
        }
        first = false;
        let r = o.resource;
        let header = Header {
            address: &o.address,
            deposed: &o.instance.deposed,
            tainted: o.instance.tainted,
            data: r.mode == tfshow_addrs::ResourceMode::Data,
            type_: &r.type_,
            name: &r.name,
        };
        // The document leaves out values with no attributes; the view reads them as `{}`.
        let written = matches!(o.value.peel(), tfshow_cty::Value::Object(e) | tfshow_cty::Value::Map(e)
            if e.iter().any(|(_, v)| !v.is_unknown()));
        let values = known(&o.value, NULLS)
            .filter(|_| written)
            .unwrap_or(Node::Json(&empty));
        let mode = if header.data { "data" } else { "managed" };
        match schema_for(schemas, &o.provider_name, mode, &r.type_) {
            Some(block) => {
                let extra = schema_marks(block, values);
                let marks = match &o.marks {
                    Some(marks) => Some(sensitive(&o.value, marks, extra.as_ref())),
                    None => Some(extra.as_ref().map_or(Node::Flag(false), Node::Json)),
                };
                let change = Change::unchanged(Some(values), marks);
                object_text(out, &header, &differ::block(&change, block), opts);
            }
            None => {
                // Without the schema, the values' JSON decides what the attributes are.
                let values = values.to_json();
                let marks = o
                    .marks
                    .as_ref()
                    .map(|m| build(|b| write_sensitive_as_bool(b, &o.value, m)));
                let masked = !unknown_sensitivity::is_builtin(&o.provider_name);
                if masked {
                    masked_providers.insert(o.provider_name.clone());
                }
                untyped_object(out, &header, &values, marks.as_ref(), masked, opts);
            }
        }
    }
    for child in &m.children {
        typed_module(out, child, schemas, opts, first, masked_providers);
    }
}

/// Writes an object whose resource type has no schema: its values as the document has them,
/// every attribute masked when `masked` (what the provider marks sensitive is not known).
fn untyped_object(
    out: &mut String,
    header: &Header<'_>,
    values: &Value,
    sensitive_values: Option<&Value>,
    masked: bool,
    opts: &Opts,
) {
    let marks = if masked {
        Some(unknown_sensitivity::mask_every_attribute(Some(values)))
    } else {
        sensitive_values.cloned()
    };
    let change = Change::unchanged(Some(Node::Json(values)), val(marks.as_ref()));
    let block = inferred_block([Some(values)]);
    object_text(out, header, &differ::block(&change, &block), opts);
}

/// Renders a state document as `terraform show` prints it.
pub fn render(doc: &Document, schemas: Option<&Schemas>, opts: &TextOptions) -> String {
    let values = doc.value.get("values");
    let root = values.and_then(|v| v.get("root_module"));
    let outputs = values
        .and_then(|v| v.get("outputs"))
        .and_then(Value::as_object);
    let empty_root =
        root.is_none_or(|r| list(r, "resources").is_empty() && list(r, "child_modules").is_empty());
    if outputs.is_none_or(Map::is_empty) && empty_root {
        return EMPTY.to_owned();
    }
    let ropts = render_opts(opts);
    let mut out = String::new();
    if let Some(root) = root {
        module(&mut out, root, schemas, &ropts, true);
    }
    let outputs = outputs.into_iter().flatten();
    let typed: Vec<_> = outputs
        .map(|(name, o)| {
            let sensitive = Some(Node::Flag(
                o.get("sensitive").and_then(Value::as_bool).unwrap_or(false),
            ));
            let change = Change::unchanged(val(o.get("value")), sensitive);
            let ty = o.get("type").and_then(|t| Type::from_json_value(t).ok());
            let d = match ty {
                Some(ty) => differ::of_type(&change, &ty).into_owned(),
                None => differ::output(&change),
            };
            (name.as_str(), d)
        })
        .collect();
    outputs_text(&mut out, typed, &ropts);
    out
}

fn module(out: &mut String, m: &Value, schemas: Option<&Schemas>, opts: &Opts, first: bool) {
    let mut first = first;
    let resources = list(m, "resources");
    if !resources.is_empty() && !first {
        out.push('\n');
    }
    for r in resources {
        if !first {
            out.push('\n');
        }
        first = false;
        let header = Header {
            address: string(r, "address"),
            deposed: string(r, "deposed_key"),
            tainted: r.get("tainted").and_then(Value::as_bool).unwrap_or(false),
            data: string(r, "mode") == "data",
            type_: string(r, "type"),
            name: string(r, "name"),
        };
        let values = match r.get("values") {
            Some(v @ Value::Object(_)) => Cow::Borrowed(v),
            _ => Cow::Owned(Value::Object(Map::new())),
        };
        match resource_schema(schemas, r) {
            Some(block) => {
                let existing = r
                    .get("sensitive_values")
                    .cloned()
                    .unwrap_or(Value::Bool(false));
                let marks = match schema_marks(block, Node::Json(&values)) {
                    Some(m) => merge_marks(&existing, &m),
                    None => existing,
                };
                let change = Change::unchanged(Some(Node::Json(&values)), val(Some(&marks)));
                object_text(out, &header, &differ::block(&change, block), opts);
            }
            None => {
                let masked = unknown_sensitivity::is_unknown(schemas, r);
                let marks = r.get("sensitive_values");
                untyped_object(out, &header, &values, marks, masked, opts);
            }
        }
    }
    for child in list(m, "child_modules") {
        module(out, child, schemas, opts, first);
    }
}
