//! The server's VAPID identity (RFC 8292): one P-256 key pair, read from `--vapid-key` or made at
//! the first start and kept in the database so that every node signs with the same key (a
//! subscription made through one node is pushed to from any).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use web_push_native::jwt_simple::algorithms::{
    ECDSAP256KeyPairLike, ECDSAP256PublicKeyLike, ES256KeyPair,
};
use web_push_native::jwt_simple::claims::Claims;
use web_push_native::jwt_simple::prelude::Duration;

use crate::store::{Store, StoreError};

/// How long a VAPID token holds: RFC 8292 allows at most 24 hours.
const TOKEN_HOURS: u64 = 12;

/// Why the key could not be had.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("--vapid-key {path}: {message}")]
    File { path: String, message: String },
    #[error("the VAPID key kept in the database: {0}")]
    Kept(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The key pair and the public key as browsers take it.
pub struct Vapid {
    key: ES256KeyPair,
    /// The uncompressed public point, base64url: `applicationServerKey`, and VAPID's `k`.
    public: String,
    /// The tokens' `sub` (`--push-contact`).
    contact: Option<String>,
}

impl Vapid {
    /// The key of `--vapid-key`, else the one kept in `store` (made now if none is).
    pub async fn load(
        file: Option<&std::path::Path>,
        store: &Store,
        contact: Option<String>,
    ) -> Result<Vapid, KeyError> {
        let key = match file {
            Some(path) => {
                let failed = |message: String| KeyError::File {
                    path: path.display().to_string(),
                    message,
                };
                let text = std::fs::read_to_string(path).map_err(|e| failed(e.to_string()))?;
                parse(&text).map_err(failed)?
            }
            None => {
                let made = URL_SAFE_NO_PAD.encode(ES256KeyPair::generate().to_bytes());
                let kept = store.vapid_key(&made).await?;
                parse(&kept).map_err(KeyError::Kept)?
            }
        };
        let public = URL_SAFE_NO_PAD.encode(key.public_key().public_key().to_bytes_uncompressed());
        Ok(Vapid {
            key,
            public,
            contact,
        })
    }

    /// The public key, as `GET /api/v1/push/key` gives it.
    pub fn public_key(&self) -> &str {
        &self.public
    }

    /// The `Authorization` header of a push to a resource of `origin` (`https://host[:port]`).
    pub fn authorization(&self, origin: &str) -> Result<String, String> {
        let mut claims = Claims::create(Duration::from_hours(TOKEN_HOURS)).with_audience(origin);
        if let Some(contact) = &self.contact {
            claims = claims.with_subject(contact);
        }
        let token = self.key.sign(claims).map_err(|e| e.to_string())?;
        Ok(format!("vapid t={token}, k={}", self.public))
    }
}

/// A private key as PEM (PKCS#8) or as its scalar in base64url.
fn parse(text: &str) -> Result<ES256KeyPair, String> {
    let text = text.trim();
    if text.starts_with("-----BEGIN") {
        return ES256KeyPair::from_pem(text).map_err(|e| e.to_string());
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(text.trim_end_matches('='))
        .map_err(|e| format!("neither PEM nor base64url: {e}"))?;
    ES256KeyPair::from_bytes(&bytes).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_reads_back_as_itself_in_either_form() {
        let key = ES256KeyPair::generate();
        let raw = URL_SAFE_NO_PAD.encode(key.to_bytes());
        let pem = key.to_pem().unwrap();
        for text in [raw.as_str(), pem.as_str()] {
            assert_eq!(parse(text).unwrap().to_bytes(), key.to_bytes());
        }
        assert!(parse("not a key").is_err());
    }
}
