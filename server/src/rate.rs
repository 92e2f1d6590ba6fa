//! Rate limits, all on `governor`'s GCRA (a token bucket without a timer): a burst passes, then
//! requests pass at the sustained rate. [`Rate`] limits one thing (a connection's frames);
//! [`KeyedRate`] limits each key separately (players created per client address, frames per
//! player across all its connections), and forgets keys that have been quiet long enough.

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota};
use std::hash::Hash;
use std::num::NonZeroU32;
use std::time::Duration;

/// A burst of `burst`, then `per_period` every `period` (each at least 1).
pub fn quota(per_period: u32, period: Period, burst: u32) -> Quota {
    let n = NonZeroU32::new(per_period.max(1)).expect("at least 1");
    let burst = NonZeroU32::new(burst.max(1)).expect("at least 1");
    match period {
        Period::Second => Quota::per_second(n),
        Period::Minute => Quota::per_minute(n),
    }
    .allow_burst(burst)
}

#[derive(Debug, Clone, Copy)]
pub enum Period {
    Second,
    Minute,
}

/// One rate limit.
pub struct Rate(DefaultDirectRateLimiter);

impl Rate {
    pub fn new(quota: Quota) -> Self {
        Rate(DefaultDirectRateLimiter::direct(quota))
    }

    /// Takes one; false when over the limit.
    pub fn take(&self) -> bool {
        self.0.check().is_ok()
    }
}

/// A rate limit per key.
pub struct KeyedRate<K: Hash + Eq + Clone> {
    limiter: DefaultKeyedRateLimiter<K>,
    clock: DefaultClock,
}

impl<K: Hash + Eq + Clone> KeyedRate<K> {
    pub fn new(quota: Quota) -> Self {
        KeyedRate {
            limiter: DefaultKeyedRateLimiter::keyed(quota),
            clock: DefaultClock::default(),
        }
    }

    /// Takes one for `key`; when over the limit, how long until the next one would pass.
    pub fn take(&self, key: &K) -> Result<(), Duration> {
        self.limiter
            .check_key(key)
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()))
    }

    /// Forgets the keys whose bucket is full again (they would pass a whole burst): the store does
    /// not grow with every address or player ever seen.
    pub fn forget_quiet(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_then_the_key_waits() {
        let rate = KeyedRate::new(quota(30, Period::Minute, 30));
        assert!((0..30).all(|_| rate.take(&"a").is_ok()));
        let wait = rate.take(&"a").unwrap_err();
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_secs(2),
            "{wait:?}"
        );
        // Other keys have their own budget.
        assert!(rate.take(&"b").is_ok());
    }

    #[test]
    fn one_rate_holds_after_its_burst() {
        let rate = Rate::new(quota(1, Period::Minute, 10));
        assert!((0..10).all(|_| rate.take()));
        assert!(!rate.take());
    }
}
