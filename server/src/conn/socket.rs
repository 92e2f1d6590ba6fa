//! The socket of one WebSocket connection, shared by its session (which reads it) and whoever
//! sends it a frame (a room, usually), with the queue of frames the socket could not take yet.
//!
//! A frame goes straight to the socket from the task that sends it when no writer task is running
//! and the socket takes it at once. Otherwise it is queued, and a writer task is started if none
//! runs; the writer drains the queue, waiting on the socket as long as it must, and ends once the
//! queue is empty and everything is flushed. Why: at human pace each move is alone, and a frame
//! handed to a long-lived writer task woke that task, often on the other runtime worker (Tokio
//! wakes a parked worker to steal the second task a room wakes, as a move's two patches do); and
//! an idle connection held that task and its queue (`bench/README.md`, issue 30).
//!
//! **Order.** Frames reach the socket in the order they were sent to it: a sender writes straight
//! only when no writer runs, which means the queue is empty and flushed, and a writer runs from the
//! first frame queued until it leaves the queue empty, both decided under the lock every write holds.
//!
//! **Wakers.** A straight write polls the socket with a waker that wakes nothing: the sender does
//! not wait. Only a writer ever waits for the socket to take its bytes, and while it runs nobody
//! else polls the write side and replaces its waker. A straight write the socket could not take
//! whole leaves the rest to a writer (a queued flush).
//!
//! **Text beside tungstenite.** A text frame is written through the socket's [`Gate`], not through
//! tungstenite (whose write buffer would keep the largest frame's capacity for good): the gate is
//! handed a frame only once tungstenite's flush has completed, so nothing of tungstenite's is
//! waiting before it. Pings and the close go through tungstenite.
//!
//! **Chat held back.** Chat lines (a `chat` frame, a `recent` one) always go through the writer,
//! which holds back those of players the recipient blocks ([`super::blocked`], with the list
//! pushed to it).

use futures_util::{Sink, Stream};
use hyper_util::rt::TokioIo;
use std::collections::VecDeque;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, Waker};
use tokio::task::JoinHandle;
use tokio_tungstenite::WebSocketStream;
use tungstenite::{Message, Utf8Bytes};

use super::blocked::BlockedSenders;
use super::gate::Gate;
use super::may_be_held_back;

/// A connection's WebSocket, over the gate its text frames are written through.
pub type WebSocket = WebSocketStream<Gate<TokioIo<hyper::upgrade::Upgraded>>>;

/// What became of a frame sent to the socket.
#[derive(Debug, PartialEq, Eq)]
pub enum Sent {
    /// Written, or queued for the writer.
    Yes,
    /// Refused: the queue is full, the client does not keep up (it is to be disconnected).
    TooSlow,
    /// Refused: the connection is closed or broken.
    Gone,
}

/// A WebSocket behind a lock held only for the length of one poll (never across a wait).
pub struct Socket {
    inner: Mutex<Inner>,
}

struct Inner {
    /// None once the session has ended: the connection is then closed, whoever still holds
    /// this socket (a room may hold a connection a little longer).
    ws: Option<WebSocket>,
    /// Frames for the writer, in order.
    queue: VecDeque<Queued>,
    /// The most frames the queue holds: a client further behind is too slow.
    limit: usize,
    /// A writer task runs (from the first frame queued until the queue is empty and flushed);
    /// its handle, until the session takes it to wait for the close.
    writing: bool,
    writer: Option<JoinHandle<()>>,
    /// The writer's filter of chat lines, kept here between writers (the writer holds it while
    /// it runs).
    blocked: Option<BlockedSenders>,
    /// Nothing more is written: the close was queued, or the socket broke.
    stopped: bool,
    /// Frames are held in the queue, without a writer, to leave together once uncorked
    /// ([`Socket::cork`]).
    corked: bool,
}

enum Queued {
    /// A frame to write (text, ping, or the close that ends the writing).
    Frame(Message),
    /// Finish a straight write the socket did not take whole.
    Flush,
}

impl std::fmt::Debug for Socket {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Socket")
    }
}

