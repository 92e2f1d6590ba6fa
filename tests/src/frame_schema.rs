//! Every frame the tests' WebSocket client sends and receives, checked against the AsyncAPI
//! document of the WebSocket (`/api/v1/asyncapi.json`, `plateau::api::asyncapi`): each frame's
//! `type` names its message (`client.move`, `server.patch`), whose payload schema it must meet.
//! So every end-to-end area checks the document against what the server really sends, and a
//! frame, or a field of one, that the document does not describe fails the test that met it.
//!
//! The document's objects allow no field they do not list (`additionalProperties: false` is set
//! here on every object schema with properties; the game's own state, with none, stays open): a
//! new field has to be in the wire types, and so in the document, first.

use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Who sent a frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Client,
    Server,
}

impl Side {
    fn prefix(self) -> &'static str {
        match self {
            Side::Client => "client",
            Side::Server => "server",
        }
    }
}

/// A validator per message of the document, by its name (`client.move`).
fn validators() -> &'static HashMap<String, jsonschema::Validator> {
    static VALIDATORS: OnceLock<HashMap<String, jsonschema::Validator>> = OnceLock::new();
    VALIDATORS.get_or_init(|| {
        let mut document = plateau::api::asyncapi::asyncapi().clone();
        close_objects(&mut document["components"]["schemas"]);
        let names: Vec<String> = document["components"]["messages"]
            .as_object()
            .expect("messages")
            .keys()
            .cloned()
            .collect();
        names
            .into_iter()
            .map(|name| {
                // The whole document is the root, so that its `#/components/...` references
                // resolve; the keywords of AsyncAPI beside `$ref` mean nothing to a validator.
                let mut root = document.clone();
                root["$ref"] = json!(format!("#/components/schemas/{name}"));
                let validator = jsonschema::draft202012::new(&root)
                    .unwrap_or_else(|e| panic!("the schema of {name} does not compile: {e}"));
                (name, validator)
            })
            .collect()
    })
}

/// Every object schema with properties allows no other property. A flattened struct is an
/// `allOf` of parts, each listing only its own: the whole allows nothing its parts did not
/// evaluate (`unevaluatedProperties`), and its parts, and the components they name, stay open.
fn close_objects(schemas: &mut Value) {
    fn parts_named(schema: &Value, names: &mut Vec<String>) {
        match schema {
            Value::Object(map) => {
                if let Some(Value::Array(parts)) = map.get("allOf") {
                    for part in parts {
                        if let Some(name) = part["$ref"].as_str() {
                            names.push(name.trim_start_matches("#/components/schemas/").into());
                        }
                    }
                }
                map.values().for_each(|v| parts_named(v, names));
            }
            Value::Array(items) => items.iter().for_each(|v| parts_named(v, names)),
            _ => {}
        }
    }
    fn close(schema: &mut Value, part: bool) {
        match schema {
            Value::Object(map) => {
                if map.contains_key("allOf") {
                    map.insert("unevaluatedProperties".into(), Value::Bool(false));
                } else if !part
                    && map.contains_key("properties")
                    && !map.contains_key("additionalProperties")
                {
                    map.insert("additionalProperties".into(), Value::Bool(false));
                }
                for (key, value) in map.iter_mut() {
                    match (key.as_str(), value) {
                        ("allOf", Value::Array(parts)) => {
                            for p in parts.iter_mut() {
                                close(p, true);
                            }
                        }
                        (_, value) => close(value, false),
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|i| close(i, false)),
            _ => {}
        }
    }
    let mut open = Vec::new();
    parts_named(schemas, &mut open);
    for (name, schema) in schemas.as_object_mut().expect("schemas").iter_mut() {
        close(schema, open.contains(name));
    }
}

/// Why `frame`, sent by `side`, does not meet the document; None when it does.
pub fn violation(side: Side, frame: &Value) -> Option<String> {
    let Some(kind) = frame.get("type").and_then(Value::as_str) else {
        return Some(format!("a {} frame without a type: {frame}", side.prefix()));
    };
    let name = format!("{}.{kind}", side.prefix());
    let Some(validator) = validators().get(&name) else {
        return Some(format!(
            "{name} is not a message of the AsyncAPI document: {frame}"
        ));
    };
    let errors: Vec<String> = validator
        .iter_errors(frame)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    (!errors.is_empty()).then(|| format!("{name}: {}; frame: {frame}", errors.join("; ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_checked() {
        let pong = json!({"type": "pong"});
        assert_eq!(violation(Side::Server, &pong), None);
        assert!(violation(Side::Client, &pong).is_some(), "no client pong");
        let ack = json!({"type": "ack", "id": "m1", "version": 3, "room": "ABCDEFGH"});
        assert_eq!(violation(Side::Server, &ack), None);
        let extra = json!({"type": "ack", "id": "m1", "version": 3, "room": "ABCDEFGH", "x": 1});
        assert!(
            violation(Side::Server, &extra).is_some(),
            "an undescribed field"
        );
        let untyped = json!({"type": "ack", "id": "m1", "version": "3", "room": "ABCDEFGH"});
        assert!(violation(Side::Server, &untyped).is_some());
        let mv = json!({"type": "move", "room": "R", "id": "1", "version": 1, "move": "a1b2"});
        assert_eq!(violation(Side::Client, &mv), None);
    }
}
