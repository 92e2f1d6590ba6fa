//! Draws by agreement (the contract's "Playing in public"): `draw` frames offer, accept or take
//! back; every change is told to everyone in the room by a `draw` frame with the seats offering,
//! outside the view and its version; any accepted move clears every offer; the match is drawn when
//! every side that has not forfeited has offered.

use plateau_tests::ending::{ended_result, forfeit_patch};
use plateau_tests::scenario::{started_duo, started_room, Duo, Seated};
use plateau_tests::{on_both_databases, Api, Backend, Client, TestDb, TestServer};
use serde_json::{json, Value};

/// A public Abalone room seated in join order (the host moves first).
fn abalone(players: usize) -> Value {
    json!({"game": "abalone", "players": players, "visibility": "public",
           "seating": "host_first"})
}

/// Has `sender` send `draw` with `offer`, and checks that every client of `room` is then told
/// `offers`, and that no version came of it.
async fn draw_told(sender: &Client, offer: bool, room: &str, everyone: &[&Client], offers: Value) {
    let marks: Vec<usize> = everyone.iter().map(|c| c.mark()).collect();
    let version = sender.version(room);
    sender.draw(room, offer).await;
    for (client, mark) in everyone.iter().zip(marks) {
        let told = client.wait_for_frame(mark, "draw", room).await;
        assert_eq!(told["offers"], offers, "after draw(offer: {offer}): {told}");
    }
    for client in everyone {
        assert_eq!(
            client.version(room),
            version,
            "a draw offer is not a version"
        );
    }
}

