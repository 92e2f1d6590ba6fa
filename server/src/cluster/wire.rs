//! What nodes say to each other over NATS, and on which subjects. Every subject starts with the
//! cluster's name (`--cluster-name`, default `plateau`), so that several clusters can share one NATS.
//!
//! - `plateau.node.<node>.rooms`: a command for a room that node runs, sent by the node a client is
//!   connected to, as a request: the answer says it was queued (or why not), so a command to a dead
//!   node fails at once instead of vanishing.
//! - `plateau.node.<node>.conns`: a frame for one of that node's connections (the conn id in 8
//!   bytes, then the frame's text as sent on the socket).
//! - `plateau.moved`: a room is now run by a node; connections that joined it join again there.
//! - `plateau.info`, `plateau.info.dump`: rooms' public info, for the lobby and RoomInfo on every
//!   node; a new node asks every node to send its rooms' info again.
//! - `plateau.alive`, `plateau.released`: a node's heartbeat; a node stopping has let its leases go.

use plateau_protocol::rest::RoomInfo;
use plateau_protocol::ws::{BotLevel, Role};
use plateau_protocol::PlayerRef;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::time::Instant;
use tokio::sync::oneshot;
use uuid::Uuid;

use crate::rooms::{Command, RematchTicket};
use crate::ws::conn::{Conn, ConnId};

/// The subjects of one cluster.
#[derive(Debug, Clone)]
pub struct Subjects {
    prefix: String,
}

impl Subjects {
    pub fn new(cluster: &str) -> Subjects {
        Subjects {
            prefix: cluster.to_string(),
        }
    }

    pub fn rooms(&self, node: Uuid) -> String {
        format!("{}.node.{node}.rooms", self.prefix)
    }

    pub fn conns(&self, node: Uuid) -> String {
        format!("{}.node.{node}.conns", self.prefix)
    }

    pub fn moved(&self) -> String {
        format!("{}.moved", self.prefix)
    }

    pub fn info(&self) -> String {
        format!("{}.info", self.prefix)
    }

    pub fn info_dump(&self) -> String {
        format!("{}.info.dump", self.prefix)
    }

    pub fn alive(&self) -> String {
        format!("{}.alive", self.prefix)
    }

    pub fn released(&self) -> String {
        format!("{}.released", self.prefix)
    }
}

/// A command for a room, from a connection of node `node`.
#[derive(Debug, Serialize, Deserialize)]
pub struct Forwarded {
    pub room: String,
    pub node: Uuid,
    pub conn: ConnId,
    pub player: PlayerRef,
    pub command: WireCommand,
}

/// A [`Command`] without its connection (which travels beside it) or its reply channel.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "c", rename_all = "snake_case")]
pub enum WireCommand {
    Join { role: Role },
    Leave,
    Start { bots: bool, bot_level: BotLevel },
    Move { id: String, version: u64, mv: Value },
    Sync,
    Chat { text: String },
    Resign,
    Draw { offer: bool },
    Rematch,
    Reserve { seat: usize, from: String },
    Disconnect,
}

/// Where the answer to a forwarded rematch goes.
pub type TicketReply = oneshot::Sender<Option<RematchTicket>>;

impl WireCommand {
    /// The command as it travels, and the reply channel a rematch waits on. None for commands
    /// that are never forwarded (a room-wide notice).
    pub fn split(command: Command) -> Option<(WireCommand, Option<TicketReply>)> {
        Some(match command {
            Command::Join { role, .. } => (WireCommand::Join { role }, None),
            Command::Leave { .. } => (WireCommand::Leave, None),
            Command::Start {
                bots, bot_level, ..
            } => (WireCommand::Start { bots, bot_level }, None),
            Command::Move {
                id, version, mv, ..
            } => (WireCommand::Move { id, version, mv }, None),
            Command::Sync { .. } => (WireCommand::Sync, None),
            Command::Chat { text, .. } => (WireCommand::Chat { text }, None),
            Command::Resign { .. } => (WireCommand::Resign, None),
            Command::Draw { offer, .. } => (WireCommand::Draw { offer }, None),
            Command::Rematch { reply, .. } => (WireCommand::Rematch, Some(reply)),
            Command::Reserve { seat, from, .. } => (WireCommand::Reserve { seat, from }, None),
            Command::Disconnect { .. } => (WireCommand::Disconnect, None),
            Command::NodeGone { .. } => return None,
        })
    }

    /// The command for the room, from `conn` (a connection of the sending node).
    pub fn into_command(self, conn: Conn, reply: Option<TicketReply>) -> Option<Command> {
        Some(match self {
            WireCommand::Join { role } => Command::Join { conn, role },
            WireCommand::Leave => Command::Leave { conn },
            WireCommand::Start { bots, bot_level } => Command::Start {
                conn,
                bots,
                bot_level,
            },
            WireCommand::Move { id, version, mv } => Command::Move {
                conn,
                id,
                version,
                mv,
                // The time spent on the way here is not counted in the ack latency of this node.
                received: Instant::now(),
            },
            WireCommand::Sync => Command::Sync { conn },
            WireCommand::Chat { text } => Command::Chat { conn, text },
            WireCommand::Resign => Command::Resign { conn },
            WireCommand::Draw { offer } => Command::Draw { conn, offer },
            WireCommand::Rematch => Command::Rematch {
                conn,
                reply: reply?,
            },
            WireCommand::Reserve { seat, from } => Command::Reserve { conn, seat, from },
            WireCommand::Disconnect => Command::Disconnect { conn: conn.id },
        })
    }
}

/// The owner's answer to a [`Forwarded`] command.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "a", rename_all = "snake_case")]
pub enum Delivered {
    /// Queued in the room: its answers come as frames.
    Queued,
    /// A rematch's answer.
    Ticket { ticket: Option<RematchTicket> },
    /// This node does not run the room (any more): ask where it is again.
    NotHere,
    /// There is no such room.
    Unknown,
    /// The node could not tell (its database is away).
    Failed,
}

/// A room moved to `node`.
#[derive(Debug, Serialize, Deserialize)]
pub struct Moved {
    pub room: String,
    pub node: Uuid,
}

/// A room's public info, from the node running it; None: the room stopped there.
#[derive(Debug, Serialize, Deserialize)]
pub struct InfoUpdate {
    pub node: Uuid,
    pub code: String,
    pub info: Option<RoomInfo>,
}

/// A node's heartbeat, or its goodbye.
#[derive(Debug, Serialize, Deserialize)]
pub struct NodeNote {
    pub node: Uuid,
}
