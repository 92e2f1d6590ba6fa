//! Who meets whom. Swiss rounds and arena pairings are a maximum-weight matching over the entrants
//! (the blossom algorithm of the `mwmatching` crate, as lichess pairs its tournaments), never a
//! greedy pass: every pair that may meet is an edge whose weight is high for equal points and close
//! ratings, and the matching with the most weight in all is taken among those that pair the most
//! entrants. Round robin follows the circle method.
//!
//! Every pair of a large field is a quarter of a million edges at 1,000 entrants, and the blossom
//! algorithm took about 4 s over them (issue 45's goal: under a second). A pair far apart in the
//! standings is never worth its weight while closer ones are free, so each entrant is first
//! offered only its [`WINDOW`] nearest allowed opponents below it in the standings (and so about
//! as many above); only if that graph pairs fewer entrants than the whole would can, the whole
//! graph is solved ([`pair_by_standing`]).

use std::collections::HashSet;

use mwmatching::{Matching, SENTINEL};

use super::Entrant;

/// What the pairing of one entrant weighs with: its points so far and its rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    pub entrant: Entrant,
    pub points: u32,
    pub rating: f64,
}

/// One round's pairings: pairs (the higher ranked first), and who sits out with a bye.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Round {
    pub pairs: Vec<(Entrant, Entrant)>,
    pub byes: Vec<Entrant>,
}

/// The most any one edge weighs; differences in points cost far more than differences in rating, so
/// that a closer score always wins over a closer rating.
const BASE: i32 = 100_000_000;
const PER_POINT_SQUARED: i32 = 10_000;
/// Rating differences count up to this much (a difference of 2,000 is not worse than one of 1,000
/// for pairing purposes, and the cap keeps the weights within `i32`).
const RATING_CAP: i32 = 9_999;

fn weight(a: &Candidate, b: &Candidate, penalty: i32) -> i32 {
    let dp = a.points.abs_diff(b.points).min(90) as i32;
    let dr = ((a.rating - b.rating).abs().round() as i32).min(RATING_CAP);
    BASE - PER_POINT_SQUARED * dp * dp - dr - penalty
}

/// How many allowed opponents below it in the standings each entrant is offered at first.
const WINDOW: usize = 40;

/// The matching of `candidates` (and, for `extra`, more edges to vertices past them, as a bye),
/// with `weigh(i, j)` the weight of the pair `i`, `j` or None where they may not meet: first over
/// each entrant's [`WINDOW`] nearest allowed opponents in the standings, then, if that leaves more
/// than `may_wait` entrants unpaired, over every allowed pair. The mates by vertex.
fn pair_by_standing(
    candidates: &[Candidate],
    window: usize,
    extra: &[(usize, usize, i32)],
    may_wait: usize,
    weigh: impl Fn(usize, usize) -> Option<i32>,
) -> Vec<usize> {
    let n = candidates.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&candidates[a], &candidates[b]);
        (b.points, b.rating)
            .partial_cmp(&(a.points, a.rating))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let edges = |window: usize| {
        let mut edges = extra.to_vec();
        for (at, &i) in order.iter().enumerate() {
            let below = order[at + 1..]
                .iter()
                .filter_map(|&j| Some((i.min(j), i.max(j), weigh(i, j)?)));
            edges.extend(below.take(window));
        }
        edges
    };
    let unpaired = |mates: &[usize]| {
        (0..n)
            .filter(|&i| mates.get(i).is_none_or(|&m| m == SENTINEL))
            .count()
    };
    if n > window.saturating_add(1) {
        let mates = matched(edges(window));
        if unpaired(&mates) <= may_wait {
            return mates;
        }
    }
    matched(edges(n))
}

