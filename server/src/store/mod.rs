//! The store: one interface over two databases, PostgreSQL (production) and SQLite (the embedded
//! default), both through sqlx. Every query is written once: the SQL is the same text for both (`$1`
//! placeholders, `RETURNING`, `ON CONFLICT` work in each), and [`on_pool!`] type-checks the same
//! binding code against each backend's native types (UUID, timestamptz, JSONB on Postgres; BLOB and
//! TEXT on SQLite).
//!
//! Moves can be committed in groups across rooms ([`Store::with_group_commit`], see
//! [`group_commit`]): one transaction, one fsync, for the moves of many rooms.

pub(crate) mod fence;
mod group_commit;
mod matches;
mod players;
mod ratings;
mod rooms;

pub use fence::{is_lease_lost, Fence, LeaseLost};
pub use group_commit::MAX_BATCH;
pub use matches::{MatchEnd, MatchFilter, MatchRow, MoveRow, NewMatch, NewMove, Ruling};
pub use players::Credentials;
pub use ratings::MAX_HISTORY;
pub use rooms::{RoomRow, SeatRow};

use sqlx::postgres::PgPoolOptions;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, SqlitePool};
use std::str::FromStr;
use std::time::Duration;

/// Runs `$body` with `$pool` bound to the backend's pool: the body is compiled once per backend.
macro_rules! on_pool {
    ($store:expr, |$pool:ident| $body:expr) => {
        match &$store.backend {
            $crate::store::Backend::Postgres($pool) => $body,
            $crate::store::Backend::Sqlite($pool) => $body,
        }
    };
}
pub(crate) use on_pool;

#[derive(Clone)]
pub(crate) enum Backend {
    Postgres(PgPool),
    Sqlite(SqlitePool),
}

/// A handle on the database; cheap to clone (pools are shared).
#[derive(Clone)]
pub struct Store {
    pub(crate) backend: Backend,
    /// Set by [`Store::with_group_commit`]: moves go to the writer tasks.
    writer: Option<group_commit::MoveWriter>,
}

pub type StoreError = sqlx::Error;

/// How long a query waits for a connection. While the database is away the pool keeps trying to
/// connect for this long (a refused connection is retried), then the query fails and its caller
/// answers "try again later" (503, WebSocket 1013, a move refused `internal`); the pool connects
/// again by itself once the database is back.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

impl Store {
    /// Connects to `url`: `postgres://...` or `sqlite://path` (the file is created if missing).
    pub async fn connect(url: &str, max_connections: u32) -> Result<Store, StoreError> {
        let backend = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres(
                PgPoolOptions::new()
                    .max_connections(max_connections)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
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
                    .connect_with(options)
                    .await?,
            )
        } else {
            return Err(sqlx::Error::Configuration(
                format!("unsupported database URL `{url}`: use postgres://... or sqlite://...")
                    .into(),
            ));
        };
        Ok(Store {
            backend,
            writer: None,
        })
    }

    /// This store, with moves committed in groups by `writers` writer tasks: [`Store::append_move`]
    /// then stores the moves of many rooms in one transaction, and still returns only once its
    /// move is committed. Needs a Tokio runtime.
    pub fn with_group_commit(self, writers: usize) -> Store {
        let direct = Store {
            backend: self.backend.clone(),
            writer: None,
        };
        Store {
            backend: self.backend,
            writer: Some(group_commit::MoveWriter::start(direct, writers)),
        }
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

    /// Applies the migrations of `migrations/<backend>` that have not run yet.
    pub async fn migrate(&self) -> Result<(), sqlx::migrate::MigrateError> {
        match &self.backend {
            Backend::Postgres(pool) => sqlx::migrate!("../migrations/postgres").run(pool).await,
            Backend::Sqlite(pool) => sqlx::migrate!("../migrations/sqlite").run(pool).await,
        }
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
        on_pool!(self, |pool| pool.close().await)
    }
}

/// Whether an error means that the database cannot be reached now (down, restarting, refusing
/// connections, or the connection was cut), rather than that a query failed: the same request may
/// succeed once it is back.
pub fn is_unavailable(e: &StoreError) -> bool {
    match e {
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(db) => {
            if let Some(pg) = db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>() {
                postgres_unavailable(pg.code())
            } else {
                db.code()
                    .and_then(|code| code.parse::<i32>().ok())
                    .is_some_and(sqlite_unavailable)
            }
        }
        _ => false,
    }
}

/// SQLSTATEs of a server that is away: connection exceptions (class 08), operator intervention
/// (57P01 to 57P05: shut down, terminated, not accepting yet), too many connections (53300), and
/// a database that does not accept connections (55000, `ALLOW_CONNECTIONS false`) or is gone (3D000).
fn postgres_unavailable(sqlstate: &str) -> bool {
    sqlstate.starts_with("08")
        || sqlstate.starts_with("57P")
        || matches!(sqlstate, "53300" | "55000" | "3D000")
}

/// SQLite result codes (extended codes carry the primary one in the low byte) of a file that is
/// busy, locked, unreadable or unwritable for now: BUSY 5, LOCKED 6, IOERR 10, FULL 13, CANTOPEN 14.
fn sqlite_unavailable(code: i32) -> bool {
    matches!(code & 0xff, 5 | 6 | 10 | 13 | 14)
}

/// Whether an error is a unique-key violation (a room code or move id already taken).
pub fn is_unique_violation(e: &StoreError) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.is_unique_violation())
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

    #[test]
    fn an_away_database_is_told_from_a_failed_query() {
        for away in [
            "08006", "08001", "57P01", "57P03", "53300", "55000", "3D000",
        ] {
            assert!(postgres_unavailable(away), "{away}");
        }
        for failed in ["23505", "42601", "40001", "22P02"] {
            assert!(!postgres_unavailable(failed), "{failed}");
        }
        // SQLITE_BUSY, SQLITE_IOERR_WRITE (778), SQLITE_CANTOPEN; not a constraint (2067) or syntax.
        for away in [5, 778, 14] {
            assert!(sqlite_unavailable(away), "{away}");
        }
        for failed in [2067, 1, 19] {
            assert!(!sqlite_unavailable(failed), "{failed}");
        }
        assert!(is_unavailable(&sqlx::Error::PoolTimedOut));
        assert!(!is_unavailable(&sqlx::Error::RowNotFound));
    }
}
