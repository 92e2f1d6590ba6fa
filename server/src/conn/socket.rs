//! The socket of one WebSocket connection, shared by its session (which reads it), its writer
//! task, and whoever sends it a frame (a room, usually).
//!
//! A frame goes straight to the socket from the task that sends it when nothing queued is ahead
//! of it and the socket takes it at once; otherwise it is queued for the connection's writer task,
//! as every frame once was. Why: at human pace each move is alone, and a frame handed to a writer
//! task wakes that task, often on the other runtime worker (Tokio wakes a parked worker to steal
//! the second task a room wakes, as a move's two patches do). Written straight, a move's frames
//! leave from the room's own turn, with no task woken (`bench/README.md`, issue 30).
//!
//! **Order.** Frames from one sender reach the socket in the order sent. A sender writes straight
//! only when no frame is queued or in the writer's hands (`queued == 0`) and the writer is not
//! in the middle of a write (`writer_busy`), both read under the lock every write holds; the
//! writer counts a queued frame done only once it has handed it to the socket, under that lock.
//!
//! **Wakers.** A straight write polls the socket with a waker that wakes nothing: the sender does
//! not wait. Only the writer task ever waits for the socket to take its bytes, and while it may
//! (from its first poll of a write until a flush completes) it is `writer_busy`, so nobody else
//! polls the write side and replaces its waker. A straight write the socket could not take whole
//! leaves the rest to the writer (a queued [`Outbound::Flush`](super::Outbound::Flush)).

use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use futures_util::{Sink, Stream};
use std::pin::Pin;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, Waker};

/// What [`Socket::write_now`] did with a frame.
pub enum WriteNow {
    /// Written to the socket.
    Written,
    /// Handed to the socket, which could not take all of it yet: the caller queues an
    /// [`Outbound::Flush`](super::Outbound::Flush) (already counted) so that the writer finishes it.
    Unflushed,
    /// Not written: the caller queues it (already counted).
    Queue(Utf8Bytes),
    /// The socket is closed or broken.
    Gone,
}

/// A WebSocket behind a lock held only for the length of one poll (never across a wait).
pub struct Socket {
    inner: Mutex<Inner>,
}

impl std::fmt::Debug for Socket {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Socket")
    }
}

struct Inner {
    /// None once the session has ended: the connection is then closed, whoever still holds
    /// this socket (a room may hold a connection a little longer).
    ws: Option<WebSocket>,
    /// Frames counted for the writer task and not yet handed to the socket (queued, or counted
    /// just before they are queued).
    queued: usize,
    /// The writer task is writing or flushing, or has stopped for good.
    writer_busy: bool,
}

impl Socket {
    pub fn new(ws: WebSocket) -> Self {
        Socket {
            inner: Mutex::new(Inner {
                ws: Some(ws),
                queued: 0,
                writer_busy: false,
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // Nothing is left half-changed by a panic while the lock is held (a poll of the socket).
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The next message from the client (None: the connection is over).
    pub async fn next(&self) -> Option<Result<Message, axum::Error>> {
        std::future::poll_fn(|cx| match self.lock().ws.as_mut() {
            Some(ws) => Pin::new(ws).poll_next(cx),
            None => Poll::Ready(None),
        })
        .await
    }

    /// Writes `text` now if nothing queued is ahead of it and the socket takes it without
    /// waiting; else counts it for the queue (see [`WriteNow`]).
    pub fn write_now(&self, text: Utf8Bytes) -> WriteNow {
        let mut inner = self.lock();
        if inner.queued > 0 || inner.writer_busy {
            inner.queued += 1;
            return WriteNow::Queue(text);
        }
        let Some(ws) = inner.ws.as_mut() else {
            return WriteNow::Gone;
        };
        let mut cx = Context::from_waker(Waker::noop());
        let mut ws = Pin::new(ws);
        match ws.as_mut().poll_ready(&mut cx) {
            Poll::Ready(Ok(())) => {}
            Poll::Ready(Err(_)) => return WriteNow::Gone,
            Poll::Pending => {
                inner.queued += 1;
                return WriteNow::Queue(text);
            }
        }
        if ws.as_mut().start_send(Message::Text(text)).is_err() {
            return WriteNow::Gone;
        }
        match ws.poll_flush(&mut cx) {
            Poll::Ready(Ok(())) => WriteNow::Written,
            Poll::Ready(Err(_)) => WriteNow::Gone,
            Poll::Pending => {
                inner.queued += 1;
                WriteNow::Unflushed
            }
        }
    }

    /// Counts a frame about to be queued for the writer task (a frame not to be written straight).
    pub fn count_queued(&self) {
        self.lock().queued += 1;
    }

    /// Uncounts a frame counted for the queue: it was not queued after all, or the writer task
    /// drops it, or it was a flush now done.
    pub fn uncount(&self) {
        let mut inner = self.lock();
        inner.queued = inner.queued.saturating_sub(1);
    }

    /// The writer task's write of a queued frame: waits until the socket takes it.
    pub async fn feed(&self, message: Message) -> Result<(), axum::Error> {
        let mut message = Some(message);
        std::future::poll_fn(|cx| {
            let mut inner = self.lock();
            inner.writer_busy = true;
            let Some(ws) = inner.ws.as_mut() else {
                return Poll::Ready(Err(axum::Error::new("the session has ended")));
            };
            let mut ws = Pin::new(ws);
            if let Err(e) = std::task::ready!(ws.as_mut().poll_ready(cx)) {
                return Poll::Ready(Err(e));
            }
            let sent = ws.start_send(message.take().expect("polled once more after Ready"));
            inner.queued = inner.queued.saturating_sub(1);
            Poll::Ready(sent)
        })
        .await
    }

    /// The writer task's flush: waits until the socket has taken everything handed to it.
    pub async fn flush(&self) -> Result<(), axum::Error> {
        std::future::poll_fn(|cx| {
            let mut inner = self.lock();
            inner.writer_busy = true;
            let Some(ws) = inner.ws.as_mut() else {
                return Poll::Ready(Ok(()));
            };
            let flushed = std::task::ready!(Pin::new(ws).poll_flush(cx));
            if flushed.is_ok() {
                inner.writer_busy = false;
            }
            Poll::Ready(flushed)
        })
        .await
    }

    /// The writer task has stopped (it sent the close, or the socket broke): every later frame
    /// goes to its queue, which is closed, and is refused.
    pub fn writer_stopped(&self) {
        self.lock().writer_busy = true;
    }

    /// Closes the connection (the session is over), whoever still holds the socket.
    pub fn close(&self) {
        let mut inner = self.lock();
        inner.writer_busy = true;
        inner.ws = None;
    }
}
