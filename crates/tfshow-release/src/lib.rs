//! Which program and release wrote a plan, state or stream ([`Release`]), and the one table of
//! what each release does ([`Feature`], [`Release::has`]).
//!
//! Every rule that depends on the release lives here, as a row of [`FEATURES`] or one of the
//! value tables ([`Release::plan_format`], [`Release::state_format`], [`Release::ui_version`]),
//! so the crates above ask "does this release do X" instead of comparing version numbers.
//!
//! ```
//! use tfshow_release::{Feature, Program, Release};
//!
//! let r = Release::parse(Program::Terraform, "1.5.7");
//! assert!(r.has(Feature::PlanTimestamp));
//! assert!(!r.has(Feature::PlanApplyable));
//! assert_eq!(r.plan_format(), "1.2");
//! ```

#![deny(missing_docs)]

mod feature;

pub use feature::{Feature, FEATURES};

use std::fmt;

/// The program that wrote a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Program {
    /// HashiCorp Terraform.
    Terraform,
    /// OpenTofu (forked from Terraform 1.6).
    OpenTofu,
}

impl Program {
    /// The program's name as it writes it ("Terraform", "OpenTofu").
    pub fn name(self) -> &'static str {
        match self {
            Program::Terraform => "Terraform",
            Program::OpenTofu => "OpenTofu",
        }
    }

    /// The registry host of provider source addresses without one.
    pub fn default_registry(self) -> &'static str {
        match self {
            Program::Terraform => "registry.terraform.io",
            Program::OpenTofu => "registry.opentofu.org",
        }
    }

    /// The program whose default registry `text` (provider addresses, a lock file) names
    /// first, if it names one.
    pub fn by_registry(text: &str) -> Option<Program> {
        let tofu = text.find(Program::OpenTofu.default_registry());
        let terraform = text.find(Program::Terraform.default_registry());
        match (tofu, terraform) {
            (Some(o), Some(t)) if t < o => Some(Program::Terraform),
            (Some(_), _) => Some(Program::OpenTofu),
            (None, Some(_)) => Some(Program::Terraform),
            (None, None) => None,
        }
    }
}

/// A release of a program: `Terraform 1.15.5`, `OpenTofu 1.9.1`.
///
/// A version that does not parse counts as the newest release, so that files of future
/// releases get today's newest behaviour rather than the oldest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Release {
    /// The program.
    pub program: Program,
    /// Major, minor and patch.
    pub parts: (u64, u64, u64),
    /// The pre-release suffix without its `-` (`alpha20260304`), or `""`.
    pub pre: String,
    /// The version as written.
    pub text: String,
}

impl Release {
    /// Parses `MAJOR.MINOR[.PATCH][-pre][+meta]` as a release of `program`.
    pub fn parse(program: Program, text: &str) -> Release {
        let no_meta = text.split('+').next().unwrap_or("");
        let pre = no_meta.split_once('-').map_or("", |(_, pre)| pre);
        Release {
            program,
            parts: parts(text).unwrap_or((u64::MAX, 0, 0)),
            pre: pre.to_owned(),
            text: text.to_owned(),
        }
    }

    /// A Terraform release.
    pub fn terraform(text: &str) -> Release {
        Release::parse(Program::Terraform, text)
    }

    /// Reports whether this release does what `feature` describes.
    pub fn has(&self, feature: Feature) -> bool {
        feature.in_release(self)
    }

