//! The move JSON: the canonical `Move` ({"notation", "marbles", "dir"}) and `parse_move`, which reads
//! either the notation of rules §1.4 (`{"notation": "a1b2"}`, `{"notation": "b1b2c1"}`) or an explicit
//! group (`{"marbles": ["A1", "B2"], "dir": "NE"}`), or both (they must agree).

use std::fmt;
use std::ops::Deref;

use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;
use serde_json::Value;

use super::board::{
    dir_between, name, parse_cell, parse_dir, qr, Cell, DIR_NAMES, LOWER, NAMES, NB, OFF,
};
use super::rules::Mv;
use crate::engine::MoveError;

/// A move as the wire carries it. From `legal_moves` (and any move naming its marbles) it is the full
/// canonical form `{"notation", "marbles" (sorted), "dir"}`. An inline move given by notation alone
/// names only its trailing marble: the rest of its column is read from the board when it is played,
/// so its form is `{"notation", "dir"}`. Every part is kept inline (no heap): the server lists ~75
/// moves at each version, and a move that allocated its names cost most of that list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Move {
    pub notation: Notation,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marbles: Option<Marbles>,
    pub dir: &'static str,
    #[serde(skip)]
    pub(super) req: Req,
}

impl Move {
    /// Appends the move's JSON, the same text as serde_json's compact form of it, without serde:
    /// every part is ASCII letters and digits from the board's tables, so nothing needs escaping
    /// (see [`crate::Notation::write_legal_moves_json`]).
    pub(super) fn write_json(&self, out: &mut String) {
        out.push_str("{\"notation\":\"");
        out.push_str(self.notation.as_str());
        out.push('"');
        if let Some(marbles) = &self.marbles {
            out.push_str(",\"marbles\":[");
            for (i, name) in marbles.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push('"');
                out.push_str(name);
                out.push('"');
            }
            out.push(']');
        }
        out.push_str(",\"dir\":\"");
        out.push_str(self.dir);
        out.push_str("\"}");
    }
}

/// A move's notation (rules §1.4): 4 or 6 ASCII characters, lower case.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Notation {
    bytes: [u8; 6],
    len: u8,
}

/// A cell's part of a notation ("a1"); a destination off the board (only a refused suicide can
/// have one) is "--".
fn cell_part(c: Cell) -> &'static str {
    if c == OFF {
        "--"
    } else {
        LOWER[c as usize]
    }
}

impl Notation {
    /// The notation of these cells ([`cell_part`] each).
    fn of_cells(cells: &[Cell]) -> Notation {
        let mut n = Notation {
            bytes: [0; 6],
            len: 0,
        };
        for &c in cells {
            let part = cell_part(c);
            let at = n.len as usize;
            n.bytes[at..at + 2].copy_from_slice(part.as_bytes());
            n.len += 2;
        }
        n
    }

    /// The canonical notation of a board move: inline = trailing marble + its destination;
    /// broadside = both extremities, smallest axial (q, r) first, + destination of that first one
    /// (rules §6.1).
    pub(super) fn of_move(mv: &Mv) -> Notation {
        let (cells, n) = Notation::cells_of(mv);
        Notation::of_cells(&cells[..n])
    }

    /// Appends the notation of a board move to `out`: `of_move(mv)`'s text, written from the
    /// board's table of cell names (a listed move's notation needs no check that it is UTF-8).
    pub(super) fn write_move(mv: &Mv, out: &mut String) {
        let (cells, n) = Notation::cells_of(mv);
        for &c in &cells[..n] {
            out.push_str(cell_part(c));
        }
    }

    /// The cells a board move's notation names, and how many (2 inline, 3 broadside).
    fn cells_of(mv: &Mv) -> ([Cell; 3], usize) {
        let d = mv.dir as usize;
        if mv.inline {
            let rear = mv.cells[0];
            ([rear, NB[rear as usize][d], OFF], 2)
        } else {
            let ms = mv.marbles();
            let first = *ms.iter().min_by_key(|&&c| qr(c)).expect("a group");
            let last = *ms.iter().max_by_key(|&&c| qr(c)).expect("a group");
            ([first, last, NB[first as usize][d]], 3)
        }
    }

