//! Groups-of-Three (Over-Pass set, Kadon 2001) for 2 to 4 players: docs/rules/groups-of-three.md.
//!
//! Every colour races its 10 pieces into play (reserve pieces enter by "groups of three") and out
//! through the Center Square, moving as far as two dice allow. The board is data
//! (`games/data/groups-of-three-board.json`, see [`board::Board`]); the turn logic is in `rules.rs`.
//!
//! Colours: the colours in play, in clockwise order; each is one board seat of the data file (1 Red
//! NE, 2 Blue SE, 3 Green SW, 4 Yellow NW), named in the view. 4 players: seat `s` plays colour `s`.
//! 3 players: seat `s` plays the `s`-th colour left once `three_player_omitted` (default yellow,
//! G9) is taken out. 2 players play all four: with `two_player_colours` "opposite" (default, G8)
//! seat 0 plays red and green, seat 1 blue and yellow; with "adjacent" seat 0 plays red and blue,
//! seat 1 green and yellow.
//!
//! Options beyond G2 (`must_use_all_moves`): `transit_mode` (G3) "atomic" crosses a transit space in
//! one `cross` move, "end_of_turn" enters and leaves it by steps, with other steps between, so long
//! as the turn can still end with no piece on it; `transit_may_return` (G4) whether a piece may leave
//! a transit space back to where it came from; `stall_rounds` (G13) ends the match drawn (reason
//! `stall`) after that many rounds (a turn of every colour in play) without a piece exited or added.
//!
//! View (same for every viewer, nothing is hidden): `{"board": {"kNEx": 0, ...}` (occupied spaces
//! only, space id -> colour index), `"colours": [{"seat", "name", "reserve", "exited"}]` (indexed by
//! colour; `name` is red, blue, green or yellow), `"quiet_turns"` (turns since the last exit or add),
//! `"active_colour", "dice": [a, b], "moves_left", "pending_adds": ["kNEz"], "opening_rolls": [[{"seat",
//! "values"}], ...]` (one list per roll-off round), `"to_move"` (null once over)`}`.
//! Events: `dice`, `moved`, `crossed`, `exited`, `added`, `turn_end` (reason `moves_used`,
//! `no_legal_step` or `ended`, with `moves_lost`), `won`, `game_end` (reason `blocked`: a board where
//! nobody can move; `stall`: the G13 safeguard).

pub mod board;
mod eval;
pub mod moves;
mod rules;
#[cfg(test)]
mod tests;

use serde_json::{json, Value};

use crate::engine::{
    Event, EventSpec, Game, GameInfo, GameRng, MoveError, Outcome, Seat, SetupError, Viewer,
};
use crate::hints::BotHints;
use crate::notation::Notation;
use crate::options::{OptionSpec, Options, OptionsExt};
use board::{board, Board, Space};
pub use moves::Move;

/// The colours of the four board seats, in the data file's seat order (1 to 4, clockwise).
pub const COLOUR_NAMES: [&str; 4] = ["red", "blue", "green", "yellow"];

/// How a piece gets through a transit space (rules G3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransitMode {
    /// One `cross` move: in and out at once, costing 2.
    Atomic,
    /// Two steps, in and out, with other steps allowed between; no piece may stay at turn end.
    EndOfTurn,
}

/// The rules a match is played by: the spec's resolutions, or the alternatives the options choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// G2: a player must keep stepping while a legal step exists.
    pub must_use_all_moves: bool,
    /// G3.
    pub transit: TransitMode,
    /// G4: a piece may leave a transit space back to the space it came from.
    pub transit_may_return: bool,
    /// G8, 2 players: the colours (board seat indices) each seat plays.
    pub two_player_colours: [[usize; 2]; 2],
    /// G9, 3 players: the board seat index whose colour is left out.
    pub three_player_omitted: usize,
    /// G13: rounds without an exit or an add that end the match drawn; `None` = never.
    pub stall_rounds: Option<u32>,
}

impl Default for Rules {
    /// The spec's resolutions (and the catalog's defaults).
    fn default() -> Self {
        Rules {
            must_use_all_moves: true,
            transit: TransitMode::Atomic,
            transit_may_return: true,
            two_player_colours: [[0, 2], [1, 3]],
            three_player_omitted: 3,
            stall_rounds: Some(20),
        }
    }
}

