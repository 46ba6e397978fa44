//! Sorting many resource instances in Terraform's order, fast.

use std::cmp::Ordering;
use std::collections::HashMap;

use crate::{AbsResourceInstance, ModuleInstance, ResourceMode};

/// Sorts `items` by their addresses in Terraform's order
/// ([`AbsResourceInstance::cmp_terraform`]), then by `tie`, stably.
///
/// Plans hold many instances of few resources, so the resources are ranked first and the
/// items sorted by rank and instance key: most comparisons are of two integers rather than
/// of module paths and names.
pub fn sort_by_address<T: Clone>(
    items: &mut [T],
    addr: impl Fn(&T) -> &AbsResourceInstance,
    tie: impl Fn(&T, &T) -> Ordering,
) {
    type Resource<'a> = (&'a ModuleInstance, ResourceMode, &'a str, &'a str);
    let mut ids: HashMap<Resource<'_>, usize> = HashMap::new();
    let mut resources: Vec<&AbsResourceInstance> = Vec::new();
    let item_ids: Vec<usize> = items
        .iter()
        .map(|item| {
            let a = addr(item);
            *ids.entry((&a.module, a.mode, &a.type_, &a.name))
                .or_insert_with(|| {
                    resources.push(a);
                    resources.len() - 1
                })
        })
        .collect();
    let mut by_rank: Vec<usize> = (0..resources.len()).collect();
    by_rank.sort_by(|&i, &j| resources[i].cmp_resource(resources[j]));
    let mut rank = vec![0; resources.len()];
    for (r, &id) in by_rank.iter().enumerate() {
        rank[id] = r;
    }
    let mut order: Vec<(usize, usize)> = (item_ids.iter().enumerate())
        .map(|(i, &id)| (rank[id], i))
        .collect();
    order.sort_by(|&(ra, a), &(rb, b)| {
        ra.cmp(&rb)
            .then_with(|| addr(&items[a]).key.cmp(&addr(&items[b]).key))
            .then_with(|| tie(&items[a], &items[b]))
    });
    let sorted: Vec<T> = order.iter().map(|&(_, i)| items[i].clone()).collect();
    items.clone_from_slice(&sorted);
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::{InstanceKey, ModuleInstanceStep};

    fn key() -> impl Strategy<Value = InstanceKey> {
        prop_oneof![
            Just(InstanceKey::None),
            Just(InstanceKey::Wildcard),
            (-3i64..12).prop_map(InstanceKey::Int),
            "[ab]{0,2}".prop_map(InstanceKey::Str),
        ]
    }

    /// Addresses from a small alphabet, so that many share resources and modules.
    fn address() -> impl Strategy<Value = AbsResourceInstance> {
        let step = ("m[ab]", key()).prop_map(|(name, key)| ModuleInstanceStep { name, key });
        let mode = prop_oneof![
            Just(ResourceMode::Managed),
            Just(ResourceMode::Data),
            Just(ResourceMode::Ephemeral),
        ];
        (
            prop::collection::vec(step, 0..3),
            mode,
            "t[ab]",
            "r[ab]?",
            key(),
        )
            .prop_map(|(steps, mode, type_, name, key)| AbsResourceInstance {
                module: ModuleInstance(steps),
                mode,
                type_,
                name,
                key,
            })
    }

    proptest! {
        #[test]
        fn sorts_as_comparing_whole_addresses(
            addrs in prop::collection::vec((address(), 0u8..3), 0..60),
        ) {
            let mut fast = addrs.clone();
            sort_by_address(&mut fast, |(a, _)| a, |a, b| a.1.cmp(&b.1));
            let mut slow = addrs;
            slow.sort_by(|a, b| a.0.cmp_terraform(&b.0).then_with(|| a.1.cmp(&b.1)));
            prop_assert_eq!(fast, slow);
        }
    }
}
