//! The legal moves: example setups, every pearl-loss choice, and on a turn nothing, every
//! exchange, one move per (cube, destination) and every attack.

use std::collections::VecDeque;

use super::board::{self, Point, CELLS};
use super::moves::{Move, Pearls, SetupCube};
use rand::seq::SliceRandom;
use rand::Rng;

use super::{Cube, PendingLoss, Trangouar, MAX_CUBES, MIN_CUBES, PEARLS};
use crate::engine::{GameRng, Seat};

impl Trangouar {
    /// A few valid setups for `seat` (there are far too many to list; see the module doc).
    pub(super) fn example_setups(&self, seat: Seat) -> Vec<Move> {
        let zone = board::zones(self.players)[seat];
        let [corner, edge_x, edge_y, inner] = zone.corners();
        let full = Pearls::new(3, 3, 3);
        let cells = zone.cells();
        let layouts: Vec<Vec<(Point, Pearls)>> = vec![
            vec![(corner, full), (edge_x, full), (edge_y, full)],
            vec![(edge_x, full), (edge_y, full), (inner, full)],
            vec![
                (cells[0], full),
                (cells[1], full),
                (cells[2], Pearls::new(2, 2, 2)),
                (cells[3], Pearls::new(1, 1, 1)),
            ],
            cells.iter().map(|&p| (p, Pearls::new(1, 1, 1))).collect(),
        ];
        layouts
            .into_iter()
            .map(setup_move)
            .filter(|m| matches!(m, Move::Setup { cubes } if self.check_setup(seat, cubes).is_ok()))
            .collect()
    }

    /// A random valid setup for `seat` (what a bot sends): 3 to 9 cubes on random intersections of
    /// its zone, every cube first given one pearl (unless empty cubes are allowed), then the 27
    /// pearls dealt one by one to random (cube, colour) slots with room under the antenna caps.
    /// Every valid setup can come out, not only the listed examples.
    pub(super) fn random_setup(&self, seat: Seat, rng: &mut GameRng) -> Move {
        let mut cells = board::zones(self.players)[seat].cells();
        cells.shuffle(rng);
        let count = rng.random_range(MIN_CUBES..=MAX_CUBES);
        let mut pearls = vec![Pearls::default(); count];
        let colour = |p: &mut Pearls, c: usize| match c {
            0 => p.red += 1,
            1 => p.black += 1,
            _ => p.white += 1,
        };
        let mut left = PEARLS;
        if !self.rules.allow_empty {
            for p in &mut pearls {
                colour(p, rng.random_range(0..3));
                left -= 1;
            }
        }
        for _ in 0..left {
            let room: Vec<(usize, usize)> = (0..count)
                .flat_map(|i| (0..3).map(move |c| (i, c)))
                .filter(|&(i, c)| {
                    let mut more = pearls[i];
                    colour(&mut more, c);
                    self.fits(more)
                })
                .collect();
            // 3 cubes hold 27 pearls under either cap, so there is always room.
            let (i, c) = room[rng.random_range(0..room.len())];
            colour(&mut pearls[i], c);
        }
        setup_move(cells.into_iter().zip(pearls))
    }

    /// Every way the losing cube can give up its pearls.
    pub(super) fn loss_choices(&self, pending: PendingLoss) -> Vec<Move> {
        let have = self
            .cube_at(pending.cube)
            .expect("the losing cube is on the board")
            .pearls;
        Pearls::splits(pending.count.into(), pending.count)
            .filter(|p| p.within(have))
            .map(|p| Move::Lose { pearls: p.into() })
            .collect()
    }

    /// Nothing, every exchange, one move per (cube, destination), every attack.
    pub(super) fn turn_moves(&self, seat: Seat) -> Vec<Move> {
        let mut moves = vec![Move::Nothing {}];
        let cubes: Vec<(Point, Cube)> = self.active_cubes(seat).collect();
        for &(at, cube) in &cubes {
            let p = cube.pearls;
            moves.extend(
                Pearls::splits(p.total(), self.colour_cap())
                    .filter(|&q| q != p && self.fits(q))
                    .map(|q| Move::Exchange {
                        cube: at,
                        red: q.red,
                        black: q.black,
                        white: q.white,
                    }),
            );
        }
        for &(at, cube) in &cubes {
            moves.extend(
                self.destinations(at, cube.pearls.red)
                    .into_iter()
                    .map(|path| Move::Move { cube: at, path }),
            );
        }
        for &(at, _) in &cubes {
            moves.extend(
                at.neighbours()
                    .filter(|&n| {
                        self.cube_at(n)
                            .is_some_and(|c| !c.is_corpse() && c.owner != Some(seat))
                    })
                    .map(|target| Move::Attack { cube: at, target }),
            );
        }
        moves
    }

