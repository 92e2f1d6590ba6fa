//! One WebSocket session: authentication, then frames parsed into requests for rooms (one
//! conversion, `rooms::FrameAsks`), with the contract's limits (frame size, auth deadline,
//! connections per player, flood control per connection and per player, pings with a pong
//! deadline, close codes for broken frames). A chat line passes the moderation's gate first
//! (`moderation::chat_gate`). Frames for it are written straight to its socket when nothing queued
//! is ahead of them, else queued for its writer task (`conn::socket`), which holds back the chat
//! of the players its player blocks (the list is pushed to it: `moderation::blocks`); rooms never
//! wait on it.

use axum::extract::State;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use plateau_protocol::ws::Role;
use plateau_protocol::ws::{ClientFrame, LegalForm, ServerFrame};
use plateau_protocol::{ErrorCode, PlayerRef};
use std::time::{Duration, Instant};
use tracing::Instrument;
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::protocol::{CloseFrame, WebSocketConfig};
use tungstenite::{Message, Utf8Bytes};

use crate::accounts::tokens::token_hash;
use crate::conn::blocked::BlockedSenders;
use crate::conn::socket::{Sent, Socket, WebSocket};
use crate::conn::{Conn, Refused};
use crate::error::field_error;
use crate::limits::counted::Slot;
use crate::limits::rate::{half_spent_quota, quota, Period, Rate};
use crate::metrics::METRICS;
use crate::moderation::chat_gate::{ChatGate, ChatRules};
use crate::rooms::{
    next_rejoin, DeliverError, FrameAsks, Rejoin, Request, RoomCode, RoomLink, TicketReply,
};
use crate::state::AppState;

use super::upgrade::Upgrade;

/// Close codes used by the contract.
const CLOSE_GOING_AWAY: u16 = 1001;
const CLOSE_PROTOCOL: u16 = 1002;
const CLOSE_NOT_TEXT: u16 = 1007;
const CLOSE_POLICY: u16 = 1008;
const CLOSE_TOO_BIG: u16 = 1009;
/// The token is unknown: never signed anyone in, or revoked since (signed out, password changed).
const CLOSE_AUTH: u16 = 4001;
/// *(Addition)* The token's player is banned (moderation): it signs nobody in until the ban ends.
const CLOSE_BANNED: u16 = 4003;
const CLOSE_TOO_MANY_CONNECTIONS: u16 = 4008;
/// "Try again later": the database could not be asked whether the token is known.
const CLOSE_TRY_AGAIN_LATER: u16 = 1013;

/// `GET /api/v1/ws`: upgrades with buffers sized so that an idle connection costs a few KiB.
pub async fn upgrade(ws: Upgrade, State(state): State<AppState>) -> Response {
    let max_frame = state.limits.max_frame_bytes;
    // Client frames are small (`auth` and `join` ~70 bytes, an Abalone move ~75 in the short
    // notation, ~130 in full): a 128-byte read buffer (resident from the start) takes most in one
    // read; it grows for a larger frame, which takes one more read. 256 bytes cost 128 more a
    // connection, 1 KiB ~750 more (bench/README.md).
    // Only pings and closes are written through tungstenite's buffer (text goes beside it), each
    // at once.
    let config = WebSocketConfig::default()
        .read_buffer_size(128)
        .write_buffer_size(0)
        .max_write_buffer_size(64 * 1024)
        // Frames somewhat over the limit are read, so they can be answered with 1009; far larger
        // ones break the connection at the transport.
        .max_message_size(Some(max_frame * 16))
        .max_frame_size(Some(max_frame * 16));
    ws.on_upgrade(config, move |socket| run(Box::new(socket), state))
}

