//! Resources as a tree by module (`summary --tree`): each module call under its parent, each
//! resource under its module by its name in that module.

use crate::summary::ResourceRow;

/// One line of a tree.
#[derive(Debug)]
pub(crate) struct Node<'a> {
    /// How deep it is (0: the root module's resources and module calls).
    pub depth: usize,
    /// A module step (`module.app["eu"]`), when this is a module's line.
    pub module: &'a str,
    /// The resource, when this is a resource's line.
    pub row: Option<&'a ResourceRow>,
}

/// The lines of the tree of `rows`: each module's resources, then its child modules; the root
/// module's resources first.
pub(crate) fn tree<'a>(rows: &[&'a ResourceRow]) -> Vec<Node<'a>> {
    let mut keyed: Vec<(Vec<&'a str>, &'a ResourceRow)> =
        rows.iter().map(|r| (module_steps(&r.module), *r)).collect();
    // Stable: within a module, resources keep their order.
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out = Vec::new();
    let mut open: Vec<&str> = Vec::new();
    for (steps, r) in keyed {
        let common = open.iter().zip(&steps).take_while(|(a, b)| a == b).count();
        for (depth, step) in steps.iter().enumerate().skip(common) {
            out.push(Node {
                depth,
                module: step,
                row: None,
            });
        }
        out.push(Node {
            depth: steps.len(),
            module: "",
            row: Some(r),
        });
        open = steps;
    }
    out
}

/// A resource's address in its module (`aws_instance.web[0]` of
/// `module.app.aws_instance.web[0]`).
pub(crate) fn local_name(r: &ResourceRow) -> &str {
    if r.module.is_empty() {
        return &r.address;
    }
    r.address
        .strip_prefix(r.module.as_str())
        .and_then(|rest| rest.strip_prefix('.'))
        .unwrap_or(&r.address)
}

/// The steps of a module instance address: `module.a["x.module.y"].module.b[0]` gives
/// `module.a["x.module.y"]` and `module.b[0]` (a `.module.` inside a key's string is not a
/// step).
pub(crate) fn module_steps(module: &str) -> Vec<&str> {
    const PREFIX: &str = "module.";
    let b = module.as_bytes();
    let mut steps = Vec::new();
    let (mut start, mut i, mut depth, mut in_string) = (0, 0, 0usize, false);
    while i < b.len() {
        match b[i] {
            b'\\' if in_string => i += 1,
            b'"' => in_string = !in_string,
            b'[' if !in_string => depth += 1,
            b']' if !in_string => depth = depth.saturating_sub(1),
            // A step is `module.` and a name at least: a call named `module` stays whole.
            b'.' if !in_string
                && depth == 0
                && i > start + PREFIX.len()
                && module[i + 1..].starts_with(PREFIX) =>
            {
                steps.push(&module[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if start < module.len() {
        steps.push(&module[start..]);
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::Reason;
    use crate::Action;

    fn row(module: &str, name: &str) -> ResourceRow {
        ResourceRow {
            address: if module.is_empty() {
                name.to_owned()
            } else {
                format!("{module}.{name}")
            },
            module: module.to_owned(),
            deposed: String::new(),
            action: Action::Create,
            moved_from: String::new(),
            import_id: None,
            reason: Reason::default(),
            attributes: Vec::new(),
        }
    }

    #[test]
    fn module_addresses_split_into_calls() {
        assert_eq!(module_steps(""), Vec::<&str>::new());
        assert_eq!(module_steps("module.a"), ["module.a"]);
        assert_eq!(
            module_steps("module.a[\"x.module.y\"].module.b[0]"),
            ["module.a[\"x.module.y\"]", "module.b[0]"]
        );
        assert_eq!(
            module_steps("module.module.module.m"),
            ["module.module", "module.m"]
        );
        assert_eq!(
            module_steps("module.a[\"q\\\"].module.z\"]"),
            ["module.a[\"q\\\"].module.z\"]"]
        );
    }

    #[test]
    fn trees_nest_modules_under_their_parents() {
        let rows = [
            row("module.app.module.db", "aws_db.main"),
            row("", "aws_vpc.main"),
            row("module.app", "aws_instance.web"),
            row("module.other", "null_resource.x"),
        ];
        let refs: Vec<&ResourceRow> = rows.iter().collect();
        let lines: Vec<(usize, String)> = tree(&refs)
            .iter()
            .map(|n| {
                (
                    n.depth,
                    n.row
                        .map_or(n.module.to_owned(), |r| local_name(r).to_owned()),
                )
            })
            .collect();
        let want = [
            (0, "aws_vpc.main"),
            (0, "module.app"),
            (1, "aws_instance.web"),
            (1, "module.db"),
            (2, "aws_db.main"),
            (0, "module.other"),
            (1, "null_resource.x"),
        ];
        let want: Vec<(usize, String)> = want.iter().map(|(d, s)| (*d, s.to_string())).collect();
        assert_eq!(lines, want);
    }
}
