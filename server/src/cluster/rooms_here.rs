//! The cluster's narrow view of the rooms run on this node: what its loops need (hand a forwarded
//! request or question to a room, the rooms running, stop those whose lease went, take a room over, their infos,
//! a node gone), and nothing else of the registry.

use async_trait::async_trait;
use plateau_protocol::rest::RoomInfo;
use std::collections::HashSet;
use uuid::Uuid;

use crate::conn::Conn;
use crate::rooms::{
    Answer, Command, Moderation, Request, RoomCode, RoomHandle, Rooms, Route, Stopped, TicketReply,
};
use crate::store::StoreError;

/// What became of a request handed to a room here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    /// Queued in the room: its answers come as frames.
    Queued,
    /// This node does not run the room (any more).
    NotHere,
    /// There is no such room.
    Unknown,
    /// This node could not tell (its database is away).
    Failed,
}

/// The rooms of this node, as the cluster sees them.
#[async_trait]
pub trait RoomsHere: Send + Sync + 'static {
    /// Hands `request` of `conn` (another node's connection) to room `code`, if it runs here.
    async fn take(
        &self,
        code: &str,
        conn: Conn,
        request: Request,
        reply: Option<TicketReply>,
    ) -> Taken;

    /// Asks `moderation` of room `code`, if it runs here (a REST call of another node), and
    /// waits for its answer.
    async fn moderate(&self, code: &str, moderation: Moderation) -> Result<Answer, Taken>;

    /// The codes of the rooms running here.
    fn running(&self) -> Vec<String>;

    /// Stops the rooms of `asked` whose lease this node no longer holds (not in `held`).
    fn stop_unheld(&self, asked: &[String], held: &HashSet<String>);

    /// Takes room `code` over if no node runs it; whether this call loaded it here.
    async fn take_over(&self, code: &str) -> Result<bool, StoreError>;

    /// The info of every room run here.
    fn infos(&self) -> Vec<RoomInfo>;

    /// Node `node` is gone: its connections leave the rooms run here.
    fn node_gone(&self, node: Uuid);

    /// Player `player` closed its account (on another node): the rooms here forget its chat and
    /// its name.
    fn account_closed(&self, player: Uuid);
}

#[async_trait]
impl RoomsHere for Rooms {
    async fn take(
        &self,
        code: &str,
        conn: Conn,
        request: Request,
        reply: Option<TicketReply>,
    ) -> Taken {
        let handle = match here(self, code).await {
            Ok(handle) => handle,
            Err(taken) => return taken,
        };
        let command = Command::Request {
            conn,
            request,
            // The time spent on the way here is not counted in the ack latency of this node.
            received: std::time::Instant::now(),
            reply,
        };
        match handle.send(command).await {
            Ok(()) => Taken::Queued,
            Err(_) => Taken::NotHere,
        }
    }

    async fn moderate(&self, code: &str, moderation: Moderation) -> Result<Answer, Taken> {
        let handle = here(self, code).await?;
        let answer = handle.moderate(moderation).await;
        answer.map_err(|Stopped| Taken::NotHere)
    }

    fn running(&self) -> Vec<String> {
        Rooms::running(self)
    }

    fn stop_unheld(&self, asked: &[String], held: &HashSet<String>) {
        Rooms::stop_unheld(self, asked, held)
    }

    async fn take_over(&self, code: &str) -> Result<bool, StoreError> {
        Rooms::take_over(self, &RoomCode::new(code)).await
    }

    fn infos(&self) -> Vec<RoomInfo> {
        self.local_infos()
    }

    fn node_gone(&self, node: Uuid) {
        self.tell_all(|| Command::NodeGone { node });
    }

    fn account_closed(&self, player: Uuid) {
        Rooms::account_closed(self, player);
    }
}

/// Room `code`, if it runs here; else what became of the request for it.
async fn here(rooms: &Rooms, code: &str) -> Result<RoomHandle, Taken> {
    match rooms.route(&RoomCode::new(code)).await {
        Ok(Some(Route::Local(handle))) => Ok(handle),
        Ok(Some(Route::Remote(_))) => Err(Taken::NotHere),
        Ok(None) => Err(Taken::Unknown),
        Err(e) => {
            tracing::error!(error = %e, "room lookup failed");
            Err(Taken::Failed)
        }
    }
}
