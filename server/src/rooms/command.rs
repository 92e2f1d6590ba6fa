//! What a room is asked. [`Request`] is the one command type of a room: what a connection asks of
//! it, whether the connection is on this node or another (it is serialisable, and travels to the
//! room's node as it is). [`Command`] is what the room's task receives: a request with its
//! connection, or a notice about another node.

use plateau_protocol::ws::{BotLevel, ClaimResult, Role};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::time::Instant;
use tokio::sync::oneshot;
use uuid::Uuid;

use crate::conn::Conn;

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
    /// A moderator's action on the room, answered to the sender with a `room` frame once made,
    /// or an `error`. No client frame makes it: only `POST /api/v1/mod/rooms/...`, after checking
    /// the caller's role.
    Moderate {
        action: RoomModeration,
    },
}

/// What a moderator does to a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomModeration {
    /// Ends the match under way as `aborted` (nobody wins, nobody is rated).
    AbortMatch,
    /// Closes a room waiting for players (`abandoned`, as an expired one).
    CloseWaiting,
    /// Deletes chat line `id` from the room's recent lines, for every viewer.
    DeleteChat { id: u64 },
    /// Sends the chat lines the asker could read here (a `recent` frame): the context kept with
    /// a player's report. Changes nothing.
    ChatForReport,
    /// Player `player` was banned: a waiting room it hosts closes (`abandoned`), and its seat in
    /// another's waiting room is free again. A tournament's room is left to its start, where a
    /// player who does not come forfeits; a match under way, to its clock.
    Banned { player: Uuid },
}

impl Request {
    /// The client's id of this request (a move's), for an error about it.
    pub fn id(&self) -> Option<&str> {
        match self {
            Request::Move { id, .. } => Some(id),
            _ => None,
        }
    }
}

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
