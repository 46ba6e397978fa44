//! Terraform's colours for the text of `tfshow diff` on a terminal: the `+`, `-` and `~` that
//! start a resource's or output's line, green, red and yellow.

/// `text` (from [`crate::plan_diff::PlanDiff::text`]) with the symbol of each line that starts
/// with `  + `, `  - ` or `  ~ ` coloured. Everything from the plans is on lines of its own and
/// after the symbol, so only the symbols change.
pub fn colour(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for line in text.split_inclusive('\n') {
        let code = match line.get(..4) {
            Some("  + ") => "32",
            Some("  - ") => "31",
            Some("  ~ ") => "33",
            _ => {
                out.push_str(line);
                continue;
            }
        };
        out.push_str("  \x1b[");
        out.push_str(code);
        out.push('m');
        out.push_str(&line[2..3]);
        out.push_str("\x1b[0m");
        out.push_str(&line[3..]);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_the_symbols_are_coloured() {
        let text = "OLD: Plan: 1 to add.\n\n  + a.b: create\n  - c.d: delete\n  ~ e: update => delete\n      path\n        OLD: \"+\"\n";
        assert_eq!(
            super::colour(text),
            "OLD: Plan: 1 to add.\n\n  \x1b[32m+\x1b[0m a.b: create\n  \x1b[31m-\x1b[0m c.d: delete\n  \x1b[33m~\x1b[0m e: update => delete\n      path\n        OLD: \"+\"\n"
        );
    }
}
