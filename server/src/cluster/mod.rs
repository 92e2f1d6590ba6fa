//! Several nodes: one Plateau on many processes sharing one Postgres database and one NATS server
//! (`--nats-url`). Without it, none of this runs and a node is alone, as it always was.
//!
//! - **Ownership**: each live room is run by one node, under a lease in Postgres ([`leases`]); its
//!   commits check the lease's epoch in their own transaction ([`crate::store::fence`]).
//! - **Routing**: a client may be connected to any node. Its commands for a room run elsewhere go to
//!   the owner over NATS ([`wire`]); there the connection is a remote [`Conn`], whose frames come back
//!   through a [`FrameLink`]. Members of a room (and so `connected` and spectator counts) are the same
//!   whichever node a connection is on.
//! - **Shared info**: rooms' public info is published by their owners, so that every node's lobby and
//!   RoomInfo are right; everything else comes from Postgres.
//! - **Failover**: leases are renewed every second in one statement; rooms whose lease expired (their
//!   node died or froze) are taken over by whichever node sweeps first, from the database, and the
//!   new owner announces the move so that connections join again there. A node stopping lets its
//!   leases go at once.
//! - **Breaks in the link**: once NATS is back, or a node given up for gone is heard again,
//!   connections join again their rooms on other nodes and infos are shared again ([`resync`]).
//! - **Revocations**: a token revoked on one node closes the sockets it signed in on every node
//!   ([`revocations`]); a block made on one node reaches the blocker's sockets on every node
//!   ([`blocks`]).

mod blocks;
mod events;
mod inbound;
pub mod leases;
mod link;
mod placement;
mod resync;
mod revocations;
mod rooms_here;
mod wire;

pub use leases::{Leases, Take};
pub use link::FrameLink;
pub use placement::ClusterPlacement;
pub use rooms_here::{RoomsHere, Taken};

use bytes::Bytes;
use futures_util::StreamExt;
use plateau_protocol::rest::RoomInfo;

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, mpsc, Notify};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::accounts::revocation::Revocations;
use crate::conn::{Conn, ConnId};
use crate::metrics::METRICS;
use crate::moderation::blocks::BlockLists;
use crate::rooms::{Answer, ForwardError, Moderation, Rejoin, Request, TicketReply};
use wire::{Asked, Delivered, Forwarded, InfoUpdate, Moved, NodeNote};

/// The timing of leases and heartbeats.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    /// How long a lease lasts unless renewed: the longest a dead node's rooms wait for a new owner
    /// (plus one sweep).
    pub lease_ttl: Duration,
}

impl Timing {
    /// Renewals come well before expiry, so one slow renewal does not lose the rooms.
    fn renew_every(&self) -> Duration {
        self.lease_ttl / 5
    }

    fn sweep_every(&self) -> Duration {
        Duration::from_secs(1).min(self.lease_ttl / 2)
    }

    fn heartbeat_every(&self) -> Duration {
        Duration::from_secs(1)
    }

    /// A node silent this long is gone: its connections leave the rooms run here.
    fn gone_after(&self) -> Duration {
        Duration::from_secs(4).max(self.lease_ttl * 4 / 5)
    }
}

/// How many rooms the sweep takes over at once: each uses a database connection while it loads,
/// and half the default pool leaves room for the moves of the rooms already here.
const TAKE_OVER_AT_ONCE: usize = 4;

/// How long a forwarded command waits for the owner's answer.
const FORWARD_TIMEOUT: Duration = Duration::from_secs(3);

