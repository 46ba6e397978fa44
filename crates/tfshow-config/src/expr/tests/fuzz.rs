//! Random expressions (from a fixed seed) through both functions: nothing panics, and every
//! evaluation ends within its limits.

use crate::expr::{constant_value, constant_value_in, references};

/// xorshift64.
fn rng(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// A random expression of at most `depth` levels.
fn gen(seed: &mut u64, depth: u32) -> String {
    let atoms = [
        "1",
        "-0",
        "0",
        "1e300",
        "1e-300",
        "0.1",
        "3",
        "\"a\"",
        "\"10\"",
        "\"true\"",
        "null",
        "true",
        "false",
        "var.x",
        "x",
        "each.value",
        "[]",
        "{}",
        "\"\"",
        "1.5",
        "99999999999999999999999999",
        "\"inf\"",
        "count.index",
        "self",
        "module.m[0].o",
        "data.a.b[\"k\"]",
    ];
    if depth == 0 || rng(seed).is_multiple_of(4) {
        return atoms[(rng(seed) % atoms.len() as u64) as usize].to_string();
    }
    let a = gen(seed, depth - 1);
    let b = gen(seed, depth - 1);
    let c = gen(seed, depth - 1);
    match rng(seed) % 22 {
        0 => format!("({a} + {b})"),
        1 => format!("({a} / {b})"),
        2 => format!("({a} % {b})"),
        3 => format!("({a} == {b})"),
        4 => format!("({a} && {b})"),
        5 => format!("({a} ? {b} : {c})"),
        6 => format!("[{a}, {b}]"),
        7 => format!("{{ k = {a}, ({b}) = {c} }}"),
        8 => format!("\"x${{{a}}}y\""),
        9 => format!("[for x in {a}: {b} if {c}]"),
        10 => format!("{{for k, v in {a}: {b} => v...}}"),
        11 => format!("({a})[*].k"),
        12 => format!("({a})[{b}]"),
        13 => format!("({a}).k"),
        14 => format!("\"%{{ if {a} }}{{b}}%{{ else }}${{{c}}}%{{ endif }}\""),
        15 => format!("\"%{{ for v in {a} ~}} ${{v}} %{{~ endfor }}\""),
        16 => format!("-({a})"),
        17 => format!("!({a})"),
        18 => format!("({a} * {b})"),
        19 => format!("({a} < {b})"),
        20 => format!("({a} - {b})"),
        _ => format!("<<-EOT\n  ${{{a}}}\n    %{{ if {b} ~}}\n  z\n  %{{ endif }}\nEOT\n"),
    }
}

#[test]
fn random_expressions_do_not_panic() {
    let mut seed = 0x1234_5678_9abc_def1u64;
    let mut n = 0;
    for _ in 0..800 {
        let src = format!("a = {}\n", gen(&mut seed, 5));
        let Ok(body) = hcl_edit::parser::parse_body(&src) else {
            continue;
        };
        for attr in body.attributes() {
            let _ = constant_value(&attr.value);
            let _ = constant_value_in(&attr.value, &src);
            let _ = references(&attr.value);
            n += 1;
        }
    }
    assert!(n > 500, "only {n} expressions parsed");
}
