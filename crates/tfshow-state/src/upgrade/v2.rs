//! Formats 2 (Terraform 0.6) and 3 (0.7 to 0.11): read into the legacy model, and the upgrade
//! of format 2's flat attributes to format 3, which counts the entries of a map with `%` where
//! format 2 used `#` as for lists.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::json::{
    array, boolean, int64, members, object, string, string_map, strings, uint64, At,
};
use super::model::{LegacyModule, LegacyObject, LegacyOutput, LegacyResource, LegacyState};
use crate::read::StateError;

/// Reads a format 2 or 3 state.
pub(crate) fn read(top: &Map<String, Value>) -> Result<LegacyState, StateError> {
    let at = At::root();
    super::v1::remote(top.get("remote"), &at.field("remote"))?;
    let backend_at = at.field("backend");
    if let Some(b) = object(top.get("backend"), &backend_at)? {
        string(b.get("type"), &backend_at.field("type"))?;
        uint64(b.get("hash"), &backend_at.field("hash"))?;
    }
    let modules_at = at.field("modules");
    let modules = array(top.get("modules"), &modules_at)?
        .iter()
        .enumerate()
        .map(|(i, m)| module(m, &modules_at.index(i)))
        .collect::<Result<_, _>>()?;
    Ok(LegacyState {
        terraform_version: string(top.get("terraform_version"), &at.field("terraform_version"))?,
        serial: int64(top.get("serial"), &at.field("serial"))?,
        lineage: string(top.get("lineage"), &at.field("lineage"))?,
        modules,
    })
}

fn module(v: &Value, at: &At) -> Result<LegacyModule, StateError> {
    let m = object(Some(v), at)?.ok_or_else(|| at.error("a module cannot be null"))?;
    let outputs = members(m.get("outputs"), &at.field("outputs"), output)?;
    strings(m.get("depends_on"), &at.field("depends_on"))?;
    let resources = members(m.get("resources"), &at.field("resources"), resource)?;
    Ok(LegacyModule {
        at: at.0.clone(),
        path: strings(m.get("path"), &at.field("path"))?,
        outputs,
        resources,
    })
}

fn output(v: &Value, at: &At) -> Result<LegacyOutput, StateError> {
    let o = object(Some(v), at)?.ok_or_else(|| at.error("an output cannot be null"))?;
    string(o.get("type"), &at.field("type"))?;
    Ok(LegacyOutput {
        sensitive: boolean(o.get("sensitive"), &at.field("sensitive"))?,
        value: o.get("value").cloned().unwrap_or(Value::Null),
    })
}

fn resource(v: &Value, at: &At) -> Result<LegacyResource, StateError> {
    let r = object(Some(v), at)?.ok_or_else(|| at.error("a resource cannot be null"))?;
    string(r.get("type"), &at.field("type"))?;
    strings(r.get("depends_on"), &at.field("depends_on"))?;
    LegacyResource::read(r, at, instance)
}

fn instance(v: &Value, at: &At) -> Result<LegacyObject, StateError> {
    let o = object(Some(v), at)?.ok_or_else(|| at.error("an object cannot be null"))?;
    Ok(LegacyObject {
        id: string(o.get("id"), &at.field("id"))?,
        attributes: string_map(o.get("attributes"), &at.field("attributes"))?,
        meta: object(o.get("meta"), &at.field("meta"))?
            .cloned()
            .unwrap_or_default(),
        tainted: boolean(o.get("tainted"), &at.field("tainted"))?,
    })
}

/// Upgrades the flat attributes of every object of a format 2 state (or of a format 1 state
/// read as format 2) to format 3.
pub(crate) fn upgrade_to_v3(state: &mut LegacyState) {
    for m in &mut state.modules {
        for (_, r) in &mut m.resources {
            for o in r.primary.iter_mut().chain(r.deposed.iter_mut()) {
                if let Some(attrs) = &mut o.attributes {
                    count_maps_with_percent(attrs);
                }
            }
        }
    }
}

