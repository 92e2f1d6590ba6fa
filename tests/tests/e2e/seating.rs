//! Who sits where (issue 13.3): `seating` is `host_first` (the creator in seat 0, joiners in order)
//! or `random` (everyone drawn at the start with the match's seed, so that anyone can check the
//! draw once the seed is revealed). Public rooms draw by default, private ones do not.

use plateau_games::registry;
use plateau_tests::rest::assert_error;
use plateau_tests::{on_both_databases, Api, Backend, Client, TestDb, TestServer};
use serde_json::{json, Value};

async fn defaults_follow_visibility_and_bad_values_are_refused(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let host = api.new_player("Host").await;
    for (visibility, seating) in [("private", "host_first"), ("public", "random")] {
        let room = api
            .create_room(
                &host,
                json!({"game": "abalone", "players": 2, "visibility": visibility}),
            )
            .await;
        assert_eq!(room["seating"], seating, "{visibility}");
    }
    let chosen = api
        .create_room(
            &host,
            json!({"game": "abalone", "players": 2, "visibility": "private", "seating": "random"}),
        )
        .await;
    assert_eq!(chosen["seating"], "random");
    let answer = api
        .post(
            "/api/v1/rooms",
            &json!({"game": "abalone", "players": 2, "visibility": "public", "seating": "youngest_first"}),
            Some(&host.token),
        )
        .await;
    assert_error(&answer, 400, "bad_request");
}
on_both_databases!(defaults_follow_visibility_and_bad_values_are_refused);

/// Four players join a public 4-player Abalone room in order; at the start they are drawn into
/// seats. Each one's view says its new seat, the room shows the same, and once the match has ended
/// (a resignation: teams lose together) the revealed seed gives that very draw.
async fn random_seats_are_drawn_with_the_match_seed(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let names = ["Ann", "Ben", "Cat", "Dan"];
    let mut players = Vec::new();
    for name in names {
        players.push(api.new_player(name).await);
    }
    let room = api
        .create_room(
            &players[0],
            json!({"game": "abalone", "players": 4, "visibility": "public"}),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    let mut clients = Vec::new();
    for p in &players {
        let c = Client::login(&server.ws_url(), p).await;
        c.join(&code, "player").await;
        clients.push(c);
    }
    let (_, before) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    let joined: Vec<Value> = (0..4)
        .map(|s| before["seats"][s]["player"]["id"].clone())
        .collect();
    assert_eq!(
        joined[0],
        json!(players[0].id),
        "the host sits first until the draw"
    );

    clients[0]
        .send(json!({"type": "start", "room": code}))
        .await;
    for c in &clients {
        c.until_version(&code, 1).await;
    }
    let (_, after) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(after["status"], "playing");
    for (i, c) in clients.iter().enumerate() {
        let (_, view) = c.view(&code).unwrap();
        let seat = view["you"]["seat"].as_u64().unwrap() as usize;
        assert_eq!(
            after["seats"][seat]["player"]["id"],
            json!(players[i].id),
            "{}'s view and the room agree on its seat",
            names[i]
        );
    }

    // Seat 0's player resigns: its team loses, the other team wins, and the seed is revealed.
    let first = clients
        .iter()
        .find(|c| c.view(&code).unwrap().1["you"]["seat"] == 0)
        .unwrap();
    let mark = first.mark();
    first.send(json!({"type": "resign", "room": code})).await;
    let ended = first
        .wait_for(mark, |f| f["type"] == "ended" && f["room"] == code.as_str())
        .await;
    assert_eq!(ended["result"]["winners"], json!([1, 3]));
    let record = api.match_record(ended["match"].as_str().unwrap()).await;
    let seed: [u8; 32] = hex::decode(record["rng"]["seed"].as_str().unwrap())
        .unwrap()
        .try_into()
        .unwrap();
    let order = registry::seat_draw(seed, 4);
    for (seat, &old) in order.iter().enumerate() {
        assert_eq!(
            after["seats"][seat]["player"]["id"], joined[old],
            "seat {seat} holds whoever the seed drew for it"
        );
        assert_eq!(record["players"][seat]["id"], joined[old]);
    }
}
on_both_databases!(random_seats_are_drawn_with_the_match_seed);
