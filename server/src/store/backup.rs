//! A consistent copy of a running server's SQLite database: `plateau backup PATH`. SQLite's
//! `VACUUM INTO` writes one snapshot of the database (a read transaction: in WAL mode the server
//! goes on writing meanwhile, and nothing committed after the snapshot is half in the copy) into a
//! new file, compacted. The copy is a plain database file: restoring is putting it where the
//! server's `--database-url` points, the server stopped. Postgres has its own tools (`pg_dump`,
//! `pg_restore`: docs/deploy.md).
//!
//! The copy holds password and token hashes: it is readable by its owner only (0600), and it is
//! never written through a symbolic link nor over a file, whatever another user of the directory
//! puts at PATH meanwhile. `VACUUM INTO` opens its file by name (following a link, with SQLite's
//! 0644), so it writes into a directory of the backup's own (0700) beside PATH, and the finished
//! copy is then given PATH in one step that fails if anything, a dangling link included, is there.

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection};
use std::fs::Permissions;
use std::io;
use std::os::unix::fs::PermissionsExt;
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
    #[error("{0} is a symbolic link: a backup never writes through one")]
    Symlink(String),
    #[error("no SQLite database at {0}")]
    NoDatabase(String),
    #[error("backup failed: {0}")]
    Sqlite(#[from] sqlx::Error),
    #[error("cannot write the backup at {path}: {source}")]
    Write { path: String, source: io::Error },
}

/// How long the copy waits for a writer's lock (a commit of the server's) before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(30);

/// The copy's mode: its owner's only (it holds password and token hashes).
const MODE: u32 = 0o600;

/// Copies the SQLite database of `database_url` into a new file at `target`.
pub async fn backup_sqlite(database_url: &str, target: &Path) -> Result<(), BackupError> {
    if database_url.starts_with("postgres") {
        return Err(BackupError::Postgres);
    }
    nothing_at(target)?;
    let options = SqliteConnectOptions::from_str(database_url)?
        .create_if_missing(false)
        .read_only(true)
        .busy_timeout(BUSY_TIMEOUT);
    let source = options.get_filename().display().to_string();
    let mut connection = options.connect().await.map_err(|e| match e {
        sqlx::Error::Database(_) => BackupError::NoDatabase(source),
        other => BackupError::Sqlite(other),
    })?;
    let written = write_error(target);
    // Beside the target (the same filesystem, for the last step), removed with what is left in it.
    let private = tempfile::Builder::new()
        .prefix(".plateau-backup-")
        .tempdir_in(directory_of(target))
        .map_err(&written)?;
    let staged = private.path().join("copy.db");
    let copied = sqlx::query("VACUUM INTO ?1")
        .bind(staged.to_string_lossy())
        .execute(&mut connection)
        .await;
    let _ = connection.close().await;
    copied?;
    std::fs::set_permissions(&staged, Permissions::from_mode(MODE)).map_err(&written)?;
    give_name(&staged, target)
}

/// Gives the finished copy its name, never over a file nor through a link: renameat2's
/// RENAME_NOREPLACE where the filesystem has it, else a hard link, both failing on any name there.
fn give_name(staged: &Path, target: &Path) -> Result<(), BackupError> {
    let staged = tempfile::TempPath::try_from_path(staged).map_err(write_error(target))?;
    staged
        .persist_noclobber(target)
        .map_err(|e| match e.error.kind() {
            // Something appeared at the path since it was checked: say what.
            io::ErrorKind::AlreadyExists => {
                nothing_at(target).err().unwrap_or_else(|| exists(target))
            }
            _ => write_error(target)(e.error),
        })
}

/// Refuses a target that is there already: a file, or a symbolic link (even one to nothing).
fn nothing_at(target: &Path) -> Result<(), BackupError> {
    match std::fs::symlink_metadata(target) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(write_error(target)(e)),
        Ok(found) if found.file_type().is_symlink() => {
            Err(BackupError::Symlink(target.display().to_string()))
        }
        Ok(_) => Err(exists(target)),
    }
}

fn exists(target: &Path) -> BackupError {
    BackupError::Exists(target.display().to_string())
}

fn write_error(target: &Path) -> impl Fn(io::Error) -> BackupError + '_ {
    move |source| BackupError::Write {
        path: target.display().to_string(),
        source,
    }
}

/// The directory `target` is written in (`.` for a bare file name).
fn directory_of(target: &Path) -> &Path {
    match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}
