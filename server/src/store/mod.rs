//! The store: one interface over two databases, PostgreSQL (production) and SQLite (the embedded
//! default), both through sqlx. Every query is written once: the SQL is the same text for both (`$1`
//! placeholders, `RETURNING`, `ON CONFLICT` work in each), and [`on_pool!`] type-checks the same
//! binding code against each backend's native types (UUID, timestamptz, JSONB on Postgres; BLOB and
//! TEXT on SQLite).
//!
//! Moves can be committed in groups across rooms ([`Store::with_group_commit`], see
//! [`group_commit`]): one transaction, one fsync, for the moves of many rooms.
//!
//! While the database is known to be away, every call is refused at once ([`availability`]).

mod access_tokens;
mod availability;
pub mod backup;
mod blocks;
mod challenges;
mod closing;
mod error;
pub(crate) mod fence;
mod group_commit;
mod matches;
pub(crate) mod moderation;
mod name_keys;
mod players;
mod push;
mod ratings;
mod reports;
mod room_writer;
mod rooms;
mod standing;
mod tournaments;

pub use access_tokens::{AccessTokenOwner, AccessTokenRow, ACCESS_TOKENS_PER_PLAYER};
pub use challenges::{Accepted, ChallengeRow};
pub use closing::CLOSED_NAME;
pub use error::StoreError;
pub use fence::Fence;
pub use group_commit::MAX_BATCH;
pub use matches::{
    finished_rated, MatchEnd, MatchFilter, MatchRow, MoveRow, NewMatch, NewMove, RatedEnd, Ruling,
};
pub use moderation::{Change, Moderated, ModerationLoad, NewAuditEntry};
pub use name_keys::Rekeyed;
pub use players::{BotUpgrade, Credentials};
pub use push::{PushSubscriptionRow, PUSH_SUBSCRIPTIONS_PER_PLAYER};
pub use ratings::MAX_HISTORY;
pub use reports::{NewReportRow, ReportSide};
pub use room_writer::RoomWriter;
pub use rooms::{RoomRow, SeatRow};
pub use standing::{BanEnd, Standing};
pub use tournaments::{DirectorFence, EntrantRow, PairingRow, TournamentRow};

use futures_util::future::BoxFuture;
use sqlx::pool::{PoolConnection, PoolConnectionMetadata};
use sqlx::postgres::PgPoolOptions;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, Postgres, Sqlite, SqlitePool};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// Runs `$body` with `$pool` bound to the backend's pool: the body is compiled once per backend.
/// It runs as a call of [`Store::guarded`]: refused at once while the database is away. A `?` or
/// a `return` in the body ends the call (not the function around it) with its error.
macro_rules! on_pool {
    ($store:expr, |$pool:ident| $body:expr) => {{
        let store: &$crate::store::Store = &$store;
        store
            .guarded(async {
                // sqlx's error is classified once, here (see `StoreError`).
                let result: Result<_, sqlx::Error> = match &store.backend {
                    $crate::store::Backend::Postgres($pool) => $body,
                    $crate::store::Backend::Sqlite($pool) => $body,
                };
                result.map_err($crate::store::StoreError::from)
            })
            .await
    }};
}
pub(crate) use on_pool;

/// Runs `$body` with `$conn` bound to the connection of a [`Held`], as [`on_pool!`] does with a pool.
macro_rules! on_held {
    ($held:expr, |$conn:ident| $body:expr) => {{
        let result: Result<_, sqlx::Error> = match $held {
            $crate::store::Held::Postgres($conn) => $body,
            $crate::store::Held::Sqlite($conn) => $body,
        };
        result.map_err($crate::store::StoreError::from)
    }};
}
pub(crate) use on_held;

/// A connection taken from the store's pool and kept by whoever runs statement after statement
/// (a group-commit writer). Why: sqlx checks every connection given back to the pool with a round
/// trip to the database (sqlx's default checked it again when taken: [`CHECK_AFTER_IDLE`]), so a
/// statement run on the pool itself costs two round trips where one does (`bench/README.md`,
/// issue 30).
pub(crate) enum Held {
    Postgres(PoolConnection<Postgres>),
    Sqlite(PoolConnection<Sqlite>),
}

