//! Passwords: Argon2id with OWASP's current parameters (19 MiB of memory, 2 passes, 1 lane), a
//! random 16-byte salt each, stored as a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`).
//! Hashing takes tens of milliseconds of CPU on purpose: it runs on Tokio's blocking pool, never on
//! the async workers that serve moves, and at most one per core at a time (each takes 19 MiB: a
//! flood of sign-ins waits its turn instead of filling the blocking pool's 512 threads). A hash
//! that cannot get a core within [`MAX_WAIT`] is not computed at all ([`Busy`]): the caller answers
//! "try again shortly" rather than queueing work faster than the cores drain it.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use rand::TryRngCore;
use std::sync::OnceLock;
use std::time::Duration;
use tokio::sync::Semaphore;
use unicode_normalization::UnicodeNormalization;

/// The shortest and longest passwords, in characters.
pub const MIN_CHARS: usize = 8;
pub const MAX_CHARS: usize = 200;

/// OWASP's Password Storage Cheat Sheet: Argon2id, m = 19456 KiB, t = 2, p = 1.
const MEMORY_KIB: u32 = 19_456;
const PASSES: u32 = 2;
const LANES: u32 = 1;

/// The longest a hash waits for a free core before it is given up (`PLATEAU_HASH_WAIT_MS` sets
/// another, for the tests of a flood).
pub const MAX_WAIT: Duration = Duration::from_secs(2);

/// Every core is busy hashing, and has been for [`MAX_WAIT`]: try again shortly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("every core is busy checking passwords")]
pub struct Busy;

/// How long a hash waits for a core.
fn max_wait() -> Duration {
    static WAIT: OnceLock<Duration> = OnceLock::new();
    *WAIT.get_or_init(|| {
        std::env::var("PLATEAU_HASH_WAIT_MS")
            .ok()
            .and_then(|ms| ms.parse().ok())
            .map_or(MAX_WAIT, Duration::from_millis)
    })
}

/// Runs one hash computation on the blocking pool, when a core is free for it within the wait.
async fn on_a_free_core<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Busy> {
    static CORES: OnceLock<Semaphore> = OnceLock::new();
    let cores = CORES.get_or_init(|| {
        Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
    });
    let _permit = tokio::time::timeout(max_wait(), cores.acquire())
        .await
        .map_err(|_| Busy)?
        .expect("the semaphore is never closed");
    Ok(tokio::task::spawn_blocking(work)
        .await
        .expect("hashing does not panic"))
}

fn argon2() -> Argon2<'static> {
    let params =
        Params::new(MEMORY_KIB, PASSES, LANES, None).expect("OWASP's parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// A password as it is hashed and checked: NFC, so that the same characters typed on another
/// device (composed or not) are the same password; not trimmed (spaces are characters).
/// `Err`: its length is out of bounds (the message is for a person).
pub fn clean(raw: &str) -> Result<String, String> {
    let password: String = raw.nfc().collect();
    let chars = password.chars().count();
    if !(MIN_CHARS..=MAX_CHARS).contains(&chars) {
        return Err(format!(
            "password: must be {MIN_CHARS} to {MAX_CHARS} characters"
        ));
    }
    Ok(password)
}

/// The PHC string of `password` (already [`clean`]), with a new salt; on the blocking pool.
pub async fn hash(password: String) -> Result<String, Busy> {
    on_a_free_core(move || hash_now(&password)).await
}

fn hash_now(password: &str) -> String {
    let mut salt = [0u8; 16];
    rand::rngs::OsRng
        .try_fill_bytes(&mut salt)
        .expect("the OS random number generator works");
    let salt = SaltString::encode_b64(&salt).expect("16 bytes make a valid salt");
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .expect("a password of at most 200 characters hashes")
        .to_string()
}

/// Whether `password` matches `stored` (a PHC string); None checks against a hash of no password
/// anyone has, taking the same time, so that an unknown name is not told apart from a wrong
/// password by how long the answer takes. On the blocking pool.
pub async fn verify(password: String, stored: Option<String>) -> Result<bool, Busy> {
    on_a_free_core(move || {
        let (stored, known) = match &stored {
            Some(stored) => (stored.as_str(), true),
            None => (dummy_hash(), false),
        };
        let Ok(parsed) = PasswordHash::new(stored) else {
            tracing::error!("a stored password hash does not parse");
            return false;
        };
        // A stored hash's own parameters are used (they may be older than today's).
        let matches = Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok();
        matches && known
    })
    .await
}

/// The hash unknown names are checked against: made once, with today's parameters.
fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash_now("no player has this password: it is never checked as one"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_password_matches_its_hash_only() {
        let stored = hash("correct horse".into()).await.unwrap();
        assert!(
            stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{stored}"
        );
        assert!(verify("correct horse".into(), Some(stored.clone()))
            .await
            .unwrap());
        assert!(!verify("correct horsE".into(), Some(stored.clone()))
            .await
            .unwrap());
        // Same password, new salt: another hash.
        assert_ne!(hash("correct horse".into()).await.unwrap(), stored);
        assert!(!verify("anything at all".into(), None).await.unwrap());
    }

    /// An unknown name must not answer sooner than a wrong password: both check a hash. (A loose
    /// bound, the fastest of three runs each: what it catches is an answer without any hashing.)
    #[tokio::test]
    async fn an_unknown_name_takes_as_long_as_a_wrong_password() {
        let stored = hash("correct horse".into()).await.unwrap();
        let mut known = std::time::Duration::MAX;
        let mut unknown = std::time::Duration::MAX;
        for _ in 0..3 {
            let t = std::time::Instant::now();
            assert!(!verify("wrong horse".into(), Some(stored.clone()))
                .await
                .unwrap());
            known = known.min(t.elapsed());
            let t = std::time::Instant::now();
            assert!(!verify("wrong horse".into(), None).await.unwrap());
            unknown = unknown.min(t.elapsed());
        }
        assert!(unknown * 10 >= known * 3, "{unknown:?} vs {known:?}");
    }

    #[test]
    fn lengths_count_characters_after_normalising() {
        assert!(clean("1234567").is_err());
        assert_eq!(clean("12345678").unwrap(), "12345678");
        assert!(clean(&"é".repeat(200)).is_ok());
        assert!(clean(&"é".repeat(201)).is_err());
        // 200 accented letters typed decomposed are 400 code points, 200 characters.
        assert_eq!(clean(&"e\u{301}".repeat(200)).unwrap(), "é".repeat(200));
    }
}
