//! Tournaments *(addition)*: `POST /api/v1/tournaments`, the list `GET /api/v1/tournaments`, one
//! tournament `GET /api/v1/tournaments/{id}` (settings, standings, rounds), `POST .../join`,
//! `POST .../withdraw` and `GET .../results.ndjson`. The pairing itself is the director's
//! ([`crate::tournaments::director`]).

use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use chrono::{DateTime, Utc};
use plateau_games::{registry, SetupError};
use plateau_protocol::clock::ClockSetting;
use plateau_protocol::moderation::Role;
use plateau_protocol::rest::{ErrorBody, Visibility};
use plateau_protocol::tournaments::{
    CreatedTournament, NewTournament, TournamentDetail, TournamentPage, TournamentStatus,
};
use plateau_protocol::ErrorCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::net::{IpAddr, SocketAddr};
use uuid::Uuid;

use crate::api::auth::{Authenticated, WithStanding};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery};
use crate::metrics::METRICS;
use crate::state::AppState;
use crate::store::{EntrantRow, PairingRow, TournamentRow};
use crate::tournaments::{kinds, views};

const MAX_PAGE: i64 = 100;
const DEFAULT_PAGE: i64 = 20;

#[utoipa::path(post, operation_id = "create_tournament", path = "/api/v1/tournaments", tag = "tournaments", request_body = NewTournament, security(("bearer" = [])),
    responses((status = 201, description = "The new tournament (its creator is not entered: it joins like anyone)", body = CreatedTournament),
              (status = 400, description = "Malformed or invalid input (a clock is required; Swiss needs `rounds`, an arena `minutes`)", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "A public tournament from a player who is not a moderator or an admin; a private one from a guest (no password)", body = ErrorBody),
              (status = 429, description = "A private tournament over the creation budget: `--tournaments-open-per-creator` open at once, or `--tournaments-per-day` made a day by this player or from this address; see `Retry-After`", body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    WithStanding(player, standing): WithStanding,
    ApiJson(body): ApiJson<NewTournament>,
) -> Result<(StatusCode, Json<CreatedTournament>), ApiError> {
    match body.visibility {
        Visibility::Public if standing.role < Role::Moderator => {
            return Err(ApiError::forbidden(
                "only moderators and admins create public tournaments",
            ))
        }
        Visibility::Private if !state.store.has_password(player.id).await? => {
            return Err(ApiError::forbidden(
                "set a password first: guests do not create tournaments",
            ))
        }
        _ => {}
    }
    let name = crate::text::tournament_name(&body.name)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let game = registry::find(&body.game)
        .ok_or_else(|| ApiError::bad_request(format!("game: unknown game `{}`", body.game)))?;
    let options = game
        .validate(body.players, body.options.as_ref().unwrap_or(&Value::Null))
        .map_err(|SetupError::Invalid { field, message }| {
            ApiError::bad_request(format!("{field}: {message}"))
        })?;
    let clock = ClockSetting::parse(Some(&body.clock))
        .map_err(|e| ApiError::bad_request(e.to_string()))?
        .ok_or_else(|| ApiError::bad_request("clock: a tournament's matches need a clock"))?;
    let (rounds, minutes) = kinds::of(body.kind)
        .settings(body.rounds, body.minutes)
        .map_err(ApiError::bad_request)?;
    let join_secs = body.join_secs.unwrap_or(state.limits.tournament_join_secs);
    if !(5..=600).contains(&join_secs) {
        return Err(ApiError::bad_request("join_secs: 5 to 600"));
    }
    let now = Utc::now();
    let starts_at = body.starts_at.unwrap_or(now).max(now);
    if starts_at > now + chrono::Duration::days(90) {
        return Err(ApiError::bad_request("starts_at: at most 90 days ahead"));
    }
    // Public tournaments are made by moderators and admins only, for everybody: outside the budget.
    if body.visibility == Visibility::Private {
        within_budget(&state, player.id, client.ip(), now).await?;
    }
    let row = TournamentRow {
        id: Uuid::new_v4(),
        name,
        kind: body.kind,
        game: body.game,
        match_size: body.players,
        options: options.into_iter().collect(),
        clock,
        rated: body.rated,
        visibility: body.visibility,
        creator: player,
        starts_at,
        rounds,
        minutes,
        join_secs,
        status: TournamentStatus::Upcoming,
        created_at: now,
        ended_at: None,
        active_entrants: 0,
    };
    state.store.create_tournament(&row).await?;
    tracing::info!(tournament = %row.id, kind = row.kind.as_str(), "tournament created");
    Ok((StatusCode::CREATED, Json(CreatedTournament { id: row.id })))
}

/// How long a creator at its limit of open tournaments is asked to wait: one of them may end any
/// time (a Swiss with nobody in it, an arena's last minute), and nothing tells when.
const OPEN_RETRY_SECS: u64 = 60;

/// Whether `creator`, from `client`, may make one more private tournament (issue 45: one account
/// made thousands): at most `--tournaments-open-per-creator` open at once, and
/// `--tournaments-per-day` made in the last 24 hours by the player (counted in the store: the same
/// on every node) and from the address. Checked last, once the request is valid, so that bad
/// input costs nothing of the budget.
async fn within_budget(
    state: &AppState,
    creator: Uuid,
    client: IpAddr,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let day = chrono::Duration::days(1);
    let (open, made) = state
        .store
        .private_tournaments_of(creator, now - day)
        .await?;
    if open >= i64::from(state.limits.tournaments_open_per_creator) {
        METRICS.rate_limited("tournaments_open_per_creator");
        return Err(ApiError::rate_limited(
            "tournaments_open_per_creator",
            format!(
                "you have {open} tournaments open: at most {} at once",
                state.limits.tournaments_open_per_creator
            ),
            OPEN_RETRY_SECS,
        ));
    }
    let per_day = state.limits.tournaments_per_day as usize;
    if made.len() >= per_day {
        METRICS.rate_limited("tournaments_per_creator");
        // The day's budget comes back as the oldest of the day's tournaments leaves the window.
        let back = made
            .get(made.len() - per_day)
            .map_or(day, |&oldest| oldest + day - now);
        return Err(ApiError::rate_limited(
            "tournaments_per_creator",
            format!("at most {per_day} tournaments a day; try again later"),
            back.num_seconds().max(1) as u64,
        ));
    }
    if let Err(wait) = state
        .budgets
        .tournaments_per_address
        .take(&crate::limits::client_addr::limit_key(client))
    {
        return Err(ApiError::rate_limited_for(
            "tournaments_per_address",
            "too many tournaments made from this address today; try again later",
            wait,
        ));
    }
    Ok(())
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `upcoming`, `running` (default) or `finished`.
    status: Option<String>,
    /// Page size, 1 to 100 (default 20).
    limit: Option<i64>,
    /// The `next` of the page before.
    before: Option<String>,
}

#[utoipa::path(get, operation_id = "list_tournaments", path = "/api/v1/tournaments", tag = "tournaments", params(ListQuery),
    responses((status = 200, description = "Public tournaments of that status, the latest to start first", body = TournamentPage),
              (status = 400, description = "A bad status, limit or cursor", body = ErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<TournamentPage>, ApiError> {
    let status = match query.status.as_deref() {
        None => TournamentStatus::Running,
        Some(s) => TournamentStatus::parse(s)
            .ok_or_else(|| ApiError::bad_request("status: upcoming, running or finished"))?,
    };
    let limit = query.limit.unwrap_or(DEFAULT_PAGE);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(ApiError::bad_request("limit: 1 to 100"));
    }
    let before = query.before.as_deref().map(parse_cursor).transpose()?;
    let rows = state
        .store
        .public_tournaments(status, before, limit + 1)
        .await?;
    let next = (rows.len() as i64 > limit)
        .then(|| rows.get(limit as usize - 1))
        .flatten()
        .map(|t| format!("{}_{}", t.starts_at.timestamp_micros(), t.id));
    Ok(Json(TournamentPage {
        tournaments: rows
            .iter()
            .take(limit as usize)
            .map(views::summary)
            .collect(),
        next,
    }))
}

fn parse_cursor(cursor: &str) -> Result<(DateTime<Utc>, Uuid), ApiError> {
    let bad = || ApiError::bad_request("before: not a cursor this server gave");
    let (micros, id) = cursor.split_once('_').ok_or_else(bad)?;
    let at = micros
        .parse::<i64>()
        .ok()
        .and_then(DateTime::from_timestamp_micros)
        .ok_or_else(bad)?;
    Ok((at, id.parse().map_err(|_| bad())?))
}

#[utoipa::path(get, operation_id = "get_tournament", path = "/api/v1/tournaments/{id}", tag = "tournaments",
    params(("id" = Uuid, Path, description = "Tournament id")),
    responses((status = 200, description = "The tournament: settings, standings (best first) and every round with its pairings", body = TournamentDetail),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn one(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<TournamentDetail>, ApiError> {
    let (t, entrants, pairings) = load(&state, id).await?;
    Ok(Json(views::detail(&t, &entrants, &pairings)))
}

/// The answer to `POST .../join`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Entered {
    /// The caller's entrant number.
    pub entrant: usize,
}

#[utoipa::path(post, path = "/api/v1/tournaments/{id}/join", tag = "tournaments", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Tournament id")),
    responses((status = 200, description = "Entered (or back after withdrawing): paired from the next pairing on", body = Entered),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 404, description = "No such tournament", body = ErrorBody),
              (status = 409, description = "Finished; a round robin under way or full (10 entrants)", body = ErrorBody)))]
