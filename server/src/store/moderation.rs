//! Moderation in the store: roles, bans, mutes and renames, each written in one transaction with
//! its row of the audit log; and the audit log itself, which this module only inserts into and
//! reads (the migrations' triggers refuse any change or deletion of a row).

use chrono::{DateTime, Utc};
use plateau_protocol::moderation::{AuditEntry, Role};
use plateau_protocol::PlayerRef;
use serde_json::Value;
use uuid::Uuid;

use super::Standing;
use super::{on_pool, Store, StoreError};

/// A row for the audit log: who did what to whom, and why.
#[derive(Debug, Clone)]
pub struct NewAuditEntry {
    pub at: DateTime<Utc>,
    /// None: the command line (`plateau admin`).
    pub moderator: Option<Uuid>,
    pub action: &'static str,
    pub player: Option<Uuid>,
    pub room: Option<String>,
    pub details: Value,
    pub reason: String,
}

impl NewAuditEntry {
    /// The entry as a log line too, once stored: an operator's log collector sees every
    /// moderation action, with who, whom and why, as fields.
    pub(crate) fn log(&self) {
        tracing::info!(
            action = self.action,
            moderator = self.moderator.map(tracing::field::display),
            player = self.player.map(tracing::field::display),
            room = self.room.as_deref(),
            reason = %self.reason,
            "moderation"
        );
    }
}

/// What moderators face now (`/metrics`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModerationLoad {
    pub reports_open: i64,
    pub mutes_active: i64,
    pub bans_active: i64,
}

/// What a moderation change does to a player's row, besides its audit entry.
#[derive(Debug, Clone)]
pub enum Change {
    /// The player's role becomes `to`, if it is `from` (a role it does not hold is not taken
    /// from it, nor one it holds given again).
    Role {
        from: Role,
        to: Role,
    },
    Ban {
        until: Option<DateTime<Utc>>,
        for_good: bool,
    },
    Mute {
        until: Option<DateTime<Utc>>,
    },
    /// A new name and, for a player with a password, the key its name is reserved under.
    Rename {
        name: String,
        reserved: Option<String>,
    },
}

/// What came of a [`Change`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moderated {
    /// Made, with its audit row.
    Done,
    /// No such player: nothing written.
    Unknown,
    /// The player's row was not as the change expects (a role it does not hold): nothing
    /// written.
    Unchanged,
}

/// The columns of a player and its standing, in [`player_and_standing`]'s order.
pub(crate) const PLAYER_STANDING_COLUMNS: &str =
    "p.id, p.name, p.role, p.banned_until, p.banned_for_good, p.muted_until, p.bot";

pub(crate) type PlayerStandingRow = (
    Uuid,
    String,
    String,
    Option<DateTime<Utc>>,
    bool,
    Option<DateTime<Utc>>,
    bool,
);

/// A player and its standing from their columns (an unknown role reads as a plain player: the
/// schema allows none).
pub(crate) fn player_and_standing(row: PlayerStandingRow) -> (PlayerRef, Standing) {
    let (id, name, role, banned_until, banned_for_good, muted_until, bot) = row;
    let standing = Standing {
        role: Role::parse(&role).unwrap_or(Role::Player),
        banned_until,
        banned_for_good,
        muted_until,
    };
    (PlayerRef { id, name, bot }, standing)
}

/// One row of the audit log; the only statement that writes to it.
pub(crate) const INSERT_AUDIT_ENTRY: &str = "INSERT INTO audit_log
         (at, moderator_id, action, target_player, target_room, details, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7)";

/// Writes `$entry` (a [`NewAuditEntry`], its details as text in `$details`) through `$executor`:
/// a pool, or a transaction of the action it records.
macro_rules! insert_audit_entry {
    ($executor:expr, $entry:expr, $details:expr) => {
        sqlx::query($crate::store::moderation::INSERT_AUDIT_ENTRY)
            .bind($entry.at)
            .bind($entry.moderator)
            .bind($entry.action)
            .bind($entry.player)
            .bind(&$entry.room)
            .bind($details)
            .bind(&$entry.reason)
            .execute($executor)
            .await
    };
}
pub(crate) use insert_audit_entry;

type AuditRow = (
    i64,
    DateTime<Utc>,
    Option<Uuid>,
    String,
    Option<Uuid>,
    Option<String>,
    String,
    String,
);

