//! The WebSocket endpoint `GET /api/v1/ws`: the upgrade, and one session task per connection.

pub mod conn;
mod session;

pub use session::upgrade;
