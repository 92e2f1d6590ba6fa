//! The bot API (issue 47, `docs/bots.md`): what a program uses to play. Its REST handlers are thin
//! (`api/bot_match.rs`); what they do is here, on the room machinery the WebSocket uses:
//!
//! - [`match_stream`]: a seat's match as NDJSON, from the frames the room sends the seat;
//! - [`lines`]: those frames made into the stream's lines (the view kept whole);
//! - [`actions`]: a move, a resignation, a draw, a claim, a chat line, each the WebSocket frame of
//!   the same name sent by a seat's agent, answered as the WebSocket answers it;
//! - [`ndjson`]: the streams' body, with its keep-alive.
//!
//! Tokens and scopes are `accounts::scopes`, bot accounts `api/bot_account.rs`.

pub mod actions;
pub mod lines;
pub mod match_stream;
pub mod ndjson;
