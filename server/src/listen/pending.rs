//! Connections that have not yet sent a whole request head: the cheapest to lose, and what a
//! slow-loris attack is made of. When the server is at its connection cap, the newest of them is
//! closed to make room, so that half-open sockets cannot keep `/healthz` or a player out.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio_util::sync::CancellationToken;

#[derive(Default)]
pub struct Pending {
    next: AtomicU64,
    /// By arrival: the last is the newest.
    waiting: Mutex<BTreeMap<u64, CancellationToken>>,
}

impl Pending {
    /// Registers a new connection; its token is cancelled if it is evicted.
    pub fn register(self: &Arc<Self>) -> Waiting {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let evicted = CancellationToken::new();
        self.lock().insert(id, evicted.clone());
        Waiting {
            pending: self.clone(),
            id,
            evicted,
        }
    }

    /// Closes the newest waiting connection; false if none waits.
    pub fn evict_newest(&self) -> bool {
        match self.lock().pop_last() {
            Some((_, evicted)) => {
                evicted.cancel();
                true
            }
            None => false,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<u64, CancellationToken>> {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A connection's place among the waiting ones, left when its first request arrives or it closes.
pub struct Waiting {
    pending: Arc<Pending>,
    id: u64,
    pub evicted: CancellationToken,
}

impl Waiting {
    /// Its first request head has arrived: it is no longer a candidate for eviction.
    pub fn served(&self) {
        self.pending.lock().remove(&self.id);
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        self.served();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_waiting_connection_goes_first() {
        let pending = Arc::new(Pending::default());
        let old = pending.register();
        let served = pending.register();
        let new = pending.register();
        served.served();
        assert!(pending.evict_newest());
        assert!(new.evicted.is_cancelled() && !old.evicted.is_cancelled());
        assert!(pending.evict_newest());
        assert!(old.evicted.is_cancelled() && !served.evicted.is_cancelled());
        assert!(!pending.evict_newest());
    }
}
