//! Moderation calls under `/api/v1/mod/...` (docs/protocol.md, "Moderation"): admins grant and
//! revoke the moderator role; moderators ban, unban, mute, unmute and rename players and read the
//! audit log. Every call checks the caller's role first (`403 forbidden`), then its input
//! (`400 bad_request`, nothing changed); every action needs a reason and writes one row of the
//! audit log in the transaction that makes it.

use axum::extract::State;
use axum::Json;
use chrono::{DateTime, Utc};
use plateau_protocol::moderation::{
    AuditLog, BanRequest, Because, MuteRequest, RenameRequest, Role, Standing as StandingBody,
};
use plateau_protocol::rest::ErrorBody;
use plateau_protocol::{ErrorCode, RoomStatus};
use serde::Deserialize;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::accounts::revocation::{Revoked, Which};
use crate::api::auth::Moderator;
use crate::api::room_moderation::ask_room;
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery};
use crate::moderation::{limits, roles, Standing};
use crate::rooms::{RoomAnswer, RoomCode, RoomModeration};
use crate::state::AppState;
use crate::store::{Change, Moderated, NewAuditEntry, StoreError};

/// One moderation action on a player, checked and ready to store.
struct Action {
    name: &'static str,
    change: Change,
    details: Value,
    reason: String,
}

impl Moderator {
    /// Makes `action` on `target`, with its audit row; answers the target's standing after it.
    async fn act_on(
        &self,
        state: &AppState,
        target: Uuid,
        action: Action,
    ) -> Result<StandingBody, ApiError> {
        let entry = NewAuditEntry {
            at: Utc::now(),
            moderator: Some(self.player.id),
            action: action.name,
            player: Some(target),
            room: None,
            details: action.details,
            reason: action.reason,
        };
        match state.store.moderate(target, &action.change, &entry).await {
            Ok(Moderated::Done) => {}
            Ok(Moderated::Unknown) => return Err(ApiError::not_found("player")),
            Ok(Moderated::Unchanged) => {
                return Err(ApiError::new(
                    ErrorCode::Conflict,
                    "the player's role changed meanwhile",
                ))
            }
            Err(StoreError::Conflict(_)) => {
                return Err(ApiError::new(
                    ErrorCode::Conflict,
                    "this name is reserved by another player",
                ))
            }
            Err(e) => return Err(e.into()),
        }
        standing_of(state, target).await
    }

    /// The target's standing, refused unless this moderator may act on it.
    async fn target(&self, state: &AppState, target: Uuid) -> Result<Standing, ApiError> {
        let (_, standing) = state
            .store
            .standing(target)
            .await?
            .ok_or_else(|| ApiError::not_found("player"))?;
        roles::may_act_on(self.role, standing.role)?;
        Ok(standing)
    }
}

/// Where a player stands now, as the contract sends it.
async fn standing_of(state: &AppState, player: Uuid) -> Result<StandingBody, ApiError> {
    let (player, standing) = state
        .store
        .standing(player)
        .await?
        .ok_or_else(|| ApiError::not_found("player"))?;
    let now = Utc::now();
    let ban = standing.ban_at(now);
    Ok(StandingBody {
        player,
        role: standing.role,
        banned: ban.is_some(),
        banned_until: ban.and_then(|b| b.until()),
        muted_until: standing.muted_at(now),
    })
}

fn at(time: DateTime<Utc>) -> String {
    time.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[utoipa::path(put, path = "/api/v1/mod/moderators/{id}", tag = "moderation", request_body = Because, security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Player id")),
    responses((status = 200, description = "The player is a moderator", body = StandingBody),
              (status = 400, description = "No reason, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: the caller is not an admin", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody),
              (status = 409, description = "The player is an admin (admins are made and unmade with `plateau admin`), or a moderator already", body = ErrorBody)))]
pub async fn grant_moderator(
    State(state): State<AppState>,
    moderator: Moderator,
    ApiPath(target): ApiPath<Uuid>,
    ApiJson(body): ApiJson<Because>,
) -> Result<Json<StandingBody>, ApiError> {
    appoint(&state, moderator, target, body, Role::Moderator).await
}

#[utoipa::path(delete, path = "/api/v1/mod/moderators/{id}", tag = "moderation", request_body = Because, security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Player id")),
    responses((status = 200, description = "The player is a plain player again", body = StandingBody),
              (status = 400, description = "No reason, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: the caller is not an admin", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody),
              (status = 409, description = "The player is an admin (admins are made and unmade with `plateau admin`), or not a moderator", body = ErrorBody)))]
