//! The Groups-of-Three board, read once from `games/data/groups-of-three-board.json` into indices and
//! adjacency lists.
//!
//! The board is a reconstruction (rules §0, G1): a corrected board must be a change of data only. So
//! the rules read nothing but the file's tags: `adjacency`, `center`, `small_triangles_around_center`,
//! `transit`, `groups`, `seats[*].start` and the piece counts. Polygons, centroids and point contacts
//! are for drawing and for humans; they are ignored here (point contacts are simply not adjacency).

use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// A space, as an index into [`Board::names`].
pub type Space = usize;

const DATA: &str = include_str!("../../data/groups-of-three-board.json");

/// The board of the data file, parsed on first use.
pub fn board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        Board::from_json(DATA).expect("games/data/groups-of-three-board.json is a valid board")
    })
}

#[derive(Deserialize)]
struct RawSeat {
    start: Vec<String>,
}

/// The tags of the data file the rules use; serde ignores the rest.
#[derive(Deserialize)]
struct RawBoard {
    adjacency: BTreeMap<String, Vec<String>>,
    groups: BTreeMap<String, Vec<String>>,
    center: String,
    small_triangles_around_center: Vec<String>,
    transit: Vec<String>,
    seats: BTreeMap<String, RawSeat>,
    pieces_per_colour: u8,
    start_on_board: u8,
    start_reserve: u8,
}

/// The board in the form the rules want.
#[derive(Debug)]
pub struct Board {
    /// Space ids, sorted (the order of the data's `adjacency` keys); a [`Space`] indexes this.
    pub names: Vec<String>,
    /// Neighbours across a shared edge, sorted.
    pub adj: Vec<Vec<Space>>,
    /// The Center Square: entering it takes a piece off the board.
    pub center: Space,
    /// The spaces from which a piece may enter the centre.
    pub small_triangle: Vec<bool>,
    /// Spaces a piece may cross but never stop on.
    pub transit: Vec<bool>,
    /// The groups of three.
    pub groups: Vec<[Space; 3]>,
    /// The groups each space belongs to (several are allowed: rules G7).
    pub groups_of: Vec<Vec<usize>>,
    /// Starting spaces per colour; colour `c` is the data's seat `c + 1`.
    pub starts: Vec<Vec<Space>>,
    pub pieces_per_colour: u8,
    pub start_reserve: u8,
}

impl Board {
    /// Parses and checks a board file: every named space exists, adjacency is symmetric, groups are
    /// triples, seats are numbered 1..n and counts add up.
    pub fn from_json(text: &str) -> Result<Board, String> {
        let raw: RawBoard = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let names: Vec<String> = raw.adjacency.keys().cloned().collect();
        let find = |name: &str| -> Result<Space, String> {
            names
                .binary_search_by(|n| n.as_str().cmp(name))
                .map_err(|_| format!("unknown space {name}"))
        };
        let n = names.len();
        let mut adj = vec![Vec::new(); n];
        for (name, neighbours) in &raw.adjacency {
            let s = find(name)?;
            for other in neighbours {
                adj[s].push(find(other)?);
            }
            adj[s].sort_unstable();
            adj[s].dedup();
        }
        for s in 0..n {
            for &t in &adj[s] {
                if t == s || !adj[t].contains(&s) {
                    return Err(format!(
                        "adjacency {} - {} is not symmetric",
                        names[s], names[t]
                    ));
                }
            }
        }
        let center = find(&raw.center)?;
        let mut small_triangle = vec![false; n];
        for name in &raw.small_triangles_around_center {
            small_triangle[find(name)?] = true;
        }
        let mut transit = vec![false; n];
        for name in &raw.transit {
            transit[find(name)?] = true;
        }
        let mut groups = Vec::new();
        let mut groups_of = vec![Vec::new(); n];
        for (gname, members) in &raw.groups {
            let members = members
                .iter()
                .map(|m| find(m))
                .collect::<Result<Vec<_>, _>>()?;
            let group: [Space; 3] = members
                .try_into()
                .map_err(|_| format!("group {gname} does not have 3 compartments"))?;
            for &s in &group {
                groups_of[s].push(groups.len());
            }
            groups.push(group);
        }
        let mut seats: Vec<(u32, &RawSeat)> = Vec::new();
        for (key, seat) in &raw.seats {
            seats.push((
                key.parse()
                    .map_err(|_| format!("seat {key} is not a number"))?,
                seat,
            ));
        }
        seats.sort_by_key(|(k, _)| *k);
        let mut starts = Vec::new();
        for (i, (k, seat)) in seats.iter().enumerate() {
            if *k as usize != i + 1 {
                return Err("seats must be numbered 1, 2, 3...".into());
            }
            let start = seat
                .start
                .iter()
                .map(|m| find(m))
                .collect::<Result<Vec<_>, _>>()?;
            if start.len() != raw.start_on_board as usize {
                return Err(format!(
                    "seat {k} does not start with {} pieces",
                    raw.start_on_board
                ));
            }
            starts.push(start);
        }
        if raw.start_on_board + raw.start_reserve != raw.pieces_per_colour {
            return Err("start_on_board + start_reserve != pieces_per_colour".into());
        }
        Ok(Board {
            names,
            adj,
            center,
            small_triangle,
            transit,
            groups,
            groups_of,
            starts,
            pieces_per_colour: raw.pieces_per_colour,
            start_reserve: raw.start_reserve,
        })
    }

    /// The space called `name`.
    pub fn space(&self, name: &str) -> Option<Space> {
        self.names.binary_search_by(|n| n.as_str().cmp(name)).ok()
    }

    pub fn name(&self, s: Space) -> &str {
        &self.names[s]
    }

    pub fn adjacent(&self, a: Space, b: Space) -> bool {
        self.adj[a].binary_search(&b).is_ok()
    }
}
