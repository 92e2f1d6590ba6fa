//! Bearer tokens: 256 random bits, shown once, stored only as a SHA-256 hash; a player has one per
//! sign-in.

use rand::TryRngCore;
use sha2::{Digest, Sha256};

/// A new token: 32 random bytes (256 bits) from the OS, hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng
        .try_fill_bytes(&mut bytes)
        .expect("the OS random number generator works");
    hex::encode(bytes)
}

/// What the store keeps of a token.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}
