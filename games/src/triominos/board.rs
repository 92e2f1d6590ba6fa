//! The triangular grid of rules §2.1 and the table: cells, vertices, neighbours, the matching rule
//! of §2.2 and the bonus shapes of §3 (hexagon, bridge).

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

use super::tiles::{self, Tile};

/// Which way a triangle points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    Up,
    Down,
}

/// A cell of the grid: `U(x, y)` or `D(x, y)`. Serialises as the move JSON's
/// `{"x": X, "y": Y, "dir": "up" | "down"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cell {
    pub x: i32,
    pub y: i32,
    pub dir: Dir,
}

/// A lattice point, where corners of tiles meet.
pub type Vertex = (i32, i32);

impl Cell {
    pub const fn up(x: i32, y: i32) -> Cell {
        Cell { x, y, dir: Dir::Up }
    }

    pub const fn down(x: i32, y: i32) -> Cell {
        Cell {
            x,
            y,
            dir: Dir::Down,
        }
    }

    /// Where the first tile of a round goes.
    pub const ORIGIN: Cell = Cell::up(0, 0);

    /// The cell's corners in clockwise order (§2.1 table).
    pub fn vertices(self) -> [Vertex; 3] {
        let Cell { x, y, dir } = self;
        match dir {
            Dir::Up => [(x, y + 1), (x + 1, y), (x, y)],
            Dir::Down => [(x, y + 1), (x + 1, y + 1), (x + 1, y)],
        }
    }

    /// The three cells sharing a side with this one.
    pub fn neighbours(self) -> [Cell; 3] {
        let Cell { x, y, dir } = self;
        match dir {
            Dir::Up => [Cell::down(x, y), Cell::down(x - 1, y), Cell::down(x, y - 1)],
            Dir::Down => [Cell::up(x, y), Cell::up(x + 1, y), Cell::up(x, y + 1)],
        }
    }

    /// The letter used in the view's compact board.
    pub fn dir_letter(self) -> &'static str {
        match self.dir {
            Dir::Up => "u",
            Dir::Down => "d",
        }
    }
}

/// The six cells around a vertex (a full ring is a hexagon).
pub fn cells_around((x, y): Vertex) -> [Cell; 6] {
    [
        Cell::up(x, y),
        Cell::up(x - 1, y),
        Cell::up(x, y - 1),
        Cell::down(x - 1, y),
        Cell::down(x, y - 1),
        Cell::down(x - 1, y - 1),
    ]
}

/// A tile on the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    pub cell: Cell,
    pub tile: Tile,
    pub rotation: u8,
    /// The numbers on the cell's vertices, clockwise.
    pub corners: [u8; 3],
    /// Whether this placement scored a bridge (for the Pressman side bonus).
    pub bridge: bool,
}

/// What a placement would form, worked out before it is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Shapes {
    /// Hexagons completed (0..=3).
    pub hexagons: usize,
    /// One side shared, opposite vertex touching (§3.2).
    pub bridge: bool,
    /// Sides shared with placed tiles.
    pub sides: usize,
    /// Whether one of those sides belongs to a tile that scored a bridge.
    pub next_to_bridge: bool,
}

/// The table: placed tiles in the order they were played, plus lookups by cell and by vertex.
#[derive(Debug, Clone, Default)]
pub struct Board {
    placed: Vec<Placed>,
    by_cell: BTreeMap<Cell, usize>,
    numbers: BTreeMap<Vertex, u8>,
}

impl Board {
    pub fn is_empty(&self) -> bool {
        self.placed.is_empty()
    }

    pub fn placed(&self) -> &[Placed] {
        &self.placed
    }

    pub fn at(&self, cell: Cell) -> Option<&Placed> {
        self.by_cell.get(&cell).map(|&i| &self.placed[i])
    }

    pub fn is_occupied(&self, cell: Cell) -> bool {
        self.by_cell.contains_key(&cell)
    }

    /// The number already fixed at each vertex of `cell` by tiles touching it (edge or point).
    pub fn constraints(&self, cell: Cell) -> [Option<u8>; 3] {
        cell.vertices().map(|v| self.numbers.get(&v).copied())
    }

