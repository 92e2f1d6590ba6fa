//! Abalone for 2, 3 and 4 players (docs/rules/abalone.md): setup and options, the `Game` trait,
//! match end (six ejected, ply cap, no legal move), view and events, and `perft`.
//!
//! Match end beyond the rules: option `max_plies` caps the match (a draw, or with `cap_result`
//! "marbles" a win for the side with most ejections, a tie being a draw; reason `ply_limit`). Passing is
//! never legal; should the seat to move have no legal move at all (possible only in odd positions,
//! e.g. a 3-player seat whose marbles were all ejected), the match ends at once as a draw with reason
//! `no_legal_move`.
//!
//! Seats: 2 players, seat 0 = Black (moves first); 3 and 4 players, seat 0 = P1 then clockwise, and
//! in 4p seats 0 and 2 are one team. A 4p pushing column may hold 1 or 2 partner marbles in front of
//! the mover's own rear marble; plain and broadside moves use own marbles only (rules §4.3), unless
//! option `team_moves_mixed_columns` lets them carry partner marbles too: inline behind an own rear
//! marble, broadside with an own marble at one end (the rules leave "first marble" open for a
//! broadside line, which has no rear).
//! View: `{"board": 61 chars A1..I9 ('.' or seat digit), "players", "layout", "ejected": [by seat],
//! "teams", "ply", "last"}`, the same for every viewer. Event: `{"kind": "moved", "seat", "notation",
//! "dir", "marbles": [[from, to]..], "pushed": [[from, to]..], "ejected": {"cell", "owner"} | null,
//! "score"}` (score: the mover's side total toward 6).

mod board;
mod eval;
mod moves;
mod rules;
#[cfg(test)]
mod tests;

use serde_json::{json, Value};

use crate::engine::{
    Event, EventSpec, Game, GameInfo, GameRng, MoveError, Outcome, Seat, SetupError, Viewer,
};
use crate::hints::BotHints;
use crate::options::{OptionSpec, Options, OptionsExt};

use board::{name, parse_cell, Layout, CELLS, NB, OFF};
use moves::Req;
pub use moves::{Marbles, Move, Notation};
use rules::{Mv, Pos};

const LAYOUT_NAMES: &[&str] = &["standard", "belgian-daisy", "german-daisy"];

#[derive(Clone, Debug)]
pub struct Abalone {
    pos: Pos,
    layout: &'static str,
    max_plies: Option<u64>,
    cap_marbles: bool,
    ply: u64,
    last: Option<Notation>,
    outcome: Option<Outcome>,
}

/// The start position of `layout` for `players`, or the error naming what is wrong.
fn start(players: usize, layout: &str) -> Result<(Pos, &'static Layout), SetupError> {
    if !(2..=4).contains(&players) {
        return Err(SetupError::players("Abalone is played by 2 to 4 players"));
    }
    let found = board::layout(layout, players).ok_or_else(|| {
        if LAYOUT_NAMES.contains(&layout) {
            SetupError::option(
                "layout",
                format!("only the standard layout exists for {players} players"),
            )
        } else {
            SetupError::option(
                "layout",
                format!("must be one of {}", LAYOUT_NAMES.join(", ")),
            )
        }
    })?;
    let mut pos = Pos::empty(players);
    for (seat, cells) in found.seats.iter().enumerate() {
        for c in cells.iter() {
            let c = parse_cell(c).expect("layout cells are valid");
            pos.cells[c as usize] = seat as u8 + 1;
        }
    }
    Ok((pos, found))
}

/// Perft: the number of leaf nodes of the legal-move tree of `depth` from the start position.
pub fn perft(players: usize, layout: &str, depth: u32) -> Result<u64, SetupError> {
    let (pos, _) = start(players, layout)?;
    Ok(rules::perft(&pos, depth))
}

