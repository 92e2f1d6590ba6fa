//! Pinuid Classic (2 players) and Pinuid Quatro (3-4 players), one game with a `variant` option
//! (docs/rules/pinuid.md). Diagonal steps, lines of exactly 3 of one's own pieces, one removal per
//! created line; the first down to 2 pieces wins.
//!
//! Removal is part of the move (§5): the server offers only complete moves with a valid removal set,
//! so the paper rule for a forgotten removal (a pending removal next turn) never arises.

mod board;
mod layout;
mod moves;
mod rules;
#[cfg(test)]
mod tests;

use rand::Rng;
use serde_json::{json, Value};

use crate::engine::{
    Event, EventSpec, Game, GameInfo, GameRng, MoveError, Outcome, Seat, SetupError, Viewer,
};
use crate::hints::BotHints;
use crate::notation::Notation;
use crate::options::{OptionSpec, Options, OptionsExt};
pub use board::Square;
use board::{Board, CELLS};
pub use moves::Move;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Classic,
    Quatro,
}

impl Variant {
    fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Quatro => "quatro",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Pinuid {
    variant: Variant,
    players: usize,
    board: Board,
    /// Pieces each seat has removed (its pile for re-entries).
    removed: Vec<u32>,
    /// Quatro: seats out of the game; their pieces stay as obstacles.
    eliminated: Vec<bool>,
    /// The seat to act; `None` once the match is over.
    to_move: Option<Seat>,
    /// Room option (P13): a draw after this many consecutive plies without a removal.
    no_removal_limit: Option<u32>,
    plies_without_removal: u32,
    last: Option<(Seat, Move)>,
    outcome: Option<Outcome>,
}

impl Pinuid {
    /// The start position. Classic: seat 0 White (rank 1) moves first. Quatro: seat i plays colour
    /// P(i+1) clockwise; with 3 players P4's pieces are taken off; the first player is drawn.
    fn new(
        variant: Variant,
        players: usize,
        no_removal_limit: Option<u32>,
        rng: &mut GameRng,
    ) -> Self {
        let mut board: Board = [None; CELLS];
        let colours: Vec<&[&str]> = match variant {
            Variant::Classic => layout::CLASSIC.to_vec(),
            Variant::Quatro => (0..4)
                .filter(|&c| players == 4 || c != layout::QUATRO_THREE_PLAYER_DROPPED)
                .map(|c| layout::QUATRO[c])
                .collect(),
        };
        for (seat, squares) in colours.iter().enumerate() {
            for name in *squares {
                let sq = Square::parse(name).expect("layout squares are valid");
                board[sq.index()] = Some(seat as u8);
            }
        }
        let first = match variant {
            Variant::Classic => 0,
            Variant::Quatro => rng.random_range(0..players),
        };
        let mut game = Pinuid {
            variant,
            players,
            board,
            removed: vec![0; players],
            eliminated: vec![false; players],
            to_move: None,
            no_removal_limit,
            plies_without_removal: 0,
            last: None,
            outcome: None,
        };
        game.start_turn(first, &mut Vec::new());
        game
    }

    /// The legal step `from`→`to` of `seat`, or why it is not one.
    fn checked_step(&self, seat: Seat, from: Square, to: Square) -> Result<rules::Step, MoveError> {
        let illegal = |m: String| Err(MoveError::Illegal(m));
        if self.must_reenter(seat) {
            return illegal(
                "all your pieces stand on one square colour: re-enter a piece on your back row"
                    .into(),
            );
        }
        if self.owner(from) != Some(seat) {
            return illegal(format!("{from} does not hold one of your pieces"));
        }
        if !from.is_diagonal_neighbour(to) {
            return illegal(format!("{from} to {to} is not one diagonal step"));
        }
        if self.owner(to).is_some() {
            return illegal(format!("{to} is not empty"));
        }
        let lines = self.created_lines(from, to);
        Ok(rules::Step { from, to, lines })
    }
}

impl Game for Pinuid {
    type Move = Move;

    const EVENTS: &'static [EventSpec] = &[
        EventSpec {
            kind: "moved",
            fields: &["seat", "from", "to"],
        },
        EventSpec {
            kind: "line",
            fields: &["seat", "squares"],
        },
        EventSpec {
            kind: "removed",
            fields: &["seat", "square"],
        },
        EventSpec {
            kind: "reentered",
            fields: &["seat", "square"],
        },
        EventSpec {
            kind: "passed",
            fields: &["seat", "reason"],
        },
        EventSpec {
            kind: "eliminated",
            fields: &["seat", "reason"],
        },
        EventSpec {
            kind: "won",
            fields: &["seat", "reason"],
        },
        EventSpec {
            kind: "draw",
            fields: &["reason"],
        },
    ];

