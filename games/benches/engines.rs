//! Engine benchmarks (criterion): Abalone perft from each 2-player layout, and for every game the
//! legal-move generation and the play of one move from a mid-game position, reached from a fixed
//! seed by a fixed number of random legal moves. `cargo bench -p plateau-games`; figures in
//! `bench/README.md`.

use criterion::{criterion_group, criterion_main, Criterion};
use plateau_games::abalone::Abalone;
use plateau_games::groups_of_three::GroupsOfThree;
use plateau_games::pinuid::Pinuid;
use plateau_games::trangouar::Trangouar;
use plateau_games::triominos::Triominos;
use plateau_games::{options, Game, GameRng, Seat};
use rand::{Rng, SeedableRng};
use serde_json::Value;
use std::hint::black_box;

/// Random legal moves played from the start to reach the benchmarked position.
const PLIES: usize = 24;

/// The position after up to [`PLIES`] random legal moves from seed 42 (the last one where someone
/// still has to act), its RNG, and a seat to act.
fn mid_game<G: Game>(players: usize) -> (G, GameRng, Seat) {
    let options =
        options::validate(&G::info().options, players, &Value::Null).expect("default options");
    let mut rng = GameRng::from_seed([42; 32]);
    let mut state = G::setup(&options, players, &mut rng).expect("setup");
    let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for _ in 0..PLIES {
        let to_act = state.to_act();
        if to_act.is_empty() {
            break;
        }
        let seat = to_act[pick.random_range(0..to_act.len())];
        let legal = state.legal_moves(seat);
        let mv = legal[pick.random_range(0..legal.len())].clone();
        let (before, before_rng) = (state.clone(), rng.clone());
        state.play(seat, &mv, &mut rng).expect("a legal move");
        if state.to_act().is_empty() {
            // The match ended: keep the position before its last move.
            state = before;
            rng = before_rng;
            break;
        }
    }
    let seat = state.to_act()[0];
    (state, rng, seat)
}

fn bench_game<G: Game>(c: &mut Criterion, players: usize) {
    let id = G::info().id;
    let (state, rng, seat) = mid_game::<G>(players);
    let legal = state.legal_moves(seat);
    let mut group = c.benchmark_group(format!("{id}/{players}p/mid-game"));
    group.bench_function(format!("legal_moves ({} moves)", legal.len()), |b| {
        b.iter(|| black_box(black_box(&state).legal_moves(seat)))
    });
    // Playing clones the position and its RNG first, as the server does (a refused move must
    // leave the match untouched); each iteration plays the next listed move.
    let mut next = 0;
    group.bench_function("clone+play", |b| {
        b.iter(|| {
            let mv = &legal[next % legal.len()];
            next += 1;
            let mut after = state.clone();
            let mut rng = rng.clone();
            black_box(after.play(seat, mv, &mut rng).expect("a legal move"))
        })
    });
    group.finish();
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("abalone/perft");
    group.sample_size(20);
    for layout in ["standard", "belgian-daisy", "german-daisy"] {
        group.bench_function(format!("depth 3 {layout}"), |b| {
            b.iter(|| plateau_games::abalone::perft(2, black_box(layout), 3).expect("layout"))
        });
    }
    group.sample_size(10);
    group.bench_function("depth 4 standard", |b| {
        b.iter(|| plateau_games::abalone::perft(2, "standard", 4).expect("layout"))
    });
    group.finish();
}

fn games(c: &mut Criterion) {
    bench_game::<Abalone>(c, 2);
    bench_game::<Abalone>(c, 3);
    bench_game::<Triominos>(c, 2);
    bench_game::<Pinuid>(c, 2);
    bench_game::<Trangouar>(c, 2);
    bench_game::<GroupsOfThree>(c, 2);
}

criterion_group!(benches, perft, games);
criterion_main!(benches);
