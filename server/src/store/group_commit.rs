//! Group commit: rooms hand their accepted moves to writer tasks, which store whatever has gathered
//! meanwhile (up to [`MAX_BATCH`] moves, from any rooms) in one transaction, so that one commit (one
//! fsync) serves many moves. Each room awaits the answer for its own move, which comes only after the
//! commit that holds it: no move is acknowledged before it is durable.
//!
//! At human pace a move rarely finds another waiting: each batch was one move, and each commit one
//! round trip to the database (a send that wakes its process, a read, a runtime worker woken from
//! `epoll_wait`) and one fsync. A writer may *linger*: once a move has come, it waits up to
//! `--commit-linger-us` for more before it commits, so that the moves of a few milliseconds share
//! the round trip and the fsync. The price is the ack's latency: a move waits at most that long
//! more for its ack (never more: the wait starts at the first move of the batch, not at each).
//!
//! A batch that fails is retried move by move, so one bad move cannot fail its neighbours; unless
//! it failed because the database is unavailable: then every move of it is refused at once, as
//! every call is while the database is known to be away (`availability`). Tried one by one, each
//! move waited for a connection in turn, the pool's timeout each (issue 45).
//!
//! Each writer keeps a connection of the pool between batches ([`Held`]): taken from the pool for
//! each batch, it cost one more round trip to the database (sqlx checks a connection given back),
//! two with sqlx's default check of one taken. A connection that failed is given back (the pool
//! drops it if it is broken) and the next batch takes another; one that sat unused a while
//! ([`CHECK_AFTER_IDLE`]) is checked first, so that no move fails for a connection the database
//! closed meanwhile.

use chrono::{DateTime, Utc};
use plateau_protocol::MatchResult;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, Mutex};
use tokio::time::Instant;
use uuid::Uuid;

use super::matches::FencedMove;
use super::{Fence, Held, MatchEnd, NewMove, RatedEnd, Store, StoreError, CHECK_AFTER_IDLE};

/// Most moves in one transaction (7 bound values each, well within both databases' limits).
pub const MAX_BATCH: usize = 256;

/// Moves waiting for a writer before rooms wait to hand theirs over.
const QUEUE: usize = 4 * MAX_BATCH;

/// Where rooms send their moves; cheap to clone.
#[derive(Clone)]
pub(crate) struct MoveWriter {
    requests: mpsc::Sender<Request>,
}

struct Request {
    mv: OwnedMove,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// A [`NewMove`] that can travel to a writer task.
struct OwnedMove {
    match_id: Uuid,
    ply: u64,
    seat: usize,
    player_id: Option<Uuid>,
    client_id: Option<String>,
    body: Value,
    at: DateTime<Utc>,
    end: Option<OwnedEnd>,
    room_code: String,
    fence: Option<Fence>,
}

/// A [`MatchEnd`] that can travel to a writer task.
struct OwnedEnd {
    result: MatchResult,
    ended_at: DateTime<Utc>,
    rated: Option<(Vec<Vec<usize>>, chrono::TimeDelta)>,
}

impl OwnedMove {
    fn of(fenced: &FencedMove<'_>) -> OwnedMove {
        let mv = fenced.mv;
        OwnedMove {
            match_id: mv.match_id,
            ply: mv.ply,
            seat: mv.seat,
            player_id: mv.player_id,
            client_id: mv.client_id.map(str::to_owned),
            body: mv.body.clone(),
            at: mv.at,
            end: mv.end.as_ref().map(|e| OwnedEnd {
                result: e.result.clone(),
                ended_at: e.ended_at,
                rated: e.rated.map(|r| (r.sides.to_vec(), r.pair_once_within)),
            }),
            room_code: fenced.room_code.to_owned(),
            fence: fenced.fence.cloned(),
        }
    }

    fn as_new(&self) -> NewMove<'_> {
        NewMove {
            match_id: self.match_id,
            ply: self.ply,
            seat: self.seat,
            player_id: self.player_id,
            client_id: self.client_id.as_deref(),
            body: &self.body,
            at: self.at,
            end: self.end.as_ref().map(|e| MatchEnd {
                result: &e.result,
                ended_at: e.ended_at,
                rated: e.rated.as_ref().map(|(sides, within)| RatedEnd {
                    sides,
                    pair_once_within: *within,
                }),
            }),
        }
    }

    fn fenced<'a>(&'a self, mv: &'a NewMove<'a>) -> FencedMove<'a> {
        FencedMove {
            mv,
            room_code: &self.room_code,
            fence: self.fence.as_ref(),
        }
    }
}

