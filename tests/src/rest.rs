//! A small REST client of the contract.

use reqwest::StatusCode;
use serde_json::{json, Value};

#[derive(Debug, Clone)]
pub struct Player {
    pub id: String,
    pub name: String,
    pub token: String,
}

#[derive(Clone)]
pub struct Api {
    http: reqwest::Client,
    base: String,
}

impl Api {
    pub fn new(base: String) -> Api {
        Api {
            http: reqwest::Client::new(),
            base,
        }
    }

    /// A client whose requests come from `local` (another loopback address, such as 127.0.0.2:
    /// the server sees another client address).
    pub fn from_address(base: String, local: std::net::IpAddr) -> Api {
        Api {
            http: reqwest::Client::builder()
                .local_address(local)
                .build()
                .expect("a client"),
            base,
        }
    }

    async fn send(
        &self,
        request: reqwest::RequestBuilder,
        token: Option<&str>,
    ) -> (StatusCode, Value) {
        let request = match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        };
        let response = request.send().await.expect("REST request");
        let status = response.status();
        let text = response.text().await.expect("REST body");
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.send(self.http.get(format!("{}{path}", self.base)), token)
            .await
    }

    pub async fn post(&self, path: &str, body: &Value, token: Option<&str>) -> (StatusCode, Value) {
        self.send(
            self.http.post(format!("{}{path}", self.base)).json(body),
            token,
        )
        .await
    }

    /// Any request: its status, headers and body as text (for answers that are not one JSON value,
    /// and headers such as `Retry-After`).
    pub async fn raw(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<&Value>,
        token: Option<&str>,
    ) -> (StatusCode, reqwest::header::HeaderMap, String) {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(body) = body {
            request = request.json(body);
        }
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("REST request");
        let status = response.status();
        let headers = response.headers().clone();
        (status, headers, response.text().await.expect("REST body"))
    }

    /// Any request with the `Authorization` header given as it is (another case of the scheme,
    /// another scheme): its status and body.
    pub async fn with_authorization(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<&Value>,
        authorization: &str,
    ) -> (StatusCode, Value) {
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.base))
            .header(reqwest::header::AUTHORIZATION, authorization);
        if let Some(body) = body {
            request = request.json(body);
        }
        self.send(request, None).await
    }

    pub async fn put(&self, path: &str, body: &Value, token: Option<&str>) -> (StatusCode, Value) {
        self.send(
            self.http.put(format!("{}{path}", self.base)).json(body),
            token,
        )
        .await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.send(self.http.delete(format!("{}{path}", self.base)), token)
            .await
    }

    /// A `DELETE` with a JSON body.
    pub async fn delete_json(
        &self,
        path: &str,
        body: &Value,
        token: Option<&str>,
    ) -> (StatusCode, Value) {
        self.send(
            self.http.delete(format!("{}{path}", self.base)).json(body),
            token,
        )
        .await
    }

    /// Posts a raw body (malformed JSON, oversized bodies).
    pub async fn post_raw(
        &self,
        path: &str,
        body: String,
        token: Option<&str>,
    ) -> (StatusCode, Value) {
        let request = self
            .http
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body);
        self.send(request, token).await
    }

    pub async fn new_player(&self, name: &str) -> Player {
        let (status, body) = self
            .post("/api/v1/players", &json!({ "name": name }), None)
            .await;
        assert_eq!(status, StatusCode::CREATED, "create player: {body}");
        Player {
            id: body["id"].as_str().expect("id").to_string(),
            name: body["name"].as_str().expect("name").to_string(),
            token: body["token"].as_str().expect("token").to_string(),
        }
    }

    /// A new player that has set `password`: an account, that signs in by name.
    pub async fn new_account(&self, name: &str, password: &str) -> Player {
        let player = self.new_player(name).await;
        let (status, body) = self
            .put(
                "/api/v1/players/me/password",
                &json!({ "password": password }),
                Some(&player.token),
            )
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT, "set a password: {body}");
        player
    }

    /// A personal access token of `player` (an account) with `scopes`: its id and secret.
    pub async fn access_token(&self, player: &Player, scopes: &[&str]) -> (String, String) {
        let (status, body) = self
            .post(
                "/api/v1/players/me/tokens",
                &json!({"name": "a program", "scopes": scopes}),
                Some(&player.token),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "make a token: {body}");
        (
            body["id"].as_str().expect("id").to_string(),
            body["token"].as_str().expect("token").to_string(),
        )
    }

    /// A new bot account (`POST /api/v1/bot/account/upgrade`) and its `bot:play` token.
    pub async fn new_bot(&self, name: &str) -> (Player, String) {
        let person = self.new_account(name, "the bot's own password").await;
        let (_, token) = self.access_token(&person, &["bot:play", "read"]).await;
        let (status, body) = self
            .post("/api/v1/bot/account/upgrade", &json!({}), Some(&token))
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT, "upgrade: {body}");
        (person, token)
    }

    /// The whole record of a match (`GET /api/v1/matches/{id}`), its pages of moves joined.
    pub async fn match_record(&self, id: &str) -> Value {
        let (status, mut record) = self.get(&format!("/api/v1/matches/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "match record: {record}");
        while let Some(from) = record["next_from_ply"].as_i64() {
            let (status, page) = self
                .get(&format!("/api/v1/matches/{id}?from_ply={from}"), None)
                .await;
            assert_eq!(status, StatusCode::OK, "match record page: {page}");
            let more = page["moves"].as_array().expect("moves").clone();
            assert!(!more.is_empty(), "a next page has moves");
            record["moves"].as_array_mut().expect("moves").extend(more);
            record["next_from_ply"] = page["next_from_ply"].clone();
        }
        record
    }

    /// Creates a room and returns its RoomInfo.
    pub async fn create_room(&self, host: &Player, body: Value) -> Value {
        let (status, room) = self.post("/api/v1/rooms", &body, Some(&host.token)).await;
        assert_eq!(status, StatusCode::CREATED, "create room: {room}");
        room
    }
}

/// Asserts an error answer: its status and contract code.
pub fn assert_error(answer: &(StatusCode, Value), status: u16, code: &str) {
    assert_eq!(answer.0.as_u16(), status, "status of {}", answer.1);
    assert_eq!(answer.1["error"]["code"], code, "code of {}", answer.1);
    assert!(
        answer.1["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "message of {}",
        answer.1
    );
}
