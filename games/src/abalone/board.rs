//! Board geometry (61 cells A1..I9, neighbour tables, directions, names) and the start layouts as data.
//!
//! Cells are indexed 0..61 in row order A1..A5, B1..B6, ..., I5..I9 (the order of the view's board
//! string). Rows are letters `i` = 0 (A) .. 8 (I), numbers `n` = 1..9, valid iff |i - (n-1)| <= 4
//! (rules §1.1). Neighbours are a precomputed table so that move generation never recomputes geometry.

/// A cell index, 0..61.
pub type Cell = u8;
/// Number of cells.
pub const CELLS: usize = 61;
/// "No cell": the neighbour of an edge cell beyond the edge.
pub const OFF: Cell = 255;

/// Directions as (Δletter, Δnumber), rules §1.2. Index order is chosen so that the opposite of `d`
/// is `(d + 3) % 6` and the line axis of `d` is `d % 3` (E/W, NE/SW, NW/SE). The first three all
/// increase the cell index, which lets a group sorted by index be walked with one of them.
pub const DIRS: [(i32, i32); 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];
pub const DIR_NAMES: [&str; 6] = ["E", "NE", "NW", "W", "SW", "SE"];

/// Index of the first cell of each row (A..I), plus the total.
const ROW_START: [i32; 10] = [0, 5, 11, 18, 26, 35, 43, 50, 56, 61];

const fn row_lo(i: i32) -> i32 {
    if i > 4 {
        i - 3
    } else {
        1
    }
}

/// Cell index of (letter index, number), or -1 off the board.
const fn index_of(i: i32, n: i32) -> i32 {
    if i < 0 || i > 8 || n < 1 || n > 9 {
        return -1;
    }
    let d = i - (n - 1);
    if d > 4 || d < -4 {
        return -1;
    }
    ROW_START[i as usize] + n - row_lo(i)
}

/// (letter index, number) of every cell.
pub const COORDS: [(i8, i8); CELLS] = {
    let mut out = [(0i8, 0i8); CELLS];
    let mut i = 0;
    while i < 9 {
        let mut n = 1;
        while n <= 9 {
            let c = index_of(i, n);
            if c >= 0 {
                out[c as usize] = (i as i8, n as i8);
            }
            n += 1;
        }
        i += 1;
    }
    out
};

/// `NB[c][d]`: the neighbour of `c` in direction `d`, or [`OFF`].
pub const NB: [[Cell; 6]; CELLS] = {
    let mut out = [[OFF; 6]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (i, n) = COORDS[c];
        let mut d = 0;
        while d < 6 {
            let t = index_of(i as i32 + DIRS[d].0, n as i32 + DIRS[d].1);
            if t >= 0 {
                out[c][d] = t as Cell;
            }
            d += 1;
        }
        c += 1;
    }
    out
};

/// The name of every cell as ASCII bytes, with `first` the letter of row A (b'A' or b'a').
const fn names_bytes(first: u8) -> [[u8; 2]; CELLS] {
    let mut out = [[0; 2]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (i, n) = COORDS[c];
        out[c] = [first + i as u8, b'0' + n as u8];
        c += 1;
    }
    out
}

static UPPER_BYTES: [[u8; 2]; CELLS] = names_bytes(b'A');
static LOWER_BYTES: [[u8; 2]; CELLS] = names_bytes(b'a');

/// The bytes of every name as `&'static str`, so that listing moves never formats or allocates a
/// cell name (a move list names ~200 cells at each version).
const fn as_strs(bytes: &'static [[u8; 2]; CELLS]) -> [&'static str; CELLS] {
    let mut out = [""; CELLS];
    let mut c = 0;
    while c < CELLS {
        out[c] = match std::str::from_utf8(&bytes[c]) {
            Ok(s) => s,
            Err(_) => panic!("cell names are ASCII"),
        };
        c += 1;
    }
    out
}

/// Upper-case names of the cells ("A1"), by index.
pub static NAMES: [&str; CELLS] = as_strs(&UPPER_BYTES);
/// Lower-case names of the cells, as in move notation ("a1"), by index.
pub static LOWER: [&str; CELLS] = as_strs(&LOWER_BYTES);

