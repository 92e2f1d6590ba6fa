//! Plateau's server. Its modules, from the edge inwards:
//! - the process: its commands ([`cli`]: serve, backup, admins, perft), the application
//!   put together and shut down gracefully ([`app`]), its flags ([`config`]), the shared state
//!   every handler reads ([`state`]), the listener and its connection caps ([`listen`]);
//! - the transport: REST ([`api`], whose error type is [`error`]), WebSocket sessions ([`ws`])
//!   over their connections ([`conn`]), the bot API's streams and actions on the same rooms
//!   ([`bot_api`]), the embedded browser client ([`web`]) and the catalogues of words it and the
//!   server share ([`catalogues`]);
//! - the match: rooms, one task each owning its match ([`rooms`]), the rules engines hosted
//!   behind one guard ([`engine_host`]), views and their patches ([`views`]);
//! - around it: accounts, tokens and ratings ([`accounts`]), moderation and what a player's chat
//!   passes ([`moderation`]), tournaments ([`tournaments`]), per-client limits ([`limits`]), the
//!   rules of names and chat text ([`text`]), metrics ([`metrics`]), web push to a player's
//!   devices ([`push`]);
//! - below it: the store over Postgres or SQLite ([`store`]), and several nodes as one
//!   ([`cluster`]).
//!
//! `docs/design.md` draws the layout, which module may use which, and the path of a move through
//! these parts.

pub mod accounts;
pub mod api;
pub mod app;
pub mod bot_api;
pub mod catalogues;
pub mod challenges;
pub mod cli;
pub mod cluster;
pub mod config;
pub mod conn;
pub mod engine_host;
pub mod error;
pub mod events;
pub mod limits;
pub mod listen;
pub mod metrics;
pub mod moderation;
pub mod push;
pub mod rooms;
pub mod state;
pub mod store;
pub mod text;
pub mod tournaments;
pub mod views;
pub mod web;
pub mod ws;
pub mod your_games;