impl Abalone {
    /// Appends the legal moves of `seat` as a JSON array, each written by `write` (about `each`
    /// bytes): the list `legal_moves` gives, in its order; `[]` when `seat` need not act.
    fn write_legal_list(
        &self,
        seat: Seat,
        out: &mut String,
        each: usize,
        write: impl Fn(&Mv, &mut String),
    ) {
        if self.outcome.is_some() || seat != self.pos.to_move as Seat {
            out.push_str("[]");
            return;
        }
        let mut moves = Vec::with_capacity(96);
        self.pos.generate(&mut moves);
        out.reserve(moves.len() * (each + 1) + 2);
        out.push('[');
        for (i, (mv, _)) in moves.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write(mv, out);
        }
        out.push(']');
    }

    /// The seats of the side of `seat` (its team in 4p).
    fn side(&self, seat: u8) -> Vec<Seat> {
        if self.pos.players == 4 {
            vec![(seat % 2) as Seat, (seat % 2 + 2) as Seat]
        } else {
            vec![seat as Seat]
        }
    }

    fn scores(&self) -> Vec<i64> {
        (0..self.pos.players)
            .map(|s| self.pos.side_score(s) as i64)
            .collect()
    }

    /// Decides whether the match is over after a move.
    fn settle(&mut self) {
        let scores = Some(self.scores());
        if let Some(w) = self.pos.winner() {
            self.outcome = Some(Outcome {
                winners: self.side(w),
                scores,
                reason: "six_ejected".into(),
            });
        } else if self.max_plies.is_some_and(|m| self.ply >= m) {
            self.outcome = Some(self.ply_cap_outcome());
        } else if !self.pos.has_move() {
            self.outcome = Some(Outcome {
                winners: vec![],
                scores,
                reason: "no_legal_move".into(),
            });
        }
    }

    /// The board move a request stands for, checked, with what it pushes.
    fn resolve(&self, seat: u8, mv: &Move) -> Result<(Mv, u8), MoveError> {
        let illegal = |r: rules::Refusal| MoveError::Illegal(r.to_string());
        let board_mv = match mv.req {
            Req::Run { rear, dir } => self.pos.column(seat, rear, dir).map_err(illegal)?,
            Req::Group(m) => m,
        };
        let pushed = self.pos.check(seat, &board_mv).map_err(illegal)?;
        Ok((board_mv, pushed))
    }

    /// A position built from cell lists, one per seat (tests).
    #[cfg(any(test, feature = "test-support"))]
    pub fn from_cells(players: usize, seats: &[&[&str]], to_move: usize) -> Abalone {
        let mut pos = Pos::empty(players);
        pos.to_move = to_move as u8;
        for (seat, cells) in seats.iter().enumerate() {
            for c in cells.iter() {
                let c = parse_cell(c).expect("a valid cell");
                assert_eq!(pos.cells[c as usize], 0, "cell listed twice");
                pos.cells[c as usize] = seat as u8 + 1;
            }
        }
        Abalone {
            pos,
            layout: "standard",
            max_plies: None,
            cap_marbles: false,
            ply: 0,
            last: None,
            outcome: None,
        }
    }

    /// The same position with `count` marbles already ejected by `seat` (tests).
    #[cfg(any(test, feature = "test-support"))]
    pub fn with_ejected(mut self, seat: usize, count: u8) -> Abalone {
        self.pos.ejected[seat] = count;
        self
    }
}

impl Game for Abalone {
    type Move = Move;

