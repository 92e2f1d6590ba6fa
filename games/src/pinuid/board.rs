//! Squares, notation and geometry of the square board, and the one rule that needs geometry: lines
//! of exactly 3 (§2.2).

use serde::{Serialize, Serializer};
use std::fmt;

use super::layout::SIZE;

/// Number of squares.
pub const CELLS: usize = SIZE * SIZE;

/// A square. Field order (file, then rank) makes the derived `Ord` the same as sorting the notation
/// strings, which is how removal lists are put in canonical order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    pub x: u8,
    pub y: u8,
}

impl Square {
    pub fn new(x: usize, y: usize) -> Self {
        Square {
            x: x as u8,
            y: y as u8,
        }
    }

    /// Index into the board array: rank 1 a..h, then rank 2, ... (the view's board string order).
    pub fn index(self) -> usize {
        self.y as usize * SIZE + self.x as usize
    }

    pub fn from_index(i: usize) -> Self {
        Square::new(i % SIZE, i / SIZE)
    }

    /// Parses `"c3"`; `None` for anything that is not a square of this board.
    pub fn parse(s: &str) -> Option<Self> {
        let mut chars = s.chars();
        let file = chars.next()?;
        let rank: usize = chars.as_str().parse().ok()?;
        if !file.is_ascii_lowercase() || chars.as_str().starts_with(['+', '0']) {
            return None;
        }
        let x = (file as u8 - b'a') as usize;
        (x < SIZE && (1..=SIZE).contains(&rank)).then(|| Square::new(x, rank - 1))
    }

    /// Whether the square is dark: `(x + y)` even, so a1 is dark (§1).
    pub fn is_dark(self) -> bool {
        (self.x + self.y).is_multiple_of(2)
    }

    /// The up to 4 diagonal neighbours on the board.
    pub fn diagonal_neighbours(self) -> impl Iterator<Item = Square> {
        let (x, y) = (self.x as i32, self.y as i32);
        [(-1, -1), (1, -1), (-1, 1), (1, 1)]
            .into_iter()
            .map(move |(dx, dy)| (x + dx, y + dy))
            .filter(|&(nx, ny)| (0..SIZE as i32).contains(&nx) && (0..SIZE as i32).contains(&ny))
            .map(|(nx, ny)| Square::new(nx as usize, ny as usize))
    }

    pub fn is_diagonal_neighbour(self, other: Square) -> bool {
        self.diagonal_neighbours().any(|n| n == other)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.x) as char, self.y + 1)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The board: who owns each square (seat number), `None` when empty. Pieces of an eliminated
/// Quatro player keep their seat number: they are obstacles that never count for anyone's line.
pub type Board = [Option<u8>; CELLS];

/// A line (§2.2): three squares in a rank or file, in ascending order.
pub type Line = [Square; 3];

/// Every line of `seat`: maximal horizontal or vertical runs of exactly 3 of its own pieces. Runs of
/// 2, or of 4 and more, never count, nor do 3-square parts of longer runs.
pub fn lines_of(board: &Board, seat: u8) -> Vec<Line> {
    let mut lines = Vec::new();
    for fixed in 0..SIZE {
        // A rank (horizontal) and a file (vertical) through `fixed`.
        for horizontal in [true, false] {
            let at = |i: usize| {
                if horizontal {
                    Square::new(i, fixed)
                } else {
                    Square::new(fixed, i)
                }
            };
            let mut run = 0;
            for i in 0..=SIZE {
                if i < SIZE && board[at(i).index()] == Some(seat) {
                    run += 1;
                    continue;
                }
                if run == 3 {
                    lines.push([at(i - 3), at(i - 2), at(i - 1)]);
                }
                run = 0;
            }
        }
    }
    lines
}

/// Renders the board as the view's string: 64 chars, rank 1 a..h first; '.' empty, else the seat.
pub fn to_string(board: &Board) -> String {
    board
        .iter()
        .map(|c| c.map_or('.', |s| (b'0' + s) as char))
        .collect()
}
