//! The rules: setup validation and reveal, the four turn options, combat and pearl loss, the
//! blocking cascade, elimination, the end of the match and the stall safeguard. Every action is
//! checked in full before anything changes, and coins are drawn only after.

use rand::Rng;
use serde_json::json;

use super::board::{self, Point, CELLS};
use super::moves::{Lost, Move, Pearls, SetupCube};
use super::{Cube, PendingLoss, Trangouar, ANTENNA, CUBE_MAX, MAX_CUBES, MIN_CUBES, PEARLS};
use crate::engine::{Event, GameRng, MoveError, Outcome, Seat};

fn illegal(message: impl Into<String>) -> MoveError {
    MoveError::Illegal(message.into())
}

/// One coin: `true` is the black face, `false` the white face (fair, T11).
fn flip(rng: &mut GameRng) -> bool {
    rng.random_bool(0.5)
}

fn face(black: bool) -> &'static str {
    if black {
        "black"
    } else {
        "white"
    }
}

impl Trangouar {
    // ---- checks shared by play and legal_moves -------------------------------------------------

    /// Whether a cube may hold `p` (the antenna caps, §2.2 / T3).
    pub(super) fn fits(&self, p: Pearls) -> bool {
        if self.rules.free_antennas {
            p.total() <= u32::from(CUBE_MAX)
        } else {
            p.red <= ANTENNA && p.black <= ANTENNA && p.white <= ANTENNA
        }
    }

    /// The largest count of one colour on a cube.
    pub(super) fn colour_cap(&self) -> u8 {
        if self.rules.free_antennas {
            CUBE_MAX
        } else {
            ANTENNA
        }
    }

