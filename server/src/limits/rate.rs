//! Rate limits, all on `governor`'s GCRA (a token bucket without a timer): a burst passes, then
//! requests pass at the sustained rate. [`Rate`] limits one thing (a connection's frames);
//! [`KeyedRate`] limits each key separately (players created per client address, frames per
//! player across all its connections), and forgets keys that have been quiet long enough.
//! [`FailureRate`] limits failures only (failed sign-ins), and tells a key over its limit before it
//! tries again. Each limit has a kind, its name in `plateau_rate_limited_total{kind}`: every
//! refusal is counted there.

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota};
use std::collections::HashMap;
use std::hash::Hash;
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::metrics::METRICS;

/// A burst of `burst`, then `per_period` every `period` (each at least 1).
pub fn quota(per_period: u32, period: Period, burst: u32) -> Quota {
    let n = NonZeroU32::new(per_period.max(1)).expect("at least 1");
    let burst = NonZeroU32::new(burst.max(1)).expect("at least 1");
    match period {
        Period::Second => Quota::per_second(n),
        Period::Minute => Quota::per_minute(n),
        Period::Hour => Quota::per_hour(n),
        Period::Day => Quota::with_period(std::time::Duration::from_secs(86_400) / n.get())
            .expect("a day over at most u32::MAX is a period"),
    }
    .allow_burst(burst)
}

#[derive(Debug, Clone, Copy)]
pub enum Period {
    Second,
    Minute,
    Hour,
    Day,
}

/// One rate limit.
pub struct Rate {
    limiter: DefaultDirectRateLimiter,
    kind: &'static str,
}

impl Rate {
    pub fn new(kind: &'static str, quota: Quota) -> Self {
        Rate {
            limiter: DefaultDirectRateLimiter::direct(quota),
            kind,
        }
    }

    /// Takes one; false when over the limit.
    pub fn take(&self) -> bool {
        let passed = self.limiter.check().is_ok();
        if !passed {
            METRICS.rate_limited(self.kind);
        }
        passed
    }

    /// Takes one, as [`Rate::take`], but a refusal is not counted: for a limit's early warning
    /// ([`half_spent_quota`]), which refuses nothing.
    pub fn take_quietly(&self) -> bool {
        self.limiter.check().is_ok()
    }
}

/// The early warning of a limit of `per_second` with a burst of `burst`: a bucket of half the
/// burst at the same rate, which runs dry once the limit is half spent and fills again as the
/// client slows down, so that a client can be told to slow down before it is refused. Its
/// refusals are not the limit's: they are not counted.
pub fn half_spent_quota(per_second: u32, burst: u32) -> Quota {
    quota(per_second, Period::Second, burst / 2)
}

/// A rate limit per key.
pub struct KeyedRate<K: Hash + Eq + Clone> {
    limiter: DefaultKeyedRateLimiter<K>,
    clock: DefaultClock,
    kind: &'static str,
}

impl<K: Hash + Eq + Clone> KeyedRate<K> {
    pub fn new(kind: &'static str, quota: Quota) -> Self {
        KeyedRate {
            limiter: DefaultKeyedRateLimiter::keyed(quota),
            clock: DefaultClock::default(),
            kind,
        }
    }

    /// Takes one for `key`; when over the limit, how long until the next one would pass.
    pub fn take(&self, key: &K) -> Result<(), Duration> {
        self.limiter.check_key(key).map_err(|not_until| {
            METRICS.rate_limited(self.kind);
            not_until.wait_time_from(self.clock.now())
        })
    }

    /// Takes one for `key`, as [`KeyedRate::take`], but a refusal is not counted: for a limit's
    /// early warning ([`half_spent_quota`]), which refuses nothing.
    pub fn take_quietly(&self, key: &K) -> bool {
        self.limiter.check_key(key).is_ok()
    }

    /// Forgets the keys whose bucket is full again (they would pass a whole burst): the store does
    /// not grow with every address or player ever seen.
    pub fn forget_quiet(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}

/// A rate limit on failures per key: each failure takes one from the key's budget, and a key whose
/// failure was refused stays refused until its budget has one again, without trying (a GCRA refusal
/// takes nothing, so nothing could pass before then). Successes cost nothing.
pub struct FailureRate<K: Hash + Eq + Clone> {
    failures: KeyedRate<K>,
    /// Keys refused, until when.
    refused: Mutex<HashMap<K, Instant>>,
}

impl<K: Hash + Eq + Clone> FailureRate<K> {
    pub fn new(kind: &'static str, quota: Quota) -> Self {
        FailureRate {
            failures: KeyedRate::new(kind, quota),
            refused: Mutex::default(),
        }
    }

