//! Whether the database is known to be away, so that calls are refused at once while it is.
//!
//! Without it, every call made while the database is down waits out the pool's timeout (5 s, a
//! refused connection being tried again all that time) before it fails: a move waited 5 s for its
//! `internal`, the moves of a failed grouped commit 5 s each in turn, `/readyz`, REST and WebSocket
//! `auth` 5 s for their 503 and 1013 (issue 45). Now a call that fails for a reason that may mean
//! the database cannot be reached ([`StoreError::may_mean_away`]: a connection refused, cut or not
//! had in time, a Postgres server shutting down or refusing connections) makes the store *away*:
//! every call through [`super::Store::guarded`] is refused at once with [`StoreError::Away`]. A
//! probe clears it as soon as the database answers: at once, then every [`PROBE_EVERY`], a
//! connection of the pool or a fresh one of its own (either will do: the pool's may all be busy,
//! and a server at its connection limit still answers the pool's) and `SELECT 1`, within
//! [`PROBE_WITHIN`]. A pool that only was busy, or one connection the server closed, so costs a
//! few milliseconds of refusals, not a 5 s wait for every call of an outage.
//!
//! Data stays safe: a call refused never reached the database, and its caller answers as for any
//! call the database could not take ("try again later"). Calls already waiting for a connection
//! when the store becomes away wait on (at most the pool's timeout): cutting a statement short
//! could leave its commit's outcome unknown.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use super::{Backend, StoreError};

/// How long a probe waits for its connection and its answer: a database that answers, answers
/// in milliseconds; one that does not may keep a connection hanging for minutes.
const PROBE_WITHIN: Duration = Duration::from_secs(1);

/// How often an away database is probed: how long calls go on being refused once it is back.
const PROBE_EVERY: Duration = Duration::from_millis(250);

/// Whether the database is away, shared by every clone of a store.
#[derive(Debug, Default)]
pub(crate) struct Availability {
    away: AtomicBool,
    /// A probe runs (at most one at a time).
    probing: AtomicBool,
}

impl Availability {
    /// Whether calls are refused now.
    pub(crate) fn is_away(&self) -> bool {
        self.away.load(Ordering::Acquire)
    }

    /// A call through the store failed with `error`: if that may mean the database is away, the
    /// store is away until the probe (started unless one runs) hears it answer.
    pub(crate) fn failed(self: &Arc<Self>, error: &StoreError, backend: &Backend) {
        if !error.may_mean_away() {
            return;
        }
        self.set_away(error);
        if !self.probing.swap(true, Ordering::AcqRel) {
            tokio::spawn(self.clone().probe(backend.clone()));
        }
    }

    fn set_away(&self, why: &dyn std::fmt::Display) {
        if !self.away.swap(true, Ordering::AcqRel) {
            tracing::warn!(error = %why, "the database is away: calls are refused at once until it answers");
        }
    }

    /// Probes at once, then every [`PROBE_EVERY`] while unanswered, until the database answers or
    /// the pool is closed (the server stopping); then the store is no longer away.
    async fn probe(self: Arc<Self>, backend: Backend) {
        loop {
            let answered = tokio::time::timeout(PROBE_WITHIN, answers(&backend)).await;
            if matches!(answered, Ok(Ok(()))) || backend.is_closed() {
                // In this order: a failure noted in between starts a probe of its own.
                self.probing.store(false, Ordering::Release);
                if self.away.swap(false, Ordering::AcqRel) {
                    tracing::info!("the database answers again: calls go to it again");
                }
                return;
            }
            match answered {
                Ok(Err(e)) => self.set_away(&e),
                Err(_) => self.set_away(&"no answer within a second"),
                Ok(Ok(())) => unreachable!("answered above"),
            }
            tokio::time::sleep(PROBE_EVERY).await;
        }
    }
}

/// Whether the database answers `SELECT 1` on a connection of the pool or on a fresh one of its
/// own, whichever answers first.
async fn answers(backend: &Backend) -> Result<(), sqlx::Error> {
    use futures_util::FutureExt;
    let (pooled, fresh) = match backend {
        Backend::Postgres(pool) => (pooled(pool).boxed(), fresh(pool).boxed()),
        Backend::Sqlite(pool) => (pooled(pool).boxed(), fresh(pool).boxed()),
    };
    futures_util::future::select_ok([pooled, fresh])
        .await
        .map(|_| ())
}

async fn pooled<DB: sqlx::Database>(pool: &sqlx::Pool<DB>) -> Result<(), sqlx::Error> {
    sqlx::Connection::ping(&mut *pool.acquire().await?).await
}

async fn fresh<DB: sqlx::Database>(pool: &sqlx::Pool<DB>) -> Result<(), sqlx::Error> {
    use sqlx::{ConnectOptions, Connection};
    let mut conn = pool.connect_options().connect().await?;
    conn.ping().await?;
    conn.close().await
}
