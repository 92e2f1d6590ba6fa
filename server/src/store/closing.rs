//! Closing an account (`DELETE /api/v1/players/me`): what the store forgets of a player, in one
//! transaction, and what it keeps. The player's row stays (the matches it played are its
//! opponents' records too, and the audit log and reports name it), renamed [`CLOSED_NAME`] in the
//! row and in every match it played; its password, reserved name (free for anyone again), tokens
//! personal access tokens, ratings and blocks (its and of it) are deleted.

use chrono::{DateTime, Utc};
use plateau_protocol::rest::MatchPlayer;
use sqlx::types::Json;
use uuid::Uuid;

use super::{on_pool, Store, StoreError};

/// What a closed account is called wherever it appeared (kept from every player: `text::reserved`).
pub use crate::text::CLOSED_NAME;

impl Store {
    /// Closes `player`'s account at `at`. False: no such player, or closed already (nothing
    /// written).
    pub async fn close_account(&self, player: Uuid, at: DateTime<Utc>) -> Result<bool, StoreError> {
        on_pool!(self, |pool| {
            async {
                let mut tx = pool.begin().await?;
                let closed = sqlx::query(
                    "UPDATE players SET name = $1, password_hash = NULL, reserved_name = NULL,
                            language = NULL, closed_at = $2
                      WHERE id = $3 AND closed_at IS NULL",
                )
                .bind(CLOSED_NAME)
                .bind(at)
                .bind(player)
                .execute(&mut *tx)
                .await?;
                if closed.rows_affected() == 0 {
                    return Ok(false);
                }
                sqlx::query("DELETE FROM blocks WHERE blocker_id = $1 OR blocked_id = $1")
                    .bind(player)
                    .execute(&mut *tx)
                    .await?;
                for table in ["tokens", "access_tokens", "ratings", "push_subscriptions"] {
                    sqlx::query(&format!("DELETE FROM {table} WHERE player_id = $1"))
                        .bind(player)
                        .execute(&mut *tx)
                        .await?;
                }
                // The seats as the match started, with names: the player's is renamed in each.
                let played: Vec<(Uuid, Json<Vec<MatchPlayer>>)> = sqlx::query_as(
                    "SELECT m.id, m.players FROM matches m
                      WHERE m.id IN (SELECT match_id FROM match_players WHERE player_id = $1)",
                )
                .bind(player)
                .fetch_all(&mut *tx)
                .await?;
                for (id, Json(mut seats)) in played {
                    for seat in seats.iter_mut().filter(|s| s.id == Some(player)) {
                        seat.name = CLOSED_NAME.to_string();
                    }
                    sqlx::query("UPDATE matches SET players = $1 WHERE id = $2")
                        .bind(Json(seats))
                        .bind(id)
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await.map(|()| true)
            }
            .await
        })
    }
}