impl Store {
    /// A player and where it stands (None: no such player).
    pub async fn standing(
        &self,
        player: Uuid,
    ) -> Result<Option<(PlayerRef, Standing)>, StoreError> {
        let row: Option<PlayerStandingRow> = on_pool!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {PLAYER_STANDING_COLUMNS} FROM players p WHERE p.id = $1"
            ))
            .bind(player)
            .fetch_optional(pool)
            .await
        })?;
        Ok(row.map(player_and_standing))
    }

    /// The players named exactly `name`, or whose reserved name has the key `reserved`: who
    /// `plateau admin grant NAME` may mean.
    pub async fn players_named(
        &self,
        name: &str,
        reserved: Option<&str>,
    ) -> Result<Vec<PlayerRef>, StoreError> {
        let rows: Vec<(Uuid, String)> = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT id, name FROM players WHERE name = $1 OR reserved_name = $2
                  ORDER BY created_at, id",
            )
            .bind(name)
            .bind(reserved)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows
            .into_iter()
            .map(|(id, name)| PlayerRef::person(id, name))
            .collect())
    }

    /// Makes `change` to `player` and writes `entry` to the audit log, in one transaction; what
    /// came of it. A rename to a name reserved by another is a [`StoreError::Conflict`], and
    /// writes nothing either.
    pub async fn moderate(
        &self,
        player: Uuid,
        change: &Change,
        entry: &NewAuditEntry,
    ) -> Result<Moderated, StoreError> {
        let details = entry.details.to_string();
        on_pool!(self, |pool| {
            async {
                let mut tx = pool.begin().await?;
                let update = match change {
                    Change::Role { from, to } => {
                        sqlx::query("UPDATE players SET role = $1 WHERE id = $2 AND role = $3")
                            .bind(to.as_str())
                            .bind(player)
                            .bind(from.as_str())
                    }
                    Change::Ban { until, for_good } => sqlx::query(
                        "UPDATE players SET banned_until = $1, banned_for_good = $2 WHERE id = $3",
                    )
                    .bind(*until)
                    .bind(*for_good)
                    .bind(player),
                    Change::Mute { until } => {
                        sqlx::query("UPDATE players SET muted_until = $1 WHERE id = $2")
                            .bind(*until)
                            .bind(player)
                    }
                    Change::Rename { name, reserved } => sqlx::query(
                        "UPDATE players SET name = $1,
                                reserved_name = CASE WHEN reserved_name IS NULL THEN NULL ELSE $2 END
                          WHERE id = $3",
                    )
                    .bind(name)
                    .bind(reserved)
                    .bind(player),
                };
                if update.execute(&mut *tx).await?.rows_affected() == 0 {
                    let exists: Option<i32> = sqlx::query_scalar("SELECT 1 FROM players WHERE id = $1")
                        .bind(player)
                        .fetch_optional(&mut *tx)
                        .await?;
                    return Ok(match exists {
                        Some(_) => Moderated::Unchanged,
                        None => Moderated::Unknown,
                    });
                }
                insert_audit_entry!(&mut *tx, entry, &details)?;
                tx.commit().await.map(|()| Moderated::Done)
            }
            .await
        })
        .inspect(|done| {
            if *done == Moderated::Done {
                entry.log();
            }
        })
    }

    /// What moderators face at `now`: reports open, players muted, players banned.
    pub async fn moderation_load(&self, now: DateTime<Utc>) -> Result<ModerationLoad, StoreError> {
        let (reports_open, mutes_active, bans_active): (i64, i64, i64) = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT (SELECT COUNT(*) FROM reports WHERE status = 'open'),
                        (SELECT COUNT(*) FROM players WHERE muted_until > $1),
                        (SELECT COUNT(*) FROM players
                          WHERE banned_for_good OR banned_until > $1)",
            )
            .bind(now)
            .fetch_one(pool)
            .await
        })?;
        Ok(ModerationLoad {
            reports_open,
            mutes_active,
            bans_active,
        })
    }

    /// Writes `entry` to the audit log alone: for an action made elsewhere (by a room's task,
    /// through its own writer under its lease), once it is made.
    pub async fn record(&self, entry: &NewAuditEntry) -> Result<(), StoreError> {
        let details = entry.details.to_string();
        on_pool!(self, |pool| {
            insert_audit_entry!(pool, entry, &details).map(|_| ())
        })
        .inspect(|()| entry.log())
    }

    /// The audit log, newest first: at most `limit` entries older than entry `before` (all: None),
    /// about `player` only if given.
    pub async fn audit_log(
        &self,
        limit: i64,
        before: Option<i64>,
        player: Option<Uuid>,
    ) -> Result<Vec<AuditEntry>, StoreError> {
        let rows: Vec<AuditRow> = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT id, at, moderator_id, action, target_player, target_room, details, reason
                   FROM audit_log
                  WHERE ($1 IS NULL OR id < $1) AND ($3 IS NULL OR target_player = $3)
                  ORDER BY id DESC LIMIT $2",
            )
            .bind(before)
            .bind(limit)
            .bind(player)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows
            .into_iter()
            .map(
                |(id, at, moderator, action, player, room, details, reason)| AuditEntry {
                    id,
                    at,
                    moderator,
                    action,
                    player,
                    room,
                    details: serde_json::from_str(&details).unwrap_or(Value::Null),
                    reason,
                },
            )
            .collect())
    }
}
