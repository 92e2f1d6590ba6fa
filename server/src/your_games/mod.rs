//! "Your games" (issue 48, point 5): the matches under way a player sits in, with whose turn it is,
//! the player's time left and the last move's time, those awaiting the player's move first. REST
//! lists them (`GET /api/v1/players/me/matches?status=playing`); a WebSocket connection that
//! follows them (`join` with `games`) gets the list, then each room's new entry as its match moves
//! on. Both read a room's entry from its info ([`entry`]): the rooms' `turn` lines through the
//! per-player hub carry that info, so a connection on any node hears of a move without asking the
//! room's node. The same connection hears of the challenges made to the player (issue 47, point
//! 3): the open ones after the list (`challenges`), then each challenge line of the hub as its
//! frame (`challenge`, `challenge_canceled`, `challenge_declined`), so that the web client offers
//! Accept / Decline on every page.

use chrono::{DateTime, Utc};
use plateau_protocol::bots::ChallengeInfo;
use plateau_protocol::rest::{RoomInfo, YourGame};
use plateau_protocol::ws::ServerFrame;
use plateau_protocol::{ErrorCode, RoomStatus};
use serde_json::Value;
use std::sync::Arc;
use tokio::sync::broadcast;
use uuid::Uuid;

use crate::conn::{Conn, Refused};
use crate::events::PlayerEvents;
use crate::state::AppState;
use crate::store::StoreError;

/// `player`'s entry for the room `info` describes: None unless its match is under way and the
/// player sits in it. Its time left is taken at `now`.
pub fn entry(info: &RoomInfo, player: Uuid, now: DateTime<Utc>) -> Option<YourGame> {
    if info.status != RoomStatus::Playing {
        return None;
    }
    let you = info
        .seats
        .iter()
        .position(|s| s.player.as_ref().is_some_and(|p| p.id == player))?;
    let turn = info.turn.as_ref();
    let to_move = turn.map(|t| t.to_move.clone()).unwrap_or_default();
    let time_left_ms = turn.and_then(|t| t.clocks.as_ref()).and_then(|clocks| {
        let left = *clocks.remaining_ms.get(you)?;
        let spent = if clocks.running.contains(&you) {
            (now - clocks.at).num_milliseconds().max(0)
        } else {
            0
        };
        Some((left - spent).max(0))
    });
    Some(YourGame {
        room: info.code.clone(),
        game: info.game.clone(),
        options: info.options.clone(),
        match_id: info.match_id,
        seats: info.seats.clone(),
        you,
        your_turn: to_move.contains(&you),
        to_move,
        clock: info.clock,
        time_left_ms,
        at: now,
        last_move_at: turn.map(|t| t.last_move_at),
        version: turn.map_or(0, |t| t.version),
    })
}

/// `player`'s matches under way, those awaiting its move first; in each group, the one waiting
/// longest first.
pub async fn list(state: &AppState, player: Uuid) -> Result<Vec<YourGame>, StoreError> {
    let now = Utc::now();
    let mut games = Vec::new();
    for (code, _, _) in state.store.matches_under_way_of(player).await? {
        if let Some(info) = state.rooms.info(&code.as_str().into()).await? {
            games.extend(entry(&info, player, now));
        }
    }
    games.sort_by_key(|g| (!g.your_turn, g.last_move_at));
    Ok(games)
}

/// `player`'s games ([`list`]) and the open challenges it is named in and has not accepted.
async fn listed(
    state: &AppState,
    player: Uuid,
) -> Result<(Vec<YourGame>, Vec<ChallengeInfo>), StoreError> {
    let games = list(state, player).await?;
    let challenges = state
        .store
        .open_challenges_of(player, Utc::now())
        .await?
        .iter()
        .filter(|c| c.to.iter().any(|(p, accepted)| p.id == player && !accepted))
        .map(crate::events::challenge_info)
        .collect();
    Ok((games, challenges))
}

/// Follows `conn`'s player's matches under way: a `games` frame now (and `challenges`), then a
/// `your_game` frame at each change (and each challenge's news), until the task is aborted (`leave` with `games`, or the connection's end). A
/// connection that falls behind the hub gets the whole list again.
pub fn follow(state: AppState, conn: Conn) -> tokio::task::AbortHandle {
    let player = conn.player.id;
    // Listening first: a move made while the list is read is not missed (it may come twice).
    let listening = Listening {
        events: Some(state.events.listen(player)),
        hub: state.events.clone(),
        player,
    };
    tokio::spawn(async move {
        let mut listening = listening;
        loop {
            match listed(&state, player).await {
                Ok((games, challenges)) => {
                    conn.send(&ServerFrame::Games { games });
                    conn.send(&ServerFrame::Challenges { challenges });
                }
                Err(e) => {
                    tracing::warn!(%player, error = %e, "could not list a player's games");
                    let refused = Refused(
                        ErrorCode::Internal,
                        "the database is unavailable; follow your games again".into(),
                    );
                    conn.refuse(None, None, &refused);
                    return;
                }
            }
            let Some(events) = listening.events.as_mut() else {
                return;
            };
            if !forward(events, &conn, player).await {
                return;
            }
        }
    })
    .abort_handle()
}

/// Sends `conn` each room's new entry, and each challenge's news; false once the hub is gone, true when the connection fell
/// behind (the list is then sent again).
async fn forward(events: &mut broadcast::Receiver<Arc<Value>>, conn: &Conn, player: Uuid) -> bool {
    loop {
        match events.recv().await {
            Ok(line) => {
                if let Some(frame) = crate::events::challenge_frame(&line) {
                    conn.send(&frame);
                    continue;
                }
                if line["type"] != crate::rooms::MATCH_MOVED {
                    continue;
                }
                let Ok(info) = serde_json::from_value::<RoomInfo>(line["info"].clone()) else {
                    continue;
                };
                conn.send(&ServerFrame::YourGame {
                    room: info.code.clone(),
                    entry: entry(&info, player, Utc::now()).map(Box::new),
                });
            }
            Err(broadcast::error::RecvError::Lagged(_)) => return true,
            Err(broadcast::error::RecvError::Closed) => return false,
        }
    }
}

/// A listener of the hub that the hub forgets once it is dropped with nobody else listening.
struct Listening {
    events: Option<broadcast::Receiver<Arc<Value>>>,
    hub: Arc<PlayerEvents>,
    player: Uuid,
}

impl Drop for Listening {
    fn drop(&mut self) {
        drop(self.events.take());
        self.hub.forget_unheard(self.player);
    }
}
