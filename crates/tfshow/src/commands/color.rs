//! The environment's say on colour: the NO_COLOR convention (<https://no-color.org>).

/// Reports whether the environment asks for no colour: `NO_COLOR` set to a value that is not
/// empty. Unset or empty, it does not.
pub(crate) fn disabled_by_env() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}
