//! The bot levels of the protocol (`random`, `easy`, `strong`) and what each may spend on a move.

use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// The longest any bot thinks about one move (the protocol's promise: under 2 seconds).
pub const MAX_THINK: Duration = Duration::from_millis(1_800);

/// Plies from the searched position (down the tree, then by the playout policy) after which a playout is cut
/// short and the game's evaluation scores it; a tree path already deeper is scored where it ends.
/// Short: the evaluations
/// know more than long random play does (measured with the `bot_strength` example: Abalone wins
/// at 4, draws often at 24), and long enough to sample some chance (draws, dice, coins).
const PLAYOUT_DEPTH: u32 = 4;

/// How well a bot plays: the protocol's `bot_level`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    /// A uniformly random legal move (the rules' default where there is one).
    Random,
    /// A short search.
    #[default]
    Easy,
    /// A search ten times longer.
    Strong,
}

/// What a search may spend on one move: it stops at whichever limit it reaches first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Budget {
    /// Playouts (one sampled state, one descent of the tree, one playout each).
    pub playouts: u32,
    /// Thinking time; `None`: playouts only (the move then depends only on state and seed).
    pub time: Option<Duration>,
    /// Plies from the searched position (tree and random moves together) after which a playout is
    /// cut short and scored by [`plateau_games::BotHints::evaluate`].
    pub depth: u32,
}

impl BotLevel {
    /// The level's budget; `None` for `random`, which does not search.
    pub fn budget(self) -> Option<Budget> {
        match self {
            BotLevel::Random => None,
            BotLevel::Easy => Some(Budget {
                playouts: 300,
                time: Some(Duration::from_millis(150)),
                depth: PLAYOUT_DEPTH,
            }),
            BotLevel::Strong => Some(Budget {
                playouts: 3_000,
                time: Some(Duration::from_millis(1_500)),
                depth: PLAYOUT_DEPTH,
            }),
        }
    }

    /// The protocol's name of the level.
    pub fn name(self) -> &'static str {
        match self {
            BotLevel::Random => "random",
            BotLevel::Easy => "easy",
            BotLevel::Strong => "strong",
        }
    }
}

impl Budget {
    /// The same budget without a clock: deterministic for a given seed.
    pub fn playouts_only(&self) -> Budget {
        Budget {
            time: None,
            ..self.clone()
        }
    }

    /// When a search started at `now` must stop: its own time, the caller's deadline, and never
    /// later than [`MAX_THINK`] unless the budget has no clock at all.
    pub(crate) fn stop_time(&self, now: Instant, deadline: Option<Instant>) -> Option<Instant> {
        let own = self.time.map(|t| now + t.min(MAX_THINK));
        match (own, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}
