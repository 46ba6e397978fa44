//! Values known only after apply, with the value they replace.

use super::{forces_replacement, Diff, Opts};
use crate::jsonformat::Action;

impl Diff<'_> {
    pub(super) fn render_unknown(
        &self,
        out: &mut String,
        before: Option<&Diff>,
        ind: usize,
        opts: &Opts,
    ) {
        match before {
            Some(before) if self.action != Action::Create => {
                let mut bo = opts.child();
                bo.override_null_suffix = true;
                if self.replace {
                    bo.forbid_forces_replacement = true;
                }
                before.render_into(out, ind, &bo);
                out.push_str(" -> (known after apply)");
            }
            _ => out.push_str("(known after apply)"),
        }
        forces_replacement(out, self.replace, opts);
    }
}
