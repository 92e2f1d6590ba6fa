//! Bots for every game, through the games' traits only ([`Game`] for the rules, [`BotHints`] for
//! the search's hints): a uniformly random player, and a search bot (Monte Carlo tree search over
//! sampled states, `mcts.rs`) at two strengths ([`BotLevel`]).
//!
//! A crate of its own because a bot reads a clock (its thinking time) and the engines never do.
//!
//! A bot never reads what its seat may not see: the search runs on states drawn by
//! [`BotHints::determinize`] for its seat, one per playout. Its randomness (samples, playouts, the
//! dice and coins of the rules inside the search) all comes from the one RNG it is handed, never
//! from the match's, so a bot given the same seed and a playout budget chooses the same move.
//!
//! The server's entry point is [`bot_move`], on a match of the registry.

// Plain search over plain data: nothing here needs unsafe.
#![forbid(unsafe_code)]

mod levels;
mod mcts;

#[cfg(test)]
mod tests;

pub use levels::{BotLevel, Budget, MAX_THINK};

use serde_json::Value;
use std::time::Instant;

use plateau_games::hints::random_choice;
use plateau_games::registry::{self, Match, StateVisitor};
use plateau_games::{BotHints, Game, GameRng, Notation, Seat};

/// The move of a searching bot under `budget`, or of the random level (`None`).
fn decide<G: BotHints>(
    state: &G,
    seat: Seat,
    budget: Option<&Budget>,
    rng: &mut GameRng,
    deadline: Option<Instant>,
) -> Option<G::Move> {
    match budget {
        None => random_choice(state, seat, rng),
        Some(budget) => search(state, seat, budget, rng, deadline),
    }
}

/// The search bot's move for `seat` under an explicit `budget` (a level's, or a test's; with
/// `budget.time` `None` and no `deadline`, the choice depends only on the state and `rng`).
pub fn search<G: BotHints>(
    state: &G,
    seat: Seat,
    budget: &Budget,
    rng: &mut GameRng,
    deadline: Option<Instant>,
) -> Option<G::Move> {
    let stop = budget.stop_time(Instant::now(), deadline);
    mcts::Search::new(state, seat, budget, rng).run(stop)
}

/// A bot's move for `seat` of `m` at `level`, in canonical move JSON; `None` when it need not act
/// (or `m` is over, by the rules or its ply cap). `rng` is the bot's own (the server passes
/// [`Match::bot_rng`]); the search stops at the level's budget or at `deadline`, whichever comes
/// first, and never thinks longer than [`MAX_THINK`]. CPU-bound for up to that long: call it off
/// the async runtime's workers.
pub fn bot_move(
    m: &dyn Match,
    seat: Seat,
    level: BotLevel,
    rng: GameRng,
    deadline: Option<Instant>,
) -> Option<Value> {
    let budget = level.budget();
    on_state(m, seat, budget.as_ref(), rng, deadline)
}

/// [`bot_move`] under an explicit search budget (benchmarks, and deterministic play: with
/// `budget.time` `None` and no deadline, the same `rng` gives the same move).
pub fn bot_move_with(
    m: &dyn Match,
    seat: Seat,
    budget: &Budget,
    rng: GameRng,
    deadline: Option<Instant>,
) -> Option<Value> {
    on_state(m, seat, Some(budget), rng, deadline)
}

/// The move of a searching bot (`budget`), or of the random level (`None`), on the state of `m`.
fn on_state(
    m: &dyn Match,
    seat: Seat,
    budget: Option<&Budget>,
    rng: GameRng,
    deadline: Option<Instant>,
) -> Option<Value> {
    if m.outcome().is_some() {
        return None;
    }
    let choice = Choice {
        seat,
        budget,
        rng,
        deadline,
    };
    registry::visit_state(m, choice).flatten()
}

/// A bot's choice to make, run on a match's typed state by [`registry::visit_state`].
struct Choice<'a> {
    seat: Seat,
    budget: Option<&'a Budget>,
    rng: GameRng,
    deadline: Option<Instant>,
}

impl StateVisitor for Choice<'_> {
    type Output = Option<Value>;

    fn visit<G: Game + Notation + BotHints>(mut self, state: &G) -> Option<Value> {
        let mv = decide(state, self.seat, self.budget, &mut self.rng, self.deadline)?;
        Some(serde_json::to_value(mv).expect("moves serialise"))
    }
}
