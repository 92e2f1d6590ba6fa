//! Trangouar (Patrik Carpentier) for 2 to 4 players (docs/rules/trangouar.md).
//!
//! Cubes carry red (movement), black (attack) and white (defence) pearls on a 9×9 grid of
//! intersections. Every player sets up in secret in their corner zone; then, in turn, each does
//! nothing, recolours one cube, moves one cube or attacks with coin flips. Cubes with no pearl, or
//! hemmed in by corpses and the edge, become corpses; the last player with active cubes wins.
//!
//! Choices of this engine (the rules file leaves them to the implementation):
//! - Board (§3, a reconstruction) is data in [`board`]: size, corner zones, seating, neighbourhood.
//!   Seats go clockwise: 2 players SW and NE, 3 players SW, NW, NE, 4 players SW, NW, NE, SE.
//! - Setup is simultaneous and secret: `to_act` is every seat that has not submitted; the view shows
//!   only a per-seat `ready` flag until the last setup is in, then everything is revealed at once.
//!   `legal_moves` during setup cannot list every setup (there are far too many): it lists four
//!   representative valid setups (3 cubes 3/3/3 on the zone's outer corners, 3 cubes 3/3/3 with the
//!   inner corner, 4 cubes 3/3/3, 3/3/3, 2/2/2, 1/1/1 and 9 cubes 1/1/1); `play` accepts any valid one.
//! - Who starts is drawn from the `GameRng` in `setup` and shown only at the reveal.
//! - Moves: `legal_moves` lists one move per (cube, destination), with one valid path (for `exact`
//!   moves the first found by a depth-first search north, east, south, west; for `up_to` a shortest
//!   one), because every path to the same destination gives the same position and long paths (free
//!   antennas allow 9 red pearls) would explode. `play` accepts any valid path.
//! - After a fight with a loser, the losing cube's owner is always asked which pearls to give up
//!   (`lose`), even when the choice is forced: one simple rule. [`Trangouar::default_loss`] gives the
//!   choice the rules prescribe on a timeout (each pearl from the colour with most; ties red, black,
//!   white).
//! - Stall safeguard (§5.6): `quiet_rounds` = turns since a pearl last left the game, divided by the
//!   number of players still in (that number cannot change while no pearl leaves); the match is a
//!   draw (`stall`) when it reaches `stall_rounds`.
//! - Outcome: `winners` is the last player standing, or empty for a draw (`simultaneous_wipe_out`,
//!   `stall`); `scores` gives 1 to each seat still in at the end (the winner, or those sharing the
//!   draw) and 0 to seats eliminated before.

mod board;
mod bot;
mod legal;
mod moves;
mod rules;
mod view;

#[cfg(test)]
mod tests;

use serde_json::Value;

use crate::engine::{
    Event, EventSpec, Game, GameInfo, GameRng, MoveError, Outcome, Seat, SetupError, Viewer,
};
use crate::hints::BotHints;
use crate::notation::Notation;
use crate::options::{OptionSpec, Options, OptionsExt};
use rand::Rng;

pub use board::Point;
pub use moves::{Lost, Move, Pearls, SetupCube};

/// Pearls each player spreads over their cubes at setup.
pub const PEARLS: u8 = 27;
/// Cubes per army, inclusive bounds.
pub const MIN_CUBES: usize = 3;
pub const MAX_CUBES: usize = 9;
/// Pearls on one antenna (`per_colour`: one antenna per colour).
pub const ANTENNA: u8 = 3;
/// Pearls on one cube (3 antennas of 3).
pub const CUBE_MAX: u8 = 9;

/// A cube on the board. A corpse has no owner and no pearls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cube {
    pub owner: Option<Seat>,
    pub pearls: Pearls,
}

impl Cube {
    pub fn is_corpse(&self) -> bool {
        self.owner.is_none()
    }
}