/// A Swiss round: every pair by points then rating, no pair that met before (`met`, in either
/// order), and for an odd number of entrants one bye, to an entrant who had none yet (`had_bye`),
/// the lowest on points then rating. An entrant left without any opponent it has not met (a
/// tournament with more rounds than its entrants allow) sits out with a bye too.
pub fn swiss(
    candidates: &[Candidate],
    met: &HashSet<(Entrant, Entrant)>,
    had_bye: &HashSet<Entrant>,
) -> Round {
    swiss_within(candidates, met, had_bye, WINDOW)
}

/// [`swiss`], each entrant offered first its `window` nearest allowed opponents.
fn swiss_within(
    candidates: &[Candidate],
    met: &HashSet<(Entrant, Entrant)>,
    had_bye: &HashSet<Entrant>,
    window: usize,
) -> Round {
    let n = candidates.len();
    let met_before = |a: Entrant, b: Entrant| met.contains(&(a, b)) || met.contains(&(b, a));
    // The bye as one more vertex: an edge to each entrant who may have it, heavier the lower the
    // entrant's points and rating, so the matching gives it to the last of those.
    let bye = n;
    let mut byes = Vec::new();
    if n % 2 == 1 {
        let top = candidates.iter().map(|c| c.points).max().unwrap_or(0);
        for (i, c) in candidates.iter().enumerate() {
            if !had_bye.contains(&c.entrant) {
                let low = (top - c.points).min(90) as i32;
                let rating = (c.rating.round() as i32).clamp(0, RATING_CAP);
                byes.push((i, bye, BASE / 2 + PER_POINT_SQUARED * low * low - rating));
            }
        }
    }
    // Nobody may have the bye (all had one): one entrant is left out in any case.
    let may_wait = usize::from(n % 2 == 1 && byes.is_empty());
    let mates = pair_by_standing(candidates, window, &byes, may_wait, |i, j| {
        let (a, b) = (&candidates[i], &candidates[j]);
        (!met_before(a.entrant, b.entrant)).then(|| weight(a, b, 0))
    });
    let mut round = Round::default();
    for (i, c) in candidates.iter().enumerate() {
        match mates.get(i).copied() {
            Some(m) if m == bye => round.byes.push(c.entrant),
            Some(m) if m != SENTINEL && m > i => round.pairs.push(ordered(c, &candidates[m])),
            Some(m) if m != SENTINEL => {}
            _ => round.byes.push(c.entrant),
        }
    }
    round
}

/// Arena: the entrants free now, paired at once by points then rating; the last opponent of each is
/// avoided (`last`) while another is free, never forbidden. An odd one out waits for the next.
pub fn arena(free: &[Candidate], last: &HashSet<(Entrant, Entrant)>) -> Vec<(Entrant, Entrant)> {
    let n = free.len();
    let mates = pair_by_standing(free, WINDOW, &[], n % 2, |i, j| {
        let (a, b) = (&free[i], &free[j]);
        let again =
            last.contains(&(a.entrant, b.entrant)) || last.contains(&(b.entrant, a.entrant));
        // Heavier than any difference of points or rating: met last time only when nothing else pairs them.
        Some(weight(a, b, if again { BASE / 2 } else { 0 }))
    });
    (0..n)
        .filter_map(|i| {
            let m = *mates.get(i)?;
            (m != SENTINEL && m > i).then(|| ordered(&free[i], &free[m]))
        })
        .collect()
}

/// The mates of a maximum-weight matching among those of maximum cardinality.
fn matched(edges: Vec<(usize, usize, i32)>) -> Vec<usize> {
    if edges.is_empty() {
        return Vec::new();
    }
    Matching::new(edges).max_cardinality().solve()
}

/// A pair with the higher placed entrant first (points, then rating, then entry).
fn ordered(a: &Candidate, b: &Candidate) -> (Entrant, Entrant) {
    let key = |c: &Candidate| (c.points, c.rating, std::cmp::Reverse(c.entrant));
    if key(a).partial_cmp(&key(b)) == Some(std::cmp::Ordering::Less) {
        (b.entrant, a.entrant)
    } else {
        (a.entrant, b.entrant)
    }
}

