//! The rules trait every game implements, [`Game`], and the vocabulary it speaks: seats, viewers,
//! events, outcomes and errors. (A game's wire notation is [`crate::Notation`], its hints to bots
//! [`crate::BotHints`].)
//!
//! An engine is pure: state in, move in, new state and events out. It never reads a clock, never does
//! I/O, and draws randomness only from the [`GameRng`] it is handed, so a match is exactly its options,
//! its seed and its list of moves. Modelled on shakmaty's `Position`: playing an illegal move is an
//! error, and [`crate::registry`] makes sure an error leaves the match untouched.

use rand::Rng;
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt::Debug;

use crate::options::{OptionSpec, Options};

/// A seat, numbered from 0 in turn order of the setup (the protocol's seat numbers).
pub type Seat = usize;

/// The only source of randomness a game may use: ChaCha20 seeded with the match's 32-byte seed.
pub type GameRng = ChaCha20Rng;

/// Who a view is built for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// A player: sees the public state and its own hidden information (rack, secret setup...).
    Seat(Seat),
    /// Someone watching: the public state only.
    Spectator,
    /// Everything, hidden information included. Only for finished matches (the match record).
    Omniscient,
}

/// Who may see an event. Hidden information (a drawn tile) goes only to its owner; everyone else
/// gets a redacted twin of the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Everyone,
    Only(Seat),
    AllBut(Seat),
}

impl Audience {
    /// Whether `viewer` gets an event sent to this audience. Spectators are never a seat, so they
    /// get `Everyone` and `AllBut` events.
    pub fn includes(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (_, Viewer::Omniscient) | (Audience::Everyone, _) => true,
            (Audience::Only(s), Viewer::Seat(v)) => s == v,
            (Audience::Only(_), Viewer::Spectator) => false,
            (Audience::AllBut(s), Viewer::Seat(v)) => s != v,
            (Audience::AllBut(_), Viewer::Spectator) => true,
        }
    }
}

/// Something that happened, told to people: `{"kind": "moved", "seat": 1, ...}`.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub audience: Audience,
    pub data: Value,
}

impl Event {
    /// An event everyone may see.
    pub fn public(data: Value) -> Self {
        Event {
            audience: Audience::Everyone,
            data,
        }
    }

    /// An event for one seat only (its hidden information).
    pub fn private(seat: Seat, data: Value) -> Self {
        Event {
            audience: Audience::Only(seat),
            data,
        }
    }

    /// The redacted twin of a private event, for everyone but `seat`.
    pub fn redacted_for_others(seat: Seat, data: Value) -> Self {
        Event {
            audience: Audience::AllBut(seat),
            data,
        }
    }
}

/// One kind of event a game sends, described for the protocol (`/api/v1/asyncapi.json`,
/// docs/protocol.md): its `kind`, and every field it may carry beside it (a field only the seat
/// concerned gets, such as a drawn tile, is listed too). The engine contract's shared tests hold
/// each game to its list ([`crate::testing::check_contract`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventSpec {
    pub kind: &'static str,
    pub fields: &'static [&'static str],
}

/// How a match ended: the protocol's `Result`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Winning seats; several for a team or a shared win, none for a draw.
    pub winners: Vec<Seat>,
    /// A score per seat where the game keeps one.
    pub scores: Option<Vec<i64>>,
    /// Why it ended, in snake_case (`six_ejected`, `ply_limit`, ...).
    pub reason: String,
}

/// What a game is, for the catalog: `GET /api/v1/games`.
#[derive(Debug, Clone)]
pub struct GameInfo {
    /// The protocol's game id (`abalone`, `triominos`, ...).
    pub id: &'static str,
    pub name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    pub options: Vec<OptionSpec>,
}

/// The options or player count a match was asked for are not acceptable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Names the offending field so the client can show it (`options.layout`, `players`).
    #[error("{field}: {message}")]
    Invalid { field: String, message: String },
}

impl SetupError {
    pub fn option(name: &str, message: impl Into<String>) -> Self {
        SetupError::Invalid {
            field: format!("options.{name}"),
            message: message.into(),
        }
    }

