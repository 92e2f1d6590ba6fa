//! The extractors that turn `Authorization: Bearer <token>` into a player (tokens themselves are
//! [`crate::accounts::tokens`]). Every route but the bot API's takes session tokens only; the bot
//! API's ([`ApiCaller`]) take personal access tokens too, each route checking the scope it needs. A banned player's token is refused `403 banned` while the ban
//! lasts (anonymous for the calls anyone may make); a moderation call also needs the role.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use chrono::Utc;
use plateau_protocol::moderation::Role;
use plateau_protocol::PlayerRef;

use crate::accounts::scopes::{self, Grant};
use crate::accounts::tokens::token_hash;
use crate::bot_api::Caller;
use crate::error::ApiError;
use crate::moderation::{roles, Standing};
use crate::state::AppState;

/// The player a token belongs to, if any, and where it stands.
async fn owner_of(
    state: &AppState,
    token_hash: &str,
) -> Result<Option<(PlayerRef, Standing)>, ApiError> {
    Ok(state.store.player_by_token_hash(token_hash).await?)
}

/// The player of a token, refused `401` if unknown and `403 banned` while banned.
async fn signed_in(state: &AppState, token_hash: &str) -> Result<(PlayerRef, Standing), ApiError> {
    let (player, standing) = owner_of(state, token_hash)
        .await?
        .ok_or_else(ApiError::unauthorized)?;
    match standing.ban_at(Utc::now()) {
        Some(ban) => Err(ApiError::banned(ban)),
        None => Ok((player, standing)),
    }
}

/// The caller of a bot API route (issue 47): signed in with a session token or a personal access
/// token, refused `401` with neither and `403 banned` while banned; what it may do is its grant's
/// to say ([`Caller::require`]).
pub struct ApiCaller(pub Caller);

impl FromRequestParts<AppState> for ApiCaller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token_hash = token_hash(bearer_token(parts).ok_or_else(ApiError::unauthorized)?);
        let looked_up_at = std::time::Instant::now();
        let (player, standing, grant) = match owner_of(state, &token_hash).await? {
            Some((player, standing)) => (player, standing, Grant::Session),
            None => {
                let owner = state
                    .store
                    .player_by_access_token(&token_hash)
                    .await?
                    .ok_or_else(ApiError::unauthorized)?;
                let grant = Grant::Personal {
                    id: owner.token.id,
                    scopes: scopes::from_text(&owner.token.scopes),
                };
                (owner.player, owner.standing, grant)
            }
        };
        if let Some(ban) = standing.ban_at(Utc::now()) {
            return Err(ApiError::banned(ban));
        }
        Ok(ApiCaller(Caller {
            player,
            token_hash,
            grant,
            looked_up_at,
        }))
    }
}

/// The authenticated player of a request (401 otherwise; 403 `banned` while banned).
pub struct Authenticated(pub PlayerRef);

impl FromRequestParts<AppState> for Authenticated {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer_token(parts).ok_or_else(ApiError::unauthorized)?;
        let (player, _) = signed_in(state, &token_hash(token)).await?;
        Ok(Authenticated(player))
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
        let (player, _) = signed_in(state, &token_hash).await?;
        Ok(Session { player, token_hash })
    }
}

/// The authenticated player with where it stands: its role (`GET /players/me` says it, so that a
/// client shows a moderator the moderation page) and its mute (the export of its data says it).
pub struct WithStanding(pub PlayerRef, pub Standing);

impl FromRequestParts<AppState> for WithStanding {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer_token(parts).ok_or_else(ApiError::unauthorized)?;
        let (player, standing) = signed_in(state, &token_hash(token)).await?;
        Ok(WithStanding(player, standing))
    }
}

/// A moderator or admin making a moderation call: 401 without a known token, 403 `forbidden`
/// for anyone else.
pub struct Moderator {
    pub player: PlayerRef,
    pub role: Role,
}

impl FromRequestParts<AppState> for Moderator {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer_token(parts).ok_or_else(ApiError::unauthorized)?;
        let (player, standing) = signed_in(state, &token_hash(token)).await?;
        roles::may_moderate(standing.role)?;
        Ok(Moderator {
            player,
            role: standing.role,
        })
    }
}

/// The player of a request if it carries a known token, else anonymous: for endpoints anyone may
/// call whose answer depends on who asks (a private room's code is shown only to its players).
/// A missing, malformed, unknown or banned token is treated as anonymous, never refused, so that a
/// client holding a forgotten token still reads public data; only a database failure is an error.
pub struct MaybeAuthenticated(pub Option<PlayerRef>);

impl FromRequestParts<AppState> for MaybeAuthenticated {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Some(token) = bearer_token(parts) else {
            return Ok(MaybeAuthenticated(None));
        };
        let owner = owner_of(state, &token_hash(token)).await?;
        let now = Utc::now();
        Ok(MaybeAuthenticated(
            owner
                .filter(|(_, standing)| standing.ban_at(now).is_none())
                .map(|(player, _)| player),
        ))
    }
}

/// Passes unless the request carries the token of a banned player (`403 banned`): a banned player
/// does not make itself a new guest from its token.
pub struct NotBanned;

impl FromRequestParts<AppState> for NotBanned {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if let Some(token) = bearer_token(parts) {
            if let Some((_, standing)) = owner_of(state, &token_hash(token)).await? {
                if let Some(ban) = standing.ban_at(Utc::now()) {
                    return Err(ApiError::banned(ban));
                }
            }
        }
        Ok(NotBanned)
    }
}

/// The token of an `Authorization: Bearer <token>` header, if there is a non-empty one: the one
/// reading of the header, for every extractor above. The scheme is compared without regard to case
/// (RFC 7235, section 2.1: `bearer` and `BEARER` are `Bearer`), and spaces may separate it from the
/// token (`1*SP`): a header read otherwise would make a banned player's token no token at all.
fn bearer_token(parts: &Parts) -> Option<&str> {
    let value = parts
        .headers
        .get(axum::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?;
    let (scheme, token) = value.split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::Request;

    fn token_of(authorization: &str) -> Option<String> {
        let (parts, ()) = Request::builder()
            .header("authorization", authorization)
            .body(())
            .unwrap()
            .into_parts();
        bearer_token(&parts).map(str::to_string)
    }

    #[test]
    fn the_scheme_is_read_in_any_case() {
        for scheme in ["Bearer", "bearer", "BEARER", "bEaReR"] {
            assert_eq!(token_of(&format!("{scheme} abc")).as_deref(), Some("abc"));
        }
        assert_eq!(token_of("Bearer   abc ").as_deref(), Some("abc"));
    }

    #[test]
    fn another_scheme_or_no_token_is_no_token() {
        for header in [
            "Basic abc",
            "Bearerabc",
            "Bearer",
            "Bearer   ",
            "Token abc",
            "abc",
        ] {
            assert_eq!(token_of(header), None, "{header}");
        }
    }
}