pub async fn join(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<Entered>, ApiError> {
    let (t, entrants, pairings) = load(&state, id).await?;
    if t.status == TournamentStatus::Finished {
        return Err(ApiError::new(
            ErrorCode::Conflict,
            "this tournament is over",
        ));
    }
    let already = entrants.iter().any(|e| e.player.id == player.id);
    if !already {
        kinds::of(t.kind)
            .may_enter(entrants.len(), !pairings.is_empty())
            .map_err(|why| ApiError::new(ErrorCode::Conflict, why))?;
    }
    let entrant = state
        .store
        .enter_tournament(id, player.id, Utc::now())
        .await?;
    Ok(Json(Entered { entrant }))
}

#[utoipa::path(post, path = "/api/v1/tournaments/{id}/withdraw", tag = "tournaments", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Tournament id")),
    responses((status = 204, description = "Withdrawn: paired no more (a match under way is played out; a round robin's matches to come are forfeited); may join again"),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 404, description = "No such tournament, or the caller had not entered it", body = ErrorBody)))]
pub async fn withdraw(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<StatusCode, ApiError> {
    if !state
        .store
        .withdraw_from_tournament(id, player.id, Utc::now())
        .await?
    {
        return Err(ApiError::not_found("entrant"));
    }
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/v1/tournaments/{id}/results.ndjson", tag = "tournaments",
    params(("id" = Uuid, Path, description = "Tournament id")),
    responses((status = 200, description = "The standings, one line per entrant, best first (final once the tournament is finished)", content_type = "application/x-ndjson", body = String),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn results(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Response, ApiError> {
    let (t, entrants, pairings) = load(&state, id).await?;
    let mut body = String::new();
    for line in views::standing_lines(&t, &entrants, &pairings) {
        body.push_str(&serde_json::to_string(&line).expect("a standing serialises"));
        body.push('\n');
    }
    let mut response = body.into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    Ok(response)
}

async fn load(
    state: &AppState,
    id: Uuid,
) -> Result<(TournamentRow, Vec<EntrantRow>, Vec<PairingRow>), ApiError> {
    views::load(&state.store, id)
        .await?
        .ok_or_else(|| ApiError::not_found("tournament"))
}
