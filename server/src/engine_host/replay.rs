//! Stored matches rebuilt: a match's game, options and seed, then its moves in order. Replays run
//! under the guard like every engine call (their callers run them through [`super::isolated`]).

use plateau_games::{registry, GameEntry, Match};
use serde_json::{Map, Value};

use crate::store::{MatchRow, MoveRow};

/// Rebuilds a stored match: its game, options and seed, then `moves` in order (all of them, or the
/// first n for the state at ply n). An error says why it does not replay.
pub fn replay_stored(row: &MatchRow, moves: &[MoveRow]) -> Result<Box<dyn Match>, String> {
    let game = game_of_match(row)?;
    let seed = <[u8; 32]>::try_from(row.seed.as_slice())
        .map_err(|_| "the stored seed is not 32 bytes".to_string())?;
    registry::replay_capped(
        game,
        &engine_options(&row.options.0),
        row.players.0.len(),
        seed,
        row.max_plies.map(|m| m as u64),
        moves.iter().map(|m| (m.seat as usize, &m.body.0)),
    )
    .map_err(|e| e.to_string())
}

/// The game of a stored match.
pub fn game_of_match(row: &MatchRow) -> Result<&'static dyn GameEntry, String> {
    registry::find(&row.game).ok_or_else(|| format!("this server does not run `{}`", row.game))
}

/// Stored options as the engine takes them.
pub fn engine_options(options: &Map<String, Value>) -> plateau_games::options::Options {
    options
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}
