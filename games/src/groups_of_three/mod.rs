//! Groups-of-Three (Over-Pass set, Kadon 2001) for 2 to 4 players: shared/rules/groups-of-three.md.
//!
//! Every colour races its 10 pieces into play (reserve pieces enter by "groups of three") and out
//! through the Center Square, moving as far as two dice allow. The board is data
//! (`games/data/groups-of-three-board.json`, see [`board::Board`]); the turn logic is in `rules.rs`.
//!
//! Colours: colour `c` is the board seat `c + 1` of the data file (1 Red NE, 2 Blue SE, 3 Green SW,
//! 4 Yellow NW). 4 players: seat `s` plays colour `s`. 3 players: colours 0..3, board seat 4 omitted.
//! 2 players: seat 0 plays colours 0 and 2, seat 1 plays 1 and 3 (rules §4.2, G8).
//!
//! View (same for every viewer, nothing is hidden): `{"board": {"kNEx": 0, ...}` (occupied spaces
//! only, space id -> colour index), `"colours": [{"seat", "reserve", "exited"}]` (indexed by colour),
//! `"active_colour", "dice": [a, b], "moves_left", "pending_adds": ["kNEz"], "opening_rolls": [[{"seat",
//! "values"}], ...]` (one list per roll-off round), `"to_move"` (null once over)`}`.
//! Events: `dice`, `moved`, `crossed`, `exited`, `added`, `turn_end` (reason `moves_used`,
//! `no_legal_step` or `ended`, with `moves_lost`), `won`, `game_end` (a blocked board).

pub mod board;
mod eval;
pub mod moves;
mod rules;
#[cfg(test)]
mod tests;

use serde_json::{json, Value};

use crate::engine::{Event, Game, GameInfo, GameRng, MoveError, Outcome, Seat, SetupError, Viewer};
use crate::options::{OptionSpec, Options, OptionsExt};
use board::{board, Board, Space};
pub use moves::Move;

/// One colour's pieces off the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Colour {
    pub seat: Seat,
    pub reserve: u8,
    pub exited: u8,
    pub on_board: u8,
}

/// A match in progress: the whole position (there is no hidden information).
#[derive(Debug, Clone)]
pub struct GroupsOfThree {
    board: &'static Board,
    players: usize,
    /// Rules G2: a player must keep stepping while a legal step exists.
    must_use_all_moves: bool,
    /// The colour on each space.
    occupant: Vec<Option<u8>>,
    colours: Vec<Colour>,
    /// The colour whose turn it is.
    active: usize,
    dice: [u8; 2],
    moves_left: u8,
    /// Compartments the last arrival lets the active colour fill from its reserve (until the next step).
    pending_adds: Vec<Space>,
    /// 2 players: the colour each seat used last, so each alternates its two colours (rules G8).
    last_used: [Option<usize>; 2],
    /// The roll-off for the first player (rules §4.5): one list of (seat, dice) per round.
    opening_rolls: Vec<Vec<(Seat, [u8; 2])>>,
    outcome: Option<Outcome>,
}

impl Game for GroupsOfThree {
    type Move = Move;

    fn seat_count(&self) -> usize {
        self.players
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "groups-of-three",
            name: "Groups-of-Three",
            min_players: 2,
            max_players: 4,
            options: vec![OptionSpec::boolean(
                "must_use_all_moves",
                true,
                "a player must spend the whole dice total while a legal step exists (false: may stop early)",
            )],
        }
    }

    fn setup(options: &Options, players: usize, rng: &mut GameRng) -> Result<Self, SetupError> {
        Self::new_on(board(), options.bool_of("must_use_all_moves"), players, rng)
    }

    fn to_act(&self) -> Vec<Seat> {
        match self.outcome {
            Some(_) => vec![],
            None => vec![self.to_move()],
        }
    }

    fn parse_move(json: &Value) -> Result<Move, MoveError> {
        Move::parse(json)
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if self.outcome.is_some() || seat != self.to_move() {
            return vec![];
        }
        self.legal_actions()
    }

    fn play(&mut self, seat: Seat, mv: &Move, rng: &mut GameRng) -> Result<Vec<Event>, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::Illegal("the game is over".into()));
        }
        if seat != self.to_move() {
            return Err(MoveError::NotYourTurn);
        }
        self.apply(mv, rng)
    }

    fn view(&self, _viewer: Viewer) -> Value {
        // Nothing is hidden: every viewer gets the same state. The next dice are not rolled before
        // their turn starts, so the view holds nothing of the RNG's future.
        let b = self.board;
        let occupied: serde_json::Map<String, Value> = self
            .occupant
            .iter()
            .enumerate()
            .filter_map(|(s, o)| o.map(|c| (b.name(s).to_string(), Value::from(c))))
            .collect();
        let colours: Vec<Value> = self
            .colours
            .iter()
            .map(|c| json!({"seat": c.seat, "reserve": c.reserve, "exited": c.exited}))
            .collect();
        let opening: Vec<Value> = self
            .opening_rolls
            .iter()
            .map(|round| {
                Value::Array(
                    round
                        .iter()
                        .map(|(seat, values)| json!({"seat": seat, "values": values}))
                        .collect(),
                )
            })
            .collect();
        json!({
            "board": occupied,
            "colours": colours,
            "active_colour": self.active,
            "dice": self.dice,
            "moves_left": self.moves_left,
            "pending_adds": self.pending_adds.iter().map(|&s| b.name(s)).collect::<Vec<_>>(),
            "opening_rolls": opening,
            "to_move": if self.outcome.is_some() { Value::Null } else { Value::from(self.to_move()) },
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    /// The race: pieces out count 1, pieces on the board between a half and 1 by how close they
    /// stand to the Center Square, pieces in reserve nothing; against the best other seat.
    fn evaluate(&self, seat: Seat) -> Option<f64> {
        let progress = self.progress();
        let best_other = (0..self.players)
            .filter(|&s| s != seat)
            .map(|s| progress[s])
            .fold(f64::NEG_INFINITY, f64::max);
        Some(crate::bots::lead(progress[seat], best_other, 1.5))
    }
}