/// `socket` is boxed until the session takes it: an async fn keeps its arguments' space for its
/// whole life, and this one lives as long as the connection.
async fn run(mut socket: Box<WebSocket>, state: AppState) {
    // Shutdown waits for this session to send its close frame.
    let _tracked = state.sessions.token();
    let _counted = ConnectionGauge::new();
    // The futures of rarer steps (authentication, handling a frame) are boxed while they run, so
    // an idle session's state stays small: it is what an idle connection costs (bench/README.md).
    // Only what the session needs lives on beside it: nothing of the authentication is kept.
    let signed_in = match Box::pin(authenticate(&state, &mut socket)).await {
        Ok(signed_in) => signed_in,
        Err(failure) => {
            let _ = socket.send(refusal(failure)).await;
            return;
        }
    };
    let cap = state.limits.connections_per_player;
    let Some(slot) = state
        .budgets
        .player_connections
        .take(signed_in.player.id, cap)
    else {
        METRICS.error(ErrorCode::RateLimited);
        METRICS.rate_limited("connections_per_player");
        let reason = "too many connections for this player";
        let _ = socket.send(close(CLOSE_TOO_MANY_CONNECTIONS, reason)).await;
        return;
    };
    // Every line the session logs names its player: its warnings and errors name it themselves,
    // and with debug logs on, a span names it in every line (a span is some 400 bytes a
    // connection in the log's registry, more than an idle connection should cost by default;
    // `bench/README.md`).
    let span = tracing::debug_span!("session", player = %signed_in.player.id);
    session(&state, signed_in, slot, socket)
        .instrument(span)
        .await;
}

/// Counts a connection in `plateau_connections` for as long as it lives.
struct ConnectionGauge;

impl ConnectionGauge {
    fn new() -> Self {
        METRICS.connections.inc();
        ConnectionGauge
    }
}

impl Drop for ConnectionGauge {
    fn drop(&mut self) {
        METRICS.connections.dec();
    }
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code: CloseCode::from(code),
        reason: Utf8Bytes::from_static(reason),
    }))
}

/// The close frame for a connection that was not authenticated.
fn refusal(failure: AuthFailure) -> Message {
    match failure {
        AuthFailure::Refused => {
            METRICS.error(ErrorCode::Unauthorized);
            close(CLOSE_AUTH, "authentication failed")
        }
        AuthFailure::Banned(ban) => {
            METRICS.error(ErrorCode::Banned);
            let refusal = crate::error::ApiError::banned(ban);
            Message::Close(Some(CloseFrame {
                code: CloseCode::from(CLOSE_BANNED),
                reason: Utf8Bytes::from(refusal.message),
            }))
        }
        AuthFailure::Unavailable => {
            METRICS.error(ErrorCode::Internal);
            let reason = "the server cannot check tokens now; try again later";
            close(CLOSE_TRY_AGAIN_LATER, reason)
        }
    }
}

/// Why a connection was not authenticated.
enum AuthFailure {
    /// The `auth` frame was late or malformed, or its token is unknown (4001).
    Refused,
    /// The token's player is banned (4003, the reason saying until when).
    Banned(crate::moderation::BanEnd),
    /// The token could not be looked up (the database is away): the client should try again, and
    /// must not conclude that its identity is gone (1013).
    Unavailable,
}

/// Who a socket signed in as, with what.
struct SignedIn {
    player: PlayerRef,
    token_hash: String,
    /// When the token was looked up: a revocation since then ends the session at once.
    looked_up_at: Instant,
    /// The form of `you.legal` it asked for.
    legal: LegalForm,
}

/// Waits for the `auth` frame and finds its player.
/// The result is boxed: the session moves its fields out, and an argument's space would otherwise
/// stay in the session's state for the connection's life.
async fn authenticate(
    state: &AppState,
    socket: &mut WebSocket,
) -> Result<Box<SignedIn>, AuthFailure> {
    let first = tokio::time::timeout(state.limits.auth_timeout(), socket.next()).await;
    let Ok(Some(Ok(Message::Text(text)))) = first else {
        return Err(AuthFailure::Refused);
    };
    let Ok(ClientFrame::Auth { token, legal }) = ClientFrame::parse(&text) else {
        return Err(AuthFailure::Refused);
    };
    let token_hash = token_hash(&token);
    let looked_up_at = Instant::now();
    let known = state.store.player_by_token_hash(&token_hash).await;
    match known {
        Ok(Some((player, standing))) => match standing.ban_at(chrono::Utc::now()) {
            Some(ban) => Err(AuthFailure::Banned(ban)),
            None => Ok(Box::new(SignedIn {
                player,
                token_hash,
                looked_up_at,
                legal,
            })),
        },
        Ok(None) => Err(AuthFailure::Refused),
        Err(_) => Err(AuthFailure::Unavailable),
    }
}