/// Alice offers, her move clears it; Bob offers and takes it back; Bob offers again and Alice
/// accepts: the match is drawn, nobody wins, and both players' stats count it as played.
async fn draw_offered_cleared_and_agreed(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Duo {
        code,
        alice,
        bob,
        a,
        b,
    } = started_duo(&server, &api, abalone(2)).await;
    let carol = api.new_player("Carol").await;
    let watcher = Client::login(&server.ws_url(), &carol).await;
    watcher.join(&code, "spectator").await;
    watcher.until_version(&code, 1).await;
    let everyone = [&a, &b, &watcher];

    draw_told(&a, true, &code, &everyone, json!([0])).await;
    // Alice's move clears her offer, and everyone is told.
    let marks: Vec<usize> = everyone.iter().map(|c| c.mark()).collect();
    let ack = a.play(&code, "m0", a.legal(&code)[0].clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    for (client, mark) in everyone.iter().zip(marks) {
        let told = client.wait_for_frame(mark, "draw", &code).await;
        assert_eq!(told["offers"], json!([]), "a move clears every offer");
        client.until_version(&code, 2).await;
    }
    draw_told(&b, true, &code, &everyone, json!([1])).await;
    draw_told(&b, false, &code, &everyone, json!([])).await;
    draw_told(&b, true, &code, &everyone, json!([1])).await;

    let marks: Vec<usize> = everyone.iter().map(|c| c.mark()).collect();
    a.draw(&code, true).await;
    for (client, mark) in everyone.into_iter().zip(marks) {
        client.wait_for_event(mark, &code, "draw_agreed").await;
        let result = ended_result(client, mark, &code).await;
        assert_eq!(
            result,
            json!({"winners": [], "scores": null, "reason": "agreed_draw", "forfeited": []})
        );
    }
    assert_eq!(a.version(&code), 3, "the agreement is one version");
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    let record = api.match_record(info["match"].as_str().unwrap()).await;
    assert_eq!(record["status"], "finished", "{record}");
    assert_eq!(record["result"]["reason"], "agreed_draw", "{record}");
    assert_eq!(
        (&record["clock"], &record["forfeited"]),
        (&Value::Null, &json!([])),
        "no clock, no forfeit: {record}"
    );
    assert_eq!(record["plies"], 1, "the agreement is not a move");
    for player in [&alice, &bob] {
        let (_, profile) = api
            .get(&format!("/api/v1/players/{}", player.id), None)
            .await;
        let stats = &profile["stats"];
        assert_eq!((&stats["played"], &stats["won"]), (&json!(1), &json!(0)));
    }
}
on_both_databases!(draw_offered_cleared_and_agreed);

/// Bob declines Alice's offer (`offer: false` from a seat that did not offer): everyone is told the
/// offer is gone, with a `draw_declined` event naming Bob's seat; nothing of it is a version; and
/// after a reload neither of them finds the offer again (no `draw` frame on joining again). A
/// decline with no offer standing changes nothing and tells nobody.
async fn a_declined_draw_is_heard_and_cleared(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Duo {
        code,
        alice,
        bob,
        a,
        b,
    } = started_duo(&server, &api, abalone(2)).await;
    let everyone = [&a, &b];
    draw_told(&a, true, &code, &everyone, json!([0])).await;
    let marks: Vec<usize> = everyone.iter().map(|c| c.mark()).collect();
    draw_told(&b, false, &code, &everyone, json!([])).await;
    for (client, mark) in everyone.iter().zip(marks) {
        let told = client.wait_for_frame(mark, "draw", &code).await;
        assert_eq!(
            told["events"],
            json!([{"kind": "draw_declined", "seat": 1}]),
            "{told}"
        );
    }
    // Reloads: the offer is not shown again to either.
    for player in [&alice, &bob] {
        let again = Client::login(&server.ws_url(), player).await;
        let mark = again.mark();
        again.join(&code, "player").await;
        again.until_version(&code, 1).await;
        again.wait_for_frame(mark, "recent", &code).await;
        // Whatever the join brings comes before the answer to a later ping.
        let ping_mark = again.mark();
        again.send(json!({"type": "ping"})).await;
        again.wait_for(ping_mark, |f| f["type"] == "pong").await;
        assert!(
            !again
                .frames()
                .iter()
                .any(|f| f["type"] == "draw" && f["room"] == code.as_str()),
            "no offer stands after the decline"
        );
    }
    // Declining again, with nothing offered: no frame, no change.
    let mark = a.mark();
    b.draw(&code, false).await;
    let ping_mark = b.mark();
    b.send(json!({"type": "ping"})).await;
    b.wait_for(ping_mark, |f| f["type"] == "pong").await;
    assert!(
        !a.frames()[mark..].iter().any(|f| f["type"] == "draw"),
        "nothing to decline"
    );
}
on_both_databases!(a_declined_draw_is_heard_and_cleared);

/// With three sides, once seat 1 has resigned the two sides left agree a draw between them; the
/// forfeited seat's offer is refused, and the result keeps its forfeit.
async fn draw_among_the_sides_left(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Seated { code, clients, .. } =
        started_room(&server, &api, abalone(3), &["P0", "P1", "P2"]).await;
    let everyone: Vec<&Client> = clients.iter().collect();
    draw_told(&clients[0], true, &code, &everyone, json!([0])).await;
    let mark = clients[0].mark();
    clients[1].resign(&code).await;
    forfeit_patch(&clients[0], mark, &code, 1, "resigned").await;
    let error = clients[1]
        .expect_error(
            json!({"type": "draw", "room": code, "offer": true}),
            "not_your_turn",
        )
        .await;
    assert_eq!(error["id"], Value::Null);

    let marks: Vec<usize> = clients.iter().map(Client::mark).collect();
    clients[2].draw(&code, true).await;
    for (client, mark) in clients.iter().zip(marks) {
        client.wait_for_event(mark, &code, "draw_agreed").await;
        let result = ended_result(client, mark, &code).await;
        assert_eq!(result["winners"], json!([]), "{result}");
        assert_eq!(result["reason"], "agreed_draw");
        assert_eq!(
            result["forfeited"],
            json!([{"seat": 1, "reason": "resigned"}])
        );
    }
}
on_both_databases!(draw_among_the_sides_left);