    /// Why `corners` may not go on `cell`, if they may not (§2.2). The first tile of a round is
    /// checked by the caller (it must go on the origin).
    pub fn check(&self, cell: Cell, corners: [u8; 3]) -> Result<(), String> {
        if self.is_occupied(cell) {
            return Err("that cell is already taken".into());
        }
        if !self.is_empty() && !cell.neighbours().iter().any(|&n| self.is_occupied(n)) {
            return Err("a tile must share a whole side with a tile on the table".into());
        }
        for ((v, want), have) in cell
            .vertices()
            .iter()
            .zip(self.constraints(cell))
            .zip(corners)
        {
            if let Some(want) = want {
                if want != have {
                    return Err(format!(
                        "the corner at ({}, {}) must be {want}, this placement puts {have} there",
                        v.0, v.1
                    ));
                }
            }
        }
        Ok(())
    }

    /// Empty cells sharing a side with a placed tile: the only places a tile can go.
    pub fn frontier(&self) -> BTreeSet<Cell> {
        self.placed
            .iter()
            .flat_map(|p| p.cell.neighbours())
            .filter(|c| !self.is_occupied(*c))
            .collect()
    }

    /// Every legal placement of `rack`'s tiles, as (tile, cell, rotation), each distinct rotation
    /// once. Only frontier cells are tried, and each tile is matched against the cell's fixed
    /// corners, so this stays small however big the table grows.
    pub fn placements(&self, rack: &[Tile]) -> Vec<(Tile, Cell, u8)> {
        let mut out = Vec::new();
        self.each_placement(rack, |t, c, k| {
            out.push((t, c, k));
            false
        });
        out
    }

    /// Whether any tile of `rack` can be placed.
    pub fn can_place(&self, rack: &[Tile]) -> bool {
        let mut found = false;
        self.each_placement(rack, |_, _, _| {
            found = true;
            true
        });
        found
    }

    /// Calls `f` for each legal placement until it returns true.
    fn each_placement(&self, rack: &[Tile], mut f: impl FnMut(Tile, Cell, u8) -> bool) {
        for cell in self.frontier() {
            let want = self.constraints(cell);
            for tile in rack {
                for k in tiles::rotations(tile) {
                    let have = tiles::corners(tile, k);
                    let fits = want.iter().zip(have).all(|(w, h)| w.is_none_or(|w| w == h));
                    if fits && f(*tile, cell, k) {
                        return;
                    }
                }
            }
        }
    }

    /// The shapes a tile on the empty `cell` would form (§3), given the table as it is now.
    pub fn shapes(&self, cell: Cell) -> Shapes {
        let hexagons = cell
            .vertices()
            .iter()
            .filter(|&&v| {
                cells_around(v)
                    .iter()
                    .all(|&c| c == cell || self.is_occupied(c))
            })
            .count();
        let occupied: Vec<Cell> = cell
            .neighbours()
            .into_iter()
            .filter(|&n| self.is_occupied(n))
            .collect();
        let bridge = match occupied.as_slice() {
            [only] => {
                // The vertex of `cell` that is not on the shared side.
                let theirs = only.vertices();
                let opposite = cell.vertices().into_iter().find(|v| !theirs.contains(v));
                opposite.is_some_and(|v| self.numbers.contains_key(&v))
            }
            _ => false,
        };
        let next_to_bridge = occupied
            .iter()
            .any(|&n| self.at(n).is_some_and(|p| p.bridge));
        Shapes {
            hexagons,
            bridge,
            sides: occupied.len(),
            next_to_bridge,
        }
    }

    /// Puts a tile on the table (legality was checked by the caller).
    pub fn place(&mut self, cell: Cell, tile: Tile, rotation: u8, bridge: bool) {
        let corners = tiles::corners(&tile, rotation);
        for (v, n) in cell.vertices().into_iter().zip(corners) {
            self.numbers.insert(v, n);
        }
        self.by_cell.insert(cell, self.placed.len());
        self.placed.push(Placed {
            cell,
            tile,
            rotation,
            corners,
            bridge,
        });
    }
}
