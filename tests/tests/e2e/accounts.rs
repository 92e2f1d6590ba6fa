//! Accounts, ratings and leaderboards (issue 17, docs/protocol.md "Accounts and ratings"): a guest
//! keeps its name with a password and signs in from anywhere; signing out revokes one token or all;
//! failed sign-ins are limited; rated matches (people only) move every rating the right way, on two
//! sides, two teams and three sides; settled ratings make the leaderboard; a player's finished
//! matches stream as NDJSON.

use plateau_tests::rest::assert_error;
use plateau_tests::{on_both_databases, Api, Backend, Client, Player, TestDb, TestServer};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

const PASSWORD: &str = "correct horse battery";

async fn start(backend: Backend) -> (TestDb, TestServer, Api) {
    start_with(backend, &[]).await
}

async fn start_with(backend: Backend, env: &[(&str, &str)]) -> (TestDb, TestServer, Api) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, env).await;
    let api = Api::new(server.http());
    (db, server, api)
}

/// A server where every rated match counts, however often two players meet
/// (`--rated-pair-hours 0`): for the tests of how ratings move over several matches of one pair.
const EVERY_MATCH_COUNTS: [(&str, &str); 1] = [("PLATEAU_RATED_PAIR_HOURS", "0")];

/// Sets a guest's first password (no `current` one).
async fn set_password(api: &Api, player: &Player, password: &str) -> (StatusCode, Value) {
    api.put(
        "/api/v1/players/me/password",
        &json!({ "password": password }),
        Some(&player.token),
    )
    .await
}

/// Changes a password, giving `current`.
async fn change_password(
    api: &Api,
    player: &Player,
    current: &str,
    password: &str,
) -> (StatusCode, Value) {
    api.put(
        "/api/v1/players/me/password",
        &json!({ "current": current, "password": password }),
        Some(&player.token),
    )
    .await
}

async fn sign_in(api: &Api, name: &str, password: &str) -> (StatusCode, Value) {
    api.post(
        "/api/v1/sessions",
        &json!({"name": name, "password": password}),
        None,
    )
    .await
}

/// A guest that has set [`PASSWORD`].
async fn account(api: &Api, name: &str) -> Player {
    let player = api.new_player(name).await;
    assert_eq!(
        set_password(api, &player, PASSWORD).await.0,
        StatusCode::NO_CONTENT
    );
    player
}

async fn me(api: &Api, token: &str) -> StatusCode {
    api.get("/api/v1/players/me", Some(token)).await.0
}

async fn sign_up_sign_in_and_sign_out(backend: Backend) {
    let (_db, _server, api) = start(backend).await;
    let alice = api.new_player("Alice").await;
    // A guest of the same name in another case, created before Alice keeps hers.
    let early = api.new_player("ALICE").await;

    // Passwords: 8 to 200 characters, for a signed-in player only.
    assert_error(
        &set_password(&api, &alice, "short").await,
        400,
        "bad_request",
    );
    assert_error(
        &set_password(&api, &alice, &"x".repeat(201)).await,
        400,
        "bad_request",
    );
    let anonymous = api
        .put(
            "/api/v1/players/me/password",
            &json!({"password": PASSWORD}),
            None,
        )
        .await;
    assert_error(&anonymous, 401, "unauthorized");
    let extra = api
        .put(
            "/api/v1/players/me/password",
            &json!({"password": PASSWORD, "admin": true}),
            Some(&alice.token),
        )
        .await;
    assert_error(&extra, 400, "bad_request");
    // A guest has no password to sign in with yet.
    assert_error(&sign_in(&api, "Alice", PASSWORD).await, 401, "unauthorized");
    let set = set_password(&api, &alice, PASSWORD).await;
    assert_eq!(set.0, StatusCode::NO_CONTENT, "{}", set.1);

    // The name is reserved, in any case and form, for new players and for other guests' accounts.
    for taken in ["Alice", "alice", "  ALICE "] {
        let answer = api
            .post("/api/v1/players", &json!({ "name": taken }), None)
            .await;
        assert_error(&answer, 409, "conflict");
    }
    assert_error(&set_password(&api, &early, PASSWORD).await, 409, "conflict");
    assert_eq!(api.new_player("Alicia").await.name, "Alicia");

    // Signing in: a wrong name, a guest's name and a wrong password get one and the same answer.
    let guest = api.new_player("Guest").await;
    let wrong_password = sign_in(&api, "Alice", "incorrect horse").await;
    assert_error(&wrong_password, 401, "unauthorized");
    for (name, password) in [("Nobody", PASSWORD), (guest.name.as_str(), PASSWORD)] {
        let answer = sign_in(&api, name, password).await;
        assert_eq!(answer, wrong_password, "{name}");
    }
    let malformed = api
        .post("/api/v1/sessions", &json!({"name": "Alice"}), None)
        .await;
    assert_error(&malformed, 400, "bad_request");

    // From another device, in any case: a new token for the same player.
    let (status, session) = sign_in(&api, "aLiCe", PASSWORD).await;
    assert_eq!(status, StatusCode::CREATED, "{session}");
    assert_eq!(session["id"], json!(alice.id));
    assert_eq!(session["name"], "Alice");
    let second = session["token"].as_str().unwrap().to_string();
    assert_ne!(second, alice.token);
    let (_, who) = api.get("/api/v1/players/me", Some(&second)).await;
    assert_eq!(who["id"], json!(alice.id));

    // Signing out revokes the token used, and only it.
    assert_eq!(
        api.delete("/api/v1/sessions/current", Some(&second))
            .await
            .0,
        StatusCode::NO_CONTENT
    );
    assert_eq!(me(&api, &second).await, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&api, &alice.token).await, StatusCode::OK);
    assert_error(
        &api.delete("/api/v1/sessions/current", Some(&second)).await,
        401,
        "unauthorized",
    );
    assert_error(
        &api.delete("/api/v1/sessions", None).await,
        401,
        "unauthorized",
    );

    // Signing out everywhere revokes them all, the one used included; signing in still works.
    let third = sign_in(&api, "Alice", PASSWORD).await.1["token"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        api.delete("/api/v1/sessions", Some(&third)).await.0,
        StatusCode::NO_CONTENT
    );
    for token in [&alice.token, &third] {
        assert_eq!(me(&api, token).await, StatusCode::UNAUTHORIZED);
    }
    let (status, fresh) = sign_in(&api, "Alice", PASSWORD).await;
    assert_eq!(status, StatusCode::CREATED);
    let fresh = Player {
        id: alice.id.clone(),
        name: alice.name.clone(),
        token: fresh["token"].as_str().unwrap().to_string(),
    };
    assert_eq!(me(&api, &fresh.token).await, StatusCode::OK);

    // Changing the password needs the one in use: a stolen token alone cannot change it.
    assert_error(
        &set_password(&api, &fresh, "a whole new phrase").await,
        400,
        "bad_request",
    );
    assert_error(
        &change_password(&api, &fresh, "a wrong guess", "a whole new phrase").await,
        403,
        "forbidden",
    );
    assert_eq!(
        sign_in(&api, "Alice", PASSWORD).await.0,
        StatusCode::CREATED,
        "refused changes changed nothing"
    );
    // Changed: the old one no longer signs in, the new one does.
    assert_eq!(
        change_password(&api, &fresh, PASSWORD, "a whole new phrase")
            .await
            .0,
        StatusCode::NO_CONTENT
    );
    assert_error(&sign_in(&api, "Alice", PASSWORD).await, 401, "unauthorized");
    assert_eq!(
        sign_in(&api, "Alice", "a whole new phrase").await.0,
        StatusCode::CREATED
    );
}
on_both_databases!(sign_up_sign_in_and_sign_out);

