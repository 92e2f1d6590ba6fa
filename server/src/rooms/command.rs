//! What a room is asked. [`Request`] is what a connection asks of it, whether the connection is on
//! this node or another (it is serialisable, and travels to the room's node as it is); a client's
//! frame becomes one in one place ([`FrameAsks::try_from`]). [`RoomModeration`] is what a REST
//! call asks (a moderator's action, a report's context), answered on a typed reply channel with
//! [`RoomAnswer`]. [`Command`] is what the room's task receives: either of those, or a notice.

use plateau_protocol::rest::RoomInfo;
use plateau_protocol::ws::{BotLevel, ClaimResult, ClientFrame, RecentChat, Role};
use plateau_protocol::PlayerRef;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::borrow::Cow;
use std::time::Instant;
use tokio::sync::oneshot;
use uuid::Uuid;

use super::{RoomCode, RoomError};
use crate::conn::Conn;

/// Longest client move id, in bytes.
const MAX_MOVE_ID: usize = 128;

/// What a connection asks of a room.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "c", rename_all = "snake_case")]
pub enum Request {
    Join {
        role: Role,
    },
    Leave,
    Start {
        bots: bool,
        bot_level: BotLevel,
    },
    Move {
        id: String,
        version: u64,
        mv: Value,
    },
    Sync,
    Chat {
        text: String,
    },
    /// The sender's seat forfeits.
    Resign,
    /// The sender claims the match over seats away past the abandonment time (private rooms
    /// without a clock).
    Claim {
        result: ClaimResult,
    },
    /// The sender offers a draw (or accepts), or takes its offer back.
    Draw {
        offer: bool,
    },
    /// After the end: a new room with the same settings, seats rotated. Answered with where the
    /// sender goes (a [`RematchTicket`]), or None when refused (the sender was told why).
    Rematch,
    /// Seats the sender in this (rematch) room, in `seat` if it is free, and tells it so with a
    /// `rematch` frame naming the room it came `from`.
    Reserve {
        seat: usize,
        from: String,
    },
    /// The sender's connection is gone.
    Disconnect,
    /// A challenge accepted (the bot API, from a seat's agent): the sender takes a free seat of
    /// this waiting room, and once every seat is taken the match starts, whoever is in the room
    /// (the players of a challenge come by their streams once it has started).
    Accept,
}

/// What a REST call asks of a room: a moderator's action (no client frame makes it: only
/// `/api/v1/mod/...`, after checking the caller's role), or the chat a report may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomModeration {
    /// Ends the match under way as `aborted` (nobody wins, nobody is rated).
    AbortMatch,
    /// Closes a room waiting for players (`abandoned`, as an expired one).
    CloseWaiting,
    /// Deletes chat line `id` from the room's recent lines, for every viewer.
    DeleteChat { id: u64 },
    /// The chat lines the asker could read here: the context kept with a player's report.
    /// Changes nothing.
    ChatForReport,
    /// Player `player` was banned: a waiting room it hosts closes (`abandoned`), and its seat in
    /// another's waiting room is free again. A tournament's room is left to its start, where a
    /// player who does not come forfeits; a match under way, to its clock.
    Banned { player: Uuid },
}

impl RoomModeration {
    /// This action, asked by `by`.
    pub fn asked_by(self, by: &PlayerRef) -> Moderation {
        Moderation {
            by: by.clone(),
            action: self,
        }
    }
}

impl Request {
    /// Whether the request plays a seat (takes one, or acts for it): what a bot account does only
    /// through the bot API, never over the WebSocket.
    pub fn plays(&self) -> bool {
        match self {
            Request::Join { role } => *role == Role::Player,
            Request::Start { .. }
            | Request::Move { .. }
            | Request::Resign
            | Request::Claim { .. }
            | Request::Draw { .. }
            | Request::Rematch
            | Request::Reserve { .. }
            | Request::Accept => true,
            Request::Leave | Request::Sync | Request::Chat { .. } | Request::Disconnect => false,
        }
    }

