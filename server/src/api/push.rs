//! Web push *(addition, issue 48)*: `GET /api/v1/push/key` (the server's VAPID public key),
//! `PUT` and `DELETE /api/v1/players/me/push` (a browser's subscription, kept or forgotten). What
//! is pushed, and how, is `crate::push`'s.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chrono::Utc;
use plateau_protocol::rest::{ErrorBody, PushEndpoint, PushKey, PushSubscription};
use plateau_protocol::ErrorCode;

use crate::api::auth::Authenticated;
use crate::error::{ApiError, ApiJson};
use crate::state::AppState;
use crate::store::{PushSubscriptionRow, PUSH_SUBSCRIPTIONS_PER_PLAYER};

/// The longest endpoint kept, in bytes (browsers' are a few hundred).
const MAX_ENDPOINT: usize = 2048;

#[utoipa::path(get, path = "/api/v1/push/key", tag = "push",
    responses((status = 200, description = "The server's VAPID public key (uncompressed P-256 point, base64url): a browser's `applicationServerKey`", body = PushKey)))]
pub async fn key(State(state): State<AppState>) -> Json<PushKey> {
    Json(PushKey {
        key: state.push.public_key().to_string(),
    })
}

#[utoipa::path(put, path = "/api/v1/players/me/push", tag = "push", request_body = PushSubscription, security(("bearer" = [])),
    responses((status = 204, description = "The subscription is kept: the player's turns, challenges, pairings and match ends are pushed to it"),
              (status = 400, description = "An endpoint that is not an `https:` URL, keys that are not a P-256 point and a 16-byte secret, or malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 409, description = "The player keeps 10 subscriptions already: unsubscribe one first", body = ErrorBody)))]
pub async fn subscribe(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
    ApiJson(body): ApiJson<PushSubscription>,
) -> Result<StatusCode, ApiError> {
    if body.endpoint.len() > MAX_ENDPOINT || !state.push.endpoint_allowed(&body.endpoint) {
        return Err(ApiError::bad_request("endpoint: an https: URL"));
    }
    if crate::push::deliver::keys(&body.keys.p256dh, &body.keys.auth).is_none() {
        return Err(ApiError::bad_request(
            "keys: p256dh a P-256 public key, auth 16 bytes, both base64url",
        ));
    }
    let row = PushSubscriptionRow {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
    };
    if !state
        .store
        .add_push_subscription(player.id, &row, Utc::now())
        .await?
    {
        return Err(ApiError::new(
            ErrorCode::Conflict,
            format!(
                "a player keeps at most {PUSH_SUBSCRIPTIONS_PER_PLAYER} push subscriptions: unsubscribe one first"
            ),
        ));
    }
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(delete, path = "/api/v1/players/me/push", tag = "push", request_body = PushEndpoint, security(("bearer" = [])),
    responses((status = 204, description = "The subscription is forgotten (or was not kept)"),
              (status = 400, description = "Malformed input", body = ErrorBody),
              (status = 401, description = "Missing or unknown token", body = ErrorBody)))]
pub async fn unsubscribe(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
    ApiJson(body): ApiJson<PushEndpoint>,
) -> Result<StatusCode, ApiError> {
    state
        .store
        .remove_push_subscription(player.id, &body.endpoint)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
