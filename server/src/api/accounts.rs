//! Accounts on top of guests: `PUT /api/v1/players/me/password` (which reserves the name),
//! `POST /api/v1/sessions` (sign in by name and password for a new token), and signing out:
//! `DELETE /api/v1/sessions/current` (this token) and `DELETE /api/v1/sessions` (every token).
//! A revoked token's live WebSockets close at once (4001), on every node (`accounts::revocation`).
//!
//! A failed sign-in says nothing about why: an unknown name, a guest's name (no password) and a
//! wrong password get the same answer after the same work (a hash is checked in every case).
//! Failures are limited per name and per client address (`--sign-in-failures-per-*`).

use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::Json;
use chrono::Utc;
use plateau_protocol::rest::{CloseAccount, ErrorBody, NewPassword, PlayerCreated, SignIn};
use plateau_protocol::ErrorCode;
use std::net::SocketAddr;
use std::time::Duration;

use crate::accounts::passwords;
use crate::accounts::revocation::{Revoked, Which};
use crate::accounts::tokens::{new_token, token_hash};
use crate::api::auth::{Authenticated, Session};
use crate::error::{ApiError, ApiJson};
use crate::state::AppState;

#[utoipa::path(put, path = "/api/v1/players/me/password", tag = "accounts", request_body = NewPassword, security(("bearer" = [])),
    responses((status = 204, description = "The password is set (or changed); the player's name is now reserved; every other session of the player is signed out"),
              (status = 400, description = "A password of fewer than 8 or more than 200 characters, no `current` password when there is one, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`current` is not the password in use", body = ErrorBody),
              (status = 409, description = "Another player has reserved this name, in any case or in a form that looks the same, or it is one the server shows for what is not a person", body = ErrorBody),
              (status = 429, description = "Too many password changes for this player, or every core busy hashing; see `Retry-After`", body = ErrorBody)))]
pub async fn set_password(
    State(state): State<AppState>,
    session: Session,
    ApiJson(body): ApiJson<NewPassword>,
) -> Result<StatusCode, ApiError> {
    let player = &session.player;
    let password = passwords::clean(&body.password).map_err(ApiError::bad_request)?;
    let reserved =
        crate::text::name_key(&player.name).map_err(|e| ApiError::bad_request(e.to_string()))?;
    // A guest named so before these names were kept cannot reserve one (an account that already
    // holds one still changes its password; a moderator renames it).
    if state.store.password_hash(player.id).await?.is_none() {
        super::players::refuse_kept(&player.name, &reserved)?;
    }
    check_password_in_use(&state, player.id, body.current.as_deref(), "current").await?;
    let hash = passwords::hash(password).await.map_err(busy)?;
    let changed = state
        .store
        .set_password(player.id, &hash, &reserved, &session.token_hash)
        .await;
    match changed {
        Ok(()) => {
            // Whoever else held a token of this player (a thief among them) is out, on every node.
            state
                .revocations
                .revoke(Revoked {
                    player: player.id,
                    which: Which::AllBut(session.token_hash),
                })
                .await;
            Ok(StatusCode::NO_CONTENT)
        }
        Err(crate::store::StoreError::Conflict(_)) => Err(ApiError::new(
            ErrorCode::Conflict,
            format!("the name `{}` is reserved by another player", player.name),
        )),
        Err(e) => Err(e.into()),
    }
}

/// For a player with a password, that `given` (the body's field `field`) is it: a stolen token
/// alone can neither change the password nor close the account. Checked under the budget of
/// password changes, before any hashing: each check is a hash, so a thief cannot guess faster.
async fn check_password_in_use(
    state: &AppState,
    player: uuid::Uuid,
    given: Option<&str>,
    field: &str,
) -> Result<(), ApiError> {
    if let Err(wait) = state.budgets.password_changes_per_player.take(&player) {
        return Err(ApiError::rate_limited_for(
            "password_changes_per_player",
            "too many password checks; try again later",
            wait,
        ));
    }
    let Some(stored) = state.store.password_hash(player).await? else {
        return Ok(());
    };
    let Some(given) = given else {
        return Err(ApiError::bad_request(format!(
            "{field}: the password in use is needed"
        )));
    };
    let given = passwords::clean(given).unwrap_or_default();
    if passwords::verify(given, Some(stored)).await.map_err(busy)? {
        Ok(())
    } else {
        Err(ApiError::new(
            ErrorCode::Forbidden,
            format!("{field}: not the password in use"),
        ))
    }
}

#[utoipa::path(delete, path = "/api/v1/players/me", tag = "accounts", request_body = CloseAccount, security(("bearer" = [])),
    responses((status = 204, description = "The account is closed: every session ends (WebSockets close with 4001 on every node), \
                  the name is free, the player shows as `deleted player` in every match it played, its chat lines leave every room"),
              (status = 400, description = "No `password` for a player that has one, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`password` is not the password in use", body = ErrorBody),
              (status = 429, description = "Too many password checks for this player; see `Retry-After`", body = ErrorBody)))]
