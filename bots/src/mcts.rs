//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012) with UCT.
//!
//! Each playout draws a fresh state consistent with the searching seat's view
//! ([`BotHints::determinize`]), walks the tree by moves (a node is a sequence of moves, not a state, so
//! one tree gathers what all samples teach), expands one move, then plays on by the game's playout
//! policy ([`BotHints::playout_move`], random by default) up to the depth cap, where
//! [`BotHints::evaluate`] scores it. Chance inside the rules (dice, coins, draws)
//! comes from the search's RNG, so each playout also samples the future. A move legal in some
//! samples only is judged against the playouts in which it was available (the "availability"
//! count), which keeps the UCB fair when an opponent's options depend on its unseen rack.
//!
//! Several seats may be asked to act at once (a simultaneous phase): the search lets them act one
//! after the other (the searching seat first at the root), which is right for secret choices
//! since the others' are resampled in every playout anyway.

use rand::Rng;
use std::time::Instant;

use plateau_games::{BotHints, GameRng, Seat};

use super::Budget;

/// UCB exploration constant for rewards in [0, 1].
const EXPLORATION: f64 = 0.7;
/// What a playout cut short scores when the game has no evaluation: a draw.
const UNKNOWN: f64 = 0.5;
/// Samples on which a move must win at once to be played without search.
const WIN_CHECK_SAMPLES: usize = 3;

/// One move out of a node, with its statistics from the point of view of the seat playing it.
struct Edge<M> {
    seat: Seat,
    mv: M,
    child: Option<usize>,
    visits: u32,
    /// Sum of the mover's rewards.
    reward: f64,
    /// Playouts in which this move was legal when its node was reached.
    available: u32,
}

struct Node<M> {
    edges: Vec<Edge<M>>,
}

pub(super) struct Search<'a, G: BotHints> {
    root: &'a G,
    seat: Seat,
    budget: &'a Budget,
    rng: &'a mut GameRng,
    nodes: Vec<Node<G::Move>>,
}

impl<'a, G: BotHints> Search<'a, G> {
    pub(super) fn new(root: &'a G, seat: Seat, budget: &'a Budget, rng: &'a mut GameRng) -> Self {
        Search {
            root,
            seat,
            budget,
            rng,
            nodes: vec![Node { edges: Vec::new() }],
        }
    }

    /// Searches until the budget or `stop`, and returns the most visited move of the seat.
    pub(super) fn run(mut self, stop: Option<Instant>) -> Option<G::Move> {
        let legal = self.root.legal_moves(self.seat);
        match legal.len() {
            0 => return super::random_choice(self.root, self.seat, self.rng),
            // A forced move (or step) needs no thought.
            1 => return legal.into_iter().next(),
            _ => {}
        }
        if let Some(win) = self.winning_move(&legal) {
            return Some(win);
        }
        for _ in 0..self.budget.playouts {
            if stop.is_some_and(|s| Instant::now() >= s) {
                break;
            }
            self.playout();
        }
        // Most visited, first listed on a tie; the seat's own edges only (a simultaneous phase
        // lists the others' too, deeper).
        let best = self.nodes[0]
            .edges
            .iter()
            .filter(|e| e.seat == self.seat)
            .fold(None::<&Edge<G::Move>>, |best, e| match best {
                Some(b) if b.visits >= e.visits => Some(b),
                _ => Some(e),
            });
        match best {
            Some(edge) => Some(edge.mv.clone()),
            // No time for a single playout (the bot waited its turn for a thread past its
            // deadline): the best move one ply ahead by the game's evaluation, not a blind one.
            None => self.greedy(legal),
        }
    }

    /// The legal move whose result the seat's reward likes best (a win, a draw, or the game's
    /// evaluation), on one sample of what it cannot see, first listed on a tie; for a game without
    /// an evaluation, the playout policy's move.
    fn greedy(&mut self, legal: Vec<G::Move>) -> Option<G::Move> {
        let sample = self.root.determinize(self.seat, self.rng);
        if sample.evaluate(self.seat).is_none() {
            return self.root.playout_move(self.seat, self.rng);
        }
        let mut best: Option<(f64, G::Move)> = None;
        for mv in legal {
            let mut after = sample.clone();
            if after.play(self.seat, &mv, self.rng).is_err() {
                continue;
            }
            let score = rewards(&after)[self.seat];
            if best.as_ref().is_none_or(|(b, _)| score > *b) {
                best = Some((score, mv));
            }
        }
        best.map(|(_, mv)| mv)
            .or_else(|| self.root.playout_move(self.seat, self.rng))
    }

