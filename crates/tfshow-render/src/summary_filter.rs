//! What a summary lists and what it gates on: the kinds of change (`--only`), address globs
//! (`--address`, `*` and `?` only, so that `[0]` and `["key"]` in an address are plain text),
//! drift and outputs on or off, and the kinds of change `summary --fail-on` fails on.
//!
//! Filters change the lists, never the `Plan:` line and its counts, which stay those of the
//! whole plan; the summary says how many rows each filter hid ([`Hidden`]).

use std::fmt;
use std::str::FromStr;

use wildmatch::WildMatch;

use crate::summary::{ResourceRow, Summary};
use crate::Action;

/// A kind of change, as filters and gates name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChangeKind {
    /// Created.
    Create,
    /// Updated in place.
    Update,
    /// Destroyed (not replaced).
    Delete,
    /// Replaced (destroyed or forgotten, and created again).
    Replace,
    /// A data source read during apply.
    Read,
    /// Removed from state without being destroyed.
    Forget,
    /// Moved to a new address (with or without another change).
    Move,
    /// Imported (with or without another change).
    Import,
}

impl ChangeKind {
    /// Every kind, in the order help texts list them.
    pub const ALL: [ChangeKind; 8] = [
        ChangeKind::Create,
        ChangeKind::Update,
        ChangeKind::Delete,
        ChangeKind::Replace,
        ChangeKind::Read,
        ChangeKind::Forget,
        ChangeKind::Move,
        ChangeKind::Import,
    ];

    /// The kind's name on the command line (`create`, `replace`, …).
    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::Create => "create",
            ChangeKind::Update => "update",
            ChangeKind::Delete => "delete",
            ChangeKind::Replace => "replace",
            ChangeKind::Read => "read",
            ChangeKind::Forget => "forget",
            ChangeKind::Move => "move",
            ChangeKind::Import => "import",
        }
    }

    /// The kind of an action (`None` for a no-op).
    pub fn of_action(action: Action) -> Option<ChangeKind> {
        Some(match action {
            Action::Create => ChangeKind::Create,
            Action::Update => ChangeKind::Update,
            Action::Delete => ChangeKind::Delete,
            Action::DeleteThenCreate
            | Action::CreateThenDelete
            | Action::CreateThenForget
            | Action::ForgetThenCreate => ChangeKind::Replace,
            Action::Read => ChangeKind::Read,
            Action::Forget => ChangeKind::Forget,
            Action::NoOp => return None,
        })
    }

    /// Whether `row` is of this kind: its action's kind, or for `move` and `import`, a row
    /// that moves or imports its object whatever else it does.
    pub fn matches(self, row: &ResourceRow) -> bool {
        match self {
            ChangeKind::Move => !row.moved_from.is_empty(),
            ChangeKind::Import => row.import_id.is_some(),
            _ => ChangeKind::of_action(row.action) == Some(self),
        }
    }
}

impl fmt::Display for ChangeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ChangeKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        ChangeKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = ChangeKind::ALL.iter().map(|k| k.name()).collect();
                format!("unknown kind of change {s:?} (one of {})", names.join(", "))
            })
    }
}

/// What `summary --fail-on` fails on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gate {
    /// A listed change of this kind.
    Kind(ChangeKind),
    /// A listed change that destroys an object: a deletion or a replacement that destroys
    /// (what the `Plan:` line counts "to destroy").
    Destroy,
    /// A listed resource changed outside of Terraform.
    Drift,
    /// Any listed resource or output change.
    Any,
}

impl Gate {
    /// Every gate name, for help texts.
    pub const NAMES: [&'static str; 11] = [
        "create", "update", "delete", "replace", "read", "forget", "move", "import", "destroy",
        "drift", "any",
    ];
}

impl FromStr for Gate {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "destroy" => Ok(Gate::Destroy),
            "drift" => Ok(Gate::Drift),
            "any" => Ok(Gate::Any),
            _ => s.parse().map(Gate::Kind).map_err(|_| {
                format!(
                    "unknown kind of change {s:?} (one of {})",
                    Gate::NAMES.join(", ")
                )
            }),
        }
    }
}

impl fmt::Display for Gate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gate::Kind(k) => k.fmt(f),
            Gate::Destroy => f.write_str("destroy"),
            Gate::Drift => f.write_str("drift"),
            Gate::Any => f.write_str("any"),
        }
    }
}

/// Which rows a summary lists.
#[derive(Clone, Debug)]
pub struct Filter {
    /// List only planned changes of these kinds (all when empty).
    pub only: Vec<ChangeKind>,
    /// List only resources (changes and drift) whose address matches one of these globs
    /// (`*`: any characters, `?`: one character; all when empty).
    pub addresses: Vec<String>,
    /// List drift.
    pub drift: bool,
    /// List output changes.
    pub outputs: bool,
}

impl Default for Filter {
    /// Everything.
    fn default() -> Self {
        Filter {
            only: Vec::new(),
            addresses: Vec::new(),
            drift: true,
            outputs: true,
        }
    }
}

