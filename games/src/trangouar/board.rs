//! The board as data (rules §3, a reconstruction): its size, the corner zones, which zone each seat
//! gets, the neighbourhood, and the names of intersections (`a1`..`i9`).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Intersections per side (`x`, `y` = 0..SIZE). The rules call this a parameter; 9 is the default.
pub const SIZE: usize = 9;

/// Side of a corner zone.
pub const ZONE: usize = 3;

/// Every intersection, as `y * SIZE + x`.
pub const CELLS: usize = SIZE * SIZE;

/// "In contact": the intersections joined by a line segment (orthogonal lines only, §3), as
/// `(dx, dy)`, in the order paths are searched (north, east, south, west).
pub const NEIGHBOURHOOD: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// A corner zone: its name and the lower-left intersection of its `ZONE`×`ZONE` block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Zone {
    pub name: &'static str,
    pub x0: usize,
    pub y0: usize,
    /// The zone's intersection on the board's corner, `(x, y)`.
    pub board_corner: (usize, usize),
}

const SW: Zone = Zone {
    name: "SW",
    x0: 0,
    y0: 0,
    board_corner: (0, 0),
};
const NW: Zone = Zone {
    name: "NW",
    x0: 0,
    y0: SIZE - ZONE,
    board_corner: (0, SIZE - 1),
};
const NE: Zone = Zone {
    name: "NE",
    x0: SIZE - ZONE,
    y0: SIZE - ZONE,
    board_corner: (SIZE - 1, SIZE - 1),
};
const SE: Zone = Zone {
    name: "SE",
    x0: SIZE - ZONE,
    y0: 0,
    board_corner: (SIZE - 1, 0),
};

/// The zones of seats 0, 1, ... for 2, 3 and 4 players: clockwise from SW; two players sit in
/// opposite corners.
pub const SEATING: [&[Zone]; 3] = [&[SW, NE], &[SW, NW, NE], &[SW, NW, NE, SE]];

/// The zones of a match of `players` (2 to 4).
pub fn zones(players: usize) -> &'static [Zone] {
    SEATING[players - 2]
}

impl Zone {
    pub fn contains(&self, p: Point) -> bool {
        (self.x0..self.x0 + ZONE).contains(&p.x()) && (self.y0..self.y0 + ZONE).contains(&p.y())
    }

    /// The zone's intersections, the board corner first, then moving away from it row by row.
    pub fn cells(&self) -> Vec<Point> {
        let (cx, cy) = self.board_corner;
        let mut cells: Vec<Point> = (0..ZONE * ZONE)
            .map(|i| Point::new(self.x0 + i % ZONE, self.y0 + i / ZONE))
            .collect();
        cells.sort_by_key(|p| (p.y().abs_diff(cy), p.x().abs_diff(cx)));
        cells
    }

    /// The zone's four corner intersections: the board corner, the two along the board's edges, and
    /// the inner one (towards the centre).
    pub fn corners(&self) -> [Point; 4] {
        let (cx, cy) = self.board_corner;
        let far_x = if cx == self.x0 {
            self.x0 + ZONE - 1
        } else {
            self.x0
        };
        let far_y = if cy == self.y0 {
            self.y0 + ZONE - 1
        } else {
            self.y0
        };
        [
            Point::new(cx, cy),
            Point::new(far_x, cy),
            Point::new(cx, far_y),
            Point::new(far_x, far_y),
        ]
    }
}

/// An intersection of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    pub fn new(x: usize, y: usize) -> Self {
        debug_assert!(x < SIZE && y < SIZE);
        Point((y * SIZE + x) as u8)
    }

    pub fn from_index(i: usize) -> Self {
        Point(i as u8)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn x(self) -> usize {
        self.index() % SIZE
    }

    pub fn y(self) -> usize {
        self.index() / SIZE
    }

    /// The intersection one step `(dx, dy)` away, if it is on the board.
    pub fn step(self, (dx, dy): (i32, i32)) -> Option<Point> {
        let x = self.x() as i32 + dx;
        let y = self.y() as i32 + dy;
        let inside = (0..SIZE as i32).contains(&x) && (0..SIZE as i32).contains(&y);
        inside.then(|| Point::new(x as usize, y as usize))
    }

    /// The up to 4 neighbours on the board.
    pub fn neighbours(self) -> impl Iterator<Item = Point> {
        NEIGHBOURHOOD.into_iter().filter_map(move |d| self.step(d))
    }

    /// The direction from `self` to a neighbour `other`, if they are in contact.
    pub fn direction_to(self, other: Point) -> Option<(i32, i32)> {
        NEIGHBOURHOOD
            .into_iter()
            .find(|&d| self.step(d) == Some(other))
    }

    /// Reads `a1`..`i9` (file letter, rank number; either case).
    pub fn parse(s: &str) -> Option<Point> {
        let mut chars = s.chars();
        let file = chars.next()?.to_ascii_lowercase();
        let rank = chars.as_str();
        // Only the canonical spelling of the rank: digits, no sign, no leading zero.
        if rank.starts_with('0') || !rank.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: usize = rank.parse().ok()?;
        let x = (file as usize).checked_sub('a' as usize)?;
        if x >= SIZE || !(1..=SIZE).contains(&rank) || !file.is_ascii_lowercase() {
            return None;
        }
        Some(Point::new(x, rank - 1))
    }
}

/// Every intersection's name by index, file letter then rank (`a1` to `i9`), built at compile
/// time: views and move lists name many points each version, and formatting each was most of the
/// cost of writing a move list.
static NAMES: [[u8; 2]; CELLS] = {
    assert!(SIZE <= 9, "a rank is one digit");
    let mut names = [[0; 2]; CELLS];
    let mut i = 0;
    while i < CELLS {
        names[i] = [b'a' + (i % SIZE) as u8, b'1' + (i / SIZE) as u8];
        i += 1;
    }
    names
};

impl Point {
    /// The point's name, `a1` to `i9`.
    pub fn name(self) -> &'static str {
        std::str::from_utf8(&NAMES[self.index()]).expect("names are ASCII")
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Point {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Point::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{s}` is not an intersection (a1 to {}{})",
                (b'a' + SIZE as u8 - 1) as char,
                SIZE
            ))
        })
    }
}