    /// One valid path to each intersection the cube on `from` with `red` red pearls can reach, in
    /// board order of the destinations.
    pub(super) fn destinations(&self, from: Point, red: u8) -> Vec<Vec<Point>> {
        let red = red as usize;
        let mut found: Vec<Option<Vec<Point>>> = vec![None; CELLS];
        if red == 0 {
            return vec![];
        }
        if self.rules.straight {
            for d in board::NEIGHBOURHOOD {
                let mut path = Vec::new();
                let mut at = from;
                while let Some(next) = at.step(d).filter(|&n| self.is_empty(n)) {
                    path.push(next);
                    at = next;
                    if path.len() == red || self.rules.up_to {
                        found[next.index()] = Some(path.clone());
                    }
                    if path.len() == red {
                        break;
                    }
                }
            }
        } else if self.rules.up_to {
            self.shortest_paths(from, red, &mut found);
        } else {
            self.exact_paths(from, red, &mut found);
        }
        found.into_iter().flatten().collect()
    }

    /// Breadth-first: a shortest path of 1 to `red` steps to every reachable empty intersection.
    fn shortest_paths(&self, from: Point, red: usize, found: &mut [Option<Vec<Point>>]) {
        let mut queue = VecDeque::from([(from, Vec::new())]);
        let mut seen = [false; CELLS];
        seen[from.index()] = true;
        while let Some((at, path)) = queue.pop_front() {
            if path.len() == red {
                continue;
            }
            for n in at.neighbours() {
                if !seen[n.index()] && self.is_empty(n) {
                    seen[n.index()] = true;
                    let mut longer = path.clone();
                    longer.push(n);
                    found[n.index()] = Some(longer.clone());
                    queue.push_back((n, longer));
                }
            }
        }
    }

    /// Depth-first over simple paths of exactly `red` steps through empty intersections; the first
    /// path found to each end is kept. Stops early once every intersection that could be an end
    /// has one: those reachable in at most `red` steps with the parity of `red` (the grid is
    /// bipartite, so every path to a point has the parity of its distance).
    fn exact_paths(&self, from: Point, red: usize, found: &mut [Option<Vec<Point>>]) {
        let mut near = vec![None; CELLS];
        self.shortest_paths(from, red, &mut near);
        let mut missing = near
            .iter()
            .flatten()
            .filter(|p| p.len() % 2 == red % 2)
            .count();
        let mut visited = [false; CELLS];
        visited[from.index()] = true;
        let mut path = Vec::with_capacity(red);
        self.dfs(from, red, &mut visited, &mut path, found, &mut missing);
    }

    fn dfs(
        &self,
        at: Point,
        red: usize,
        visited: &mut [bool; CELLS],
        path: &mut Vec<Point>,
        found: &mut [Option<Vec<Point>>],
        missing: &mut usize,
    ) {
        if path.len() == red {
            if found[at.index()].is_none() {
                found[at.index()] = Some(path.clone());
                *missing -= 1;
            }
            return;
        }
        for n in at.neighbours() {
            if *missing == 0 {
                return;
            }
            if !visited[n.index()] && self.is_empty(n) {
                visited[n.index()] = true;
                path.push(n);
                self.dfs(n, red, visited, path, found, missing);
                path.pop();
                visited[n.index()] = false;
            }
        }
    }
}

/// A setup move from cubes and their pearls, in its canonical order (by cell).
fn setup_move(cubes: impl IntoIterator<Item = (Point, Pearls)>) -> Move {
    let mut cubes: Vec<SetupCube> = cubes
        .into_iter()
        .map(|(at, p)| SetupCube {
            at,
            red: p.red,
            black: p.black,
            white: p.white,
        })
        .collect();
    cubes.sort_by_key(|c| c.at);
    Move::Setup { cubes }
}
