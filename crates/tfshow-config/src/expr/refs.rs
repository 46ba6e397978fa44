//! The `references` of an expression: HCL's `Variables()` (every root traversal, depth first
//! in source order, skipping names a `for` binds), each read as a Terraform reference
//! (`addrs.ParseRef`, Terraform 1.15) and written out as `jsonconfig.marshalExpression`
//! does.

use super::chain::{self, Step};
use super::eval::MAX_DEPTH;
use super::parse_ref::{parse_ref, write_step};
use hcl_edit::expr::{Expression, ObjectKey};
use hcl_edit::template::{Directive, Element, Template};

/// Output beyond this many bytes is dropped (a guard against pathological input).
const MAX_OUTPUT: usize = 64 << 20;

/// The reference strings for `expr`, duplicates kept; with `attribute_paths`, each
/// traversal's longer forms too (see [`crate::references`]), else only the referenced objects.
pub(crate) fn references(expr: &Expression, attribute_paths: bool) -> Vec<String> {
    let mut w = Walker {
        attribute_paths,
        ..Walker::default()
    };
    w.expr(expr);
    w.out
}

#[derive(Default)]
struct Walker<'a> {
    /// Whether each reference is also written with its remaining steps and extra form.
    attribute_paths: bool,
    /// Names bound by enclosing `for` expressions and directives.
    scopes: Vec<&'a str>,
    out: Vec<String>,
    depth: u32,
    bytes: usize,
}

impl<'a> Walker<'a> {
    fn expr(&mut self, e: &'a Expression) {
        if self.depth >= MAX_DEPTH {
            return;
        }
        self.depth += 1;
        self.expr_inner(e);
        self.depth -= 1;
    }

    fn expr_inner(&mut self, e: &'a Expression) {
        match e {
            Expression::Null(_)
            | Expression::Bool(_)
            | Expression::Number(_)
            | Expression::String(_) => {}
            Expression::Array(items) => items.iter().for_each(|i| self.expr(i)),
            Expression::Object(obj) => {
                for (k, v) in obj.iter() {
                    if let ObjectKey::Expression(k) = k {
                        // A bare name (or null, true, false) is the key itself.
                        if !matches!(
                            k,
                            Expression::Variable(_) | Expression::Null(_) | Expression::Bool(_)
                        ) {
                            self.expr(k);
                        }
                    }
                    self.expr(v.expr());
                }
            }
            Expression::StringTemplate(t) => self.template(t),
            Expression::HeredocTemplate(h) => self.template(&h.template),
            Expression::Parenthesis(p) => self.expr(p.inner()),
            Expression::Variable(v) => self.traversal(v.value().as_str(), &[]),
            Expression::Conditional(c) => {
                self.expr(&c.cond_expr);
                self.expr(&c.true_expr);
                self.expr(&c.false_expr);
            }
            Expression::FuncCall(f) => f.args.iter().for_each(|a| self.expr(a)),
            Expression::Traversal(t) => {
                let chain = chain::split(t);
                let steps = &chain.steps;
                let rest = match chain.root {
                    Expression::Variable(v) => {
                        let n = steps.iter().take_while(|s| s.is_traversal_step()).count();
                        self.traversal(v.value().as_str(), &steps[..n]);
                        &steps[n..]
                    }
                    other => {
                        self.expr(other);
                        &steps[..]
                    }
                };
                self.steps(rest);
            }
            Expression::UnaryOp(op) => self.expr(&op.expr),
            Expression::BinaryOp(op) => {
                self.expr(&op.lhs_expr);
                self.expr(&op.rhs_expr);
            }
            Expression::ForExpr(f) => {
                self.expr(&f.intro.collection_expr);
                let mark = self.scopes.len();
                if let Some(k) = &f.intro.key_var {
                    self.scopes.push(k.value().as_str());
                }
                self.scopes.push(f.intro.value_var.value().as_str());
                if let Some(k) = &f.key_expr {
                    self.expr(k);
                }
                self.expr(&f.value_expr);
                if let Some(c) = &f.cond {
                    self.expr(&c.expr);
                }
                self.scopes.truncate(mark);
            }
        }
    }

    /// The key expressions of index steps that are not part of a traversal.
    fn steps(&mut self, steps: &[Step<'a>]) {
        for s in steps {
            match s {
                Step::Index(e) => self.expr(e),
                Step::Splat(each) => self.steps(each),
                Step::Attr(_) | Step::Key(_) => {}
            }
        }
    }

    fn template(&mut self, t: &'a Template) {
        if self.depth >= MAX_DEPTH {
            return;
        }
        self.depth += 1;
        for el in t.iter() {
            match el {
                Element::Literal(_) => {}
                Element::Interpolation(i) => self.expr(&i.expr),
                Element::Directive(d) => match &**d {
                    Directive::If(d) => {
                        self.expr(&d.if_expr.cond_expr);
                        self.template(&d.if_expr.template);
                        if let Some(e) = &d.else_expr {
                            self.template(&e.template);
                        }
                    }
                    Directive::For(d) => {
                        let f = &d.for_expr;
                        self.expr(&f.collection_expr);
                        let mark = self.scopes.len();
                        if let Some(k) = &f.key_var {
                            self.scopes.push(k.value().as_str());
                        }
                        self.scopes.push(f.value_var.value().as_str());
                        self.template(&f.template);
                        self.scopes.truncate(mark);
                    }
                },
            }
        }
        self.depth -= 1;
    }

    /// One root traversal: `root` and its attribute and literal-index steps.
    fn traversal(&mut self, root: &str, steps: &[Step<'_>]) {
        if self.scopes.contains(&root) {
            return;
        }
        let Some(r) = parse_ref(root, steps) else {
            return;
        };
        if !self.attribute_paths {
            self.push(&r.subject);
            return;
        }
        // The full text once; each shorter form is a prefix of it.
        let mut full = r.subject.clone();
        let mut ends = Vec::with_capacity(r.remaining.len());
        for step in r.remaining {
            write_step(step, &mut full);
            ends.push(full.len());
        }
        for &end in ends.iter().rev() {
            self.push(&full[..end]);
        }
        self.push(&r.subject);
        if let Some(extra) = &r.extra {
            self.push(extra);
        }
    }

    fn push(&mut self, s: &str) {
        self.bytes = self.bytes.saturating_add(s.len());
        if self.bytes <= MAX_OUTPUT {
            self.out.push(s.to_string());
        }
    }
}
