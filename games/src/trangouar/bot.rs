//! What a search bot knows of Trangouar beyond the rules: how a position stands
//! ([`Trangouar::score`], behind [`crate::BotHints::evaluate`]) and which moves its playouts favour
//! ([`Trangouar::progress_move`], behind [`crate::BotHints::playout_move`]).
//!
//! Pearls leave the game only in fights, and a fight is worth starting with at least as many black
//! coins as the defender has white ones. At random, fights are rare and cubes wander, so a bot that
//! judged positions by random play would drift into the stall draw. Both pieces of knowledge point
//! it at fights it is likely to win.

use rand::Rng;
use std::collections::VecDeque;
use std::sync::OnceLock;

use super::board::{Point, CELLS};
use super::moves::Move;
use super::{Trangouar, CUBE_MAX};
use crate::engine::{GameRng, Seat};

/// In pearls, what the evaluation gives up per step between the seat's attackers and the enemy.
const APPROACH_WEIGHT: f64 = 0.5;
/// Steps counted for an enemy cube the seat's attackers cannot reach now (behind other cubes).
const UNREACHED: usize = 30;
/// In pearls, what the evaluation gives up per side of an enemy cube that touches a corpse:
/// corpses around the enemy wall its last cubes off (then the match can only end in a stall), so
/// the bot kills the cubes whose corpses close no way in first. Measured with `bot_strength`:
/// `easy` against `random` drew 8 of 20 matches without it, 5 with it.
const WALL_WEIGHT: f64 = 3.0;
/// The share of its value a position loses as the stall draw comes due (in proportion to the
/// quiet rounds), and the share a position with an enemy cube walled off for good loses (the stall
/// is certain then). A share, not a blend towards a fixed value: the evaluation counts the
/// distance to the enemy too, so a winning position may score under a half, and a blend towards
/// a fixed value would then make quiet rounds look good to the side that should make progress.
const STALL_COST: f64 = 0.5;
/// In pearls, what the evaluation gives up per living cube (of any seat) whose corpse would wall an
/// enemy cube off for good: killing it, or losing it, would leave a draw at best.
const CHOKE_WEIGHT: f64 = 3.0;
/// An evaluation stays this far from 0 and 1, which only the end of the match gives: a sure win
/// is worth more than any lead.
const FLOOR: f64 = 0.1;
/// In pearls, what the evaluation makes of a fight a cube can start at once, per pearl its odds
/// are worth: a part only, since the other side may move first.
const THREAT_WEIGHT: f64 = 0.5;
/// Pearls of lead that move the evaluation from a half to about 0.73.
const LEAD_SCALE: f64 = 4.0;
/// How often a playout, with no good fight to start, brings an attacker closer to the enemy
/// rather than playing at random.
const APPROACH_RATE: f64 = 0.5;

/// The odds of an attack with `black` black pearls on a cube with `white` white ones: (the
/// defender loses, the attacker loses). Each side flips one fair coin per pearl; the one with more
/// of its faces wins.
pub(super) fn fight_odds(black: u8, white: u8) -> (f64, f64) {
    static TABLE: OnceLock<Vec<Vec<(f64, f64)>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let n = usize::from(CUBE_MAX);
        let binomial = |k: usize| -> Vec<f64> {
            let mut row = vec![1.0];
            for _ in 0..k {
                let mut next = vec![0.0; row.len() + 1];
                for (i, p) in row.iter().enumerate() {
                    next[i] += p / 2.0;
                    next[i + 1] += p / 2.0;
                }
                row = next;
            }
            row
        };
        (0..=n)
            .map(|b| {
                (0..=n)
                    .map(|w| {
                        let (pb, pw) = (binomial(b), binomial(w));
                        let mut odds = (0.0, 0.0);
                        for (i, x) in pb.iter().enumerate() {
                            for (j, y) in pw.iter().enumerate() {
                                if i > j {
                                    odds.0 += x * y;
                                } else if i < j {
                                    odds.1 += x * y;
                                }
                            }
                        }
                        odds
                    })
                    .collect()
            })
            .collect()
    });
    let cap = usize::from(CUBE_MAX);
    table[usize::from(black).min(cap)][usize::from(white).min(cap)]
}

