//! Where rooms run. The registry asks its [`Placement`] where a room runs, claims a room (with the
//! fence its writes go under), lets it go, and publishes its info; it never knows whether it is
//! alone. A node alone runs every room ([`Alone`]); with several nodes the cluster implements the
//! same interface over leases and NATS (`crate::cluster`), so the dependency points from the
//! cluster to the rooms, never back.

use async_trait::async_trait;
use plateau_protocol::rest::RoomInfo;

use tokio::sync::{broadcast, watch};
use uuid::Uuid;

use super::command::{Answer, Moderation, Request, TicketReply};
use crate::conn::{Conn, ConnId};
use crate::store::{Fence, StoreError};

/// What claiming a room came to.
#[derive(Debug)]
pub enum Claim {
    /// This node runs the room now; its writes go under this fence (None: this node is alone).
    Here(Option<Fence>),
    /// Another node runs it.
    Elsewhere(Uuid),
    /// There is no such room.
    NoRoom,
}

/// Why a request could not be handed to the node running its room.
#[derive(Debug, thiserror::Error)]
pub enum ForwardError {
    /// The owner did not answer (dead, or stopping): the room is about to move.
    #[error("the node running the room does not answer")]
    NoAnswer,
    /// The owner no longer runs the room.
    #[error("the room moved")]
    NotHere,
    /// There is no such room.
    #[error("no such room")]
    Unknown,
    /// The owner could not tell.
    #[error("the node running the room could not take the command")]
    Failed,
}

/// What a session joins again (several nodes), as a room frame and a snapshot (as after `sync`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rejoin {
    /// The room with this code moved to another node: joined again where it runs now.
    Room(String),
    /// The link between nodes broke and is back (NATS down, a node cut off or given up for gone):
    /// frames of rooms run on other nodes may have been lost meanwhile, and those rooms may have
    /// let this node's connections go. Every room joined that does not run here is joined again.
    Elsewhere,
}

impl Rejoin {
    /// Whether a connection that joined room `code` (upper-case) joins it again, the room running
    /// elsewhere or not (`runs_here`).
    pub fn covers(&self, code: &str, runs_here: bool) -> bool {
        match self {
            Rejoin::Room(moved) => moved == code,
            Rejoin::Elsewhere => !runs_here,
        }
    }
}

/// What to join again next (None: never, this node being alone). A connection that fell behind
/// the news (a node's many rooms moving at once) joins again every room it joined elsewhere: one
/// of them may have moved.
pub async fn next_rejoin(rejoins: &mut Option<broadcast::Receiver<Rejoin>>) -> Option<Rejoin> {
    match rejoins.as_mut()?.recv().await {
        Ok(rejoin) => Some(rejoin),
        Err(broadcast::error::RecvError::Lagged(_)) => Some(Rejoin::Elsewhere),
        Err(broadcast::error::RecvError::Closed) => None,
    }
}

/// Where rooms run, as the registry and the sessions see it.
#[async_trait]
pub trait Placement: Send + Sync {
    /// Whether this node can reach the others now (for `/readyz`); always, alone.
    fn connected(&self) -> bool;

    /// Whether this node brings back every live room when it starts (alone); with several
    /// nodes, the rooms no node runs are taken over by the sweep the nodes share.
    fn recovers_at_start(&self) -> bool;

    /// Where room `code` runs as last heard, when another node runs it (None: claim it to know).
    fn owner_of(&self, code: &str) -> Option<Uuid>;

    /// Forgets where room `code` was heard to run (its node stopped answering).
    fn forget_owner(&self, code: &str);

    /// Claims room `code` for this node. `stopping`: this node takes no room any more (only
    /// where another runs it is answered; else the store's "stopping" error).
    async fn claim(&self, code: &str, stopping: bool) -> Result<Claim, StoreError>;

    /// The room claimed under `fence` stopped here of itself (finished and idle): its claim goes,
    /// so that another node may take it when needed. Only that claim: a later one stays.
    async fn let_go(&self, fence: &Fence);

    /// Room `code` stopped here because another node took it: this node's sessions that joined
    /// it join it again there.
    fn lost(&self, code: &str);

    /// This node has just loaded room `code`: sessions elsewhere that joined it join it here.
    async fn announce(&self, code: &str);

    /// Publishes a room run here to the other nodes as its info changes, until it stops here.
    fn follow_info(&self, info: watch::Receiver<RoomInfo>);

    /// The info of room `code` if another node runs it.
    fn remote_info(&self, code: &str) -> Option<RoomInfo>;

    /// The infos of rooms other nodes run that `keep` selects.
    fn remote_infos(&self, keep: &(dyn Fn(&RoomInfo) -> bool + Sync)) -> Vec<RoomInfo>;

    /// Hands `request` of `conn` (a connection of this node) to room `code` on `node`; returns
    /// once it is queued there (for a rematch, once `reply` has the answer).
    async fn forward(
        &self,
        node: Uuid,
        code: &str,
        conn: &Conn,
        request: Request,
        reply: Option<TicketReply>,
    ) -> Result<(), ForwardError>;

    /// Asks `moderation` of room `code` on `node` (a REST call of this node), and waits for the
    /// room's answer.
    async fn moderate(
        &self,
        node: Uuid,
        code: &str,
        asked: Moderation,
    ) -> Result<Answer, ForwardError>;

    /// A session of this node: frames from rooms run elsewhere reach `conn` from now on.
    fn register(&self, conn: &Conn);

    fn unregister(&self, conn: ConnId);

    /// What sessions join again: rooms that moved to another node, or every room run elsewhere
    /// after a break in the link between nodes (None: alone, rooms never move).
    fn rejoins(&self) -> Option<broadcast::Receiver<Rejoin>>;
}

/// A node alone: every room runs here, with nothing to fence or to tell.
pub struct Alone;

#[async_trait]
impl Placement for Alone {
    fn connected(&self) -> bool {
        true
    }

    fn recovers_at_start(&self) -> bool {
        true
    }

    fn owner_of(&self, _code: &str) -> Option<Uuid> {
        None
    }

    fn forget_owner(&self, _code: &str) {}

    async fn claim(&self, _code: &str, _stopping: bool) -> Result<Claim, StoreError> {
        Ok(Claim::Here(None))
    }

    async fn let_go(&self, _fence: &Fence) {}

    fn lost(&self, _code: &str) {}

    async fn announce(&self, _code: &str) {}

    fn follow_info(&self, _info: watch::Receiver<RoomInfo>) {}

    fn remote_info(&self, _code: &str) -> Option<RoomInfo> {
        None
    }

    fn remote_infos(&self, _keep: &(dyn Fn(&RoomInfo) -> bool + Sync)) -> Vec<RoomInfo> {
        Vec::new()
    }

    async fn forward(
        &self,
        _node: Uuid,
        _code: &str,
        _conn: &Conn,
        _request: Request,
        _reply: Option<TicketReply>,
    ) -> Result<(), ForwardError> {
        // Alone, every room runs here: nothing is ever forwarded.
        Err(ForwardError::Unknown)
    }

    async fn moderate(&self, _: Uuid, _: &str, _: Moderation) -> Result<Answer, ForwardError> {
        Err(ForwardError::Unknown)
    }

    fn register(&self, _conn: &Conn) {}

    fn unregister(&self, _conn: ConnId) {}

    fn rejoins(&self) -> Option<broadcast::Receiver<Rejoin>> {
        None
    }
}
