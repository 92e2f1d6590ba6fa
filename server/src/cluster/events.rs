//! Players' events between nodes (`events`): a match starting on one node, a challenge made on
//! another, reach the event streams of their players wherever those are open.

use async_trait::async_trait;
use futures_util::StreamExt;
use std::sync::Arc;

use super::wire::EventNote;
use super::{decode, Cluster};
use crate::events::{Event, PlayerEvents, SpreadEvents};

#[async_trait]
impl SpreadEvents for Cluster {
    async fn spread(&self, event: &Event) {
        let note = EventNote {
            node: self.node(),
            event: event.clone(),
        };
        self.publish_now(self.subjects.events(), &note).await;
    }
}

impl Cluster {
    /// Tells this node's listeners of the events made on other nodes.
    pub(super) async fn follow_events(
        self: Arc<Self>,
        mut notes: async_nats::Subscriber,
        events: Arc<PlayerEvents>,
    ) {
        while let Some(message) = notes.next().await {
            let Some(note) = decode::<EventNote>(&message.payload) else {
                continue;
            };
            // This node told its own listeners when the event was made.
            if note.node != self.node() {
                events.told_here(&note.event);
            }
        }
    }
}
