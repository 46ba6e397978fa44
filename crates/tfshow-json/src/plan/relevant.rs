//! `relevant_attributes` (Terraform 1.2+), in Terraform's peculiar order.
//!
//! Terraform 1.11 and later sort this list with `sort.SliceStable`, but its comparison function looks at
//! the *unsorted* input (`%#v` renderings of the original elements) while the sort moves the
//! output elements. The result is a fixed permutation of the plan-file order that only equals
//! the sorted order by luck. This module replays Go's stable sort with that comparison.
//! Index steps with numeric keys render a pointer in `%#v`; their order cannot be reproduced
//! (see KNOWN-DIVERGENCES.md).

use tfshow_addrs::{AbsResourceInstance, InstanceKey, ModuleInstance, ResourceMode};
use tfshow_cty::{Path, PathStep, Value};
use tfshow_gojson::Writer;

use super::paths::write_path;
use crate::error::Error;

/// One relevant attribute: a resource instance address and a path into it.
pub(crate) struct RelevantAttr {
    pub resource: String,
    pub path: Path,
}

/// Writes the array, or nothing when there are no entries. Terraform 1.2 to 1.10 keep the
/// plan-file order; 1.11 added the sort.
pub(crate) fn write(w: &mut Writer<'_>, attrs: &[RelevantAttr], sorted: bool) -> Result<(), Error> {
    if attrs.is_empty() {
        return Ok(());
    }
    let mut order: Vec<usize> = (0..attrs.len()).collect();
    if sorted {
        let keys: Vec<String> = attrs.iter().map(go_syntax_key).collect();
        go_slice_stable(&mut order, |i, j| keys[i] < keys[j]);
    }
    w.key("relevant_attributes");
    w.begin_array();
    for i in order {
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

fn go_key(k: &InstanceKey) -> String {
    match k {
        InstanceKey::None | InstanceKey::Wildcard => "addrs.InstanceKey(nil)".into(),
        InstanceKey::Int(i) => format!("addrs.IntKey({i})"),
        InstanceKey::Str(s) => format!("addrs.StringKey({s:?})"),
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

/// An approximation of Go's `%#v` of a `globalref.ResourceAttr`, exact in the parts where
/// two entries can differ (except numeric index keys).
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
            PathStep::Index(Value::String(k)) => format!(
                "cty.IndexStep{{Key:cty.Value{{ty:cty.Type{{typeImpl:cty.primitiveType{{typeImplSigil:cty.typeImplSigil{{}}, Kind:0x53}}}}, v:{k:?}}}}}"
            ),
            PathStep::Index(_) => "cty.IndexStep{Key:cty.Value{ty:cty.Type{typeImpl:cty.primitiveType{typeImplSigil:cty.typeImplSigil{}, Kind:0x4e}}, v:(*big.Float)(0xc000000000)}}".into(),
        })
        .collect();
    // Paths read from a plan file are never nil slices: an empty one is `cty.Path{}`.
    let attr = format!("cty.Path{{{}}}", steps.join(", "));
    format!(
        "globalref.ResourceAttr{{Resource:addrs.AbsResourceInstance{{targetable:addrs.targetable{{}}, Module:{module}, Resource:addrs.ResourceInstance{{referenceable:addrs.referenceable{{}}, Resource:addrs.Resource{{referenceable:addrs.referenceable{{}}, Mode:{mode}, Type:{type_:?}, Name:{name:?}}}, Key:{key}}}}}, Attr:{attr}}}"
    )
}

/// Go's `sort.SliceStable` (insertion sort on blocks of 20, then `symMerge`), with `less`
/// taking the original positions, exactly as Terraform's comparison function does.
fn go_slice_stable(data: &mut [usize], less: impl Fn(usize, usize) -> bool) {
    let n = data.len();
    let mut block = 20;
    let (mut a, mut b) = (0, block);
    while b <= n {
        insertion_sort(data, &less, a, b);
        a = b;
        b += block;
    }
    insertion_sort(data, &less, a, n);
    while block < n {
        let (mut a, mut b) = (0, 2 * block);
        while b <= n {
            sym_merge(data, &less, a, a + block, b);
            a = b;
            b += 2 * block;
        }
        let m = a + block;
        if m < n {
            sym_merge(data, &less, a, m, n);
        }
        block *= 2;
    }
}

fn insertion_sort(data: &mut [usize], less: &impl Fn(usize, usize) -> bool, a: usize, b: usize) {
    for i in a + 1..b {
        let mut j = i;
        while j > a && less(j, j - 1) {
            data.swap(j, j - 1);
            j -= 1;
        }
    }
}

fn sym_merge(
    data: &mut [usize],
    less: &impl Fn(usize, usize) -> bool,
    a: usize,
    m: usize,
    b: usize,
) {
    if m - a == 1 {
        let (mut i, mut j) = (m, b);
        while i < j {
            let h = (i + j) / 2;
            if less(h, a) {
                i = h + 1;
            } else {
                j = h;
            }
        }
        for k in a..i.saturating_sub(1) {
            data.swap(k, k + 1);
        }
        return;
    }
    if b - m == 1 {
        let (mut i, mut j) = (a, m);
        while i < j {
            let h = (i + j) / 2;
            if !less(m, h) {
                i = h + 1;
            } else {
                j = h;
            }
        }
        let mut k = m;
        while k > i {
            data.swap(k, k - 1);
            k -= 1;
        }
        return;
    }
    let mid = (a + b) / 2;
    let n = mid + m;
    let (mut start, mut r) = if m > mid { (n - b, mid) } else { (a, m) };
    let p = n - 1;
    while start < r {
        let c = (start + r) / 2;
        if !less(p - c, c) {
            start = c + 1;
        } else {
            r = c;
        }
    }
    let end = n - start;
    if start < m && m < end {
        rotate(data, start, m, end);
    }
    if a < start && start < mid {
        sym_merge(data, less, a, start, mid);
    }
    if mid < end && end < b {
        sym_merge(data, less, mid, end, b);
    }
}

fn rotate(data: &mut [usize], a: usize, m: usize, b: usize) {
    let (mut i, mut j) = (m - a, b - m);
    while i != j {
        if i > j {
            swap_range(data, m - i, m, j);
            i -= j;
        } else {
            swap_range(data, m - i, m + j - i, i);
            j -= i;
        }
    }
    swap_range(data, m - i, m, i);
}

fn swap_range(data: &mut [usize], a: usize, b: usize, n: usize) {
    for i in 0..n {
        data.swap(a + i, b + i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(keys: &[u32]) -> Vec<usize> {
        let mut data: Vec<usize> = (0..keys.len()).collect();
        go_slice_stable(&mut data, |i, j| keys[i] < keys[j]);
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
