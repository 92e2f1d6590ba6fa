//! The search bot: it finds a win in one, never plays an illegal move in any game, is deterministic
//! under a playout budget, and never depends on what its seat cannot see.

use rand::SeedableRng;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

use plateau_games::abalone::Abalone;
use plateau_games::engine::pick_uniform;
use plateau_games::options::validate;
use plateau_games::registry::{self, Match};
use plateau_games::trangouar::{self, Point, Trangouar};
use plateau_games::triominos::{Cell, Move as TriMove, Triominos};
use plateau_games::{BotHints, Game, GameRng, Viewer};

use super::{bot_move, bot_move_with, search, BotLevel, Budget, MAX_THINK};

/// A small budget without a clock: quick, and deterministic.
fn small() -> Budget {
    Budget {
        playouts: 60,
        time: None,
        depth: 8,
    }
}

fn seeded(n: u64) -> GameRng {
    GameRng::seed_from_u64(n)
}

/// Every game, with each player count it allows and options that allow it.
fn every_setup() -> Vec<(&'static str, usize, Value)> {
    let mut out = Vec::new();
    for entry in registry::games() {
        let info = entry.info();
        for players in info.min_players..=info.max_players {
            let options = match (info.id, players) {
                ("pinuid", 3 | 4) => json!({"variant": "quatro"}),
                _ => json!({}),
            };
            out.push((info.id, players, options));
        }
    }
    out
}

/// A match of `game` after `plies` random moves (fewer if it ends first).
fn reached(game: &str, players: usize, options: &Value, seed: u8, plies: usize) -> Box<dyn Match> {
    let entry = registry::find(game).unwrap();
    let options = entry.validate(players, options).unwrap();
    let mut m = entry.start(&options, players, [seed; 32]).unwrap();
    for _ in 0..plies {
        let Some(&seat) = m.to_act().first() else {
            break;
        };
        let mv = m.random_move(seat).unwrap();
        m.play(seat, &mv).unwrap();
    }
    m
}

#[test]
fn abalone_bot_pushes_off_the_sixth_marble() {
    // Black (seat 0) has ejected 5; C3-B2 pushes the white marble on A1 off the board (SW).
    let white: &[&str] = &["A1", "I5", "I6", "I7", "I8", "I9", "H4", "H5", "H6"];
    let black: &[&str] = &["C3", "B2", "E5", "E6", "D4", "F5", "F6", "G7"];
    let g = Abalone::from_cells(2, &[black, white], 0).with_ejected(0, 5);
    for seed in 0..3 {
        let mv = search(
            &g,
            0,
            &BotLevel::Easy.budget().unwrap().playouts_only(),
            &mut seeded(seed),
            None,
        )
        .unwrap();
        let mut after = g.clone();
        after.play(0, &mv, &mut seeded(0)).unwrap();
        let outcome = after.outcome().expect("the winning push ends the match");
        assert_eq!(outcome.winners, vec![0], "seed {seed}: played {mv:?}");
    }
}

#[test]
fn abalone_bot_takes_a_marble_when_it_can() {
    // No win in sight: the search itself (and the evaluation) must find the push that ejects.
    let white: &[&str] = &["A1", "I5", "I6", "I7", "I8", "I9", "H4", "H5", "H6"];
    let black: &[&str] = &["C3", "B2", "E5", "E6", "D4", "F5", "F6", "G7"];
    let g = Abalone::from_cells(2, &[black, white], 0);
    let budget = BotLevel::Easy.budget().unwrap().playouts_only();
    for seed in 0..3 {
        let mv = search(&g, 0, &budget, &mut seeded(seed), None).unwrap();
        let mut after = g.clone();
        let events = after.play(0, &mv, &mut seeded(0)).unwrap();
        assert!(
            !events[0].data["ejected"].is_null(),
            "seed {seed}: played {mv:?}"
        );
    }
}

#[test]
fn triominos_bot_goes_out_rather_than_draw() {
    // One round; each seat holds one tile that fits beside the 0-0-0. Placing goes out and wins;
    // drawing lets seat 1 go out first.
    let g = Triominos::for_test(
        json!({"rounds": 1}),
        vec![vec![[0, 0, 1]], vec![[0, 0, 2]]],
        &[(Cell::up(0, 0), [0, 0, 0], 0)],
        vec![[1, 1, 1], [2, 2, 2], [3, 3, 3], [4, 4, 4]],
        Some(0),
    );
    assert!(g.legal_moves(0).contains(&TriMove::Draw));
    for seed in 0..3 {
        let mv = search(&g, 0, &small(), &mut seeded(seed), None).unwrap();
        assert!(matches!(mv, TriMove::Place { .. }), "seed {seed}: {mv:?}");
        let mut after = g.clone();
        after.play(0, &mv, &mut seeded(0)).unwrap();
        assert_eq!(after.outcome().unwrap().winners, vec![0]);
    }
}