/// This node's part in the cluster.
pub struct Cluster {
    pub leases: Leases,
    nats: async_nats::Client,
    subjects: wire::Subjects,
    /// Where the rooms run here put frames for other nodes' connections (one link, shared by
    /// every remote connection).
    link: Arc<FrameLink>,
    timing: Timing,
    /// This node's connections, by id: where frames from rooms run elsewhere are delivered.
    conns: Mutex<HashMap<ConnId, Conn>>,
    /// Where rooms not run here are run, as last heard.
    owners: Mutex<HashMap<String, Uuid>>,
    /// The public info of rooms run elsewhere, with their node.
    infos: Mutex<HashMap<String, (Uuid, RoomInfo)>>,
    /// What sessions join again: a room that moved, or every room elsewhere after a break in the
    /// link ([`resync`]).
    rejoins: broadcast::Sender<Rejoin>,
    /// Other nodes, when last heard from.
    alive: Mutex<HashMap<Uuid, Instant>>,
    /// Nodes given up for gone, and when: told to rejoin if heard again ([`resync`]).
    gone: Mutex<HashMap<Uuid, Instant>>,
    /// The NATS connection's events (connected, disconnected), until [`Cluster::start`] follows
    /// them.
    link_events: Mutex<Option<mpsc::UnboundedReceiver<async_nats::Event>>>,
    /// A rejoin of every room elsewhere that is due ([`resync`]).
    rejoin_due: resync::RejoinDue,
    /// Wakes the sweep at once (a node let its leases go).
    sweep_now: Notify,
    /// Requests other nodes forwarded, queued per room (see [`inbound`]).
    inbound: inbound::Queues,
}

impl Cluster {
    /// Connects to NATS at `url`, as node `leases.node` of cluster `name`.
    pub async fn connect(
        url: &str,
        name: &str,
        leases: Leases,
        timing: Timing,
    ) -> Result<Cluster, String> {
        let subjects = wire::Subjects::new(name);
        let (events, link_events) = mpsc::unbounded_channel();
        let nats = async_nats::ConnectOptions::new()
            .name(format!("plateau {}", leases.node))
            .request_timeout(Some(FORWARD_TIMEOUT))
            .event_callback(move |event| {
                let events = events.clone();
                async move {
                    // None listening: the cluster is stopping.
                    let _ = events.send(event);
                }
            })
            .connect(url)
            .await
            .map_err(|e| format!("NATS at {url}: {e}"))?;
        Ok(Cluster {
            leases,
            link: Arc::new(FrameLink::start(nats.clone(), subjects.clone())),
            subjects,
            nats,
            timing,
            conns: Mutex::default(),
            owners: Mutex::default(),
            infos: Mutex::default(),
            rejoins: broadcast::channel(1024).0,
            alive: Mutex::default(),
            gone: Mutex::default(),
            link_events: Mutex::new(Some(link_events)),
            rejoin_due: resync::RejoinDue::default(),
            sweep_now: Notify::new(),
            inbound: inbound::Queues::default(),
        })
    }

    pub fn node(&self) -> Uuid {
        self.leases.node
    }

    /// Whether NATS is connected now (for `/readyz`).
    pub fn connected(&self) -> bool {
        self.nats.connection_state() == async_nats::connection::State::Connected
    }

