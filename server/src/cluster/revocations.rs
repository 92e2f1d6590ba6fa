//! Revocations between nodes: a token revoked on one node must close the sockets it signed in on
//! every node, not only there (a thief's socket may be on another); a closed account's chat lines
//! leave every node's rooms the same way.

use async_trait::async_trait;
use futures_util::StreamExt;
use std::sync::Arc;

use super::rooms_here::RoomsHere;
use super::wire::RevokedNote;
use super::{decode, Cluster};
use crate::accounts::revocation::{Revocations, Revoked, SpreadRevocations, Which};

#[async_trait]
impl SpreadRevocations for Cluster {
    async fn spread(&self, revoked: &Revoked) {
        let note = RevokedNote {
            node: self.node(),
            revoked: revoked.clone(),
        };
        // Sent now: the caller answers once the sockets close.
        self.publish_now(self.subjects.revoked(), &note).await;
    }
}

impl Cluster {
    /// Closes this node's sockets that another node's revocations cover.
    pub(super) async fn follow_revocations(
        self: Arc<Self>,
        mut notes: async_nats::Subscriber,
        sockets: Arc<Revocations>,
        rooms: Arc<dyn RoomsHere>,
    ) {
        while let Some(message) = notes.next().await {
            let Some(note) = decode::<RevokedNote>(&message.payload) else {
                continue;
            };
            // This node closed its own sockets when it made the revocation.
            if note.node != self.node() {
                if note.revoked.which == Which::AccountClosed {
                    rooms.account_closed(note.revoked.player);
                }
                let closed = sockets.revoked_here(note.revoked);
                tracing::debug!(closed, "sockets closed by another node's revocation");
            }
        }
    }
}