/// What an attack with `black` on a cube with `white` is worth to the attacker, in pearls taken
/// less pearls lost.
fn edge(black: u8, white: u8) -> f64 {
    let (win, lose) = fight_odds(black, white);
    win - lose
}

fn distance(a: Point, b: Point) -> usize {
    a.x().abs_diff(b.x()) + a.y().abs_diff(b.y())
}

impl Trangouar {
    /// The evaluation: pearls left in play against the best other seat (a cube with no pearl is a
    /// corpse, the last seat with active cubes wins), plus the fights the seat can start at once
    /// against those the others can, less a little per step between its attackers and the enemy,
    /// per corpse beside an enemy cube and per cube whose corpse would wall an enemy cube off
    /// ([`Trangouar::walls_off`]). The quiet rounds take up to [`STALL_COST`] of it, and an enemy
    /// cube walled off for good by corpses and the edge all of that share: the seat cannot win, so
    /// at best it draws. Before the reveal every seat gets a half.
    pub(super) fn score(&self, seat: Seat) -> f64 {
        let standing = |s: Seat| {
            let pearls: f64 = self
                .active_cubes(s)
                .map(|(_, c)| f64::from(c.pearls.total()))
                .sum();
            pearls + THREAT_WEIGHT * self.best_attack(s)
        };
        let best_other = (0..self.players)
            .filter(|&s| s != seat)
            .map(standing)
            .fold(f64::NEG_INFINITY, f64::max);
        let squeeze = |x: f64| FLOOR + (1.0 - 2.0 * FLOOR) * crate::hints::lead(x, 0.0, LEAD_SCALE);
        let Some(distance) = self.enemy_distance(seat) else {
            // Walled off: the stall draw at best.
            return squeeze(standing(seat) - best_other) * (1.0 - STALL_COST);
        };
        let value = squeeze(
            standing(seat)
                - best_other
                - APPROACH_WEIGHT * distance
                - WALL_WEIGHT * self.walled_sides(seat) as f64
                - CHOKE_WEIGHT * self.chokes(seat) as f64,
        );
        // The stall draw, nearer as quiet rounds pass, and valued below an even game: a bot plays
        // to win, so quiet rounds cost the side that could make progress.
        let stall_near = self.rules.stall_rounds.map_or(0.0, |limit| {
            f64::from(self.quiet_rounds().min(limit)) / f64::from(limit)
        });
        value * (1.0 - STALL_COST * stall_near)
    }

    /// What a drawn end is worth to `seat` in a search: for the stall draw, what [`Trangouar::score`]
    /// gives the position with all its quiet rounds counted (so [`STALL_COST`] off its value), and a
    /// half for a simultaneous wipe-out. A flat half would make the stall a way out whenever the
    /// evaluation of a won but slow position (an enemy huddled behind corpses) falls under a half:
    /// traced, `easy` then walked away from its last fights as the stall came due.
    pub(super) fn draw_value(&self, seat: Seat) -> f64 {
        match &self.outcome {
            Some(o) if o.reason == "stall" => self.score(seat),
            _ => 0.5,
        }
    }

    /// The best edge (see [`edge`]) of an attack `seat` could start now, 0 if none is worth it.
    fn best_attack(&self, seat: Seat) -> f64 {
        self.attacks(seat).map(|(_, _, e)| e).fold(0.0, f64::max)
    }

