//! Terminal colours, when enabled.

/// ANSI styling; every method returns its text unchanged when colours are off.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    pub color: bool,
}

impl Style {
    fn wrap(&self, code: &str, s: &str) -> String {
        if self.color && !s.is_empty() {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_owned()
        }
    }

    pub fn red(&self, s: &str) -> String {
        self.wrap("31", s)
    }

    pub fn yellow(&self, s: &str) -> String {
        self.wrap("33", s)
    }

    pub fn green(&self, s: &str) -> String {
        self.wrap("32", s)
    }

    pub fn dim(&self, s: &str) -> String {
        self.wrap("2", s)
    }

    pub fn bold(&self, s: &str) -> String {
        self.wrap("1", s)
    }

    pub fn underline(&self, s: &str) -> String {
        self.wrap("4", s)
    }
}