impl MoveWriter {
    /// Starts `writers` writer tasks that commit through `store` (which must not group itself),
    /// each waiting up to `linger` after a batch's first move for more (see the module doc).
    pub(crate) fn start(store: Store, writers: usize, linger: Duration) -> MoveWriter {
        let (requests, receiver) = mpsc::channel(QUEUE);
        let receiver = Arc::new(Mutex::new(receiver));
        for _ in 0..writers.max(1) {
            tokio::spawn(write_loop(store.clone(), receiver.clone(), linger));
        }
        MoveWriter { requests }
    }

    /// Hands a move to the writers; returns once the transaction that holds it has committed.
    pub(super) async fn append(&self, mv: &FencedMove<'_>) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        let request = Request {
            mv: OwnedMove::of(mv),
            done,
        };
        self.requests
            .send(request)
            .await
            .map_err(|_| StoreError::stopping())?;
        answer.await.map_err(|_| StoreError::stopping())?
    }
}

/// One writer: takes what has gathered (waiting for at least one move, then lingering), commits
/// it, answers.
async fn write_loop(store: Store, receiver: Arc<Mutex<mpsc::Receiver<Request>>>, linger: Duration) {
    let mut batch: Vec<Request> = Vec::with_capacity(MAX_BATCH);
    let mut conn = WriterConn::default();
    loop {
        if gather(&receiver, &mut batch, linger).await == 0 {
            return;
        }
        crate::metrics::METRICS.commit_batch(batch.len());
        let moves: Vec<NewMove<'_>> = batch.iter().map(|r| r.mv.as_new()).collect();
        let fenced: Vec<FencedMove<'_>> = batch
            .iter()
            .zip(&moves)
            .map(|(r, mv)| r.mv.fenced(mv))
            .collect();
        let stored = conn.append(&store, &fenced).await;
        drop(fenced);
        drop(moves);
        match stored {
            Ok(()) => {
                for request in batch.drain(..) {
                    let _ = request.done.send(Ok(()));
                }
            }
            Err(e) if batch.len() == 1 => {
                let _ = batch.remove(0).done.send(Err(e));
            }
            Err(e) if e.is_unavailable() => {
                tracing::warn!(error = %e, moves = batch.len(), "a grouped commit failed: the database is unavailable");
                for request in batch.drain(..) {
                    let _ = request.done.send(Err(StoreError::Away));
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, moves = batch.len(), "a grouped commit failed; storing its moves one by one");
                for request in batch.drain(..) {
                    let mv = request.mv.as_new();
                    let result = conn.append(&store, &[request.mv.fenced(&mv)]).await;
                    let _ = request.done.send(result);
                }
            }
        }
    }
}

/// Waits for at least one move, then takes what comes within `linger` of it (up to [`MAX_BATCH`]);
/// how many moves were taken (0: every room's sender is gone). Another writer waits for the
/// receiver meanwhile, and takes the moves that come after this batch closed.
async fn gather(
    receiver: &Mutex<mpsc::Receiver<Request>>,
    batch: &mut Vec<Request>,
    linger: Duration,
) -> usize {
    let mut receiver = receiver.lock().await;
    if receiver.recv_many(batch, MAX_BATCH).await == 0 {
        return 0;
    }
    if linger.is_zero() {
        return batch.len();
    }
    let until = Instant::now() + linger;
    while batch.len() < MAX_BATCH {
        let room = MAX_BATCH - batch.len();
        match tokio::time::timeout_at(until, receiver.recv_many(batch, room)).await {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
    }
    batch.len()
}

/// The connection a writer keeps between batches, and when it was last used.
#[derive(Default)]
struct WriterConn(Option<(Held, Instant)>);

impl WriterConn {
    /// Stores `moves` in one transaction on the kept connection (taken from the pool if there is
    /// none, checked first if it sat unused); a connection whose statement failed is given back.
    /// Refused at once while the database is known to be away ([`Store::guarded`]).
    async fn append(&mut self, store: &Store, moves: &[FencedMove<'_>]) -> Result<(), StoreError> {
        store.guarded(self.append_on_held(store, moves)).await
    }

    async fn append_on_held(
        &mut self,
        store: &Store,
        moves: &[FencedMove<'_>],
    ) -> Result<(), StoreError> {
        if let Some((held, used)) = &mut self.0 {
            if used.elapsed() > CHECK_AFTER_IDLE && held.ping().await.is_err() {
                self.0 = None;
            }
        }
        let (held, used) = match &mut self.0 {
            Some(kept) => kept,
            None => self.0.insert((store.hold().await?, Instant::now())),
        };
        let result = Store::append_moves_on(held, moves).await;
        *used = Instant::now();
        if result.is_err() {
            self.0 = None;
        }
        result
    }
}
