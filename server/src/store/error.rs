//! The store's one error type. sqlx's errors are classified here, once, at the store's edge, into
//! what callers act on: a lost lease (stop running the room here), a database that is away (answer
//! "try again later"), a conflict (a unique key taken: pick another), or anything else (log it).
//! Callers match on the kind; none of them looks inside an `sqlx::Error`.

/// Why a store call failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// This node no longer holds the room's lease: another node runs the room now, and nothing
    /// was written (see [`super::fence`]). Never retried here.
    #[error("this node no longer runs room {room}: its lease was taken over")]
    LeaseLost { room: String },
    /// This node no longer directs the tournament: another node took its lease over, and
    /// nothing was written.
    #[error("this node no longer directs tournament {tournament}")]
    DirectorLost { tournament: uuid::Uuid },
    /// The database cannot be reached now (down, restarting, refusing connections, the connection
    /// cut), or this node's commit writers are stopping: the same call may succeed later.
    #[error("the database is unavailable: {0}")]
    Unavailable(#[source] sqlx::Error),
    /// The database is known to be away ([`super::availability`]), or the grouped commit this
    /// move was part of failed for that reason: refused at once, without waiting for a
    /// connection. The same call may succeed once it is back.
    #[error("the database is away: refused without trying")]
    Away,
    /// A unique key is already taken (a room code, a player's name).
    #[error("already taken: {0}")]
    Conflict(#[source] sqlx::Error),
    /// Any other failure: a bug, or data that does not read back.
    #[error("database error: {0}")]
    Other(#[source] sqlx::Error),
}

impl StoreError {
    /// Whether the database was away (the caller answers "try again later").
    pub fn is_unavailable(&self) -> bool {
        matches!(self, StoreError::Unavailable(_) | StoreError::Away)
    }

    /// Whether this failure may mean that the database cannot be reached at all, rather than
    /// that it is busy or that one statement failed: a connection refused, cut or not had in
    /// time, or a Postgres server that is shutting down or refuses connections. A probe then
    /// tells ([`super::availability`]): a pool whose connections were all in use times out too,
    /// and a server closes one connection now and then.
    pub(crate) fn may_mean_away(&self) -> bool {
        let StoreError::Unavailable(e) = self else {
            return false;
        };
        match e {
            sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::PoolTimedOut => true,
            sqlx::Error::Database(db) => db
                .try_downcast_ref::<sqlx::postgres::PgDatabaseError>()
                .is_some_and(|pg| postgres_unavailable(pg.code())),
            _ => false,
        }
    }

    /// The error of a call made while this node's writers are stopping.
    pub(crate) fn stopping() -> StoreError {
        StoreError::Unavailable(sqlx::Error::PoolClosed)
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        if is_unavailable(&e) {
            StoreError::Unavailable(e)
        } else if matches!(&e, sqlx::Error::Database(db) if db.is_unique_violation()) {
            StoreError::Conflict(e)
        } else {
            StoreError::Other(e)
        }
    }
}

/// Whether an error means that the database cannot be reached now (down, restarting, refusing
/// connections, or the connection was cut), rather than that a query failed: the same request may
/// succeed once it is back.
fn is_unavailable(e: &sqlx::Error) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert!(StoreError::from(sqlx::Error::PoolTimedOut).is_unavailable());
        assert!(matches!(
            StoreError::from(sqlx::Error::RowNotFound),
            StoreError::Other(_)
        ));
        assert!(StoreError::stopping().is_unavailable());
        assert!(StoreError::Away.is_unavailable());
        // The server's own stop is no reason to probe the database.
        assert!(StoreError::from(sqlx::Error::PoolTimedOut).may_mean_away());
        assert!(!StoreError::stopping().may_mean_away());
        assert!(!StoreError::Away.may_mean_away());
    }
}