/// A round robin of `n` entrants (at most ten) by the circle method: `n - 1` rounds for an even
/// `n`, `n` for an odd one (each entrant sits out once); everybody meets everybody exactly once,
/// and the first seat alternates so that nobody plays first in every round.
pub fn round_robin(n: usize) -> Vec<Round> {
    if n < 2 {
        return Vec::new();
    }
    // An odd count gets a ghost: whoever meets it sits the round out.
    let slots = n + n % 2;
    let ghost = (n % 2 == 1).then_some(n);
    let mut circle: Vec<usize> = (0..slots).collect();
    let mut rounds = Vec::new();
    for r in 0..slots - 1 {
        let mut round = Round::default();
        for k in 0..slots / 2 {
            let (a, b) = (circle[k], circle[slots - 1 - k]);
            if Some(a) == ghost {
                round.byes.push(b);
            } else if Some(b) == ghost {
                round.byes.push(a);
            } else if (k == 0 && r % 2 == 1) || (k > 0 && k % 2 == 1) {
                round.pairs.push((b, a));
            } else {
                round.pairs.push((a, b));
            }
        }
        rounds.push(round);
        // The first stays; the others turn one place.
        let last = circle.pop().expect("at least two slots");
        circle.insert(1, last);
    }
    rounds
}

