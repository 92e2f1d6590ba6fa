//! The AsyncAPI 3.0 document of the WebSocket at `/api/v1/ws`, served at `/api/v1/asyncapi.json`:
//! every client and server frame as a message with its JSON Schema, generated from the wire types
//! (`plateau_protocol::ws`, through utoipa's `ToSchema`, as the OpenAPI document is), never written
//! by hand. Each frame type is a message of its own, its payload one variant of [`ClientFrame`] or
//! [`ServerFrame`]: utoipa writes a tagged enum as a `oneOf` of its variants, each an object whose
//! `type` is a one-value enum, and this cuts it into one schema per variant, named by that value.
//! CI checks the document against AsyncAPI 3.0's own JSON Schema (`tests/asyncapi/run.sh`); the
//! end-to-end tests check every frame they send and receive against it.

use axum::Json;
use plateau_games::engine::PLY_LIMIT;
use plateau_games::{registry, EventSpec};
use plateau_protocol::ws::{ClientFrame, GameEvent, ServerFrame, View};
use plateau_protocol::{ForfeitReason, RoomStatus, AGREED_DRAW};
use serde_json::{json, Map, Value};
use std::sync::OnceLock;
use utoipa::openapi::RefOr;
use utoipa::OpenApi;

/// Every type the frames are made of, collected by utoipa (with what they refer to).
#[derive(OpenApi)]
#[openapi(components(schemas(ClientFrame, ServerFrame, View, GameEvent)))]
struct Frames;

/// `GET /api/v1/asyncapi.json`.
pub async fn document() -> Json<Value> {
    Json(asyncapi().clone())
}

/// The document, built once.
pub fn asyncapi() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(build)
}

/// The two directions: who sends the frames, the enum they are, and the prefix of their names.
const SIDES: [(&str, &str, &str); 2] = [
    ("client", "ClientFrame", "A frame a client sends"),
    ("server", "ServerFrame", "A frame the server sends"),
];

fn build() -> Value {
    let mut schemas: Map<String, Value> = Frames::openapi()
        .components
        .map(|c| c.schemas)
        .unwrap_or_default()
        .into_iter()
        .map(|(name, schema)| (name, to_value(schema)))
        .collect();
    schemas.insert("GameEvent".into(), game_events());
    if let Some(reason) = schemas
        .get_mut("MatchResult")
        .and_then(|r| r.pointer_mut("/properties/reason"))
    {
        *reason = json!({
            "type": "string",
            "enum": result_reasons(),
            "description": "Why the match ended: a game's own reason, the ply cap's, the last \
                            forfeit's, an agreed draw, or an abort (docs/protocol.md, \
                            \"Events and ends, game by game\").",
        });
    }
    let mut channel_messages = Map::new();
    let mut messages = Map::new();
    let mut operations = Map::new();
    for (side, enum_name, summary) in SIDES {
        let variants = schemas
            .remove(enum_name)
            .and_then(|s| s.get("oneOf").cloned())
            .and_then(|v| v.as_array().cloned())
            .unwrap_or_else(|| panic!("{enum_name} is a oneOf of its variants"));
        let mut refs = Vec::new();
        for variant in variants {
            let kind = frame_type(&variant)
                .unwrap_or_else(|| panic!("a variant of {enum_name} without a `type`: {variant}"));
            let name = format!("{side}.{kind}");
            let description = variant
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or(summary)
                .to_string();
            schemas.insert(name.clone(), variant);
            messages.insert(
                name.clone(),
                json!({
                    "name": kind,
                    "title": format!("{kind} ({side})"),
                    "summary": summary,
                    "description": description,
                    "contentType": "application/json",
                    "payload": {"$ref": format!("#/components/schemas/{name}")},
                }),
            );
            channel_messages.insert(
                name.clone(),
                json!({"$ref": format!("#/components/messages/{name}")}),
            );
            refs.push(json!({"$ref": format!("#/channels/ws/messages/{name}")}));
        }
        // The operations are the server's: it receives the clients' frames and sends its own.
        let (operation, action, what) = match side {
            "client" => ("receiveClientFrames", "receive", "Frames a client sends"),
            _ => ("sendServerFrames", "send", "Frames the server sends"),
        };
        operations.insert(
            operation.into(),
            json!({
                "action": action,
                "channel": {"$ref": "#/channels/ws"},
                "summary": what,
                "messages": refs,
            }),
        );
    }
    json!({
        "asyncapi": "3.0.0",
        "info": {
            "title": "Plateau WebSocket",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "The frames of Plateau's WebSocket, one JSON object a text frame, each \
                            with its `type`. The first client frame is `auth`. What each frame \
                            means, in what order frames come and the rules of the stream are in \
                            docs/protocol.md; the REST API is described at /api/v1/openapi.json.",
        },
        "defaultContentType": "application/json",
        "channels": {
            "ws": {
                "address": "/api/v1/ws",
                "title": "The WebSocket",
                "description": "One connection per client; it may join several rooms, and every \
                                room frame names its `room`.",
                "messages": channel_messages,
            }
        },
        "operations": operations,
        "components": {
            "schemas": schemas,
            "messages": messages,
        },
    })
}

