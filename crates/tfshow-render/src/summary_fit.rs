//! Fitting a summary into a size limit (`--max-chars`; GitHub's comment limit by default for
//! markdown): detail is folded first (attribute changes), then resources are grouped per
//! module, then counted, and last only each plan's title, `Plan:` line and counts are left.
//! The document says what it left out. When even that does not fit, the limit is refused with
//! the smallest that would do ([`TooSmall`]): a summary never comes out empty or without its
//! `Plan:` line.

/// How a summary is laid out.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// The most characters the document may have (`None`: no limit).
    pub max_chars: Option<usize>,
    /// Resources as a tree by module, not a table (while they fit).
    pub tree: bool,
    /// Terraform's colours on action symbols (text only).
    pub color: bool,
    /// The ID of the markdown's hidden marker (`<!-- tfshow-summary: ID -->`), so that a bot
    /// can find the comment it wrote before; without one the marker is `<!-- tfshow-summary -->`.
    pub marker: Option<String>,
}

impl Layout {
    /// The default layout within `max_chars` characters.
    pub fn within(max_chars: usize) -> Layout {
        Layout {
            max_chars: Some(max_chars),
            ..Layout::default()
        }
    }
}

/// The size limit is smaller than the smallest summary of the plan(s).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--max-chars {max_chars} is too small: this summary needs at least {minimum} characters (titles, Plan: lines and what was left out)")]
pub struct TooSmall {
    /// The limit asked for.
    pub max_chars: usize,
    /// The smallest limit that would do.
    pub minimum: usize,
}

/// How far a summary is shrunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shrink {
    /// 0: every resource named; 1–6: grouped and counted per module (see `Rows::at`);
    /// [`HEAD_ONLY`]: no lists.
    pub level: u8,
    /// Attribute changes are shown.
    pub attributes: bool,
}

/// The level at which only titles, `Plan:` lines and counts are left.
pub(crate) const HEAD_ONLY: u8 = 7;

const FULL: Shrink = Shrink {
    level: 0,
    attributes: true,
};

/// The steps markdown takes.
pub(crate) const MARKDOWN_STEPS: [Shrink; 9] = [
    FULL,
    at(0),
    at(1),
    at(2),
    at(3),
    at(4),
    at(5),
    at(6),
    at(HEAD_ONLY),
];

/// The steps text takes.
pub(crate) const TEXT_STEPS: [Shrink; 4] = [FULL, at(0), at(5), at(HEAD_ONLY)];

const fn at(level: u8) -> Shrink {
    Shrink {
        level,
        attributes: false,
    }
}

/// The first rendering along `steps` that fits `max_chars` characters (the first step's when
/// there is no limit).
/// `render` is given the step and the limit (which the closing note names).
pub(crate) fn fit(
    max_chars: Option<usize>,
    steps: &[Shrink],
    render: impl Fn(Shrink, Option<usize>) -> String,
) -> Result<String, TooSmall> {
    let Some(max) = max_chars else {
        return Ok(render(FULL, None));
    };
    for s in steps {
        let out = render(*s, max_chars);
        if out.chars().count() <= max {
            return Ok(out);
        }
    }
    // The smallest limit the last step fits: the note names the limit, whose digits count.
    let last = steps.last().copied().unwrap_or(FULL);
    let mut minimum = max;
    for _ in 0..4 {
        let n = render(last, Some(minimum)).chars().count();
        if n <= minimum {
            break;
        }
        minimum = n;
    }
    Err(TooSmall {
        max_chars: max,
        minimum,
    })
}

/// What a shrunk summary left out, for its closing note; `None` when nothing was.
/// `had_attributes`: some listed resource has attribute changes to fold.
pub(crate) fn left_out(s: Shrink, had_attributes: bool) -> Option<&'static str> {
    Some(match s.level {
        0 if s.attributes || !had_attributes => return None,
        0 => "attribute changes are left out",
        1 => "resources are grouped per module",
        2 => "resources are grouped per module, without reasons",
        3 | 4 => {
            "resources other than replacements and deletions are counted per module, not named"
        }
        5 => "resources are counted per module, not named",
        6 => "resources are counted per module call of the root module, not named",
        _ => "resources, drift and outputs are left out; only the counts are given",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_takes_the_first_step_that_fits_or_names_the_minimum() {
        let render = |s: Shrink, max: Option<usize>| {
            // A closing note naming the limit, as the summaries have.
            let note = max.map_or(0, |m| m.to_string().len());
            "x".repeat(100 - usize::from(s.level) * 10 + note)
        };
        assert_eq!(fit(None, &TEXT_STEPS, render).unwrap().len(), 100);
        assert_eq!(fit(Some(62), &MARKDOWN_STEPS, render).unwrap().len(), 62);
        // 30 characters and a 2-digit limit.
        assert_eq!(
            fit(Some(5), &MARKDOWN_STEPS, render),
            Err(TooSmall {
                max_chars: 5,
                minimum: 32
            })
        );
        // With a 3-digit limit the note would be longer: the minimum is one that fits itself.
        let long = |s: Shrink, max: Option<usize>| render(s, max) + &"x".repeat(70);
        let e = fit(Some(5), &MARKDOWN_STEPS, long).unwrap_err();
        assert_eq!(e.minimum, 103);
        assert!(fit(Some(e.minimum), &MARKDOWN_STEPS, long).is_ok());
        assert!(fit(Some(e.minimum - 1), &MARKDOWN_STEPS, long).is_err());
    }
}
