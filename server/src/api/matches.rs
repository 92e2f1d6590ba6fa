//! Match history: `GET /api/v1/matches` (filtered, paged by cursor), `GET /api/v1/matches/{id}`
//! (with moves and the fair-RNG record), `GET /api/v1/matches/{id}/state?ply=n` (a replay).

use axum::extract::State;
use axum::Json;
use plateau_games::{registry, Viewer};
use plateau_protocol::rest::{
    ErrorBody, MatchDetail, MatchPage, MatchSummary, RngInfo, StateAtPly, Visibility,
};
use plateau_protocol::{ErrorCode, PlayerRef, RoomStatus, SeatRatingChange};
use serde::Deserialize;
use uuid::Uuid;

use crate::api::auth::MaybeAuthenticated;
use crate::engine_host::isolated;
use crate::error::{ApiError, ApiPath, ApiQuery};
use crate::state::AppState;
use crate::store::{MatchFilter, MatchRow, MoveRow, Ruling};
use crate::views::{moves, Moment, RecipientView};

const DEFAULT_PAGE: i64 = 20;
const MAX_PAGE: i64 = 100;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only matches this player sat in.
    player: Option<Uuid>,
    /// Only matches of this game id.
    game: Option<String>,
    /// `playing`, `finished`, `abandoned` or `aborted`.
    status: Option<String>,
    /// Page size, 1 to 100 (default 20).
    limit: Option<i64>,
    /// The cursor: `next` of the page before.
    before: Option<Uuid>,
}

#[utoipa::path(get, operation_id = "list_matches", path = "/api/v1/matches", tag = "matches", params(ListQuery), security((), ("bearer" = [])),
    responses((status = 200, description = "Matches, newest first; `next` is the cursor of the next page", body = MatchPage), (status = 400, description = "Malformed or invalid input", body = ErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    MaybeAuthenticated(requester): MaybeAuthenticated,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<MatchPage>, ApiError> {
    let limit = query.limit.unwrap_or(DEFAULT_PAGE);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(ApiError::bad_request("limit: must be from 1 to 100"));
    }
    if let Some(status) = &query.status {
        if !matches!(
            RoomStatus::parse(status),
            Some(
                RoomStatus::Playing
                    | RoomStatus::Finished
                    | RoomStatus::Abandoned
                    | RoomStatus::Aborted
            )
        ) {
            return Err(ApiError::bad_request(
                "status: must be playing, finished, abandoned or aborted",
            ));
        }
    }
    let filter = MatchFilter {
        player: query.player,
        game: query.game,
        status: query.status,
        before: query.before,
    };
    // One more than a page tells whether there is a next page.
    let mut rows = state.store.list_matches(&filter, limit + 1).await?;
    let next = (rows.len() as i64 > limit).then(|| {
        rows.truncate(limit as usize);
        rows.last().map(|r| r.id.to_string())
    });
    // The rating changes of the page's rated matches, in one query.
    let rated: Vec<Uuid> = rows
        .iter()
        .filter(|r| r.rating_counted)
        .map(|r| r.id)
        .collect();
    let mut changes = state.store.rating_changes_of(&rated).await?;
    Ok(Json(MatchPage {
        matches: rows
            .iter()
            .map(|row| {
                let changes = changes.remove(&row.id).unwrap_or_default();
                summary(row, requester.as_ref(), changes)
            })
            .collect(),
        next: next.flatten(),
    }))
}

/// Moves in one page of `GET /api/v1/matches/{id}`: the default, and the most.
const MOVES_PAGE: i64 = 1000;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MovesQuery {
    /// The first ply of the page of moves (moves are numbered from 1; default 1).
    from_ply: Option<i64>,
    /// Moves in the page, 1 to 1000 (default 1000).
    limit: Option<i64>,
}

#[utoipa::path(get, operation_id = "get_match", path = "/api/v1/matches/{id}", tag = "matches", params(("id" = Uuid, Path, description = "Match id"), MovesQuery), security((), ("bearer" = [])),
    responses((status = 200, description = "The match with one page of its moves (`next_from_ply`: where the next page starts, null at the last move) and fair-RNG record (seed revealed once ended)", body = MatchDetail),
              (status = 404, description = "No such match", body = ErrorBody), (status = 400, description = "Malformed or invalid input", body = ErrorBody)))]
pub async fn one(
    State(state): State<AppState>,
    MaybeAuthenticated(requester): MaybeAuthenticated,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(page): ApiQuery<MovesQuery>,
) -> Result<Json<MatchDetail>, ApiError> {
    let from_ply = page.from_ply.unwrap_or(1);
    if from_ply < 1 {
        return Err(ApiError::bad_request("from_ply: must be 1 or more"));
    }
    let limit = page.limit.unwrap_or(MOVES_PAGE);
    if !(1..=MOVES_PAGE).contains(&limit) {
        return Err(ApiError::bad_request("limit: must be from 1 to 1000"));
    }
    let row = state
        .store
        .match_row(id)
        .await?
        .ok_or_else(|| ApiError::not_found("match"))?;
    let last = (from_ply - 1).saturating_add(limit);
    let moves = state
        .store
        .moves_between(id, from_ply - 1, Some(last))
        .await?;
    let next_from_ply = (last < row.plies).then_some(last + 1);
    let changes = state.store.rating_changes_of(&[id]).await?.remove(&id);
    let ended = row.status != RoomStatus::Playing;
    let game = registry::find(&row.game);
    // Moves placed in secret (a hidden setup) stay hidden until the match has ended.
    let secret = |mv: &serde_json::Value| !ended && game.is_none_or(|g| g.is_secret_move(mv));
    Ok(Json(detail(
        &row,
        requester.as_ref(),
        moves,
        secret,
        next_from_ply,
        changes.unwrap_or_default(),
    )))
}

