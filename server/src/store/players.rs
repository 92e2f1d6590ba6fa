//! Guest players: creation, lookup by token hash, profile and stats.

use chrono::{DateTime, Utc};
use plateau_protocol::rest::PlayerStats;
use plateau_protocol::PlayerRef;
use uuid::Uuid;

use super::{on_pool, Store, StoreError};

#[derive(sqlx::FromRow)]
struct PlayerRow {
    id: Uuid,
    name: String,
    created_at: DateTime<Utc>,
}

impl Store {
    pub async fn create_player(
        &self,
        player: &PlayerRef,
        token_hash: &str,
        created_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            sqlx::query(
                "INSERT INTO players (id, name, token_hash, created_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(player.id)
            .bind(&player.name)
            .bind(token_hash)
            .bind(created_at)
            .execute(pool)
            .await
            .map(|_| ())
        })
    }

    /// The player whose token hashes to `token_hash`.
    pub async fn player_by_token_hash(
        &self,
        token_hash: &str,
    ) -> Result<Option<PlayerRef>, StoreError> {
        let row: Option<PlayerRow> = on_pool!(self, |pool| {
            sqlx::query_as("SELECT id, name, created_at FROM players WHERE token_hash = $1")
                .bind(token_hash)
                .fetch_optional(pool)
                .await
        })?;
        Ok(row.map(|r| PlayerRef {
            id: r.id,
            name: r.name,
        }))
    }

    /// A player with its creation time.
    pub async fn player(&self, id: Uuid) -> Result<Option<(PlayerRef, DateTime<Utc>)>, StoreError> {
        let row: Option<PlayerRow> = on_pool!(self, |pool| {
            sqlx::query_as("SELECT id, name, created_at FROM players WHERE id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await
        })?;
        Ok(row.map(|r| {
            (
                PlayerRef {
                    id: r.id,
                    name: r.name,
                },
                r.created_at,
            )
        }))
    }

    /// Finished matches played and won by a player.
    pub async fn player_stats(&self, id: Uuid) -> Result<PlayerStats, StoreError> {
        let (played, won): (i64, i64) = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT COUNT(*), COALESCE(SUM(CASE WHEN mp.won THEN 1 ELSE 0 END), 0)
                   FROM match_players mp JOIN matches m ON m.id = mp.match_id
                  WHERE mp.player_id = $1 AND m.status = 'finished'",
            )
            .bind(id)
            .fetch_one(pool)
            .await
        })?;
        Ok(PlayerStats { played, won })
    }
}