    /// Subscribes to every subject this node answers, then runs the loops (inbound commands and
    /// frames, moves, infos, revocations and blocks, heartbeats, lease renewal and the failover
    /// sweep) until `stop`.
    pub async fn start(
        self: &Arc<Self>,
        rooms: Arc<dyn RoomsHere>,
        sockets: Arc<Revocations>,
        block_lists: Arc<BlockLists>,
        events: Arc<crate::events::PlayerEvents>,
        stop: CancellationToken,
    ) -> Result<(), String> {
        let node = self.node();
        let subscribe = |subject: String| {
            let nats = self.nats.clone();
            async move {
                nats.subscribe(subject.clone())
                    .await
                    .map_err(|e| format!("NATS subscribe {subject}: {e}"))
            }
        };
        let commands = subscribe(self.subjects.rooms(node)).await?;
        let questions = subscribe(self.subjects.ask(node)).await?;
        let frames = subscribe(self.subjects.conns(node)).await?;
        let moved = subscribe(self.subjects.moved()).await?;
        let infos = subscribe(self.subjects.info()).await?;
        let dumps = subscribe(self.subjects.info_dump()).await?;
        let alive = subscribe(self.subjects.alive()).await?;
        let released = subscribe(self.subjects.released()).await?;
        let revoked = subscribe(self.subjects.revoked()).await?;
        let blocks = subscribe(self.subjects.blocks()).await?;
        let player_events = subscribe(self.subjects.events()).await?;
        let resyncs = subscribe(self.subjects.resync()).await?;
        let spawn = |work: std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>| {
            let stop = stop.clone();
            tokio::spawn(async move {
                tokio::select! {
                    _ = work => {}
                    _ = stop.cancelled() => {}
                }
            });
        };
        spawn(Box::pin(
            self.clone().serve_commands(commands, rooms.clone()),
        ));
        spawn(Box::pin(
            self.clone().serve_questions(questions, rooms.clone()),
        ));
        spawn(Box::pin(self.clone().deliver_frames(frames)));
        spawn(Box::pin(self.clone().follow_moves(moved)));
        spawn(Box::pin(self.clone().follow_infos(infos)));
        spawn(Box::pin(self.clone().answer_dumps(dumps, rooms.clone())));
        spawn(Box::pin(self.clone().follow_nodes(
            alive,
            released,
            rooms.clone(),
        )));
        spawn(Box::pin(
            self.clone().follow_resyncs(resyncs, rooms.clone()),
        ));
        spawn(Box::pin(self.clone().gather_rejoins()));
        if let Some(events) = self.link_events.lock().expect("link events lock").take() {
            spawn(Box::pin(self.clone().follow_link(events, rooms.clone())));
        }
        spawn(Box::pin(self.clone().follow_revocations(
            revoked,
            sockets,
            rooms.clone(),
        )));
        spawn(Box::pin(self.clone().follow_blocks(blocks, block_lists)));
        spawn(Box::pin(self.clone().follow_events(player_events, events)));
        spawn(Box::pin(self.clone().heartbeat(rooms.clone())));
        spawn(Box::pin(self.clone().renew(rooms.clone())));
        spawn(Box::pin(self.clone().sweep(rooms)));
        // The rooms other nodes run, for this node's lobby.
        self.publish(self.subjects.info_dump(), &NodeNote { node })
            .await;
        Ok(())
    }

    async fn publish(&self, subject: String, message: &impl Serialize) {
        let payload = Bytes::from(serde_json::to_vec(message).expect("messages serialise"));
        if let Err(e) = self.nats.publish(subject.clone(), payload).await {
            tracing::warn!(error = %e, %subject, "NATS publish failed");
        }
    }

    /// [`Cluster::publish`], sent now rather than with the next batch: news a caller answers
    /// after (a revocation, a block).
    async fn publish_now(&self, subject: String, message: &impl Serialize) {
        self.publish(subject, message).await;
        if let Err(e) = self.nats.flush().await {
            tracing::warn!(error = %e, "NATS flush failed");
        }
    }

    // --- Connections of this node ---

    /// A session of this node: frames from rooms run elsewhere reach it from now on.
    pub fn register(&self, conn: &Conn) {
        self.conns
            .lock()
            .expect("conns lock")
            .insert(conn.id, conn.clone());
    }

    pub fn unregister(&self, conn: ConnId) {
        self.conns.lock().expect("conns lock").remove(&conn);
    }

    /// What a session joins again: rooms that moved, or every room elsewhere after a break.
    pub fn rejoins(&self) -> broadcast::Receiver<Rejoin> {
        self.rejoins.subscribe()
    }

    async fn deliver_frames(self: Arc<Self>, mut frames: async_nats::Subscriber) {
        while let Some(message) = frames.next().await {
            let Some((id, text)) = link::parse(&message.payload) else {
                continue;
            };
            let conn = self.conns.lock().expect("conns lock").get(&id).cloned();
            // Unknown: the session has just ended (its rooms are being told).
            if let Some(conn) = conn {
                conn.send_text(text);
            }
        }
    }

