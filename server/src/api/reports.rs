//! Reports: any player reports another (`POST /api/v1/reports`), stored with what the server
//! holds of the context (the room's recent chat lines the reporter could read: a room's code is
//! no right to its chat); one open report per reporter and reported
//! player, and `--reports-per-day` per reporter. Moderators list them
//! (`GET /api/v1/mod/reports?status=`) and resolve them (`POST /api/v1/mod/reports/{id}/resolve`,
//! an audit row).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chrono::Utc;
use plateau_protocol::moderation::{NewReport, ReportCreated, Reports, Resolution};
use plateau_protocol::rest::ErrorBody;
use plateau_protocol::ErrorCode;
use serde::Deserialize;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::api::auth::{Authenticated, Moderator};
use crate::api::room_moderation::ask_room;
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery};
use crate::moderation::limits;
use crate::rooms::{RoomAnswer, RoomCode, RoomModeration};
use crate::state::AppState;
use crate::store::{NewAuditEntry, NewReportRow, ReportSide, StoreError};

/// Longest word for what was done about a report.
const MAX_ACTION_CHARS: usize = 32;

#[utoipa::path(post, operation_id = "create_report", path = "/api/v1/reports", tag = "moderation", request_body = NewReport, security(("bearer" = [])),
    responses((status = 201, description = "The report is stored for moderators, with the room's recent chat lines the reporter could read when a room is named", body = ReportCreated),
              (status = 400, description = "Malformed input, an unknown reason, text out of bounds, or reporting oneself", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 404, description = "No such player, or no such room", body = ErrorBody),
              (status = 409, description = "The caller already has an open report of this player", body = ErrorBody),
              (status = 429, description = "More than `--reports-per-day` reports by this player; see `Retry-After`", body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    Authenticated(reporter): Authenticated,
    ApiJson(body): ApiJson<NewReport>,
) -> Result<(StatusCode, Json<ReportCreated>), ApiError> {
    if body.player == reporter.id {
        return Err(ApiError::bad_request(
            "player: a player cannot report itself",
        ));
    }
    let text = match &body.text {
        Some(raw) => {
            Some(crate::text::chat(raw).map_err(|e| ApiError::bad_request(e.to_string()))?)
        }
        None => None,
    };
    if state.store.standing(body.player).await?.is_none() {
        return Err(ApiError::not_found("player"));
    }
    let room = body.room.as_deref().map(RoomCode::new);
    let context = match &room {
        Some(code) => {
            match ask_room(&state, &reporter, code, RoomModeration::ChatForReport).await? {
                // The room gives the lines the reporter was sent; those said by a player it
                // had blocked were held back from its sockets, so it never read them either.
                RoomAnswer::Chat(mut chat) => {
                    let blocks = state.store.blocks_of(reporter.id).await?;
                    chat.retain(|line| {
                        !blocks
                            .iter()
                            .any(|(who, since)| who.id == line.player.id && line.at >= *since)
                    });
                    json!({ "chat": chat })
                }
                _ => json!({}),
            }
        }
        None => json!({}),
    };
    if let Err(wait) = state.budgets.reports_per_player.take(&reporter.id) {
        return Err(ApiError::rate_limited_for(
            "reports_per_player",
            "too many reports today; try again later",
            wait,
        ));
    }
    let row = NewReportRow {
        reporter: reporter.id,
        player: body.player,
        reason: body.reason.as_str(),
        room: room.as_deref(),
        match_id: body.match_id,
        text: text.as_deref(),
        context: &context,
        at: Utc::now(),
    };
    match state.store.add_report(&row).await {
        Ok(id) => Ok((StatusCode::CREATED, Json(ReportCreated { id }))),
        Err(StoreError::Conflict(_)) => Err(ApiError::new(
            ErrorCode::Conflict,
            "you already have an open report of this player",
        )),
        Err(e) => Err(e.into()),
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ReportsQuery {
    /// `open` (the default) or `resolved`; with `player`, every status unless given.
    status: Option<String>,
    /// Only the reports made of this player (a moderator's page of the player).
    player: Option<Uuid>,
    /// At most this many, 1 to 100 (default 50), oldest first.
    limit: Option<i64>,
}

#[utoipa::path(get, operation_id = "list_reports", path = "/api/v1/mod/reports", tag = "moderation", params(ReportsQuery), security(("bearer" = [])),
    responses((status = 200, description = "Reports of that status, oldest first", body = Reports),
              (status = 400, description = "An unknown status, a `limit` out of range, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: the caller is not a moderator", body = ErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    _moderator: Moderator,
    ApiQuery(query): ApiQuery<ReportsQuery>,
) -> Result<Json<Reports>, ApiError> {
    if let Some(status) = &query.status {
        if !matches!(status.as_str(), "open" | "resolved") {
            return Err(ApiError::bad_request(
                "status: must be `open` or `resolved`",
            ));
        }
    }
    let limit = query.limit.unwrap_or(50);
    if !(1..=100).contains(&limit) {
        return Err(ApiError::bad_request("limit: must be from 1 to 100"));
    }
    let reports = match query.player {
        // One player's reports are few: filtered here.
        Some(player) => state
            .store
            .reports_of(player, ReportSide::About)
            .await?
            .into_iter()
            .filter(|r| query.status.as_ref().is_none_or(|s| &r.status == s))
            .take(limit as usize)
            .collect(),
        None => {
            let status = query.status.as_deref().unwrap_or("open");
            state.store.reports(status, limit).await?
        }
    };
    Ok(Json(Reports { reports }))
}

#[utoipa::path(post, path = "/api/v1/mod/reports/{id}/resolve", tag = "moderation", request_body = Resolution, security(("bearer" = [])),
    params(("id" = i64, Path, description = "Report id")),
    responses((status = 204, description = "The report is resolved (and in the audit log)"),
              (status = 400, description = "No reason, an `action` over 32 characters, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: the caller is not a moderator", body = ErrorBody),
              (status = 404, description = "No such open report", body = ErrorBody)))]
pub async fn resolve(
    State(state): State<AppState>,
    moderator: Moderator,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<Resolution>,
) -> Result<StatusCode, ApiError> {
    let reason = limits::reason(&body.reason)?;
    let action = match &body.action {
        Some(raw) => Some(
            crate::text::clean(raw, "action", MAX_ACTION_CHARS)
                .map_err(|e| ApiError::bad_request(e.to_string()))?,
        ),
        None => None,
    };
    let entry = NewAuditEntry {
        at: Utc::now(),
        moderator: Some(moderator.player.id),
        action: "resolve_report",
        player: None,
        room: None,
        details: json!({ "report": id, "action": action.clone().map_or(Value::Null, Value::from) }),
        reason,
    };
    if !state
        .store
        .resolve_report(id, action.as_deref(), &entry)
        .await?
    {
        return Err(ApiError::not_found("open report"));
    }
    Ok(StatusCode::NO_CONTENT)
}
