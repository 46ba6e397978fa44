//! The terminal's width: asked of the terminal itself (standard output, standard error, then
//! the controlling terminal), `$COLUMNS` only when none answers, 80 when that is unset too.

/// The width of the terminal, in columns.
pub(crate) fn width() -> usize {
    asked().or_else(from_env).unwrap_or(80)
}

/// `$COLUMNS`, when it is a number of at least 20.
fn from_env() -> Option<usize> {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&w| w >= 20)
}

#[cfg(unix)]
fn asked() -> Option<usize> {
    use rustix::termios::tcgetwinsize;
    let columns =
        |size: rustix::termios::Winsize| (size.ws_col > 0).then_some(usize::from(size.ws_col));
    tcgetwinsize(std::io::stdout())
        .ok()
        .and_then(columns)
        .or_else(|| tcgetwinsize(std::io::stderr()).ok().and_then(columns))
        .or_else(|| {
            let tty = std::fs::File::open("/dev/tty").ok()?;
            tcgetwinsize(&tty).ok().and_then(columns)
        })
}

#[cfg(not(unix))]
fn asked() -> Option<usize> {
    None
}