    // --- Commands for rooms ---

    /// Where room `code` runs, as last heard (None: ask the database).
    pub fn owner_of(&self, code: &str) -> Option<Uuid> {
        self.owners.lock().expect("owners lock").get(code).copied()
    }

    pub fn note_owner(&self, code: &str, node: Uuid) {
        self.owners
            .lock()
            .expect("owners lock")
            .insert(code.to_string(), node);
    }

    pub fn forget_owner(&self, code: &str) {
        self.owners.lock().expect("owners lock").remove(code);
    }

    /// Sends `request` (from `conn`, of this node) to room `room` run by `node`; returns once the
    /// owner queued it (and, for a rematch, once `reply` has its answer).
    pub async fn forward(
        &self,
        node: Uuid,
        room: &str,
        conn: &Conn,
        request: Request,
        reply: Option<TicketReply>,
    ) -> Result<(), ForwardError> {
        let message = Forwarded {
            room: room.to_string(),
            node: self.node(),
            conn: conn.id,
            player: conn.player.clone(),
            legal: conn.legal,
            agent: conn.agent,
            request,
        };
        METRICS.frames_forwarded.inc();
        match self
            .ask_node(self.subjects.rooms(node), room, &message)
            .await?
        {
            Delivered::Queued => Ok(()),
            Delivered::Ticket { ticket } => {
                if let Some(reply) = reply {
                    let _ = reply.send(ticket);
                }
                Ok(())
            }
            _ => Err(ForwardError::Failed),
        }
    }

    /// Asks `moderation` of room `room` run by `node` (a REST call of this node); returns the
    /// room's answer.
    pub async fn moderate(
        &self,
        node: Uuid,
        room: &str,
        moderation: Moderation,
    ) -> Result<Answer, ForwardError> {
        let message = Asked {
            room: room.to_string(),
            moderation,
        };
        match self
            .ask_node(self.subjects.ask(node), room, &message)
            .await?
        {
            Delivered::Moderated { answer } => Ok(answer),
            _ => Err(ForwardError::Failed),
        }
    }

    /// Sends `message` about room `room` to the node of `subject`, and reads its answer: what the
    /// room's node says of it (the room is not there, or unknown) is an error; any other answer
    /// is the caller's to read.
    async fn ask_node(
        &self,
        subject: String,
        room: &str,
        message: &impl Serialize,
    ) -> Result<Delivered, ForwardError> {
        let payload = Bytes::from(serde_json::to_vec(message).expect("messages serialise"));
        let answer = self.nats.request(subject, payload).await.map_err(|e| {
            tracing::debug!(error = %e, room, "a command forwarded to another node was not answered");
            ForwardError::NoAnswer
        })?;
        match decode::<Delivered>(&answer.payload) {
            Some(Delivered::NotHere) => Err(ForwardError::NotHere),
            Some(Delivered::Unknown) => Err(ForwardError::Unknown),
            Some(Delivered::Failed) | None => Err(ForwardError::Failed),
            Some(answer) => Ok(answer),
        }
    }

    async fn answer(&self, reply_to: async_nats::Subject, answer: &Delivered) {
        let payload = Bytes::from(serde_json::to_vec(answer).expect("answers serialise"));
        if let Err(e) = self.nats.publish(reply_to, payload).await {
            tracing::warn!(error = %e, "could not answer a forwarded command");
        }
    }

    // --- Rooms moving between nodes ---

    /// Tells every node that this node runs room `code` now.
    pub async fn announce_move(&self, code: &str) {
        let moved = Moved {
            room: code.to_string(),
            node: self.node(),
        };
        self.publish(self.subjects.moved(), &moved).await;
    }