/// What filters left out of a summary's lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hidden {
    /// Planned changes of other kinds than `--only` names.
    pub by_only: usize,
    /// Planned changes and drift whose address matches no `--address` glob.
    pub by_address: usize,
    /// Drift left out by `--no-drift`.
    pub drift: usize,
    /// Output changes left out by `--no-outputs`.
    pub outputs: usize,
}

impl Hidden {
    /// Nothing was hidden.
    pub fn is_empty(&self) -> bool {
        *self == Hidden::default()
    }

    /// One phrase per filter that hid something (`12 resource changes hidden by --only`).
    pub fn notes(&self) -> Vec<String> {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut out = Vec::new();
        if self.by_only > 0 {
            out.push(format!(
                "{} hidden by --only",
                plural(self.by_only, "resource change", "resource changes")
            ));
        }
        if self.by_address > 0 {
            out.push(format!(
                "{} hidden by --address",
                plural(self.by_address, "resource", "resources")
            ));
        }
        if self.drift > 0 {
            out.push(format!(
                "{} hidden by --no-drift",
                plural(self.drift, "change made outside", "changes made outside")
            ));
        }
        if self.outputs > 0 {
            out.push(format!(
                "{} hidden by --no-outputs",
                plural(self.outputs, "output change", "output changes")
            ));
        }
        out
    }
}

impl Summary {
    /// Keeps in the lists only what `filter` selects, and counts what it hid in
    /// [`Summary::hidden`]. `--only` applies to planned changes, `--address` to planned changes
    /// and drift.
    pub fn filter(&mut self, filter: &Filter) {
        let globs: Vec<WildMatch> = filter.addresses.iter().map(|g| WildMatch::new(g)).collect();
        let address_ok = |r: &ResourceRow| {
            globs.is_empty()
                || globs
                    .iter()
                    .any(|g| g.matches(&r.address) || g.matches(address_without_deposed(r)))
        };
        let mut hidden = self.hidden;
        self.changes.retain(|r| {
            if !filter.only.is_empty() && !filter.only.iter().any(|k| k.matches(r)) {
                hidden.by_only += 1;
                false
            } else if !address_ok(r) {
                hidden.by_address += 1;
                false
            } else {
                true
            }
        });
        if filter.drift {
            self.drift.retain(|r| {
                let keep = address_ok(r);
                if !keep {
                    hidden.by_address += 1;
                }
                keep
            });
        } else {
            hidden.drift += self.drift.len();
            self.drift.clear();
        }
        if !filter.outputs {
            hidden.outputs += self.outputs.len();
            self.outputs.clear();
        }
        self.hidden = hidden;
    }

    /// The gates among `gates` that the listed rows trip, each with how many rows trip it
    /// (`2 delete`), in the order given; empty when none does.
    pub fn tripped(&self, gates: &[Gate]) -> Vec<String> {
        let mut out = Vec::new();
        for g in gates {
            let n = match g {
                Gate::Kind(k) => self.changes.iter().filter(|r| k.matches(r)).count(),
                Gate::Destroy => self.changes.iter().filter(|r| r.is_destructive()).count(),
                Gate::Drift => self.drift.len(),
                Gate::Any => self.changes.len() + self.outputs.len(),
            };
            if n > 0 {
                out.push(format!("{n} {g}"));
            }
        }
        out
    }
}

/// A deposed object's address without its ` (deposed …)` suffix.
fn address_without_deposed(r: &ResourceRow) -> &str {
    if r.deposed.is_empty() {
        &r.address
    } else {
        r.address
            .strip_suffix(&format!(" (deposed {})", r.deposed))
            .unwrap_or(&r.address)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_gates_parse_by_name() {
        for k in ChangeKind::ALL {
            assert_eq!(k.name().parse::<ChangeKind>(), Ok(k));
            assert_eq!(k.name().parse::<Gate>(), Ok(Gate::Kind(k)));
        }
        assert_eq!("destroy".parse::<Gate>(), Ok(Gate::Destroy));
        assert_eq!("any".parse::<Gate>(), Ok(Gate::Any));
        let e = "destroyed".parse::<Gate>().unwrap_err();
        assert!(e.contains("\"destroyed\"") && e.contains("drift"), "{e}");
        assert!("drift".parse::<ChangeKind>().is_err());
    }

    #[test]
    fn address_globs_take_brackets_literally() {
        let g = WildMatch::new("module.a[\"k\"].aws_instance.*");
        assert!(g.matches("module.a[\"k\"].aws_instance.web[0]"));
        assert!(!g.matches("module.a[\"j\"].aws_instance.web[0]"));
        assert!(WildMatch::new("aws_instance.web[?]").matches("aws_instance.web[3]"));
        assert!(!WildMatch::new("aws_instance.web[0]").matches("aws_instance.web0"));
    }

    #[test]
    fn hidden_notes_name_each_filter() {
        let h = Hidden {
            by_only: 12,
            by_address: 1,
            drift: 2,
            outputs: 0,
        };
        assert_eq!(
            h.notes(),
            [
                "12 resource changes hidden by --only",
                "1 resource hidden by --address",
                "2 changes made outside hidden by --no-drift",
            ]
        );
        assert!(Hidden::default().is_empty() && Hidden::default().notes().is_empty());
    }
}
