//! Fuzzing of every engine, as a property test: from positions reached by random legal play, a
//! seat sends arbitrary JSON (mostly a listed legal move with one part replaced, removed or added,
//! sometimes anything at all) into `Match::play`, as a hostile client could. Checks, per case:
//! nothing panics; a refused move leaves the match exactly as it was; an accepted move keeps the
//! engine contract (only seats to act have moves, sampled legal moves are accepted, every view
//! serialises, and its canonical form replays to the same match).
//!
//! A short run is part of `cargo test`. The long run (10 million cases per game, positions reused):
//! `PLATEAU_FUZZ_CASES=10000000 nice -n 19 cargo test --release -p plateau-games --test fuzz -- --test-threads=1`

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use rand::{Rng, SeedableRng};
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};

use plateau_games::registry::{self, Match};
use plateau_games::{MoveError, Viewer};

/// Cases per game: a few hundred in the normal test run, `PLATEAU_FUZZ_CASES` for a long run.
fn cases() -> u32 {
    std::env::var("PLATEAU_FUZZ_CASES")
        .ok()
        .map_or(400, |n| n.parse().expect("PLATEAU_FUZZ_CASES is a number"))
}

/// A position to fuzz from, with what the checks compare against.
struct Position {
    players: usize,
    m: Box<dyn Match>,
    omniscient: Value,
    /// The legal moves of each seat.
    legal: Vec<Vec<Value>>,
}

/// Everything one game's cases draw from: positions, and the words its moves use (field names,
/// squares, actions), so that generated JSON is close enough to a move to reach the rules.
struct Pool {
    positions: Vec<Position>,
    words: Vec<String>,
}

/// Positions of `game` reached by random legal play, for each player count and option set.
fn pool(game: &str, option_sets: &[Value]) -> Pool {
    let entry = registry::find(game).expect("registered");
    let info = entry.info();
    let mut positions = Vec::new();
    let mut words = BTreeSet::new();
    for players in info.min_players..=info.max_players {
        for (k, options) in option_sets.iter().enumerate() {
            let Ok(options) = entry.validate(players, options) else {
                continue;
            };
            for g in 0..3u8 {
                let mut m = entry
                    .start(&options, players, [g ^ (k as u8) << 4; 32])
                    .expect("start");
                let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(u64::from(g));
                for ply in 0..400 {
                    if m.outcome().is_some() {
                        break;
                    }
                    if ply % 37 == 0 {
                        positions.push(position(&*m, players, &mut words));
                    }
                    let acting = m.to_act();
                    let seat = acting[pick.random_range(0..acting.len())];
                    let legal = m.legal_moves(seat);
                    let mv = &legal[pick.random_range(0..legal.len())];
                    m.play(seat, mv).expect("a listed move is accepted");
                }
                positions.push(position(&*m, players, &mut words));
            }
        }
    }
    words.extend(
        ["action", "", "a1", "A1", "Z9", "--"]
            .iter()
            .map(|s| s.to_string()),
    );
    Pool {
        positions,
        words: words.into_iter().collect(),
    }
}

fn position(m: &dyn Match, players: usize, words: &mut BTreeSet<String>) -> Position {
    let legal: Vec<Vec<Value>> = (0..players).map(|s| m.legal_moves(s)).collect();
    for mv in legal.iter().flatten() {
        collect_words(mv, words);
    }
    Position {
        players,
        m: m.box_clone(),
        omniscient: m.view(Viewer::Omniscient),
        legal,
    }
}

fn collect_words(v: &Value, words: &mut BTreeSet<String>) {
    match v {
        Value::String(s) => {
            words.insert(s.clone());
        }
        Value::Array(items) => items.iter().for_each(|i| collect_words(i, words)),
        Value::Object(map) => {
            for (k, v) in map {
                words.insert(k.clone());
                collect_words(v, words);
            }
        }
        _ => {}
    }
}

/// Generated JSON, before its words are looked up in the game's vocabulary.
#[derive(Debug, Clone)]
enum Gen {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Word(usize),
    Text(String),
    List(Vec<Gen>),
    Object(Vec<(usize, Gen)>),
}

fn gen_json() -> impl Strategy<Value = Gen> {
    let leaf = prop_oneof![
        Just(Gen::Null),
        any::<bool>().prop_map(Gen::Bool),
        // Small counts and indices, their edges, and anything.
        (-3i64..300).prop_map(Gen::Int),
        prop_oneof![
            Just(i64::MIN),
            Just(i64::MAX),
            Just(-1),
            Just(255),
            Just(256),
            Just(65536),
            Just(u32::MAX as i64 + 1)
        ]
        .prop_map(Gen::Int),
        any::<i64>().prop_map(Gen::Int),
        any::<f64>().prop_map(Gen::Float),
        any::<usize>().prop_map(Gen::Word),
        any::<usize>().prop_map(Gen::Word),
        ".{0,12}".prop_map(Gen::Text),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Gen::List),
            prop::collection::vec((any::<usize>(), inner), 0..5).prop_map(Gen::Object),
        ]
    })
}

