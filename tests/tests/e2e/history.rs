//! The lobby, bots, and match history: public rooms newest first, bots that play their seats, the
//! history filtered and paged by cursor, and player stats.

use plateau_tests::table::{machine_speed_server, patch_moves, random_chooser, test_rng};
use plateau_tests::{on_both_databases, Api, Backend, Client, Table, TestDb, TestServer};
use serde_json::{json, Value};

async fn lobby_bots_and_history(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let bob = api.new_player("Bob").await;

    // The lobby: public waiting rooms, newest first; private rooms never.
    let mut public = Vec::new();
    for _ in 0..3 {
        let room = api
            .create_room(&alice, json!({"game": "abalone", "players": 2, "visibility": "public", "seating": "host_first", "options": {"max_plies": 2}}))
            .await;
        public.push(room["code"].as_str().unwrap().to_string());
    }
    api.create_room(
        &bob,
        json!({"game": "abalone", "players": 2, "visibility": "private"}),
    )
    .await;
    let (_, lobby) = api.get("/api/v1/rooms", None).await;
    let codes: Vec<&str> = lobby
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        public.iter().rev().map(String::as_str).collect::<Vec<_>>()
    );

    // Each public room is played against a bot: Alice moves, the bot answers, the cap ends it.
    let a = Client::login(&server.ws_url(), &alice).await;
    let mut match_ids = Vec::new();
    for code in &public {
        a.join(code, "player").await;
        let mark = a.mark();
        a.send(json!({"type": "start", "room": code, "bots": true}))
            .await;
        let room = a
            .wait_for(mark, |f| {
                f["type"] == "room" && f["room"]["status"] == "playing"
            })
            .await;
        assert_eq!(room["room"]["seats"][1]["bot"], true);
        assert_eq!(room["room"]["seats"][1]["connected"], true);
        a.until_version(code, 1).await;
        let ack = a.play(code, "first", a.legal(code)[0].clone()).await;
        assert_eq!(ack["type"], "ack");
        let ended = a
            .wait_for(mark, |f| f["type"] == "ended" && f["room"] == code.as_str())
            .await;
        assert_eq!(ended["result"]["reason"], "ply_limit");
        assert_eq!(ended["result"]["winners"], json!([]), "a draw");
        a.until_version(code, 3).await;
        match_ids.push(ended["match"].as_str().unwrap().to_string());
    }
    let (_, lobby) = api.get("/api/v1/rooms", None).await;
    assert_eq!(lobby, json!([]), "started rooms leave the lobby");

    // History: newest first, paged one at a time by cursor, to the end.
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let query = match &cursor {
            Some(c) => format!("/api/v1/matches?player={}&limit=1&before={c}", alice.id),
            None => format!("/api/v1/matches?player={}&limit=1", alice.id),
        };
        let (status, page) = api.get(&query, None).await;
        assert!(status.is_success(), "{page}");
        let matches = page["matches"].as_array().unwrap();
        assert!(matches.len() <= 1);
        seen.extend(
            matches
                .iter()
                .map(|m| m["id"].as_str().unwrap().to_string()),
        );
        match page["next"].as_str() {
            Some(next) => cursor = Some(next.to_string()),
            None => break,
        }
    }
    assert_eq!(seen, match_ids.iter().rev().cloned().collect::<Vec<_>>());

    // One summary in full.
    let (_, page) = api
        .get(
            &format!(
                "/api/v1/matches?game=abalone&status=finished&player={}",
                alice.id
            ),
            None,
        )
        .await;
    let first = &page["matches"][0];
    assert_eq!(first["id"], match_ids[2].as_str());
    assert_eq!(first["room"], public[2].as_str());
    assert_eq!(first["game"], "abalone");
    assert_eq!(first["plies"], 2);
    assert_eq!(first["status"], "finished");
    assert_eq!(first["options"]["max_plies"], 2);
    assert_eq!(first["max_plies"], 2, "the cap the match is played under");
    assert_eq!(
        first["players"][0],
        json!({"seat": 0, "id": alice.id, "name": "Alice", "bot": false})
    );
    assert_eq!(first["players"][1]["bot"], true);
    assert!(first["ended_at"].is_string() && first["started_at"].is_string());
    assert_eq!(page["next"], Value::Null);

    // Filters that match nothing.
    for query in [
        format!("/api/v1/matches?player={}", bob.id),
        "/api/v1/matches?game=pinuid".to_string(),
        "/api/v1/matches?status=playing".to_string(),
    ] {
        let (_, page) = api.get(&query, None).await;
        assert_eq!(page["matches"], json!([]), "{query}");
    }

    // Each match's record and replay agree with what was played.
    let (_, record) = api
        .get(&format!("/api/v1/matches/{}", match_ids[0]), None)
        .await;
    let moves = record["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(
        (moves[0]["seat"].as_u64(), moves[1]["seat"].as_u64()),
        (Some(0), Some(1))
    );
    let (_, after_one) = api
        .get(
            &format!("/api/v1/matches/{}/state?ply=1", match_ids[0]),
            None,
        )
        .await;
    assert_eq!(after_one["view"]["ply"], 1);
    assert_eq!(after_one["view"]["to_move"], json!([1]));
    assert_eq!(
        after_one["view"]["state"]["last"],
        moves[0]["move"]["notation"]
    );

    let (_, profile) = api
        .get(&format!("/api/v1/players/{}", alice.id), None)
        .await;
    assert_eq!(
        profile["stats"],
        json!({"played": 3, "won": 0, "by_game": {"abalone": {"played": 3, "won": 0}}})
    );
    assert_eq!(profile["ratings"], json!({}), "no rated match");
    assert_eq!(profile["name"], "Alice");
}