pub async fn revoke_moderator(
    State(state): State<AppState>,
    moderator: Moderator,
    ApiPath(target): ApiPath<Uuid>,
    ApiJson(body): ApiJson<Because>,
) -> Result<Json<StandingBody>, ApiError> {
    appoint(&state, moderator, target, body, Role::Player).await
}

/// Sets the role of `target` to `role` (moderator or player): an admin's call.
async fn appoint(
    state: &AppState,
    moderator: Moderator,
    target: Uuid,
    body: Because,
    role: Role,
) -> Result<Json<StandingBody>, ApiError> {
    roles::may_appoint(moderator.role)?;
    let reason = limits::reason(&body.reason)?;
    let (_, standing) = state
        .store
        .standing(target)
        .await?
        .ok_or_else(|| ApiError::not_found("player"))?;
    if standing.role == Role::Admin {
        return Err(ApiError::new(
            ErrorCode::Conflict,
            "this player is an admin: admins are made and unmade with `plateau admin`",
        ));
    }
    // A role given again, or taken from one who does not hold it, changes nothing: no audit row.
    if standing.role == role {
        let message = match role {
            Role::Moderator => "this player is a moderator already",
            _ => "this player is not a moderator",
        };
        return Err(ApiError::new(ErrorCode::Conflict, message));
    }
    let name = match role {
        Role::Moderator => "grant_moderator",
        _ => "revoke_moderator",
    };
    let action = Action {
        name,
        change: Change::Role {
            from: standing.role,
            to: role,
        },
        details: json!({ "role": role.as_str() }),
        reason,
    };
    Ok(Json(moderator.act_on(state, target, action).await?))
}

#[utoipa::path(get, path = "/api/v1/mod/players/{id}", tag = "moderation", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Player id")),
    responses((status = 200, description = "The player's role, and any ban or mute in force", body = StandingBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: the caller is not a moderator", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody)))]
pub async fn player(
    State(state): State<AppState>,
    _moderator: Moderator,
    ApiPath(target): ApiPath<Uuid>,
) -> Result<Json<StandingBody>, ApiError> {
    Ok(Json(standing_of(&state, target).await?))
}

#[utoipa::path(post, path = "/api/v1/mod/players/{id}/ban", tag = "moderation", request_body = BanRequest, security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Player id")),
    responses((status = 200, description = "The player is banned: its WebSockets are closed (4003) on every node, and its tokens sign nobody in until the ban ends", body = StandingBody),
              (status = 400, description = "No reason, neither or both of `duration_s` and `for_good`, a duration out of bounds, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: the caller is not a moderator, or may not act on this player (a moderator or admin)", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody)))]
pub async fn ban(
    State(state): State<AppState>,
    moderator: Moderator,
    ApiPath(target): ApiPath<Uuid>,
    ApiJson(body): ApiJson<BanRequest>,
) -> Result<Json<StandingBody>, ApiError> {
    let reason = limits::reason(&body.reason)?;
    let until = match (body.duration_s, body.for_good) {
        (Some(seconds), false) => Some(limits::end_after(
            Utc::now(),
            seconds,
            "duration_s",
            limits::MAX_BAN_SECS,
        )?),
        (None, true) => None,
        _ => {
            return Err(ApiError::bad_request(
                "duration_s: give either a duration or `for_good: true`",
            ))
        }
    };
    moderator.target(&state, target).await?;
    let details = match until {
        Some(until) => json!({ "until": at(until) }),
        None => json!({ "for_good": true }),
    };
    let action = Action {
        name: "ban",
        change: Change::Ban {
            until,
            for_good: body.for_good,
        },
        details,
        reason,
    };
    let reason = action.reason.clone();
    let standing = moderator.act_on(&state, target, action).await?;
    // Stored first, then the sockets: a socket that reconnects meanwhile finds the ban.
    state
        .revocations
        .revoke(Revoked {
            player: target,
            which: Which::All,
        })
        .await;
    leave_waiting_rooms(&state, &moderator, target, &reason).await;
    Ok(Json(standing))
}

