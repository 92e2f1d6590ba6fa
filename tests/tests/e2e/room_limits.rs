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

/// A rematch room is a waiting room its asker hosts: it counts toward `--open-rooms-per-player`.
/// A player already at the limit is refused `conflict` and no room is made; the other player,
/// under it, makes the rematch. (Rematches once took a host past any limit.)
async fn a_rematch_counts_toward_the_open_rooms(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, &[("PLATEAU_OPEN_ROOMS_PER_PLAYER", "1")]).await;
    let api = Api::new(server.http());
    let duo = plateau_tests::scenario::started_abalone_duo(&server, &api, "private").await;
    let (code, a, b) = (&duo.code, &duo.a, &duo.b);
    let mark = b.mark();
    a.resign(code).await;
    b.wait_for_frame(mark, "ended", code).await;
    // Bob hosts a waiting room: he is at the limit.
    api.create_room(&duo.bob, abalone("private")).await;
    let mark = b.mark();
    b.rematch(code).await;
    let refused = b
        .wait_for(mark, |f| f["type"] == "error" || f["type"] == "rematch")
        .await;
    assert_eq!(refused["code"], "conflict", "{refused}");
    let store = plateau::store::Store::connect(&db.url, 1).await.unwrap();
    let bob: uuid::Uuid = duo.bob.id.parse().unwrap();
    assert_eq!(
        store.waiting_rooms_hosted(bob).await.unwrap(),
        1,
        "no rematch room was made"
    );
    // Alice hosts nothing waiting: her rematch is made.
    let mark = a.mark();
    a.rematch(code).await;
    let told = a.wait_for_frame(mark, "rematch", code).await;
    let next = told["next"].as_str().expect("the rematch room").to_string();
    let (_, info) = api.get(&format!("/api/v1/rooms/{next}"), None).await;
    assert_eq!(info["host"], duo.alice.id.as_str(), "{info}");
}
on_both_databases!(a_rematch_counts_toward_the_open_rooms);

/// The next page's address from a `Link: <...>; rel="next"` header.
fn next_link(response: &reqwest::Response) -> Option<String> {
    let link = response.headers().get("link")?.to_str().ok()?;
    let (target, params) = link.split_once(';')?;
    assert_eq!(params.trim(), "rel=\"next\"", "{link}");
    Some(
        target
            .trim()
            .strip_prefix('<')?
            .strip_suffix('>')?
            .to_string(),
    )
}

