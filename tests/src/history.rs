//! A long history, written straight to the store through the server's own `Store` (the same code
//! that stores played matches), much faster than playing it: for the NDJSON export's tests.

use chrono::{Duration, Utc};
use plateau::store::{MatchEnd, NewMatch, NewMove, RoomRow, SeatRow, Store};
use plateau_protocol::rest::{MatchPlayer, Seating, Visibility};
use plateau_protocol::{MatchResult, RoomStatus};
use serde_json::json;
use uuid::Uuid;

/// What [`seed`] wrote: the finished matches' ids, oldest first, and one match still playing.
pub struct Seeded {
    pub finished: Vec<String>,
    pub playing: String,
}

/// Writes `n` finished 2-player Abalone matches of `a` (seat 0, the winner) against `b`, each of 1
/// to 3 moves, then one that is still playing, into the database at `url` (already migrated).
pub async fn seed(url: &str, a: &str, b: &str, n: usize) -> Seeded {
    let store = Store::connect(url, 2).await.expect("the test database");
    let (a, b): (Uuid, Uuid) = (a.parse().expect("id"), b.parse().expect("id"));
    let mut finished = Vec::with_capacity(n);
    for i in 0..=n {
        let id = seed_match(&store, a, b, i, i < n).await;
        if i < n {
            finished.push(id);
        } else {
            // Oldest first is the order of ids (UUID v7: time, then a counter).
            finished.sort();
            let finished = finished.iter().map(Uuid::to_string).collect();
            return Seeded {
                finished,
                playing: id.to_string(),
            };
        }
    }
    unreachable!("the loop returns")
}

async fn seed_match(store: &Store, a: Uuid, b: Uuid, i: usize, ends: bool) -> Uuid {
    let code = format!("S{:07}", i);
    let started_at = Utc::now();
    let seats = [a, b];
    let room = RoomRow {
        code: code.clone(),
        game: "abalone".into(),
        players: 2,
        visibility: Visibility::Private,
        options: Default::default(),
        host: a,
        status: RoomStatus::Waiting,
        match_id: None,
        created_at: started_at,
        vacant_since: None,
        clock: None,
        rematch: None,
        seating: Seating::HostFirst,
        rated: false,
        auto_start: false,
        start_by: None,
        seats: seats
            .iter()
            .enumerate()
            .map(|(seat, &id)| SeatRow {
                seat: seat as i32,
                player_id: Some(id),
                player_name: None,
                player_bot: None,
                bot: false,
            })
            .collect(),
    };
    store.create_room(&room).await.expect("seed a room");
    let players: Vec<MatchPlayer> = seats
        .iter()
        .enumerate()
        .map(|(seat, &id)| MatchPlayer {
            seat,
            id: Some(id),
            name: format!("P{seat}"),
            bot: false,
            bot_level: None,
        })
        .collect();
    let id = Uuid::now_v7();
    let writer = store.room_writer(&code, None);
    writer
        .start_match(&NewMatch {
            id,
            game: "abalone",
            options: &Default::default(),
            players: &players,
            seed: &[i as u8; 32],
            commitment: "seeded",
            started_at,
            max_plies: 2000,
            clock: None,
        })
        .await
        .expect("seed a match");
    let plies = 1 + i % 3;
    let result = MatchResult {
        winners: vec![0],
        scores: None,
        reason: "seeded".into(),
        forfeited: Vec::new(),
    };
    for ply in 1..=plies {
        let body = json!({"seeded": i, "ply": ply});
        let last = ply == plies && ends;
        writer
            .append_move(&NewMove {
                match_id: id,
                ply: ply as u64,
                seat: (ply - 1) % 2,
                player_id: Some(seats[(ply - 1) % 2]),
                client_id: None,
                body: &body,
                at: started_at + Duration::milliseconds(ply as i64),
                end: last.then(|| MatchEnd {
                    result: &result,
                    ended_at: started_at + Duration::milliseconds(ply as i64),
                    rated: None,
                }),
            })
            .await
            .expect("seed a move");
    }
    id
}