/// The room options, read once.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Rules {
    /// `variant = fast`: the loser loses |difference| pearls instead of 1.
    fast: bool,
    /// `stall_rounds`: quiet rounds that end the match as a draw; `None` = never.
    stall_rounds: Option<u32>,
    /// `antenna_mode = free`: no cap per colour, only 9 pearls per cube.
    free_antennas: bool,
    /// `allow_empty_cubes`: a setup cube may hold no pearl (it starts as a corpse).
    allow_empty: bool,
    /// `move_mode = up_to`: a move is 1 to `red` steps instead of exactly `red`.
    up_to: bool,
    /// `move_shape = straight`: a move is one straight line.
    straight: bool,
}

/// A fight was lost: `seat` must say which `count` pearls the cube on `cube` gives up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PendingLoss {
    seat: Seat,
    cube: Point,
    count: u8,
}

/// A Trangouar match.
#[derive(Debug, Clone)]
pub struct Trangouar {
    rules: Rules,
    players: usize,
    /// What stands on each intersection (empty until the setups are revealed).
    board: [Option<Cube>; board::CELLS],
    /// Submitted setups, secret until all are in.
    setups: Vec<Option<Vec<SetupCube>>>,
    revealed: bool,
    /// The first player, drawn at setup, public from the reveal.
    starter: Seat,
    /// Whose turn it is (in play).
    turn: Seat,
    pending: Option<PendingLoss>,
    /// Seats without active cubes, in the order they went out.
    eliminated: Vec<Seat>,
    /// Turns since a pearl last left the game.
    quiet_turns: u32,
    outcome: Option<Outcome>,
}

impl Trangouar {
    /// The pearls the rules take on their own when the owner of a losing cube does not answer
    /// (§5.3: the colour with most pearls, one pearl at a time; ties go red, black, white). `None`
    /// when no loss is pending.
    pub fn default_loss(&self) -> Option<Move> {
        let pending = self.pending?;
        let mut left = self.cube_at(pending.cube)?.pearls;
        let mut lost = Pearls::default();
        for _ in 0..pending.count {
            let most = left.red.max(left.black).max(left.white);
            if left.red == most {
                left.red -= 1;
                lost.red += 1;
            } else if left.black == most {
                left.black -= 1;
                lost.black += 1;
            } else {
                left.white -= 1;
                lost.white += 1;
            }
        }
        Some(Move::Lose {
            pearls: lost.into(),
        })
    }

    fn cube_at(&self, p: Point) -> Option<Cube> {
        self.board[p.index()]
    }
}

impl Game for Trangouar {
    type Move = Move;

