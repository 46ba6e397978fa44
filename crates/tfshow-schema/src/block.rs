//! The schema model: blocks, attributes, nested types and blocks, and their implied types.

use tfshow_cty::Type;

/// How a nested block or nested attribute type repeats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nesting {
    /// At most one, as an object (null when absent).
    Single,
    /// Exactly one, as an object that is never null.
    Group,
    /// A list of objects.
    List,
    /// A set of objects.
    Set,
    /// A map of objects keyed by label.
    Map,
}

/// A block: attributes and nested block types, each sorted by name.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Block {
    /// Attributes by name.
    pub attributes: Vec<(String, Attribute)>,
    /// Nested block types by name.
    pub block_types: Vec<(String, NestedBlock)>,
}

/// One attribute.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    /// The attribute's type; for a nested type, the type it implies.
    pub ty: Type,
    /// The nested attribute type (plugin protocol 6), if any.
    pub nested: Option<NestedType>,
    /// Set in configuration only.
    pub required: bool,
    /// May be set in configuration.
    pub optional: bool,
    /// Set by the provider.
    pub computed: bool,
    /// Hidden in human output and marked in JSON `*_sensitive`.
    pub sensitive: bool,
    /// Never stored in state or plan.
    pub write_only: bool,
}

/// A nested attribute type: attributes and how they repeat.
#[derive(Debug, Clone, PartialEq)]
pub struct NestedType {
    /// Attributes by name.
    pub attributes: Vec<(String, Attribute)>,
    /// How the object repeats.
    pub nesting: Nesting,
}

/// A nested block type.
#[derive(Debug, Clone, PartialEq)]
pub struct NestedBlock {
    /// The block's content.
    pub block: Block,
    /// How it repeats.
    pub nesting: Nesting,
    /// Minimum number of blocks.
    pub min_items: u64,
    /// Maximum number of blocks (0 = no limit).
    pub max_items: u64,
}

impl Block {
    /// The type of values of this block (`configschema.Block.ImpliedType`): an object with one
    /// attribute per attribute and per nested block type. List and map blocks whose content
    /// contains `dynamic` become `dynamic` themselves (a tuple or object at run time).
    pub fn implied_type(&self) -> Type {
        let mut attrs: Vec<(String, Type)> = self
            .attributes
            .iter()
            .map(|(n, a)| (n.clone(), a.ty.clone()))
            .collect();
        for (name, nb) in &self.block_types {
            let inner = nb.block.implied_type();
            let t = match nb.nesting {
                Nesting::Single | Nesting::Group => inner,
                Nesting::List if inner.has_dynamic() => Type::Dynamic,
                Nesting::List => Type::List(Box::new(inner)),
                Nesting::Set => Type::Set(Box::new(inner)),
                Nesting::Map if inner.has_dynamic() => Type::Dynamic,
                Nesting::Map => Type::Map(Box::new(inner)),
            };
            attrs.push((name.clone(), t));
        }
        Type::object(attrs)
    }

    /// An attribute by name.
    pub fn attribute(&self, name: &str) -> Option<&Attribute> {
        find(&self.attributes, name)
    }

    /// A nested block type by name.
    pub fn block_type(&self, name: &str) -> Option<&NestedBlock> {
        find(&self.block_types, name)
    }

    /// Whether any attribute, at any depth, is sensitive.
    pub fn contains_sensitive(&self) -> bool {
        self.attributes.iter().any(|(_, a)| a.contains_sensitive())
            || self
                .block_types
                .iter()
                .any(|(_, b)| b.block.contains_sensitive())
    }
}

impl Attribute {
    /// Whether the attribute or anything nested in it is sensitive.
    pub fn contains_sensitive(&self) -> bool {
        self.sensitive
            || self
                .nested
                .as_ref()
                .is_some_and(NestedType::contains_sensitive)
    }
}

impl NestedType {
    /// Whether any attribute in it, at any depth, is sensitive.
    pub fn contains_sensitive(&self) -> bool {
        self.attributes.iter().any(|(_, a)| a.contains_sensitive())
    }

    /// The type of values of this nested type.
    pub fn implied_type(&self) -> Type {
        let obj = Type::object(
            self.attributes
                .iter()
                .map(|(n, a)| (n.clone(), a.ty.clone()))
                .collect(),
        );
        match self.nesting {
            Nesting::Single | Nesting::Group => obj,
            Nesting::List => Type::List(Box::new(obj)),
            Nesting::Set => Type::Set(Box::new(obj)),
            Nesting::Map => Type::Map(Box::new(obj)),
        }
    }
}

pub(crate) fn find<'a, T>(items: &'a [(String, T)], name: &str) -> Option<&'a T> {
    items
        .binary_search_by(|(n, _)| n.as_str().cmp(name))
        .ok()
        .map(|i| &items[i].1)
}
