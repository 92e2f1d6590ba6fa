//! What the mover of a move gets, in which order: its move's `patch`, then at once its `ack`.
//!
//! How long the `ack` takes is a benchmark's figure, not a test's: the load tool's move→ack against
//! move→patch (bench/README.md, "TCP_NODELAY"). This file once asserted it end to end (the ack
//! within 20 ms of the patch, a median over 30 moves): found while the server did not set
//! `TCP_NODELAY`, when the ack waited ~40 ms for the client's delayed ACK of the patch. A wall-clock
//! bound fails on a busy machine for no fault of the server's (issue 46).

use plateau_tests::scenario::{started_abalone_duo, Duo};
use plateau_tests::table::legal_of;
use plateau_tests::{on_both_databases, Api, Backend, TestDb, TestServer};

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