/// Forms of `victim1` that look the same: case, a Cyrillic і, full width, a dotless ı, a dotted İ,
/// an l for the 1, an rn for the m.
const LOOKALIKES: [&str; 8] = [
    "victim1",
    "VICTIM1",
    "vict\u{456}m1",
    "\u{FF56}\u{FF49}\u{FF43}\u{FF54}\u{FF49}\u{FF4D}\u{FF11}",
    "v\u{131}ctim1",
    "V\u{130}CTIM1",
    "victiml",
    "victirn1",
];

async fn guest_refused(api: &Api, name: &str) {
    let answer = api
        .post("/api/v1/players", &json!({ "name": name }), None)
        .await;
    assert_error(&answer, 409, "conflict");
}

/// A reserved name cannot be taken in a form that looks the same, by a new guest or by a guest who
/// took such a form before the name was reserved and now sets a password. Its owner signs in by
/// any of those forms (the password still decides). A name that differs stays free.
async fn names_cannot_be_impersonated(backend: Backend) {
    let (_db, _server, api) = start(backend).await;
    let early = api.new_player("vict\u{456}m1").await;
    let victim = account(&api, "victim1").await;
    for form in LOOKALIKES {
        guest_refused(&api, form).await;
    }
    assert_error(&set_password(&api, &early, PASSWORD).await, 409, "conflict");
    for form in ["VICT\u{406}M1", "v\u{131}ctim1"] {
        let (status, session) = sign_in(&api, form, PASSWORD).await;
        assert_eq!(status, StatusCode::CREATED, "{form:?}: {session}");
        assert_eq!(session["id"], json!(victim.id));
        assert_eq!(session["name"], "victim1");
    }
    for other in ["victim2", "victims1", "Victor"] {
        assert_eq!(account(&api, other).await.name, other);
    }
}
on_both_databases!(names_cannot_be_impersonated);

/// Reserved names stored by an earlier version (keys in lower case) are keyed again at start: the
/// reservation then refuses lookalikes. Two reservations that now look alike: the older keeps the
/// name, the younger is a guest again (its token still works; its password no longer signs in).
async fn old_keys_are_keyed_again_at_start(backend: Backend) {
    let (db, mut server, api) = start(backend).await;
    let victim = api.new_player("victim1").await;
    let younger = api.new_player("victiml").await;
    assert_eq!(
        set_password(&api, &victim, PASSWORD).await.0,
        StatusCode::NO_CONTENT
    );
    account(&api, "Carol").await;
    server.terminate().await;
    // As an earlier version left them: each name reserved as itself in lower case, `victiml` too
    // (it differed from `victim1` then), with the same password.
    db.execute(&[
        "UPDATE players SET reserved_name = lower(name) WHERE password_hash IS NOT NULL",
        "UPDATE players SET reserved_name = 'victiml',
                password_hash = (SELECT password_hash FROM players WHERE name = 'victim1')
          WHERE name = 'victiml'",
    ])
    .await;
    server.restart().await;

    for form in LOOKALIKES {
        guest_refused(&api, form).await;
    }
    for (name, owner) in [("VICT\u{406}M1", &victim.id), ("victiml", &victim.id)] {
        let (status, session) = sign_in(&api, name, PASSWORD).await;
        assert_eq!(status, StatusCode::CREATED, "{name:?}: {session}");
        assert_eq!(session["id"], json!(owner), "{name:?}");
    }
    assert_eq!(
        sign_in(&api, "carol", PASSWORD).await.0,
        StatusCode::CREATED
    );
    assert_eq!(me(&api, &younger.token).await, StatusCode::OK);
    assert_error(
        &set_password(&api, &younger, PASSWORD).await,
        409,
        "conflict",
    );
    assert!(server.log_contains("two reserved names look alike"));
}
on_both_databases!(old_keys_are_keyed_again_at_start);