/// The lobby comes in pages (`limit`, default 50, at most 100); the `Link` header leads to the next
/// page, and following it lists every waiting public room once, newest first. Bad paging is
/// `400 bad_request`.
async fn lobby_pages(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let mut created = Vec::new();
    for host in ["Ann", "Ben"] {
        let host = api.new_player(host).await;
        for _ in 0..6 {
            let room = api.create_room(&host, abalone("public")).await;
            created.push(room["code"].as_str().unwrap().to_string());
        }
        api.create_room(&host, abalone("private")).await;
    }
    created.reverse();

    let http = reqwest::Client::new();
    let whole = http
        .get(format!("{}/api/v1/rooms", server.http()))
        .send()
        .await
        .unwrap();
    assert!(
        next_link(&whole).is_none(),
        "12 rooms fit in the default page"
    );
    let whole: Vec<Value> = whole.json().await.unwrap();
    let codes = |rooms: &[Value]| -> Vec<String> {
        rooms
            .iter()
            .map(|r| r["code"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(codes(&whole), created, "newest first, public only");

    let mut paged = Vec::new();
    let mut pages = 0;
    let mut next = Some("/api/v1/rooms?limit=5".to_string());
    while let Some(path) = next {
        let response = http
            .get(format!("{}{path}", server.http()))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        next = next_link(&response);
        let page: Vec<Value> = response.json().await.unwrap();
        assert!(page.len() <= 5);
        paged.extend(page);
        pages += 1;
        assert!(pages <= 3, "12 rooms in pages of 5 are 3 pages");
    }
    assert_eq!(pages, 3);
    assert_eq!(
        codes(&paged),
        created,
        "the pages list every room once, in order"
    );

    for bad in [
        "limit=0",
        "limit=101",
        "limit=ten",
        "before=nonsense",
        "before=12.%3Cscript%3E",
    ] {
        let answer = api.get(&format!("/api/v1/rooms?{bad}"), None).await;
        assert_error(&answer, 400, "bad_request");
    }
}
on_both_databases!(lobby_pages);

/// The room's status as the REST API shows it.
async fn status_of(api: &Api, code: &str) -> String {
    let (_, room) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    room["status"].as_str().unwrap().to_string()
}

fn lobby_codes(lobby: &Value) -> Vec<&str> {
    lobby
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["code"].as_str().unwrap())
        .collect()
}

/// A waiting room with nobody connected for `--waiting-room-ttl-secs` becomes `abandoned`: it
/// leaves the lobby and `join` is answered `conflict`. A room somebody is in does not expire, and
/// its time starts when the last person leaves.
async fn waiting_rooms_expire(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, &[("PLATEAU_WAITING_ROOM_TTL_SECS", "2")]).await;
    let api = Api::new(server.http());
    let (alice, bob) = (api.new_player("Alice").await, api.new_player("Bob").await);
    let empty = api.create_room(&alice, abalone("public")).await;
    let empty = empty["code"].as_str().unwrap().to_string();
    let occupied = api.create_room(&bob, abalone("public")).await;
    let occupied = occupied["code"].as_str().unwrap().to_string();
    let b = Client::login(&server.ws_url(), &bob).await;
    b.join(&occupied, "player").await;

    tokio::time::sleep(std::time::Duration::from_millis(3500)).await;
    assert_eq!(status_of(&api, &empty).await, "abandoned");
    assert_eq!(status_of(&api, &occupied).await, "waiting", "Bob is in it");
    let (_, lobby) = api.get("/api/v1/rooms", None).await;
    assert_eq!(lobby_codes(&lobby), [occupied.as_str()]);
    let a = Client::login(&server.ws_url(), &alice).await;
    for role in ["player", "spectator"] {
        a.expect_error(
            json!({"type": "join", "room": empty, "as": role}),
            "conflict",
        )
        .await;
    }

    // Bob leaves: two seconds later his room is abandoned too.
    b.close().await;
    tokio::time::sleep(std::time::Duration::from_millis(1000)).await;
    assert_eq!(status_of(&api, &occupied).await, "waiting");
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    assert_eq!(status_of(&api, &occupied).await, "abandoned");
}
on_both_databases!(waiting_rooms_expire);

/// Waiting rooms are brought back at start, but one that has been empty for longer than its time
/// to live is abandoned at start (and not brought back); one that people were in when the server
/// stopped counts from the start.
async fn waiting_rooms_expire_across_restarts(backend: Backend) {
    let db = TestDb::new(backend).await;
    let mut server = TestServer::start_with(&db, &[("PLATEAU_WAITING_ROOM_TTL_SECS", "3")]).await;
    let api = Api::new(server.http());
    let (alice, bob) = (api.new_player("Alice").await, api.new_player("Bob").await);
    let empty = api.create_room(&alice, abalone("public")).await;
    let empty = empty["code"].as_str().unwrap().to_string();
    let occupied = api.create_room(&bob, abalone("public")).await;
    let occupied = occupied["code"].as_str().unwrap().to_string();
    let b = Client::login(&server.ws_url(), &bob).await;
    b.join(&occupied, "player").await;
    server.kill9();
    tokio::time::sleep(std::time::Duration::from_millis(3500)).await;

    server.restart().await;
    let api = Api::new(server.http());
    assert_eq!(
        status_of(&api, &empty).await,
        "abandoned",
        "expired at start"
    );
    assert!(server.log_contains("waiting rooms expired while the server was down"));
    assert_eq!(
        status_of(&api, &occupied).await,
        "waiting",
        "Bob was in it when the server stopped"
    );
    let (_, lobby) = api.get("/api/v1/rooms", None).await;
    assert_eq!(lobby_codes(&lobby), [occupied.as_str()]);
    let a = Client::login(&server.ws_url(), &alice).await;
    a.expect_error(
        json!({"type": "join", "room": empty, "as": "player"}),
        "conflict",
    )
    .await;
}
on_both_databases!(waiting_rooms_expire_across_restarts);