    const RESULT_REASONS: &'static [&'static str] = &[
        "two_pieces",
        "last_survivor",
        "no_moves",
        "no_removal_limit",
    ];

    fn seat_count(&self) -> usize {
        self.players
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "pinuid",
            name: "Pinuid",
            min_players: 2,
            max_players: 4,
            options: vec![
                // Classic is for 2 players and Quatro for 3 or 4: the default follows the count.
                OptionSpec::choice("variant", &["classic", "quatro"], "classic")
                    .default_by_players([(2, "classic"), (3, "quatro"), (4, "quatro")]),
                // P13: on by default, as every public game needs an end; still nullable.
                OptionSpec::integer("no_removal_limit", 1, 10_000, Some(200))
                    .advanced()
                    .nullable(),
            ],
        }
    }

    fn setup(options: &Options, players: usize, rng: &mut GameRng) -> Result<Self, SetupError> {
        let variant = match options.str_of("variant") {
            "quatro" => Variant::Quatro,
            _ => Variant::Classic,
        };
        match (variant, players) {
            (Variant::Classic, 2) | (Variant::Quatro, 3 | 4) => {}
            (Variant::Classic, _) => {
                return Err(SetupError::option(
                    "variant",
                    "classic is played by exactly 2 players",
                ))
            }
            (Variant::Quatro, _) => {
                return Err(SetupError::option(
                    "variant",
                    "quatro is played by 3 or 4 players",
                ))
            }
        }
        let limit = options.int_of("no_removal_limit").map(|n| n as u32);
        Ok(Pinuid::new(variant, players, limit, rng))
    }

    fn to_act(&self) -> Vec<Seat> {
        self.to_move.into_iter().collect()
    }

    fn parse_move(json: &Value) -> Result<Move, MoveError> {
        moves::parse(json)
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if self.to_move != Some(seat) {
            return Vec::new();
        }
        if self.must_reenter(seat) {
            return self
                .reentry_squares(seat)
                .into_iter()
                .map(|to| Move::Reenter { to })
                .collect();
        }
        self.steps(seat)
            .iter()
            .flat_map(|step| {
                Pinuid::removal_sets(step)
                    .into_iter()
                    .map(|remove| Move::step(step.from, step.to, remove))
            })
            .collect()
    }

    fn play(&mut self, seat: Seat, mv: &Move, _rng: &mut GameRng) -> Result<Vec<Event>, MoveError> {
        if self.to_move != Some(seat) {
            return Err(MoveError::NotYourTurn);
        }
        let mut events = Vec::new();
        match mv {
            Move::Move { from, to, remove } => {
                let step = self.checked_step(seat, *from, *to)?;
                if let Some(why) = Pinuid::removal_error(&step, remove) {
                    return Err(MoveError::Illegal(why));
                }
                // Legal: apply.
                self.board[from.index()] = None;
                self.board[to.index()] = Some(seat as u8);
                events.push(Event::public(
                    json!({"kind": "moved", "seat": seat, "from": from, "to": to}),
                ));
                for line in &step.lines {
                    events.push(Event::public(
                        json!({"kind": "line", "seat": seat, "squares": line}),
                    ));
                }
                for sq in remove {
                    self.board[sq.index()] = None;
                    events.push(Event::public(
                        json!({"kind": "removed", "seat": seat, "square": sq}),
                    ));
                }
                self.removed[seat] += remove.len() as u32;
                if remove.is_empty() {
                    self.plies_without_removal += 1;
                } else {
                    self.plies_without_removal = 0;
                }
            }
            Move::Reenter { to } => {
                if !self.must_reenter(seat) {
                    return Err(MoveError::Illegal(
                        "re-entry is only for a Classic player whose pieces all stand on one \
                         square colour"
                            .into(),
                    ));
                }
                if !self.reentry_squares(seat).contains(to) {
                    return Err(MoveError::Illegal(format!(
                        "{to} is not an empty square of your back row"
                    )));
                }
                // Legal: apply. Lines formed by a re-entry do not count (P10).
                self.board[to.index()] = Some(seat as u8);
                self.removed[seat] -= 1;
                self.plies_without_removal += 1;
                events.push(Event::public(
                    json!({"kind": "reentered", "seat": seat, "square": to}),
                ));
            }
        }
        self.last = Some((seat, mv.clone()));
        if !self.end_checks(seat, &mut events) {
            self.to_move = None;
            self.start_turn((seat + 1) % self.players, &mut events);
        }
        Ok(events)
    }

    /// No hidden information: every viewer gets the same public state (no `private` part).
    const SAME_VIEW_FOR_ALL: bool = true;

    fn view(&self, _viewer: Viewer) -> Value {
        json!({
            "board": board::to_string(&self.board),
            "variant": self.variant.name(),
            "players": self.players,
            "pieces": (0..self.players).map(|s| self.pieces(s)).collect::<Vec<_>>(),
            "removed": self.removed,
            "eliminated": self.eliminated,
            "to_move": self.to_move,
            "plies_without_removal": self.plies_without_removal,
            "last": self.last.as_ref().map(|(seat, mv)| json!({"seat": seat, "move": mv})),
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
}

impl BotHints for Pinuid {
    /// The race to 2 pieces: fewer pieces of one's own than the closest rival is a lead.
    fn evaluate(&self, seat: Seat) -> Option<f64> {
        let left = |s: Seat| -(self.pieces(s) as f64);
        let best_other = (0..self.players)
            .filter(|&s| s != seat && !self.eliminated[s])
            .map(left)
            .fold(f64::NEG_INFINITY, f64::max);
        Some(crate::hints::lead(left(seat), best_other, 1.0))
    }
}

impl Notation for Pinuid {}
