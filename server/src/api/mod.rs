//! The REST API under `/api/v1`, plus health and readiness, assembled into the public router; and
//! the operations router (`/metrics`), served on its own listener.

mod accounts;
pub mod asyncapi;
pub mod auth;
mod blocks;
mod bot_account;
mod bot_match;
mod challenges;
mod export;
mod games;
mod health;
mod matches;
mod moderation;
mod openapi;
mod players;
mod push;
mod quick;
mod reports;
mod room_moderation;
mod rooms;
pub mod server;
mod tokens;
mod tournaments;
mod your_games;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue};
use axum::routing::{delete, get, post, put};
use axum::Router;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::error::ApiError;
use crate::state::AppState;

pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .route("/players", post(players::create))
        .route(
            "/players/me",
            get(players::me).delete(accounts::close_account),
        )
        .route("/players/me/export", get(export::my_data))
        .route("/players/me/language", put(players::set_language))
        .route(
            "/players/me/push",
            put(push::subscribe).delete(push::unsubscribe),
        )
        .route("/push/key", get(push::key))
        .route("/players/me/blocks", get(blocks::list))
        .route(
            "/players/me/blocks/{id}",
            put(blocks::block).delete(blocks::unblock),
        )
        .route("/players/me/password", put(accounts::set_password))
        .route("/players/me/tokens", post(tokens::create).get(tokens::list))
        .route("/players/me/tokens/{id}", delete(tokens::revoke))
        .route("/players/me/matches", get(your_games::list))
        .route("/players/{id}", get(players::profile))
        .route("/players/{id}/ratings/{game}", get(players::rating_history))
        .route("/players/{id}/matches.ndjson", get(export::matches_ndjson))
        .route(
            "/sessions",
            post(accounts::sign_in).delete(accounts::sign_out_everywhere),
        )
        .route("/sessions/current", delete(accounts::sign_out))
        .route("/games", get(games::list))
        .route("/games/{id}/leaderboard", get(games::leaderboard))
        .route("/server", get(server::info))
        .route("/rooms", post(rooms::create).get(rooms::lobby))
        .route("/rooms/quick", post(quick::quick))
        .route("/rooms/{code}", get(rooms::one))
        .route("/matches", get(matches::list))
        .route("/matches/{id}", get(matches::one))
        .route("/matches/{id}/state", get(matches::state_at))
        .route(
            "/mod/moderators/{id}",
            put(moderation::grant_moderator).delete(moderation::revoke_moderator),
        )
        .route("/mod/players/{id}", get(moderation::player))
        .route("/mod/players/{id}/ban", post(moderation::ban))
        .route("/mod/players/{id}/unban", post(moderation::unban))
        .route("/mod/players/{id}/mute", post(moderation::mute))
        .route("/mod/players/{id}/unmute", post(moderation::unmute))
        .route("/mod/players/{id}/rename", post(moderation::rename))
        .route("/mod/log", get(moderation::log))
        .route("/reports", post(reports::create))
        .route("/mod/reports", get(reports::list))
        .route("/mod/reports/{id}/resolve", post(reports::resolve))
        .route("/mod/rooms/{code}/abort", post(room_moderation::abort))
        .route("/mod/rooms/{code}/close", post(room_moderation::close))
        .route(
            "/mod/rooms/{code}/chat/{id}",
            delete(room_moderation::delete_chat),
        )
        .route(
            "/tournaments",
            post(tournaments::create).get(tournaments::list),
        )
        .route("/tournaments/{id}", get(tournaments::one))
        .route("/tournaments/{id}/join", post(tournaments::join))
        .route("/tournaments/{id}/withdraw", post(tournaments::withdraw))
        .route(
            "/tournaments/{id}/results.ndjson",
            get(tournaments::results),
        )
        .route("/bot/account/upgrade", post(bot_account::upgrade))
        .route("/bot/account", put(bot_account::update))
        .route("/challenges", post(challenges::create))
        .route("/challenges/{id}/accept", post(challenges::accept))
        .route("/challenges/{id}/decline", post(challenges::decline))
        .route("/stream/event", get(challenges::events))
        .route("/bot/match/{room}/stream", get(bot_match::stream))
        .route("/bot/match/{room}/move", post(bot_match::play))
        .route("/bot/match/{room}/resign", post(bot_match::resign))
        .route("/bot/match/{room}/draw", post(bot_match::draw))
        .route("/bot/match/{room}/claim", post(bot_match::claim))
        .route("/bot/match/{room}/chat", post(bot_match::chat))
        .route("/ws", get(crate::ws::upgrade))
        .route("/openapi.json", get(openapi::document))
        .route("/asyncapi.json", get(asyncapi::document))
        .fallback(|| async { ApiError::not_found("endpoint") });
    Router::new()
        .nest("/api/v1", api)
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .merge(crate::web::router())
        .layer(DefaultBodyLimit::max(state.limits.max_body_bytes))
        // A browser must not read a JSON answer (or any other) as something it is not.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

/// `/metrics`, for the operations listener only (`--metrics-addr`).
pub fn operations_router(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(health::metrics))
        .with_state(state)
}