/// Failed sign-ins are limited per name from one address (3 here) and per address (5 here): past
/// the limit even the right password from that address is answered 429 with `Retry-After`; a
/// success costs nothing. The name's owner, from another address, signs in at once.
async fn failed_sign_ins_are_rate_limited(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(
        &db,
        &[
            ("PLATEAU_SIGN_IN_FAILURES_PER_NAME", "3"),
            ("PLATEAU_SIGN_IN_FAILURES_PER_ADDRESS", "5"),
        ],
    )
    .await;
    let api = Api::new(server.http());
    account(&api, "Alice").await;
    account(&api, "Bob").await;
    account(&api, "Carol").await;
    for _ in 0..3 {
        assert_error(
            &sign_in(&api, "Alice", "guess guess").await,
            401,
            "unauthorized",
        );
    }
    let sign_in_raw = |name: &'static str, password: &'static str| {
        let api = api.clone();
        async move {
            api.raw(
                Method::POST,
                "/api/v1/sessions",
                Some(&json!({"name": name, "password": password})),
                None,
            )
            .await
        }
    };
    let (status, headers, body) = sign_in_raw("Alice", "guess again").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let retry: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=3600).contains(&retry), "{retry}");
    let (status, _, _) = sign_in_raw("Alice", PASSWORD).await;
    assert_eq!(
        status,
        StatusCode::TOO_MANY_REQUESTS,
        "the name waits, from this address"
    );
    let (status, _, _) = sign_in_raw("ALICE", PASSWORD).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "in any case");
    let (status, _, _) = sign_in_raw("\u{410}lice", PASSWORD).await;
    assert_eq!(
        status,
        StatusCode::TOO_MANY_REQUESTS,
        "in a form that looks the same (a Cyrillic А): one budget for all"
    );
    let elsewhere = Api::from_address(server.http(), "127.0.0.2".parse().unwrap());
    assert_eq!(
        sign_in(&elsewhere, "Alice", PASSWORD).await.0,
        StatusCode::CREATED,
        "from another address, the owner signs in"
    );

    // The address has failed 4 times: one more failure passes (answered 401), successes cost
    // nothing, and the next failure is one too many for the address, whatever the name.
    assert_error(
        &sign_in(&api, "Bob", "guess guess").await,
        401,
        "unauthorized",
    );
    assert_eq!(sign_in(&api, "Bob", PASSWORD).await.0, StatusCode::CREATED);
    assert_eq!(sign_in(&api, "Bob", PASSWORD).await.0, StatusCode::CREATED);
    assert_error(
        &sign_in(&api, "Bob", "guess guess").await,
        429,
        "rate_limited",
    );
    assert_error(&sign_in(&api, "Carol", PASSWORD).await, 429, "rate_limited");

    // What an operator sees: six wrong passwords, and each refusal under the limit that made it
    // (Alice's fourth failure and her three tries after it; Bob's last failure and Carol's try).
    assert_eq!(
        server.metric("plateau_sign_in_failures_total").await,
        Some(6.0)
    );
    let refused = |kind: &str| format!(r#"plateau_rate_limited_total{{kind="{kind}"}}"#);
    assert_eq!(
        server.metric(&refused("sign_in_failures_per_name")).await,
        Some(4.0)
    );
    assert_eq!(
        server
            .metric(&refused("sign_in_failures_per_address"))
            .await,
        Some(2.0)
    );
}
on_both_databases!(failed_sign_ins_are_rate_limited);

/// Ten wrong passwords from one address do not lock the owner out from another: the right password
/// from there succeeds at once. A name failing from many addresses is answered ever more slowly
/// (a growing delay per failure, capped at 3 s), never refused the right password.
async fn an_attacker_cannot_lock_a_name(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    account(&api, "Victim").await;
    for _ in 0..10 {
        let (status, _) = sign_in(&api, "Victim", "wrong guess").await;
        assert!(
            status == StatusCode::UNAUTHORIZED || status == StatusCode::TOO_MANY_REQUESTS,
            "{status}"
        );
    }
    let owner = Api::from_address(server.http(), "127.0.0.2".parse().unwrap());
    let asked = std::time::Instant::now();
    assert_eq!(
        sign_in(&owner, "Victim", PASSWORD).await.0,
        StatusCode::CREATED
    );
    assert!(
        asked.elapsed() < std::time::Duration::from_millis(1500),
        "the right password is answered at once, took {:?}",
        asked.elapsed()
    );
    // Wrong passwords from yet other addresses: each answered later than the ones before.
    let mut waits = Vec::new();
    for last in 3..6 {
        let attacker = Api::from_address(server.http(), format!("127.0.0.{last}").parse().unwrap());
        let asked = std::time::Instant::now();
        assert_error(
            &sign_in(&attacker, "Victim", "guess again").await,
            401,
            "unauthorized",
        );
        waits.push(asked.elapsed());
    }
    assert!(
        waits[2] >= std::time::Duration::from_millis(2500),
        "the 13th failure waits the most: {waits:?}"
    );
}
on_both_databases!(an_attacker_cannot_lock_a_name);

