//! The rules proper: steps, lines created by a step and their valid removal sets (§4 step 5), and
//! the start-of-turn procedure (§4 steps 2-3, §6) that skips, passes, re-enters or eliminates.

use serde_json::json;

use super::board::{lines_of, Line, Square};
use super::layout::CLASSIC_BACK_ROW;
use super::{Pinuid, Variant};
use crate::engine::{Event, Outcome, Seat};

/// A legal diagonal step and what it does, before any removal is chosen.
pub struct Step {
    pub from: Square,
    pub to: Square,
    /// The lines the step creates (Λ of §4 step 5).
    pub lines: Vec<Line>,
}

impl Pinuid {
    pub(super) fn owner(&self, sq: Square) -> Option<Seat> {
        self.board[sq.index()].map(Seat::from)
    }

    pub(super) fn squares_of(&self, seat: Seat) -> impl Iterator<Item = Square> + '_ {
        (0..self.board.len())
            .map(Square::from_index)
            .filter(move |&sq| self.owner(sq) == Some(seat))
    }

    pub(super) fn pieces(&self, seat: Seat) -> usize {
        self.squares_of(seat).count()
    }

    /// §2.3: every piece on one square colour, with 3 pieces or more. Such a player can never form
    /// a line again (a line always spans both colours).
    pub(super) fn monochrome(&self, seat: Seat) -> bool {
        let mut colours = self.squares_of(seat).map(Square::is_dark);
        let Some(first) = colours.next() else {
            return false;
        };
        self.pieces(seat) >= 3 && colours.all(|c| c == first)
    }

    /// Whether `seat` must re-enter a piece this turn instead of stepping (Classic, §4 step 2).
    pub(super) fn must_reenter(&self, seat: Seat) -> bool {
        self.variant == Variant::Classic && self.monochrome(seat)
    }

    /// Empty squares of a Classic seat's back row, where a re-entry may go.
    pub(super) fn reentry_squares(&self, seat: Seat) -> Vec<Square> {
        let rank = CLASSIC_BACK_ROW[seat];
        (0..super::layout::SIZE)
            .map(|x| Square::new(x, rank))
            .filter(|&sq| self.owner(sq).is_none())
            .collect()
    }

    /// The lines `from`→`to` creates for its mover: lines after the step that were not lines (with
    /// the same three squares) before it, whether made by arriving or by leaving (§2.2, P5, P6).
    pub(super) fn created_lines(&self, from: Square, to: Square) -> Vec<Line> {
        let seat = self.board[from.index()].expect("a piece steps");
        let before = lines_of(&self.board, seat);
        let mut after_board = self.board;
        after_board[from.index()] = None;
        after_board[to.index()] = Some(seat);
        lines_of(&after_board, seat)
            .into_iter()
            .filter(|l| !before.contains(l))
            .collect()
    }

    /// Every diagonal step of `seat` to an empty neighbour (§2.1).
    pub(super) fn steps(&self, seat: Seat) -> Vec<Step> {
        let mut steps = Vec::new();
        for from in self.squares_of(seat) {
            for to in from.diagonal_neighbours() {
                if self.owner(to).is_none() {
                    let lines = self.created_lines(from, to);
                    steps.push(Step { from, to, lines });
                }
            }
        }
        steps
    }

    pub(super) fn can_step(&self, seat: Seat) -> bool {
        self.squares_of(seat).any(|from| {
            from.diagonal_neighbours()
                .any(|to| self.owner(to).is_none())
        })
    }

    /// All removal sets accepted for the lines of `step` (§4 step 5), each sorted: one piece from
    /// each line, never the piece just moved, and each line keeping exactly one removal. A piece
    /// lying in two created lines can never be taken (it would count for both, or leave one line
    /// with two removals), so each line chooses among the squares only it holds, independently.
    /// Every line has such a square (the geometry of a diagonal step guarantees it), so this is
    /// never empty.
    pub(super) fn removal_sets(step: &Step) -> Vec<Vec<Square>> {
        let mut sets = vec![Vec::new()];
        for (i, line) in step.lines.iter().enumerate() {
            let choices: Vec<Square> = line
                .iter()
                .copied()
                .filter(|&sq| sq != step.to)
                .filter(|sq| {
                    !step
                        .lines
                        .iter()
                        .enumerate()
                        .any(|(j, other)| j != i && other.contains(sq))
                })
                .collect();
            sets = sets
                .into_iter()
                .flat_map(|set| {
                    choices.iter().map(move |&c| {
                        let mut s = set.clone();
                        s.push(c);
                        s
                    })
                })
                .collect();
        }
        for set in &mut sets {
            set.sort();
        }
        sets
    }

    /// Why `remove` is not a valid removal set for `step`, in words; `None` when it is valid.
    pub(super) fn removal_error(step: &Step, remove: &[Square]) -> Option<String> {
        let lines = step.lines.len();
        let listed = |l: &Line| l.map(|s| s.to_string()).join("-");
        if lines == 0 {
            return (!remove.is_empty())
                .then(|| "this step creates no line, so nothing may be removed".to_string());
        }
        let names: Vec<String> = step.lines.iter().map(listed).collect();
        if remove.len() != lines {
            return Some(format!(
                "this step creates {lines} line(s) ({}): remove exactly one piece from each",
                names.join(", ")
            ));
        }
        if remove.contains(&step.to) {
            return Some(format!("{} was just moved and cannot be removed", step.to));
        }
        for (i, sq) in remove.iter().enumerate() {
            if remove[..i].contains(sq) {
                return Some(format!("{sq} is listed twice"));
            }
            match step.lines.iter().filter(|l| l.contains(sq)).count() {
                0 => {
                    return Some(format!(
                        "{sq} is not in a line this step creates ({})",
                        names.join(", ")
                    ))
                }
                1 => {}
                _ => {
                    return Some(format!(
                    "{sq} belongs to two of the new lines; take a different piece from each line"
                ))
                }
            }
        }
        for line in &step.lines {
            if remove.iter().filter(|sq| line.contains(sq)).count() != 1 {
                return Some(format!(
                    "remove exactly one piece from line {}",
                    listed(line)
                ));
            }
        }
        None
    }

    fn finish(&mut self, winners: Vec<Seat>, reason: &str, events: &mut Vec<Event>) {
        match winners.as_slice() {
            [w] => events.push(Event::public(
                json!({"kind": "won", "seat": w, "reason": reason}),
            )),
            _ => events.push(Event::public(json!({"kind": "draw", "reason": reason}))),
        }
        self.to_move = None;
        self.outcome = Some(Outcome {
            winners,
            scores: None,
            reason: reason.to_string(),
        });
    }

    /// After a win by pieces (§4 step 7) or a draw by the no-removal limit (P13).
    pub(super) fn end_checks(&mut self, mover: Seat, events: &mut Vec<Event>) -> bool {
        if self.pieces(mover) <= 2 {
            self.finish(vec![mover], "two_pieces", events);
            return true;
        }
        if self
            .no_removal_limit
            .is_some_and(|limit| self.plies_without_removal >= limit)
        {
            self.finish(Vec::new(), "no_removal_limit", events);
            return true;
        }
        false
    }

    /// Gives the turn to the first seat from `first` on (clockwise = seat order) that has a real
    /// decision, doing on the way what the rules do by themselves: skip eliminated seats, eliminate
    /// a monochrome Quatro player (§6), pass a Classic player whose back row is full or who has
    /// nothing to re-enter, pass a blocked player (§4 step 3). If the round comes back with nobody
    /// able to act, nothing can ever change again: a draw (`no_moves`, P13).
    pub(super) fn start_turn(&mut self, first: Seat, events: &mut Vec<Event>) {
        for i in 0..self.players {
            let seat = (first + i) % self.players;
            if self.eliminated[seat] {
                continue;
            }
            if self.monochrome(seat) {
                match self.variant {
                    Variant::Quatro => {
                        self.eliminated[seat] = true;
                        events.push(seat_event("eliminated", seat, "one_square_colour"));
                        let left: Vec<Seat> =
                            (0..self.players).filter(|&s| !self.eliminated[s]).collect();
                        if left.len() == 1 {
                            self.finish(left, "last_survivor", events);
                            return;
                        }
                        continue;
                    }
                    Variant::Classic => {
                        if self.removed[seat] == 0 {
                            // Only reachable after re-entering on the same colour every time.
                            events.push(seat_event("passed", seat, "nothing_to_reenter"));
                        } else if self.reentry_squares(seat).is_empty() {
                            events.push(seat_event("passed", seat, "back_row_full"));
                        } else {
                            self.to_move = Some(seat);
                            return;
                        }
                        continue;
                    }
                }
            }
            if self.can_step(seat) {
                self.to_move = Some(seat);
                return;
            }
            events.push(seat_event("passed", seat, "blocked"));
        }
        self.finish(Vec::new(), "no_moves", events);
    }
}

/// `{"kind", "seat", "reason"}`: what the rules did to a seat by themselves.
fn seat_event(kind: &str, seat: Seat, reason: &str) -> Event {
    Event::public(json!({"kind": kind, "seat": seat, "reason": reason}))
}
