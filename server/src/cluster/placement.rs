//! The cluster as the rooms' [`Placement`]: a room runs on the node holding its lease (claimed in
//! Postgres, fenced), where it runs is heard over NATS, and requests for rooms elsewhere are
//! forwarded to their node.

use async_trait::async_trait;
use plateau_protocol::rest::RoomInfo;

use std::sync::Arc;
use tokio::sync::{broadcast, watch};
use uuid::Uuid;

use super::{Cluster, Take};
use crate::conn::{Conn, ConnId};
use crate::rooms::{
    Answer, Claim, ForwardError, Moderation, Placement, Rejoin, Request, TicketReply,
};
use crate::store::{Fence, StoreError};

/// This node's cluster, placing rooms.
#[derive(Clone)]
pub struct ClusterPlacement(pub Arc<Cluster>);

#[async_trait]
impl Placement for ClusterPlacement {
    fn connected(&self) -> bool {
        self.0.connected()
    }

    fn recovers_at_start(&self) -> bool {
        false
    }

    fn owner_of(&self, code: &str) -> Option<Uuid> {
        self.0.owner_of(code)
    }

    fn forget_owner(&self, code: &str) {
        self.0.forget_owner(code);
    }

    async fn claim(&self, code: &str, stopping: bool) -> Result<Claim, StoreError> {
        if stopping {
            return match self.0.leases.owner(code).await? {
                Some(owner) if owner != self.0.node() => Ok(Claim::Elsewhere(owner)),
                _ => Err(StoreError::stopping()),
            };
        }
        Ok(match self.0.leases.take(code).await? {
            Take::Taken(fence) => Claim::Here(Some(fence)),
            Take::HeldBy(owner) => {
                self.0.note_owner(code, owner);
                Claim::Elsewhere(owner)
            }
            Take::NoRoom => Claim::NoRoom,
        })
    }

    async fn let_go(&self, fence: &Fence) {
        if let Err(e) = self.0.leases.release(fence).await {
            tracing::warn!(error = %e, "could not let a lease go: it expires");
        }
    }

    fn lost(&self, code: &str) {
        self.0.lost(code);
    }

    async fn announce(&self, code: &str) {
        self.0.announce_move(code).await;
    }

    fn follow_info(&self, info: watch::Receiver<RoomInfo>) {
        tokio::spawn(share_info(self.0.clone(), info));
    }

    fn remote_info(&self, code: &str) -> Option<RoomInfo> {
        self.0.remote_info(code)
    }

    fn remote_infos(&self, keep: &(dyn Fn(&RoomInfo) -> bool + Sync)) -> Vec<RoomInfo> {
        self.0.remote_infos(keep)
    }

    async fn forward(
        &self,
        node: Uuid,
        code: &str,
        conn: &Conn,
        request: Request,
        reply: Option<TicketReply>,
    ) -> Result<(), ForwardError> {
        self.0.forward(node, code, conn, request, reply).await
    }

    async fn moderate(
        &self,
        node: Uuid,
        code: &str,
        asked: Moderation,
    ) -> Result<Answer, ForwardError> {
        self.0.moderate(node, code, asked).await
    }

    fn register(&self, conn: &Conn) {
        self.0.register(conn);
    }

    fn unregister(&self, conn: ConnId) {
        self.0.unregister(conn);
    }

    fn rejoins(&self) -> Option<broadcast::Receiver<Rejoin>> {
        Some(self.0.rejoins())
    }
}

/// Publishes a room's info to the other nodes whenever it changes, and that it stopped here.
async fn share_info(cluster: Arc<Cluster>, mut info: watch::Receiver<RoomInfo>) {
    let code = info.borrow().code.clone();
    loop {
        let current = info.borrow_and_update().clone();
        cluster.share_info(&code, Some(current)).await;
        if info.changed().await.is_err() {
            break;
        }
    }
    cluster.share_info(&code, None).await;
}
