//! Rendering a sequence in batches on several threads, and consuming the results in order on
//! the calling thread.
//!
//! The calling thread and `threads - 1` helpers each take the next batch as soon as they are
//! free, so no thread waits for the others at a round's end. The calling thread also consumes:
//! whenever the next batch in order is ready it hands it to `consume`, and otherwise renders a
//! batch itself. Batches are rendered at most `WINDOW` (64) ahead of the one consumed, which bounds
//! the memory held by rendered batches whatever the length of the sequence.

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// Batches rendered ahead of the next one to consume, at most.
const WINDOW: usize = 64;

/// Renders each of `batches` with `render` and passes the results, in order, to `consume`,
/// using up to `threads` threads (this one included). Stops at the first error of `consume`
/// and returns it; a panic in `render` on a helper is resumed here.
pub fn for_each_ordered<B: Sync, R: Send, E>(
    batches: &[B],
    threads: usize,
    render: impl Fn(&B) -> R + Sync,
    mut consume: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E> {
    let helpers = threads
        .saturating_sub(1)
        .min(batches.len().saturating_sub(1));
    if helpers == 0 {
        return batches.iter().try_for_each(|b| consume(render(b)));
    }
    let shared = Shared {
        state: Mutex::new(State {
            claimed: 0,
            consumed: 0,
            ready: VecDeque::with_capacity(WINDOW),
            stop: false,
        }),
        changed: Condvar::new(),
    };
    std::thread::scope(|s| {
        for _ in 0..helpers {
            s.spawn(|| shared.help(batches, &render));
        }
        // However this thread leaves (done, failed, or panicking in `render` or `consume`),
        // the helpers finish the batch in hand and stop, so that the scope can end.
        let _stop = Stop {
            shared: &shared,
            always: true,
        };
        shared.lead(batches, &render, &mut consume)
    })
}

struct Shared<R> {
    state: Mutex<State<R>>,
    /// Signalled when a batch is rendered or consumed, and on stopping.
    changed: Condvar,
}

struct State<R> {
    /// Batches taken by a thread so far.
    claimed: usize,
    /// Batches consumed so far.
    consumed: usize,
    /// From batch `consumed` on: the rendered ones, `None` for those still being rendered.
    ready: VecDeque<Option<R>>,
    /// Set when the caller stops (done, failed or a helper panicked).
    stop: bool,
}

impl<R> State<R> {
    /// Takes the next batch to render, if there is one within the window.
    fn claim(&mut self, batches: usize) -> Option<usize> {
        if self.stop || self.claimed >= batches || self.claimed >= self.consumed + WINDOW {
            return None;
        }
        self.claimed += 1;
        self.ready.push_back(None);
        Some(self.claimed - 1)
    }

    fn put(&mut self, i: usize, r: R) {
        if let Some(slot) = self.ready.get_mut(i - self.consumed) {
            *slot = Some(r);
        }
    }
}

/// Sets `stop` when dropped: always, or only when unwinding.
struct Stop<'s, R> {
    shared: &'s Shared<R>,
    always: bool,
}

impl<R> Drop for Stop<'_, R> {
    fn drop(&mut self) {
        if self.always || std::thread::panicking() {
            self.shared.lock().stop = true;
            self.shared.changed.notify_all();
        }
    }
}

impl<R> Shared<R> {
    fn lock(&self) -> MutexGuard<'_, State<R>> {
        // Nothing panics while holding the lock; a poisoned lock still holds a sound state.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wait<'g>(&self, guard: MutexGuard<'g, State<R>>) -> MutexGuard<'g, State<R>> {
        self.changed
            .wait(guard)
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// A helper: renders batches until there are none left or the caller stops.
    fn help<B>(&self, batches: &[B], render: &(impl Fn(&B) -> R + Sync)) {
        // If `render` panics here, the calling thread must not wait for this batch. (Stopping
        // on a normal return would end the calling thread's wait for the other helpers.)
        let _stop = Stop {
            shared: self,
            always: false,
        };
        let mut state = self.lock();
        loop {
            if state.stop || state.claimed >= batches.len() {
                return;
            }
            let Some(i) = state.claim(batches.len()) else {
                state = self.wait(state);
                continue;
            };
            drop(state);
            let r = render(&batches[i]);
            state = self.lock();
            state.put(i, r);
            self.changed.notify_all();
        }
    }

