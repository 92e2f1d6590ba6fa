//! The WebSocket endpoint `GET /api/v1/ws`: the upgrade, and one session task per connection
//! (its writer half is the local end of a [`crate::conn::Conn`]).

mod blocked;
mod session;

pub use session::upgrade;
