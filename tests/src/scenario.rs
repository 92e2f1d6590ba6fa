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
    let (alice, bob) = (api.new_player("Alice").await, api.new_player("Bob").await);
    let room = api.create_room(&alice, room).await;
    let code = room["code"].as_str().expect("room code").to_string();
    let a = Client::login(&server.ws_url(), &alice).await;
    let b = Client::login(&server.ws_url(), &bob).await;
    a.join(&code, "player").await;
    b.join(&code, "player").await;
    a.send(json!({"type": "start", "room": code})).await;
    a.until_version(&code, 1).await;
    b.until_version(&code, 1).await;
    Duo {
        code,
        alice,
        bob,
        a,
        b,
    }
}
