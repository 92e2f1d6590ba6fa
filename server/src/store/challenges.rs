//! Challenges (`/api/v1/challenges`, issue 47): who challenged whom to which room, who has
//! accepted, and how it ended. Each change is one statement (or one transaction) that checks the
//! challenge is still open, so that an acceptance, a refusal and the expiry, made at once on
//! several nodes, settle it once.

use chrono::{DateTime, Utc};
use plateau_protocol::PlayerRef;
use uuid::Uuid;

use super::{on_pool, Store, StoreError};

/// A challenge as stored, with its players.
#[derive(Debug, Clone)]
pub struct ChallengeRow {
    pub id: Uuid,
    pub room: String,
    pub challenger: PlayerRef,
    pub game: String,
    pub status: String,
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// The players challenged, with whether each has accepted.
    pub to: Vec<(PlayerRef, bool)>,
}

#[derive(sqlx::FromRow)]
struct Columns {
    id: Uuid,
    room_code: String,
    challenger_id: Uuid,
    challenger_name: String,
    challenger_bot: bool,
    game: String,
    status: String,
    reason: Option<String>,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
}

const COLUMNS: &str = "SELECT c.id, c.room_code, c.challenger_id, p.name AS challenger_name,
        p.bot AS challenger_bot, c.game, c.status, c.reason, c.created_at, c.expires_at
   FROM challenges c JOIN players p ON p.id = c.challenger_id";

/// What came of an acceptance ([`Store::accept_challenge`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accepted {
    /// Counted; others have yet to accept.
    Waiting,
    /// Counted, and it was the last: the challenge is accepted.
    Everyone,
    /// The challenge is not open (or the player is not challenged by it, or accepted already).
    NotOpen,
}

impl Store {
    /// Keeps a new open challenge of `row.challenger` to `row.to`.
    pub async fn create_challenge(&self, row: &ChallengeRow) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "INSERT INTO challenges
                   (id, room_code, challenger_id, game, status, created_at, expires_at)
                 VALUES ($1, $2, $3, $4, 'open', $5, $6)",
            )
            .bind(row.id)
            .bind(&row.room)
            .bind(row.challenger.id)
            .bind(&row.game)
            .bind(row.created_at)
            .bind(row.expires_at)
            .execute(&mut *tx)
            .await?;
            for (player, _) in &row.to {
                sqlx::query(
                    "INSERT INTO challenge_targets (challenge_id, player_id) VALUES ($1, $2)",
                )
                .bind(row.id)
                .bind(player.id)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await
        })
    }

    /// Challenge `id`, with its players.
    pub async fn challenge(&self, id: Uuid) -> Result<Option<ChallengeRow>, StoreError> {
        let sql = format!("{COLUMNS} WHERE c.id = $1");
        let row: Option<Columns> = on_pool!(self, |pool| {
            sqlx::query_as(&sql).bind(id).fetch_optional(pool).await
        })?;
        match row {
            Some(row) => Ok(Some(self.with_targets(row).await?)),
            None => Ok(None),
        }
    }

    /// The open challenges `player` made or is challenged by, not yet expired at `now`.
    pub async fn open_challenges_of(
        &self,
        player: Uuid,
        now: DateTime<Utc>,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        let sql = format!(
            "{COLUMNS} WHERE c.status = 'open' AND c.expires_at > $2 AND (c.challenger_id = $1
                OR EXISTS (SELECT 1 FROM challenge_targets t
                            WHERE t.challenge_id = c.id AND t.player_id = $1))
              ORDER BY c.created_at, c.id"
        );
        let rows: Vec<Columns> = on_pool!(self, |pool| {
            sqlx::query_as(&sql)
                .bind(player)
                .bind(now)
                .fetch_all(pool)
                .await
        })?;
        let mut challenges = Vec::with_capacity(rows.len());
        for row in rows {
            challenges.push(self.with_targets(row).await?);
        }
        Ok(challenges)
    }

    async fn with_targets(&self, row: Columns) -> Result<ChallengeRow, StoreError> {
        let targets: Vec<(Uuid, String, bool, bool)> = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT p.id, p.name, p.bot, t.accepted
                   FROM challenge_targets t JOIN players p ON p.id = t.player_id
                  WHERE t.challenge_id = $1 ORDER BY p.id",
            )
            .bind(row.id)
            .fetch_all(pool)
            .await
        })?;
        Ok(ChallengeRow {
            id: row.id,
            room: row.room_code,
            challenger: PlayerRef {
                id: row.challenger_id,
                name: row.challenger_name,
                bot: row.challenger_bot,
            },
            game: row.game,
            status: row.status,
            reason: row.reason,
            created_at: row.created_at,
            expires_at: row.expires_at,
            to: targets
                .into_iter()
                .map(|(id, name, bot, accepted)| (PlayerRef { id, name, bot }, accepted))
                .collect(),
        })
    }

    /// Counts `player`'s acceptance of open challenge `id`; the last one accepts it.
    pub async fn accept_challenge(&self, id: Uuid, player: Uuid) -> Result<Accepted, StoreError> {
        on_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            let counted = sqlx::query(
                "UPDATE challenge_targets SET accepted = TRUE
                  WHERE challenge_id = $1 AND player_id = $2 AND NOT accepted
                    AND EXISTS (SELECT 1 FROM challenges WHERE id = $1 AND status = 'open')",
            )
            .bind(id)
            .bind(player)
            .execute(&mut *tx)
            .await?;
            if counted.rows_affected() == 0 {
                return Ok(Accepted::NotOpen);
            }
            let waiting: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM challenge_targets WHERE challenge_id = $1 AND NOT accepted",
            )
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
            if waiting == 0 {
                sqlx::query("UPDATE challenges SET status = 'accepted' WHERE id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(if waiting == 0 {
                Accepted::Everyone
            } else {
                Accepted::Waiting
            })
        })
    }

    /// Ends open challenge `id` as `status` (`declined`, `canceled`) for `reason`; false if it
    /// was not open (accepted, or ended already).
    pub async fn end_challenge(
        &self,
        id: Uuid,
        status: &str,
        reason: Option<&str>,
    ) -> Result<bool, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query(
                "UPDATE challenges SET status = $2, reason = $3 WHERE id = $1 AND status = 'open'",
            )
            .bind(id)
            .bind(status)
            .bind(reason)
            .execute(pool)
            .await
            .map(|done| done.rows_affected() == 1)
        })
    }

    /// The rooms whose match `player` plays now: code, game and match.
    pub async fn matches_under_way_of(
        &self,
        player: Uuid,
    ) -> Result<Vec<(String, String, Option<Uuid>)>, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT r.code, r.game, r.match_id FROM rooms r
                  WHERE r.status = 'playing' AND EXISTS (SELECT 1 FROM room_seats s
                         WHERE s.room_code = r.code AND s.player_id = $1)
                  ORDER BY r.code",
            )
            .bind(player)
            .fetch_all(pool)
            .await
        })
    }

    /// How many rooms `player` sits in that wait or play: its matches at once.
    pub async fn rooms_at_once_of(&self, player: Uuid) -> Result<u64, StoreError> {
        let count: i64 = on_pool!(self, |pool| {
            sqlx::query_scalar(
                "SELECT COUNT(*) FROM rooms r
                  WHERE r.status IN ('waiting', 'playing') AND EXISTS (SELECT 1 FROM room_seats s
                         WHERE s.room_code = r.code AND s.player_id = $1)",
            )
            .bind(player)
            .fetch_one(pool)
            .await
        })?;
        Ok(count as u64)
    }
}