#[test]
fn bots_play_only_legal_moves_in_every_game() {
    for (game, players, options) in every_setup() {
        for (k, plies) in [0usize, 7, 25, 60].into_iter().enumerate() {
            let m = reached(game, players, &options, k as u8 + 1, plies);
            for seat in m.to_act() {
                let case = format!("{game} {players}p after {plies} plies, seat {seat}");
                let searched = bot_move_with(&*m, seat, &small(), m.bot_rng(seat), None)
                    .unwrap_or_else(|| panic!("{case}: no move"));
                m.box_clone()
                    .play(seat, &searched)
                    .unwrap_or_else(|e| panic!("{case}: {searched} refused: {e}"));
                let random = bot_move(&*m, seat, BotLevel::Random, m.bot_rng(seat), None)
                    .unwrap_or_else(|| panic!("{case}: no random move"));
                m.box_clone()
                    .play(seat, &random)
                    .unwrap_or_else(|e| panic!("{case}: {random} refused: {e}"));
            }
            for seat in (0..players).filter(|s| !m.to_act().contains(s)) {
                assert_eq!(
                    bot_move_with(&*m, seat, &small(), m.bot_rng(seat), None),
                    None
                );
            }
        }
    }
}

#[test]
fn a_playout_budget_and_a_seed_give_the_same_move() {
    for (game, players, options) in every_setup().into_iter().filter(|c| c.1 == 2) {
        let m = reached(game, players, &options, 5, 12);
        let seat = m.to_act()[0];
        let first = bot_move_with(&*m, seat, &small(), m.bot_rng(seat), None);
        for _ in 0..2 {
            assert_eq!(
                bot_move_with(&*m, seat, &small(), m.bot_rng(seat), None),
                first,
                "{game}"
            );
        }
    }
}

#[test]
fn a_past_deadline_still_gives_a_legal_move_at_once() {
    let m = reached("abalone", 2, &json!({}), 3, 4);
    let started = Instant::now();
    let mv = bot_move(&*m, 0, BotLevel::Strong, m.bot_rng(0), Some(Instant::now())).unwrap();
    assert!(started.elapsed() < Duration::from_millis(500));
    m.box_clone().play(0, &mv).unwrap();
}

#[test]
fn no_level_thinks_longer_than_the_cap() {
    let now = Instant::now();
    for level in [BotLevel::Easy, BotLevel::Strong] {
        let budget = level.budget().unwrap();
        let stop = budget.stop_time(now, None).unwrap();
        assert!(stop <= now + MAX_THINK && MAX_THINK < Duration::from_secs(2));
        let unbounded = Budget {
            time: Some(Duration::from_secs(60)),
            ..budget
        };
        assert_eq!(unbounded.stop_time(now, None), Some(now + MAX_THINK));
    }
    assert_eq!(BotLevel::Random.budget(), None);
    assert_eq!(BotLevel::default(), BotLevel::Easy);
    assert_eq!(
        serde_json::to_value(BotLevel::Strong).unwrap(),
        json!("strong")
    );
}

/// Two Triominos positions that seat 0 cannot tell apart: same board, same own rack, same
/// counts; the opponent's rack and the pile hold the other tiles, swapped.
fn triominos_twins() -> (Triominos, Triominos) {
    let own = vec![[0, 0, 1], [1, 2, 3], [4, 4, 4]];
    let a = vec![[0, 0, 2], [2, 2, 2], [3, 3, 3]];
    let b = vec![[0, 0, 3], [5, 5, 5], [1, 1, 1]];
    let board = [(Cell::up(0, 0), [0, 0, 0], 0)];
    let x = Triominos::for_test(
        json!({}),
        vec![own.clone(), a.clone()],
        &board,
        b.clone(),
        Some(0),
    );
    let y = Triominos::for_test(json!({}), vec![own, b], &board, a, Some(0));
    (x, y)
}

#[test]
fn triominos_bot_does_not_read_the_other_rack_or_the_pile() {
    let (x, y) = triominos_twins();
    assert_eq!(x.view(Viewer::Seat(0)), y.view(Viewer::Seat(0)));
    assert_ne!(x.view(Viewer::Omniscient), y.view(Viewer::Omniscient));
    for seed in 0..5 {
        let dx = x.determinize(0, &mut seeded(seed));
        let dy = y.determinize(0, &mut seeded(seed));
        assert_eq!(dx.view(Viewer::Omniscient), dy.view(Viewer::Omniscient));
        // What the seat sees is kept.
        assert_eq!(dx.view(Viewer::Seat(0)), x.view(Viewer::Seat(0)));
        assert_eq!(
            search(&x, 0, &small(), &mut seeded(seed), None),
            search(&y, 0, &small(), &mut seeded(seed), None)
        );
    }
    // And the samples do vary: the hidden tiles are really redealt.
    let views: std::collections::HashSet<String> = (0..10)
        .map(|s| {
            x.determinize(0, &mut seeded(s))
                .view(Viewer::Omniscient)
                .to_string()
        })
        .collect();
    assert!(views.len() > 1);
}

