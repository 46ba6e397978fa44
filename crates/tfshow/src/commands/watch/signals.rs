//! Ctrl-C and terminal resizes, received on a thread of their own (`signal-hook`): each is
//! counted in the shared state and wakes the view, which acts on it (see the module above).
//! While this listens, SIGINT no longer ends the process.

use std::sync::Arc;

use super::SharedState;

/// Stops listening when dropped.
pub(crate) struct Listening {
    #[cfg(unix)]
    handle: signal_hook::iterator::Handle,
}

impl Drop for Listening {
    fn drop(&mut self) {
        #[cfg(unix)]
        self.handle.close();
    }
}

/// Listens for SIGINT and SIGWINCH; `None` when they cannot be listened for (then Ctrl-C
/// ends the process, as by default).
#[cfg(unix)]
pub(crate) fn listen(shared: Arc<SharedState>) -> Option<Listening> {
    use super::lock;
    use signal_hook::consts::{SIGINT, SIGWINCH};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGWINCH]).ok()?;
    let handle = signals.handle();
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                let (state, changed) = &*shared;
                let mut s = lock(state);
                if signal == SIGINT {
                    s.interrupts = s.interrupts.saturating_add(1);
                } else {
                    s.resized = true;
                }
                drop(s);
                changed.notify_all();
            }
        })
        .ok()?;
    Some(Listening { handle })
}

#[cfg(not(unix))]
pub(crate) fn listen(_shared: Arc<SharedState>) -> Option<Listening> {
    None
}
