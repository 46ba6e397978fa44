//! What the plan text says and does differently by program: `terraform show` (Terraform
//! 1.15) or `tofu show` (OpenTofu 1.12, whose renderer forked from Terraform 1.6's). Every
//! program-dependent sentence and rule of [`crate::plan_text`] is chosen here.

use tfshow_json::Program;

use crate::jsonformat::structured::Style;

/// The wording and rules of one program's plan text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Wording {
    /// The program's name in sentences (`Terraform`, `OpenTofu`).
    pub name: &'static str,
    /// Its command (`terraform`, `tofu`).
    pub command: &'static str,
    /// The legend line of in-place updates (colour markup).
    pub update_legend: &'static str,
    /// The legend lines of forget actions (OpenTofu lists them; Terraform does not).
    pub forget_legend: Option<(&'static str, &'static str)>,
    /// The `Plan:` line counts forgotten objects (`, N to forget`, when there are any).
    pub counts_forgets: bool,
    /// "is tainted, so must be" / "is tainted, so it must be".
    pub tainted: &'static str,
    /// Whose rules the diffs follow (lists, empty strings, write-only attributes, forgotten
    /// objects).
    pub style: Style,
    /// `(imported from "ID")` follows `will be imported` too, and an import by identity shows
    /// the identity (OpenTofu).
    pub opentofu_import_notes: bool,
    /// Forgotten objects are shown as OpenTofu shows them: every attribute, no action
    /// symbols, `removed from the OpenTofu state` (see [`Wording::forget_comment`]).
    pub opentofu_forget: bool,
}

const TERRAFORM: Wording = Wording {
    name: "Terraform",
    command: "terraform",
    update_legend: "  [yellow]~[reset] update in-place",
    forget_legend: None,
    counts_forgets: false,
    tainted: "is tainted, so must be",
    style: Style::Terraform,
    opentofu_import_notes: false,
    opentofu_forget: false,
};

const OPENTOFU: Wording = Wording {
    name: "OpenTofu",
    command: "tofu",
    update_legend: "  [yellow]~[reset] update in-place (current -> planned)",
    forget_legend: Some((
        "[red].[reset]/[green]+[reset] forget and then create replacement",
        "  [red].[reset] forget",
    )),
    counts_forgets: true,
    tainted: "is tainted, so it must be",
    style: Style::OpenTofu,
    opentofu_import_notes: true,
    opentofu_forget: true,
};

impl Wording {
    /// The wording of `program`'s `show`.
    pub(crate) fn of(program: Program) -> Wording {
        match program {
            Program::Terraform => TERRAFORM,
            Program::OpenTofu => OPENTOFU,
        }
    }

    /// The comment lines of a forgotten object (`disp`: its address; `reason`: the change's
    /// `action_reason`), colour markup not yet applied.
    pub(crate) fn forget_comment(&self, disp: &str, reason: &str, deposed: bool) -> String {
        let mut buf = String::new();
        if self.opentofu_forget {
            buf.push_str(&format!("[bold]  # {disp}[reset] will be removed from the OpenTofu state [bold][red]but will not be destroyed[reset]"));
            match reason {
                "forgot_because_lifecycle_destroy_in_state" => buf.push_str(" \n (because [bold]lifecycle.destroy = false[reset] was configured before this resource was removed from the configuration)"),
                "forgot_because_lifecycle_destroy_in_config" => buf.push_str(" \n (because [bold]lifecycle.destroy = false[reset] is set in the configuration)"),
                _ => {}
            }
            if deposed {
                buf.push_str(
                    "\n  # (left over from a partially-failed replacement of this instance)",
                );
            }
            return buf;
        }
        if deposed {
            buf.push_str(&format!("[bold] # {disp}[reset] will be removed from Terraform state, but [bold][red]will not be destroyed[reset]"));
            buf.push_str(
                "\n[bold] # (left over from a partially-failed replacement of this instance)",
            );
        } else {
            buf.push_str(&format!("[bold] # {disp}[reset] will no longer be managed by Terraform, but [bold][red]will not be destroyed[reset]"));
        }
        buf.push_str("\n # (destroy = false is set in the configuration)");
        buf
    }
}
