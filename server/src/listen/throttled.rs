//! A warning that may fire thousands of times a second under a burst (connections shed, accepts
//! failing) is said at most once every [`EVERY`], with how many times it happened meanwhile: the
//! operator hears of it at once, and the log is not flooded.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often a run of the same event is logged.
pub const EVERY: Duration = Duration::from_secs(10);

#[derive(Default)]
pub struct Throttled {
    /// Events since the last line, and when that line was said.
    state: Mutex<(u64, Option<Instant>)>,
}

impl Throttled {
    /// Counts one event; calls `say` with the count since the last line when a line is due.
    pub fn happened(&self, say: impl FnOnce(u64)) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        state.0 += 1;
        if state.1.is_none_or(|last| last.elapsed() >= EVERY) {
            say(state.0);
            *state = (0, Some(Instant::now()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_event_is_said_and_the_next_ones_counted_until_due() {
        let throttled = Throttled::default();
        let mut said = Vec::new();
        for _ in 0..5 {
            throttled.happened(|count| said.push(count));
        }
        assert_eq!(said, vec![1]);
        throttled.state.lock().unwrap().1 = Some(Instant::now() - EVERY);
        throttled.happened(|count| said.push(count));
        assert_eq!(said, vec![1, 5]);
    }
}
