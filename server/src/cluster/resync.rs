//! After a break in the link between nodes: NATS down and back, this node cut off from it, or
//! another node silent long enough to be given up for gone (its connections then left the rooms
//! run here) and heard again. What was said over NATS meanwhile may be lost: frames for other
//! nodes' connections, forwarded commands, rooms' moves and infos. A guest waiting for the host's
//! move would wait for ever, and its next frame find it no longer in the room (issue 45). So once
//! the link is back:
//!
//! - the connections of the nodes concerned join again every room they joined on another node:
//!   a `room` frame and a `snapshot`, as when a room moves, from which the client plays on;
//! - those nodes share their rooms' info again (the lobby, RoomInfo), and forget where they heard
//!   other rooms run (asked of the database again).
//!
//! A node whose own NATS connection broke tells every node once it is back (`Resync { to: None }`);
//! a node that hears again a node it had given up for gone tells that node, whose connections left
//! the rooms here (`Resync { to: Some(node) }`). While its own connection is down a node gives no
//! node up (the silence is its own). The rejoins of one break, heard several ways at once, are
//! gathered into one per connection ([`REJOIN_AFTER`]).

use futures_util::StreamExt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Notify};
use uuid::Uuid;

use super::rooms_here::RoomsHere;
use super::wire::Resync;
use super::{decode, Cluster};
use crate::rooms::Rejoin;

/// How long the reasons to rejoin rooms elsewhere are gathered before the sessions are told once.
const REJOIN_AFTER: Duration = Duration::from_millis(500);

/// How long a node given up for gone is remembered, to be told when it is heard again: longer than
/// any break its leases outlive (a node silent longer has lost its rooms anyway).
const GONE_REMEMBERED: Duration = Duration::from_secs(3600);

/// A rejoin of every room elsewhere that is due, gathered.
#[derive(Default)]
pub(super) struct RejoinDue {
    due: AtomicBool,
    wake: Notify,
}

impl Cluster {
    /// Follows this node's NATS connection: once it is back after a break, the other nodes and this
    /// one make up for what was lost meanwhile.
    pub(super) async fn follow_link(
        self: Arc<Self>,
        mut events: mpsc::UnboundedReceiver<async_nats::Event>,
        rooms: Arc<dyn RoomsHere>,
    ) {
        let mut broken = false;
        while let Some(event) = events.recv().await {
            match event {
                async_nats::Event::Disconnected => {
                    tracing::warn!("NATS link lost: the other nodes are out of reach");
                    broken = true;
                }
                async_nats::Event::Connected if std::mem::take(&mut broken) => {
                    // The subscriptions made again before anything is said (a flush is answered
                    // after them).
                    if let Err(e) = self.nats.flush().await {
                        tracing::warn!(error = %e, "NATS flush failed");
                    }
                    tracing::info!("NATS link back: connections join their rooms again");
                    self.heard_everyone_now();
                    self.owners.lock().expect("owners lock").clear();
                    self.resync(None, &*rooms).await;
                }
                _ => {}
            }
        }
    }

    /// While this node's link was down it heard nobody: the others get their full time from now
    /// before they are given up for gone.
    fn heard_everyone_now(&self) {
        let now = Instant::now();
        for seen in self.alive.lock().expect("alive lock").values_mut() {
            *seen = now;
        }
    }

    /// Node `node` has been silent too long: given up for gone (its connections leave the rooms
    /// here), and remembered, to be told to rejoin if it is heard again.
    pub(super) fn give_up(&self, node: Uuid, rooms: &dyn RoomsHere) {
        tracing::warn!(%node, "node gone: its connections leave this node's rooms");
        let now = Instant::now();
        {
            let mut gone = self.gone.lock().expect("gone lock");
            gone.retain(|_, since| now.duration_since(*since) < GONE_REMEMBERED);
            gone.insert(node, now);
        }
        self.forget_node(node);
        rooms.node_gone(node);
    }

    /// A heartbeat of node `node`: if it had been given up for gone, its connections left the rooms
    /// here meanwhile, and it is told to have them join again.
    pub(super) async fn heard(&self, node: Uuid, rooms: &dyn RoomsHere) {
        self.alive
            .lock()
            .expect("alive lock")
            .insert(node, Instant::now());
        let was_gone = self.gone.lock().expect("gone lock").remove(&node).is_some();
        if was_gone {
            tracing::info!(%node, "node back: its connections join the rooms here again");
            self.resync(Some(node), rooms).await;
        }
    }

    /// Tells node `to` (every node: None) that this node's link broke and is back; this node's own
    /// connections join again their rooms elsewhere, and its rooms' info is shared again.
    async fn resync(&self, to: Option<Uuid>, rooms: &dyn RoomsHere) {
        let note = Resync {
            node: self.node(),
            to,
        };
        self.publish(self.subjects.resync(), &note).await;
        self.rejoin_elsewhere_soon();
        self.share_infos(rooms).await;
    }

    /// Another node's [`Resync`]: if it is for this node, its connections join again their rooms
    /// elsewhere, and its rooms' info is shared again.
    pub(super) async fn follow_resyncs(
        self: Arc<Self>,
        mut notes: async_nats::Subscriber,
        rooms: Arc<dyn RoomsHere>,
    ) {
        while let Some(message) = notes.next().await {
            let Some(note) = decode::<Resync>(&message.payload) else {
                continue;
            };
            let for_me = note.to.is_none_or(|to| to == self.node());
            if note.node != self.node() && for_me {
                self.rejoin_elsewhere_soon();
                self.share_infos(&*rooms).await;
            }
        }
    }

    /// Has this node's sessions join again every room they joined elsewhere, once the reasons
    /// heard within [`REJOIN_AFTER`] are gathered.
    fn rejoin_elsewhere_soon(&self) {
        self.rejoin_due.due.store(true, Ordering::Release);
        self.rejoin_due.wake.notify_one();
    }

    /// Tells the sessions, at most once per [`REJOIN_AFTER`], to join again their rooms elsewhere.
    pub(super) async fn gather_rejoins(self: Arc<Self>) {
        loop {
            self.rejoin_due.wake.notified().await;
            tokio::time::sleep(REJOIN_AFTER).await;
            // A reason heard during the wait is answered by this rejoin (it comes after it).
            if self.rejoin_due.due.swap(false, Ordering::AcqRel) {
                // No session listening is fine.
                let _ = self.rejoins.send(Rejoin::Elsewhere);
            }
        }
    }
}