/// The record keeps every move in the form `you.legal` lists it, however it was sent: an Abalone
/// move by notation alone, by its marbles and direction, in short notation, or whole, comes back
/// whole (`{"notation", "marbles", "dir"}`) from `GET /api/v1/matches/{id}`.
async fn moves_recorded_as_listed(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = machine_speed_server(&db).await;
    let table = Table::open(&server, "abalone", 2, 2, json!({})).await;
    let code = table.code.clone();
    let mut listed = Vec::new();
    for ply in 0..4usize {
        let seat = ply % 2;
        let player = &table.humans[seat];
        player.until_version(&code, ply as u64 + 1).await;
        let whole = player.legal(&code)[ply].clone();
        let spelled = match ply {
            0 => json!({"notation": whole["notation"]}),
            1 => json!({"marbles": whole["marbles"], "dir": whole["dir"]}),
            2 => whole["notation"].clone(),
            _ => whole.clone(),
        };
        let ack = player.play(&code, &format!("m{ply}"), spelled).await;
        assert_eq!(ack["type"], "ack", "{ack}");
        listed.push(whole);
    }
    let (status, record) = table
        .api
        .get(&format!("/api/v1/matches/{}", table.match_id), None)
        .await;
    assert!(status.is_success(), "{status} {record}");
    let stored: Vec<Value> = record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].clone())
        .collect();
    assert_eq!(stored, listed, "every move as `you.legal` listed it");
}

/// The moves reach a page with the frames (issue 50): each move's `patch` carries its record as
/// `GET /api/v1/matches/{id}` lists it (`moves`, the same `{ply, seat, move, at}` to the letter),
/// to the seats and to a spectator; `recent` gives whoever (re)joins the last 50 moves; a ruling's
/// patch (a resignation) carries none.
async fn moves_reach_the_page_with_the_patches(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = machine_speed_server(&db).await;
    let table = Table::open(&server, "abalone", 2, 2, json!({})).await;
    let code = table.code.clone();
    let mut rng = test_rng();
    let mut chooser = random_chooser(&mut rng);
    // More moves than `recent` keeps.
    table
        .play_until(&mut chooser, |view| view["ply"].as_u64() >= Some(60))
        .await;
    let plies = table.public_view()["ply"].as_u64().unwrap();
    let record = table.api.match_record(&table.match_id).await;
    let history = record["moves"].as_array().unwrap().clone();
    assert_eq!(history.len() as u64, plies);
    for c in table.clients() {
        assert_eq!(
            patch_moves(c, &code),
            history,
            "the patches carry the history"
        );
    }

    // A page that comes (or comes back) gets the last 50 moves with the snapshot.
    let late = table.api.new_player("Late").await;
    let late = Client::login(&server.ws_url(), &late).await;
    let mark = late.mark();
    late.join(&code, "spectator").await;
    let recent = late.wait_for_frame(mark, "recent", &code).await;
    assert_eq!(
        recent["moves"].as_array().unwrap()[..],
        history[history.len() - 50..],
        "{recent}"
    );
    let mark = table.humans[1].mark();
    table.humans[1].sync(&code).await;
    let recent = table.humans[1].wait_for_frame(mark, "recent", &code).await;
    assert_eq!(
        recent["moves"].as_array().unwrap()[..],
        history[history.len() - 50..]
    );

    // A ruling makes no move.
    let mark = late.mark();
    table.humans[0].resign(&code).await;
    let patch = late.wait_for_frame(mark, "patch", &code).await;
    assert_eq!(patch["events"][0]["kind"], "forfeited", "{patch}");
    assert!(patch.get("moves").is_none(), "{patch}");
}

on_both_databases!(lobby_bots_and_history);
on_both_databases!(moves_recorded_as_listed);
on_both_databases!(moves_reach_the_page_with_the_patches);
