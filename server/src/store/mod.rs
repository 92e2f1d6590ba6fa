//! The store: one interface over two databases, PostgreSQL (production) and SQLite (the embedded
//! default), both through sqlx. Every query is written once: the SQL is the same text for both (`$1`
//! placeholders, `RETURNING`, `ON CONFLICT` work in each), and [`on_pool!`] type-checks the same
//! binding code against each backend's native types (UUID, timestamptz, JSONB on Postgres; BLOB and
//! TEXT on SQLite).
//!
//! Moves can be committed in groups across rooms ([`Store::with_group_commit`], see
//! [`group_commit`]): one transaction, one fsync, for the moves of many rooms.

mod group_commit;
mod matches;
mod players;
mod rooms;

pub use group_commit::MAX_BATCH;
pub use matches::{MatchEnd, MatchFilter, MatchRow, MoveRow, NewMatch, NewMove};
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

impl Store {
    /// Connects to `url`: `postgres://...` or `sqlite://path` (the file is created if missing).
    pub async fn connect(url: &str, max_connections: u32) -> Result<Store, StoreError> {
        let backend = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres(
                PgPoolOptions::new()
                    .max_connections(max_connections)
                    .acquire_timeout(Duration::from_secs(10))
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
                    .acquire_timeout(Duration::from_secs(10))
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

/// Whether an error is a unique-key violation (a room code or move id already taken).
pub fn is_unique_violation(e: &StoreError) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.is_unique_violation())
}