    /// Whether `key` may try now; if not, how long until it may.
    pub fn check(&self, key: &K) -> Result<(), Duration> {
        let refused = self.refused.lock().expect("failure rate lock");
        match refused.get(key) {
            Some(&until) => match until.checked_duration_since(Instant::now()) {
                Some(wait) if !wait.is_zero() => {
                    METRICS.rate_limited(self.failures.kind);
                    Err(wait)
                }
                _ => Ok(()),
            },
            None => Ok(()),
        }
    }

    /// Counts a failure of `key`; when it is one too many, how long until `key` may try again.
    pub fn fail(&self, key: &K) -> Result<(), Duration> {
        self.failures.take(key).inspect_err(|&wait| {
            let mut refused = self.refused.lock().expect("failure rate lock");
            refused.insert(key.clone(), Instant::now() + wait);
        })
    }

    /// Forgets the quiet keys, and the refusals that are over.
    pub fn forget_quiet(&self) {
        self.failures.forget_quiet();
        let now = Instant::now();
        let mut refused = self.refused.lock().expect("failure rate lock");
        refused.retain(|_, until| *until > now);
        refused.shrink_to_fit();
    }
}

/// A delay that grows with each recent failure of a key, up to a cap: a name under attack from
/// many addresses answers wrong passwords ever more slowly, while the right password is answered
/// at once (nobody is locked out). A key's count is forgotten after a quiet [`DELAY_MEMORY`].
pub struct FailureDelay<K: Hash + Eq + Clone> {
    per_failure: Duration,
    cap: Duration,
    failures: Mutex<HashMap<K, (u32, Instant)>>,
}

/// How long a key's failures are remembered after its last one.
pub const DELAY_MEMORY: Duration = Duration::from_secs(15 * 60);

impl<K: Hash + Eq + Clone> FailureDelay<K> {
    pub fn new(per_failure: Duration, cap: Duration) -> Self {
        FailureDelay {
            per_failure,
            cap,
            failures: Mutex::default(),
        }
    }

    /// Counts a failure of `key`; how long to wait before answering it.
    pub fn fail(&self, key: &K) -> Duration {
        let now = Instant::now();
        let mut failures = self.failures.lock().expect("failure delay lock");
        let entry = failures.entry(key.clone()).or_insert((0, now));
        if now.duration_since(entry.1) > DELAY_MEMORY {
            entry.0 = 0;
        }
        *entry = (entry.0.saturating_add(1), now);
        self.per_failure.saturating_mul(entry.0).min(self.cap)
    }

    /// Forgets the keys quiet for longer than [`DELAY_MEMORY`].
    pub fn forget_quiet(&self) {
        let now = Instant::now();
        let mut failures = self.failures.lock().expect("failure delay lock");
        failures.retain(|_, (_, last)| now.duration_since(*last) <= DELAY_MEMORY);
        failures.shrink_to_fit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_then_the_key_waits() {
        let rate = KeyedRate::new("test", quota(30, Period::Minute, 30));
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
    fn failures_over_the_limit_refuse_the_key_until_its_budget_refills() {
        let rate = FailureRate::new("test", quota(60, Period::Minute, 3));
        for _ in 0..3 {
            assert!(rate.check(&"a").is_ok());
            assert!(rate.fail(&"a").is_ok());
        }
        let wait = rate.fail(&"a").unwrap_err();
        assert!(wait <= Duration::from_secs(1), "{wait:?}");
        assert!(rate.check(&"a").is_err());
        assert!(rate.check(&"b").is_ok());
        std::thread::sleep(wait + Duration::from_millis(20));
        assert!(rate.check(&"a").is_ok());
        assert!(rate.fail(&"a").is_ok());
    }

    #[test]
    fn one_rate_holds_after_its_burst() {
        let rate = Rate::new("test", quota(1, Period::Minute, 10));
        assert!((0..10).all(|_| rate.take()));
        assert!(!rate.take());
    }
}
