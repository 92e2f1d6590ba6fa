//! The REST contract and its OpenAPI document agree (issue 45, point 12), for the refusals every
//! route makes for what it is rather than for what it does. For each operation the server's own
//! `/api/v1/openapi.json` lists: a path parameter that does not parse (a malformed id), a body that
//! is not a JSON object, a body over the limit, no token, and a banned player's token are each
//! refused with a status the document declares for that operation, in the contract's error body.
//! Walking the document, not a list of routes, a new route is held to it as soon as it is
//! annotated. `tests/schemathesis/run.sh` (run by `.ci/run`) fuzzes every route beyond these.

use plateau_tests::{on_both_databases, Api, Backend, TestDb, TestServer};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// Over the server's default `--max-body-bytes` (64 KiB).
const OVERSIZED_BODY: usize = 70 * 1024;

/// One operation of the document.
struct Operation {
    method: Method,
    path: String,
    spec: Value,
}

impl Operation {
    fn name(&self) -> String {
        format!("{} {}", self.method, self.path)
    }

    fn parameters(&self, place: &str) -> Vec<&Value> {
        self.spec["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p["in"] == place)
            .collect()
    }

    fn has_body(&self) -> bool {
        self.spec.get("requestBody").is_some()
    }

    /// A token is required, not merely read when there is one.
    fn needs_token(&self) -> bool {
        self.spec["security"]
            .as_array()
            .is_some_and(|s| !s.is_empty() && !s.contains(&json!({})))
    }

    /// The path with each parameter given a value of its type, or `malformed` for the one named.
    fn url(&self, malformed: Option<&str>) -> String {
        let mut path = self.path.clone();
        for parameter in self.parameters("path") {
            let name = parameter["name"].as_str().expect("a parameter's name");
            let schema = &parameter["schema"];
            let value = match (malformed == Some(name), schema["type"].as_str()) {
                (false, Some("integer")) => "1",
                (false, _) if schema["format"] == "uuid" => "6f1c3a52-9d1e-4c59-8d6e-2a1b7c0e4f11",
                (false, _) => "abcdef",
                (true, Some("integer")) => "not-a-number",
                (true, _) if schema["format"] == "uuid" => "null,null",
                // Any text parses as a string, except text that is not UTF-8 once decoded.
                (true, _) => "%FF",
            };
            path = path.replace(&format!("{{{name}}}"), value);
        }
        path
    }
}

fn operations(document: &Value) -> Vec<Operation> {
    let mut found = Vec::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for (method, spec) in item.as_object().expect("a path item") {
            found.push(Operation {
                method: method.to_uppercase().parse().expect("an HTTP method"),
                path: path.clone(),
                spec: spec.clone(),
            });
        }
    }
    found
}

