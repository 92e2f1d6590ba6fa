//! Bot strength, measured: for each game at 2 players, bot against bot through the registry (as
//! the server plays them), seats alternating who starts, and the win rates of `easy` against
//! `random` and of `strong` against `easy`, with the time per move of each level.
//!
//! `cargo run --release -p plateau-bots --example bot_strength -- [--games N] [--game ID]
//! [--pair easy-random|strong-easy]`
//!
//! A draw counts half a win. Matches are capped (see `CASES`) so the run stays bounded.

use serde_json::{json, Value};
use std::time::{Duration, Instant};

use plateau_bots::{bot_move, BotLevel};
use plateau_games::registry;
use plateau_games::Seat;

/// Each game's options for the benchmark, and the ply cap of its matches.
fn cases() -> Vec<(&'static str, Value, u64)> {
    vec![
        // At the cap, the side that ejected more marbles wins.
        (
            "abalone",
            json!({"max_plies": 300, "cap_result": "marbles"}),
            300,
        ),
        // A short game (target 200), the rules' own alternative.
        ("triominos", json!({"target": 200}), 2_000),
        ("pinuid", json!({}), 2_000),
        ("trangouar", json!({}), 2_000),
        ("groups-of-three", json!({}), 2_000),
    ]
}

#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    plies: u64,
    /// How the matches ended (reason, count).
    reasons: Vec<(String, u32)>,
    /// Time and count of moves, per level of the pair (first, second).
    think: [(Duration, u32); 2],
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let games: u32 = arg("--games").map_or(20, |n| n.parse().expect("--games N"));
    let only = arg("--game");
    let pairs: Vec<(BotLevel, BotLevel)> = match arg("--pair").as_deref() {
        Some("easy-random") => vec![(BotLevel::Easy, BotLevel::Random)],
        Some("strong-easy") => vec![(BotLevel::Strong, BotLevel::Easy)],
        None => vec![
            (BotLevel::Easy, BotLevel::Random),
            (BotLevel::Strong, BotLevel::Easy),
        ],
        Some(other) => panic!("unknown pair {other}"),
    };
    println!("{games} matches per pair, 2 players, first seat alternating; a draw counts half");
    for (game, options, cap) in cases() {
        if only.as_deref().is_some_and(|g| g != game) {
            continue;
        }
        for &(a, b) in &pairs {
            let t = play_pair(game, &options, cap, a, b, games);
            let n = f64::from(games);
            let rate = (f64::from(t.wins) + 0.5 * f64::from(t.draws)) / n * 100.0;
            let ms = |(d, k): (Duration, u32)| d.as_secs_f64() * 1e3 / f64::from(k.max(1));
            println!(
                "{game:16} {:>6} vs {:<6} {rate:5.1}%  (W {} D {} L {})  {:.0} plies/match  ms/move: {} {:.1}, {} {:.1}  ends: {}",
                a.name(),
                b.name(),
                t.wins,
                t.draws,
                t.losses,
                t.plies as f64 / n,
                a.name(),
                ms(t.think[0]),
                b.name(),
                ms(t.think[1]),
                t.reasons
                    .iter()
                    .map(|(r, n)| format!("{r} {n}"))
                    .collect::<Vec<_>>()
                    .join(", "),
            );
        }
    }
}

/// `games` matches of level `a` against level `b`; `a` sits at seat 0 in even matches.
fn play_pair(game: &str, options: &Value, cap: u64, a: BotLevel, b: BotLevel, games: u32) -> Tally {
    let entry = registry::find(game).expect("a registered game");
    let options = entry.validate(2, options).expect("valid options");
    let mut tally = Tally::default();
    for g in 0..games {
        let mut seed = [0u8; 32];
        seed[..4].copy_from_slice(&g.to_le_bytes());
        seed[4] = 0xb0;
        let mut m = entry.start(&options, 2, seed).expect("setup");
        m.limit_plies(cap);
        let a_seat: Seat = (g % 2) as usize;
        let level = |s: Seat| if s == a_seat { (a, 0) } else { (b, 1) };
        while m.outcome().is_none() {
            let to_act = m.to_act();
            let seat = to_act[0];
            let (lvl, k) = level(seat);
            let started = Instant::now();
            let mv =
                bot_move(&*m, seat, lvl, m.bot_rng(seat), None).expect("a seat to act has a move");
            tally.think[k].0 += started.elapsed();
            tally.think[k].1 += 1;
            m.play(seat, &mv).expect("bots play legal moves");
            tally.plies += 1;
        }
        let outcome = m.outcome().expect("over");
        match tally.reasons.iter_mut().find(|(r, _)| *r == outcome.reason) {
            Some((_, n)) => *n += 1,
            None => tally.reasons.push((outcome.reason.clone(), 1)),
        }
        if outcome.winners.is_empty() {
            tally.draws += 1;
        } else if outcome.winners.contains(&a_seat) {
            tally.wins += 1;
        } else {
            tally.losses += 1;
        }
    }
    tally
}
