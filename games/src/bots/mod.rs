//! Bots for every game, through the [`Game`] trait only: a uniformly random player, and a search
//! bot (Monte Carlo tree search over sampled states, [`mcts`]) at two strengths ([`levels`]).
//!
//! A bot never reads what its seat may not see: the search runs on states drawn by
//! [`Game::determinize`] for its seat, one per playout. Its randomness (samples, playouts, the
//! dice and coins of the rules inside the search) all comes from the one RNG it is handed, never
//! from the match's, so a bot given the same seed and a playout budget chooses the same move.
//!
//! The server's entry point is [`crate::registry::Match::bot_move`].

mod levels;
mod mcts;
mod sampling;

#[cfg(test)]
mod tests;

pub use levels::{BotLevel, Budget, MAX_THINK};
pub use sampling::redeal;

use std::time::Instant;

use crate::engine::{Game, GameRng, Seat};

/// A value in (0, 1) for a seat whose measure of how well it stands is `mine` when the best of the
/// other sides has `best_other`: a half when level, towards 1 as it leads by several `scale`s.
/// What most [`Game::evaluate`]s return.
pub fn lead(mine: f64, best_other: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-(mine - best_other) / scale).exp())
}

/// The move a bot at `level` plays for `seat` now, `None` when the seat need not act. The search
/// stops at the level's playout budget, its time budget, or `deadline`, whichever comes first.
pub fn choose<G: Game>(
    state: &G,
    seat: Seat,
    level: BotLevel,
    rng: &mut GameRng,
    deadline: Option<Instant>,
) -> Option<G::Move> {
    match level.budget() {
        None => random_choice(state, seat, rng),
        Some(budget) => search(state, seat, &budget, rng, deadline),
    }
}

/// What the `random` level plays: the rules' default where they prescribe one, else a uniformly
/// random legal move.
pub fn random_choice<G: Game>(state: &G, seat: Seat, rng: &mut GameRng) -> Option<G::Move> {
    state
        .default_move(seat)
        .or_else(|| state.random_move(seat, rng))
}

/// The search bot's move for `seat` under an explicit `budget` (a level's, or a test's; with
/// `budget.time` `None` and no `deadline`, the choice depends only on the state and `rng`).
pub fn search<G: Game>(
    state: &G,
    seat: Seat,
    budget: &Budget,
    rng: &mut GameRng,
    deadline: Option<Instant>,
) -> Option<G::Move> {
    let stop = budget.stop_time(Instant::now(), deadline);
    mcts::Search::new(state, seat, budget, rng).run(stop)
}
