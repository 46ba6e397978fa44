//! A change as the JSON document describes it: before and after values with their unknown and
//! sensitive masks, plus the paths that force replacement and the paths that are relevant.
//!
//! Values are borrowed from the parsed document; `null` and absent values are both "nil", told
//! apart by the `*_explicit` flags where that matters.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::Action;

/// A value of the document, or nil.
pub(crate) type Val<'a> = Option<Cow<'a, Value>>;

/// Wraps a document value; JSON `null` is nil.
pub(crate) fn val(v: Option<&Value>) -> Val<'_> {
    match v {
        None | Some(Value::Null) => None,
        Some(v) => Some(Cow::Borrowed(v)),
    }
}

/// One step of an attribute path: an attribute or map key, or a list index.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Step {
    Key(String),
    Index(f64),
}

/// Matches attribute paths while walking down a value.
#[derive(Clone, Debug)]
pub(crate) enum Matcher {
    /// Matches everything.
    Always,
    /// Matches the listed paths; with `propagate`, a match covers everything below it.
    Paths {
        paths: Vec<Vec<Step>>,
        propagate: bool,
    },
}

impl Matcher {
    /// A matcher of no paths.
    pub(crate) fn empty(propagate: bool) -> Matcher {
        Matcher::Paths {
            paths: Vec::new(),
            propagate,
        }
    }

    /// Parses a JSON array of paths (`[["a", 0], ["b"]]`); anything else matches nothing.
    pub(crate) fn parse(v: Option<&Value>, propagate: bool) -> Matcher {
        let mut paths = Vec::new();
        if let Some(Value::Array(list)) = v {
            for p in list {
                if let Some(path) = parse_path(p) {
                    paths.push(path);
                }
            }
        }
        Matcher::Paths { paths, propagate }
    }

    /// A matcher of cty paths (attribute names and map keys as keys, numbers as indexes;
    /// a path with any other step matches nothing).
    pub(crate) fn from_paths(list: &[tfshow_cty::Path], propagate: bool) -> Matcher {
        let paths = list.iter().filter_map(|p| cty_steps(p)).collect();
        Matcher::Paths { paths, propagate }
    }

    /// Adds one cty path.
    pub(crate) fn append_path(&mut self, path: &[tfshow_cty::PathStep]) {
        if let (Matcher::Paths { paths, .. }, Some(p)) = (self, cty_steps(path)) {
            paths.push(p);
        }
    }

    /// The number of paths (always-matchers count as one).
    pub(crate) fn len(&self) -> usize {
        match self {
            Matcher::Always => 1,
            Matcher::Paths { paths, .. } => paths.len(),
        }
    }

    /// A path ends here.
    pub(crate) fn matches(&self) -> bool {
        match self {
            Matcher::Always => true,
            Matcher::Paths { paths, .. } => paths.iter().any(Vec::is_empty),
        }
    }

    /// Some path goes through here.
    pub(crate) fn matches_partial(&self) -> bool {
        match self {
            Matcher::Always => true,
            Matcher::Paths { paths, .. } => !paths.is_empty(),
        }
    }

    fn child(&self, step: impl Fn(&Step) -> bool) -> Matcher {
        match self {
            Matcher::Always => Matcher::Always,
            Matcher::Paths { paths, propagate } => {
                let mut out = Vec::new();
                for p in paths {
                    match p.split_first() {
                        None => {
                            if *propagate {
                                out.push(Vec::new());
                            }
                        }
                        Some((first, rest)) => {
                            if step(first) {
                                out.push(rest.to_vec());
                            }
                        }
                    }
                }
                Matcher::Paths {
                    paths: out,
                    propagate: *propagate,
                }
            }
        }
    }

    /// The matcher for attribute or map key `key`.
    pub(crate) fn child_key(&self, key: &str) -> Matcher {
        self.child(|s| matches!(s, Step::Key(k) if k == key))
    }

    /// The matcher for element `index`.
    pub(crate) fn child_index(&self, index: usize) -> Matcher {
        self.child(|s| match s {
            Step::Index(f) => go_int(*f) == Some(index),
            Step::Key(k) => k.trim().parse::<f64>().ok().and_then(go_int) == Some(index),
        })
    }
}

/// A float truncated towards zero, as a non-negative index.
fn go_int(f: f64) -> Option<usize> {
    if f.is_finite() && f > -1.0 && f < 1e18 {
        Some(f.trunc().max(0.0) as usize)
    } else {
        None
    }
}

fn cty_steps(path: &[tfshow_cty::PathStep]) -> Option<Vec<Step>> {
    use tfshow_cty::{PathStep, Value as Cty};
    path.iter()
        .map(|s| match s {
            PathStep::Attr(a) => Some(Step::Key(a.to_string())),
            PathStep::Index(v) => match v.peel() {
                Cty::String(k) => Some(Step::Key(k.to_string())),
                Cty::Number(n) => n.to_string().parse::<f64>().ok().map(Step::Index),
                _ => None,
            },
        })
        .collect()
}

