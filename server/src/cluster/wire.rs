//! What nodes say to each other over NATS, and on which subjects. Every subject starts with the
//! cluster's name (`--cluster-name`, default `plateau`), so that several clusters can share one NATS.
//!
//! - `plateau.node.<node>.rooms`: a command for a room that node runs, sent by the node a client is
//!   connected to, as a request: the answer says it was queued (or why not), so a command to a dead
//!   node fails at once instead of vanishing.
//! - `plateau.node.<node>.ask`: a question for a room that node runs, from a REST call on another
//!   node (a moderator's action, a report's context), as a request: the answer is the room's.
//! - `plateau.node.<node>.conns`: a frame for one of that node's connections (the conn id in 8
//!   bytes, then the frame's text as sent on the socket).
//! - `plateau.moved`: a room is now run by a node; connections that joined it join again there.
//! - `plateau.info`, `plateau.info.dump`: rooms' public info, for the lobby and RoomInfo on every
//!   node; a new node asks every node to send its rooms' info again.
//! - `plateau.alive`, `plateau.released`: a node's heartbeat; a node stopping has let its leases go.
//! - `plateau.resync`: the link between a node and the others broke and is back: connections join
//!   again the rooms they joined on other nodes, and nodes share their rooms' info again.
//! - `plateau.revoked`: a player's tokens were revoked on a node: every node closes the sockets
//!   they signed in.
//! - `plateau.events`: an event for some players (a match started, a challenge made...): every
//!   node tells its listeners of those players (`events`).
//! - `plateau.blocks`: a player blocked or unblocked someone on a node: every node reads its list
//!   again for the player's sockets there.

use plateau_protocol::rest::RoomInfo;
use plateau_protocol::PlayerRef;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::accounts::revocation::Revoked;
use crate::conn::ConnId;
use crate::rooms::{Answer, Moderation, RematchTicket, Request};

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

    pub fn ask(&self, node: Uuid) -> String {
        format!("{}.node.{node}.ask", self.prefix)
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

    pub fn revoked(&self) -> String {
        format!("{}.revoked", self.prefix)
    }

    pub fn blocks(&self) -> String {
        format!("{}.blocks", self.prefix)
    }

    pub fn events(&self) -> String {
        format!("{}.events", self.prefix)
    }

    pub fn resync(&self) -> String {
        format!("{}.resync", self.prefix)
    }
}

/// A request for a room, from a connection of node `node`: the room's own [`Request`], as it is.
#[derive(Debug, Serialize, Deserialize)]
pub struct Forwarded {
    pub room: String,
    pub node: Uuid,
    pub conn: ConnId,
    pub player: PlayerRef,
    /// The form of `you.legal` the connection asked for (absent from an older node: full).
    #[serde(default)]
    pub legal: plateau_protocol::ws::LegalForm,
    /// The connection is a seat's agent (the bot API's actions; absent from an older node: no).
    #[serde(default)]
    pub agent: bool,
    pub request: Request,
}

/// A question for a room, from a REST call of another node.
#[derive(Debug, Serialize, Deserialize)]
pub struct Asked {
    pub room: String,
    pub moderation: Moderation,
}

/// The owner's answer to a [`Forwarded`] request, or to an [`Asked`] question.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "a", rename_all = "snake_case")]
pub enum Delivered {
    /// Queued in the room: its answers come as frames.
    Queued,
    /// A rematch's answer.
    Ticket { ticket: Option<RematchTicket> },
    /// The room's answer to an [`Asked`] question.
    Moderated { answer: Answer },
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

/// Node `node`'s link to the others broke and is back: what was said meanwhile may be lost. Heard
/// by node `to` (every node: None), its connections join again the rooms they joined on other
/// nodes, and it shares its rooms' info again.
#[derive(Debug, Serialize, Deserialize)]
pub struct Resync {
    pub node: Uuid,
    pub to: Option<Uuid>,
}

/// Player `player` blocked or unblocked someone on `node`.
#[derive(Debug, Serialize, Deserialize)]
pub struct BlocksNote {
    pub node: Uuid,
    pub player: Uuid,
}

/// A revocation made on `node`.
#[derive(Debug, Serialize, Deserialize)]
pub struct RevokedNote {
    pub node: Uuid,
    pub revoked: Revoked,
}

/// An event made on `node`.
#[derive(Debug, Serialize, Deserialize)]
pub struct EventNote {
    pub node: Uuid,
    pub event: crate::events::Event,
}
