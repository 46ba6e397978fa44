//! Module addresses: with instance keys ([`ModuleInstance`], `module.a["x"]`) and without
//! ([`Module`], `module.a.module.b`).

use crate::cursor::Cursor;
use crate::error::ParseError;
use crate::key::InstanceKey;
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// One `module.NAME[KEY]` step of a module instance path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ModuleInstanceStep {
    /// The name of the `module` block.
    pub name: String,
    /// The instance key of the module call.
    pub key: InstanceKey,
}

/// The path to a module instance; empty for the root module.
///
/// [`Ord`] is Terraform's `ModuleInstance.Less`: shorter paths first, then step by step by
/// name (byte order) and instance key.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ModuleInstance(pub Vec<ModuleInstanceStep>);

impl ModuleInstance {
    /// The root module.
    pub fn root() -> Self {
        ModuleInstance(Vec::new())
    }

    /// Reports whether this is the root module.
    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }

    /// Parses `module.a["x"].module.b[0]`; the empty string is the root module.
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        parse_steps(&mut Cursor::new(input))
            .map(ModuleInstance)
            .map_err(|reason| ParseError {
                what: "module instance address",
                input: input.to_owned(),
                reason,
            })
    }

    /// The same path without instance keys.
    pub fn module(&self) -> Module {
        Module(self.0.iter().map(|s| s.name.clone()).collect())
    }
}

/// Reads a whole module instance path: nothing, or `module.NAME[KEY]` steps joined by `.`.
fn parse_steps(cur: &mut Cursor<'_>) -> Result<Vec<ModuleInstanceStep>, String> {
    let mut steps = Vec::new();
    if cur.is_at_end() {
        return Ok(steps);
    }
    loop {
        if !cur.eat_keyword("module") {
            return Err(cur.unexpected("\"module.\""));
        }
        steps.push(step(cur)?);
        if cur.is_at_end() {
            return Ok(steps);
        }
        cur.require('.')?;
    }
}

/// Reads `NAME[KEY]` after a `module.` keyword.
fn step(cur: &mut Cursor<'_>) -> Result<ModuleInstanceStep, String> {
    let name = cur.name()?.to_owned();
    let key = cur.key()?;
    Ok(ModuleInstanceStep { name, key })
}

/// Reads zero or more `module.NAME[KEY].` steps that prefix a resource or provider address.
pub(crate) fn parse_prefix(cur: &mut Cursor<'_>) -> Result<ModuleInstance, String> {
    let mut steps = Vec::new();
    while cur.eat_keyword("module") {
        steps.push(step(cur)?);
        cur.require('.')?;
    }
    Ok(ModuleInstance(steps))
}

impl Ord for ModuleInstance {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.len().cmp(&other.0.len()).then_with(|| {
            self.0
                .iter()
                .zip(&other.0)
                .map(|(a, b)| {
                    a.name
                        .as_bytes()
                        .cmp(b.name.as_bytes())
                        .then_with(|| a.key.cmp(&b.key))
                })
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal)
        })
    }
}

impl PartialOrd for ModuleInstance {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for ModuleInstance {
    /// Writes `module.a["x"].module.b[0]`, or nothing for the root module.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "module.{}{}", s.name, s.key)?;
        }
        Ok(())
    }
}

impl FromStr for ModuleInstance {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

/// A static module path (module call names without keys); empty for the root module.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Module(pub Vec<String>);

impl Module {
    /// Reports whether this is the root module.
    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Module {
    /// Writes `module.a.module.b`, or nothing for the root module.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, name) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "module.{name}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for s in [
            "",
            "module.a",
            "module.a[0]",
            r#"module.a["x"].module.b[0]"#,
            r#"module.a["x.y"].module.b["q\"uote"].module.c"#,
            "module.a[*].module.b",
        ] {
            let m = ModuleInstance::parse(s).unwrap();
            assert_eq!(m.to_string(), s);
        }
    }

    #[test]
    fn drops_keys() {
        let m = ModuleInstance::parse(r#"module.a["x"].module.b[0]"#).unwrap();
        assert_eq!(m.module().to_string(), "module.a.module.b");
        assert!(!m.is_root());
        assert!(ModuleInstance::parse("").unwrap().is_root());
        assert!(ModuleInstance::root().module().is_root());
    }

    #[test]
    fn rejects_bad_input() {
        for s in [
            "module",
            "module.",
            "modules.a",
            "module.a.",
            "module.a.b",
            "module.a[",
            "module.a[x]",
            "module.a[0",
            "module.a[\"x]",
            ".module.a",
            "module.a[0]x",
        ] {
            let err = ModuleInstance::parse(s).unwrap_err();
            assert_eq!(err.input, s);
        }
    }

    #[test]
    fn orders_like_terraform() {
        let parse = |s: &str| ModuleInstance::parse(s).unwrap();
        let mut v = [
            parse("module.b"),
            parse("module.a.module.a"),
            parse("module.a[1]"),
            parse(""),
            parse(r#"module.a["x"]"#),
            parse("module.a[0]"),
            parse("module.a"),
        ];
        v.sort();
        let got: Vec<String> = v.iter().map(ToString::to_string).collect();
        assert_eq!(
            got,
            [
                "",
                "module.a",
                "module.a[0]",
                "module.a[1]",
                r#"module.a["x"]"#,
                "module.b",
                "module.a.module.a",
            ]
        );
    }
}
