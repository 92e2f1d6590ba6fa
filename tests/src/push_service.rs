//! A push service of the tests' own (RFC 8030), on loopback: it hands out subscriptions as a
//! browser's push manager would (a P-256 key pair and an auth secret each, the private half kept
//! here), receives what the server pushes to them, and checks each push as a real service and
//! browser would: the VAPID `Authorization` (`vapid t=JWT, k=KEY`, the JWT signed ES256 by the
//! key the server announces, `aud` the endpoint's origin, `exp` within 24 h; RFC 8292), and the
//! payload decrypted with the subscription's private key (RFC 8291, `aes128gcm`). It answers
//! `201`, or the statuses a test scripts for an endpoint (`429`, `410`...).

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;
use web_push_native::jwt_simple::algorithms::{ECDSAP256PublicKeyLike, ES256PublicKey};
use web_push_native::jwt_simple::claims::NoCustomClaims;
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;
use web_push_native::p256::SecretKey;
use web_push_native::Auth;

/// One push received, checked and decrypted.
#[derive(Debug, Clone)]
pub struct Received {
    /// The payload, `{"title", "body", "url", "tag"}`.
    pub payload: Value,
    pub ttl: Option<u64>,
    pub urgency: Option<String>,
    pub topic: Option<String>,
}

/// A subscription as a browser would make it: what is sent to `PUT /api/v1/players/me/push`.
#[derive(Debug, Clone)]
pub struct Subscription {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

impl Subscription {
    /// The body of `PUT /api/v1/players/me/push`.
    pub fn json(&self) -> Value {
        json!({"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}})
    }
}

struct Keys {
    secret: SecretKey,
    auth: Auth,
}

#[derive(Default)]
struct Inner {
    keys: HashMap<String, Keys>,
    /// Per subscription id: what it received (or why a push failed the checks), in order.
    received: HashMap<String, Vec<Result<Received, String>>>,
    /// Per subscription id: the statuses to answer next, before `201`.
    script: HashMap<String, VecDeque<u16>>,
    /// Posts per subscription id, answered whatever.
    posts: HashMap<String, usize>,
}

#[derive(Clone)]
struct Shared {
    inner: Arc<Mutex<Inner>>,
    arrived: Arc<Notify>,
    /// The server's VAPID public key, as `GET /api/v1/push/key` announced it.
    server_key: String,
    origin: String,
}

/// The push service, listening till dropped.
pub struct PushService {
    shared: Shared,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for PushService {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl PushService {
    /// A push service on a free loopback port, for pushes signed by `server_key`.
    pub async fn start(server_key: &str) -> PushService {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        let shared = Shared {
            inner: Arc::default(),
            arrived: Arc::default(),
            server_key: server_key.to_string(),
            origin,
        };
        let app = Router::new()
            .route("/push/{id}", post(receive))
            .with_state(shared.clone());
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        PushService { shared, task }
    }

    /// A new subscription, its private key kept here.
    pub fn subscribe(&self) -> Subscription {
        let id = uuid::Uuid::new_v4().simple().to_string();
        // A scalar drawn until it is one (nearly always at once).
        let secret = loop {
            if let Ok(secret) = SecretKey::from_slice(&rand::random::<[u8; 32]>()) {
                break secret;
            }
        };
        let auth: [u8; 16] = rand::random();
        let public = secret.public_key().to_encoded_point(false);
        let subscription = Subscription {
            endpoint: format!("{}/push/{id}", self.shared.origin),
            p256dh: URL_SAFE_NO_PAD.encode(public.as_bytes()),
            auth: URL_SAFE_NO_PAD.encode(auth),
        };
        self.lock().keys.insert(
            id,
            Keys {
                secret,
                auth: Auth::clone_from_slice(&auth),
            },
        );
        subscription
    }

    /// The next pushes to `subscription` are answered with `statuses`, in order (then `201`).
    pub fn answer(&self, subscription: &Subscription, statuses: &[u16]) {
        self.lock()
            .script
            .insert(id_of(subscription), statuses.iter().copied().collect());
    }

    /// What `subscription` received so far, each push checked (a failed check panics).
    pub fn received(&self, subscription: &Subscription) -> Vec<Received> {
        self.lock()
            .received
            .get(&id_of(subscription))
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .map(|r| r.unwrap_or_else(|e| panic!("a push failed the checks: {e}")))
            .collect()
    }

    /// How many times the server posted to `subscription`, whatever it was answered.
    pub fn posts(&self, subscription: &Subscription) -> usize {
        self.lock()
            .posts
            .get(&id_of(subscription))
            .copied()
            .unwrap_or(0)
    }

    /// Waits up to `within` until `subscription` has received `count` pushes, and returns them.
    pub async fn wait_for(
        &self,
        subscription: &Subscription,
        count: usize,
        within: Duration,
    ) -> Vec<Received> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let arrived = self.shared.arrived.notified();
            let received = self.received(subscription);
            if received.len() >= count {
                return received;
            }
            if tokio::time::timeout_at(deadline, arrived).await.is_err() {
                panic!(
                    "{} push(es) of {count} arrived within {within:?}: {received:?}",
                    received.len()
                );
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.shared.inner.lock().unwrap()
    }
}

fn id_of(subscription: &Subscription) -> String {
    subscription
        .endpoint
        .rsplit('/')
        .next()
        .unwrap()
        .to_string()
}

async fn receive(
    State(shared): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let mut inner = shared.inner.lock().unwrap();
    *inner.posts.entry(id.clone()).or_default() += 1;
    if let Some(status) = inner.script.get_mut(&id).and_then(VecDeque::pop_front) {
        return StatusCode::from_u16(status).unwrap();
    }
    let Some(keys) = inner.keys.get(&id) else {
        return StatusCode::NOT_FOUND;
    };
    let checked = check(&shared, keys, &headers, &body);
    let status = if checked.is_ok() {
        StatusCode::CREATED
    } else {
        StatusCode::BAD_REQUEST
    };
    inner.received.entry(id).or_default().push(checked);
    drop(inner);
    shared.arrived.notify_waiters();
    status
}

/// A push checked as a push service and a browser check it.
fn check(
    shared: &Shared,
    keys: &Keys,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<Received, String> {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let authorization = header("authorization").ok_or("no Authorization")?;
    let rest = authorization
        .strip_prefix("vapid ")
        .ok_or_else(|| format!("not the vapid scheme: {authorization}"))?;
    let mut token = None;
    let mut key = None;
    for part in rest.split(',') {
        match part.trim().split_once('=') {
            Some(("t", v)) => token = Some(v),
            Some(("k", v)) => key = Some(v),
            _ => return Err(format!("an unknown part of Authorization: {part}")),
        }
    }
    let (token, key) = (token.ok_or("no t=")?, key.ok_or("no k=")?);
    if key != shared.server_key {
        return Err(format!("k={key} is not the key the server announces"));
    }
    let public =
        ES256PublicKey::from_bytes(&URL_SAFE_NO_PAD.decode(key).map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
    // The signature (ES256 by that key) and `exp` (not past) are checked here...
    public
        .verify_token::<NoCustomClaims>(token, None)
        .map_err(|e| format!("the JWT does not verify: {e}"))?;
    // ...and what RFC 8292 asks of the claims, read as they were sent.
    let header_part = token.split('.').next().unwrap_or_default();
    let jwt_header: Value = serde_json::from_slice(
        &URL_SAFE_NO_PAD
            .decode(header_part)
            .map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    if jwt_header["alg"] != "ES256" {
        return Err(format!("alg: {jwt_header}"));
    }
    let claims: Value = serde_json::from_slice(
        &URL_SAFE_NO_PAD
            .decode(token.split('.').nth(1).unwrap_or_default())
            .map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    if claims["aud"] != shared.origin.as_str() {
        return Err(format!(
            "aud {} is not the endpoint's origin {}",
            claims["aud"], shared.origin
        ));
    }
    let exp = claims["exp"].as_i64().ok_or("no exp")?;
    let now = chrono::Utc::now().timestamp();
    if exp <= now || exp > now + 24 * 3600 {
        return Err(format!("exp {exp} not within 24 h of now {now}"));
    }
    if header("content-encoding") != Some("aes128gcm") {
        return Err("Content-Encoding is not aes128gcm".into());
    }
    let plain = web_push_native::decrypt(body.to_vec(), &keys.secret, &keys.auth)
        .map_err(|e| format!("the payload does not decrypt: {e}"))?;
    let payload: Value = serde_json::from_slice(&plain).map_err(|e| e.to_string())?;
    Ok(Received {
        payload,
        ttl: header("ttl").and_then(|v| v.parse().ok()),
        urgency: header("urgency").map(str::to_string),
        topic: header("topic").map(str::to_string),
    })
}
