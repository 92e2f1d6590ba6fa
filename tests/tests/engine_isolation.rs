//! A rules engine that fails ends only its own match: the match and its room become `aborted`,
//! everyone in the room is told, and other rooms play on.
//!
//! The failure is triggered the way an attacker did (issue 11, item 1): a Trangouar setup with
//! `antenna_mode: "free"` whose cube holds 255 red and 10 black pearls. Where the engine adds the
//! pearls in 8 bits, that addition overflows: a panic in this (debug) build of the server, a
//! runaway match in a release build without overflow checks; both must end as `aborted`. An engine
//! that checks its arithmetic refuses the move instead, which is just as good for the other room;
//! the test accepts either, and checks the abort fully when it happens.

use plateau_tests::scenario::{started_abalone_duo, started_duo, Duo};
use plateau_tests::{on_both_databases, Api, Backend, TestDb, TestServer};
use serde_json::{json, Value};

async fn another_room_keeps_playing_when_an_engine_fails(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());

    // The other room: an Abalone match under way.
    let duo = started_abalone_duo(&server, &api, "private").await;
    let ack = duo
        .a
        .play(&duo.code, "a1", duo.a.legal(&duo.code)[0].clone())
        .await;
    assert_eq!(ack["type"], "ack", "{ack}");

    // The room whose engine is attacked.
    let Duo { code, a, b, .. } = started_duo(
        &server,
        &api,
        json!({"game": "trangouar", "players": 2, "visibility": "public",
                "options": {"antenna_mode": "free"}}),
    )
    .await;
    let mut crafted: Value = a.legal(&code)[0].clone();
    crafted["cubes"][0]["red"] = json!(255);
    crafted["cubes"][0]["black"] = json!(10);
    crafted["cubes"][0]["white"] = json!(0);
    let (mark_a, mark_b) = (a.mark(), b.mark());
    let answer = a.play(&code, "crafted", crafted).await;
    assert_eq!(
        answer["type"], "error",
        "the crafted setup is never accepted: {answer}"
    );
    let aborted = answer["code"] == "internal";
    if !aborted {
        assert!(
            ["illegal_move", "bad_request"].contains(&answer["code"].as_str().unwrap()),
            "{answer}"
        );
    }

    // The other room plays on, whatever became of this one.
    duo.b.until_version(&duo.code, 2).await;
    let ack = duo
        .b
        .play(&duo.code, "b1", duo.b.legal(&duo.code)[0].clone())
        .await;
    assert_eq!(ack["type"], "ack", "{ack}");
    duo.a.until_version(&duo.code, 3).await;
    let ack = duo
        .a
        .play(&duo.code, "a2", duo.a.legal(&duo.code)[0].clone())
        .await;
    assert_eq!(ack["type"], "ack", "{ack}");
    let (status, _) = api.get("/api/v1/games", None).await;
    assert_eq!(status, 200);

    if !aborted {
        eprintln!("the engine refused the crafted setup: nothing to abort");
        return;
    }
    // Everyone in the room is told: `ended` with reason `aborted`, and the room's new status.
    for client in [&a, &b] {
        let mark = if std::ptr::eq(client, &a) {
            mark_a
        } else {
            mark_b
        };
        let ended = client
            .wait_for(mark, |f| f["type"] == "ended" && f["room"] == code.as_str())
            .await;
        assert_eq!(ended["result"]["reason"], "aborted", "{ended}");
        assert_eq!(ended["result"]["winners"], json!([]));
        client
            .wait_for(mark, |f| {
                f["type"] == "room" && f["room"]["status"] == "aborted"
            })
            .await;
    }
    // Stored: the room, the match, the history's filter.
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(info["status"], "aborted");
    let match_id = info["match"].as_str().unwrap();
    let (_, summary) = api.get(&format!("/api/v1/matches/{match_id}"), None).await;
    assert_eq!(summary["status"], "aborted", "{summary}");
    assert_eq!(summary["result"]["reason"], "aborted");
    let (_, listed) = api.get("/api/v1/matches?status=aborted", None).await;
    assert_eq!(listed["matches"][0]["id"], match_id, "{listed}");
    assert!(server.log_contains("match aborted"), "logged");
    // A snapshot tells the end too.
    let snapshot = b.sync(&code).await;
    assert_eq!(snapshot["view"]["status"], "aborted", "{snapshot}");
    assert_eq!(snapshot["view"]["result"]["reason"], "aborted");
    // Nothing more is played in it.
    let refused = b.play(&code, "after", json!({"action": "nothing"})).await;
    assert_eq!(refused["code"], "not_your_turn", "{refused}");
}
on_both_databases!(another_room_keeps_playing_when_an_engine_fails);