/// A banned player leaves the rooms waiting for players: those it hosts close, its seats in
/// others' are free again (each made by the room itself, on its node, with an audit row
/// `close_room` or `unseat` giving the ban's reason). A room that cannot be reached now (moving
/// between nodes) is logged and left: the ban stands, and it expires as any vacant room does.
async fn leave_waiting_rooms(state: &AppState, moderator: &Moderator, banned: Uuid, reason: &str) {
    let codes = match state.store.waiting_rooms_of(banned).await {
        Ok(codes) => codes,
        Err(e) => {
            tracing::error!(error = %e, "a ban could not list the player's waiting rooms");
            return;
        }
    };
    let action = RoomModeration::Banned { player: banned };
    for code in codes {
        let room = match ask_room(state, &moderator.player, &RoomCode::new(&code), action).await {
            Ok(RoomAnswer::Room(room)) => room,
            Ok(RoomAnswer::Chat(_)) => continue,
            Err(e) => {
                tracing::warn!(room = %code, error = %e.message, "a banned player's room was left as it was");
                continue;
            }
        };
        let closed = room.status == RoomStatus::Abandoned;
        let entry = NewAuditEntry {
            at: Utc::now(),
            moderator: Some(moderator.player.id),
            action: if closed { "close_room" } else { "unseat" },
            player: Some(banned),
            room: Some(room.code),
            details: json!({ "status": room.status, "ban": true }),
            reason: reason.to_string(),
        };
        if let Err(e) = state.store.record(&entry).await {
            tracing::error!(error = %e, "the audit row of a banned player's room was not written");
        }
    }
}

#[utoipa::path(post, path = "/api/v1/mod/players/{id}/unban", tag = "moderation", request_body = Because, security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Player id")),
    responses((status = 200, description = "The ban is lifted: the player's tokens sign it in again", body = StandingBody),
              (status = 400, description = "No reason, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: the caller is not a moderator, or may not act on this player", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody)))]
pub async fn unban(
    State(state): State<AppState>,
    moderator: Moderator,
    ApiPath(target): ApiPath<Uuid>,
    ApiJson(body): ApiJson<Because>,
) -> Result<Json<StandingBody>, ApiError> {
    let reason = limits::reason(&body.reason)?;
    moderator.target(&state, target).await?;
    let action = Action {
        name: "unban",
        change: Change::Ban {
            until: None,
            for_good: false,
        },
        details: json!({}),
        reason,
    };
    Ok(Json(moderator.act_on(&state, target, action).await?))
}

#[utoipa::path(post, path = "/api/v1/mod/players/{id}/mute", tag = "moderation", request_body = MuteRequest, security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Player id")),
    responses((status = 200, description = "The player's chat lines are refused `muted` until the end", body = StandingBody),
              (status = 400, description = "No reason, a duration out of bounds, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: the caller is not a moderator, or may not act on this player", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody)))]
pub async fn mute(
    State(state): State<AppState>,
    moderator: Moderator,
    ApiPath(target): ApiPath<Uuid>,
    ApiJson(body): ApiJson<MuteRequest>,
) -> Result<Json<StandingBody>, ApiError> {
    let reason = limits::reason(&body.reason)?;
    let until = limits::end_after(
        Utc::now(),
        body.duration_s,
        "duration_s",
        limits::MAX_MUTE_SECS,
    )?;
    moderator.target(&state, target).await?;
    let action = Action {
        name: "mute",
        change: Change::Mute { until: Some(until) },
        details: json!({ "until": at(until) }),
        reason,
    };
    Ok(Json(moderator.act_on(&state, target, action).await?))
}

