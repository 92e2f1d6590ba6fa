//! The short notation of legal moves (issue 30, point 4; `docs/protocol.md`, "Short notation"): a
//! connection that asks for it in `auth` gets `you.legal` of an Abalone match as the rules'
//! notation strings, and may send its moves so; every other connection, of the same player
//! included, keeps the full form; a game without a short notation keeps the full form for everyone.

use plateau_tests::scenario::{started_abalone_duo, started_duo};
use plateau_tests::{on_both_databases, Api, Backend, Client, TestDb, TestServer};
use serde_json::{json, Value};

fn all_strings(legal: &[Value]) -> bool {
    !legal.is_empty() && legal.iter().all(Value::is_string)
}

fn all_objects(legal: &[Value]) -> bool {
    !legal.is_empty() && legal.iter().all(Value::is_object)
}

async fn a_short_connection_lists_and_plays_the_notation(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let duo = started_abalone_duo(&server, &api, "private").await;
    let code = duo.code.as_str();

    // Alice's second connection (a phone) asks for the short form; her first keeps the full one.
    let (phone, welcome) =
        Client::login_asking(&server.ws_url(), &duo.alice, json!({"legal": "short"})).await;
    assert_eq!(welcome["legal"], "short", "{welcome}");
    assert_eq!(welcome["short_legal"], json!(["abalone"]), "{welcome}");
    phone.join(code, "player").await;
    phone.until_version(code, 1).await;
    let short = phone.legal(code);
    assert_eq!(short.len(), 44, "the 44 first moves of the rules' §6.1");
    assert!(all_strings(&short), "{short:?}");
    assert!(short.contains(&json!("a1b2")), "{short:?}");
    let full = duo.a.legal(code);
    assert_eq!(full.len(), 44);
    assert!(all_objects(&full), "{full:?}");

    // A notation that names no legal move is refused, and changes nothing.
    let refused = phone.play(code, "far", json!("a1a3")).await;
    assert_eq!(refused["code"], "bad_request", "{refused}");
    let refused = phone.play(code, "blocked", json!("a1a2")).await;
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(phone.version(code), 1);

    // Alice moves in notation, from the phone: acked, and every connection sees it.
    let ack = phone.play(code, "short-1", json!("c3d4")).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    for client in [&phone, &duo.a, &duo.b] {
        client.until_version(code, 2).await;
    }
    assert!(phone.legal(code).is_empty() && duo.a.legal(code).is_empty());
    let bobs = duo.b.legal(code);
    assert!(all_objects(&bobs), "Bob asked for nothing: {bobs:?}");

    // Bob moves (full form): Alice's lists come back, each in its connection's form, and each
    // is the other's, move for move.
    let ack = duo.b.play(code, "full-1", bobs[0].clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    phone.until_version(code, 3).await;
    duo.a.until_version(code, 3).await;
    let (short, full) = (phone.legal(code), duo.a.legal(code));
    assert!(
        all_strings(&short) && all_objects(&full),
        "{short:?} {full:?}"
    );
    let notations: Vec<&Value> = full.iter().map(|m| &m["notation"]).collect();
    assert_eq!(short.iter().collect::<Vec<_>>(), notations);
    // Views kept from patches equal a fresh snapshot, in both forms.
    phone.check_sync(code).await;
    duo.a.check_sync(code).await;

    // The match record stores the move in its full canonical form, whatever form it came in.
    let (_, room) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    let match_id = room["match"].as_str().unwrap();
    let (_, summary) = api.get(&format!("/api/v1/matches/{match_id}"), None).await;
    let first = &summary["moves"][0];
    assert_eq!(first["move"]["notation"], "c3d4", "{summary}");
    assert!(first["move"]["dir"].is_string(), "{summary}");
}
on_both_databases!(a_short_connection_lists_and_plays_the_notation);

/// A game without a short notation: a connection that asked for it gets the full form.
async fn a_game_without_one_keeps_the_full_form(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let room =
        json!({"game": "pinuid", "players": 2, "visibility": "private", "seating": "host_first"});
    let duo = started_duo(&server, &api, room).await;
    let (phone, _) =
        Client::login_asking(&server.ws_url(), &duo.alice, json!({"legal": "short"})).await;
    phone.join(&duo.code, "player").await;
    phone.until_version(&duo.code, 1).await;
    let legal = phone.legal(&duo.code);
    assert_eq!(legal, duo.a.legal(&duo.code));
    assert!(all_objects(&legal), "{legal:?}");
    let refused = phone.play(&duo.code, "s", json!("a1")).await;
    assert_eq!(refused["code"], "bad_request", "{refused}");
}
on_both_databases!(a_game_without_one_keeps_the_full_form);
