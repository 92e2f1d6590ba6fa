//! The ply cap every match can be given ([`crate::registry::Match::limit_plies`]), for every game:
//! reaching it ends the match as the game's cap rule says, nothing more can be played, and a capped
//! replay rebuilds the same end.

use serde_json::Value;

use crate::engine::Viewer;
use crate::registry::{self, Match};

/// Plays the first legal move of the first seat to act until the match ends; the moves played.
fn play_out(m: &mut dyn Match, at_most: usize) -> Vec<(usize, Value)> {
    let mut record = Vec::new();
    while m.outcome().is_none() && record.len() < at_most {
        let seat = m.to_act()[0];
        let mv = m.legal_moves(seat).remove(0);
        let played = m.play(seat, &mv).expect("a listed move is accepted");
        record.push((seat, played.canonical));
    }
    record
}

#[test]
fn every_game_ends_at_the_ply_cap_as_its_cap_rule_says() {
    const CAP: u64 = 7;
    for entry in registry::games() {
        let info = entry.info();
        let options = entry.validate(info.min_players, &Value::Null).unwrap();
        let mut m = entry.start(&options, info.min_players, [9; 32]).unwrap();
        m.limit_plies(CAP);
        let record = play_out(&mut *m, 1000);
        let outcome = m.outcome().expect("the match ended");
        if record.len() as u64 == CAP {
            assert_eq!(outcome.reason, "ply_limit", "{}", info.id);
        }
        assert!(
            record.len() as u64 <= CAP,
            "{}: {} plies",
            info.id,
            record.len()
        );
        assert!(m.to_act().is_empty(), "{}", info.id);
        for seat in 0..info.min_players {
            assert!(m.legal_moves(seat).is_empty(), "{}", info.id);
            assert_eq!(m.legal_moves_json(seat).get(), "[]", "{}", info.id);
            assert!(m.default_move(seat).is_none(), "{}", info.id);
        }
        let (seat, mv) = record.last().cloned().unwrap();
        assert!(
            m.play(seat, &mv).is_err(),
            "{}: nothing is played past the cap",
            info.id
        );

        let rebuilt = registry::replay_capped(
            entry,
            &options,
            info.min_players,
            [9; 32],
            Some(CAP),
            record.iter().map(|(s, v)| (*s, v)),
        )
        .unwrap();
        assert_eq!(rebuilt.outcome(), m.outcome(), "{}", info.id);
        assert_eq!(
            rebuilt.view(Viewer::Omniscient),
            m.view(Viewer::Omniscient),
            "{}",
            info.id
        );
    }
}

#[test]
fn a_game_with_a_cap_rule_of_its_own_applies_it_at_the_server_cap() {
    let entry = registry::find("abalone").unwrap();
    let options = entry
        .validate(2, &serde_json::json!({"cap_result": "marbles"}))
        .unwrap();
    let mut m = entry.start(&options, 2, [1; 32]).unwrap();
    m.limit_plies(4);
    play_out(&mut *m, 100);
    let outcome = m.outcome().unwrap();
    assert_eq!(outcome.reason, "ply_limit");
    assert!(
        outcome.scores.is_some(),
        "Abalone's cap rule keeps the scores"
    );
}
