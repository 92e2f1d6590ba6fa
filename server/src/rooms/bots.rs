//! Where bots think: off the async runtime's workers, on the blocking pool, at most `--bot-threads`
//! at once across the whole server (a semaphore), so that a thousand bot seats thinking together
//! queue for those threads and never slow the rooms of people. A search stops by its deadline (the
//! contract: under 2 seconds a move, counted from when the room asked, waiting included); a bot
//! that waited past it for a thread plays the best move one ply ahead by the game's evaluation.

use plateau_games::{BotLevel as EngineLevel, GameRng, Match, Seat};
use plateau_protocol::ws::BotLevel;
use serde_json::Value;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// The longest a bot's move may take from the room's request to its answer.
const THINK_LIMIT: Duration = Duration::from_millis(1_800);

/// The server's bot threads.
#[derive(Clone)]
pub struct BotPool {
    permits: Arc<Semaphore>,
}

impl BotPool {
    pub fn new(threads: usize) -> BotPool {
        BotPool {
            permits: Arc::new(Semaphore::new(threads.max(1))),
        }
    }

    /// The move a bot of `level` plays for `seat` in `m`, drawn from `rng` (the match's bot
    /// stream: replayable); None if the search failed (it panicked) or found nothing, and the
    /// room then plays a random legal move.
    pub async fn think(
        &self,
        m: Box<dyn Match>,
        seat: Seat,
        level: BotLevel,
        rng: GameRng,
    ) -> Option<Value> {
        let deadline = Instant::now() + THINK_LIMIT;
        let _permit = self.permits.clone().acquire_owned().await.ok()?;
        let level = engine_level(level);
        let search = move || m.bot_move(seat, level, rng, Some(deadline));
        match tokio::task::spawn_blocking(search).await {
            Ok(choice) => choice,
            Err(e) => {
                tracing::error!(error = %e, "a bot failed to think");
                None
            }
        }
    }
}

/// The engine's level of a protocol level.
fn engine_level(level: BotLevel) -> EngineLevel {
    match level {
        BotLevel::Random => EngineLevel::Random,
        BotLevel::Easy => EngineLevel::Easy,
        BotLevel::Strong => EngineLevel::Strong,
    }
}
