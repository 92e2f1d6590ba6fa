//! The client side of the contract: REST calls (players, rooms, `/metrics`) and WebSocket
//! connections with small buffers, so that one process can hold tens of thousands.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use crate::Error;

pub type Ws = WebSocketStream<TcpStream>;

/// How long any one answer of the server may take before the client gives up on it.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(15);

/// A player the tool created: its id and bearer token.
#[derive(Debug, Clone)]
pub struct Player {
    pub id: String,
    pub token: String,
}

/// REST calls to the server at one address.
#[derive(Clone)]
pub struct Rest {
    http: reqwest::Client,
    base: String,
    /// The server's operations listener (`--metrics-addr`), where `/metrics` answers.
    metrics_base: String,
}

impl Rest {
    pub fn new(addr: SocketAddr) -> Rest {
        Rest {
            http: reqwest::Client::builder()
                .timeout(ANSWER_TIMEOUT)
                .pool_max_idle_per_host(64)
                .build()
                .expect("HTTP client"),
            base: format!("http://{addr}"),
            metrics_base: "http://127.0.0.1:9464".to_string(),
        }
    }

    /// Reads `/metrics` from `addr` (the server's `--metrics-addr`).
    pub fn with_metrics(mut self, addr: SocketAddr) -> Rest {
        self.metrics_base = format!("http://{addr}");
        self
    }

    /// A POST with a JSON body; the answer's body, or an error naming its contract code.
    async fn post(&self, path: &str, body: &Value, token: Option<&str>) -> Result<Value, Error> {
        let mut request = self.http.post(format!("{}{path}", self.base)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await?;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        if status.is_success() {
            Ok(body)
        } else {
            let code = body["error"]["code"].as_str().unwrap_or("http").to_string();
            Err(ServerError(code).into())
        }
    }

    pub async fn new_player(&self, name: &str) -> Result<Player, Error> {
        let body = self
            .post("/api/v1/players", &json!({ "name": name }), None)
            .await?;
        Ok(Player {
            id: body["id"].as_str().ok_or("player without id")?.to_string(),
            token: body["token"]
                .as_str()
                .ok_or("player without token")?
                .to_string(),
        })
    }

    /// Creates a private room; its code.
    pub async fn new_room(
        &self,
        host: &Player,
        game: &str,
        players: usize,
        options: &Value,
    ) -> Result<String, Error> {
        let mut body = json!({"game": game, "players": players, "visibility": "private"});
        if !options.is_null() {
            body["options"] = options.clone();
        }
        let room = self.post("/api/v1/rooms", &body, Some(&host.token)).await?;
        Ok(room["code"]
            .as_str()
            .ok_or("room without code")?
            .to_string())
    }

    /// The text of `/metrics`.
    pub async fn metrics(&self) -> Result<String, Error> {
        Ok(self
            .http
            .get(format!("{}/metrics", self.metrics_base))
            .send()
            .await?
            .error_for_status()?
            .text()
            .await?)
    }
}

/// An answer of the server that refused something, by its contract code.
#[derive(Debug)]
pub struct ServerError(pub String);

impl std::fmt::Display for ServerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "server answered {}", self.0)
    }
}

impl std::error::Error for ServerError {}

/// The name an error is counted under: the server's code, or what failed on the client side.
pub fn error_code(e: &Error, otherwise: &str) -> String {
    match e.downcast_ref::<ServerError>() {
        Some(ServerError(code)) => code.clone(),
        None => otherwise.to_string(),
    }
}

/// The source address for connection number `n` when `spread` loopback addresses are used: each
/// source address has its own range of ephemeral ports (about 28,000 by default), so more than that
/// many connections to one server port need several.
pub fn source_for(addr: SocketAddr, n: usize, spread: usize) -> Option<IpAddr> {
    if spread <= 1 || !addr.ip().is_loopback() || !addr.is_ipv4() {
        return None;
    }
    Some(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1 + (n % spread) as u8)))
}

/// Opens a WebSocket to `/api/v1/ws`, from `source` when given.
pub async fn connect(addr: SocketAddr, source: Option<IpAddr>) -> Result<Ws, Error> {
    let stream = match source {
        Some(ip) => {
            let socket = TcpSocket::new_v4()?;
            socket.bind(SocketAddr::new(ip, 0))?;
            socket.connect(addr).await?
        }
        None => TcpStream::connect(addr).await?,
    };
    stream.set_nodelay(true)?;
    // Small buffers: an idle connection costs the tool a few KiB, not the default 128 KiB.
    let config = WebSocketConfig::default()
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_message_size(Some(16 << 20));
    let url = format!("ws://{addr}/api/v1/ws");
    let (ws, _) = tokio::time::timeout(
        ANSWER_TIMEOUT,
        tokio_tungstenite::client_async_with_config(url, stream, Some(config)),
    )
    .await
    .map_err(|_| "WebSocket handshake timed out")??;
    Ok(ws)
}

/// Sends `auth` and waits for `welcome`.
pub async fn authenticate(ws: &mut Ws, token: &str) -> Result<(), Error> {
    ws.send(text(&json!({"type": "auth", "token": token})))
        .await?;
    loop {
        match next_frame(ws).await? {
            Some(frame) if frame["type"] == "welcome" => return Ok(()),
            Some(frame) if frame["type"] == "error" => {
                return Err(ServerError(frame["code"].as_str().unwrap_or("error").into()).into())
            }
            Some(_) => {}
            None => return Err(ServerError("unauthorized".into()).into()),
        }
    }
}

/// Connects and authenticates.
pub async fn login(addr: SocketAddr, source: Option<IpAddr>, token: &str) -> Result<Ws, Error> {
    let mut ws = connect(addr, source).await?;
    authenticate(&mut ws, token).await?;
    Ok(ws)
}

/// The next JSON frame (None once the connection is closed), within [`ANSWER_TIMEOUT`].
pub async fn next_frame(ws: &mut Ws) -> Result<Option<Value>, Error> {
    loop {
        let message = tokio::time::timeout(ANSWER_TIMEOUT, ws.next())
            .await
            .map_err(|_| "no answer from the server")?;
        match message {
            Some(Ok(Message::Text(text))) => return Ok(Some(serde_json::from_str(&text)?)),
            Some(Ok(Message::Close(_))) | None => return Ok(None),
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(e.into()),
        }
    }
}

/// A JSON value as a text message.
pub fn text(frame: &Value) -> Message {
    Message::text(frame.to_string())
}
