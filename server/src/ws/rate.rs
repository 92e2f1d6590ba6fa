//! Flood control: a token bucket per connection. A burst up to `burst` frames passes, then frames
//! are allowed at `per_sec`; a connection that goes beyond is a flood.

use std::time::Instant;

pub struct TokenBucket {
    capacity: f64,
    per_sec: f64,
    tokens: f64,
    last: Instant,
}

impl TokenBucket {
    pub fn new(burst: u32, per_sec: u32) -> Self {
        TokenBucket {
            capacity: f64::from(burst),
            per_sec: f64::from(per_sec),
            tokens: f64::from(burst),
            last: Instant::now(),
        }
    }

    /// Takes one token; false when the bucket is empty.
    pub fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.per_sec).min(self.capacity);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_passes_then_the_rate_holds() {
        let start = Instant::now();
        let mut bucket = TokenBucket::new(10, 5);
        assert!((0..10).all(|_| bucket.take(start)));
        assert!(!bucket.take(start));
        // one second later, five more
        let later = start + Duration::from_secs(1);
        assert_eq!((0..8).filter(|_| bucket.take(later)).count(), 5);
    }
}
