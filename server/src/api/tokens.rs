//! Personal access tokens, `/api/v1/players/me/tokens` (issue 47, `docs/bots.md`): an account
//! makes tokens for its programs, each with its scopes (`accounts::scopes`), sees them listed
//! without their secret, and revokes them; a revoked token's streams close at once, on every node
//! (`accounts::revocation`). Only a session token manages them: a program's token makes no
//! other.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chrono::Utc;
use plateau_protocol::bots::{NewToken, TokenCreated, TokenInfo, TokenList};
use plateau_protocol::rest::ErrorBody;
use plateau_protocol::ErrorCode;
use uuid::Uuid;

use crate::accounts::revocation::{Revoked, Which};
use crate::accounts::scopes;
use crate::accounts::tokens::{new_token, token_hash};
use crate::api::auth::ApiCaller;
use crate::error::{ApiError, ApiJson, ApiPath};
use crate::state::AppState;
use crate::store::{AccessTokenRow, ACCESS_TOKENS_PER_PLAYER};

/// Longest name of a token, in characters.
const MAX_TOKEN_NAME: usize = 64;

#[utoipa::path(post, operation_id = "create_token", path = "/api/v1/players/me/tokens", tag = "bots", request_body = NewToken, security(("bearer" = [])),
    responses((status = 201, description = "The token, shown this once (kept only as its hash)", body = TokenCreated),
              (status = 400, description = "A name of 0 or more than 64 characters, no scope, an unknown scope, or malformed input", body = ErrorBody),
              (status = 403, description = "`forbidden`: a guest (set a password first), or a personal access token (only a session manages tokens)", body = ErrorBody),
              (status = 409, description = "The account holds 20 personal access tokens already: revoke one first", body = ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
    ApiJson(body): ApiJson<NewToken>,
) -> Result<(StatusCode, Json<TokenCreated>), ApiError> {
    let name = crate::text::clean(&body.name, "name", MAX_TOKEN_NAME)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let scopes = scopes::normalised(&body.scopes);
    if scopes.is_empty() {
        return Err(ApiError::bad_request("scopes: at least one is needed"));
    }
    let player = caller.session_only()?.id;
    if !state.store.has_password(player).await? {
        return Err(ApiError::forbidden(
            "a guest makes no access token: set a password first",
        ));
    }
    let token = new_token();
    let row = AccessTokenRow {
        id: Uuid::new_v4(),
        name,
        scopes: scopes::to_text(&scopes),
        created_at: Utc::now(),
    };
    if !state
        .store
        .add_access_token(player, &token_hash(&token), &row)
        .await?
    {
        return Err(ApiError::new(
            ErrorCode::Conflict,
            format!(
                "an account keeps at most {ACCESS_TOKENS_PER_PLAYER} access tokens: revoke one first"
            ),
        ));
    }
    let created = TokenCreated {
        id: row.id,
        token,
        name: row.name,
        scopes,
        created_at: row.created_at,
    };
    Ok((StatusCode::CREATED, Json(created)))
}

#[utoipa::path(get, operation_id = "list_tokens", path = "/api/v1/players/me/tokens", tag = "bots", security(("bearer" = [])),
    responses((status = 200, description = "The account's personal access tokens, oldest first, without their secret", body = TokenList),
              (status = 403, description = "`forbidden`: a personal access token (only a session manages tokens)", body = ErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
) -> Result<Json<TokenList>, ApiError> {
    let rows = state.store.access_tokens(caller.session_only()?.id).await?;
    let tokens = rows
        .into_iter()
        .map(|row| TokenInfo {
            id: row.id,
            scopes: scopes::from_text(&row.scopes),
            name: row.name,
            created_at: row.created_at,
        })
        .collect();
    Ok(Json(TokenList { tokens }))
}

#[utoipa::path(delete, path = "/api/v1/players/me/tokens/{id}", tag = "bots", security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The token's id")),
    responses((status = 204, description = "The token signs nobody in any more; the streams it opened close at once, on every node"),
              (status = 403, description = "`forbidden`: a personal access token (only a session manages tokens)", body = ErrorBody),
              (status = 404, description = "The account has no such token", body = ErrorBody)))]
pub async fn revoke(
    State(state): State<AppState>,
    ApiCaller(caller): ApiCaller,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<StatusCode, ApiError> {
    let player = caller.session_only()?.id;
    let hash = state
        .store
        .delete_access_token(player, id)
        .await?
        .ok_or_else(|| ApiError::not_found("token"))?;
    state
        .revocations
        .revoke(Revoked {
            player,
            which: Which::Only(hash),
        })
        .await;
    Ok(StatusCode::NO_CONTENT)
}