    /// The client's id of this request (a move's), for an error about it.
    pub fn id(&self) -> Option<&str> {
        match self {
            Request::Move { id, .. } => Some(id),
            _ => None,
        }
    }
}

/// A REST call's question for a room: `action`, asked `by` a moderator (or a reporter).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Moderation {
    pub by: PlayerRef,
    pub action: RoomModeration,
}

/// What a room answers to a [`Moderation`]: what it did, or why not.
pub type Answer = Result<RoomAnswer, RoomError>;

/// A room's answer to a [`RoomModeration`] it made.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "a", content = "v", rename_all = "snake_case")]
pub enum RoomAnswer {
    /// Done: the room as it is now.
    Room(RoomInfo),
    /// For [`RoomModeration::ChatForReport`]: the lines the asker could read.
    Chat(Vec<RecentChat>),
}

/// Where the answer to a [`Moderation`] goes.
pub type ModerationReply = oneshot::Sender<Answer>;

/// Where a rematch sends a player: room `next`, in `seat`; `seated` when the room was made with
/// the player in it already.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RematchTicket {
    pub next: String,
    pub seat: usize,
    pub seated: bool,
}

/// Where the answer to a [`Request::Rematch`] goes.
pub type TicketReply = oneshot::Sender<Option<RematchTicket>>;

/// What a room's task receives.
#[derive(Debug)]
pub enum Command {
    /// `request`, from `conn`.
    Request {
        conn: Conn,
        request: Request,
        /// When it came in on this node: where a move's ack latency starts.
        received: Instant,
        /// Where a rematch's answer goes.
        reply: Option<TicketReply>,
    },
    /// Node `node` is gone (several nodes): its connections leave the room.
    NodeGone { node: Uuid },
    /// Player `player` closed its account: its chat lines leave the room's recent ones, for
    /// every viewer, and its seats show it as `deleted player`.
    AccountClosed { player: Uuid },
    /// A REST call (of this node or another) asks `moderation` of the room: the answer goes back
    /// on `reply`, never as a frame.
    Moderate {
        moderation: Moderation,
        reply: ModerationReply,
    },
}

impl Command {
    /// `request` from `conn`, received now, with no answer expected.
    pub fn request(conn: Conn, request: Request) -> Command {
        Command::Request {
            conn,
            request,
            received: Instant::now(),
            reply: None,
        }
    }
}

/// What a client's frame asks for, once signed in: a room's [`Request`], or what the session does
/// itself.
#[derive(Debug)]
pub enum FrameAsks {
    /// `request` of room `room`.
    Room {
        room: RoomCode,
        request: Request,
    },
    /// A rematch of room `room`: the session waits for where it goes ([`Request::Rematch`]).
    Rematch {
        room: RoomCode,
    },
    /// `tournament` frames, now and at every change (`join` with `tournament`).
    Follow {
        tournament: Uuid,
    },
    /// No more of them (`leave` with `tournament`).
    Unfollow {
        tournament: Uuid,
    },
    /// The player's matches under way, now and at every change (`join` with `games`).
    FollowGames,
    /// No more of them (`leave` with `games`).
    UnfollowGames,
    Ping,
    /// `auth` again, on a connection signed in.
    Auth,
}

/// A frame that is JSON and a frame, but not one a room or session can take as it is: answered
/// `bad_request` (with the move's `id`, for a move).
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct BadFrame {
    pub id: Option<String>,
    pub message: Cow<'static, str>,
}

impl BadFrame {
    fn new(message: impl Into<Cow<'static, str>>) -> Self {
        BadFrame {
            id: None,
            message: message.into(),
        }
    }
}

impl TryFrom<ClientFrame> for FrameAsks {
    type Error = BadFrame;

