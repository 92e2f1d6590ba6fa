//! Players' reports of other players: stored with their context, one open per reporter and
//! reported player (a second is a [`StoreError::Conflict`]), listed for moderators and resolved.

use chrono::{DateTime, Utc};
use plateau_protocol::moderation::Report;
use serde_json::Value;
use uuid::Uuid;

use super::moderation::{insert_audit_entry, NewAuditEntry};
use super::{on_pool, Store, StoreError};

/// A report to store.
pub struct NewReportRow<'a> {
    pub reporter: Uuid,
    pub player: Uuid,
    pub reason: &'static str,
    pub room: Option<&'a str>,
    pub match_id: Option<Uuid>,
    pub text: Option<&'a str>,
    pub context: &'a Value,
    pub at: DateTime<Utc>,
}

/// Which reports of a player: those it made, or those made of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportSide {
    By,
    About,
}

/// The columns of a [`ReportRow`], in order.
const REPORT_COLUMNS: &str = "id, reporter_id, player_id, reason, room, match_id, text, context, \
     created_at, status, resolved_by, resolved_at, resolution, action";

type ReportRow = (
    i64,
    Uuid,
    Uuid,
    String,
    Option<String>,
    Option<Uuid>,
    Option<String>,
    String,
    DateTime<Utc>,
    String,
    Option<Uuid>,
    Option<DateTime<Utc>>,
    Option<String>,
    Option<String>,
);

impl Store {
    /// Stores a report; its id. A unique violation: the reporter has an open report of that player.
    pub async fn add_report(&self, report: &NewReportRow<'_>) -> Result<i64, StoreError> {
        let context = report.context.to_string();
        on_pool!(self, |pool| {
            sqlx::query_scalar(
                "INSERT INTO reports (reporter_id, player_id, reason, room, match_id, text, context, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
            )
            .bind(report.reporter)
            .bind(report.player)
            .bind(report.reason)
            .bind(report.room)
            .bind(report.match_id)
            .bind(report.text)
            .bind(&context)
            .bind(report.at)
            .fetch_one(pool)
            .await
        })
    }

    /// The reports of `status` (`open`, `resolved`), oldest first, at most `limit`.
    pub async fn reports(&self, status: &str, limit: i64) -> Result<Vec<Report>, StoreError> {
        let rows: Vec<ReportRow> = on_pool!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {REPORT_COLUMNS} FROM reports WHERE status = $1 ORDER BY id LIMIT $2"
            ))
            .bind(status)
            .bind(limit)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows.into_iter().map(report_from).collect())
    }

    /// Every report `player` made (`by`) or that was made of it (`about`), oldest first.
    pub async fn reports_of(
        &self,
        player: Uuid,
        side: ReportSide,
    ) -> Result<Vec<Report>, StoreError> {
        let column = match side {
            ReportSide::By => "reporter_id",
            ReportSide::About => "player_id",
        };
        let rows: Vec<ReportRow> = on_pool!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {REPORT_COLUMNS} FROM reports WHERE {column} = $1 ORDER BY id"
            ))
            .bind(player)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows.into_iter().map(report_from).collect())
    }

    /// Resolves open report `id` and writes `entry` to the audit log, in one transaction, the entry
    /// naming the reported player (so that it shows among the actions about them). False: no such
    /// open report (nothing written).
    pub async fn resolve_report(
        &self,
        id: i64,
        action: Option<&str>,
        entry: &NewAuditEntry,
    ) -> Result<bool, StoreError> {
        let details = entry.details.to_string();
        let mut entry = entry.clone();
        let done = on_pool!(self, |pool| {
            async {
                let mut tx = pool.begin().await?;
                let reported: Option<Uuid> = sqlx::query_scalar(
                    "UPDATE reports SET status = 'resolved', resolved_by = $1, resolved_at = $2,
                            resolution = $3, action = $4
                      WHERE id = $5 AND status = 'open'
                  RETURNING player_id",
                )
                .bind(entry.moderator)
                .bind(entry.at)
                .bind(&entry.reason)
                .bind(action)
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
                let Some(reported) = reported else {
                    return Ok(false);
                };
                entry.player = Some(reported);
                insert_audit_entry!(&mut *tx, entry, &details)?;
                tx.commit().await.map(|()| true)
            }
            .await
        })?;
        if done {
            entry.log();
        }
        Ok(done)
    }
}

fn report_from(row: ReportRow) -> Report {
    let (id, reporter, player, reason, room, match_id, text, context, created_at) = (
        row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7, row.8,
    );
    Report {
        id,
        reporter,
        player,
        reason,
        room,
        match_id,
        text,
        context: serde_json::from_str(&context).unwrap_or(Value::Null),
        created_at,
        status: row.9,
        resolved_by: row.10,
        resolved_at: row.11,
        resolution: row.12,
        action: row.13,
    }
}