fn resolve(g: &Gen, words: &[String]) -> Value {
    match g {
        Gen::Null => Value::Null,
        Gen::Bool(b) => json!(b),
        Gen::Int(n) => json!(n),
        Gen::Float(f) => serde_json::Number::from_f64(*f).map_or(Value::Null, Value::Number),
        Gen::Word(i) => json!(words[i % words.len()]),
        Gen::Text(s) => json!(s),
        Gen::List(items) => Value::Array(items.iter().map(|i| resolve(i, words)).collect()),
        Gen::Object(fields) => Value::Object(
            fields
                .iter()
                .map(|(k, v)| (words[k % words.len()].clone(), resolve(v, words)))
                .collect::<Map<_, _>>(),
        ),
    }
}

/// What a case does to the chosen legal move.
#[derive(Debug, Clone)]
enum Mutation {
    /// Plays it as listed.
    Keep,
    /// Replaces the `n`-th node (preorder) with generated JSON.
    Replace(usize, Gen),
    /// Replaces the `n`-th node with a scalar of the same kind: another word of the game, or a
    /// small or edge number (keeps the move well-formed more often, so the rules are reached).
    Swap(usize, Gen),
    /// Removes the `n`-th node from its object or array.
    Remove(usize),
    /// Adds a field to the `n`-th object, or an item to the `n`-th array.
    Add(usize, usize, Gen),
    /// Sends generated JSON instead.
    Anything(Gen),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        1 => Just(Mutation::Keep),
        2 => (any::<usize>(), gen_json()).prop_map(|(n, g)| Mutation::Replace(n, g)),
        5 => (
            any::<usize>(),
            prop_oneof![
                any::<usize>().prop_map(Gen::Word),
                (-2i64..12).prop_map(Gen::Int),
                prop_oneof![Just(255i64), Just(256), Just(-1), Just(i64::MAX)].prop_map(Gen::Int),
            ]
        )
            .prop_map(|(n, g)| Mutation::Swap(n, g)),
        2 => any::<usize>().prop_map(Mutation::Remove),
        2 => (any::<usize>(), any::<usize>(), gen_json()).prop_map(|(n, k, g)| Mutation::Add(n, k, g)),
        1 => gen_json().prop_map(Mutation::Anything),
    ]
}

fn nodes(v: &Value) -> usize {
    1 + match v {
        Value::Array(items) => items.iter().map(nodes).sum(),
        Value::Object(map) => map.values().map(nodes).sum(),
        _ => 0,
    }
}

/// Calls `f` on the `n`-th node of `v` in preorder, with the parent's slot for removals.
fn at_node(v: &mut Value, n: &mut usize, f: &mut dyn FnMut(&mut Value)) -> bool {
    if *n == 0 {
        f(v);
        return true;
    }
    *n -= 1;
    match v {
        Value::Array(items) => items.iter_mut().any(|i| at_node(i, n, f)),
        Value::Object(map) => map.values_mut().any(|i| at_node(i, n, f)),
        _ => false,
    }
}

fn remove_node(v: &mut Value, n: usize) {
    // The n-th node's parent loses it: walk parents and count children.
    fn walk(v: &mut Value, n: &mut usize) -> bool {
        match v {
            Value::Array(items) => {
                for i in 0..items.len() {
                    if *n == 0 {
                        items.remove(i);
                        return true;
                    }
                    *n -= 1;
                    if walk(&mut items[i], n) {
                        return true;
                    }
                }
                false
            }
            Value::Object(map) => {
                let keys: Vec<String> = map.keys().cloned().collect();
                for k in keys {
                    if *n == 0 {
                        map.remove(&k);
                        return true;
                    }
                    *n -= 1;
                    if walk(map.get_mut(&k).expect("listed key"), n) {
                        return true;
                    }
                }
                false
            }
            _ => false,
        }
    }
    let mut n = n;
    walk(v, &mut n);
}

fn mutate(mv: &Value, mutation: &Mutation, words: &[String]) -> Value {
    let mut out = mv.clone();
    let count = nodes(mv);
    match mutation {
        Mutation::Keep => {}
        Mutation::Replace(n, g) => {
            let new = resolve(g, words);
            at_node(&mut out, &mut (n % count), &mut |v| *v = new.clone());
        }
        Mutation::Swap(n, g) => {
            let new = resolve(g, words);
            at_node(&mut out, &mut (n % count), &mut |v| {
                if v.is_number() == new.is_number() || v.is_string() == new.is_string() {
                    *v = new.clone();
                }
            });
        }
        Mutation::Remove(n) => remove_node(&mut out, n % count.max(2)),
        Mutation::Add(n, k, g) => {
            let new = resolve(g, words);
            let key = words[k % words.len()].clone();
            at_node(&mut out, &mut (n % count), &mut |v| match v {
                Value::Object(map) => {
                    map.insert(key.clone(), new.clone());
                }
                Value::Array(items) => items.push(new.clone()),
                _ => {}
            });
        }
        Mutation::Anything(g) => out = resolve(g, words),
    }
    out
}

