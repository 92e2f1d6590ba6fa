//! The match stream's actions (`POST /api/v1/bot/match/{room}/move`, `resign`, `draw`, `claim`,
//! `chat`): each is the WebSocket frame of the same name, made into the room's request in the one
//! place frames are (`rooms::FrameAsks`), so it is checked as a frame is; a chat line passes the
//! moderation's gate as on a socket. It goes to the room (here, or on its node) from a seat's
//! agent (`conn::Connection::agent`): the room takes it for its player's seat without a join,
//! and answers it as it answers the WebSocket, an `ack` (a move's after it is stored) or an
//! `error` with the same code, which becomes the HTTP answer.

use plateau_protocol::bots::Scope;
use plateau_protocol::rest::Visibility;
use plateau_protocol::ws::{ClientFrame, ServerFrame};
use plateau_protocol::{ErrorCode, PlayerRef};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

use super::Caller;
use crate::conn::{next_conn_id, Conn};
use crate::error::ApiError;
use crate::moderation::chat_gate::{ChatGate, ChatRules};
use crate::rooms::{DeliverError, FrameAsks, Request, RoomCode};
use crate::state::AppState;

/// How long an action waits for its room's answer: a move's waits for its commit, which the room
/// refuses itself (`internal`) when the database does not answer within its own bounds.
const ANSWER_WITHIN: Duration = Duration::from_secs(30);

/// The scope a player's seats are played with: a bot's own, or a person's.
pub fn playing_scope(player: &PlayerRef) -> Scope {
    if player.bot {
        Scope::BotPlay
    } else {
        Scope::BoardPlay
    }
}

/// Does `frame` (a room frame) for the caller's seat, once the caller's token may play it; the
/// room's version after it.
pub async fn act(state: &AppState, caller: &Caller, frame: ClientFrame) -> Result<u64, ApiError> {
    caller.require(playing_scope(&caller.player))?;
    // An action is a frame: it spends the player's frames, across its sockets and the API alike.
    let frames = &state.budgets.frames_per_player;
    frames.take(&caller.player.id).map_err(|wait| {
        ApiError::rate_limited_for("frames_per_player", "too many actions: slow down", wait)
    })?;
    let (code, request) = match FrameAsks::try_from(frame) {
        Ok(FrameAsks::Room { room, request }) => (room, request),
        Ok(_) => unreachable!("the bot API makes room frames only"),
        Err(bad) => return Err(ApiError::bad_request(bad.message)),
    };
    if let Request::Chat { text } = &request {
        may_chat(state, &caller.player, &code, text).await?;
    }
    ask(state, &caller.player, &code, request).await
}

/// The moderation's gate, as a socket's chat line passes it (a fresh gate: it reads the store).
async fn may_chat(
    state: &AppState,
    player: &PlayerRef,
    code: &RoomCode,
    text: &str,
) -> Result<(), ApiError> {
    let rules = ChatRules {
        filter: &state.chat_filter,
        store: &state.store,
        guests: state.limits.guest_public_chat,
    };
    let public = async {
        let info = state.rooms.info(code).await;
        matches!(info, Ok(Some(info)) if info.visibility == Visibility::Public)
    };
    let refused = ChatGate::default()
        .admit(&rules, player.id, text, public)
        .await;
    refused.map_err(|refusal| {
        use crate::conn::Refusal;
        ApiError::new(refusal.code(), refusal.to_string()).until(refusal.until())
    })
}

/// Hands `request` to room `code` from a seat's agent of `player`, and waits for the answer: the
/// room's version after it.
pub async fn ask(
    state: &AppState,
    player: &PlayerRef,
    code: &RoomCode,
    request: Request,
) -> Result<u64, ApiError> {
    let (out, mut answers) = mpsc::channel(8);
    let agent = Conn::agent_on_queue(next_conn_id(), player.clone(), out);
    // Several nodes: the answer of a room run elsewhere comes back to this connection.
    let placement = state.rooms.placement();
    placement.register(&agent);
    let answer = async {
        let delivered = state
            .rooms
            .deliver(code, &agent, request, None, Instant::now(), &mut None)
            .await;
        delivered.map_err(|e| undelivered(code, e))?;
        loop {
            let text = answers.recv().await.ok_or_else(no_answer)?;
            match serde_json::from_str::<ServerFrame>(&text) {
                Ok(ServerFrame::Ack { version, .. }) => return Ok(version),
                Ok(ServerFrame::Error {
                    code,
                    message,
                    until,
                    ..
                }) => return Err(ApiError::new(code, message).until(until)),
                _ => continue,
            }
        }
    };
    let answered = tokio::time::timeout(ANSWER_WITHIN, answer).await;
    placement.unregister(agent.id);
    answered.unwrap_or_else(|_| Err(no_answer()))
}

/// A request its room did not take, as the WebSocket says it (`unknown_room`, or try again).
pub fn undelivered(code: &RoomCode, e: DeliverError) -> ApiError {
    match e {
        DeliverError::Unknown => ApiError::new(ErrorCode::UnknownRoom, format!("no room `{code}`")),
        DeliverError::Store(e) => e.into(),
        DeliverError::Moving | DeliverError::Restarting => {
            ApiError::unavailable_because(e.to_string())
        }
    }
}

fn no_answer() -> ApiError {
    ApiError::unavailable_because("the room did not answer in time; try again".into())
}
