//! Any bytes as a configuration file (the first byte picks `main.tf`, `main.tf.json` or an
//! override file next to a fixed `main.tf`): `load_module_config`, then `constant_value`,
//! `constant_value_in`, `references` and `type_constraint` on every expression it kept, and the
//! same on the bytes parsed as one expression. Seeds: the oracle's `main.tf` files.
#![no_main]

use hcl_edit::expr::Expression;
use libfuzzer_sys::fuzz_target;
use tfshow_config::model::{BlockBody, ModuleConfig};
use tfshow_config::{constant_value, constant_value_in, load_module_config, references, type_constraint};

const BASE: &[u8] = b"variable \"v\" {\n  type = map(string)\n  default = {}\n}\nresource \"null_resource\" \"a\" {\n  triggers = var.v\n}\noutput \"o\" {\n  value = null_resource.a.id\n}\n";

fn exercise(e: &Expression, src: &str) {
    let _ = constant_value(e);
    let _ = constant_value_in(e, src);
    let _ = references(e);
    let _ = type_constraint(e);
}

fn body(b: &BlockBody, src: &str) {
    for (_, e) in &b.attributes {
        exercise(e, src);
    }
    for nb in &b.blocks {
        body(&nb.body, src);
    }
}

fn module(m: &ModuleConfig, src: &str) {
    for v in &m.variables {
        let _ = &v.default;
    }
    for o in &m.outputs {
        if let Some(e) = &o.value {
            exercise(e, src);
        }
        o.depends_on.iter().for_each(|e| exercise(e, src));
    }
    for r in m.managed_resources.iter().chain(&m.data_resources) {
        r.count.iter().chain(&r.for_each).chain(&r.depends_on).for_each(|e| exercise(e, src));
        body(&r.body, src);
        for (_, p) in &r.provisioners {
            body(p, src);
        }
        let _ = r.body.nested_blocks("x", false);
    }
    for c in &m.module_calls {
        c.count.iter().chain(&c.for_each).chain(&c.depends_on).for_each(|e| exercise(e, src));
        body(&c.body, src);
    }
    for p in &m.provider_configs {
        body(&p.body, src);
    }
}

/// The parser recurses once per bracket; tfshow refuses deeper files before parsing.
fn shallow(src: &str) -> bool {
    let mut depth = 0usize;
    for b in src.bytes() {
        match b {
            b'{' | b'[' | b'(' => {
                depth += 1;
                if depth > 128 {
                    return false;
                }
            }
            b'}' | b']' | b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    true
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let files: Vec<(&str, &[u8])> = match which % 3 {
        0 => vec![("main.tf", rest)],
        1 => vec![("main.tf.json", rest)],
        _ => vec![("main.tf", BASE), ("z_override.tf", rest)],
    };
    let src = String::from_utf8_lossy(rest);
    if let Ok(m) = load_module_config(&files) {
        module(&m, &src);
    }
    if let Ok(text) = std::str::from_utf8(rest) {
        if shallow(text) {
            if let Ok(e) = hcl_edit::parser::parse_expr(text) {
                exercise(&e, text);
            }
        }
    }
});