/// Upper-case name of a cell ("A1").
pub fn name(c: Cell) -> &'static str {
    NAMES[c as usize]
}

/// The cell named `s` (case-insensitive), if it is on the board.
pub fn parse_cell(s: &str) -> Option<Cell> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let i = b[0].to_ascii_uppercase().wrapping_sub(b'A') as i32;
    let n = b[1].wrapping_sub(b'0') as i32;
    let c = index_of(i, n);
    (c >= 0).then_some(c as Cell)
}

/// Direction named `s` (case-insensitive).
pub fn parse_dir(s: &str) -> Option<u8> {
    DIR_NAMES
        .iter()
        .position(|d| d.eq_ignore_ascii_case(s))
        .map(|d| d as u8)
}

/// Sort key for broadside notation: axial (q, r) = (n - 5, 4 - i), smallest first (rules §1.3, §6.1).
pub fn qr(c: Cell) -> (i8, i8) {
    let (i, n) = COORDS[c as usize];
    (n - 5, 4 - i)
}

/// The direction from `a` to its neighbour `b`, if they are neighbours.
pub fn dir_between(a: Cell, b: Cell) -> Option<u8> {
    (0..6u8).find(|&d| NB[a as usize][d as usize] == b)
}

/// A start position: the marbles of each seat, in seat order (rules §2).
pub struct Layout {
    pub name: &'static str,
    pub players: usize,
    pub seats: &'static [&'static [&'static str]],
}

/// Every start position. 2 players: seat 0 = Black (moves first). 3 and 4 players: seat 0 = P1, then
/// clockwise (rules §2.4, §2.5; in 4p seats 0 and 2 are one team).
pub const LAYOUTS: &[Layout] = &[
    Layout {
        name: "standard",
        players: 2,
        seats: &[
            &[
                "A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6", "C3", "C4", "C5",
            ],
            &[
                "I5", "I6", "I7", "I8", "I9", "H4", "H5", "H6", "H7", "H8", "H9", "G5", "G6", "G7",
            ],
        ],
    },
    Layout {
        name: "belgian-daisy",
        players: 2,
        seats: &[
            &[
                "A1", "A2", "B1", "B2", "B3", "C2", "C3", "G7", "G8", "H7", "H8", "H9", "I8", "I9",
            ],
            &[
                "A4", "A5", "B4", "B5", "B6", "C5", "C6", "G4", "G5", "H4", "H5", "H6", "I5", "I6",
            ],
        ],
    },
    Layout {
        name: "german-daisy",
        players: 2,
        seats: &[
            &[
                "B1", "B2", "C1", "C2", "C3", "D2", "D3", "F7", "F8", "G7", "G8", "G9", "H8", "H9",
            ],
            &[
                "B5", "B6", "C5", "C6", "C7", "D6", "D7", "F3", "F4", "G3", "G4", "G5", "H4", "H5",
            ],
        ],
    },
    Layout {
        name: "standard",
        players: 3,
        seats: &[
            &[
                "A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6",
            ],
            &[
                "E1", "F2", "G3", "H4", "I5", "D1", "E2", "F3", "G4", "H5", "I6",
            ],
            &[
                "E9", "F9", "G9", "H9", "I9", "D8", "E8", "F8", "G8", "H8", "I8",
            ],
        ],
    },
    Layout {
        name: "standard",
        players: 4,
        seats: &[
            &["A2", "A3", "A4", "A5", "B3", "B4", "B5", "C4", "C5"],
            &["B1", "C1", "D1", "E1", "C2", "D2", "E2", "D3", "E3"],
            &["I5", "I6", "I7", "I8", "H5", "H6", "H7", "G5", "G6"],
            &["E9", "F9", "G9", "H9", "E8", "F8", "G8", "E7", "F7"],
        ],
    },
];

/// The layout `name` for `players`, if there is one.
pub fn layout(name: &str, players: usize) -> Option<&'static Layout> {
    LAYOUTS
        .iter()
        .find(|l| l.name == name && l.players == players)
}
