//! Things open at once, counted per key with a cap: connections per client address, connections
//! per player. A [`Slot`] is held while the thing is open and gives its place back when dropped.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

pub struct Counted<K: Hash + Eq + Clone> {
    open: Mutex<HashMap<K, usize>>,
}

impl<K: Hash + Eq + Clone> Default for Counted<K> {
    fn default() -> Self {
        Counted {
            open: Mutex::new(HashMap::new()),
        }
    }
}

impl<K: Hash + Eq + Clone> Counted<K> {
    /// A place for `key` if it holds fewer than `cap`.
    pub fn take(self: &Arc<Self>, key: K, cap: usize) -> Option<Slot<K>> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(key.clone()).or_insert(0);
        if *count >= cap {
            if *count == 0 {
                open.remove(&key);
            }
            return None;
        }
        *count += 1;
        Some(Slot {
            owner: self.clone(),
            key,
        })
    }

    /// How many `key` holds now.
    pub fn count(&self, key: &K) -> usize {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.get(key).copied().unwrap_or(0)
    }
}

/// One open thing of a key; its place is given back on drop.
pub struct Slot<K: Hash + Eq + Clone> {
    owner: Arc<Counted<K>>,
    key: K,
}

impl<K: Hash + Eq + Clone> Drop for Slot<K> {
    fn drop(&mut self) {
        let mut open = self.owner.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.key);
            }
        }
    }
}

impl<K: Hash + Eq + Clone + std::fmt::Debug> std::fmt::Debug for Slot<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Slot").field(&self.key).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_holds_and_places_come_back() {
        let counted = Arc::new(Counted::default());
        let a: Vec<_> = (0..3).map(|_| counted.take("a", 3).unwrap()).collect();
        assert!(counted.take("a", 3).is_none());
        assert!(counted.take("b", 3).is_some());
        drop(a);
        assert_eq!(counted.count(&"a"), 0);
        assert!(counted.take("a", 3).is_some());
    }
}