/// The events of a `patch`: each game's kinds with their fields, as the games declare them
/// (`Game::EVENTS`, which their contract tests hold them to), and the server's own. One kind may
/// be several games' (`moved`), each with its fields: any of them.
fn game_events() -> Value {
    let server: [(&str, EventSpec); 3] = [
        (
            "every game",
            EventSpec {
                kind: "forfeited",
                fields: &["seat", "reason"],
            },
        ),
        (
            "every game",
            EventSpec {
                kind: "draw_agreed",
                fields: &[],
            },
        ),
        (
            "every game (in a `draw` frame)",
            EventSpec {
                kind: "draw_declined",
                fields: &["seat"],
            },
        ),
    ];
    let games = registry::games().flat_map(|g| g.events().iter().map(move |e| (g.info().name, *e)));
    let kinds: Vec<Value> = games
        .chain(server)
        .map(|(game, spec)| {
            let mut properties = Map::new();
            properties.insert("kind".into(), json!({"const": spec.kind}));
            for field in spec.fields {
                properties.insert((*field).into(), json!({}));
            }
            json!({
                "title": format!("{game}: {}", spec.kind),
                "type": "object",
                "properties": properties,
                "required": ["kind"],
                "additionalProperties": false,
            })
        })
        .collect();
    json!({
        "description": "Something that happened, for people: `kind`, and `seat` where a seat \
                        acted. Each game's kinds and fields are in docs/protocol.md, \"Events and \
                        ends, game by game\"; a field only the seat concerned may see (a drawn \
                        tile) is left out for the others.",
        "anyOf": kinds,
    })
}

/// Every `reason` a match result may give: each game's, then the server's own.
fn result_reasons() -> Vec<&'static str> {
    let mut reasons: Vec<&'static str> = registry::games()
        .flat_map(|g| g.result_reasons().iter().copied())
        .collect();
    reasons.push(PLY_LIMIT);
    reasons.extend(
        [
            ForfeitReason::Resigned,
            ForfeitReason::Timeout,
            ForfeitReason::Abandoned,
            ForfeitReason::NoShow,
        ]
        .map(ForfeitReason::as_str),
    );
    reasons.extend([AGREED_DRAW, RoomStatus::Aborted.as_str()]);
    let mut seen = std::collections::HashSet::new();
    reasons.retain(|r| seen.insert(*r));
    reasons
}

/// The one value of a variant's `type` property.
fn frame_type(variant: &Value) -> Option<String> {
    let values = variant.pointer("/properties/type/enum")?.as_array()?;
    match values.as_slice() {
        [Value::String(kind)] => Some(kind.clone()),
        _ => None,
    }
}

fn to_value(schema: RefOr<utoipa::openapi::schema::Schema>) -> Value {
    serde_json::to_value(schema).expect("a schema serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_frame_is_a_message() {
        let doc = asyncapi();
        let messages = doc["components"]["messages"].as_object().unwrap();
        for name in [
            "client.auth",
            "client.move",
            "client.join",
            "server.welcome",
            "server.patch",
            "server.ended",
            "server.warning",
            "server.pong",
        ] {
            assert!(messages.contains_key(name), "{name}: {:?}", messages.keys());
        }
        let text = doc.to_string();
        // Every reference points into the document.
        for reference in text.split("\"$ref\":\"").skip(1) {
            let target = &reference[..reference.find('"').unwrap()];
            let pointer = target.strip_prefix('#').expect("a local reference");
            assert!(doc.pointer(pointer).is_some(), "{target} is nowhere");
        }
    }
}
