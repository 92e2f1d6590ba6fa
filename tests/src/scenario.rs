//! Set-ups many tests start from.

use serde_json::{json, Value};

use crate::{Api, Client, Player, TestServer};

/// A started 2-player Abalone room: Alice hosts and sits in seat 0 (to move), Bob in seat 1, both
/// joined, both holding the view at version 1.
pub struct Duo {
    pub code: String,
    pub alice: Player,
    pub bob: Player,
    pub a: Client,
    pub b: Client,
}

pub async fn started_abalone_duo(server: &TestServer, api: &Api, visibility: &str) -> Duo {
    // Host first whatever the visibility (public rooms draw seats by default): Alice moves first.
    let room =
        json!({"game": "abalone", "players": 2, "visibility": visibility, "seating": "host_first"});
    started_duo(server, api, room).await
}

/// Alice creates the 2-player room `room` (a `POST /api/v1/rooms` body), Bob joins, Alice starts it;
/// both hold the snapshot at version 1.
pub async fn started_duo(server: &TestServer, api: &Api, room: Value) -> Duo {
    let Seated {
        code,
        mut players,
        mut clients,
    } = started_room(server, api, room, &["Alice", "Bob"]).await;
    let (b, a) = (clients.pop().unwrap(), clients.pop().unwrap());
    let (bob, alice) = (players.pop().unwrap(), players.pop().unwrap());
    Duo {
        code,
        alice,
        bob,
        a,
        b,
    }
}

/// A started room whose every seat is a test client: `players[i]` in seat `i`, connected as
/// `clients[i]`.
pub struct Seated {
    pub code: String,
    pub players: Vec<Player>,
    pub clients: Vec<Client>,
}

/// The first of `names` creates the room `room` (a `POST /api/v1/rooms` body whose `players` is
/// `names.len()`) and sits in seat 0, the others join in order, the host starts it; every client
/// holds the snapshot at version 1.
pub async fn started_room(server: &TestServer, api: &Api, room: Value, names: &[&str]) -> Seated {
    let mut players = Vec::new();
    for name in names {
        players.push(api.new_player(name).await);
    }
    let room = api.create_room(&players[0], room).await;
    let code = room["code"].as_str().expect("room code").to_string();
    let mut clients = Vec::new();
    for (seat, player) in players.iter().enumerate() {
        let client = Client::login(&server.ws_url(), player).await;
        let joined = client.join(&code, "player").await;
        assert_eq!(
            joined["room"]["seats"][seat]["player"]["id"],
            player.id.as_str(),
            "{} sits in seat {seat}: {joined}",
            player.name
        );
        clients.push(client);
    }
    clients[0]
        .send(json!({"type": "start", "room": code}))
        .await;
    for client in &clients {
        client.until_version(&code, 1).await;
    }
    Seated {
        code,
        players,
        clients,
    }
}

/// Plays `plies` moves of a duo from ply `first_ply` (the seat to move is `clients[ply % 2]`, and
/// plays its first legal move) and returns the last acked version.
pub async fn play_plies(code: &str, clients: &[&Client], first_ply: usize, plies: usize) -> u64 {
    let mut version = clients[0].version(code);
    for ply in first_ply..first_ply + plies {
        for c in clients {
            c.until_version(code, version).await;
        }
        let mover = clients[ply % 2];
        let mv = mover
            .legal(code)
            .first()
            .cloned()
            .expect("the seat to move has legal moves");
        let ack = mover.play(code, &format!("p{ply}"), mv).await;
        assert_eq!(ack["type"], "ack", "ply {ply}: {ack}");
        version = ack["version"].as_u64().unwrap();
    }
    version
}

/// Alice and Bob on new connections, each joined again to `code` as a player and holding its
/// snapshot.
pub async fn reconnect(
    server: &TestServer,
    code: &str,
    alice: &Player,
    bob: &Player,
) -> (Client, Client) {
    let a = Client::login(&server.ws_url(), alice).await;
    let b = Client::login(&server.ws_url(), bob).await;
    for c in [&a, &b] {
        let mark = c.mark();
        c.send(json!({"type": "join", "room": code, "as": "player"}))
            .await;
        c.wait_for(mark, |f| f["type"] == "snapshot").await;
    }
    (a, b)
}

/// Whether `from`'s chat line `line` in room `code` reaches `to`'s socket: `witness`, who hears
/// every line, hears it, then says one of its own, which reaches `to` in any case; frames reach a
/// socket in the order the room sent them, so `line` would have come before it.
pub async fn line_reaches(
    code: &str,
    line: &str,
    from: &Client,
    witness: &Client,
    to: &Client,
) -> bool {
    let said = |text: &str| {
        let text = text.to_string();
        move |f: &Value| f["type"] == "chat" && f["text"] == text.as_str()
    };
    let (mark, mark_witness) = (to.mark(), witness.mark());
    from.send(json!({"type": "chat", "room": code, "text": line}))
        .await;
    witness.wait_for(mark_witness, said(line)).await;
    let after = format!("after {line}");
    witness
        .send(json!({"type": "chat", "room": code, "text": after}))
        .await;
    to.wait_for(mark, said(&after)).await;
    to.frames()[mark..].iter().any(said(line))
}
