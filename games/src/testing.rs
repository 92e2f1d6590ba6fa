//! Checks of the engine contract that every game shares (see [`crate::engine::Game`]): random
//! playouts in which every listed move is accepted, refused moves change nothing, only seats in
//! `to_act` have moves, and a replay from seed and moves rebuilds the same match.
//!
//! Each game's tests call [`check_contract`] with its own options; game-specific rules are tested in
//! the game's module.

use rand::{Rng, SeedableRng};
use serde_json::Value;

use crate::engine::{Seat, Viewer};
use crate::registry::{self, GameEntry, Match};

/// What a playout saw, for assertions by the caller.
#[derive(Debug, Default)]
pub struct Playouts {
    pub finished: usize,
    pub plies: usize,
}

/// Plays `games` random matches of `game` (at most `max_plies` plies each), checking the contract at
/// every ply. `bad_moves` are well-formed moves that must be refused whenever they are not listed as
/// legal (they check that a refusal changes nothing).
pub fn check_contract(
    game: &str,
    players: usize,
    options: Value,
    games: u64,
    max_plies: usize,
    bad_moves: &[Value],
) -> Playouts {
    let entry = registry::find(game).expect("game is registered");
    let options = entry
        .validate(players, &options)
        .expect("options are valid");
    let mut seen = Playouts::default();
    for g in 0..games {
        let seed = [g as u8; 32];
        let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(g);
        let mut m = entry.start(&options, players, seed).expect("setup");
        let mut record: Vec<(Seat, Value)> = Vec::new();
        while m.outcome().is_none() && record.len() < max_plies {
            let acting = m.to_act();
            assert!(!acting.is_empty(), "{game}: nobody to act but no outcome");
            for seat in 0..players {
                let legal = m.legal_moves(seat);
                assert_eq!(
                    !legal.is_empty(),
                    acting.contains(&seat),
                    "{game}: seat {seat} has moves iff it is to act"
                );
            }
            check_refusals_change_nothing(&mut *m, players, bad_moves);
            let seat = acting[pick.random_range(0..acting.len())];
            let legal = m.legal_moves(seat);
            for mv in &legal {
                if let Err(e) = m.box_clone().play(seat, mv) {
                    panic!("{game}: listed move {mv} refused: {e}");
                }
            }
            let mv = legal[pick.random_range(0..legal.len())].clone();
            let played = m.play(seat, &mv).expect("a listed move is accepted");
            for event in &played.events {
                check_declared(entry, &event.data);
            }
            record.push((seat, played.canonical));
        }
        seen.plies += record.len();
        if let Some(outcome) = m.outcome() {
            assert!(
                outcome.reason == crate::engine::PLY_LIMIT
                    || entry.result_reasons().contains(&outcome.reason.as_str()),
                "{game}: the reason {} is not among its RESULT_REASONS",
                outcome.reason
            );
            seen.finished += 1;
            assert!(
                m.to_act().is_empty(),
                "{game}: a finished match has no one to act"
            );
        }
        let rebuilt = registry::replay(
            entry,
            &options,
            players,
            seed,
            record.iter().map(|(s, v)| (*s, v)),
        )
        .expect("the record replays");
        assert_eq!(
            rebuilt.view(Viewer::Omniscient),
            m.view(Viewer::Omniscient),
            "{game}: replay from seed and moves rebuilds the match"
        );
    }
    seen
}

/// An event is of a kind the game declares ([`crate::Game::EVENTS`]), with no field it does not
/// declare: the protocol's description of the events is the game's list.
fn check_declared(entry: &dyn GameEntry, event: &Value) {
    let game = entry.info().id;
    let kind = event["kind"].as_str().expect("an event has a kind");
    let Some(spec) = entry.events().iter().find(|s| s.kind == kind) else {
        panic!("{game}: event kind {kind} is not among its EVENTS: {event}");
    };
    for field in event.as_object().expect("an event is an object").keys() {
        assert!(
            field == "kind" || spec.fields.contains(&field.as_str()),
            "{game}: field {field} of {kind} is not declared: {event}"
        );
    }
}

/// Every seat tries moves that are not legal for it now; each is refused and nothing changes.
fn check_refusals_change_nothing(m: &mut dyn Match, players: usize, bad_moves: &[Value]) {
    let before = m.view(Viewer::Omniscient);
    for seat in 0..players {
        let legal = m.legal_moves(seat);
        for bad in bad_moves.iter().filter(|b| !legal.contains(b)) {
            assert!(
                m.play(seat, bad).is_err(),
                "unlisted move {bad} accepted for seat {seat}"
            );
        }
        assert!(m.play(seat, &Value::from("not a move")).is_err());
    }
    assert_eq!(
        m.view(Viewer::Omniscient),
        before,
        "a refused move changed the match"
    );
}

/// Whether `needle` occurs anywhere in `haystack` (for leak tests on views and events).
pub fn json_contains(haystack: &Value, needle: &Value) -> bool {
    haystack == needle
        || match haystack {
            Value::Array(items) => items.iter().any(|v| json_contains(v, needle)),
            Value::Object(map) => map.values().any(|v| json_contains(v, needle)),
            _ => false,
        }
}

/// Keeps a game's registry entry handy in tests.
pub fn entry(game: &str) -> &'static dyn GameEntry {
    registry::find(game).expect("game is registered")
}
