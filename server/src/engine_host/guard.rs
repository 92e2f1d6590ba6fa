//! Engine work, guarded: an engine's panics are caught and its calls have a deadline, so that a
//! panicking or runaway engine costs its own match (the room aborts it) and never the server.
//!
//! Two ways to run a call, chosen by what the call is:
//!
//! - [`isolated`]: on Tokio's blocking pool, awaited under a timeout. A call past its deadline is
//!   abandoned on its blocking thread (threads are not killable) and the room moves on. For the
//!   long or rare work: starting a match, replaying a stored one, a REST view of a past ply.
//! - [`guarded`]: the move path (a move played on a copy, the views of the new version, a snapshot).
//!   Run *inline* on the room's own task, under `catch_unwind`, and watched by a [`watchdog`]
//!   thread, while no engine has yet overrun its budget in this process; on the blocking pool, as
//!   [`isolated`], from the first overrun on. Why: the hop to the blocking pool and back was two
//!   thread wake-ups per call, and at human pace (one move at a time) those wake-ups were ~15% of
//!   the server's CPU per move (`bench/README.md`, issue 30). The engines answer in microseconds;
//!   a runaway one is a bug. The first runaway then costs what inline work can cost: the runtime
//!   worker it runs on (the runtime has at least two workers for this, see
//!   `cli.rs`) and its own room, which answers nobody until the call returns (and then aborts its
//!   match); the watchdog sees it at its deadline, logs it, counts it
//!   (`plateau_engine_overruns_total`) and switches every later call to the blocking pool, so a
//!   second runaway costs only a blocking thread, as before.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::watchdog;

/// Why an engine call gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineFailure {
    #[error("the engine panicked: {0}")]
    Panicked(String),
    #[error("the engine ran past {0:?}")]
    TimedOut(Duration),
}

/// Set at the first engine call past its budget (seen by the watchdog while it runs, or by the call
/// itself when it returns): from then on [`guarded`] calls run isolated.
static OVERRUN_SEEN: AtomicBool = AtomicBool::new(false);

/// Whether [`guarded`] calls now run on the blocking pool (an engine overran its budget).
fn isolating_every_call() -> bool {
    OVERRUN_SEEN.load(Ordering::Relaxed)
}

/// Counts an engine call past its budget; later [`guarded`] calls run isolated.
pub(super) fn overran() {
    crate::metrics::METRICS.engine_overruns.inc();
    if !OVERRUN_SEEN.swap(true, Ordering::Relaxed) {
        tracing::warn!(
            "an engine call overran its budget: every engine call runs on the blocking pool from now on"
        );
    }
}

/// Runs `work` on the blocking pool; its answer, or why there is none within `budget`.
pub async fn isolated<T, F>(budget: Duration, work: F) -> Result<T, EngineFailure>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let task = tokio::task::spawn_blocking(move || catch_unwind(AssertUnwindSafe(work)));
    match tokio::time::timeout(budget, task).await {
        Err(_) => {
            overran();
            Err(EngineFailure::TimedOut(budget))
        }
        Ok(Ok(Ok(answer))) => Ok(answer),
        Ok(Ok(Err(payload))) => Err(EngineFailure::Panicked(panic_message(&*payload))),
        // The blocking task itself was cancelled (the runtime shutting down).
        Ok(Err(e)) => Err(EngineFailure::Panicked(e.to_string())),
    }
}

/// Runs `work` of the move path under the guard: inline and watched, or isolated once an engine
/// has overrun (see the module doc). An answer that comes after `budget` is no answer: the caller
/// aborts the match as for a call that never came back.
pub async fn guarded<T, F>(budget: Duration, work: F) -> Result<T, EngineFailure>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    if isolating_every_call() {
        return isolated(budget, work).await;
    }
    let started = Instant::now();
    let watched = watchdog::watch(started + budget);
    let answer = catch_unwind(AssertUnwindSafe(work));
    let reported = watched.finish();
    if reported || started.elapsed() > budget {
        if !reported {
            overran();
        }
        return Err(EngineFailure::TimedOut(budget));
    }
    answer.map_err(|payload| EngineFailure::Panicked(panic_message(&*payload)))
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUDGET: Duration = Duration::from_secs(5);

    fn overflowing_pearls() -> u8 {
        let pearls: Vec<u8> = vec![255, 10];
        pearls
            .iter()
            .fold(0u8, |sum, p| sum.checked_add(*p).expect("pearls overflow"))
    }

    #[tokio::test(flavor = "current_thread")]
    async fn an_answer_comes_back_either_way() {
        assert_eq!(isolated(BUDGET, || 6 * 7).await, Ok(42));
        assert_eq!(guarded(BUDGET, || 6 * 7).await, Ok(42));
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_panic_is_an_answer_and_the_runtime_goes_on() {
        let expected = Err(EngineFailure::Panicked("pearls overflow".into()));
        assert_eq!(isolated(BUDGET, overflowing_pearls).await, expected);
        assert_eq!(guarded(BUDGET, overflowing_pearls).await, expected);
        // The single runtime thread is still there for the next call.
        assert_eq!(isolated(BUDGET, || "next").await, Ok("next"));
        assert_eq!(guarded(BUDGET, || "next").await, Ok("next"));
    }

    #[tokio::test(flavor = "current_thread")]
    async fn an_isolated_call_that_never_returns_is_given_up_without_blocking_the_runtime() {
        let (_keep, never) = std::sync::mpsc::channel::<()>();
        let failure = isolated(Duration::from_millis(50), move || never.recv()).await;
        assert_eq!(
            failure,
            Err(EngineFailure::TimedOut(Duration::from_millis(50)))
        );
        assert_eq!(isolated(BUDGET, || 1).await, Ok(1));
    }

    /// An inline call that answers late is no answer, and from then on calls are isolated: a
    /// second runaway is given up at its deadline. (The flag is the process's: this is the one
    /// test that sets it; the others pass either way.)
    #[tokio::test(flavor = "current_thread")]
    async fn a_late_answer_is_a_timeout_and_isolates_every_later_call() {
        let late = guarded(Duration::from_millis(20), || {
            std::thread::sleep(Duration::from_millis(60));
            "late"
        })
        .await;
        assert_eq!(
            late,
            Err(EngineFailure::TimedOut(Duration::from_millis(20)))
        );
        assert!(isolating_every_call());
        let (_keep, never) = std::sync::mpsc::channel::<()>();
        let started = Instant::now();
        let failure = guarded(Duration::from_millis(50), move || never.recv()).await;
        assert_eq!(
            failure,
            Err(EngineFailure::TimedOut(Duration::from_millis(50)))
        );
        assert!(started.elapsed() < Duration::from_secs(2));
    }
}
