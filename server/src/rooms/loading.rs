//! One load of a room at a time per room code, and loads of different rooms in parallel.
//!
//! Loading a room (taking its lease, reading it, replaying its match) takes a few database round
//! trips. A room must never be loaded twice, but one lock for every load made the rooms of a
//! stopped node wait for each other when another node took them over, and every join meanwhile
//! waited behind all of them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::OwnedMutexGuard;

/// The locks of the rooms being loaded now, by code (an entry lives while someone holds or awaits
/// it).
#[derive(Default)]
pub struct LoadLocks {
    locks: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

/// Held while room `code` is loaded; dropping it lets the next loader of that code in.
pub struct LoadGuard<'a> {
    locks: &'a LoadLocks,
    code: String,
    _held: OwnedMutexGuard<()>,
}

impl LoadLocks {
    /// Waits until no one else loads room `code`.
    pub async fn lock(&self, code: &str) -> LoadGuard<'_> {
        let lock = self
            .locks
            .lock()
            .expect("load locks")
            .entry(code.to_string())
            .or_default()
            .clone();
        LoadGuard {
            locks: self,
            code: code.to_string(),
            _held: lock.lock_owned().await,
        }
    }
}

impl Drop for LoadGuard<'_> {
    fn drop(&mut self) {
        let mut locks = self.locks.locks.lock().expect("load locks");
        // Only the map and this guard hold it: nobody waits, so the entry goes.
        if locks
            .get(&self.code)
            .is_some_and(|lock| Arc::strong_count(lock) <= 2)
        {
            locks.remove(&self.code);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn one_loader_per_code_and_codes_in_parallel() {
        let locks = Arc::new(LoadLocks::default());
        let a = locks.lock("AAAA").await;
        // Another code is not held up.
        let b = tokio::time::timeout(Duration::from_secs(1), locks.lock("BBBB"))
            .await
            .expect("another room loads at once");
        // The same code waits until the first load is done.
        let waiting = {
            let locks = locks.clone();
            tokio::spawn(async move {
                let _again = locks.lock("AAAA").await;
            })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(
            !waiting.is_finished(),
            "a second load of the same room waits"
        );
        drop(a);
        tokio::time::timeout(Duration::from_secs(1), waiting)
            .await
            .expect("the second load goes on once the first is done")
            .unwrap();
        drop(b);
        assert!(
            locks.locks.lock().unwrap().is_empty(),
            "no entry is kept once nobody loads"
        );
    }
}
