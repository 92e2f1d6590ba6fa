//! The watchdog of engine calls run inline (see [`super::guard`]): a thread that looks, ten times
//! a second, for a call still running past its deadline. It cannot stop that call (threads are not
//! killable); it says so at once (an error in the log, `plateau_engine_overruns_total`) and makes
//! every later call run on the blocking pool, so that one runaway engine costs one runtime worker
//! and its own room, never the rest of the server.
//!
//! Why a tick and not a wake-up per call: a call registers and deregisters under an uncontended
//! lock, with no thread woken; waking the watchdog for each call would cost the very thread
//! wake-up that running inline saves. Ten idle wake-ups a second cost nothing measurable.

use std::collections::BTreeMap;
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

/// How often the watchdog looks: how late, at most, it sees an overrun.
const TICK: Duration = Duration::from_millis(100);

/// The calls running inline now, by a number of their own, with their deadlines.
struct Running {
    next: u64,
    calls: BTreeMap<u64, Instant>,
}

static RUNNING: LazyLock<Mutex<Running>> = LazyLock::new(|| {
    std::thread::Builder::new()
        .name("engine-watchdog".into())
        .spawn(look_forever)
        .expect("the engine watchdog thread starts");
    Mutex::new(Running {
        next: 0,
        calls: BTreeMap::new(),
    })
});

/// A call being watched, until [`Watched::finish`] (the call runs under `catch_unwind`, so a
/// panic still gets there).
#[must_use = "a watch ends with finish()"]
pub(super) struct Watched {
    id: u64,
}

/// Watches a call that must be over by `deadline`.
pub(super) fn watch(deadline: Instant) -> Watched {
    let mut running = RUNNING.lock().expect("watchdog lock");
    let id = running.next;
    running.next += 1;
    running.calls.insert(id, deadline);
    Watched { id }
}

impl Watched {
    /// Ends the watch; true if the watchdog already reported this call as overrun.
    pub(super) fn finish(self) -> bool {
        // Not there any more: the watchdog reported it and let it go.
        RUNNING
            .lock()
            .expect("watchdog lock")
            .calls
            .remove(&self.id)
            .is_none()
    }
}

fn look_forever() {
    loop {
        std::thread::sleep(TICK);
        let now = Instant::now();
        let mut overrun: Vec<Instant> = Vec::new();
        {
            let Ok(mut running) = RUNNING.lock() else {
                return;
            };
            // Reported once: a late call is let go of here, and its `finish` says so.
            running.calls.retain(|_, deadline| {
                let late = *deadline < now;
                if late {
                    overrun.push(*deadline);
                }
                !late
            });
        }
        for deadline in overrun {
            tracing::error!(
                late_ms = now.duration_since(deadline).as_millis() as u64,
                "an engine call runs past its deadline: its room waits for it, the rest goes on"
            );
            super::guard::overran();
        }
    }
}