    /// A room stopped here because another node took it: this node's connections that joined it
    /// join it again where it runs now (asked of the database, not of what was heard).
    pub fn lost(&self, code: &str) {
        self.forget_owner(code);
        let _ = self.rejoins.send(Rejoin::Room(code.to_string()));
    }

    async fn follow_moves(self: Arc<Self>, mut moves: async_nats::Subscriber) {
        while let Some(message) = moves.next().await {
            let Some(moved) = decode::<Moved>(&message.payload) else {
                continue;
            };
            if moved.node == self.node() {
                self.forget_owner(&moved.room);
            } else {
                self.note_owner(&moved.room, moved.node);
            }
            // No session listening is fine.
            let _ = self.rejoins.send(Rejoin::Room(moved.room));
        }
    }

    // --- Rooms' public info ---

    /// Publishes the info of a room run here (None: it stopped here).
    pub async fn share_info(&self, code: &str, info: Option<RoomInfo>) {
        let update = InfoUpdate {
            node: self.node(),
            code: code.to_string(),
            info,
        };
        self.publish(self.subjects.info(), &update).await;
    }

    /// The info of room `code` if another node runs it.
    pub fn remote_info(&self, code: &str) -> Option<RoomInfo> {
        self.infos
            .lock()
            .expect("infos lock")
            .get(code)
            .map(|(_, info)| info.clone())
    }

    /// The infos of rooms run elsewhere that `keep` selects.
    pub fn remote_infos(&self, keep: impl Fn(&RoomInfo) -> bool) -> Vec<RoomInfo> {
        self.infos
            .lock()
            .expect("infos lock")
            .values()
            .filter(|(_, info)| keep(info))
            .map(|(_, info)| info.clone())
            .collect()
    }

    async fn follow_infos(self: Arc<Self>, mut updates: async_nats::Subscriber) {
        while let Some(message) = updates.next().await {
            let Some(update) = decode::<InfoUpdate>(&message.payload) else {
                continue;
            };
            if update.node == self.node() {
                continue;
            }
            let mut infos = self.infos.lock().expect("infos lock");
            match update.info {
                Some(info) => {
                    infos.insert(update.code, (update.node, info));
                }
                // Only if it is still that node's: the room may have moved meanwhile.
                None => {
                    if infos
                        .get(&update.code)
                        .is_some_and(|(n, _)| *n == update.node)
                    {
                        infos.remove(&update.code);
                    }
                }
            }
        }
    }

    async fn answer_dumps(
        self: Arc<Self>,
        mut dumps: async_nats::Subscriber,
        rooms: Arc<dyn RoomsHere>,
    ) {
        while let Some(message) = dumps.next().await {
            let asker = decode::<NodeNote>(&message.payload).map(|n| n.node);
            if asker == Some(self.node()) {
                continue;
            }
            self.share_infos(&*rooms).await;
        }
    }

    /// Publishes the info of every room run here again.
    async fn share_infos(&self, rooms: &dyn RoomsHere) {
        for info in rooms.infos() {
            self.share_info(&info.code.clone(), Some(info)).await;
        }
    }

    // --- Nodes ---