/// The session of a signed-in connection, until it ends. `_slot`: its place among the player's
/// connections, held for as long as it runs.
async fn session(
    state: &AppState,
    signed_in: Box<SignedIn>,
    _slot: Slot<uuid::Uuid>,
    socket: Box<WebSocket>,
) {
    // One token ends the session, whoever ends it: the server shutting down (its parent), a room
    // the connection does not keep up with, a revocation of its token. Which one it was is read
    // when it fires; one future waits on it, where three did (an idle session's state is what an
    // idle connection costs).
    let stop = state.shutdown.child_token();
    // In a block: what is only needed to start the watch takes no room in the session's state.
    let (player, legal, revoked) = {
        let SignedIn {
            player,
            token_hash,
            looked_up_at,
            legal,
        } = *signed_in;
        let revoked = state
            .revocations
            .watch(player.id, &token_hash, looked_up_at, stop.clone());
        (player, legal, revoked)
    };
    // The player's block list, pushed to the socket's writer while the session follows it.
    let blocks = state.block_lists.follow(player.id);
    let blocked = BlockedSenders::new(blocks.list());
    let socket = Socket::new(socket, blocked, state.limits.outbox_frames);
    let conn = Conn::on_socket(
        crate::conn::next_conn_id(),
        player,
        legal,
        socket.clone(),
        stop.clone(),
    );
    // Several nodes: frames from rooms run elsewhere reach this connection, and rooms that move
    // are joined again where they go (and every room elsewhere after a break in the link).
    let placement = state.rooms.placement().clone();
    placement.register(&conn);
    let mut rejoins = placement.rejoins();
    conn.send(&ServerFrame::Welcome {
        player: conn.player.clone(),
        legal,
        short_legal: SHORT_LEGAL.clone(),
    });
    let mut session = Session {
        state,
        conn: &conn,
        joined: Vec::new(),
        following: Vec::new(),
        games: None,
        chat: ChatGate::default(),
    };
    let limits = &state.limits;
    let frames = Rate::new(
        "frames_per_connection",
        quota(limits.frames_per_sec, Period::Second, limits.frame_burst),
    );
    let mut pacing = Pacing::new(limits.frames_per_sec, limits.frame_burst);
    // A ping every `ws_ping`; a connection that has not answered one within `ws_pong_timeout`
    // is gone (a peer that vanished without closing, or one that does not read). One timer for
    // both: it is due at the next ping, or at the pong's deadline while one is awaited.
    let mut next_ping = tokio::time::Instant::now() + limits.ws_ping();
    let timer = tokio::time::sleep_until(next_ping);
    tokio::pin!(timer);
    let mut awaiting_pong = false;
    let closing: Option<(u16, &'static str)> = loop {
        tokio::select! {
            message = socket.next() => {
                let incoming = match message {
                    Some(Ok(Message::Text(text))) => Incoming::Text(text),
                    Some(Ok(Message::Binary(_))) => Incoming::Binary,
                    Some(Ok(Message::Ping(_) | Message::Frame(_))) => Incoming::Control,
                    Some(Ok(Message::Pong(_))) => {
                        if std::mem::take(&mut awaiting_pong) {
                            timer.as_mut().reset(next_ping);
                        }
                        Incoming::Control
                    }
                    Some(Ok(Message::Close(_))) | None => break None,
                    Some(Err(e)) => break broken_frame(e),
                };
                if matches!(&incoming, Incoming::Text(t) if t.len() > limits.max_frame_bytes) {
                    METRICS.error(ErrorCode::PayloadTooLarge);
                    break Some((CLOSE_TOO_BIG, "frame larger than 64 KiB"));
                }
                // Every frame counts, control frames too, on this connection and for the player
                // across all its connections (reconnecting does not refill the budget).
                let player_ok = state.budgets.frames_per_player.take(&conn.player.id).is_ok();
                if !frames.take() || !player_ok {
                    session.error(None, ErrorCode::RateLimited, "too many frames: this connection is closed");
                    break Some((CLOSE_POLICY, "flood"));
                }
                let player_half = state.budgets.frames_per_player_half.take_quietly(&conn.player.id);
                if let Some(warning) = pacing.after_frame(player_half) {
                    conn.send(&warning);
                }
                match incoming {
                    Incoming::Text(text) => Box::pin(session.frame(&text)).await,
                    Incoming::Binary => session.error(None, ErrorCode::BadRequest, "frames are JSON text, not binary"),
                    Incoming::Control => {}
                }
            }
            _ = timer.as_mut() => {
                if awaiting_pong {
                    break Some((CLOSE_GOING_AWAY, "no answer to ping"));
                }
                let now = tokio::time::Instant::now();
                next_ping = now + limits.ws_ping();
                // A ping the socket refuses (a full queue: the room is cutting the client off)
                // is tried again at the next.
                if socket.ping() == Sent::Yes {
                    awaiting_pong = true;
                    timer.as_mut().reset(now + limits.ws_pong_timeout());
                } else {
                    timer.as_mut().reset(next_ping);
                }
            }
            Some(rejoin) = async { next_rejoin(&mut rejoins).await }, if rejoins.is_some() => {
                Box::pin(session.rejoin(rejoin)).await;
            }
            _ = stop.cancelled() => break Some(if state.shutdown.is_cancelled() {
                (CLOSE_GOING_AWAY, "server shutting down")
            } else if revoked.revoked() {
                // The token no longer signs anyone in (signed out, or the password changed
                // elsewhere). A ban ends every session of the player too, told apart so that
                // the client keeps its token for when the ban is over.
                if Box::pin(session.banned()).await {
                    (CLOSE_BANNED, "banned")
                } else {
                    (CLOSE_AUTH, "signed out")
                }
            } else {
                // A room cut the connection off: its client does not read its frames.
                (CLOSE_POLICY, "too slow to keep up")
            }),
        }
    };
    for joined in std::mem::take(&mut session.joined) {
        Box::pin(session.tell_room(&joined.code, Request::Disconnect, Instant::now())).await;
    }
    for (_, following) in &session.following {
        following.abort();
    }
    if let Some(games) = &session.games {
        games.abort();
    }
    placement.unregister(conn.id);
    if let Some((code, reason)) = closing {
        // The close goes after what is queued; a client that does not read gets cut off.
        let writer = socket.queue_close(close(code, reason));
        // Read on until the client answers the close: a socket closed with unread input is
        // reset, and the client could lose the frames sent last (the `rate_limited` error).
        let drain = async {
            while let Some(Ok(message)) = socket.next().await {
                if matches!(message, Message::Close(_)) {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(Duration::from_secs(2), drain).await;
        if let Some(mut writer) = writer {
            if tokio::time::timeout(Duration::from_secs(2), &mut writer)
                .await
                .is_err()
            {
                writer.abort();
            }
        }
    }
    // Rooms may hold the connection a little longer: the socket closes now all the same.
    socket.close();
}

/// A frame as the read loop sorts it.
enum Incoming {
    Text(Utf8Bytes),
    Binary,
    /// Ping or pong: nothing to answer here (tungstenite answers pings itself).
    Control,
}

/// The close for a frame the WebSocket layer could not read: invalid UTF-8 in a text frame is
/// 1007, a protocol violation (a reserved opcode, a bad control frame) 1002, a message over the
/// transport's bound 1009. None when the connection itself is gone.
fn broken_frame(error: tungstenite::Error) -> Option<(u16, &'static str)> {
    match &error {
        tungstenite::Error::Utf8(_) => {
            METRICS.error(ErrorCode::BadRequest);
            Some((CLOSE_NOT_TEXT, "text frames must be UTF-8"))
        }
        tungstenite::Error::Protocol(violation) if !is_gone(violation) => {
            METRICS.error(ErrorCode::BadRequest);
            Some((CLOSE_PROTOCOL, "WebSocket protocol violation"))
        }
        tungstenite::Error::Capacity(_) => {
            METRICS.error(ErrorCode::PayloadTooLarge);
            Some((CLOSE_TOO_BIG, "frame larger than 64 KiB"))
        }
        _ => {
            tracing::debug!(error = %error, "connection broken");
            None
        }
    }
}

/// Protocol errors that mean the peer is gone, rather than that it sent something invalid.
fn is_gone(violation: &tungstenite::error::ProtocolError) -> bool {
    use tungstenite::error::ProtocolError;
    matches!(
        violation,
        ProtocolError::ResetWithoutClosingHandshake | ProtocolError::SendAfterClosing
    )
}

/// The games with a short notation, as `welcome` lists them: read from the catalog once, not at
/// every connection.
static SHORT_LEGAL: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
    plateau_games::registry::games()
        .filter(|g| g.has_short_notation())
        .map(|g| g.info().id.to_string())
        .collect()
});

/// A connection's early warning of its frame limits: a `warning` frame once the connection's or
/// the player's burst is half spent, and another only if it runs half spent again after a quiet
/// spell long enough to have filled the half again (a flood is warned once).
struct Pacing {
    /// Half the connection's burst, at its rate (see [`half_spent_quota`]).
    half: Rate,
    /// How long the half takes to fill again at the sustained rate.
    refill: Duration,
    /// When a half was last found spent.
    last_dry: Option<Instant>,
}

impl Pacing {
    fn new(per_second: u32, burst: u32) -> Pacing {
        Pacing {
            half: Rate::new(
                "frames_per_connection_half",
                half_spent_quota(per_second, burst),
            ),
            refill: Duration::from_secs_f64(f64::from(burst / 2) / f64::from(per_second.max(1))),
            last_dry: None,
        }
    }

    /// After a frame that passed the limits: the warning to send, if one is due now.
    /// `player_half`: whether the player's half-burst bucket still had room.
    fn after_frame(&mut self, player_half: bool) -> Option<ServerFrame> {
        let limit = match (self.half.take_quietly(), player_half) {
            (true, true) => return None,
            (false, _) => "frames_per_connection",
            (true, false) => "frames_per_player",
        };
        let now = Instant::now();
        let due = self
            .last_dry
            .replace(now)
            .is_none_or(|dry| now.duration_since(dry) >= self.refill);
        due.then(|| ServerFrame::Warning {
            code: ErrorCode::RateLimited,
            limit: limit.into(),
            message: "slow down: half of the burst of frames is spent; past it this connection \
                      is closed (1008)"
                .into(),
        })
    }
}

/// The `id` of a frame that is not a valid frame, for its error to name.
#[derive(serde::Deserialize)]
struct FrameId {
    #[serde(default)]
    id: Option<serde_json::Value>,
    /// Its `type`, to tell an unknown frame type from an unknown value of a field.
    #[serde(default, rename = "type")]
    kind: Option<serde_json::Value>,
}

/// What a session knows while it reads frames.
struct Session<'a> {
    state: &'a AppState,
    conn: &'a Conn,
    /// Rooms joined on this connection: told when it goes, and joined again where a room moves
    /// (several nodes). A list, not a map: a connection joins a few rooms, and a map's least
    /// table is five times the size of a list of one.
    joined: Vec<Joined>,
    /// Tournaments followed on this connection (`join` with `tournament`): the tasks that send
    /// their frames, stopped with `leave` or the connection.
    following: Vec<(uuid::Uuid, tokio::task::AbortHandle)>,
    /// The task that sends the player's games (`join` with `games`), while they are followed.
    games: Option<tokio::task::AbortHandle>,
    /// What a chat line of the player passes before it goes to a room.
    chat: ChatGate,
}

