//! Blocks (issue 31, point 1; docs/protocol.md "Blocks"): a player blocks another, and from then
//! on gets none of its chat (live or among a room's recent lines, on the sockets it has open as
//! soon as the call answers), is never quick-paired with it (whoever blocked whom), and keeps it out
//! of the free seats of the waiting rooms it hosts, never out of a seat the server gave it.

use plateau_tests::rest::assert_error;
use plateau_tests::scenario::{line_reaches, started_room, Seated};
use plateau_tests::tournament;
use plateau_tests::{on_both_databases, Api, Backend, Client, Player, TestDb, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn blocks_path(who: &Player) -> String {
    format!("/api/v1/players/me/blocks/{}", who.id)
}

async fn block(api: &Api, by: &Player, who: &Player) {
    let (status, body) = api
        .put(&blocks_path(who), &json!(null), Some(&by.token))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
}

async fn blocks_are_kept_and_listed(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let bob = api.new_player("Bob").await;
    let list = "/api/v1/players/me/blocks";
    assert_error(&api.get(list, None).await, 401, "unauthorized");
    assert_error(
        &api.put(&blocks_path(&alice), &json!(null), Some(&alice.token))
            .await,
        400,
        "bad_request",
    );
    let nobody = format!("/api/v1/players/me/blocks/{}", uuid::Uuid::new_v4());
    assert_error(
        &api.put(&nobody, &json!(null), Some(&alice.token)).await,
        404,
        "not_found",
    );
    assert_error(
        &api.put(
            "/api/v1/players/me/blocks/not-an-id",
            &json!(null),
            Some(&alice.token),
        )
        .await,
        400,
        "bad_request",
    );
    block(&api, &alice, &bob).await;
    block(&api, &alice, &bob).await;
    let (status, blocks) = api.get(list, Some(&alice.token)).await;
    assert_eq!(status, StatusCode::OK);
    let blocked = blocks["blocks"].as_array().unwrap();
    assert_eq!(blocked.len(), 1, "blocking twice is one block: {blocks}");
    assert_eq!(blocked[0]["player"], json!({"id": bob.id, "name": "Bob"}));
    assert!(blocked[0]["since"].is_string());
    let (_, bobs) = api.get(list, Some(&bob.token)).await;
    assert_eq!(bobs["blocks"], json!([]), "Bob's list is his own");

    let (status, _) = api.delete(&blocks_path(&bob), Some(&alice.token)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, blocks) = api.get(list, Some(&alice.token)).await;
    assert_eq!(blocks["blocks"], json!([]));
}
on_both_databases!(blocks_are_kept_and_listed);

/// Alice, Bob and Carol seated in a started private 3-player Abalone room, on a server of the
/// test's own: where the chat of these tests is said.
async fn three_at_a_table(backend: Backend) -> (TestDb, TestServer, Api, Seated) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let room =
        json!({"game": "abalone", "players": 3, "visibility": "private", "seating": "host_first"});
    let seated = started_room(&server, &api, room, &["Alice", "Bob", "Carol"]).await;
    (db, server, api, seated)
}

async fn a_blocked_players_chat_does_not_reach_the_blocker(backend: Backend) {
    let (_db, server, api, seated) = three_at_a_table(backend).await;
    let (code, players, clients) = (&seated.code, &seated.players, &seated.clients);
    let (alice, bob) = (&players[0], &players[1]);
    let (a, b, c) = (&clients[0], &clients[1], &clients[2]);
    block(&api, alice, bob).await;
    assert!(!line_reaches(code, "from Bob", b, c, a).await);
    // Bob, blocked, still hears the others.
    b.wait_for(0, |f| f["type"] == "chat" && f["text"] == "after from Bob")
        .await;

    // Nor among the recent lines, after a reload.
    let again = Client::login(&server.ws_url(), alice).await;
    assert_eq!(again.recent_chat(code, "player").await, ["after from Bob"]);

    // Unblocked: Bob's lines come through again on the socket she has open, from the next one
    // on (issue 46, point 4: the list is pushed to her sockets before the call answers).
    let (status, _) = api.delete(&blocks_path(bob), Some(&alice.token)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert!(
        line_reaches(code, "hello again", b, c, &again).await,
        "an unblock reaches the open socket at once"
    );
}
on_both_databases!(a_blocked_players_chat_does_not_reach_the_blocker);

/// A block reaches the sockets the blocker has open as soon as the call answers (issue 46, point
/// 4): Bob's chat reached Alice's socket a moment ago; once she blocks him, the next line he says
/// does not, though her socket had just read its list. Nor do his lines come back among the
/// recent ones on that socket.
async fn a_block_reaches_the_blockers_open_sockets_at_once(backend: Backend) {
    let (_db, _server, api, seated) = three_at_a_table(backend).await;
    let (code, players, clients) = (&seated.code, &seated.players, &seated.clients);
    let (a, b, c) = (&clients[0], &clients[1], &clients[2]);
    assert!(line_reaches(code, "before", b, c, a).await);
    block(&api, &players[0], &players[1]).await;
    assert!(
        !line_reaches(code, "after", b, c, a).await,
        "a block reaches the open socket at once"
    );
    assert_eq!(
        a.recent_chat(code, "player").await,
        ["after before", "after after"]
    );
}
on_both_databases!(a_block_reaches_the_blockers_open_sockets_at_once);

async fn quick(api: &Api, player: &Player) -> (StatusCode, Value) {
    let body = json!({"game": "pinuid", "players": 2});
    api.post("/api/v1/rooms/quick", &body, Some(&player.token))
        .await
}

async fn quick_pairing_never_pairs_across_a_block(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let bob = api.new_player("Bob").await;
    let alice = api.new_player("Alice").await;
    let eve = api.new_player("Eve").await;
    let carol = api.new_player("Carol").await;
    let (status, bobs) = quick(&api, &bob).await;
    assert_eq!(status, StatusCode::CREATED, "{bobs}");
    let bobs_room = bobs["room"]["code"].clone();

    // Alice blocks Bob, and Bob blocks Eve: neither is sent to Bob's room. Alice, with no other
    // room waiting, gets one of her own; Eve is paired into it.
    block(&api, &alice, &bob).await;
    block(&api, &bob, &eve).await;
    let (status, alices) = quick(&api, &alice).await;
    assert_eq!(status, StatusCode::CREATED, "{alices}");
    let (status, answer) = quick(&api, &eve).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["room"]["code"], alices["room"]["code"]);
    // Carol, who has no block, is paired into the one room still waiting: Bob's.
    let (status, answer) = quick(&api, &carol).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["room"]["code"], bobs_room);
}
on_both_databases!(quick_pairing_never_pairs_across_a_block);

