//! The WebSocket endpoint `GET /api/v1/ws`: the upgrade, and one session task per connection
//! (its socket is the local end of a [`crate::conn::Conn`]).

mod session;
mod upgrade;

pub use session::upgrade;