    pub fn players(message: impl Into<String>) -> Self {
        SetupError::Invalid {
            field: "players".into(),
            message: message.into(),
        }
    }
}

/// A move was refused. Whatever the reason, the match is exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The JSON is not a move of this game (the protocol's `bad_request`).
    #[error("malformed move: {0}")]
    Malformed(String),
    /// This seat does not have to act now (`not_your_turn`).
    #[error("it is not this seat's turn")]
    NotYourTurn,
    /// A well-formed move the rules do not allow here (`illegal_move`).
    #[error("{0}")]
    Illegal(String),
}

/// One of `moves`, uniformly drawn from `rng`; `None` if there is none.
pub fn pick_uniform<M>(moves: Vec<M>, rng: &mut GameRng) -> Option<M> {
    if moves.is_empty() {
        return None;
    }
    let pick = rng.random_range(0..moves.len());
    moves.into_iter().nth(pick)
}

/// A game's rules: what a new game implements first. Implementations are plain values: cloning
/// one clones the whole position.
///
/// A game has three faces, each a trait of its own so that each says one thing:
/// - this one, the rules: the setup, who acts, the moves (read, listed, played), the views, the
///   outcome, the sides;
/// - [`crate::Notation`], how its moves are written on the wire past their JSON (a short notation,
///   faster writers of the legal-move list), which the server uses and the rules never need;
/// - [`crate::BotHints`], what a search bot may ask of it (a playout policy, an evaluation, what a
///   draw is worth, samples of what a seat cannot see), which only bots use.
///
/// Every game implements all three (the last two may be empty: each item has a default), and the
/// server reaches them through [`crate::registry`].
///
/// The questions the server asks on behalf of its own policies (a seat that does not answer in
/// time, a match record shown while the match is on, a match stopped by the server's ply cap, a
/// seat played for by the server) are here too: [`Game::default_move`], [`Game::is_secret`],
/// [`Game::ply_cap_outcome`] and [`Game::random_move`]. The server decides *when* to ask them,
/// but only the rules can answer: which move the rules prescribe on silence, whether the rules
/// place a move in secret, who leads when play is stopped, what the legal moves are to draw from
/// (Trangouar lists only a sample of its setups). An answer is a fact about the rules, so it
/// lives with them, each with a default for a game that has nothing to say.
///
/// Contract, checked for every game by the shared tests in [`crate::registry`]:
/// - `setup` validates its options (an unknown option or bad value is a [`SetupError`] naming it);
/// - `play` validates and applies in one step; on error `self` is unchanged;
/// - `legal_moves(seat)` is empty unless `seat` is in `to_act()`, and every move it lists is accepted
///   by `play`;
/// - views never hold another seat's hidden information; `Viewer::Omniscient` holds everything;
/// - randomness comes only from the `rng` argument, never from elsewhere.
pub trait Game: Clone + Send + Sync + 'static {
    /// A move in the game's own JSON (see `docs/rules/`); serialising gives its canonical form,
    /// the one stored and listed in `you.legal`.
    type Move: Serialize + Clone + Debug + PartialEq + Send;

    /// The game's id, name, player bounds and options.
    fn info() -> GameInfo;

    /// Every kind of event [`Game::play`] sends, with its fields.
    const EVENTS: &'static [EventSpec];

    /// Every `reason` an [`Outcome`] of the rules may give (the ply cap's `ply_limit` aside).
    const RESULT_REASONS: &'static [&'static str];

    /// A new match for `players` seats. `options` have been checked against `info().options` and
    /// hold every option (defaults filled in).
    fn setup(options: &Options, players: usize, rng: &mut GameRng) -> Result<Self, SetupError>;

    /// The seats that must act now: usually one; several in a simultaneous phase; a non-active seat
    /// when it has a decision to make; none once the match is over.
    fn to_act(&self) -> Vec<Seat>;

    /// Reads a move from JSON, with a precise error.
    fn parse_move(json: &Value) -> Result<Self::Move, MoveError>;

    /// Every move `seat` may play now (empty when it need not act). For games whose turns are built in
    /// steps, the legal next steps.
    fn legal_moves(&self, seat: Seat) -> Vec<Self::Move>;

    /// Whether [`Game::legal_moves`] lists every legal move now, for every seat. Default: yes. A
    /// game whose moves are at times far too many to list gives examples then, and says so here
    /// (Trangouar's secret setups): [`crate::perft`] does not count examples as moves, and a
    /// random move must then come from [`Game::random_move`], which draws from all of them.
    fn lists_every_move(&self) -> bool {
        true
    }

    /// The canonical form of `mv`, a move `seat` may play now, as [`Game::legal_moves`] would list
    /// it: what the match record stores and serves, so that one match never holds several shapes
    /// of one move. Default: the move as read (a game whose reading already settles every
    /// spelling). Abalone fills in the marbles and direction of a move given by notation alone.
    /// Called before [`Game::play`], on a move that `play` then accepts; for one it refuses, any
    /// answer will do.
    fn canonical_move(&self, _seat: Seat, mv: &Self::Move) -> Self::Move {
        mv.clone()
    }

    /// Plays `mv` for `seat`, including anything the rules then do by themselves (dice for the next
    /// turn, automatic passes), and says what happened.
    fn play(
        &mut self,
        seat: Seat,
        mv: &Self::Move,
        rng: &mut GameRng,
    ) -> Result<Vec<Event>, MoveError>;

    /// The game's state as `viewer` may see it: the `state` object of the protocol's View. Hidden
    /// information of a seat goes under `"private"` in that seat's view only.
    fn view(&self, viewer: Viewer) -> Value;

    /// True for a game without hidden information, whose [`Game::view`] is the same for every
    /// viewer: the server then builds it once per version for all of them (issue 50). A game
    /// that hides anything from anyone keeps the default, false (the registry's tests check that
    /// a game saying true shows every viewer the same).
    const SAME_VIEW_FOR_ALL: bool = false;

    /// `Some` once the match is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The sides of the match, each the seats that win or lose together: one seat each, unless the
    /// game plays in teams (Abalone with 4 players). A forfeit loses for the whole side.
    fn sides(&self) -> Vec<Vec<Seat>> {
        let seats = self.seat_count();
        (0..seats).map(|s| vec![s]).collect()
    }

    /// How many seats the match has.
    fn seat_count(&self) -> usize;

    /// Whether a move's content is secret when played (Trangouar's setup, placed in secret). The
    /// match record shows such a move as `{"hidden": true}` until the match has ended. Default: no
    /// move is secret (hidden information lives in the state, and views keep it out).
    fn is_secret(mv: &Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// A random move for `seat`, drawn from `rng`: what the server plays for a seat it plays for at
    /// random, and what the `random` bot level plays. `None` when it need not act. Default: uniform
    /// among [`Game::legal_moves`]. Games whose list is only a sample of the legal moves
    /// (Trangouar's setups) override it to draw from all of them.
    fn random_move(&self, seat: Seat, rng: &mut GameRng) -> Option<Self::Move> {
        pick_uniform(self.legal_moves(seat), rng)
    }

    /// The move the rules themselves prescribe for `seat` when it must decide and does not answer
    /// in time (Trangouar: the owner of a losing cube loses pearls of the colour it has most of).
    /// The server plays it on a decision timeout, and bots play it rather than a random move. `None`,
    /// the default: the rules prescribe nothing, and the seat is waited for.
    fn default_move(&self, seat: Seat) -> Option<Self::Move> {
        let _ = seat;
        None
    }

    /// How the match ends when it reaches the server's ply cap (see [`crate::registry::Match`]:
    /// every match has one) before the rules end it. Default: a draw, reason `ply_limit`. A game
    /// with its own idea of who leads (Abalone's `cap_result`) says so here.
    fn ply_cap_outcome(&self) -> Outcome {
        Outcome {
            winners: Vec::new(),
            scores: None,
            reason: PLY_LIMIT.into(),
        }
    }
}

/// The reason of a match ended by a ply cap.
pub const PLY_LIMIT: &str = "ply_limit";