#[utoipa::path(post, path = "/api/v1/mod/players/{id}/unmute", tag = "moderation", request_body = Because, security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Player id")),
    responses((status = 200, description = "The player may chat again", body = StandingBody),
              (status = 400, description = "No reason, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: the caller is not a moderator, or may not act on this player", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody)))]
pub async fn unmute(
    State(state): State<AppState>,
    moderator: Moderator,
    ApiPath(target): ApiPath<Uuid>,
    ApiJson(body): ApiJson<Because>,
) -> Result<Json<StandingBody>, ApiError> {
    let reason = limits::reason(&body.reason)?;
    moderator.target(&state, target).await?;
    let action = Action {
        name: "unmute",
        change: Change::Mute { until: None },
        details: json!({}),
        reason,
    };
    Ok(Json(moderator.act_on(&state, target, action).await?))
}

#[utoipa::path(post, path = "/api/v1/mod/players/{id}/rename", tag = "moderation", request_body = RenameRequest, security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Player id")),
    responses((status = 200, description = "The player has the new name (a player with a password keeps it reserved under the new name)", body = StandingBody),
              (status = 400, description = "No reason, a name that breaks the rules of names, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: the caller is not a moderator, or may not act on this player", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody),
              (status = 409, description = "The new name is reserved by another player, or is one the server shows for what is not a person (in any case, or in a form that looks the same)", body = ErrorBody)))]
pub async fn rename(
    State(state): State<AppState>,
    moderator: Moderator,
    ApiPath(target): ApiPath<Uuid>,
    ApiJson(body): ApiJson<RenameRequest>,
) -> Result<Json<StandingBody>, ApiError> {
    let reason = limits::reason(&body.reason)?;
    let (name, key) = super::players::chosen_name(&body.name)?;
    moderator.target(&state, target).await?;
    let (old, _) = state
        .store
        .standing(target)
        .await?
        .ok_or_else(|| ApiError::not_found("player"))?;
    // An account's reserved name moves with it (the unique key refuses another's); a guest must
    // not take a name somebody reserved.
    let has_password = state.store.password_hash(target).await?.is_some();
    if !has_password && state.store.name_reserved(&key).await? {
        return Err(ApiError::new(
            ErrorCode::Conflict,
            format!("the name `{name}` is reserved by another player"),
        ));
    }
    let action = Action {
        name: "rename",
        details: json!({ "from": old.name, "to": name }),
        change: Change::Rename {
            name,
            reserved: Some(key),
        },
        reason,
    };
    Ok(Json(moderator.act_on(&state, target, action).await?))
}

/// Most entries of one page of the audit log, and the default.
const MAX_LOG_PAGE: i64 = 100;
const DEFAULT_LOG_PAGE: i64 = 50;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct LogQuery {
    /// Page size, 1 to 100 (default 50).
    limit: Option<i64>,
    /// The `next` of the page before.
    before: Option<i64>,
    /// Only the entries whose target is this player (a moderator's page of the player).
    player: Option<Uuid>,
}

#[utoipa::path(get, path = "/api/v1/mod/log", tag = "moderation", params(LogQuery), security(("bearer" = [])),
    responses((status = 200, description = "The audit log, newest first, one page", body = AuditLog),
              (status = 400, description = "A `limit` out of range, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: the caller is not a moderator", body = ErrorBody)))]
pub async fn log(
    State(state): State<AppState>,
    _moderator: Moderator,
    ApiQuery(query): ApiQuery<LogQuery>,
) -> Result<Json<AuditLog>, ApiError> {
    let limit = query.limit.unwrap_or(DEFAULT_LOG_PAGE);
    if !(1..=MAX_LOG_PAGE).contains(&limit) {
        return Err(ApiError::bad_request("limit: must be from 1 to 100"));
    }
    let entries = state
        .store
        .audit_log(limit, query.before, query.player)
        .await?;
    let next = if entries.len() as i64 == limit {
        entries.last().map(|e| e.id)
    } else {
        None
    };
    Ok(Json(AuditLog { entries, next }))
}
