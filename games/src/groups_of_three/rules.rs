//! The rules proper (shared/rules/groups-of-three.md §4-§5): setup and roll-off, the legal-step
//! generator, steps, crossings, adds, turn ends, colour rotation and the win.

use rand::Rng;
use serde_json::json;

use super::board::{Board, Space};
use super::{Colour, GroupsOfThree, Move};
use crate::engine::{Event, GameRng, MoveError, Outcome, Seat, SetupError};

fn roll(rng: &mut GameRng) -> [u8; 2] {
    [rng.random_range(1..=6), rng.random_range(1..=6)]
}

fn illegal(message: impl Into<String>) -> MoveError {
    MoveError::Illegal(message.into())
}

impl GroupsOfThree {
    /// A new match on `board` (the data file's board in play; another one in tests).
    pub(super) fn new_on(
        board: &'static Board,
        must_use_all_moves: bool,
        players: usize,
        rng: &mut GameRng,
    ) -> Result<Self, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError::players(
                "Groups-of-Three is played by 2 to 4 players",
            ));
        }
        // 3 players omit board seat 4's colour (rules §4.1, G9); 2 players play all four.
        let n_colours = if players == 3 { 3 } else { 4 };
        if board.starts.len() < n_colours {
            return Err(SetupError::players(format!(
                "the board has only {} seats",
                board.starts.len()
            )));
        }
        let mut occupant = vec![None; board.names.len()];
        let mut colours = Vec::new();
        for (c, start) in board.starts.iter().take(n_colours).enumerate() {
            for &s in start {
                occupant[s] = Some(c as u8);
            }
            colours.push(Colour {
                seat: if players == 2 { c % 2 } else { c },
                reserve: board.start_reserve,
                exited: 0,
                on_board: start.len() as u8,
            });
        }
        let mut game = GroupsOfThree {
            board,
            players,
            must_use_all_moves,
            occupant,
            colours,
            active: 0,
            dice: [0, 0],
            moves_left: 0,
            pending_adds: Vec::new(),
            last_used: [None, None],
            opening_rolls: Vec::new(),
            outcome: None,
        };
        // Roll-off (§4.5, G10): everyone rolls both dice; only the tied leaders roll again.
        let mut contenders: Vec<Seat> = (0..players).collect();
        let first = loop {
            let round: Vec<(Seat, [u8; 2])> = contenders.iter().map(|&s| (s, roll(rng))).collect();
            let best = round.iter().map(|(_, d)| d[0] + d[1]).max().unwrap_or(0);
            contenders = round
                .iter()
                .filter(|(_, d)| d[0] + d[1] == best)
                .map(|(s, _)| *s)
                .collect();
            game.opening_rolls.push(round);
            if contenders.len() == 1 {
                break contenders[0];
            }
        };
        // The winner's (lowest-numbered) colour starts: colour `first` in every player count.
        if players == 2 {
            game.last_used[first] = Some(first);
        }
        // Setup emits no events; the first roll shows in the view.
        game.start_turn(first, rng, &mut Vec::new());
        Ok(game)
    }

    /// The seat owning colour `c`.
    fn owner(&self, c: usize) -> Seat {
        self.colours[c].seat
    }

    /// The seat whose turn it is.
    pub(super) fn to_move(&self) -> Seat {
        self.owner(self.active)
    }

    fn finished(&self, c: usize) -> bool {
        self.colours[c].on_board == 0 && self.colours[c].reserve == 0
    }

    /// The colour of the next turn (§5 step 1). With 2 players the seats alternate and each seat
    /// alternates its two colours, keeping to one when the other is finished (G8).
    fn next_colour(&mut self) -> usize {
        let n = self.colours.len();
        if self.players == 2 {
            let seat = 1 - self.to_move();
            let next = match self.last_used[seat] {
                // Its first turn: the next colour clockwise, which is always this seat's.
                None => (self.active + 1) % n,
                Some(last) => {
                    let other = (last + 2) % n;
                    if self.finished(other) {
                        last
                    } else {
                        other
                    }
                }
            };
            self.last_used[seat] = Some(next);
            next
        } else {
            let mut c = (self.active + 1) % n;
            while self.finished(c) && c != self.active {
                c = (c + 1) % n;
            }
            c
        }
    }

    fn dice_event(&self) -> Event {
        Event::public(json!({
            "kind": "dice", "seat": self.to_move(), "colour": self.active, "values": self.dice
        }))
    }

    fn turn_end_event(&self, reason: &str) -> Event {
        Event::public(json!({
            "kind": "turn_end", "seat": self.to_move(), "colour": self.active,
            "reason": reason, "moves_lost": self.moves_left
        }))
    }

    /// Starts `colour`'s turn with a roll. A colour with no legal step loses its turn (§5.6), and
    /// the next one rolls. No piece moves meanwhile and a fresh turn always has at least 2 moves, so
    /// if every colour in turn is blocked the position is blocked for good: the match ends drawn
    /// rather than looping (the rules have no draw; G13 leaves endless play to the server).
    fn start_turn(&mut self, colour: usize, rng: &mut GameRng, events: &mut Vec<Event>) {
        let mut colour = colour;
        let mut blocked = vec![false; self.colours.len()];
        loop {
            self.active = colour;
            self.dice = roll(rng);
            self.moves_left = self.dice[0] + self.dice[1];
            self.pending_adds.clear();
            events.push(self.dice_event());
            if self.has_legal_step() {
                return;
            }
            events.push(self.turn_end_event("no_legal_step"));
            // With 2 players a colour can come round twice before another (0, 1, 0, 3 when 2 is
            // finished), so count colours, not turns.
            blocked[colour] = true;
            if (0..self.colours.len()).all(|c| blocked[c] || self.finished(c)) {
                self.outcome = Some(Outcome {
                    winners: vec![],
                    scores: Some(self.scores()),
                    reason: "blocked".into(),
                });
                events.push(Event::public(
                    json!({"kind": "game_end", "reason": "blocked"}),
                ));
                return;
            }
            colour = self.next_colour();
        }
    }

    /// Pieces exited per seat.
    fn scores(&self) -> Vec<i64> {
        let mut scores = vec![0; self.players];
        for c in &self.colours {
            scores[c.seat] += i64::from(c.exited);
        }
        scores
    }

    /// The legal steps of the active colour with the moves left (rules §5.1).
    pub(super) fn legal_steps(&self) -> Vec<Move> {
        let mut steps = Vec::new();
        self.each_step(|m| {
            steps.push(m);
            false
        });
        steps
    }

    pub(super) fn has_legal_step(&self) -> bool {
        let mut any = false;
        self.each_step(|_| {
            any = true;
            true
        });
        any
    }

    /// Calls `f` on every legal step (§5.1) until it returns true.
    fn each_step(&self, mut f: impl FnMut(Move) -> bool) {
        let b = self.board;
        let c = self.active as u8;
        if self.moves_left == 0 {
            return;
        }
        for p in 0..b.names.len() {
            if self.occupant[p] != Some(c) {
                continue;
            }
            for &q in &b.adj[p] {
                if self.occupant[q].is_some() {
                    continue;
                }
                let mv = if q == b.center {
                    if !self.may_exit(p) {
                        continue;
                    }
                    Move::Step { from: p, to: q }
                } else if b.transit[q] {
                    if self.moves_left < 2 {
                        continue;
                    }
                    for &r in &b.adj[q] {
                        let free = self.occupant[r].is_none() || r == p;
                        let cross = Move::Cross {
                            from: p,
                            via: q,
                            to: r,
                        };
                        if !b.transit[r] && r != b.center && free && f(cross) {
                            return;
                        }
                    }
                    continue;
                } else {
                    Move::Step { from: p, to: q }
                };
                if f(mv) {
                    return;
                }
            }
        }
    }

    /// Whether the active colour may take its piece on `from` into the centre: only from a small
    /// triangle, and while its reserve is not empty it must keep 2 pieces on the board (G5).
    fn may_exit(&self, from: Space) -> bool {
        let c = &self.colours[self.active];
        self.board.small_triangle[from] && (c.reserve == 0 || c.on_board >= 3)
    }

    /// Whether `end` is allowed now: always when stopping early is allowed (G2), otherwise only with
    /// an add pending and no step left to play.
    fn may_end(&self) -> bool {
        !self.must_use_all_moves || (!self.pending_adds.is_empty() && !self.has_legal_step())
    }

    /// Every legal action of the player to move.
    pub(super) fn legal_actions(&self) -> Vec<Move> {
        let mut moves = self.legal_steps();
        moves.extend(self.pending_adds.iter().map(|&at| Move::Add { at }));
        if self.may_end() {
            moves.push(Move::End);
        }
        moves
    }

    /// The compartments an arrival on `q` lets the active colour fill (§5 step 3.4): for each group
    /// holding `q`, the other two compartments must be one occupied (any colour) and one empty.
    fn add_offers(&self, q: Space) -> Vec<Space> {
        let mut offers = Vec::new();
        if self.colours[self.active].reserve == 0 {
            return offers;
        }
        for &g in &self.board.groups_of[q] {
            let others: Vec<Space> = self.board.groups[g]
                .iter()
                .copied()
                .filter(|&s| s != q)
                .collect();
            let empty: Vec<Space> = others
                .iter()
                .copied()
                .filter(|&s| self.occupant[s].is_none())
                .collect();
            if others.len() == 2 && empty.len() == 1 && !offers.contains(&empty[0]) {
                offers.push(empty[0]);
            }
        }
        offers
    }

    /// Checks `mv` fully, then plays it and whatever follows by itself (turn end, next roll).
    pub(super) fn apply(&mut self, mv: &Move, rng: &mut GameRng) -> Result<Vec<Event>, MoveError> {
        let b = self.board;
        let c = self.active;
        let seat = self.to_move();
        let name = |s: Space| b.name(s).to_string();
        let own = |s: Space| -> Result<(), MoveError> {
            if self.occupant[s] == Some(c as u8) {
                Ok(())
            } else {
                Err(illegal(format!(
                    "there is no piece of yours (colour {c}) on {}",
                    b.name(s)
                )))
            }
        };
        let mut events = Vec::new();
        match *mv {
            Move::Step { from, to } => {
                if self.moves_left == 0 {
                    return Err(illegal(
                        "no moves left this turn: add a piece or end the turn",
                    ));
                }
                own(from)?;
                if !b.adjacent(from, to) {
                    return Err(illegal(format!(
                        "{} and {} do not share a border (touching at a point is not enough)",
                        name(from),
                        name(to)
                    )));
                }
                if self.occupant[to].is_some() {
                    return Err(illegal(format!("{} is occupied", name(to))));
                }
                if b.transit[to] {
                    return Err(illegal(format!(
                        "{} is a transit space: cross it in one move, {{\"action\": \"cross\", \"from\": ..., \"via\": \"{}\", \"to\": ...}}",
                        name(to),
                        name(to)
                    )));
                }
                if to == b.center {
                    if !b.small_triangle[from] {
                        return Err(illegal(
                            "the centre can be entered only from the 8 small triangles",
                        ));
                    }
                    if !self.may_exit(from) {
                        return Err(illegal(
                            "while your reserve is not empty you must keep at least two pieces on the board",
                        ));
                    }
                    self.occupant[from] = None;
                    self.moves_left -= 1;
                    self.pending_adds.clear();
                    let col = &mut self.colours[c];
                    col.on_board -= 1;
                    col.exited += 1;
                    events.push(Event::public(json!({
                        "kind": "exited", "seat": seat, "colour": c, "from": name(from), "exited": col.exited
                    })));
                    self.check_win(&mut events);
                } else {
                    self.occupant[from] = None;
                    self.occupant[to] = Some(c as u8);
                    self.moves_left -= 1;
                    self.pending_adds = self.add_offers(to);
                    events.push(Event::public(json!({
                        "kind": "moved", "seat": seat, "colour": c, "from": name(from), "to": name(to)
                    })));
                }
            }
            Move::Cross { from, via, to } => {
                own(from)?;
                if !b.transit[via] {
                    return Err(illegal(format!(
                        "{} is not a transit space: use a step",
                        name(via)
                    )));
                }
                if !b.adjacent(from, via) || !b.adjacent(via, to) {
                    return Err(illegal(format!(
                        "{} must share a border with both {} and {}",
                        name(via),
                        name(from),
                        name(to)
                    )));
                }
                if self.moves_left < 2 {
                    return Err(illegal("crossing a transit space takes 2 moves"));
                }
                if self.occupant[via].is_some() {
                    return Err(illegal(format!("{} is occupied", name(via))));
                }
                if b.transit[to] || to == b.center {
                    return Err(illegal(format!("a crossing cannot end on {}", name(to))));
                }
                if to != from && self.occupant[to].is_some() {
                    return Err(illegal(format!("{} is occupied", name(to))));
                }
                self.occupant[from] = None;
                self.occupant[to] = Some(c as u8);
                self.moves_left -= 2;
                self.pending_adds = self.add_offers(to);
                events.push(Event::public(json!({
                    "kind": "crossed", "seat": seat, "colour": c,
                    "from": name(from), "via": name(via), "to": name(to)
                })));
            }
            Move::Add { at } => {
                if !self.pending_adds.contains(&at) {
                    return Err(illegal(format!(
                        "no piece may be added on {}: adds are offered only right after a piece arrives in its group of three",
                        name(at)
                    )));
                }
                self.occupant[at] = Some(c as u8);
                self.pending_adds.retain(|&s| s != at);
                let col = &mut self.colours[c];
                col.reserve -= 1;
                col.on_board += 1;
                events.push(Event::public(json!({
                    "kind": "added", "seat": seat, "colour": c, "at": name(at), "reserve": col.reserve
                })));
            }
            Move::End => {
                if !self.may_end() {
                    return Err(illegal(if self.pending_adds.is_empty() {
                        "you must use all your moves while a legal step exists"
                    } else {
                        "you must keep moving while a legal step exists (an add does not end the turn)"
                    }));
                }
                events.push(self.turn_end_event("ended"));
                self.pending_adds.clear();
                let next = self.next_colour();
                self.start_turn(next, rng, &mut events);
                return Ok(events);
            }
        }
        self.settle(rng, &mut events);
        Ok(events)
    }

    /// After a step or an add: drop stale offers, and end the turn if nothing is left to decide.
    fn settle(&mut self, rng: &mut GameRng, events: &mut Vec<Event>) {
        if self.outcome.is_some() {
            return;
        }
        if self.colours[self.active].reserve == 0 {
            self.pending_adds.clear();
        }
        let occupant = &self.occupant;
        self.pending_adds.retain(|&s| occupant[s].is_none());
        if !self.pending_adds.is_empty() || self.has_legal_step() {
            return;
        }
        let reason = if self.moves_left == 0 {
            "moves_used"
        } else {
            "no_legal_step"
        };
        events.push(self.turn_end_event(reason));
        let next = self.next_colour();
        self.start_turn(next, rng, events);
    }

    /// §5.5: the first seat whose colours are all finished wins at once.
    fn check_win(&mut self, events: &mut Vec<Event>) {
        let seat = self.to_move();
        let done = (0..self.colours.len())
            .filter(|&c| self.owner(c) == seat)
            .all(|c| self.finished(c));
        if done {
            self.outcome = Some(Outcome {
                winners: vec![seat],
                scores: Some(self.scores()),
                reason: "all_pieces_out".into(),
            });
            events.push(Event::public(
                json!({"kind": "won", "seat": seat, "reason": "all_pieces_out"}),
            ));
        }
    }
}
