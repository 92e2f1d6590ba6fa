//! Engine work, isolated: a rules engine's call runs on Tokio's blocking pool, with its panics
//! caught and a deadline. A panicking or runaway engine then costs its own match (the room aborts
//! it) and never a runtime worker, another room, or the server. A call past its deadline cannot be
//! stopped (threads are not killable): it is abandoned on its blocking thread, and the room moves on.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

/// Why an engine call gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineFailure {
    #[error("the engine panicked: {0}")]
    Panicked(String),
    #[error("the engine ran past {0:?}")]
    TimedOut(Duration),
}

/// Runs `work` on the blocking pool; its answer, or why there is none within `budget`.
pub async fn isolated<T, F>(budget: Duration, work: F) -> Result<T, EngineFailure>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    let task = tokio::task::spawn_blocking(move || catch_unwind(AssertUnwindSafe(work)));
    match tokio::time::timeout(budget, task).await {
        Err(_) => Err(EngineFailure::TimedOut(budget)),
        Ok(Ok(Ok(answer))) => Ok(answer),
        Ok(Ok(Err(payload))) => Err(EngineFailure::Panicked(panic_message(&*payload))),
        // The blocking task itself was cancelled (the runtime shutting down).
        Ok(Err(e)) => Err(EngineFailure::Panicked(e.to_string())),
    }
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

    #[tokio::test(flavor = "current_thread")]
    async fn an_answer_comes_back() {
        assert_eq!(isolated(BUDGET, || 6 * 7).await, Ok(42));
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_panic_is_an_answer_and_the_runtime_goes_on() {
        let failure = isolated(BUDGET, || -> u8 {
            let pearls: Vec<u8> = vec![255, 10];
            pearls
                .iter()
                .fold(0u8, |sum, p| sum.checked_add(*p).expect("pearls overflow"))
        })
        .await;
        assert_eq!(
            failure,
            Err(EngineFailure::Panicked("pearls overflow".into()))
        );
        // The single runtime thread is still there for the next call.
        assert_eq!(isolated(BUDGET, || "next").await, Ok("next"));
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_call_that_never_returns_is_given_up_without_blocking_the_runtime() {
        let (_keep, never) = std::sync::mpsc::channel::<()>();
        let failure = isolated(Duration::from_millis(50), move || never.recv()).await;
        assert_eq!(
            failure,
            Err(EngineFailure::TimedOut(Duration::from_millis(50)))
        );
        assert_eq!(isolated(BUDGET, || 1).await, Ok(1));
    }
}