/// A match with `moves` (those `secret` says hidden shown as `{"hidden": true}`) as `requester`
/// may see it, with its fair-RNG record.
pub(super) fn detail(
    row: &MatchRow,
    requester: Option<&PlayerRef>,
    moves: Vec<MoveRow>,
    secret: impl Fn(&serde_json::Value) -> bool,
    next_from_ply: Option<i64>,
    rating_changes: Vec<SeatRatingChange>,
) -> MatchDetail {
    let ended = row.status != RoomStatus::Playing;
    MatchDetail {
        summary: summary(row, requester, rating_changes),
        moves: moves
            .into_iter()
            .map(|m| {
                let hidden = secret(&m.body.0);
                moves::record(m.ply, m.seat as usize, m.body.0, m.at, hidden)
            })
            .collect(),
        next_from_ply,
        rng: RngInfo {
            commitment: row.commitment.clone(),
            // The seed stays secret while the match is played: it would reveal every future die.
            seed: ended.then(|| hex::encode(&row.seed)),
        },
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct StateQuery {
    /// Plies played (0 = the start); default: all.
    ply: Option<i64>,
}

/// The state after ply n as a spectator sees it; once the match has ended, with nothing hidden.
#[utoipa::path(get, path = "/api/v1/matches/{id}/state", tag = "matches",
    params(("id" = Uuid, Path, description = "Match id"), StateQuery),
    responses((status = 200, description = "The spectator's view after ply n; once the match has ended, with nothing hidden", body = StateAtPly),
              (status = 404, description = "No such match", body = ErrorBody), (status = 400, description = "Malformed or invalid input", body = ErrorBody)))]
pub async fn state_at(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(query): ApiQuery<StateQuery>,
) -> Result<Json<StateAtPly>, ApiError> {
    let row = state
        .store
        .match_row(id)
        .await?
        .ok_or_else(|| ApiError::not_found("match"))?;
    let ply = query.ply.unwrap_or(row.plies);
    if !(0..=row.plies).contains(&ply) {
        return Err(ApiError::bad_request(format!(
            "ply: must be from 0 to {}",
            row.plies
        )));
    }
    let could_not = |e: &dyn std::fmt::Display| {
        tracing::error!(match_id = %id, error = %e, "stored match does not replay");
        ApiError::new(ErrorCode::Internal, "the match could not be replayed")
    };
    let replayed = state
        .rooms
        .state_at(&row, ply)
        .await
        .map_err(|e| could_not(&e))?;
    let status = row.status;
    let at_end = ply == row.plies;
    let result = row.result.map(|r| r.0).filter(|_| at_end);
    let viewer = if status != RoomStatus::Playing {
        Viewer::Omniscient
    } else {
        Viewer::Spectator
    };
    let status = if at_end { status } else { RoomStatus::Playing };
    // The view is engine work too: off the async workers, like the replay.
    // Rulings (forfeits, an agreed draw) after a ply come before the next one: each a version.
    let rulings = row.rulings.0.iter().filter(|r| r.after_ply <= ply as u64);
    let version = ply as u64 + 1 + rulings.count() as u64;
    let build = move || {
        let moment = Moment {
            game: replayed.game_id(),
            version,
            ply: ply as u64,
            status,
            result,
            clock: None,
            played_by_server: Vec::new(),
        };
        RecipientView::build(&*replayed, viewer, &moment).full()
    };
    let view = isolated(state.rooms.engine_budget(), build)
        .await
        .map_err(|e| could_not(&e))?;
    Ok(Json(StateAtPly { ply, view }))
}

/// A match as `requester` may see it: a private room's code only for the match's own players
/// (anyone else with the code could join the room, watch and chat).
fn summary(
    row: &MatchRow,
    requester: Option<&PlayerRef>,
    rating_changes: Vec<SeatRatingChange>,
) -> MatchSummary {
    let public = row.room_visibility.as_deref() == Some(Visibility::Public.as_str());
    let plays = requester.is_some_and(|r| row.players.0.iter().any(|p| p.id == Some(r.id)));
    MatchSummary {
        id: row.id,
        game: row.game.clone(),
        options: row.options.0.clone(),
        room: (public || plays).then(|| row.room_code.clone()),
        players: row.players.0.clone(),
        status: row.status,
        result: row.result.as_ref().map(|r| r.0.clone()),
        started_at: row.started_at,
        ended_at: row.ended_at,
        plies: row.plies,
        max_plies: row.max_plies,
        clock: row.clock.as_ref().map(|c| c.0),
        forfeited: row.rulings.0.iter().filter_map(Ruling::forfeit).collect(),
        rating: row.rating(rating_changes),
    }
}