    /// The notation a client wrote, once checked to be 4 or 6 ASCII characters.
    fn of_text(s: &str) -> Notation {
        let mut n = Notation {
            bytes: [0; 6],
            len: s.len() as u8,
        };
        n.bytes[..s.len()].copy_from_slice(s.as_bytes());
        n
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).expect("notation is ASCII")
    }
}

impl Deref for Notation {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<&str> for Notation {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialOrd for Notation {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Notation {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Serialize for Notation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// The marbles a move names, sorted by cell index; serialised as their upper-case names.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Marbles {
    cells: [Cell; 3],
    n: u8,
}

impl Marbles {
    fn of(marbles: &[Cell]) -> Marbles {
        let mut cells = [0; 3];
        cells[..marbles.len()].copy_from_slice(marbles);
        cells[..marbles.len()].sort_unstable();
        Marbles {
            cells,
            n: marbles.len() as u8,
        }
    }

    /// The names of the marbles ("A1").
    pub fn iter(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.cells[..self.n as usize].iter().map(|&c| name(c))
    }
}

impl fmt::Debug for Marbles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Marbles {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.n as usize))?;
        for c in &self.cells[..self.n as usize] {
            seq.serialize_element(NAMES[*c as usize])?;
        }
        seq.end()
    }
}

/// What the move asks for, in board terms.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Req {
    /// Inline by notation: the column of own (and, pushing in 4p, partner) marbles from `rear` in `dir`.
    Run { rear: Cell, dir: u8 },
    /// An explicit group: exactly these marbles.
    Group(Mv),
}

impl Move {
    /// The canonical move of a board move: its notation ([`Notation::of_move`]), its marbles
    /// sorted, its direction.
    pub(super) fn of(mv: &Mv) -> Move {
        Move {
            notation: Notation::of_move(mv),
            marbles: Some(Marbles::of(mv.marbles())),
            dir: DIR_NAMES[mv.dir as usize],
            req: Req::Group(*mv),
        }
    }

    fn dir_index(&self) -> u8 {
        match self.req {
            Req::Run { dir, .. } => dir,
            Req::Group(mv) => mv.dir,
        }
    }
}

fn bad(msg: impl Into<String>) -> MoveError {
    MoveError::Malformed(msg.into())
}

fn cell(s: &str) -> Result<Cell, MoveError> {
    parse_cell(s).ok_or_else(|| bad(format!("there is no cell \"{s}\" on the board (A1..I9)")))
}

const SHAPE: &str =
    "a move is {\"notation\": \"a1b2\"} or {\"marbles\": [\"A1\", \"B2\"], \"dir\": \"NE\"}";

/// Reads a move (see the module doc).
pub fn parse(json: &Value) -> Result<Move, MoveError> {
    let obj = json
        .as_object()
        .ok_or_else(|| bad(format!("{SHAPE}, not {json}")))?;
    if let Some(k) = obj
        .keys()
        .find(|k| !matches!(k.as_str(), "notation" | "marbles" | "dir"))
    {
        return Err(bad(format!("unknown field \"{k}\": {SHAPE}")));
    }
    let dir = match obj.get("dir") {
        None => None,
        Some(v) => Some(
            v.as_str()
                .and_then(parse_dir)
                .ok_or_else(|| bad(format!("dir must be one of E, W, NE, NW, SE, SW, not {v}")))?,
        ),
    };
    let by_notation = obj.get("notation").map(notation).transpose()?;
    let by_marbles = match obj.get("marbles") {
        None => None,
        Some(v) => {
            let d = dir.ok_or_else(|| bad("\"marbles\" needs a \"dir\""))?;
            Some(group(v, d)?)
        }
    };
    match (by_notation, by_marbles) {
        (None, None) => Err(bad(SHAPE)),
        (Some(n), None) => match dir {
            Some(d) if d != n.dir_index() => Err(bad(format!(
                "dir {} does not match notation {} (which moves {})",
                DIR_NAMES[d as usize], n.notation, n.dir
            ))),
            _ => Ok(n),
        },
        (None, Some(m)) => Ok(m),
        (Some(n), Some(m)) => {
            if n.notation == m.notation && n.dir == m.dir {
                Ok(m)
            } else {
                Err(bad(format!(
                    "notation {} and marbles {:?} {} are not the same move (those marbles are written {})",
                    n.notation,
                    m.marbles.map(|m| m.iter().collect::<Vec<_>>()).unwrap_or_default(),
                    m.dir,
                    m.notation
                )))
            }
        }
    }
}

