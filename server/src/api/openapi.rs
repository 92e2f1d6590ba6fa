//! The OpenAPI document of the REST API, generated from the handlers' annotations (utoipa) and
//! served at `/api/v1/openapi.json`, with the statuses every route answers for what it is
//! ([`common`]). The WebSocket frames are described in docs/protocol.md.

mod common;

use axum::Json;
use plateau_protocol::rest::ErrorBody;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::{
    accounts, blocks, bot_account, bot_match, challenges, export, games, matches, moderation,
    players, push, quick, reports, room_moderation, rooms, server, tokens, tournaments, your_games,
};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Plateau",
        description = "REST API of Plateau, an authoritative online server for board games. \
                       Play happens over the WebSocket at /api/v1/ws (see docs/protocol.md)."
    ),
    paths(
        players::create,
        players::me,
        your_games::list,
        players::profile,
        players::rating_history,
        export::matches_ndjson,
        accounts::set_password,
        accounts::close_account,
        export::my_data,
        players::set_language,
        push::key,
        push::subscribe,
        push::unsubscribe,
        blocks::block,
        blocks::unblock,
        blocks::list,
        accounts::sign_in,
        accounts::sign_out,
        accounts::sign_out_everywhere,
        games::list,
        games::leaderboard,
        server::info,
        rooms::create,
        rooms::lobby,
        rooms::one,
        quick::quick,
        matches::list,
        matches::one,
        matches::state_at,
        moderation::grant_moderator,
        moderation::revoke_moderator,
        moderation::player,
        moderation::ban,
        moderation::unban,
        moderation::mute,
        moderation::unmute,
        moderation::rename,
        moderation::log,
        room_moderation::abort,
        room_moderation::close,
        room_moderation::delete_chat,
        reports::create,
        reports::list,
        reports::resolve,
        tournaments::create,
        tournaments::list,
        tournaments::one,
        tournaments::join,
        tournaments::withdraw,
        tournaments::results,
        tokens::create,
        tokens::list,
        tokens::revoke,
        bot_account::upgrade,
        bot_account::update,
        bot_match::stream,
        bot_match::play,
        bot_match::resign,
        bot_match::draw,
        bot_match::claim,
        bot_match::chat,
        challenges::create,
        challenges::accept,
        challenges::decline,
        challenges::events
    ),
    components(schemas(ErrorBody)),
    modifiers(&BearerAuth, &CommonStatuses)
)]
struct ApiDoc;

/// Declares the `Authorization: Bearer <token>` scheme the secured calls name.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
    }
}

/// Adds the statuses every route answers for what it is (a malformed id, a missing token, the
/// database away...) to each operation: [`common`].
struct CommonStatuses;

impl Modify for CommonStatuses {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        common::add_to(openapi);
    }
}

pub async fn document() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// OpenAPI requires each operation's `operationId` to be unique, and generators key their
    /// types by it (the TypeScript SDK's openapi-typescript among them): handlers of different
    /// modules named alike (`create`, `list`) need an id of their own.
    #[test]
    fn every_operation_has_an_id_of_its_own() {
        let doc = serde_json::to_value(ApiDoc::openapi()).expect("the document is JSON");
        let mut seen: HashMap<String, String> = HashMap::new();
        for (path, item) in doc["paths"].as_object().expect("paths") {
            for (method, operation) in item.as_object().expect("a path item") {
                let Some(id) = operation["operationId"].as_str() else {
                    continue;
                };
                let here = format!("{method} {path}");
                if let Some(first) = seen.insert(id.to_string(), here.clone()) {
                    panic!("operationId `{id}` names both {first} and {here}");
                }
            }
        }
        assert!(seen.len() > 50, "only {} operations", seen.len());
    }
}
