//! Groups-of-Three through the server, over real sockets: whole 2-, 3- and 4-player matches to the
//! end (one test client playing random legal steps, server bots in the other seats), and the RNG
//! replay check: every die seen over the wire (the roll-off and the first roll in the first view,
//! then every `dice` event) is what a local replay from the revealed seed rolls.

use plateau_games::Viewer;
use plateau_tests::replay::wire_events_of_kind;
use plateau_tests::table::{machine_speed_server, random_chooser, test_rng};
use plateau_tests::{on_both_databases, Backend, Table, TestDb};
use serde_json::{json, Value};

async fn whole_match(backend: Backend, players: usize, humans: usize) {
    let db = TestDb::new(backend).await;
    let server = machine_speed_server(&db).await;
    let table = Table::open(&server, "groups-of-three", players, humans, Value::Null).await;
    let code = table.code.clone();
    let started = std::time::Instant::now();

    let mut rng = test_rng();
    let sent = table.play_until_end(&mut random_chooser(&mut rng)).await;
    let (record, replay) = table.verify_end().await;
    eprintln!(
        "groups-of-three, {players} players: {} plies ({sent} by the test clients) in {:?}, result {}",
        record["plies"],
        started.elapsed(),
        record["result"]
    );

    // The roll-off and the first roll are in the first view everyone got.
    let dealt = replay.start.view(Viewer::Spectator);
    for c in table.clients() {
        let first = c
            .wait_for(0, |f| f["type"] == "snapshot" && f["version"] == 1)
            .await;
        assert_eq!(
            first["view"]["state"]["opening_rolls"],
            dealt["opening_rolls"]
        );
        assert_eq!(first["view"]["state"]["dice"], dealt["dice"]);
    }
    // Every later roll, as the spectator and each seat saw it, is the replay's.
    let rolled = replay.public_events_of_kind("dice");
    assert!(rolled.len() > 10, "dice were rolled all match long");
    for c in table.clients() {
        assert_eq!(wire_events_of_kind(c, &code, "dice"), rolled);
    }
    for (_, dice) in &rolled {
        let values = dice["values"].as_array().unwrap();
        assert_eq!(values.len(), 2);
        assert!(values
            .iter()
            .all(|v| (1..=6).contains(&v.as_u64().unwrap())));
    }

    // The result: a seat with every piece out, or a blocked board; scores are pieces out.
    let result = &record["result"];
    let state = &table.public_view()["state"];
    let mut exited = vec![0; players];
    for c in state["colours"].as_array().unwrap() {
        exited[c["seat"].as_u64().unwrap() as usize] += c["exited"].as_i64().unwrap();
    }
    assert_eq!(result["scores"], json!(exited));
    match result["reason"].as_str().unwrap() {
        "all_pieces_out" => {
            let winner = result["winners"][0].as_u64().unwrap() as usize;
            for c in state["colours"].as_array().unwrap() {
                if c["seat"] == winner {
                    assert_eq!(c["exited"], 10, "{state}");
                    assert_eq!(c["reserve"], 0, "{state}");
                }
            }
        }
        "blocked" => assert_eq!(result["winners"], json!([])),
        // G13: rounds without a piece leaving or added end in a draw.
        "stall" => {
            assert_eq!(result["winners"], json!([]));
            assert!(state["quiet_turns"].as_u64().unwrap() > 0, "{state}");
        }
        other => panic!("unexpected end {other}: {result}"),
    }
}

async fn two_players(backend: Backend) {
    whole_match(backend, 2, 1).await;
}

async fn three_players(backend: Backend) {
    whole_match(backend, 3, 1).await;
}

async fn four_players(backend: Backend) {
    whole_match(backend, 4, 1).await;
}

on_both_databases!(two_players);
on_both_databases!(three_players);
on_both_databases!(four_players);