/// Sends a request as a client could, with its body as raw text.
async fn send(
    server: &TestServer,
    operation: &Operation,
    url: &str,
    body: Option<String>,
    token: Option<&str>,
) -> (StatusCode, Value) {
    let mut request =
        reqwest::Client::new().request(operation.method.clone(), format!("{}{url}", server.http()));
    if let Some(body) = body {
        request = request
            .header("content-type", "application/json")
            .body(body);
    }
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("a request");
    let status = response.status();
    let text = response.text().await.expect("a body");
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// The refusal is the one expected, the document declares it for the operation, and its body is
/// the contract's error.
fn assert_declared(operation: &Operation, what: &str, answer: (StatusCode, Value), expected: u16) {
    let (status, body) = answer;
    let name = operation.name();
    assert_eq!(status.as_u16(), expected, "{name}, {what}: {body}");
    let declared = &operation.spec["responses"][status.as_str()];
    assert!(
        declared.is_object(),
        "{name} answers {status} to {what}, which its document does not declare"
    );
    assert_eq!(
        declared["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/ErrorBody",
        "{name}: the document's {status}"
    );
    assert!(
        body["error"]["code"].is_string() && body["error"]["message"].is_string(),
        "{name}, {what}: {body}"
    );
}

async fn every_refusal_is_declared_by_the_document(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let admin = api.new_player("Admin").await;
    db.grant_admin(&admin.id);
    let player = api.new_player("Player").await;
    let banned = api.new_player("Banned").await;
    let ban = json!({"reason": "spam", "for_good": true});
    let (status, standing) = api
        .post(
            &format!("/api/v1/mod/players/{}/ban", banned.id),
            &ban,
            Some(&admin.token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{standing}");
    let (status, document) = api.get("/api/v1/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);

    let operations = operations(&document);
    assert!(operations.len() > 40, "the document lists the API");
    for operation in &operations {
        // The caller may make the call, so that what is refused is the part under test.
        let token = if operation.path.starts_with("/api/v1/mod/") {
            &admin.token
        } else {
            &player.token
        };
        let body = operation.has_body().then(|| "{}".to_string());
        for parameter in operation.parameters("path") {
            let name = parameter["name"].as_str().unwrap();
            let answer = send(
                &server,
                operation,
                &operation.url(Some(name)),
                body.clone(),
                Some(token),
            )
            .await;
            assert_declared(operation, &format!("a malformed `{name}`"), answer, 400);
        }
        let url = operation.url(None);
        if operation.has_body() {
            for not_an_object in ["[]", "[\"Alice\"]", "null", "\"text\""] {
                let answer = send(
                    &server,
                    operation,
                    &url,
                    Some(not_an_object.into()),
                    Some(token),
                )
                .await;
                assert_declared(operation, &format!("the body {not_an_object}"), answer, 400);
            }
            let oversized = format!("{{\"reason\": \"{}\"}}", "x".repeat(OVERSIZED_BODY));
            let answer = send(&server, operation, &url, Some(oversized), Some(token)).await;
            assert_declared(operation, "a body over the limit", answer, 413);
        }
        if operation.needs_token() {
            let answer = send(&server, operation, &url, body.clone(), None).await;
            assert_declared(operation, "no token", answer, 401);
            let answer = send(&server, operation, &url, body.clone(), Some(&banned.token)).await;
            assert_declared(operation, "a banned player's token", answer, 403);
        }
    }
}
on_both_databases!(every_refusal_is_declared_by_the_document);

/// The WebSocket's AsyncAPI document is served, without a token, as the one every frame of the
/// suite is checked against (`plateau_tests::frame_schema`): a message per frame type, and a
/// match's frames meet it (a whole match of Abalone against a bot, every frame checked as the
/// client receives it, down to `ended`).
async fn the_websocket_is_described_in_asyncapi(backend: Backend) {
    use plateau_tests::frame_schema::{violation, Side};
    use plateau_tests::scenario::{started_abalone_duo, Duo};

    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let (status, document) = api.get("/api/v1/asyncapi.json", None).await;
    assert_eq!(status, StatusCode::OK, "{document}");
    assert_eq!(document["asyncapi"], "3.0.0");
    assert_eq!(&document, plateau::api::asyncapi::asyncapi());
    assert_eq!(document["channels"]["ws"]["address"], "/api/v1/ws");
    let messages = document["components"]["messages"].as_object().unwrap();
    for frame in [
        "auth", "join", "move", "resign", "draw", "chat", "sync", "ping",
    ] {
        assert!(messages.contains_key(&format!("client.{frame}")), "{frame}");
    }
    for frame in [
        "welcome", "room", "snapshot", "patch", "ack", "error", "ended", "warning",
    ] {
        assert!(messages.contains_key(&format!("server.{frame}")), "{frame}");
    }
    // Bad frames are not described: the document is no wider than the server.
    assert!(violation(Side::Client, &json!({"type": "move", "room": "R"})).is_some());

    // A duo plays a few moves, one resigns: every frame on both sides meets the document.
    let Duo { code, a, b, .. } = started_abalone_duo(&server, &api, "private").await;
    for n in 0..4 {
        let mover = if n % 2 == 0 { &a } else { &b };
        mover.until_version(&code, n + 1).await;
        let mv = mover.legal(&code)[0].clone();
        let ack = mover.play(&code, &format!("m{n}"), mv).await;
        assert_eq!(ack["type"], "ack", "{ack}");
    }
    b.resign(&code).await;
    for c in [&a, &b] {
        c.wait_for(0, |f| f["type"] == "ended").await;
        for frame in c.frames() {
            assert_eq!(violation(Side::Server, &frame), None);
        }
    }
}
on_both_databases!(the_websocket_is_described_in_asyncapi);
