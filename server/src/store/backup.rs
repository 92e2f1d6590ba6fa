//! A consistent copy of a running server's SQLite database: `plateau backup PATH`. SQLite's
//! `VACUUM INTO` writes one snapshot of the database (a read transaction: in WAL mode the server
//! goes on writing meanwhile, and nothing committed after the snapshot is half in the copy) into a
//! new file, compacted. The copy is a plain database file: restoring is putting it where the
//! server's `--database-url` points, the server stopped. Postgres has its own tools (`pg_dump`,
//! `pg_restore`: docs/deploy.md).

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection};
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(
        "a Postgres database is backed up with pg_dump (see docs/deploy.md), not plateau backup"
    )]
    Postgres,
    #[error("{0} exists: a backup never overwrites a file")]
    Exists(String),
    #[error("no SQLite database at {0}")]
    NoDatabase(String),
    #[error("backup failed: {0}")]
    Sqlite(#[from] sqlx::Error),
}

/// How long the copy waits for a writer's lock (a commit of the server's) before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// Copies the SQLite database of `database_url` into a new file at `target`.
pub async fn backup_sqlite(database_url: &str, target: &Path) -> Result<(), BackupError> {
    if database_url.starts_with("postgres") {
        return Err(BackupError::Postgres);
    }
    if target.exists() {
        return Err(BackupError::Exists(target.display().to_string()));
    }
    let options = SqliteConnectOptions::from_str(database_url)?
        .create_if_missing(false)
        .read_only(true)
        .busy_timeout(BUSY_TIMEOUT);
    let source = options.get_filename().display().to_string();
    let mut connection = options.connect().await.map_err(|e| match e {
        sqlx::Error::Database(_) => BackupError::NoDatabase(source),
        other => BackupError::Sqlite(other),
    })?;
    let copied = sqlx::query("VACUUM INTO ?1")
        .bind(target.to_string_lossy())
        .execute(&mut connection)
        .await;
    let _ = connection.close().await;
    copied?;
    Ok(())
}
