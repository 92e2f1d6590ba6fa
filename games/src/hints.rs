//! What a search bot may ask of a game: the [`BotHints`] trait, and the helpers games use to
//! answer it ([`lead`], [`redeal`]). The search itself is the `plateau-bots` crate's: it reads a
//! clock, and the engines never do.

use rand::seq::SliceRandom;

use crate::engine::{Game, GameRng, Seat};

/// A game's hints to a search bot (Monte Carlo tree search over sampled states). None changes the
/// rules or what anyone sees: they only make a bot play better or faster, and each has a default
/// that is right for any game (random playouts, no evaluation, a draw worth a half, no hidden
/// information), so a new game may implement it empty (`impl BotHints for MyGame {}`) and still
/// have bots.
pub trait BotHints: Game {
    /// The move a search bot's playout plays for `seat` past its tree: its playout policy. `None`
    /// when the seat need not act. Default: what the `random` level plays ([`random_choice`]). A
    /// game whose random play says little about a position (one that rarely makes progress at
    /// random) may bias it towards the moves that matter, drawing any randomness from `rng`.
    fn playout_move(&self, seat: Seat, rng: &mut GameRng) -> Option<Self::Move> {
        random_choice(self, seat, rng)
    }

    /// A guess at how well `seat` stands, in [0, 1] (1: sure win, 0: sure loss), for a search bot
    /// that stops its playouts short. Called on a determinized state (see
    /// [`BotHints::determinize`]), so it may read all of it. `None`, the default: the game has no
    /// cheap evaluation, and a playout cut short counts as a draw.
    fn evaluate(&self, seat: Seat) -> Option<f64> {
        let _ = seat;
        None
    }

    /// What a drawn end of the match (this state, over with no winner) is worth to `seat` for a
    /// search bot, in [0, 1]. Default: a half, as for every seat alike. A game whose draws only
    /// come from a safeguard against stalling (Trangouar) may value them as its evaluation does
    /// the positions that lead there, so that a bot does not see the safeguard as a way out.
    fn draw_reward(&self, seat: Seat) -> f64 {
        let _ = seat;
        0.5
    }

    /// A state `seat` cannot tell apart from this one: what it sees is kept, everything hidden from
    /// it (other racks, the pile's order, others' secret setups, who was drawn to start) is drawn
    /// anew from `rng` among what is consistent with its view. A search bot plays on such samples
    /// only, so it never reads what its seat may not see. Default: a plain copy, right for games of
    /// perfect information (future chance is drawn from the searcher's RNG anyway).
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let _ = (seat, rng);
        self.clone()
    }
}

/// What the `random` bot level plays: the rules' default where they prescribe one, else a
/// uniformly random legal move ([`Game::random_move`]).
pub fn random_choice<G: Game>(state: &G, seat: Seat, rng: &mut GameRng) -> Option<G::Move> {
    state
        .default_move(seat)
        .or_else(|| state.random_move(seat, rng))
}

/// A value in (0, 1) for a seat whose measure of how well it stands is `mine` when the best of the
/// other sides has `best_other`: a half when level, towards 1 as it leads by several `scale`s.
/// What most [`BotHints::evaluate`]s return.
pub fn lead(mine: f64, best_other: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-(mine - best_other) / scale).exp())
}

/// Gathers the items of `hands`, shuffles them and deals them back, each hand keeping its size:
/// shared help for [`BotHints::determinize`]. What a seat knows of hidden hands is often only
/// their sizes (others' racks, the pile): this draws uniformly among the deals consistent with
/// that. The items are sorted before the shuffle, so the deal depends only on which items the
/// hands hold together, never on who held which: two states a seat cannot tell apart give the same
/// deal for the same `rng`. Hands keep their order convention only if the caller sorts them again.
pub fn redeal<T: Ord>(hands: &mut [&mut Vec<T>], rng: &mut GameRng) {
    let sizes: Vec<usize> = hands.iter().map(|h| h.len()).collect();
    let mut all: Vec<T> = hands.iter_mut().flat_map(|h| h.drain(..)).collect();
    all.sort();
    all.shuffle(rng);
    let mut rest = all.into_iter();
    for (hand, size) in hands.iter_mut().zip(sizes) {
        hand.extend(rest.by_ref().take(size));
    }
}