    const EVENTS: &'static [EventSpec] = &[
        EventSpec {
            kind: "ready",
            fields: &["seat", "cubes"],
        },
        EventSpec {
            kind: "revealed",
            fields: &["setups", "starter"],
        },
        EventSpec {
            kind: "nothing",
            fields: &["seat"],
        },
        EventSpec {
            kind: "exchange",
            fields: &["seat", "cube", "from", "to"],
        },
        EventSpec {
            kind: "move",
            fields: &["seat", "cube", "to", "path"],
        },
        EventSpec {
            kind: "attack",
            fields: &[
                "seat",
                "cube",
                "target",
                "defender",
                "attack_coins",
                "defence_coins",
                "black_faces",
                "white_faces",
                "difference",
                "loser",
                "loser_seat",
                "pearls_to_lose",
            ],
        },
        EventSpec {
            kind: "pearls_lost",
            fields: &["seat", "cube", "pearls", "left"],
        },
        EventSpec {
            kind: "corpse",
            fields: &["at", "owner", "reason", "pearls"],
        },
        EventSpec {
            kind: "eliminated",
            fields: &["seat"],
        },
        EventSpec {
            kind: "stall",
            fields: &["quiet_rounds"],
        },
        EventSpec {
            kind: "game_over",
            fields: &["winners", "reason"],
        },
    ];

    const RESULT_REASONS: &'static [&'static str] =
        &["last_player_standing", "simultaneous_wipe_out", "stall"];

    fn seat_count(&self) -> usize {
        self.players
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "trangouar",
            name: "Trangouar",
            min_players: 2,
            max_players: 4,
            options: vec![
                OptionSpec::choice("variant", &["base", "fast"], "base"),
                OptionSpec::integer("stall_rounds", 1, 1000, Some(30))
                    .advanced()
                    .nullable(),
                OptionSpec::choice("antenna_mode", &["per_colour", "free"], "per_colour")
                    .advanced(),
                OptionSpec::boolean("allow_empty_cubes", false).advanced(),
                OptionSpec::choice("move_mode", &["exact", "up_to"], "exact").advanced(),
                OptionSpec::choice("move_shape", &["any", "straight"], "any").advanced(),
            ],
        }
    }

    fn setup(options: &Options, players: usize, rng: &mut GameRng) -> Result<Self, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError::players("Trangouar is played by 2 to 4 players"));
        }
        let stall_rounds =
            match options.get("stall_rounds") {
                None | Some(Value::Null) => None,
                Some(v) => Some(v.as_u64().filter(|n| *n >= 1).ok_or_else(|| {
                    SetupError::option("stall_rounds", "must be a positive integer")
                })? as u32),
            };
        let rules = Rules {
            fast: options.str_of("variant") == "fast",
            stall_rounds,
            free_antennas: options.str_of("antenna_mode") == "free",
            allow_empty: options.bool_of("allow_empty_cubes"),
            up_to: options.str_of("move_mode") == "up_to",
            straight: options.str_of("move_shape") == "straight",
        };
        let starter = rng.random_range(0..players);
        Ok(Trangouar {
            rules,
            players,
            board: [None; board::CELLS],
            setups: vec![None; players],
            revealed: false,
            starter,
            turn: starter,
            pending: None,
            eliminated: Vec::new(),
            quiet_turns: 0,
            outcome: None,
        })
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.outcome.is_some() {
            vec![]
        } else if !self.revealed {
            (0..self.players)
                .filter(|&s| self.setups[s].is_none())
                .collect()
        } else if let Some(pending) = self.pending {
            vec![pending.seat]
        } else {
            vec![self.turn]
        }
    }

    fn parse_move(json: &Value) -> Result<Move, MoveError> {
        moves::parse(json)
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if !self.to_act().contains(&seat) {
            return vec![];
        }
        if !self.revealed {
            self.example_setups(seat)
        } else if let Some(pending) = self.pending {
            self.loss_choices(pending)
        } else {
            self.turn_moves(seat)
        }
    }

    /// Not before the reveal: the setups listed are only examples (see `legal.rs`).
    fn lists_every_move(&self) -> bool {
        self.revealed
    }

    /// A setup's cubes in order of their intersections, as the listed setups give them (a path
    /// stays as sent: which way a cube went is part of what happened).
    fn canonical_move(&self, _seat: Seat, mv: &Move) -> Move {
        match mv {
            Move::Setup { cubes } => {
                let mut cubes = cubes.clone();
                cubes.sort_by_key(|c| c.at);
                Move::Setup { cubes }
            }
            other => other.clone(),
        }
    }

    fn play(&mut self, seat: Seat, mv: &Move, rng: &mut GameRng) -> Result<Vec<Event>, MoveError> {
        if !self.to_act().contains(&seat) {
            return Err(MoveError::NotYourTurn);
        }
        self.apply(seat, mv, rng)
    }

    fn view(&self, viewer: Viewer) -> Value {
        self.build_view(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    /// A setup is placed in secret: the record hides it until the match ends.
    fn is_secret(mv: &Move) -> bool {
        matches!(mv, Move::Setup { .. })
    }

    /// In the setup phase, a random valid setup among all of them (the listed ones are only
    /// examples); otherwise uniform among the legal moves.
    fn random_move(&self, seat: Seat, rng: &mut GameRng) -> Option<Move> {
        if !self.to_act().contains(&seat) {
            return None;
        }
        if !self.revealed {
            return Some(self.random_setup(seat, rng));
        }
        crate::engine::pick_uniform(self.legal_moves(seat), rng)
    }

    /// Only a pending loss has a prescribed answer; every other decision waits for its player.
    fn default_move(&self, seat: Seat) -> Option<Move> {
        self.pending
            .filter(|pending| pending.seat == seat)
            .and_then(|_| self.default_loss())
    }
}

impl BotHints for Trangouar {
    /// See [`Trangouar::score`]: pearls, the fights each side can start, the distance to the
    /// enemy and the quiet rounds. Before the reveal every seat gets a half.
    fn evaluate(&self, seat: Seat) -> Option<f64> {
        Some(self.score(seat))
    }

    /// See [`Trangouar::draw_value`]: a stall draw is worth what the evaluation gives the position
    /// with the stall due, a simultaneous wipe-out a half.
    fn draw_reward(&self, seat: Seat) -> f64 {
        self.draw_value(seat)
    }

    /// See [`Trangouar::progress_move`]: favourable attacks first, then often a step towards the
    /// enemy.
    fn playout_move(&self, seat: Seat, rng: &mut GameRng) -> Option<Move> {
        self.progress_move(seat, rng)
    }

    /// Until the reveal, `seat` knows only its own setup and who is ready: the others' submitted
    /// setups are drawn anew among valid ones, and so is who starts. After it, nothing is hidden.
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut g = self.clone();
        if !g.revealed {
            g.starter = rng.random_range(0..g.players);
            g.turn = g.starter;
            for s in (0..g.players).filter(|&s| s != seat && self.setups[s].is_some()) {
                if let Move::Setup { cubes } = g.random_setup(s, rng) {
                    g.setups[s] = Some(cubes);
                }
            }
        }
        g
    }
}

