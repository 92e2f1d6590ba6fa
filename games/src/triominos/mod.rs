//! Triominos (Goliath "Triominos Extra Large", 2–4 players; docs/rules/triominos.md): the match
//! state and its turn flow — deal, opening, placing, drawing, passing, end of round and of game.
//!
//! Submodules: `tiles` (the 56 tiles), `board` (grid, matching rule, shapes), `rules` (options and
//! scoring arithmetic), `moves` (move JSON), `view` (what each viewer sees).

mod board;
mod moves;
mod rules;
mod tiles;
mod view;

#[cfg(test)]
mod tests;

use rand::seq::SliceRandom;
use serde_json::{json, Value};

pub use board::{Cell, Dir};
pub use moves::Move;
pub use tiles::Tile;

use board::Board;
use rules::{Opener, Rules};

use crate::engine::{
    Event, EventSpec, Game, GameInfo, GameRng, MoveError, Outcome, Seat, SetupError, Viewer,
};
use crate::hints::BotHints;
use crate::notation::Notation;
use crate::options::Options;

/// A Triominos match: several rounds until the target (or the fixed number of rounds).
#[derive(Debug, Clone)]
pub struct Triominos {
    rules: Rules,
    players: usize,
    /// Round number, from 1.
    round: u32,
    scores: Vec<i64>,
    /// Scores when the current round began (to report each round's net result).
    round_start_scores: Vec<i64>,
    /// Each finished round in order: `{round, reason, winners, round_points}` (the view's
    /// `past_rounds`, so that a replay or a reload can show every round's result).
    past_rounds: Vec<Value>,
    /// Each seat's tiles, kept sorted.
    racks: Vec<Vec<Tile>>,
    /// The draw pile; the next tile drawn is the last one.
    pile: Vec<Tile>,
    board: Board,
    turn: Seat,
    /// Who opens and with what, while the round's first tile is still to be played.
    opener: Option<Opener>,
    /// Tiles drawn in the current turn (at most 3).
    drawn: Vec<Tile>,
    outcome: Option<Outcome>,
}

fn illegal(msg: impl Into<String>) -> MoveError {
    MoveError::Illegal(msg.into())
}

fn tile_name(t: &Tile) -> String {
    format!("{}-{}-{}", t[0], t[1], t[2])
}

impl Triominos {
    /// A fresh match in round 1, dealt from `rng`.
    fn new(rules: Rules, players: usize, rng: &mut GameRng) -> Triominos {
        let mut g = Triominos {
            rules,
            players,
            round: 1,
            scores: vec![0; players],
            round_start_scores: vec![0; players],
            past_rounds: Vec::new(),
            racks: vec![Vec::new(); players],
            pile: Vec::new(),
            board: Board::default(),
            turn: 0,
            opener: None,
            drawn: Vec::new(),
            outcome: None,
        };
        g.deal(rng);
        g
    }

    /// Shuffles the 56 tiles, deals the racks and finds the opener (§4), dealing again as long as
    /// the tie-break asks for it. Returns how many deals were thrown away.
    fn deal(&mut self, rng: &mut GameRng) -> usize {
        let mut redeals = 0;
        loop {
            let mut all = tiles::ALL_TILES.to_vec();
            all.shuffle(rng);
            let size = rules::hand_size(self.players);
            self.racks = all
                .chunks(size)
                .take(self.players)
                .map(|c| {
                    let mut r = c.to_vec();
                    r.sort();
                    r
                })
                .collect();
            self.pile = all[size * self.players..].to_vec();
            if let Some(op) = rules::opener(&self.racks, &self.rules, rng) {
                self.turn = op.seat;
                self.opener = Some(op);
                return redeals;
            }
            redeals += 1;
        }
    }

    /// The tiles `seat` may place now: its rack, or only this turn's draws when the
    /// must-play-drawn-tile option applies.
    fn placeable(&self, seat: Seat) -> Vec<Tile> {
        if self.rules.must_play_drawn_tile && seat == self.turn && !self.drawn.is_empty() {
            self.drawn.clone()
        } else {
            self.racks[seat].clone()
        }
    }

