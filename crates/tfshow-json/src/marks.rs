//! Sensitive marks: a tree of paths into a value.

use tfshow_cty::{Path, PathStep, Value};

/// The set of marked paths, as a tree keyed by path step.
#[derive(Debug, Default)]
pub struct Marks {
    marked: bool,
    children: Vec<(PathStep, Marks)>,
}

/// The empty mark tree.
pub static NO_MARKS: Marks = Marks {
    marked: false,
    children: Vec::new(),
};

fn same_step(a: &PathStep, b: &PathStep) -> bool {
    match (a, b) {
        (PathStep::Attr(x), PathStep::Attr(y)) => x == y,
        (PathStep::Index(x), PathStep::Index(y)) => x.peel() == y.peel(),
        // A map key and an attribute name are the same step for marking purposes.
        (PathStep::Attr(x), PathStep::Index(Value::String(y)))
        | (PathStep::Index(Value::String(y)), PathStep::Attr(x)) => x == y,
        _ => false,
    }
}

/// Whether `step` is the attribute or map key `name`.
fn names(step: &PathStep, name: &str) -> bool {
    match step {
        PathStep::Attr(n) => n == name,
        PathStep::Index(v) => matches!(v.peel(), Value::String(k) if k == name),
    }
}

impl Marks {
    /// Builds the tree from paths.
    pub fn from_paths<'a>(paths: impl IntoIterator<Item = &'a Path>) -> Marks {
        let mut root = Marks::default();
        for p in paths {
            root.add(p);
        }
        root
    }

    /// Adds one path; returns whether the tree changed (false when it was marked already).
    pub fn add(&mut self, path: &[PathStep]) -> bool {
        let mut node = self;
        let mut changed = false;
        for step in path {
            let i = match node.children.iter().position(|(s, _)| same_step(s, step)) {
                Some(i) => i,
                None => {
                    node.children.push((step.clone(), Marks::default()));
                    changed = true;
                    node.children.len() - 1
                }
            };
            node = &mut node.children[i].1;
        }
        changed |= !node.marked;
        node.marked = true;
        changed
    }

    /// Marks the attribute (or map key) `name`: [`Marks::add`] of a path of that one step,
    /// without building the path.
    pub fn add_attr(&mut self, name: &str) {
        match self.children.iter().position(|(s, _)| names(s, name)) {
            Some(i) => self.children[i].1.marked = true,
            None => {
                let marked = Marks {
                    marked: true,
                    children: Vec::new(),
                };
                self.children
                    .push((PathStep::Attr(name.to_owned()), marked));
            }
        }
    }

    /// Whether the value at this node is marked.
    pub fn is_marked(&self) -> bool {
        self.marked
    }

    /// Whether any path goes below this node.
    pub fn has_children(&self) -> bool {
        !self.children.is_empty()
    }

    /// The subtree for an attribute or map key.
    pub fn attr(&self, name: &str) -> &Marks {
        self.children
            .iter()
            .find(|(s, _)| names(s, name))
            .map_or(&NO_MARKS, |(_, m)| m)
    }

    /// The subtree for a list or tuple index.
    pub fn element(&self, i: usize) -> &Marks {
        self.children
            .iter()
            .find(|(s, _)| match s {
                PathStep::Index(v) => match v.peel() {
                    Value::Number(n) => n.as_i64() == i64::try_from(i).ok(),
                    _ => false,
                },
                PathStep::Attr(_) => false,
            })
            .map_or(&NO_MARKS, |(_, m)| m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The marks of a tree, as the sorted debug texts of its marked paths.
    fn marked(m: &Marks, at: &mut Vec<String>, out: &mut Vec<String>) {
        if m.marked {
            out.push(at.join("/"));
        }
        for (step, child) in &m.children {
            at.push(match step {
                PathStep::Attr(n) => n.clone(),
                PathStep::Index(v) => format!("{v:?}"),
            });
            marked(child, at, out);
            at.pop();
        }
    }

    #[test]
    fn an_attribute_marked_by_name_is_the_path_of_that_one_step() {
        let key = |k: &str| PathStep::Index(Value::String(k.into()));
        let start = || {
            Marks::from_paths(&[
                vec![PathStep::Attr("a".into()), PathStep::Attr("inner".into())],
                vec![key("b")],
            ])
        };
        for name in ["a", "b", "c"] {
            let (mut by_name, mut by_path) = (start(), start());
            by_name.add_attr(name);
            by_path.add(&[PathStep::Attr(name.into())]);
            let (mut x, mut y) = (Vec::new(), Vec::new());
            marked(&by_name, &mut Vec::new(), &mut x);
            marked(&by_path, &mut Vec::new(), &mut y);
            assert_eq!(x, y, "{name}");
            assert!(by_name.attr(name).is_marked());
        }
    }
}
