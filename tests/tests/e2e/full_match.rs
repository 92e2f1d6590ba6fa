//! Two players create and join a private room and play a whole Abalone game to a 6-ejection win,
//! over real sockets; a spectator watches. Every view rebuilt from patches equals a fresh snapshot,
//! the spectator sees what the players see, the history holds every move, and the RNG seed, hidden
//! during play, is revealed at the end and hashes to the commitment.

use plateau_tests::strategy::AbaloneDuel;
use plateau_tests::{on_both_databases, Api, Backend, Client, TestDb, TestServer};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

async fn whole_game_to_a_win(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let (alice, bob, carol) = (
        api.new_player("Alice").await,
        api.new_player("Bob").await,
        api.new_player("Carol").await,
    );
    let room = api
        .create_room(
            &alice,
            json!({"game": "abalone", "players": 2, "visibility": "private"}),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    assert_eq!(room["seats"][0]["player"]["id"], alice.id.as_str());
    assert_eq!(room["status"], "waiting");
    assert_eq!(
        room["options"]["layout"], "standard",
        "defaults are filled in"
    );

    let a = Client::login(&server.ws_url(), &alice).await;
    let b = Client::login(&server.ws_url(), &bob).await;
    let spectator = Client::login(&server.ws_url(), &carol).await;
    a.join(&code, "player").await;
    let joined = b.join(&code, "player").await;
    assert_eq!(joined["room"]["seats"][1]["player"]["id"], bob.id.as_str());
    let watching = spectator.join(&code, "spectator").await;
    assert_eq!(watching["room"]["spectators"], 1);
    let (status, lobby) = api.get("/api/v1/rooms", None).await;
    assert!(status.is_success());
    assert!(
        lobby
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["code"] != code.as_str()),
        "private rooms stay out of the lobby"
    );

    let mark = a.mark();
    a.send(json!({"type": "start", "room": code})).await;
    a.wait_for(mark, |f| f["type"] == "snapshot").await;
    let (_, info) = api
        .get(&format!("/api/v1/rooms/{}", code.to_lowercase()), None)
        .await;
    assert_eq!(info["status"], "playing", "codes are case-insensitive");
    let match_id = info["match"].as_str().unwrap().to_string();
    let (_, record) = api.get(&format!("/api/v1/matches/{match_id}"), None).await;
    assert_eq!(
        record["rng"]["seed"],
        Value::Null,
        "the seed stays secret during play"
    );
    let commitment = record["rng"]["commitment"].as_str().unwrap().to_string();

    let players = [&a, &b];
    let mut duel = AbaloneDuel::default();
    let mut played: Vec<Value> = Vec::new();
    for ply in 0.. {
        let version = ply + 1;
        for c in [&a, &b, &spectator] {
            c.until_version(&code, version).await;
        }
        let (_, view) = a.view(&code).unwrap();
        if view["status"] == "finished" {
            break;
        }
        let seat = view["to_move"][0].as_u64().unwrap() as usize;
        let mover = players[seat];
        let mv = duel.pick(seat, &mover.legal(&code));
        let ack = mover.play(&code, &format!("m{ply}"), mv.clone()).await;
        assert_eq!(ack["type"], "ack", "ply {ply}: {ack}");
        assert_eq!(ack["version"], version + 1);
        duel.apply(seat, &mv);
        played.push(mv);
        // The spectator sees the players' public view; every fifth ply, patched views equal snapshots.
        for c in [&a, &b, &spectator] {
            c.until_version(&code, version + 1).await;
        }
        let (_, public) = spectator.view(&code).unwrap();
        let (_, alice_view) = a.view(&code).unwrap();
        assert_eq!(public["state"], alice_view["state"]);
        assert_eq!(public["you"], Value::Null);
        if ply % 5 == 0 {
            for c in [&a, &b, &spectator] {
                let patched = c.view(&code).unwrap().1;
                assert_eq!(
                    c.sync(&code).await["view"],
                    patched,
                    "patched view equals a fresh snapshot"
                );
            }
        }
        assert!(ply < 1000, "the duel should end well before 1000 plies");
    }
    for c in [&a, &b, &spectator] {
        assert!(c.gaps().is_empty(), "patches followed on: {:?}", c.gaps());
        let ended = c.wait_for(0, |f| f["type"] == "ended").await;
        assert_eq!(ended["result"]["winners"], json!([0]));
        assert_eq!(ended["result"]["reason"], "six_ejected");
    }
    let (_, final_view) = b.view(&code).unwrap();
    assert_eq!(final_view["state"]["ejected"], json!([6, 0]));
    assert!(
        final_view["you"].get("legal").is_none(),
        "nobody acts after the end"
    );

    // The record: every move, the result, and the seed that hashes to the commitment.
    let record = api.match_record(&match_id).await;
    assert_eq!(record["status"], "finished");
    assert_eq!(record["plies"], played.len());
    assert_eq!(record["result"]["winners"], json!([0]));
    let moves = record["moves"].as_array().unwrap();
    assert_eq!(moves.len(), played.len());
    for (i, (stored, sent)) in moves.iter().zip(&played).enumerate() {
        assert_eq!(stored["ply"], i + 1);
        assert_eq!(stored["seat"], i % 2);
        assert_eq!(stored["move"]["notation"], sent["notation"]);
    }
    let seed = hex::decode(
        record["rng"]["seed"]
            .as_str()
            .expect("the seed is revealed at the end"),
    )
    .unwrap();
    assert_eq!(seed.len(), 32);
    assert_eq!(hex::encode(Sha256::digest(&seed)), commitment);

    // Replay over REST: the state at every ply is what the spectator saw then; the end is the end.
    let (_, start) = api
        .get(&format!("/api/v1/matches/{match_id}/state?ply=0"), None)
        .await;
    assert_eq!(start["view"]["state"]["ejected"], json!([0, 0]));
    let (_, end) = api
        .get(
            &format!("/api/v1/matches/{match_id}/state?ply={}", played.len()),
            None,
        )
        .await;
    assert_eq!(end["view"]["state"], final_view["state"]);
    assert_eq!(end["view"]["status"], "finished");
    let (_, beyond) = api
        .get(
            &format!("/api/v1/matches/{match_id}/state?ply={}", played.len() + 1),
            None,
        )
        .await;
    assert_eq!(beyond["error"]["code"], "bad_request");

    // Stats: one played each, one won by Alice.
    let (_, profile) = api
        .get(&format!("/api/v1/players/{}", alice.id), None)
        .await;
    assert_eq!(
        profile["stats"],
        json!({"played": 1, "won": 1, "by_game": {"abalone": {"played": 1, "won": 1}}})
    );
    let (_, profile) = api.get(&format!("/api/v1/players/{}", bob.id), None).await;
    assert_eq!(
        profile["stats"],
        json!({"played": 1, "won": 0, "by_game": {"abalone": {"played": 1, "won": 0}}})
    );
}

on_both_databases!(whole_game_to_a_win);