    fn can_place_now(&self, seat: Seat) -> bool {
        self.board.can_place(&self.placeable(seat))
    }

    fn draws(&self) -> u8 {
        self.drawn.len() as u8
    }

    fn check_place(
        &self,
        seat: Seat,
        tile: &Tile,
        cell: Cell,
        rotation: u8,
    ) -> Result<(), MoveError> {
        if !self.racks[seat].contains(tile) {
            return Err(illegal(format!(
                "you do not hold the tile {}",
                tile_name(tile)
            )));
        }
        if let Some(op) = &self.opener {
            if cell != Cell::ORIGIN {
                return Err(illegal(
                    "the first tile of a round goes on the cell {\"x\": 0, \"y\": 0, \"dir\": \"up\"}",
                ));
            }
            if !op.tiles.contains(tile) {
                let names: Vec<String> = op.tiles.iter().map(tile_name).collect();
                return Err(illegal(format!(
                    "this round must open with {}",
                    names.join(" or ")
                )));
            }
            return Ok(());
        }
        if !self.placeable(seat).contains(tile) {
            return Err(illegal(
                "after drawing, only a tile drawn this turn may be placed",
            ));
        }
        self.board
            .check(cell, tiles::corners(tile, rotation))
            .map_err(MoveError::Illegal)
    }

    /// Places a checked tile, scores it, and ends the turn or the round.
    fn apply_place(
        &mut self,
        seat: Seat,
        tile: Tile,
        cell: Cell,
        rotation: u8,
        ev: &mut Vec<Event>,
        rng: &mut GameRng,
    ) {
        let (bonuses, bridge) = match self.opener.take() {
            Some(op) => {
                if let Some(high) = op.highest_triple.filter(|&h| h != tile) {
                    // The 0-0-0 choice: the highest triple must be shown (§4).
                    ev.push(Event::public(
                        json!({"kind": "revealed", "seat": seat, "tile": high}),
                    ));
                }
                (Rules::opening_bonuses(&tile), false)
            }
            None => {
                let shapes = self.board.shapes(cell);
                (self.rules.bonuses(&shapes), shapes.bridge)
            }
        };
        let points = tiles::value(&tile) + bonuses.iter().map(|b| b.1).sum::<i64>();
        self.board.place(cell, tile, rotation, bridge);
        self.racks[seat].retain(|t| *t != tile);
        self.scores[seat] += points;
        let bonuses: Vec<Value> = bonuses
            .iter()
            .map(|(name, pts)| json!({"name": name, "points": pts}))
            .collect();
        ev.push(Event::public(json!({
            "kind": "placed", "seat": seat, "tile": tile, "cell": cell, "rotation": rotation,
            "points": points, "bonuses": bonuses,
        })));
        if self.racks[seat].is_empty() {
            // Going out (§6.1): 25 plus every tile left on the other racks.
            let mut changes = vec![0; self.players];
            changes[seat] = rules::GOING_OUT_BONUS
                + (0..self.players)
                    .map(|s| tiles::rack_value(&self.racks[s]))
                    .sum::<i64>();
            self.end_round("went_out", changes, vec![seat], ev, rng);
        } else {
            self.end_turn();
            self.settle(ev, rng);
        }
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        (seat + 1) % self.players
    }

    fn end_turn(&mut self) {
        self.turn = self.next_seat(self.turn);
        self.drawn.clear();
    }

    /// Does what the rules do by themselves until a seat has a real decision: the −10 after a
    /// third fruitless draw, the pass of a player who cannot place with an empty pile, the end of a
    /// blocked round.
    fn settle(&mut self, ev: &mut Vec<Event>, rng: &mut GameRng) {
        while self.outcome.is_none() && self.opener.is_none() {
            let seat = self.turn;
            let can = self.can_place_now(seat);
            if !can && self.draws() >= rules::MAX_DRAWS {
                self.scores[seat] -= rules::THIRD_DRAW_PENALTY;
                ev.push(Event::public(json!({
                    "kind": "penalty", "seat": seat, "points": -rules::THIRD_DRAW_PENALTY,
                    "reason": "three_draws",
                })));
                self.end_turn();
                continue;
            }
            if self.pile.is_empty() {
                // §6.2 as corrected: blocked exactly when nobody can place any more.
                let blocked = (0..self.players).all(|s| !self.board.can_place(&self.racks[s]));
                if blocked {
                    self.end_blocked_round(ev, rng);
                    continue;
                }
                if !can {
                    ev.push(Event::public(
                        json!({"kind": "passed", "seat": seat, "auto": true}),
                    ));
                    self.end_turn();
                    continue;
                }
            }
            return;
        }
    }

