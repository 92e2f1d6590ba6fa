//! Positions of stored matches at any ply, for `GET /api/v1/matches/{id}/state?ply=n`, in time
//! independent of the match's length: replays keep a copy of the match every [`EVERY`] plies in a
//! small LRU cache, and a later request starts from the nearest copy at or before its ply, reading
//! only the moves after it. Stored moves never change, so a copy stays true while the match goes on.
//! Replays run on the blocking pool, isolated like a room's engine work.

use lru::LruCache;
use plateau_games::Match;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use uuid::Uuid;

use super::guard::{isolated, EngineFailure};
use super::replay::replay_stored;
use crate::store::{MatchRow, Store, StoreError};

/// Plies between two copies: the most moves a request replays once a copy is cached.
pub const EVERY: i64 = 50;
/// Copies kept, across all matches (each a clone of one match: a few KiB).
const CAPACITY: usize = 1024;

type Cache = Arc<Mutex<LruCache<(Uuid, i64), Arc<dyn Match>>>>;

#[derive(Debug, thiserror::Error)]
pub enum StateError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("the stored match does not replay: {0}")]
    Replay(String),
    #[error(transparent)]
    Engine(#[from] EngineFailure),
}

pub struct Checkpoints {
    cache: Cache,
    store: Store,
    budget: Duration,
}

impl Checkpoints {
    /// `budget`: how long one replay may run (then it fails).
    pub fn new(store: Store, budget: Duration) -> Checkpoints {
        let capacity = NonZeroUsize::new(CAPACITY).expect("a capacity");
        Checkpoints {
            cache: Arc::new(Mutex::new(LruCache::new(capacity))),
            store,
            budget,
        }
    }

    /// The match `row` after `ply` plies (at most its plies so far).
    pub async fn state_at(&self, row: &MatchRow, ply: i64) -> Result<Box<dyn Match>, StateError> {
        let start = self.nearest(row.id, ply);
        let from = start.as_ref().map_or(0, |(at, _)| *at);
        let moves = self.store.moves_between(row.id, from, Some(ply)).await?;
        let (row, cache) = (row.clone(), self.cache.clone());
        isolated(self.budget, move || {
            let mut m = match start {
                Some((_, copy)) => copy.box_clone(),
                None => replay_stored(&row, &[])?,
            };
            for mv in &moves {
                m.play(mv.seat as usize, &mv.body.0)
                    .map_err(|e| format!("ply {}: {e}", mv.ply))?;
                if mv.ply % EVERY == 0 {
                    let copy: Arc<dyn Match> = Arc::from(m.box_clone());
                    cache
                        .lock()
                        .expect("checkpoint cache lock")
                        .put((row.id, mv.ply), copy);
                }
            }
            Ok(m)
        })
        .await?
        .map_err(StateError::Replay)
    }

    /// The cached copy nearest before or at `ply`, with its ply.
    fn nearest(&self, id: Uuid, ply: i64) -> Option<(i64, Arc<dyn Match>)> {
        let mut cache = self.cache.lock().expect("checkpoint cache lock");
        (1..=ply / EVERY)
            .rev()
            .map(|k| k * EVERY)
            .find_map(|at| cache.get(&(id, at)).map(|m| (at, m.clone())))
    }
}
