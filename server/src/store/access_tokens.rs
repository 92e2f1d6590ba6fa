//! Personal access tokens (`/api/v1/players/me/tokens`, issue 47): made by an account for its
//! programs, each kept only as its SHA-256 hash with its name and scopes, listed without the
//! secret, revoked one by one (and all at once with the account's sessions: signing out
//! everywhere, a password change, closing the account).

use chrono::{DateTime, Utc};
use plateau_protocol::PlayerRef;
use uuid::Uuid;

use super::moderation::{player_and_standing, PlayerStandingRow, PLAYER_STANDING_COLUMNS};
use super::{on_pool, Standing, Store, StoreError};

/// Personal access tokens a player keeps at once: one more is refused (`409`).
pub const ACCESS_TOKENS_PER_PLAYER: i64 = 20;

/// A personal access token as stored: its scopes as the space-separated text they are kept in.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AccessTokenRow {
    pub id: Uuid,
    pub name: String,
    pub scopes: String,
    pub created_at: DateTime<Utc>,
}

/// The player a personal access token signs in, where it stands, and the token.
pub struct AccessTokenOwner {
    pub player: PlayerRef,
    pub standing: Standing,
    pub token: AccessTokenRow,
}

impl Store {
    /// Keeps a new personal access token of `player`, unless it holds
    /// [`ACCESS_TOKENS_PER_PLAYER`] already (false: nothing written). One statement: two made at
    /// once cannot both pass the cap.
    pub async fn add_access_token(
        &self,
        player: Uuid,
        token_hash: &str,
        token: &AccessTokenRow,
    ) -> Result<bool, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query(
                "INSERT INTO access_tokens (id, player_id, token_hash, name, scopes, created_at)
                 SELECT $1, $2, $3, $4, $5, $6
                  WHERE (SELECT COUNT(*) FROM access_tokens WHERE player_id = $2) < $7",
            )
            .bind(token.id)
            .bind(player)
            .bind(token_hash)
            .bind(&token.name)
            .bind(&token.scopes)
            .bind(token.created_at)
            .bind(ACCESS_TOKENS_PER_PLAYER)
            .execute(pool)
            .await
            .map(|done| done.rows_affected() == 1)
        })
    }

    /// `player`'s personal access tokens, oldest first.
    pub async fn access_tokens(&self, player: Uuid) -> Result<Vec<AccessTokenRow>, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT id, name, scopes, created_at FROM access_tokens
                  WHERE player_id = $1 ORDER BY created_at, id",
            )
            .bind(player)
            .fetch_all(pool)
            .await
        })
    }

    /// Deletes `player`'s personal access token `id`; the hash it had (its streams must close),
    /// None if the player has no such token.
    pub async fn delete_access_token(
        &self,
        player: Uuid,
        id: Uuid,
    ) -> Result<Option<String>, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query_scalar(
                "DELETE FROM access_tokens WHERE id = $1 AND player_id = $2 RETURNING token_hash",
            )
            .bind(id)
            .bind(player)
            .fetch_optional(pool)
            .await
        })
    }

    /// The player the personal access token of hash `token_hash` signs in, with where it stands
    /// and the token's scopes.
    pub async fn player_by_access_token(
        &self,
        token_hash: &str,
    ) -> Result<Option<AccessTokenOwner>, StoreError> {
        let row: Option<OwnerRow> = on_pool!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {PLAYER_STANDING_COLUMNS}, t.id AS token_id, t.name AS token_name,
                        t.scopes, t.created_at AS token_created_at
                   FROM access_tokens t JOIN players p ON p.id = t.player_id
                  WHERE t.token_hash = $1"
            ))
            .bind(token_hash)
            .fetch_optional(pool)
            .await
        })?;
        Ok(row.map(|row| {
            let (player, standing) = player_and_standing(row.standing());
            AccessTokenOwner {
                player,
                standing,
                token: AccessTokenRow {
                    id: row.token_id,
                    name: row.token_name,
                    scopes: row.scopes,
                    created_at: row.token_created_at,
                },
            }
        }))
    }
}

/// A player's standing columns ([`PLAYER_STANDING_COLUMNS`]) and its token's.
#[derive(sqlx::FromRow)]
struct OwnerRow {
    id: Uuid,
    name: String,
    role: String,
    banned_until: Option<DateTime<Utc>>,
    banned_for_good: bool,
    muted_until: Option<DateTime<Utc>>,
    bot: bool,
    token_id: Uuid,
    token_name: String,
    scopes: String,
    token_created_at: DateTime<Utc>,
}

impl OwnerRow {
    fn standing(&self) -> PlayerStandingRow {
        (
            self.id,
            self.name.clone(),
            self.role.clone(),
            self.banned_until,
            self.banned_for_good,
            self.muted_until,
            self.bot,
        )
    }
}