    const EVENTS: &'static [EventSpec] = &[EventSpec {
        kind: "moved",
        fields: &[
            "seat", "notation", "dir", "marbles", "pushed", "ejected", "score",
        ],
    }];

    const RESULT_REASONS: &'static [&'static str] = &["six_ejected", "no_legal_move"];

    fn seat_count(&self) -> usize {
        self.pos.players as usize
    }

    fn sides(&self) -> Vec<Vec<Seat>> {
        (0..self.seat_count())
            .filter(|&s| usize::from(self.pos.team(s as u8)) == s)
            .map(|s| self.side(s as u8))
            .collect()
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "abalone",
            name: "Abalone",
            min_players: 2,
            max_players: 4,
            options: vec![
                OptionSpec::choice("layout", LAYOUT_NAMES, "standard"),
                // Every game takes it (`options::shared_options`); Abalone's rules read it too.
                crate::options::shared_options().remove(0),
                OptionSpec::choice("cap_result", &["draw", "marbles"], "draw").advanced(),
                OptionSpec::boolean("team_moves_mixed_columns", false)
                    .advanced()
                    .only_for(&[4]),
            ],
        }
    }

    fn setup(options: &Options, players: usize, _rng: &mut GameRng) -> Result<Self, SetupError> {
        // Options come validated with defaults filled in; an empty map (direct calls) means defaults.
        let layout = match options.str_of("layout") {
            "" => "standard",
            l => l,
        };
        let (mut pos, found) = start(players, layout)?;
        pos.mixed_columns = options.bool_of("team_moves_mixed_columns");
        if pos.mixed_columns && players != 4 {
            return Err(SetupError::option(
                "team_moves_mixed_columns",
                "applies only to 4 players (two teams)",
            ));
        }
        let max_plies = options.int_of("max_plies").map(|m| m.max(1) as u64);
        let cap_marbles = options.str_of("cap_result") == "marbles";
        Ok(Abalone {
            pos,
            layout: found.name,
            max_plies,
            cap_marbles,
            ply: 0,
            last: None,
            outcome: None,
        })
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.outcome.is_some() {
            vec![]
        } else {
            vec![self.pos.to_move as Seat]
        }
    }

    fn parse_move(json: &Value) -> Result<Move, MoveError> {
        moves::parse(json)
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if self.outcome.is_some() || seat != self.pos.to_move as Seat {
            return vec![];
        }
        let mut out = Vec::with_capacity(96);
        self.pos.generate(&mut out);
        out.iter().map(|(mv, _)| Move::of(mv)).collect()
    }

    /// Uniform among the legal moves like the default, but only the drawn move is turned into its
    /// JSON form (bots' playouts draw many): the same list, order and draw as `legal_moves`.
    fn random_move(&self, seat: Seat, rng: &mut GameRng) -> Option<Move> {
        if self.outcome.is_some() || seat != self.pos.to_move as Seat {
            return None;
        }
        let mut out = Vec::with_capacity(96);
        self.pos.generate(&mut out);
        crate::engine::pick_uniform(out, rng).map(|(mv, _)| Move::of(&mv))
    }

    /// A move by notation alone names only its trailing marble: the column it moves is read from
    /// the board, as `play` reads it.
    fn canonical_move(&self, seat: Seat, mv: &Move) -> Move {
        match self.resolve(seat as u8, mv) {
            Ok((board_mv, _)) => Move::of(&board_mv),
            Err(_) => mv.clone(),
        }
    }

    fn play(&mut self, seat: Seat, mv: &Move, _rng: &mut GameRng) -> Result<Vec<Event>, MoveError> {
        if self.outcome.is_some() || seat != self.pos.to_move as Seat {
            return Err(MoveError::NotYourTurn);
        }
        let (board_mv, pushed) = self.resolve(seat as u8, mv)?;
        let played = Move::of(&board_mv);
        let d = board_mv.dir as usize;
        let step = |c: u8| json!([name(c), name(NB[c as usize][d])]);
        let effect = self.pos.apply(&board_mv, pushed);
        let pushed_list: Vec<Value> = effect.pushed_cells[..effect.pushed as usize]
            .iter()
            .filter(|&&c| NB[c as usize][d] != OFF)
            .map(|&c| step(c))
            .collect();
        let event = json!({
            "kind": "moved",
            "seat": seat,
            "notation": played.notation,
            "dir": played.dir,
            "marbles": board_mv.marbles().iter().map(|&c| step(c)).collect::<Vec<_>>(),
            "pushed": pushed_list,
            "ejected": effect.ejected.map(|(c, owner)| json!({"cell": name(c), "owner": owner})),
            "score": self.pos.side_score(seat as u8),
        });
        self.ply += 1;
        self.last = Some(played.notation);
        self.settle();
        Ok(vec![Event::public(event)])
    }

    const SAME_VIEW_FOR_ALL: bool = true;

    fn view(&self, _viewer: Viewer) -> Value {
        // No hidden information in Abalone: every viewer sees the same.
        let board: String = (0..CELLS)
            .map(|c| match self.pos.cells[c] {
                0 => '.',
                o => (b'0' + o - 1) as char,
            })
            .collect();
        let players = self.pos.players as usize;
        json!({
            "board": board,
            "players": players,
            "layout": self.layout,
            "ejected": self.pos.ejected[..players].to_vec(),
            "teams": if players == 4 { json!([[0, 2], [1, 3]]) } else { Value::Null },
            "ply": self.ply,
            "last": self.last,
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    /// At a ply cap (the option's or the server's): a draw, or with `cap_result` "marbles" a win
    /// for the side with most ejections (a tie is a draw).
    fn ply_cap_outcome(&self) -> Outcome {
        let mut winners = Vec::new();
        if self.cap_marbles {
            let best = (0..self.pos.players).map(|s| self.pos.side_score(s)).max();
            let leaders: Vec<u8> = (0..self.pos.players)
                .filter(|&s| Some(self.pos.side_score(s)) == best)
                .collect();
            // One side on top (in 4p both seats of one team), else a draw.
            if leaders
                .iter()
                .all(|&s| self.pos.team(s) == self.pos.team(leaders[0]))
            {
                winners = self.side(leaders[0]);
            }
        }
        Outcome {
            winners,
            scores: Some(self.scores()),
            reason: crate::engine::PLY_LIMIT.into(),
        }
    }
}

impl crate::notation::Notation for Abalone {
    /// The notation of rules §1.4 (`a1b2`, `b1b2c1`): it names one move (an inline move pushes
    /// the whole column ahead of its trailing marble, so the two cells say which).
    const SHORT_NOTATION: bool = true;

    fn write_short_notation(mv: &Move, out: &mut String) {
        out.push_str(mv.notation.as_str());
    }

    fn parse_short_notation(text: &str) -> Result<Move, MoveError> {
        moves::parse_notation(text)
    }

    fn write_legal_moves_json(&self, seat: Seat, out: &mut String) -> bool {
        self.write_legal_list(seat, out, 56, |mv, out| Move::of(mv).write_json(out));
        true
    }

    /// Each move's notation straight from the generator's move: the marbles it names, which a
    /// [`Move`] also lists (sorted), are not needed for it.
    fn write_short_legal_moves(&self, seat: Seat, out: &mut String) -> bool {
        self.write_legal_list(seat, out, 8, |mv, out| {
            out.push('"');
            Notation::write_move(mv, out);
            out.push('"');
        });
        true
    }
}

impl BotHints for Abalone {
    /// Marbles pushed off (the side's score toward 6) first, then how central the marbles stand
    /// (the classic strength of an Abalone position: the edge is where marbles are lost).
    fn evaluate(&self, seat: Seat) -> Option<f64> {
        let players = self.pos.players;
        let measure = |s: u8| {
            f64::from(self.pos.side_score(s)) - 0.5 * eval::mean_centre_distance(&self.pos, s)
        };
        let me = seat as u8;
        let best_other = (0..players)
            .filter(|&s| self.pos.team(s) != self.pos.team(me))
            .map(measure)
            .fold(f64::NEG_INFINITY, f64::max);
        Some(crate::hints::lead(measure(me), best_other, 2.0))
    }
}
