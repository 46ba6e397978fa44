//! A pre-scan of HCL native-syntax sources that bounds the parser's recursion.

use crate::{Limit, LimitExceeded, Limits};

/// Refuses sources whose brackets (`{[(`, and so template `${`/`%{`) nest deeper than
/// `max_depth` ([`Limits::max_depth`]), since HCL parsers recurse once per level. Strings and
/// comments are not skipped, so the count errs on the safe side. The error comes with the
/// byte offset of the bracket that went too deep.
pub fn check_nesting(src: &[u8], max_depth: usize) -> Result<(), (usize, LimitExceeded)> {
    let mut depth = 0usize;
    for (i, &b) in src.iter().enumerate() {
        match b {
            b'{' | b'[' | b'(' => {
                depth += 1;
                if depth > max_depth {
                    let limits = Limits {
                        max_depth,
                        ..Limits::default()
                    };
                    let what = format!("expressions nest more than {max_depth} levels deep");
                    return Err((i, limits.exceeded(Limit::Depth, what)));
                }
            }
            b'}' | b']' | b')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_brackets_of_every_kind() {
        assert!(check_nesting(b"a = [{(1)}]", 3).is_ok());
        let (at, e) = check_nesting(b"a = [{(1)}]", 2).unwrap_err();
        assert_eq!(at, 6);
        assert_eq!(e.limit, Limit::Depth);
        assert!(check_nesting(b"}}}{{", 2).is_ok());
    }
}