impl Socket {
    /// `limit`: the most frames queued before the client counts as too slow. The box the socket
    /// came in is freed here (a moved-out box held by the session would live as long as it).
    pub fn new(ws: Box<WebSocket>, blocked: BlockedSenders, limit: usize) -> Arc<Self> {
        Arc::new(Socket {
            inner: Mutex::new(Inner {
                ws: Some(*ws),
                queue: VecDeque::new(),
                limit,
                writing: false,
                writer: None,
                blocked: Some(blocked),
                stopped: false,
                corked: false,
            }),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // Nothing is left half-changed by a panic while the lock is held (a poll of the socket).
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The next message from the client (None: the connection is over).
    pub async fn next(&self) -> Option<Result<Message, tungstenite::Error>> {
        std::future::poll_fn(|cx| {
            let mut inner = self.lock();
            let Some(ws) = inner.ws.as_mut() else {
                return Poll::Ready(None);
            };
            let next = std::task::ready!(Pin::new(ws).poll_next(cx));
            if let Some(Ok(Message::Close(_))) = next {
                // tungstenite answers the client's close itself; nothing may follow the answer.
                inner.stop();
            }
            Poll::Ready(next)
        })
        .await
    }

    /// Sends a text frame: straight to the socket if it can, else queued.
    pub fn send_text(self: &Arc<Self>, text: Utf8Bytes) -> Sent {
        let straight = !may_be_held_back(&text);
        self.send(Message::Text(text), straight)
    }

    /// Sends a ping.
    pub fn ping(self: &Arc<Self>) -> Sent {
        self.send(Message::Ping(Default::default()), true)
    }

    fn send(self: &Arc<Self>, message: Message, straight: bool) -> Sent {
        let mut inner = self.lock();
        if inner.stopped {
            return Sent::Gone;
        }
        let queued = if straight && !inner.writing && !inner.corked {
            let Some(ws) = inner.ws.as_mut() else {
                return Sent::Gone;
            };
            let mut message = Some(message);
            let taken = |ws: &mut WebSocket| hand_over(ws, message.take().expect("handed once"));
            match write_now(ws, taken) {
                Now::Written => return Sent::Yes,
                Now::Broken => {
                    inner.stop();
                    return Sent::Gone;
                }
                Now::Busy => Queued::Frame(message.expect("not handed over")),
                Now::Unflushed => Queued::Flush,
            }
        } else {
            Queued::Frame(message)
        };
        if inner.queue.len() >= inner.limit {
            return Sent::TooSlow;
        }
        inner.queue.push_back(queued);
        if !(straight && inner.corked) {
            self.start_writer(&mut inner);
        }
        Sent::Yes
    }

    /// Holds the frames sent from now on, to be written together, in one write, by
    /// [`Socket::uncork`] (a move's patch and its ack). Why: each write is a send on the socket
    /// and a wake-up of the client; at human pace each move is alone, so every one counts.
    /// A frame that must go through a writer (chat) starts one, which writes whatever is held.
    pub fn cork(&self) {
        self.lock().corked = true;
    }

    /// Writes the frames held since [`Socket::cork`], in one write if the socket takes them at
    /// once; otherwise a writer writes them.
    pub fn uncork(self: &Arc<Self>) {
        let mut inner = self.lock();
        inner.corked = false;
        if inner.writing || inner.stopped || inner.queue.is_empty() {
            return;
        }
        let texts: Option<Vec<Utf8Bytes>> = inner
            .queue
            .iter()
            .map(|queued| match queued {
                Queued::Frame(Message::Text(text)) => Some(text.clone()),
                _ => None,
            })
            .collect();
        // Anything but text (a ping sent meanwhile) goes the writer's way, in order.
        let Some(texts) = texts else {
            self.start_writer(&mut inner);
            return;
        };
        let Some(ws) = inner.ws.as_mut() else {
            inner.stop();
            return;
        };
        let together = |ws: &mut WebSocket| {
            let gate = ws.get_mut();
            gate.put_texts(&texts)
                .map_err(|_| tungstenite::Error::ConnectionClosed)
        };
        match write_now(ws, together) {
            Now::Written => inner.queue.clear(),
            Now::Broken => inner.stop(),
            Now::Busy => self.start_writer(&mut inner),
            Now::Unflushed => {
                inner.queue.clear();
                inner.queue.push_back(Queued::Flush);
                self.start_writer(&mut inner);
            }
        }
    }

    fn start_writer(self: &Arc<Self>, inner: &mut Inner) {
        if !inner.writing {
            inner.writing = true;
            inner.writer = Some(tokio::spawn(write_queued(self.clone())));
        }
    }

    /// Queues `close` (a close frame), after everything queued, and ends the writing; the writer
    /// that will send it, to wait for (None: the socket is already stopped).
    pub fn queue_close(self: &Arc<Self>, close: Message) -> Option<JoinHandle<()>> {
        let mut inner = self.lock();
        if inner.stopped {
            return None;
        }
        inner.queue.push_back(Queued::Frame(close));
        self.start_writer(&mut inner);
        inner.stopped = true;
        inner.writer.take()
    }

    /// Closes the connection (the session is over), whoever still holds the socket.
    pub fn close(&self) {
        let mut inner = self.lock();
        inner.stop();
        if let Some(writer) = inner.writer.take() {
            writer.abort();
        }
        inner.ws = None;
    }

    /// A writer's write of a queued frame: waits until the socket has taken everything before it,
    /// then hands it over.
    async fn feed(&self, message: Message) -> Result<(), tungstenite::Error> {
        let mut message = Some(message);
        std::future::poll_fn(|cx| {
            let mut inner = self.lock();
            let Some(ws) = inner.ws.as_mut() else {
                return Poll::Ready(Err(tungstenite::Error::AlreadyClosed));
            };
            std::task::ready!(poll_flushed(ws, cx))?;
            let message = message.take().expect("polled once more after Ready");
            Poll::Ready(hand_over(ws, message))
        })
        .await
    }

    /// A writer's flush: waits until the socket has taken everything handed to it.
    async fn flush(&self) -> Result<(), tungstenite::Error> {
        std::future::poll_fn(|cx| match self.lock().ws.as_mut() {
            Some(ws) => poll_flushed(ws, cx),
            None => Poll::Ready(Ok(())),
        })
        .await
    }
}

impl Inner {
    /// Nothing more is written or queued.
    fn stop(&mut self) {
        self.stopped = true;
        self.queue.clear();
    }
}

/// What a straight write did.
enum Now {
    Written,
    /// Handed to the socket, which could not take all of it yet.
    Unflushed,
    /// The socket cannot take anything now: nothing was handed over.
    Busy,
    Broken,
}

/// Hands the socket what `hand_over` gives it, if the socket has taken everything before, and
/// writes it, without waiting.
fn write_now(
    ws: &mut WebSocket,
    hand_over: impl FnOnce(&mut WebSocket) -> Result<(), tungstenite::Error>,
) -> Now {
    let mut cx = Context::from_waker(Waker::noop());
    match poll_flushed(ws, &mut cx) {
        Poll::Ready(Ok(())) => {}
        Poll::Ready(Err(_)) => return Now::Broken,
        Poll::Pending => return Now::Busy,
    }
    if hand_over(ws).is_err() {
        return Now::Broken;
    }
    match poll_flushed(ws, &mut cx) {
        Poll::Ready(Ok(())) => Now::Written,
        Poll::Ready(Err(_)) => Now::Broken,
        Poll::Pending => Now::Unflushed,
    }
}

/// Flushes the socket: ready once tungstenite and the gate have written everything handed to
/// them. tungstenite answers the flush of a connection past its close as done without writing
/// anything: a frame left in the gate then means that the connection is closing.
fn poll_flushed(ws: &mut WebSocket, cx: &mut Context<'_>) -> Poll<Result<(), tungstenite::Error>> {
    std::task::ready!(Pin::new(&mut *ws).poll_flush(cx))?;
    Poll::Ready(if ws.get_ref().is_writing() {
        Err(tungstenite::Error::ConnectionClosed)
    } else {
        Ok(())
    })
}

/// Hands `message` to a socket whose flush has just completed: a text frame to its gate, anything
/// else to tungstenite. Written by the next flush.
fn hand_over(ws: &mut WebSocket, message: Message) -> Result<(), tungstenite::Error> {
    match message {
        Message::Text(text) => ws
            .get_mut()
            .put_text(text)
            .map_err(|_| tungstenite::Error::ConnectionClosed),
        other => Pin::new(ws).start_send(other),
    }
}

/// The writer task: writes the queued frames in order, holding back the chat of players the
/// recipient blocks; ends when the queue is empty and flushed, or after the close, or when the
/// socket breaks.
async fn write_queued(socket: Arc<Socket>) {
    let mut blocked = socket.lock().blocked.take();
    loop {
        let next = socket.lock().queue.pop_front();
        let written = match next {
            None => match socket.flush().await {
                Ok(()) => {
                    let mut inner = socket.lock();
                    if inner.queue.is_empty() {
                        inner.writing = false;
                        inner.writer = None;
                        inner.blocked = blocked;
                        return;
                    }
                    continue;
                }
                Err(e) => Err(e),
            },
            // Flushed once the queue is empty.
            Some(Queued::Flush) => Ok(()),
            Some(Queued::Frame(Message::Text(text))) => {
                let passed = match blocked.as_mut() {
                    Some(blocked) => blocked.pass(text).await,
                    None => Some(text),
                };
                match passed {
                    Some(text) => socket.feed(Message::Text(text)).await,
                    None => Ok(()),
                }
            }
            Some(Queued::Frame(close @ Message::Close(_))) => {
                if socket.feed(close).await.is_ok() {
                    let _ = socket.flush().await;
                }
                break;
            }
            Some(Queued::Frame(other)) => socket.feed(other).await,
        };
        if written.is_err() {
            break;
        }
    }
    let mut inner = socket.lock();
    inner.stop();
    inner.writing = false;
}
