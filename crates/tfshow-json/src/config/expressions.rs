//! Expression objects (`{"constant_value": …, "references": […]}`) and block `expressions`
//! maps, shaped by the schema of the block they belong to.

use hcl_edit::expr::Expression;
use tfshow_config::model::BlockBody;
use tfshow_config::{constant_value, references};
use tfshow_cty::json::write_value;
use tfshow_cty::Value;
use tfshow_gojson::Writer;
use tfshow_schema::{Block, Nesting};

use super::blocks_as_attrs::{blocks_as_attrs, expression_references, BlocksAsAttr};
use crate::Release;

/// What decides which parts of a body are printed.
pub(crate) enum BodySchema<'a> {
    /// A provider, resource or provisioner schema.
    Block(&'a Block),
    /// Only these attribute names (module call inputs, provisioners).
    Attributes(&'a [&'a str]),
    /// No schema: every attribute, nested blocks with one label as maps keyed by it (only
    /// map-nested blocks take a label) and other nested blocks as lists (see
    /// KNOWN-DIVERGENCES.md).
    Unknown,
}

/// Whether an expression has anything to print.
pub(crate) fn is_empty(e: &Expression) -> bool {
    constant_value(e).is_none() && references(e).is_empty()
}

/// Writes one expression object, its `references` as `version` wrote them.
pub(crate) fn write_expression(w: &mut Writer<'_>, e: &Expression, version: &Release) {
    write_expression_parts(
        w,
        constant_value(e).as_ref(),
        &expression_references(e, version),
    );
}

/// Writes an expression object of a constant value (if any) and references.
fn write_expression_parts(w: &mut Writer<'_>, constant: Option<&Value>, refs: &[String]) {
    w.begin_object();
    if let Some(v) = constant {
        // Values from constant evaluation are wholly known, so this cannot fail.
        let mut tmp = Writer::new(w.dialect());
        if write_value(&mut tmp, v).is_ok() {
            w.key("constant_value");
            w.raw(tmp.as_bytes());
        }
    }
    if !refs.is_empty() {
        w.key("references");
        w.begin_array();
        for r in refs {
            w.string(r);
        }
        w.end_array();
    }
    w.end_object();
}

enum Item<'a> {
    Expr(&'a Expression),
    Single(BlockBody, &'a Block),
    List(Vec<BlockBody>, Option<&'a Block>),
    Map(Vec<(String, BlockBody)>, Option<&'a Block>),
    /// An attribute written as blocks (Terraform 1.1+).
    BlocksAsAttr(BlocksAsAttr<'a>),
}

fn items<'a>(
    body: &'a BlockBody,
    schema: &BodySchema<'a>,
    version: &Release,
) -> Vec<(String, Item<'a>)> {
    let mut out: Vec<(String, Item<'a>)> = Vec::new();
    match schema {
        BodySchema::Block(block) => {
            for (name, _) in &block.attributes {
                if let Some(e) = body.attribute(name) {
                    out.push((name.clone(), Item::Expr(e)));
                }
            }
            for (name, fixup) in blocks_as_attrs(body, block, version) {
                out.push((name, Item::BlocksAsAttr(fixup)));
            }
            for (name, nb) in &block.block_types {
                let labelled = nb.nesting == Nesting::Map;
                let blocks = body.nested_blocks(name, labelled);
                if blocks.is_empty() {
                    continue;
                }
                let item = match nb.nesting {
                    Nesting::Single | Nesting::Group => {
                        let Some(last) = blocks.into_iter().last() else {
                            continue;
                        };
                        Item::Single(last.body, &nb.block)
                    }
                    Nesting::List | Nesting::Set => Item::List(
                        blocks.into_iter().map(|b| b.body).collect(),
                        Some(&nb.block),
                    ),
                    Nesting::Map => Item::Map(
                        blocks
                            .into_iter()
                            .map(|b| (b.labels.into_iter().next().unwrap_or_default(), b.body))
                            .collect(),
                        Some(&nb.block),
                    ),
                };
                out.push((name.clone(), item));
            }
        }
        BodySchema::Attributes(names) => {
            for name in names.iter() {
                if let Some(e) = body.attribute(name) {
                    out.push(((*name).to_owned(), Item::Expr(e)));
                }
            }
        }
        BodySchema::Unknown => {
            for (name, e) in &body.attributes {
                out.push((name.clone(), Item::Expr(e)));
            }
            let mut types: Vec<&str> = body.blocks.iter().map(|b| b.type_name.as_str()).collect();
            types.dedup();
            for t in types {
                if t == "dynamic" || out.iter().any(|(n, _)| n == t) {
                    continue;
                }
                let blocks: Vec<_> = body.blocks.iter().filter(|b| b.type_name == t).collect();
                let item = if blocks.iter().all(|b| b.labels.len() == 1) {
                    let entries = blocks
                        .iter()
                        .filter_map(|b| Some((b.labels.first()?.clone(), b.body.clone())))
                        .collect();
                    Item::Map(entries, None)
                } else {
                    Item::List(blocks.iter().map(|b| b.body.clone()).collect(), None)
                };
                out.push((t.to_owned(), item));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out.dedup_by(|a, b| a.0 == b.0);
    out
}

/// Whether `write_expressions` would write an empty map.
pub(crate) fn has_expressions(
    body: &BlockBody,
    schema: &BodySchema<'_>,
    version: &Release,
) -> bool {
    !items(body, schema, version).is_empty()
}

/// Writes the `expressions` map of a body (`{}` when nothing is set).
pub(crate) fn write_expressions(
    w: &mut Writer<'_>,
    body: &BlockBody,
    schema: &BodySchema<'_>,
    version: &Release,
) {
    w.begin_object();
    for (name, item) in items(body, schema, version) {
        w.key(&name);
        match item {
            Item::Expr(e) => write_expression(w, e, version),
            Item::BlocksAsAttr(fixup) => write_expression_parts(
                w,
                fixup.constant_value().as_ref(),
                &fixup.references(version),
            ),
            Item::Single(b, s) => write_expressions(w, &b, &BodySchema::Block(s), version),
            Item::List(bodies, s) => {
                w.begin_array();
                for b in &bodies {
                    match s {
                        Some(s) => write_expressions(w, b, &BodySchema::Block(s), version),
                        None => write_expressions(w, b, &BodySchema::Unknown, version),
                    }
                }
                w.end_array();
            }
            Item::Map(entries, s) => {
                let mut entries = entries;
                entries.sort_by(|a, b| a.0.cmp(&b.0));
                w.begin_object();
                for (label, b) in &entries {
                    w.key(label);
                    match s {
                        Some(s) => write_expressions(w, b, &BodySchema::Block(s), version),
                        None => write_expressions(w, b, &BodySchema::Unknown, version),
                    }
                }
                w.end_object();
            }
        }
    }
    w.end_object();
}