/// Argon2 work is bounded: password changes per player (3 an hour here; the 4th is `429` with
/// `Retry-After`), and at most one hash per core at once, the rest waiting a short while (1 ms here)
/// and then answered `429` rather than queued. A sign-in after the flood is answered at once.
/// (256 changes in 8 s once took 7.5 CPU-seconds and made a real sign-in wait 6 s.)
async fn password_work_is_bounded(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(
        &db,
        &[
            ("PLATEAU_PASSWORD_CHANGES_PER_HOUR", "3"),
            ("PLATEAU_HASH_WAIT_MS", "1"),
        ],
    )
    .await;
    let api = Api::new(server.http());
    let owner = account(&api, "Owner").await;
    // `account` set the first password: two more changes pass, the next is refused.
    for _ in 0..2 {
        assert_eq!(
            change_password(&api, &owner, PASSWORD, PASSWORD).await.0,
            StatusCode::NO_CONTENT
        );
    }
    let (status, headers, body) = api
        .raw(
            Method::PUT,
            "/api/v1/players/me/password",
            Some(&json!({"current": PASSWORD, "password": PASSWORD})),
            Some(&owner.token),
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(headers.contains_key("retry-after"));

    // A flood of sign-ins (unknown names: each costs a hash all the same) from many tasks at once.
    let flood = (0..40).map(|i| {
        let api = api.clone();
        async move { sign_in(&api, &format!("nobody{i}"), "some password").await }
    });
    let answers = futures_util::future::join_all(flood).await;
    let busy = answers
        .iter()
        .filter(|(status, body)| {
            *status == StatusCode::TOO_MANY_REQUESTS
                && body["error"]["message"]
                    .as_str()
                    .unwrap_or("")
                    .contains("busy")
        })
        .count();
    assert!(busy > 0, "some were turned away: {answers:?}");
    assert!(
        answers
            .iter()
            .all(|(s, _)| *s == StatusCode::UNAUTHORIZED || *s == StatusCode::TOO_MANY_REQUESTS),
        "{answers:?}"
    );
    assert_eq!(
        sign_in(&api, "Owner", PASSWORD).await.0,
        StatusCode::CREATED
    );
}
on_both_databases!(password_work_is_bounded);

/// A player keeps at most 20 sessions: each sign-in beyond revokes the oldest (here the guest's
/// first token and the first sign-in's), and the newest 20 all still sign the player in.
async fn sessions_are_capped_at_twenty(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let player = account(&api, "Traveller").await;
    let first_socket = Client::login(&server.ws_url(), &player).await;
    let mut tokens = Vec::new();
    for _ in 0..21 {
        let (status, body) = sign_in(&api, "Traveller", PASSWORD).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        tokens.push(body["token"].as_str().unwrap().to_string());
    }
    assert_eq!(
        me(&api, &player.token).await,
        StatusCode::UNAUTHORIZED,
        "the guest's token"
    );
    assert_eq!(
        first_socket.closed_within(SOCKET_CLOSES).await,
        Some(Some(4001)),
        "the socket of the revoked token"
    );
    assert_eq!(
        me(&api, &tokens[0]).await,
        StatusCode::UNAUTHORIZED,
        "the oldest sign-in"
    );
    for token in &tokens[1..] {
        assert_eq!(me(&api, token).await, StatusCode::OK);
    }
}
on_both_databases!(sessions_are_capped_at_twenty);

/// How long a revoked token's socket may stay open: revocation closes it at once, this is slack
/// for a loaded machine.
const SOCKET_CLOSES: std::time::Duration = std::time::Duration::from_secs(5);

/// `player` signed in again with `password`: the same player with a new token.
async fn signed_in(api: &Api, player: &Player, password: &str) -> Player {
    let (status, body) = sign_in(api, &player.name, password).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    Player {
        token: body["token"].as_str().unwrap().to_string(),
        ..player.clone()
    }
}

/// A session ends when it is ended: a thief's open socket does not outlive the revocation of its
/// token. Changing the password (from the owner's phone) closes every other socket of the player
/// with 4001, the thief's among them, and revokes their tokens; the phone's socket goes on. Signing
/// out closes that token's sockets; signing out everywhere closes all. Another player's socket is
/// never touched.
async fn revoked_tokens_close_their_live_sockets(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let ws = server.ws_url();
    let owner = account(&api, "Owner").await;
    let phone = signed_in(&api, &owner, PASSWORD).await;
    let thief = signed_in(&api, &owner, PASSWORD).await;
    let bystander = api.new_player("Bystander").await;
    let first_socket = Client::login(&ws, &owner).await;
    let phone_socket = Client::login(&ws, &phone).await;
    let thief_socket = Client::login(&ws, &thief).await;
    let thief_second_socket = Client::login(&ws, &thief).await;
    let bystander_socket = Client::login(&ws, &bystander).await;

    assert_eq!(
        change_password(&api, &phone, PASSWORD, "the owner's new phrase")
            .await
            .0,
        StatusCode::NO_CONTENT
    );
    for (socket, whose) in [
        (&first_socket, "the first token's"),
        (&thief_socket, "the thief's"),
        (&thief_second_socket, "the thief's second"),
    ] {
        assert_eq!(
            socket.closed_within(SOCKET_CLOSES).await,
            Some(Some(4001)),
            "{whose} socket"
        );
    }
    assert_eq!(me(&api, &thief.token).await, StatusCode::UNAUTHORIZED);
    assert!(
        Client::try_login(&ws, &thief).await.is_none(),
        "the thief's token opens no new socket"
    );
    // The socket of the token the change was made with still answers.
    let mark = phone_socket.mark();
    phone_socket.send(json!({"type": "ping"})).await;
    phone_socket.wait_for(mark, |f| f["type"] == "pong").await;
    assert_eq!(me(&api, &phone.token).await, StatusCode::OK);

    // Signing out closes the sockets of that token only.
    let laptop = signed_in(&api, &owner, "the owner's new phrase").await;
    let laptop_socket = Client::login(&ws, &laptop).await;
    assert_eq!(
        api.delete("/api/v1/sessions/current", Some(&laptop.token))
            .await
            .0,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        laptop_socket.closed_within(SOCKET_CLOSES).await,
        Some(Some(4001))
    );
    assert!(!phone_socket.is_closed(), "another token's socket stays");

    // Signing out everywhere closes them all, the caller's own included.
    assert_eq!(
        api.delete("/api/v1/sessions", Some(&phone.token)).await.0,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        phone_socket.closed_within(SOCKET_CLOSES).await,
        Some(Some(4001))
    );
    let mark = bystander_socket.mark();
    bystander_socket.send(json!({"type": "ping"})).await;
    bystander_socket
        .wait_for(mark, |f| f["type"] == "pong")
        .await;
}
on_both_databases!(revoked_tokens_close_their_live_sockets);

/// Creates a room (`body`, with `"seating": "host_first"`) hosted by `players[0]`, seats everyone
/// in order, starts it; the players' clients, each at version 1.
async fn started(
    server: &TestServer,
    api: &Api,
    players: &[&Player],
    body: Value,
) -> (String, Vec<Client>) {
    let room = api.create_room(players[0], body).await;
    let code = room["code"].as_str().unwrap().to_string();
    let mut clients = Vec::new();
    for p in players {
        let c = Client::login(&server.ws_url(), p).await;
        c.join(&code, "player").await;
        clients.push(c);
    }
    clients[0]
        .send(json!({"type": "start", "room": code}))
        .await;
    for c in &clients {
        c.until_version(&code, 1).await;
    }
    (code, clients)
}

/// A rated room: rated rooms need a clock (a correspondence one here, never in a hurry).
fn rated(game: &str, players: usize) -> Value {
    json!({"game": game, "players": players, "visibility": "private", "seating": "host_first",
           "rated": true, "clock": {"kind": "correspondence", "days": 1}})
}

/// Every seat of a started match makes a move of its own, the seat to act first each time (a rated
/// match is rated only once every seat has moved); the version the clients hold after them.
async fn every_seat_moves(code: &str, clients: &[Client]) -> u64 {
    let mut version = 1;
    let mut moved = vec![false; clients.len()];
    while moved.contains(&false) {
        for c in clients {
            c.until_version(code, version).await;
        }
        let seat = clients
            .iter()
            .position(|c| !c.legal(code).is_empty())
            .expect("a seat to act");
        let mv = clients[seat].legal(code)[0].clone();
        let ack = clients[seat]
            .play(code, &format!("first-{version}"), mv)
            .await;
        assert_eq!(ack["type"], "ack", "{ack}");
        moved[seat] = true;
        version += 1;
    }
    for c in clients {
        c.until_version(code, version).await;
    }
    version
}

async fn resign(client: &Client, code: &str) {
    client.send(json!({"type": "resign", "room": code})).await;
}

/// The `ended` frame of room `code`, once it has come.
async fn ended(client: &Client, code: &str) -> Value {
    client
        .wait_for(0, |f| f["type"] == "ended" && f["room"] == code)
        .await
}

/// A player's rating in `game`: (rating, deviation, games), None before its first rated match.
async fn rating(api: &Api, player: &Player, game: &str) -> Option<(f64, f64, i64)> {
    let (status, profile) = api
        .get(&format!("/api/v1/players/{}", player.id), None)
        .await;
    assert_eq!(status, StatusCode::OK);
    let r = &profile["ratings"][game];
    r.is_object().then(|| {
        (
            r["rating"].as_f64().unwrap(),
            r["deviation"].as_f64().unwrap(),
            r["games"].as_i64().unwrap(),
        )
    })
}

async fn rated_rooms_are_for_people(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let host = api.new_player("Host").await;
    let room = api.create_room(&host, rated("abalone", 2)).await;
    assert_eq!(room["rated"], true);
    let code = room["code"].as_str().unwrap();
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(info["rated"], true);
    let casual = api
        .create_room(
            &host,
            json!({"game": "abalone", "players": 2, "visibility": "private"}),
        )
        .await;
    assert_eq!(casual["rated"], false);
    let bad = api
        .post(
            "/api/v1/rooms",
            &json!({"game": "abalone", "players": 2, "visibility": "private", "rated": "yes"}),
            Some(&host.token),
        )
        .await;
    assert_error(&bad, 400, "bad_request");
    // A rated room needs a clock (any kind): without one the player to move could stall it for
    // ever. Refused naming the field, and nothing is made.
    let clockless = api
        .post(
            "/api/v1/rooms",
            &json!({"game": "abalone", "players": 2, "visibility": "private", "rated": true}),
            Some(&host.token),
        )
        .await;
    assert_error(&clockless, 400, "bad_request");
    assert!(
        clockless.1["error"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("clock:")),
        "{:?}",
        clockless.1
    );

    // Bots cannot sit in a rated match: the start is refused and the room still waits.
    let c = Client::login(&server.ws_url(), &host).await;
    c.join(code, "player").await;
    c.expect_error(
        json!({"type": "start", "room": code, "bots": true}),
        "conflict",
    )
    .await;
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(info["status"], "waiting");

    // The flag is stored: after a restart the room is still rated, and still refuses bots.
    drop(c);
    let mut server = server;
    server.terminate().await;
    server.restart().await;
    let api = Api::new(server.http());
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(info["rated"], true);
    let c = Client::login(&server.ws_url(), &host).await;
    c.join(code, "player").await;
    c.expect_error(
        json!({"type": "start", "room": code, "bots": true}),
        "conflict",
    )
    .await;
}
on_both_databases!(rated_rooms_are_for_people);

/// A rated duel ended by resignation: the winner goes up, the loser down, both less uncertain;
/// stats per game, the rating history and the match agree. An unrated match changes no rating.
async fn a_rated_duel_moves_both_ratings(backend: Backend) {
    let (_db, server, api) = start_with(backend, &EVERY_MATCH_COUNTS).await;
    let (alice, bob) = (api.new_player("Alice").await, api.new_player("Bob").await);
    assert_eq!(rating(&api, &alice, "abalone").await, None);
    let (code, clients) = started(&server, &api, &[&alice, &bob], rated("abalone", 2)).await;
    every_seat_moves(&code, &clients).await;
    resign(&clients[0], &code).await;
    let end = ended(&clients[1], &code).await;
    assert_eq!(end["result"]["winners"], json!([1]));
    let match_id = end["match"].as_str().unwrap().to_string();

    let (a, a_dev, a_games) = rating(&api, &alice, "abalone").await.unwrap();
    let (b, b_dev, b_games) = rating(&api, &bob, "abalone").await.unwrap();
    assert!(a < 1500.0 && b > 1500.0, "{a} {b}");
    assert!(
        (1500.0 - a - (b - 1500.0)).abs() < 0.01,
        "equal players move equally"
    );
    assert!(a_dev < 350.0 && b_dev < 350.0);
    assert_eq!((a_games, b_games), (1, 1));
    let (_, profile) = api.get(&format!("/api/v1/players/{}", bob.id), None).await;
    assert_eq!(profile["stats"]["played"], 1);
    assert_eq!(profile["stats"]["won"], 1);
    assert_eq!(
        profile["stats"]["by_game"],
        json!({"abalone": {"played": 1, "won": 1}})
    );
    let (status, history) = api
        .get(&format!("/api/v1/players/{}/ratings/abalone", bob.id), None)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(history["game"], "abalone");
    let changes = history["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0]["match"], json!(match_id));
    assert_eq!(changes[0]["rating_before"], 1500.0);
    assert_eq!(changes[0]["rating"].as_f64().unwrap(), b);
    let unknown = api
        .get(&format!("/api/v1/players/{}/ratings/chess", bob.id), None)
        .await;
    assert_error(&unknown, 404, "not_found");
    let nobody = api
        .get(
            &format!("/api/v1/players/{}/ratings/abalone", uuid::Uuid::new_v4()),
            None,
        )
        .await;
    assert_error(&nobody, 404, "not_found");

    // Unrated: nothing changes but the stats.
    let casual =
        json!({"game": "abalone", "players": 2, "visibility": "private", "seating": "host_first"});
    let (code, clients) = started(&server, &api, &[&alice, &bob], casual).await;
    resign(&clients[1], &code).await;
    ended(&clients[0], &code).await;
    assert_eq!(
        rating(&api, &alice, "abalone").await,
        Some((a, a_dev, 1)),
        "an unrated match changes no rating"
    );
    let (_, profile) = api
        .get(&format!("/api/v1/players/{}", alice.id), None)
        .await;
    assert_eq!(
        profile["stats"]["by_game"]["abalone"],
        json!({"played": 2, "won": 1})
    );

    // An agreed draw between the lower-rated Alice and the higher-rated Bob: a draw is half a win,
    // so Alice goes up and Bob down.
    let (code, clients) = started(&server, &api, &[&alice, &bob], rated("abalone", 2)).await;
    every_seat_moves(&code, &clients).await;
    clients[0]
        .send(json!({"type": "draw", "room": code, "offer": true}))
        .await;
    clients[1]
        .wait_for(0, |f| f["type"] == "draw" && f["offers"] == json!([0]))
        .await;
    clients[1]
        .send(json!({"type": "draw", "room": code, "offer": true}))
        .await;
    let end = ended(&clients[0], &code).await;
    assert_eq!(end["result"]["winners"], json!([]));
    let (a2, _, a_games) = rating(&api, &alice, "abalone").await.unwrap();
    let (b2, _, b_games) = rating(&api, &bob, "abalone").await.unwrap();
    assert!(a2 > a && b2 < b, "{a} → {a2}, {b} → {b2}");
    assert_eq!((a_games, b_games), (2, 2));
}
on_both_databases!(a_rated_duel_moves_both_ratings);

/// A rated match that ends before every seat has made a move of its own ends `aborted`, shown and
/// stored so, and rated for nobody: resigning at once, agreeing a draw at once, or resigning after
/// only the other seat moved. (Resigning at ply 0 once moved the winner from 1500 to 1662, and
/// second accounts farmed the leaderboard's first place that way.)
async fn a_rated_match_ended_before_every_seat_moved_is_aborted_and_unrated(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let (alice, bob) = (api.new_player("Alice").await, api.new_player("Bob").await);
    for ending in ["resign at once", "draw at once", "resign after one move"] {
        let (code, clients) = started(&server, &api, &[&alice, &bob], rated("abalone", 2)).await;
        match ending {
            "resign at once" => resign(&clients[1], &code).await,
            "draw at once" => {
                for c in &clients {
                    c.send(json!({"type": "draw", "room": code, "offer": true}))
                        .await;
                }
            }
            _ => {
                let mv = clients[0].legal(&code)[0].clone();
                assert_eq!(clients[0].play(&code, "a1", mv).await["type"], "ack");
                clients[1].until_version(&code, 2).await;
                resign(&clients[1], &code).await;
            }
        }
        let end = ended(&clients[0], &code).await;
        assert_eq!(end["result"]["reason"], "aborted", "{ending}: {end}");
        assert_eq!(end["result"]["winners"], json!([]), "{ending}: {end}");
        let not_counted = json!({"counted": false, "reason": "aborted"});
        assert_eq!(end["rating"], not_counted, "{ending}: {end}");
        let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
        assert_eq!(info["status"], "aborted", "{ending}: {info}");
        let (_, summary) = api
            .get(
                &format!("/api/v1/matches/{}", end["match"].as_str().unwrap()),
                None,
            )
            .await;
        assert_eq!(summary["status"], "aborted", "{ending}: {summary}");
        assert_eq!(summary["rating"], not_counted, "{ending}: {summary}");
        for p in [&alice, &bob] {
            assert_eq!(
                rating(&api, p, "abalone").await,
                None,
                "{ending}: {}",
                p.name
            );
        }
    }
}
on_both_databases!(a_rated_match_ended_before_every_seat_moved_is_aborted_and_unrated);

/// A rated match ended by its rules (here the ply cap: a move stored with the end, through the
/// group commit) rates its players like any other end.
async fn a_rated_match_ended_by_its_rules_is_rated(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let (alice, bob) = (api.new_player("Alice").await, api.new_player("Bob").await);
    let mut room = rated("abalone", 2);
    room["options"] = json!({"max_plies": 2});
    let (code, clients) = started(&server, &api, &[&alice, &bob], room).await;
    for (ply, c) in clients.iter().enumerate() {
        c.until_version(&code, ply as u64 + 1).await;
        let mv = c.legal(&code)[0].clone();
        c.play(&code, &format!("m{ply}"), mv).await;
    }
    let end = ended(&clients[0], &code).await;
    assert_eq!(end["result"]["reason"], "ply_limit");
    assert_eq!(end["rating"]["counted"], true, "{end}");
    let winners: Vec<usize> = serde_json::from_value(end["result"]["winners"].clone()).unwrap();
    for (seat, p) in [&alice, &bob].into_iter().enumerate() {
        let (r, deviation, games) = rating(&api, p, "abalone").await.unwrap();
        // The `ended` frame tells each seat's rating before and after.
        let change = &end["rating"]["changes"][seat];
        assert_eq!(
            (&change["seat"], &change["player"]),
            (&json!(seat), &json!(p.id)),
            "{end}"
        );
        assert_eq!(change["before"], 1500.0, "{end}");
        assert_eq!(change["after"].as_f64(), Some(r), "{end}");
        assert!(deviation < 350.0 && games == 1, "{}", p.name);
        match winners.as_slice() {
            [] => assert!((r - 1500.0).abs() < 1e-6, "a draw between equals"),
            w => assert_eq!(r > 1500.0, w.contains(&seat), "{}: {r}", p.name),
        }
    }
    let (_, history) = api
        .get(
            &format!("/api/v1/players/{}/ratings/abalone", alice.id),
            None,
        )
        .await;
    assert_eq!(history["changes"][0]["match"], end["match"]);
}
on_both_databases!(a_rated_match_ended_by_its_rules_is_rated);

/// Plays a rated 2-player match of `game` between `players` (host first) in which every seat
/// moves, then seat `loser` resigns; the `ended` frame.
async fn rated_duel(
    server: &TestServer,
    api: &Api,
    players: [&Player; 2],
    game: &str,
    loser: usize,
) -> Value {
    let (code, clients) = started(server, api, &players, rated(game, 2)).await;
    every_seat_moves(&code, &clients).await;
    resign(&clients[loser], &code).await;
    ended(&clients[1 - loser], &code).await
}

/// Two players' rated matches of one game count once a day: the second Alice–Bob match of the
/// day is played, finished and stored with its result, but changes no rating, and its `ended`
/// frame and summary say so; Alice against Carol, and Alice against Bob in another game, count.
/// (A pair farming points off each other's second account gets one match a day.)
async fn one_pair_counts_once_a_day_per_game(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let alice = api.new_player("Alice").await;
    let bob = api.new_player("Bob").await;
    let carol = api.new_player("Carol").await;
    let counted = |end: &Value| end["rating"]["counted"] == true;

    let first = rated_duel(&server, &api, [&alice, &bob], "abalone", 1).await;
    assert!(counted(&first), "{first}");
    let after_first = (
        rating(&api, &alice, "abalone").await.unwrap(),
        rating(&api, &bob, "abalone").await.unwrap(),
    );
    assert_eq!((after_first.0 .2, after_first.1 .2), (1, 1));

    // The same pair again (Alice loses this time, from the other seat).
    let second = rated_duel(&server, &api, [&bob, &alice], "abalone", 1).await;
    let not_counted = json!({"counted": false, "reason": "pair_rated_lately"});
    assert_eq!(second["rating"], not_counted, "{second}");
    assert_eq!(second["result"]["winners"], json!([0]), "the result stands");
    assert_eq!(
        (
            rating(&api, &alice, "abalone").await.unwrap(),
            rating(&api, &bob, "abalone").await.unwrap(),
        ),
        after_first,
        "no rating moved"
    );
    for end in [&first, &second] {
        let (_, summary) = api
            .get(
                &format!("/api/v1/matches/{}", end["match"].as_str().unwrap()),
                None,
            )
            .await;
        assert_eq!(summary["status"], "finished", "{summary}");
        assert_eq!(
            summary["rating"], end["rating"],
            "the summary says what the frame said"
        );
    }
    // The list says the same, with the changes (the profile's list of matches).
    let (_, listed) = api
        .get(&format!("/api/v1/matches?player={}", alice.id), None)
        .await;
    let listed_first = listed["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == first["match"])
        .unwrap();
    assert_eq!(listed_first["rating"], first["rating"]);
    assert_eq!(first["rating"]["changes"].as_array().unwrap().len(), 2);
    let (_, profile) = api
        .get(&format!("/api/v1/players/{}", alice.id), None)
        .await;
    assert_eq!(
        profile["stats"]["by_game"]["abalone"],
        json!({"played": 2, "won": 1}),
        "it is played and stored like any match"
    );

    // Another opponent, and the same opponent in another game, count.
    let with_carol = rated_duel(&server, &api, [&alice, &carol], "abalone", 1).await;
    assert!(counted(&with_carol), "{with_carol}");
    assert_eq!(rating(&api, &alice, "abalone").await.unwrap().2, 2);
    let other_game = rated_duel(&server, &api, [&alice, &bob], "pinuid", 0).await;
    assert!(counted(&other_game), "{other_game}");
    assert_eq!(rating(&api, &bob, "pinuid").await.unwrap().2, 1);

    // An unrated room's match says nothing of ratings.
    let casual =
        json!({"game": "abalone", "players": 2, "visibility": "private", "seating": "host_first"});
    let (code, clients) = started(&server, &api, &[&alice, &bob], casual).await;
    resign(&clients[1], &code).await;
    let end = ended(&clients[0], &code).await;
    assert!(end.get("rating").is_none(), "{end}");
}
on_both_databases!(one_pair_counts_once_a_day_per_game);

/// Four-player Abalone is two teams, seats 0 and 2 against 1 and 3: seat 0 resigns for its team,
/// and both its players go down, both of the others up.
async fn a_rated_team_match_rates_teams(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let mut players = Vec::new();
    for name in ["Ann", "Ben", "Cat", "Dan"] {
        players.push(api.new_player(name).await);
    }
    let seated: Vec<&Player> = players.iter().collect();
    let (code, clients) = started(&server, &api, &seated, rated("abalone", 4)).await;
    every_seat_moves(&code, &clients).await;
    resign(&clients[0], &code).await;
    let end = ended(&clients[1], &code).await;
    assert_eq!(end["result"]["winners"], json!([1, 3]));
    for (seat, player) in players.iter().enumerate() {
        let (r, deviation, games) = rating(&api, player, "abalone").await.unwrap();
        assert_eq!(r > 1500.0, seat % 2 == 1, "{}: {r}", player.name);
        assert!(r != 1500.0 && deviation < 350.0 && games == 1);
    }
}
on_both_databases!(a_rated_team_match_rates_teams);

/// Three sides: seat 0 resigns, then seat 1; seat 2 wins. Places 3rd, 2nd, 1st: the winner goes
/// up most, the first to resign down most, the second in between.
async fn a_rated_three_player_match_ranks_every_side(backend: Backend) {
    let (_db, server, api) = start(backend).await;
    let mut players = Vec::new();
    for name in ["Ann", "Ben", "Cat"] {
        players.push(api.new_player(name).await);
    }
    let seated: Vec<&Player> = players.iter().collect();
    let (code, clients) = started(&server, &api, &seated, rated("abalone", 3)).await;
    let version = every_seat_moves(&code, &clients).await;
    resign(&clients[0], &code).await;
    // The forfeit is a version of its own: the second resignation comes after it.
    clients[1].until_version(&code, version + 1).await;
    resign(&clients[1], &code).await;
    let end = ended(&clients[2], &code).await;
    assert_eq!(end["result"]["winners"], json!([2]));
    let mut after = Vec::new();
    for p in &players {
        let (r, deviation, games) = rating(&api, p, "abalone").await.unwrap();
        assert!(deviation < 350.0 && games == 1);
        after.push(r);
    }
    assert!(after[2] > 1500.0 && after[0] < 1500.0, "{after:?}");
    assert!(after[2] > after[1] && after[1] > after[0], "{after:?}");
}
on_both_databases!(a_rated_three_player_match_ranks_every_side);

/// The leaderboard lists settled ratings (deviation under 150) of players with a password only:
/// Alice and Bob (with passwords) each play 8 rated duels against the guest Gus (each winning
/// half), which settles all three (see the server's unit test
/// `ratings_settle_after_a_handful_of_matches`; every match counts on this server); Gus, a guest,
/// stays off the board all the same; Carol and Dan play one, and stay off it.
async fn the_leaderboard_lists_settled_ratings_best_first(backend: Backend) {
    let (_db, server, api) = start_with(backend, &EVERY_MATCH_COUNTS).await;
    let alice = account(&api, "Alice").await;
    let bob = account(&api, "Bob").await;
    let gus = api.new_player("Gus").await;
    let carol = account(&api, "Carol").await;
    let dan = account(&api, "Dan").await;
    for player in [&alice, &bob] {
        for i in 0..8 {
            let (code, clients) =
                started(&server, &api, &[player, &gus], rated("abalone", 2)).await;
            every_seat_moves(&code, &clients).await;
            resign(&clients[i % 2], &code).await;
            ended(&clients[(i + 1) % 2], &code).await;
        }
    }
    let (gus_rating, gus_deviation, _) = rating(&api, &gus, "abalone").await.unwrap();
    assert!(
        gus_deviation < 150.0,
        "Gus is settled ({gus_rating} ± {gus_deviation})"
    );
    let (code, clients) = started(&server, &api, &[&carol, &dan], rated("abalone", 2)).await;
    every_seat_moves(&code, &clients).await;
    resign(&clients[1], &code).await;
    ended(&clients[0], &code).await;
    assert!(rating(&api, &carol, "abalone").await.unwrap().0 > 1500.0);

    let (status, board) = api.get("/api/v1/games/abalone/leaderboard", None).await;
    assert_eq!(status, StatusCode::OK);
    let entries = board["players"].as_array().unwrap();
    let mut ids: Vec<&str> = entries.iter().map(|e| e["id"].as_str().unwrap()).collect();
    ids.sort();
    let mut expected = vec![alice.id.as_str(), bob.id.as_str()];
    expected.sort();
    assert_eq!(ids, expected, "{board}");
    assert!(entries[0]["rating"].as_f64() >= entries[1]["rating"].as_f64());
    for e in entries {
        assert!(e["deviation"].as_f64().unwrap() < 150.0);
        assert_eq!(e["games"], 8);
        let who = if e["id"] == json!(alice.id) {
            &alice
        } else {
            &bob
        };
        assert_eq!(e["name"], who.name.as_str());
        let (r, d, _) = rating(&api, who, "abalone").await.unwrap();
        assert_eq!(
            (
                e["rating"].as_f64().unwrap(),
                e["deviation"].as_f64().unwrap()
            ),
            (r, d)
        );
    }
    let (_, top) = api
        .get("/api/v1/games/abalone/leaderboard?limit=1", None)
        .await;
    assert_eq!(top["players"].as_array().unwrap().len(), 1);
    assert_eq!(top["players"][0], entries[0]);
    let (_, empty) = api.get("/api/v1/games/pinuid/leaderboard", None).await;
    assert_eq!(empty["players"], json!([]));
    for bad in ["limit=0", "limit=101", "limit=x", "top=3"] {
        let answer = api
            .get(&format!("/api/v1/games/abalone/leaderboard?{bad}"), None)
            .await;
        assert_error(&answer, 400, "bad_request");
    }
    assert_error(
        &api.get("/api/v1/games/chess/leaderboard", None).await,
        404,
        "not_found",
    );
}
on_both_databases!(the_leaderboard_lists_settled_ratings_best_first);

/// The NDJSON export of a long history (more matches than one page of the stream): every finished
/// match once, oldest first, each line the match as `GET /api/v1/matches/{id}` shows it with all
/// its moves; an unfinished match is left out; a private room's code only for its own players.
async fn the_export_streams_every_finished_match_oldest_first(backend: Backend) {
    let (db, server, api) = start(backend).await;
    let alice = api.new_player("Alice").await;
    let bob = api.new_player("Bob").await;
    // One match played for real (moves checked by the rules), the rest written to the store.
    let (code, clients) = started(
        &server,
        &api,
        &[&alice, &bob],
        json!({"game": "abalone", "players": 2, "visibility": "private", "seating": "host_first"}),
    )
    .await;
    let first = clients[0].legal(&code)[0].clone();
    clients[0].play(&code, "m1", first).await;
    clients[1].until_version(&code, 2).await;
    resign(&clients[1], &code).await;
    let played = ended(&clients[0], &code).await["match"]
        .as_str()
        .unwrap()
        .to_string();
    const SEEDED: usize = 130;
    let seeded = plateau_tests::history::seed(&db.url, &alice.id, &bob.id, SEEDED).await;
    assert_eq!(seeded.finished.len(), SEEDED);

    let path = format!("/api/v1/players/{}/matches.ndjson", alice.id);
    let (status, headers, body) = api.raw(Method::GET, &path, None, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(headers["content-type"], "application/x-ndjson");
    assert!(body.ends_with('\n'));
    let lines: Vec<Value> = body
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON value"))
        .collect();
    let ids: Vec<String> = lines
        .iter()
        .map(|l| l["id"].as_str().unwrap().to_string())
        .collect();
    let mut expected = vec![played.clone()];
    expected.extend(seeded.finished.iter().cloned());
    assert_eq!(ids, expected, "every finished match once, oldest first");
    assert!(!ids.contains(&seeded.playing));
    for line in &lines {
        assert_eq!(line["status"], "finished");
        assert!(line["rng"]["seed"].is_string());
        assert_eq!(
            line["moves"].as_array().unwrap().len() as i64,
            line["plies"].as_i64().unwrap()
        );
        // Private rooms: the code is not shown to whoever asks anonymously.
        assert_eq!(line["room"], Value::Null);
    }
    // The real match line is the match's record, moves and all.
    let mut record = api.match_record(&played).await;
    record["room"] = Value::Null;
    assert_eq!(lines[0], record);
    // Seeded matches carry their moves in order.
    let plies: Vec<i64> = lines[5]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["ply"].as_i64().unwrap())
        .collect();
    assert_eq!(plies, (1..=plies.len() as i64).collect::<Vec<_>>());

    // Its own player sees its rooms' codes.
    let (_, _, own) = api.raw(Method::GET, &path, None, Some(&alice.token)).await;
    let first_line: Value = serde_json::from_str(own.lines().next().unwrap()).unwrap();
    assert_eq!(first_line["room"], json!(code));

    // Someone without matches: an empty body; nobody: 404.
    let carol = api.new_player("Carol").await;
    let (status, _, empty) = api
        .raw(
            Method::GET,
            &format!("/api/v1/players/{}/matches.ndjson", carol.id),
            None,
            None,
        )
        .await;
    assert_eq!((status, empty.as_str()), (StatusCode::OK, ""));
    let missing = api
        .get(
            &format!("/api/v1/players/{}/matches.ndjson", uuid::Uuid::new_v4()),
            None,
        )
        .await;
    assert_error(&missing, 404, "not_found");
}
on_both_databases!(the_export_streams_every_finished_match_oldest_first);

/// The client's language is kept on the player (`PUT /players/me/language`), so that an account
/// speaks it on every device; only languages the catalog speaks, and null forgets it.
async fn the_chosen_language_is_kept_on_the_player(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let alice = account(&api, "Alice").await;
    let (_, me) = api.get("/api/v1/players/me", Some(&alice.token)).await;
    assert!(me.get("language").is_none(), "none chosen: {me}");
    let path = "/api/v1/players/me/language";
    for bad in [
        json!({"language": "xx"}),
        json!({"language": 3}),
        json!({"lang": "fr"}),
    ] {
        assert_error(
            &api.put(path, &bad, Some(&alice.token)).await,
            400,
            "bad_request",
        );
    }
    assert_error(
        &api.put(path, &json!({"language": "fr"}), None).await,
        401,
        "unauthorized",
    );
    let (status, _) = api
        .put(path, &json!({"language": "fr"}), Some(&alice.token))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    // Another device: signed in by name and password, it reads the language.
    let (_, other) = api
        .post(
            "/api/v1/sessions",
            &json!({"name": "Alice", "password": PASSWORD}),
            None,
        )
        .await;
    let token = other["token"].as_str().unwrap();
    let (_, me) = api.get("/api/v1/players/me", Some(token)).await;
    assert_eq!(me["language"], "fr");
    let (status, _) = api.put(path, &json!({"language": null}), Some(token)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, me) = api.get("/api/v1/players/me", Some(&alice.token)).await;
    assert!(me.get("language").is_none(), "forgotten: {me}");
}
on_both_databases!(the_chosen_language_is_kept_on_the_player);
