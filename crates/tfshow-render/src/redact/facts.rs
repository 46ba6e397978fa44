//! What a resource type's schema declares sensitive at the top level of its values, as the
//! redaction of units from their text asks it for every unit: found once per schema.

use tfshow_schema::Block;

/// The top-level attributes and blocks of a schema that the rules look at.
pub(super) struct SchemaFacts<'s> {
    /// Those under which (or at which) something is declared sensitive, sorted.
    pub(super) under: Vec<&'s str>,
    /// The attributes declared sensitive themselves, sorted.
    pub(super) wholly: Vec<&'s str>,
}

impl<'s> SchemaFacts<'s> {
    /// The facts of `block`.
    pub(super) fn of(block: &'s Block) -> Self {
        let attrs = block.attributes.iter();
        let mut under: Vec<&str> = attrs
            .clone()
            .filter(|(_, a)| a.contains_sensitive())
            .map(|(n, _)| n.as_str())
            .chain(
                (block.block_types.iter())
                    .filter(|(_, t)| t.block.contains_sensitive())
                    .map(|(n, _)| n.as_str()),
            )
            .collect();
        under.sort_unstable();
        under.dedup();
        let mut wholly: Vec<&str> = attrs
            .filter(|(_, a)| a.sensitive)
            .map(|(n, _)| n.as_str())
            .collect();
        wholly.sort_unstable();
        SchemaFacts { under, wholly }
    }

    /// Whether the schema declares anything sensitive.
    pub(super) fn declares_sensitive(&self) -> bool {
        !self.under.is_empty()
    }

    /// Whether something under the top-level attribute or block `name` is sensitive.
    pub(super) fn is_under(&self, name: &str) -> bool {
        self.under.binary_search(&name).is_ok()
    }

    /// Whether the top-level attribute `name` is sensitive itself.
    pub(super) fn is_wholly(&self, name: &str) -> bool {
        self.wholly.binary_search(&name).is_ok()
    }
}