fn parse_path(v: &Value) -> Option<Vec<Step>> {
    let Value::Array(steps) = v else {
        return None;
    };
    steps
        .iter()
        .map(|s| match s {
            Value::String(k) => Some(Step::Key(k.clone())),
            Value::Number(n) => n.as_f64().map(Step::Index),
            _ => None,
        })
        .collect()
}

/// A change of one value (see the module documentation).
#[derive(Clone, Debug)]
pub(crate) struct Change<'a> {
    pub before_explicit: bool,
    pub after_explicit: bool,
    pub before: Val<'a>,
    pub after: Val<'a>,
    pub unknown: Val<'a>,
    pub before_sensitive: Val<'a>,
    pub after_sensitive: Val<'a>,
    pub replace_paths: Matcher,
    pub relevant: Matcher,
    /// The value belongs to a resource type the legacy SDK cannot describe, so empty strings
    /// are not taken for null.
    pub non_legacy: bool,
    /// Whose `show` the diff follows; children inherit it.
    pub style: Style,
}

/// Whose `show` a diff follows where the programs differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    /// Terraform 1.15: lists of the same length are compared element by element, empty
    /// strings of legacy-SDK resources are null at any depth, unchanged write-only
    /// attributes of an updated resource are not marked.
    Terraform,
    /// OpenTofu 1.12 (forked from Terraform 1.6): lists are compared by their longest common
    /// subsequence, empty strings are null only as a block's attributes, and write-only
    /// attributes take the resource's action.
    OpenTofu,
}

fn is_true(v: &Val<'_>) -> bool {
    matches!(v.as_deref(), Some(Value::Bool(true)))
}

fn as_map<'v>(v: &'v Val<'_>) -> Option<&'v Map<String, Value>> {
    match v.as_deref() {
        Some(Value::Object(m)) => Some(m),
        _ => None,
    }
}

fn as_slice<'v>(v: &'v Val<'_>) -> Option<&'v [Value]> {
    match v.as_deref() {
        Some(Value::Array(a)) => Some(a),
        _ => None,
    }
}

/// Objects of at most this many members are searched in order rather than by hash (the
/// masks, which hold only sensitive values and collections, are mostly this small).
const SCAN_MEMBERS: usize = 8;

/// The member `key` of `m`.
fn member<'v>(m: &'v Map<String, Value>, key: &str) -> Option<&'v Value> {
    if m.len() <= SCAN_MEMBERS {
        m.iter().find(|(k, _)| k.as_str() == key).map(|(_, v)| v)
    } else {
        m.get(key)
    }
}

/// The entry `key` of a map value: the value (nil for JSON null) and whether it is present.
fn map_child<'a>(v: &Val<'a>, key: &str) -> (Val<'a>, bool) {
    match v {
        Some(Cow::Borrowed(Value::Object(m))) => match member(m, key) {
            Some(c) => (val(Some(c)), true),
            None => (None, false),
        },
        Some(Cow::Owned(Value::Object(m))) => match member(m, key) {
            Some(Value::Null) => (None, true),
            Some(c) => (Some(Cow::Owned(c.clone())), true),
            None => (None, false),
        },
        _ => (None, false),
    }
}

/// Element `ix` of a list value: the value (nil for JSON null) and whether it is present.
fn slice_child<'a>(v: &Val<'a>, ix: usize) -> (Val<'a>, bool) {
    match v {
        Some(Cow::Borrowed(Value::Array(a))) => match a.get(ix) {
            Some(c) => (val(Some(c)), true),
            None => (None, false),
        },
        Some(Cow::Owned(Value::Array(a))) => match a.get(ix) {
            Some(Value::Null) => (None, true),
            Some(c) => (Some(Cow::Owned(c.clone())), true),
            None => (None, false),
        },
        _ => (None, false),
    }
}

/// Two optional values are deeply equal (numbers compare by their text, as Go's
/// `json.Number` does).
pub(crate) fn deep_equal(a: &Val<'_>, b: &Val<'_>) -> bool {
    a.as_deref() == b.as_deref()
}

