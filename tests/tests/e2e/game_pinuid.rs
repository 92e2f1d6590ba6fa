//! Pinuid through the server, over real sockets: whole Classic (2 players) and Quatro (3 and 4
//! players) matches to the end, test clients playing random legal moves beside server bots, with
//! `no_removal_limit` bounding the length. The match ends, its result is what the final view, the
//! `ended` frame and the record say, and a replay of the record agrees with every frame (see
//! `Table::verify_end`).

use plateau_games::Viewer;
use plateau_tests::table::{legal_of, machine_speed_server, test_rng};
use plateau_tests::{on_both_databases, Backend, Table, TestDb};
use rand::seq::IndexedRandom;
use serde_json::{json, Value};

/// Plies without a removal that end the match as a draw.
const LIMIT: u32 = 100;

async fn whole_match(backend: Backend, variant: &str, players: usize, humans: usize) {
    let db = TestDb::new(backend).await;
    let server = machine_speed_server(&db).await;
    let options = json!({"variant": variant, "no_removal_limit": LIMIT});
    let table = Table::open(&server, "pinuid", players, humans, options).await;
    let start = table
        .spectator
        .wait_for(0, |f| f["type"] == "snapshot" && f["version"] == 1)
        .await;
    assert_eq!(start["view"]["state"]["variant"], variant);
    assert_eq!(start["view"]["state"]["players"], players);

    // Random legal moves, but a line is always taken when one is offered, so that games end by
    // the rules more often than by the limit.
    let mut rng = test_rng();
    let mut chooser = |_: usize, view: &Value| {
        let legal = legal_of(view);
        let lines: Vec<Value> = legal
            .iter()
            .filter(|m| m["remove"].as_array().is_some_and(|r| !r.is_empty()))
            .cloned()
            .collect();
        if lines.is_empty() { legal } else { lines }
            .choose(&mut rng)
            .cloned()
    };
    table.play_until_end(&mut chooser).await;
    let (record, replay) = table.verify_end().await;
    let result = &record["result"];
    eprintln!(
        "pinuid {variant}, {players} players: {} plies, result {result}",
        record["plies"]
    );

    // The result is what the final view says: a win by going down to 2 pieces (or the last one
    // standing in Quatro), or a draw at the limit with nobody winning.
    let view = table.public_view();
    let state = &view["state"];
    assert_eq!(state["to_move"], Value::Null, "nobody moves after the end");
    let winners: Vec<usize> = result["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap() as usize)
        .collect();
    match result["reason"].as_str().unwrap() {
        "two_pieces" => {
            assert_eq!(winners.len(), 1, "{result}");
            assert!(
                state["pieces"][winners[0]].as_u64().unwrap() <= 2,
                "{state}"
            );
        }
        "last_survivor" => {
            assert_eq!(winners.len(), 1, "{result}");
            for s in 0..players {
                assert_eq!(state["eliminated"][s], s != winners[0], "{state}");
            }
        }
        "no_removal_limit" => {
            assert!(winners.is_empty(), "a draw has no winner: {result}");
            assert_eq!(state["plies_without_removal"], LIMIT, "{state}");
        }
        "no_moves" => assert!(winners.is_empty(), "a draw has no winner: {result}"),
        other => panic!("unexpected end {other}: {result}"),
    }
    // Nothing is hidden in Pinuid: every seat sees the spectator's state.
    for h in &table.humans {
        assert_eq!(h.view(&table.code).unwrap().1["state"], *state);
    }
    assert_eq!(replay.last().view(Viewer::Spectator), *state);
}

async fn classic_two_players(backend: Backend) {
    whole_match(backend, "classic", 2, 2).await;
}

async fn quatro_three_players(backend: Backend) {
    whole_match(backend, "quatro", 3, 2).await;
}

async fn quatro_four_players(backend: Backend) {
    whole_match(backend, "quatro", 4, 2).await;
}

on_both_databases!(classic_two_players);
on_both_databases!(quatro_three_players);
on_both_databases!(quatro_four_players);