    /// The calling thread: consumes batches in order, rendering one whenever the next is not
    /// ready.
    fn lead<B, E>(
        &self,
        batches: &[B],
        render: &impl Fn(&B) -> R,
        consume: &mut impl FnMut(R) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut state = self.lock();
        while state.consumed < batches.len() {
            if let Some(Some(_)) = state.ready.front() {
                let r = state.ready.pop_front().flatten();
                state.consumed += 1;
                drop(state);
                self.changed.notify_all();
                if let Some(r) = r {
                    consume(r)?;
                }
                state = self.lock();
            } else if let Some(i) = state.claim(batches.len()) {
                drop(state);
                let r = render(&batches[i]);
                state = self.lock();
                state.put(i, r);
            } else if state.stop {
                // A helper panicked; the scope resumes its panic.
                return Ok(());
            } else {
                state = self.wait(state);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;

    /// Every batch is consumed once, in order, whatever the number of threads.
    #[test]
    fn consumes_in_order() {
        let batches: Vec<usize> = (0..1000).collect();
        for threads in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            for_each_ordered(
                &batches,
                threads,
                |&b| {
                    // Uneven work, so that batches finish out of order.
                    (0..(b * 7919) % 500).fold(b, |a, x| a.wrapping_add(x) ^ x);
                    b
                },
                |b| {
                    seen.push(b);
                    Ok::<(), Error>(())
                },
            )
            .unwrap();
            assert_eq!(seen, batches, "{threads} threads");
        }
    }

    /// An error from `consume` stops the rendering and is returned.
    #[test]
    fn stops_at_the_first_error() {
        let batches: Vec<usize> = (0..10_000).collect();
        let rendered = std::sync::atomic::AtomicUsize::new(0);
        let mut consumed = 0;
        let result = for_each_ordered(
            &batches,
            2,
            |&b| {
                rendered.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                b
            },
            |b| {
                consumed += 1;
                if b == 100 {
                    return Err(Error::Io(std::io::Error::other("stop")));
                }
                Ok(())
            },
        );
        assert!(result.is_err());
        assert_eq!(consumed, 101);
        assert!(rendered.into_inner() <= 101 + WINDOW + 2);
    }

    /// Runs `for_each_ordered` over 1,000 batches with two threads, on a thread of its own,
    /// `render` doing `behave(batch, on_the_calling_thread)` first; returns whether a panic
    /// reached the caller. A hang fails the test (after a minute) instead of hanging it.
    fn panics_through(behave: fn(usize, bool)) -> bool {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let batches: Vec<usize> = (0..1000).collect();
            let caller = std::thread::current().id();
            let result = std::panic::catch_unwind(|| {
                for_each_ordered(
                    &batches,
                    2,
                    |&b| {
                        behave(b, std::thread::current().id() == caller);
                        b
                    },
                    |_| Ok::<(), Error>(()),
                )
            });
            let _ = tx.send(result.is_err());
        });
        rx.recv_timeout(std::time::Duration::from_secs(60))
            .expect("for_each_ordered hung after a panic")
    }

    fn pause(ms: u64) {
        std::thread::sleep(std::time::Duration::from_millis(ms));
    }

    /// A panic while rendering on the calling thread ends the helper, which would otherwise
    /// wait for room in the window for ever, and reaches the caller.
    #[test]
    fn a_panic_on_the_calling_thread_reaches_the_caller() {
        assert!(panics_through(|b, on_caller| match (on_caller, b) {
            (true, _) => panic!("failed at {b}"),
            // Slow on the first batch, so that the caller renders one; fast after it, so
            // that it fills the window.
            (false, 0) => pause(20),
            (false, _) => {}
        }));
    }

    /// A panic while rendering on a helper reaches the caller instead of hanging it.
    #[test]
    fn a_helper_panic_reaches_the_caller() {
        assert!(panics_through(|b, on_caller| if on_caller {
            // Slow here, so that the helper gets batches.
            pause(1)
        } else {
            panic!("failed at {b}")
        }));
    }
}
