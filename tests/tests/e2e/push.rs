//! Web push (issue 48; docs/protocol.md "Web push"): the server's VAPID key, kept once for every
//! node; subscriptions within their bounds; and every kind of push (a turn begun while away, a
//! challenge, a tournament's pairing, a match's end) received by a push service of the tests' own
//! that checks each VAPID signature and decrypts each payload with the subscription's private key;
//! paced per room, retried while the service is busy, forgotten when it is gone; sent once on
//! several nodes.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use plateau_tests::cluster::start_nodes;
use plateau_tests::push_service::{PushService, Received, Subscription};
use plateau_tests::rest::assert_error;
use plateau_tests::scenario::{play_plies, started_duo, Duo};
use plateau_tests::tournament::entered;
use plateau_tests::{on_both_databases, Api, Backend, Client, Player, TestDb, TestServer};
use reqwest::StatusCode;
use serde_json::json;
use std::time::Duration;

const ME: &str = "/api/v1/players/me/push";
/// What a push takes to arrive, retries aside.
const SOON: Duration = Duration::from_secs(10);
/// Pushes sent to loopback, and every push let through.
const TEST_PUSH: [(&str, &str); 2] = [
    ("PLATEAU_PUSH_ALLOW_HTTP", "true"),
    ("PLATEAU_PUSH_ROOM_INTERVAL_SECS", "0"),
];