/// How the cases' moves were answered, to show the generator reaches the rules.
#[derive(Default)]
struct Tally {
    accepted: AtomicUsize,
    malformed: AtomicUsize,
    refused: AtomicUsize,
}

/// One case: `seat` of position `p` sends `sent`.
fn check(
    p: &Position,
    seat: usize,
    sent: &Value,
    sample: usize,
    tally: &Tally,
) -> Result<(), TestCaseError> {
    let mut m = p.m.box_clone();
    let answer = m.play(seat, sent);
    let counter = match &answer {
        Ok(_) => &tally.accepted,
        Err(MoveError::Malformed(_)) => &tally.malformed,
        Err(_) => &tally.refused,
    };
    counter.fetch_add(1, Ordering::Relaxed);
    match answer {
        Err(_) => {
            prop_assert_eq!(
                &m.view(Viewer::Omniscient),
                &p.omniscient,
                "a refused move changed the match"
            );
        }
        Ok(played) => {
            // The canonical form is what is stored: it must replay to the same match.
            let mut again = p.m.box_clone();
            again.play(seat, &played.canonical).map_err(|e| {
                TestCaseError::fail(format!(
                    "canonical {} refused on replay: {e}",
                    played.canonical
                ))
            })?;
            let after = m.view(Viewer::Omniscient);
            prop_assert_eq!(&again.view(Viewer::Omniscient), &after, "replay differs");
            serde_json::to_string(&after).expect("views serialise");
            serde_json::to_string(&m.view(Viewer::Spectator)).expect("views serialise");
            let acting = m.to_act();
            prop_assert_eq!(acting.is_empty(), m.outcome().is_some());
            for s in 0..p.players {
                serde_json::to_string(&m.view(Viewer::Seat(s))).expect("views serialise");
                let legal = m.legal_moves(s);
                prop_assert_eq!(
                    !legal.is_empty(),
                    acting.contains(&s),
                    "seat {} has moves iff it acts",
                    s
                );
                // A sample of the listed moves (all of them are checked by the contract playouts).
                for k in 0..legal.len().min(2) {
                    let mv = &legal[(sample + k * 7919) % legal.len()];
                    if let Err(e) = m.box_clone().play(s, mv) {
                        return Err(TestCaseError::fail(format!(
                            "listed move {mv} refused: {e}"
                        )));
                    }
                }
            }
        }
    }
    Ok(())
}

fn fuzz(game: &str, option_sets: &[Value]) {
    let pool = pool(game, option_sets);
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (any::<usize>(), any::<usize>(), any::<usize>(), mutation());
    let started = std::time::Instant::now();
    let tally = Tally::default();
    let result = runner.run(&strategy, |(pi, si, mi, mutation)| {
        let p = &pool.positions[pi % pool.positions.len()];
        let seat = si % p.players;
        // Mostly a seat that acts, so that well-formed moves reach the rules.
        let acting = p.m.to_act();
        let seat = if si % 4 != 0 && !acting.is_empty() {
            acting[si % acting.len()]
        } else {
            seat
        };
        let base = p.legal[seat]
            .get(mi % p.legal[seat].len().max(1))
            .cloned()
            .or_else(|| p.legal.iter().flatten().next().cloned())
            .unwrap_or(Value::Null);
        let sent = mutate(&base, &mutation, &pool.words);
        check(p, seat, &sent, mi, &tally)
    });
    eprintln!(
        "fuzz {game}: {} cases from {} positions in {:.1?}: {} accepted, {} malformed, {} refused by the rules",
        cases(),
        pool.positions.len(),
        started.elapsed(),
        tally.accepted.load(Ordering::Relaxed),
        tally.malformed.load(Ordering::Relaxed),
        tally.refused.load(Ordering::Relaxed),
    );
    if let Err(e) = result {
        panic!("{game}: {e}");
    }
}

#[test]
fn fuzz_abalone() {
    fuzz("abalone", &[json!(null), json!({"layout": "german-daisy"})]);
}

#[test]
fn fuzz_triominos() {
    fuzz("triominos", &[json!(null)]);
}

#[test]
fn fuzz_pinuid() {
    fuzz(
        "pinuid",
        &[json!({"variant": "classic"}), json!({"variant": "quatro"})],
    );
}

#[test]
fn fuzz_trangouar() {
    fuzz(
        "trangouar",
        &[
            json!(null),
            json!({"antenna_mode": "free", "allow_empty_cubes": true, "variant": "fast"}),
            json!({"move_mode": "up_to", "move_shape": "straight"}),
        ],
    );
}

#[test]
fn fuzz_groups_of_three() {
    fuzz(
        "groups-of-three",
        &[json!(null), json!({"must_use_all_moves": false})],
    );
}