    fn end_blocked_round(&mut self, ev: &mut Vec<Event>, rng: &mut GameRng) {
        let totals: Vec<i64> = self.racks.iter().map(|r| tiles::rack_value(r)).collect();
        let (changes, winners) = rules::blocked_settlement(&totals, &self.rules);
        self.end_round("blocked", changes, winners, ev, rng);
    }

    /// Scores the end of a round, then ends the game or deals the next round.
    fn end_round(
        &mut self,
        reason: &str,
        changes: Vec<i64>,
        winners: Vec<Seat>,
        ev: &mut Vec<Event>,
        rng: &mut GameRng,
    ) {
        for (score, change) in self.scores.iter_mut().zip(&changes) {
            *score += change;
        }
        let totals: Vec<i64> = self.racks.iter().map(|r| tiles::rack_value(r)).collect();
        let round_points: Vec<i64> = self
            .scores
            .iter()
            .zip(&self.round_start_scores)
            .map(|(now, then)| now - then)
            .collect();
        self.past_rounds.push(json!({
            "round": self.round, "reason": reason, "winners": winners, "round_points": round_points,
        }));
        // The racks are shown and counted at the end of a round.
        ev.push(Event::public(json!({
            "kind": "round_end", "round": self.round, "reason": reason, "winners": winners,
            "racks": self.racks, "rack_totals": totals, "changes": changes,
            "round_points": round_points, "scores": self.scores,
        })));
        if let Some((winners, why)) =
            rules::game_end(&self.scores, self.round, &winners, &self.rules)
        {
            ev.push(Event::public(json!({
                "kind": "game_end", "winners": winners, "scores": self.scores, "reason": why,
            })));
            self.outcome = Some(Outcome {
                winners,
                scores: Some(self.scores.clone()),
                reason: why.into(),
            });
            return;
        }
        self.round += 1;
        self.round_start_scores = self.scores.clone();
        self.board = Board::default();
        self.drawn.clear();
        let redeals = self.deal(rng);
        self.push_deal_events(redeals, ev);
    }

    fn push_deal_events(&self, redeals: usize, ev: &mut Vec<Event>) {
        let counts: Vec<usize> = self.racks.iter().map(Vec::len).collect();
        ev.push(Event::public(json!({
            "kind": "round_start", "round": self.round, "opener": self.turn,
            "racks": counts, "pile": self.pile.len(), "redeals": redeals,
        })));
        for (seat, rack) in self.racks.iter().enumerate() {
            ev.push(Event::private(
                seat,
                json!({"kind": "dealt", "seat": seat, "rack": rack}),
            ));
            ev.push(Event::redacted_for_others(
                seat,
                json!({"kind": "dealt", "seat": seat, "count": rack.len()}),
            ));
        }
    }

    fn apply_draw(&mut self, seat: Seat, ev: &mut Vec<Event>, rng: &mut GameRng) {
        let tile = self.pile.pop().expect("checked: the pile is not empty");
        let at = self.racks[seat].binary_search(&tile).unwrap_or_else(|i| i);
        self.racks[seat].insert(at, tile);
        self.drawn.push(tile);
        self.scores[seat] -= rules::DRAW_PENALTY;
        let draws = self.draws();
        let points = -rules::DRAW_PENALTY;
        ev.push(Event::private(
            seat,
            json!({"kind": "drew", "seat": seat, "tile": tile, "points": points, "draws": draws}),
        ));
        ev.push(Event::redacted_for_others(
            seat,
            json!({"kind": "drew", "seat": seat, "points": points, "draws": draws}),
        ));
        self.settle(ev, rng);
    }
}

impl Game for Triominos {
    type Move = Move;

