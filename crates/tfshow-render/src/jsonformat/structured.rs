//! A change as the JSON document describes it: before and after values with their unknown and
//! sensitive masks, plus the paths that force replacement and the paths that are relevant.
//!
//! Values are borrowed ([`Node`]): from a JSON document, or views of a plan's typed values
//! that read as its JSON would; `null` and absent values are both "nil", told apart by the
//! `*_explicit` flags where that matters.

use serde_json::Value;
use tfshow_json::document::{ChangeJson, TypedValues};

use super::node::{deep_equal, known, sensitive, val, Lookups, Node, Val};
use super::Action;

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
    v.is_some_and(Node::is_true)
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

    /// A resource change of `values`; `forget_only`: the change's action is `forget`,
    /// shown as no change by Terraform (OpenTofu shows the deletion of the values); `style`:
    /// whose `show` the diff follows.
    pub(crate) fn resource(
        values: Values<'a>,
        forget_only: bool,
        replace_paths: Matcher,
        relevant: Matcher,
        style: Style,
    ) -> Change<'a> {
        let c = Change {
            before_explicit: false,
            after_explicit: false,
            before: values.before,
            after: values.after,
            unknown: values.unknown,
            before_sensitive: values.before_sensitive,
            after_sensitive: values.after_sensitive,
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
            before: value,
            after: value,
            unknown: Some(Node::Flag(false)),
            before_sensitive: sensitive,
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
            before: self.before,
            after: self.before,
            unknown: Some(Node::Flag(false)),
            before_sensitive: self.before_sensitive,
            after_sensitive: self.before_sensitive,
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
            before: self.before,
            after: None,
            unknown: None,
            before_sensitive: self.before_sensitive,
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
            after: self.after,
            unknown: self.unknown,
            before_sensitive: None,
            after_sensitive: self.after_sensitive,
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
            before: self.before,
            after: self.after,
            unknown: self.unknown,
            before_sensitive: Some(Node::Flag(false)),
            after_sensitive: Some(Node::Flag(false)),
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
    pub(crate) fn explicit_keys(&self) -> Vec<&'a str> {
        sorted_keys([self.before, self.after])
    }

    /// The keys of every map of the change (values and masks), sorted.
    pub(crate) fn all_keys(&self) -> Vec<&'a str> {
        sorted_keys([
            self.before,
            self.after,
            self.unknown,
            self.after_sensitive,
            self.before_sensitive,
        ])
    }

    /// The before value is a map (for collection actions).
    pub(crate) fn before_is_map(&self) -> bool {
        self.before.is_some_and(Node::is_object)
    }

    /// The after value is a map.
    pub(crate) fn after_is_map(&self) -> bool {
        self.after.is_some_and(Node::is_object)
    }

    /// The length of the before list, if the before value is a list.
    pub(crate) fn before_len(&self) -> Option<usize> {
        self.before.and_then(Node::len)
    }

    /// The length of the after list, if the after value is a list.
    pub(crate) fn after_len(&self) -> Option<usize> {
        self.after.and_then(Node::len)
    }

    /// Some value or mask of the change is a view of typed values.
    pub(crate) fn is_typed(&self) -> bool {
        [
            self.before,
            self.after,
            self.unknown,
            self.before_sensitive,
            self.after_sensitive,
        ]
        .into_iter()
        .flatten()
        .any(Node::is_typed)
    }

    /// The change of map entry or attribute `key`.
    pub(crate) fn map_child(&self, key: &str) -> Change<'a> {
        self.map_child_in(key, &mut Lookups::default())
    }

    /// [`Change::map_child`], looking keys up through `lookups` (to be used for the keys of
    /// this change only).
    pub(crate) fn map_child_in<'k>(
        &self,
        key: &'k str,
        lookups: &mut Lookups<'a, 'k>,
    ) -> Change<'a> {
        let mut child = |v: Val<'a>| v.map_or((None, false), |n| n.member_in(key, lookups));
        let (before, before_explicit) = child(self.before);
        let (after, after_explicit) = child(self.after);
        Change {
            before_explicit,
            after_explicit,
            before,
            after,
            unknown: child(self.unknown).0,
            before_sensitive: child(self.before_sensitive).0,
            after_sensitive: child(self.after_sensitive).0,
            replace_paths: self.replace_paths.child_key(key),
            relevant: self.relevant.child_key(key),
            non_legacy: self.non_legacy,
            style: self.style,
        }
    }

    /// The change between element `before_ix` of the before list and element `after_ix` of
    /// the after list (an index out of range means "absent").
    pub(crate) fn slice_child(&self, before_ix: usize, after_ix: usize) -> Change<'a> {
        let child = |v: Val<'a>, ix: usize| v.map_or((None, false), |n| n.element(ix));
        let (before, before_explicit) = child(self.before, before_ix);
        let (after, after_explicit) = child(self.after, after_ix);
        let before_len = self.before_len().unwrap_or(0);
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
            unknown: child(self.unknown, after_ix).0,
            before_sensitive: child(self.before_sensitive, before_ix).0,
            after_sensitive: child(self.after_sensitive, after_ix).0,
            replace_paths: self.replace_paths.child_index(most_relevant),
            relevant: self.relevant.child_index(most_relevant),
            non_legacy: false,
            style: self.style,
        }
    }
}

/// The keys of the objects among `values`, sorted, without repeats.
fn sorted_keys<'a>(values: impl IntoIterator<Item = Val<'a>>) -> Vec<&'a str> {
    let mut keys = Vec::new();
    for v in values.into_iter().flatten() {
        v.keys(&mut keys);
    }
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// The five values of a resource change: before, after, `after_unknown` and the two
/// sensitivity masks.
pub(crate) struct Values<'a> {
    pub before: Val<'a>,
    pub after: Val<'a>,
    pub unknown: Val<'a>,
    pub before_sensitive: Val<'a>,
    pub after_sensitive: Val<'a>,
}

impl<'a> Values<'a> {
    /// The values of a document's change, with the sensitivity masks given instead of its own
    /// where `Some`.
    pub(crate) fn json(
        v: &'a ChangeJson,
        before_sensitive: Option<&'a Value>,
        after_sensitive: Option<&'a Value>,
    ) -> Values<'a> {
        Values {
            before: val(v.before.as_ref()),
            after: val(v.after.as_ref()),
            unknown: val(Some(&v.after_unknown)),
            before_sensitive: val(Some(before_sensitive.unwrap_or(&v.before_sensitive))),
            after_sensitive: val(Some(after_sensitive.unwrap_or(&v.after_sensitive))),
        }
    }

    /// The typed values of a plan's change, read as the document's JSON; their sensitivity
    /// combined with the masks `before_extra` and `after_extra` where given.
    pub(crate) fn typed(
        v: &'a TypedValues,
        before_extra: Option<&'a Value>,
        after_extra: Option<&'a Value>,
    ) -> Values<'a> {
        let mode = v.unknown_elements;
        Values {
            before: known(&v.before, mode),
            after: known(&v.after, mode),
            unknown: Some(Node::Unknown(&v.after)),
            before_sensitive: Some(sensitive(&v.before, &v.before_marks, before_extra)),
            after_sensitive: Some(sensitive(&v.after, &v.after_marks, after_extra)),
        }
    }
}
