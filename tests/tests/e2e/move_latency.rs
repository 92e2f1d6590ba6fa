//! How long an ordinary client waits for the `ack` of its move. Found while writing the whole-match
//! tests of the four games: the server does not set `TCP_NODELAY` on the sockets it accepts, so the
//! `ack` it writes right after a move's `patch` is held back by Nagle's algorithm until the client
//! acknowledges the patch, which a Linux client does only after its delayed-ACK timer (~40 ms).
//! Every move of every human player then takes ~40 ms more than the server needs.

use std::time::{Duration, Instant};

use plateau_tests::scenario::{started_abalone_duo, Duo};
use plateau_tests::table::legal_of;
use plateau_tests::{on_both_databases, Api, Backend, TestDb, TestServer};
use rand::seq::IndexedRandom;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_is_acked_without_waiting_for_the_clients_delayed_ack() {
    let db = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    // Ordinary clients: default socket options, as a browser or a bot built on tungstenite.
    let Duo { code, a, b, .. } = started_abalone_duo(&server, &api, "private").await;

    let players = [&a, &b];
    let mut rng = rand::rng();
    let (mut to_patch, mut to_ack) = (Vec::new(), Vec::new());
    for ply in 0..40u64 {
        let version = ply + 1;
        let mover = players[(ply % 2) as usize];
        mover.until_version(&code, version).await;
        let mv = legal_of(&mover.view(&code).unwrap().1)
            .choose(&mut rng)
            .cloned()
            .expect("a legal move");
        let mark = mover.mark();
        let sent = Instant::now();
        mover
            .send(json!({"type": "move", "room": code, "id": format!("m{ply}"), "version": version, "move": mv}))
            .await;
        mover
            .wait_for(mark, |f| {
                f["type"] == "patch" && f["version"] == version + 1
            })
            .await;
        to_patch.push(sent.elapsed());
        let ack = mover
            .wait_for(mark, |f| f["type"] == "ack" || f["type"] == "error")
            .await;
        assert_eq!(ack["type"], "ack", "{ack}");
        to_ack.push(sent.elapsed());
    }
    // The first segments of a connection are acknowledged at once; judge the steady state.
    let median = |v: &mut Vec<Duration>| {
        v.drain(..10);
        v.sort();
        v[v.len() / 2]
    };
    let (patch, ack) = (median(&mut to_patch), median(&mut to_ack));
    eprintln!("median time to the patch {patch:?}, to the ack {ack:?}");
    assert!(
        ack < patch + Duration::from_millis(20),
        "the ack is sent with the patch, yet arrives {:?} after it (median over 30 moves): the \
         server's socket waits for the client's delayed ACK (no TCP_NODELAY)",
        ack - patch
    );
}

/// The mover gets its move's patch, then at once its ack: the frame just before each ack is the
/// patch to the acked version, so a client that sees its ack already holds the view it
/// acknowledges. On both databases: each stores the move its own way before the ack.
async fn the_movers_ack_follows_its_patch(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Duo { code, a, b, .. } = started_abalone_duo(&server, &api, "private").await;
    let players = [&a, &b];
    for ply in 0..10u64 {
        let version = ply + 1;
        let mover = players[(ply % 2) as usize];
        mover.until_version(&code, version).await;
        let mv = legal_of(&mover.view(&code).unwrap().1)[0].clone();
        let mark = mover.mark();
        let ack = mover.play(&code, &format!("m{ply}"), mv).await;
        assert_eq!(ack["type"], "ack", "{ack}");
        let frames = mover.frames();
        let at = mark
            + frames[mark..]
                .iter()
                .position(|f| f["type"] == "ack")
                .expect("the ack is among the frames");
        let before = &frames[at - 1];
        assert_eq!(before["type"], "patch", "before the ack: {before}");
        assert_eq!(before["version"], ack["version"], "{before} then {ack}");
        assert_eq!(before["room"], code.as_str());
    }
}

on_both_databases!(the_movers_ack_follows_its_patch);
