//! The bot API (issue 47, `docs/bots.md`): what a program uses to play. Its REST handlers are thin
//! (`api/bot_match.rs`); what they do is here, on the room machinery the WebSocket uses:
//!
//! - [`match_stream`]: a seat's match as NDJSON, from the frames the room sends the seat;
//! - [`lines`]: those frames made into the stream's lines (the view kept whole);
//! - [`actions`]: a move, a resignation, a draw, a claim, a chat line, each the WebSocket frame of
//!   the same name sent by a seat's agent, answered as the WebSocket answers it;
//! - [`event_stream`]: what happens to a player (challenges, its matches starting and ending);
//! - [`ndjson`]: the streams' body, with its keep-alive.
//!
//! Challenges are `challenges`, the per-player hub of events `events`.
//!
//! Tokens and scopes are `accounts::scopes`, bot accounts `api/bot_account.rs`.

pub mod actions;
mod caller;
pub mod event_stream;
pub mod lines;
pub mod match_stream;
pub mod ndjson;

pub use caller::Caller;