impl<'a> Change<'a> {
    /// A change read from a document object with `before`, `after`, `after_unknown`,
    /// `before_sensitive`, `after_sensitive` and `replace_paths`.
    pub(crate) fn from_json_change(change: &'a Value, relevant: Matcher) -> Change<'a> {
        let get = |k: &str| val(change.get(k));
        let c = Change {
            before_explicit: false,
            after_explicit: false,
            before: get("before"),
            after: get("after"),
            unknown: get("after_unknown"),
            before_sensitive: get("before_sensitive"),
            after_sensitive: get("after_sensitive"),
            replace_paths: Matcher::parse(change.get("replace_paths"), false),
            relevant,
            non_legacy: false,
            style: Style::Terraform,
        };
        let forget_only = matches!(change.get("actions"), Some(Value::Array(a))
            if a.len() == 1 && a[0].as_str() == Some("forget"));
        if forget_only {
            c.as_no_op()
        } else {
            c
        }
    }

    /// A change of typed values (see [`tfshow_json::document::ChangeJson`]), with the
    /// sensitivity masks given instead of the values' own where `Some`; `forget_only`: the
    /// change's action is `forget`, shown as no change by Terraform (OpenTofu shows the
    /// deletion of the values); `style`: whose `show` the diff follows.
    pub(crate) fn from_parts(
        v: &'a tfshow_json::document::ChangeJson,
        before_sensitive: Option<Cow<'a, Value>>,
        after_sensitive: Option<Cow<'a, Value>>,
        forget_only: bool,
        replace_paths: Matcher,
        relevant: Matcher,
        style: Style,
    ) -> Change<'a> {
        let mask = |given: Option<Cow<'a, Value>>, own: &'a Value| match given {
            Some(Cow::Owned(Value::Null)) | Some(Cow::Borrowed(Value::Null)) => None,
            Some(m) => Some(m),
            None => val(Some(own)),
        };
        let c = Change {
            before_explicit: false,
            after_explicit: false,
            before: val(v.before.as_ref()),
            after: val(v.after.as_ref()),
            unknown: val(Some(&v.after_unknown)),
            before_sensitive: mask(before_sensitive, &v.before_sensitive),
            after_sensitive: mask(after_sensitive, &v.after_sensitive),
            replace_paths,
            relevant,
            non_legacy: false,
            style,
        };
        if forget_only && style == Style::Terraform {
            c.as_no_op()
        } else {
            c
        }
    }