/// For each collection counted by a `PREFIX.#` entry: when any of its element keys (the first
/// segment after `PREFIX.`) is not a decimal integer, it was a map and its count moves to
/// `PREFIX.%`; when it has no element key at all, the count entry goes.
///
/// Every key is visited once per count entry whose prefix it starts with, at most once per `.`
/// in it, so the work is linear in the size of the keys.
fn count_maps_with_percent(attrs: &mut BTreeMap<String, String>) {
    // A prefix is what comes before `#` in a key that ends `.#` (and holds no line break: the
    // pattern Terraform matches with does not cross one).
    let prefixes: Vec<String> = attrs
        .keys()
        .filter(|k| k.ends_with(".#") && !k.contains('\n'))
        .map(|k| k[..k.len() - 1].to_owned())
        .collect();
    // Which count entries to rename or drop is decided on the keys as they were: the changes
    // for one prefix never fall under another prefix's keys.
    let mut to_map = Vec::new();
    let mut to_drop = Vec::new();
    for prefix in prefixes {
        let mut any = false;
        let mut non_numeric = false;
        for key in attrs
            .range::<str, _>((
                std::ops::Bound::Included(prefix.as_str()),
                std::ops::Bound::Unbounded,
            ))
            .map(|(k, _)| k)
            .take_while(|k| k.starts_with(prefix.as_str()))
        {
            let rest = &key[prefix.len()..];
            let element = match rest.split_once('.') {
                Some((first, _)) if !first.is_empty() => first,
                _ if rest == "#" => continue,
                _ => rest,
            };
            any = true;
            non_numeric |= !is_go_int(element);
        }
        if non_numeric {
            to_map.push(prefix);
        } else if !any {
            to_drop.push(prefix);
        }
    }
    for prefix in to_map {
        let count = attrs.remove(&format!("{prefix}#")).unwrap_or_default();
        attrs.insert(format!("{prefix}%"), count);
    }
    for prefix in to_drop {
        attrs.remove(&format!("{prefix}#"));
    }
}

/// Whether `s` is a decimal integer of at most 64 bits with an optional sign, as Go's
/// `strconv.Atoi` reads one.
fn is_go_int(s: &str) -> bool {
    s.parse::<i64>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn upgraded(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        let mut m: BTreeMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        count_maps_with_percent(&mut m);
        m.into_iter().collect()
    }

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn maps_are_counted_with_percent() {
        let got = upgraded(&[
            ("tags.#", "2"),
            ("tags.a", "1"),
            ("tags.b", "2"),
            ("id", "x"),
        ]);
        assert_eq!(
            got,
            pairs(&[
                ("id", "x"),
                ("tags.%", "2"),
                ("tags.a", "1"),
                ("tags.b", "2")
            ])
        );
    }

    #[test]
    fn lists_stay_and_empty_collections_go() {
        let got = upgraded(&[
            ("list.#", "2"),
            ("list.0", "a"),
            ("list.1.x", "b"),
            ("list.-1", "c"),
            ("empty.#", "0"),
        ]);
        assert_eq!(
            got,
            pairs(&[
                ("list.#", "2"),
                ("list.-1", "c"),
                ("list.0", "a"),
                ("list.1.x", "b")
            ])
        );
    }

    #[test]
    fn nested_collections_are_upgraded_each() {
        let got = upgraded(&[
            ("a.#", "1"),
            ("a.0.m.#", "1"),
            ("a.0.m.k", "v"),
            ("a.0.e.#", "0"),
        ]);
        assert_eq!(
            got,
            pairs(&[("a.#", "1"), ("a.0.m.%", "1"), ("a.0.m.k", "v")])
        );
    }

    #[test]
    fn odd_keys_count_as_map_keys() {
        // An element key that is empty, starts with a dot, or is past 64 bits is no index.
        for key in ["m.", "m..x", "m.99999999999999999999", "m.+"] {
            let got = upgraded(&[("m.#", "1"), (key, "v")]);
            let mut want = pairs(&[("m.%", "1"), (key, "v")]);
            want.sort();
            assert_eq!(got, want, "{key}");
        }
        let got = upgraded(&[("m\n.#", "1"), ("m\n.k", "v")]);
        assert_eq!(got, pairs(&[("m\n.#", "1"), ("m\n.k", "v")]));
    }
}
