//! Block lists between nodes: a player who blocks or unblocks someone through one node has sockets
//! on others too, whose lists must be read again there (`moderation::blocks`), as a revocation
//! reaches every node's sockets.

use async_trait::async_trait;
use futures_util::StreamExt;
use std::sync::Arc;
use uuid::Uuid;

use super::wire::BlocksNote;
use super::{decode, Cluster};
use crate::moderation::blocks::{BlockLists, SpreadBlocks};

#[async_trait]
impl SpreadBlocks for Cluster {
    async fn spread(&self, player: Uuid) {
        let note = BlocksNote {
            node: self.node(),
            player,
        };
        self.publish_now(self.subjects.blocks(), &note).await;
    }
}

impl Cluster {
    /// Reads again the lists here of the players whose blocks changed on another node.
    pub(super) async fn follow_blocks(
        self: Arc<Self>,
        mut notes: async_nats::Subscriber,
        lists: Arc<BlockLists>,
    ) {
        while let Some(message) = notes.next().await {
            let Some(note) = decode::<BlocksNote>(&message.payload) else {
                continue;
            };
            // This node read its own lists again when the change was made.
            if note.node != self.node() {
                lists.changed_elsewhere(note.player);
            }
        }
    }
}