async fn server_key(api: &Api) -> String {
    let (status, body) = api.get("/api/v1/push/key", None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["key"].as_str().unwrap().to_string()
}

async fn subscribe(api: &Api, who: &Player, subscription: &Subscription) {
    let (status, body) = api.put(ME, &subscription.json(), Some(&who.token)).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
}

/// Alice challenges `to` to Abalone: the challenge's id and room.
async fn challenge(api: &Api, alice: &Player, to: &Player) -> (String, String) {
    let (status, body) = api
        .post(
            "/api/v1/challenges",
            &json!({"to": [to.id], "game": "abalone", "players": 2}),
            Some(&alice.token),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let text = |field: &str| body[field].as_str().unwrap().to_string();
    (text("id"), text("room"))
}

/// A started Abalone duo with a correspondence clock; Alice (seat 0) to move.
async fn correspondence_duo(server: &TestServer, api: &Api) -> Duo {
    let room = json!({"game": "abalone", "players": 2, "visibility": "private",
                      "seating": "host_first", "clock": {"kind": "correspondence", "days": 3}});
    started_duo(server, api, room).await
}

/// Bob's connection closes, and the room sees his seat away.
async fn bob_leaves(api: &Api, duo: &Duo) {
    duo.b.close().await;
    let path = format!("/api/v1/rooms/{}", duo.code);
    for _ in 0..100 {
        let (_, room) = api.get(&path, None).await;
        if !room["seats"][1]["away_since"].is_null() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("Bob's seat never shown away");
}

/// Alice plays her first legal move.
async fn alice_moves(duo: &Duo, id: &str) {
    let mv = duo
        .a
        .legal(&duo.code)
        .first()
        .cloned()
        .expect("a legal move");
    let ack = duo.a.play(&duo.code, id, mv).await;
    assert_eq!(ack["type"], "ack", "{ack}");
}

fn assert_leads_to(push: &Received, url: &str, tag: &str) {
    assert_eq!(push.payload["url"], url, "{:?}", push.payload);
    assert_eq!(push.payload["tag"], tag, "{:?}", push.payload);
    assert_eq!(push.topic.as_deref(), Some(tag));
    for field in ["title", "body"] {
        assert!(
            push.payload[field].as_str().is_some_and(|t| !t.is_empty()),
            "{:?}",
            push.payload
        );
    }
}

async fn subscriptions_are_kept_within_bounds(backend: Backend) {
    let db = TestDb::new(backend).await;
    let mut server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let key = server_key(&api).await;
    let point = URL_SAFE_NO_PAD.decode(&key).unwrap();
    assert_eq!(
        (point.len(), point[0]),
        (65, 4),
        "an uncompressed P-256 point"
    );
    let service = PushService::start(&key).await;
    let bob = api.new_player("Bob").await;
    let https = |n: usize, s: &Subscription| {
        let mut body = s.json();
        body["endpoint"] = json!(format!("https://push.example.org/send/{n}"));
        body
    };
    let keys = service.subscribe();
    assert_error(
        &api.put(ME, &https(0, &keys), None).await,
        401,
        "unauthorized",
    );
    // A loopback http: endpoint, without --push-allow-http.
    assert_error(
        &api.put(ME, &keys.json(), Some(&bob.token)).await,
        400,
        "bad_request",
    );
    for bad in [
        json!({"endpoint": "https://push.example.org/x", "keys": {"p256dh": "AAAA", "auth": keys.auth}}),
        json!({"endpoint": "https://push.example.org/x", "keys": {"p256dh": keys.p256dh, "auth": "AAAA"}}),
        json!({"endpoint": "not a url", "keys": {"p256dh": keys.p256dh, "auth": keys.auth}}),
        json!({"endpoint": "https://push.example.org/x"}),
    ] {
        assert_error(
            &api.put(ME, &bad, Some(&bob.token)).await,
            400,
            "bad_request",
        );
    }
    for n in 0..10 {
        let (status, body) = api.put(ME, &https(n, &keys), Some(&bob.token)).await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    }
    assert_error(
        &api.put(ME, &https(10, &keys), Some(&bob.token)).await,
        409,
        "conflict",
    );
    // The same endpoint again is the same subscription, not an eleventh.
    let (status, _) = api.put(ME, &https(3, &keys), Some(&bob.token)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = api
        .delete_json(
            ME,
            &json!({"endpoint": "https://push.example.org/send/3"}),
            Some(&bob.token),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = api.put(ME, &https(10, &keys), Some(&bob.token)).await;
    assert_eq!(
        status,
        StatusCode::NO_CONTENT,
        "one unsubscribed makes room"
    );
    // The key is kept: the same after a restart.
    server.terminate().await;
    server.restart().await;
    assert_eq!(server_key(&Api::new(server.http())).await, key);
    // Or read from --vapid-key.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("vapid.key");
    let pair = web_push_native::jwt_simple::algorithms::ES256KeyPair::generate();
    std::fs::write(&file, URL_SAFE_NO_PAD.encode(pair.to_bytes())).unwrap();
    let given = TestServer::start_with(&db, &[("PLATEAU_VAPID_KEY", file.to_str().unwrap())]).await;
    use web_push_native::jwt_simple::algorithms::ECDSAP256PublicKeyLike;
    let expected = URL_SAFE_NO_PAD.encode(pair.public_key().public_key().to_bytes_uncompressed());
    assert_eq!(server_key(&Api::new(given.http())).await, expected);
}
on_both_databases!(subscriptions_are_kept_within_bounds);

async fn every_kind_is_pushed(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, &TEST_PUSH).await;
    let api = Api::new(server.http());
    let service = PushService::start(&server_key(&api).await).await;

    // A turn: Bob hears of it only once he is away, in his language.
    let duo = correspondence_duo(&server, &api).await;
    let bobs = service.subscribe();
    subscribe(&api, &duo.bob, &bobs).await;
    let (status, _) = api
        .put(
            "/api/v1/players/me/language",
            &json!({"language": "fr"}),
            Some(&duo.bob.token),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    play_plies(&duo.code, &[&duo.a, &duo.b], 0, 2).await;
    bob_leaves(&api, &duo).await;
    assert_eq!(service.posts(&bobs), 0, "nothing while Bob was in the room");
    alice_moves(&duo, "away").await;
    let turn = service.wait_for(&bobs, 1, SOON).await.remove(0);
    assert_leads_to(&turn, &format!("/r/{}", duo.code), &duo.code);
    assert_eq!(turn.payload["title"], "À vous de jouer");
    assert_eq!(turn.urgency.as_deref(), Some("high"));

    // The match's end.
    duo.a
        .send(json!({"type": "resign", "room": duo.code}))
        .await;
    let ended = service.wait_for(&bobs, 2, SOON).await.remove(1);
    assert_leads_to(&ended, &format!("/r/{}", duo.code), &duo.code);
    assert_eq!(ended.payload["title"], "Match terminé");
    assert_eq!(ended.urgency.as_deref(), Some("low"));

    // A challenge.
    let (_, room) = challenge(&api, &duo.alice, &duo.bob).await;
    let challenged = service.wait_for(&bobs, 3, SOON).await.remove(2);
    assert_leads_to(&challenged, &format!("/r/{room}"), &room);
    assert!(challenged.payload["title"]
        .as_str()
        .unwrap()
        .contains("Alice"));
    assert!(
        challenged.ttl.is_some_and(|ttl| ttl <= 60),
        "as long as it can be answered"
    );

    // A tournament's pairing leads to the tournament.
    let swiss = json!({"name": "Push Swiss", "kind": "swiss", "game": "abalone", "players": 2,
                       "clock": {"kind": "per_move", "s": 60}, "rounds": 1, "join_secs": 30});
    let tournament = entered(&api, swiss, &["Ann", "Cid"]).await;
    let theirs: Vec<Subscription> = tournament
        .players
        .iter()
        .map(|_| service.subscribe())
        .collect();
    for (player, subscription) in tournament.players.iter().zip(&theirs) {
        subscribe(&api, player, subscription).await;
    }
    for subscription in &theirs {
        let paired = service.wait_for(subscription, 1, SOON).await.remove(0);
        let tag = paired.payload["tag"].as_str().unwrap().to_string();
        assert_leads_to(&paired, &format!("/t/{}", tournament.id), &tag);
        assert_eq!(paired.payload["title"], "Your tournament match is ready");
    }
}
on_both_databases!(every_kind_is_pushed);

async fn pushes_are_paced_retried_and_forgotten(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, &[("PLATEAU_PUSH_ALLOW_HTTP", "true")]).await;
    let api = Api::new(server.http());
    let service = PushService::start(&server_key(&api).await).await;
    let duo = correspondence_duo(&server, &api).await;
    let (busy, gone) = (service.subscribe(), service.subscribe());
    subscribe(&api, &duo.bob, &busy).await;
    subscribe(&api, &duo.bob, &gone).await;
    service.answer(&busy, &[429, 503]);
    service.answer(&gone, &[410]);
    bob_leaves(&api, &duo).await;
    alice_moves(&duo, "m0").await;
    // Busy twice, then delivered; gone at once, and never posted to again.
    let turn = service.wait_for(&busy, 1, SOON).await.remove(0);
    assert_leads_to(&turn, &format!("/r/{}", duo.code), &duo.code);
    assert_eq!(service.posts(&busy), 3);
    assert_eq!(service.posts(&gone), 1);
    // Within the room's 5 minutes, its end is not pushed; another room's challenge is.
    duo.a
        .send(json!({"type": "resign", "room": duo.code}))
        .await;
    let (_, room) = challenge(&api, &duo.alice, &duo.bob).await;
    let challenged = service.wait_for(&busy, 2, SOON).await.remove(1);
    assert_eq!(
        challenged.payload["tag"],
        room.as_str(),
        "the end was not pushed"
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(service.received(&busy).len(), 2);
    assert_eq!(service.posts(&gone), 1, "a subscription gone is forgotten");
}
on_both_databases!(pushes_are_paced_retried_and_forgotten);

/// Two nodes share the key and the subscriptions, and each kind of push is sent once: Bob, on
/// node 1, is challenged by Alice, on node 0; he accepts from node 1 and the match starts on the
/// room's node; his turn begins while he is in no room; Alice resigns. Both nodes hear every event.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_push_once_with_one_key() {
    let db = TestDb::new(Backend::Postgres).await;
    let nodes = start_nodes(&db, 2, 2000, &TEST_PUSH).await;
    let (api0, api1) = (Api::new(nodes[0].http()), Api::new(nodes[1].http()));
    let key = server_key(&api0).await;
    assert_eq!(server_key(&api1).await, key, "one key for every node");
    let service = PushService::start(&key).await;
    let alice = api0.new_player("Alice").await;
    let bob = api1.new_player("Bob").await;
    let bobs = service.subscribe();
    subscribe(&api1, &bob, &bobs).await;
    let (id, room) = challenge(&api0, &alice, &bob).await;
    let pushed = service.wait_for(&bobs, 1, SOON).await;
    assert_leads_to(&pushed[0], &format!("/r/{room}"), &room);

    let a = Client::login(&nodes[0].ws_url(), &alice).await;
    a.join(&room, "player").await;
    let accept = format!("/api/v1/challenges/{id}/accept");
    let (status, body) = api1.post(&accept, &json!({}), Some(&bob.token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    a.until_version(&room, 1).await;
    // Whoever starts, Bob's turn comes while he is in no room (no clock: a turn is pushed).
    if let Some(mv) = a.legal(&room).first().cloned() {
        let ack = a.play(&room, "first", mv).await;
        assert_eq!(ack["type"], "ack", "{ack}");
    }
    let turn = service.wait_for(&bobs, 2, SOON).await.remove(1);
    assert_leads_to(&turn, &format!("/r/{room}"), &room);
    assert_eq!(turn.urgency.as_deref(), Some("high"));
    a.resign(&room).await;
    let ended = service.wait_for(&bobs, 3, SOON).await.remove(2);
    assert_leads_to(&ended, &format!("/r/{room}"), &room);
    assert_eq!(ended.urgency.as_deref(), Some("low"));

    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        service.posts(&bobs),
        3,
        "each push sent once: {:?}",
        service.posts(&bobs)
    );
}
