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