impl Held {
    /// Whether the connection still answers (one round trip).
    pub(crate) async fn ping(&mut self) -> Result<(), StoreError> {
        on_held!(self, |conn| sqlx::Connection::ping(&mut **conn).await)
    }
}

#[derive(Clone)]
pub(crate) enum Backend {
    Postgres(PgPool),
    Sqlite(SqlitePool),
}

impl Backend {
    /// Whether the pool is closed (the server stopping).
    fn is_closed(&self) -> bool {
        match self {
            Backend::Postgres(pool) => pool.is_closed(),
            Backend::Sqlite(pool) => pool.is_closed(),
        }
    }
}

/// A handle on the database; cheap to clone (pools are shared).
#[derive(Clone)]
pub struct Store {
    pub(crate) backend: Backend,
    /// Set by [`Store::with_group_commit`]: moves go to the writer tasks.
    writer: Option<group_commit::MoveWriter>,
    /// Whether the database is known to be away, shared by every clone.
    availability: Arc<availability::Availability>,
}

/// Why [`Store::migrate`] failed.
#[derive(Debug, thiserror::Error)]
pub enum MigrateError {
    #[error(transparent)]
    Schema(#[from] sqlx::migrate::MigrateError),
    #[error("reserved names: {0}")]
    NameKeys(#[from] StoreError),
}

/// How long a query waits for a connection. While the database is away the pool keeps trying to
/// connect for this long (a refused connection is retried), then the query fails and its caller
/// answers "try again later" (503, WebSocket 1013, a move refused `internal`); the pool connects
/// again by itself once the database is back. Only the first calls wait so: once the database is
/// known to be away, calls are refused at once ([`availability`]).
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

/// A connection unused this long is checked (one round trip) before it is used again: the database
/// (or something between) may have closed it meanwhile. One used more recently is not: sqlx checks
/// every connection given back to the pool already, and checking it again when it is taken cost
/// every statement a second round trip (`bench/README.md`, issue 30).
pub(crate) const CHECK_AFTER_IDLE: Duration = Duration::from_secs(10);

/// The pool's check of a connection taken from it (see [`CHECK_AFTER_IDLE`]); a connection that
/// does not answer is dropped, and another taken.
fn check_if_idle<DB: sqlx::Database>(
    conn: &mut DB::Connection,
    meta: PoolConnectionMetadata,
) -> BoxFuture<'_, Result<bool, sqlx::Error>> {
    Box::pin(async move {
        Ok(meta.idle_for < CHECK_AFTER_IDLE || sqlx::Connection::ping(conn).await.is_ok())
    })
}

impl Store {
    /// Connects to `url`: `postgres://...` or `sqlite://path` (the file is created if missing).
    pub async fn connect(url: &str, max_connections: u32) -> Result<Store, StoreError> {
        let backend = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres(
                PgPoolOptions::new()
                    .max_connections(max_connections)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .test_before_acquire(false)
                    .before_acquire(check_if_idle::<Postgres>)
                    .connect(url)
                    .await?,
            )
        } else if url.starts_with("sqlite:") {
            // WAL lets readers run beside the writer; FULL sync means an acked move survives a
            // power cut, not only a crash.
            let options = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Full)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(10));
            Backend::Sqlite(
                SqlitePoolOptions::new()
                    .max_connections(max_connections)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .test_before_acquire(false)
                    .before_acquire(check_if_idle::<Sqlite>)
                    .connect_with(options)
                    .await?,
            )
        } else {
            return Err(StoreError::Other(sqlx::Error::Configuration(
                format!("unsupported database URL `{url}`: use postgres://... or sqlite://...")
                    .into(),
            )));
        };
        Ok(Store {
            backend,
            writer: None,
            availability: Arc::default(),
        })
    }

    /// This store, with moves committed in groups by `writers` writer tasks: [`Store::append_move`]
    /// then stores the moves of many rooms in one transaction, and still returns only once its
    /// move is committed; each writer waits up to `linger` after a batch's first move for more.
    /// Needs a Tokio runtime.
    pub fn with_group_commit(self, writers: usize, linger: std::time::Duration) -> Store {
        let direct = Store {
            writer: None,
            ..self.clone()
        };
        Store {
            writer: Some(group_commit::MoveWriter::start(direct, writers, linger)),
            ..self
        }
    }

    /// Runs `call`, one call to the database: refused at once ([`StoreError::Away`]) while the
    /// database is known to be away; a failure that may mean it is away has a probe tell (see
    /// [`availability`]). Every statement of the store goes through here.
    pub(crate) async fn guarded<T>(
        &self,
        call: impl std::future::Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        if self.availability.is_away() {
            return Err(StoreError::Away);
        }
        let result = call.await;
        if let Err(e) = &result {
            self.availability.failed(e, &self.backend);
        }
        result
    }

    /// Whether the database is known to be away now: calls are refused at once.
    pub fn is_away(&self) -> bool {
        self.availability.is_away()
    }

    /// A connection of the pool, to keep (see [`Held`]).
    pub(crate) async fn hold(&self) -> Result<Held, StoreError> {
        self.guarded(async {
            Ok(match &self.backend {
                Backend::Postgres(pool) => Held::Postgres(pool.acquire().await?),
                Backend::Sqlite(pool) => Held::Sqlite(pool.acquire().await?),
            })
        })
        .await
    }

    /// Whether moves are committed in groups.
    pub fn groups_commits(&self) -> bool {
        self.writer.is_some()
    }

    /// Which database this is, for logs and metrics.
    pub fn kind(&self) -> &'static str {
        match self.backend {
            Backend::Postgres(_) => "postgres",
            Backend::Sqlite(_) => "sqlite",
        }
    }

    /// Applies the migrations of `migrations/<backend>` that have not run yet, then computes again
    /// the keys of reserved names stored under other rules (which SQL cannot: see [`name_keys`]).
    pub async fn migrate(&self) -> Result<(), MigrateError> {
        match &self.backend {
            Backend::Postgres(pool) => sqlx::migrate!("../migrations/postgres").run(pool).await,
            Backend::Sqlite(pool) => sqlx::migrate!("../migrations/sqlite").run(pool).await,
        }?;
        let done = self.rekey_reserved_names().await?;
        if done.rekeyed > 0 {
            tracing::info!(
                rekeyed = done.rekeyed,
                lost = done.lost.len(),
                "reserved names keyed under the current rules"
            );
        }
        Ok(())
    }

    /// The Postgres pool (several nodes need Postgres: leases live there). None on SQLite.
    pub fn postgres(&self) -> Option<&PgPool> {
        match &self.backend {
            Backend::Postgres(pool) => Some(pool),
            Backend::Sqlite(_) => None,
        }
    }

    /// Whether the database answers (for `/readyz`).
    pub async fn ping(&self) -> Result<(), StoreError> {
        on_pool!(self, |pool| sqlx::query("SELECT 1")
            .execute(pool)
            .await
            .map(|_| ()))
    }

    /// Closes the pool, waiting for queries under way.
    pub async fn close(&self) {
        match &self.backend {
            Backend::Postgres(pool) => pool.close().await,
            Backend::Sqlite(pool) => pool.close().await,
        }
    }
}

/// `($1, $2, $3), ($4, $5, $6)`: `n` tuples of `width` numbered placeholders, for statements
/// over many rows at once (both databases number them alike).
pub(crate) fn placeholder_tuples(n: usize, width: usize) -> String {
    use std::fmt::Write as _;
    let mut sql = String::with_capacity(n * width * 5);
    for i in 0..n {
        sql.push_str(if i == 0 { "(" } else { ", (" });
        for j in 0..width {
            if j > 0 {
                sql.push_str(", ");
            }
            let _ = write!(sql, "${}", i * width + j + 1);
        }
        sql.push(')');
    }
    sql
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_across_tuples() {
        assert_eq!(placeholder_tuples(1, 3), "($1, $2, $3)");
        assert_eq!(placeholder_tuples(2, 2), "($1, $2), ($3, $4)");
    }
}