    async fn heartbeat(self: Arc<Self>, rooms: Arc<dyn RoomsHere>) {
        let mut every = tokio::time::interval(self.timing.heartbeat_every());
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            self.publish(self.subjects.alive(), &NodeNote { node: self.node() })
                .await;
            // While this node's own link is down it hears nobody: that is no sign of the others.
            if !self.connected() {
                continue;
            }
            let now = Instant::now();
            let gone: Vec<Uuid> = {
                let mut alive = self.alive.lock().expect("alive lock");
                let gone = alive
                    .iter()
                    .filter(|(_, seen)| now.duration_since(**seen) > self.timing.gone_after())
                    .map(|(node, _)| *node)
                    .collect::<Vec<_>>();
                for node in &gone {
                    alive.remove(node);
                }
                gone
            };
            for node in gone {
                self.give_up(node, &*rooms);
            }
        }
    }

    /// Forgets what was heard of a node that is gone.
    fn forget_node(&self, node: Uuid) {
        self.owners
            .lock()
            .expect("owners lock")
            .retain(|_, owner| *owner != node);
        self.infos
            .lock()
            .expect("infos lock")
            .retain(|_, (owner, _)| *owner != node);
    }

    async fn follow_nodes(
        self: Arc<Self>,
        mut alive: async_nats::Subscriber,
        mut released: async_nats::Subscriber,
        rooms: Arc<dyn RoomsHere>,
    ) {
        loop {
            tokio::select! {
                Some(message) = alive.next() => {
                    if let Some(note) = decode::<NodeNote>(&message.payload) {
                        if note.node != self.node() {
                            self.heard(note.node, &*rooms).await;
                        }
                    }
                }
                Some(message) = released.next() => {
                    if let Some(note) = decode::<NodeNote>(&message.payload) {
                        if note.node != self.node() {
                            self.forget_node(note.node);
                            self.sweep_now.notify_one();
                        }
                    }
                }
                else => return,
            }
        }
    }

    // --- Leases ---

    /// Renews the leases of the rooms running here; stops those whose lease another node took.
    async fn renew(self: Arc<Self>, rooms: Arc<dyn RoomsHere>) {
        let mut every = tokio::time::interval(self.timing.renew_every());
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let running = rooms.running();
            match self.leases.renew(&running).await {
                Ok(held) => rooms.stop_unheld(&running, &held),
                Err(e) => tracing::warn!(error = %e, "could not renew leases"),
            }
        }
    }

    /// Takes over live rooms that no node runs (their node died, froze, or stopped).
    async fn sweep(self: Arc<Self>, rooms: Arc<dyn RoomsHere>) {
        let mut every = tokio::time::interval(self.timing.sweep_every());
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut more = false;
        loop {
            // A full batch means more are waiting (a cluster starting, a big node gone): on at once.
            if !more {
                tokio::select! {
                    _ = every.tick() => {}
                    _ = self.sweep_now.notified() => {}
                }
            }
            let orphans = match self.leases.orphans().await {
                Ok(orphans) => orphans,
                Err(e) => {
                    tracing::warn!(error = %e, "could not look for rooms to take over");
                    more = false;
                    continue;
                }
            };
            more = orphans.len() as i64 >= leases::SWEEP_BATCH;
            // Several at once: a stopped node's rooms each wait for a few database round trips,
            // and their players wait for all of them.
            futures_util::stream::iter(orphans)
                .for_each_concurrent(TAKE_OVER_AT_ONCE, |code| {
                    let rooms = rooms.clone();
                    async move {
                        match rooms.take_over(&code).await {
                            Ok(true) => {
                                METRICS.leases_taken_over.inc();
                                tracing::info!(room = %code, "room taken over");
                            }
                            Ok(false) => {}
                            Err(e) => {
                                tracing::warn!(room = %code, error = %e, "could not take a room over")
                            }
                        }
                    }
                })
                .await;
        }
    }

    /// A graceful stop: lets every lease go at once and says so, after the rooms stopped here.
    pub async fn leave(&self) {
        match self.leases.release_all().await {
            Ok(rooms) => tracing::info!(rooms, "leases let go"),
            Err(e) => tracing::warn!(error = %e, "could not let the leases go: they expire"),
        }
        self.publish(self.subjects.released(), &NodeNote { node: self.node() })
            .await;
        let _ = self.nats.flush().await;
    }
}

fn decode<T: DeserializeOwned>(payload: &[u8]) -> Option<T> {
    match serde_json::from_slice(payload) {
        Ok(value) => Some(value),
        Err(e) => {
            tracing::warn!(error = %e, "an unreadable message from another node");
            None
        }
    }
}