    /// A move that wins at once in every one of a few samples, if there is one: an evaluation close
    /// to 1 can hide a sure win among good moves, and a win in one must never be missed.
    fn winning_move(&mut self, legal: &[G::Move]) -> Option<G::Move> {
        let samples: Vec<G> = (0..WIN_CHECK_SAMPLES)
            .map(|_| self.root.determinize(self.seat, self.rng))
            .collect();
        legal
            .iter()
            .find(|mv| {
                samples.iter().all(|sample| {
                    let mut after = sample.clone();
                    after.play(self.seat, mv, self.rng).is_ok()
                        && after
                            .outcome()
                            .is_some_and(|o| o.winners.contains(&self.seat))
                })
            })
            .cloned()
    }

    /// One sample, one descent, one expansion, one playout, and the rewards taken back up.
    fn playout(&mut self) {
        let mut state = self.root.determinize(self.seat, self.rng);
        let mut path: Vec<(usize, usize)> = Vec::new();
        let mut node = 0;
        let mut plies = 0;
        // Selection and expansion.
        while let Some(seat) = self.acting(&state, node == 0) {
            let legal = state.legal_moves(seat);
            if legal.is_empty() {
                break;
            }
            let (edge, expanded) = self.select(node, seat, legal);
            let mv = self.nodes[node].edges[edge].mv.clone();
            if state.play(seat, &mv, self.rng).is_err() {
                // Listed moves are always accepted (the engine contract); stop here if not.
                break;
            }
            plies += 1;
            path.push((node, edge));
            match self.nodes[node].edges[edge].child {
                Some(next) => node = next,
                None => {
                    let next = self.nodes.len();
                    self.nodes.push(Node { edges: Vec::new() });
                    self.nodes[node].edges[edge].child = Some(next);
                    node = next;
                }
            }
            if expanded {
                break;
            }
        }
        // Playout moves to the end or the depth cap (counted from the root: a deeper tree path is
        // scored where it ends).
        while plies < self.budget.depth as usize {
            let Some(seat) = self.acting(&state, false) else {
                break;
            };
            let Some(mv) = state.playout_move(seat, self.rng) else {
                break;
            };
            if state.play(seat, &mv, self.rng).is_err() {
                break;
            }
            plies += 1;
        }
        let rewards = rewards(&state);
        for (node, edge) in path {
            let e = &mut self.nodes[node].edges[edge];
            e.visits += 1;
            e.reward += rewards.get(e.seat).copied().unwrap_or(UNKNOWN);
        }
    }

    /// Who acts in `state`: the searching seat at the root if it is asked, else the first asked.
    fn acting(&self, state: &G, at_root: bool) -> Option<Seat> {
        let to_act = state.to_act();
        if at_root && to_act.contains(&self.seat) {
            return Some(self.seat);
        }
        to_act.first().copied()
    }

    /// The edge of `node` to follow for `seat`, whose legal moves in this sample are `legal`:
    /// an untried one if any (then `true`: the tree grows by it), else the best by UCB among the
    /// available ones.
    fn select(&mut self, node: usize, seat: Seat, legal: Vec<G::Move>) -> (usize, bool) {
        let edges = &mut self.nodes[node].edges;
        let mut available = Vec::with_capacity(legal.len());
        let mut untried = Vec::new();
        for (i, mv) in legal.into_iter().enumerate() {
            // Moves usually come in the same order as the edges were made: try that slot first.
            let found = match edges.get(i) {
                Some(e) if e.seat == seat && e.mv == mv => Some(i),
                _ => edges.iter().position(|e| e.seat == seat && e.mv == mv),
            };
            match found {
                Some(k) => {
                    edges[k].available += 1;
                    available.push(k);
                }
                None => untried.push(mv),
            }
        }
        if !untried.is_empty() {
            let pick = self.rng.random_range(0..untried.len());
            let mv = untried.swap_remove(pick);
            edges.push(Edge {
                seat,
                mv,
                child: None,
                visits: 0,
                reward: 0.0,
                available: 1,
            });
            return (edges.len() - 1, true);
        }
        let mut best = available[0];
        let mut best_score = f64::NEG_INFINITY;
        for &k in &available {
            let e = &edges[k];
            let visits = f64::from(e.visits.max(1));
            let score = e.reward / visits
                + EXPLORATION * (f64::from(e.available.max(1)).ln() / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = k;
            }
        }
        (best, false)
    }
}

/// Each seat's reward for where a playout stopped: 1 to the winners and 0 to the others, a draw
/// what the game makes of it ([`BotHints::draw_reward`], a half unless it says); cut short, the game's
/// evaluation (a draw without one).
fn rewards<G: BotHints>(state: &G) -> Vec<f64> {
    let seats = state.seat_count();
    if let Some(outcome) = state.outcome() {
        if outcome.winners.is_empty() {
            return (0..seats)
                .map(|s| state.draw_reward(s).clamp(0.0, 1.0))
                .collect();
        }
        return (0..seats)
            .map(|s| f64::from(u8::from(outcome.winners.contains(&s))))
            .collect();
    }
    (0..seats)
        .map(|s| state.evaluate(s).map_or(UNKNOWN, |v| v.clamp(0.0, 1.0)))
        .collect()
}
