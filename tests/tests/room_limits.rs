//! Limits on rooms: how many waiting rooms a player may host at once (`--open-rooms-per-player`),
//! how long an empty waiting room lives (`--waiting-room-ttl-secs`), and the lobby's pages.

use plateau_tests::rest::assert_error;
use plateau_tests::{on_both_databases, Api, Backend, Client, TestDb, TestServer};
use serde_json::{json, Value};

fn abalone(visibility: &str) -> Value {
    json!({"game": "abalone", "players": 2, "visibility": visibility})
}

/// A player hosts at most 10 waiting rooms by default; the 11th is `409 conflict` and creates
/// nothing; starting one of them makes room for another; other players are not affected.
async fn open_rooms_per_player(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let (alice, bob) = (api.new_player("Alice").await, api.new_player("Bob").await);
    let mut codes = Vec::new();
    for _ in 0..10 {
        let room = api.create_room(&alice, abalone("public")).await;
        codes.push(room["code"].as_str().unwrap().to_string());
    }
    let refused = api
        .post("/api/v1/rooms", &abalone("public"), Some(&alice.token))
        .await;
    assert_error(&refused, 409, "conflict");
    let (_, lobby) = api.get("/api/v1/rooms", None).await;
    assert_eq!(
        lobby.as_array().unwrap().len(),
        10,
        "the refused room was not created"
    );

    // Someone else is not limited by Alice's rooms.
    api.create_room(&bob, abalone("private")).await;

    // A started room no longer counts.
    let a = Client::login(&server.ws_url(), &alice).await;
    a.join(&codes[0], "player").await;
    a.send(json!({"type": "start", "room": codes[0], "bots": true}))
        .await;
    a.until_version(&codes[0], 1).await;
    api.create_room(&alice, abalone("private")).await;
    let refused = api
        .post("/api/v1/rooms", &abalone("private"), Some(&alice.token))
        .await;
    assert_error(&refused, 409, "conflict");
}
on_both_databases!(open_rooms_per_player);

/// The flag raises (or lowers) the limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_rooms_per_player_is_configurable() {
    let db = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start_with(&db, &[("PLATEAU_OPEN_ROOMS_PER_PLAYER", "2")]).await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    api.create_room(&alice, abalone("private")).await;
    api.create_room(&alice, abalone("private")).await;
    let refused = api
        .post("/api/v1/rooms", &abalone("private"), Some(&alice.token))
        .await;
    assert_error(&refused, 409, "conflict");
}
