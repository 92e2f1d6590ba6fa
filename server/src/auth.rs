//! Guest identity: bearer tokens (128+ random bits, shown once, stored only as a SHA-256 hash) and
//! the extractor that turns `Authorization: Bearer <token>` into a player.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use plateau_protocol::PlayerRef;
use rand::TryRngCore;
use sha2::{Digest, Sha256};

use crate::app::AppState;
use crate::error::ApiError;

/// A new token: 32 random bytes (256 bits) from the OS, hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng
        .try_fill_bytes(&mut bytes)
        .expect("the OS random number generator works");
    hex::encode(bytes)
}

/// What the store keeps of a token.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

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
        let token = parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or_else(ApiError::unauthorized)?;
        player_for_token(state, token)
            .await?
            .map(Authenticated)
            .ok_or_else(ApiError::unauthorized)
    }
}
