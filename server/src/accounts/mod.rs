//! Who a player is, and what they have earned: tokens ([`tokens`]: a token per sign-in, stored only
//! as its hash), passwords ([`passwords`]: Argon2id, bounded work), ratings ([`ratings`]: how a
//! rated match moves them), quick pairing by rating ([`pairing`]), what a token may do
//! ([`scopes`]: sessions and personal access tokens) and the live sockets a revoked token closes
//! ([`revocation`]). No I/O here (the cluster carries revocations between nodes).
//!
//! The rest of accounts, by layer: the REST handlers in `api/accounts.rs` (passwords, sign-in and
//! sign-out), `api/players.rs` (guests, profiles, rating histories, leaderboards) and
//! `api/quick.rs` (Play now), with the request extractors in `api/auth.rs`; the SQL in
//! `store/players.rs` (players, names, tokens) and `store/ratings.rs` (ratings, written in the
//! transaction that ends a rated match).

pub mod pairing;
pub mod passwords;
pub mod ratings;
pub mod revocation;
pub mod scopes;
pub mod tokens;