#[test]
fn trangouar_bot_does_not_read_others_setups_or_the_starter() {
    let options = validate(&Trangouar::info().options, 2, &json!({})).unwrap();
    // Seat 1 has set up in secret, differently in each twin, and the starter drawn may differ.
    let twin = |seed: u64| -> Trangouar {
        let mut g = Trangouar::setup(&options, 2, &mut seeded(seed)).unwrap();
        let setup = g.random_move(1, &mut seeded(100 + seed)).unwrap();
        g.play(1, &setup, &mut seeded(0)).unwrap();
        g
    };
    let (x, y) = (twin(1), twin(2));
    assert_eq!(x.view(Viewer::Seat(0)), y.view(Viewer::Seat(0)));
    assert_ne!(x.view(Viewer::Omniscient), y.view(Viewer::Omniscient));
    for seed in 0..5 {
        let dx = x.determinize(0, &mut seeded(seed));
        let dy = y.determinize(0, &mut seeded(seed));
        assert_eq!(dx.view(Viewer::Omniscient), dy.view(Viewer::Omniscient));
        assert_eq!(dx.view(Viewer::Seat(0)), x.view(Viewer::Seat(0)));
        assert_eq!(
            search(&x, 0, &small(), &mut seeded(seed), None),
            search(&y, 0, &small(), &mut seeded(seed), None)
        );
    }
}

#[test]
fn a_bot_seat_in_the_middle_of_a_multi_step_turn_continues_it() {
    // Groups-of-Three turns are steps: after a first step the same seat is asked again, and the
    // bot's next step is legal too.
    let mut m = reached("groups-of-three", 2, &json!({}), 9, 0);
    for _ in 0..30 {
        let Some(&seat) = m.to_act().first() else {
            break;
        };
        let mv = bot_move_with(&*m, seat, &small(), m.bot_rng(seat), None).unwrap();
        m.play(seat, &mv).unwrap();
    }
}

#[test]
fn abalone_random_move_draws_as_the_default_would() {
    // Abalone draws its random move without building every move: the same draw as uniform over
    // `legal_moves` with the same RNG, so matches with random bots replay as before.
    let options = validate(&Abalone::info().options, 2, &json!({})).unwrap();
    let mut g = Abalone::setup(&options, 3, &mut seeded(0)).unwrap();
    for ply in 0..60 {
        let seat = g.to_act()[0];
        let fast = g.random_move(seat, &mut seeded(ply));
        let default = pick_uniform(g.legal_moves(seat), &mut seeded(ply));
        assert_eq!(fast, default, "ply {ply}");
        g.play(seat, &fast.unwrap(), &mut seeded(0)).unwrap();
    }
}

#[test]
fn a_bot_out_of_time_plays_the_best_move_one_ply_ahead() {
    // A bot whose deadline passed before one playout (it waited for a thread) plays the move the
    // game's evaluation likes best, not the first one listed.
    let options = validate(&Abalone::info().options, 2, &json!({})).unwrap();
    let mut g = Abalone::setup(&options, 2, &mut seeded(7)).unwrap();
    let mut not_first = 0;
    for ply in 0..40 {
        let seat = g.to_act()[0];
        let legal = g.legal_moves(seat);
        let score = |mv: &<Abalone as Game>::Move| {
            let mut after = g.clone();
            after.play(seat, mv, &mut seeded(0)).unwrap();
            after.evaluate(seat).unwrap()
        };
        let best = legal.iter().map(score).fold(f64::MIN, f64::max);
        let chosen = search(&g, seat, &small(), &mut seeded(ply), Some(Instant::now())).unwrap();
        assert_eq!(score(&chosen), best, "ply {ply}: {chosen:?}");
        if score(&legal[0]) < best {
            not_first += 1;
        }
        let mv = g.random_move(seat, &mut seeded(ply)).unwrap();
        g.play(seat, &mv, &mut seeded(0)).unwrap();
    }
    assert!(
        not_first > 0,
        "the first listed move was always as good: nothing was checked"
    );
}

#[test]
fn the_search_bot_kills_in_the_open_rather_than_wall_the_enemy_in() {
    // See `Trangouar::choke_for_test`: attacking h8 from g8 would leave a corpse that walls i9
    // in, out of reach for good; the search kills in the open instead.
    let g = Trangouar::choke_for_test();
    let budget = BotLevel::Easy.budget().unwrap().playouts_only();
    let pt = |s: &str| Point::parse(s).unwrap();
    for seed in 0..4 {
        let mv = search(&g, 0, &budget, &mut seeded(seed), None);
        assert_ne!(
            mv,
            Some(trangouar::Move::Attack {
                cube: pt("g8"),
                target: pt("h8"),
            }),
            "seed {seed}: attacking h8 walls i9 in"
        );
    }
}
