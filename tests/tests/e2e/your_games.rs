//! "Your games" (issue 48, point 5): `GET /api/v1/players/me/matches?status=playing` lists the
//! matches under way the caller sits in, those awaiting its move first, with whose turn it is, its
//! time left and the last move's time; a WebSocket connection that follows them (`join` with
//! `games`) gets the list, then each room's new entry as its match moves on, starts or ends.

use plateau_tests::rest::assert_error;
use plateau_tests::{on_both_databases, Api, Backend, Client, Player, TestDb, TestServer};
use serde_json::{json, Value};

/// Five minutes and five seconds a move.
fn fischer() -> Value {
    json!({"kind": "fischer", "initial_s": 300, "increment_s": 5})
}

/// A 2-player Abalone room `host` makes (seat 0, to move first) and `guest` joins (seat 1), with
/// `clock`, started; both clients hold version 1.
async fn duel(
    server: &TestServer,
    api: &Api,
    host: &Player,
    guest: &Player,
    clock: Value,
) -> (String, Client, Client) {
    let room = api
        .create_room(
            host,
            json!({"game": "abalone", "players": 2, "visibility": "private",
                   "seating": "host_first", "clock": clock}),
        )
        .await;
    let code = room["code"].as_str().expect("a code").to_string();
    let h = Client::login(&server.ws_url(), host).await;
    h.join(&code, "player").await;
    let g = Client::login(&server.ws_url(), guest).await;
    g.join(&code, "player").await;
    h.send(json!({"type": "start", "room": code})).await;
    h.until_version(&code, 1).await;
    g.until_version(&code, 1).await;
    (code, h, g)
}

