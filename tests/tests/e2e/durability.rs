//! No acknowledged move is ever lost: a server killed with SIGKILL mid-match, or stopped with
//! SIGTERM, comes back with every acked move and the match goes on; a dropped client reconnects and
//! resumes; a move resent after a reconnect is not played twice.

use plateau_tests::scenario::{play_plies, reconnect, started_abalone_duo, Duo};
use plateau_tests::table::legal_of;
use plateau_tests::{on_both_databases, Api, Backend, Client, TestDb, TestServer};
use serde_json::json;
use std::time::Duration;

async fn sigkill_loses_no_acked_move(backend: Backend) {
    let db = TestDb::new(backend).await;
    let mut server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Duo {
        code,
        alice,
        bob,
        a,
        b,
    } = started_abalone_duo(&server, &api, "public").await;
    let acked = play_plies(&code, &[&a, &b], 0, 12).await;
    // Bob's ack and Alice's patch of the last move travel on different sockets: wait for the patch.
    a.until_version(&code, acked).await;
    let before = a.view(&code).unwrap().1;

    server.kill9();
    assert!(
        a.closed_within(Duration::from_secs(5)).await.is_some(),
        "the socket died with the server"
    );
    server.restart().await;

    let (a, b) = reconnect(&server, &code, &alice, &bob).await;
    let (version, view) = a.view(&code).unwrap();
    assert_eq!(version, acked, "every acked move came back");
    assert_eq!(view["ply"], 12);
    assert_eq!(view["state"], before["state"]);
    // The last move, resent with its id on a new connection, is answered with its first ack.
    let resent = b
        .play_at(&code, "p11", 1, json!({"notation": "anything"}))
        .await;
    assert_eq!(
        (resent["type"].as_str(), resent["version"].as_u64()),
        (Some("ack"), Some(acked))
    );
    // And the match goes on.
    let acked = play_plies(&code, &[&a, &b], 12, 8).await;
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    let (_, record) = api
        .get(
            &format!("/api/v1/matches/{}", info["match"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(record["plies"], 20);
    assert_eq!(acked, 21);
}

on_both_databases!(sigkill_loses_no_acked_move);

async fn sigterm_closes_with_1001_and_exits_0(backend: Backend) {
    let db = TestDb::new(backend).await;
    let mut server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Duo {
        code,
        alice,
        bob,
        a,
        b,
    } = started_abalone_duo(&server, &api, "public").await;
    play_plies(&code, &[&a, &b], 0, 4).await;

    let status = server.terminate().await;
    assert!(status.success(), "exit status {status}");
    for c in [&a, &b] {
        assert_eq!(
            c.closed_within(Duration::from_secs(5)).await,
            Some(Some(1001)),
            "going away"
        );
    }
    server.restart().await;
    let (a, b) = reconnect(&server, &code, &alice, &bob).await;
    assert_eq!(a.view(&code).unwrap().1["ply"], 4);
    play_plies(&code, &[&a, &b], 4, 2).await;
    // The room is still public but no longer in the lobby: it is playing.
    let (_, lobby) = api.get("/api/v1/rooms", None).await;
    assert!(lobby
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["code"] != code.as_str()));
}

on_both_databases!(sigterm_closes_with_1001_and_exits_0);

async fn a_dropped_client_reconnects_and_resumes(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Duo {
        code,
        alice,
        bob,
        a,
        b,
    } = started_abalone_duo(&server, &api, "public").await;
    play_plies(&code, &[&a, &b], 0, 4).await;

    // Bob drops: the room shows him disconnected.
    let watcher = Client::login(&server.ws_url(), &alice).await;
    watcher.join(&code, "spectator").await;
    let mark = watcher.mark();
    b.close().await;
    let info = watcher
        .wait_for(mark, |f| {
            f["type"] == "room" && f["room"]["seats"][1]["connected"] == false
        })
        .await;
    assert_eq!(
        info["room"]["seats"][1]["player"]["id"],
        bob.id.as_str(),
        "the seat stays his"
    );

    // Alice moves while he is away.
    let ack = a.play(&code, "p4", a.legal(&code)[0].clone()).await;
    assert_eq!(ack["type"], "ack");

    // Bob comes back: a snapshot at the current version, with his legal moves, and he plays on.
    let b = Client::login(&server.ws_url(), &bob).await;
    let mark = b.mark();
    b.send(json!({"type": "join", "room": code, "as": "player"}))
        .await;
    let snapshot = b.wait_for(mark, |f| f["type"] == "snapshot").await;
    assert_eq!(snapshot["version"], 6);
    assert_eq!(snapshot["view"]["you"]["seat"], 1);
    assert!(!b.legal(&code).is_empty());
    let back = watcher
        .wait_for(mark, |f| {
            f["type"] == "room" && f["room"]["seats"][1]["connected"] == true
        })
        .await;
    assert_eq!(back["room"]["status"], "playing");
    play_plies(&code, &[&a, &b], 5, 4).await;
    assert!(a.gaps().is_empty() && b.gaps().is_empty());
}

on_both_databases!(a_dropped_client_reconnects_and_resumes);

/// At human pace the commit writer lingers for more moves (`--commit-linger-us`): the moves of two
/// rooms sent together are stored by one commit, and each is acked only after it. The linger is a
/// second here so that the two moves meet on any machine; the ack then comes about that late.
async fn moves_of_two_rooms_share_a_commit(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, &[("PLATEAU_COMMIT_LINGER_US", "1000000")]).await;
    let api = Api::new(server.http());
    let first = started_abalone_duo(&server, &api, "private").await;
    let second = started_abalone_duo(&server, &api, "private").await;
    let batches = || server.metric("plateau_commit_batch_moves_count");
    let moves = || server.metric("plateau_commit_batch_moves_sum");
    let (batches_before, moves_before) =
        (batches().await.unwrap_or(0.0), moves().await.unwrap_or(0.0));

    let sent = std::time::Instant::now();
    let (ack1, ack2) = tokio::join!(
        first.a.play(
            &first.code,
            "m0",
            legal_of(&first.a.view(&first.code).unwrap().1)[0].clone()
        ),
        second.a.play(
            &second.code,
            "m0",
            legal_of(&second.a.view(&second.code).unwrap().1)[0].clone()
        ),
    );
    assert_eq!(ack1["type"], "ack", "{ack1}");
    assert_eq!(ack2["type"], "ack", "{ack2}");
    assert!(
        sent.elapsed() >= Duration::from_millis(900),
        "acked after the linger, not before the commit"
    );
    assert_eq!(batches().await.unwrap() - batches_before, 1.0, "one commit");
    assert_eq!(moves().await.unwrap() - moves_before, 2.0, "of both moves");

    // Both stored: the record of each match lists its move.
    for duo in [&first, &second] {
        let (_, info) = api.get(&format!("/api/v1/rooms/{}", duo.code), None).await;
        let record = api
            .match_record(info["match"].as_str().expect("a match"))
            .await;
        assert_eq!(
            record["moves"].as_array().map(Vec::len),
            Some(1),
            "{record}"
        );
    }
}

on_both_databases!(moves_of_two_rooms_share_a_commit);
