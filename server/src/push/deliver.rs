//! One push delivered (RFC 8030): the payload encrypted for the subscription (RFC 8291,
//! `aes128gcm`), signed for (VAPID), posted; retried with backoff while the push service is busy
//! (`429`, `5xx`, or unreachable); the subscription forgotten when the service says it is gone
//! (`404`, `410`).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use reqwest::header::{AUTHORIZATION, CONTENT_ENCODING, CONTENT_TYPE, RETRY_AFTER};
use reqwest::StatusCode;
use std::time::Duration;
use web_push_native::p256::PublicKey;
use web_push_native::Auth;

use super::Inner;
use crate::store::PushSubscriptionRow;

/// Tries of one push before it is given up.
const ATTEMPTS: u32 = 5;
/// The first wait before trying again, doubled at each try.
const FIRST_BACKOFF: Duration = Duration::from_secs(1);
/// The longest wait a push service's `Retry-After` is followed for.
const LONGEST_BACKOFF: Duration = Duration::from_secs(300);

/// The keys of a subscription, if they are keys: a P-256 point and a 16-byte secret (base64url).
pub fn keys(p256dh: &str, auth: &str) -> Option<(PublicKey, Auth)> {
    let decode = |text: &str| URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok();
    let public = PublicKey::from_sec1_bytes(&decode(p256dh)?).ok()?;
    let auth = decode(auth).filter(|a| a.len() == 16)?;
    Some((public, Auth::clone_from_slice(&auth)))
}

/// A message of `payload` pushed to `subscription`, living `ttl` seconds at the push service,
/// with `urgency`, replacing the service's pending message of the same `topic`.
pub struct Push<'a> {
    pub subscription: &'a PushSubscriptionRow,
    pub payload: &'a [u8],
    pub ttl: u64,
    pub urgency: &'static str,
    pub topic: &'a str,
}

/// Delivers `push`; what went wrong is logged, never returned (nobody waits on it).
pub async fn deliver(inner: &Inner, push: Push<'_>) {
    let endpoint = &push.subscription.endpoint;
    let (Some((public, auth)), Ok(url)) = (
        keys(&push.subscription.p256dh, &push.subscription.auth),
        reqwest::Url::parse(endpoint),
    ) else {
        tracing::warn!(%endpoint, "a push subscription that cannot be pushed to: forgotten");
        forget(inner, endpoint).await;
        return;
    };
    let body = match web_push_native::encrypt(push.payload.to_vec(), &public, &auth) {
        Ok(body) => body,
        Err(e) => return tracing::warn!(error = %e, "could not encrypt a push"),
    };
    let origin = url.origin().ascii_serialization();
    let mut backoff = FIRST_BACKOFF;
    for attempt in 1..=ATTEMPTS {
        let authorization = match inner.vapid.authorization(&origin) {
            Ok(header) => header,
            Err(e) => return tracing::warn!(error = %e, "could not sign a push"),
        };
        let mut request = inner
            .client
            .post(url.clone())
            .header("TTL", push.ttl)
            .header("Urgency", push.urgency)
            .header(CONTENT_ENCODING, "aes128gcm")
            .header(CONTENT_TYPE, "application/octet-stream")
            .header(AUTHORIZATION, authorization)
            .body(body.clone());
        if topic_fits(push.topic) {
            request = request.header("Topic", push.topic);
        }
        let wait = match request.send().await {
            Ok(response) if response.status().is_success() => return,
            Ok(response) if gone(response.status()) => {
                tracing::info!(%endpoint, "a push subscription is gone: forgotten");
                return forget(inner, endpoint).await;
            }
            Ok(response) if busy(response.status()) => response
                .headers()
                .get(RETRY_AFTER)
                .and_then(|v| v.to_str().ok()?.trim().parse().ok())
                .map_or(backoff, |secs| {
                    Duration::from_secs(secs).min(LONGEST_BACKOFF)
                }),
            Ok(response) => {
                let status = response.status();
                return tracing::warn!(%endpoint, %status, "a push refused");
            }
            Err(e) => {
                tracing::debug!(%endpoint, error = %e, attempt, "a push service unreachable");
                backoff
            }
        };
        if attempt < ATTEMPTS {
            tokio::time::sleep(wait).await;
        }
        backoff *= 2;
    }
    tracing::warn!(%endpoint, "a push given up after {ATTEMPTS} tries");
}

fn gone(status: StatusCode) -> bool {
    status == StatusCode::NOT_FOUND || status == StatusCode::GONE
}

fn busy(status: StatusCode) -> bool {
    status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error()
}

/// RFC 8030's `Topic`: at most 32 characters of the base64url alphabet.
fn topic_fits(topic: &str) -> bool {
    !topic.is_empty()
        && topic.len() <= 32
        && topic
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

async fn forget(inner: &Inner, endpoint: &str) {
    if let Err(e) = inner.store.drop_push_endpoint(endpoint).await {
        tracing::warn!(error = %e, "could not forget a push subscription");
    }
}
