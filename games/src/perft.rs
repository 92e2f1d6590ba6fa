//! Perft ("performance test", from chess programming): how many legal move sequences of a given
//! length start from a position. Counts that the rules files give, or that an independent
//! enumeration gives, pin a move generator down exactly; and timing it measures the generator.
//!
//! The definition, for every game alike:
//! - a *ply* is one move accepted by [`Game::play`] for one seat: in a simultaneous phase (several
//!   seats in [`Game::to_act`]) each seat's move is a ply of its own, and a sequence may take them
//!   in any order; a step of a turn built in steps is a ply;
//! - `perft(0)` is 1; `perft(d)` sums, over every seat to act and every move of its
//!   [`Game::legal_moves`], the `perft(d - 1)` of the position that move leads to; a finished match
//!   has no sequence past it (its `perft(d)` is 0 for `d > 0`);
//! - chance (dice, draws from a pile, coins) is drawn from the match's RNG as play goes: each
//!   sequence is played on its own copy of the position *and* of the RNG where it branched, so the
//!   count from a match is a function of its options, player count and seed (the seed of
//!   [`crate::registry::GameEntry::start`]). Different seeds give different counts in games with
//!   chance; in games without, the seed only matters where the setup draws (who starts);
//! - hidden information counts from the full state: every seat's moves are its real ones, as the
//!   server knows them, not as another seat could guess them;
//! - where [`Game::lists_every_move`] says a seat's list is only examples (Trangouar's secret
//!   setups: far too many to list), counting them would count examples, not moves: the count
//!   then starts from the first position whose lists are whole, reached by playing for each seat
//!   to act, in seat order, its [`Game::random_move`] drawn from the match's RNG.

use crate::engine::{Game, GameRng};
use crate::registry::Seed;

#[cfg(test)]
mod tests;

/// The match seed that perft counts name by a number (`plateau perft --seed N`): `n`'s 8 bytes,
/// little-endian, then zeros.
pub fn seed_of(n: u64) -> Seed {
    let mut seed = [0; 32];
    seed[..8].copy_from_slice(&n.to_le_bytes());
    seed
}

/// The number of legal move sequences of `depth` plies from `state`, with chance drawn from
/// `rng` (the match's RNG at that position); see the module doc.
pub fn perft<G: Game>(state: &G, rng: &GameRng, depth: u32) -> u64 {
    let (state, rng) = whole_lists(state, rng);
    count(&state, &rng, depth)
}

/// `state` itself if every list of it is whole, else the first position reached from it by random
/// moves whose lists are (see the module doc), with the RNG as it is there.
pub(crate) fn whole_lists<G: Game>(state: &G, rng: &GameRng) -> (G, GameRng) {
    let mut state = state.clone();
    let mut rng = rng.clone();
    while !state.lists_every_move() {
        let Some((seat, mv)) = state
            .to_act()
            .into_iter()
            .find_map(|seat| Some((seat, state.random_move(seat, &mut rng)?)))
        else {
            break;
        };
        state
            .play(seat, &mv, &mut rng)
            .expect("a random move is legal");
    }
    (state, rng)
}

fn count<G: Game>(state: &G, rng: &GameRng, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for seat in state.to_act() {
        let moves = state.legal_moves(seat);
        if depth == 1 {
            total += moves.len() as u64;
            continue;
        }
        for mv in &moves {
            let mut next = state.clone();
            let mut rng = rng.clone();
            next.play(seat, mv, &mut rng)
                .expect("a listed move is accepted (the engine contract)");
            total += count(&next, &rng, depth - 1);
        }
    }
    total
}