impl Notation for Trangouar {}

/// A cube of a hand-built test position: `(at, owner, (red, black, white))`, owner `None` for a
/// corpse.
#[cfg(any(test, feature = "test-support"))]
pub type Placed<'a> = (&'a str, Option<Seat>, (u8, u8, u8));

#[cfg(any(test, feature = "test-support"))]
impl Trangouar {
    /// Test-only: a position in play (setups done and revealed) built by hand from its cubes;
    /// `turn` is to play.
    pub fn for_test(players: usize, options: &Value, cubes: &[Placed], turn: Seat) -> Trangouar {
        use rand::SeedableRng;
        let opts = crate::options::validate(&Trangouar::info().options, players, options)
            .expect("valid test options");
        let mut g = Trangouar::setup(&opts, players, &mut GameRng::seed_from_u64(0))
            .expect("valid test setup");
        for &(at, owner, (r, b, w)) in cubes {
            let at = Point::parse(at).expect("a point of the board");
            g.board[at.index()] = Some(Cube {
                owner,
                pearls: Pearls::new(r, b, w),
            });
        }
        g.setups = vec![Some(vec![]); players];
        g.revealed = true;
        g.turn = turn;
        g
    }

    /// Seat 1's cube on i9 sits in a pocket (i7 to i9) closed by corpses on h9, h7 and i6, whose only
    /// way out is h8, held by a seat-1 cube with one pearl left. Seat 0 can kill it from g8, or kill
    /// another one-pearl cube out in the open (d5, from d4).
    pub fn choke_for_test() -> Trangouar {
        Trangouar::for_test(
            2,
            &serde_json::json!({}),
            &[
                ("h9", None, (0, 0, 0)),
                ("h7", None, (0, 0, 0)),
                ("i6", None, (0, 0, 0)),
                ("i9", Some(1), (1, 1, 1)),
                ("h8", Some(1), (0, 0, 1)),
                ("d5", Some(1), (0, 0, 1)),
                ("g8", Some(0), (3, 3, 3)),
                ("d4", Some(0), (3, 3, 3)),
                ("a1", Some(0), (3, 3, 3)),
            ],
            0,
        )
    }
}