impl Rules {
    /// Reads validated options; an option that cannot apply to `players` is refused by name.
    fn from_options(options: &Options, players: usize) -> Result<Rules, SetupError> {
        let colour = |name: &str| COLOUR_NAMES.iter().position(|&c| c == options.str_of(name));
        let omitted = colour("three_player_omitted").unwrap_or(3);
        if players != 3 && omitted != 3 {
            return Err(SetupError::option(
                "three_player_omitted",
                "applies only to 3 players (with 2 or 4 every colour plays)",
            ));
        }
        let adjacent = options.str_of("two_player_colours") == "adjacent";
        if players != 2 && adjacent {
            return Err(SetupError::option(
                "two_player_colours",
                "applies only to 2 players (each then plays two colours)",
            ));
        }
        Ok(Rules {
            must_use_all_moves: options.bool_of("must_use_all_moves"),
            transit: match options.str_of("transit_mode") {
                "end_of_turn" => TransitMode::EndOfTurn,
                _ => TransitMode::Atomic,
            },
            transit_may_return: options.bool_of("transit_may_return"),
            two_player_colours: if adjacent {
                [[0, 1], [2, 3]]
            } else {
                [[0, 2], [1, 3]]
            },
            three_player_omitted: omitted,
            stall_rounds: options.int_of("stall_rounds").map(|n| n as u32),
        })
    }
}

/// One colour's pieces off the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Colour {
    /// Its board seat index (`COLOUR_NAMES`, the data file's `seats`), whatever its index in play.
    pub board_seat: usize,
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
    rules: Rules,
    /// The colour on each space.
    occupant: Vec<Option<u8>>,
    colours: Vec<Colour>,
    /// The colour whose turn it is.
    active: usize,
    dice: [u8; 2],
    moves_left: u8,
    /// Compartments the last arrival lets the active colour fill from its reserve (until the next step).
    pending_adds: Vec<Space>,
    /// `transit_mode` end_of_turn: the pieces standing on a transit space, as (transit space, the
    /// space it came from). Always empty between turns.
    in_transit: Vec<(Space, Space)>,
    /// Whether the turn under way has exited or added a piece (G13).
    progress: bool,
    /// Turns completed since the last exit or add (G13).
    quiet_turns: u32,
    /// 2 players: the colour each seat used last, so each alternates its two colours (rules G8).
    last_used: [Option<usize>; 2],
    /// The roll-off for the first player (rules §4.5): one list of (seat, dice) per round.
    opening_rolls: Vec<Vec<(Seat, [u8; 2])>>,
    outcome: Option<Outcome>,
}

impl Game for GroupsOfThree {
    type Move = Move;

    const EVENTS: &'static [EventSpec] = &[
        EventSpec {
            kind: "dice",
            fields: &["seat", "colour", "values"],
        },
        EventSpec {
            kind: "moved",
            fields: &["seat", "colour", "from", "to"],
        },
        EventSpec {
            kind: "crossed",
            fields: &["seat", "colour", "from", "via", "to"],
        },
        EventSpec {
            kind: "exited",
            fields: &["seat", "colour", "from", "exited"],
        },
        EventSpec {
            kind: "added",
            fields: &["seat", "colour", "at", "reserve"],
        },
        EventSpec {
            kind: "turn_end",
            fields: &["seat", "colour", "reason", "moves_lost"],
        },
        EventSpec {
            kind: "won",
            fields: &["seat", "reason"],
        },
        EventSpec {
            kind: "game_end",
            fields: &["reason"],
        },
    ];

    const RESULT_REASONS: &'static [&'static str] = &["all_pieces_out", "blocked", "stall"];

    fn seat_count(&self) -> usize {
        self.players
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "groups-of-three",
            name: "Groups-of-Three",
            min_players: 2,
            max_players: 4,
            options: vec![
                OptionSpec::boolean("must_use_all_moves", true),
                OptionSpec::choice("transit_mode", &["atomic", "end_of_turn"], "atomic").advanced(),
                OptionSpec::boolean("transit_may_return", true).advanced(),
                OptionSpec::choice("two_player_colours", &["opposite", "adjacent"], "opposite")
                    .only_for(&[2]),
                OptionSpec::choice("three_player_omitted", &COLOUR_NAMES, "yellow").only_for(&[3]),
                OptionSpec::integer("stall_rounds", 1, 1000, Some(20))
                    .advanced()
                    .nullable(),
            ],
        }
    }

    fn setup(options: &Options, players: usize, rng: &mut GameRng) -> Result<Self, SetupError> {
        Self::new_on(
            board(),
            Rules::from_options(options, players)?,
            players,
            rng,
        )
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

    const SAME_VIEW_FOR_ALL: bool = true;

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
            .map(|c| {
                json!({"seat": c.seat, "name": COLOUR_NAMES.get(c.board_seat), "reserve": c.reserve,
                       "exited": c.exited})
            })
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
            "quiet_turns": self.quiet_turns,
            "to_move": if self.outcome.is_some() { Value::Null } else { Value::from(self.to_move()) },
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
}

impl BotHints for GroupsOfThree {
    /// The race: pieces out count 1, pieces on the board between a half and 1 by how close they
    /// stand to the Center Square, pieces in reserve nothing; against the best other seat.
    fn evaluate(&self, seat: Seat) -> Option<f64> {
        let progress = self.progress();
        let best_other = (0..self.players)
            .filter(|&s| s != seat)
            .map(|s| progress[s])
            .fold(f64::NEG_INFINITY, f64::max);
        Some(crate::hints::lead(progress[seat], best_other, 1.5))
    }
}

impl Notation for GroupsOfThree {}