    /// Every attack `seat` could start now, with its edge.
    fn attacks(&self, seat: Seat) -> impl Iterator<Item = (Point, Point, f64)> + '_ {
        self.active_cubes(seat).flat_map(move |(at, cube)| {
            at.neighbours().filter_map(move |n| {
                let target = self.cube_at(n)?;
                let enemy = !target.is_corpse() && target.owner != Some(seat);
                enemy.then(|| (at, n, edge(cube.pearls.black, target.pearls.white)))
            })
        })
    }

    /// How far `seat` stands from a fight, in steps along the grid around corpses (living cubes
    /// move away, corpses never do): from its nearest attacker (a cube with black pearls, or any
    /// cube if none has) to the nearest enemy cube, plus a third of the mean over enemy cubes.
    /// `None` when some enemy cube cannot be reached from any cube of the seat, ever.
    fn enemy_distance(&self, seat: Seat) -> Option<f64> {
        let enemies = self.enemy_cubes(seat);
        if enemies.is_empty() {
            return Some(0.0);
        }
        let own: Vec<(Point, bool)> = self
            .active_cubes(seat)
            .map(|(p, c)| (p, c.pearls.black > 0))
            .collect();
        // Any cube can recolour to attack: reaching the enemy at all, ever, is what may not fail.
        let any = self.steps_from(own.iter().map(|o| o.0), seat, true);
        if enemies.iter().any(|e| any[e.index()].is_none()) {
            return None;
        }
        // The attackers' way in goes around enemy cubes: one behind another is out of reach
        // until the other moves.
        let armed = own.iter().any(|o| o.1);
        let attackers = self.steps_from(
            own.iter().filter(|o| o.1 || !armed).map(|o| o.0),
            seat,
            false,
        );
        // Steps until in contact: one less than onto the enemy's intersection.
        let steps: Vec<usize> = enemies
            .iter()
            .map(|e| attackers[e.index()].map_or(UNREACHED, |d| d.saturating_sub(1)))
            .collect();
        let nearest = *steps.iter().min().expect("enemies is not empty");
        let mean = steps.iter().sum::<usize>() as f64 / steps.len() as f64;
        Some(nearest as f64 + mean / 3.0)
    }

    /// Steps from the nearest of `from` to every intersection, going through empty intersections
    /// and the cubes of `seat` (they can move away), and those of the enemy too if
    /// `through_enemies`; an enemy cube is reached but not gone through otherwise. `None` where no
    /// path leads.
    fn steps_from(
        &self,
        from: impl Iterator<Item = Point>,
        seat: Seat,
        through_enemies: bool,
    ) -> [Option<usize>; CELLS] {
        let mut steps = [None; CELLS];
        let mut queue = VecDeque::new();
        for p in from {
            steps[p.index()] = Some(0);
            queue.push_back(p);
        }
        while let Some(p) = queue.pop_front() {
            let next = steps[p.index()].map(|d| d + 1);
            for n in p.neighbours() {
                if steps[n.index()].is_some() {
                    continue;
                }
                let (open, onward) = match self.cube_at(n) {
                    None => (true, true),
                    Some(c) if c.is_corpse() => (false, false),
                    Some(c) if c.owner == Some(seat) => (true, true),
                    Some(_) => (true, through_enemies),
                };
                if open {
                    steps[n.index()] = next;
                    if onward {
                        queue.push_back(n);
                    }
                }
            }
        }
        steps
    }

    /// Sides of enemy cubes that touch a corpse: each is a way in closed for good.
    fn walled_sides(&self, seat: Seat) -> usize {
        self.enemy_cubes(seat)
            .into_iter()
            .flat_map(|e| e.neighbours())
            .filter(|&n| self.cube_at(n).is_some_and(|c| c.is_corpse()))
            .count()
    }

    /// Living cubes (of any seat) whose corpse would wall some enemy cube of `seat` off for good.
    fn chokes(&self, seat: Seat) -> usize {
        (0..CELLS)
            .filter(|&i| self.board[i].is_some_and(|c| !c.is_corpse()))
            .filter(|&i| self.walls_off(seat, Some(Point::from_index(i))))
            .count()
    }

    /// Whether, with a corpse on `dead` too, some enemy cube of `seat` would stand where no cube of
    /// `seat` can ever reach it: in a region closed by corpses and the edge, of two intersections
    /// or more (a cube alone in a one-intersection region is blocked, so it dies). False when
    /// `seat` would have no cube left.
    pub(super) fn walls_off(&self, seat: Seat, dead: Option<Point>) -> bool {
        const NONE: u8 = u8::MAX;
        let dead = dead.map(Point::index);
        let open = |i: usize| Some(i) != dead && !self.board[i].is_some_and(|c| c.is_corpse());
        let mut region = [NONE; CELLS];
        let mut sizes: Vec<usize> = Vec::new();
        let mut stack: Vec<usize> = Vec::with_capacity(CELLS);
        for start in 0..CELLS {
            if region[start] != NONE || !open(start) {
                continue;
            }
            let id = sizes.len() as u8;
            let mut size = 0;
            region[start] = id;
            stack.push(start);
            while let Some(i) = stack.pop() {
                size += 1;
                for n in Point::from_index(i).neighbours() {
                    let n = n.index();
                    if region[n] == NONE && open(n) {
                        region[n] = id;
                        stack.push(n);
                    }
                }
            }
            sizes.push(size);
        }
        let mut mine = vec![false; sizes.len()];
        let owner = |i: usize| self.board[i].and_then(|c| c.owner);
        for i in (0..CELLS).filter(|&i| open(i) && owner(i) == Some(seat)) {
            mine[usize::from(region[i])] = true;
        }
        if !mine.contains(&true) {
            return false;
        }
        (0..CELLS).any(|i| {
            open(i)
                && owner(i).is_some_and(|o| o != seat)
                && !mine[usize::from(region[i])]
                && sizes[usize::from(region[i])] >= 2
        })
    }

    fn enemy_cubes(&self, seat: Seat) -> Vec<Point> {
        (0..self.players)
            .filter(|&s| s != seat)
            .flat_map(|s| self.active_cubes(s).map(|(p, _)| p))
            .collect()
    }

    /// The playout policy: in play, the best attack unless its odds favour the defender or it could
    /// kill a cube whose corpse would wall an enemy cube off (see [`Trangouar::walls_off`]); otherwise,
    /// half the time, the move that brings one of the seat's attackers nearest an enemy cube (when
    /// one brings it nearer); else a random move, as everywhere else (setups, lost pearls).
    pub(super) fn progress_move(&self, seat: Seat, rng: &mut GameRng) -> Option<Move> {
        if !self.revealed || self.pending.is_some() || !self.to_act_is(seat) {
            return crate::hints::random_choice(self, seat, rng);
        }
        let best = self
            .attacks(seat)
            .filter(|&(cube, target, _)| !self.kill_walls_off(seat, cube, target))
            .fold(None::<(Point, Point, f64)>, |best, a| match best {
                Some(b) if b.2 >= a.2 => Some(b),
                _ => Some(a),
            });
        if let Some((cube, target, e)) = best {
            if e >= 0.0 {
                return Some(Move::Attack { cube, target });
            }
        }
        if rng.random_bool(APPROACH_RATE) {
            if let Some(mv) = self.closing_move(seat) {
                return Some(mv);
            }
        }
        crate::hints::random_choice(self, seat, rng)
    }

    /// Whether an attack from `cube` could kill `target` and so wall an enemy cube of `seat` off.
    fn kill_walls_off(&self, seat: Seat, cube: Point, target: Point) -> bool {
        let (Some(attacker), Some(defender)) = (self.cube_at(cube), self.cube_at(target)) else {
            return false;
        };
        let most_lost = if self.rules.fast {
            attacker.pearls.black
        } else {
            1
        };
        defender.pearls.total() <= u32::from(most_lost) && self.walls_off(seat, Some(target))
    }

    fn to_act_is(&self, seat: Seat) -> bool {
        self.outcome.is_none() && self.turn == seat
    }

    /// The move of an attacker (a cube with black pearls) that ends nearest an enemy cube, if it
    /// ends nearer than any attacker stands now.
    fn closing_move(&self, seat: Seat) -> Option<Move> {
        let enemies = self.enemy_cubes(seat);
        let nearest = |p: Point| enemies.iter().map(|&e| distance(p, e)).min();
        let attackers: Vec<(Point, u8)> = self
            .active_cubes(seat)
            .filter(|(_, c)| c.pearls.black > 0)
            .map(|(p, c)| (p, c.pearls.red))
            .collect();
        let now = attackers.iter().filter_map(|&(p, _)| nearest(p)).min()?;
        let mut best: Option<(usize, Move)> = None;
        for (from, red) in attackers {
            for path in self.destinations(from, red) {
                let to = *path.last().expect("a path is not empty");
                let Some(d) = nearest(to) else { continue };
                if d < now && best.as_ref().is_none_or(|b| d < b.0) {
                    best = Some((d, Move::Move { cube: from, path }));
                }
            }
        }
        best.map(|b| b.1)
    }
}
