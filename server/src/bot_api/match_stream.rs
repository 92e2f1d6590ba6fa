//! `GET /api/v1/bot/match/{room}/stream`: a seat's match as NDJSON ([`super::lines`]). The stream
//! is a connection of the room as a WebSocket is, on the room machinery the WebSocket uses: it
//! joins the seat (`join` as player), gets the seat's frames, joins again where the room moves
//! (several nodes), and leaves when the client goes. It ends with the match (`ended`), when its
//! token is revoked (on any node: `accounts::revocation`), at shutdown, or when its client does
//! not keep up.

use axum::response::Response;
use plateau_protocol::rest::RoomInfo;
use plateau_protocol::ws::{Role, ServerFrame};
use plateau_protocol::ErrorCode;
use serde_json::json;
use std::time::Instant;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tungstenite::Utf8Bytes;

use super::actions::{playing_scope, undelivered};
use super::lines::Lines;
use super::ndjson;
use super::Caller;
use crate::accounts::revocation::Watch;
use crate::conn::{next_conn_id, Conn};
use crate::error::ApiError;
use crate::rooms::{next_rejoin, Request, RoomCode};
use crate::state::AppState;

/// Opens the caller's stream of room `code`, where it holds a seat.
pub async fn open(state: &AppState, caller: Caller, code: &RoomCode) -> Result<Response, ApiError> {
    let player = caller.player.clone();
    caller.require(playing_scope(&player))?;
    let info = state
        .rooms
        .info(code)
        .await?
        .ok_or_else(|| ApiError::new(ErrorCode::UnknownRoom, format!("no room `{code}`")))?;
    if !seated(&info, player.id) {
        return Err(ApiError::new(
            ErrorCode::NotSeated,
            "you have no seat in this room",
        ));
    }
    let (out, frames) = mpsc::channel(state.limits.outbox_frames.max(64));
    let conn = Conn::on_queue(next_conn_id(), player.clone(), out);
    let placement = state.rooms.placement();
    placement.register(&conn);
    let stop = state.shutdown.child_token();
    let watch = state.revocations.watch(
        player.id,
        &caller.token_hash,
        caller.looked_up_at,
        stop.clone(),
    );
    let joined = join(state, &conn, code, Request::Join { role: Role::Player }).await;
    if let Err(e) = joined {
        placement.unregister(conn.id);
        return Err(e);
    }
    let (lines, response) = ndjson::stream();
    let follow = Follow {
        state: state.clone(),
        conn,
        code: code.clone(),
        lines,
        stop,
        _watch: watch,
    };
    tokio::spawn(follow.run(frames));
    Ok(response)
}

fn seated(info: &RoomInfo, player: uuid::Uuid) -> bool {
    info.seats
        .iter()
        .any(|s| s.player.as_ref().is_some_and(|p| p.id == player))
}

async fn join(
    state: &AppState,
    conn: &Conn,
    code: &RoomCode,
    request: Request,
) -> Result<(), ApiError> {
    let delivered = state
        .rooms
        .deliver(code, conn, request, None, Instant::now(), &mut None)
        .await;
    delivered.map_err(|e| undelivered(code, e))
}

/// One stream, as its task follows the room.
struct Follow {
    state: AppState,
    conn: Conn,
    code: RoomCode,
    lines: ndjson::Lines,
    /// Cancelled at shutdown and when the stream's token is revoked.
    stop: CancellationToken,
    /// The stream is watched for revocations while it lives.
    _watch: Watch,
}

impl Follow {
    async fn run(self, mut frames: mpsc::Receiver<Utf8Bytes>) {
        let mut made = Lines::default();
        let mut keep_alive = tokio::time::interval(ndjson::KEEP_ALIVE);
        keep_alive.tick().await;
        let placement = self.state.rooms.placement().clone();
        let mut rejoins = placement.rejoins();
        loop {
            tokio::select! {
                frame = frames.recv() => {
                    let Some(text) = frame else { break };
                    let Ok(frame) = serde_json::from_str::<ServerFrame>(&text) else { continue };
                    if let ServerFrame::Error { code, message, .. } = &frame {
                        // The stream's connection only joins and syncs: a refusal ends it.
                        let _ = self.lines.send(&json!({"type": "error", "code": code, "message": message}));
                        break;
                    }
                    if !made.frame(frame).iter().all(|line| self.lines.send(line)) {
                        break;
                    }
                    if made.ended() {
                        break;
                    }
                    if made.needs_sync() {
                        let _ = join(&self.state, &self.conn, &self.code, Request::Sync).await;
                    }
                }
                _ = keep_alive.tick() => {
                    if !self.lines.keep_alive() {
                        break;
                    }
                }
                Some(rejoin) = next_rejoin(&mut rejoins), if rejoins.is_some() => {
                    if rejoin.covers(&self.code, self.state.rooms.runs_here(&self.code)) {
                        let again = Request::Join { role: Role::Player };
                        let _ = join(&self.state, &self.conn, &self.code, again).await;
                    }
                }
                _ = self.stop.cancelled() => break,
                _ = self.lines.closed() => break,
            }
        }
        let _ = join(&self.state, &self.conn, &self.code, Request::Disconnect).await;
        placement.unregister(self.conn.id);
    }
}
