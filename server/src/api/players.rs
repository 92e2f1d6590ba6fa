//! Guest players: `POST /api/v1/players`, `GET /api/v1/players/me`, `GET /api/v1/players/{id}`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chrono::Utc;
use plateau_protocol::rest::{ErrorBody, NewPlayer, PlayerCreated, PlayerProfile};
use plateau_protocol::PlayerRef;
use uuid::Uuid;

use crate::app::AppState;
use crate::auth::{new_token, token_hash, Authenticated};
use crate::error::{ApiError, ApiJson, ApiPath};

/// Longest display name, in characters, after trimming.
const MAX_NAME_CHARS: usize = 32;

#[utoipa::path(post, path = "/api/v1/players", tag = "players", request_body = NewPlayer,
    responses((status = 201, description = "The new guest player; the token is shown this once", body = PlayerCreated), (status = 400, description = "Malformed or invalid input", body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<NewPlayer>,
) -> Result<(StatusCode, Json<PlayerCreated>), ApiError> {
    let name = valid_name(&body.name)?;
    let player = PlayerRef {
        id: Uuid::new_v4(),
        name,
    };
    let token = new_token();
    state
        .store
        .create_player(&player, &token_hash(&token), Utc::now())
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(PlayerCreated {
            id: player.id,
            name: player.name,
            token,
        }),
    ))
}

/// A name is 1 to 32 characters after trimming, without control characters.
fn valid_name(raw: &str) -> Result<String, ApiError> {
    let name = raw.trim();
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS {
        return Err(ApiError::bad_request("name: must be 1 to 32 characters"));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::bad_request(
            "name: must not contain control characters",
        ));
    }
    Ok(name.to_string())
}

#[utoipa::path(get, path = "/api/v1/players/me", tag = "players", security(("bearer" = [])),
    responses((status = 200, description = "The player the token belongs to", body = PlayerRef),
              (status = 401, description = "Missing or unknown token", body = ErrorBody)))]
pub async fn me(Authenticated(player): Authenticated) -> Json<PlayerRef> {
    Json(player)
}

#[utoipa::path(get, path = "/api/v1/players/{id}", tag = "players", params(("id" = Uuid, Path, description = "Player id")),
    responses((status = 200, description = "A player with stats", body = PlayerProfile),
              (status = 404, description = "No such player", body = ErrorBody), (status = 400, description = "Malformed or invalid input", body = ErrorBody)))]
pub async fn profile(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Json<PlayerProfile>, ApiError> {
    let (player, created_at) = state
        .store
        .player(id)
        .await?
        .ok_or_else(|| ApiError::not_found("player"))?;
    let stats = state.store.player_stats(id).await?;
    Ok(Json(PlayerProfile {
        id: player.id,
        name: player.name,
        created_at,
        stats,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(valid_name("  Alice ").unwrap(), "Alice");
        assert_eq!(valid_name(&"é".repeat(32)).unwrap().chars().count(), 32);
        assert!(valid_name(&"é".repeat(33)).is_err());
        assert!(valid_name("   ").is_err());
        assert!(valid_name("a\u{7}b").is_err());
    }
}
