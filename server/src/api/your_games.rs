//! `GET /api/v1/players/me/matches?status=playing` (issue 48, point 5): the caller's matches
//! under way, those awaiting its move first (`your_games`).

use axum::extract::State;
use axum::Json;
use plateau_protocol::rest::{ErrorBody, YourGames};
use serde::Deserialize;

use crate::api::auth::Authenticated;
use crate::error::{ApiError, ApiQuery};
use crate::state::AppState;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct YourGamesQuery {
    /// `playing` (the default): the matches under way. No other list is kept here; finished
    /// matches are `GET /api/v1/matches?player=ID`.
    status: Option<String>,
}

#[utoipa::path(get, operation_id = "list_your_games", path = "/api/v1/players/me/matches", tag = "players", params(YourGamesQuery), security(("bearer" = [])),
    responses((status = 200, description = "The caller's matches under way: those awaiting its move first, then the others, each group the longest waiting first", body = YourGames),
              (status = 400, description = "A `status` other than `playing`, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
    ApiQuery(query): ApiQuery<YourGamesQuery>,
) -> Result<Json<YourGames>, ApiError> {
    if query.status.as_deref().is_some_and(|s| s != "playing") {
        return Err(ApiError::bad_request("status: must be playing"));
    }
    let matches = crate::your_games::list(&state, player.id).await?;
    Ok(Json(YourGames { matches }))
}
