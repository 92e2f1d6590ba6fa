//! What a client may use: rates (frames, players created, failed sign-ins: [`rate`]), things open
//! at once per key (connections per player and per address: [`counted`]), and the client's address
//! as these limits count it ([`client_addr`]; behind a trusted reverse proxy, from its forwarding
//! headers: [`proxies`], [`forwarded`]). The budgets themselves live in
//! [`crate::state::Budgets`], one per kind; the listener and the sessions enforce them.

pub mod client_addr;
pub mod counted;
pub mod forwarded;
pub mod proxies;
pub mod rate;
