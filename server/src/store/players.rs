//! Players: creation, tokens (several per player: one per sign-in), passwords and reserved names,
//! profile and stats.

use chrono::{DateTime, Utc};
use plateau_protocol::rest::{GameStats, PlayerStats};
use plateau_protocol::PlayerRef;
use uuid::Uuid;

use super::moderation::{player_and_standing, PlayerStandingRow, PLAYER_STANDING_COLUMNS};
use super::Standing;
use super::{on_pool, Store, StoreError};

#[derive(sqlx::FromRow)]
struct PlayerRow {
    id: Uuid,
    name: String,
    created_at: DateTime<Utc>,
    bot: bool,
}

/// What signing in by name checks: the player and its password's hash.
#[derive(Debug, Clone)]
pub struct Credentials {
    pub player: PlayerRef,
    pub password_hash: String,
}

/// What came of [`Store::make_bot`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotUpgrade {
    /// The player is a bot account now (or was already).
    Done,
    /// The player has played a rated match: it stays a person.
    PlayedRated,
}

/// Sessions (tokens) a player keeps at once: a new sign-in beyond them revokes the oldest.
pub const SESSIONS_PER_PLAYER: i64 = 20;

impl Store {
    /// A new guest with its first token.
    pub async fn create_player(
        &self,
        player: &PlayerRef,
        token_hash: &str,
        created_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            // `players.token_hash` keeps the first token's hash for history; `tokens` signs in.
            sqlx::query(
                "INSERT INTO players (id, name, token_hash, created_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(player.id)
            .bind(&player.name)
            .bind(token_hash)
            .bind(created_at)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO tokens (token_hash, player_id, created_at) VALUES ($1, $2, $3)",
            )
            .bind(token_hash)
            .bind(player.id)
            .bind(created_at)
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        })
    }

    /// Another token for a player (a sign-in). Returns the hashes of the oldest tokens it revoked
    /// beyond [`SESSIONS_PER_PLAYER`] (their sockets must close too).
    pub async fn add_token(
        &self,
        player: Uuid,
        token_hash: &str,
        created_at: DateTime<Utc>,
    ) -> Result<Vec<String>, StoreError> {
        on_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "INSERT INTO tokens (token_hash, player_id, created_at) VALUES ($1, $2, $3)",
            )
            .bind(token_hash)
            .bind(player)
            .bind(created_at)
            .execute(&mut *tx)
            .await?;
            // The oldest sessions beyond the cap are revoked with the new one.
            let revoked: Vec<String> = sqlx::query_scalar(
                "DELETE FROM tokens WHERE player_id = $1 AND token_hash NOT IN (
                     SELECT token_hash FROM tokens WHERE player_id = $1
                      ORDER BY created_at DESC, token_hash DESC LIMIT $2)
                 RETURNING token_hash",
            )
            .bind(player)
            .bind(SESSIONS_PER_PLAYER)
            .fetch_all(&mut *tx)
            .await?;
            tx.commit().await.map(|()| revoked)
        })
    }

    /// Revokes one token of a player.
    pub async fn revoke_token(&self, player: Uuid, token_hash: &str) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            sqlx::query("DELETE FROM tokens WHERE token_hash = $1 AND player_id = $2")
                .bind(token_hash)
                .bind(player)
                .execute(pool)
                .await
                .map(|_| ())
        })
    }

    /// Revokes every token of a player: its sessions and its personal access tokens (signing out
    /// everywhere is what a player does who fears a token was stolen).
    pub async fn revoke_tokens(&self, player: Uuid) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            for table in ["tokens", "access_tokens"] {
                sqlx::query(&format!("DELETE FROM {table} WHERE player_id = $1"))
                    .bind(player)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await
        })
    }

    /// Turns `player` into a bot account, for good, unless it has played a rated match (a rating
    /// earned as a person is no bot's): one statement, so that a rated match ending meanwhile
    /// cannot slip between the check and the change.
    pub async fn make_bot(&self, player: Uuid) -> Result<BotUpgrade, StoreError> {
        let done = on_pool!(self, |pool| {
            sqlx::query(
                "UPDATE players SET bot = TRUE
                  WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM rating_changes WHERE player_id = $1)",
            )
            .bind(player)
            .execute(pool)
            .await
            .map(|done| done.rows_affected())
        })?;
        if done == 1 {
            return Ok(BotUpgrade::Done);
        }
        Ok(BotUpgrade::PlayedRated)
    }

    /// Sets bot `player`'s description (None clears it); false if `player` is not a bot account
    /// (a person has no description).
    pub async fn set_bot_description(
        &self,
        player: Uuid,
        description: Option<&str>,
    ) -> Result<bool, StoreError> {
        let done = on_pool!(self, |pool| {
            sqlx::query("UPDATE players SET description = $2 WHERE id = $1 AND bot")
                .bind(player)
                .bind(description)
                .execute(pool)
                .await
                .map(|done| done.rows_affected())
        })?;
        Ok(done == 1)
    }

    /// Bot `player`'s description by its author, if it has one.
    pub async fn bot_description(&self, player: Uuid) -> Result<Option<String>, StoreError> {
        let found: Option<Option<String>> = on_pool!(self, |pool| {
            sqlx::query_scalar("SELECT description FROM players WHERE id = $1 AND bot")
                .bind(player)
                .fetch_optional(pool)
                .await
        })?;
        Ok(found.flatten())
    }

    /// Whether `player` has a password (an account, not a guest).
    pub async fn has_password(&self, player: Uuid) -> Result<bool, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM players WHERE id = $1 AND password_hash IS NOT NULL)",
            )
            .bind(player)
            .fetch_one(pool)
            .await
        })
    }

    /// Whether `player` may chat in public rooms under `--guest-public-chat after-first-match`: it
    /// has a password, or a finished match in a public room in which it made `own_moves` moves
    /// itself (a bot's, or the server's for a seat out of time, are not its own).
    pub async fn chats_in_public(&self, player: Uuid, own_moves: u32) -> Result<bool, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM players WHERE id = $1 AND password_hash IS NOT NULL)
                     OR EXISTS (SELECT 1 FROM match_players mp
                                  JOIN matches m ON m.id = mp.match_id
                                  JOIN rooms r ON r.code = m.room_code
                                 WHERE mp.player_id = $1 AND m.status = 'finished'
                                   AND r.visibility = 'public'
                                   AND (SELECT COUNT(*) FROM moves mv
                                         WHERE mv.match_id = m.id AND mv.player_id = $1) >= $2)",
            )
            .bind(player)
            .bind(i64::from(own_moves))
            .fetch_one(pool)
            .await
        })
    }

    /// The client language `player` chose, if any.
    pub async fn language(&self, player: Uuid) -> Result<Option<String>, StoreError> {
        let found: Option<Option<String>> = on_pool!(self, |pool| {
            sqlx::query_scalar("SELECT language FROM players WHERE id = $1")
                .bind(player)
                .fetch_optional(pool)
                .await
        })?;
        Ok(found.flatten())
    }

    /// Keeps `language` (None: forgets it) as `player`'s client language.
    pub async fn set_language(
        &self,
        player: Uuid,
        language: Option<&str>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            sqlx::query("UPDATE players SET language = $1 WHERE id = $2")
                .bind(language)
                .bind(player)
                .execute(pool)
                .await
                .map(|_| ())
        })
    }

    /// When each of a player's live tokens was made (its sessions), oldest first.
    pub async fn session_times(&self, player: Uuid) -> Result<Vec<DateTime<Utc>>, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query_scalar(
                "SELECT created_at FROM tokens WHERE player_id = $1 ORDER BY created_at",
            )
            .bind(player)
            .fetch_all(pool)
            .await
        })
    }

    /// The player whose token hashes to `token_hash`, with where it stands (a banned player's
    /// tokens are kept, for when the ban ends, but sign nobody in meanwhile: see `api::auth`).
    pub async fn player_by_token_hash(
        &self,
        token_hash: &str,
    ) -> Result<Option<(PlayerRef, Standing)>, StoreError> {
        let row: Option<PlayerStandingRow> = on_pool!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {PLAYER_STANDING_COLUMNS}
                   FROM tokens t JOIN players p ON p.id = t.player_id
                  WHERE t.token_hash = $1"
            ))
            .bind(token_hash)
            .fetch_optional(pool)
            .await
        })?;
        Ok(row.map(player_and_standing))
    }

    /// Sets a player's password hash and reserves its name (`reserved`: the name's key, see
    /// `text::name_key`), and revokes every token of the player but `kept` (the one the change was
    /// made with; personal access tokens all go), in one transaction. A unique violation: another player has reserved that name,
    /// or one that looks the same.
    pub async fn set_password(
        &self,
        player: Uuid,
        password_hash: &str,
        reserved: &str,
        kept: &str,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            sqlx::query("UPDATE players SET password_hash = $1, reserved_name = $2 WHERE id = $3")
                .bind(password_hash)
                .bind(reserved)
                .bind(player)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM tokens WHERE player_id = $1 AND token_hash <> $2")
                .bind(player)
                .bind(kept)
                .execute(&mut *tx)
                .await?;
            // A password change is what a player does who fears its account was entered: the
            // programs' tokens go with the other sessions.
            sqlx::query("DELETE FROM access_tokens WHERE player_id = $1")
                .bind(player)
                .execute(&mut *tx)
                .await?;
            tx.commit().await
        })
    }

    /// The hash of a player's password (None: a guest without one).
    pub async fn password_hash(&self, player: Uuid) -> Result<Option<String>, StoreError> {
        let hash: Option<Option<String>> = on_pool!(self, |pool| {
            sqlx::query_scalar("SELECT password_hash FROM players WHERE id = $1")
                .bind(player)
                .fetch_optional(pool)
                .await
        })?;
        Ok(hash.flatten())
    }

    /// Whether a player has reserved the name of key `reserved`.
    pub async fn name_reserved(&self, reserved: &str) -> Result<bool, StoreError> {
        let found: Option<i32> = on_pool!(self, |pool| {
            sqlx::query_scalar("SELECT 1 FROM players WHERE reserved_name = $1")
                .bind(reserved)
                .fetch_optional(pool)
                .await
        })?;
        Ok(found.is_some())
    }

    /// The player who reserved the name of key `reserved`, with its password's hash.
    pub async fn credentials(&self, reserved: &str) -> Result<Option<Credentials>, StoreError> {
        let row: Option<(Uuid, String, String, bool)> = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT id, name, password_hash, bot FROM players
                  WHERE reserved_name = $1 AND password_hash IS NOT NULL",
            )
            .bind(reserved)
            .fetch_optional(pool)
            .await
        })?;
        Ok(row.map(|(id, name, password_hash, bot)| Credentials {
            player: PlayerRef { id, name, bot },
            password_hash,
        }))
    }

    /// A player with its creation time.
    pub async fn player(&self, id: Uuid) -> Result<Option<(PlayerRef, DateTime<Utc>)>, StoreError> {
        let row: Option<PlayerRow> = on_pool!(self, |pool| {
            sqlx::query_as("SELECT id, name, created_at, bot FROM players WHERE id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await
        })?;
        Ok(row.map(|r| {
            (
                PlayerRef {
                    id: r.id,
                    name: r.name,
                    bot: r.bot,
                },
                r.created_at,
            )
        }))
    }

    /// Finished matches played and won by a player, in all and per game.
    pub async fn player_stats(&self, id: Uuid) -> Result<PlayerStats, StoreError> {
        let rows: Vec<(String, i64, i64)> = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT m.game, COUNT(*), COALESCE(SUM(CASE WHEN mp.won THEN 1 ELSE 0 END), 0)
                   FROM match_players mp JOIN matches m ON m.id = mp.match_id
                  WHERE mp.player_id = $1 AND m.status = 'finished'
                  GROUP BY m.game",
            )
            .bind(id)
            .fetch_all(pool)
            .await
        })?;
        let by_game: std::collections::BTreeMap<String, GameStats> = rows
            .into_iter()
            .map(|(game, played, won)| (game, GameStats { played, won }))
            .collect();
        Ok(PlayerStats {
            played: by_game.values().map(|g| g.played).sum(),
            won: by_game.values().map(|g| g.won).sum(),
            by_game,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Migration 0004 moves tokens to a table of their own: a player created before it still signs
    /// in with its token afterwards.
    #[tokio::test]
    async fn tokens_from_before_accounts_still_sign_in() {
        let dir = tempfile::tempdir().unwrap();
        let before = dir.path().join("before");
        std::fs::create_dir(&before).unwrap();
        let migrations = concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations/sqlite");
        for entry in std::fs::read_dir(migrations).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            if name.as_str() < "0004" {
                std::fs::copy(&path, before.join(name)).unwrap();
            }
        }
        let url = format!("sqlite://{}", dir.path().join("old.db").display());
        let store = Store::connect(&url, 1).await.unwrap();
        let super::super::Backend::Sqlite(pool) = &store.backend else {
            unreachable!()
        };
        sqlx::migrate::Migrator::new(before.as_path())
            .await
            .unwrap()
            .run(pool)
            .await
            .unwrap();
        let id = Uuid::new_v4();
        sqlx::query(
            "INSERT INTO players (id, name, token_hash, created_at) VALUES ($1, 'Old', 'abc', $2)",
        )
        .bind(id)
        .bind(Utc::now())
        .execute(pool)
        .await
        .unwrap();
        store.migrate().await.unwrap();
        let (player, _) = store.player_by_token_hash("abc").await.unwrap().unwrap();
        assert_eq!((player.id, player.name.as_str()), (id, "Old"));
        store.revoke_tokens(id).await.unwrap();
        assert!(store.player_by_token_hash("abc").await.unwrap().is_none());
    }
}