    /// A value shown as it is (a state resource or output): before and after are the same.
    pub(crate) fn unchanged(value: Val<'a>, sensitive: Val<'a>) -> Change<'a> {
        Change {
            before_explicit: false,
            after_explicit: false,
            before: value.clone(),
            after: value,
            unknown: Some(Cow::Owned(Value::Bool(false))),
            before_sensitive: sensitive.clone(),
            after_sensitive: sensitive,
            replace_paths: Matcher::empty(false),
            relevant: Matcher::Always,
            non_legacy: false,
            style: Style::Terraform,
        }
    }

    pub(crate) fn is_before_sensitive(&self) -> bool {
        is_true(&self.before_sensitive)
    }

    pub(crate) fn is_after_sensitive(&self) -> bool {
        is_true(&self.after_sensitive)
    }

    pub(crate) fn is_unknown(&self) -> bool {
        is_true(&self.unknown)
    }

    /// A best guess at the action of a primitive change.
    pub(crate) fn calculate_action(&self) -> Action {
        if self.before.is_none()
            && !self.before_explicit
            && (self.after.is_some() || self.after_explicit)
        {
            return Action::Create;
        }
        if self.after.is_none()
            && !self.after_explicit
            && (self.before.is_some() || self.before_explicit)
        {
            return Action::Delete;
        }
        if deep_equal(&self.before, &self.after)
            && self.after_explicit == self.before_explicit
            && self.is_after_sensitive() == self.is_before_sensitive()
        {
            return Action::NoOp;
        }
        Action::Update
    }

    /// The starting action for collections and blocks: create or delete when one side is
    /// nil, no-op otherwise.
    pub(crate) fn default_action_for_iteration(&self) -> Action {
        match (&self.before, &self.after) {
            (None, None) => Action::NoOp,
            (None, _) => Action::Create,
            (_, None) => Action::Delete,
            _ => Action::NoOp,
        }
    }

    /// The change as if nothing changed: after becomes before.
    pub(crate) fn as_no_op(&self) -> Change<'a> {
        Change {
            before_explicit: self.before_explicit,
            after_explicit: self.before_explicit,
            before: self.before.clone(),
            after: self.before.clone(),
            unknown: Some(Cow::Owned(Value::Bool(false))),
            before_sensitive: self.before_sensitive.clone(),
            after_sensitive: self.before_sensitive.clone(),
            replace_paths: self.replace_paths.clone(),
            relevant: self.relevant.clone(),
            non_legacy: false,
            style: self.style,
        }
    }

    /// The change as a deletion of the before value.
    pub(crate) fn as_delete(&self) -> Change<'a> {
        Change {
            before_explicit: self.before_explicit,
            after_explicit: false,
            before: self.before.clone(),
            after: None,
            unknown: None,
            before_sensitive: self.before_sensitive.clone(),
            after_sensitive: None,
            replace_paths: self.replace_paths.clone(),
            relevant: self.relevant.clone(),
            non_legacy: false,
            style: self.style,
        }
    }

    /// The change as a creation of the after value.
    pub(crate) fn as_create(&self) -> Change<'a> {
        Change {
            before_explicit: false,
            after_explicit: self.after_explicit,
            before: None,
            after: self.after.clone(),
            unknown: self.unknown.clone(),
            before_sensitive: None,
            after_sensitive: self.after_sensitive.clone(),
            replace_paths: self.replace_paths.clone(),
            relevant: self.relevant.clone(),
            non_legacy: false,
            style: self.style,
        }
    }

    /// The change with sensitivity removed (what a sensitive renderer is given).
    pub(crate) fn without_sensitivity(&self) -> Change<'a> {
        Change {
            before_explicit: self.before_explicit,
            after_explicit: self.after_explicit,
            before: self.before.clone(),
            after: self.after.clone(),
            unknown: self.unknown.clone(),
            before_sensitive: Some(Cow::Owned(Value::Bool(false))),
            after_sensitive: Some(Cow::Owned(Value::Bool(false))),
            replace_paths: self.replace_paths.clone(),
            relevant: self.relevant.clone(),
            non_legacy: false,
            style: self.style,
        }
    }

    /// Before and after are both nil and neither is explicit.
    pub(crate) fn is_null_no_op(&self) -> bool {
        self.before.is_none()
            && !self.before_explicit
            && self.after.is_none()
            && !self.after_explicit
    }

    /// The keys of the before and after maps, sorted.
    pub(crate) fn explicit_keys(&self) -> Vec<String> {
        let mut keys: Vec<String> = Vec::new();
        for m in [as_map(&self.before), as_map(&self.after)]
            .into_iter()
            .flatten()
        {
            keys.extend(m.keys().cloned());
        }
        keys.sort();
        keys.dedup();
        keys
    }

    /// The keys of every map of the change (values and masks), sorted.
    pub(crate) fn all_keys(&self) -> Vec<String> {
        let mut keys: Vec<String> = Vec::new();
        for m in [
            as_map(&self.before),
            as_map(&self.after),
            as_map(&self.unknown),
            as_map(&self.after_sensitive),
            as_map(&self.before_sensitive),
        ]
        .into_iter()
        .flatten()
        {
            keys.extend(m.keys().cloned());
        }
        keys.sort();
        keys.dedup();
        keys
    }

    /// The before value is a map (for collection actions).
    pub(crate) fn before_is_map(&self) -> bool {
        as_map(&self.before).is_some()
    }

    /// The after value is a map.
    pub(crate) fn after_is_map(&self) -> bool {
        as_map(&self.after).is_some()
    }

    /// The before list, if the before value is a list.
    pub(crate) fn before_slice(&self) -> Option<&[Value]> {
        as_slice(&self.before)
    }

    /// The after list, if the after value is a list.
    pub(crate) fn after_slice(&self) -> Option<&[Value]> {
        as_slice(&self.after)
    }

    /// The change of map entry or attribute `key`.
    pub(crate) fn map_child(&self, key: &str) -> Change<'a> {
        let (before, before_explicit) = map_child(&self.before, key);
        let (after, after_explicit) = map_child(&self.after, key);
        Change {
            before_explicit,
            after_explicit,
            before,
            after,
            unknown: map_child(&self.unknown, key).0,
            before_sensitive: map_child(&self.before_sensitive, key).0,
            after_sensitive: map_child(&self.after_sensitive, key).0,
            replace_paths: self.replace_paths.child_key(key),
            relevant: self.relevant.child_key(key),
            non_legacy: self.non_legacy,
            style: self.style,
        }
    }

    /// The change between element `before_ix` of the before list and element `after_ix` of
    /// the after list (an index out of range means "absent").
    pub(crate) fn slice_child(&self, before_ix: usize, after_ix: usize) -> Change<'a> {
        let (before, before_explicit) = slice_child(&self.before, before_ix);
        let (after, after_explicit) = slice_child(&self.after, after_ix);
        let before_len = self.before_slice().map_or(0, <[Value]>::len);
        let most_relevant = if before_ix >= before_len {
            after_ix
        } else {
            before_ix
        };
        Change {
            before_explicit,
            after_explicit,
            before,
            after,
            unknown: slice_child(&self.unknown, after_ix).0,
            before_sensitive: slice_child(&self.before_sensitive, before_ix).0,
            after_sensitive: slice_child(&self.after_sensitive, after_ix).0,
            replace_paths: self.replace_paths.child_index(most_relevant),
            relevant: self.relevant.child_index(most_relevant),
            non_legacy: false,
            style: self.style,
        }
    }
}
