//! Room leases in Postgres: which node runs each live room, until when, and at which fencing epoch
//! (see [`crate::store::fence`]). A node takes a room's lease when it creates the room or first needs
//! it and the lease is free or expired; it renews all of its leases in one statement; another node
//! takes over the rooms of a node that stopped renewing once their leases expire.

use sqlx::PgPool;
use std::collections::HashSet;
use std::time::Duration;
use uuid::Uuid;

use crate::store::{Fence, Store, StoreError};

/// The leases of one node.
#[derive(Clone)]
pub struct Leases {
    /// Every statement goes through the store's guard: refused at once while the database is
    /// known to be away, as every call of the store is.
    store: Store,
    pool: PgPool,
    /// This node: a fresh id per process, so a restarted node never mistakes an old lease for its own.
    pub node: Uuid,
    /// How long a lease lasts unless renewed.
    ttl: Duration,
}

/// What became of an attempt to take a room's lease.
#[derive(Debug, PartialEq, Eq)]
pub enum Take {
    /// This node runs the room now, under this fence.
    Taken(Fence),
    /// Another node holds an unexpired lease.
    HeldBy(Uuid),
    /// There is no such room.
    NoRoom,
}

/// Most rooms one sweep takes over (the next sweep, a second later, takes more).
pub(super) const SWEEP_BATCH: i64 = 200;

impl Leases {
    /// The leases of node `node` in `store`'s database; None unless it is Postgres.
    pub fn new(store: &Store, node: Uuid, ttl: Duration) -> Option<Leases> {
        Some(Leases {
            pool: store.postgres()?.clone(),
            store: store.clone(),
            node,
            ttl,
        })
    }

    fn ttl_ms(&self) -> i64 {
        i64::try_from(self.ttl.as_millis()).unwrap_or(i64::MAX)
    }

    /// Takes room `code` for this node if its lease is free, expired or already this node's: the
    /// epoch goes up by one, so commits under any older lease fail from now on.
    pub async fn take(&self, code: &str) -> Result<Take, StoreError> {
        self.store
            .guarded(async {
                let taken: Result<Option<i64>, sqlx::Error> = sqlx::query_scalar(
                    "INSERT INTO room_leases (room_code, owner, epoch, expires_at)
                     VALUES ($1, $2, 1, now() + $3 * interval '1 millisecond')
                     ON CONFLICT (room_code) DO UPDATE
                       SET owner = EXCLUDED.owner, epoch = room_leases.epoch + 1,
                           expires_at = EXCLUDED.expires_at
                       WHERE room_leases.expires_at < now() OR room_leases.owner = EXCLUDED.owner
                     RETURNING epoch",
                )
                .bind(code)
                .bind(self.node)
                .bind(self.ttl_ms())
                .fetch_optional(&self.pool)
                .await;
                match taken {
                    Ok(Some(epoch)) => Ok(Take::Taken(Fence {
                        room: code.to_string(),
                        node: self.node,
                        epoch,
                    })),
                    Ok(None) => match self.owner(code).await? {
                        Some(owner) => Ok(Take::HeldBy(owner)),
                        // Expired between the two statements: the caller asks again.
                        None => Box::pin(self.take(code)).await,
                    },
                    Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => {
                        Ok(Take::NoRoom)
                    }
                    Err(e) => Err(e.into()),
                }
            })
            .await
    }

    /// The node holding an unexpired lease on room `code`, if any.
    pub async fn owner(&self, code: &str) -> Result<Option<Uuid>, StoreError> {
        self.store
            .guarded(async {
                sqlx::query_scalar(
                    "SELECT owner FROM room_leases WHERE room_code = $1 AND expires_at > now()",
                )
                .bind(code)
                .fetch_optional(&self.pool)
                .await
                .map_err(StoreError::from)
            })
            .await
    }

    /// Extends the leases of `rooms` (the rooms running here) that this node still holds, in one
    /// statement; the rooms it still holds. A room missing from the answer was taken over, or its
    /// lease ran out (free for any node to take): this node must stop running it. Only running
    /// rooms and unexpired leases are renewed: a lease let go (a room finished and idle, or every
    /// room at a graceful stop) stays let go, even for a renewal that was already on its way.
    ///
    /// The rows are locked in the order of their codes, the order in which a grouped commit checks
    /// its fences (see `store::fence`): the two wait for each other, and never deadlock.
    pub async fn renew(&self, rooms: &[String]) -> Result<HashSet<String>, StoreError> {
        self.store
            .guarded(async {
                if rooms.is_empty() {
                    return Ok(HashSet::new());
                }
                let held: Vec<String> = sqlx::query_scalar(
                    "UPDATE room_leases SET expires_at = now() + $2 * interval '1 millisecond'
                     WHERE owner = $1 AND room_code IN (
                         SELECT room_code FROM room_leases
                         WHERE owner = $1 AND room_code = ANY($3) AND expires_at > now()
                         ORDER BY room_code FOR UPDATE)
                     RETURNING room_code",
                )
                .bind(self.node)
                .bind(self.ttl_ms())
                .bind(rooms)
                .fetch_all(&self.pool)
                .await?;
                Ok(held.into_iter().collect())
            })
            .await
    }

    /// Lets go of one room's lease, the one its task ran under (the task stopped here, the room
    /// being finished and idle): at the fence's epoch only, so that a task stopping late never
    /// lets go of a lease taken after its own.
    pub async fn release(&self, fence: &Fence) -> Result<(), StoreError> {
        self.store
            .guarded(async {
                sqlx::query(
                    "UPDATE room_leases SET expires_at = now() - interval '1 second'
                     WHERE room_code = $1 AND owner = $2 AND epoch = $3",
                )
                .bind(&fence.room)
                .bind(fence.node)
                .bind(fence.epoch)
                .execute(&self.pool)
                .await?;
                Ok(())
            })
            .await
    }

    /// Lets go of every room (a graceful stop): other nodes may take them at once. The rows stay,
    /// so that epochs only ever grow.
    pub async fn release_all(&self) -> Result<u64, StoreError> {
        self.store
            .guarded(async {
                // Locked in the order of their codes, like a renewal (no deadlock with a commit).
                let done = sqlx::query(
                    "UPDATE room_leases SET expires_at = now() - interval '1 second'
                     WHERE owner = $1 AND room_code IN (
                         SELECT room_code FROM room_leases WHERE owner = $1
                         ORDER BY room_code FOR UPDATE)",
                )
                .bind(self.node)
                .execute(&self.pool)
                .await?;
                Ok(done.rows_affected())
            })
            .await
    }

    /// Live rooms (waiting or playing) that no node runs: never leased, or their lease expired. In
    /// no particular order, so that nodes sweeping at once mostly take different rooms.
    pub async fn orphans(&self) -> Result<Vec<String>, StoreError> {
        self.store
            .guarded(async {
                sqlx::query_scalar(
                    "SELECT r.code FROM rooms r LEFT JOIN room_leases l ON l.room_code = r.code
                     WHERE r.status IN ('waiting', 'playing')
                       AND (l.room_code IS NULL OR l.expires_at < now())
                     ORDER BY random() LIMIT $1",
                )
                .bind(SWEEP_BATCH)
                .fetch_all(&self.pool)
                .await
                .map_err(StoreError::from)
            })
            .await
    }
}