/// A room joined on a connection.
struct Joined {
    /// The room's code (boxed inside: an entry is then 32 bytes, not 40).
    code: RoomCode,
    role: Role,
    /// The way to the room while it runs on this node: the connection's frames for it skip the
    /// registry's lookup.
    link: Option<RoomLink>,
}

impl Session<'_> {
    /// Joins again, as it joined them, the rooms `rejoin` names that this connection joined.
    async fn rejoin(&mut self, rejoin: Rejoin) {
        let rooms = &self.state.rooms;
        let again: Vec<(RoomCode, Role)> = self
            .joined
            .iter()
            .filter(|joined| rejoin.covers(&joined.code, rooms.runs_here(&joined.code)))
            .map(|joined| (joined.code.clone(), joined.role))
            .collect();
        for (code, role) in again {
            self.tell_room(&code, Request::Join { role }, Instant::now())
                .await;
        }
    }

    fn error(&self, id: Option<String>, code: ErrorCode, message: impl Into<String>) {
        self.conn.refuse(None, id, &Refused(code, message.into()));
    }

    /// An error about room `room`: it names the room, so that a client waiting on it (a `join`
    /// has no id) knows the answer is for it.
    fn room_error(
        &self,
        room: &RoomCode,
        id: Option<String>,
        code: ErrorCode,
        message: impl Into<String>,
    ) {
        let room = Some(room.to_string());
        self.conn.refuse(room, id, &Refused(code, message.into()));
    }

    /// A bot account plays through the bot API only (`docs/bots.md`): its WebSocket watches.
    fn bot_refused(&self, room: &RoomCode, id: Option<String>) {
        let message = "a bot account plays through the bot API (docs/bots.md), not the WebSocket";
        self.room_error(room, id, ErrorCode::Forbidden, message);
    }

    /// One text frame.
    async fn frame(&mut self, text: &str) {
        let received = Instant::now();
        // Read once, straight into a frame; only a frame that is JSON but not a frame is read
        // again, for the `id` its error names.
        let frame: ClientFrame = match ClientFrame::parse(text) {
            Ok(frame) => frame,
            Err(e) if e.is_syntax() || e.is_eof() => {
                return self.error(None, ErrorCode::BadRequest, format!("malformed JSON: {e}"))
            }
            Err(e) => {
                let head = serde_json::from_str::<FrameId>(text).ok();
                let (id, kind) = head.map_or((None, None), |f| (f.id, f.kind));
                let (id, kind) = (
                    id.and_then(|v| v.as_str().map(str::to_owned)),
                    kind.and_then(|v| v.as_str().map(str::to_owned)),
                );
                // A frame's fields are read after its `type` (serde buffers them), so serde's
                // message alone can name one: a missing or unknown field, or the type itself.
                let message = e.to_string();
                let unknown_type =
                    kind.is_some_and(|k| message.starts_with(&format!("unknown variant `{k}`")));
                let words = if unknown_type {
                    format!("type: {}", field_error(".", &message))
                } else {
                    field_error(".", &message)
                };
                return self.error(id, ErrorCode::BadRequest, format!("bad frame: {words}"));
            }
        };
        let (room, request) = match FrameAsks::try_from(frame) {
            Ok(FrameAsks::Room { room, request }) if request.plays() && self.conn.player.bot => {
                return self.bot_refused(&room, request.id().map(str::to_owned));
            }
            Ok(FrameAsks::Room { room, request }) => (room, request),
            Ok(FrameAsks::Rematch { room }) if self.conn.player.bot => {
                return self.bot_refused(&room, None);
            }
            Ok(FrameAsks::Rematch { room }) => return self.rematch(&room).await,
            Ok(FrameAsks::Follow { tournament }) => return self.follow(tournament).await,
            Ok(FrameAsks::Unfollow { tournament }) => return self.unfollow(tournament),
            Ok(FrameAsks::FollowGames) => {
                // Followed again (a client's reconnect logic): the list comes again.
                if let Some(before) = self.games.take() {
                    before.abort();
                }
                let follow = crate::your_games::follow(self.state.clone(), self.conn.clone());
                self.games = Some(follow);
                return;
            }
            Ok(FrameAsks::UnfollowGames) => {
                if let Some(games) = self.games.take() {
                    games.abort();
                }
                return;
            }
            Ok(FrameAsks::Ping) => {
                self.conn.send(&ServerFrame::Pong);
                return;
            }
            Ok(FrameAsks::Auth) => {
                return self.error(None, ErrorCode::BadRequest, "already authenticated")
            }
            Err(bad) => return self.error(bad.id, ErrorCode::BadRequest, bad.message),
        };
        match &request {
            Request::Chat { text } if !self.may_chat(&room, text).await => return,
            Request::Leave => self.joined.retain(|joined| joined.code != room),
            _ => {}
        }
        let role = match &request {
            Request::Join { role } => Some(*role),
            _ => None,
        };
        if self.tell_room(&room, request, received).await {
            if let Some(role) = role {
                match self.joined.iter_mut().find(|joined| joined.code == room) {
                    Some(joined) => joined.role = role,
                    None => {
                        self.joined.reserve_exact(1);
                        self.joined.push(Joined {
                            code: room,
                            role,
                            link: None,
                        });
                    }
                }
            }
        }
    }

    /// Follows tournament `id`: a `tournament` frame now and at every change, until `leave` or
    /// the end of the connection; `not_found` if there is no such tournament.
    async fn follow(&mut self, id: uuid::Uuid) {
        if self.following.iter().any(|(followed, _)| *followed == id) {
            return;
        }
        match self.state.store.tournament(id).await {
            Ok(Some(_)) => {}
            Ok(None) => return self.error(None, ErrorCode::NotFound, "no such tournament"),
            Err(e) => {
                tracing::warn!(player = %self.conn.player.id, error = %e, "could not read a tournament");
                return self.error(
                    None,
                    ErrorCode::Internal,
                    "the database is unavailable; try again",
                );
            }
        }
        let mut latest = self.state.tournaments.follow(id);
        let conn = self.conn.clone();
        let forward = tokio::spawn(async move {
            loop {
                let now = latest.borrow_and_update().clone();
                if let Some(detail) = now {
                    let you = crate::tournaments::views::you(&detail, conn.player.id);
                    conn.send(&ServerFrame::Tournament {
                        tournament: Box::new((*detail).clone()),
                        you,
                    });
                }
                if latest.changed().await.is_err() {
                    return;
                }
            }
        });
        self.following.push((id, forward.abort_handle()));
    }

    /// Stops following tournament `id` (`leave` with `tournament`).
    fn unfollow(&mut self, id: uuid::Uuid) {
        if let Some(at) = self
            .following
            .iter()
            .position(|(followed, _)| *followed == id)
        {
            self.following.swap_remove(at).1.abort();
        }
    }

    /// Whether the player may say `text` in room `room` now ([`ChatGate::admit`]); if not, it is
    /// told why.
    async fn may_chat(&mut self, room: &RoomCode, text: &str) -> bool {
        let state = self.state;
        let rules = ChatRules {
            filter: &state.chat_filter,
            store: &state.store,
            guests: state.limits.guest_public_chat,
        };
        let public = async {
            let info = state.rooms.info(room).await;
            matches!(info, Ok(Some(info)) if info.visibility == plateau_protocol::rest::Visibility::Public)
        };
        match self
            .chat
            .admit(&rules, self.conn.player.id, text, public)
            .await
        {
            Ok(()) => true,
            Err(refused) => {
                self.conn.refuse(Some(room.to_string()), None, &refused);
                false
            }
        }
    }

    /// Whether the player is banned now (a database failure reads as not: the session ends
    /// either way, as signed out).
    async fn banned(&self) -> bool {
        let standing = self.state.store.standing(self.conn.player.id).await;
        matches!(standing, Ok(Some((_, s))) if s.ban_at(chrono::Utc::now()).is_some())
    }

    /// A rematch of room `code`: the room says where the player goes; unless it made the new room
    /// with the player in it, the new room seats the player and tells it.
    async fn rematch(&mut self, code: &RoomCode) {
        let (reply, ticket) = tokio::sync::oneshot::channel();
        if !self.send_to_room(code, Request::Rematch, Some(reply)).await {
            return;
        }
        // None: refused, and the room said why.
        let Ok(Some(ticket)) = ticket.await else {
            return;
        };
        if ticket.seated {
            // Loaded now, so that a public rematch is in the lobby at once.
            if let Err(e) = self.state.rooms.route(&ticket.next.as_str().into()).await {
                tracing::error!(player = %self.conn.player.id, error = %e, "could not load a rematch room");
            }
            return;
        }
        let reserve = Request::Reserve {
            seat: ticket.seat,
            from: code.to_string(),
        };
        let next = RoomCode::from(ticket.next);
        self.tell_room(&next, reserve, Instant::now()).await;
    }

    /// Sends `request` to room `code`; answers `unknown_room` if there is none. True if sent.
    async fn tell_room(&mut self, code: &RoomCode, request: Request, received: Instant) -> bool {
        self.deliver(code, request, None, received).await
    }

    /// [`Session::tell_room`] for a request answered on `reply` (a rematch).
    async fn send_to_room(
        &mut self,
        code: &RoomCode,
        request: Request,
        reply: Option<TicketReply>,
    ) -> bool {
        self.deliver(code, request, reply, Instant::now()).await
    }

    async fn deliver(
        &mut self,
        code: &RoomCode,
        request: Request,
        reply: Option<TicketReply>,
        received: Instant,
    ) -> bool {
        let id = request.id().map(str::to_owned);
        let (state, conn) = (self.state, self.conn);
        let mut not_joined = None;
        let link = match self.joined.iter_mut().find(|j| j.code == *code) {
            Some(joined) => &mut joined.link,
            None => &mut not_joined,
        };
        let delivered = state
            .rooms
            .deliver(code, conn, request, reply, received, link)
            .await;
        let (error, message) = match delivered {
            Ok(()) => return true,
            Err(DeliverError::Unknown) => (ErrorCode::UnknownRoom, format!("no room `{code}`")),
            Err(DeliverError::Store(e)) => {
                tracing::error!(player = %self.conn.player.id, error = %e, "room lookup failed");
                (
                    ErrorCode::Internal,
                    "internal error; it has been logged".to_string(),
                )
            }
            Err(e @ (DeliverError::Moving | DeliverError::Restarting)) => {
                (ErrorCode::Internal, e.to_string())
            }
        };
        self.room_error(code, id, error, message);
        false
    }
}