async fn a_blocked_player_cannot_sit_in_the_blockers_waiting_room(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let bob = api.new_player("Bob").await;
    let carol = api.new_player("Carol").await;
    let room = api
        .create_room(
            &alice,
            json!({"game": "abalone", "players": 3, "visibility": "private"}),
        )
        .await;
    let code = room["code"].as_str().unwrap();
    block(&api, &alice, &bob).await;

    let b = Client::login(&server.ws_url(), &bob).await;
    let refused = b.join(code, "player").await;
    assert_eq!(
        (&refused["type"], &refused["code"]),
        (&json!("error"), &json!("forbidden")),
        "{refused}"
    );
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert!(
        info["seats"].as_array().unwrap()[1..]
            .iter()
            .all(|s| s["player"].is_null()),
        "nothing changed: {info}"
    );
    let watching = b.join(code, "spectator").await;
    assert_eq!(
        watching["type"], "room",
        "watching is not sitting: {watching}"
    );
    let c = Client::login(&server.ws_url(), &carol).await;
    let joined = c.join(code, "player").await;
    assert_eq!(
        joined["room"]["seats"][1]["player"]["id"],
        carol.id.as_str()
    );
}
on_both_databases!(a_blocked_player_cannot_sit_in_the_blockers_waiting_room);

/// A block never keeps a player out of a seat the server gave it (issue 45, point 1): paired in a
/// tournament, the blocked entrant joins the room its pairing names, though the blocker sits in
/// seat 0 and hosts it, and the match starts; nobody forfeits. The same holds for a seat held
/// since before the block.
async fn a_block_never_keeps_a_player_out_of_a_seat_given_to_it(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let ann = api.new_account("Ann", "correct horse battery").await;
    let ben = api.new_player("Ben").await;
    let body = json!({"name": "Two of us", "kind": "swiss", "game": "pinuid", "players": 2,
                      "clock": {"kind": "per_move", "s": 60}, "rounds": 1,
                      "visibility": "private", "join_secs": 60});
    let id = tournament::create(&api, &ann, &tournament::starting_in(body, 1)).await;
    for who in [&ann, &ben] {
        tournament::enter(&api, &id, who).await;
    }
    let b = Client::login(&server.ws_url(), &ben).await;
    b.send(json!({"type": "join", "tournament": id})).await;
    let paired = b
        .wait_for(0, |f| {
            f["type"] == "tournament" && f["you"]["next"]["room"].is_string()
        })
        .await;
    let code = paired["you"]["next"]["room"].as_str().unwrap().to_string();
    let (_, room) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    let host = room["host"].as_str().unwrap().to_string();
    let (blocker, blocked, blocked_client) = if host == ann.id {
        (&ann, &ben, &b)
    } else {
        (&ben, &ann, &Client::login(&server.ws_url(), &ann).await)
    };
    block(&api, blocker, blocked).await;

    let mark = blocked_client.mark();
    let joined = blocked_client.join(&code, "player").await;
    assert_eq!(
        joined["type"], "room",
        "the paired seat is the player's: {joined}"
    );
    let h = Client::login(&server.ws_url(), blocker).await;
    h.join(&code, "player").await;
    blocked_client
        .wait_for(mark, |f| {
            f["type"] == "snapshot" && f["room"] == code.as_str()
        })
        .await;

    // Seated before the block, in a room the blocker hosts by choice: joining again is no new
    // seat, and is not refused either.
    let table = api
        .create_room(
            blocker,
            json!({"game": "abalone", "players": 3, "visibility": "private"}),
        )
        .await;
    let table = table["code"].as_str().unwrap();
    block(&api, blocker, blocked).await;
    let (status, _) = api
        .delete(&blocks_path(blocked), Some(&blocker.token))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let first = Client::login(&server.ws_url(), blocked).await;
    assert_eq!(first.join(table, "player").await["type"], "room");
    block(&api, blocker, blocked).await;
    let again = Client::login(&server.ws_url(), blocked).await;
    let rejoined = again.join(table, "player").await;
    assert_eq!(
        rejoined["type"], "room",
        "its seat stays its own: {rejoined}"
    );
    // A newcomer the host blocks is still kept out of the free seat left.
    let (status, _) = api
        .delete(&blocks_path(blocked), Some(&blocker.token))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let carl = api.new_player("Carl").await;
    block(&api, blocker, &carl).await;
    let c = Client::login(&server.ws_url(), &carl).await;
    let refused = c.join(table, "player").await;
    assert_eq!(refused["code"], "forbidden", "{refused}");
}
on_both_databases!(a_block_never_keeps_a_player_out_of_a_seat_given_to_it);
