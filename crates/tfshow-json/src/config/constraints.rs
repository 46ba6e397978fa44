//! Provider version constraints in Terraform's canonical form
//! (`providerreqs.VersionConstraintsString`): deduplicated, sorted by version and operator,
//! each written Ruby-style (`>= 1.2.0`, `~> 2.1`, `1.0.0`).

use std::cmp::Ordering;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Selection {
    op: Op,
    version: [u64; 3],
    pre: String,
    meta: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Op {
    // Declaration order is the sort priority.
    Greater,
    GreaterEq,
    Equal,
    PessimisticPatch,
    PessimisticMinor,
    LessEq,
    Less,
    NotEqual,
}

fn parse_one(s: &str) -> Option<Selection> {
    let s = s.trim();
    let (op, rest) = [
        (">=", Op::GreaterEq),
        ("<=", Op::LessEq),
        ("~>", Op::PessimisticMinor),
        ("!=", Op::NotEqual),
        (">", Op::Greater),
        ("<", Op::Less),
        ("=", Op::Equal),
    ]
    .iter()
    .find_map(|(p, op)| s.strip_prefix(p).map(|r| (*op, r.trim())))
    .unwrap_or((Op::Equal, s));
    let (core, meta) = rest.split_once('+').unwrap_or((rest, ""));
    let (core, pre) = core.split_once('-').unwrap_or((core, ""));
    let parts: Vec<&str> = core.split('.').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    let mut version = [0u64; 3];
    for (i, p) in parts.iter().enumerate() {
        version[i] = if *p == "*" || p.eq_ignore_ascii_case("x") {
            0
        } else {
            p.parse().ok()?
        };
    }
    let op = if op == Op::PessimisticMinor && parts.len() == 3 {
        Op::PessimisticPatch
    } else {
        op
    };
    Some(Selection {
        op,
        version,
        pre: pre.to_owned(),
        meta: meta.to_owned(),
    })
}

/// The canonical string of constraint strings (each may hold several, comma-separated);
/// unparseable parts are left out.
pub(crate) fn canonical(constraints: &[String]) -> String {
    let mut sels: Vec<Selection> = constraints
        .iter()
        .flat_map(|c| c.split(','))
        .filter_map(parse_one)
        .collect();
    sels.sort_by(|a, b| {
        a.version
            .cmp(&b.version)
            .then_with(|| compare_pre(&a.pre, &b.pre))
            .then_with(|| a.meta.cmp(&b.meta))
            .then_with(|| a.op.cmp(&b.op))
    });
    sels.dedup();
    sels.iter()
        .map(|s| {
            let op = match s.op {
                Op::Greater => "> ",
                Op::GreaterEq => ">= ",
                Op::Equal => "",
                Op::PessimisticPatch | Op::PessimisticMinor => "~> ",
                Op::LessEq => "<= ",
                Op::Less => "< ",
                Op::NotEqual => "!= ",
            };
            let mut v = if s.op == Op::PessimisticMinor {
                format!("{op}{}.{}", s.version[0], s.version[1])
            } else {
                format!("{op}{}.{}.{}", s.version[0], s.version[1], s.version[2])
            };
            if !s.pre.is_empty() {
                v.push('-');
                v.push_str(&s.pre);
            }
            if !s.meta.is_empty() {
                v.push('+');
                v.push_str(&s.meta);
            }
            v
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Semver pre-release order: a release sorts after its pre-releases.
fn compare_pre(a: &str, b: &str) -> Ordering {
    match (a.is_empty(), b.is_empty()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        (false, false) => a.cmp(b),
    }
}

#[cfg(test)]
mod tests {
    use super::canonical;

    #[test]
    fn canonical_forms() {
        // Terraform's own test fixture (show-json/provider-version): `>= 1.2.3, 1.2.3`.
        assert_eq!(
            canonical(&["1.2.3".into(), ">= 1.2.3".into()]),
            ">= 1.2.3, 1.2.3"
        );
        assert_eq!(canonical(&["~> 2.1".into()]), "~> 2.1");
        assert_eq!(canonical(&["~> 2.1.0, < 3".into()]), "~> 2.1.0, < 3.0.0");
        assert_eq!(canonical(&[">= 1.0".into(), ">= 1.0.0".into()]), ">= 1.0.0");
        assert_eq!(canonical(&[]), "");
    }
}
