//! Requests that other nodes forward for rooms run here, served per room: each room's requests in
//! the order they came (so one connection's frames stay in order), and each room apart from the
//! others, so that a room being loaded from the database delays only its own requests, never every
//! other room's remote players. A room's queue and its task exist only while it has requests.
//!
//! Questions for rooms here from REST calls of other nodes (a moderator's, a report's) are few:
//! each is answered by a task of its own once its room has answered.

use futures_util::StreamExt;
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

use super::rooms_here::{RoomsHere, Taken};
use super::wire::{Asked, Delivered, Forwarded};
use super::{decode, Cluster};
use crate::conn::Conn;
use crate::rooms::{Request, RoomCode};

/// A forwarded request, and where its answer goes.
type Inbound = (Forwarded, async_nats::Subject);

/// The queues of the rooms that have requests waiting, by room code.
#[derive(Default)]
pub(super) struct Queues(Mutex<HashMap<String, mpsc::UnboundedSender<Inbound>>>);

impl Cluster {
    /// Requests from other nodes' connections, handed to their rooms' queues as they come.
    pub(super) async fn serve_commands(
        self: Arc<Self>,
        commands: async_nats::Subscriber,
        rooms: Arc<dyn RoomsHere>,
    ) {
        let take = |forwarded: Forwarded, reply_to| self.queue((forwarded, reply_to), &rooms);
        self.each_request(commands, take).await;
    }

    /// Questions from other nodes' REST calls, each answered once its room has answered.
    pub(super) async fn serve_questions(
        self: Arc<Self>,
        questions: async_nats::Subscriber,
        rooms: Arc<dyn RoomsHere>,
    ) {
        let ask = |asked: Asked, reply_to| {
            let (cluster, rooms) = (self.clone(), rooms.clone());
            tokio::spawn(async move {
                let answer = match rooms.moderate(&asked.room, asked.moderation).await {
                    Ok(answer) => Delivered::Moderated { answer },
                    Err(taken) => taken.into(),
                };
                cluster.answer(reply_to, &answer).await;
            });
        };
        self.each_request(questions, ask).await;
    }

    /// Hands each request on `requests` that reads as a `T` to `take`, with where its answer
    /// goes; one that does not read is answered `failed`.
    async fn each_request<T: DeserializeOwned>(
        &self,
        mut requests: async_nats::Subscriber,
        mut take: impl FnMut(T, async_nats::Subject),
    ) {
        while let Some(message) = requests.next().await {
            let Some(reply_to) = message.reply.clone() else {
                continue;
            };
            match decode::<T>(&message.payload) {
                Some(request) => take(request, reply_to),
                None => self.answer(reply_to, &Delivered::Failed).await,
            }
        }
    }

    /// Puts a request in its room's queue, starting the queue's task if the room has none.
    fn queue(self: &Arc<Self>, inbound: Inbound, rooms: &Arc<dyn RoomsHere>) {
        let code = String::from(RoomCode::new(&inbound.0.room));
        let mut queues = self.inbound.0.lock().expect("inbound queues lock");
        // A queue is removed under this lock once it is empty, before its task ends: a send to a
        // queue in the map reaches a task that will serve it.
        let inbound = match queues.get(&code) {
            Some(queue) => match queue.send(inbound) {
                Ok(()) => return,
                Err(mpsc::error::SendError(inbound)) => inbound,
            },
            None => inbound,
        };
        let (queue, requests) = mpsc::unbounded_channel();
        queue.send(inbound).expect("the receiver is here");
        queues.insert(code.clone(), queue);
        tokio::spawn(self.clone().serve_room(code, requests, rooms.clone()));
    }

    /// Serves one room's queue in order until it is empty.
    async fn serve_room(
        self: Arc<Self>,
        code: String,
        mut requests: mpsc::UnboundedReceiver<Inbound>,
        rooms: Arc<dyn RoomsHere>,
    ) {
        loop {
            while let Ok((forwarded, reply_to)) = requests.try_recv() {
                self.take(forwarded, reply_to, &*rooms).await;
            }
            let mut queues = self.inbound.0.lock().expect("inbound queues lock");
            if requests.is_empty() {
                queues.remove(&code);
                return;
            }
        }
    }

    /// Queues a forwarded request in its room, and answers the sending node: at once, or for a
    /// rematch once the room has decided.
    async fn take(
        self: &Arc<Self>,
        forwarded: Forwarded,
        reply_to: async_nats::Subject,
        rooms: &dyn RoomsHere,
    ) {
        let conn = Conn::remote(
            forwarded.conn,
            forwarded.player,
            forwarded.legal,
            forwarded.agent,
            forwarded.node,
            self.link.clone(),
        );
        let is_rematch = matches!(forwarded.request, Request::Rematch);
        let (reply, ticket) = tokio::sync::oneshot::channel();
        let reply = is_rematch.then_some(reply);
        let answer = match rooms
            .take(&forwarded.room, conn, forwarded.request, reply)
            .await
        {
            Taken::Queued if is_rematch => {
                let cluster = self.clone();
                tokio::spawn(async move {
                    let ticket = ticket.await.unwrap_or(None);
                    cluster
                        .answer(reply_to, &Delivered::Ticket { ticket })
                        .await;
                });
                return;
            }
            taken => taken.into(),
        };
        self.answer(reply_to, &answer).await;
    }
}

impl From<Taken> for Delivered {
    fn from(taken: Taken) -> Delivered {
        match taken {
            Taken::Queued => Delivered::Queued,
            Taken::NotHere => Delivered::NotHere,
            Taken::Unknown => Delivered::Unknown,
            Taken::Failed => Delivered::Failed,
        }
    }
}