/// Reads the notation of rules §1.4 (case-insensitive) from JSON.
fn notation(v: &Value) -> Result<Move, MoveError> {
    let s = v
        .as_str()
        .ok_or_else(|| bad(format!("notation must be a string, not {v}")))?;
    parse_notation(s)
}

/// Reads the notation of rules §1.4 (case-insensitive): the game's short notation, and the
/// `notation` field of its move JSON.
pub fn parse_notation(s: &str) -> Result<Move, MoveError> {
    let s = s.to_ascii_lowercase();
    if !s.is_ascii() || !(s.len() == 4 || s.len() == 6) {
        return Err(bad(format!(
            "notation \"{s}\" is neither inline (trailing marble and its destination, e.g. a1b2) \
             nor broadside (both ends and the destination of the first, e.g. b1b2c1)"
        )));
    }
    let a = cell(&s[0..2])?;
    let b = cell(&s[2..4])?;
    if s.len() == 4 {
        let d = dir_between(a, b).ok_or_else(|| {
            bad(format!(
                "{} is not next to {}: an inline move is written as the trailing marble and its destination",
                &s[2..4],
                &s[0..2]
            ))
        })?;
        return Ok(Move {
            notation: Notation::of_text(&s),
            marbles: None,
            dir: DIR_NAMES[d as usize],
            req: Req::Run { rear: a, dir: d },
        });
    }
    let dst = cell(&s[4..6])?;
    let (axis, len) = (0..6u8)
        .find_map(|d| {
            let one = NB[a as usize][d as usize];
            if one == b {
                Some((d, 2))
            } else if one != OFF && NB[one as usize][d as usize] == b {
                Some((d, 3))
            } else {
                None
            }
        })
        .ok_or_else(|| {
            bad(format!(
                "{} and {} are not the two ends of a line of 2 or 3 marbles",
                &s[0..2],
                &s[2..4]
            ))
        })?;
    let d = dir_between(a, dst).ok_or_else(|| {
        bad(format!(
            "{} is not next to {}: a broadside move ends with the destination of its first marble",
            &s[4..6],
            &s[0..2]
        ))
    })?;
    if d % 3 == axis % 3 {
        return Err(bad(format!(
            "{s} moves along its line: write an inline move as the trailing marble and its destination"
        )));
    }
    let mut cells = [a, NB[a as usize][axis as usize], 0];
    if len == 3 {
        cells[2] = b;
    }
    cells[..len].sort_unstable();
    Ok(Move::of(&Mv {
        cells,
        n: len as u8,
        dir: d,
        inline: false,
    }))
}

/// Reads an explicit group of 1-3 contiguous marbles in a straight line, any order.
fn group(v: &Value, d: u8) -> Result<Move, MoveError> {
    let items = v
        .as_array()
        .ok_or_else(|| bad(format!("marbles must be an array of cell names, not {v}")))?;
    if items.is_empty() || items.len() > 3 {
        return Err(bad(format!(
            "a move moves 1, 2 or 3 marbles, not {}",
            items.len()
        )));
    }
    let mut cells = Vec::with_capacity(3);
    for it in items {
        let s = it
            .as_str()
            .ok_or_else(|| bad(format!("a marble is a cell name such as \"A1\", not {it}")))?;
        cells.push(cell(s)?);
    }
    cells.sort_unstable();
    if cells.windows(2).any(|w| w[0] == w[1]) {
        return Err(bad("a marble is listed twice"));
    }
    let n = cells.len();
    let mut inline = true;
    if n > 1 {
        // Sorted by index, a line is walked by one of the three index-increasing directions.
        let axis = (0..3u8)
            .find(|&a| {
                cells
                    .windows(2)
                    .all(|w| NB[w[0] as usize][a as usize] == w[1])
            })
            .ok_or_else(|| {
                bad(format!(
                    "the marbles {} are not contiguous in a straight line",
                    cells
                        .iter()
                        .map(|&c| name(c))
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?;
        inline = d % 3 == axis;
        if inline && d != axis {
            // Moving backwards along the line: the rear is the highest index.
            cells.reverse();
        }
    }
    let mut arr = [0; 3];
    arr[..n].copy_from_slice(&cells);
    Ok(Move::of(&Mv {
        cells: arr,
        n: n as u8,
        dir: d,
        inline,
    }))
}