/// One round of a round robin played in matches of `size` (3 or 4) by `n` entrants: groups cut
/// greedily so that each brings together as many entrants who have not met yet (`met`, pairs in
/// either order) as it can. Each group starts from the entrant with the most others still to meet
/// (the lowest index on a tie) and takes, one by one, the entrant who has met the fewest of those
/// already in it; the last group may be short (bots fill it). None once every two entrants have
/// met: the round robin is over.
pub fn covering_round(
    n: usize,
    size: usize,
    met: &HashSet<(Entrant, Entrant)>,
) -> Option<Vec<Vec<Entrant>>> {
    let has_met = |a: Entrant, b: Entrant| met.contains(&(a, b)) || met.contains(&(b, a));
    let unmet =
        |a: Entrant, among: &[Entrant]| among.iter().filter(|&&b| b != a && !has_met(a, b)).count();
    let everyone: Vec<Entrant> = (0..n).collect();
    if everyone.iter().all(|&a| unmet(a, &everyone) == 0) {
        return None;
    }
    let mut left = everyone.clone();
    let mut groups = Vec::new();
    while !left.is_empty() {
        let first = *left
            .iter()
            .max_by_key(|&&a| (unmet(a, &left), std::cmp::Reverse(a)))
            .expect("not empty");
        let mut group = vec![first];
        left.retain(|&a| a != first);
        while group.len() < size && !left.is_empty() {
            let next = *left
                .iter()
                .max_by_key(|&&a| {
                    (
                        group.iter().filter(|&&g| !has_met(a, g)).count(),
                        std::cmp::Reverse(a),
                    )
                })
                .expect("not empty");
            group.push(next);
            left.retain(|&a| a != next);
        }
        groups.push(group);
    }
    Some(groups)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(entrant: Entrant, points: u32, rating: f64) -> Candidate {
        Candidate {
            entrant,
            points,
            rating,
        }
    }

    fn met(pairs: &[(Entrant, Entrant)]) -> HashSet<(Entrant, Entrant)> {
        pairs.iter().copied().collect()
    }

    #[test]
    fn a_swiss_round_pairs_by_points_then_rating() {
        // Two on 2 points, two on 0: the leaders meet, and the trailers, whatever their ratings.
        let round = swiss(
            &[
                c(0, 2, 1500.0),
                c(1, 0, 1900.0),
                c(2, 2, 1400.0),
                c(3, 0, 1450.0),
            ],
            &met(&[(0, 3), (2, 1)]),
            &HashSet::new(),
        );
        assert_eq!(round.pairs, [(0, 2), (1, 3)]);
        assert!(round.byes.is_empty());
    }

    #[test]
    fn a_greedy_pass_would_leave_two_who_met_but_the_matching_does_not() {
        // Greedy by rank would pair 0-1 then be left with 2-3, who met already. The matching pairs
        // 0-2 and 1-3 instead.
        let round = swiss(
            &[
                c(0, 4, 1600.0),
                c(1, 4, 1590.0),
                c(2, 4, 1500.0),
                c(3, 4, 1490.0),
            ],
            &met(&[(2, 3)]),
            &HashSet::new(),
        );
        assert_eq!(round.pairs.len(), 2);
        assert!(!round.pairs.contains(&(2, 3)) && !round.pairs.contains(&(3, 2)));
        assert!(round.byes.is_empty());
    }

    #[test]
    fn an_odd_field_gives_one_bye_to_the_lowest_who_had_none() {
        let field = [
            c(0, 4, 1500.0),
            c(1, 2, 1500.0),
            c(2, 0, 1400.0),
            c(3, 0, 1450.0),
            c(4, 2, 1600.0),
        ];
        let round = swiss(&field, &HashSet::new(), &HashSet::new());
        assert_eq!(round.byes, [2], "the lowest on points, then rating");
        assert_eq!(round.pairs.len(), 2);
        // 2 had a bye already: 3, the other entrant on 0 points, gets it.
        let again = swiss(&field, &HashSet::new(), &[2].into_iter().collect());
        assert_eq!(again.byes, [3]);
    }

    #[test]
    fn every_swiss_round_of_eight_entrants_pairs_nobody_twice() {
        let mut points = [0u32; 8];
        let mut seen = HashSet::new();
        for round in 0..7 {
            let field: Vec<_> = (0..8)
                .map(|e| c(e, points[e], 1500.0 + 10.0 * e as f64))
                .collect();
            let r = swiss(&field, &seen, &HashSet::new());
            assert_eq!(r.pairs.len(), 4, "round {round}: everyone paired");
            for &(a, b) in &r.pairs {
                assert!(
                    seen.insert((a, b)) && !seen.contains(&(b, a)),
                    "round {round}: {a}-{b} again"
                );
                points[a] += 2; // the first listed wins, whatever: the pairing only reads points
            }
        }
        assert_eq!(
            seen.len(),
            28,
            "seven rounds of eight: everybody met everybody"
        );
    }

    /// A Swiss round's pairs' differences in all: of points squared, and of ratings.
    fn spread(field: &[Candidate], round: &Round) -> (u64, f64) {
        let by = |e: Entrant| field.iter().find(|c| c.entrant == e).unwrap();
        round
            .pairs
            .iter()
            .fold((0, 0.0), |(points, rating), &(a, b)| {
                let (a, b) = (by(a), by(b));
                let dp = u64::from(a.points.abs_diff(b.points));
                (points + dp * dp, rating + (a.rating - b.rating).abs())
            })
    }

    /// A field too large for every pair to be an edge: each round over the nearest opponents in
    /// the standings pairs everyone once, as close in points as the matching over every pair
    /// (the same differences of points) and within 2% of its differences of rating, for nine
    /// rounds of 121 entrants (a bye each round).
    #[test]
    fn a_large_swiss_paired_over_near_opponents_loses_nothing_to_the_whole_graph() {
        let n = 121;
        let mut points = vec![0u32; n];
        let (mut seen, mut had_bye) = (HashSet::new(), HashSet::new());
        for round in 0..9 {
            let field: Vec<_> = (0..n)
                .map(|e| c(e, points[e], 1000.0 + ((e * 7919) % 1500) as f64))
                .collect();
            let r = swiss(&field, &seen, &had_bye);
            assert_eq!(r.pairs.len(), n / 2, "round {round}: everyone paired");
            assert_eq!(r.byes.len(), 1, "round {round}: one bye");
            // The whole graph, as before the window: every pair that has not met.
            let whole = swiss_within(&field, &seen, &had_bye, usize::MAX);
            let (near, all) = (spread(&field, &r), spread(&field, &whole));
            assert_eq!(
                near.0, all.0,
                "round {round}: points as close as over every pair"
            );
            assert!(
                near.1 <= all.1 * 1.02,
                "round {round}: ratings {} apart in all, {} over every pair",
                near.1,
                all.1
            );
            for &(a, b) in &r.pairs {
                assert!(
                    !seen.contains(&(b, a)) && seen.insert((a, b)),
                    "round {round}: {a}-{b} again"
                );
                points[a] += 2;
            }
            had_bye.extend(r.byes.iter().copied());
        }
    }

    #[test]
    fn the_arena_avoids_the_last_opponent_while_another_is_free() {
        let free = [
            c(0, 2, 1500.0),
            c(1, 2, 1500.0),
            c(2, 0, 1500.0),
            c(3, 0, 1500.0),
        ];
        // 0 and 1 just met: they are paired with 2 and 3 instead, though their points are closer.
        let pairs = arena(&free, &met(&[(0, 1)]));
        assert_eq!(pairs.len(), 2);
        assert!(!pairs.contains(&(0, 1)) && !pairs.contains(&(1, 0)));
        // Only the two of them free: they meet again rather than wait.
        assert_eq!(arena(&free[..2], &met(&[(0, 1)])), [(0, 1)]);
        // Three free: one waits.
        assert_eq!(arena(&free[..3], &HashSet::new()).len(), 1);
    }

    #[test]
    fn a_round_robin_meets_everybody_once() {
        for n in 2..=10 {
            let rounds = round_robin(n);
            assert_eq!(
                rounds.len(),
                if n % 2 == 0 { n - 1 } else { n },
                "{n} entrants"
            );
            let mut seen = HashSet::new();
            let mut firsts = vec![0usize; n];
            for r in &rounds {
                let mut in_round = HashSet::new();
                for &(a, b) in &r.pairs {
                    assert!(seen.insert((a.min(b), a.max(b))), "{n}: {a}-{b} twice");
                    assert!(in_round.insert(a) && in_round.insert(b));
                    firsts[a] += 1;
                }
                for &b in &r.byes {
                    assert!(in_round.insert(b));
                }
                assert_eq!(
                    in_round.len(),
                    n,
                    "{n}: everyone plays or sits out each round"
                );
            }
            assert_eq!(seen.len(), n * (n - 1) / 2);
            if n >= 4 {
                assert!(
                    firsts.iter().all(|&f| f < rounds.len()),
                    "{n}: nobody first every round: {firsts:?}"
                );
            }
        }
    }

    #[test]
    fn a_round_robin_of_threes_and_fours_brings_everybody_together() {
        for size in 3..=4 {
            for n in 2..=10 {
                let mut met = HashSet::new();
                let mut rounds = 0;
                while let Some(groups) = covering_round(n, size, &met) {
                    rounds += 1;
                    assert!(rounds <= n, "{n} in matches of {size}: no end");
                    let mut seen: Vec<Entrant> = groups.iter().flatten().copied().collect();
                    seen.sort_unstable();
                    assert_eq!(
                        seen,
                        (0..n).collect::<Vec<_>>(),
                        "everyone plays each round"
                    );
                    assert!(groups.iter().all(|g| g.len() <= size));
                    for g in &groups {
                        for (i, &a) in g.iter().enumerate() {
                            for &b in &g[i + 1..] {
                                met.insert((a, b));
                            }
                        }
                    }
                }
                for a in 0..n {
                    for b in a + 1..n {
                        assert!(
                            met.contains(&(a, b)) || met.contains(&(b, a)),
                            "{n}/{size}: {a} never met {b}"
                        );
                    }
                }
            }
        }
        // Three entrants in matches of three: one match, all of them.
        assert_eq!(
            covering_round(3, 3, &HashSet::new()),
            Some(vec![vec![0, 1, 2]])
        );
    }
}