/// `player`'s list, as the REST answers it.
async fn listed(api: &Api, player: &Player) -> Vec<Value> {
    let (status, body) = api
        .get(
            "/api/v1/players/me/matches?status=playing",
            Some(&player.token),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["matches"].as_array().expect("a list").clone()
}

fn rooms(list: &[Value]) -> Vec<&str> {
    list.iter().map(|g| g["room"].as_str().unwrap()).collect()
}

/// Alice plays Bob (her move, on a clock) and Carol (Carol's move, no clock): her list puts the
/// room awaiting her first, says whose turn each is, her time left and the last move's time; once
/// Carol has moved, both await her, the one waiting longest first; Bob's list has his one match,
/// not his turn; a match that ends leaves the lists; a player in no match has none. A `status`
/// other than `playing` is `400 bad_request`, no token `401`, and neither changes anything.
async fn the_list_puts_your_move_first(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let (alice, bob, carol, dave) = (
        api.new_player("Alice").await,
        api.new_player("Bob").await,
        api.new_player("Carol").await,
        api.new_player("Dave").await,
    );
    let (with_bob, a1, b1) = duel(&server, &api, &alice, &bob, fischer()).await;
    let (with_carol, c2, a2) = duel(&server, &api, &carol, &alice, Value::Null).await;

    let list = listed(&api, &alice).await;
    assert_eq!(
        rooms(&list),
        [&with_bob, &with_carol],
        "her move first: {list:?}"
    );
    let first = &list[0];
    assert_eq!(first["game"], "abalone");
    assert_eq!(
        (&first["you"], &first["your_turn"]),
        (&json!(0), &json!(true))
    );
    assert_eq!(first["to_move"], json!([0]));
    assert_eq!(first["seats"][1]["player"]["name"], "Bob", "{first}");
    let left = first["time_left_ms"].as_i64().expect("her time left");
    assert!(
        (250_000..=300_000).contains(&left),
        "her clock runs from 5 minutes: {left}"
    );
    assert!(first["last_move_at"].is_string(), "{first}");
    let second = &list[1];
    assert_eq!(
        (&second["you"], &second["your_turn"]),
        (&json!(1), &json!(false))
    );
    assert_eq!(second["to_move"], json!([0]));
    assert_eq!(second["time_left_ms"], Value::Null, "no clock");
    assert_eq!(second["seats"][0]["player"]["name"], "Carol");

    let before = second["last_move_at"].as_str().unwrap().to_string();
    let ack = c2
        .play(&with_carol, "c1", c2.legal(&with_carol)[0].clone())
        .await;
    assert_eq!(ack["type"], "ack", "{ack}");
    a2.until_version(&with_carol, 2).await;
    let list = listed(&api, &alice).await;
    assert_eq!(
        rooms(&list),
        [&with_bob, &with_carol],
        "both await her, the longest waiting first: {list:?}"
    );
    assert_eq!(list[1]["your_turn"], true);
    assert_eq!(list[1]["version"], 2);
    assert!(
        list[1]["last_move_at"].as_str().unwrap() > before.as_str(),
        "the last move's time is Carol's move's: {list:?}"
    );

    let bobs = listed(&api, &bob).await;
    assert_eq!(rooms(&bobs), [&with_bob]);
    assert_eq!(
        (&bobs[0]["you"], &bobs[0]["your_turn"]),
        (&json!(1), &json!(false))
    );
    assert!(listed(&api, &dave).await.is_empty(), "Dave plays nothing");

    assert_error(
        &api.get(
            "/api/v1/players/me/matches?status=finished",
            Some(&alice.token),
        )
        .await,
        400,
        "bad_request",
    );
    let (status, _) = api.get("/api/v1/players/me/matches", None).await;
    assert_eq!(status, 401);

    let mark = b1.mark();
    a1.resign(&with_bob).await;
    b1.wait_for_frame(mark, "ended", &with_bob).await;
    assert_eq!(rooms(&listed(&api, &alice).await), [&with_carol]);
    assert!(listed(&api, &bob).await.is_empty(), "Bob's match is over");
}
on_both_databases!(the_list_puts_your_move_first);

/// The `your_game` frame about `room` after `mark`.
async fn entry_after(follower: &Client, mark: usize, room: &str) -> Value {
    follower
        .wait_for(mark, |f| f["type"] == "your_game" && f["room"] == room)
        .await["entry"]
        .clone()
}

/// Alice follows her games on a connection of their own (another page): the list first, then a
/// new entry for each move, whoever made it, a match that starts, and `null` for one that ends;
/// following twice sends the list again; after `leave` nothing comes. `join` naming both games and
/// a room is `bad_request`.
async fn followed_games_move_on_live(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let (alice, bob, carol) = (
        api.new_player("Alice").await,
        api.new_player("Bob").await,
        api.new_player("Carol").await,
    );
    let (code, a, b) = duel(&server, &api, &alice, &bob, fischer()).await;
    let follower = Client::login(&server.ws_url(), &alice).await;
    let mark = follower.mark();
    follower.send(json!({"type": "join", "games": true})).await;
    let games = follower.wait_for(mark, |f| f["type"] == "games").await;
    assert_eq!(games["games"].as_array().unwrap().len(), 1, "{games}");
    assert_eq!(games["games"][0]["room"], code.as_str());
    assert_eq!(games["games"][0]["your_turn"], true);

    let mark = follower.mark();
    let ack = a.play(&code, "a1", a.legal(&code)[0].clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    let entry = entry_after(&follower, mark, &code).await;
    assert_eq!(
        (&entry["your_turn"], &entry["version"]),
        (&json!(false), &json!(2)),
        "{entry}"
    );
    assert_eq!(entry["to_move"], json!([1]));

    b.until_version(&code, 2).await;
    let mark = follower.mark();
    let ack = b.play(&code, "b1", b.legal(&code)[0].clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    let entry = entry_after(&follower, mark, &code).await;
    assert_eq!(
        (&entry["your_turn"], &entry["version"]),
        (&json!(true), &json!(3)),
        "{entry}"
    );

    let mark = follower.mark();
    let (other, _c, _a2) = duel(&server, &api, &carol, &alice, Value::Null).await;
    let entry = entry_after(&follower, mark, &other).await;
    assert_eq!(
        (&entry["you"], &entry["your_turn"]),
        (&json!(1), &json!(false)),
        "{entry}"
    );

    let mark = follower.mark();
    b.resign(&code).await;
    assert_eq!(
        entry_after(&follower, mark, &code).await,
        Value::Null,
        "it ended"
    );

    let mark = follower.mark();
    follower.send(json!({"type": "join", "games": true})).await;
    let games = follower.wait_for(mark, |f| f["type"] == "games").await;
    let listed: Vec<&Value> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| &g["room"])
        .collect();
    assert_eq!(listed, [&json!(other)], "{games}");

    // The pong answers after the leave is done.
    let mark = follower.mark();
    follower.send(json!({"type": "leave", "games": true})).await;
    follower.send(json!({"type": "ping"})).await;
    follower.wait_for(mark, |f| f["type"] == "pong").await;
    let mark = follower.mark();
    let (last, _, _) = duel(&server, &api, &alice, &carol, Value::Null).await;
    let quiet = follower
        .try_wait_for(mark, std::time::Duration::from_secs(1), |f| {
            f["type"] == "your_game" && f["room"] == last
        })
        .await;
    assert_eq!(quiet, None, "no more once left");

    follower
        .expect_error(
            json!({"type": "join", "games": true, "room": code}),
            "bad_request",
        )
        .await;
}
on_both_databases!(followed_games_move_on_live);
