//! Tournaments as the tests drive them: made and entered over REST, then played through by clients
//! that follow the tournament over the WebSocket, join each room they are paired into, and resign
//! unless they sit in the first seat, so that every winner is known.

use std::collections::HashSet;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::{Api, Client, Player};

/// The longest a whole tournament of the tests may take.
pub const TOURNAMENT_TIME: Duration = Duration::from_secs(90);

/// The password of the tournament hosts' accounts.
const PASSWORD: &str = "correct horse battery";

/// Makes tournament `body` (a `POST /api/v1/tournaments` body) as `host`: its id.
pub async fn create(api: &Api, host: &Player, body: &Value) -> String {
    let (status, created) = api
        .post("/api/v1/tournaments", body, Some(&host.token))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created["id"].as_str().unwrap().to_string()
}

/// Enters `player` in tournament `id`.
pub async fn enter(api: &Api, id: &str, player: &Player) {
    let (status, answer) = api
        .post(
            &format!("/api/v1/tournaments/{id}/join"),
            &json!({}),
            Some(&player.token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

/// Tournament `id` as `GET /api/v1/tournaments/{id}` shows it.
pub async fn detail(api: &Api, id: &str) -> Value {
    let (status, body) = api.get(&format!("/api/v1/tournaments/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// `body` with `starts_at` `secs` seconds from now.
pub fn starting_in(mut body: Value, secs: i64) -> Value {
    body["starts_at"] = json!((chrono::Utc::now() + chrono::Duration::seconds(secs)).to_rfc3339());
    body
}

/// A tournament made by an account and entered by guests, not started yet.
pub struct Entered {
    pub id: String,
    pub host: Player,
    /// In the order they entered.
    pub players: Vec<Player>,
}

/// The account `Host` makes tournament `body`, starting in 2 s, and a guest of each of `names`
/// enters it, in order.
pub async fn entered(api: &Api, body: Value, names: &[impl AsRef<str>]) -> Entered {
    let host = api.new_account("Host", PASSWORD).await;
    let id = create(api, &host, &starting_in(body, 2)).await;
    let mut players = Vec::new();
    for name in names {
        let player = api.new_player(name.as_ref()).await;
        enter(api, &id, &player).await;
        players.push(player);
    }
    Entered { id, host, players }
}

/// Every player of `tournament` plays it through (see [`play_and_leave`]) on the server at `http`
/// and `ws`, each withdrawing after `leave_after` matches if given: the finished tournament.
pub async fn played(
    http: String,
    ws: String,
    tournament: &Entered,
    leave_after: Option<usize>,
) -> Value {
    let id = &tournament.id;
    let tasks: Vec<_> = tournament
        .players
        .iter()
        .map(|player| {
            let leave = leave_after.map(|after| (after, http.clone()));
            tokio::spawn(play_and_leave(
                ws.clone(),
                id.clone(),
                player.clone(),
                leave,
            ))
        })
        .collect();
    for task in tasks {
        task.await.expect("a player's task");
    }
    let finished = detail(&Api::new(http), id).await;
    assert_eq!(finished["status"], "finished", "{finished}");
    finished
}

/// Plays `player`'s matches of tournament `id` until it is finished, as a client would: follows
/// the tournament over the WebSocket (`join` with `tournament`), joins each room its `you.next`
/// names, and once the match has started resigns unless it sits in the first seat.
pub async fn play_through(server_ws: String, id: String, player: Player) {
    play_and_leave(server_ws, id, player, None).await
}

/// [`play_through`], withdrawing from the tournament (over REST at `leave.1`) once `leave.0`
/// matches are played, if given; a match paired meanwhile is still played.
pub async fn play_and_leave(
    server_ws: String,
    id: String,
    player: Player,
    leave: Option<(usize, String)>,
) {
    let client = Client::login(&server_ws, &player).await;
    client.send(json!({"type": "join", "tournament": id})).await;
    let mut done: HashSet<String> = HashSet::new();
    let mut mark = 0;
    loop {
        let frame = client
            .try_wait_for(mark, TOURNAMENT_TIME, |f| {
                f["type"] == "tournament"
                    && (f["tournament"]["status"] == "finished"
                        || f["you"]["next"]["room"]
                            .as_str()
                            .is_some_and(|room| !done.contains(room)))
            })
            .await
            .unwrap_or_else(|| panic!("{} saw no end of the tournament", player.name));
        mark = client.mark();
        if frame["tournament"]["status"] == "finished" {
            return;
        }
        assert_eq!(frame["tournament"]["id"], id.as_str());
        let next = &frame["you"]["next"];
        let room = next["room"].as_str().unwrap().to_string();
        assert!(next["start_by"].is_string(), "{next}");
        let entrant = &frame["you"]["entrant"];
        let pairing = frame["tournament"]["rounds_played"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["pairings"].as_array().unwrap().clone())
            .find(|p| p["room"] == room.as_str())
            .unwrap();
        let seat = pairing["seats"]
            .as_array()
            .unwrap()
            .iter()
            .position(|s| s == entrant)
            .unwrap();
        let joined_at = client.mark();
        // A room moving to another node (its node gone) answers an error for a moment: again.
        let mut tries = 0;
        loop {
            let joined = client.join(&room, "player").await;
            if joined["type"] == "room" {
                break;
            }
            tries += 1;
            assert!(
                tries < 40,
                "{} could not join {room}: {joined}",
                player.name
            );
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        // Started by itself once both seats have come.
        client
            .wait_for(joined_at, |f| {
                f["type"] == "snapshot" && f["room"] == room.as_str()
            })
            .await;
        // Every seat but the first resigns: in a match of 2 the second loses; of 3 or 4 the
        // first wins and the others place by the order they resigned in.
        if seat > 0 {
            client.resign(&room).await;
        }
        done.insert(room);
        if let Some((after, http)) = &leave {
            if done.len() == *after {
                let (status, answer) = Api::new(http.clone())
                    .post(
                        &format!("/api/v1/tournaments/{id}/withdraw"),
                        &json!({}),
                        Some(&player.token),
                    )
                    .await;
                assert_eq!(status, StatusCode::NO_CONTENT, "{answer}");
            }
        }
    }
}

/// The entrants seated in `pairing`, seat by seat (where no seat is a bot's).
pub fn seats(pairing: &Value) -> Vec<u64> {
    pairing["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            s.as_u64()
                .unwrap_or_else(|| panic!("a bot's seat: {pairing}"))
        })
        .collect()
}

/// The points `pairing` scored, seat by seat.
pub fn points(pairing: &Value) -> Vec<f64> {
    pairing["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect()
}
