//! Attributes written as blocks: an attribute of list-of-object or set-of-object type may be
//! written as nested blocks of its name (as legacy SDK providers' `ConfigModeAttr`
//! attributes are, `ingress { … }` of `aws_security_group`). From Terraform 1.1
//! (`Feature::AttributesAsBlocks`) `jsonconfig` prints such blocks as one expression of the
//! attribute: the references of every block in turn and, when every attribute set in the
//! blocks is constant, the list of objects they make.

use hcl_edit::expr::Expression;
use tfshow_config::model::{BlockBody, NestedBlockDecl};
use tfshow_config::{constant_value, references, subject_references};
use tfshow_cty::convert::convert;
use tfshow_cty::{Type, Value};
use tfshow_schema::Block;

use crate::{Feature, Release};

/// An attribute written as blocks: the blocks and the attribute types of one element.
pub(crate) struct BlocksAsAttr<'a> {
    blocks: Vec<&'a NestedBlockDecl>,
    element: &'a [(String, Type)],
}

/// The attributes of `schema` written as blocks in `body`, by name, when `version` prints
/// them so. Terraform leaves a body as it is when its schema has an attribute that a legacy
/// provider could not have declared (see `skips_fixup`), and reads an attribute as blocks only
/// when the body does not set it as an attribute and has at least one block of its name.
pub(crate) fn blocks_as_attrs<'a>(
    body: &'a BlockBody,
    schema: &'a Block,
    version: &Release,
) -> Vec<(String, BlocksAsAttr<'a>)> {
    if !version.has(Feature::AttributesAsBlocks)
        || body.json_members.is_some()
        || skips_fixup(schema)
    {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (name, attr) in &schema.attributes {
        let Some(element) = object_element(&attr.ty).filter(|_| attr.nested.is_none()) else {
            continue;
        };
        if body.attribute(name).is_some() {
            continue;
        }
        let blocks: Vec<_> = body
            .blocks
            .iter()
            .filter(|b| &b.type_name == name)
            .collect();
        if !blocks.is_empty() {
            out.push((name.clone(), BlocksAsAttr { blocks, element }));
        }
    }
    out
}

/// The attribute types of the object elements of a list or set type.
fn object_element(ty: &Type) -> Option<&[(String, Type)]> {
    match ty {
        Type::List(e) | Type::Set(e) => match e.as_ref() {
            Type::Object(attrs, _) => Some(attrs),
            _ => None,
        },
        _ => None,
    }
}

/// Whether Terraform leaves the bodies of `schema` as written: an attribute of a nested type,
/// of an object or tuple type, of a map of objects, or of a collection of collections of
/// non-primitive elements, here or in a nested block type.
fn skips_fixup(schema: &Block) -> bool {
    schema
        .attributes
        .iter()
        .any(|(_, a)| a.nested.is_some() || not_from_legacy_sdk(&a.ty))
        || schema
            .block_types
            .iter()
            .any(|(_, nb)| skips_fixup(&nb.block))
}

/// Whether the legacy SDK could not have made an attribute of type `ty`.
fn not_from_legacy_sdk(ty: &Type) -> bool {
    match ty {
        Type::Object(..) | Type::Tuple(_) => true,
        Type::Map(e) => matches!(e.as_ref(), Type::Object(..)),
        Type::List(e) | Type::Set(e) => match e.as_ref() {
            Type::List(inner) | Type::Set(inner) | Type::Map(inner) => !is_primitive(inner),
            _ => false,
        },
        _ => false,
    }
}

fn is_primitive(ty: &Type) -> bool {
    matches!(ty, Type::String | Type::Number | Type::Bool)
}

impl BlocksAsAttr<'_> {
    /// The references of every block in turn, as `version` writes them. Within one block
    /// Terraform lists the attributes in Go map order (random from run to run); they are taken
    /// here in name order (see KNOWN-DIVERGENCES.md).
    pub(crate) fn references(&self, version: &Release) -> Vec<String> {
        let mut out = Vec::new();
        for block in &self.blocks {
            for (name, _) in self.element {
                if let Some(e) = block.body.attribute(name) {
                    out.extend(expression_references(e, version));
                }
            }
        }
        out
    }

    /// The list of objects the blocks make, if every attribute they set is constant and
    /// converts to its type (Terraform prints a list, also for a set attribute).
    pub(crate) fn constant_value(&self) -> Option<Value> {
        constant_list(&self.blocks, self.element)
    }
}

fn constant_list(blocks: &[&NestedBlockDecl], element: &[(String, Type)]) -> Option<Value> {
    let element_schema_skips = element.iter().any(|(_, t)| not_from_legacy_sdk(t));
    let mut items = Vec::with_capacity(blocks.len());
    for block in blocks {
        let mut attrs = Vec::with_capacity(element.len());
        for (name, ty) in element {
            let value = match block.body.attribute(name) {
                Some(e) => convert(&constant_value(e)?, ty).ok()?,
                None => {
                    let inner: Vec<_> = block
                        .body
                        .blocks
                        .iter()
                        .filter(|b| &b.type_name == name)
                        .collect();
                    match object_element(ty) {
                        Some(el) if !element_schema_skips && !inner.is_empty() => {
                            convert(&constant_list(&inner, el)?, ty).ok()?
                        }
                        _ => Value::Null,
                    }
                }
            };
            attrs.push((name.as_str().into(), value));
        }
        items.push(Value::Object(attrs));
    }
    Some(Value::List(items))
}

/// The references of one expression as `version` writes them.
pub(crate) fn expression_references(e: &Expression, version: &Release) -> Vec<String> {
    if version.has(Feature::ReferenceAttributePaths) {
        references(e)
    } else {
        subject_references(e)
    }
}