    /// The one place a client's frame becomes what it asks: the room frames mirror a
    /// [`Request`] each, checked as the contract bounds them (a move's id; a chat line as text,
    /// normalised and trimmed: what is checked is what is sent on).
    fn try_from(frame: ClientFrame) -> Result<Self, BadFrame> {
        let (room, request) = match frame {
            ClientFrame::Auth { .. } => return Ok(FrameAsks::Auth),
            ClientFrame::Ping => return Ok(FrameAsks::Ping),
            ClientFrame::Rematch { room } => return Ok(FrameAsks::Rematch { room: room.into() }),
            ClientFrame::Join {
                room,
                tournament,
                games,
                role,
            } => {
                match (room, tournament, games, role) {
                    (None, None, true, None) => return Ok(FrameAsks::FollowGames),
                    (None, Some(tournament), false, None) => {
                        return Ok(FrameAsks::Follow { tournament })
                    }
                    (Some(room), None, false, Some(role)) => (room, Request::Join { role }),
                    (Some(_), None, false, None) => {
                        return Err(BadFrame::new("bad frame: as: missing"))
                    }
                    _ => return Err(BadFrame::new(
                        "bad frame: `join` names a `room` (with `as`), a `tournament` or `games`",
                    )),
                }
            }
            ClientFrame::Leave {
                room,
                tournament,
                games,
            } => match (room, tournament, games) {
                (Some(room), None, false) => (room, Request::Leave),
                (None, Some(tournament), false) => return Ok(FrameAsks::Unfollow { tournament }),
                (None, None, true) => return Ok(FrameAsks::UnfollowGames),
                _ => {
                    return Err(BadFrame::new(
                        "bad frame: `leave` names a `room`, a `tournament` or `games`",
                    ))
                }
            },
            ClientFrame::Start {
                room,
                bots,
                bot_level,
            } => (room, Request::Start { bots, bot_level }),
            ClientFrame::Sync { room } => (room, Request::Sync),
            ClientFrame::Chat { room, text } => {
                let text = crate::text::chat(&text).map_err(|e| BadFrame::new(e.to_string()))?;
                (room, Request::Chat { text })
            }
            ClientFrame::Resign { room } => (room, Request::Resign),
            ClientFrame::Claim { room, result } => (room, Request::Claim { result }),
            ClientFrame::Draw { room, offer } => (room, Request::Draw { offer }),
            ClientFrame::Move {
                room,
                id,
                version,
                mv,
            } => {
                if id.is_empty() || id.len() > MAX_MOVE_ID {
                    return Err(BadFrame {
                        id: Some(id),
                        message: "a move id is 1 to 128 bytes".into(),
                    });
                }
                (room, Request::Move { id, version, mv })
            }
        };
        Ok(FrameAsks::Room {
            room: room.into(),
            request,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn asks(frame: Value) -> Result<FrameAsks, BadFrame> {
        FrameAsks::try_from(serde_json::from_value::<ClientFrame>(frame).expect("a frame"))
    }

    #[test]
    fn a_room_frame_is_its_rooms_request() {
        let moved =
            asks(json!({"type": "move", "room": "ab", "id": "m1", "version": 3, "move": 7}));
        let Ok(FrameAsks::Room { room, request }) = moved else {
            panic!("a room's request: {moved:?}");
        };
        assert_eq!(&*room, "AB", "a code is upper-case from the frame on");
        assert!(matches!(request, Request::Move { id, version: 3, .. } if id == "m1"));
        let said = asks(json!({"type": "chat", "room": "ab", "text": "  hello  "}));
        assert!(
            matches!(said, Ok(FrameAsks::Room { request: Request::Chat { ref text }, .. }) if text == "hello"),
            "{said:?}"
        );
    }

    #[test]
    fn a_frame_the_contract_bounds_is_refused_with_its_id() {
        let long = "m".repeat(MAX_MOVE_ID + 1);
        let refused =
            asks(json!({"type": "move", "room": "ab", "id": long, "version": 1, "move": 0}))
                .expect_err("too long an id");
        assert_eq!(refused.id.as_deref(), Some(long.as_str()));
        let neither = asks(json!({"type": "join"})).expect_err("neither a room nor a tournament");
        assert_eq!(neither.id, None);
        assert!(matches!(
            asks(json!({"type": "join", "tournament": Uuid::nil()})),
            Ok(FrameAsks::Follow { .. })
        ));
    }
}
