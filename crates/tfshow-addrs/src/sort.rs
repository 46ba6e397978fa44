//! Sorting many resource instances in Terraform's order, fast.

use foldhash::{HashMap, HashMapExt};
use std::cmp::Ordering;

use crate::{AbsResourceInstance, InstanceKey, ModeOrder, ModuleInstance, ResourceMode};

/// Sorts `items` by their addresses in Terraform's order with the modes in `modes`
/// ([`AbsResourceInstance::cmp_in`]), then by `tie`, stably.
///
/// Plans hold many instances of few resources, so the resources are ranked first and the
/// items sorted by rank and instance key: most comparisons are of two integers rather than
/// of module paths and names.
pub fn sort_by_address<T: Clone>(
    items: &mut [T],
    modes: ModeOrder,
    addr: impl Fn(&T) -> &AbsResourceInstance,
    tie: impl Fn(&T, &T) -> Ordering,
) {
    type Resource<'a> = (&'a ModuleInstance, ResourceMode, &'a str, &'a str);
    let mut ids: HashMap<Resource<'_>, u32> = HashMap::with_capacity(64);
    let mut resources: Vec<&AbsResourceInstance> = Vec::new();
    let item_ids: Vec<u32> = items
        .iter()
        .map(|item| {
            let a = addr(item);
            *ids.entry((&a.module, a.mode, &a.type_, &a.name))
                .or_insert_with(|| {
                    resources.push(a);
                    (resources.len() - 1) as u32
                })
        })
        .collect();
    let mut by_rank: Vec<usize> = (0..resources.len()).collect();
    by_rank.sort_by(|&i, &j| resources[i].cmp_resource(resources[j], modes));
    let mut rank = vec![0u32; resources.len()];
    for (r, &id) in by_rank.iter().enumerate() {
        rank[id] = r as u32;
    }
    // Each item's resource rank and key, compared without looking at the item again except
    // for string keys and ties.
    let mut order: Vec<Sortable<'_>> = (item_ids.iter().enumerate())
        .map(|(i, &id)| {
            let key = &addr(&items[i]).key;
            let (kind, int) = match key {
                InstanceKey::None => (0u8, 0),
                InstanceKey::Wildcard => (1, 0),
                InstanceKey::Int(n) => (2, *n),
                InstanceKey::Str(_) => (3, 0),
            };
            // Rank, then kind of key, then integer key (its sign bit flipped, so that the
            // unsigned order is the signed one), in one number.
            let int = (int as u64) ^ (1 << 63);
            Sortable {
                order: u128::from(rank[id as usize]) << 66
                    | u128::from(kind) << 64
                    | u128::from(int),
                key,
                index: i,
            }
        })
        .collect();
    // The position last: no two items compare equal, so an unstable sort gives the stable
    // order.
    order.sort_unstable_by(|a, b| {
        (a.order.cmp(&b.order))
            .then_with(|| a.key.cmp(b.key))
            .then_with(|| tie(&items[a.index], &items[b.index]))
            .then(a.index.cmp(&b.index))
    });
    let sorted: Vec<T> = order.iter().map(|s| items[s.index].clone()).collect();
    items.clone_from_slice(&sorted);
}

/// What items are sorted by: the rank of their resource, then their instance key (its kind
/// and integer at hand).
struct Sortable<'a> {
    order: u128,
    key: &'a InstanceKey,
    index: usize,
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::ModuleInstanceStep;

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
            tofu in any::<bool>(),
        ) {
            let modes = if tofu { ModeOrder::OpenTofu } else { ModeOrder::Terraform };
            let mut fast = addrs.clone();
            sort_by_address(&mut fast, modes, |(a, _)| a, |a, b| a.1.cmp(&b.1));
            let mut slow = addrs;
            slow.sort_by(|a, b| a.0.cmp_in(&b.0, modes).then_with(|| a.1.cmp(&b.1)));
            prop_assert_eq!(fast, slow);
        }
    }
}
