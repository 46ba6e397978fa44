//! Terminal colours, when enabled.

/// ANSI styling of the report and the lines: every method returns its text unchanged when
/// colours are off. It only wraps text that was escaped already.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Whether colours are on.
    pub color: bool,
}

impl Style {
    /// Colours on (`true`) or off.
    pub fn new(color: bool) -> Style {
        Style { color }
    }

    fn wrap(&self, code: &str, s: &str) -> String {
        if self.color && !s.is_empty() {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_owned()
        }
    }

    /// Red (errors).
    pub fn red(&self, s: &str) -> String {
        self.wrap("31", s)
    }

    /// Yellow (warnings).
    pub fn yellow(&self, s: &str) -> String {
        self.wrap("33", s)
    }

    /// Green (success).
    pub fn green(&self, s: &str) -> String {
        self.wrap("32", s)
    }

    /// Dim (time stamps, headers).
    pub fn dim(&self, s: &str) -> String {
        self.wrap("2", s)
    }

    /// Bold (headings).
    pub fn bold(&self, s: &str) -> String {
        self.wrap("1", s)
    }

    /// Underlined (the highlighted range of a snippet).
    pub fn underline(&self, s: &str) -> String {
        self.wrap("4", s)
    }
}
