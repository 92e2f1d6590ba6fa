//! The rules proper (docs/rules/groups-of-three.md §4-§5): setup and roll-off, the legal-step
//! generator, steps, crossings, adds, turn ends, colour rotation and the win.

use rand::Rng;
use serde_json::json;

use super::board::{Board, Space};
use super::{Colour, GroupsOfThree, Move, Rules, TransitMode};
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
        rules: Rules,
        players: usize,
        rng: &mut GameRng,
    ) -> Result<Self, SetupError> {
        if !(2..=4).contains(&players) {
            return Err(SetupError::players(
                "Groups-of-Three is played by 2 to 4 players",
            ));
        }
        if board.starts.len() < 4 {
            return Err(SetupError::players(format!(
                "the board has only {} seats",
                board.starts.len()
            )));
        }
        // The board seats in play, clockwise, and who plays each: 3 players leave one colour out
        // (rules §4.1, G9); 2 players play all four, two each (§4.2, G8).
        let in_play: Vec<(usize, Seat)> = match players {
            2 => (0..4)
                .map(|b| (b, usize::from(!rules.two_player_colours[0].contains(&b))))
                .collect(),
            _ => (0..4)
                .filter(|&b| players == 4 || b != rules.three_player_omitted)
                .enumerate()
                .map(|(seat, b)| (b, seat))
                .collect(),
        };
        let mut occupant = vec![None; board.names.len()];
        let mut colours = Vec::new();
        for (c, &(board_seat, seat)) in in_play.iter().enumerate() {
            let start = &board.starts[board_seat];
            for &s in start {
                occupant[s] = Some(c as u8);
            }
            colours.push(Colour {
                board_seat,
                seat,
                reserve: board.start_reserve,
                exited: 0,
                on_board: start.len() as u8,
            });
        }
        let mut game = GroupsOfThree {
            board,
            players,
            rules,
            occupant,
            colours,
            active: 0,
            dice: [0, 0],
            moves_left: 0,
            pending_adds: Vec::new(),
            in_transit: Vec::new(),
            progress: false,
            quiet_turns: 0,
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
        // The winner's lowest-numbered colour starts.
        let first_colour = (0..game.colours.len())
            .find(|&c| game.owner(c) == first)
            .expect("every seat plays a colour");
        if players == 2 {
            game.last_used[first] = Some(first_colour);
        }
        // Setup emits no events; the first roll shows in the view.
        game.start_turn(first_colour, rng, &mut Vec::new());
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
    /// alternates its two colours, keeping to one when the other is finished (G8): tracked per
    /// seat, so it holds for opposite and adjacent colours alike.
    fn next_colour(&mut self) -> usize {
        let n = self.colours.len();
        if self.players == 2 {
            let seat = 1 - self.to_move();
            let next = match self.last_used[seat] {
                // Its first turn: its first colour clockwise from the one that just played.
                None => (1..n)
                    .map(|k| (self.active + k) % n)
                    .find(|&c| self.owner(c) == seat)
                    .expect("each of 2 seats plays two colours"),
                Some(last) => {
                    let other = (0..n)
                        .find(|&c| c != last && self.owner(c) == seat)
                        .expect("each of 2 seats plays two colours");
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
            self.progress = false;
            events.push(self.dice_event());
            if self.has_legal_step() {
                return;
            }
            events.push(self.turn_end_event("no_legal_step"));
            // With 2 players a colour can come round twice before another (0, 1, 0, 3 when 2 is
            // finished), so count colours, not turns.
            blocked[colour] = true;
            if (0..self.colours.len()).all(|c| blocked[c] || self.finished(c)) {
                self.finish_drawn("blocked", events);
                return;
            }
            if self.count_turn(events) {
                return;
            }
            colour = self.next_colour();
        }
    }

    /// Ends the turn under way (`reason` for the event) and starts the next one.
    fn end_turn(&mut self, reason: &str, rng: &mut GameRng, events: &mut Vec<Event>) {
        events.push(self.turn_end_event(reason));
        self.pending_adds.clear();
        if self.count_turn(events) {
            return;
        }
        let next = self.next_colour();
        self.start_turn(next, rng, events);
    }

    /// Counts a turn that has just ended for the stall safeguard (G13): `stall_rounds` rounds, a
    /// turn of every colour still in play each, without an exit or an add end the match drawn.
    /// Only an exit can finish a colour, and it resets the count, so "in play" is fixed while
    /// counting. Returns whether the match ended.
    fn count_turn(&mut self, events: &mut Vec<Event>) -> bool {
        self.quiet_turns = if self.progress {
            0
        } else {
            self.quiet_turns + 1
        };
        let Some(rounds) = self.rules.stall_rounds else {
            return false;
        };
        let in_play = (0..self.colours.len())
            .filter(|&c| !self.finished(c))
            .count() as u32;
        if self.quiet_turns < rounds * in_play {
            return false;
        }
        self.finish_drawn("stall", events);
        true
    }

    /// Ends the match drawn, every seat scored by its pieces exited.
    fn finish_drawn(&mut self, reason: &str, events: &mut Vec<Event>) {
        self.outcome = Some(Outcome {
            winners: vec![],
            scores: Some(self.scores()),
            reason: reason.into(),
        });
        events.push(Event::public(json!({"kind": "game_end", "reason": reason})));
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
        let end_of_turn = self.rules.transit == TransitMode::EndOfTurn;
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
                } else if b.transit[q] && !end_of_turn {
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
                        if self.transit_exit_allowed(q, p, r) && free && f(cross) {
                            return;
                        }
                    }
                    continue;
                } else if b.transit[p] && !self.transit_exit_allowed(p, self.entry_of(p), q) {
                    continue;
                } else {
                    Move::Step { from: p, to: q }
                };
                if end_of_turn && !self.keeps_transit_clearable(Some((p, q)), None) {
                    continue;
                }
                if f(mv) {
                    return;
                }
            }
        }
    }

    /// Whether a piece that entered transit space `via` from `from` may leave it into `to`: not
    /// onto a transit space or the centre, and not back where it came from unless G4 allows.
    fn transit_exit_allowed(&self, via: Space, from: Space, to: Space) -> bool {
        let b = self.board;
        b.adjacent(via, to)
            && !b.transit[to]
            && to != b.center
            && (self.rules.transit_may_return || to != from)
    }

    /// `transit_mode` end_of_turn: where the piece on transit space `via` came from.
    fn entry_of(&self, via: Space) -> Space {
        self.in_transit
            .iter()
            .find(|(t, _)| *t == via)
            .map_or(via, |&(_, from)| from)
    }

    /// `transit_mode` end_of_turn (G3): whether, after the step `(from, to)` (one move) or the add
    /// on `add`, every piece standing on a transit space can still leave it this turn: one move
    /// each, into distinct free spaces. A step or add that would strand a piece is not legal, so
    /// the turn can always end with no piece on a transit space.
    fn keeps_transit_clearable(&self, step: Option<(Space, Space)>, add: Option<Space>) -> bool {
        let b = self.board;
        if self.in_transit.is_empty() && step.is_none_or(|(_, to)| !b.transit[to]) {
            return true;
        }
        let mut occupant = self.occupant.clone();
        let mut in_transit = self.in_transit.clone();
        let mut moves = self.moves_left;
        if let Some((from, to)) = step {
            occupant[from] = None;
            if to != b.center {
                occupant[to] = Some(self.active as u8);
            }
            in_transit.retain(|&(t, _)| t != from);
            if b.transit[to] {
                in_transit.push((to, from));
            }
            moves = moves.saturating_sub(1);
        }
        if let Some(at) = add {
            occupant[at] = Some(self.active as u8);
        }
        if in_transit.len() > usize::from(moves) {
            return false;
        }
        // A matching of transit pieces to distinct free exits (at most four pieces: try them all).
        fn assign(
            game: &GroupsOfThree,
            occupant: &mut [Option<u8>],
            pieces: &[(Space, Space)],
        ) -> bool {
            let Some((&(via, from), rest)) = pieces.split_first() else {
                return true;
            };
            game.board.adj[via].iter().any(|&r| {
                if occupant[r].is_some() || !game.transit_exit_allowed(via, from, r) {
                    return false;
                }
                occupant[r] = Some(u8::MAX);
                let ok = assign(game, occupant, rest);
                occupant[r] = None;
                ok
            })
        }
        assign(self, &mut occupant, &in_transit)
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
        self.in_transit.is_empty()
            && (!self.rules.must_use_all_moves
                || (!self.pending_adds.is_empty() && !self.has_legal_step()))
    }

    /// Every legal action of the player to move.
    pub(super) fn legal_actions(&self) -> Vec<Move> {
        let mut moves = self.legal_steps();
        moves.extend(
            self.pending_adds
                .iter()
                .filter(|&&at| self.add_keeps_transit_clearable(at))
                .map(|&at| Move::Add { at }),
        );
        if self.may_end() {
            moves.push(Move::End);
        }
        moves
    }

    fn add_keeps_transit_clearable(&self, at: Space) -> bool {
        self.in_transit.is_empty() || self.keeps_transit_clearable(None, Some(at))
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
                let end_of_turn = self.rules.transit == TransitMode::EndOfTurn;
                if b.transit[from] && !self.transit_exit_allowed(from, self.entry_of(from), to) {
                    return Err(illegal(format!(
                        "a piece leaves {} into a free space that is not a transit space{}",
                        name(from),
                        if self.rules.transit_may_return {
                            ""
                        } else {
                            ", and not back where it came from"
                        }
                    )));
                }
                if end_of_turn && !self.keeps_transit_clearable(Some((from, to)), None) {
                    return Err(illegal(
                        "no piece may be left on a transit space when the turn ends: every piece \
                         on one needs a move left and a free space to leave into",
                    ));
                }
                if b.transit[to] && !end_of_turn {
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
                    self.progress = true;
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
                    self.in_transit.retain(|&(t, _)| t != from);
                    if b.transit[to] {
                        self.in_transit.push((to, from));
                    }
                    self.pending_adds = self.add_offers(to);
                    events.push(Event::public(json!({
                        "kind": "moved", "seat": seat, "colour": c, "from": name(from), "to": name(to)
                    })));
                }
            }
            Move::Cross { from, via, to } => {
                if self.rules.transit == TransitMode::EndOfTurn {
                    return Err(illegal(
                        "transit spaces are entered and left by steps in this match \
                         (transit_mode end_of_turn), not crossed in one move",
                    ));
                }
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
                if !self.transit_exit_allowed(via, from, to) {
                    return Err(illegal(format!(
                        "a piece may not leave {} back into {} in this match (transit_may_return is off)",
                        name(via),
                        name(from)
                    )));
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
                if !self.add_keeps_transit_clearable(at) {
                    return Err(illegal(format!(
                        "a piece on {} would block the last way off a transit space",
                        name(at)
                    )));
                }
                self.occupant[at] = Some(c as u8);
                self.pending_adds.retain(|&s| s != at);
                self.progress = true;
                let col = &mut self.colours[c];
                col.reserve -= 1;
                col.on_board += 1;
                events.push(Event::public(json!({
                    "kind": "added", "seat": seat, "colour": c, "at": name(at), "reserve": col.reserve
                })));
            }
            Move::End => {
                if !self.may_end() {
                    return Err(illegal(if !self.in_transit.is_empty() {
                        "a piece is still on a transit space: move it off before the turn ends"
                    } else if self.pending_adds.is_empty() {
                        "you must use all your moves while a legal step exists"
                    } else {
                        "you must keep moving while a legal step exists (an add does not end the turn)"
                    }));
                }
                self.end_turn("ended", rng, &mut events);
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
        self.end_turn(reason, rng, events);
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
