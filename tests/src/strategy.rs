//! Move choosers for tests that need a match to end: they pick among the legal moves the server
//! lists, judging each by playing it on a local copy of the match (the same engine the server runs).

use plateau_games::{registry, Match, Viewer};
use serde_json::Value;

/// A 2-player Abalone duel that ends in a 6-ejection win: seat 0 hunts, seat 1 wanders into its
/// reach. Keep the local match in step with [`AbaloneDuel::apply`].
pub struct AbaloneDuel {
    local: Box<dyn Match>,
}

/// Axial coordinates (q, r) of the 61 cells in the view's order A1..A5, B1..B6, ..., I5..I9.
fn cells() -> Vec<(i32, i32)> {
    let mut cells = Vec::with_capacity(61);
    for i in 0..9i32 {
        let first = if i <= 4 { 1 } else { i - 3 };
        let last = if i <= 4 { 5 + i } else { 9 };
        for n in first..=last {
            cells.push((n - 5, 4 - i));
        }
    }
    cells
}

fn distance(a: (i32, i32), b: (i32, i32)) -> i32 {
    let (dq, dr) = (a.0 - b.0, a.1 - b.1);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

impl Default for AbaloneDuel {
    fn default() -> Self {
        let entry = registry::find("abalone").expect("abalone");
        let options = entry.validate(2, &Value::Null).expect("options");
        AbaloneDuel {
            local: entry.start(&options, 2, [0; 32]).expect("setup"),
        }
    }
}

impl AbaloneDuel {
    /// The move `seat` should play among `legal`.
    pub fn pick(&self, seat: usize, legal: &[Value]) -> Value {
        legal
            .iter()
            .max_by_key(|mv| {
                let mut next = self.local.box_clone();
                let played = next.play(seat, mv).expect("listed moves are legal");
                let view = next.view(Viewer::Spectator);
                let board: Vec<u8> = view["board"].as_str().expect("board").bytes().collect();
                let ejected = view["ejected"][0].as_i64().unwrap_or(0);
                let pushes = played
                    .events
                    .iter()
                    .filter(|e| e.data["pushed"].as_array().is_some_and(|p| !p.is_empty()))
                    .count() as i64;
                let spread = Self::spread(&board);
                if seat == 0 {
                    // Eject, push, and close in.
                    ejected * 10_000 + pushes * 100 - spread
                } else {
                    // Stay near the hunter's marbles, out on the rim.
                    -spread * 10 + Self::on_rim(&board, b'1')
                }
            })
            .expect("a seat to act has legal moves")
            .clone()
    }

    /// Plays a move the server accepted on the local copy.
    pub fn apply(&mut self, seat: usize, mv: &Value) {
        self.local
            .play(seat, mv)
            .expect("the local copy accepts what the server accepted");
    }

    /// Sum over seat 1's marbles of the distance to the nearest marble of seat 0.
    fn spread(board: &[u8]) -> i64 {
        let cells = cells();
        let hunters: Vec<(i32, i32)> = (0..61)
            .filter(|&i| board[i] == b'0')
            .map(|i| cells[i])
            .collect();
        (0..61)
            .filter(|&i| board[i] == b'1')
            .map(|i| {
                hunters
                    .iter()
                    .map(|h| distance(*h, cells[i]))
                    .min()
                    .unwrap_or(0) as i64
            })
            .sum()
    }

    fn on_rim(board: &[u8], who: u8) -> i64 {
        let cells = cells();
        (0..61)
            .filter(|&i| board[i] == who && distance(cells[i], (0, 0)) == 4)
            .count() as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_duel_ends_in_a_six_ejection_win() {
        let mut duel = AbaloneDuel::default();
        let mut plies = 0;
        while duel.local.outcome().is_none() {
            let seat = duel.local.to_act()[0];
            let mv = duel.pick(seat, &duel.local.legal_moves(seat));
            duel.apply(seat, &mv);
            plies += 1;
            assert!(plies < 2000, "no win after 2000 plies");
        }
        let outcome = duel.local.outcome().unwrap();
        eprintln!("won in {plies} plies: {outcome:?}");
        assert_eq!(outcome.winners, vec![0]);
        assert_eq!(outcome.reason, "six_ejected");
    }
}

/// Trangouar for test clients: a random secret setup, then legal moves that seek a fight, so that
/// coins are flipped and pearls lost within a few turns.
pub mod trangouar {
    use rand::seq::{IndexedRandom, SliceRandom};
    use rand::Rng;
    use serde_json::{json, Value};

    use crate::table::legal_of;

    /// The name of intersection (x, y): `a1` is (0, 0).
    pub fn point(x: usize, y: usize) -> String {
        format!("{}{}", (b'a' + x as u8) as char, y + 1)
    }

    fn coords(p: &str) -> (i64, i64) {
        let b = p.as_bytes();
        (
            i64::from(b[0] - b'a'),
            p[1..].parse::<i64>().expect("a rank") - 1,
        )
    }

    /// The 9 intersections of a corner zone (`SW`, `NW`, `NE`, `SE`) of the 9×9 board.
    pub fn zone_points(zone: &str) -> Vec<String> {
        let (x0, y0) = match zone {
            "SW" => (0, 0),
            "NW" => (0, 6),
            "NE" => (6, 6),
            "SE" => (6, 0),
            other => panic!("no zone {other}"),
        };
        (0..9).map(|i| point(x0 + i % 3, y0 + i / 3)).collect()
    }

    /// A random valid setup in `zone`: 3 to 9 cubes, each with at least one pearl and at most 3 of
    /// a colour, 27 pearls in all.
    pub fn random_setup(zone: &str, rng: &mut impl Rng) -> Value {
        let mut cells = zone_points(zone);
        cells.shuffle(rng);
        let n = rng.random_range(3..=9);
        let mut pearls = vec![[0u8; 3]; n];
        for cube in pearls.iter_mut() {
            cube[rng.random_range(0..3)] = 1;
        }
        for _ in n..27 {
            loop {
                let (c, colour) = (rng.random_range(0..n), rng.random_range(0..3));
                if pearls[c][colour] < 3 {
                    pearls[c][colour] += 1;
                    break;
                }
            }
        }
        let mut cubes: Vec<Value> = cells[..n]
            .iter()
            .zip(&pearls)
            .map(|(at, p)| json!({"at": at, "red": p[0], "black": p[1], "white": p[2]}))
            .collect();
        // In the order the record keeps a setup (by intersection: rank, then file).
        cubes.sort_by_key(|c| {
            let at = c["at"].as_str().unwrap().as_bytes();
            (at[1], at[0])
        });
        json!({"action": "setup", "cubes": cubes})
    }

    /// What `seat` plays in `view`: its own random setup; an attack whenever one is listed; else
    /// mostly the move that ends nearest an enemy cube; a random loss when a fight is lost.
    pub fn hunter(seat: usize, view: &Value, rng: &mut impl Rng) -> Option<Value> {
        let legal = legal_of(view);
        if legal.is_empty() {
            return None;
        }
        let state = &view["state"];
        if state["phase"] == "setup" {
            let zone = state["zones"][seat].as_str().expect("zone");
            return Some(random_setup(zone, rng));
        }
        let of = |action: &str| -> Vec<Value> {
            legal
                .iter()
                .filter(|m| m["action"] == action)
                .cloned()
                .collect()
        };
        let attacks = of("attack");
        if !attacks.is_empty() {
            return attacks.choose(rng).cloned();
        }
        let enemies: Vec<(i64, i64)> = state["cubes"]
            .as_array()
            .expect("cubes")
            .iter()
            .filter(|c| c["owner"].as_u64().is_some_and(|o| o as usize != seat))
            .map(|c| coords(c["at"].as_str().unwrap()))
            .collect();
        let moves = of("move");
        if !moves.is_empty() && !enemies.is_empty() && rng.random_bool(0.8) {
            let distance = |m: &Value| {
                let (x, y) = coords(
                    m["path"]
                        .as_array()
                        .unwrap()
                        .last()
                        .unwrap()
                        .as_str()
                        .unwrap(),
                );
                enemies
                    .iter()
                    .map(|(ex, ey)| (ex - x).abs() + (ey - y).abs())
                    .min()
                    .unwrap()
            };
            let best = moves.iter().map(distance).min().unwrap();
            let nearest: Vec<Value> = moves.into_iter().filter(|m| distance(m) == best).collect();
            return nearest.choose(rng).cloned();
        }
        legal.choose(rng).cloned()
    }
}
