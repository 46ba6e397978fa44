//! `relevant_attributes` (Terraform 1.2+), in Terraform's peculiar order.
//!
//! Terraform 1.11 and later sort this list with `sort.SliceStable`, but its comparison function looks at
//! the *unsorted* input (`%#v` renderings of the original elements) while the sort moves the
//! output elements. The result is a fixed permutation of the plan-file order that only equals
//! the sorted order by luck. This module replays Go's stable sort with that comparison.

use tfshow_addrs::{go_quote, AbsResourceInstance, InstanceKey, ModuleInstance, ResourceMode};
use tfshow_cty::{Path, PathStep, Value};
use tfshow_gojson::Writer;

use super::paths::write_path;
use crate::error::Error;

/// One relevant attribute: a resource instance address and a path into it.
pub(crate) struct RelevantAttr {
    pub resource: String,
    pub path: Path,
}

/// The order a release writes `relevant_attributes` in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    /// The plan file's order (Terraform 1.2 to 1.10).
    Plan,
    /// Terraform 1.11+: the permutation its sort leaves (see the module's documentation).
    GoSyntax,
    /// OpenTofu: sorted by resource address (`sort.Slice`, whose pattern-defeating quicksort
    /// sorts up to 12 elements by insertion, which keeps ties in plan order).
    Resource,
}

impl Order {
    /// The order `release` writes.
    pub(crate) fn of(release: &crate::Release) -> Order {
        if release.has(crate::Feature::RelevantAttributesByResource) {
            Order::Resource
        } else if release.has(crate::Feature::RelevantAttributesNewForm) {
            Order::GoSyntax
        } else {
            Order::Plan
        }
    }
}

/// Writes the array, or nothing when there are no entries.
pub(crate) fn write(w: &mut Writer<'_>, attrs: &[RelevantAttr], order: Order) -> Result<(), Error> {
    if attrs.is_empty() {
        return Ok(());
    }
    let mut positions: Vec<usize> = (0..attrs.len()).collect();
    match order {
        Order::Plan => {}
        Order::GoSyntax => {
            let keys: Vec<String> = attrs.iter().map(go_syntax_key).collect();
            crate::gosort::slice_stable(&mut positions, |i, j| keys[i] < keys[j]);
        }
        Order::Resource => positions.sort_by(|&i, &j| attrs[i].resource.cmp(&attrs[j].resource)),
    }
    w.key("relevant_attributes");
    w.begin_array();
    for i in positions {
        let a = &attrs[i];
        w.begin_object();
        w.key("resource");
        w.string(&a.resource);
        w.key("attribute");
        write_path(w, &a.path, &a.resource)?;
        w.end_object();
    }
    w.end_array();
    Ok(())
}

/// `%#v` of an `addrs.InstanceKey` interface field: the bare key (`"k"`, `10`) or nil.
fn go_key(k: &InstanceKey) -> String {
    match k {
        InstanceKey::None | InstanceKey::Wildcard => "addrs.InstanceKey(nil)".into(),
        InstanceKey::Int(i) => i.to_string(),
        InstanceKey::Str(s) => go_quote(s),
    }
}

fn go_module(m: &ModuleInstance) -> String {
    if m.is_root() {
        return "addrs.ModuleInstance(nil)".into();
    }
    let steps: Vec<String> =
        m.0.iter()
            .map(|s| {
                format!(
                    "addrs.ModuleInstanceStep{{Name:{:?}, InstanceKey:{}}}",
                    s.name,
                    go_key(&s.key)
                )
            })
            .collect();
    format!("addrs.ModuleInstance{{{}}}", steps.join(", "))
}

/// Go's `%#v` of a `globalref.ResourceAttr`, exact in the parts where two entries can differ.
fn go_syntax_key(a: &RelevantAttr) -> String {
    let (module, mode, type_, name, key) = match AbsResourceInstance::parse(&a.resource) {
        Ok(r) => {
            let mode = match r.mode {
                ResourceMode::Managed => 77,
                ResourceMode::Data => 68,
                ResourceMode::Ephemeral => 69,
                ResourceMode::List => 76,
            };
            (go_module(&r.module), mode, r.type_, r.name, go_key(&r.key))
        }
        Err(_) => (
            String::new(),
            0,
            a.resource.clone(),
            String::new(),
            String::new(),
        ),
    };
    let steps: Vec<String> = a
        .path
        .iter()
        .map(|s| match s {
            PathStep::Attr(n) => format!("cty.GetAttrStep{{Name:{n:?}}}"),
            // cty.Value has a GoString method.
            PathStep::Index(Value::String(k)) => {
                format!("cty.IndexStep{{Key:cty.StringVal({})}}", go_quote(k))
            }
            PathStep::Index(Value::Number(n)) if n.is_integer() => {
                format!("cty.IndexStep{{Key:cty.NumberIntVal({})}}", n.as_text())
            }
            PathStep::Index(Value::Number(n)) => {
                format!("cty.IndexStep{{Key:cty.NumberFloatVal({})}}", n.as_text())
            }
            PathStep::Index(_) => "cty.IndexStep{Key:cty.DynamicVal}".into(),
        })
        .collect();
    // Paths read from a plan file are never nil slices: an empty one is `cty.Path{}`.
    let attr = format!("cty.Path{{{}}}", steps.join(", "));
    format!(
        "globalref.ResourceAttr{{Resource:addrs.AbsResourceInstance{{targetable:addrs.targetable{{}}, Module:{module}, Resource:addrs.ResourceInstance{{referenceable:addrs.referenceable{{}}, Resource:addrs.Resource{{referenceable:addrs.referenceable{{}}, Mode:{mode}, Type:{type_:?}, Name:{name:?}}}, Key:{key}}}}}, Attr:{attr}}}"
    )
}

#[cfg(test)]
mod tests {
    fn run(keys: &[u32]) -> Vec<usize> {
        let mut data: Vec<usize> = (0..keys.len()).collect();
        crate::gosort::slice_stable(&mut data, |i, j| keys[i] < keys[j]);
        data
    }

    #[test]
    fn sorted_input_is_left_alone() {
        for n in [0u32, 1, 5, 20, 21, 45, 100] {
            let keys: Vec<u32> = (0..n).collect();
            assert_eq!(run(&keys), (0..n as usize).collect::<Vec<_>>());
        }
    }

    #[test]
    fn comparing_the_original_positions_is_not_a_sort() {
        // Go: insertion sort swaps positions 2 and 1 (key 0 < key 2), then compares the
        // original elements at 1 and 0 (2 < 1 is false) and stops.
        assert_eq!(run(&[1, 2, 0]), vec![0, 2, 1]);
        assert_eq!(run(&[2, 1, 0]), vec![2, 1, 0]);
    }

    #[test]
    fn large_inputs_stay_permutations() {
        let keys: Vec<u32> = (0..97u32).map(|i| (i * 7919) % 13).collect();
        let mut out = run(&keys);
        out.sort_unstable();
        assert_eq!(out, (0..97).collect::<Vec<_>>());
    }
}