pub async fn close_account(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
    ApiJson(body): ApiJson<CloseAccount>,
) -> Result<StatusCode, ApiError> {
    check_password_in_use(&state, player.id, body.password.as_deref(), "password").await?;
    if !state.store.close_account(player.id, Utc::now()).await? {
        return Err(ApiError::unauthorized());
    }
    tracing::info!(player = %player.id, "account closed by its player");
    state.rooms.account_closed(player.id);
    state
        .revocations
        .revoke(Revoked {
            player: player.id,
            which: Which::AccountClosed,
        })
        .await;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/v1/sessions", tag = "accounts", request_body = SignIn,
    responses((status = 201, description = "Signed in: a new token for the player (shown this once)", body = PlayerCreated),
              (status = 400, description = "Malformed input", body = ErrorBody),
              (status = 401, description = "No player has this name and password (the same answer for a wrong name and a wrong password)", body = ErrorBody),
              (status = 403, description = "`banned`: the player is banned; `until` says when the ban ends (absent: for good)", body = ErrorBody),
              (status = 429, description = "Too many failed sign-ins for this name from this address, or from this address; see `Retry-After`", body = ErrorBody)))]
pub async fn sign_in(
    State(state): State<AppState>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    ApiJson(body): ApiJson<SignIn>,
) -> Result<(StatusCode, Json<PlayerCreated>), ApiError> {
    let budgets = &state.budgets;
    let address = crate::limits::client_addr::limit_key(client.ip());
    // A name that is not a valid name cannot be anyone's: it fails like a wrong one, and all such
    // names share one budget (kept small: nobody's account is behind it). Names are looked up, and
    // failures counted, by their key: every form that looks like the name (`ALICE`, `аlice` with a
    // Cyrillic а) finds the same account, and all of them spend one budget.
    let name = crate::text::sign_in_key(&body.name);
    let name_limit_key = name.clone().unwrap_or_default();
    let name_from_address = (name_limit_key.clone(), address);
    budgets
        .sign_in_failures_per_name
        .check(&name_from_address)
        .and(budgets.sign_in_failures_per_address.check(&address))
        .map_err(too_many_failures)?;
    let credentials = match &name {
        Some(name) => state.store.credentials(name).await?,
        None => None,
    };
    let password = passwords::clean(&body.password).unwrap_or_default();
    let stored = credentials.as_ref().map(|c| c.password_hash.clone());
    if !passwords::verify(password, stored).await.map_err(busy)? {
        crate::metrics::METRICS.sign_in_failures.inc();
        let by_name = budgets.sign_in_failures_per_name.fail(&name_from_address);
        let by_address = budgets.sign_in_failures_per_address.fail(&address);
        // A name failing from many addresses slows down rather than locking its owner out.
        let delay = budgets.sign_in_delay_per_name.fail(&name_limit_key);
        tokio::time::sleep(delay).await;
        by_name.and(by_address).map_err(too_many_failures)?;
        return Err(ApiError::new(
            ErrorCode::Unauthorized,
            "no player has this name and password",
        ));
    }
    let player = credentials
        .expect("a password matched, so the name is known")
        .player;
    // Said only to whoever knows the password: a ban is nobody else's business.
    if let Some((_, standing)) = state.store.standing(player.id).await? {
        if let Some(ban) = standing.ban_at(Utc::now()) {
            return Err(ApiError::banned(ban));
        }
    }
    let token = new_token();
    let evicted = state
        .store
        .add_token(player.id, &token_hash(&token), Utc::now())
        .await?;
    for oldest in evicted {
        let which = Which::Only(oldest);
        let revoked = Revoked {
            player: player.id,
            which,
        };
        state.revocations.revoke(revoked).await;
    }
    Ok((
        StatusCode::CREATED,
        Json(PlayerCreated {
            id: player.id,
            name: player.name,
            token,
        }),
    ))
}

/// Every core is hashing passwords already: the request is refused rather than queued.
fn busy(_: passwords::Busy) -> ApiError {
    ApiError::rate_limited(
        "password_hashing",
        "the server is busy checking passwords; try again shortly",
        1,
    )
}

fn too_many_failures(wait: Duration) -> ApiError {
    ApiError::rate_limited_for(
        "sign_in_failures",
        "too many failed sign-ins; try again later",
        wait,
    )
}

#[utoipa::path(delete, path = "/api/v1/sessions/current", tag = "accounts", security(("bearer" = [])),
    responses((status = 204, description = "The token of this request no longer signs anyone in; its WebSockets close with 4001"),
              (status = 401, description = "Missing or unknown token", body = ErrorBody)))]
pub async fn sign_out(
    State(state): State<AppState>,
    session: Session,
) -> Result<StatusCode, ApiError> {
    state
        .store
        .revoke_token(session.player.id, &session.token_hash)
        .await?;
    let revoked = Revoked {
        player: session.player.id,
        which: Which::Only(session.token_hash),
    };
    state.revocations.revoke(revoked).await;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(delete, path = "/api/v1/sessions", tag = "accounts", security(("bearer" = [])),
    responses((status = 204, description = "None of the player's tokens signs it in any more, this one included; every WebSocket of the player closes with 4001, on every node"),
              (status = 401, description = "Missing or unknown token", body = ErrorBody)))]
pub async fn sign_out_everywhere(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
) -> Result<StatusCode, ApiError> {
    state.store.revoke_tokens(player.id).await?;
    let revoked = Revoked {
        player: player.id,
        which: Which::All,
    };
    state.revocations.revoke(revoked).await;
    Ok(StatusCode::NO_CONTENT)
}
