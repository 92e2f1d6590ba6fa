//! `GET /api/v1/games`: the catalog, with every option described; and each game's leaderboard,
//! `GET /api/v1/games/{id}/leaderboard`.

use axum::extract::State;
use axum::Json;
use plateau_games::registry;
use plateau_protocol::rest::{ErrorBody, GameSummary, Leaderboard};

use crate::error::{ApiError, ApiPath, ApiQuery};
use crate::state::AppState;

#[utoipa::path(get, path = "/api/v1/games", tag = "games",
    responses((status = 200, description = "The games this server runs, each option described", body = [GameSummary])))]
pub async fn list() -> Json<Vec<GameSummary>> {
    Json(registry::games().map(|g| summary(&g.info())).collect())
}

fn summary(info: &plateau_games::GameInfo) -> GameSummary {
    GameSummary {
        id: info.id.to_string(),
        name: info.name.to_string(),
        min_players: info.min_players,
        max_players: info.max_players,
        options: info
            .options
            .iter()
            .map(|o| {
                (
                    o.name.to_string(),
                    serde_json::to_value(o).expect("option specs serialise"),
                )
            })
            .collect(),
    }
}

/// Leaderboard pages: at most 100 players.
const MAX_LEADERBOARD: i64 = 100;
const DEFAULT_LEADERBOARD: i64 = 50;

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct LeaderboardQuery {
    /// Players, 1 to 100 (default 50).
    limit: Option<i64>,
}

#[utoipa::path(get, path = "/api/v1/games/{id}/leaderboard", tag = "games",
    params(("id" = String, Path, description = "Game id"), LeaderboardQuery),
    responses((status = 200, description = "The best settled ratings of the game (deviation below 150), best first", body = Leaderboard),
              (status = 404, description = "No such game", body = ErrorBody), (status = 400, description = "`limit` out of 1..100", body = ErrorBody)))]
pub async fn leaderboard(
    State(state): State<AppState>,
    ApiPath(game): ApiPath<String>,
    ApiQuery(query): ApiQuery<LeaderboardQuery>,
) -> Result<Json<Leaderboard>, ApiError> {
    let limit = query.limit.unwrap_or(DEFAULT_LEADERBOARD);
    if !(1..=MAX_LEADERBOARD).contains(&limit) {
        return Err(ApiError::bad_request("limit: must be from 1 to 100"));
    }
    if registry::find(&game).is_none() {
        return Err(ApiError::not_found("game"));
    }
    let players = state.store.leaderboard(&game, limit).await?;
    Ok(Json(Leaderboard { players }))
}
