//! Players blocking players: who blocks whom, since when. Read where a block takes effect: a
//! session's chat (the senders its player blocks), quick pairing (the players on either side of a
//! block with the caller), a seat in a waiting room (whether its host blocks the joiner).

use chrono::{DateTime, Utc};
use plateau_protocol::PlayerRef;
use std::collections::HashSet;
use uuid::Uuid;

use super::{on_pool, Store, StoreError};

impl Store {
    /// `blocker` blocks `blocked` from `at` (kept as it was if it did already). False: `blocked`
    /// is no player.
    pub async fn block(
        &self,
        blocker: Uuid,
        blocked: Uuid,
        at: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let added = on_pool!(self, |pool| {
            sqlx::query(
                "INSERT INTO blocks (blocker_id, blocked_id, created_at)
                 SELECT $1, id, $3 FROM players WHERE id = $2
                 ON CONFLICT (blocker_id, blocked_id) DO NOTHING",
            )
            .bind(blocker)
            .bind(blocked)
            .bind(at)
            .execute(pool)
            .await
            .map(|done| done.rows_affected())
        })?;
        if added > 0 {
            return Ok(true);
        }
        Ok(self.player(blocked).await?.is_some())
    }

    /// `blocker` no longer blocks `blocked` (whether it did or not).
    pub async fn unblock(&self, blocker: Uuid, blocked: Uuid) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            sqlx::query("DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2")
                .bind(blocker)
                .bind(blocked)
                .execute(pool)
                .await
                .map(|_| ())
        })
    }

    /// How many players `blocker` blocks.
    pub async fn block_count(&self, blocker: Uuid) -> Result<i64, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query_scalar("SELECT COUNT(*) FROM blocks WHERE blocker_id = $1")
                .bind(blocker)
                .fetch_one(pool)
                .await
        })
    }

    /// The players `blocker` blocks, with since when, the latest first.
    pub async fn blocks_of(
        &self,
        blocker: Uuid,
    ) -> Result<Vec<(PlayerRef, DateTime<Utc>)>, StoreError> {
        let rows: Vec<(Uuid, String, bool, DateTime<Utc>)> = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT p.id, p.name, p.bot, b.created_at FROM blocks b JOIN players p ON p.id = b.blocked_id
                  WHERE b.blocker_id = $1 ORDER BY b.created_at DESC, p.id",
            )
            .bind(blocker)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows
            .into_iter()
            .map(|(id, name, bot, at)| (PlayerRef { id, name, bot }, at))
            .collect())
    }

    /// The players `blocker` blocks, by id.
    pub async fn blocked_by(&self, blocker: Uuid) -> Result<HashSet<Uuid>, StoreError> {
        let ids: Vec<Uuid> = on_pool!(self, |pool| {
            sqlx::query_scalar("SELECT blocked_id FROM blocks WHERE blocker_id = $1")
                .bind(blocker)
                .fetch_all(pool)
                .await
        })?;
        Ok(ids.into_iter().collect())
    }

    /// The players on the other side of a block with `player`, whichever blocked whom.
    pub async fn blocked_either_way(&self, player: Uuid) -> Result<HashSet<Uuid>, StoreError> {
        let ids: Vec<Uuid> = on_pool!(self, |pool| {
            sqlx::query_scalar(
                "SELECT blocked_id FROM blocks WHERE blocker_id = $1
                 UNION SELECT blocker_id FROM blocks WHERE blocked_id = $1",
            )
            .bind(player)
            .fetch_all(pool)
            .await
        })?;
        Ok(ids.into_iter().collect())
    }

    /// Whether `blocker` blocks `blocked`.
    pub async fn blocks(&self, blocker: Uuid, blocked: Uuid) -> Result<bool, StoreError> {
        let found: Option<i32> = on_pool!(self, |pool| {
            sqlx::query_scalar("SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2")
                .bind(blocker)
                .bind(blocked)
                .fetch_optional(pool)
                .await
        })?;
        Ok(found.is_some())
    }
}