    fn caps_message(&self) -> &'static str {
        if self.rules.free_antennas {
            "at most 9 pearls on a cube"
        } else {
            "at most 3 pearls of a colour on a cube"
        }
    }

    pub(super) fn is_empty(&self, p: Point) -> bool {
        self.board[p.index()].is_none()
    }

    fn own_active(&self, seat: Seat, p: Point) -> Result<Cube, MoveError> {
        match self.cube_at(p) {
            None => Err(illegal(format!("there is no cube on {p}"))),
            Some(c) if c.is_corpse() => Err(illegal(format!("the cube on {p} is a corpse"))),
            Some(c) if c.owner != Some(seat) => {
                Err(illegal(format!("the cube on {p} is not yours")))
            }
            Some(c) => Ok(c),
        }
    }

    pub(super) fn active_cubes(&self, seat: Seat) -> impl Iterator<Item = (Point, Cube)> + '_ {
        (0..CELLS).filter_map(move |i| {
            let c = self.board[i]?;
            (c.owner == Some(seat)).then_some((Point::from_index(i), c))
        })
    }

    fn is_alive(&self, seat: Seat) -> bool {
        self.active_cubes(seat).next().is_some()
    }

    /// Why `cubes` is not a valid setup for `seat` (§4.1), if it is not.
    pub(super) fn check_setup(&self, seat: Seat, cubes: &[SetupCube]) -> Result<(), String> {
        let zone = board::zones(self.players)[seat];
        if !(MIN_CUBES..=MAX_CUBES).contains(&cubes.len()) {
            return Err(format!(
                "a setup has {MIN_CUBES} to {MAX_CUBES} cubes, not {}",
                cubes.len()
            ));
        }
        for (i, c) in cubes.iter().enumerate() {
            if !zone.contains(c.at) {
                let last = board::ZONE - 1;
                return Err(format!(
                    "{} is not in your zone ({} corner, {} to {})",
                    c.at,
                    zone.name,
                    Point::new(zone.x0, zone.y0),
                    Point::new(zone.x0 + last, zone.y0 + last)
                ));
            }
            if cubes[..i].iter().any(|d| d.at == c.at) {
                return Err(format!("two cubes on {}", c.at));
            }
            if !self.fits(c.pearls()) {
                return Err(format!("{}: {}", c.at, self.caps_message()));
            }
            if c.pearls().total() == 0 && !self.rules.allow_empty {
                return Err(format!(
                    "the cube on {} has no pearl: every cube needs at least one",
                    c.at
                ));
            }
        }
        let total: u32 = cubes.iter().map(|c| c.pearls().total()).sum();
        if total != PEARLS as u32 {
            return Err(format!("the pearls add up to {total}, not {PEARLS}"));
        }
        Ok(())
    }

    /// Why `path` is not a valid move for the cube on `from` (§4.2.3, T7, T8), if it is not.
    fn check_path(&self, from: Point, red: u8, path: &[Point]) -> Result<(), String> {
        if red == 0 {
            return Err(format!(
                "the cube on {from} has no red pearl, so it cannot move"
            ));
        }
        let steps = path.len();
        if self.rules.up_to {
            if !(1..=red as usize).contains(&steps) {
                return Err(format!(
                    "the cube on {from} moves 1 to {red} steps (its red pearls), not {steps}"
                ));
            }
        } else if steps != red as usize {
            return Err(format!(
                "the cube on {from} moves exactly {red} steps (its red pearls), not {steps}"
            ));
        }
        let mut at = from;
        let mut direction = None;
        for (i, &next) in path.iter().enumerate() {
            let Some(d) = at.direction_to(next) else {
                return Err(format!("{next} is not next to {at}"));
            };
            if self.rules.straight && direction.is_some_and(|prev| prev != d) {
                return Err("moves go in one straight line".into());
            }
            direction = Some(d);
            if next == from || path[..i].contains(&next) {
                return Err(format!("the path visits {next} twice"));
            }
            if !self.is_empty(next) {
                return Err(format!(
                    "{next} is not empty: a cube cannot go through or onto another"
                ));
            }
            at = next;
        }
        Ok(())
    }

    // ---- play ----------------------------------------------------------------------------------

    /// Validates and plays `mv` for `seat` (who is in `to_act`).
    pub(super) fn apply(
        &mut self,
        seat: Seat,
        mv: &Move,
        rng: &mut GameRng,
    ) -> Result<Vec<Event>, MoveError> {
        match (self.revealed, self.pending, mv) {
            (false, _, Move::Setup { cubes }) => self.submit_setup(seat, cubes),
            (false, _, _) => Err(illegal("the match is in its setup phase: send your setup")),
            (true, _, Move::Setup { .. }) => Err(illegal("the setups are already in")),
            (true, Some(pending), Move::Lose { pearls }) => self.lose(pending, *pearls),
            (true, Some(pending), _) => Err(illegal(format!(
                "the cube on {} lost a fight: say which {} pearl(s) it loses",
                pending.cube, pending.count
            ))),
            (true, None, Move::Lose { .. }) => Err(illegal("no cube has to lose pearls now")),
            (true, None, Move::Nothing {}) => {
                let events = vec![Event::public(json!({"kind": "nothing", "seat": seat}))];
                Ok(self.end_turn(events, false))
            }
            (
                true,
                None,
                Move::Exchange {
                    cube,
                    red,
                    black,
                    white,
                },
            ) => self.exchange(seat, *cube, Pearls::new(*red, *black, *white)),
            (true, None, Move::Move { cube, path }) => self.move_cube(seat, *cube, path),
            (true, None, Move::Attack { cube, target }) => self.attack(seat, *cube, *target, rng),
        }
    }

    fn submit_setup(&mut self, seat: Seat, cubes: &[SetupCube]) -> Result<Vec<Event>, MoveError> {
        self.check_setup(seat, cubes).map_err(illegal)?;
        self.setups[seat] = Some(cubes.to_vec());
        // The seat sees its own setup again; the others only learn that it is ready.
        let mut events = vec![
            Event::private(seat, json!({"kind": "ready", "seat": seat, "cubes": cubes})),
            Event::redacted_for_others(seat, json!({"kind": "ready", "seat": seat})),
        ];
        if self.setups.iter().all(Option::is_some) {
            self.reveal(&mut events);
        }
        Ok(events)
    }

    /// Every setup is in: put all cubes on the board, tell everyone, and start play (§4.1.3).
    fn reveal(&mut self, events: &mut Vec<Event>) {
        let mut corpses = Vec::new();
        for (seat, setup) in self.setups.iter().enumerate() {
            for c in setup.iter().flatten() {
                let empty = c.pearls().total() == 0;
                self.board[c.at.index()] = Some(Cube {
                    owner: (!empty).then_some(seat),
                    pearls: c.pearls(),
                });
                if empty {
                    corpses.push(
                        json!({"kind": "corpse", "at": c.at, "owner": seat, "reason": "pearls"}),
                    );
                }
            }
        }
        self.revealed = true;
        self.turn = self.starter;
        events.push(Event::public(json!({
            "kind": "revealed",
            "setups": self.setups,
            "starter": self.starter,
        })));
        events.extend(corpses.into_iter().map(Event::public));
        let before: Vec<Seat> = (0..self.players).collect();
        self.cascade(events);
        if !self.check_end(&before, events) && !self.is_alive(self.turn) {
            self.turn = self.next_alive(self.turn);
        }
    }

    fn exchange(&mut self, seat: Seat, at: Point, new: Pearls) -> Result<Vec<Event>, MoveError> {
        let cube = self.own_active(seat, at)?;
        let old = cube.pearls;
        if new.total() != old.total() {
            return Err(illegal(format!(
                "an exchange keeps the cube's {} pearls, not {}",
                old.total(),
                new.total()
            )));
        }
        if !self.fits(new) {
            return Err(illegal(self.caps_message()));
        }
        if new == old {
            return Err(illegal("an exchange must change the colours"));
        }
        self.board[at.index()] = Some(Cube {
            pearls: new,
            ..cube
        });
        let events = vec![Event::public(json!({
            "kind": "exchange", "seat": seat, "cube": at, "from": old.to_json(), "to": new.to_json(),
        }))];
        Ok(self.end_turn(events, false))
    }

    fn move_cube(
        &mut self,
        seat: Seat,
        from: Point,
        path: &[Point],
    ) -> Result<Vec<Event>, MoveError> {
        let cube = self.own_active(seat, from)?;
        self.check_path(from, cube.pearls.red, path)
            .map_err(illegal)?;
        let to = *path.last().expect("a checked path is not empty");
        self.board[from.index()] = None;
        self.board[to.index()] = Some(cube);
        let events = vec![Event::public(json!({
            "kind": "move", "seat": seat, "cube": from, "to": to, "path": path,
        }))];
        Ok(self.end_turn(events, false))
    }

    fn attack(
        &mut self,
        seat: Seat,
        at: Point,
        target: Point,
        rng: &mut GameRng,
    ) -> Result<Vec<Event>, MoveError> {
        let attacker = self.own_active(seat, at)?;
        if at.direction_to(target).is_none() {
            return Err(illegal(format!("{target} is not in contact with {at}")));
        }
        let defender = match self.cube_at(target) {
            None => return Err(illegal(format!("there is no cube on {target}"))),
            Some(c) if c.is_corpse() => return Err(illegal("a corpse cannot be attacked")),
            Some(c) if c.owner == Some(seat) => {
                return Err(illegal("you cannot attack your own cube"))
            }
            Some(c) => c,
        };
        let defender_seat = defender.owner.expect("an active cube has an owner");
        // The move is legal: now, and only now, the coins.
        let attack_coins: Vec<bool> = (0..attacker.pearls.black).map(|_| flip(rng)).collect();
        let defence_coins: Vec<bool> = (0..defender.pearls.white).map(|_| flip(rng)).collect();
        let black_faces = attack_coins.iter().filter(|&&b| b).count() as i32;
        let white_faces = defence_coins.iter().filter(|&&b| !b).count() as i32;
        let difference = black_faces - white_faces;
        let loser = match difference {
            0 => None,
            d if d > 0 => Some((target, defender)),
            _ => Some((at, attacker)),
        };
        let count = loser.map(|(_, c)| {
            let wanted = if self.rules.fast {
                difference.unsigned_abs()
            } else {
                1
            };
            // At most the cube's pearls: a few, so the narrowing cannot cut.
            wanted.min(c.pearls.total()) as u8
        });
        let mut events = vec![Event::public(json!({
            "kind": "attack",
            "seat": seat,
            "cube": at,
            "target": target,
            "defender": defender_seat,
            "attack_coins": attack_coins.iter().map(|&b| face(b)).collect::<Vec<_>>(),
            "defence_coins": defence_coins.iter().map(|&b| face(b)).collect::<Vec<_>>(),
            "black_faces": black_faces,
            "white_faces": white_faces,
            "difference": difference,
            "loser": loser.map(|(p, _)| p),
            "loser_seat": loser.and_then(|(_, c)| c.owner),
            "pearls_to_lose": count,
        }))];
        match (loser, count) {
            (Some((cube, c)), Some(count)) => {
                // The owner of the losing cube chooses its pearls (T12): the turn waits for it.
                let owner = c.owner.expect("an active cube has an owner");
                self.pending = Some(PendingLoss {
                    seat: owner,
                    cube,
                    count,
                });
                Ok(events)
            }
            _ => {
                events = self.end_turn(events, false);
                Ok(events)
            }
        }
    }

    fn lose(&mut self, pending: PendingLoss, lost: Lost) -> Result<Vec<Event>, MoveError> {
        let mut cube = self
            .cube_at(pending.cube)
            .expect("the losing cube is on the board");
        let lost = lost.pearls();
        if lost.total() != u32::from(pending.count) {
            return Err(illegal(format!(
                "the cube on {} loses {} pearl(s), not {}",
                pending.cube,
                pending.count,
                lost.total()
            )));
        }
        if !lost.within(cube.pearls) {
            let p = cube.pearls;
            return Err(illegal(format!(
                "the cube on {} has only {} red, {} black and {} white pearl(s)",
                pending.cube, p.red, p.black, p.white
            )));
        }
        cube.pearls = cube.pearls.minus(lost);
        let mut events = vec![Event::public(json!({
            "kind": "pearls_lost",
            "seat": pending.seat,
            "cube": pending.cube,
            "pearls": lost.to_json(),
            "left": cube.pearls.to_json(),
        }))];
        if cube.pearls.total() == 0 {
            // §4.4: no pearl left, the cube is a corpse at once.
            cube.owner = None;
            events.push(Event::public(json!({
                "kind": "corpse", "at": pending.cube, "owner": pending.seat, "reason": "pearls",
            })));
        }
        self.board[pending.cube.index()] = Some(cube);
        self.pending = None;
        Ok(self.end_turn(events, true))
    }

    // ---- after every action --------------------------------------------------------------------

    /// §4.5: an active cube whose every neighbour is the edge or a corpse becomes a corpse, until
    /// nothing changes. Returns whether pearls left the game.
    fn cascade(&mut self, events: &mut Vec<Event>) -> bool {
        let mut removed = false;
        loop {
            let blocked: Vec<Point> = (0..CELLS)
                .map(Point::from_index)
                .filter(|&p| self.cube_at(p).is_some_and(|c| !c.is_corpse()))
                .filter(|&p| {
                    board::NEIGHBOURHOOD.iter().all(|&d| {
                        p.step(d)
                            .is_none_or(|n| self.cube_at(n).is_some_and(|c| c.is_corpse()))
                    })
                })
                .collect();
            if blocked.is_empty() {
                return removed;
            }
            for p in blocked {
                let cube = self.cube_at(p).expect("a blocked cube is on the board");
                removed |= cube.pearls.total() > 0;
                events.push(Event::public(json!({
                    "kind": "corpse", "at": p, "owner": cube.owner, "reason": "blocked",
                    "pearls": cube.pearls.to_json(),
                })));
                self.board[p.index()] = Some(Cube {
                    owner: None,
                    pearls: Pearls::default(),
                });
            }
        }
    }

    /// The next seat clockwise after `seat` that still has an active cube (`seat` itself if none).
    fn next_alive(&self, seat: Seat) -> Seat {
        (1..=self.players)
            .map(|k| (seat + k) % self.players)
            .find(|&s| self.is_alive(s))
            .unwrap_or(seat)
    }

    /// Eliminations and the end of the match (§4.6), for the seats that were in before this
    /// resolution. Returns whether the match is over.
    fn check_end(&mut self, before: &[Seat], events: &mut Vec<Event>) -> bool {
        let alive: Vec<Seat> = before
            .iter()
            .copied()
            .filter(|&s| self.is_alive(s))
            .collect();
        for &s in before.iter().filter(|s| !alive.contains(s)) {
            self.eliminated.push(s);
            events.push(Event::public(json!({"kind": "eliminated", "seat": s})));
        }
        let (winners, sharing, reason) = match alive.as_slice() {
            [winner] => (vec![*winner], vec![*winner], "last_player_standing"),
            // Everyone still in went out in the same resolution: a draw between them (T15).
            [] => (vec![], before.to_vec(), "simultaneous_wipe_out"),
            _ => return false,
        };
        self.finish(winners, &sharing, reason, events);
        true
    }

    fn finish(
        &mut self,
        winners: Vec<Seat>,
        sharing: &[Seat],
        reason: &str,
        events: &mut Vec<Event>,
    ) {
        let scores = (0..self.players)
            .map(|s| sharing.contains(&s) as i64)
            .collect();
        events.push(Event::public(
            json!({"kind": "game_over", "winners": winners, "reason": reason}),
        ));
        self.outcome = Some(Outcome {
            winners,
            scores: Some(scores),
            reason: reason.into(),
        });
    }

    /// The seats still in.
    pub(super) fn alive(&self) -> Vec<Seat> {
        (0..self.players).filter(|&s| self.is_alive(s)).collect()
    }

    /// Full rounds since a pearl last left the game (§5.6).
    pub(super) fn quiet_rounds(&self) -> u32 {
        self.quiet_turns / self.alive().len().max(1) as u32
    }

    /// §5 steps 4 to 6 and the next turn, after the current player's action is resolved.
    fn end_turn(&mut self, mut events: Vec<Event>, mut removed: bool) -> Vec<Event> {
        let before = self.alive_before_turn();
        removed |= self.cascade(&mut events);
        if self.check_end(&before, &mut events) {
            return events;
        }
        self.quiet_turns = if removed { 0 } else { self.quiet_turns + 1 };
        if let Some(limit) = self.rules.stall_rounds {
            if self.quiet_rounds() >= limit {
                let alive = self.alive();
                events.push(Event::public(
                    json!({"kind": "stall", "quiet_rounds": self.quiet_rounds()}),
                ));
                self.finish(vec![], &alive, "stall", &mut events);
                return events;
            }
        }
        self.turn = self.next_alive(self.turn);
        events
    }

    /// The seats that were in when this turn began (those not yet eliminated).
    fn alive_before_turn(&self) -> Vec<Seat> {
        (0..self.players)
            .filter(|s| !self.eliminated.contains(s))
            .collect()
    }
}