    /// `format_version` of the plan document this release prints.
    pub fn plan_format(&self) -> &'static str {
        pick(
            self,
            &[
                ((1, 5, 0), "1.2"),
                ((1, 2, 0), "1.1"),
                ((1, 1, 0), "1.0"),
                ((1, 0, 1), "0.2"),
            ],
            "0.1",
        )
    }

    /// `format_version` of the state document this release prints.
    pub fn state_format(&self) -> &'static str {
        pick(self, &[((1, 1, 0), "1.0"), ((1, 0, 1), "0.2")], "0.1")
    }

    /// The `ui` version this release writes in the `version` message of its `-json` stream.
    pub fn ui_version(&self) -> &'static str {
        if self.parts == (1, 15, 0) {
            // The bump landed in the 1.15.0 alpha of 2026-03-04.
            let early_alpha = self
                .pre
                .strip_prefix("alpha")
                .and_then(|d| d.parse::<u64>().ok())
                .is_some_and(|d| d < 20260304);
            if early_alpha {
                return "1.2";
            }
        }
        pick(
            self,
            &[
                ((1, 15, 0), "1.3"),
                ((1, 6, 0), "1.2"),
                ((1, 4, 0), "1.1"),
                ((1, 1, 0), "1.0"),
            ],
            "0.1.0",
        )
    }

    /// The Terraform release whose behaviour this release shares, for the rows of
    /// [`FEATURES`] that OpenTofu inherited: OpenTofu forked from Terraform 1.6.
    fn terraform_base(&self) -> (u64, u64, u64) {
        match self.program {
            Program::Terraform => self.parts,
            Program::OpenTofu => (1, 6, 0),
        }
    }
}

impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.program.name(), self.text)
    }
}

/// The value of the first row whose release `r` has reached, else `oldest`. Rows are Terraform
/// releases, newest first; an OpenTofu release reads them as the Terraform it forked from.
fn pick(
    r: &Release,
    rows: &[((u64, u64, u64), &'static str)],
    oldest: &'static str,
) -> &'static str {
    let base = r.terraform_base();
    rows.iter()
        .find(|(since, _)| base >= *since)
        .map_or(oldest, |(_, v)| v)
}

/// The `(major, minor, patch)` of a version string such as `1.15.5`, `1.16.0-rc2` or `1.2`
/// (patch 0), or `None` when it does not start with two dot-separated numbers.
pub fn parts(version: &str) -> Option<(u64, u64, u64)> {
    let core = version.split(['-', '+']).next().unwrap_or("");
    let mut nums = core.split('.').map(|p| p.parse::<u64>().ok());
    let major = nums.next().flatten()?;
    let minor = nums.next().flatten()?;
    Some((major, minor, nums.next().flatten().unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_versions() {
        assert_eq!(parts("1.15.5"), Some((1, 15, 5)));
        assert_eq!(parts("1.16.0-rc2"), Some((1, 16, 0)));
        assert_eq!(parts("1.2"), Some((1, 2, 0)));
        assert_eq!(parts("dev"), None);
        let r = Release::terraform("1.15.0-alpha20260218+meta");
        assert_eq!(r.pre, "alpha20260218");
        assert_eq!(Release::terraform("garbage").parts, (u64::MAX, 0, 0));
        assert_eq!(Release::terraform("1.0.3").to_string(), "Terraform 1.0.3");
    }

    #[test]
    fn format_versions() {
        let t = Release::terraform;
        assert_eq!(t("1.0.3").plan_format(), "0.2");
        assert_eq!(t("1.0.3").state_format(), "0.2");
        assert_eq!(t("1.6.6").plan_format(), "1.2");
        assert_eq!(t("1.3.9").plan_format(), "1.1");
        assert_eq!(t("1.16.0-rc2").plan_format(), "1.2");
        assert_eq!(t("1.1.0").state_format(), "1.0");
        assert_eq!(t("0.15.5").plan_format(), "0.1");
    }

    #[test]
    fn ui_versions() {
        for (tf, ui) in [
            ("1.0.3", "0.1.0"),
            ("1.1.0", "1.0"),
            ("1.3.9", "1.0"),
            ("1.4.0", "1.1"),
            ("1.5.7", "1.1"),
            ("1.6.6", "1.2"),
            ("1.14.9", "1.2"),
            ("1.15.0-alpha20260218", "1.2"),
            ("1.15.0-alpha20260304", "1.3"),
            ("1.15.5", "1.3"),
            ("1.16.0-rc2", "1.3"),
        ] {
            assert_eq!(Release::terraform(tf).ui_version(), ui, "{tf}");
        }
    }
}
