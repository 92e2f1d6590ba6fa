//! The extractors that turn `Authorization: Bearer <token>` into a player (tokens themselves are
//! [`crate::accounts::tokens`]).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use plateau_protocol::PlayerRef;

use crate::accounts::tokens::token_hash;
use crate::error::ApiError;
use crate::state::AppState;

/// The player a token belongs to, if any.
pub async fn player_for_token(
    state: &AppState,
    token: &str,
) -> Result<Option<PlayerRef>, ApiError> {
    Ok(state.store.player_by_token_hash(&token_hash(token)).await?)
}

/// The authenticated player of a request (401 otherwise).
pub struct Authenticated(pub PlayerRef);

impl FromRequestParts<AppState> for Authenticated {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer_token(parts).ok_or_else(ApiError::unauthorized)?;
        player_for_token(state, token)
            .await?
            .map(Authenticated)
            .ok_or_else(ApiError::unauthorized)
    }
}

/// The authenticated player of a request and the hash of the token it came with (401 otherwise):
/// for signing that token out.
pub struct Session {
    pub player: PlayerRef,
    pub token_hash: String,
}

impl FromRequestParts<AppState> for Session {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token_hash = token_hash(bearer_token(parts).ok_or_else(ApiError::unauthorized)?);
        let player = state
            .store
            .player_by_token_hash(&token_hash)
            .await?
            .ok_or_else(ApiError::unauthorized)?;
        Ok(Session { player, token_hash })
    }
}

/// The player of a request if it carries a known token, else anonymous: for endpoints anyone may
/// call whose answer depends on who asks (a private room's code is shown only to its players).
/// A missing, malformed or unknown token is treated as anonymous, never refused, so that a client
/// holding a forgotten token still reads public data; only a database failure is an error.
pub struct MaybeAuthenticated(pub Option<PlayerRef>);

impl FromRequestParts<AppState> for MaybeAuthenticated {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        match bearer_token(parts) {
            Some(token) => Ok(MaybeAuthenticated(player_for_token(state, token).await?)),
            None => Ok(MaybeAuthenticated(None)),
        }
    }
}

/// The token of an `Authorization: Bearer <token>` header, if there is a non-empty one.
fn bearer_token(parts: &Parts) -> Option<&str> {
    parts
        .headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
}