    const EVENTS: &'static [EventSpec] = &[
        EventSpec {
            kind: "round_start",
            fields: &["round", "opener", "racks", "pile", "redeals"],
        },
        EventSpec {
            kind: "dealt",
            fields: &["seat", "rack", "count"],
        },
        EventSpec {
            kind: "placed",
            fields: &["seat", "tile", "cell", "rotation", "points", "bonuses"],
        },
        EventSpec {
            kind: "revealed",
            fields: &["seat", "tile"],
        },
        EventSpec {
            kind: "drew",
            fields: &["seat", "tile", "points", "draws"],
        },
        EventSpec {
            kind: "penalty",
            fields: &["seat", "points", "reason"],
        },
        EventSpec {
            kind: "passed",
            fields: &["seat", "auto"],
        },
        EventSpec {
            kind: "round_end",
            fields: &[
                "round",
                "reason",
                "winners",
                "racks",
                "rack_totals",
                "changes",
                "round_points",
                "scores",
            ],
        },
        EventSpec {
            kind: "game_end",
            fields: &["winners", "scores", "reason"],
        },
    ];

    const RESULT_REASONS: &'static [&'static str] = &["target_reached", "rounds_played"];

    fn seat_count(&self) -> usize {
        self.players
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "triominos",
            name: "Triominos",
            min_players: 2,
            max_players: 4,
            options: rules::option_specs(),
        }
    }

    fn setup(options: &Options, players: usize, rng: &mut GameRng) -> Result<Self, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError::players("Triominos is played by 2 to 4 players"));
        }
        let rules = Rules::from_options(options)?;
        Ok(Triominos::new(rules, players, rng))
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.outcome.is_some() {
            Vec::new()
        } else {
            vec![self.turn]
        }
    }

    fn parse_move(json: &Value) -> Result<Move, MoveError> {
        moves::parse(json)
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if self.outcome.is_some() || seat != self.turn {
            return Vec::new();
        }
        if let Some(op) = &self.opener {
            return op
                .tiles
                .iter()
                .flat_map(|t| {
                    tiles::rotations(t).map(|rotation| Move::Place {
                        tile: *t,
                        cell: Cell::ORIGIN,
                        rotation,
                    })
                })
                .collect();
        }
        let mut out: Vec<Move> = self
            .board
            .placements(&self.placeable(seat))
            .into_iter()
            .map(|(tile, cell, rotation)| Move::Place {
                tile,
                cell,
                rotation,
            })
            .collect();
        // §5 as corrected: with an empty pile, "pass" only when no placement exists (settle plays
        // that pass by itself, so it is listed only if a seat ever has to send it).
        if self.draws() < rules::MAX_DRAWS {
            if !self.pile.is_empty() {
                out.push(Move::Draw);
            } else if out.is_empty() {
                out.push(Move::Pass);
            }
        }
        out
    }

    fn play(&mut self, seat: Seat, mv: &Move, rng: &mut GameRng) -> Result<Vec<Event>, MoveError> {
        if self.outcome.is_some() || seat != self.turn {
            return Err(MoveError::NotYourTurn);
        }
        let mut ev = Vec::new();
        match *mv {
            Move::Place {
                tile,
                cell,
                rotation,
            } => {
                self.check_place(seat, &tile, cell, rotation)?;
                self.apply_place(seat, tile, cell, rotation, &mut ev, rng);
            }
            Move::Draw => {
                if self.opener.is_some() {
                    return Err(illegal("the round opens with a tile: no drawing before it"));
                }
                if self.draws() >= rules::MAX_DRAWS {
                    return Err(illegal("you have already drawn 3 tiles this turn"));
                }
                if self.pile.is_empty() {
                    return Err(illegal("the pile is empty: place a tile or pass"));
                }
                self.apply_draw(seat, &mut ev, rng);
            }
            Move::Pass => {
                if self.opener.is_some() {
                    return Err(illegal("the round opens with a tile: no passing"));
                }
                if !self.pile.is_empty() {
                    return Err(illegal(
                        "you may pass only when the pile is empty; draw instead",
                    ));
                }
                if self.draws() >= rules::MAX_DRAWS {
                    return Err(illegal(
                        "after three draws you must place a tile you can place",
                    ));
                }
                if self.can_place_now(seat) {
                    return Err(illegal(
                        "you can place a tile: with an empty pile you may pass only when you cannot",
                    ));
                }
                ev.push(Event::public(
                    json!({"kind": "passed", "seat": seat, "auto": false}),
                ));
                self.end_turn();
                self.settle(&mut ev, rng);
            }
        }
        Ok(ev)
    }

    fn view(&self, viewer: Viewer) -> Value {
        view::view(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
}

impl BotHints for Triominos {
    /// Points, less what is still on the rack (about 5 points a tile: each would score when placed,
    /// and counts for the others when someone goes out), against the best other seat.
    fn evaluate(&self, seat: Seat) -> Option<f64> {
        let standing = |s: Seat| self.scores[s] as f64 - 5.0 * self.racks[s].len() as f64;
        let best_other = (0..self.players)
            .filter(|&s| s != seat)
            .map(standing)
            .fold(f64::NEG_INFINITY, f64::max);
        Some(crate::hints::lead(standing(seat), best_other, 40.0))
    }

    /// `seat` sees its rack, the board and how many tiles each rack and the pile hold: the tiles
    /// it has not seen are dealt anew among the other racks and the pile, sizes kept. (Tiles
    /// another seat must play next, as the round's opener or as this turn's draws under
    /// `must_play_drawn_tile`, stay with it; a bot only searches on its own turn, so this never
    /// tells it anything.)
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut g = self.clone();
        let mut kept: Vec<Vec<Tile>> = vec![Vec::new(); self.players];
        for (s, rack) in g.racks.iter_mut().enumerate() {
            if s == seat {
                continue;
            }
            let bound = |t: &Tile| {
                g.opener
                    .as_ref()
                    .is_some_and(|op| op.seat == s && op.tiles.contains(t))
                    || (s == g.turn && g.drawn.contains(t))
            };
            kept[s] = rack.iter().copied().filter(|t| bound(t)).collect();
            rack.retain(|t| !bound(t));
        }
        let mut hands: Vec<&mut Vec<Tile>> = g
            .racks
            .iter_mut()
            .enumerate()
            .filter(|(s, _)| *s != seat)
            .map(|(_, r)| r)
            .collect();
        hands.push(&mut g.pile);
        crate::hints::redeal(&mut hands, rng);
        for (s, rack) in g.racks.iter_mut().enumerate() {
            rack.append(&mut kept[s]);
            rack.sort();
        }
        g
    }
}

