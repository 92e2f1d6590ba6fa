//! `GET /api/v1/stream/event`: what happens to the caller, as NDJSON. On opening, a `matchStart`
//! line per match it plays now and a `challenge` line per open challenge it made or is named in;
//! then each event as it happens (`challenge`, `challengeCanceled`, `challengeDeclined`,
//! `matchStart`, `matchFinish`: the per-player hub, `events`), and an empty line every 6 s. It
//! ends when its token is revoked (on any node), at shutdown, or when its client falls behind.

use axum::response::Response;
use plateau_protocol::bots::Scope;
use serde_json::json;
use std::sync::Arc;
use tokio::sync::broadcast;

use super::ndjson;
use super::Caller;
use crate::error::ApiError;
use crate::state::AppState;

/// Opens the caller's event stream.
pub async fn open(state: &AppState, caller: Caller) -> Result<Response, ApiError> {
    caller.require(Scope::Read)?;
    let player = caller.player.id;
    // Listening first: an event made while the store is read is not missed (it may come twice).
    let events = state.events.listen(player);
    let mut first = Vec::new();
    for (room, game, match_id) in state.store.matches_under_way_of(player).await? {
        first.push(json!({"type": "matchStart", "room": room, "game": game, "match": match_id}));
    }
    for challenge in state
        .store
        .open_challenges_of(player, chrono::Utc::now())
        .await?
    {
        first.push(crate::events::challenge_line(&challenge));
    }
    let stop = state.shutdown.child_token();
    let watch = state.revocations.watch(
        player,
        &caller.token_hash,
        caller.looked_up_at,
        stop.clone(),
    );
    let (lines, response) = ndjson::stream();
    let hub = state.events.clone();
    tokio::spawn(async move {
        let _watch = watch;
        if first.iter().all(|line| lines.send(line)) {
            follow(events, &lines, stop).await;
        } else {
            drop(events);
        }
        hub.forget_unheard(player);
    });
    Ok(response)
}

/// Sends each event as it comes, until the stream is over (the receiver is dropped with it).
async fn follow(
    mut events: broadcast::Receiver<Arc<serde_json::Value>>,
    lines: &ndjson::Lines,
    stop: tokio_util::sync::CancellationToken,
) {
    let mut keep_alive = tokio::time::interval(ndjson::KEEP_ALIVE);
    keep_alive.tick().await;
    loop {
        tokio::select! {
            event = events.recv() => match event {
                // A room's `turn` is for "your games" (`your_games`), not a line of this stream.
                Ok(line) if line["type"] == crate::rooms::MATCH_MOVED => {}
                Ok(line) => if !lines.send(&line) { return },
                // Fallen behind (events missed) or the hub gone: the client opens it again and
                // reads what is under way.
                Err(_) => return,
            },
            _ = keep_alive.tick() => if !lines.keep_alive() { return },
            _ = stop.cancelled() => return,
            _ = lines.closed() => return,
        }
    }
}
