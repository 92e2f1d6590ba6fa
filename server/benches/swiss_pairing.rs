//! Pairing a Swiss round of 1,000 entrants (issue 45's goal: under a second): the maximum-weight
//! matching of [`plateau::tournaments::pairing::swiss`] over every pair that has not met, as the
//! director runs it. Round 1 (everybody on 0 points, ratings spread) and round 6 (points spread by
//! five rounds played, each entrant with five opponents it may not meet again).
//!
//! `cargo bench -p plateau --bench swiss_pairing`.

use criterion::{criterion_group, criterion_main, Criterion};
use plateau::tournaments::pairing::{swiss, Candidate};
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use std::hint::black_box;
use std::time::Duration;

const ENTRANTS: usize = 1_000;

/// `ENTRANTS` candidates on 0 points, ratings from a fixed seed.
fn field() -> Vec<Candidate> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(45);
    (0..ENTRANTS)
        .map(|entrant| Candidate {
            entrant,
            points: 0,
            rating: rng.random_range(800.0..2_400.0),
        })
        .collect()
}

/// The field after `rounds` rounds paired by [`swiss`] itself, the higher rated winning each
/// match: the candidates with their points, who met whom, who had a bye.
type Played = (Vec<Candidate>, HashSet<(usize, usize)>, HashSet<usize>);

fn after(rounds: usize) -> Played {
    let mut candidates = field();
    let (mut met, mut had_bye) = (HashSet::new(), HashSet::new());
    for _ in 0..rounds {
        let round = swiss(&candidates, &met, &had_bye);
        for &(a, b) in &round.pairs {
            met.insert((a, b));
            let winner = if candidates[a].rating >= candidates[b].rating {
                a
            } else {
                b
            };
            candidates[winner].points += 2;
        }
        for &b in &round.byes {
            had_bye.insert(b);
            candidates[b].points += 2;
        }
    }
    (candidates, met, had_bye)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("swiss_1000");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    for rounds_played in [0, 5] {
        let (candidates, met, had_bye) = after(rounds_played);
        group.bench_function(format!("round {}", rounds_played + 1), |b| {
            b.iter(|| black_box(swiss(black_box(&candidates), &met, &had_bye)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