impl Notation for Triominos {}

#[cfg(any(test, feature = "test-support"))]
impl Triominos {
    /// Test-only: a position built by hand. `options` is checked like a room's options; `board`
    /// lists (cell, tile, rotation); `pile` is in draw order (first drawn first). With `turn` =
    /// None the round is at its opening and the opener follows §4; otherwise `turn` is to play.
    pub fn for_test(
        options: Value,
        racks: Vec<Vec<Tile>>,
        board: &[(Cell, Tile, u8)],
        pile: Vec<Tile>,
        turn: Option<Seat>,
    ) -> Triominos {
        use rand::SeedableRng;
        let specs = rules::option_specs();
        let players = racks.len();
        let options =
            crate::options::validate(&specs, players, &options).expect("valid test options");
        let rules = Rules::from_options(&options).expect("valid test options");
        let mut g = Triominos::new(rules, players, &mut GameRng::from_seed([9; 32]));
        g.racks = racks
            .into_iter()
            .map(|mut r| {
                r.sort();
                r
            })
            .collect();
        g.pile = pile.into_iter().rev().collect();
        g.board = Board::default();
        for &(cell, tile, rotation) in board {
            g.board.place(cell, tile, rotation, false);
        }
        match turn {
            Some(seat) => {
                g.turn = seat;
                g.opener = None;
            }
            None => {
                let op = rules::opener(&g.racks, &g.rules, &mut GameRng::from_seed([3; 32]))
                    .expect("the test racks decide the opener");
                g.turn = op.seat;
                g.opener = Some(op);
            }
        }
        g
    }
}
