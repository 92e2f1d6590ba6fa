//! How far each seat is in the race, for a search bot's evaluation ([`crate::BotHints::evaluate`]).

use std::collections::VecDeque;

use super::board::Board;
use super::GroupsOfThree;

/// Steps from every space to the Center Square (breadth first over the borders).
fn distances_to_centre(b: &Board) -> Vec<u32> {
    let mut dist = vec![u32::MAX; b.adj.len()];
    let mut queue = VecDeque::from([b.center]);
    dist[b.center] = 0;
    while let Some(s) = queue.pop_front() {
        for &n in &b.adj[s] {
            if dist[n] == u32::MAX {
                dist[n] = dist[s] + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

impl GroupsOfThree {
    /// Each seat's progress: 1 per piece out, between a half and 1 per piece on the board (closer
    /// to the centre is more), 0 per piece in reserve.
    pub(super) fn progress(&self) -> Vec<f64> {
        let dist = distances_to_centre(self.board);
        let far = dist
            .iter()
            .copied()
            .filter(|&d| d != u32::MAX)
            .max()
            .unwrap_or(1)
            .max(1);
        let mut progress = vec![0.0; self.players];
        for c in &self.colours {
            progress[c.seat] += f64::from(c.exited);
        }
        for (space, occupant) in self.occupant.iter().enumerate() {
            if let Some(colour) = occupant {
                let d = f64::from(dist[space].min(far)) / f64::from(far);
                progress[self.colours[*colour as usize].seat] += 1.0 - 0.5 * d;
            }
        }
        progress
    }
}
