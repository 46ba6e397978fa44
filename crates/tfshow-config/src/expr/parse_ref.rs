//! Terraform's reference syntax (`addrs.ParseRef`, Terraform 1.15) and how `jsonconfig`
//! writes a reference's steps (`traversalStr`: Go's `%q` for strings, `%g` with 10 digits
//! for numbers).

use super::chain::{Key, Step};
use super::float::{decimal_text_g10, Float};
use tfshow_addrs::InstanceKey;

/// A parsed reference: the subject's string, the extra entry `show -json` adds for it (the
/// resource, module call or action without its key, or the module call of an output), and
/// the steps after the subject.
pub(super) struct Ref<'s, 'a> {
    pub(super) subject: String,
    pub(super) extra: Option<String>,
    pub(super) remaining: &'s [Step<'a>],
}

/// `addrs.ParseRef`. Like Terraform, a `var`, `local`, `count`, `each`, `path` or
/// `terraform` traversal without an attribute name still yields a reference (`var.`).
pub(super) fn parse_ref<'s, 'a>(root: &str, steps: &'s [Step<'a>]) -> Option<Ref<'s, 'a>> {
    let simple = |subject: String, remaining| {
        Some(Ref {
            subject,
            extra: None,
            remaining,
        })
    };
    match root {
        "count" | "each" | "local" | "path" | "terraform" | "var" => match steps.first() {
            Some(Step::Attr(name)) => simple(format!("{root}.{name}"), &steps[1..]),
            _ => simple(format!("{root}."), &[]),
        },
        "data" | "resource" | "ephemeral" | "list" if steps.len() < 2 => None,
        "data" => resource_ref("data.", steps),
        "resource" => resource_ref("", steps),
        "ephemeral" => resource_ref("ephemeral.", steps),
        "list" => resource_ref("list.", steps),
        "module" => {
            let Some(Step::Attr(name)) = steps.first() else {
                return None;
            };
            let call = format!("module.{name}");
            let mut rest = &steps[1..];
            let mut instance = call.clone();
            match rest.first() {
                None => return simple(call, rest),
                Some(Step::Key(k)) => {
                    instance.push_str(&instance_key(k)?.to_string());
                    rest = &rest[1..];
                    if rest.is_empty() {
                        return Some(Ref {
                            subject: instance,
                            extra: Some(call),
                            remaining: rest,
                        });
                    }
                }
                Some(_) => {}
            }
            match rest.first() {
                Some(Step::Attr(output)) => Some(Ref {
                    subject: format!("{instance}.{output}"),
                    extra: Some(instance),
                    remaining: &rest[1..],
                }),
                _ => None,
            }
        }
        "self" => simple("self".into(), steps),
        "template" | "lazy" | "arg" => None,
        "action" => {
            if steps.len() < 2 {
                return None;
            }
            let ty = match &steps[0] {
                Step::Attr(t) => *t,
                _ => "",
            };
            let Step::Attr(name) = &steps[1] else {
                return None;
            };
            keyed_ref(format!("action.{ty}.{name}"), &steps[2..])
        }
        "string" | "number" | "bool" | "any" if steps.is_empty() => None,
        _ => {
            let Some(Step::Attr(name)) = steps.first() else {
                return None;
            };
            keyed_ref(format!("{root}.{name}"), &steps[1..])
        }
    }
}

/// `data.TYPE.NAME…` and the like, after the mode keyword.
fn resource_ref<'s, 'a>(prefix: &str, steps: &'s [Step<'a>]) -> Option<Ref<'s, 'a>> {
    let (Step::Attr(ty), Step::Attr(name)) = (&steps[0], &steps[1]) else {
        return None;
    };
    keyed_ref(format!("{prefix}{ty}.{name}"), &steps[2..])
}

/// A resource or action with an optional instance key after it.
fn keyed_ref<'s, 'a>(base: String, rest: &'s [Step<'a>]) -> Option<Ref<'s, 'a>> {
    match rest.first() {
        Some(Step::Key(k)) => Some(Ref {
            subject: format!("{base}{}", instance_key(k)?),
            extra: Some(base),
            remaining: &rest[1..],
        }),
        _ => Some(Ref {
            subject: base,
            extra: None,
            remaining: rest,
        }),
    }
}

/// `addrs.ParseInstanceKey`: a string, or a whole number that fits an `int`.
fn instance_key(k: &Key) -> Option<InstanceKey> {
    match k {
        Key::Str(s) => Some(InstanceKey::Str(s.clone())),
        Key::Num(n) => n.as_i64().map(InstanceKey::Int),
        _ => None,
    }
}

/// A step after the subject, as `jsonconfig`'s `traversalStr` writes it.
pub(super) fn write_step(step: &Step<'_>, out: &mut String) {
    match step {
        Step::Attr(name) => {
            out.push('.');
            out.push_str(name);
        }
        Step::Key(k) => {
            out.push('[');
            match k {
                Key::Str(s) => go_quote(s, out),
                Key::Num(n) => {
                    // Long numbers skip the binary float (costly), which only matters for
                    // ties of rounding at the tenth digit.
                    let text = n.as_text();
                    let float = (text.len() <= 400).then(|| Float::parse(&text)).flatten();
                    match float {
                        Some(f) => out.push_str(&f.text_g10()),
                        None => out.push_str(&decimal_text_g10(n)),
                    }
                }
                _ => {}
            }
            out.push(']');
        }
        Step::Index(_) | Step::Splat(_) => {}
    }
}

/// Go's `%q` (`strconv.Quote`).
fn go_quote(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if is_print(c) => out.push(c),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if u32::from(c) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", u32::from(c)))
            }
            c if u32::from(c) < 0x10000 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push_str(&format!("\\U{:08x}", u32::from(c))),
        }
    }
    out.push('"');
}

/// Go's `unicode.IsPrint`. tfshow-addrs quotes instance keys by the same test and writes a
/// printable character as it is, so its output says whether `c` is printable.
fn is_print(c: char) -> bool {
    if c.is_ascii() {
        return (' '..='~').contains(&c);
    }
    InstanceKey::Str(c.to_string()).to_string().len() == c.len_utf8() + 4
}
